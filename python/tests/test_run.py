"""run(): numeric checks against numpy, one pipeline per architecture and
both, with element-wise bounds derived from the data types and K."""

import numpy as np
import pytest

import wmma
from conftest import read_example

U32 = 2.0**-24        # unit roundoff of f32
U16 = 2.0**-11        # unit roundoff of f16
F16_TINY = 2.0**-25   # absolute rounding error of f16 subnormals

GEMM_MUL_MUL = read_example("examples", "pipelines", "gemm-mul-mul.mlir")
GEMM_GEMM = read_example("examples", "pipelines", "gemm-gemm.mlir")


def f64(x):
    return np.asarray(x, dtype=np.float64)


def check(got, want, bound):
    err = np.abs(f64(got) - want)
    bad = ~(err <= bound)  # NaN fails
    assert not bad.any(), "%d of %d outside the bound; worst: got %r, want %r, bound %r" % (
        bad.sum(), bad.size, f64(got)[bad][:3], want[bad][:3], bound[bad][:3])
    # The bound must be meaningful: far below the values it checks.
    assert np.median(bound) < 0.02 * np.median(np.abs(want))


def round_f16_bound(exact, err):
    """Bound on |f16(x) - exact| when |x - exact| <= err."""
    return (1 + U16) * err + U16 * np.abs(exact) + F16_TINY


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_gemm_mul_mul(chip):
    # F = f16((A x B) * D * E): K = 64 f32 accumulation, two f32 products,
    # one rounding to f16.
    rng = np.random.default_rng(11)
    A = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
    B = rng.uniform(-1, 1, (64, 128)).astype(np.float16)
    D = rng.uniform(-2, 2, (128, 128)).astype(np.float32)
    E = rng.uniform(-2, 2, (128, 128)).astype(np.float32)
    out = wmma.run(GEMM_MUL_MUL, chip, {"A": A, "B": B, "D": D, "E": E})
    assert list(out) == ["F"]
    F = out["F"]
    assert F.shape == (128, 128) and F.dtype == np.float16
    K = 64
    exact = (f64(A) @ f64(B)) * f64(D) * f64(E)
    mag = (np.abs(f64(A)) @ np.abs(f64(B))) * np.abs(f64(D)) * np.abs(f64(E))
    check(F, exact, round_f16_bound(exact, (2 * K + 2) * U32 * mag))


@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
def test_gemm_gemm(chip):
    # D1 = a1 * (f16(a0 * (A0 x B0)) x B1) + b1 * C1; K0 = K1 = 64.
    rng = np.random.default_rng(12)
    A0 = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
    B0 = rng.uniform(-1, 1, (64, 64)).astype(np.float16)
    B1 = rng.uniform(-1, 1, (64, 128)).astype(np.float16)
    C1 = rng.uniform(-1, 1, (128, 128)).astype(np.float32)
    a0, a1, b1 = np.float32(0.75), np.float32(1.25), np.float32(-0.5)
    inputs = {"A0": A0, "B0": B0, "B1": B1, "C1": C1, "a0": a0, "a1": float(a1), "b1": b1}
    D1 = wmma.run(GEMM_GEMM, chip, inputs)["D1"]
    assert D1.shape == (128, 128) and D1.dtype == np.float32
    K0 = K1 = 64
    # The intermediate, truncated to f16 as the function says.
    s0 = float(a0) * (f64(A0) @ f64(B0))
    m0 = abs(float(a0)) * (np.abs(f64(A0)) @ np.abs(f64(B0)))
    h0 = f64(s0.astype(np.float16))
    # Kernel and reference intermediates may round to neighbouring f16s.
    e0 = round_f16_bound(s0, (2 * K0 + 1) * U32 * m0) + U16 * np.abs(s0) + F16_TINY
    exact = float(a1) * (h0 @ f64(B1)) + float(b1) * f64(C1)
    mag1 = np.abs(h0) @ np.abs(f64(B1)) + e0 @ np.abs(f64(B1))
    bound = abs(float(a1)) * (e0 @ np.abs(f64(B1)) + 2 * K1 * U32 * mag1) \
        + 3 * U32 * (abs(float(a1)) * mag1 + abs(float(b1)) * np.abs(f64(C1)))
    check(D1, exact, bound)


def test_inout_untouched_and_random_inputs():
    src = read_example("test", "EndToEnd", "gemm-gemm-16x16x16x16.mlir")
    manifest = wmma.compile(src, "gfx1201", emit="mlir").manifest
    ins = wmma.random_inputs(manifest, seed=5)
    assert sorted(ins) == ["A0", "B0", "B1"]
    before = {k: v.copy() for k, v in ins.items()}
    out = wmma.run(src, "gfx1201", ins)
    for k in ins:
        np.testing.assert_array_equal(ins[k], before[k])
    h0 = f64((f64(ins["A0"]) @ f64(ins["B0"])).astype(np.float32).astype(np.float16))
    want = h0 @ f64(ins["B1"])
    assert np.allclose(out["D1"], want, rtol=0, atol=0.05)  # one f16 ulp of h0 * 16


def test_bf16_inputs_as_float32_and_bits():
    src = read_example("test", "EndToEnd", "epilogue-bias-relu-bf16-48x64x32.mlir")
    manifest = wmma.compile(src, "gfx1201", emit="mlir").manifest
    bf16 = [a["name"] for a in manifest["args"] if a["type"] == "bf16" and a["role"] != "output"]
    assert bf16, "the example has bf16 inputs"
    ins = wmma.random_inputs(manifest, seed=2)
    as_f32 = wmma.run(src, "gfx1201", ins)
    bits = dict(ins)
    for name in bf16:
        bits[name] = wmma.f32_to_bf16_bits(ins[name])
        assert bits[name].dtype == np.uint16
    as_bits = wmma.run(src, "gfx1201", bits)
    for name in as_f32:
        np.testing.assert_array_equal(as_f32[name], as_bits[name])


def test_bf16_conversion_rounds_to_nearest_even():
    x = np.array([1.0, 1.0 + 2.0**-8, 1.0 + 3 * 2.0**-8, -2.5, np.inf, 1.0 + 2.0**-9],
                 dtype=np.float32)
    bits = wmma.f32_to_bf16_bits(x)
    # Ties go to even: 1+2^-8 -> 1.0, 1+3*2^-8 -> 1+2^-6; above a tie rounds up.
    np.testing.assert_array_equal(bits, [0x3F80, 0x3F80, 0x3F82, 0xC020, 0x7F80, 0x3F80])
    assert np.isnan(wmma.bf16_bits_to_f32(wmma.f32_to_bf16_bits(np.float32([np.nan]))))[0]
    np.testing.assert_array_equal(wmma.bf16_bits_to_f32(bits[:4]), [1.0, 1.0, 1.0 + 2.0**-6, -2.5])


def test_run_with_counters():
    rng = np.random.default_rng(13)
    A = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
    B = rng.uniform(-1, 1, (64, 128)).astype(np.float16)
    D = rng.uniform(-2, 2, (128, 128)).astype(np.float32)
    E = rng.uniform(-2, 2, (128, 128)).astype(np.float32)
    inputs = {"A": A, "B": B, "D": D, "E": E}
    plain = wmma.run(GEMM_MUL_MUL, "gfx1201", inputs)
    out, counters = wmma.run(GEMM_MUL_MUL, "gfx1201", inputs, stats=True)
    np.testing.assert_array_equal(plain["F"], out["F"])
    # 8x8 output tiles of 16x16, K = 64: 4 WMMAs each.
    assert counters["wmma_total"] == 8 * 8 * 4
    assert counters["global_bytes_stored"] == out["F"].nbytes
    assert counters["global_lines"] > 0 and "lds_bank_conflicts" in counters
    with pytest.raises(ValueError, match="backend='emu'"):
        wmma.run(GEMM_MUL_MUL, "gfx1201", inputs, backend="hip", stats=True)


DYNAMIC_TRANSPOSED = """
func.func @scores(%q: memref<?x?xf16>, %k: memref<?x?xf16>, %s: memref<?xf32>,
                  %out: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<?x?xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%q, %k : memref<?x?xf16>, memref<?x?xf16>) outs(%out : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<?xf32>) outs(%out : memref<?x?xf32>) {
  ^bb0(%sc: f32, %o: f32):
    %r = arith.mulf %o, %sc : f32
    linalg.yield %r : f32
  }
  return
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_dynamic_sizes_one_compilation_many_shapes(chip):
    # out = (Q K^T) * s[:, None] with every size dynamic: M, N, K odd and
    # not multiples of 16; the output is allocated from the inputs' shapes.
    rng = np.random.default_rng(21)
    for m, n, k in [(37, 21, 50), (1, 130, 17), (64, 64, 64)]:
        Q = rng.uniform(-1, 1, (m, k)).astype(np.float16)
        Kt = rng.uniform(-1, 1, (n, k)).astype(np.float16)
        s = rng.uniform(-2, 2, m).astype(np.float32)
        out = wmma.run(DYNAMIC_TRANSPOSED, chip, {"q": Q, "k": Kt, "s": s})
        got = out["out"]
        assert got.shape == (m, n) and got.dtype == np.float32
        exact = (f64(Q) @ f64(Kt).T) * f64(s)[:, None]
        mag = (np.abs(f64(Q)) @ np.abs(f64(Kt)).T) * np.abs(f64(s))[:, None]
        bound = (2 * k + 1) * U32 * mag + 1e-30
        err = np.abs(f64(got) - exact)
        assert (err <= bound).all(), (m, n, k, err.max())


TENSOR_FN = """
func.func @layer(%x: tensor<?x72xf16>, %w: tensor<72x40xf16>, %c: tensor<?x40xf32>)
    -> tensor<?x40xf16> {
  %mm = linalg.matmul ins(%x, %w : tensor<?x72xf16>, tensor<72x40xf16>)
                      outs(%c : tensor<?x40xf32>) -> tensor<?x40xf32>
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x72xf16>
  %e = tensor.empty(%m) : tensor<?x40xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<?x40xf32>) outs(%e : tensor<?x40xf16>) {
  ^bb0(%a: f32, %o: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x40xf16>
  return %h : tensor<?x40xf16>
}
"""


def test_tensor_function_results():
    # A function on tensors: its result comes back as result0; the
    # accumulator tensor %c is read, not written (the caller's stays).
    rng = np.random.default_rng(22)
    X = rng.uniform(-1, 1, (45, 72)).astype(np.float16)
    W = rng.uniform(-1, 1, (72, 40)).astype(np.float16)
    C = rng.uniform(-1, 1, (45, 40)).astype(np.float32)
    c_before = C.copy()
    out = wmma.run(TENSOR_FN, "gfx1201", {"x": X, "w": W, "c": C})
    assert list(out) == ["result0"]
    np.testing.assert_array_equal(C, c_before)
    exact = f64(X) @ f64(W) + f64(C)
    mag = np.abs(f64(X)) @ np.abs(f64(W)) + np.abs(f64(C))
    err32 = (2 * 72 + 2) * U32 * mag
    assert out["result0"].dtype == np.float16 and out["result0"].shape == (45, 40)
    check(out["result0"], exact, round_f16_bound(exact, err32))
