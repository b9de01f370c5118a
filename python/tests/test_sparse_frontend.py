"""The front end's 2:4 sparse A (gemm_sparse, docs/sparse-frontend.md) run
through wmma.run: the kernel (v_swmmac on gfx1201, zeros expanded for
dense WMMAs on gfx1100) against MLIR's CPU sparsifier running the same
product on the same 2:4 tensor (assembled from upstream's storage), and
the host-side conversions run() does (a dense 2:4 matrix, or upstream's
(values, crd))."""

import os
import re
import subprocess

import numpy as np
import pytest

import wmma
from wmma import sparse24

LLVM_BIN = os.environ.get("WMMA_LLVM_BIN", "/usr/lib/llvm-22/bin")
NV24 = ("#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, "
        "j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>\n")


def sparse_gemm(M, K, N, t="f16", acc="f32"):
    m = "?" if M is None else M
    return NV24 + (
        f"func.func @sg(%A: tensor<{m}x{K}x{t}, #NV24>, %B: tensor<{K}x{N}x{t}>,\n"
        f"              %C: tensor<{m}x{N}x{acc}>) -> tensor<{m}x{N}x{acc}> {{\n"
        f"  %r = linalg.matmul ins(%A, %B : tensor<{m}x{K}x{t}, #NV24>, "
        f"tensor<{K}x{N}x{t}>) outs(%C : tensor<{m}x{N}x{acc}>) -> tensor<{m}x{N}x{acc}>\n"
        f"  return %r : tensor<{m}x{N}x{acc}>\n}}\n")


def upstream_sparse_matmul(values, crd, B):
    """values/crd (upstream's storage of a 2:4 M x K tensor) times B, by
    upstream's CPU sparsifier (mlir-opt --sparsifier, mlir-runner), in f32."""
    M, KC = values.shape
    K, N = 2 * KC, B.shape[1]
    n = M * KC
    fmt = lambda xs: ", ".join(repr(float(x)) for x in np.ravel(xs))
    src = NV24 + f"""
func.func @main() {{
  %v = arith.constant dense<[{fmt(values)}]> : tensor<{n}xf32>
  %c = arith.constant dense<[{", ".join(str(int(c)) for c in crd.ravel())}]> : tensor<{n}xindex>
  %s = sparse_tensor.assemble (%c), %v : (tensor<{n}xindex>), tensor<{n}xf32> to tensor<{M}x{K}xf32, #NV24>
  %b = arith.constant dense<[{fmt(B)}]> : tensor<{K * N}xf32>
  %b2 = tensor.expand_shape %b [[0, 1]] output_shape [{K}, {N}] : tensor<{K * N}xf32> into tensor<{K}x{N}xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{M}x{N}xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<{M}x{N}xf32>) -> tensor<{M}x{N}xf32>
  %r = linalg.matmul ins(%s, %b2 : tensor<{M}x{K}xf32, #NV24>, tensor<{K}x{N}xf32>) outs(%o : tensor<{M}x{N}xf32>) -> tensor<{M}x{N}xf32>
  %c0 = arith.constant 0 : index
  %x = vector.transfer_read %r[%c0, %c0], %z : tensor<{M}x{N}xf32>, vector<{M}x{N}xf32>
  vector.print %x : vector<{M}x{N}xf32>
  return
}}
"""
    lowered = subprocess.run(
        [os.path.join(LLVM_BIN, "mlir-opt"), "-",
         "--sparsifier=enable-runtime-library=false"],
        input=src, capture_output=True, text=True, check=True).stdout
    libs = ",".join(os.path.join(os.path.dirname(LLVM_BIN), "lib", l)
                    for l in ("libmlir_c_runner_utils.so",
                              "libmlir_runner_utils.so"))
    out = subprocess.run(
        [os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
         "-entry-point-result=void", "-shared-libs=" + libs],
        input=lowered, capture_output=True, text=True, check=True).stdout
    nums = [float(x) for x in re.findall(r"-?[\d.]+(?:e[-+]?\d+)?", out)]
    return np.array(nums).reshape(M, N)


@pytest.mark.skipif(not os.path.exists(os.path.join(LLVM_BIN, "mlir-runner")),
                    reason="needs LLVM 22's mlir-opt and mlir-runner")
@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
def test_kernel_matches_upstream_sparsifier(chip):
    """Small integers in f16 (every product and sum exact in f32 and in
    the kernel's f32 accumulator): the kernel equals MLIR's sparsifier."""
    rng = np.random.default_rng(7)
    M, K, N = 20, 72, 24  # odd sizes: M, N tails, K past the last word
    a = sparse24.prune_2_4(rng.integers(-8, 8, (M, K)).astype(np.float16))
    B = rng.integers(-8, 8, (K, N)).astype(np.float16)
    values, crd = sparse24.compress_2_4(a)
    ref = upstream_sparse_matmul(values.astype(np.float32), crd,
                                 B.astype(np.float32))
    out = wmma.run(sparse_gemm(M, K, N), chip,
                   {"A": a, "B": B, "C": np.zeros((M, N), np.float32)})
    assert np.array_equal(out["result0"], ref.astype(np.float32))


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
