"""A value and its position reduced together (torch-mlir's aten.max.dim /
min.dim / argmax, TOSA's argmax) against an independent reference: the
linalg body folded element by element in Python, in the order the loop
runs.  Inputs carry what a parallel reduction can get wrong: ties (the
first position must win), NaNs (torch-mlir's body: the values become NaN,
the position is the best one before the first NaN; TOSA's select form:
NaN is never chosen), rows of -inf only (the start position stays) and
signed zeros.  Exact: positions are integers and the values are elements
of the input."""

import math

import numpy as np
import pytest

import wmma

# {cmp}: ogt/olt, {comb}: maximumf/minimumf, {start}: -inf/+inf.
TORCH = """
func.func @max_dim(%x: tensor<{r}x{c}x{t}>) -> (tensor<{r}x{t}>, tensor<{r}xi64>) {{
  %s = arith.constant {start} : {t}
  %z = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<{r}xi64>
  %ef = tensor.empty() : tensor<{r}x{t}>
  %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<{r}xi64>) -> tensor<{r}xi64>
  %fv = linalg.fill ins(%s : {t}) outs(%ef : tensor<{r}x{t}>) -> tensor<{r}x{t}>
  %res:2 = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}}
      ins(%x : tensor<{r}x{c}x{t}>) outs(%fv, %fi : tensor<{r}x{t}>, tensor<{r}xi64>) {{
  ^bb0(%a: {t}, %v: {t}, %i: i64):
    %j = linalg.index 1 : index
    %jc = arith.index_cast %j : index to i64
    %m = arith.{comb} %a, %v : {t}
    %p = arith.cmpf {cmp}, %a, %v : {t}
    %si = arith.select %p, %jc, %i : i64
    linalg.yield %m, %si : {t}, i64
  }} -> (tensor<{r}x{t}>, tensor<{r}xi64>)
  return %res#0, %res#1 : tensor<{r}x{t}>, tensor<{r}xi64>
}}
"""

TOSA = """
func.func @argmax(%x: tensor<{r}x{c}xf32>) -> (tensor<{r}xi32>, tensor<{r}xf32>) {{
  %s = arith.constant -3.40282347E+38 : f32
  %z = arith.constant 0 : i32
  %ei = tensor.empty() : tensor<{r}xi32>
  %ef = tensor.empty() : tensor<{r}xf32>
  %fi = linalg.fill ins(%z : i32) outs(%ei : tensor<{r}xi32>) -> tensor<{r}xi32>
  %fv = linalg.fill ins(%s : f32) outs(%ef : tensor<{r}xf32>) -> tensor<{r}xf32>
  %res:2 = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}}
      ins(%x : tensor<{r}x{c}xf32>) outs(%fi, %fv : tensor<{r}xi32>, tensor<{r}xf32>) {{
  ^bb0(%a: f32, %i: i32, %v: f32):
    %j = linalg.index 1 : index
    %jc = arith.index_cast %j : index to i32
    %p = arith.cmpf ogt, %a, %v : f32
    %m = arith.select %p, %a, %v : f32
    %si = arith.select %p, %jc, %i : i32
    linalg.yield %si, %m : i32, f32
  }} -> (tensor<{r}xi32>, tensor<{r}xf32>)
  return %res#0, %res#1 : tensor<{r}xi32>, tensor<{r}xf32>
}}
"""


def maximumf(a, b):
    """arith.maximumf: NaN propagates, -0 < +0."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return a if math.copysign(1, a) > 0 else b
    return max(a, b)


def minimumf(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return a if math.copysign(1, a) < 0 else b
    return min(a, b)


def fold(row, start, is_min, select_values):
    """The body applied to the row's elements in order."""
    v, i = start, 0
    for j, a in enumerate(float(e) for e in row):
        p = a < v if is_min else a > v  # ordered compare: False with NaN
        if select_values:
            v = a if p else v
        else:
            v = (minimumf if is_min else maximumf)(a, v)
        i = j if p else i
    return v, i


def hard_rows(rng, rows, cols, dtype):
    x = rng.uniform(-1, 1, (rows, cols)).astype(dtype)
    x[0, :] = 0.5  # every element ties: position 0
    x[1, :] = -np.inf  # nothing beats the start: position 0
    x[2, 5] = x[2, 300] = 7  # a tie: the first
    x[3, 10] = np.nan  # NaN before the best
    x[3, 200] = 9
    x[4, 200] = 9  # NaN after the best
    x[4, 250] = np.nan
    x[5, :] = np.nan
    x[6, 0] = np.nan  # NaN first
    x[7, :] = 0
    x[7, 3] = -0.0  # signed zeros
    x[7, 0] = -0.0
    x[8, cols - 1] = 9  # the last element
    x[9, 64] = 9  # a lane boundary
    x[10, 63] = x[10, 64] = 9
    x[11, 1] = np.nan
    x[11, 0] = 9
    return x


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("t,is_min", [("f32", False), ("f32", True),
                                      ("f16", False)])
def test_torch_max_dim(chip, t, is_min):
    rows, cols = 40, 333
    dtype = {"f32": np.float32, "f16": np.float16}[t]
    x = hard_rows(np.random.default_rng(21), rows, cols, dtype)
    if is_min:
        x[2, 5] = x[2, 300] = -7
    src = TORCH.format(r=rows, c=cols, t=t, cmp="olt" if is_min else "ogt",
                       comb="minimumf" if is_min else "maximumf",
                       start="0x7F800000" if is_min else "0xFF800000")
    if t == "f16":
        src = src.replace("0xFF800000", "0xFC00").replace("0x7F800000",
                                                          "0x7C00")
    out = wmma.run(src.encode(), chip, {"x": x})
    values, positions = out["result0"], out["result1"]
    assert positions.dtype == np.int64 and positions.shape == (rows,)
    for r in range(rows):
        want_v, want_i = fold(x[r], math.inf if is_min else -math.inf, is_min,
                              False)
        assert positions[r] == want_i, (r, positions[r], want_i)
        got_v = float(values[r])
        if math.isnan(want_v):
            assert math.isnan(got_v), r
        else:
            assert got_v == want_v and \
                math.copysign(1, got_v) == math.copysign(1, want_v), r
    # NaN-free rows: numpy's (and PyTorch's) first-occurrence argmax.
    clean = [r for r in range(rows) if not np.isnan(x[r]).any() and r != 1]
    ref = np.argmin(x[clean], axis=1) if is_min else np.argmax(x[clean], axis=1)
    assert np.array_equal(positions[clean], ref)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_tosa_argmax_select_form(chip):
    rows, cols = 40, 333
    x = hard_rows(np.random.default_rng(22), rows, cols, np.float32)
    out = wmma.run(TOSA.format(r=rows, c=cols).encode(), chip, {"x": x})
    positions, values = out["result0"], out["result1"]
    assert positions.dtype == np.int32
    lowest = float(np.finfo(np.float32).min)
    for r in range(rows):
        want_v, want_i = fold(x[r], lowest, False, True)
        assert positions[r] == want_i, (r, positions[r], want_i)
        assert float(values[r]) == want_v and math.copysign(
            1, float(values[r])) == math.copysign(1, want_v), r
