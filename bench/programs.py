#!/usr/bin/python3
"""Whole programs (functions compiled into several kernels) on RDNA3 and
RDNA4: the LLaMA-style decoder block and the BERT FFN + LayerNorm of
examples/programs, compiled and run on the emulator.

Per program and chip:
  kernels      launches, and how many by template (WMMA or not)
  global bytes loaded + stored by all launches (emulator counters) against
               the minimum: every argument read once and every result
               written once (intermediates cost nothing in the minimum)
  DRAM est. vs min  the emulator's DRAM estimate, bytes read + written (an
               L2 model per launch, docs/emulator-traffic.md), over the
               same minimum; the L2 is cold at each launch, so
               intermediates count once written and once per launch
               reading them
  WMMA share   the program's contraction FLOPs (2 M N K per product,
               counted from the source's shapes) done by WMMA kernels, and
               the FLOPs the WMMAs issued (padding included) against them

Usage: bench/programs.py [--build DIR] [--chips gfx1100,gfx1201]
                         [--tokens T] [--markdown]
"""
import argparse
import os
import re
import sys
from table import dram_estimate, print_table, vs_min  # bench/table.py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BYTES = {"f16": 2, "bf16": 2, "f32": 4, "i32": 4, "i8": 1}
WMMA_FLOPS = 2 * 16 * 16 * 16  # one v_wmma_*_16x16x16 per wave


def llama_flops(t):
    """(WMMA-able, VALU) contraction FLOPs of llama-block.mlir at T tokens:
    Q, K, V, O (256x256), scores and P V (4 heads of 64), gate, up (256x512)
    and down (512x256); the two RMSNorm sums of squares are contractions of
    a row with itself (VALU)."""
    wmma = 4 * 2 * t * 256 * 256 + 2 * 2 * 4 * t * t * 64 + 3 * 2 * t * 256 * 512
    valu = 2 * 2 * t * 256
    return wmma, valu


def bert_flops(t):
    return 2 * 2 * t * 256 * 1024, 0


PROGRAMS = [
    ("llama-block.mlir", "LLaMA decoder block (width 256, 4 heads, MLP 512)",
     llama_flops, True),
    ("bert-ffn.mlir", "BERT FFN + residual + LayerNorm (width 256, inner 1024)",
     bert_flops, False),
]


def template_of(schedule):
    m = re.search(r'template = "([a-z_]+)"', schedule or "")
    return m.group(1) if m else "?"


def measure(wmma, path, chip, tokens, dynamic):
    source = open(path).read()
    compiled = wmma.compile(source, chip, emit="llvm")
    manifest = compiled.manifest
    sizes = {"s0": tokens} if dynamic else {}
    inputs = wmma.random_inputs(manifest, seed=1, sizes=sizes)
    _, counters = wmma.run(source, chip, inputs, stats=True)
    launches = manifest.get("launches", [manifest])
    templates = [template_of(l.get("schedule")) for l in launches]
    minimum = 0
    for a in manifest["args"]:
        if a["kind"] != "buffer":
            continue
        n = 1
        for d in a["shape"]:
            n *= tokens if isinstance(d, str) else d
        minimum += n * BYTES.get(a["type"], 4)
    moved = counters["global_bytes_loaded"] + counters["global_bytes_stored"]
    return dict(kernels=len(launches), templates=templates, moved=moved,
                dram=dram_estimate(counters, written=True),
                minimum=minimum, wmma=counters["wmma_total"])


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--chips", default="gfx1100,gfx1201")
    ap.add_argument("--tokens", type=int, default=64,
                    help="run-time token count of the LLaMA block (BERT: 100)")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    os.environ.setdefault("WMMA_BUILD_DIR", args.build)
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import wmma

    rows = []
    for name, title, flops, dynamic in PROGRAMS:
        tokens = args.tokens if dynamic else 100
        useful_wmma, useful_valu = flops(tokens)
        for chip in args.chips.split(","):
            r = measure(wmma, os.path.join(ROOT, "examples", "programs", name), chip,
                        tokens, dynamic)
            plain = sum(t in ("elementwise", "valu", "reduction") for t in r["templates"])
            rows.append([
                title, chip, str(tokens), str(r["kernels"]),
                f"{r['kernels'] - plain} / {plain}",
                f"{r['moved'] / 1e6:.2f} MB", f"{r['minimum'] / 1e6:.2f} MB",
                f"{r['moved'] / r['minimum']:.2f}x",
                vs_min(r["dram"], r["minimum"]),
                f"{useful_wmma / (useful_wmma + useful_valu):.4f}",
                f"{r['wmma'] * WMMA_FLOPS / useful_wmma:.2f}x",
            ])
    head = ["program", "chip", "tokens", "kernels", "WMMA / plain kernels",
            "global bytes", "minimum", "ratio", "DRAM est. vs min", "contraction FLOPs on WMMA",
            "WMMA FLOPs issued / needed"]
    print_table(head, rows, args.markdown)


if __name__ == "__main__":
    main()
