"""Every pinned gemm schedule of a grid (staging, tile, wave grid, K step,
LDS stages, form, accumulator packing, copy kinds) on several types and shapes either
builds or is refused with a reason -- never an internal error -- and a
seeded sample of the built ones computes the right numbers (wmma-run
against MLIR's CPU lowering).  Usage: schedule-sweep.py BIN_DIR WORK_DIR."""

import itertools
import os
import random
import subprocess
import sys

BIN, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)

PROGRAMS = {  # A, B, C memrefs, instruction, accumulator
    "f16": ("f16", "f16", "f32", "v_wmma_f32_16x16x16_f16", "f32"),
    "f16acc": ("f16", "f16", "f16", "v_wmma_f16_16x16x16_f16", "f16"),
    "bf16": ("bf16", "bf16", "f32", "v_wmma_f32_16x16x16_bf16", "f32"),
    "i8": ("i8", "i8", "i32", "v_wmma_i32_16x16x16_iu8", "i32"),
}
SHAPES = [(96, 72, 80), (33, 17, 40)]
GRID = itertools.product(
    ["lds", "registers"], [(16, 64), (64, 64), (128, 64)], [(1, 4), (2, 2)],
    [16, 32, 64], ["acc", "rowseg"], [1, 2],
    ["[vec, wmma]", "[vec, scalar]", "[vec, vec]", "[none, none]"], [2, 3])
GRID = list(GRID)


def pins(m, n, k, instr, acc):
    for st, (tm, tn), (wm, wn), ks, form, pack, copy, stages in GRID:
        if tm % (16 * wm) or tn % (16 * wn) or (st == "registers" and stages == 3):
            continue
        if (st == "lds") != (copy != "[none, none]") or (pack == 2 and acc != "f16"):
            continue  # records the attribute itself rejects
        tails = ", ".join(str(x % t != 0).lower() for x, t in ((m, tm), (n, tn), (k, ks)))
        yield ('#wmma.schedule<template = "gemm", instruction = "%s", staging = %s, '
               "tile = [%d, %d, %d], waves = [%d, %d], wave_tile = [%d, %d], stages = %d, "
               "tails = [%s], accumulator = %s, acc_pack = %d, form = %s, copy = %s, "
               "causal = false>" % (instr, st, tm, tn, ks, wm, wn, tm // 16 // wm,
                                    tn // 16 // wn, stages if st == "lds" else 1, tails, acc,
                                    pack, form, copy))


rng = random.Random(2026)
total = built = errors = runs = wrong = 0
for (name, (ta, tb, tc, instr, acc)), (m, n, k) in itertools.product(PROGRAMS.items(), SHAPES):
    a, b, c = ("memref<%dx%dx%s>" % (m, k, ta), "memref<%dx%dx%s>" % (k, n, tb),
               "memref<%dx%dx%s>" % (m, n, tc))
    funcs = ["func.func @g%d(%%A: %s, %%B: %s, %%C: %s) attributes {wmma.schedule = %s} {\n"
             "  linalg.matmul ins(%%A, %%B : %s, %s) outs(%%C : %s)\n  return\n}\n"
             % (i, a, b, c, s, a, b, c) for i, s in enumerate(pins(m, n, k, instr, acc))]
    path = os.path.join(WORK, "%s-%dx%dx%d.mlir" % (name, m, n, k))
    with open(path, "w") as f:
        f.write("\n// -----\n".join(funcs))
    for chip in ("gfx1100", "gfx1201"):
        r = subprocess.run([os.path.join(BIN, "wmma-opt"), path, "--split-input-file",
                            "--pass-pipeline=builtin.module(wmma-linalg-to-kernels{chip=%s})" % chip],
                           capture_output=True, text=True)
        total += len(funcs)
        ok = [i for i in range(len(funcs)) if "gpu.func @g%d(" % i in r.stdout]
        built += len(ok)
        bad = [l for l in r.stderr.splitlines() if "error" in l]
        refused = r.stderr.count("the pinned gemm schedule does not fit")
        if r.returncode or bad or len(ok) + refused != len(funcs):
            errors += 1
            print("ERROR %s %s: rc %d, %d built + %d refused of %d; %s"
                  % (chip, path, r.returncode, len(ok), refused, len(funcs), bad[:2]))
        # One built pin per program, shape and chip, run against the reference
        # (one function per file: the reference takes the whole module).
        for i in rng.sample(ok, min(1, len(ok))):
            one = os.path.join(WORK, "%s-%dx%dx%d-%s-g%d.mlir" % (name, m, n, k, chip, i))
            with open(one, "w") as f:
                f.write(funcs[i])
            # (f16 accumulators are native by the schedule itself.)
            args = [os.path.join(BIN, "wmma-run"), one, "--chip", chip]
            r = subprocess.run(args, capture_output=True, text=True)
            runs += 1
            if r.returncode or "\nPASS" not in r.stdout:
                wrong += 1
                print("WRONG %s %s:\n%s%s" % (chip, one, r.stdout[-400:], r.stderr[-400:]))
print("pinned schedules: %d, built %d, refused %d, errors %d; runs %d, wrong %d"
      % (total, built, total - built, errors, runs, wrong))
sys.exit(1 if errors or wrong else 0)
