// bound-ones.mlir with B' = 1/2: every element 128 instead of 256, a wrong
// reference whose bound is known (probabilistic-bound.test).
#id = affine_map<(i, j) -> (i, j)>
func.func @ones(%a: tensor<32x256xf16>, %b: tensor<256x32xf16>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %half = arith.constant 0.5 : f16
  %zf = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<32x256xf16>
  %a1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<32x256xf16>) outs(%ea : tensor<32x256xf16>) {
  ^bb0(%x: f16, %o: f16):
    %z = arith.mulf %x, %zero : f16
    %r = arith.addf %z, %one : f16
    linalg.yield %r : f16
  } -> tensor<32x256xf16>
  %eb = tensor.empty() : tensor<256x32xf16>
  %b1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<256x32xf16>) outs(%eb : tensor<256x32xf16>) {
  ^bb0(%x: f16, %o: f16):
    %z = arith.mulf %x, %zero : f16
    %r = arith.addf %z, %half : f16
    linalg.yield %r : f16
  } -> tensor<256x32xf16>
  %ec = tensor.empty() : tensor<32x32xf32>
  %fc = linalg.fill ins(%zf : f32) outs(%ec : tensor<32x32xf32>) -> tensor<32x32xf32>
  %c = linalg.matmul ins(%a1, %b1 : tensor<32x256xf16>, tensor<256x32xf16>) outs(%fc : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %c : tensor<32x32xf32>
}
