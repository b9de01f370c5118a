; Out-of-bounds global store: lane 24 writes one past the 32-float buffer.
; The message names the kernel, the instruction (its debug location) and the
; address.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t:128 | FileCheck %s
; CHECK: wmma-emu: error: out-of-bounds global store of 4 bytes at address 0x1000000080 (lane 24; buffer 0 of 128 bytes, offset 128) in kernel 'k' at oob.c:7:12 (wave 0, workgroup (0,0,0))

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 !dbg !5 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %i = add i32 %l, 8
  %p = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float 1.0, ptr addrspace(1) %p, !dbg !8
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "oob.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 12, scope: !5)
