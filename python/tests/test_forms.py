"""The linalg forms frameworks emit, run against numpy: quantized_matmul
with scalar zero points (exact in i32), and StableHLO's dot_general with
batch dimensions in the middle of the operands and the output."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24  # unit roundoff of f32

QMM = b"""
func.func @qmm(%A: tensor<37x70xi8>, %B: tensor<70x45xi8>, %za: i32, %zb: i32) -> tensor<37x45xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<37x45xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<37x45xi32>) -> tensor<37x45xi32>
  %r = linalg.quantized_matmul ins(%A, %B, %za, %zb : tensor<37x70xi8>, tensor<70x45xi8>, i32, i32) outs(%f : tensor<37x45xi32>) -> tensor<37x45xi32>
  return %r : tensor<37x45xi32>
}
"""

DOT_GENERAL = b"""
func.func @dot_general(%A: tensor<37x3x40xf16>, %B: tensor<3x40x29xf16>) -> tensor<37x3x29xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x3x29xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<37x3x29xf32>) -> tensor<37x3x29xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, b, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<37x3x40xf16>, tensor<3x40x29xf16>) outs(%f : tensor<37x3x29xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<37x3x29xf32>
  return %r : tensor<37x3x29xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("za,zb", [(-3, 117), (128, -128), (0, 5)])
def test_quantized_matmul(chip, za, zb):
    rng = np.random.default_rng(21)
    A = rng.integers(-128, 128, (37, 70)).astype(np.int8)
    B = rng.integers(-128, 128, (70, 45)).astype(np.int8)
    out = wmma.run(QMM, chip, {"A": A, "B": B, "za": za, "zb": zb})
    got = out["result0"]
    assert got.dtype == np.int32 and got.shape == (37, 45)
    want = (A.astype(np.int64) - za) @ (B.astype(np.int64) - zb)
    assert np.array_equal(got.astype(np.int64), want)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_dot_general_batch_in_the_middle(chip):
    rng = np.random.default_rng(22)
    A = rng.uniform(-1, 1, (37, 3, 40)).astype(np.float16)
    B = rng.uniform(-1, 1, (3, 40, 29)).astype(np.float16)
    got = wmma.run(DOT_GENERAL, chip, {"A": A, "B": B})["result0"]
    assert got.shape == (37, 3, 29) and got.dtype == np.float32
    a, b = A.astype(np.float64), B.astype(np.float64)
    want = np.einsum("mbk,bkn->mbn", a, b)
    mag = np.einsum("mbk,bkn->mbn", np.abs(a), np.abs(b))
    bound = 2 * 40 * U32 * mag
    assert (np.abs(got - want) <= bound).all()
    assert np.median(bound) < 0.02 * np.median(np.abs(want))


MMT4D_SPLIT_K = b"""
func.func @mmt4d(%A: tensor<2x6x16x4xi8>, %B: tensor<3x6x16x4xi8>, %C: tensor<2x3x16x16xi32>) -> tensor<2x3x16x16xi32> {
  %r = linalg.mmt4d ins(%A, %B : tensor<2x6x16x4xi8>, tensor<3x6x16x4xi8>) outs(%C : tensor<2x3x16x16xi32>) -> tensor<2x3x16x16xi32>
  return %r : tensor<2x3x16x16xi32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_mmt4d_both_k_tiles(chip):
    """IREE's data-tiled i8 layout with a K tile of 4 (k1 = 6, k0 = 4): the
    kernel loops k1 around its K loop; exact in i32, accumulating into C."""
    rng = np.random.default_rng(23)
    A = rng.integers(-128, 128, (2, 6, 16, 4)).astype(np.int8)
    B = rng.integers(-128, 128, (3, 6, 16, 4)).astype(np.int8)
    C = rng.integers(-1000, 1000, (2, 3, 16, 16)).astype(np.int32)
    got = wmma.run(MMT4D_SPLIT_K, chip, {"A": A, "B": B, "C": C})["result0"]
    # C[m1, n1, m0, n0] += sum over k1, k0 of A[m1, k1, m0, k0] B[n1, k1, n0, k0]
    want = C.astype(np.int64) + np.einsum(
        "akmx,bknx->abmn", A.astype(np.int64), B.astype(np.int64))
    assert np.array_equal(got.astype(np.int64), want)
