"""The front end's 2:4 sparse A (gemm_sparse, docs/sparse-frontend.md) run
through wmma.run: the kernel (v_swmmac on gfx1201, zeros expanded for
dense WMMAs on gfx1100) against MLIR's CPU sparsifier running the same
product on the same 2:4 tensor (assembled from upstream's storage), and
the host-side conversions run() does (a dense 2:4 matrix, or upstream's
(values, crd))."""


import numpy as np
import pytest

import wmma
from wmma import sparse24
import upstream_sparsifier as upstream
from upstream_sparsifier import NV24


def sparse_gemm(M, K, N, t="f16", acc="f32"):
    """C = A B with A 2:4 sparse; M or K None: dynamic."""
    m = "?" if M is None else M
    K = "?" if K is None else K
    return NV24 + (
        f"func.func @sg(%A: tensor<{m}x{K}x{t}, #NV24>, %B: tensor<{K}x{N}x{t}>,\n"
        f"              %C: tensor<{m}x{N}x{acc}>) -> tensor<{m}x{N}x{acc}> {{\n"
        f"  %r = linalg.matmul ins(%A, %B : tensor<{m}x{K}x{t}, #NV24>, "
        f"tensor<{K}x{N}x{t}>) outs(%C : tensor<{m}x{N}x{acc}>) -> tensor<{m}x{N}x{acc}>\n"
        f"  return %r : tensor<{m}x{N}x{acc}>\n}}\n")


@pytest.mark.skipif(upstream.MISSING, reason=upstream.WHY_MISSING)
@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
@pytest.mark.parametrize("M,K,N,dynamic", [
    (20, 72, 24, False),  # odd sizes: M, N tails, K past the last word
    # M and K dynamic (the kernel reads K from B; K = 36: one masked LDS
    # slice, 200: three full ones and a masked one)
    (37, 36, 24, True),
    (37, 200, 24, True),
])
def test_kernel_matches_upstream_sparsifier(chip, M, K, N, dynamic):
    """Small integers in f16 (every product and sum exact in f32 and in
    the kernel's f32 accumulator): the kernel equals MLIR's sparsifier."""
    rng = np.random.default_rng(K if dynamic else 7)
    a = sparse24.prune_2_4(rng.integers(-8, 8, (M, K)).astype(np.float16))
    B = rng.integers(-8, 8, (K, N)).astype(np.float16)
    values, crd = sparse24.compress_2_4(a)
    ref = upstream.sparse_matmul(values.astype(np.float32), crd,
                                 B.astype(np.float32))
    source = sparse_gemm(None, None, N) if dynamic else sparse_gemm(M, K, N)
    out = wmma.run(source, chip, {"A": a, "B": B, "C": np.zeros((M, N), np.float32)})
    assert np.array_equal(out["result0"], ref.astype(np.float32))


@pytest.mark.skipif(upstream.MISSING, reason=upstream.WHY_MISSING)
@pytest.mark.parametrize("t,acc", [("f16", "f32"), ("bf16", "f32"),
                                   ("i8", "i32")])
def test_transposing_load_matches_upstream_sparsifier(t, acc):
    """gfx1201, no tails: B (row-major) reaches LDS through
    global_load_tr_b128 (copy = tr; 8-bit: two columns a 16-bit unit), no
    transposing WMMA; small integers, so the kernel equals MLIR's
    sparsifier exactly."""
    M, K, N = 64, 192, 128
    source = sparse_gemm(M, K, N, t, acc)
    sched = wmma.compile(source, "gfx1201", emit="llvm",
                         staging="lds").manifest["schedule"]
    assert "copy = [vec, tr]" in sched
    rng = np.random.default_rng(3)
    dt = {"f16": np.float16, "bf16": np.float32, "i8": np.int8}[t]
    a = sparse24.prune_2_4(rng.integers(-8, 8, (M, K)).astype(dt))
    B = rng.integers(-8, 8, (K, N)).astype(dt)
    values, crd = sparse24.compress_2_4(a)
    ref = upstream.sparse_matmul(values.astype(np.float32), crd,
                                 B.astype(np.float32))
    out_t = np.int32 if acc == "i32" else np.float32
    out = wmma.run(source, "gfx1201", {"A": a, "B": B,
                                       "C": np.zeros((M, N), out_t)},
                   staging="lds")
    assert np.array_equal(out["result0"], ref.astype(out_t))


def sparse_b_gemm(M, K, N, t="f16", acc="f32"):
    """C = A B with B 2:4 sparse along K (its columns); None: dynamic."""
    m, k, n = ("?" if x is None else x for x in (M, K, N))
    return upstream.KB24 + (
        f"func.func @sg(%A: tensor<{m}x{k}x{t}>, %B: tensor<{k}x{n}x{t}, #KB24>,\n"
        f"              %C: tensor<{m}x{n}x{acc}>) -> tensor<{m}x{n}x{acc}> {{\n"
        f"  %r = linalg.matmul ins(%A, %B : tensor<{m}x{k}x{t}>, "
        f"tensor<{k}x{n}x{t}, #KB24>) outs(%C : tensor<{m}x{n}x{acc}>) -> "
        f"tensor<{m}x{n}x{acc}>\n"
        f"  return %r : tensor<{m}x{n}x{acc}>\n}}\n")


@pytest.mark.skipif(upstream.MISSING, reason=upstream.WHY_MISSING)
@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
@pytest.mark.parametrize("M,K,N,dynamic", [
    (24, 72, 20, False),  # odd sizes: tails, K past the last word
    (24, 200, 37, True),  # every size dynamic: K read from A
])
def test_sparse_b_matches_upstream_sparsifier(chip, M, K, N, dynamic):
    """A 2:4 B (the transposed product C^T = B^T A^T): small integers in
    f16, the kernel equals MLIR's sparsifier on the K x N tensor assembled
    from upstream's storage; run() takes B as its dense K x N matrix or as
    that storage (values, crd of its transpose)."""
    rng = np.random.default_rng(K + N)
    b = sparse24.prune_2_4(rng.integers(-8, 8, (N, K)).astype(np.float16)).T
    A = rng.integers(-8, 8, (M, K)).astype(np.float16)
    values, crd = sparse24.compress_2_4(np.ascontiguousarray(b.T))
    ref = upstream.sparse_b_matmul(A.astype(np.float32),
                                   values.astype(np.float32), crd)
    assert np.array_equal(ref, A.astype(np.float64) @ b.astype(np.float64))
    source = sparse_b_gemm(None, None, None) if dynamic else sparse_b_gemm(M, K, N)
    C = np.zeros((M, N), np.float32)
    dense = wmma.run(source, chip, {"A": A, "B": b, "C": C})["result0"]
    stored = wmma.run(source, chip, {"A": A, "B": (values, crd), "C": C})["result0"]
    assert np.array_equal(dense, ref.astype(np.float32))
    assert np.array_equal(stored, ref.astype(np.float32))


def test_sparse_b_manifest_and_random_inputs():
    """The manifest names B's parts "along": "columns" (N x K/2 values);
    random_inputs gives the dense K x N matrix, 2:4 down its columns."""
    m = wmma.compile(sparse_b_gemm(32, 64, 48), "gfx1201").manifest
    b = [a for a in m["args"] if a["name"] == "B"]
    assert [(a["part"], a["along"], a["shape"]) for a in b] == [
        ("values", "columns", [48, 32]), ("index", "columns", [48, 2])]
    inp = wmma.random_inputs(m, 1)
    assert inp["B"].shape == (64, 48)
    assert ((inp["B"].T.reshape(48, 16, 4) != 0).sum(axis=2) <= 2).all()


@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
def test_storage_input_equals_dense_input(chip):
    """run() takes the 2:4 argument as the dense matrix or as upstream's
    (values, crd); both give the product of the pruned matrix (i8: exact)."""
    rng = np.random.default_rng(3)
    M, K, N = 32, 64, 16
    a = sparse24.prune_2_4(rng.integers(-128, 128, (M, K)).astype(np.int8))
    B = rng.integers(-128, 128, (K, N)).astype(np.int8)
    src = sparse_gemm(M, K, N, "i8", "i32")
    C = np.zeros((M, N), np.int32)
    dense = wmma.run(src, chip, {"A": a, "B": B, "C": C})["result0"]
    stored = wmma.run(src, chip, {"A": sparse24.compress_2_4(a), "B": B,
                                  "C": C})["result0"]
    want = a.astype(np.int64) @ B.astype(np.int64)
    assert np.array_equal(dense, want) and np.array_equal(stored, want)


def test_manifest_names_the_parts_and_random_inputs_prune():
    """The manifest gives both parts of the 2:4 argument (its values in
    place, its index words last); random_inputs gives the dense matrix,
    pruned to 2:4, of the dynamic M asked for."""
    m = wmma.compile(sparse_gemm(None, 64, 32), "gfx1201").manifest
    parts = [(a["name"], a.get("part"), a["host"], a["type"]) for a in m["args"]]
    assert parts[0] == ("A", "values", 0, "f16")
    assert parts[-1] == ("A", "index", 0, "i32")
    assert "gemm_sparse" in m["schedule"]
    syms = [d for d in m["args"][0]["shape"] if not isinstance(d, int)]
    inp = wmma.random_inputs(m, 1, sizes={syms[0]: 40})
    assert inp["A"].shape == (40, 64)
    assert ((inp["A"].reshape(40, 16, 4) != 0).sum(axis=2) <= 2).all()


def test_not_2_4_is_refused():
    """A dense matrix with three nonzeros in a group is not a 2:4 input."""
    a = np.ones((16, 32), np.float16)
    with pytest.raises(ValueError, match="more than two nonzeros"):
        wmma.run(sparse_gemm(16, 32, 16), "gfx1201",
                 {"A": a, "B": np.ones((32, 16), np.float16),
                  "C": np.zeros((16, 16), np.float32)})


@pytest.mark.skipif(upstream.MISSING, reason=upstream.WHY_MISSING)
@pytest.mark.parametrize("chip,staging", [("gfx1201", "registers"),
                                          ("gfx1201", "lds"),
                                          ("gfx1100", "auto")])
@pytest.mark.parametrize("M,K,N", [(20, 100, 24), (33, 192, 40)])
def test_i4_matches_upstream_sparsifier(chip, staging, M, K, N):
    """i4 operands (v_swmmac_i32_16x16x64_iu4 on gfx1201, K steps of 64, in
    registers and through LDS packed two per byte; dense on gfx1100): the
    whole i4 range, K = 100 (a full step and a masked one) and 192 (three
    full steps); equal to MLIR's sparsifier."""
    rng = np.random.default_rng(4)
    a = sparse24.prune_2_4(rng.integers(-8, 8, (M, K)).astype(np.int8))
    B = rng.integers(-8, 8, (K, N)).astype(np.int8)
    values, crd = sparse24.compress_2_4(a)
    ref = upstream.sparse_matmul(values.astype(np.float32), crd,
                                 B.astype(np.float32))
    out = wmma.run(sparse_gemm(M, K, N, "i4", "i32"), chip,
                   {"A": a, "B": B, "C": np.zeros((M, N), np.int32)},
                   staging=staging)
    assert np.array_equal(out["result0"], ref.astype(np.int32))
