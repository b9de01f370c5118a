// A loop on tensors with iter_args, in destination-passing style (what
// torch-mlir and IREE emit): each iteration's ReLU writes the carried
// tensor, which bufferization turns into one buffer updated in place (a
// copy of the read-only argument first).  The weights are sliced with
// tensor.extract_slice at the induction variable.
#id = affine_map<(i, j) -> (i, j)>
func.func @iter(%x: tensor<64x32xf16>, %w: tensor<2x32x32xf16>) -> tensor<64x32xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f16
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %x) -> (tensor<64x32xf16>) {
    %wi = tensor.extract_slice %w[%i, 0, 0] [1, 32, 32] [1, 1, 1] : tensor<2x32x32xf16> to tensor<32x32xf16>
    %e = tensor.empty() : tensor<64x32xf16>
    %f = linalg.fill ins(%z : f16) outs(%e : tensor<64x32xf16>) -> tensor<64x32xf16>
    %m = linalg.matmul ins(%acc, %wi : tensor<64x32xf16>, tensor<32x32xf16>) outs(%f : tensor<64x32xf16>) -> tensor<64x32xf16>
    %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<64x32xf16>) outs(%acc : tensor<64x32xf16>) {
    ^bb0(%o: f16, %u: f16):
      %v = arith.maximumf %o, %z : f16
      linalg.yield %v : f16
    } -> tensor<64x32xf16>
    scf.yield %relu : tensor<64x32xf16>
  }
  return %r : tensor<64x32xf16>
}
