"""The VALU template through Python: products no WMMA instruction takes
(f32 x f32, PyTorch's default dtype; i32; matrix-vector and dot products)
compile to VALU kernels and match numpy within bounds from the types and K."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24  # unit roundoff of f32

MATMUL_F32 = """
func.func @mm(%A: memref<70x90xf32>, %B: memref<90x50xf32>, %C: memref<70x50xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<70x50xf32>)
  linalg.matmul ins(%A, %B : memref<70x90xf32>, memref<90x50xf32>) outs(%C : memref<70x50xf32>)
  return
}
"""

MATVEC_F32 = """
func.func @mv(%A: memref<300x257xf32>, %x: memref<257xf32>, %y: memref<300xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<300xf32>)
  linalg.matvec ins(%A, %x : memref<300x257xf32>, memref<257xf32>) outs(%y : memref<300xf32>)
  return
}
"""

MATMUL_I32 = """
func.func @imm(%A: memref<33x40xi32>, %B: memref<40x20xi32>, %C: memref<33x20xi32>) {
  linalg.matmul ins(%A, %B : memref<33x40xi32>, memref<40x20xi32>) outs(%C : memref<33x20xi32>)
  return
}
"""


def f64(x):
    return np.asarray(x, dtype=np.float64)


def fma_bound(A, B, K):
    # Sequential f32 multiply-adds (fma: no product rounding): |err| <=
    # K u32 sum |a b| to first order; a factor 2 of slack for the
    # kernel's summation order (lane partials, then their sum).
    return 2 * K * U32 * (np.abs(f64(A)) @ np.abs(f64(B))) + 1e-30


@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
def test_f32_matmul(chip):
    rng = np.random.default_rng(21)
    A = rng.uniform(-1, 1, (70, 90)).astype(np.float32)
    B = rng.uniform(-1, 1, (90, 50)).astype(np.float32)
    C = wmma.run(MATMUL_F32, chip, {"A": A, "B": B})["C"]
    assert C.shape == (70, 50) and C.dtype == np.float32
    exact = f64(A) @ f64(B)
    err = np.abs(f64(C) - exact)
    bound = fma_bound(A, B, 90)
    assert (err <= bound).all()
    # Not vacuous: the bound is far below the values it checks.
    assert np.median(bound) < 1e-3 * np.median(np.abs(exact))


@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
def test_f32_matvec(chip):
    rng = np.random.default_rng(22)
    A = rng.uniform(-1, 1, (300, 257)).astype(np.float32)
    x = rng.uniform(-1, 1, (257,)).astype(np.float32)
    y = wmma.run(MATVEC_F32, chip, {"A": A, "x": x})["y"]
    assert y.shape == (300,) and y.dtype == np.float32
    exact = f64(A) @ f64(x)
    err = np.abs(f64(y) - exact)
    bound = fma_bound(A, x, 257)
    assert (err <= bound).all()
    assert np.median(bound) < 1e-3 * np.median(np.abs(exact))


def test_i32_matmul_accumulates_exactly():
    # C += A x B in i32, wrapping like numpy's int32 arithmetic.
    rng = np.random.default_rng(23)
    A = rng.integers(-2**20, 2**20, (33, 40), dtype=np.int32)
    B = rng.integers(-2**20, 2**20, (40, 20), dtype=np.int32)
    C0 = rng.integers(-2**30, 2**30, (33, 20), dtype=np.int32)
    C = wmma.run(MATMUL_I32, "gfx1201", {"A": A, "B": B, "C": C0})["C"]
    with np.errstate(over="ignore"):
        want = C0 + (A.astype(np.int64) @ B.astype(np.int64)).astype(np.int32)
    assert C.dtype == np.int32 and (C == want).all()


F64_MATVEC = """
func.func @mv64(%A: memref<40x75xf64>, %x: memref<75xf64>, %y: memref<40xf64>) {
  linalg.matvec ins(%A, %x : memref<40x75xf64>, memref<75xf64>) outs(%y : memref<40xf64>)
  return
}
"""


def test_f64_matvec_accumulates_in_f64():
    # y += A x in f64 (no WMMA, no f32 anywhere): within 2 K u64 of exact,
    # far below what an f32 accumulation would reach.
    rng = np.random.default_rng(24)
    A = rng.uniform(-1, 1, (40, 75))
    x = rng.uniform(-1, 1, (75,))
    y0 = rng.uniform(-1, 1, (40,))
    y = wmma.run(F64_MATVEC, "gfx1100", {"A": A, "x": x, "y": y0})["y"]
    assert y.dtype == np.float64
    exact = y0 + A @ x
    bound = 2 * 76 * 2.0**-53 * (np.abs(y0) + np.abs(A) @ np.abs(x))
    assert (np.abs(y - exact) <= bound).all()
    assert np.median(bound) < 1e-12 * np.median(np.abs(exact))
