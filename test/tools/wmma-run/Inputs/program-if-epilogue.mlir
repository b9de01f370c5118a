// An scf.if on an index argument choosing between two epilogues of one
// GEMM: each branch is one kernel (the GEMM with its ReLU, or with its
// bias), launched only when the branch is taken.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @choose(%x: memref<64x32xf16>, %w: memref<32x48xf16>, %b: memref<48xf32>, %sel: index, %y: memref<64x48xf32>) {
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  %relu = arith.cmpi ult, %sel, %c16 : index
  scf.if %relu {
    linalg.fill ins(%z : f32) outs(%y : memref<64x48xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x48xf16>) outs(%y : memref<64x48xf32>)
    linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%y : memref<64x48xf32>) {
    ^bb0(%o: f32):
      %m = arith.maximumf %o, %z : f32
      linalg.yield %m : f32
    }
  } else {
    linalg.fill ins(%z : f32) outs(%y : memref<64x48xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x48xf16>) outs(%y : memref<64x48xf32>)
    linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b : memref<48xf32>) outs(%y : memref<64x48xf32>) {
    ^bb0(%bias: f32, %o: f32):
      %s = arith.addf %o, %bias : f32
      linalg.yield %s : f32
    }
  }
  return
}
