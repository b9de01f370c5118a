// tensor.pad at the start of a GEMM operand's dims (low padding) read as
// masked loads of the unpadded source at the index minus the padding.
// M of A padded 3 at the start and 2 at the end (35 -> 40 rows), odd sizes.
func.func @pad_low_m(%a: tensor<35x30xf16>, %b: tensor<30x21xf16>) -> tensor<40x21xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %p = tensor.pad %a low[3, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<35x30xf16> to tensor<40x30xf16>
  %e = tensor.empty() : tensor<40x21xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<40x21xf32>) -> tensor<40x21xf32>
  %r = linalg.matmul ins(%p, %b : tensor<40x30xf16>, tensor<30x21xf16>) outs(%f : tensor<40x21xf32>) -> tensor<40x21xf32>
  return %r : tensor<40x21xf32>
}

// K padded at the start on both operands: 16 f16 before A's contiguous K,
// 16 rows before B's K (and 5 after both).
func.func @pad_low_k(%a: tensor<37x19xf16>, %b: tensor<19x27xf16>) -> tensor<37x27xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %pa = tensor.pad %a low[0, 16] high[0, 5] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<37x19xf16> to tensor<37x40xf16>
  %pb = tensor.pad %b low[16, 0] high[5, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<19x27xf16> to tensor<40x27xf16>
  %e = tensor.empty() : tensor<37x27xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<37x27xf32>) -> tensor<37x27xf32>
  %r = linalg.matmul ins(%pa, %pb : tensor<37x40xf16>, tensor<40x27xf16>) outs(%f : tensor<37x27xf32>) -> tensor<37x27xf32>
  return %r : tensor<37x27xf32>
}

// N of B padded at the start by 16 columns (contiguous) and K of B
// by 3 rows at the start, 1 at the end; A's K padded to match at its end.
func.func @pad_low_n(%a: tensor<33x28xf16>, %b: tensor<28x25xf16>) -> tensor<33x48xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %pa = tensor.pad %a low[0, 0] high[0, 4] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<33x28xf16> to tensor<33x32xf16>
  %pb = tensor.pad %b low[3, 16] high[1, 7] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<28x25xf16> to tensor<32x48xf16>
  %e = tensor.empty() : tensor<33x48xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<33x48xf32>) -> tensor<33x48xf32>
  %r = linalg.matmul ins(%pa, %pb : tensor<33x32xf16>, tensor<32x48xf16>) outs(%f : tensor<33x48xf32>) -> tensor<33x48xf32>
  return %r : tensor<33x48xf32>
}

// K of A padded at the start by 8 elements (not a multiple of 16: a vector
// load would straddle the source's start): the pad stays a copy (three
// launches).
func.func @pad_low_odd(%a: tensor<32x24xf16>, %b: tensor<32x24xf16>) -> tensor<32x24xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 8] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<32x24xf16> to tensor<32x32xf16>
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %r = linalg.matmul ins(%p, %b : tensor<32x32xf16>, tensor<32x24xf16>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  return %r : tensor<32x24xf32>
}

// A pad value other than zero: the masked loads read zeros, so the pad
// stays a copy (three launches).
func.func @pad_one(%a: tensor<35x30xf16>, %b: tensor<30x21xf16>) -> tensor<40x21xf32> {
  %z = arith.constant 1.5 : f16
  %zf = arith.constant 0.0 : f32
  %p = tensor.pad %a low[3, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<35x30xf16> to tensor<40x30xf16>
  %e = tensor.empty() : tensor<40x21xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<40x21xf32>) -> tensor<40x21xf32>
  %r = linalg.matmul ins(%p, %b : tensor<40x30xf16>, tensor<30x21xf16>) outs(%f : tensor<40x21xf32>) -> tensor<40x21xf32>
  return %r : tensor<40x21xf32>
}
