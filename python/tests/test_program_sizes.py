"""Run-time sizes a program computes, through Python: a flatten of two
run-time dimensions (the GEMM's M is their product, the intermediate and
the result allocated at it) and a result allocated at m * n rows (index
scalars).  run() sizes the results through wmma_program_sizes; checked
against numpy (an independent reference computing what the function
means)."""
import numpy as np
import pytest

import wmma

FLATTEN = """
func.func @flatten_matmul_softmax(%x: tensor<?x?x64xf16>, %w: tensor<64x48xf16>) -> tensor<?x48xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x64xf16> into tensor<?x64xf16>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %c, %c0 : tensor<?x64xf16>
  %z = arith.constant 0.0 : f32
  %o = tensor.empty(%n) : tensor<?x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x48xf32>) -> tensor<?x48xf32>
  %mm = linalg.matmul ins(%c, %w : tensor<?x64xf16>, tensor<64x48xf16>) outs(%f : tensor<?x48xf32>) -> tensor<?x48xf32>
  %e = tensor.empty(%n) : tensor<?x48xf32>
  %r = linalg.softmax dimension(1) ins(%mm : tensor<?x48xf32>) outs(%e : tensor<?x48xf32>) -> tensor<?x48xf32>
  return %r : tensor<?x48xf32>
}
"""

EMPTY_MULI = """
func.func @empty_muli(%bias: tensor<64xf32>, %m: index, %n: index) -> tensor<?x64xf32> {
  %s = arith.muli %m, %n : index
  %e = tensor.empty(%s) : tensor<?x64xf32>
  %two = arith.constant 2.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%b: f32, %o: f32):
    %t = arith.mulf %b, %two : f32
    linalg.yield %t : f32
  } -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}
"""

EMPTY_MULI_MATMUL = """
func.func @empty_muli_matmul(%x: tensor<?x64xf16>, %w: tensor<64x32xf16>, %m: index, %n: index) -> tensor<?x32xf32> {
  %s = arith.muli %m, %n : index
  %o = tensor.empty(%s) : tensor<?x32xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r = linalg.matmul ins(%x, %w : tensor<?x64xf16>, tensor<64x32xf16>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("dims", [(5, 7), (1, 33), (0, 4)])
def test_flatten_of_two_runtime_sizes(chip, dims):
    rng = np.random.default_rng(3)
    x = rng.uniform(-1, 1, dims + (64,)).astype(np.float16)
    w = rng.uniform(-1, 1, (64, 48)).astype(np.float16)
    out, counters = wmma.run(FLATTEN, chip, {"x": x, "w": w}, stats=True)
    rows = dims[0] * dims[1]
    assert out["result0"].shape == (rows, 48)
    assert len(counters["launches"]) == 2
    # The speed-of-light model of the two launches; none when nothing ran.
    sol = counters["speed_of_light"]
    assert (sol is None) == (rows == 0)
    if rows:
        assert len(sol["launches"]) == 2 and sol["boost"]["time_s"] > 0
    mm = x.astype(np.float64).reshape(rows, 64) @ w.astype(np.float64)
    e = np.exp(mm - mm.max(axis=1, keepdims=True)) if rows else mm
    ref = e / e.sum(axis=1, keepdims=True) if rows else mm
    # f32 accumulation of 64 products of f16 inputs, then softmax in f32:
    # a few f32 ulps of values in (0, 1].
    np.testing.assert_allclose(out["result0"], ref, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_result_sized_by_index_arithmetic(chip):
    bias = np.random.default_rng(4).uniform(-1, 1, 64).astype(np.float32)
    out = wmma.run(EMPTY_MULI, chip, {"bias": bias, "m": 3, "n": 11})
    assert out["result0"].shape == (33, 64)
    # One exact f32 multiplication by 2 per element.
    np.testing.assert_array_equal(out["result0"], np.tile(bias * 2, (33, 1)))


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_gemm_output_sized_by_index_arithmetic(chip):
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (36, 64)).astype(np.float16)
    w = rng.uniform(-1, 1, (64, 32)).astype(np.float16)
    out = wmma.run(EMPTY_MULI_MATMUL, chip, {"x": x, "w": w, "m": 4, "n": 9})
    ref = x.astype(np.float64) @ w.astype(np.float64)
    # f32 sums of 64 exact f16 products: |error| <= 64 * 2^-24 * sum |x w|.
    bound = 64 * 2.0 ** -24 * (np.abs(x.astype(np.float64)) @ np.abs(w.astype(np.float64)))
    assert np.all(np.abs(out["result0"] - ref) <= bound)


def test_computed_size_that_disagrees_with_an_argument():
    x = np.zeros((36, 64), np.float16)
    w = np.zeros((64, 32), np.float16)
    with pytest.raises(ValueError, match="computes a buffer size that differs"):
        wmma.run(EMPTY_MULI_MATMUL, "gfx1100", {"x": x, "w": w, "m": 4, "n": 8})
