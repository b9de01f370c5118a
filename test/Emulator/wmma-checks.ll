; Checks the hardware does not make: an RDNA3 A operand whose lane halves
; differ (the rows come from the lane id, so lane l+16 differs from lane l)
; in a way that changes the result (D[1][0] differs between the readings),
; and a WMMA under a partial exec mask.  The same kernel is fine on RDNA4,
; where operands are not replicated.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel rep --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=REP
; REP: wmma-emu: error: v_wmma_f16_16x16x16_f16: operand A is not replicated across lane halves (RDNA3 reads lanes l and l+16 as copies): lane 16 holds 0x4c00 but lane 0 holds 0x0 (register 0 of the operand, element bits 0..15), and the two readings the ISA allows differ: D[1][0] is 0x0 from the low-half copies but 0x5c40 from its own lane half's copies {{.*}} in kernel 'rep'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel partial --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=EXEC
; EXEC: wmma-emu: error: v_wmma_f16_16x16x16_f16 executed with EXEC=0x0000ffff: WMMA needs all 32 lanes active in kernel 'partial'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel rep --grid 1 --block 32 --chip gfx1201 --arg out:%t:1024 | FileCheck %s --check-prefix=RDNA4
; RDNA4: operand A has type <16 x half>, expected 128 bits of f16 for rdna4

declare i32 @llvm.amdgcn.workitem.id.x()
declare <16 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v16f16.v16f16(<16 x half>, <16 x half>, <16 x half>, i1)

define amdgpu_kernel void @rep(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %h = uitofp i32 %t to half
  %v = insertelement <16 x half> zeroinitializer, half %h, i32 0
  %r = call <16 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v16f16.v16f16(<16 x half> %v, <16 x half> %v, <16 x half> zeroinitializer, i1 false)
  %p = getelementptr <16 x half>, ptr addrspace(1) %out, i32 %t
  store <16 x half> %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @partial(ptr addrspace(1) %out) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 16
  br i1 %c, label %mma, label %done
mma:
  %r = call <16 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v16f16.v16f16(<16 x half> zeroinitializer, <16 x half> zeroinitializer, <16 x half> zeroinitializer, i1 true)
  %p = getelementptr <16 x half>, ptr addrspace(1) %out, i32 %t
  store <16 x half> %r, ptr addrspace(1) %p
  br label %done
done:
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
