// quantized_matmul and quantized_batch_matmul with M = 1 (a decode-sized
// row, K = 96): the VALU template (a WMMA tile would use 1 of its 16
// rows), which subtracts the zero points (i32 arguments) per operand
// element; exact in i32.
func.func @qmm_m1(%a: memref<1x96xi8>, %b: memref<96x40xi8>, %za: i32, %zb: i32, %y: memref<1x40xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<1x40xi32>)
  linalg.quantized_matmul ins(%a, %b, %za, %zb : memref<1x96xi8>, memref<96x40xi8>, i32, i32) outs(%y : memref<1x40xi32>)
  return
}

func.func @qbmm_m1(%a: memref<3x1x96xi8>, %b: memref<3x96x40xi8>, %y: memref<3x1x40xi32>) {
  %z = arith.constant 0 : i32
  %za = arith.constant 9 : i32
  %zb = arith.constant -11 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<3x1x40xi32>)
  linalg.quantized_batch_matmul ins(%a, %b, %za, %zb : memref<3x1x96xi8>, memref<3x96x40xi8>, i32, i32) outs(%y : memref<3x1x40xi32>)
  return
}
