// Every RDNA4 atom goes through the whole pipeline to ISA with no backend
// error on gfx1201.  Each kernel is load, mma, store.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s
// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
// CHECK-LABEL: f32_f16:
// CHECK: v_wmma_f32_16x16x16_f16
// CHECK-LABEL: f32_bf16:
// CHECK: v_wmma_f32_16x16x16_bf16
// CHECK-LABEL: f16_f16:
// CHECK: v_wmma_f16_16x16x16_f16
// CHECK-LABEL: bf16_bf16:
// CHECK: v_wmma_bf16_16x16x16_bf16
// CHECK-LABEL: i32_iu8:
// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0] clamp{{$}}
// CHECK-LABEL: i32_iu4:
// CHECK: v_wmma_i32_16x16x16_iu4 v[{{[0-9:]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9:]+}}] neg_lo:[0,1,0]{{$}}
// CHECK-LABEL: i32_iu4_k32:
// CHECK: v_wmma_i32_16x16x32_iu4 {{.*}} neg_lo:[1,1,0]{{$}}
// CHECK-LABEL: f32_fp8_fp8:
// CHECK: v_wmma_f32_16x16x16_fp8_fp8
// CHECK-LABEL: f32_fp8_bf8:
// CHECK: v_wmma_f32_16x16x16_fp8_bf8
// CHECK-LABEL: f32_bf8_fp8:
// CHECK: v_wmma_f32_16x16x16_bf8_fp8
// CHECK-LABEL: f32_bf8_bf8:
// CHECK: v_wmma_f32_16x16x16_bf8_bf8

module attributes {gpu.container_module} {
  gpu.module @atoms [#rocdl.target<chip = "gfx1201">] {
    gpu.func @f32_f16(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>> %B[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>> %C[%c0, %c0] : memref<16x16xf32> -> vector<8xf32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32> %a, %b, %c : vector<8xf16>, vector<8xf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
    gpu.func @f32_bf16(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> f32>> %A[%c0, %c0] : memref<16x16xbf16> -> vector<8xbf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> f32>> %B[%c0, %c0] : memref<16x16xbf16> -> vector<8xbf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> f32>> %C[%c0, %c0] : memref<16x16xf32> -> vector<8xf32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> f32> %a, %b, %c : vector<8xbf16>, vector<8xbf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> f32>> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
    gpu.func @f16_f16(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>> %B[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>> %C[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16> %a, %b, %c : vector<8xf16>, vector<8xf16> -> vector<8xf16>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>> %d, %C[%c0, %c0] : vector<8xf16>, memref<16x16xf16>
      gpu.return
    }
    gpu.func @bf16_bf16(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xbf16>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16>> %A[%c0, %c0] : memref<16x16xbf16> -> vector<8xbf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16>> %B[%c0, %c0] : memref<16x16xbf16> -> vector<8xbf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16>> %C[%c0, %c0] : memref<16x16xbf16> -> vector<8xbf16>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16> %a, %b, %c : vector<8xbf16>, vector<8xbf16> -> vector<8xbf16>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16>> %d, %C[%c0, %c0] : vector<8xbf16>, memref<16x16xbf16>
      gpu.return
    }
    gpu.func @i32_iu8(%A: memref<16x16xi8>, %B: memref<16x16xi8>, %C: memref<16x16xi32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>> %A[%c0, %c0] : memref<16x16xi8> -> vector<8xi8>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>> %B[%c0, %c0] : memref<16x16xi8> -> vector<8xi8>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>> %C[%c0, %c0] : memref<16x16xi32> -> vector<8xi32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp> %a, %b, %c : vector<8xi8>, vector<8xi8> -> vector<8xi32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>> %d, %C[%c0, %c0] : vector<8xi32>, memref<16x16xi32>
      gpu.return
    }
    gpu.func @i32_iu4(%A: memref<16x16xi4>, %B: memref<16x16xi4>, %C: memref<16x16xi32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32, signed_b>> %A[%c0, %c0] : memref<16x16xi4> -> vector<8xi4>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32, signed_b>> %B[%c0, %c0] : memref<16x16xi4> -> vector<8xi4>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32, signed_b>> %C[%c0, %c0] : memref<16x16xi32> -> vector<8xi32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32, signed_b> %a, %b, %c : vector<8xi4>, vector<8xi4> -> vector<8xi32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32, signed_b>> %d, %C[%c0, %c0] : vector<8xi32>, memref<16x16xi32>
      gpu.return
    }
    gpu.func @i32_iu4_k32(%A: memref<16x32xi4>, %B: memref<32x16xi4>, %C: memref<16x16xi32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, signed_a, signed_b>> %A[%c0, %c0] : memref<16x32xi4> -> vector<16xi4>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, signed_a, signed_b>> %B[%c0, %c0] : memref<32x16xi4> -> vector<16xi4>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, signed_a, signed_b>> %C[%c0, %c0] : memref<16x16xi32> -> vector<8xi32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, signed_a, signed_b> %a, %b, %c : vector<16xi4>, vector<16xi4> -> vector<8xi32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, signed_a, signed_b>> %d, %C[%c0, %c0] : vector<8xi32>, memref<16x16xi32>
      gpu.return
    }
    gpu.func @f32_fp8_fp8(%A: memref<16x16xf8E4M3FN>, %B: memref<16x16xf8E4M3FN>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>> %A[%c0, %c0] : memref<16x16xf8E4M3FN> -> vector<8xf8E4M3FN>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>> %B[%c0, %c0] : memref<16x16xf8E4M3FN> -> vector<8xf8E4M3FN>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>> %C[%c0, %c0] : memref<16x16xf32> -> vector<8xf32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32> %a, %b, %c : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
    gpu.func @f32_fp8_bf8(%A: memref<16x16xf8E4M3FN>, %B: memref<16x16xf8E5M2>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>> %A[%c0, %c0] : memref<16x16xf8E4M3FN> -> vector<8xf8E4M3FN>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>> %B[%c0, %c0] : memref<16x16xf8E5M2> -> vector<8xf8E5M2>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>> %C[%c0, %c0] : memref<16x16xf32> -> vector<8xf32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32> %a, %b, %c : vector<8xf8E4M3FN>, vector<8xf8E5M2> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
    gpu.func @f32_bf8_fp8(%A: memref<16x16xf8E5M2>, %B: memref<16x16xf8E4M3FN>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>> %A[%c0, %c0] : memref<16x16xf8E5M2> -> vector<8xf8E5M2>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>> %B[%c0, %c0] : memref<16x16xf8E4M3FN> -> vector<8xf8E4M3FN>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>> %C[%c0, %c0] : memref<16x16xf32> -> vector<8xf32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32> %a, %b, %c : vector<8xf8E5M2>, vector<8xf8E4M3FN> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
    gpu.func @f32_bf8_bf8(%A: memref<16x16xf8E5M2>, %B: memref<16x16xf8E5M2>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32>> %A[%c0, %c0] : memref<16x16xf8E5M2> -> vector<8xf8E5M2>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32>> %B[%c0, %c0] : memref<16x16xf8E5M2> -> vector<8xf8E5M2>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32>> %C[%c0, %c0] : memref<16x16xf32> -> vector<8xf32>
      %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32> %a, %b, %c : vector<8xf8E5M2>, vector<8xf8E5M2> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32>> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
  }
}
