// Three full LDS slices of 64 (K = 192): the loop unrolled by its two
// buffers runs once, the odd slice before it; M and N tails.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @g(%A: tensor<130x192xf16, #NV24>, %B: tensor<192x70xf16>, %C: tensor<130x70xf32>) -> tensor<130x70xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<130x192xf16, #NV24>, tensor<192x70xf16>) outs(%C : tensor<130x70xf32>) -> tensor<130x70xf32>
  return %r : tensor<130x70xf32>
}
