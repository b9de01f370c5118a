; RDNA3 lane halves holding the same A rows and B columns with K rotated
; by 8 in both operands (rocWMMA's arrangement): lane l = r + 16 h holds, at
; position k, element (k + 8 h) % 16 of row r of A (A[r][kk] = ((3 r + 5 kk)
; mod 11) - 5) and of column r of B (B[kk][r] = ((7 kk + 2 r) mod 9) - 4).
; The WMMA is accepted and D = A * B exactly (checked against a reference on
; the logical A and B the low lanes store); rotating only A (%rotb = 0) is
; an error naming the lanes and the output that differs.
; RUN: wmma-emu %s --kernel rot --grid 1 --block 32 --arg out:%t.a:512 --arg out:%t.b:512 --arg out:%t.c:1024 --arg i32:8
; RUN: python3 %S/Inputs/emu_check.py gemm %t.a %t.b %t.c 16 16 16 | FileCheck %s
; CHECK: gemm 16x16x16 ok
; RUN: %expect_exit 1 wmma-emu %s --kernel rot --grid 1 --block 32 --arg out:%t.a:512 --arg out:%t.b:512 --arg out:%t.c:1024 --arg i32:0 | FileCheck %s --check-prefix=BAD
; BAD: wmma-emu: error: v_wmma_f32_16x16x16_f16: operand A is not replicated across lane halves (RDNA3 reads lanes l and l+16 as copies): lane 16 holds {{.*}} the two readings the ISA allows differ: D[1][0] is

declare i32 @llvm.amdgcn.workitem.id.x()
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half>, <16 x half>, <8 x float>)

define amdgpu_kernel void @rot(ptr addrspace(1) %aout, ptr addrspace(1) %bout, ptr addrspace(1) %cout, i32 %rotb) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %r = and i32 %l, 15
  %h = lshr i32 %l, 4
  %sha = shl i32 %h, 3
  %shb = mul i32 %h, %rotb
  %r3 = mul i32 %r, 3
  %r2 = mul i32 %r, 2
  %ka0 = add i32 %sha, 0
  %kka0 = and i32 %ka0, 15
  %x5_0 = mul i32 %kka0, 5
  %xs0 = add i32 %r3, %x5_0
  %xm0 = urem i32 %xs0, 11
  %xv0 = sub i32 %xm0, 5
  %ah0 = sitofp i32 %xv0 to half
  %va0 = insertelement <16 x half> poison, half %ah0, i32 0
  %kb0 = add i32 %shb, 0
  %kkb0 = and i32 %kb0, 15
  %y7_0 = mul i32 %kkb0, 7
  %ys0 = add i32 %y7_0, %r2
  %ym0 = urem i32 %ys0, 9
  %yv0 = sub i32 %ym0, 4
  %bh0 = sitofp i32 %yv0 to half
  %vb0 = insertelement <16 x half> poison, half %bh0, i32 0
  %ka1 = add i32 %sha, 1
  %kka1 = and i32 %ka1, 15
  %x5_1 = mul i32 %kka1, 5
  %xs1 = add i32 %r3, %x5_1
  %xm1 = urem i32 %xs1, 11
  %xv1 = sub i32 %xm1, 5
  %ah1 = sitofp i32 %xv1 to half
  %va1 = insertelement <16 x half> %va0, half %ah1, i32 1
  %kb1 = add i32 %shb, 1
  %kkb1 = and i32 %kb1, 15
  %y7_1 = mul i32 %kkb1, 7
  %ys1 = add i32 %y7_1, %r2
  %ym1 = urem i32 %ys1, 9
  %yv1 = sub i32 %ym1, 4
  %bh1 = sitofp i32 %yv1 to half
  %vb1 = insertelement <16 x half> %vb0, half %bh1, i32 1
  %ka2 = add i32 %sha, 2
  %kka2 = and i32 %ka2, 15
  %x5_2 = mul i32 %kka2, 5
  %xs2 = add i32 %r3, %x5_2
  %xm2 = urem i32 %xs2, 11
  %xv2 = sub i32 %xm2, 5
  %ah2 = sitofp i32 %xv2 to half
  %va2 = insertelement <16 x half> %va1, half %ah2, i32 2
  %kb2 = add i32 %shb, 2
  %kkb2 = and i32 %kb2, 15
  %y7_2 = mul i32 %kkb2, 7
  %ys2 = add i32 %y7_2, %r2
  %ym2 = urem i32 %ys2, 9
  %yv2 = sub i32 %ym2, 4
  %bh2 = sitofp i32 %yv2 to half
  %vb2 = insertelement <16 x half> %vb1, half %bh2, i32 2
  %ka3 = add i32 %sha, 3
  %kka3 = and i32 %ka3, 15
  %x5_3 = mul i32 %kka3, 5
  %xs3 = add i32 %r3, %x5_3
  %xm3 = urem i32 %xs3, 11
  %xv3 = sub i32 %xm3, 5
  %ah3 = sitofp i32 %xv3 to half
  %va3 = insertelement <16 x half> %va2, half %ah3, i32 3
  %kb3 = add i32 %shb, 3
  %kkb3 = and i32 %kb3, 15
  %y7_3 = mul i32 %kkb3, 7
  %ys3 = add i32 %y7_3, %r2
  %ym3 = urem i32 %ys3, 9
  %yv3 = sub i32 %ym3, 4
  %bh3 = sitofp i32 %yv3 to half
  %vb3 = insertelement <16 x half> %vb2, half %bh3, i32 3
  %ka4 = add i32 %sha, 4
  %kka4 = and i32 %ka4, 15
  %x5_4 = mul i32 %kka4, 5
  %xs4 = add i32 %r3, %x5_4
  %xm4 = urem i32 %xs4, 11
  %xv4 = sub i32 %xm4, 5
  %ah4 = sitofp i32 %xv4 to half
  %va4 = insertelement <16 x half> %va3, half %ah4, i32 4
  %kb4 = add i32 %shb, 4
  %kkb4 = and i32 %kb4, 15
  %y7_4 = mul i32 %kkb4, 7
  %ys4 = add i32 %y7_4, %r2
  %ym4 = urem i32 %ys4, 9
  %yv4 = sub i32 %ym4, 4
  %bh4 = sitofp i32 %yv4 to half
  %vb4 = insertelement <16 x half> %vb3, half %bh4, i32 4
  %ka5 = add i32 %sha, 5
  %kka5 = and i32 %ka5, 15
  %x5_5 = mul i32 %kka5, 5
  %xs5 = add i32 %r3, %x5_5
  %xm5 = urem i32 %xs5, 11
  %xv5 = sub i32 %xm5, 5
  %ah5 = sitofp i32 %xv5 to half
  %va5 = insertelement <16 x half> %va4, half %ah5, i32 5
  %kb5 = add i32 %shb, 5
  %kkb5 = and i32 %kb5, 15
  %y7_5 = mul i32 %kkb5, 7
  %ys5 = add i32 %y7_5, %r2
  %ym5 = urem i32 %ys5, 9
  %yv5 = sub i32 %ym5, 4
  %bh5 = sitofp i32 %yv5 to half
  %vb5 = insertelement <16 x half> %vb4, half %bh5, i32 5
  %ka6 = add i32 %sha, 6
  %kka6 = and i32 %ka6, 15
  %x5_6 = mul i32 %kka6, 5
  %xs6 = add i32 %r3, %x5_6
  %xm6 = urem i32 %xs6, 11
  %xv6 = sub i32 %xm6, 5
  %ah6 = sitofp i32 %xv6 to half
  %va6 = insertelement <16 x half> %va5, half %ah6, i32 6
  %kb6 = add i32 %shb, 6
  %kkb6 = and i32 %kb6, 15
  %y7_6 = mul i32 %kkb6, 7
  %ys6 = add i32 %y7_6, %r2
  %ym6 = urem i32 %ys6, 9
  %yv6 = sub i32 %ym6, 4
  %bh6 = sitofp i32 %yv6 to half
  %vb6 = insertelement <16 x half> %vb5, half %bh6, i32 6
  %ka7 = add i32 %sha, 7
  %kka7 = and i32 %ka7, 15
  %x5_7 = mul i32 %kka7, 5
  %xs7 = add i32 %r3, %x5_7
  %xm7 = urem i32 %xs7, 11
  %xv7 = sub i32 %xm7, 5
  %ah7 = sitofp i32 %xv7 to half
  %va7 = insertelement <16 x half> %va6, half %ah7, i32 7
  %kb7 = add i32 %shb, 7
  %kkb7 = and i32 %kb7, 15
  %y7_7 = mul i32 %kkb7, 7
  %ys7 = add i32 %y7_7, %r2
  %ym7 = urem i32 %ys7, 9
  %yv7 = sub i32 %ym7, 4
  %bh7 = sitofp i32 %yv7 to half
  %vb7 = insertelement <16 x half> %vb6, half %bh7, i32 7
  %ka8 = add i32 %sha, 8
  %kka8 = and i32 %ka8, 15
  %x5_8 = mul i32 %kka8, 5
  %xs8 = add i32 %r3, %x5_8
  %xm8 = urem i32 %xs8, 11
  %xv8 = sub i32 %xm8, 5
  %ah8 = sitofp i32 %xv8 to half
  %va8 = insertelement <16 x half> %va7, half %ah8, i32 8
  %kb8 = add i32 %shb, 8
  %kkb8 = and i32 %kb8, 15
  %y7_8 = mul i32 %kkb8, 7
  %ys8 = add i32 %y7_8, %r2
  %ym8 = urem i32 %ys8, 9
  %yv8 = sub i32 %ym8, 4
  %bh8 = sitofp i32 %yv8 to half
  %vb8 = insertelement <16 x half> %vb7, half %bh8, i32 8
  %ka9 = add i32 %sha, 9
  %kka9 = and i32 %ka9, 15
  %x5_9 = mul i32 %kka9, 5
  %xs9 = add i32 %r3, %x5_9
  %xm9 = urem i32 %xs9, 11
  %xv9 = sub i32 %xm9, 5
  %ah9 = sitofp i32 %xv9 to half
  %va9 = insertelement <16 x half> %va8, half %ah9, i32 9
  %kb9 = add i32 %shb, 9
  %kkb9 = and i32 %kb9, 15
  %y7_9 = mul i32 %kkb9, 7
  %ys9 = add i32 %y7_9, %r2
  %ym9 = urem i32 %ys9, 9
  %yv9 = sub i32 %ym9, 4
  %bh9 = sitofp i32 %yv9 to half
  %vb9 = insertelement <16 x half> %vb8, half %bh9, i32 9
  %ka10 = add i32 %sha, 10
  %kka10 = and i32 %ka10, 15
  %x5_10 = mul i32 %kka10, 5
  %xs10 = add i32 %r3, %x5_10
  %xm10 = urem i32 %xs10, 11
  %xv10 = sub i32 %xm10, 5
  %ah10 = sitofp i32 %xv10 to half
  %va10 = insertelement <16 x half> %va9, half %ah10, i32 10
  %kb10 = add i32 %shb, 10
  %kkb10 = and i32 %kb10, 15
  %y7_10 = mul i32 %kkb10, 7
  %ys10 = add i32 %y7_10, %r2
  %ym10 = urem i32 %ys10, 9
  %yv10 = sub i32 %ym10, 4
  %bh10 = sitofp i32 %yv10 to half
  %vb10 = insertelement <16 x half> %vb9, half %bh10, i32 10
  %ka11 = add i32 %sha, 11
  %kka11 = and i32 %ka11, 15
  %x5_11 = mul i32 %kka11, 5
  %xs11 = add i32 %r3, %x5_11
  %xm11 = urem i32 %xs11, 11
  %xv11 = sub i32 %xm11, 5
  %ah11 = sitofp i32 %xv11 to half
  %va11 = insertelement <16 x half> %va10, half %ah11, i32 11
  %kb11 = add i32 %shb, 11
  %kkb11 = and i32 %kb11, 15
  %y7_11 = mul i32 %kkb11, 7
  %ys11 = add i32 %y7_11, %r2
  %ym11 = urem i32 %ys11, 9
  %yv11 = sub i32 %ym11, 4
  %bh11 = sitofp i32 %yv11 to half
  %vb11 = insertelement <16 x half> %vb10, half %bh11, i32 11
  %ka12 = add i32 %sha, 12
  %kka12 = and i32 %ka12, 15
  %x5_12 = mul i32 %kka12, 5
  %xs12 = add i32 %r3, %x5_12
  %xm12 = urem i32 %xs12, 11
  %xv12 = sub i32 %xm12, 5
  %ah12 = sitofp i32 %xv12 to half
  %va12 = insertelement <16 x half> %va11, half %ah12, i32 12
  %kb12 = add i32 %shb, 12
  %kkb12 = and i32 %kb12, 15
  %y7_12 = mul i32 %kkb12, 7
  %ys12 = add i32 %y7_12, %r2
  %ym12 = urem i32 %ys12, 9
  %yv12 = sub i32 %ym12, 4
  %bh12 = sitofp i32 %yv12 to half
  %vb12 = insertelement <16 x half> %vb11, half %bh12, i32 12
  %ka13 = add i32 %sha, 13
  %kka13 = and i32 %ka13, 15
  %x5_13 = mul i32 %kka13, 5
  %xs13 = add i32 %r3, %x5_13
  %xm13 = urem i32 %xs13, 11
  %xv13 = sub i32 %xm13, 5
  %ah13 = sitofp i32 %xv13 to half
  %va13 = insertelement <16 x half> %va12, half %ah13, i32 13
  %kb13 = add i32 %shb, 13
  %kkb13 = and i32 %kb13, 15
  %y7_13 = mul i32 %kkb13, 7
  %ys13 = add i32 %y7_13, %r2
  %ym13 = urem i32 %ys13, 9
  %yv13 = sub i32 %ym13, 4
  %bh13 = sitofp i32 %yv13 to half
  %vb13 = insertelement <16 x half> %vb12, half %bh13, i32 13
  %ka14 = add i32 %sha, 14
  %kka14 = and i32 %ka14, 15
  %x5_14 = mul i32 %kka14, 5
  %xs14 = add i32 %r3, %x5_14
  %xm14 = urem i32 %xs14, 11
  %xv14 = sub i32 %xm14, 5
  %ah14 = sitofp i32 %xv14 to half
  %va14 = insertelement <16 x half> %va13, half %ah14, i32 14
  %kb14 = add i32 %shb, 14
  %kkb14 = and i32 %kb14, 15
  %y7_14 = mul i32 %kkb14, 7
  %ys14 = add i32 %y7_14, %r2
  %ym14 = urem i32 %ys14, 9
  %yv14 = sub i32 %ym14, 4
  %bh14 = sitofp i32 %yv14 to half
  %vb14 = insertelement <16 x half> %vb13, half %bh14, i32 14
  %ka15 = add i32 %sha, 15
  %kka15 = and i32 %ka15, 15
  %x5_15 = mul i32 %kka15, 5
  %xs15 = add i32 %r3, %x5_15
  %xm15 = urem i32 %xs15, 11
  %xv15 = sub i32 %xm15, 5
  %ah15 = sitofp i32 %xv15 to half
  %va15 = insertelement <16 x half> %va14, half %ah15, i32 15
  %kb15 = add i32 %shb, 15
  %kkb15 = and i32 %kb15, 15
  %y7_15 = mul i32 %kkb15, 7
  %ys15 = add i32 %y7_15, %r2
  %ym15 = urem i32 %ys15, 9
  %yv15 = sub i32 %ym15, 4
  %bh15 = sitofp i32 %yv15 to half
  %vb15 = insertelement <16 x half> %vb14, half %bh15, i32 15
  %d = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %va15, <16 x half> %vb15, <8 x float> zeroinitializer)
  ; D value v of lane l is row 2v + h, column r
  %dv0 = extractelement <8 x float> %d, i32 0
  %row0 = add i32 %h, 0
  %ci0_0 = mul i32 %row0, 16
  %ci0 = add i32 %ci0_0, %r
  %cp0 = getelementptr float, ptr addrspace(1) %cout, i32 %ci0
  store float %dv0, ptr addrspace(1) %cp0
  %dv1 = extractelement <8 x float> %d, i32 1
  %row1 = add i32 %h, 2
  %ci0_1 = mul i32 %row1, 16
  %ci1 = add i32 %ci0_1, %r
  %cp1 = getelementptr float, ptr addrspace(1) %cout, i32 %ci1
  store float %dv1, ptr addrspace(1) %cp1
  %dv2 = extractelement <8 x float> %d, i32 2
  %row2 = add i32 %h, 4
  %ci0_2 = mul i32 %row2, 16
  %ci2 = add i32 %ci0_2, %r
  %cp2 = getelementptr float, ptr addrspace(1) %cout, i32 %ci2
  store float %dv2, ptr addrspace(1) %cp2
  %dv3 = extractelement <8 x float> %d, i32 3
  %row3 = add i32 %h, 6
  %ci0_3 = mul i32 %row3, 16
  %ci3 = add i32 %ci0_3, %r
  %cp3 = getelementptr float, ptr addrspace(1) %cout, i32 %ci3
  store float %dv3, ptr addrspace(1) %cp3
  %dv4 = extractelement <8 x float> %d, i32 4
  %row4 = add i32 %h, 8
  %ci0_4 = mul i32 %row4, 16
  %ci4 = add i32 %ci0_4, %r
  %cp4 = getelementptr float, ptr addrspace(1) %cout, i32 %ci4
  store float %dv4, ptr addrspace(1) %cp4
  %dv5 = extractelement <8 x float> %d, i32 5
  %row5 = add i32 %h, 10
  %ci0_5 = mul i32 %row5, 16
  %ci5 = add i32 %ci0_5, %r
  %cp5 = getelementptr float, ptr addrspace(1) %cout, i32 %ci5
  store float %dv5, ptr addrspace(1) %cp5
  %dv6 = extractelement <8 x float> %d, i32 6
  %row6 = add i32 %h, 12
  %ci0_6 = mul i32 %row6, 16
  %ci6 = add i32 %ci0_6, %r
  %cp6 = getelementptr float, ptr addrspace(1) %cout, i32 %ci6
  store float %dv6, ptr addrspace(1) %cp6
  %dv7 = extractelement <8 x float> %d, i32 7
  %row7 = add i32 %h, 14
  %ci0_7 = mul i32 %row7, 16
  %ci7 = add i32 %ci0_7, %r
  %cp7 = getelementptr float, ptr addrspace(1) %cout, i32 %ci7
  store float %dv7, ptr addrspace(1) %cp7
  ; the low lanes store the logical A (row r) and B (column r)
  %low = icmp eq i32 %h, 0
  br i1 %low, label %store, label %done
store:
  %arow = mul i32 %r, 16
  %ap = getelementptr half, ptr addrspace(1) %aout, i32 %arow
  store <16 x half> %va15, ptr addrspace(1) %ap
  %bi0 = add i32 %r, 0
  %bp0 = getelementptr half, ptr addrspace(1) %bout, i32 %bi0
  store half %bh0, ptr addrspace(1) %bp0
  %bi1 = add i32 %r, 16
  %bp1 = getelementptr half, ptr addrspace(1) %bout, i32 %bi1
  store half %bh1, ptr addrspace(1) %bp1
  %bi2 = add i32 %r, 32
  %bp2 = getelementptr half, ptr addrspace(1) %bout, i32 %bi2
  store half %bh2, ptr addrspace(1) %bp2
  %bi3 = add i32 %r, 48
  %bp3 = getelementptr half, ptr addrspace(1) %bout, i32 %bi3
  store half %bh3, ptr addrspace(1) %bp3
  %bi4 = add i32 %r, 64
  %bp4 = getelementptr half, ptr addrspace(1) %bout, i32 %bi4
  store half %bh4, ptr addrspace(1) %bp4
  %bi5 = add i32 %r, 80
  %bp5 = getelementptr half, ptr addrspace(1) %bout, i32 %bi5
  store half %bh5, ptr addrspace(1) %bp5
  %bi6 = add i32 %r, 96
  %bp6 = getelementptr half, ptr addrspace(1) %bout, i32 %bi6
  store half %bh6, ptr addrspace(1) %bp6
  %bi7 = add i32 %r, 112
  %bp7 = getelementptr half, ptr addrspace(1) %bout, i32 %bi7
  store half %bh7, ptr addrspace(1) %bp7
  %bi8 = add i32 %r, 128
  %bp8 = getelementptr half, ptr addrspace(1) %bout, i32 %bi8
  store half %bh8, ptr addrspace(1) %bp8
  %bi9 = add i32 %r, 144
  %bp9 = getelementptr half, ptr addrspace(1) %bout, i32 %bi9
  store half %bh9, ptr addrspace(1) %bp9
  %bi10 = add i32 %r, 160
  %bp10 = getelementptr half, ptr addrspace(1) %bout, i32 %bi10
  store half %bh10, ptr addrspace(1) %bp10
  %bi11 = add i32 %r, 176
  %bp11 = getelementptr half, ptr addrspace(1) %bout, i32 %bi11
  store half %bh11, ptr addrspace(1) %bp11
  %bi12 = add i32 %r, 192
  %bp12 = getelementptr half, ptr addrspace(1) %bout, i32 %bi12
  store half %bh12, ptr addrspace(1) %bp12
  %bi13 = add i32 %r, 208
  %bp13 = getelementptr half, ptr addrspace(1) %bout, i32 %bi13
  store half %bh13, ptr addrspace(1) %bp13
  %bi14 = add i32 %r, 224
  %bp14 = getelementptr half, ptr addrspace(1) %bout, i32 %bi14
  store half %bh14, ptr addrspace(1) %bp14
  %bi15 = add i32 %r, 240
  %bp15 = getelementptr half, ptr addrspace(1) %bout, i32 %bi15
  store half %bh15, ptr addrspace(1) %bp15
  br label %done
done:
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
