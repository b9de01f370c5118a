; Modules LLVM would abort on (its debug-info upgrade calls
; report_fatal_error for an invalid module that declares debug info) are
; rejected with the verifier's diagnostic and exit 1, never a signal: here
; a DILocation whose scope is a file, and (invalid-module.ll) a use that its
; definition does not dominate.
; RUN: %expect_exit 1 wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t:128 | FileCheck %s
; CHECK: wmma-emu: error: {{.*}}broken-debug-info.ll: invalid LLVM IR (rejected by LLVM's verifier): DILocation's scope must be a DILocalScope
; RUN: %expect_exit 1 wmma-emu %S/Inputs/invalid-module.ll --kernel k --grid 1 --block 32 --arg out:%t:128 | FileCheck %s --check-prefix=DOM
; DOM: wmma-emu: error: {{.*}}invalid-module.ll: invalid LLVM IR (rejected by LLVM's verifier): Instruction does not dominate all uses!

define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 !dbg !5 {
  store i32 1, ptr addrspace(1) %out, !dbg !8
  ret void
}
attributes #0 = { "target-cpu"="gfx1100" }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "b.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 12, scope: !1)
