// IREE's data-tiled matmul with a K tile of 4: A packed into 16 x 4 tiles,
// B (transposed) into 16 x 4, C into 16 x 16 (M = 40 and N = 24 padded,
// K = 48 = 12 x 4), mmt4d over k1 = 12 and k0 = 4, C unpacked.
func.func @mmt4d_pack_k4(%A: tensor<40x48xf16>, %B: tensor<48x24xf16>, %C: tensor<40x24xf32>) -> tensor<40x24xf32> {
  %zh = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<3x12x16x4xf16>
  %eb = tensor.empty() : tensor<2x12x16x4xf16>
  %ec = tensor.empty() : tensor<3x2x16x16xf32>
  %pa = linalg.pack %A padding_value(%zh : f16) inner_dims_pos = [0, 1] inner_tiles = [16, 4] into %ea : tensor<40x48xf16> -> tensor<3x12x16x4xf16>
  %pb = linalg.pack %B padding_value(%zh : f16) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 4] into %eb : tensor<48x24xf16> -> tensor<2x12x16x4xf16>
  %pc = linalg.pack %C padding_value(%zf : f32) inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %ec : tensor<40x24xf32> -> tensor<3x2x16x16xf32>
  %r = linalg.mmt4d ins(%pa, %pb : tensor<3x12x16x4xf16>, tensor<2x12x16x4xf16>) outs(%pc : tensor<3x2x16x16xf32>) -> tensor<3x2x16x16xf32>
  %eo = tensor.empty() : tensor<40x24xf32>
  %o = linalg.unpack %r inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %eo : tensor<3x2x16x16xf32> -> tensor<40x24xf32>
  return %o : tensor<40x24xf32>
}
