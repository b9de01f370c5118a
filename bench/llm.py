#!/usr/bin/python3
"""LLM decode layers on RDNA3 and RDNA4: a W4A16 linear layer (int4 weights
packed two per i8 along K, unpacked in the linalg with shifts, a mask and
sign extension, group-128 f16 scales; f16 activations, f32 output) at decode
token counts, compiled and run on the emulator.

Per shape and chip:
  template     the kernel's template and its K split (waves along K)
  global bytes loaded (emulator counter) against the minimum: the packed
               weights, the scales and the activations once each
  DRAM est. vs min  the emulator's DRAM estimate of the bytes read (an L2
               model per launch, docs/emulator-traffic.md) over the same
               minimum: what DRAM moves when re-reads hit the L2
  waves / CU   waves in the launch per CU of the chip's largest part
  instr / byte wave instructions the launch executed per packed weight byte

Usage: bench/llm.py [--build DIR] [--chips gfx1100,gfx1201] [--m 1,4,16]
                    [--k 4096] [--n 4096] [--group 128] [--storage i8|i32]
                    [--markdown]
"""
import argparse
import os
import sys
from table import dram_estimate, launch_waves, print_table, vs_min  # bench/table.py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def w4a16(M, N, K, G, storage="i8"):
    """The layer as quantised models arrive: B[k][n] = s[k / G][n] *
    int4(packed[k / P][n] >> 4 (k mod P)), P = 2 nibbles per i8 or 8 per
    i32 (GPTQ's qweight)."""
    P = 2 if storage == "i8" else 8
    return f"""func.func @w4a16(%x: memref<{M}x{K}xf16>, %w: memref<{K // P}x{N}x{storage}>,
                 %s: memref<{K // G}x{N}xf16>, %y: memref<{M}x{N}xf32>) {{
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<{K}x{N}xf16>
  linalg.generic {{indexing_maps = [affine_map<(k, n) -> (k floordiv {P}, n)>,
                                   affine_map<(k, n) -> (k floordiv {G}, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}}
      ins(%w, %s : memref<{K // P}x{N}x{storage}>, memref<{K // G}x{N}xf16>)
      outs(%wd : memref<{K}x{N}xf16>) {{
  ^bb0(%b: {storage}, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant {P} : index
    %c4 = arith.constant 4 : index
    %odd = arith.remui %k, %cP : index
    %sh = arith.muli %odd, %c4 : index
    %sh8 = arith.index_cast %sh : index to {storage}
    %v = arith.shrui %b, %sh8 : {storage}
    %m = arith.constant 15 : {storage}
    %e = arith.constant 8 : {storage}
    %lo = arith.andi %v, %m : {storage}
    %xx = arith.xori %lo, %e : {storage}
    %q = arith.subi %xx, %e : {storage}
    %f = arith.sitofp %q : {storage} to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }}
  linalg.fill ins(%z : f32) outs(%y : memref<{M}x{N}xf32>)
  linalg.matmul ins(%x, %wd : memref<{M}x{K}xf16>, memref<{K}x{N}xf16>)
                outs(%y : memref<{M}x{N}xf32>)
  memref.dealloc %wd : memref<{K}x{N}xf16>
  return
}}
"""


def measure(wmma, chip, M, N, K, G, storage):
    source = w4a16(M, N, K, G, storage)
    compiled = wmma.compile(source, chip, emit="llvm")
    manifest = compiled.manifest
    inputs = wmma.random_inputs(manifest, seed=1)
    _, counters = wmma.run(source, chip, inputs, stats=True)
    weights = K // 2 * N
    minimum = weights + (K // G) * N * 2 + M * K * 2
    cus = wmma.chip_info(chip)["compute_units"]
    waves, templates = launch_waves(manifest, "decode")
    return dict(templates=templates, loaded=counters["global_bytes_loaded"],
                dram_read=dram_estimate(counters), minimum=minimum,
                waves_per_cu=waves / cus,
                per_byte=counters["wave_instructions"] / weights, cus=cus)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--chips", default="gfx1100,gfx1201")
    ap.add_argument("--m", default="1,4,16")
    ap.add_argument("--k", type=int, default=4096)
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--group", type=int, default=128)
    ap.add_argument("--storage", default="i8", choices=["i8", "i32"],
                    help="packed storage: 2 nibbles per i8 or 8 per i32")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    os.environ.setdefault("WMMA_BUILD_DIR", args.build)
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import wmma

    rows = []
    for chip in args.chips.split(","):
        for M in (int(m) for m in args.m.split(",")):
            r = measure(wmma, chip, M, args.n, args.k, args.group, args.storage)
            rows.append([f"{M}x{args.n}x{args.k} g{args.group} {args.storage}", chip,
                         r["templates"],
                         f"{r['loaded'] / 1e6:.3f} MB", f"{r['minimum'] / 1e6:.3f} MB",
                         f"{r['loaded'] / r['minimum']:.2f}x",
                         vs_min(r["dram_read"], r["minimum"]),
                         f"{r['waves_per_cu']:.1f} ({r['cus']} CUs)",
                         f"{r['per_byte']:.3f}"])
    head = ["layer MxNxK", "chip", "template", "global bytes loaded", "minimum",
            "ratio", "DRAM est. vs min", "waves / CU", "wave instr / weight byte"]
    print_table(head, rows, args.markdown)


if __name__ == "__main__":
    main()
