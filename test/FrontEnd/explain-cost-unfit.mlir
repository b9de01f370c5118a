// wmma-linalg-to-kernels{explain-cost} names every configuration the GEMM
// template weighs, those that do not fit too, with the reason.  Three
// products sharing A (Q, K and V of one input): at 128x128 their
// accumulators exceed the LDS loop's state, 128x64 and 64x128 the VGPR
// budget; 64x64 through LDS and both register tiles fit, and the model
// picks the cheapest (a grid of 64 rows: the smallest tile).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: gemm candidate: staging = registers, tile = [16, 64, 16], waves = [1, 4]: modelled 0.6144 us
// CHECK: remark: gemm candidate: staging = registers, tile = [64, 64, 16], waves = [2, 2]: modelled 0.896 us
// CHECK: remark: gemm candidate: staging = lds, tile = [128, 128, 32], waves = [2, 2]: does not fit (3 products of 4x4 WMMA tiles per wave carry more than 32 accumulators through the LDS loop)
// CHECK: remark: gemm candidate: staging = lds, tile = [128, 64, 32], waves = [2, 2]: does not fit (128x64 tiles need about {{[0-9]+}} VGPRs)
// CHECK: remark: gemm candidate: staging = lds, tile = [64, 128, 32], waves = [2, 2]: does not fit (64x128 tiles need about {{[0-9]+}} VGPRs)
// CHECK: remark: gemm candidate: staging = lds, tile = [64, 64, 32], waves = [2, 2]: modelled 0.896 us
// CHECK: remark: gemm chosen: staging = registers, tile = [16, 64, 16], waves = [1, 4]: modelled 0.6144 us
func.func @qkv(%x: memref<?x64xf16>, %wq: memref<64x64xf16>, %wk: memref<64x64xf16>, %wv: memref<64x64xf16>, %q: memref<?x64xf16>, %k: memref<?x64xf16>, %v: memref<?x64xf16>) {
  %zf = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %t = memref.dim %x, %c0 : memref<?x64xf16>
  %a = memref.alloc(%t) : memref<?x64xf32>
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wq : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%q : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %s = arith.constant 0.125 : f32
    %m = arith.mulf %in, %s : f32
    %h = arith.truncf %m : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wk : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%k : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %h = arith.truncf %in : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wv : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%v : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %h = arith.truncf %in : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %a : memref<?x64xf32>
  return
}
