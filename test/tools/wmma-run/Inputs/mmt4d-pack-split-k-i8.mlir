// IREE's data-tiled i8 matmul with a K tile of 4 and pre-packed weights:
// A (40 x 48) packed in the function into 16 x 4 tiles (M padded to 48),
// B given packed (n1 = 2, k1 = 12, n0 = 16, k0 = 4), C packed into 16 x 16,
// mmt4d over k1 = 12 and k0 = 4 (B's layout keeps them apart: the kernel
// loops k1), C unpacked.
func.func @mmt4d_pack_i8(%A: tensor<40x48xi8>, %B: tensor<2x12x16x4xi8>, %C: tensor<40x24xi32>) -> tensor<40x24xi32> {
  %z8 = arith.constant 0 : i8
  %z32 = arith.constant 0 : i32
  %ea = tensor.empty() : tensor<3x12x16x4xi8>
  %ec = tensor.empty() : tensor<3x2x16x16xi32>
  %pa = linalg.pack %A padding_value(%z8 : i8) inner_dims_pos = [0, 1] inner_tiles = [16, 4] into %ea : tensor<40x48xi8> -> tensor<3x12x16x4xi8>
  %pc = linalg.pack %C padding_value(%z32 : i32) inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %ec : tensor<40x24xi32> -> tensor<3x2x16x16xi32>
  %r = linalg.mmt4d ins(%pa, %B : tensor<3x12x16x4xi8>, tensor<2x12x16x4xi8>) outs(%pc : tensor<3x2x16x16xi32>) -> tensor<3x2x16x16xi32>
  %eo = tensor.empty() : tensor<40x24xi32>
  %o = linalg.unpack %r inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %eo : tensor<3x2x16x16xi32> -> tensor<40x24xi32>
  return %o : tensor<40x24xi32>
}
