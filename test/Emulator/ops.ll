; Scalar and vector instruction semantics: integer division and shifts,
; half/bfloat arithmetic and conversions, fcmp, math intrinsics, funnel
; shifts, atomics on global and LDS memory, memcpy from a constant global
; through a private alloca, shuffles, overflow intrinsics.  Each lane writes
; 16 results; Inputs/ops_check.py recomputes them.
; RUN: wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t:2048 --arg out:%t.ctr:4
; RUN: python3 %S/Inputs/ops_check.py %t %t.ctr | FileCheck %s
; CHECK: ops ok

@table = internal addrspace(4) constant [8 x i32] [i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17]
@ldsctr = internal addrspace(3) global i32 undef

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.sqrt.f32(float)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare { i32, i1 } @llvm.umul.with.overflow.i32(i32, i32)
declare void @llvm.memcpy.p5.p4.i64(ptr addrspace(5), ptr addrspace(4), i64, i1)
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %ctr) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %l, 0
  br i1 %first, label %init, label %go
init:
  store i32 100, ptr addrspace(3) @ldsctr
  br label %go
go:
  call void @llvm.amdgcn.s.barrier()
  %base = mul i32 %l, 16
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %base
  %s = sub i32 %l, 16
  %r0 = sdiv i32 %s, 3
  %r1 = srem i32 %s, 3
  %r2 = ashr i32 %s, 1
  %r3 = lshr i32 %s, 28
  %lh = uitofp i32 %l to half
  %h = fadd half %lh, 0.5
  %h2 = fmul half %h, 2.0
  %r4 = fptosi half %h2 to i32
  %lf = uitofp i32 %l to float
  %third = fdiv float %lf, 3.0
  %bf = fptrunc float %third to bfloat
  %bfi = bitcast bfloat %bf to i16
  %r5 = zext i16 %bfi to i32
  %lt = fcmp olt float %lf, 10.0
  %r6 = zext i1 %lt to i32
  %fm = call float @llvm.fma.f32(float %lf, float %lf, float 1.0)
  %r7 = fptosi float %fm to i32
  %mn = call float @llvm.minnum.f32(float %lf, float 20.0)
  %mx = call float @llvm.maxnum.f32(float %mn, float 5.0)
  %r8 = fptosi float %mx to i32
  %r9 = call i32 @llvm.ctlz.i32(i32 %l, i1 false)
  %r10 = call i32 @llvm.fshl.i32(i32 %l, i32 -2147483648, i32 1)
  %r11 = atomicrmw add ptr addrspace(1) %ctr, i32 1 monotonic
  %r12 = atomicrmw add ptr addrspace(3) @ldsctr, i32 %l monotonic
  %buf = alloca [8 x i32], align 4, addrspace(5)
  call void @llvm.memcpy.p5.p4.i64(ptr addrspace(5) %buf, ptr addrspace(4) @table, i64 32, i1 false)
  %m8 = and i32 %l, 7
  %pb = getelementptr i32, ptr addrspace(5) %buf, i32 %m8
  %r13 = load i32, ptr addrspace(5) %pb
  %v0 = insertelement <4 x i32> poison, i32 %l, i32 0
  %v1 = shufflevector <4 x i32> %v0, <4 x i32> poison, <4 x i32> zeroinitializer
  %v2 = add <4 x i32> %v1, <i32 0, i32 1, i32 2, i32 3>
  %v3 = shufflevector <4 x i32> %v2, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %r14 = extractelement <4 x i32> %v3, i32 0
  %sq = fmul float %lf, %lf
  %rt = call float @llvm.sqrt.f32(float %sq)
  %rti = fptosi float %rt to i32
  %mo = call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %l, i32 268435456)
  %ov = extractvalue { i32, i1 } %mo, 1
  %ovi = zext i1 %ov to i32
  %ovs = shl i32 %ovi, 16
  %r15 = or i32 %rti, %ovs
  %vals = insertelement <16 x i32> poison, i32 %r0, i32 0
  %w1 = insertelement <16 x i32> %vals, i32 %r1, i32 1
  %w2 = insertelement <16 x i32> %w1, i32 %r2, i32 2
  %w3 = insertelement <16 x i32> %w2, i32 %r3, i32 3
  %w4 = insertelement <16 x i32> %w3, i32 %r4, i32 4
  %w5 = insertelement <16 x i32> %w4, i32 %r5, i32 5
  %w6 = insertelement <16 x i32> %w5, i32 %r6, i32 6
  %w7 = insertelement <16 x i32> %w6, i32 %r7, i32 7
  %w8 = insertelement <16 x i32> %w7, i32 %r8, i32 8
  %w9 = insertelement <16 x i32> %w8, i32 %r9, i32 9
  %w10 = insertelement <16 x i32> %w9, i32 %r10, i32 10
  %w11 = insertelement <16 x i32> %w10, i32 %r11, i32 11
  %w12 = insertelement <16 x i32> %w11, i32 %r12, i32 12
  %w13 = insertelement <16 x i32> %w12, i32 %r13, i32 13
  %w14 = insertelement <16 x i32> %w13, i32 %r14, i32 14
  %w15 = insertelement <16 x i32> %w14, i32 %r15, i32 15
  store <16 x i32> %w15, ptr addrspace(1) %o, align 4
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
