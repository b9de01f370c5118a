// bound-chain.mlir with C' = 1/2: every element 2048 instead of 4096, a
// wrong reference whose bound is known (probabilistic-bound.test).
#id = affine_map<(i, j) -> (i, j)>
func.func @chain(%a: tensor<32x16xf16>, %b: tensor<16x256xf16>, %c: tensor<256x32xf16>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %half = arith.constant 0.5 : f16
  %zf = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<32x16xf16>
  %a1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<32x16xf16>) outs(%ea : tensor<32x16xf16>) {
  ^bb0(%x: f16, %o: f16):
    %z = arith.mulf %x, %zero : f16
    %r = arith.addf %z, %one : f16
    linalg.yield %r : f16
  } -> tensor<32x16xf16>
  %eb = tensor.empty() : tensor<16x256xf16>
  %b1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<16x256xf16>) outs(%eb : tensor<16x256xf16>) {
  ^bb0(%x: f16, %o: f16):
    %z = arith.mulf %x, %zero : f16
    %r = arith.addf %z, %one : f16
    linalg.yield %r : f16
  } -> tensor<16x256xf16>
  %ec = tensor.empty() : tensor<256x32xf16>
  %c1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<256x32xf16>) outs(%ec : tensor<256x32xf16>) {
  ^bb0(%x: f16, %o: f16):
    %z = arith.mulf %x, %zero : f16
    %r = arith.addf %z, %half : f16
    linalg.yield %r : f16
  } -> tensor<256x32xf16>
  %zh = arith.constant 0.0 : f16
  %ey = tensor.empty() : tensor<32x256xf16>
  %fy = linalg.fill ins(%zh : f16) outs(%ey : tensor<32x256xf16>) -> tensor<32x256xf16>
  %y = linalg.matmul ins(%a1, %b1 : tensor<32x16xf16>, tensor<16x256xf16>) outs(%fy : tensor<32x256xf16>) -> tensor<32x256xf16>
  %ez = tensor.empty() : tensor<32x32xf32>
  %fz = linalg.fill ins(%zf : f32) outs(%ez : tensor<32x32xf32>) -> tensor<32x32xf32>
  %z = linalg.matmul ins(%y, %c1 : tensor<32x256xf16>, tensor<256x32xf16>) outs(%fz : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %z : tensor<32x32xf32>
}
