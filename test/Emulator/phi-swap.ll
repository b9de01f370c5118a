; Phis of one block that read each other (a swap each iteration) take the
; values of the previous iteration, not the ones just written.
; RUN: wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t:256
; RUN: python3 -c "import struct; v=struct.unpack('<64I', open('%t','rb').read()); print(v[0], v[1], v[2], v[3], v[6], v[7])" | FileCheck %s
; Lane l iterates l times starting from (a, b) = (1, 2): odd counts swap.
; CHECK: 1 2 2 1 2 1

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i, %l
  br i1 %c, label %loop, label %exit
exit:
  %idx = mul i32 %l, 2
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %idx
  store i32 %a, ptr addrspace(1) %p
  %q = getelementptr i32, ptr addrspace(1) %p, i32 1
  store i32 %b, ptr addrspace(1) %q
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
