#!/usr/bin/python3
"""Matrix-vector decode layers (no token dimension) on RDNA3 and RDNA4,
beside the M = 1 linalg.matmul they equal: f16 linalg.matvec, and a W4A16
linalg.vecmat (int4 weights packed two per i8 along K, group-128 f16
scales, unpacked by a linalg.generic), compiled and run on the emulator.

Per form and chip: the kernel's template and K split, global bytes loaded
against the minimum (weights, scales and activations once each), waves per
CU of the chip's largest part, and the launch's wave instructions.

Usage: bench/llm_matvec.py [--build DIR] [--chips gfx1100,gfx1201]
                           [--k 4096] [--n 4096] [--group 128] [--markdown]
"""
from llm import w4a16  # bench/llm.py
from table import llm_measure, llm_parser, llm_wmma, print_table  # bench/table.py


def matvec_f16(N, K):
    """y[n] = sum_k W[n][k] x[k]: the matrix first, N x K."""
    return f"""func.func @mv(%w: memref<{N}x{K}xf16>, %x: memref<{K}xf16>, %y: memref<{N}xf32>) {{
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<{N}xf32>)
  linalg.matvec ins(%w, %x : memref<{N}x{K}xf16>, memref<{K}xf16>) outs(%y : memref<{N}xf32>)
  return
}}
"""


def matmul_f16(N, K):
    """The same product as a [1, K] x [K, N] matmul (weights K x N)."""
    return f"""func.func @mm(%x: memref<1x{K}xf16>, %w: memref<{K}x{N}xf16>, %y: memref<1x{N}xf32>) {{
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x{N}xf32>)
  linalg.matmul ins(%x, %w : memref<1x{K}xf16>, memref<{K}x{N}xf16>) outs(%y : memref<1x{N}xf32>)
  return
}}
"""


def vecmat_w4a16(N, K, G):
    """bench/llm.py's W4A16 layer with its token dimension dropped:
    linalg.vecmat of x[K] and the dequantised [K, N]."""
    s = w4a16(1, N, K, G)
    s = s.replace(f"memref<1x{K}xf16>", f"memref<{K}xf16>")
    s = s.replace(f"memref<1x{N}xf32>", f"memref<{N}xf32>")
    return s.replace("linalg.matmul", "linalg.vecmat")


def main():
    ap = llm_parser(__doc__)
    ap.add_argument("--k", type=int, default=4096)
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--group", type=int, default=128)
    args = ap.parse_args()
    wmma = llm_wmma(args)
    K, N, G = args.k, args.n, args.group
    f16_min = 2 * N * K + 2 * K
    w4_min = K // 2 * N + (K // G) * N * 2 + 2 * K
    forms = [("matvec f16", matvec_f16(N, K), f16_min, 2 * N * K),
             ("matmul M=1 f16", matmul_f16(N, K), f16_min, 2 * N * K),
             (f"vecmat W4A16 g{G}", vecmat_w4a16(N, K, G), w4_min, K // 2 * N),
             (f"matmul M=1 W4A16 g{G}", w4a16(1, N, K, G), w4_min, K // 2 * N)]
    rows = []
    for chip in args.chips.split(","):
        for label, src, minimum, weights in forms:
            r = llm_measure(wmma, chip, src, minimum, weights)
            rows.append([f"{label} {N}x{K}", chip, r["templates"],
                         f"{r['loaded']:,}", f"{r['loaded'] / minimum:.3f}x",
                         f"{r['waves_per_cu']:.1f}",
                         f"{round(r['per_byte'] * weights):,}"])
    print_table(["form", "chip", "template", "global bytes", "/ min",
                 "waves / CU", "wave instructions"], rows, args.markdown)


if __name__ == "__main__":
    main()
