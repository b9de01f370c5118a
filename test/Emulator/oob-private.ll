; Out-of-bounds private (scratch) access: an index far past a 4-word alloca,
; through a flat pointer.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t:128 --arg i32:1000 | FileCheck %s
; CHECK: wmma-emu: error: out-of-bounds private (via flat) load of 4 bytes at address 0x2000000000000fb0 (lane 0; the private stack holds offsets 16..32) in kernel 'k' at '%v = load i32, ptr %q, align 4'
; A valid index runs fine:
; RUN: wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t:128 --arg i32:3

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %idx) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = alloca [4 x i32], align 4, addrspace(5)
  store i32 %l, ptr addrspace(5) %a, align 4
  %f = addrspacecast ptr addrspace(5) %a to ptr
  %q = getelementptr i32, ptr %f, i32 %idx
  %v = load i32, ptr %q, align 4
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %l
  store i32 %v, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
