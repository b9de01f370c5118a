// The softmax's running maximum may start anywhere below +inf: at -inf, at
// the lowest finite value (what frameworks emit) or at another constant
// such as -1e30 here.  The attention kernel's running maximum starts at the
// same constant (the loop's first iteration argument), so exp(x - max) and
// the sum are the function's even where every score of a row lies below it
// (test/EndToEnd/attention-max-start-45x90-d64.mlir runs such a start).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: gpu.func @max_start_finite(
// CHECK-SAME: template = "attention"
// CHECK: %[[START:.*]] = arith.constant -1.000000e+30 : f32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[START]],
func.func @max_start_finite(%Q: tensor<45x64xf16>, %K: tensor<90x64xf16>, %V: tensor<90x64xf16>) -> tensor<45x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x90xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<45x90xf32>) -> tensor<45x90xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%Q, %K : tensor<45x64xf16>, tensor<90x64xf16>) outs(%f : tensor<45x90xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<45x90xf32>
  %e1 = tensor.empty() : tensor<45x90xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<45x90xf32>) outs(%e1 : tensor<45x90xf32>) {
    ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    %qi = linalg.index 0 : index
    %ki = linalg.index 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, %qi : index
    %y2 = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y2 : f32
  } -> tensor<45x90xf32>
  %ninf0 = arith.constant -1.0E+30 : f32
  %er = tensor.empty() : tensor<45xf32>
  %mi = linalg.fill ins(%ninf0 : f32) outs(%er : tensor<45xf32>) -> tensor<45xf32>
  %mx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%sx : tensor<45x90xf32>) outs(%mi : tensor<45xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %o, %x : f32
    linalg.yield %y : f32
  } -> tensor<45xf32>
  %ee = tensor.empty() : tensor<45x90xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sx, %mx : tensor<45x90xf32>, tensor<45xf32>) outs(%ee : tensor<45x90xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %y = arith.subf %x, %m : f32
    %z = math.exp %y : f32
    linalg.yield %z : f32
  } -> tensor<45x90xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<45xf32>) -> tensor<45xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<45x90xf32>) outs(%si : tensor<45xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %o, %x : f32
    linalg.yield %y : f32
  } -> tensor<45xf32>
  %e2 = tensor.empty() : tensor<45x90xf32>
  %sm = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<45x90xf32>, tensor<45xf32>) outs(%e2 : tensor<45x90xf32>) {
  ^bb0(%x: f32, %l: f32, %o: f32):
    %y = arith.divf %x, %l : f32
    linalg.yield %y : f32
  } -> tensor<45x90xf32>
  %e3 = tensor.empty() : tensor<45x90xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sm : tensor<45x90xf32>) outs(%e3 : tensor<45x90xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<45x90xf16>
  %e4 = tensor.empty() : tensor<45x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<45x64xf32>) -> tensor<45x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p16, %V : tensor<45x90xf16>, tensor<90x64xf16>) outs(%f4 : tensor<45x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<45x64xf32>
  return %o : tensor<45x64xf32>
}

// -----

// A maximum from +inf is no softmax shift: refused as attention, the
// function compiles as a program of kernels instead.
// CHECK-LABEL: func.func @max_start_plus_inf(
// CHECK-SAME: wmma.program
// CHECK-NOT: template = "attention"
func.func @max_start_plus_inf(%Q: tensor<45x64xf16>, %K: tensor<90x64xf16>, %V: tensor<90x64xf16>) -> tensor<45x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x90xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<45x90xf32>) -> tensor<45x90xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%Q, %K : tensor<45x64xf16>, tensor<90x64xf16>) outs(%f : tensor<45x90xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<45x90xf32>
  %e1 = tensor.empty() : tensor<45x90xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<45x90xf32>) outs(%e1 : tensor<45x90xf32>) {
    ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    %qi = linalg.index 0 : index
    %ki = linalg.index 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, %qi : index
    %y2 = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y2 : f32
  } -> tensor<45x90xf32>
  %ninf0 = arith.constant 0x7F800000 : f32
  %er = tensor.empty() : tensor<45xf32>
  %mi = linalg.fill ins(%ninf0 : f32) outs(%er : tensor<45xf32>) -> tensor<45xf32>
  %mx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%sx : tensor<45x90xf32>) outs(%mi : tensor<45xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %o, %x : f32
    linalg.yield %y : f32
  } -> tensor<45xf32>
  %ee = tensor.empty() : tensor<45x90xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sx, %mx : tensor<45x90xf32>, tensor<45xf32>) outs(%ee : tensor<45x90xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %y = arith.subf %x, %m : f32
    %z = math.exp %y : f32
    linalg.yield %z : f32
  } -> tensor<45x90xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<45xf32>) -> tensor<45xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<45x90xf32>) outs(%si : tensor<45xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %o, %x : f32
    linalg.yield %y : f32
  } -> tensor<45xf32>
  %e2 = tensor.empty() : tensor<45x90xf32>
  %sm = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<45x90xf32>, tensor<45xf32>) outs(%e2 : tensor<45x90xf32>) {
  ^bb0(%x: f32, %l: f32, %o: f32):
    %y = arith.divf %x, %l : f32
    linalg.yield %y : f32
  } -> tensor<45x90xf32>
  %e3 = tensor.empty() : tensor<45x90xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sm : tensor<45x90xf32>) outs(%e3 : tensor<45x90xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<45x90xf16>
  %e4 = tensor.empty() : tensor<45x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<45x64xf32>) -> tensor<45x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p16, %V : tensor<45x90xf16>, tensor<90x64xf16>) outs(%f4 : tensor<45x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<45x64xf32>
  return %o : tensor<45x64xf32>
}
