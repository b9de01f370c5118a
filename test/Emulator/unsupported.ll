; Unsupported intrinsics, instructions and control flow are reported before
; anything runs, naming them.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel intr --grid 1 --block 32 --arg out:%t:128 --stats | FileCheck %s --check-prefix=INTR
; INTR: wmma-emu: error: in function 'intr': unsupported intrinsic 'llvm.amdgcn.made.up': 'call void @llvm.amdgcn.made.up()'
; INTR-NOT: lane-instructions
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel asm --grid 1 --block 32 --arg out:%t:128 | FileCheck %s --check-prefix=ASM
; ASM: wmma-emu: error: in function 'asm': inline assembly is not supported: 'call void asm sideeffect "s_nop 0", ""()'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel wide --grid 1 --block 32 --arg out:%t:128 | FileCheck %s --check-prefix=WIDE
; WIDE: wmma-emu: error: in function 'wide': cast (zext) on i128 is not supported: integers wider than 64 bits only move data: '%w = zext i32 %l to i128'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel irr --grid 1 --block 32 --arg out:%t:128 | FileCheck %s --check-prefix=IRR
; IRR: wmma-emu: error: in function 'irr': irreducible control flow
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel callee --grid 1 --block 32 --arg out:%t:128 | FileCheck %s --check-prefix=CALLEE
; CALLEE: wmma-emu: error: in function 'helper': unsupported intrinsic 'llvm.amdgcn.s.sethalt'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel gfx1250 --grid 1 --block 32 --arg out:%t:128 | FileCheck %s --check-prefix=G1250
; G1250: wmma-emu: error: in function 'gfx1250': unsupported intrinsic 'llvm.amdgcn.wmma.f32.16x16x4.f32.v8f32.v2f32'

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.made.up()
declare void @llvm.amdgcn.s.sethalt(i32)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x4.f32.v8f32.v2f32(i1, <2 x float>, i1, <2 x float>, i16, <8 x float>, i1, i1)

define amdgpu_kernel void @intr(ptr addrspace(1) %out) #0 {
  store i32 1, ptr addrspace(1) %out
  call void @llvm.amdgcn.made.up()
  ret void
}

define amdgpu_kernel void @asm(ptr addrspace(1) %out) #0 {
  call void asm sideeffect "s_nop 0", ""()
  ret void
}

define amdgpu_kernel void @wide(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %w = zext i32 %l to i128
  %t = trunc i128 %w to i32
  store i32 %t, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @irr(ptr addrspace(1) %out) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %l, 7
  br i1 %c, label %a, label %b
a:
  %x = phi i32 [ 0, %entry ], [ %y1, %b ]
  %x1 = add i32 %x, 1
  %ca = icmp ult i32 %x1, 10
  br i1 %ca, label %b, label %exit
b:
  %y = phi i32 [ 0, %entry ], [ %x1, %a ]
  %y1 = add i32 %y, 2
  br label %a
exit:
  ret void
}

define internal void @helper() {
  call void @llvm.amdgcn.s.sethalt(i32 0)
  ret void
}

define amdgpu_kernel void @callee(ptr addrspace(1) %out) #0 {
  call void @helper()
  ret void
}

define amdgpu_kernel void @gfx1250(ptr addrspace(1) %out) #0 {
  %r = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x4.f32.v8f32.v2f32(i1 false, <2 x float> zeroinitializer, i1 false, <2 x float> zeroinitializer, i16 0, <8 x float> zeroinitializer, i1 false, i1 false)
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
