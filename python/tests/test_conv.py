"""Convolutions through run(): implicit GEMMs (NHWC, strided, dilated,
padded by a tensor.pad) and a quantized one, against numpy references
computed independently of MLIR, with bounds from the types and K."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24  # unit roundoff of f32


def f64(x):
    return np.asarray(x, dtype=np.float64)


def conv_nhwc(x, w, stride, dil, pad):
    """out[n, oh, ow, f] = sum x[n, s*oh + d*kh - p, s*ow + d*kw - p, c] w[kh, kw, c, f]."""
    x = np.pad(f64(x), ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    n, h, wd, c = x.shape
    kh, kw, _, f = w.shape
    oh = (h - dil * (kh - 1) - 1) // stride + 1
    ow = (wd - dil * (kw - 1) - 1) // stride + 1
    out = np.zeros((n, oh, ow, f))
    for i in range(kh):
        for j in range(kw):
            win = x[:, dil * i:dil * i + stride * (oh - 1) + 1:stride,
                    dil * j:dil * j + stride * (ow - 1) + 1:stride, :]
            out += win @ f64(w[i, j])
    return out


def source(n, h, w, c, k, f, stride, dil, pad, t="f16"):
    hp, wp = h + 2 * pad, w + 2 * pad
    oh = (hp - dil * (k - 1) - 1) // stride + 1
    ow = (wp - dil * (k - 1) - 1) // stride + 1
    x, xp = f"tensor<{n}x{h}x{w}x{c}x{t}>", f"tensor<{n}x{hp}x{wp}x{c}x{t}>"
    fl, y = f"tensor<{k}x{k}x{c}x{f}x{t}>", f"tensor<{n}x{oh}x{ow}x{f}xf32>"
    return f"""func.func @conv(%x: {x}, %w: {fl}) -> {y} {{
  %cz = arith.constant 0.0 : {t}
  %p = tensor.pad %x low[0, {pad}, {pad}, 0] high[0, {pad}, {pad}, 0] {{
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : {t}
  }} : {x} to {xp}
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {y}
  %o = linalg.fill ins(%z : f32) outs(%e : {y}) -> {y}
  %r = linalg.conv_2d_nhwc_hwcf {{dilations = dense<{dil}> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
    ins(%p, %w : {xp}, {fl}) outs(%o : {y}) -> {y}
  return %r : {y}
}}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("c,stride,dil,pad", [(24, 2, 1, 1), (3, 1, 2, 3), (40, 1, 1, 0)])
def test_conv_nhwc(chip, c, stride, dil, pad):
    rng = np.random.default_rng(22)
    x = rng.uniform(-1, 1, (2, 17, 19, c)).astype(np.float16)
    w = rng.uniform(-1, 1, (3, 3, c, 24)).astype(np.float16)
    out = wmma.run(source(2, 17, 19, c, 3, 24, stride, dil, pad), chip, {"x": x, "w": w})
    got = out["result0"]
    want = conv_nhwc(x, w, stride, dil, pad)
    assert got.shape == want.shape
    # f16 x f16 products are exact in f32; K = 9 c sums in f32.
    K = 9 * c
    bound = 2 * K * U32 * conv_nhwc(np.abs(f64(x)), np.abs(f64(w)), stride, dil, pad)
    err = np.abs(f64(got) - want)
    assert (err <= bound).all(), (err - bound).max()
    assert np.median(bound) < 0.02 * np.median(np.abs(want))


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_conv_quantized_exact(chip):
    # (x - xz)(w - wz) summed in i32: exact.
    src = """func.func @q(%x: memref<2x9x9x24xi8>, %w: memref<3x3x24x16xi8>, %xz: i32, %wz: i32, %y: memref<2x4x4x16xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<2x4x4x16xi32>)
  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w, %xz, %wz : memref<2x9x9x24xi8>, memref<3x3x24x16xi8>, i32, i32) outs(%y : memref<2x4x4x16xi32>)
  return
}
"""
    rng = np.random.default_rng(5)
    x = rng.integers(-128, 128, (2, 9, 9, 24)).astype(np.int8)
    w = rng.integers(-128, 128, (3, 3, 24, 16)).astype(np.int8)
    out = wmma.run(src, chip, {"x": x, "w": w, "xz": 7, "wz": -3,
                               "y": np.zeros((2, 4, 4, 16), np.int32)})
    want = conv_nhwc(x.astype(np.int64) - 7, w.astype(np.int64) + 3, 2, 1, 0)
    assert np.array_equal(out["y"].astype(np.int64), want.astype(np.int64))


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("dil", [1, 2])
def test_conv_halo(chip, dil):
    # 32 input channels, unpadded (pre-padded) input: the halo tile
    # (Templates/ConvHalo.c) -- each input element loaded about once per
    # M tile, not once per tap as an im2col gather loads it; no LDS bank
    # conflicts at stride 1.
    n, h, w_, c, f = 2, 13, 15, 32, 24
    oh, ow = h - 2 * dil, w_ - 2 * dil
    x_t, w_t = f"memref<{n}x{h}x{w_}x{c}xf16>", f"memref<3x3x{c}x{f}xf16>"
    y_t = f"memref<{n}x{oh}x{ow}x{f}xf32>"
    src = f"""func.func @conv(%x: {x_t}, %w: {w_t}, %y: {y_t}) {{
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : {y_t})
  linalg.conv_2d_nhwc_hwcf {{dilations = dense<{dil}> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
    ins(%x, %w : {x_t}, {w_t}) outs(%y : {y_t})
  return
}}
"""
    rng = np.random.default_rng(23)
    x = rng.uniform(-1, 1, (n, h, w_, c)).astype(np.float16)
    w = rng.uniform(-1, 1, (3, 3, c, f)).astype(np.float16)
    out, st = wmma.run(src, chip, {"x": x, "w": w, "y": np.zeros((n, oh, ow, f), np.float32)},
                       stats=True, tile=(64, 64))
    want = conv_nhwc(x, w, 1, dil, 0)
    K = 9 * c
    bound = 2 * K * U32 * conv_nhwc(np.abs(f64(x)), np.abs(f64(w)), 1, dil, 0)
    err = np.abs(f64(out["y"]) - want)
    assert (err <= bound).all(), (err - bound).max()
    assert st["lds_bank_conflicts"] == 0
    # An im2col gather loads M x K input elements (each 9 times); the
    # filter (one N tile) is loaded once per 64-row M tile.
    m_tiles = -(-n * oh * ow // 64)
    gathered = n * oh * ow * K * 2
    assert st["global_bytes_loaded"] - m_tiles * w.nbytes < gathered / 2
