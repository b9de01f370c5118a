; llvm.amdgcn.perm (v_perm_b32): byte i of the result is byte sel_i of the
; 64-bit {a, b} (b bytes 0-3, a bytes 4-7); selectors 8-11 replicate bit
; 15, 31, 47, 63, 12 gives 0x00, 13 and up 0xff (RDNA3/4 ISA, V_PERM_B32).
; The GEMM's transposing copy packs i8 results with it (LdsCopy.c), and the
; emulator counts it as one VALU instruction.
; a = 0x8899aabb, b = 0x11228344: bit 15 of b set, bit 31 clear, bits 47
; (0xaa) and 63 (0x88) set.  Lane l's selector in row word 6 is
; 0x03020100 + l * 0x04040404: b for lane 0, a for lane 1.
;
; RUN: wmma-emu %s --kernel k --grid 1 --block 2 --arg out:%t:64 --stats | FileCheck %s --check-prefix=STATS
; RUN: python3 %S/Inputs/emu_check.py dump x256 %t | FileCheck %s
;
; a, b, bytes b0 a0 0 0, bytes 0 0 b0 a0, the sign bits, 0x83 ff 00 ff, the lane's
; selector, the three-permute packing of the low bytes of 1, 2, 3, 4 (0x04030201)
; CHECK:      8899aabb 11228344 0000bb44 bb440000 ffff00ff ff00ff83 11228344 04030201
; CHECK-NEXT: 8899aabb 11228344 0000bb44 bb440000 ffff00ff ff00ff83 8899aabb 04030201
; CHECK-NOT: {{.}}
;
; Per wave: 10 perms (one each), the adds making a and b, the selector's mul
; and add, the row's mul: 15 VALU.
; STATS: valu-instructions: 15{{$}}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.perm(i32, i32, i32)

define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = add i32 0, -2003195205
  %b = add i32 0, 287474500
  %r0 = call i32 @llvm.amdgcn.perm(i32 %a, i32 %b, i32 117835012)
  %r1 = call i32 @llvm.amdgcn.perm(i32 %a, i32 %b, i32 50462976)
  %r2 = call i32 @llvm.amdgcn.perm(i32 %a, i32 %b, i32 202114048)
  %r3 = call i32 @llvm.amdgcn.perm(i32 %a, i32 %b, i32 67111948)
  %r4 = call i32 @llvm.amdgcn.perm(i32 %a, i32 %b, i32 185207048)
  %r5 = call i32 @llvm.amdgcn.perm(i32 %a, i32 %b, i32 218893825)
  %ls = mul i32 %l, 67372036
  %sel = add i32 %ls, 50462976
  %r6 = call i32 @llvm.amdgcn.perm(i32 %a, i32 %b, i32 %sel)
  %lo = call i32 @llvm.amdgcn.perm(i32 2, i32 1, i32 202114048)
  %hi = call i32 @llvm.amdgcn.perm(i32 4, i32 3, i32 67111948)
  %r7 = call i32 @llvm.amdgcn.perm(i32 %hi, i32 %lo, i32 117833984)
  %v0 = insertelement <8 x i32> poison, i32 %r0, i32 0
  %v1 = insertelement <8 x i32> %v0, i32 %r1, i32 1
  %v2 = insertelement <8 x i32> %v1, i32 %r2, i32 2
  %v3 = insertelement <8 x i32> %v2, i32 %r3, i32 3
  %v4 = insertelement <8 x i32> %v3, i32 %r4, i32 4
  %v5 = insertelement <8 x i32> %v4, i32 %r5, i32 5
  %v6 = insertelement <8 x i32> %v5, i32 %r6, i32 6
  %v7 = insertelement <8 x i32> %v6, i32 %r7, i32 7
  %row = mul i32 %l, 8
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %row
  store <8 x i32> %v7, ptr addrspace(1) %p, align 32
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
