// Run-time sizes the program record cannot express: a buffer whose size
// changes per iteration of a loop (the runner allocates each of the
// program's buffers once for the run).  With whole-functions (wmma-compile,
// wmma-run) the refusal is at the op that allocates it.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=true})'

func.func @per_iteration_size(%x: tensor<64x32xf32>, %acc: tensor<32xf32>, %n: index) -> tensor<32xf32> {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c1 to %n step %c1 iter_args(%a = %acc) -> tensor<32xf32> {
    // expected-error @+1 {{@per_iteration_size is not a static sequence of launches: a buffer's size changes per iteration of a loop (it depends on an induction variable): the program allocates each buffer once for the run; allocate it outside the loop at its largest size}}
    %e = tensor.empty(%i) : tensor<?x32xf32>
    %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x32xf32>) outs(%e : tensor<?x32xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = arith.mulf %v, %v : f32
      linalg.yield %t : f32
    } -> tensor<?x32xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]} ins(%h : tensor<?x32xf32>) outs(%a : tensor<32xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = arith.addf %v, %o : f32
      linalg.yield %t : f32
    } -> tensor<32xf32>
    scf.yield %s : tensor<32xf32>
  }
  return %r : tensor<32xf32>
}
