// Three products accumulating into one buffer, as frameworks write
// C = A1 B1 + A2 B2 + A3 B3 in place: each product's accumulator is the
// previous product's result (three kernels, C read and written in place).
func.func @acc_into(%a1: memref<40x32xf16>, %b1: memref<32x24xf16>, %a2: memref<40x48xf16>, %b2: memref<48x24xf16>, %a3: memref<40x16xf16>, %b3: memref<16x24xf16>, %c: memref<40x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<40x24xf32>)
  linalg.matmul ins(%a1, %b1 : memref<40x32xf16>, memref<32x24xf16>) outs(%c : memref<40x24xf32>)
  linalg.matmul ins(%a2, %b2 : memref<40x48xf16>, memref<48x24xf16>) outs(%c : memref<40x24xf32>)
  linalg.matmul ins(%a3, %b3 : memref<40x16xf16>, memref<16x24xf16>) outs(%c : memref<40x24xf32>)
  return
}
