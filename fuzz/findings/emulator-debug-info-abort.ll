; Open (emulator loader, found by wmma-fuzz-emulator): a module with the
; "Debug Info Version" flag that fails verification makes LLVM's parser call
; report_fatal_error: wmma-emu dies with SIGABRT ("LLVM ERROR: Broken module
; found") instead of reporting invalid IR.  Move to regressions/emulator/
; once fixed.
declare i33 @llvm.amdgcn.workgroup.id.x()
define amdgpu_kernel void @k() {
  %x = call i33 @llvm.amdgcn.workgroup.id.x()
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
