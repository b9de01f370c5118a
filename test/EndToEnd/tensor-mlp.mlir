// A framework-style layer on tensors: y = relu(x W + b) with a dynamic
// batch, an odd hidden size, a bias row vector; the function returns its
// result, which the caller side allocates (result0).
// RUN: wmma-run %s --chip gfx1100 --sizes x=19x100 --sizes x=1x100 --sizes x=130x100 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --sizes x=19x100 --sizes x=1x100 --sizes x=130x100 | FileCheck %s
// RUN: wmma-run %s --chip gfx1151 --staging lds --sizes x=19x100 --sizes x=130x100 | FileCheck %s --check-prefix=LDS
// CHECK: output result0 [19x33 f32]: {{.*}}, 0 of 627 outside the bound -> PASS
// CHECK: {{^}}PASS
// CHECK: output result0 [1x33 f32]: {{.*}}, 0 of 33 outside the bound -> PASS
// CHECK: {{^}}PASS
// CHECK: output result0 [130x33 f32]: {{.*}}, 0 of 4290 outside the bound -> PASS
// CHECK: {{^}}PASS
// LDS: output result0 [19x33 f32]: {{.*}} -> PASS
// LDS: output result0 [130x33 f32]: {{.*}} -> PASS

func.func @mlp(%x: tensor<?x100xf16>, %w: tensor<100x33xf16>, %b: tensor<33xf32>) -> tensor<?x33xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x100xf16>
  %e = tensor.empty(%m) : tensor<?x33xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x33xf32>) -> tensor<?x33xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x100xf16>, tensor<100x33xf16>) outs(%f : tensor<?x33xf32>) -> tensor<?x33xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<?x33xf32>, tensor<33xf32>) outs(%e : tensor<?x33xf32>) {
  ^bb0(%a: f32, %bb: f32, %o: f32):
    %s = arith.addf %a, %bb : f32
    %z = arith.maximumf %s, %zero : f32
    linalg.yield %z : f32
  } -> tensor<?x33xf32>
  return %r : tensor<?x33xf32>
}
