"""Horizontal fusion with separate outputs (Problem/ProblemDual.c,
fe_multi_problem): the Q, K and V projections of one activation are one
kernel with three results, each checked against numpy."""
import numpy as np
import pytest

import wmma

QKV = """
func.func @qkv(%x: tensor<?x64xf16>, %wq: tensor<64x48xf16>, %wk: tensor<64x48xf16>, %wv: tensor<64x48xf16>) -> (tensor<?x48xf32>, tensor<?x48xf32>, tensor<?x48xf32>) {
  %c0 = arith.constant 0 : index
  %t = tensor.dim %x, %c0 : tensor<?x64xf16>
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e = tensor.empty(%t) : tensor<?x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x48xf32>) -> tensor<?x48xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<?x64xf16>, tensor<64x48xf16>) outs(%f : tensor<?x48xf32>) -> tensor<?x48xf32>
  %qs = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%q : tensor<?x48xf32>) outs(%e : tensor<?x48xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<?x48xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<?x64xf16>, tensor<64x48xf16>) outs(%f : tensor<?x48xf32>) -> tensor<?x48xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<?x64xf16>, tensor<64x48xf16>) outs(%f : tensor<?x48xf32>) -> tensor<?x48xf32>
  return %qs, %k, %v : tensor<?x48xf32>, tensor<?x48xf32>, tensor<?x48xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("tokens", [29, 64])
def test_qkv_program_is_one_kernel(chip, tokens):
    rng = np.random.default_rng(tokens)
    x = rng.uniform(-1, 1, (tokens, 64)).astype(np.float16)
    ws = [rng.uniform(-0.25, 0.25, (64, 48)).astype(np.float16)
          for _ in range(3)]
    out, counters = wmma.run(QKV, chip, {"x": x, "wq": ws[0], "wk": ws[1],
                                         "wv": ws[2]}, stats=True)
    assert "launches" not in counters  # one kernel, not a program
    # Exactly the three results are written, once.
    assert counters["global_bytes_stored"] == 3 * tokens * 48 * 4
    xd = x.astype(np.float64)
    # f16 products are exact in f32; the sums over K = 64 differ from the
    # exact ones by at most gamma_64 = 64 * 2^-24 times the sum of the
    # products' magnitudes (Q's scale by 1/8 is exact).
    gamma = 64 * 2.0**-24
    for r, w, scale in zip(["result0", "result1", "result2"], ws,
                           [0.125, 1.0, 1.0]):
        wd = w.astype(np.float64)
        ref = scale * (xd @ wd)
        tol = scale * gamma * (np.abs(xd) @ np.abs(wd))
        assert out[r].shape == (tokens, 48)
        assert np.all(np.abs(out[r] - ref) <= tol + 2.0**-30), r
