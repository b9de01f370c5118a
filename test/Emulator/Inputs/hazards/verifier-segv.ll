; A call to llvm.lifetime.enderflow.i32: LLVM 22's parser takes it for the
; old llvm.lifetime.end, deletes the call in its intrinsic auto-upgrade and
; keeps the call's users, on which the verifier crashes (SIGSEGV in
; Instruction::getFunction; llvm-as too).  The loader refuses uses of
; deleted instructions before verifying.  Found by wmma-fuzz-emulator.
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
