; A DISubroutineType among !llvm.module.flags: LLVM 22's verifier crashes
; on it (SIGSEGV in Module::getModuleFlag; llvm-as too).  The loader
; refuses malformed module flags before verifying.  Found by
; wmma-fuzz-emulator.
define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 !dbg !5 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  ret void
}
!llvm.module.flags = !{!3, !6, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "oob.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
