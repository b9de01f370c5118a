// A deliberately wrong reference for examples/programs/llama-block.mlir: the MLP's residual adds the block's input x, not h1 (the attention
// branch dropped from the output).
// wmma-run must report FAIL against it (programs.test).
// A LLaMA-style decoder block as torch-mlir emits it (linalg on tensors,
// f16 activations and weights, f32 statistics), with a run-time token
// count T: RMSNorm, Q/K/V projections, heads by expand_shape + transpose,
// causal softmax attention per head, output projection + residual,
// RMSNorm, SwiGLU MLP + residual.  Model width 256, 4 heads of 64, MLP 512.
#id2 = affine_map<(t, d) -> (t, d)>
#row = affine_map<(t, d) -> (t)>
#col = affine_map<(t, d) -> (d)>
#id3 = affine_map<(h, i, j) -> (h, i, j)>
#red3 = affine_map<(h, i, j) -> (h, i)>
func.func @llama_block(%x: tensor<?x256xf16>, %g1: tensor<256xf16>,
    %wq: tensor<256x256xf16>, %wk: tensor<256x256xf16>, %wv: tensor<256x256xf16>,
    %wo: tensor<256x256xf16>, %g2: tensor<256xf16>, %wg: tensor<256x512xf16>,
    %wu: tensor<256x512xf16>, %wd: tensor<512x256xf16>) -> tensor<?x256xf16> {
  %c0 = arith.constant 0 : index
  %t = tensor.dim %x, %c0 : tensor<?x256xf16>
  %zf = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %eps = arith.constant 1.0e-5 : f32
  %width = arith.constant 256.0 : f32
  %scale = arith.constant 0.125 : f32
  %ninf = arith.constant -3.0e38 : f32
  %one = arith.constant 1.0 : f16

  // RMSNorm 1: ss[t] = sum x^2, y = x * rsqrt(ss / 256 + eps) * g1.
  %es = tensor.empty(%t) : tensor<?xf32>
  %s0 = linalg.fill ins(%zf : f32) outs(%es : tensor<?xf32>) -> tensor<?xf32>
  %ss = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x256xf16>) outs(%s0 : tensor<?xf32>) {
  ^bb0(%a: f16, %acc: f32):
    %w = arith.extf %a : f16 to f32
    %q = arith.mulf %w, %w : f32
    %r = arith.addf %acc, %q : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %ey = tensor.empty(%t) : tensor<?x256xf16>
  %y = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %ss, %g1 : tensor<?x256xf16>, tensor<?xf32>, tensor<256xf16>) outs(%ey : tensor<?x256xf16>) {
  ^bb0(%a: f16, %s: f32, %g: f16, %o: f16):
    %m = arith.divf %s, %width : f32
    %v = arith.addf %m, %eps : f32
    %rs = math.rsqrt %v : f32
    %w = arith.extf %a : f16 to f32
    %gw = arith.extf %g : f16 to f32
    %n = arith.mulf %w, %rs : f32
    %r = arith.mulf %n, %gw : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  } -> tensor<?x256xf16>

  // Projections.
  %ep = tensor.empty(%t) : tensor<?x256xf16>
  %fq = linalg.fill ins(%zh : f16) outs(%ep : tensor<?x256xf16>) -> tensor<?x256xf16>
  %q = linalg.matmul ins(%y, %wq : tensor<?x256xf16>, tensor<256x256xf16>) outs(%fq : tensor<?x256xf16>) -> tensor<?x256xf16>
  %ek = tensor.empty(%t) : tensor<?x256xf16>
  %fk = linalg.fill ins(%zh : f16) outs(%ek : tensor<?x256xf16>) -> tensor<?x256xf16>
  %k = linalg.matmul ins(%y, %wk : tensor<?x256xf16>, tensor<256x256xf16>) outs(%fk : tensor<?x256xf16>) -> tensor<?x256xf16>
  %ev = tensor.empty(%t) : tensor<?x256xf16>
  %fv = linalg.fill ins(%zh : f16) outs(%ev : tensor<?x256xf16>) -> tensor<?x256xf16>
  %v = linalg.matmul ins(%y, %wv : tensor<?x256xf16>, tensor<256x256xf16>) outs(%fv : tensor<?x256xf16>) -> tensor<?x256xf16>

  // Heads: [T, 256] -> [T, 4, 64] -> [4, T, 64].
  %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [%t, 4, 64] : tensor<?x256xf16> into tensor<?x4x64xf16>
  %k3 = tensor.expand_shape %k [[0], [1, 2]] output_shape [%t, 4, 64] : tensor<?x256xf16> into tensor<?x4x64xf16>
  %v3 = tensor.expand_shape %v [[0], [1, 2]] output_shape [%t, 4, 64] : tensor<?x256xf16> into tensor<?x4x64xf16>
  %eh = tensor.empty(%t) : tensor<4x?x64xf16>
  %qh = linalg.transpose ins(%q3 : tensor<?x4x64xf16>) outs(%eh : tensor<4x?x64xf16>) permutation = [1, 0, 2]
  %kh = linalg.transpose ins(%k3 : tensor<?x4x64xf16>) outs(%eh : tensor<4x?x64xf16>) permutation = [1, 0, 2]
  %vh = linalg.transpose ins(%v3 : tensor<?x4x64xf16>) outs(%eh : tensor<4x?x64xf16>) permutation = [1, 0, 2]

  // Scores, causal mask and softmax per head.
  %esc = tensor.empty(%t, %t) : tensor<4x?x?xf32>
  %fsc = linalg.fill ins(%zf : f32) outs(%esc : tensor<4x?x?xf32>) -> tensor<4x?x?xf32>
  %sc = linalg.generic {indexing_maps = [affine_map<(h, i, j, d) -> (h, i, d)>, affine_map<(h, i, j, d) -> (h, j, d)>, affine_map<(h, i, j, d) -> (h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%qh, %kh : tensor<4x?x64xf16>, tensor<4x?x64xf16>) outs(%fsc : tensor<4x?x?xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %aw = arith.extf %a : f16 to f32
    %bw = arith.extf %b : f16 to f32
    %p = arith.mulf %aw, %bw : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<4x?x?xf32>
  %masked = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sc : tensor<4x?x?xf32>) outs(%esc : tensor<4x?x?xf32>) {
  ^bb0(%s: f32, %o: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %scaled = arith.mulf %s, %scale : f32
    %future = arith.cmpi ugt, %j, %i : index
    %r = arith.select %future, %ninf, %scaled : f32
    linalg.yield %r : f32
  } -> tensor<4x?x?xf32>
  %em = tensor.empty(%t) : tensor<4x?xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<4x?xf32>) -> tensor<4x?xf32>
  %mx = linalg.generic {indexing_maps = [#id3, #red3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%masked : tensor<4x?x?xf32>) outs(%fm : tensor<4x?xf32>) {
  ^bb0(%s: f32, %acc: f32):
    %r = arith.maximumf %acc, %s : f32
    linalg.yield %r : f32
  } -> tensor<4x?xf32>
  %ex = linalg.generic {indexing_maps = [#id3, #red3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%masked, %mx : tensor<4x?x?xf32>, tensor<4x?xf32>) outs(%esc : tensor<4x?x?xf32>) {
  ^bb0(%s: f32, %m: f32, %o: f32):
    %d = arith.subf %s, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<4x?x?xf32>
  %fs = linalg.fill ins(%zf : f32) outs(%em : tensor<4x?xf32>) -> tensor<4x?xf32>
  %sm = linalg.generic {indexing_maps = [#id3, #red3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<4x?x?xf32>) outs(%fs : tensor<4x?xf32>) {
  ^bb0(%e: f32, %acc: f32):
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<4x?xf32>
  %epr = tensor.empty(%t, %t) : tensor<4x?x?xf16>
  %pr = linalg.generic {indexing_maps = [#id3, #red3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex, %sm : tensor<4x?x?xf32>, tensor<4x?xf32>) outs(%epr : tensor<4x?x?xf16>) {
  ^bb0(%e: f32, %s: f32, %o: f16):
    %d = arith.divf %e, %s : f32
    %h = arith.truncf %d : f32 to f16
    linalg.yield %h : f16
  } -> tensor<4x?x?xf16>
  %eo = tensor.empty(%t) : tensor<4x?x64xf32>
  %fo = linalg.fill ins(%zf : f32) outs(%eo : tensor<4x?x64xf32>) -> tensor<4x?x64xf32>
  %att = linalg.batch_matmul ins(%pr, %vh : tensor<4x?x?xf16>, tensor<4x?x64xf16>) outs(%fo : tensor<4x?x64xf32>) -> tensor<4x?x64xf32>
  %eah = tensor.empty(%t) : tensor<4x?x64xf16>
  %ah = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%att : tensor<4x?x64xf32>) outs(%eah : tensor<4x?x64xf16>) {
  ^bb0(%a: f32, %o: f16):
    %h = arith.truncf %a : f32 to f16
    linalg.yield %h : f16
  } -> tensor<4x?x64xf16>

  // Heads back: [4, T, 64] -> [T, 4, 64] -> [T, 256]; output projection + residual.
  %et = tensor.empty(%t) : tensor<?x4x64xf16>
  %at = linalg.transpose ins(%ah : tensor<4x?x64xf16>) outs(%et : tensor<?x4x64xf16>) permutation = [1, 0, 2]
  %a2 = tensor.collapse_shape %at [[0], [1, 2]] : tensor<?x4x64xf16> into tensor<?x256xf16>
  %eo1 = tensor.empty(%t) : tensor<?x256xf16>
  %fo1 = linalg.fill ins(%zh : f16) outs(%eo1 : tensor<?x256xf16>) -> tensor<?x256xf16>
  %o1 = linalg.matmul ins(%a2, %wo : tensor<?x256xf16>, tensor<256x256xf16>) outs(%fo1 : tensor<?x256xf16>) -> tensor<?x256xf16>
  %h1 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%o1, %x : tensor<?x256xf16>, tensor<?x256xf16>) outs(%ey : tensor<?x256xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %r = arith.addf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<?x256xf16>

  // RMSNorm 2.
  %ss2 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%h1 : tensor<?x256xf16>) outs(%s0 : tensor<?xf32>) {
  ^bb0(%a: f16, %acc: f32):
    %w = arith.extf %a : f16 to f32
    %q2 = arith.mulf %w, %w : f32
    %r = arith.addf %acc, %q2 : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %y2 = linalg.generic {indexing_maps = [#id2, #row, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%h1, %ss2, %g2 : tensor<?x256xf16>, tensor<?xf32>, tensor<256xf16>) outs(%ey : tensor<?x256xf16>) {
  ^bb0(%a: f16, %s: f32, %g: f16, %o: f16):
    %m = arith.divf %s, %width : f32
    %vv = arith.addf %m, %eps : f32
    %rs = math.rsqrt %vv : f32
    %w = arith.extf %a : f16 to f32
    %gw = arith.extf %g : f16 to f32
    %n = arith.mulf %w, %rs : f32
    %r = arith.mulf %n, %gw : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  } -> tensor<?x256xf16>

  // SwiGLU + residual.
  %ef = tensor.empty(%t) : tensor<?x512xf16>
  %fg = linalg.fill ins(%zh : f16) outs(%ef : tensor<?x512xf16>) -> tensor<?x512xf16>
  %gt = linalg.matmul ins(%y2, %wg : tensor<?x256xf16>, tensor<256x512xf16>) outs(%fg : tensor<?x512xf16>) -> tensor<?x512xf16>
  %eu = tensor.empty(%t) : tensor<?x512xf16>
  %fu = linalg.fill ins(%zh : f16) outs(%eu : tensor<?x512xf16>) -> tensor<?x512xf16>
  %up = linalg.matmul ins(%y2, %wu : tensor<?x256xf16>, tensor<256x512xf16>) outs(%fu : tensor<?x512xf16>) -> tensor<?x512xf16>
  %sw = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%gt, %up : tensor<?x512xf16>, tensor<?x512xf16>) outs(%ef : tensor<?x512xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %n = arith.negf %a : f16
    %e = math.exp %n : f16
    %d = arith.addf %one, %e : f16
    %s = arith.divf %a, %d : f16
    %r = arith.mulf %s, %b : f16
    linalg.yield %r : f16
  } -> tensor<?x512xf16>
  %ed = tensor.empty(%t) : tensor<?x256xf16>
  %fd = linalg.fill ins(%zh : f16) outs(%ed : tensor<?x256xf16>) -> tensor<?x256xf16>
  %dn = linalg.matmul ins(%sw, %wd : tensor<?x512xf16>, tensor<512x256xf16>) outs(%fd : tensor<?x256xf16>) -> tensor<?x256xf16>
  %out = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%dn, %x : tensor<?x256xf16>, tensor<?x256xf16>) outs(%ey : tensor<?x256xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %r = arith.addf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<?x256xf16>
  return %out : tensor<?x256xf16>
}
