; Inline assembly: an empty asm whose one output is tied to its one
; operand ("=v,0", the attention template's register-pair hint, or "=s,0",
; its opaque index) is the identity; any other asm is refused.
; RUN: wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t:256
; RUN: python3 -c "import struct; v=struct.unpack('<64f', open('%t','rb').read()); print(' '.join('%g' % x for x in v[:6]))" | FileCheck %s
; CHECK: 0 0 0.5 0.5 1 1
; RUN: not wmma-emu %s --kernel bad --grid 1 --block 32 --arg out:%t:256 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: inline assembly is not supported
; RUN: wmma-emu %s --kernel s --grid 1 --block 32 --arg out:%t.s:128
; RUN: python3 -c "import struct; v=struct.unpack('<32i', open('%t.s','rb').read()); print(' '.join('%d' % x for x in v[:4]))" | FileCheck %s --check-prefix=SGPR
; SGPR: 7 8 9 10

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %l to float
  %h = fmul float %f, 5.000000e-01
  %v0 = insertelement <2 x float> poison, float %h, i32 0
  %v1 = insertelement <2 x float> %v0, float %h, i32 1
  %r = call <2 x float> asm "", "=v,0"(<2 x float> %v1)
  %p = getelementptr <2 x float>, ptr addrspace(1) %out, i32 %l
  store <2 x float> %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @s(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %c = call i32 asm "", "=s,0"(i32 7)
  %r = add i32 %l, %c
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %l
  store i32 %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @bad(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 asm "v_mov_b32 $0, $1", "=v,v"(i32 %l)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %l
  store i32 %r, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx1100" }
