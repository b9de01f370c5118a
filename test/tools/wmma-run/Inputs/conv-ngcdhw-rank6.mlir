// A grouped 3-D convolution on rank-6 buffers (conv_3d_ngcdhw_fgcdhw's
// maps as a linalg.generic: the named op is not in this MLIR): 2 groups,
// batch 2, 24 input channels per group, stride 2 in H and W.
func.func @conv_ngcdhw(%x: memref<2x2x24x5x9x9xf16>, %w: memref<16x2x24x3x3x3xf16>, %y: memref<2x2x16x3x4x4xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x2x16x3x4x4xf32>)
  linalg.generic {indexing_maps = [
      affine_map<(n, g, f, d, h, w, c, kd, kh, kw) -> (n, g, c, d + kd, h * 2 + kh, w * 2 + kw)>,
      affine_map<(n, g, f, d, h, w, c, kd, kh, kw) -> (f, g, c, kd, kh, kw)>,
      affine_map<(n, g, f, d, h, w, c, kd, kh, kw) -> (n, g, f, d, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction", "reduction"]}
      ins(%x, %w : memref<2x2x24x5x9x9xf16>, memref<16x2x24x3x3x3xf16>) outs(%y : memref<2x2x16x3x4x4xf32>) {
  ^bb0(%a: f16, %b: f16, %o: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}
