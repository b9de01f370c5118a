// Max pooling as IREE writes it: a linalg.generic over the window operand
// (read for its shape only), body arith.maxnumf, 3x3 stride 2 padding 1
// from a tensor.pad of -inf; a ReLU and the conversion to f32 after it,
// fused as the epilogue.  f16, batch 2, 33x33 spatial, 24 channels.
#in = affine_map<(n, h, w, c, kh, kw) -> (n, 2 * h + kh, 2 * w + kw, c)>
#win = affine_map<(n, h, w, c, kh, kw) -> (kh, kw)>
#out = affine_map<(n, h, w, c, kh, kw) -> (n, h, w, c)>
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @pool_generic(%x: tensor<2x33x33x24xf16>) -> tensor<2x17x17x24xf32> {
  %ninf = arith.constant 0xFC00 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f16
  } : tensor<2x33x33x24xf16> to tensor<2x35x35x24xf16>
  %w = tensor.empty() : tensor<3x3xf16>
  %e = tensor.empty() : tensor<2x17x17x24xf16>
  %f = linalg.fill ins(%ninf : f16) outs(%e : tensor<2x17x17x24xf16>) -> tensor<2x17x17x24xf16>
  %m = linalg.generic {indexing_maps = [#in, #win, #out],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%p, %w : tensor<2x35x35x24xf16>, tensor<3x3xf16>) outs(%f : tensor<2x17x17x24xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %r = arith.maxnumf %o, %a : f16
    linalg.yield %r : f16
  } -> tensor<2x17x17x24xf16>
  %e32 = tensor.empty() : tensor<2x17x17x24xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%m : tensor<2x17x17x24xf16>) outs(%e32 : tensor<2x17x17x24xf32>) {
  ^bb0(%a: f16, %o: f32):
    %z = arith.constant 0.0 : f16
    %r = arith.maximumf %a, %z : f16
    %x32 = arith.extf %r : f16 to f32
    linalg.yield %x32 : f32
  } -> tensor<2x17x17x24xf32>
  return %y : tensor<2x17x17x24xf32>
}
