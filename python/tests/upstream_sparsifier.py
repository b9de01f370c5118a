"""MLIR's CPU sparsifier as the tests' independent 2:4 reference
(test_sparse24.py, test_sparse_frontend.py): a program on upstream's
storage of a 2:4 tensor (values, crd: `sparse_tensor.assemble`) lowered by
`mlir-opt --sparsifier` and run by `mlir-runner`."""
import os
import re
import subprocess

import numpy as np

LLVM_BIN = os.environ.get("WMMA_LLVM_BIN", "/usr/lib/llvm-22/bin")
NV24 = ("#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, "
        "j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>\n")
# 2:4 along the columns (K of a K x N B): upstream stores it column by
# column, so its (values, crd) are those of the transpose's NV24 storage.
KB24 = ("#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, "
        "i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>\n")
MISSING = not os.path.exists(os.path.join(LLVM_BIN, "mlir-runner"))
WHY_MISSING = "needs LLVM 22's mlir-opt and mlir-runner"


def _floats(xs):
    return ", ".join(repr(float(x)) for x in np.ravel(xs))


def _assembled(values, crd):
    """The lines defining %s, the M x K NV24 tensor of (values, crd), in f32."""
    M, KC = values.shape
    n = M * KC
    return (
        f"  %v = arith.constant dense<[{_floats(values)}]> : tensor<{n}xf32>\n"
        f"  %c = arith.constant dense<[{', '.join(str(int(c)) for c in crd.ravel())}]>"
        f" : tensor<{n}xindex>\n"
        f"  %s = sparse_tensor.assemble (%c), %v : (tensor<{n}xindex>), "
        f"tensor<{n}xf32> to tensor<{M}x{2 * KC}xf32, #NV24>\n")


def _run(body, result, rows, cols):
    """Runs func @main made of `body`, which defines the rows x cols f32
    tensor `result`, on the CPU and returns it."""
    src = NV24 + KB24 + (
        "func.func @main() {\n" + body +
        "  %z0 = arith.constant 0.0 : f32\n"
        "  %i0 = arith.constant 0 : index\n"
        f"  %x = vector.transfer_read {result}[%i0, %i0], %z0 : "
        f"tensor<{rows}x{cols}xf32>, vector<{rows}x{cols}xf32>\n"
        f"  vector.print %x : vector<{rows}x{cols}xf32>\n"
        "  return\n}\n")
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
    return np.array(nums).reshape(rows, cols)


def sparse_b_matmul(A, values, crd):
    """A (M x K) times the K x N KB24 tensor whose upstream storage is
    values/crd (N x K/2: column by column), by the sparsifier, in f32."""
    M, K = A.shape
    N, KC = values.shape
    assert K == 2 * KC
    n = N * KC
    return _run(
        f"  %v = arith.constant dense<[{_floats(values)}]> : tensor<{n}xf32>\n"
        f"  %c = arith.constant dense<[{', '.join(str(int(c)) for c in crd.ravel())}]>"
        f" : tensor<{n}xindex>\n"
        f"  %s = sparse_tensor.assemble (%c), %v : (tensor<{n}xindex>), "
        f"tensor<{n}xf32> to tensor<{K}x{N}xf32, #KB24>\n"
        f"  %a = arith.constant dense<[{_floats(A)}]> : tensor<{M * K}xf32>\n"
        f"  %a2 = tensor.expand_shape %a [[0, 1]] output_shape [{M}, {K}] : "
        f"tensor<{M * K}xf32> into tensor<{M}x{K}xf32>\n"
        "  %z = arith.constant 0.0 : f32\n"
        f"  %e = tensor.empty() : tensor<{M}x{N}xf32>\n"
        f"  %o = linalg.fill ins(%z : f32) outs(%e : tensor<{M}x{N}xf32>) -> "
        f"tensor<{M}x{N}xf32>\n"
        f"  %r = linalg.matmul ins(%a2, %s : tensor<{M}x{K}xf32>, "
        f"tensor<{K}x{N}xf32, #KB24>) outs(%o : tensor<{M}x{N}xf32>) -> "
        f"tensor<{M}x{N}xf32>\n", "%r", M, N)


def assembled_dense(values, crd):
    """The dense M x K matrix upstream makes of (values, crd) as the storage
    of a 2:4 tensor (sparse_tensor.convert)."""
    M, KC = values.shape
    K = 2 * KC
    return _run(_assembled(values, crd) +
                f"  %d = sparse_tensor.convert %s : tensor<{M}x{K}xf32, #NV24> "
                f"to tensor<{M}x{K}xf32>\n", "%d", M, K)


def sparse_matmul(values, crd, B):
    """values/crd (upstream's storage of a 2:4 M x K tensor) times B by the
    sparsifier's matmul, in f32."""
    M, KC = values.shape
    K, N = 2 * KC, B.shape[1]
    return _run(
        _assembled(values, crd) +
        f"  %b = arith.constant dense<[{_floats(B)}]> : tensor<{K * N}xf32>\n"
        f"  %b2 = tensor.expand_shape %b [[0, 1]] output_shape [{K}, {N}] : "
        f"tensor<{K * N}xf32> into tensor<{K}x{N}xf32>\n"
        "  %z = arith.constant 0.0 : f32\n"
        f"  %e = tensor.empty() : tensor<{M}x{N}xf32>\n"
        f"  %o = linalg.fill ins(%z : f32) outs(%e : tensor<{M}x{N}xf32>) -> "
        f"tensor<{M}x{N}xf32>\n"
        f"  %r = linalg.matmul ins(%s, %b2 : tensor<{M}x{K}xf32, #NV24>, "
        f"tensor<{K}x{N}xf32>) outs(%o : tensor<{M}x{N}xf32>) -> "
        f"tensor<{M}x{N}xf32>\n", "%r", M, N)
