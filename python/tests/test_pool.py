"""Poolings through run(): max pooling with -inf padding (torch-mlir's
max_pool2d), average pooling (a zero-padded sum pool and a divide), and
unsigned i8 max, against numpy references computed independently of MLIR."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24  # unit roundoff of f32


def windows(x, k, stride, pad, fill):
    """The k x k windows of NHWC x padded with `fill`: [n, oh, ow, k*k, c]."""
    x = np.pad(x, ((0, 0), (pad, pad), (pad, pad), (0, 0)), constant_values=fill)
    n, h, w, c = x.shape
    oh, ow = (h - k) // stride + 1, (w - k) // stride + 1
    taps = [x[:, i:i + stride * (oh - 1) + 1:stride, j:j + stride * (ow - 1) + 1:stride, :]
            for i in range(k) for j in range(k)]
    return np.stack(taps, axis=3)


def source(op, n, h, w, c, k, stride, pad, t, fill, divide=None):
    hp, wp = h + 2 * pad, w + 2 * pad
    oh, ow = (hp - k) // stride + 1, (wp - k) // stride + 1
    x, xp = f"tensor<{n}x{h}x{w}x{c}x{t}>", f"tensor<{n}x{hp}x{wp}x{c}x{t}>"
    y, win = f"tensor<{n}x{oh}x{ow}x{c}x{t}>", f"tensor<{k}x{k}x{t}>"
    tail = f"  return %r : {y}\n"
    if divide:
        tail = f"""  %dv = arith.constant {divide} : {t}
  %d = linalg.generic {{indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%r : {y}) outs(%e : {y}) {{
  ^bb0(%v: {t}, %u: {t}):
    %q = arith.divf %v, %dv : {t}
    linalg.yield %q : {t}
  }} -> {y}
  return %d : {y}
"""
    return f"""func.func @pool(%x: {x}) -> {y} {{
  %fill = arith.constant {fill} : {t}
  %p = tensor.pad %x low[0, {pad}, {pad}, 0] high[0, {pad}, {pad}, 0] {{
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %fill : {t}
  }} : {x} to {xp}
  %w = tensor.empty() : {win}
  %e = tensor.empty() : {y}
  %o = linalg.fill ins(%fill : {t}) outs(%e : {y}) -> {y}
  %r = linalg.{op} {{dilations = dense<1> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
    ins(%p, %w : {xp}, {win}) outs(%o : {y}) -> {y}
{tail}}}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("t,dtype", [("f16", np.float16), ("f32", np.float32)])
def test_max_pool_padded(chip, t, dtype):
    # 3x3 stride 2 padding 1 of -inf; max is exact (the maximum of the
    # window's elements, never a rounding).
    rng = np.random.default_rng(7)
    x = rng.uniform(-1, 1, (2, 33, 33, 24)).astype(dtype)
    fill = "0xFC00" if t == "f16" else "0xFF800000"
    out = wmma.run(source("pooling_nhwc_max", 2, 33, 33, 24, 3, 2, 1, t, fill), chip, {"x": x})
    want = windows(x.astype(np.float64), 3, 2, 1, -np.inf).max(axis=3)
    got = out["result0"]
    assert got.shape == want.shape == (2, 17, 17, 24)
    assert np.array_equal(got.astype(np.float64), want)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_avg_pool(chip):
    # Sum of 9 f32 values (zero padding counted), then / 9: each sum's
    # error at most 9 u times the sum of magnitudes (f32 accumulation),
    # the divide one more rounding.
    rng = np.random.default_rng(8)
    x = rng.uniform(-1, 1, (1, 33, 33, 24)).astype(np.float32)
    out = wmma.run(source("pooling_nhwc_sum", 1, 33, 33, 24, 3, 2, 1, "f32", "0.0", divide="9.0"),
                   chip, {"x": x})
    win = windows(x.astype(np.float64), 3, 2, 1, 0.0)
    want = win.sum(axis=3) / 9
    bound = (9 + 1) * U32 * np.abs(win).sum(axis=3) / 9 + U32 * np.abs(want)
    err = np.abs(out["result0"].astype(np.float64) - want)
    assert (err <= bound).all(), (err - bound).max()


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_max_pool_unsigned_i8(chip):
    # i8 read as unsigned (0..255): max_unsigned differs from a signed max
    # wherever a window holds values on both sides of 127; exact.
    rng = np.random.default_rng(9)
    x = rng.integers(-128, 128, (2, 13, 13, 24)).astype(np.int8)
    out = wmma.run(source("pooling_nhwc_max_unsigned", 2, 13, 13, 24, 3, 2, 0, "i8", "0"),
                   chip, {"x": x})
    want = windows(x.view(np.uint8).astype(np.int64), 3, 2, 0, 0).max(axis=3)
    got = out["result0"].view(np.uint8).astype(np.int64)
    assert np.array_equal(got, want)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_max_pool_runtime_sizes(chip):
    # Max pooling 3x3 stride 2 padding 1 of -inf at run-time batch and
    # spatial sizes (the output given): the batch and output rows and
    # columns on grid z.  Two size sets, one compiled kernel each run;
    # exact (a max rounds nothing).
    src = """func.func @pool(%x: tensor<?x?x?x24xf16>, %o: tensor<?x?x?x24xf16>) -> tensor<?x?x?x24xf16> {
  %ninf = arith.constant 0xFC00 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f16
  } : tensor<?x?x?x24xf16> to tensor<?x?x?x24xf16>
  %w = tensor.empty() : tensor<3x3xf16>
  %f = linalg.fill ins(%ninf : f16) outs(%o : tensor<?x?x?x24xf16>) -> tensor<?x?x?x24xf16>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<?x?x?x24xf16>, tensor<3x3xf16>) outs(%f : tensor<?x?x?x24xf16>) -> tensor<?x?x?x24xf16>
  return %r : tensor<?x?x?x24xf16>
}
"""
    rng = np.random.default_rng(10)
    for n, h, w in ((2, 33, 33), (1, 9, 20)):
        x = rng.uniform(-1, 1, (n, h, w, 24)).astype(np.float16)
        want = windows(x.astype(np.float64), 3, 2, 1, -np.inf).max(axis=3)
        o = np.zeros(want.shape, np.float16)
        got = wmma.run(src, chip, {"x": x, "o": o})["result0"]
        assert got.shape == want.shape
        assert np.array_equal(got.astype(np.float64), want)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_sum_pool_nchw_runtime_sizes(chip):
    # pooling_nchw_sum 2x2 stride 2 at run-time batch and spatial sizes
    # (memrefs: the output's sizes given), f32: each sum of 4 values in
    # f32, error at most 4 u times the sum of magnitudes.
    src = """func.func @pool(%x: memref<?x24x?x?xf32>, %w: memref<2x2xf32>, %y: memref<?x24x?x?xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x24x?x?xf32>)
  linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x24x?x?xf32>, memref<2x2xf32>) outs(%y : memref<?x24x?x?xf32>)
  return
}
"""
    rng = np.random.default_rng(11)
    for n, h, w in ((2, 33, 33), (1, 9, 20)):
        x = rng.uniform(-1, 1, (n, 24, h, w)).astype(np.float32)
        nhwc = x.transpose(0, 2, 3, 1).astype(np.float64)
        win = windows(nhwc, 2, 2, 0, 0.0)
        want = win.sum(axis=3).transpose(0, 3, 1, 2)
        bound = 4 * U32 * np.abs(win).sum(axis=3).transpose(0, 3, 1, 2)
        y = np.zeros(want.shape, np.float32)
        got = wmma.run(src, chip, {"x": x, "w": np.zeros((2, 2), np.float32), "y": y})["y"]
        assert got.shape == want.shape
        err = np.abs(got.astype(np.float64) - want)
        assert (err <= bound).all(), (err - bound).max()


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_max_pool_runtime_sizes_merged_columns(chip):
    # Max pooling 3x3 stride 2 at run-time spatial sizes, 64 channels and
    # 40 (not a divisor of 256): the workgroup takes 4 (6) output columns
    # beside the channels, and output widths 16, 11 and 1 leave the last
    # workgroup of a row part empty (its threads must store nothing).
    # Exact (a max rounds nothing).
    rng = np.random.default_rng(12)
    for c in (64, 40):
        src = f"""func.func @pool(%x: memref<2x?x?x{c}xf16>, %w: memref<3x3xf16>, %y: memref<2x?x?x{c}xf16>) {{
  %ninf = arith.constant 0xFC00 : f16
  linalg.fill ins(%ninf : f16) outs(%y : memref<2x?x?x{c}xf16>)
  linalg.pooling_nhwc_max {{dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}}
    ins(%x, %w : memref<2x?x?x{c}xf16>, memref<3x3xf16>) outs(%y : memref<2x?x?x{c}xf16>)
  return
}}
"""
        for h, w in ((33, 33), (9, 23), (5, 3)):
            x = rng.uniform(-1, 1, (2, h, w, c)).astype(np.float16)
            want = windows(x.astype(np.float64), 3, 2, 0, -np.inf).max(axis=3)
            y = np.zeros(want.shape, np.float16)
            got = wmma.run(src, chip, {"x": x, "w": np.zeros((3, 3), np.float16), "y": y})["y"]
            assert got.shape == want.shape
            assert np.array_equal(got.astype(np.float64), want)
