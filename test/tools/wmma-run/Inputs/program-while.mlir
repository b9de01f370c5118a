// scf.while around linalg: the host evaluates the condition before each
// iteration from the index values the loop carries and launches the
// body's kernels per iteration.

// A counter up to an index argument: each iteration doubles a (exact:
// a * 2^n).
func.func @while_doubling(%a: memref<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %c = arith.cmpi ult, %i, %n : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%i: index):
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<16x16xf32>) {
    ^bb0(%o: f32):
      %t = arith.addf %o, %o : f32
      linalg.yield %t : f32
    }
    %j = arith.addi %i, %c1 : index
    scf.yield %j : index
  }
  return
}

// Two carried values (an iteration count i and k = 2^i, the loop running
// while k < n: ceil(log2 n) iterations): a GEMM accumulating into y, then
// y * 0.5 + i, i reaching the kernel as a scalar.
func.func @while_two(%x: memref<32x32xf16>, %w: memref<32x32xf16>, %n: index, %y: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<32x32xf32>)
  %r:2 = scf.while (%i = %c0, %k = %c1) : (index, index) -> (index, index) {
    %c = arith.cmpi slt, %k, %n : index
    scf.condition(%c) %i, %k : index, index
  } do {
  ^bb0(%i: index, %k: index):
    linalg.matmul ins(%x, %w : memref<32x32xf16>, memref<32x32xf16>) outs(%y : memref<32x32xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%y : memref<32x32xf32>) {
    ^bb0(%o: f32):
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %h = arith.mulf %o, %half : f32
      %t = arith.addf %h, %fi : f32
      linalg.yield %t : f32
    }
    %i1 = arith.addi %i, %c1 : index
    %k2 = arith.muli %k, %c2 : index
    scf.yield %i1, %k2 : index, index
  }
  return
}
