"""The reduction template through run(): LayerNorm with run-time rows and a
softmax with a run-time row length against numpy (float64), with error
bounds derived from the f32 roundings (division, rsqrt and the softmax have
no Lipschitz bound wmma-run could use); a column sum."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24

LAYERNORM = """
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
func.func @layernorm(%x: tensor<?x256xf32>, %w: tensor<256xf32>, %b: tensor<256xf32>)
    -> tensor<?x256xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %x, %c0 : tensor<?x256xf32>
  %e1 = tensor.empty(%rows) : tensor<?xf32>
  %e2 = tensor.empty(%rows) : tensor<?x256xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x256xf32>) outs(%z : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %v = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %s : tensor<?x256xf32>, tensor<?xf32>) outs(%z : tensor<?xf32>) {
  ^bb0(%a: f32, %sum: f32, %acc: f32):
    %mean = arith.divf %sum, %n : f32
    %d = arith.subf %a, %mean : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #col, #col, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %s, %v, %w, %b : tensor<?x256xf32>, tensor<?xf32>, tensor<?xf32>, tensor<256xf32>, tensor<256xf32>)
      outs(%e2 : tensor<?x256xf32>) {
  ^bb0(%a: f32, %sum: f32, %var: f32, %wv: f32, %bv: f32, %o: f32):
    %mean = arith.divf %sum, %n : f32
    %d = arith.subf %a, %mean : f32
    %vm = arith.divf %var, %n : f32
    %ve = arith.addf %vm, %eps : f32
    %rs = math.rsqrt %ve : f32
    %nrm = arith.mulf %d, %rs : f32
    %sc = arith.mulf %nrm, %wv : f32
    %r = arith.addf %sc, %bv : f32
    linalg.yield %r : f32
  } -> tensor<?x256xf32>
  return %y : tensor<?x256xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("rows", [1, 13, 100])
def test_layernorm(chip, rows):
    rng = np.random.default_rng(7)
    n = 256
    x = rng.uniform(-1, 1, (rows, n)).astype(np.float32)
    w = rng.uniform(-1, 1, n).astype(np.float32)
    b = rng.uniform(-1, 1, n).astype(np.float32)
    out, stats = wmma.run(LAYERNORM, chip, {"x": x, "w": w, "b": b},
                          stats=True)
    y = out["result0"]
    assert y.shape == (rows, n)
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=1, keepdims=True)
    var = ((x64 - mean) ** 2).mean(axis=1, keepdims=True)
    norm = (x64 - mean) / np.sqrt(var + 1e-5)
    exact = norm * w + b
    # The f32 sums of n terms (mean and variance: 2 n u32 relative to
    # sum |x|, resp. sum d^2), the rsqrt (a few ulp) and the final
    # multiply-adds: relative errors of ~(4 n + 16) u32 in the normalised
    # value, times |w|, plus the rounding of the bias addition.
    rel = (4 * n + 16) * U32
    bound = rel * (np.abs(norm) + np.abs(x64 - mean).max(axis=1, keepdims=True)
                   / np.sqrt(var + 1e-5)) * np.abs(w) + 4 * U32 * np.abs(exact)
    err = np.abs(y.astype(np.float64) - exact)
    assert (err <= bound + 1e-30).all(), (err / bound).max()
    # The bound tells wrong references apart: a 1% larger scale, or an
    # output not centred (x, not x - mean), put elements outside it.
    for wrong in (norm * (w * 1.01) + b, x64 / np.sqrt(var + 1e-5) * w + b):
        assert not (np.abs(y.astype(np.float64) - wrong) <= bound + 1e-30).all()
    # Row statistics cross the wave by DPP and v_permlanex16, never
    # ds_bpermute.
    assert stats["cross_lane"]["ds_bpermute"] == 0
    assert stats["cross_lane"]["permlanex16"] > 0
    assert stats["cross_lane"]["dpp"] > 0


SOFTMAX = """
func.func @softmax(%x: tensor<5x?xf32>) -> tensor<5x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<5x?xf32>
  %e = tensor.empty(%n) : tensor<5x?xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<5x?xf32>) outs(%e : tensor<5x?xf32>)
      -> tensor<5x?xf32>
  return %r : tensor<5x?xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("n", [1, 31, 3001])
def test_softmax_dynamic_length(chip, n):
    rng = np.random.default_rng(3)
    x = rng.uniform(-4, 4, (5, n)).astype(np.float32)
    y = wmma.run(SOFTMAX, chip, {"x": x})["result0"]
    x64 = x.astype(np.float64)
    p = np.exp(x64 - x64.max(axis=1, keepdims=True))
    exact = p / p.sum(axis=1, keepdims=True)
    # exp(x - max) in f32 (the subtraction exact to u32, exp within a few
    # ulp), the f32 sum of n of them (n u32), the division: relative.
    bound = (2 * n + 16) * U32 * exact
    err = np.abs(y.astype(np.float64) - exact)
    assert (err <= bound + 1e-30).all(), (err / (bound + 1e-30)).max()
    np.testing.assert_allclose(y.sum(axis=1), 1.0, rtol=(n + 16) * U32 * 4)


COLSUM = """
func.func @colsum(%x: tensor<300x40xf32>) -> tensor<40xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<40xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<40xf32>) -> tensor<40xf32>
  %r = linalg.reduce ins(%x : tensor<300x40xf32>) outs(%i : tensor<40xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %r : tensor<40xf32>
}
"""


def test_column_sum():
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (300, 40)).astype(np.float32)
    y = wmma.run(COLSUM, "gfx1201", {"x": x})["result0"]
    x64 = x.astype(np.float64)
    bound = 2 * 300 * U32 * np.abs(x64).sum(axis=0)
    assert (np.abs(y - x64.sum(axis=0)) <= bound).all()
