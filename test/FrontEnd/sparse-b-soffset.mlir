// A 2:4 B's product on gfx1201 (GemmSparseLds.c): the product's B (the
// dense A as it is, 16-bit, K contiguous) goes from global memory straight
// into the waves' registers; in the K loop each slice's K offset is the
// buffer loads' scalar offset (amdgpu.raw_buffer_load sgprOffset: an
// SGPR, LdsCopy.c's fe_lds_copy_soffset_load), so the lanes' offsets are
// loop-invariant and no VALU add computes a load's address (32 a trip at
// 2048^3 before: sparse-density.mlir).  Slice 0, before the loop, has a
// constant K: it keeps the fat buffer view's loads (immediate offsets).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=IR
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA

#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>

// IR-LABEL: gpu.func @spb(%arg0: memref<128x1024xf16>
// IR-SAME: copy = [vec, vec]
// IR: %[[FAT:.+]] = amdgpu.fat_raw_buffer_cast %arg0
// IR-COUNT-2: vector.load %[[FAT]][%{{.*}}, %{{.*}}] : memref<128x1024xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<16xf16>
// The loop carries the slice's two halves of B fragments.
// IR: scf.for {{.*}} -> (vector<8xf32>, vector<16xf16>, vector<16xf16>)
// IR-NOT: vector.load %[[FAT]]
// IR: %[[V:.+]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [131073], strides: [1] : memref<128x1024xf16> to memref<131073xf16>
// IR-COUNT-2: amdgpu.raw_buffer_load %[[V]][%{{.*}}] sgprOffset %{{.*}} : memref<131073xf16>, i32 -> vector<8xf16>
// IR-NOT: vector.load %[[FAT]]
// IR: scf.yield
// In the loop every 128-bit load (A's values, B's fragments) takes an
// SGPR offset; the one VALU add left is the index words' (a 64-bit load).
// ISA-LABEL: spb:
// ISA: .LBB0_1:
// ISA-NOT: buffer_load_b128 {{.*}} null offen
// ISA-COUNT-2: buffer_load_b128 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], s{{[0-9]+}} offen
// ISA-NOT: buffer_load_b128 {{.*}} null offen
// ISA: s_cbranch_scc1 .LBB0_1
// ISA: .vgpr_spill_count: 0
func.func @spb(%A: tensor<128x1024xf16>, %B: tensor<1024x128xf16, #KB24>, %C: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<128x1024xf16>, tensor<1024x128xf16, #KB24>) outs(%C : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
