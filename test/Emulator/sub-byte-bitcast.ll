; Sub-byte elements regrouped bit by bit: what the lowering of i4 WMMA
; fragments emits (<8 x i4> to i32 for v_wmma_i32_16x16x16_iu4) and back.
; The nibbles of a vector are packed low first (LLVM's little-endian bit
; order), so <8 x i4> <1, 2, ..., 8> is 0x87654321.  Each lane writes four
; 32-bit words.
;
; RUN: wmma-emu %s --chip gfx1201 --kernel nibbles --grid 1 --block 1 --arg out:%t:16
; RUN: python3 %S/Inputs/emu_check.py dump x256 %t | FileCheck %s
;
; word 0: <8 x i4> <1..8> as i32;
; word 1: i32 0xfedcba98 as <8 x i4>, element 3 (0xb = -5) sign-extended;
; word 2: <4 x i2> <3, 0, 1, 2> as i8, zero-extended (0b10010011);
; word 3: <2 x i32> <0x76543210, 0xfedcba98> as <16 x i4>, element 13 (0xd)
; zero-extended.
; CHECK: 87654321 fffffffb 00000093 0000000d
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @nibbles(ptr addrspace(1) %out) {
  %w0 = bitcast <8 x i4> <i4 1, i4 2, i4 3, i4 4, i4 5, i4 6, i4 7, i4 -8> to i32
  store i32 %w0, ptr addrspace(1) %out
  %v1 = bitcast i32 -19088744 to <8 x i4>
  %e1 = extractelement <8 x i4> %v1, i32 3
  %s1 = sext i4 %e1 to i32
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %s1, ptr addrspace(1) %p1
  %v2 = bitcast <4 x i2> <i2 -1, i2 0, i2 1, i2 -2> to i8
  %z2 = zext i8 %v2 to i32
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %z2, ptr addrspace(1) %p2
  %v3 = bitcast <2 x i32> <i32 1985229328, i32 -19088744> to <16 x i4>
  %e3 = extractelement <16 x i4> %v3, i32 13
  %z3 = zext i4 %e3 to i32
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %z3, ptr addrspace(1) %p3
  ret void
}
