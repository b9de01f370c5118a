; Integers wider than 64 bits (held as 64-bit limbs) moved by bitcast,
; extract/insertelement, shufflevector, load/store, phi, select, freeze and
; calls, as clang -O3 emits for arrays of HIP vector fragments.  Each lane l
; writes eight 32-byte rows; a row is printed as eight 32-bit words, low
; word first (little-endian, as LLVM's bitcast and memory image).
;
; The source: <64 x i16> with element e = 0x100*l + e, bitcast to <64 x half>
; and to <4 x i256> %w; so word k of w[j] holds halves 16j+2k (low) and
; 16j+2k+1 (high), e.g. 0x00210020 for j = 2, k = 0, l = 0.
; C = 2^200 + 5: limbs (5, 0, 0, 0x100).  T1 = 0x00112233445566778899aabbccddeeff.
;
; RUN: wmma-emu %s --kernel moves --grid 1 --block 2 --arg out:%t:512
; RUN: python3 %S/Inputs/emu_check.py dump x256 %t | FileCheck %s
;
; row 0: w[2], stored as i256
; CHECK:      00210020 00230022 00250024 00270026 00290028 002b002a 002d002c 002f002e
; row 1: w[3] through <16 x half> and <8 x i32>
; CHECK-NEXT: 00310030 00330032 00350034 00370036 00390038 003b003a 003d003c 003f003e
; rows 2, 3: shufflevector (C inserted at 1, w) by <1, 4>, stored as <2 x i256>
; CHECK-NEXT: 00000005 00000000 00000000 00000000 00000000 00000000 00000100 00000000
; CHECK-NEXT: 00010000 00030002 00050004 00070006 00090008 000b000a 000d000c 000f000e
; row 4: i128 T[l] from a constant global (T0 = -2), then the i128 at byte 24
; of rows 2-3 stored to and loaded from a private array: C's top limb, w[0]'s low one
; CHECK-NEXT: fffffffe ffffffff ffffffff ffffffff 00000100 00000000 00010000 00030002
; row 5: a loop of four trips swaps two i256 phis three times, (w[0], C) to
; (C, w[0]); then select (l == 1 ? C : w[0])
; CHECK-NEXT: 00010000 00030002 00050004 00070006 00090008 000b000a 000d000c 000f000e
; row 6: rows 2-3 loaded back as <2 x i256> (C, w[0]), w[2] inserted at 0 and
; C shuffled in at 1 (both in place: single uses), through a call:
; l == 0 ? C : w[2]
; CHECK-NEXT: 00000005 00000000 00000000 00000000 00000000 00000000 00000100 00000000
; row 7: rows 2-3 as <4 x i128>, shuffled by <3, 0>: w[0]'s high half, C's low half
; CHECK-NEXT: 00090008 000b000a 000d000c 000f000e 00000005 00000000 00000000 00000000
; lane 1: halves + 0x100 where they come from w
; CHECK-NEXT: 01210120 01230122 01250124 01270126 01290128 012b012a 012d012c 012f012e
; CHECK-NEXT: 01310130 01330132 01350134 01370136 01390138 013b013a 013d013c 013f013e
; CHECK-NEXT: 00000005 00000000 00000000 00000000 00000000 00000000 00000100 00000000
; CHECK-NEXT: 01010100 01030102 01050104 01070106 01090108 010b010a 010d010c 010f010e
; CHECK-NEXT: ccddeeff 8899aabb 44556677 00112233 00000100 00000000 01010100 01030102
; CHECK-NEXT: 00000005 00000000 00000000 00000000 00000000 00000000 00000100 00000000
; CHECK-NEXT: 01210120 01230122 01250124 01270126 01290128 012b012a 012d012c 012f012e
; CHECK-NEXT: 01090108 010b010a 010d010c 010f010e 00000005 00000000 00000000 00000000
; CHECK-NOT: {{.}}

; Aggregates with wide members are flattened slot by slot (member 1 of
; {i32, i128, i64} takes slots 1-2, member 2 slot 3).
; RUN: wmma-emu %s --kernel agg --grid 1 --block 1 --arg out:%t.agg:64
; RUN: python3 %S/Inputs/emu_check.py dump x256 %t.agg | FileCheck %s --check-prefix=AGG
; AGG:      ccddeeff 8899aabb 44556677 00112233 fffffffe ffffffff ffffffff ffffffff
; AGG-NEXT: 00000009 00000000 00000007 00000000 00000000 00000000 00000000 00000000

@tab = internal addrspace(4) constant [2 x i128] [i128 -2, i128 88962710306127702866241727433142015]

declare i32 @llvm.amdgcn.workitem.id.x()

; c ? v[1] : v[0], frozen: arguments and the result pass slot by slot.
define internal i256 @pick(<2 x i256> %v, i1 %c) noinline {
  %a = extractelement <2 x i256> %v, i64 0
  %b = extractelement <2 x i256> %v, i64 1
  %s = select i1 %c, i256 %b, i256 %a
  %f = freeze i256 %s
  ret i256 %f
}

define amdgpu_kernel void @moves(ptr addrspace(1) %out) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %row = getelementptr [8 x i256], ptr addrspace(1) %out, i32 %l
  %l16 = trunc i32 %l to i16
  %hi = shl i16 %l16, 8
  %hi1 = insertelement <64 x i16> poison, i16 %hi, i64 0
  %his = shufflevector <64 x i16> %hi1, <64 x i16> poison, <64 x i32> zeroinitializer
  %iv = add <64 x i16> <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13, i16 14, i16 15, i16 16, i16 17, i16 18, i16 19, i16 20, i16 21, i16 22, i16 23, i16 24, i16 25, i16 26, i16 27, i16 28, i16 29, i16 30, i16 31, i16 32, i16 33, i16 34, i16 35, i16 36, i16 37, i16 38, i16 39, i16 40, i16 41, i16 42, i16 43, i16 44, i16 45, i16 46, i16 47, i16 48, i16 49, i16 50, i16 51, i16 52, i16 53, i16 54, i16 55, i16 56, i16 57, i16 58, i16 59, i16 60, i16 61, i16 62, i16 63>, %his
  %h = bitcast <64 x i16> %iv to <64 x half>
  %w = bitcast <64 x half> %h to <4 x i256>

  %w2 = extractelement <4 x i256> %w, i64 2
  store i256 %w2, ptr addrspace(1) %row

  %w3 = extractelement <4 x i256> %w, i32 3
  %w3h = bitcast i256 %w3 to <16 x half>
  %w3i = bitcast <16 x half> %w3h to <8 x i32>
  %p1 = getelementptr i256, ptr addrspace(1) %row, i32 1
  store <8 x i32> %w3i, ptr addrspace(1) %p1

  %wc = insertelement <4 x i256> %w, i256 1606938044258990275541962092341162602522202993782792835301381, i64 1
  %sh = shufflevector <4 x i256> %wc, <4 x i256> %w, <2 x i32> <i32 1, i32 4>
  %p2 = getelementptr i256, ptr addrspace(1) %row, i32 2
  store <2 x i256> %sh, ptr addrspace(1) %p2

  %gt = getelementptr [2 x i128], ptr addrspace(4) @tab, i32 0, i32 %l
  %t = load i128, ptr addrspace(4) %gt
  %p4 = getelementptr i256, ptr addrspace(1) %row, i32 4
  store i128 %t, ptr addrspace(1) %p4
  %buf = alloca <2 x i256>, align 32, addrspace(5)
  store <2 x i256> %sh, ptr addrspace(5) %buf
  %b24 = getelementptr i8, ptr addrspace(5) %buf, i32 24
  %mid = load i128, ptr addrspace(5) %b24, align 8
  %p4b = getelementptr i128, ptr addrspace(1) %p4, i32 1
  store i128 %mid, ptr addrspace(1) %p4b

  %w0 = extractelement <4 x i256> %w, i64 0
  %c = extractelement <2 x i256> %sh, i64 0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %x = phi i256 [ %w0, %entry ], [ %y, %loop ]
  %y = phi i256 [ %c, %entry ], [ %x, %loop ]
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 4
  br i1 %more, label %loop, label %done
done:
  %isl1 = icmp eq i32 %l, 1
  %s = select i1 %isl1, i256 %x, i256 %y
  %p5 = getelementptr i256, ptr addrspace(1) %row, i32 5
  store i256 %s, ptr addrspace(1) %p5

  %ld = load <2 x i256>, ptr addrspace(5) %buf
  %ins = insertelement <2 x i256> %ld, i256 %w2, i64 0
  %ins2 = shufflevector <2 x i256> %ins, <2 x i256> %sh, <2 x i32> <i32 0, i32 2>
  %isl0 = icmp eq i32 %l, 0
  %pk = call i256 @pick(<2 x i256> %ins2, i1 %isl0)
  %p6 = getelementptr i256, ptr addrspace(1) %row, i32 6
  store i256 %pk, ptr addrspace(1) %p6

  %q = bitcast <2 x i256> %sh to <4 x i128>
  %q2 = shufflevector <4 x i128> %q, <4 x i128> poison, <2 x i32> <i32 3, i32 0>
  %p7 = getelementptr i256, ptr addrspace(1) %row, i32 7
  store <2 x i128> %q2, ptr addrspace(1) %p7
  ret void
}

define amdgpu_kernel void @agg(ptr addrspace(1) %out) #0 {
  %k = extractvalue { i32, i128, i64 } { i32 7, i128 88962710306127702866241727433142015, i64 9 }, 1
  %a = insertvalue { i32, i128, i64 } { i32 7, i128 88962710306127702866241727433142015, i64 9 }, i128 -2, 1
  %v = extractvalue { i32, i128, i64 } %a, 1
  %n = extractvalue { i32, i128, i64 } %a, 2
  %m = extractvalue { i32, i128, i64 } %a, 0
  store i128 %k, ptr addrspace(1) %out
  %p1 = getelementptr i128, ptr addrspace(1) %out, i32 1
  store i128 %v, ptr addrspace(1) %p1
  %p2 = getelementptr i128, ptr addrspace(1) %out, i32 2
  store i64 %n, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p2, i32 2
  store i32 %m, ptr addrspace(1) %p3
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
