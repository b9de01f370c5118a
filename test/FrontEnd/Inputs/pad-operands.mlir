// tensor.pad at the end of a GEMM operand's dims (K, M or N rounded up to a
// multiple of 16) read as masked loads of the unpadded source: one kernel,
// no padded copy.  Where something else reads the padding (the epilogue)
// or the template cannot mask (f32 x f32: VALU), the pad stays a copy.
func.func @pad_k(%a: tensor<40x30xf16>, %b: tensor<32x24xf16>) -> tensor<40x24xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<40x30xf16> to tensor<40x32xf16>
  %e = tensor.empty() : tensor<40x24xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<40x24xf32>) -> tensor<40x24xf32>
  %r = linalg.matmul ins(%p, %b : tensor<40x32xf16>, tensor<32x24xf16>) outs(%f : tensor<40x24xf32>) -> tensor<40x24xf32>
  return %r : tensor<40x24xf32>
}

// M of A padded (30 -> 32 rows) and K of B padded (30 -> 32 rows), N of B
// padded (20 -> 24 columns)
func.func @pad_mkn(%a: tensor<30x32xf16>, %b: tensor<30x20xf16>) -> tensor<32x24xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %pa = tensor.pad %a low[0, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<30x32xf16> to tensor<32x32xf16>
  %pb = tensor.pad %b low[0, 0] high[2, 4] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<30x20xf16> to tensor<32x24xf16>
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %r = linalg.matmul ins(%pa, %pb : tensor<32x32xf16>, tensor<32x24xf16>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  return %r : tensor<32x24xf32>
}
// The padded operand is also read by the epilogue: not masked there, so
// the pad stays a copy (several kernels).
#id = affine_map<(i, j) -> (i, j)>
func.func @pad_epilogue(%a: tensor<32x30xf16>, %b: tensor<32x32xf16>) -> tensor<32x32xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %pa = tensor.pad %a low[0, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<32x30xf16> to tensor<32x32xf16>
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%pa, %b : tensor<32x32xf16>, tensor<32x32xf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%r, %pa : tensor<32x32xf32>, tensor<32x32xf16>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%x: f32, %p: f16, %o: f32):
    %pw = arith.extf %p : f16 to f32
    %s = arith.addf %x, %pw : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  return %y : tensor<32x32xf32>
}
// f32 x f32 (the VALU template): the pad stays a copy.
func.func @pad_f32(%a: tensor<20x30xf32>, %b: tensor<32x24xf32>) -> tensor<20x24xf32> {
  %z = arith.constant 0.0 : f32
  %pa = tensor.pad %a low[0, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<20x30xf32> to tensor<20x32xf32>
  %e = tensor.empty() : tensor<20x24xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<20x24xf32>) -> tensor<20x24xf32>
  %r = linalg.matmul ins(%pa, %b : tensor<20x32xf32>, tensor<32x24xf32>) outs(%f : tensor<20x24xf32>) -> tensor<20x24xf32>
  return %r : tensor<20x24xf32>
}
