#!/usr/bin/env python3
"""2:4 sparse GEMM vs dense GEMM on RDNA4 (gfx1201), two tables.

Front end (issue 25's targets): C = A B at 2048x2048x2048, f16 -> f32 and
i8 -> i32, dense, A 2:4 sparse (upstream's NV_24 encoding on A: the
gemm_sparse template, v_swmmac) or B 2:4 sparse along K (the transposed
product; the "A" columns then give the sparse operand, B); each kernel as
the front end builds it
(the cost rule's schedule), modelled like bench/sol.py: the full shape
compiled (schedule, ISA), the same schedule pinned on 2 x 2 workgroup
tiles with the full K, run on the emulator, counters scaled to the full
grid, and the speed-of-light model (DRAM: the compulsory bytes, as the
front end's planned model takes them; the L2 model's estimate of the
reduced grid does not scale) (docs/speed-of-light/model.md; swmmac at the
arch's issue rate) on them.  Columns: the A buffers (dense: M K; sparse:
values M K/2 + index words M K/8 bytes), the A bytes the grid loads (the
schedule's access pattern: registers staging reads A once per wave and N
tile, LDS staging once per workgroup and N tile: the sparse kernel's
values and index words alike), the global bytes the
emulator counts (scaled), instructions per (s)wmma in the steady-state K
loop of the ISA, and the modelled time.  The sparse kernel is shown in
both stagings (--staging lds / registers, each with the tile the front end
picks for it), the one the front end chooses by its own modelled time
(the wmma-linalg-to-kernels{explain-cost} remark: the speed-of-light model
on the work the plan counts, Templates/GemmSparse.c) marked "chosen", with
that planned time beside the emulator-based one.

Atoms: the example kernels of examples/atoms (one wave per 16x16 tile, no
LDS): 64x128 (A) x 128x64 (B), f16 -> f32.  From the ISA: instructions and
(s)wmma per kernel; from the emulator: instructions executed, global bytes
loaded (A and its index, B) and the error against a float64 product of the
pruned A.

Usage: WMMA_BUILD_DIR=build /usr/bin/python3 bench/sparse.py [--atoms]
"""
import os
import re
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import wmma  # noqa: E402
from isa_counts import count_isa, steady_state  # noqa: E402


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


NV24 = ("#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, "
        "j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>\n")
# B 2:4 along K (its columns): the transposed product (docs/sparse-frontend.md).
KB24 = ("#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, "
        "i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>\n")
TYPES = {"f16": ("f16", "f32", 2), "i8": ("i8", "i32", 1)}


def gemm_src(m, n, k, dtype, sparse, schedule=None):
    """C = A B; sparse: False, True or "A" (2:4 A), "B" (2:4 B)."""
    t, o, _ = TYPES[dtype]
    sparse = "A" if sparse is True else sparse
    ea = ", #NV24" if sparse == "A" else ""
    eb = ", #KB24" if sparse == "B" else ""
    attr = " attributes {wmma.schedule = %s}" % schedule if schedule else ""
    return {"A": NV24, "B": KB24}.get(sparse, "") + (
        "func.func @g(%%A: tensor<%dx%dx%s%s>, %%B: tensor<%dx%dx%s%s>, "
        "%%C: tensor<%dx%dx%s>) -> tensor<%dx%dx%s>%s {\n"
        "  %%r = linalg.matmul ins(%%A, %%B : tensor<%dx%dx%s%s>, tensor<%dx%dx%s%s>) "
        "outs(%%C : tensor<%dx%dx%s>) -> tensor<%dx%dx%s>\n"
        "  return %%r : tensor<%dx%dx%s>\n}\n" % (
            m, k, t, ea, k, n, t, eb, m, n, o, m, n, o, attr,
            m, k, t, ea, k, n, t, eb, m, n, o, m, n, o, m, n, o))


def a_bytes_loaded(sched, m, n, k, eb, sparse):
    """The A bytes the grid loads under the schedule's access pattern."""
    tm, tn, _ = [int(x) for x in re.search(
        r"tile = \[(\d+), (\d+), (\d+)\]", sched).groups()]
    wm, wn = [int(x) for x in re.search(r"waves = \[(\d+), (\d+)\]",
                                        sched).groups()]
    n_tiles = -(-n // tn)
    if "staging = lds" in sched:            # each workgroup: its tile rows
        per_row = k * eb / 2 + 4 * (k / 32) if sparse else k * eb
        return m * per_row * n_tiles
    # registers: each wave its own rows (the sparse kernel's lanes read
    # their row's word in both lane halves)
    per_row = k * eb / 2 + 2 * 4 * (k / 32) if sparse else k * eb
    return m * per_row * n_tiles * wn


def planned(src, staging="auto"):
    """The front end's chosen candidate and its modelled time (us) from the
    explain-cost remark."""
    opt = os.path.join(os.environ.get("WMMA_BUILD_DIR", os.path.join(
        ROOT, "build")), "bin", "wmma-opt")
    opts = "chip=gfx1201 explain-cost=true"
    if staging != "auto":
        opts += " staging=" + staging
    r = subprocess.run([opt, "-", "--pass-pipeline=builtin.module("
                        "wmma-linalg-to-kernels{%s})" % opts, "-o", os.devnull],
                       input=src, capture_output=True, text=True, check=True)
    m = re.search(r"chosen: staging = (\w+), tile = \[([\d, ]+)\].*"
                  r"modelled ([\d.e+]+) us", r.stderr)
    return m.group(1), m.group(2), float(m.group(3))


def frontend_row(dtype, sparse, m=2048, n=2048, k=2048, staging="auto"):
    from wmma.sol import isa_resources
    t, o, eb = TYPES[dtype]
    full = wmma.compile(gemm_src(m, n, k, dtype, sparse), "gfx1201", emit="llvm",
                        staging=staging)
    sched = full.manifest["schedule"]
    isa_text = wmma.compile(gemm_src(m, n, k, dtype, sparse), "gfx1201",
                            emit="isa", staging=staging).artifact
    isa_text = isa_text.decode() if isinstance(isa_text, bytes) else isa_text
    isa = isa_resources(isa_text, full.manifest["kernel"])
    loop = steady_state(isa_text)
    tm, tn = [int(x) for x in re.search(r"tile = \[(\d+), (\d+)", sched).groups()]
    mr, nr = min(m, 2 * tm), min(n, 2 * tn)
    src = gemm_src(mr, nr, k, dtype, sparse, sched)
    man = wmma.compile(src, "gfx1201", emit="llvm").manifest
    if man["schedule"] != sched:
        raise RuntimeError("the reduced problem did not keep the schedule")
    _, st = wmma.run(src, "gfx1201", wmma.random_inputs(man, 1), stats=True)
    st.pop("speed_of_light", None)
    # The L2 model's DRAM estimate is the reduced grid's (2 x 2
    # workgroups, each fetching its panels): scaled, it would charge every
    # workgroup pair its own panels from DRAM.  Both this model and the
    # front end's planned one take the compulsory bytes instead (dram
    # below: each operand and C once).
    for key in ("dram_est_bytes_read", "dram_est_bytes_written",
                "dram_est_unmodelled_launches"):
        st.pop(key, None)
    grid = full.manifest["grid"]
    f = grid[0] * grid[1] * grid[2] / st["workgroups"]
    counters = {key: ({a: int(round(b * f)) for a, b in v.items()}
                      if isinstance(v, dict) else int(round(v * f)))
                for key, v in st.items()
                if isinstance(v, int) or (isinstance(v, dict) and all(
                    isinstance(b, int) for b in v.values()))}
    a_buf = m * k * eb / 2 + m * k / 8 if sparse else m * k * eb
    dram = a_buf + k * n * eb + m * n * 4
    model = wmma.speed_of_light(counters, chip="gfx1201", sku="rx9070xt",
                                isa=isa, dram_bytes=int(dram))
    b = model["boost"]
    kind = "dense"
    if sparse:
        chosen = planned(gemm_src(m, n, k, dtype, sparse))[0]
        kind = "2:4 sparse %s%s" % ("B" if sparse == "B" else "A",
                                    " (chosen)" if "staging = " + chosen in sched
                                    else "")
    plan = "%.3f ms" % (planned(gemm_src(m, n, k, dtype, sparse),
                                staging)[2] / 1e3) if sparse else "-"
    return (kind, dtype,
            re.search(r'template = "(\w+)"', sched).group(1) + ", " +
            re.search(r"staging = (\w+), tile = \[([\d, ]+)\]", sched).group(0),
            int(a_buf), int(a_bytes_loaded(sched, m, n, k, eb, sparse)),
            counters["global_bytes_loaded"], loop["instrs"], loop["wmma"],
            loop["instrs"] / max(loop["wmma"], 1), b["time_s"] * 1e3, b["bound"],
            plan)


def frontend_table():
    print("| kernel (2048^3, gfx1201, RX 9070 XT) | dtype | schedule | A buffers "
          "(B) | A bytes loaded (schedule) | global bytes loaded (emulator, "
          "scaled) | loop instructions | (s)wmma in loop | instructions per "
          "(s)wmma | modelled time (boost) | bound | front end's planned "
          "time |")
    print("|---" * 12 + "|")
    for dtype in ("f16", "i8"):
        for sparse, staging in ((False, "auto"), ("A", "lds"),
                                ("A", "registers"), ("B", "lds")):
            r = frontend_row(dtype, sparse, staging=staging)
            print("| %s | %s | %s | %d | %d | %d | %d | %d | %.1f | %.3f ms | "
                  "%s | %s |" % r, flush=True)


def main():
    if "--atoms" not in sys.argv:
        frontend_table()
        return
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
