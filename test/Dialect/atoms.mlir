// Every atom of both architectures parses, verifies and prints back.
// RUN: wmma-opt %s --mlir-print-local-scope | FileCheck %s
// RUN: wmma-opt %s | wmma-opt --mlir-print-local-scope | FileCheck %s
// RUN: wmma-opt %s --mlir-print-op-generic | wmma-opt --mlir-print-local-scope | FileCheck %s

// CHECK-LABEL: func.func @rdna3_atoms
func.func @rdna3_atoms() attributes {
  // CHECK-SAME: #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
  a0 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>,
  // CHECK-SAME: #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>
  a1 = #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>,
  // CHECK-SAME: #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>
  a2 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 0>,
  // CHECK-SAME: #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>
  a3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>,
  // CHECK-SAME: #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1>
  a4 = #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1>,
  // CHECK-SAME: #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>
  a5 = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, clamp, signed_b, signed_a>,
  // CHECK-SAME: #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_b>
  a6 = #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_b>
} {
  return
}

// CHECK-LABEL: func.func @rdna4_atoms
func.func @rdna4_atoms() attributes {
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
  a00 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> f32>
  a01 = #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> f32>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>
  a02 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16>
  a03 = #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a>
  a04 = #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32>
  a05 = #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, clamp>
  a06 = #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, clamp>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>
  a07 = #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>
  a08 = #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>
  a09 = #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>,
  // CHECK-SAME: #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32>
  a10 = #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32>
} {
  return
}

// CHECK-LABEL: func.func @frags
func.func @frags() attributes {
  // CHECK-SAME: #wmma.frag<a, kcontig, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>>
  f0 = #wmma.frag<a, kcontig, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>>,
  // CHECK-SAME: #wmma.frag<d, hw, transposed, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>>
  f1 = #wmma.frag<d, hw, transposed, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>>,
  // CHECK-SAME: #wmma.frag<b, compact, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>>
  f2 = #wmma.frag<b, compact, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>>
} {
  return
}
