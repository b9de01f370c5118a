// Requantization as TOSA's lowering leaves it (tosa-to-linalg without
// tosa-to-arith's include-apply-rescale): tosa.apply_scale inside the
// linalg body, on the i32 result of an i8 GEMM (double rounding) and on an
// i8 input alone (single rounding).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gemm_requant(%A: tensor<37x45xi8>, %B: tensor<45x29xi8>) -> tensor<37x29xi8> {
  %zero = arith.constant 0 : i32
  %mult = arith.constant 1518500250 : i32
  %shift = arith.constant 38 : i8
  %ozp = arith.constant -3 : i32
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  %e = tensor.empty() : tensor<37x29xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<37x29xi32>) -> tensor<37x29xi32>
  %p = linalg.matmul ins(%A, %B : tensor<37x45xi8>, tensor<45x29xi8>) outs(%f : tensor<37x29xi32>) -> tensor<37x29xi32>
  %eo = tensor.empty() : tensor<37x29xi8>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<37x29xi32>) outs(%eo : tensor<37x29xi8>) {
  ^bb0(%x: i32, %o: i8):
    %s = tosa.apply_scale %x, %mult, %shift {rounding_mode = DOUBLE_ROUND} : (i32, i32, i8) -> i32
    %z = arith.addi %s, %ozp : i32
    %a = arith.maxsi %z, %lo : i32
    %b = arith.minsi %a, %hi : i32
    %t = arith.trunci %b : i32 to i8
    linalg.yield %t : i8
  } -> tensor<37x29xi8>
  return %r : tensor<37x29xi8>
}

func.func @rescale(%x: tensor<33x70xi8>) -> tensor<33x70xi8> {
  %izp = arith.constant 17 : i32
  %mult = arith.constant 19689 : i32
  %shift = arith.constant 15 : i8
  %ozp = arith.constant 22 : i32
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  %e = tensor.empty() : tensor<33x70xi8>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<33x70xi8>) outs(%e : tensor<33x70xi8>) {
  ^bb0(%in: i8, %o: i8):
    %w = arith.extsi %in : i8 to i32
    %c = arith.subi %w, %izp : i32
    %s = tosa.apply_scale %c, %mult, %shift {rounding_mode = SINGLE_ROUND} : (i32, i32, i8) -> i32
    %z = arith.addi %s, %ozp : i32
    %a = arith.maxsi %z, %lo : i32
    %b = arith.minsi %a, %hi : i32
    %t = arith.trunci %b : i32 to i8
    linalg.yield %t : i8
  } -> tensor<33x70xi8>
  return %r : tensor<33x70xi8>
}
