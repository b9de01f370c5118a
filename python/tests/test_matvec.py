"""Matrix-vector products without a token dimension -- linalg.matvec,
linalg.vecmat, linalg.batch_matvec -- are GEMMs of one token
(Problem/ProblemVector.c) and take the decode template's split K like an
M = 1 linalg.matmul: global bytes within 1.1x of the minimum (weights,
scales and the vector once each), at least 8 waves per CU of each chip's
largest part, and numpy's numbers within a bound from the types and K."""

import os
import sys

import numpy as np
import pytest

import wmma

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))), "bench"))
import llm_matvec  # noqa: E402  (bench/llm_matvec.py: the forms' source)
from test_llm import dequantized  # noqa: E402

CHIPS = ["gfx1100", "gfx1201"]


def waves_of(manifest):
    launch = (manifest.get("launches") or [manifest])[0]
    g = launch["grid"]
    return g[0] * g[1] * g[2] * launch["block"][0] // 32


def decode_run(source, chip, seed):
    """Compiles source (every launch the decode template's, 8 waves per CU
    of the largest part) and runs it: inputs, outputs, counters."""
    compiled = wmma.compile(source, chip, emit="llvm")
    manifest = compiled.manifest
    launches = manifest.get("launches") or [manifest]
    assert all('template = "decode"' in l["schedule"] for l in launches)
    assert waves_of(manifest) >= 8 * wmma.chip_info(chip)["compute_units"]
    inputs = wmma.random_inputs(manifest, seed=seed)
    outputs, counters = wmma.run(source, chip, inputs, stats=True)
    return inputs, outputs, counters


def f64(d, *names):
    return [np.asarray(d[k], dtype=np.float64) for k in names]


def f16_bound(mag, K):
    """f32 sums of K exact f16 products (one more rounding per part)."""
    return 2 * K * 2.0**-24 * mag


def assert_within(got, want, bound):
    assert np.all(np.abs(got - want) <= bound)


def batch_func(name, args, body):
    """A function of memref arguments (name, shape) whose output %y starts
    from zeros, then body."""
    sig = ", ".join(f"%{n}: memref<{s}>" for n, s in args)
    y = dict(args)["y"]
    return f"""func.func @{name}({sig}) {{
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<{y}>)
{body}
  return
}}
"""


# f16 matvec at 4096 x 4096 and at odd N with K not a multiple of the split.
@pytest.mark.parametrize("chip,N,K", [("gfx1100", 4096, 4096),
                                      ("gfx1201", 4096, 4096),
                                      ("gfx1201", 4095, 4100),
                                      ("gfx1100", 4095, 4100)])
def test_matvec_f16_decode(chip, N, K):
    source = llm_matvec.matvec_f16(N, K)
    inputs, outputs, counters = decode_run(source, chip, seed=13)
    assert counters["global_bytes_loaded"] <= 1.1 * (2 * N * K + 2 * K)
    w, x = f64(inputs, "w", "x")
    (got,) = f64(outputs, "y")
    assert_within(got, w @ x, f16_bound(np.abs(w) @ np.abs(x), K))


# W4A16 (int4 packed two per i8 along K, group-128 scales) as a vecmat.
@pytest.mark.parametrize("chip", CHIPS)
def test_vecmat_w4a16_decode(chip):
    N, K, G = 4096, 4096, 128
    source = llm_matvec.vecmat_w4a16(N, K, G)
    inputs, outputs, counters = decode_run(source, chip, seed=17)
    assert counters["global_bytes_loaded"] <= \
        1.1 * (K // 2 * N + (K // G) * N * 2 + 2 * K)
    (x,) = f64(inputs, "x")
    deq = dequantized(np.asarray(inputs["w"]), np.asarray(inputs["s"]), N, K, G)
    (got,) = f64(outputs, "y")
    # A scale times a nibble rounds once to f16: u16 more.
    mag = np.abs(x) @ np.abs(deq)
    assert_within(got, x @ deq, (2 * K * 2.0**-24 + 2.0**-11) * mag)


def batch_matvec(B, N, K):
    return batch_func("bmv", [("w", f"{B}x{N}x{K}xf16"), ("x", f"{B}x{K}xf16"),
                              ("y", f"{B}x{N}xf32")], f"""\
  linalg.batch_matvec ins(%w, %x : memref<{B}x{N}x{K}xf16>, memref<{B}x{K}xf16>)
                      outs(%y : memref<{B}x{N}xf32>)""")


def batch_matmul_m1(B, N, K):
    """The same product as a batch of [1, K] x [N, K]^T matmuls."""
    return batch_func("bmm", [("x", f"{B}x1x{K}xf16"), ("w", f"{B}x{N}x{K}xf16"),
                              ("y", f"{B}x1x{N}xf32")], f"""\
  linalg.generic {{indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                   affine_map<(b, m, n, k) -> (b, n, k)>,
                                   affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}}
      ins(%x, %w : memref<{B}x1x{K}xf16>, memref<{B}x{N}x{K}xf16>)
      outs(%y : memref<{B}x1x{N}xf32>) {{
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }}""")


# batch_matvec of batch 3 at odd N and K = 4100: the bytes of the same
# product written as M = 1 batch matmuls, within 1.02x of the minimum (the
# tail column block's lanes past N read nothing; they read the next
# batch's rows before, 1.093x), and numpy's numbers.
@pytest.mark.parametrize("chip", CHIPS)
def test_batch_matvec_decode(chip):
    B, N, K = 3, 1025, 4100
    inputs, outputs, counters = decode_run(batch_matvec(B, N, K), chip, seed=19)
    _, _, mm = decode_run(batch_matmul_m1(B, N, K), chip, seed=19)
    assert counters["global_bytes_loaded"] == mm["global_bytes_loaded"]
    assert counters["global_bytes_loaded"] <= 1.02 * (2 * B * N * K + 2 * B * K)
    w, x = f64(inputs, "w", "x")
    (got,) = f64(outputs, "y")
    mag = np.einsum("bnk,bk->bn", np.abs(w), np.abs(x))
    assert_within(got, np.einsum("bnk,bk->bn", w, x), f16_bound(mag, K))


# The vector form gets the M = 1 matmul's plan: the same grid and bytes.
@pytest.mark.parametrize("chip", CHIPS)
def test_vecmat_matches_matmul_m1_plan(chip):
    N, K, G = 4096, 4096, 128
    vm = wmma.compile(llm_matvec.vecmat_w4a16(N, K, G), chip, emit="llvm")
    mm = wmma.compile(llm_matvec.w4a16(1, N, K, G), chip, emit="llvm")
    launches = [m.get("launches") or [m] for m in (vm.manifest, mm.manifest)]
    assert len(launches[0]) == len(launches[1])
    for a, b in zip(*launches):
        for key in ("grid", "block", "schedule"):
            assert a[key] == b[key]


def batch_vecmat(B, N, K):
    return batch_func("bvm", [("x", f"{B}x{K}xf16"), ("w", f"{B}x{K}x{N}xf16"),
                              ("y", f"{B}x{N}xf32")], f"""\
  linalg.batch_vecmat ins(%x, %w : memref<{B}x{K}xf16>, memref<{B}x{K}x{N}xf16>)
                      outs(%y : memref<{B}x{N}xf32>)""")


# batch_vecmat (N innermost) at odd N: the tail block's lanes past N would
# read the next K row's first columns; they read nothing.
@pytest.mark.parametrize("chip", CHIPS)
def test_batch_vecmat_odd_n_decode(chip):
    B, N, K = 3, 1025, 4100
    inputs, outputs, counters = decode_run(batch_vecmat(B, N, K), chip, seed=23)
    assert counters["global_bytes_loaded"] <= 1.02 * (2 * B * N * K + 2 * B * K)
    w, x = f64(inputs, "w", "x")
    (got,) = f64(outputs, "y")
    mag = np.einsum("bkn,bk->bn", np.abs(w), np.abs(x))
    assert_within(got, np.einsum("bkn,bk->bn", w, x), f16_bound(mag, K))


def e4m3fn(bits):
    """OCP E4M3FN bit patterns -> float64, decoded here (sign, 4-bit
    exponent of bias 7, 3-bit mantissa; S.1111.111 is NaN)."""
    b = np.asarray(bits, dtype=np.uint8).astype(np.int64)
    e, m = (b >> 3) & 15, b & 7
    mag = np.where(e == 0, m / 8.0 * 2.0**-6, (1 + m / 8.0) * 2.0**(e - 7.0))
    mag = np.where((e == 15) & (m == 7), np.nan, mag)
    return np.where(b & 0x80, -mag, mag)


def matvec_fp8(N, K):
    return batch_func("mv", [("w", f"{N}x{K}xf8E4M3FN"), ("x", f"{K}xf8E4M3FN"),
                             ("y", f"{N}xf32")], f"""\
  linalg.matvec ins(%w, %x : memref<{N}x{K}xf8E4M3FN>, memref<{K}xf8E4M3FN>)
                outs(%y : memref<{N}xf32>)""")


# fp8 x fp8 matvec: the decode template on both chips (RDNA3, without fp8
# WMMA, widens both operands to f16 on the compact fragment: each weight
# byte loaded once), 4096 x 4096 and odd N with K not a multiple of 16.
@pytest.mark.parametrize("chip,N,K", [("gfx1100", 4096, 4096),
                                      ("gfx1201", 4096, 4096),
                                      ("gfx1100", 2049, 1048),
                                      ("gfx1201", 2049, 1048)])
def test_matvec_fp8_decode(chip, N, K):
    source = matvec_fp8(N, K)
    manifest = wmma.compile(source, chip, emit="llvm").manifest
    launches = manifest.get("launches") or [manifest]
    assert all('template = "decode"' in l["schedule"] for l in launches)
    assert waves_of(manifest) >= 8 * wmma.chip_info(chip)["compute_units"]
    # Every finite E4M3FN code below 2 in magnitude, decoded here: the
    # inputs are exact in fp8.
    rng = np.random.default_rng(29)
    codes = np.array([c for c in range(256) if c & 0x7f < 0x40], np.uint8)
    w = e4m3fn(rng.choice(codes, (N, K)))
    x = e4m3fn(rng.choice(codes, K))
    inputs = {"w": w.astype(np.float32), "x": x.astype(np.float32),
              "y": np.zeros(N, np.float32)}
    outputs, counters = wmma.run(source, chip, inputs, stats=True)
    assert counters["global_bytes_loaded"] <= 1.1 * (N * K + K)
    (got,) = f64(outputs, "y")
    # Products of fp8 values are exact in f16 and f32: the f32 sums alone.
    assert_within(got, w @ x, f16_bound(np.abs(w) @ np.abs(x), K))
