// Forms frameworks emit that the front end still refuses, each with its
// reason (partial conversion: a remark, the op left on the host).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})'

// A value and its position reduced together, but by a non-strict compare
// (`oge`: the last of equal values wins).  The forms torch-mlir and TOSA
// write (strict compares) compile: program-argmax.mlir.
func.func @argmax_last(%x: memref<8x100xf32>, %v: memref<8xf32>, %i: memref<8xi64>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic with 2 outputs reduced together: only a value and its position are, in the forms torch-mlir and TOSA write (one input, one reduction loop, the value by maximumf/minimumf/maxsi/minsi or by the select, the position an i32 or i64 index_cast of linalg.index chosen by a strict compare: ogt, olt, sgt or slt of the element with the running value)}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<8x100xf32>) outs(%v, %i : memref<8xf32>, memref<8xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %idx = linalg.index 1 : index
    %n = arith.index_cast %idx : index to i64
    %max = arith.maximumf %in, %out : f32
    %cmp = arith.cmpf oge, %in, %out : f32
    %sel = arith.select %cmp, %n, %out_1 : i64
    linalg.yield %max, %sel : f32, i64
  }
  return
}

// -----

// A gather from a table of rank 4 (the kernels index up to 3 dims).
func.func @gather_rank4(%w: memref<4x4x4x16xf32>, %ids: memref<7xi64>, %o: memref<7x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(s, e) -> (s)>, affine_map<(s, e) -> (s, e)>], iterator_types = ["parallel", "parallel"]} ins(%ids : memref<7xi64>) outs(%o : memref<7x16xf32>) {
  ^bb0(%id: i64, %out: f32):
    %i = arith.index_cast %id : i64 to index
    %j = linalg.index 1 : index
    // expected-remark @+1 {{not converted to a wmma kernel: memref.load: a gather from a buffer of rank 0 or above 3 is not supported}}
    %v = memref.load %w[%i, %i, %i, %j] : memref<4x4x4x16xf32>
    linalg.yield %v : f32
  }
  return
}
