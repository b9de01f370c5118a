// Every WMMA type from linalg: the atom each program gets, how its
// operands are loaded, and the conversions the kernel makes.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=CHECK,R4
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=CHECK,R3
// Everything compiles to ISA on both generations.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA4
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA3

// Signed i8 (linalg.matmul sign-extends): the iu8 atom with both signs.
// R4: #atom = #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a, signed_b>
// R3: #atom = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, signed_b>
// CHECK-LABEL: gpu.func @i8(
// RDNA4 computes the product swapped (D^T = B^T A^T, so that lanes hold
// row segments of the output): A is the instruction's B operand.
// R4: wmma.load <b, kcontig, transposed, #atom> {{.*}} : memref<32x48xi8{{.*}}> -> vector<8xi8>
// R3: wmma.load <a, hw, #atom> {{.*}} : memref<32x48xi8{{.*}}> -> vector<16xi8>
// R4: wmma.mma #atom {{.*}} : vector<8xi8>, vector<8xi8> -> vector<8xi32>
// R3: wmma.mma #atom {{.*}} : vector<16xi8>, vector<16xi8> -> vector<8xi32>
// ISA4: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0]
// ISA3: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0]
func.func @i8(%A: memref<32x48xi8>, %B: memref<48x32xi8>, %C: memref<32x32xi32>) {
  linalg.matmul ins(%A, %B : memref<32x48xi8>, memref<48x32xi8>) outs(%C : memref<32x32xi32>)
  return
}

// -----

// cast_unsigned: zero-extended operands, no sign flags.
// R4: #atom = #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32>
// R3: #atom = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32>
// CHECK-LABEL: gpu.func @u8(
// ISA4-LABEL: u8:
// ISA4: v_wmma_i32_16x16x16_iu8
// ISA4-NOT: neg_lo
// ISA4: s_endpgm
func.func @u8(%A: memref<32x48xi8>, %B: memref<48x32xi8>, %C: memref<32x32xi32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : memref<32x48xi8>, memref<48x32xi8>) outs(%C : memref<32x32xi32>)
  return
}

// -----

// A generic mixing zero- and sign-extension: only B is signed (RDNA4:
// swapped, B is the instruction's A operand).
// R4: #atom = #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a>
// R3: #atom = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_b>
// CHECK-LABEL: gpu.func @mixed_sign(
func.func @mixed_sign(%A: memref<32x48xi8>, %B: memref<48x32xi8>, %C: memref<32x32xi32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x48xi8>, memref<48x32xi8>) outs(%C : memref<32x32xi32>) {
  ^bb0(%a: i8, %b: i8, %c: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %p = arith.muli %ea, %eb : i32
    %s = arith.addi %c, %p : i32
    linalg.yield %s : i32
  }
  return
}

// -----

// fp8 x bf8: native on RDNA4; RDNA3 has no fp8 WMMA, so the fragments are
// loaded as fp8 (storage loads in the f16 layout) and widened to f16 in
// registers with bit operations (exact), then an f16 product.
// R4: #atom = #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>
// R3: #atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: gpu.func @fp8(
// R4: %[[A:.*]] = wmma.load <b, kcontig, transposed, #atom> {{.*}} -> vector<8xf8E4M3FN>
// R4: %[[B:.*]] = wmma.load <a, kcontig, transposed, #atom> {{.*}} -> vector<8xf8E5M2>
// R4: wmma.mma #atom %[[B]], %[[A]], {{.*}} : vector<8xf8E5M2>, vector<8xf8E4M3FN> -> vector<8xf32>
// R3: %[[A8:.*]] = wmma.load <a, hw, #atom> {{.*}} : memref<32x48xf8E4M3FN{{.*}}> -> vector<16xf8E4M3FN>
// R3: vector.bitcast %[[A8]] : vector<16xf8E4M3FN> to vector<16xi8>
// R3: arith.shli
// R3: %[[SCALED:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<16xf16>
// R3: %[[A16:.*]] = arith.select %{{.*}}, %{{.*}}, %[[SCALED]] : vector<16xi1>, vector<16xf16>
// R3: %[[B8:.*]] = wmma.load <b, hw, #atom> {{.*}} -> vector<16xf8E5M2>
// R3: vector.bitcast %[[B8]] : vector<16xf8E5M2> to vector<16xi8>
// R3: %[[B16:.*]] = vector.bitcast %{{.*}} : vector<16xi16> to vector<16xf16>
// R3: wmma.mma #atom %[[A16]], %[[B16]], {{.*}} : vector<16xf16>, vector<16xf16> -> vector<8xf32>
// ISA4: v_wmma_f32_16x16x16_bf8_fp8
// ISA3: v_wmma_f32_16x16x16_f16
func.func @fp8(%A: memref<32x48xf8E4M3FN>, %B: memref<48x32xf8E5M2>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x48xf8E4M3FN>, memref<48x32xf8E5M2>) outs(%C : memref<32x32xf32>)
  return
}

// -----

// An f16 output accumulates in f32 by default and is rounded once before
// the store.
// CHECK: #atom{{[0-9]*}} = #wmma.atom<{{rdna[34]}}, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: gpu.func @f16_out(
// CHECK-SAME: accumulator = f32
// CHECK: wmma.mma
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// R4: vector.store %[[T]], {{.*}} : memref<32x32xf16{{.*}}>, vector<8xf16>
func.func @f16_out(%A: memref<32x48xf16>, %B: memref<48x32xf16>, %C: memref<32x32xf16>) {
  linalg.matmul ins(%A, %B : memref<32x48xf16>, memref<48x32xf16>) outs(%C : memref<32x32xf16>)
  return
}

// -----

// i8 x f16: linalg converts the i8 operand to f32 (sitofp); every i8 is an
// f16, so the kernel converts it to f16 after the load instead (a
// prologue) and multiplies in f16.
// CHECK-LABEL: gpu.func @i8_f16(
// CHECK: %[[Q:.*]] = wmma.load <{{a|b}}, {{.*}}> %{{.*}} : memref<32x48xi8{{.*}}> -> vector<{{8|16}}xi8>
// CHECK: %[[H:.*]] = arith.sitofp %[[Q]] : vector<{{8|16}}xi8> to vector<{{8|16}}xf16>
// CHECK: wmma.mma #atom {{.*}}%[[H]]
func.func @i8_f16(%A: memref<32x48xi8>, %B: memref<48x32xf16>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x48xi8>, memref<48x32xf16>) outs(%C : memref<32x32xf32>)
  return
}

// -----

// A dequantising prologue: int8 weights times a per-column f16 scale,
// evaluated on the B fragment after its (storage) load.
// CHECK-LABEL: gpu.func @dequant(
// CHECK: %[[W:.*]] = wmma.load <{{a|b}}, {{.*}}> %{{.*}} : memref<48x32xi8{{.*}}> -> vector<{{8|16}}xi8>
// CHECK: %[[F:.*]] = arith.sitofp %[[W]] : vector<{{8|16}}xi8> to vector<{{8|16}}xf16>
// CHECK: %[[S:.*]] = arith.mulf %[[F]], %{{.*}} : vector<{{8|16}}xf16>
// CHECK: wmma.mma #atom {{.*}}%[[S]]
func.func @dequant(%x: memref<32x48xf16>, %w: memref<48x32xi8>, %s: memref<32xf16>, %y: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  %w16 = memref.alloc() : memref<48x32xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<48x32xi8>, memref<32xf16>) outs(%w16 : memref<48x32xf16>) {
  ^bb0(%q: i8, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i8 to f16
    %m = arith.mulf %f, %sc : f16
    linalg.yield %m : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<32x32xf32>)
  linalg.matmul ins(%x, %w16 : memref<32x48xf16>, memref<48x32xf16>) outs(%y : memref<32x32xf32>)
  return
}

// -----

// i4 (linalg sign-extends): the iu4 atom with both signs.  MLIR addresses
// memref<..xi4> one element per byte, so the fat buffers cover a byte per
// element (1024 x 512 elements + 3 bytes of dword slack) and global i4
// accesses are byte accesses (ISA: no byte loads).  Staged through LDS
// like i8 at this size, packed two per byte there (rows of 32 + 16 K:
// 24 bytes): the fragments are byte loads seen as i4, which the WMMA takes
// as they are.
// R4: #[[U4:atom[0-9]*]] = #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32, signed_a, signed_b>
// R3: #[[U4:atom[0-9]*]] = #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_a, signed_b>
// CHECK-LABEL: gpu.func @i4(
// CHECK-SAME: workgroup(%{{.*}} : memref<2x{{[0-9]+}}x24xi8, #gpu.address_space<workgroup>>, %{{.*}} : memref<2x{{[0-9]+}}x24xi8, #gpu.address_space<workgroup>>)
// CHECK-SAME: instruction = "v_wmma_i32_16x16x16_iu4"
// CHECK-SAME: staging = lds
// CHECK: %[[NB:.*]] = arith.constant 524291 : i64
// CHECK: amdgpu.fat_raw_buffer_cast %{{.*}} validBytes(%[[NB]]) resetOffset : memref<1024x512xi4>
// R4: %[[FB:.*]] = vector.load %{{.*}}[{{.*}}] : memref<2x{{.*}}x24xi8, #gpu.address_space<workgroup>>, vector<4xi8>
// R4: %[[F:.*]] = vector.bitcast %[[FB]] : vector<4xi8> to vector<8xi4>
// R3: %[[FB:.*]] = vector.load %{{.*}}[{{.*}}] : memref<2x{{.*}}x24xi8, #gpu.address_space<workgroup>>, vector<8xi8>
// R3: %[[F:.*]] = vector.bitcast %[[FB]] : vector<8xi8> to vector<16xi4>
// R4: wmma.mma #[[U4]] {{.*}} : vector<8xi4>, vector<8xi4> -> vector<8xi32>
// R3: wmma.mma #[[U4]] {{.*}} : vector<16xi4>, vector<16xi4> -> vector<8xi32>
// ISA4-LABEL: i4:
// ISA4-NOT: {{buffer|global}}_load_u8
// ISA4: ds_load_{{.*}}b32
// ISA4: v_wmma_i32_16x16x16_iu4 {{.*}} neg_lo:[1,1,0]
// ISA4-NOT: {{buffer|global}}_load_u8
// ISA4: .amdhsa_kernel i4
// ISA4-NOT: .amdhsa_private_segment_fixed_size {{[1-9]}}
// ISA4: .end_amdhsa_kernel
// ISA3-LABEL: i4:
// ISA3-NOT: {{buffer|global}}_load_u8
// ISA3: ds_load_{{.*}}b64
// ISA3: v_wmma_i32_16x16x16_iu4 {{.*}} neg_lo:[1,1,0]
// ISA3-NOT: {{buffer|global}}_load_u8
// ISA3: .amdhsa_kernel i4
// ISA3-NOT: .amdhsa_private_segment_fixed_size {{[1-9]}}
// ISA3: .end_amdhsa_kernel
func.func @i4(%A: memref<1024x512xi4>, %B: memref<512x1024xi4>, %C: memref<1024x1024xi32>) {
  linalg.matmul ins(%A, %B : memref<1024x512xi4>, memref<512x1024xi4>) outs(%C : memref<1024x1024xi32>)
  return
}

// -----

// Weight-only int4: the i4 weights' fragment (a byte per element) is
// converted and scaled in registers.
// CHECK-LABEL: gpu.func @dequant_i4(
// CHECK: %[[W:.*]] = wmma.load <{{a|b}}, {{.*}}> %{{.*}} : memref<48x32xi4{{.*}}> -> vector<{{8|16}}xi4>
// CHECK: %[[F:.*]] = arith.sitofp %[[W]] : vector<{{8|16}}xi4> to vector<{{8|16}}xf16>
// CHECK: %[[S:.*]] = arith.mulf %[[F]], %{{.*}} : vector<{{8|16}}xf16>
// CHECK: wmma.mma #atom {{.*}}%[[S]]
func.func @dequant_i4(%x: memref<32x48xf16>, %w: memref<48x32xi4>, %s: memref<32xf16>, %y: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  %w16 = memref.alloc() : memref<48x32xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<48x32xi4>, memref<32xf16>) outs(%w16 : memref<48x32xf16>) {
  ^bb0(%q: i4, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i4 to f16
    %m = arith.mulf %f, %sc : f16
    linalg.yield %m : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<32x32xf32>)
  linalg.matmul ins(%x, %w16 : memref<32x48xf16>, memref<48x32xf16>) outs(%y : memref<32x32xf32>)
  return
}

// -----

// Group-wise int4 scales (GPTQ/AWQ): s[k floordiv 128][n].  A group that
// is a multiple of 16 holds a whole K step of the fragment, so each lane
// loads one scale per fragment (origin / 128) and broadcasts it.
// CHECK-LABEL: gpu.func @dequant_grouped(
// CHECK: %[[W:.*]] = wmma.load <{{a|b}}, {{.*}}> %{{.*}} : memref<256x32xi4{{.*}}> -> vector<{{8|16}}xi4>
// CHECK: %[[F:.*]] = arith.sitofp %[[W]] : vector<{{8|16}}xi4> to vector<{{8|16}}xf16>
// CHECK: %[[G:.*]] = arith.divui %{{.*}}, %c128 : index
// CHECK: %[[S:.*]] = memref.load %{{.*}}[%[[G]], %{{.*}}] : memref<2x32xf16{{.*}}>
// CHECK-NEXT: %[[SV:.*]] = vector.from_elements %[[S]], %[[S]], %[[S]], %[[S]], %[[S]], %[[S]], %[[S]], %[[S]]
// CHECK: arith.mulf %[[F]], %[[SV]]
func.func @dequant_grouped(%x: memref<32x256xf16>, %w: memref<256x32xi4>, %s: memref<2x32xf16>, %y: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  %w16 = memref.alloc() : memref<256x32xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<256x32xi4>, memref<2x32xf16>) outs(%w16 : memref<256x32xf16>) {
  ^bb0(%q: i4, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i4 to f16
    %m = arith.mulf %f, %sc : f16
    linalg.yield %m : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<32x32xf32>)
  linalg.matmul ins(%x, %w16 : memref<32x256xf16>, memref<256x32xf16>) outs(%y : memref<32x32xf32>)
  return
}
