"""Dynamic sizes of 0 (an empty batch): run() launches nothing and returns
results of the right shape (issue 20: it raised "invalid launch: grid
1x0x1"); a contraction of length 0 is accepted."""

import numpy as np
import pytest

import wmma
from test_run import DYNAMIC_TRANSPOSED, TENSOR_FN


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_empty_batch_gives_empty_results(chip):
    out = wmma.run(DYNAMIC_TRANSPOSED, chip,
                   {"q": np.zeros((0, 8), np.float16),
                    "k": np.ones((5, 8), np.float16),
                    "s": np.zeros(0, np.float32)})
    assert out["out"].shape == (0, 5) and out["out"].dtype == np.float32


def test_empty_batch_of_a_tensor_function():
    out = wmma.run(TENSOR_FN, "gfx1201",
                   {"x": np.zeros((0, 72), np.float16),
                    "w": np.ones((72, 40), np.float16),
                    "c": np.zeros((0, 40), np.float32)})
    assert out["result0"].shape == (0, 40) and out["result0"].dtype == np.float16


def test_zero_length_contraction_runs():
    # K = 0: the grid is not empty, the kernel runs with no K step and
    # writes (sum of no products) * s = 0 everywhere.
    out = wmma.run(DYNAMIC_TRANSPOSED, "gfx1201",
                   {"q": np.ones((3, 0), np.float16),
                    "k": np.ones((5, 0), np.float16),
                    "s": np.full(3, 2.0, np.float32)})
    np.testing.assert_array_equal(out["out"], np.zeros((3, 5), np.float32))
