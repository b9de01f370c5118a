; Integers wider than 64 bits are only moved (wide-int.ll): anything that
; computes on them is refused before anything runs, naming the operation,
; the width and the instruction.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel add --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=ADD
; ADD: wmma-emu: error: in function 'add': arithmetic (add) on i256 is not supported: integers wider than 64 bits only move data: '%s = add i256 %a, %b'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel cmp --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=CMP
; CMP: wmma-emu: error: in function 'cmp': comparison (icmp) on i128 is not supported: integers wider than 64 bits only move data: '%c = icmp ult i128 %a, %b'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel trunc --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=TRUNC
; TRUNC: wmma-emu: error: in function 'trunc': cast (trunc) on i256 is not supported: integers wider than 64 bits only move data: '%t = trunc i256 %a to i32'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel dyn --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=DYN
; DYN: wmma-emu: error: in function 'dyn': extractelement with a variable index on <4 x i256> is not supported: '%e = extractelement <4 x i256> %w, i32 %l'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel dynins --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=DYNINS
; DYNINS: wmma-emu: error: in function 'dynins': insertelement with a variable index on <2 x i128> is not supported: '%v = insertelement <2 x i128> zeroinitializer, i128 %a, i32 %l'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel vsel --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=VSEL
; VSEL: wmma-emu: error: in function 'vsel': select with a vector condition on i128 is not supported: '%s = select <2 x i1> %c, <2 x i128> %a, <2 x i128> zeroinitializer'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel intr --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=INTR
; INTR: wmma-emu: error: in function 'intr': intrinsic 'llvm.ctpop.i128' on i128 is not supported: integers wider than 64 bits only move data: '%p = call i128 @llvm.ctpop.i128(i128 %a)'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel atomic --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=ATOMIC
; ATOMIC: wmma-emu: error: in function 'atomic': atomic load of i128 is not supported: '%a = load atomic i128, ptr addrspace(1) %out monotonic, align 16'
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel odd --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=ODD
; ODD: wmma-emu: error: in function 'odd': unsupported type i96: '%a = load i96, ptr addrspace(1) %out, align 16'
; A refusal in a callee names the callee.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel callee --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=CALLEE
; CALLEE: wmma-emu: error: in function 'shift': shift (lshr) on i128 is not supported: integers wider than 64 bits only move data: '%s = lshr i128 %a, 64'

declare i32 @llvm.amdgcn.workitem.id.x()
declare i128 @llvm.ctpop.i128(i128)

define amdgpu_kernel void @add(ptr addrspace(1) %out) #0 {
  %a = load i256, ptr addrspace(1) %out
  %b = load i256, ptr addrspace(1) %out
  %s = add i256 %a, %b
  store i256 %s, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @cmp(ptr addrspace(1) %out) #0 {
  %a = load i128, ptr addrspace(1) %out
  %p = getelementptr i128, ptr addrspace(1) %out, i32 1
  %b = load i128, ptr addrspace(1) %p
  %c = icmp ult i128 %a, %b
  %z = zext i1 %c to i32
  store i32 %z, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @trunc(ptr addrspace(1) %out) #0 {
  %a = load i256, ptr addrspace(1) %out
  %t = trunc i256 %a to i32
  store i32 %t, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @dyn(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %h = load <64 x half>, ptr addrspace(1) %out
  %w = bitcast <64 x half> %h to <4 x i256>
  %e = extractelement <4 x i256> %w, i32 %l
  store i256 %e, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @dynins(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = load i128, ptr addrspace(1) %out
  %v = insertelement <2 x i128> zeroinitializer, i128 %a, i32 %l
  store <2 x i128> %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @vsel(ptr addrspace(1) %out) #0 {
  %a = load <2 x i128>, ptr addrspace(1) %out
  %i = load <2 x i32>, ptr addrspace(1) %out
  %c = trunc <2 x i32> %i to <2 x i1>
  %s = select <2 x i1> %c, <2 x i128> %a, <2 x i128> zeroinitializer
  store <2 x i128> %s, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @intr(ptr addrspace(1) %out) #0 {
  %a = load i128, ptr addrspace(1) %out
  %p = call i128 @llvm.ctpop.i128(i128 %a)
  store i128 %p, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @atomic(ptr addrspace(1) %out) #0 {
  %a = load atomic i128, ptr addrspace(1) %out monotonic, align 16
  store i128 %a, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @odd(ptr addrspace(1) %out) #0 {
  %a = load i96, ptr addrspace(1) %out, align 16
  store i96 %a, ptr addrspace(1) %out
  ret void
}

define internal i128 @shift(i128 %a) noinline {
  %s = lshr i128 %a, 64
  ret i128 %s
}

define amdgpu_kernel void @callee(ptr addrspace(1) %out) #0 {
  %a = load i128, ptr addrspace(1) %out
  %s = call i128 @shift(i128 %a)
  store i128 %s, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
