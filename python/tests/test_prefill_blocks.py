"""Prefill attention with blocks of 32 or 64 keys (the attention template's
keys per block, tile[1]: keys x d <= 4096, on RDNA3 2048 unless no block
is masked: a static key count the block divides, no mask operand): full
blocks in the loop without masks, the partial block last and masked, static
and dynamic key counts, against numpy with the error bound derived from the
roundings (as test_attention.py's)."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24
U16 = 2.0**-11


def prefill(d, n, bias):
    """softmax(Q K^T / sqrt(d) (+ an f32 bias)) V for 96 queries and n keys
    (n an int or "?": taken from K at run time)."""
    kv = f"tensor<{n}x{d}xf16>"
    s = f"tensor<96x{n}xf32>"
    p = f"tensor<96x{n}xf16>"
    o = f"tensor<96x{d}xf32>"
    dyn = n == "?"
    dims = "(%n)" if dyn else "()"
    dim = f"""  %c0 = arith.constant 0 : index
  %n = tensor.dim %K, %c0 : {kv}
""" if dyn else ""
    arg = f", %M: {s}" if bias else ""
    add = f"""  %x = linalg.add ins(%sc, %M : {s}, {s}) outs(%e : {s}) -> {s}
""" if bias else ""
    x = "%x" if bias else "%sc"
    return f"""func.func @prefill(%Q: tensor<96x{d}xf16>, %K: {kv}, %V: {kv}{arg}) -> {o} {{
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant {1.0 / d ** 0.5!r} : f32
{dim}  %e = tensor.empty{dims} : {s}
  %f = linalg.fill ins(%zero : f32) outs(%e : {s}) -> {s}
  %qk = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                       affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<96x{d}xf16>, {kv}) outs(%f : {s}) -> {s}
  %sc = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}}
      ins(%qk : {s}) outs(%e : {s}) {{
  ^bb0(%v: f32, %u: f32):
    %y = arith.mulf %v, %scale : f32
    linalg.yield %y : f32
  }} -> {s}
{add}  %sm = linalg.softmax dimension(1) ins({x} : {s}) outs(%e : {s}) -> {s}
  %e16 = tensor.empty{dims} : {p}
  %p = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}}
      ins(%sm : {s}) outs(%e16 : {p}) {{
  ^bb0(%v: f32, %u: f16):
    %h = arith.truncf %v : f32 to f16
    linalg.yield %h : f16
  }} -> {p}
  %eo = tensor.empty() : {o}
  %fo = linalg.fill ins(%zero : f32) outs(%eo : {o}) -> {o}
  %out = linalg.matmul ins(%p, %V : {p}, {kv}) outs(%fo : {o}) -> {o}
  return %out : {o}
}}
"""


def largest_fitting_keys(chip, d, n, dynamic, bias):
    for k in (64, 32, 16):
        unmasked = not bias and not dynamic and n % k == 0
        if k * d <= (2048 if chip == "gfx1100" and not unmasked else 4096):
            return k
    return 16


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("d", [64, 128])
@pytest.mark.parametrize("n,dynamic,bias", [(150, False, True), (256, False, True),
                                            (150, True, False), (256, False, False)])
def test_prefill_key_blocks(chip, d, n, dynamic, bias):
    # Without the bias the scores are the product times 1/sqrt(d), which
    # the template folds into the exponential (the max taken unscaled).
    src = prefill(d, "?" if dynamic else n, bias)
    sched = wmma.compile(src, chip, emit="mlir").manifest["schedule"]
    assert 'template = "attention"' in sched
    # The modelled time picks among the sizes that fit (150 keys with a
    # bias on gfx1201, d = 64: 5 blocks of 32 over 3 of 64, padded to 192).
    keys = int(sched.split("tile = [64, ")[1].split(",")[0])
    assert keys in (16, 32, 64)
    assert keys <= largest_fitting_keys(chip, d, n, dynamic, bias)
    rng = np.random.default_rng(7 + d + n)
    Q = rng.uniform(-1, 1, (96, d)).astype(np.float16)
    K = rng.uniform(-1, 1, (n, d)).astype(np.float16)
    V = rng.uniform(-1, 1, (n, d)).astype(np.float16)
    inputs = {"Q": Q, "K": K, "V": V}
    M = np.zeros((96, n), np.float32)
    if bias:
        # A whole 16-key tile inside a block masked for some rows, one row
        # keeping only its last key (in the partial block when there is one).
        M[10:20, 16:32] = -np.inf
        M[40, : n - 1] = -np.inf
        M += rng.uniform(-1, 1, M.shape).astype(np.float32) * (M == 0)
        inputs["M"] = M
    O = wmma.run(src, chip, inputs)["result0"]
    q, k, v = (x.astype(np.float64) for x in (Q, K, V))
    scale = 1.0 / d ** 0.5
    s = q @ k.T * scale + M
    p = np.exp(s - s.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    exact = p @ v
    # P rounded once to f16 (u16 relative), perturbed by the f32 score sums
    # (2 d u32 sum|q||k| <= 2 d^2 u32, times the scale, relative in P; the
    # scaling and the bias's addition in f32: u32 d scale + u32 (d scale +
    # 1), twice in P) and the f32 sums of P x V; every output is a convex
    # combination of V's rows, |V| <= 1.
    bound = (U16 + 2 * scale * 2 * d * d * U32 + 2 * (2 * d * scale + 1) * U32 +
             2 * n * U32) * (p @ np.abs(v))
    err = np.abs(O.astype(np.float64) - exact)
    assert (err <= bound + 1e-30).all(), err.max()
    if bias:
        np.testing.assert_allclose(O[40], V[n - 1].astype(np.float32), rtol=0, atol=1e-6)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_prefill_nan_key(chip):
    # A NaN key makes every query's scores NaN at that key, so every output
    # row is NaN as numpy's: the row max may drop the NaN (RDNA3's maxnumf,
    # marked nnan so that LLVM does not quiet each score first), its
    # exponential still carries it into the row sum and into P.
    d, n = 64, 256
    src = prefill(d, n, False)
    rng = np.random.default_rng(3)
    Q = rng.uniform(-1, 1, (96, d)).astype(np.float16)
    K = rng.uniform(-1, 1, (n, d)).astype(np.float16)
    V = rng.uniform(-1, 1, (n, d)).astype(np.float16)
    K[37, 5] = np.nan
    O = wmma.run(src, chip, {"Q": Q, "K": K, "V": V})["result0"]
    assert np.isnan(O).all()
