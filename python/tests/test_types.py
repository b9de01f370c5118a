"""Every WMMA type through run(): int8 (signed and unsigned, exact), fp8 and
bf8 (native on RDNA4, widened to f16 on RDNA3), f16 outputs accumulated
natively (packed two tiles per register set on RDNA3), and a dequantising
prologue -- each against numpy with bounds derived from the types and K."""

import numpy as np
import pytest

import wmma

U32 = 2.0**-24
U16 = 2.0**-11
CHIPS = ["gfx1100", "gfx1201"]


def f64(x):
    return np.asarray(x, dtype=np.float64)


def gemm_src(name, a_type, b_type, c_type, m, n, k, cast=""):
    return f"""
func.func @{name}(%A: memref<{m}x{k}x{a_type}>, %B: memref<{k}x{n}x{b_type}>,
                  %C: memref<{m}x{n}x{c_type}>) {{
  linalg.matmul {cast} ins(%A, %B : memref<{m}x{k}x{a_type}>, memref<{k}x{n}x{b_type}>)
                outs(%C : memref<{m}x{n}x{c_type}>)
  return
}}
"""


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("unsigned", [False, True])
def test_int8_exact(chip, unsigned):
    # i8 x i8 -> i32 accumulating into C: exact, over the whole i8 range
    # (read as 0..255 when the product is unsigned).
    m, n, k = 37, 45, 70
    cast = "{cast = #linalg.type_fn<cast_unsigned>}" if unsigned else ""
    src = gemm_src("ig", "i8", "i8", "i32", m, n, k, cast)
    rng = np.random.default_rng(31)
    A = rng.integers(0 if unsigned else -128, 256 if unsigned else 128, (m, k))
    B = rng.integers(0 if unsigned else -128, 256 if unsigned else 128, (k, n))
    C = rng.integers(-1000, 1000, (m, n)).astype(np.int32)
    dt = np.uint8 if unsigned else np.int8
    out = wmma.run(src, chip, {"A": A.astype(dt), "B": B.astype(dt), "C": C})
    want = A.astype(np.int64) @ B.astype(np.int64) + C
    np.testing.assert_array_equal(out["C"], want.astype(np.int32))


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("types", [("f8E4M3FN", "f8E4M3FN"), ("f8E4M3FN", "f8E5M2"),
                                   ("f8E5M2", "f8E4M3FN"), ("f8E5M2", "f8E5M2")])
def test_fp8_mixes(chip, types):
    # fp8 products are exact in f32 (at most 4 x 4 significant bits); the
    # K = 50 sums differ from the exact ones by at most K * u32 * sum|ab|
    # per summation order.
    ta, tb = types
    m, n, k = 33, 20, 50
    src = gemm_src("fg", ta, tb, "f32", m, n, k)
    rng = np.random.default_rng(32)
    A = rng.uniform(-2, 2, (m, k)).astype(np.float32)
    B = rng.uniform(-2, 2, (k, n)).astype(np.float32)
    C = np.zeros((m, n), np.float32)
    out = wmma.run(src, chip, {"A": A, "B": B, "C": C})
    Ad = f64(wmma.fp8_bits_to_f32(wmma.f32_to_fp8_bits(A, ta), ta))
    Bd = f64(wmma.fp8_bits_to_f32(wmma.f32_to_fp8_bits(B, tb), tb))
    exact = Ad @ Bd
    bound = 2 * k * U32 * (np.abs(Ad) @ np.abs(Bd))
    assert (np.abs(f64(out["C"]) - exact) <= bound).all()


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("typ", ["f8E4M3FN", "f8E5M2"])
def test_every_fp8_code(chip, typ):
    # All 256 codes (subnormals, +-0, NaNs, E5M2 infinities) in column 0 of
    # A, row 0 of B all ones, everything else zero: C[m][n] is code m's own
    # value exactly (the other terms are 0 * 0; a NaN stays in its row).
    # RDNA3 widens to f16 with bit operations, RDNA4 multiplies fp8.
    A = np.zeros((256, 16), np.uint8)
    A[:, 0] = np.arange(256, dtype=np.uint8)
    B = np.zeros((16, 16), np.uint8)
    B[0, :] = wmma.f32_to_fp8_bits(np.float32(1.0), typ)
    src = gemm_src("codes", typ, typ, "f32", 256, 16, 16)
    out = wmma.run(src, chip, {"A": A, "B": B, "C": np.zeros((256, 16), np.float32)})
    want = np.repeat(wmma.fp8_bits_to_f32(A[:, :1], typ), 16, axis=1)
    got = out["C"]
    nan = np.isnan(want)
    assert nan.sum() == (2 if typ == "f8E4M3FN" else 6) * 16
    assert (np.isnan(got) == nan).all()
    np.testing.assert_array_equal(got[~nan], want[~nan])


def test_fp8_conversions_match_the_definitions():
    # The Python encoders against a brute-force nearest-even search over the
    # decoded codes (their decoders are the emulator's, checked in C).
    rng = np.random.default_rng(33)
    x = np.concatenate([rng.standard_normal(3000) * s for s in (1e-3, 1.0, 100.0)])
    x = x.astype(np.float32)
    for typ, maxv in (("f8E4M3FN", 448.0), ("f8E5M2", 57344.0)):
        table = f64(wmma.fp8_bits_to_f32(np.arange(256, dtype=np.uint8), typ))
        got = wmma.f32_to_fp8_bits(x, typ)
        for v, c in zip(x[:2000], got[:2000]):
            if abs(v) > maxv:
                continue
            finite = np.isfinite(table) & (np.signbit(table) == np.signbit(v))
            d = np.where(finite, np.abs(table - v), np.inf)
            best = np.flatnonzero(d == d.min())
            want = best[0] if len(best) == 1 else best[best % 2 == 0][0]
            assert table[c] == table[want], (typ, v, c, want)
    assert wmma.f32_to_fp8_bits(np.float32(1e6), "f8E4M3FN") == 0x7E    # saturates
    assert wmma.f32_to_fp8_bits(np.float32(1e6), "f8E5M2") == 0x7C      # infinity


F16_OUT = """
func.func @h(%A: memref<256x96xf16>, %B: memref<96x256xf16>, %C: memref<256x256xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<256x256xf16>)
  linalg.matmul ins(%A, %B : memref<256x96xf16>, memref<96x256xf16>)
                outs(%C : memref<256x256xf16>)
  return
}
"""


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("accumulate", ["wide", "native"])
def test_f16_output(chip, accumulate):
    # wide: f32 sums (K * u32) rounded once to f16; native: f16 accumulators,
    # rounded after each of the K/16 WMMAs.  128x128 LDS tiles: 4x4 tiles
    # per wave, packed two per register set on RDNA3 when native.
    rng = np.random.default_rng(34)
    A = rng.uniform(-1, 1, (256, 96)).astype(np.float16)
    B = rng.uniform(-1, 1, (96, 256)).astype(np.float16)
    k = 96
    out, _ = wmma.run(F16_OUT, chip, {"A": A, "B": B}, tile=(128, 128),
                      accumulate=accumulate, stats=True)
    exact = f64(A) @ f64(B)
    mag = np.abs(f64(A)) @ np.abs(f64(B))
    roundings = 1 if accumulate == "wide" else k // 16
    bound = (2 * k * U32 + roundings * U16) * mag + U16 * np.abs(exact) + 2.0**-24
    assert (np.abs(f64(out["C"]) - exact) <= bound).all()
    manifest = wmma.compile(F16_OUT, chip, emit="mlir", tile=(128, 128),
                            accumulate=accumulate)
    packed = "packed_accumulators = true" in manifest.artifact
    assert packed == (accumulate == "native" and chip == "gfx1100")


DEQUANT = """
func.func @dq(%x: memref<45x72xf16>, %w: memref<72x40xi8>, %s: memref<40xf16>,
              %y: memref<45x40xf32>) {
  %z = arith.constant 0.0 : f32
  %w16 = memref.alloc() : memref<72x40xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<72x40xi8>, memref<40xf16>) outs(%w16 : memref<72x40xf16>) {
  ^bb0(%q: i8, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i8 to f16
    %m = arith.mulf %f, %sc : f16
    linalg.yield %m : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<45x40xf32>)
  linalg.matmul ins(%x, %w16 : memref<45x72xf16>, memref<72x40xf16>)
                outs(%y : memref<45x40xf32>)
  return
}
"""


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("staging", ["registers", "lds"])
def test_dequantising_prologue(chip, staging):
    # Weight-only int8: W dequantised per column in registers (after the
    # load, or after the LDS read); one f16 rounding of q * s, then the f32
    # product sums.
    rng = np.random.default_rng(35)
    x = rng.uniform(-1, 1, (45, 72)).astype(np.float16)
    w = rng.integers(-128, 128, (72, 40)).astype(np.int8)
    s = rng.uniform(0.001, 0.01, 40).astype(np.float16)
    out = wmma.run(DEQUANT, chip, {"x": x, "w": w, "s": s}, staging=staging)
    w16 = (w.astype(np.float32) * s.astype(np.float32)).astype(np.float16)
    exact = f64(x) @ f64(w16)
    mag = np.abs(f64(x)) @ np.abs(f64(w16))
    bound = 2 * 72 * U32 * mag + 1e-30
    assert (np.abs(f64(out["y"]) - exact) <= bound).all()
