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
    n, h, w_, c, f = 2, 13, 15, 32, 64  # f: one whole 64-wide N tile
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
    # filter (exactly one N tile: no rows past it read) is loaded once per
    # 64-row M tile -- by both lanes of a replicated pair on RDNA3, whose
    # transposing copy loads each row whole in both (the same cache lines,
    # counted per lane by the emulator).
    m_tiles = -(-n * oh * ow // 64)
    filter_reads = 2 if chip == "gfx1100" else 1
    gathered = n * oh * ow * K * 2
    assert (st["global_bytes_loaded"] - filter_reads * m_tiles * w.nbytes
            < gathered / 2)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_conv_halo_i8_conflict_free(chip):
    # i8 halo tile, exact in i32; the filter's transposing copy writes 8
    # bytes a lane (RDNA3): rows r and r + 8 of a 16-lane phase would share
    # banks, the copy trades halves between lane halves instead.
    n, h, w_, c, f = 1, 12, 12, 32, 24
    x_t, w_t, y_t = (f"memref<{n}x{h}x{w_}x{c}xi8>", f"memref<3x3x{c}x{f}xi8>",
                     f"memref<{n}x{h - 2}x{w_ - 2}x{f}xi32>")
    src = f"""func.func @conv(%x: {x_t}, %w: {w_t}, %y: {y_t}) {{
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : {y_t})
  linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
    ins(%x, %w : {x_t}, {w_t}) outs(%y : {y_t})
  return
}}
"""
    rng = np.random.default_rng(24)
    x = rng.integers(-128, 128, (n, h, w_, c)).astype(np.int8)
    w = rng.integers(-128, 128, (3, 3, c, f)).astype(np.int8)
    out, st = wmma.run(src, chip, {"x": x, "w": w, "y": np.zeros((n, h - 2, w_ - 2, f), np.int32)},
                       stats=True)
    assert np.array_equal(out["y"].astype(np.int64), conv_nhwc(x, w, 1, 1, 0).astype(np.int64))
    assert st["lds_bank_conflicts"] == 0


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_conv_dynamic_sizes(chip):
    # Run-time batch and spatial sizes: one source, two shapes.
    src = """func.func @conv(%x: memref<?x?x?x24xf16>, %w: memref<3x3x24x40xf16>, %y: memref<?x?x?x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x?x?x40xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3x24x40xf16>) outs(%y : memref<?x?x?x40xf32>)
  return
}
"""
    rng = np.random.default_rng(25)
    w = rng.uniform(-1, 1, (3, 3, 24, 40)).astype(np.float16)
    for n, h, w_ in ((2, 33, 17), (1, 9, 21)):
        x = rng.uniform(-1, 1, (n, h, w_, 24)).astype(np.float16)
        oh, ow = (h - 3) // 2 + 1, (w_ - 3) // 2 + 1
        out = wmma.run(src, chip, {"x": x, "w": w, "y": np.zeros((n, oh, ow, 40), np.float32)})
        want = conv_nhwc(x, w, 2, 1, 0)
        bound = 2 * 9 * 24 * U32 * conv_nhwc(np.abs(f64(x)), np.abs(f64(w)), 2, 1, 0)
        assert (np.abs(f64(out["y"]) - want) <= bound).all()


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_conv_dgrad_stride2(chip):
    # The data gradient of y = conv(x, w, stride 2, pad 1) as the transposed
    # convolution (dy dilated by a strided insert_slice into zeros, the
    # filter flipped in the input's map), against numpy's scatter of dy.
    n, h, c, f = 2, 17, 24, 40
    oh = (h + 2 - 3) // 2 + 1
    src = f"""func.func @dgrad(%dy: tensor<{n}x{oh}x{oh}x{f}xf16>, %w: tensor<3x3x{f}x{c}xf16>) -> tensor<{n}x{h}x{h}x{c}xf32> {{
  %zh = arith.constant 0.0 : f16
  %e0 = tensor.empty() : tensor<{n}x{h + 2}x{h + 2}x{f}xf16>
  %z0 = linalg.fill ins(%zh : f16) outs(%e0 : tensor<{n}x{h + 2}x{h + 2}x{f}xf16>) -> tensor<{n}x{h + 2}x{h + 2}x{f}xf16>
  %d = tensor.insert_slice %dy into %z0[0, 1, 1, 0] [{n}, {oh}, {oh}, {f}] [1, 2, 2, 1] : tensor<{n}x{oh}x{oh}x{f}xf16> into tensor<{n}x{h + 2}x{h + 2}x{f}xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{n}x{h}x{h}x{c}xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<{n}x{h}x{h}x{c}xf32>) -> tensor<{n}x{h}x{h}x{c}xf32>
  %dx = linalg.generic {{indexing_maps = [affine_map<(n, h, w, c, kh, kw, f) -> (n, h + 2 - kh, w + 2 - kw, f)>,
                                         affine_map<(n, h, w, c, kh, kw, f) -> (kh, kw, f, c)>,
                                         affine_map<(n, h, w, c, kh, kw, f) -> (n, h, w, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}}
      ins(%d, %w : tensor<{n}x{h + 2}x{h + 2}x{f}xf16>, tensor<3x3x{f}x{c}xf16>) outs(%acc : tensor<{n}x{h}x{h}x{c}xf32>) {{
  ^bb0(%a: f16, %b: f16, %o: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }} -> tensor<{n}x{h}x{h}x{c}xf32>
  return %dx : tensor<{n}x{h}x{h}x{c}xf32>
}}
"""
    rng = np.random.default_rng(26)
    dy = rng.uniform(-1, 1, (n, oh, oh, f)).astype(np.float16)
    w = rng.uniform(-1, 1, (3, 3, f, c)).astype(np.float16)  # w[kh, kw, f, c]
    out = wmma.run(src, chip, {"dy": dy, "w": w})
    got = f64(out["result0"])
    # dx[n, 2*o + kh - 1, 2*q + kw - 1, c] += dy[n, o, q, f] w[kh, kw, f, c]
    # (the forward convolution's filter is w[kh, kw] with f and c swapped).
    want = np.zeros((n, h + 2, h + 2, c))
    mag = np.zeros_like(want)
    for kh in range(3):
        for kw in range(3):
            want[:, kh:kh + 2 * oh:2, kw:kw + 2 * oh:2, :] += f64(dy) @ f64(w[kh, kw])
            mag[:, kh:kh + 2 * oh:2, kw:kw + 2 * oh:2, :] += np.abs(f64(dy)) @ np.abs(f64(w[kh, kw]))
    want, mag = want[:, 1:h + 1, 1:h + 1, :], mag[:, 1:h + 1, 1:h + 1, :]
    bound = 2 * 9 * f * U32 * mag + 1e-30
    assert (np.abs(got - want) <= bound).all()


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("k,c,stride,dil", [(7, 3, 2, 1), (3, 5, 1, 2), (5, 3, 2, 1)])
def test_conv_few_channels_flat_gather(chip, k, c, stride, dil):
    """Few input channels, no padding (a first layer): each K element is
    gathered from a 1-D view of the input at the pixel's offset plus the
    K element's (ConvLoad.c's flat_k: kw x c contiguous when the dilation
    is 1, c alone when it is 2), batch 2, odd sizes, a masked last K
    slice (K = 147, 45, 75)."""
    rng = np.random.default_rng(7)
    n, h, w_, f = 2, 21 + 2 * k, 23 + 2 * k, 24
    x = rng.uniform(-1, 1, (n, h, w_, c)).astype(np.float16)
    w = rng.uniform(-1, 1, (k, k, c, f)).astype(np.float16)
    src = source(n, h, w_, c, k, f, stride, dil, 0)
    kernel = wmma.compile(src, chip, emit="mlir").artifact
    kernel = kernel if isinstance(kernel, str) else kernel.decode()
    assert "to memref<%dxf16" % (n * h * w_ * c) in kernel  # the 1-D view
    got = wmma.run(src, chip, {"x": x, "w": w})["result0"]
    want = conv_nhwc(x, w, stride, dil, 0)
    assert got.shape == want.shape
    K = k * k * c
    bound = 2 * K * U32 * conv_nhwc(np.abs(f64(x)), np.abs(f64(w)), stride, dil, 0)
    err = np.abs(f64(got) - want)
    assert (err <= bound).all(), (err - bound).max()
    assert np.median(bound) < 0.02 * np.median(np.abs(want))


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("form,t", [("hwcf", "f16"), ("fhwc", "bf16")])
def test_conv_first_layer_padded_runs(chip, form, t):
    """A first layer (7x7, stride 2, 3 channels, batch 2, odd sizes) with K
    ordered by runs of kw x c = 21 contiguous input elements padded to 32
    (RecognizeConv.c's plan_kpad: K = 224, whole K slices): no division
    by the run in the kernel, the filter -- HWCF or FHWC -- read at the
    padded K, zeros in the padding.  The last output pixel's window ends
    at the input's last element."""
    rng = np.random.default_rng(224)
    n, h, w_, c, k, f, s = 2, 33, 35, 3, 7, 24, 2
    oh, ow = (h - k) // s + 1, (w_ - k) // s + 1
    x = rng.uniform(-1, 1, (n, h, w_, c)).astype(np.float32)
    wk = rng.uniform(-1, 1, (k, k, c, f)).astype(np.float32)
    if t == "f16":
        x, wk = x.astype(np.float16), wk.astype(np.float16)
        xin, win = x, wk
    else:  # bf16 travels as its bit patterns; the reference takes the values
        xin, win = wmma.f32_to_bf16_bits(x), wmma.f32_to_bf16_bits(wk)
        x, wk = wmma.bf16_bits_to_f32(xin), wmma.bf16_bits_to_f32(win)
    wf = win if form == "hwcf" else np.ascontiguousarray(win.transpose(3, 0, 1, 2))
    xt, yt = f"tensor<{n}x{h}x{w_}x{c}x{t}>", f"tensor<{n}x{oh}x{ow}x{f}xf32>"
    ft = "tensor<%sx%s>" % ("x".join(str(d) for d in wf.shape), t)
    src = f"""func.func @conv(%x: {xt}, %w: {ft}) -> {yt} {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {yt}
  %o = linalg.fill ins(%z : f32) outs(%e : {yt}) -> {yt}
  %r = linalg.conv_2d_nhwc_{form} {{dilations = dense<1> : tensor<2xi64>, strides = dense<{s}> : tensor<2xi64>}}
    ins(%x, %w : {xt}, {ft}) outs(%o : {yt}) -> {yt}
  return %r : {yt}
}}
"""
    comp = wmma.compile(src, chip, emit="mlir")
    kernel = comp.artifact if isinstance(comp.artifact, str) else comp.artifact.decode()
    assert "tails = [true, true, false]" in comp.manifest["schedule"]  # K = 7 x 32
    assert "%c32_i32" in kernel and "%c21_i32" not in kernel
    got = wmma.run(src, chip, {"x": xin, "w": wf})["result0"]
    want = conv_nhwc(f64(x), f64(wk), s, 1, 0)
    assert got.shape == want.shape
    # Exact products (f16, bf16 in f32), K = 147 sums in f32.
    bound = 2 * k * k * c * U32 * conv_nhwc(np.abs(f64(x)), np.abs(f64(wk)), s, 1, 0)
    err = np.abs(f64(got) - want)
    assert (err <= bound).all(), (err - bound).max()
    assert np.median(bound) < 0.02 * np.median(np.abs(want))


def runtime_pad_source(xt, c, k, f, stride, t="f16"):
    """A convolution of x zero-padded by run-time amounts: low (n, n + 1),
    high (n + 1, n) on the spatial dims, n an index argument; the output
    (sized by the caller) is given."""
    y = f"tensor<1x?x?x{f}xf32>"
    return f"""func.func @conv(%x: {xt}, %w: tensor<{k}x{k}x{c}x{f}x{t}>, %o: {y}, %n: index) -> {y} {{
  %cz = arith.constant 0.0 : {t}
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  %p = tensor.pad %x low[0, %n, %m, 0] high[0, %m, %n, 0] {{
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : {t}
  }} : {xt} to tensor<1x?x?x{c}x{t}>
  %r = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
    ins(%p, %w : tensor<1x?x?x{c}x{t}>, tensor<{k}x{k}x{c}x{f}x{t}>) outs(%o : {y}) -> {y}
  return %r : {y}
}}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("static,c,k,stride", [(False, 16, 3, 1), (True, 3, 7, 2)])
def test_conv_runtime_padding_amounts(chip, static, c, k, stride):
    """tensor.pad amounts that are run-time index values (an argument and
    arithmetic on it) feeding a convolution: one kernel reading the
    unpadded input, each gathered index checked against it after the
    run-time low padding (RecognizePad.c, ConvLoad.c) -- at run-time and at
    static input sizes, vector loads (16 channels) and element gathers (a
    7x7 stride-2 first layer's 3), the same kernel at two amounts."""
    rng = np.random.default_rng(31)
    h, w_, f = 13, 11, 24
    xt = f"tensor<1x{h}x{w_}x{c}xf16>" if static else f"tensor<1x?x?x{c}xf16>"
    src = runtime_pad_source(xt, c, k, f, stride)
    x = rng.uniform(-1, 1, (1, h, w_, c)).astype(np.float16)
    w = rng.uniform(-1, 1, (k, k, c, f)).astype(np.float16)
    for n in (0, 2):
        lo_h, hi_h, lo_w, hi_w = n, n + 1, n + 1, n
        xp = np.pad(f64(x), ((0, 0), (lo_h, hi_h), (lo_w, hi_w), (0, 0)))
        oh = (xp.shape[1] - k) // stride + 1
        ow = (xp.shape[2] - k) // stride + 1
        o = np.zeros((1, oh, ow, f), np.float32)
        got = f64(wmma.run(src, chip, {"x": x, "w": w, "o": o, "n": n})["result0"])
        want = conv_nhwc(xp, w, stride, 1, 0)
        assert got.shape == want.shape
        bound = 2 * k * k * c * U32 * conv_nhwc(np.abs(xp), np.abs(f64(w)), stride, 1, 0)
        assert (np.abs(got - want) <= bound).all(), (np.abs(got - want) - bound).max()
        assert np.median(bound) < 0.02 * np.median(np.abs(want[want != 0]))


def hwcm_source(x, xp, fl, y, stride, dil, pad, init_arg=False):
    # depthwise_conv_2d_nhwc_hwcm (f16 -> f32) of a tensor.pad of x (type
    # xp after padding) into zeros: a tensor.empty, or the argument %o.
    init = "%o" if init_arg else "%e"
    arg = f", %o: {y}" if init_arg else ""
    empty = "" if init_arg else f"\n  %e = tensor.empty() : {y}"
    return f"""func.func @dw(%x: {x}, %w: {fl}{arg}) -> {y} {{
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, {pad}, {pad}, 0] high[0, {pad}, {pad}, 0] {{
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  }} : {x} to {xp}
  %z = arith.constant 0.0 : f32{empty}
  %f = linalg.fill ins(%z : f32) outs({init} : {y}) -> {y}
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {{dilations = dense<{dil}> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
    ins(%p, %w : {xp}, {fl}) outs(%f : {y}) -> {y}
  return %r : {y}
}}
"""


def depthwise_hwcm(x, w, stride, dil, pad):
    """out[n, oh, ow, c, m] = sum x[n, s*oh + d*kh - p, s*ow + d*kw - p, c] w[kh, kw, c, m]."""
    x = np.pad(f64(x), ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    n, h, wd, c = x.shape
    kh, kw, _, m = w.shape
    oh = (h - dil * (kh - 1) - 1) // stride + 1
    ow = (wd - dil * (kw - 1) - 1) // stride + 1
    out = np.zeros((n, oh, ow, c, m))
    for i in range(kh):
        for j in range(kw):
            win = x[:, dil * i:dil * i + stride * (oh - 1) + 1:stride,
                    dil * j:dil * j + stride * (ow - 1) + 1:stride, :]
            out += win[..., None] * f64(w[i, j])
    return out


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("c,m,stride,dil,pad,tile", [
    (24, 16, 1, 1, 0, None),     # the cost rule's choice: WMMA
    (24, 16, 2, 1, 1, (64, 16)),  # stride 2, tensor.pad, forced WMMA tile
    (3, 32, 1, 2, 0, (64, 32)),   # 3 channels, dilation 2, multiplier 32
])
def test_conv_depthwise_multiplier_wmma(chip, c, m, stride, dil, pad, tile):
    # depthwise_conv_2d_nhwc_hwcm: per channel a GEMM with N = the
    # multiplier, K = the 9 taps (padded to 16), through WMMA.
    n, h = 2, 33
    hp = h + 2 * pad
    oh = (hp - dil * 2 - 1) // stride + 1
    x, xp = f"tensor<{n}x{h}x{h}x{c}xf16>", f"tensor<{n}x{hp}x{hp}x{c}xf16>"
    fl, y = f"tensor<3x3x{c}x{m}xf16>", f"tensor<{n}x{oh}x{oh}x{c}x{m}xf32>"
    src = hwcm_source(x, xp, fl, y, stride, dil, pad)
    rng = np.random.default_rng(23)
    xv = rng.uniform(-1, 1, (n, h, h, c)).astype(np.float16)
    wv = rng.uniform(-1, 1, (3, 3, c, m)).astype(np.float16)
    out, stats = wmma.run(src, chip, {"x": xv, "w": wv}, stats=True, tile=tile)
    assert stats["wmma_total"] > 0
    got = out["result0"]
    want = depthwise_hwcm(xv, wv, stride, dil, pad)
    assert got.shape == want.shape
    # f16 x f16 products are exact in f32; K = 9 taps summed in f32.
    bound = 2 * 9 * U32 * depthwise_hwcm(np.abs(f64(xv)), np.abs(f64(wv)), stride, dil, pad)
    err = np.abs(f64(got) - want)
    assert (err <= bound).all(), (err - bound).max()
    assert np.median(bound) < 0.02 * np.median(np.abs(want))


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("c,m,stride,dil,pad,tile", [
    (24, 16, 2, 1, 0, None),     # the cost rule's choice at run-time sizes
    (8, 3, 2, 1, 1, (64, 16)),   # multiplier 3, stride 2, tensor.pad of 1
    (8, 3, 1, 2, 0, (64, 16)),   # multiplier 3, dilation 2
])
def test_conv_depthwise_multiplier_wmma_runtime_sizes(chip, c, m, stride, dil, pad, tile):
    # depthwise_conv_2d_nhwc_hwcm at run-time batch and spatial sizes
    # through WMMA: the batch, output rows and channel are the GEMM's batch
    # loops, M the output columns, the output written through a view with
    # run-time strides.
    xt, fl = f"tensor<?x?x?x{c}xf16>", f"tensor<3x3x{c}x{m}xf16>"
    y = f"tensor<?x?x?x{c}x{m}xf32>"
    src = hwcm_source(xt, xt, fl, y, stride, dil, pad, init_arg=True)
    rng = np.random.default_rng(25)
    wv = rng.uniform(-1, 1, (3, 3, c, m)).astype(np.float16)
    for n, h, w_ in ((2, 33, 33), (1, 9, 20)):
        xv = rng.uniform(-1, 1, (n, h, w_, c)).astype(np.float16)
        oh = (h + 2 * pad - dil * 2 - 1) // stride + 1
        ow = (w_ + 2 * pad - dil * 2 - 1) // stride + 1
        o = np.zeros((n, oh, ow, c, m), np.float32)
        out, stats = wmma.run(src, chip, {"x": xv, "w": wv, "o": o}, stats=True, tile=tile)
        assert stats["wmma_total"] > 0
        if tile is None:
            # The rule's tiles are one WMMA's 16 rows: one tile per output
            # row (ow <= 16 here), 2 WMMAs each; 128-row tiles issue 8x.
            assert ow <= 16
            assert stats["wmma_total"] <= 2 * n * oh * c * m // 16
        got = f64(out["result0"])
        want = depthwise_hwcm(xv, wv, stride, dil, pad)
        assert got.shape == want.shape
        # f16 x f16 products are exact in f32; K = 9 taps summed in f32.
        bound = 2 * 9 * U32 * depthwise_hwcm(np.abs(f64(xv)), np.abs(f64(wv)), stride, dil, pad)
        err = np.abs(got - want)
        assert (err <= bound).all(), (err - bound).max()
        assert np.median(bound) < 0.02 * np.median(np.abs(want[want != 0]))


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("c,m,stride,dil,n_pad", [
    (24, 0, 2, 1, 1),  # depthwise_conv_2d_nhwc_hwc, stride 2, padding 1
    (3, 4, 1, 2, 2),   # nhwc_hwcm (multiplier 4), 3 channels, dilation 2
])
def test_conv_depthwise_runtime_sizes(chip, c, m, stride, dil, n_pad):
    # Depthwise convolutions at run-time batch and spatial sizes, the input
    # zero-padded by run-time amounts (low n, n + 1; high n + 1, n: n an
    # index argument), the output
    # given: the pixel loops stay apart, the VALU template takes the batch,
    # the output rows and the channel as batch loops (grid z).
    fm = f"x{m}" if m else ""
    op = "depthwise_conv_2d_nhwc_hwcm" if m else "depthwise_conv_2d_nhwc_hwc"
    xt, xp = f"tensor<?x?x?x{c}xf16>", f"tensor<?x?x?x{c}xf16>"
    fl, y = f"tensor<3x3x{c}{fm}xf16>", f"tensor<?x?x?x{c}{fm}xf32>"
    src = f"""func.func @dw(%x: {xt}, %w: {fl}, %o: {y}, %n: index) -> {y} {{
  %cz = arith.constant 0.0 : f16
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  %p = tensor.pad %x low[0, %n, %m, 0] high[0, %m, %n, 0] {{
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  }} : {xt} to {xp}
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%o : {y}) -> {y}
  %r = linalg.{op} {{dilations = dense<{dil}> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
    ins(%p, %w : {xp}, {fl}) outs(%f : {y}) -> {y}
  return %r : {y}
}}
"""
    rng = np.random.default_rng(24)
    for n, h, w_ in ((2, 33, 33), (1, 9, 20)):
        xv = rng.uniform(-1, 1, (n, h, w_, c)).astype(np.float16)
        wv = rng.uniform(-1, 1, (3, 3, c, max(m, 1))).astype(np.float16)
        xp = np.pad(f64(xv), ((0, 0), (n_pad, n_pad + 1), (n_pad + 1, n_pad), (0, 0)))
        oh = (xp.shape[1] - dil * 2 - 1) // stride + 1
        ow = (xp.shape[2] - dil * 2 - 1) // stride + 1
        o = np.zeros((n, oh, ow, c) + ((m,) if m else ()), np.float32)
        wk = wv if m else wv[..., 0]
        got = f64(wmma.run(src, chip, {"x": xv, "w": wk, "o": o, "n": n_pad})["result0"])
        want = depthwise_hwcm(xp, wv, stride, dil, 0)
        bound = 2 * 9 * U32 * depthwise_hwcm(np.abs(xp), np.abs(f64(wv)), stride, dil, 0)
        if not m:
            want, bound = want[..., 0], bound[..., 0]
        assert got.shape == want.shape
        # f16 x f16 products are exact in f32; K = 9 taps summed in f32.
        err = np.abs(got - want)
        assert (err <= bound).all(), (err - bound).max()
        assert np.median(bound) < 0.02 * np.median(np.abs(want[want != 0]))
        assert np.abs(want).max() > 0


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("c,m,zx,zw,stride,dil,dyn", [
    (8, 16, 3, -2, 2, 1, False),  # hwcm_q, multiplier 16: the rule's VALU
    (5, 3, -7, 5, 1, 2, False),   # multiplier 3, odd sizes, dilation 2
    (7, 0, -4, 6, 2, 1, True),    # hwc_q at run-time sizes (no N loop)
])
def test_conv_depthwise_quantized_valu_exact(chip, c, m, zx, zw, stride, dil, dyn):
    # Quantized depthwise through the VALU template: the zero points the
    # front end folds out of the operands (for the i8 WMMA) are subtracted
    # per element; (x - zx)(w - zw) summed in i32 is exact.
    op = "depthwise_conv_2d_nhwc_hwcm_q" if m else "depthwise_conv_2d_nhwc_hwc_q"
    fshape = (3, 3, c, m) if m else (3, 3, c)
    fl = "memref<" + "x".join(map(str, fshape)) + "xi8>"
    rng = np.random.default_rng(29)
    wv = rng.integers(-128, 128, fshape).astype(np.int8)
    sizes = ((2, 33, 33), (1, 9, 20)) if dyn else ((2, 33, 33) if m == 16 else (2, 13, 11),)
    for n, h, w_ in sizes:
        oh = (h - dil * 2 - 1) // stride + 1
        ow = (w_ - dil * 2 - 1) // stride + 1
        oshape = (n, oh, ow, c, m) if m else (n, oh, ow, c)
        xt = f"memref<?x?x?x{c}xi8>" if dyn else f"memref<{n}x{h}x{w_}x{c}xi8>"
        y = ("memref<?x?x?x" + "x".join(map(str, oshape[3:])) + "xi32>" if dyn else
             "memref<" + "x".join(map(str, oshape)) + "xi32>")
        src = f"""func.func @dwq(%x: {xt}, %w: {fl}, %zx: i32, %zw: i32, %y: {y}) {{
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : {y})
  linalg.{op} {{dilations = dense<{dil}> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
    ins(%x, %w, %zx, %zw : {xt}, {fl}, i32, i32) outs(%y : {y})
  return
}}
"""
        xv = rng.integers(-128, 128, (n, h, w_, c)).astype(np.int8)
        out, stats = wmma.run(src, chip, {"x": xv, "w": wv, "zx": zx, "zw": zw,
                                          "y": np.zeros(oshape, np.int32)}, stats=True)
        assert stats["wmma_total"] == 0  # the VALU template
        w4 = wv.astype(np.int64) - zw
        want = depthwise_hwcm(xv.astype(np.int64) - zx, w4 if m else w4[..., None],
                              stride, dil, 0).astype(np.int64)
        got = out["y"].astype(np.int64)
        assert np.array_equal(got.reshape(want.shape), want)
