// linalg.softmax on tensors, 100 rows of 1000 (rows of an odd count: the
// last workgroup's rows are partly missing).
func.func @softmax(%x: tensor<100x1000xf32>) -> tensor<100x1000xf32> {
  %e = tensor.empty() : tensor<100x1000xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<100x1000xf32>) outs(%e : tensor<100x1000xf32>) -> tensor<100x1000xf32>
  return %r : tensor<100x1000xf32>
}
