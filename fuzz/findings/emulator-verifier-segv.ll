; Open (upstream LLVM 22: llvm-as crashes too), reachable through the
; emulator's loader: a call to an undeclared llvm.lifetime.end* look-alike
; crashes LLVM's verifier (SIGSEGV in Instruction::getFunction).  Found by
; wmma-fuzz-emulator.
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %ctr) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %l, 0
  br i1 %first, label %init, label %go
init:
  br label %go
go:
  %mo = call { i32, i1 } @llvm.lifetime.enderflow.i32(i32 %l, i32 268435456)
  %ov = extractvalue { i32, i1 } %mo, 1
  ret void
}
