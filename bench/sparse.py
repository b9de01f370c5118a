#!/usr/bin/env python3
"""2:4 sparse GEMM vs dense GEMM on RDNA4 (gfx1201), the example kernels of
examples/atoms (one wave per 16x16 tile, no LDS): 64x128 (A) x 128x64 (B),
f16 -> f32.  From the ISA: instructions and (s)wmma per kernel; from the
emulator: instructions executed, global bytes loaded (A and its index, B)
and the error against a float64 product of the pruned A.

Usage: WMMA_BUILD_DIR=build /usr/bin/python3 bench/sparse.py
"""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import wmma  # noqa: E402
from isa_counts import count_isa  # noqa: E402


def example(name):
    with open(os.path.join(ROOT, "examples", "atoms", name)) as f:
        return f.read()


def sparse_inputs(rng, M, K):
    """Pruned A (dense form), its compressed values (M x K/2) and the index
    words the kernel reads ([M/16][K/32][lane]), placed by the layout
    engine's index map."""
    lay = wmma.sparse_layout("v_swmmac_f32_16x16x32_f16", "A")
    values = rng.uniform(-1, 1, (M, K // 2)).astype(np.float16)
    dense = np.zeros((M, K), np.float16)
    words = np.zeros((M // 16, K // 32, 32), np.uint32)
    for m in range(M):
        for G in range(K // 4):
            p = sorted(rng.choice(4, 2, replace=False))
            dense[m, 4 * G + p[0]] = values[m, 2 * G]
            dense[m, 4 * G + p[1]] = values[m, 2 * G + 1]
            t, g = divmod(G, 8)
            for j, pos in ((2 * g, p[0]), (2 * g + 1, p[1])):
                lane, _, lo, _ = lay.index_locate(m % 16, j)
                words[m // 16, t, lane] |= np.uint32(pos << lo)
    return dense, values, words


def main():
    rng = np.random.default_rng(0)
    M, K, N = 64, 128, 64
    dense, values, words = sparse_inputs(rng, M, K)
    B = rng.uniform(-1, 1, (K, N)).astype(np.float16)
    ref = dense.astype(np.float64) @ B.astype(np.float64)
    rows = []
    for name, kernel, args, a_bytes in (
            ("dense WMMA", "gemm-rdna4.mlir", [dense, B], dense.nbytes),
            ("2:4 sparse SWMMAC", "sparse-gemm-rdna4.mlir",
             [values, words.view(np.int32), B], values.nbytes + words.nbytes)):
        src = example(kernel)
        isa = wmma.compile(src, "gfx1201", emit="isa").artifact
        isa = isa.decode() if isinstance(isa, bytes) else isa
        total, _ = count_isa(isa)
        mma = sum(1 for l in isa.splitlines()
                  if l.strip().startswith(("v_wmma_", "v_swmmac_")))
        k = wmma.compile(src, "gfx1201", emit="llvm")
        C = np.zeros((M, N), np.float32)
        stats = wmma.emulate(k.artifact, k.manifest["kernel"], k.manifest["grid"],
                             k.manifest["block"],
                             [wmma.memref(np.ascontiguousarray(x)) for x in args + [C]],
                             chip="gfx1201")
        rows.append((name, stats["wmma_total"], total, mma, total / mma,
                     stats["wave_instructions"], a_bytes,
                     stats["global_bytes_loaded"], float(np.abs(C - ref).max())))
    print("| kernel (64x128x64 f16->f32, gfx1201) | (s)wmma executed | ISA "
          "instructions | (s)wmma in ISA | instructions per (s)wmma | wave "
          "instructions executed | A (+index) bytes | global bytes loaded | "
          "max abs error |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %d | %d | %d | %.1f | %d | %d | %d | %.2e |" % r)


if __name__ == "__main__":
    main()
