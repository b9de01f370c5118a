"""Functions without products through the Python package: the elementwise
template's plain kernels (no WMMA), checked against numpy."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24  # unit roundoff of f32

# out = transpose(a) * s + r[None, :], all sizes dynamic: the transposed
# input goes through the LDS tile, the row vector is read along the columns.
TRANSPOSE_SCALE_ADD = """
func.func @tsa(%a: memref<?x?xf32>, %s: f32, %r: memref<?xf32>, %out: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %r : memref<?x?xf32>, memref<?xf32>) outs(%out : memref<?x?xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %m = arith.mulf %x, %s : f32
    %y = arith.addf %m, %b : f32
    linalg.yield %y : f32
  }
  return
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_transpose_scale_add_dynamic(chip):
    compiled = wmma.compile(TRANSPOSE_SCALE_ADD, chip, emit="llvm")
    schedule = compiled.manifest["schedule"]
    assert schedule.startswith('#wmma.schedule<template = "elementwise", '
                               'instruction = "none", staging = lds')
    rng = np.random.default_rng(5)
    for rows, cols in [(65, 33), (1, 7), (40, 100)]:
        a = rng.uniform(-1, 1, (cols, rows)).astype(np.float32)
        r = rng.uniform(-1, 1, cols).astype(np.float32)
        out = wmma.run(TRANSPOSE_SCALE_ADD, chip,
                       {"a": a, "s": 1.5, "r": r, "out": np.zeros((rows, cols), np.float32)})
        got = out["out"]
        assert got.shape == (rows, cols)
        exact = a.T.astype(np.float64) * 1.5 + r[None, :].astype(np.float64)
        # Two f32 roundings (the product, the sum).
        bound = 2 * U32 * (np.abs(a.T) * 1.5 + np.abs(r[None, :])) + 1e-30
        assert (np.abs(got - exact) <= bound).all(), (rows, cols)


def test_elementwise_schedule_pins_the_same_kernel():
    first = wmma.compile(TRANSPOSE_SCALE_ADD, "gfx1201", emit="llvm")
    schedule = first.manifest["schedule"]
    pinned = TRANSPOSE_SCALE_ADD.replace(
        "memref<?x?xf32>) {\n", "memref<?x?xf32>) attributes {wmma.schedule = %s} {\n" % schedule, 1)
    assert pinned != TRANSPOSE_SCALE_ADD
    again = wmma.compile(pinned, "gfx1201", emit="llvm")
    assert again.manifest["schedule"] == schedule
    assert again.artifact == first.artifact


TRANSPOSE_T = """
func.func @t(%a: memref<64x96xT>, %b: memref<96x64xT>) {
  linalg.transpose ins(%a : memref<64x96xT>) outs(%b : memref<96x64xT>) permutation = [1, 0]
  return
}
"""


@pytest.mark.parametrize("elem,dtype", [("f32", np.float32), ("i32", np.int32)])
def test_transpose_lds_tile_has_no_bank_conflicts(elem, dtype):
    # The 32 x 33 tile: the copy writes rows, the threads read columns; with
    # rows of 33 dwords both are served without bank conflicts (the
    # emulator's LDS bank model), and every element is exact.
    src = TRANSPOSE_T.replace("T", elem)
    a = (np.arange(64 * 96) % 1000).reshape(64, 96).astype(dtype)
    out, counters = wmma.run(src, "gfx1201", {"a": a, "b": np.zeros((96, 64), dtype)},
                             stats=True)
    np.testing.assert_array_equal(out["b"], a.T)
    assert counters["lds_bytes_read"] == a.nbytes
    assert counters["lds_bank_conflicts"] == 0


FP8_COPY = """
func.func @c(%A: memref<13x21xf8E4M3FN>, %Y: memref<13x21xf8E4M3FN>) {
  linalg.copy ins(%A : memref<13x21xf8E4M3FN>) outs(%Y : memref<13x21xf8E4M3FN>)
  return
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_fp8_copy_is_bit_exact(chip):
    # fp8 values as their bit patterns (uint8): a copy moves every pattern
    # (NaN's S.1111.111 left out) unchanged, tails included.
    rng = np.random.default_rng(7)
    a = rng.integers(0, 256, (13, 21)).astype(np.uint8)
    a[(a & 0x7F) == 0x7F] = 0
    out = wmma.run(FP8_COPY, chip, {"A": a, "Y": np.zeros((13, 21), np.uint8)})
    np.testing.assert_array_equal(out["Y"].view(np.uint8), a)


def test_transpose_through_lds_is_coalesced_like_a_copy():
    # Global cache lines the wave accesses touch (the emulator's counter):
    # the LDS-staged transpose reads rows and writes rows, as many lines as
    # a plain copy (the minimum, every byte once); without LDS the strided
    # reads touch many more.
    def run(perm, staging):
        src = TRANSPOSE_T.replace("T", "f32").replace("64x96", "128x128").replace(
            "96x64", "128x128").replace("[1, 0]", perm)
        a = np.random.default_rng(3).uniform(-1, 1, (128, 128)).astype(np.float32)
        out, c = wmma.run(src, "gfx1201", {"a": a, "b": np.zeros_like(a)}, stats=True,
                          staging=staging)
        want = a.T if perm == "[1, 0]" else a
        np.testing.assert_array_equal(out["b"], want)
        return c["global_lines"]

    copy = run("[0, 1]", "auto")
    assert copy == 2 * 128 * 128 * 4 // 128
    assert run("[1, 0]", "auto") == copy
    assert run("[1, 0]", "registers") > 8 * copy
