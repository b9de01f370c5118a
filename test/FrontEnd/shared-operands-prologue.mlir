// Shared sub-expressions in an operand prologue: 64 ops on A's elements,
// every other one reading the previous value twice (a + a, then * 0.5: the
// values stay A's, exactly).  The prologue's walks (its matrix leaf, the
// loops it uses, whether it keeps the zeros of a masked load) visit each
// node once: 2^32 paths, compiled in well under a second.
// RUN: timeout 60 wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=CHECK,R4
// RUN: timeout 60 wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=CHECK,R3
// RUN: timeout 120 wmma-run %s --chip gfx1201 --seed 5 | FileCheck %s --check-prefix=NUM
// RUN: timeout 120 wmma-run %s --chip gfx1100 --seed 6 | FileCheck %s --check-prefix=NUM

// CHECK: gpu.func @shared_prologue(
// CHECK: scf.for
// R4-COUNT-32: arith.addf %{{.*}} : vector<8xf16>
// R3-COUNT-32: arith.addf %{{.*}} : vector<16xf16>
// CHECK-NOT: arith.addf
// CHECK: wmma.mma

// NUM: output Y [32x32 f32]: {{.*}}, 0 of 1024 outside the bound -> PASS
// NUM: {{^}}PASS

func.func @shared_prologue(%A: memref<32x48xf16>, %B: memref<48x32xf16>,
                            %Y: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<32x48xf16>
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, k)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<32x48xf16>) outs(%a : memref<32x48xf16>) {
  ^bb0(%a0: f16, %o: f16):
    %half = arith.constant 0.5 : f16
    %a1 = arith.addf %a0, %a0 : f16
    %a2 = arith.mulf %a1, %half : f16
    %a3 = arith.addf %a2, %a2 : f16
    %a4 = arith.mulf %a3, %half : f16
    %a5 = arith.addf %a4, %a4 : f16
    %a6 = arith.mulf %a5, %half : f16
    %a7 = arith.addf %a6, %a6 : f16
    %a8 = arith.mulf %a7, %half : f16
    %a9 = arith.addf %a8, %a8 : f16
    %a10 = arith.mulf %a9, %half : f16
    %a11 = arith.addf %a10, %a10 : f16
    %a12 = arith.mulf %a11, %half : f16
    %a13 = arith.addf %a12, %a12 : f16
    %a14 = arith.mulf %a13, %half : f16
    %a15 = arith.addf %a14, %a14 : f16
    %a16 = arith.mulf %a15, %half : f16
    %a17 = arith.addf %a16, %a16 : f16
    %a18 = arith.mulf %a17, %half : f16
    %a19 = arith.addf %a18, %a18 : f16
    %a20 = arith.mulf %a19, %half : f16
    %a21 = arith.addf %a20, %a20 : f16
    %a22 = arith.mulf %a21, %half : f16
    %a23 = arith.addf %a22, %a22 : f16
    %a24 = arith.mulf %a23, %half : f16
    %a25 = arith.addf %a24, %a24 : f16
    %a26 = arith.mulf %a25, %half : f16
    %a27 = arith.addf %a26, %a26 : f16
    %a28 = arith.mulf %a27, %half : f16
    %a29 = arith.addf %a28, %a28 : f16
    %a30 = arith.mulf %a29, %half : f16
    %a31 = arith.addf %a30, %a30 : f16
    %a32 = arith.mulf %a31, %half : f16
    %a33 = arith.addf %a32, %a32 : f16
    %a34 = arith.mulf %a33, %half : f16
    %a35 = arith.addf %a34, %a34 : f16
    %a36 = arith.mulf %a35, %half : f16
    %a37 = arith.addf %a36, %a36 : f16
    %a38 = arith.mulf %a37, %half : f16
    %a39 = arith.addf %a38, %a38 : f16
    %a40 = arith.mulf %a39, %half : f16
    %a41 = arith.addf %a40, %a40 : f16
    %a42 = arith.mulf %a41, %half : f16
    %a43 = arith.addf %a42, %a42 : f16
    %a44 = arith.mulf %a43, %half : f16
    %a45 = arith.addf %a44, %a44 : f16
    %a46 = arith.mulf %a45, %half : f16
    %a47 = arith.addf %a46, %a46 : f16
    %a48 = arith.mulf %a47, %half : f16
    %a49 = arith.addf %a48, %a48 : f16
    %a50 = arith.mulf %a49, %half : f16
    %a51 = arith.addf %a50, %a50 : f16
    %a52 = arith.mulf %a51, %half : f16
    %a53 = arith.addf %a52, %a52 : f16
    %a54 = arith.mulf %a53, %half : f16
    %a55 = arith.addf %a54, %a54 : f16
    %a56 = arith.mulf %a55, %half : f16
    %a57 = arith.addf %a56, %a56 : f16
    %a58 = arith.mulf %a57, %half : f16
    %a59 = arith.addf %a58, %a58 : f16
    %a60 = arith.mulf %a59, %half : f16
    %a61 = arith.addf %a60, %a60 : f16
    %a62 = arith.mulf %a61, %half : f16
    %a63 = arith.addf %a62, %a62 : f16
    %a64 = arith.mulf %a63, %half : f16
    linalg.yield %a64 : f16
  }
  linalg.fill ins(%zero : f32) outs(%Y : memref<32x32xf32>)
  linalg.matmul ins(%a, %B : memref<32x48xf16>, memref<48x32xf16>) outs(%Y : memref<32x32xf32>)
  return
}
