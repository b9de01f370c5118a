; Out-of-bounds LDS access: a 64-word LDS array indexed with 4 * lane.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t:128 | FileCheck %s
; CHECK: wmma-emu: error: out-of-bounds LDS store of 4 bytes at address 0x100 (lane 16; the workgroup has 256 bytes of LDS) in kernel 'k' at 'store i32 %l, ptr addrspace(3) %p, align 4' (wave 0, workgroup (0,0,0))

@lds = internal addrspace(3) global [64 x i32] undef, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %i = mul i32 %l, 4
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %i
  store i32 %l, ptr addrspace(3) %p, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
