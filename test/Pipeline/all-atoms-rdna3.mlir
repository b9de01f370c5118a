// Every RDNA3 atom (both OPSEL halves, signed/clamped integer forms) goes
// through the whole pipeline to ISA with no backend error, for a discrete
// (gfx1100) and an APU (gfx1151) chip.  Each kernel is load, mma, store.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s
// RUN: sed 's/gfx1100/gfx1151/' %s | wmma-opt --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=APU
// APU: .amdgcn_target "amdgcn-amd-amdhsa--gfx1151"
// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
// CHECK-LABEL: f32_f16:
// CHECK: v_wmma_f32_16x16x16_f16
// APU-LABEL: f32_f16:
// APU: v_wmma_f32_16x16x16_f16
// CHECK-LABEL: f32_bf16:
// CHECK: v_wmma_f32_16x16x16_bf16
// APU-LABEL: f32_bf16:
// APU: v_wmma_f32_16x16x16_bf16
// CHECK-LABEL: f16_f16_lo:
// CHECK: v_wmma_f16_16x16x16_f16 v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}]{{$}}
// APU-LABEL: f16_f16_lo:
// APU: v_wmma_f16_16x16x16_f16 v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}]{{$}}
// CHECK-LABEL: f16_f16_hi:
// CHECK: v_wmma_f16_16x16x16_f16 {{.*}} op_sel:[0,0,1]{{$}}
// APU-LABEL: f16_f16_hi:
// APU: v_wmma_f16_16x16x16_f16 {{.*}} op_sel:[0,0,1]{{$}}
// CHECK-LABEL: bf16_bf16_lo:
// CHECK: v_wmma_bf16_16x16x16_bf16 v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}]{{$}}
// APU-LABEL: bf16_bf16_lo:
// APU: v_wmma_bf16_16x16x16_bf16 v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}]{{$}}
// CHECK-LABEL: bf16_bf16_hi:
// CHECK: v_wmma_bf16_16x16x16_bf16 {{.*}} op_sel:[0,0,1]{{$}}
// APU-LABEL: bf16_bf16_hi:
// APU: v_wmma_bf16_16x16x16_bf16 {{.*}} op_sel:[0,0,1]{{$}}
// CHECK-LABEL: i32_iu8:
// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0] clamp{{$}}
// APU-LABEL: i32_iu8:
// APU: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0] clamp{{$}}
// CHECK-LABEL: i32_iu4:
// CHECK: v_wmma_i32_16x16x16_iu4 {{.*}} neg_lo:[1,0,0]{{$}}
// APU-LABEL: i32_iu4:
// APU: v_wmma_i32_16x16x16_iu4 {{.*}} neg_lo:[1,0,0]{{$}}

module attributes {gpu.container_module} {
  gpu.module @atoms [#rocdl.target<chip = "gfx1100">] {
    gpu.func @f32_f16(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>> %A[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>> %B[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>> %C[%c0, %c0] : memref<16x16xf32> -> vector<8xf32>
      %d = wmma.mma #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32> %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
    gpu.func @f32_bf16(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>> %A[%c0, %c0] : memref<16x16xbf16> -> vector<16xbf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>> %B[%c0, %c0] : memref<16x16xbf16> -> vector<16xbf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>> %C[%c0, %c0] : memref<16x16xf32> -> vector<8xf32>
      %d = wmma.mma #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32> %a, %b, %c : vector<16xbf16>, vector<16xbf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
    gpu.func @f16_f16_lo(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>> %A[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>> %B[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>> %C[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %d = wmma.mma #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16> %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<16xf16>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>> %d, %C[%c0, %c0] : vector<16xf16>, memref<16x16xf16>
      gpu.return
    }
    gpu.func @f16_f16_hi(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>> %A[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>> %B[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>> %C[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %d = wmma.mma #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1> %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<16xf16>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>> %d, %C[%c0, %c0] : vector<16xf16>, memref<16x16xf16>
      gpu.return
    }
    gpu.func @bf16_bf16_lo(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xbf16>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16>> %A[%c0, %c0] : memref<16x16xbf16> -> vector<16xbf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16>> %B[%c0, %c0] : memref<16x16xbf16> -> vector<16xbf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16>> %C[%c0, %c0] : memref<16x16xbf16> -> vector<16xbf16>
      %d = wmma.mma #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16> %a, %b, %c : vector<16xbf16>, vector<16xbf16> -> vector<16xbf16>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16>> %d, %C[%c0, %c0] : vector<16xbf16>, memref<16x16xbf16>
      gpu.return
    }
    gpu.func @bf16_bf16_hi(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xbf16>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1>> %A[%c0, %c0] : memref<16x16xbf16> -> vector<16xbf16>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1>> %B[%c0, %c0] : memref<16x16xbf16> -> vector<16xbf16>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1>> %C[%c0, %c0] : memref<16x16xbf16> -> vector<16xbf16>
      %d = wmma.mma #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1> %a, %b, %c : vector<16xbf16>, vector<16xbf16> -> vector<16xbf16>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1>> %d, %C[%c0, %c0] : vector<16xbf16>, memref<16x16xbf16>
      gpu.return
    }
    gpu.func @i32_iu8(%A: memref<16x16xi8>, %B: memref<16x16xi8>, %C: memref<16x16xi32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>> %A[%c0, %c0] : memref<16x16xi8> -> vector<16xi8>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>> %B[%c0, %c0] : memref<16x16xi8> -> vector<16xi8>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>> %C[%c0, %c0] : memref<16x16xi32> -> vector<8xi32>
      %d = wmma.mma #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp> %a, %b, %c : vector<16xi8>, vector<16xi8> -> vector<8xi32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>> %d, %C[%c0, %c0] : vector<8xi32>, memref<16x16xi32>
      gpu.return
    }
    gpu.func @i32_iu4(%A: memref<16x16xi4>, %B: memref<16x16xi4>, %C: memref<16x16xi32>) kernel {
      %c0 = arith.constant 0 : index
      %a = wmma.load #wmma.frag<a, hw, #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_a>> %A[%c0, %c0] : memref<16x16xi4> -> vector<16xi4>
      %b = wmma.load #wmma.frag<b, hw, #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_a>> %B[%c0, %c0] : memref<16x16xi4> -> vector<16xi4>
      %c = wmma.load #wmma.frag<c, hw, #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_a>> %C[%c0, %c0] : memref<16x16xi32> -> vector<8xi32>
      %d = wmma.mma #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_a> %a, %b, %c : vector<16xi4>, vector<16xi4> -> vector<8xi32>
      wmma.store #wmma.frag<d, hw, #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_a>> %d, %C[%c0, %c0] : vector<8xi32>, memref<16x16xi32>
      gpu.return
    }
  }
}
