// Sparse atoms (RDNA4 v_swmmac, 2:4 sparse A) and wmma.sparse_mma: all 11
// parse, verify and print back; the op's operand types are the registers of
// the instruction (compressed A: K/4 values per lane).
// RUN: wmma-opt %s --mlir-print-local-scope | FileCheck %s
// RUN: wmma-opt %s | wmma-opt --mlir-print-local-scope | FileCheck %s

// CHECK-LABEL: func.func @atoms
func.func @atoms() attributes {
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse>
  s00 = #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, bf16 * bf16 -> f32, sparse>
  s01 = #wmma.atom<rdna4, 16x16x32, bf16 * bf16 -> f32, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f16, sparse>
  s02 = #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f16, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, bf16 * bf16 -> bf16, sparse>
  s03 = #wmma.atom<rdna4, 16x16x32, bf16 * bf16 -> bf16, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, i8 * i8 -> i32, signed_a, signed_b, sparse>
  s04 = #wmma.atom<rdna4, 16x16x32, i8 * i8 -> i32, sparse, signed_a, signed_b>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, clamp, sparse>
  s05 = #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, clamp, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x64, i4 * i4 -> i32, sparse>
  s06 = #wmma.atom<rdna4, 16x16x64, i4 * i4 -> i32, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, f8E4M3FN * f8E4M3FN -> f32, sparse>
  s07 = #wmma.atom<rdna4, 16x16x32, f8E4M3FN * f8E4M3FN -> f32, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, f8E4M3FN * f8E5M2 -> f32, sparse>
  s08 = #wmma.atom<rdna4, 16x16x32, f8E4M3FN * f8E5M2 -> f32, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, f8E5M2 * f8E4M3FN -> f32, sparse>
  s09 = #wmma.atom<rdna4, 16x16x32, f8E5M2 * f8E4M3FN -> f32, sparse>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, f8E5M2 * f8E5M2 -> f32, sparse>
  s10 = #wmma.atom<rdna4, 16x16x32, f8E5M2 * f8E5M2 -> f32, sparse>
} { return }

// CHECK-LABEL: func.func @ops
// CHECK: wmma.sparse_mma <rdna4, 16x16x32, f16 * f16 -> f32, sparse> %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf16>, vector<16xf16> -> vector<8xf32>
// CHECK: wmma.sparse_mma <rdna4, 16x16x32, f16 * f16 -> f16, sparse> %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {index_key = 1 : i32} : vector<8xf16>, vector<16xf16> -> vector<8xf16>
// CHECK: wmma.sparse_mma <rdna4, 16x16x32, i8 * i8 -> i32, signed_a, signed_b, sparse> %{{.*}} : vector<8xi8>, vector<16xi8> -> vector<8xi32>
// CHECK: wmma.sparse_mma <rdna4, 16x16x64, i4 * i4 -> i32, sparse> %{{.*}} : vector<16xi4>, vector<32xi4> -> vector<8xi32>
func.func @ops(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>,
               %h: vector<8xf16>, %i: i32, %a8: vector<8xi8>,
               %b8: vector<16xi8>, %c8: vector<8xi32>, %a4: vector<16xi4>,
               %b4: vector<32xi4>) {
  %0 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse> %a, %b, %c, %i : vector<8xf16>, vector<16xf16> -> vector<8xf32>
  %1 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f16, sparse> %a, %b, %h, %i {index_key = 1 : i32} : vector<8xf16>, vector<16xf16> -> vector<8xf16>
  %2 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, i8 * i8 -> i32, signed_a, signed_b, sparse> %a8, %b8, %c8, %i : vector<8xi8>, vector<16xi8> -> vector<8xi32>
  %3 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x64, i4 * i4 -> i32, sparse> %a4, %b4, %c8, %i : vector<16xi4>, vector<32xi4> -> vector<8xi32>
  return
}
