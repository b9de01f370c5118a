// scf.while loops the program record cannot describe stay on the host as
// a whole, with the reason (partial conversion: a remark).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})'


// A buffer carried from one iteration to the next.
func.func @carries_a_buffer(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{not converted to a wmma kernel: the scf.while carries something other than an index value the host computes (value 1): only index values (counters, sizes) are supported; update buffers in place in its body}}
  %r:2 = scf.while (%i = %c0, %buf = %a) : (index, memref<16x16xf32>) -> (index, memref<16x16xf32>) {
    %c = arith.cmpi ult, %i, %n : index
    scf.condition(%c) %i, %buf : index, memref<16x16xf32>
  } do {
  ^bb0(%i: index, %buf: memref<16x16xf32>):
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%buf : memref<16x16xf32>) {
    ^bb0(%o: f32):
      %t = arith.addf %o, %o : f32
      linalg.yield %t : f32
    }
    %j = arith.addi %i, %c1 : index
    scf.yield %j, %b : index, memref<16x16xf32>
  }
  return
}

// -----

// The condition reads memory (a value a kernel could have written): the
// host cannot decide the launches before running them.
func.func @condition_from_memory(%a: memref<16x16xf32>, %flag: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark @+1 {{not converted to a wmma kernel: the scf.while's condition region does more than index arithmetic (a kernel's work there is not supported: move it into the loop's body)}}
  %r = scf.while (%i = %c0) : (index) -> index {
    %f = memref.load %flag[] : memref<i32>
    %c = arith.cmpi ne, %f, %z : i32
    scf.condition(%c) %i : index
  } do {
  ^bb0(%i: index):
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<16x16xf32>) {
    ^bb0(%o: f32):
      %t = arith.addf %o, %o : f32
      linalg.yield %t : f32
    }
    %j = arith.addi %i, %c1 : index
    scf.yield %j : index
  }
  return
}

// -----

// A float carried (a running scale): not an index value.
func.func @carries_a_float(%a: memref<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  // expected-remark @+1 {{not converted to a wmma kernel: the scf.while carries something other than an index value the host computes (value 1)}}
  %r:2 = scf.while (%i = %c0, %s = %one) : (index, f32) -> (index, f32) {
    %c = arith.cmpi ult, %i, %n : index
    scf.condition(%c) %i, %s : index, f32
  } do {
  ^bb0(%i: index, %s: f32):
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<16x16xf32>) {
    ^bb0(%o: f32):
      %t = arith.mulf %o, %s : f32
      linalg.yield %t : f32
    }
    %j = arith.addi %i, %c1 : index
    %s2 = arith.addf %s, %s : f32
    scf.yield %j, %s2 : index, f32
  }
  return
}
