; Vectors built piece by piece are updated in place (insertelement and
; shufflevector into a vector nothing else reads): the results must be those
; of copying.  @chain builds <4 x i32> {l, 10 l, 100 l, 1000 l} through an
; insert chain and a shuffle that keeps the first operand in place; @phis
; feeds an insert on a phi to another phi of the same block (a phi operand
; is not updated in place: the other phi overwrites it first).
; RUN: wmma-emu %s --kernel chain --grid 1 --block 4 --arg out:%t:64
; RUN: python3 %S/Inputs/emu_check.py dump i32 %t | FileCheck %s --check-prefix=CHAIN
; CHAIN: 0 0 0 0 1 10 100 1000 2 20 200 2000 3 30 300 3000
; RUN: wmma-emu %s --kernel phis --grid 1 --block 4 --arg out:%t.p:32
; RUN: python3 %S/Inputs/emu_check.py dump i32 %t.p | FileCheck %s --check-prefix=PHIS
; PHIS: 0 1 1 1 2 1 3 1

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @chain(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %l10 = mul i32 %l, 10
  %l100 = mul i32 %l, 100
  %l1000 = mul i32 %l, 1000
  %a = insertelement <4 x i32> poison, i32 %l, i32 0
  %b = insertelement <4 x i32> %a, i32 %l10, i32 1
  %hi0 = insertelement <2 x i32> poison, i32 %l100, i32 0
  %hi = insertelement <2 x i32> %hi0, i32 %l1000, i32 1
  %hiw = shufflevector <2 x i32> %hi, <2 x i32> poison, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %c = shufflevector <4 x i32> %b, <4 x i32> %hiw, <4 x i32> <i32 0, i32 1, i32 4, i32 5>
  %p = getelementptr <4 x i32>, ptr addrspace(1) %out, i32 %l
  store <4 x i32> %c, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @phis(ptr addrspace(1) %out) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a0 = insertelement <2 x i32> zeroinitializer, i32 %l, i32 0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = phi <2 x i32> [ %a0, %entry ], [ %a0, %loop ]
  %u = phi <2 x i32> [ zeroinitializer, %entry ], [ %w, %loop ]
  %w = insertelement <2 x i32> %v, i32 %i, i32 1
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 3
  br i1 %c, label %loop, label %exit
exit:
  %p = getelementptr <2 x i32>, ptr addrspace(1) %out, i32 %l
  store <2 x i32> %u, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
