// The data gradient of a 3x3 stride-2 pad-1 convolution (x 2x17x17x24,
// w 3x3x24x40 HWCF, dy 2x9x9x40) as frameworks write the transposed
// convolution: dy dilated by 2 and padded by 1 (a strided
// tensor.insert_slice into zeros), then a convolution reading the filter
// flipped (`2 - kh`, `2 - kw`) with its channels swapped.
#img = affine_map<(n, h, w, c, kh, kw, f) -> (n, h + 2 - kh, w + 2 - kw, f)>
#flt = affine_map<(n, h, w, c, kh, kw, f) -> (kh, kw, f, c)>
#out = affine_map<(n, h, w, c, kh, kw, f) -> (n, h, w, c)>
func.func @dgrad(%dy: tensor<2x9x9x40xf16>, %w: tensor<3x3x40x24xf16>) -> tensor<2x17x17x24xf32> {
  %zh = arith.constant 0.0 : f16
  %e0 = tensor.empty() : tensor<2x19x19x40xf16>
  %z0 = linalg.fill ins(%zh : f16) outs(%e0 : tensor<2x19x19x40xf16>) -> tensor<2x19x19x40xf16>
  %dyd = tensor.insert_slice %dy into %z0[0, 1, 1, 0] [2, 9, 9, 40] [1, 2, 2, 1] : tensor<2x9x9x40xf16> into tensor<2x19x19x40xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x17x17x24xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<2x17x17x24xf32>) -> tensor<2x17x17x24xf32>
  %dx = linalg.generic {indexing_maps = [#img, #flt, #out],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%dyd, %w : tensor<2x19x19x40xf16>, tensor<3x3x40x24xf16>) outs(%acc : tensor<2x17x17x24xf32>) {
  ^bb0(%a: f16, %b: f16, %o: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x17x17x24xf32>
  return %dx : tensor<2x17x17x24xf32>
}
