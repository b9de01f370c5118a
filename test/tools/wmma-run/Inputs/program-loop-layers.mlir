// Three GEMM+ReLU layers applied to one activation buffer in a loop, the
// layer's weights a slice of a stacked weight tensor at the induction
// variable (a subview at a run-time offset).  The product reads the
// activation it then overwrites, so each iteration is two kernels: the
// GEMM into a temporary allocated and freed in the iteration, and the
// ReLU writing the activation back.
#id = affine_map<(i, j) -> (i, j)>
func.func @layers(%x: memref<64x32xf16>, %w: memref<3x32x32xf16>, %y: memref<64x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f16
  memref.copy %x, %y : memref<64x32xf16> to memref<64x32xf16>
  scf.for %i = %c0 to %c3 step %c1 {
    %wi = memref.subview %w[%i, 0, 0] [1, 32, 32] [1, 1, 1] : memref<3x32x32xf16> to memref<32x32xf16, strided<[32, 1], offset: ?>>
    %h = memref.alloc() : memref<64x32xf16>
    linalg.fill ins(%z : f16) outs(%h : memref<64x32xf16>)
    linalg.matmul ins(%y, %wi : memref<64x32xf16>, memref<32x32xf16, strided<[32, 1], offset: ?>>) outs(%h : memref<64x32xf16>)
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : memref<64x32xf16>) outs(%y : memref<64x32xf16>) {
    ^bb0(%o: f16, %u: f16):
      %m = arith.maximumf %o, %z : f16
      linalg.yield %m : f16
    }
    memref.dealloc %h : memref<64x32xf16>
  }
  return
}
