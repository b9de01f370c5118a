// NHWC x HWCF written as a generic with the loops in another order
// (c, kw, f, ow, kh, n, oh), dilation 2 in H, stride 2 in W.
func.func @conv_perm(%I: memref<2x21x33x24xf16>, %F: memref<3x3x24x40xf16>, %O: memref<2x17x16x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<2x17x16x40xf32>)
  linalg.generic {indexing_maps = [affine_map<(c, kw, f, ow, kh, n, oh) -> (n, oh + kh * 2, ow * 2 + kw, c)>,
                                   affine_map<(c, kw, f, ow, kh, n, oh) -> (kh, kw, c, f)>,
                                   affine_map<(c, kw, f, ow, kh, n, oh) -> (n, oh, ow, f)>],
                  iterator_types = ["reduction", "reduction", "parallel", "parallel", "reduction", "parallel", "parallel"]}
      ins(%I, %F : memref<2x21x33x24xf16>, memref<3x3x24x40xf16>) outs(%O : memref<2x17x16x40xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %eb, %ea : f32
    %r = arith.addf %p, %c : f32
    linalg.yield %r : f32
  }
  return
}
