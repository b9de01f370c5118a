// A ResNet stem as torch-mlir lowers it (NCHW): conv 7x7 stride 2
// padding 3 (a tensor.pad of zeros), the bias broadcast into the output
// before the convolution accumulates, a ReLU, then max pooling 3x3
// stride 2 padding 1 (a tensor.pad of -inf, the output filled with
// -inf): two kernels of one program, the pool its own.  3 -> 24
// channels, 33x33 -> 17x17 -> 9x9, f16 in, f32 out.
#bias = affine_map<(n, c, h, w) -> (c)>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @stem(%x: tensor<1x3x33x33xf16>, %w: tensor<24x3x7x7xf16>, %b: tensor<24xf32>) -> tensor<1x24x9x9xf32> {
  %cz = arith.constant 0.0 : f16
  %xp = tensor.pad %x low[0, 0, 3, 3] high[0, 0, 3, 3] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %cz : f16
  } : tensor<1x3x33x33xf16> to tensor<1x3x39x39xf16>
  %e = tensor.empty() : tensor<1x24x17x17xf32>
  %bb = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b : tensor<24xf32>) outs(%e : tensor<1x24x17x17xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<1x24x17x17xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%xp, %w : tensor<1x3x39x39xf16>, tensor<24x3x7x7xf16>) outs(%bb : tensor<1x24x17x17xf32>) -> tensor<1x24x17x17xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c : tensor<1x24x17x17xf32>) outs(%e : tensor<1x24x17x17xf32>) {
  ^bb0(%v: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %v, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x24x17x17xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %rp = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x24x17x17xf32> to tensor<1x24x19x19xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %pe = tensor.empty() : tensor<1x24x9x9xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x24x9x9xf32>) -> tensor<1x24x9x9xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%rp, %win : tensor<1x24x19x19xf32>, tensor<3x3xf32>) outs(%pf : tensor<1x24x9x9xf32>) -> tensor<1x24x9x9xf32>
  return %p : tensor<1x24x9x9xf32>
}
