// IREE-style data tiling: pack A (padded) and B (transposed), mmt4d, unpack.
func.func @mmt4d_pipeline(%a: tensor<40x64xf16>, %b: tensor<64x48xf16>) -> tensor<40x48xf32> {
  %z16 = arith.constant 0.0 : f16
  %ea = tensor.empty() : tensor<3x4x16x16xf16>
  %pa = linalg.pack %a padding_value(%z16 : f16) inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %ea : tensor<40x64xf16> -> tensor<3x4x16x16xf16>
  %eb = tensor.empty() : tensor<3x4x16x16xf16>
  %pb = linalg.pack %b outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 16] into %eb : tensor<64x48xf16> -> tensor<3x4x16x16xf16>
  %zf = arith.constant 0.0 : f32
  %ec = tensor.empty() : tensor<3x3x16x16xf32>
  %fc = linalg.fill ins(%zf : f32) outs(%ec : tensor<3x3x16x16xf32>) -> tensor<3x3x16x16xf32>
  %pc = linalg.mmt4d ins(%pa, %pb : tensor<3x4x16x16xf16>, tensor<3x4x16x16xf16>) outs(%fc : tensor<3x3x16x16xf32>) -> tensor<3x3x16x16xf32>
  %er = tensor.empty() : tensor<40x48xf32>
  %r = linalg.unpack %pc inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %er : tensor<3x3x16x16xf32> -> tensor<40x48xf32>
  return %r : tensor<40x48xf32>
}
