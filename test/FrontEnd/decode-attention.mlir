// Decode attention (the decode_attention template): the query heads of a
// KV head in the WMMA's columns, K and V read once from global memory into
// registers, keys split across the waves, partial results merged in wave
// order through LDS.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=CHECK,R4
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=CHECK,R3
// The ISA has no spills and its row reductions use v_permlanex16 (never
// ds_bpermute).
// The softmax's exponentials are the hardware's v_exp_f32 with no range
// reduction (no v_ldexp_f32: math.exp's expansion).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' 2>/dev/null | %extract_bin - - | FileCheck %s --check-prefix=ISA --implicit-check-not=ds_bpermute --implicit-check-not=scratch_ --implicit-check-not=v_ldexp_f32
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' 2>/dev/null | %extract_bin - - | FileCheck %s --check-prefix=ISA --implicit-check-not=ds_bpermute --implicit-check-not=scratch_ --implicit-check-not=v_ldexp_f32

// 8 query heads sharing 2 KV heads (K and V read at h floordiv 4), one
// query token, d = 64, the KV length a run-time size: two KV heads (grid
// z = 2) are far too few workgroups, so each KV sequence is split across
// 4 (RDNA4) or 8 (RDNA3) workgroups (grid y) of 8 waves, the modelled
// time's choice (explain-cost-decode-attention.test; the old rule's 16 or
// 24 workgroups of 16 waves, 8 waves per CU, left the combine longer).  Each workgroup merges its waves' partials in LDS (slots
// for 3 waves' O^T tiles + max/sum per round) and writes the merged partial
// to the workspace (the last argument, [b, h, token, p, slot]);
// @gqa4_combine, one wave per KV head, merges the P partials in order and
// stores.  The function launches both around the workspace it allocates.
// CHECK-LABEL: gpu.func @gqa4(
// R4-SAME: workgroup(%[[Q:[a-z0-9]+]] : memref<128x8xf16, #gpu.address_space<workgroup>>, %[[M:[a-z0-9]+]] : memref<960x8xf32, #gpu.address_space<workgroup>>)
// R3-SAME: workgroup(%[[Q:[a-z0-9]+]] : memref<128x16xf16, #gpu.address_space<workgroup>>, %[[M:[a-z0-9]+]] : memref<960x8xf32, #gpu.address_space<workgroup>>)
// R4-SAME: wmma.launch = #wmma.launch<grid = ()[s0] -> (1, 4, 2), block = [256, 1, 1]
// R3-SAME: wmma.launch = #wmma.launch<grid = ()[s0] -> (1, 8, 2), block = [256, 1, 1]
// CHECK-SAME: roles = [input, input, input, input, output]
// R4-SAME: template = "decode_attention", {{.*}} waves = [8, 1], wave_tile = [1, 4]
// R3-SAME: template = "decode_attention", {{.*}} waves = [8, 1], wave_tile = [1, 8]
// The group's first query head (KV head x 4), and the KV head it reads.
// CHECK: %[[KVH:.*]] = arith.remui %block_id_z, %c2
// CHECK: %[[H0:.*]] = arith.muli %[[KVH]], %c4
// Q^T: the group's heads as columns, read element by element (heads past
// the group not read: their loads go past the buffer); on RDNA3 compact
// and replicated.
// Wave 0 reads Q^T and shares it through LDS (Q read once per workgroup).
// CHECK: scf.if
// R3: wmma.expand b
// CHECK-COUNT-4: vector.store %{{.*}}, %[[Q]]
// CHECK: amdgpu.lds_barrier
// CHECK-COUNT-4: vector.load %[[Q]]
// The wave's key blocks, carrying the running max, sum and O^T.
// Slice p * 8 + wave of P * 8, balanced: [i n / 8P, (i + 1) n / 8P).
// R4: %[[SL:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// R4: %[[LO:.*]] = arith.divui %{{.*}}, %c32 : index
// R4: %[[HI:.*]] = arith.divui %{{.*}}, %c32 : index
// R4: scf.for %{{.*}} = %[[LO]] to %[[HI]] step %c1 iter_args({{.*}}) -> (f32, f32, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// R3: scf.for {{.*}} -> (f32, f32, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// S^T = K Q^T: K tiles read at the KV head, masked past the run-time length.
// R4: wmma.load <a, kcontig, #atom> %{{.*}}[%{{.*}}, %[[KV:.*]], %{{.*}}, %c0] masked : memref<1x2x?x64xf16
// R3: wmma.load <a, compact, #atom> %{{.*}}[%{{.*}}, %[[KV:.*]], %{{.*}}, %c0] masked : memref<1x2x?x64xf16
// R3-NEXT: wmma.expand a
// CHECK: wmma.mma
// CHECK: rocdl.permlanex16
// CHECK-COUNT-8: rocdl.exp2 %{{.*}} f32 -> f32
// P^T to the B operand of O^T = V^T P^T, V read transposed.
// CHECK: wmma.relayout <d, hw, transposed, #atom> to <b,
// R4: wmma.load <a, kcontig, transposed, #atom>
// R3: wmma.load <a, compact, transposed, #atom>
// CHECK: scf.yield
// The merge: waves 1-3 store their partial results, wave 0 merges them in
// order (the log-sum-exp rule: two exponentials of max differences), in
// rounds separated by barriers.
// CHECK: vector.store %{{.*}}, %[[M]]
// CHECK: amdgpu.lds_barrier
// CHECK: scf.if %{{.*}} -> (f32, f32, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK: arith.maximumf
// CHECK: rocdl.exp2 %{{.*}} f32 -> f32
// CHECK: rocdl.exp2 %{{.*}} f32 -> f32
// CHECK: amdgpu.lds_barrier
// Wave 0 writes the workgroup's partial to its slot: 4 O^T tiles and
// (m, l), 8 floats per lane each, nothing to the output.
// CHECK: scf.if
// CHECK-COUNT-5: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %block_id_x, %block_id_y, %{{.*}}] : memref<1x8x1x[[P:4|8]]x1280xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// CHECK-NOT: memref.store
// CHECK: gpu.return
// The merge of the P partials against their common maximum, each sum in
// part order: the maximum of the m_p, the sum of l_p e^(m_p - M), then per
// O^T tile the sum of e^(m_p - M) O_p, divided and stored at once.
// CHECK-LABEL: gpu.func @gqa4_combine(
// CHECK-SAME: grid = ()[s0] -> (1, 1, 2), block = [32, 1, 1], lds = 0, roles = [input, input, input, output, input]
// CHECK: scf.for %{{.*}} = %c0 to %c[[P]] step %c1 iter_args(%{{.*}} = %cst{{.*}}) -> (f32)
// CHECK: memref.load
// CHECK: arith.maximumf
// CHECK: scf.for %{{.*}} = %c0 to %c[[P]] step %c1 iter_args(%{{.*}} = %cst{{.*}}) -> (f32)
// CHECK: rocdl.exp2
// CHECK: scf.for %{{.*}} = %c0 to %c[[P]] step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<8xf32>)
// CHECK: rocdl.exp2
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}, %block_id_x, %{{.*}}, %{{.*}}] : memref<1x8x1x[[P]]x1280xf32
// Divided by the sum; the group's heads only stored (the others' stores
// moved past the buffer's end).
// CHECK: arith.divf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: %[[AT:.*]] = arith.select %{{.*}}, %{{.*}}, %c{{[0-9]+}} : index
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[AT]], 
// CHECK-COUNT-3: vector<8xf32>) {
// The host: the workspace allocated, the two launches, freed.
// CHECK-LABEL: func.func @gqa4(
// CHECK-SAME: wmma.program = 2
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x8x1x64xf16>
// CHECK: %[[WS:.*]] = memref.alloc() : memref<1x8x1x[[P]]x1280xf32>
// R4: gpu.launch_func  @gqa4_module::@gqa4 blocks in (%c1, %c4, %c2) threads in (%c256, %c1, %c1)
// R3: gpu.launch_func  @gqa4_module::@gqa4 blocks in (%c1, %c8, %c2) threads in (%c256, %c1, %c1)
// CHECK: gpu.launch_func  @gqa4_module::@gqa4_combine blocks in (%c1, %c1, %c2) threads in (%c32, %c1, %c1)
// CHECK: memref.dealloc %[[WS]]
// ISA-LABEL: gqa4:
// ISA: v_wmma_f32_16x16x16_f16
// ISA: v_permlanex16_b32
// ISA: s_endpgm
func.func @gqa4(%Q: tensor<1x8x1x64xf16>, %K: tensor<1x2x?x64xf16>, %V: tensor<1x2x?x64xf16>) -> tensor<1x8x1x64xf16> {
  %zero = arith.constant 0.0 : f32
  %c2 = arith.constant 2 : index
  %n = tensor.dim %K, %c2 : tensor<1x2x?x64xf16>
  %e = tensor.empty(%n) : tensor<1x8x1x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x1x?xf32>) -> tensor<1x8x1x?xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h floordiv 4, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x8x1x64xf16>, tensor<1x2x?x64xf16>) outs(%f : tensor<1x8x1x?xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x8x1x?xf32>
  %e1 = tensor.empty(%n) : tensor<1x8x1x?xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x8x1x?xf32>) outs(%e1 : tensor<1x8x1x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x8x1x?xf32>
  %e2 = tensor.empty(%n) : tensor<1x8x1x?xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x8x1x?xf32>) outs(%e2 : tensor<1x8x1x?xf32>) -> tensor<1x8x1x?xf32>
  %e3 = tensor.empty(%n) : tensor<1x8x1x?xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x8x1x?xf32>) outs(%e3 : tensor<1x8x1x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x8x1x?xf16>
  %e4 = tensor.empty() : tensor<1x8x1x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x8x1x64xf32>) -> tensor<1x8x1x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h floordiv 4, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x8x1x?xf16>, tensor<1x2x?x64xf16>) outs(%f4 : tensor<1x8x1x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x8x1x64xf32>
  %e5 = tensor.empty() : tensor<1x8x1x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x8x1x64xf32>) outs(%e5 : tensor<1x8x1x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x8x1x64xf16>
  return %oc : tensor<1x8x1x64xf16>
}


// -----

// Refusals with the reason (a pinned schedule that does not fit): 32
// query tokens per head are prefill, not a decode step.
// CHECK-LABEL: func.func @prefill_pinned
// expected-remark @+1 {{not converted to a wmma kernel: the pinned decode_attention schedule does not fit: more than 16 query tokens per head (not a decode step)}}
func.func @prefill_pinned(%Q: tensor<1x4x32x64xf16>, %K: tensor<1x4x64x64xf16>, %V: tensor<1x4x64x64xf16>) -> tensor<1x4x32x64xf16> attributes {wmma.schedule = #wmma.schedule<template = "decode_attention", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 1, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x32x64xf32>) -> tensor<1x4x32x64xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x4x32x64xf16>, tensor<1x4x64x64xf16>) outs(%f : tensor<1x4x32x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x4x32x64xf32>
  %e1 = tensor.empty() : tensor<1x4x32x64xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x4x32x64xf32>) outs(%e1 : tensor<1x4x32x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x4x32x64xf32>
  %e2 = tensor.empty() : tensor<1x4x32x64xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x4x32x64xf32>) outs(%e2 : tensor<1x4x32x64xf32>) -> tensor<1x4x32x64xf32>
  %e3 = tensor.empty() : tensor<1x4x32x64xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x4x32x64xf32>) outs(%e3 : tensor<1x4x32x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x4x32x64xf16>
  %e4 = tensor.empty() : tensor<1x4x32x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x4x32x64xf32>) -> tensor<1x4x32x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x4x32x64xf16>, tensor<1x4x64x64xf16>) outs(%f4 : tensor<1x4x32x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x4x32x64xf32>
  %e5 = tensor.empty() : tensor<1x4x32x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x4x32x64xf32>) outs(%e5 : tensor<1x4x32x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x4x32x64xf16>
  return %oc : tensor<1x4x32x64xf16>
}


// -----

// 32 query heads sharing one KV head do not fit the WMMA's 16 columns.
// CHECK-LABEL: func.func @group32_pinned
// expected-remark @+1 {{not converted to a wmma kernel: the pinned decode_attention schedule does not fit: 32 query heads per KV head (at most 16)}}
func.func @group32_pinned(%Q: tensor<1x32x1x64xf16>, %K: tensor<1x1x64x64xf16>, %V: tensor<1x1x64x64xf16>) -> tensor<1x32x1x64xf16> attributes {wmma.schedule = #wmma.schedule<template = "decode_attention", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 1, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x1x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x1x64xf32>) -> tensor<1x32x1x64xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h floordiv 32, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x32x1x64xf16>, tensor<1x1x64x64xf16>) outs(%f : tensor<1x32x1x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x32x1x64xf32>
  %e1 = tensor.empty() : tensor<1x32x1x64xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x32x1x64xf32>) outs(%e1 : tensor<1x32x1x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x32x1x64xf32>
  %e2 = tensor.empty() : tensor<1x32x1x64xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x32x1x64xf32>) outs(%e2 : tensor<1x32x1x64xf32>) -> tensor<1x32x1x64xf32>
  %e3 = tensor.empty() : tensor<1x32x1x64xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x32x1x64xf32>) outs(%e3 : tensor<1x32x1x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x32x1x64xf16>
  %e4 = tensor.empty() : tensor<1x32x1x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x32x1x64xf32>) -> tensor<1x32x1x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h floordiv 32, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x32x1x64xf16>, tensor<1x1x64x64xf16>) outs(%f4 : tensor<1x32x1x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x32x1x64xf32>
  %e5 = tensor.empty() : tensor<1x32x1x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x32x1x64xf32>) outs(%e5 : tensor<1x32x1x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x32x1x64xf16>
  return %oc : tensor<1x32x1x64xf16>
}


// -----

// Without a pin that group goes to the attention template (a workgroup per
// query head).
// CHECK-LABEL: gpu.func @group32(
// CHECK-SAME: template = "attention"
func.func @group32(%Q: tensor<1x32x1x64xf16>, %K: tensor<1x1x64x64xf16>, %V: tensor<1x1x64x64xf16>) -> tensor<1x32x1x64xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x1x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x1x64xf32>) -> tensor<1x32x1x64xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h floordiv 32, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x32x1x64xf16>, tensor<1x1x64x64xf16>) outs(%f : tensor<1x32x1x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x32x1x64xf32>
  %e1 = tensor.empty() : tensor<1x32x1x64xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x32x1x64xf32>) outs(%e1 : tensor<1x32x1x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x32x1x64xf32>
  %e2 = tensor.empty() : tensor<1x32x1x64xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x32x1x64xf32>) outs(%e2 : tensor<1x32x1x64xf32>) -> tensor<1x32x1x64xf32>
  %e3 = tensor.empty() : tensor<1x32x1x64xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x32x1x64xf32>) outs(%e3 : tensor<1x32x1x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x32x1x64xf16>
  %e4 = tensor.empty() : tensor<1x32x1x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x32x1x64xf32>) -> tensor<1x32x1x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h floordiv 32, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x32x1x64xf16>, tensor<1x1x64x64xf16>) outs(%f4 : tensor<1x32x1x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x32x1x64xf32>
  %e5 = tensor.empty() : tensor<1x32x1x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x32x1x64xf32>) outs(%e5 : tensor<1x32x1x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x32x1x64xf16>
  return %oc : tensor<1x32x1x64xf16>
}


// -----

// The step as torch-mlir and IREE emit it: the query without a token
// dimension (q [heads, d], scores [heads, keys], out [heads, d]).  The
// product has no M loop; attention takes it as one token (a unit M loop no
// buffer indexes), so it is the same decode_attention program as @gqa4:
// Q^T read at [head, d], the output stored at [head, d].
// CHECK-LABEL: gpu.func @notok(
// CHECK-SAME: %{{[a-z0-9]+}}: memref<8x64xf16>, %{{[a-z0-9]+}}: memref<2x?x64xf16>, %{{[a-z0-9]+}}: memref<2x?x64xf16>, %{{[a-z0-9]+}}: memref<8x64xf16>, %{{[a-z0-9]+}}: memref<8x1x[[P:4|8]]x1280xf32>)
// R4-SAME: grid = ()[s0] -> (1, 4, 2), block = [256, 1, 1]
// R3-SAME: grid = ()[s0] -> (1, 8, 2), block = [256, 1, 1]
// CHECK-SAME: template = "decode_attention", {{.*}} waves = [8, 1], wave_tile = [1, [[P]]]
// CHECK: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x64xf16, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: wmma.mma
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %block_id_x, %block_id_y, %{{.*}}] : memref<8x1x[[P]]x1280xf32
// CHECK-LABEL: gpu.func @notok_combine(
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x64xf16, #amdgpu.address_space<fat_raw_buffer>>
// CHECK-LABEL: func.func @notok(
// CHECK: gpu.launch_func @notok_module::@notok
// CHECK: gpu.launch_func @notok_module::@notok_combine

func.func @notok(%Q: tensor<8x64xf16>, %K: tensor<2x?x64xf16>, %V: tensor<2x?x64xf16>) -> tensor<8x64xf16> {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %n = tensor.dim %K, %c1 : tensor<2x?x64xf16>
  %e = tensor.empty(%n) : tensor<8x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x?xf32>) -> tensor<8x?xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(h, n, k) -> (h, k)>, affine_map<(h, n, k) -> (h floordiv 4, n, k)>, affine_map<(h, n, k) -> (h, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<8x64xf16>, tensor<2x?x64xf16>) outs(%f : tensor<8x?xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<8x?xf32>
  %e1 = tensor.empty(%n) : tensor<8x?xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(h, j) -> (h, j)>, affine_map<(h, j) -> (h, j)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<8x?xf32>) outs(%e1 : tensor<8x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<8x?xf32>
  %e2 = tensor.empty(%n) : tensor<8x?xf32>
  %sm = linalg.softmax dimension(1) ins(%sx : tensor<8x?xf32>) outs(%e2 : tensor<8x?xf32>) -> tensor<8x?xf32>
  %e3 = tensor.empty(%n) : tensor<8x?xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(h, j) -> (h, j)>, affine_map<(h, j) -> (h, j)>], iterator_types = ["parallel", "parallel"]} ins(%sm : tensor<8x?xf32>) outs(%e3 : tensor<8x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<8x?xf16>
  %e4 = tensor.empty() : tensor<8x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<8x64xf32>) -> tensor<8x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(h, n, k) -> (h, k)>, affine_map<(h, n, k) -> (h floordiv 4, k, n)>, affine_map<(h, n, k) -> (h, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<8x?xf16>, tensor<2x?x64xf16>) outs(%f4 : tensor<8x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<8x64xf32>
  %e5 = tensor.empty() : tensor<8x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(h, j) -> (h, j)>, affine_map<(h, j) -> (h, j)>], iterator_types = ["parallel", "parallel"]} ins(%o : tensor<8x64xf32>) outs(%e5 : tensor<8x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<8x64xf16>
  return %oc : tensor<8x64xf16>
}

