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
    packed = "acc_pack = 2" in manifest.artifact
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


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("unsigned", [False, True])
@pytest.mark.parametrize("staging", ["registers", "lds"])
def test_int4_exact(chip, unsigned, staging):
    # i4 x i4 -> i32 (iu4 atoms), exact over the whole i4 range: int8 arrays
    # in [-8, 7], or uint8 in [0, 15] for unsigned products; B (K x N) is
    # transposed into LDS as bytes when staged there.
    m, n, k = 33, 50, 77
    cast = "{cast = #linalg.type_fn<cast_unsigned>}" if unsigned else ""
    src = gemm_src("i4g", "i4", "i4", "i32", m, n, k, cast)
    rng = np.random.default_rng(36)
    lo, hi = (0, 16) if unsigned else (-8, 8)
    A = rng.integers(lo, hi, (m, k))
    B = rng.integers(lo, hi, (k, n))
    C = rng.integers(-1000, 1000, (m, n)).astype(np.int32)
    dt = np.uint8 if unsigned else np.int8
    out = wmma.run(src, chip, {"A": A.astype(dt), "B": B.astype(dt), "C": C},
                   staging=staging)
    want = A.astype(np.int64) @ B.astype(np.int64) + C
    np.testing.assert_array_equal(out["C"], want.astype(np.int32))


INT4_TENSOR = """
func.func @w4(%A: tensor<?x?xi4>, %B: tensor<?x?xi4>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xi4>
  %n = tensor.dim %B, %c1 : tensor<?x?xi4>
  %z = arith.constant 0 : i32
  %e = tensor.empty(%m, %n) : tensor<?x?xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<?x?xi32>) -> tensor<?x?xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                        affine_map<(m, n, k) -> (k, n)>,
                                        affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<?x?xi4>, tensor<?x?xi4>) outs(%f : tensor<?x?xi32>) {
  ^bb0(%a: i4, %b: i4, %c: i32):
    %x = arith.extui %a : i4 to i32
    %y = arith.extsi %b : i4 to i32
    %p = arith.muli %x, %y : i32
    %s = arith.addi %c, %p : i32
    linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
"""


@pytest.mark.parametrize("chip", CHIPS)
def test_int4_tensors_dynamic_mixed_signs(chip):
    # One kernel with run-time sizes on tensors, u4 x i4, at two odd sizes.
    rng = np.random.default_rng(37)
    for m, n, k in [(19, 41, 53), (64, 16, 5)]:
        A = rng.integers(0, 16, (m, k)).astype(np.uint8)
        B = rng.integers(-8, 8, (k, n)).astype(np.int8)
        out = wmma.run(INT4_TENSOR, chip, {"A": A, "B": B})
        want = A.astype(np.int64) @ B.astype(np.int64)
        np.testing.assert_array_equal(out["result0"], want.astype(np.int32))


W4_DEQUANT_REQUANT = """
func.func @w4(%x: memref<37x64xf16>, %w: memref<64x30xi4>, %s: memref<30xf16>,
              %y: memref<37x30xi4>) {
  %z = arith.constant 0.0 : f32
  %w16 = memref.alloc() : memref<64x30xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<64x30xi4>, memref<30xf16>) outs(%w16 : memref<64x30xf16>) {
  ^bb0(%q: i4, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i4 to f16
    %v = arith.mulf %f, %sc : f16
    linalg.yield %v : f16
  }
  %t = memref.alloc() : memref<37x30xf32>
  linalg.fill ins(%z : f32) outs(%t : memref<37x30xf32>)
  linalg.matmul ins(%x, %w16 : memref<37x64xf16>, memref<64x30xf16>)
                outs(%t : memref<37x30xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<37x30xf32>) outs(%y : memref<37x30xi4>) {
  ^bb0(%a: f32, %o: i4):
    %r = math.roundeven %a : f32
    %lo = arith.constant -8.0 : f32
    %hi = arith.constant 7.0 : f32
    %c = arith.maximumf %r, %lo : f32
    %d = arith.minimumf %c, %hi : f32
    %i = arith.fptosi %d : f32 to i4
    linalg.yield %i : i4
  }
  return
}
"""


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("staging", ["registers", "lds"])
def test_int4_weights_in_and_int4_out(chip, staging):
    # W4A16: i4 weights dequantised per column (after the load, or after
    # the LDS read), f32 sums, rounded and saturated back to i4 by the
    # program.  The inputs make the f32 sums exact (x and q * s are small
    # dyadic numbers), so the result is exactly numpy's.
    rng = np.random.default_rng(38)
    x = (rng.integers(-4, 5, (37, 64)) / 4).astype(np.float16)
    w = rng.integers(-8, 8, (64, 30)).astype(np.int8)
    s = (2.0 ** -rng.integers(2, 5, 30)).astype(np.float16)
    out = wmma.run(W4_DEQUANT_REQUANT, chip, {"x": x, "w": w, "s": s},
                   staging=staging)
    acc = f64(x) @ (f64(w) * f64(s))
    want = np.clip(np.round(acc), -8, 7).astype(np.int8)
    assert out["y"].dtype == np.int8
    np.testing.assert_array_equal(out["y"], want)
    assert len(np.unique(want)) > 8  # the check spans the i4 range


def test_int4_inputs_are_range_checked():
    src = gemm_src("i4g", "i4", "i4", "i32", 16, 16, 16)
    A = np.full((16, 16), 8, np.int8)
    B = np.zeros((16, 16), np.int8)
    with pytest.raises(ValueError, match=r"'A' holds values outside \[-8, 7\]"):
        wmma.run(src, "gfx1201", {"A": A, "B": B, "C": np.zeros((16, 16), np.int32)})
    with pytest.raises(TypeError, match="i4 takes int8"):
        wmma.run(src, "gfx1201", {"A": A.astype(np.int32), "B": B,
                                  "C": np.zeros((16, 16), np.int32)})


BOOL_MASK = """
func.func @masked(%A: memref<40x48xf16>, %B: memref<48x72xf16>, %M: memref<40x72xi1>,
                  %Y: memref<40x72xf32>) {
  %z = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<40x72xf32>
  linalg.fill ins(%z : f32) outs(%t : memref<40x72xf32>)
  linalg.matmul ins(%A, %B : memref<40x48xf16>, memref<48x72xf16>) outs(%t : memref<40x72xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t, %M : memref<40x72xf32>, memref<40x72xi1>) outs(%Y : memref<40x72xf32>) {
  ^bb0(%x: f32, %m: i1, %o: f32):
    %r = arith.select %m, %x, %z : f32
    linalg.yield %r : f32
  }
  return
}
"""


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("staging", ["registers", "lds"])
def test_bool_mask_epilogue(chip, staging):
    # An i1 mask tensor (numpy bool: a byte per element, as MLIR addresses
    # memref<..xi1>) selecting the product or zero, read once per tile.
    rng = np.random.default_rng(39)
    A = rng.uniform(-1, 1, (40, 48)).astype(np.float16)
    B = rng.uniform(-1, 1, (48, 72)).astype(np.float16)
    M = rng.integers(0, 2, (40, 72)).astype(np.bool_)
    out = wmma.run(BOOL_MASK, chip, {"A": A, "B": B, "M": M}, staging=staging)
    exact = f64(A) @ f64(B)
    mag = np.abs(f64(A)) @ np.abs(f64(B))
    bound = 2 * 48 * U32 * mag + 1e-30
    want = np.where(M, exact, 0.0)
    assert (np.abs(f64(out["Y"]) - want) <= np.where(M, bound, 0.0)).all()
    assert (out["Y"][~M] == 0).all() and (out["Y"][M] != 0).any()


W4_GROUPED = """
func.func @w4g(%x: memref<40x96xf16>, %w: memref<96x48xi4>, %s: memref<3x48xf16>,
               %y: memref<40x48xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<96x48xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>,
                                   affine_map<(k, n) -> (k floordiv 32, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<96x48xi4>, memref<3x48xf16>) outs(%wd : memref<96x48xf16>) {
  ^bb0(%q: i4, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i4 to f16
    %v = arith.mulf %f, %sc : f16
    linalg.yield %v : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<40x48xf32>)
  linalg.matmul ins(%x, %wd : memref<40x96xf16>, memref<96x48xf16>) outs(%y : memref<40x48xf32>)
  return
}
"""


@pytest.mark.parametrize("chip", CHIPS)
@pytest.mark.parametrize("staging", ["registers", "lds"])
def test_int4_group_wise_scales(chip, staging):
    # GPTQ/AWQ-style: one f16 scale per 32 rows of K and column.  Each
    # group's scales differ by powers of two from the others', so a kernel
    # reading the wrong group is off by far more than the f32 sum bound.
    rng = np.random.default_rng(40)
    x = rng.uniform(-1, 1, (40, 96)).astype(np.float16)
    w = rng.integers(-8, 8, (96, 48)).astype(np.int8)
    s = (rng.uniform(1, 2, (3, 48)) * np.array([[1], [8], [64]])).astype(np.float16)
    out = wmma.run(W4_GROUPED, chip, {"x": x, "w": w, "s": s}, staging=staging)
    wd = (f64(w) * f64(np.repeat(s, 32, axis=0))).astype(np.float16)
    exact = f64(x) @ f64(wd)
    mag = np.abs(f64(x)) @ np.abs(f64(wd))
    bound = 2 * 96 * U32 * mag + 1e-30
    assert (np.abs(f64(out["y"]) - exact) <= bound).all()
