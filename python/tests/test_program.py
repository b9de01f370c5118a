"""Whole programs through Python: a function compiled into several kernels
runs launch by launch, its results checked against numpy (an independent
reference), with per-launch counters."""
import numpy as np
import pytest

import wmma

TWO = """
func.func @two(%a: tensor<?x32xf16>, %b: tensor<32x48xf16>, %c: tensor<32x40xf16>) -> (tensor<?x48xf32>, tensor<?x40xf32>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x32xf16>
  %e0 = tensor.empty(%m) : tensor<?x48xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<?x48xf32>) -> tensor<?x48xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<?x32xf16>, tensor<32x48xf16>) outs(%f0 : tensor<?x48xf32>) -> tensor<?x48xf32>
  %e1 = tensor.empty(%m) : tensor<?x40xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<?x40xf32>) -> tensor<?x40xf32>
  %r1 = linalg.matmul ins(%a, %c : tensor<?x32xf16>, tensor<32x40xf16>) outs(%f1 : tensor<?x40xf32>) -> tensor<?x40xf32>
  return %r0, %r1 : tensor<?x48xf32>, tensor<?x40xf32>
}
"""

# Two layers: the first GEMM's f16 output (with a ReLU epilogue) is an
# intermediate the second kernel reads.
MLP = """
#id = affine_map<(i, j) -> (i, j)>
func.func @mlp(%x: memref<?x64xf16>, %w1: memref<64x96xf16>, %w2: memref<96x32xf16>, %y: memref<?x32xf32>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %t = memref.dim %x, %c0 : memref<?x64xf16>
  %h = memref.alloc(%t) : memref<?x96xf16>
  linalg.fill ins(%z : f16) outs(%h : memref<?x96xf16>)
  linalg.matmul ins(%x, %w1 : memref<?x64xf16>, memref<64x96xf16>) outs(%h : memref<?x96xf16>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%h : memref<?x96xf16>) {
  ^bb0(%o: f16):
    %r = arith.maximumf %o, %z : f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%zf : f32) outs(%y : memref<?x32xf32>)
  linalg.matmul ins(%h, %w2 : memref<?x96xf16>, memref<96x32xf16>) outs(%y : memref<?x32xf32>)
  memref.dealloc %h : memref<?x96xf16>
  return
}
"""

# IREE-style data tiling: A packed with padding (40 -> 48 rows), B packed
# transposed, linalg.mmt4d, and the result unpacked (sliced back to 40 rows).
PACKED = """
func.func @mmt4d_pipeline(%a: tensor<40x64xf16>, %b: tensor<64x48xf16>) -> tensor<40x48xf32> {
  %z16 = arith.constant 0.0 : f16
  %ea = tensor.empty() : tensor<3x4x16x16xf16>
  %pa = linalg.pack %a padding_value(%z16 : f16) inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %ea : tensor<40x64xf16> -> tensor<3x4x16x16xf16>
  %eb = tensor.empty() : tensor<3x4x16x16xf16>
  %pb = linalg.pack %b outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 16] into %eb : tensor<64x48xf16> -> tensor<3x4x16x16xf16>
  %zf = arith.constant 0.0 : f32
  %ec = tensor.empty() : tensor<3x3x16x16xf32>
  %fc = linalg.fill ins(%zf : f32) outs(%ec : tensor<3x3x16x16xf32>) -> tensor<3x3x16x16xf32>
  %pc = linalg.mmt4d ins(%pa, %pb : tensor<3x4x16x16xf16>, tensor<3x4x16x16xf16>) outs(%fc : tensor<3x3x16x16xf32>) -> tensor<3x3x16x16xf32>
  %er = tensor.empty() : tensor<40x48xf32>
  %r = linalg.unpack %pc inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %er : tensor<3x3x16x16xf32> -> tensor<40x48xf32>
  return %r : tensor<40x48xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_two_products_are_two_launches(chip):
    rng = np.random.default_rng(7)
    a = rng.uniform(-1, 1, (37, 32)).astype(np.float16)
    b = rng.uniform(-1, 1, (32, 48)).astype(np.float16)
    c = rng.uniform(-1, 1, (32, 40)).astype(np.float16)
    out, counters = wmma.run(TWO, chip, {"a": a, "b": b, "c": c}, stats=True)
    launches = counters["launches"]
    assert [l["kernel"] for l in launches] == ["two_k0", "two_k1"]
    assert all(l["wmma_total"] > 0 for l in launches)
    assert counters["wmma_total"] == sum(l["wmma_total"] for l in launches)
    # f16 products are exact in f32; the sums round K = 32 times at most.
    tol = 32 * 2.0**-24 * 32
    ref0 = a.astype(np.float64) @ b.astype(np.float64)
    ref1 = a.astype(np.float64) @ c.astype(np.float64)
    np.testing.assert_allclose(out["result0"], ref0, rtol=0, atol=tol)
    np.testing.assert_allclose(out["result1"], ref1, rtol=0, atol=tol)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_intermediate_between_kernels(chip):
    rng = np.random.default_rng(3)
    x = rng.uniform(-1, 1, (19, 64)).astype(np.float16)
    w1 = rng.uniform(-1, 1, (64, 96)).astype(np.float16)
    w2 = rng.uniform(-1, 1, (96, 32)).astype(np.float16)
    out = wmma.run(MLP, chip, {"x": x, "w1": w1, "w2": w2})
    # The reference rounds the intermediate to f16 as the program does; the
    # kernel's f32 sums differ from numpy's by at most K * 2^-24 relative,
    # which can move the f16 rounding of h by one ulp (2^-10 relative).
    h = np.maximum(x.astype(np.float64) @ w1.astype(np.float64), 0)
    h16 = h.astype(np.float16).astype(np.float64)
    ref = h16 @ w2.astype(np.float64)
    bound = (np.abs(h) @ np.abs(w2.astype(np.float64))) * (2.0**-10 + 96 * 2.0**-23)
    assert np.all(np.abs(out["y"] - ref) <= bound + 1e-6)
    assert np.abs(ref).max() > bound.max()  # the bound can tell y from zero


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_pack_mmt4d_unpack(chip):
    rng = np.random.default_rng(11)
    a = rng.uniform(-1, 1, (40, 64)).astype(np.float16)
    b = rng.uniform(-1, 1, (64, 48)).astype(np.float16)
    out, counters = wmma.run(PACKED, chip, {"a": a, "b": b}, stats=True)
    # The padding fill, its copy, the GEMM (on WMMA), the unpacking copy.
    assert len(counters["launches"]) == 4
    assert [l["wmma_total"] > 0 for l in counters["launches"]] == [
        False, False, True, False]
    # Exact f16 products, f32 sums over K = 64.
    ref = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(out["result0"], ref, rtol=0,
                               atol=64 * 2.0**-24 * 64)


# Horizontal fusion: SwiGLU's gate and up projections share the activation,
# one kernel computes both and combines them (no intermediate in memory).
SWIGLU = """
func.func @swiglu(%x: tensor<?x64xf16>, %wg: tensor<64x96xf16>, %wu: tensor<64x96xf16>) -> tensor<?x96xf32> {
  %c0 = arith.constant 0 : index
  %t = tensor.dim %x, %c0 : tensor<?x64xf16>
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty(%t) : tensor<?x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x96xf32>) -> tensor<?x96xf32>
  %g = linalg.matmul ins(%x, %wg : tensor<?x64xf16>, tensor<64x96xf16>) outs(%f : tensor<?x96xf32>) -> tensor<?x96xf32>
  %u = linalg.matmul ins(%x, %wu : tensor<?x64xf16>, tensor<64x96xf16>) outs(%f : tensor<?x96xf32>) -> tensor<?x96xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%g, %u : tensor<?x96xf32>, tensor<?x96xf32>) outs(%e : tensor<?x96xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %n = arith.negf %a : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %a, %d : f32
    %r = arith.mulf %s, %b : f32
    linalg.yield %r : f32
  } -> tensor<?x96xf32>
  return %h : tensor<?x96xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_swiglu_is_one_kernel(chip):
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (29, 64)).astype(np.float16)
    wg = rng.uniform(-0.25, 0.25, (64, 96)).astype(np.float16)
    wu = rng.uniform(-0.25, 0.25, (64, 96)).astype(np.float16)
    out, counters = wmma.run(SWIGLU, chip, {"x": x, "wg": wg, "wu": wu},
                             stats=True)
    assert "launches" not in counters  # one kernel, not a program
    # Only the activation, both weights and the result move: no gate or
    # up intermediate is written.
    assert counters["global_bytes_stored"] == 29 * 96 * 4
    g = x.astype(np.float64) @ wg.astype(np.float64)
    u = x.astype(np.float64) @ wu.astype(np.float64)
    ref = g / (1 + np.exp(-g)) * u
    # f16 products are exact in f32; the sums over K = 64 differ from the
    # exact ones by at most gamma_64 = 64 * 2^-24 times the sum of the
    # products' magnitudes.  Through silu(g) * u (|silu'| <= 1.1) that
    # gives the bound below, plus a few f32 roundings of the epilogue.
    gamma = 64 * 2.0**-24
    eg = gamma * (np.abs(x.astype(np.float64)) @ np.abs(wg.astype(np.float64)))
    eu = gamma * (np.abs(x.astype(np.float64)) @ np.abs(wu.astype(np.float64)))
    silu = g / (1 + np.exp(-g))
    tol = 1.1 * np.abs(u) * eg + np.abs(silu) * eu + 8 * 2.0**-24 * np.abs(ref)
    assert np.all(np.abs(out["result0"] - ref) <= tol + 2.0**-30)
