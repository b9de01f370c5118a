// The filter gradient of a 3x3 stride-2 convolution (generic):
// dW[kh][kw][c][f] = sum over n, oh, ow of
// x[n][2 oh + kh][2 ow + kw][c] * dy[n][oh][ow][f]; 16 -> 24 channels.
#x = affine_map<(kh, kw, c, f, n, oh, ow) -> (n, oh * 2 + kh, ow * 2 + kw, c)>
#dy = affine_map<(kh, kw, c, f, n, oh, ow) -> (n, oh, ow, f)>
#dw = affine_map<(kh, kw, c, f, n, oh, ow) -> (kh, kw, c, f)>
func.func @wgrad(%x: memref<2x17x17x16xf16>, %dy: memref<2x8x8x24xf16>, %dw: memref<3x3x16x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%dw : memref<3x3x16x24xf32>)
  linalg.generic {indexing_maps = [#x, #dy, #dw], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
    ins(%x, %dy : memref<2x17x17x16xf16>, memref<2x8x8x24xf16>) outs(%dw : memref<3x3x16x24xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
