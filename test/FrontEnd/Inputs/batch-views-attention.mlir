// Attention with Q, K and V in the (batch, sequence, heads, head dim)
// layout (BSHD, heads between the matrix dims), the output in BHSD: the
// kernel reads Q, K and V through views with the heads first. From
// examples/pipelines/attention.mlir:
// Causal multi-head attention on tensors, as framework front ends write it:
// O = f16(softmax(mask(Q K^T / 8)) V) with batch 2 x 4 heads, 256 queries
// and keys, head dimension 64; the causal mask is an index comparison and
// the softmax is linalg.softmax.  Compiled to one fused kernel: S and P
// never leave registers, K and V stream through LDS, keys after a
// workgroup's last query are never visited.
//   wmma-run examples/pipelines/attention.mlir --chip gfx1201 --stats
func.func @attention(%Q: tensor<2x256x4x64xf16>, %K: tensor<2x256x4x64xf16>, %V: tensor<2x256x4x64xf16>) -> tensor<2x4x256x64xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x256x256xf32>) -> tensor<2x4x256x256xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, c, m, n, k) -> (b, m, c, k)>, affine_map<(b, c, m, n, k) -> (b, n, c, k)>, affine_map<(b, c, m, n, k) -> (b, c, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%Q, %K : tensor<2x256x4x64xf16>, tensor<2x256x4x64xf16>) outs(%f : tensor<2x4x256x256xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<2x4x256x256xf32>
  %e1 = tensor.empty() : tensor<2x4x256x256xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, c, i, j) -> (b, c, i, j)>, affine_map<(b, c, i, j) -> (b, c, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x4x256x256xf32>) outs(%e1 : tensor<2x4x256x256xf32>) {
    ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    %qi = linalg.index 2 : index
    %ki = linalg.index 3 : index
    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, %qi : index
    %y2 = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y2 : f32
  } -> tensor<2x4x256x256xf32>
  %e2 = tensor.empty() : tensor<2x4x256x256xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<2x4x256x256xf32>) outs(%e2 : tensor<2x4x256x256xf32>) -> tensor<2x4x256x256xf32>
  %e3 = tensor.empty() : tensor<2x4x256x256xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, c, i, j) -> (b, c, i, j)>, affine_map<(b, c, i, j) -> (b, c, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sm : tensor<2x4x256x256xf32>) outs(%e3 : tensor<2x4x256x256xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<2x4x256x256xf16>
  %e4 = tensor.empty() : tensor<2x4x256x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<2x4x256x64xf32>) -> tensor<2x4x256x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, c, m, n, k) -> (b, c, m, k)>, affine_map<(b, c, m, n, k) -> (b, k, c, n)>, affine_map<(b, c, m, n, k) -> (b, c, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%p16, %V : tensor<2x4x256x256xf16>, tensor<2x256x4x64xf16>) outs(%f4 : tensor<2x4x256x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<2x4x256x64xf32>
  %e5 = tensor.empty() : tensor<2x4x256x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, c, i, j) -> (b, c, i, j)>, affine_map<(b, c, i, j) -> (b, c, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<2x4x256x64xf32>) outs(%e5 : tensor<2x4x256x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<2x4x256x64xf16>
  return %oc : tensor<2x4x256x64xf16>
}

