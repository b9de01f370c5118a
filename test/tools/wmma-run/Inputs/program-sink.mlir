// Transposes moved next to their readers (test/FrontEnd/program-sink.mlir).

// The transpose of x is read by the second product, after an unrelated
// one: two launches, no copy.
func.func @sunk(%x: memref<64x32xf16>, %w: memref<32x48xf16>, %v: memref<64x40xf16>, %y: memref<64x48xf32>, %z: memref<32x40xf32>) {
  %zf = arith.constant 0.0 : f32
  %xt = memref.alloc() : memref<32x64xf16>
  linalg.transpose ins(%x : memref<64x32xf16>) outs(%xt : memref<32x64xf16>) permutation = [1, 0]
  linalg.fill ins(%zf : f32) outs(%y : memref<64x48xf32>)
  linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x48xf16>) outs(%y : memref<64x48xf32>)
  linalg.fill ins(%zf : f32) outs(%z : memref<32x40xf32>)
  linalg.matmul ins(%xt, %v : memref<32x64xf16>, memref<64x40xf16>) outs(%z : memref<32x40xf32>)
  memref.dealloc %xt : memref<32x64xf16>
  return
}

// -----

// The transpose's source is overwritten before the reader: it stays where
// it is, a kernel of its own launched before the overwrite.
func.func @blocked(%x: memref<64x32xf16>, %x2: memref<64x32xf16>, %v: memref<64x40xf16>, %z: memref<32x40xf32>) {
  %zf = arith.constant 0.0 : f32
  %xt = memref.alloc() : memref<32x64xf16>
  linalg.transpose ins(%x : memref<64x32xf16>) outs(%xt : memref<32x64xf16>) permutation = [1, 0]
  linalg.copy ins(%x2 : memref<64x32xf16>) outs(%x : memref<64x32xf16>)
  linalg.fill ins(%zf : f32) outs(%z : memref<32x40xf32>)
  linalg.matmul ins(%xt, %v : memref<32x64xf16>, memref<64x40xf16>) outs(%z : memref<32x40xf32>)
  memref.dealloc %xt : memref<32x64xf16>
  return
}
