// Attention: recognition of the written forms and the template's structure.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=CHECK,R4
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=CHECK,R3
// In the ISA, row reductions go across the halves by v_permlanex16, never
// ds_bpermute; no spills.
// The softmax's exponentials are the hardware's v_exp_f32 with no range
// reduction (no v_ldexp_f32: math.exp's expansion).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA --implicit-check-not=ds_bpermute --implicit-check-not=scratch_ --implicit-check-not=v_ldexp_f32
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA --implicit-check-not=ds_bpermute --implicit-check-not=scratch_ --implicit-check-not=v_ldexp_f32

// linalg.softmax on tensors, K given keys x d, P cast to f16.  The
// products' atom (f32 accumulation); the V copy's transposing atom is the
// other one.
// R4: #[[ATT:atom[0-9]*]] = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// R3: #[[ATT:atom[0-9]*]] = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: gpu.func @softmax_form(
// K block (16 keys x d) and V^T block (dv x 16 keys), two buffers each,
// rows padded by 16 bytes against bank conflicts (LdsLayout.c).
// CHECK-SAME: workgroup(%[[KL:.*]] : memref<2x16x72xf16, #gpu.address_space<workgroup>>, %[[VL:.*]] : memref<2x64x24xf16, #gpu.address_space<workgroup>>)
// CHECK-SAME: wmma.launch = #wmma.launch<grid = () -> (2, 1, 1), block = [128, 1, 1], lds = 10752
// CHECK-SAME: template = "attention"
// The wave's Q^T fragments (B operands), once.
// R4-COUNT-4: wmma.load <b, kcontig, transposed, #[[ATT]]> %{{.*}} : memref<100x64xf16
// R3-COUNT-4: wmma.load <b, hw, transposed, #[[ATT]]> %{{.*}} : memref<100x64xf16
// V (value dim contiguous) reaches its V^T tile transposed by one WMMA
// against the identity: one 16-byte LDS store per lane.
// R4: vector.store %{{.*}}, %[[VL]][{{.*}}] : memref<2x64x24xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: amdgpu.lds_barrier
// The key loop carries the running max, sum and the O^T accumulators.
// CHECK: scf.for {{.*}} -> (f32, f32, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// S^T = K Q^T from the LDS block.  The loop's blocks are full: no key
// mask on the scores (the partial block is the pipeline's last, below).
// CHECK-COUNT-4: wmma.mma #[[ATT]] 
// CHECK-NOT: vector<8xi1>, vector<8xf32>
// The row max across the lane halves: v_permlanex16 with a poison old
// operand (no copy into its tied register).
// CHECK: %[[POISON:.*]] = llvm.mlir.poison : i32
// CHECK: rocdl.permlanex16 %[[POISON]],
// e^(x - m) as 2^(x log2 e - m log2 e): one fma and the hardware's exp2
// per element (the correction, then the 8 scores), the shift also in a
// second register (a DPP copy, poison old) for the odd slots' fmas.
// CHECK: "llvm.amdgcn.update.dpp"(%[[POISON]],
// CHECK: math.fma
// CHECK-NEXT: rocdl.exp2 %{{.*}} f32 -> f32
// CHECK-COUNT-8: rocdl.exp2 %{{.*}} f32 -> f32
// CHECK-NOT: math.exp
// CHECK: rocdl.permlanex16
// P^T: S^T's layout converted to the B operand of O^T = V^T P^T.  RDNA3:
// keys in the order sigma (1 and 2 swapped in every 4, as the V^T copy
// stored them): each lane's slot pairs packed into 4 words, each traded
// with lane l ^ 16 (old operand poison) and placed by the lane half, no
// 16-bit moves.  RDNA4: the B operand is S^T's layout, converted two
// scores per v_cvt_pk_rtz_f16_f32 (RDNA3 too with blocks over 16 keys).
// R4-COUNT-4: llvm.call_intrinsic "llvm.amdgcn.cvt.pkrtz"(%{{.*}}, %{{.*}}) : (f32, f32) -> vector<2xf16>
// R4: vector.from_elements %{{.*}} : vector<4xi32>
// R4-NEXT: vector.bitcast %{{.*}} : vector<4xi32> to vector<8xf16>
// R3: %[[P16:.*]] = arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// R3-NEXT: %[[PW:.*]] = vector.bitcast %[[P16]] : vector<8xf16> to vector<4xi32>
// R3-NEXT: %[[UP:.*]] = arith.cmpi ne, %{{.*}}, %c0 : index
// R3-NEXT: %[[W0:.*]] = vector.extract %[[PW]][0] : i32 from vector<4xi32>
// R3-NEXT: %[[X0:.*]] = rocdl.permlanex16 %[[POISON]], %[[W0]],
// R3-NEXT: %[[B0:.*]] = arith.select %[[UP]], %[[X0]], %[[W0]] : i32
// R3-NEXT: %[[B1:.*]] = arith.select %[[UP]], %[[W0]], %[[X0]] : i32
// R3-COUNT-3: rocdl.permlanex16 %[[POISON]]
// R3: %[[BW:.*]] = vector.from_elements %[[B0]], %[[B1]], %{{.*}} : vector<8xi32>
// R3-NEXT: vector.bitcast %[[BW]] : vector<8xi32> to vector<16xf16>
// R3-NOT: wmma.relayout
// CHECK-COUNT-4: wmma.mma #[[ATT]] 
// The next block into the other buffer, one barrier per block.
// CHECK: amdgpu.lds_barrier
// CHECK: scf.yield
// Keys past the end (77 is not a multiple of 16) score -inf in the
// partial block after the loop.
// CHECK: arith.select %{{.*}}, %{{.*}}, %cst{{.*}} : vector<8xi1>, vector<8xf32>
// After the loop: O = O^T / l, stored transposed (queries past 100 masked).
// CHECK: arith.divf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: wmma.store <d, hw, transposed, #[[ATT]]> {{.*}} masked
// ISA-LABEL: softmax_form:
// ISA: v_wmma_f32_16x16x16_f16
// ISA: v_permlanex16_b32
// ISA: v_exp_f32
// ISA: s_endpgm
func.func @softmax_form(%Q: tensor<100x64xf16>, %K: tensor<77x64xf16>, %V: tensor<77x64xf16>) -> tensor<100x64xf32> attributes {wmma.schedule = #wmma.schedule<template = "attention", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 2, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x77xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x77xf32>) -> tensor<100x77xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<100x64xf16>, tensor<77x64xf16>) outs(%f : tensor<100x77xf32>) -> tensor<100x77xf32>
  %e2 = tensor.empty() : tensor<100x77xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<100x77xf32>) outs(%e2 : tensor<100x77xf32>) -> tensor<100x77xf32>
  %e3 = tensor.empty() : tensor<100x77xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<100x77xf32>) outs(%e3 : tensor<100x77xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<100x77xf16>
  %e4 = tensor.empty() : tensor<100x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<100x64xf32>) -> tensor<100x64xf32>
  %o = linalg.matmul ins(%p16, %V : tensor<100x77xf16>, tensor<77x64xf16>) outs(%f4 : tensor<100x64xf32>) -> tensor<100x64xf32>
  return %o : tensor<100x64xf32>
}

// -----

// The softmax written out on memrefs (max, exp, sum, divide) with a scale
// and a causal mask: the key loop ends at the workgroup's last query.  The
// sizes are static and the keys cover the queries, so the blocks before
// the workgroup's first query (16-key blocks: block id x 4 of them, an
// even count) run first with no mask (no index comparison in their loop,
// unrolled by the two LDS buffers, an i32 counter), then, with the
// running max scaled into the scores' domain, the 4 diagonal blocks,
// masked, in the same pipeline (the loop's last step prefetched the
// first of them).
// CHECK-LABEL: gpu.func @causal_written(
// CHECK-SAME: template = "attention"
// CHECK: %[[NB:.*]] = arith.muli %block_id_x, %c4 : index
// CHECK: scf.for %{{.*}} = %c0_i32 to %{{.*}} step %c2_i32
// CHECK-NOT: arith.cmpi ugt
// CHECK: amdgpu.lds_barrier
// CHECK-NOT: arith.cmpi ugt
// CHECK: amdgpu.lds_barrier
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : vector<8xindex>
// ISA-LABEL: causal_written:
// ISA: v_permlanex16_b32
func.func @causal_written(%Q: memref<64x64xf16>, %K: memref<64x64xf16>, %V: memref<64x64xf16>, %O: memref<64x64xf32>) attributes {wmma.schedule = #wmma.schedule<template = "attention", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = true>} {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %sc = arith.constant 0.125 : f32
  %s = memref.alloc() : memref<64x64xf32>
  %x = memref.alloc() : memref<64x64xf32>
  %mx = memref.alloc() : memref<64xf32>
  %ex = memref.alloc() : memref<64x64xf32>
  %l = memref.alloc() : memref<64xf32>
  %p = memref.alloc() : memref<64x64xf16>
  linalg.fill ins(%zero : f32) outs(%s : memref<64x64xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : memref<64x64xf16>, memref<64x64xf16>) outs(%s : memref<64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<64x64xf32>) outs(%x : memref<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %y = arith.mulf %a, %sc : f32
    %fut = arith.cmpi ugt, %j, %i : index
    %r = arith.select %fut, %ninf, %y : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%ninf : f32) outs(%mx : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x64xf32>) outs(%mx : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %o, %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : memref<64x64xf32>, memref<64xf32>) outs(%ex : memref<64x64xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%zero : f32) outs(%l : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%ex : memref<64x64xf32>) outs(%l : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %l : memref<64x64xf32>, memref<64xf32>) outs(%p : memref<64x64xf16>) {
  ^bb0(%a: f32, %s2: f32, %o: f16):
    %d = arith.divf %a, %s2 : f32
    %r = arith.truncf %d : f32 to f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%zero : f32) outs(%O : memref<64x64xf32>)
  linalg.matmul ins(%p, %V : memref<64x64xf16>, memref<64x64xf16>) outs(%O : memref<64x64xf32>)
  return
}
