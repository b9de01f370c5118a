"""Gathers (torch-mlir's aten.embedding, aten.index_select): a 1000 x 64
table read at 37 i64 token ids, as torch-mlir writes it on tensors, against
numpy, exact (a gather copies).  An id outside the table reads the clamped
row (negative: row 0; past the end: the last row), never out of bounds."""

import numpy as np
import pytest

import wmma

EMBEDDING = """
func.func @embedding(%w: tensor<1000x64x{t}>, %ids: tensor<37xi64>) -> tensor<37x64x{t}> {{
  %e = tensor.empty() : tensor<37x64x{t}>
  %r = linalg.generic {{indexing_maps = [affine_map<(s, e) -> (s)>, affine_map<(s, e) -> (s, e)>], iterator_types = ["parallel", "parallel"]}} ins(%ids : tensor<37xi64>) outs(%e : tensor<37x64x{t}>) {{
  ^bb0(%id: i64, %out: {t}):
    %i = arith.index_cast %id : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %w[%i, %j] : tensor<1000x64x{t}>
    linalg.yield %v : {t}
  }} -> tensor<37x64x{t}>
  return %r : tensor<37x64x{t}>
}}
"""

# index_select along dim 0 of a 3-D table: two dims taken from the loops.
INDEX_SELECT = b"""
func.func @index_select(%w: tensor<50x3x8xf32>, %ids: tensor<5xi32>) -> tensor<5x3x8xf32> {
  %e = tensor.empty() : tensor<5x3x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a)>, affine_map<(a, b, c) -> (a, b, c)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<5xi32>) outs(%e : tensor<5x3x8xf32>) {
  ^bb0(%id: i32, %out: f32):
    %i = arith.index_cast %id : i32 to index
    %b = linalg.index 1 : index
    %c = linalg.index 2 : index
    %v = tensor.extract %w[%i, %b, %c] : tensor<50x3x8xf32>
    linalg.yield %v : f32
  } -> tensor<5x3x8xf32>
  return %r : tensor<5x3x8xf32>
}
"""

NP = {"f16": np.float16, "f32": np.float32}


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("t", ["f16", "f32"])
def test_embedding(chip, t):
    rng = np.random.default_rng(37)
    W = rng.uniform(-1, 1, (1000, 64)).astype(NP[t])
    ids = rng.integers(0, 1000, 37).astype(np.int64)
    ids[:3] = [0, 999, 500]  # both ends of the table
    got = wmma.run(EMBEDDING.format(t=t).encode(), chip, {"w": W, "ids": ids})
    got = got["result0"]
    assert got.dtype == NP[t] and got.shape == (37, 64)
    assert np.array_equal(got, W[ids])


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_embedding_out_of_range_ids_clamp(chip):
    rng = np.random.default_rng(38)
    W = rng.uniform(-1, 1, (1000, 64)).astype(np.float32)
    ids = rng.integers(0, 1000, 37).astype(np.int64)
    ids[:4] = [-1, 1000, -(2**40), 2**40]
    got = wmma.run(EMBEDDING.format(t="f32").encode(), chip,
                   {"w": W, "ids": ids})["result0"]
    assert np.array_equal(got, W[np.clip(ids, 0, 999)])


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_index_select_3d(chip):
    rng = np.random.default_rng(39)
    W = rng.uniform(-1, 1, (50, 3, 8)).astype(np.float32)
    ids = np.array([49, 0, 7, 7, 21], dtype=np.int32)
    got = wmma.run(INDEX_SELECT, chip, {"w": W, "ids": ids})["result0"]
    assert np.array_equal(got, W[ids])
