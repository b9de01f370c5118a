"""Fused attention through run(): causal multi-head attention with dynamic
sequence lengths against numpy, with the error bound derived from the
roundings (the softmax has no Lipschitz bound wmma-run could use)."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24
U16 = 2.0**-11

ATTENTION = """
func.func @attention(%Q: tensor<2x?x64xf16>, %K: tensor<2x?x64xf16>, %V: tensor<2x?x64xf16>)
    -> tensor<2x?x64xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.125 : f32
  %c1 = arith.constant 1 : index
  %m = tensor.dim %Q, %c1 : tensor<2x?x64xf16>
  %n = tensor.dim %K, %c1 : tensor<2x?x64xf16>
  %e = tensor.empty(%m, %n) : tensor<2x?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x?x?xf32>) -> tensor<2x?x?xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                            affine_map<(b, m, n, k) -> (b, n, k)>,
                                            affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%Q, %K : tensor<2x?x64xf16>, tensor<2x?x64xf16>) outs(%f : tensor<2x?x?xf32>)
      -> tensor<2x?x?xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>,
                                        affine_map<(b, i, j) -> (b, i, j)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x?x?xf32>) outs(%e : tensor<2x?x?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %qi = linalg.index 1 : index
    %ki = linalg.index 2 : index
    %y = arith.mulf %v, %scale : f32
    %future = arith.cmpi ugt, %ki, %qi : index
    %r = arith.select %future, %ninf, %y : f32
    linalg.yield %r : f32
  } -> tensor<2x?x?xf32>
  %sm = linalg.softmax dimension(2) ins(%x : tensor<2x?x?xf32>) outs(%e : tensor<2x?x?xf32>)
      -> tensor<2x?x?xf32>
  %e16 = tensor.empty(%m, %n) : tensor<2x?x?xf16>
  %p = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>,
                                        affine_map<(b, i, j) -> (b, i, j)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sm : tensor<2x?x?xf32>) outs(%e16 : tensor<2x?x?xf16>) {
  ^bb0(%v: f32, %o: f16):
    %h = arith.truncf %v : f32 to f16
    linalg.yield %h : f16
  } -> tensor<2x?x?xf16>
  %eo = tensor.empty(%m) : tensor<2x?x64xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x?x64xf32>) -> tensor<2x?x64xf32>
  %o = linalg.batch_matmul ins(%p, %V : tensor<2x?x?xf16>, tensor<2x?x64xf16>)
      outs(%fo : tensor<2x?x64xf32>) -> tensor<2x?x64xf32>
  return %o : tensor<2x?x64xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("m,n", [(37, 37), (100, 120), (1, 5)])
def test_causal_attention(chip, m, n):
    rng = np.random.default_rng(41)
    d = 64
    Q = rng.uniform(-1, 1, (2, m, d)).astype(np.float16)
    K = rng.uniform(-1, 1, (2, n, d)).astype(np.float16)
    V = rng.uniform(-1, 1, (2, n, d)).astype(np.float16)
    out, stats = wmma.run(ATTENTION, chip, {"Q": Q, "K": K, "V": V}, stats=True)
    O = out["result0"]
    assert O.shape == (2, m, d)
    q, k, v = (x.astype(np.float64) for x in (Q, K, V))
    s = np.einsum("bmd,bnd->bmn", q, k) * 0.125
    mask = np.arange(n)[None, :] > np.arange(m)[:, None]
    s = np.where(mask, -np.inf, s)
    p = np.exp(s - s.max(axis=2, keepdims=True))
    p /= p.sum(axis=2, keepdims=True)
    exact = np.einsum("bmn,bnd->bmd", p, v)
    # P rounded once to f16 toward zero (v_cvt_pk_rtz_f16_f32: under one
    # ulp, 2 u16 relative), its perturbation by the f32
    # score sums (at most 2 d u32 sum|q||k| <= 2 d^2 u32, times the 0.125
    # scale, relative in P) and the f32 sums of P x V; every output is a
    # convex combination of V's rows, |V| <= 1.
    bound = (2 * U16 + 2 * 0.125 * 2 * d * d * U32 + 2 * n * U32) * \
        np.einsum("bmn,bnd->bmd", p, np.abs(v))
    err = np.abs(O.astype(np.float64) - exact)
    assert (err <= bound + 1e-30).all(), err.max()
    # Fused: no ds_bpermute, the row statistics cross the halves with
    # v_permlanex16.
    assert stats["cross_lane"]["ds_bpermute"] == 0
    assert stats["cross_lane"]["permlanex16"] > 0


MASKED = """
func.func @masked(%Q: tensor<20x64xf16>, %K: tensor<24x64xf16>, %V: tensor<24x64xf16>,
                  %M: tensor<20x24xf32>) -> tensor<20x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<20x24xf32>) -> tensor<20x24xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<20x64xf16>, tensor<24x64xf16>) outs(%f : tensor<20x24xf32>) -> tensor<20x24xf32>
  %x = linalg.add ins(%s, %M : tensor<20x24xf32>, tensor<20x24xf32>) outs(%e : tensor<20x24xf32>)
      -> tensor<20x24xf32>
  %sm = linalg.softmax dimension(1) ins(%x : tensor<20x24xf32>) outs(%e : tensor<20x24xf32>)
      -> tensor<20x24xf32>
  %e16 = tensor.empty() : tensor<20x24xf16>
  %p = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%sm : tensor<20x24xf32>) outs(%e16 : tensor<20x24xf16>) {
  ^bb0(%v: f32, %o: f16):
    %h = arith.truncf %v : f32 to f16
    linalg.yield %h : f16
  } -> tensor<20x24xf16>
  %eo = tensor.empty() : tensor<20x64xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<20x64xf32>) -> tensor<20x64xf32>
  %o = linalg.matmul ins(%p, %V : tensor<20x24xf16>, tensor<24x64xf16>) outs(%fo : tensor<20x64xf32>)
      -> tensor<20x64xf32>
  return %o : tensor<20x64xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_masked_rows(chip):
    # -inf in an additive mask: a row masked everywhere is what the linalg
    # program computes for it (exp(-inf - -inf) = NaN); a row masked in all
    # but one key, or in a whole key block (keys 16..23), stays finite.
    rng = np.random.default_rng(42)
    Q = rng.uniform(-1, 1, (20, 64)).astype(np.float16)
    K = rng.uniform(-1, 1, (24, 64)).astype(np.float16)
    V = rng.uniform(-1, 1, (24, 64)).astype(np.float16)
    M = np.zeros((20, 24), np.float32)
    M[3, :] = -np.inf            # fully masked
    M[5, 1:] = -np.inf           # only key 0
    M[7, 16:] = -np.inf          # the whole second key block
    O = wmma.run(MASKED, chip, {"Q": Q, "K": K, "V": V, "M": M})["result0"]
    assert np.isnan(O[3]).all()
    assert np.isfinite(np.delete(O, 3, axis=0)).all()
    np.testing.assert_allclose(O[5], V[0].astype(np.float32), rtol=0, atol=1e-6)
