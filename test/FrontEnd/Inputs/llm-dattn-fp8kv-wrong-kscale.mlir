// A deliberately wrong reference for llm-dattn-fp8kv.mlir: K's dequantisation scale 1% larger (ks * 1.01); the kernel must fail against it.
func.func @dattn_fp8kv(%Q: tensor<1x8x1x128xf16>, %K8: tensor<1x2x?x128xf8E4M3FN>, %V8: tensor<1x2x?x128xf8E4M3FN>, %ks: tensor<2xf32>, %vs: tensor<2xf32>) -> tensor<1x8x1x128xf16> {
  %zero = arith.constant 0.0 : f32
  %c2 = arith.constant 2 : index
  %n = tensor.dim %K8, %c2 : tensor<1x2x?x128xf8E4M3FN>
  %Ke = tensor.empty(%n) : tensor<1x2x?x128xf16>
  %K = linalg.generic {indexing_maps = [affine_map<(b, h, k, d) -> (b, h, k, d)>, affine_map<(b, h, k, d) -> (h)>, affine_map<(b, h, k, d) -> (b, h, k, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%K8, %ks : tensor<1x2x?x128xf8E4M3FN>, tensor<2xf32>) outs(%Ke : tensor<1x2x?x128xf16>) {
  ^bb0(%x8: f8E4M3FN, %s8: f32, %o8: f16):
    %w = arith.extf %x8 : f8E4M3FN to f32
    %c101 = arith.constant 1.01 : f32
    %s8w = arith.mulf %s8, %c101 : f32
    %ws = arith.mulf %w, %s8w : f32
    %wh = arith.truncf %ws : f32 to f16
    linalg.yield %wh : f16
  } -> tensor<1x2x?x128xf16>
  %Ve = tensor.empty(%n) : tensor<1x2x?x128xf16>
  %V = linalg.generic {indexing_maps = [affine_map<(b, h, k, d) -> (b, h, k, d)>, affine_map<(b, h, k, d) -> (h)>, affine_map<(b, h, k, d) -> (b, h, k, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%V8, %vs : tensor<1x2x?x128xf8E4M3FN>, tensor<2xf32>) outs(%Ve : tensor<1x2x?x128xf16>) {
  ^bb0(%x8: f8E4M3FN, %s8: f32, %o8: f16):
    %w = arith.extf %x8 : f8E4M3FN to f32
    %ws = arith.mulf %w, %s8 : f32
    %wh = arith.truncf %ws : f32 to f16
    linalg.yield %wh : f16
  } -> tensor<1x2x?x128xf16>
  %e = tensor.empty(%n) : tensor<1x8x1x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x1x?xf32>) -> tensor<1x8x1x?xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h floordiv 4, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x8x1x128xf16>, tensor<1x2x?x128xf16>) outs(%f : tensor<1x8x1x?xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x8x1x?xf32>
  %e1 = tensor.empty(%n) : tensor<1x8x1x?xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x8x1x?xf32>) outs(%e1 : tensor<1x8x1x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.08838834764831843 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x8x1x?xf32>
  %e2 = tensor.empty(%n) : tensor<1x8x1x?xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x8x1x?xf32>) outs(%e2 : tensor<1x8x1x?xf32>) -> tensor<1x8x1x?xf32>
  %e3 = tensor.empty(%n) : tensor<1x8x1x?xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x8x1x?xf32>) outs(%e3 : tensor<1x8x1x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x8x1x?xf16>
  %e4 = tensor.empty() : tensor<1x8x1x128xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x8x1x128xf32>) -> tensor<1x8x1x128xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h floordiv 4, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x8x1x?xf16>, tensor<1x2x?x128xf16>) outs(%f4 : tensor<1x8x1x128xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x8x1x128xf32>
  %e5 = tensor.empty() : tensor<1x8x1x128xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x8x1x128xf32>) outs(%e5 : tensor<1x8x1x128xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x8x1x128xf16>
  return %oc : tensor<1x8x1x128xf16>
}
