// A framework-style MLP layer on tensors, as torch-mlir or StableHLO
// pipelines emit it: y = f16(relu(x W + b)) with a dynamic batch, an odd
// output width (33) and a bias row vector.  The function returns its
// result; the host side allocates it (result0) and launches the kernel
// with a grid computed from the batch size.
//   wmma-run examples/pipelines/mlp-layer.mlir --chip gfx1201 --size x=77x100
func.func @mlp_layer(%x: tensor<?x100xf16>, %w: tensor<100x33xf16>,
                     %b: tensor<33xf32>) -> tensor<?x33xf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %batch = tensor.dim %x, %c0 : tensor<?x100xf16>
  %acc0 = tensor.empty(%batch) : tensor<?x33xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc0 : tensor<?x33xf32>) -> tensor<?x33xf32>
  %xw = linalg.matmul ins(%x, %w : tensor<?x100xf16>, tensor<100x33xf16>)
                      outs(%acc : tensor<?x33xf32>) -> tensor<?x33xf32>
  %y0 = tensor.empty(%batch) : tensor<?x33xf16>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%xw, %b : tensor<?x33xf32>, tensor<33xf32>) outs(%y0 : tensor<?x33xf16>) {
  ^bb0(%v: f32, %bias: f32, %o: f16):
    %s = arith.addf %v, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  } -> tensor<?x33xf16>
  return %y : tensor<?x33xf16>
}
