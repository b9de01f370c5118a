// scf.if on tensors choosing the GEMM's epilogue, both branches writing
// the GEMM's result in place (destination-passing style): bufferization
// yields one buffer from both, the result aliases it.  The GEMM is a
// kernel before the conditional; each branch's epilogue a kernel of its
// own (no kernel crosses the region's boundary).
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @choose_t(%x: tensor<64x32xf16>, %w: tensor<32x48xf16>, %b: tensor<48xf32>, %sel: index) -> tensor<64x48xf32> {
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  %p = arith.cmpi ult, %sel, %c16 : index
  %e = tensor.empty() : tensor<64x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %m = linalg.matmul ins(%x, %w : tensor<64x32xf16>, tensor<32x48xf16>) outs(%f : tensor<64x48xf32>) -> tensor<64x48xf32>
  %r = scf.if %p -> tensor<64x48xf32> {
    %a = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%m : tensor<64x48xf32>) {
    ^bb0(%o: f32):
      %v = arith.maximumf %o, %z : f32
      linalg.yield %v : f32
    } -> tensor<64x48xf32>
    scf.yield %a : tensor<64x48xf32>
  } else {
    %a = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<48xf32>) outs(%m : tensor<64x48xf32>) {
    ^bb0(%bias: f32, %o: f32):
      %s = arith.addf %o, %bias : f32
      linalg.yield %s : f32
    } -> tensor<64x48xf32>
    scf.yield %a : tensor<64x48xf32>
  }
  return %r : tensor<64x48xf32>
}
