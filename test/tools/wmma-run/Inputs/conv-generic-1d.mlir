// A strided 1-D convolution written as a linalg.generic (no batch).
func.func @conv_generic(%I: memref<66x16xf16>, %F: memref<3x16x32xf16>, %O: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%O : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(w, f, kw, c) -> (w * 2 + kw, c)>, affine_map<(w, f, kw, c) -> (kw, c, f)>, affine_map<(w, f, kw, c) -> (w, f)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%I, %F : memref<66x16xf16>, memref<3x16x32xf16>) outs(%O : memref<32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}
