; A module with the "Debug Info Version" flag that fails verification:
; LLVM's parser called report_fatal_error (SIGABRT) in its debug-info
; upgrade; the loader turns that upgrade off and lets the verifier report
; it.  Found by wmma-fuzz-emulator.
declare i33 @llvm.amdgcn.workgroup.id.x()
define amdgpu_kernel void @k() {
  %x = call i33 @llvm.amdgcn.workgroup.id.x()
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
