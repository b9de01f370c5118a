// A length mask from an index argument: columns at or past %len + 1 and
// rows before the constant 3 are zeroed, as a padded-sequence mask.
func.func @masked(%A: tensor<45x40xf16>, %B: tensor<40x37xf16>, %len: index) -> tensor<45x37xf32> {
  %z = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %end = arith.addi %len, %c1 : index
  %e = tensor.empty() : tensor<45x37xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<45x37xf32>) -> tensor<45x37xf32>
  %m = linalg.matmul ins(%A, %B : tensor<45x40xf16>, tensor<40x37xf16>) outs(%f : tensor<45x37xf32>) -> tensor<45x37xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<45x37xf32>) outs(%e : tensor<45x37xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %in = arith.cmpi ult, %j, %end : index
    %late = arith.cmpi uge, %i, %c3 : index
    %keep = arith.andi %in, %late : i1
    %y = arith.select %keep, %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<45x37xf32>
  return %r : tensor<45x37xf32>
}
