#!/usr/bin/python3
"""The project's kernels beside reference HIP kernels, in one run.

The references (bench/hip/*.hip) follow AMD's published techniques: the
fused GEMM-GEMM of the RDNA4 WMMA guide part 1, its in-register transpose of
part 3, and a tiled GEMM in the style of rocWMMA's perf sample.  They are
compiled by clang-22 (device only, no ROCm device libraries), run on the
emulator and checked element-wise against numpy; the project compiles the
same problems (bench/kernels/) and runs them the same way.  Per kernel and
chip:

  from the ISA: VGPR / SGPR / spills / LDS bytes, occupancy (waves per SIMD,
    isa_counts.occupancy), instructions and WMMAs per steady-state iteration
    of the K loop (isa_counts.steady_state: a loop, or one K step between
    barriers when LLVM unrolled the loop, or the whole kernel), memory
    instructions by width, cache invalidations (in loops / in the kernel),
    cross-lane instructions;
  from the emulator: global bytes loaded and stored over the minimum (every
    input read once, every output written once), the DRAM estimate's reads
    (an L2 model per launch, docs/emulator-traffic.md) over the same
    minimum, LDS bank conflicts, global
    lines (distinct 128-byte lines per memory instruction, summed);
  the speed-of-light model (docs/speed-of-light/model.md) on both, for the
    chip's largest part: the least time, the bound that dominates, % of
    WMMA peak at boost and sustained clock (bench/sol.py: the model at
    production shapes and beside published measurements).

Pairs print the project's figure, the reference's and their ratio; the
project's other kernels (examples/pipelines) follow without a reference.

Usage: bench/compare.py [--build DIR] [--chips gfx1100,gfx1201] [--quick]
(--quick: the pairs only).  Needs python3-numpy (Debian) and /usr/bin/clang
from LLVM 22.
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "python"))
import isa_counts as ic  # noqa: E402

CLANG = "/usr/lib/llvm-22/bin/clang"
HIP_FLAGS = ["-x", "hip", "-nogpuinc", "-nogpulib", "--offload-device-only", "-O3",
             "-I", os.path.join(ROOT, "test", "Emulator", "Inputs")]
U = 2.0 ** -24  # f32 unit roundoff
H = 2.0 ** -11  # f16 unit roundoff


def f16(rng, *shape):
    return rng.uniform(-1, 1, size=shape).astype(np.float16)


def within(name, got, ref, bound):
    """Element-wise check: |got - ref| <= bound (array or scalar)."""
    err = np.abs(got.astype(np.float64) - ref)
    bad = int(np.count_nonzero(err > bound))
    if bad:
        i = np.unravel_index(np.argmax(err - bound), err.shape)
        return "FAIL %s: %d elements, worst %s: %g vs %g" % (
            name, bad, i, got[i], ref[i])
    return "ok"


# --- the problems ------------------------------------------------------------
class FusedGemm:
    """D1 = a1 * f16(a0 * A0 B0) B1 + b1 C1, B0 and B1 given K-major."""
    title = "fused GEMM-GEMM 128x64x64x128 (GPUOpen RDNA4 guide part 1)"
    hip, hip_kernel, grid, block = "fused-gemm.hip", "fused_gemm", (4, 1, 1), (32, 1, 1)

    @staticmethod
    def ours(arch):
        return "gemm-gemm-tn.mlir"

    def __init__(self, rng):
        self.A0, self.B0t, self.B1t = f16(rng, 128, 64), f16(rng, 64, 64), f16(rng, 128, 64)
        self.C1 = rng.uniform(-1, 1, size=(128, 128)).astype(np.float32)
        self.a0, self.a1, self.b1 = 0.5, 1.5, -0.25

    def inputs(self):
        return {"A0": self.A0, "B0t": self.B0t, "B1t": self.B1t, "C1": self.C1,
                "a0": self.a0, "a1": self.a1, "b1": self.b1}

    def hip_args(self):
        self.D1 = np.zeros((128, 128), np.float32)
        return [self.A0, self.B0t, self.B1t, self.C1, self.D1,
                np.float32(self.a0), np.float32(self.a1), np.float32(self.b1)]

    def check(self, out):
        a0, b0, b1 = (x.astype(np.float64) for x in (self.A0, self.B0t, self.B1t))
        p0 = self.a0 * (a0 @ b0.T)
        h0 = p0.astype(np.float16).astype(np.float64)
        ref = self.a1 * (h0 @ b1.T) + self.b1 * self.C1
        # The intermediate is rounded to f16 once (relative H, as the
        # reference does, so only the f32 accumulation of D0 can move it
        # across a rounding boundary: one f16 ulp), then f32 sums of 64.
        mag0 = abs(self.a0) * (np.abs(a0) @ np.abs(b0).T)
        bound = (abs(self.a1) * ((2 * 64 * U * mag0 + 2 * H * np.abs(h0)) @ np.abs(b1).T)
                 + 2 * 64 * U * abs(self.a1) * (np.abs(h0) @ np.abs(b1).T)
                 + 4 * U * np.abs(ref) + 1e-30)
        return within("D1", out["D1"], ref, bound)

    def hip_output(self):
        return {"D1": self.D1}

    min_bytes = (128 * 64 * 2 + 64 * 64 * 2 + 128 * 64 * 2 + 128 * 128 * 4, 128 * 128 * 4)


class Transpose:
    """Out = In^T, 256 x 256 f16, one wave per 16x16 tile (exact)."""
    title = "in-register transpose 256x256 f16 (GPUOpen RDNA4 guide part 3)"
    hip, hip_kernel, grid, block = "transpose.hip", "transpose", (16, 16, 1), (32, 1, 1)

    @staticmethod
    def ours(arch):
        return "transpose-%s.mlir" % arch

    def __init__(self, rng):
        self.In = f16(rng, 256, 256)

    def inputs(self):
        return {"In": self.In}

    def hip_args(self):
        self.Out = np.zeros((256, 256), np.float16)
        return [self.In, self.Out]

    def check(self, out):
        return within("Out", out["Out"], self.In.T.astype(np.float64), 0.0)

    def hip_output(self):
        return {"Out": self.Out}

    min_bytes = (256 * 256 * 2, 256 * 256 * 2)


class TiledGemm:
    """C = A B^T, 512 x 512 x 256, f16 in, f32 out."""
    title = "tiled GEMM 512x512x256 NT (rocWMMA perf-sample style)"
    hip, hip_kernel, grid, block = "tiled-gemm.hip", "gemm", (8, 8, 1), (128, 1, 1)

    @staticmethod
    def ours(arch):
        return "gemm-nt.mlir"

    def __init__(self, rng):
        self.A, self.Bt = f16(rng, 512, 256), f16(rng, 512, 256)

    def inputs(self):
        return {"A": self.A, "Bt": self.Bt}

    def hip_args(self):
        self.C = np.zeros((512, 512), np.float32)
        return [self.A, self.Bt, self.C]

    def check(self, out):
        a, b = self.A.astype(np.float64), self.Bt.astype(np.float64)
        ref = a @ b.T
        return within("C", out["C"], ref, 2 * 256 * U * (np.abs(a) @ np.abs(b).T) + 1e-30)

    def hip_output(self):
        return {"C": self.C}

    min_bytes = (2 * 512 * 256 * 2, 512 * 512 * 4)


PAIRS = [FusedGemm, Transpose, TiledGemm]
# The project's other kernels: (file, label, compile options).
EXTRA = [(p, "auto", {}) for p in sorted(glob.glob(os.path.join(ROOT, "examples", "pipelines", "*.mlir")))
         if "transpose" not in p and "mlp-layer" not in p]
EXTRA += [(os.path.join(ROOT, "examples", "pipelines", "gemm-tiled.mlir"), "tile 128x128",
           {"tile": (128, 128)})]


# --- measuring -----------------------------------------------------------------
def isa_figures(text, threads):
    res = ic.kernel_resources(text)
    st = ic.steady_state(text)
    mem = ic.memory_widths(text)
    lines = [s for k, s in ic.instructions(text) if k == "insn"]
    fig = dict(res)
    fig["occupancy"] = ic.occupancy(res["vgpr"], res["lds"], threads)
    fig["loop"] = st
    fig["instr_per_wmma"] = st["instrs"] / st["wmma"] if st["wmma"] else float("nan")
    fig["mem"] = mem
    fig["invalidations"] = sum(1 for s in lines if ic.INVALIDATIONS.match(s))
    fig["cross_lane"] = sum(1 for s in lines if ic.CROSS_LANE.match(s) or "dpp" in s)
    return fig


def emu_figures(st, min_bytes):
    return dict(loaded=st["global_bytes_loaded"], stored=st["global_bytes_stored"],
                min_loaded=min_bytes[0], min_stored=min_bytes[1],
                dram_read=(None if st.get("dram_est_unmodelled_launches", 1)
                           else st["dram_est_bytes_read"]),
                conflicts=st["lds_bank_conflicts"], lines=st["global_lines"],
                wmma_exec=st["wmma_total"])


def model_figures(model, isa=None):
    """The speed-of-light model's figures (docs/speed-of-light/)."""
    b, s = model["boost"], model["sustained"]
    return dict(sol_us=b["time_s"] * 1e6, sol_bound=b["bound"],
                sol_pct=b["wmma_peak_pct"], sol_pct_sustained=s["wmma_peak_pct"],
                sol_occ=model["occupancy"])


def measure_hip(prob, chip, tmp):
    import wmma
    src = os.path.join(ROOT, "bench", "hip", prob.hip)
    base = os.path.join(tmp, "%s.%s" % (prob.hip, chip))
    for flag, out in (("-S", base + ".s"), ("-emit-llvm", base + ".ll")):
        cmd = [CLANG] + HIP_FLAGS + ["--offload-arch=" + chip, "-S", src, "-o", out]
        if flag == "-emit-llvm":
            cmd.insert(-3, "-emit-llvm")
        subprocess.run(cmd, check=True)
    fig = isa_figures(open(base + ".s").read(), prob.block[0])
    ir = open(base + ".ll").read()
    st = wmma.emulate(ir, None, prob.grid, prob.block, prob.hip_args(), chip=chip)
    fig.update(emu_figures(st, prob.min_bytes))
    fig["check"] = prob.check(prob.hip_output())
    # The reference's own ISA (first kernel: one per file and chip).
    from wmma.sol import isa_resources
    isa = isa_resources(open(base + ".s").read())
    fig.update(model_figures(wmma.speed_of_light(st, chip=chip, isa=isa,
                                                 dram_bytes=sum(prob.min_bytes))))
    return fig


def measure_ours(path, chip, inputs=None, check=None, min_bytes=None, opts=None):
    import wmma
    src = open(path).read()
    opts = opts or {}
    comp = wmma.compile(src, chip, emit="isa", source_name=path, **opts)
    man = comp.manifest
    fig = isa_figures(comp.artifact if isinstance(comp.artifact, str)
                      else comp.artifact.decode(), man["block"][0])
    if inputs is None:
        inputs = wmma.random_inputs(man, 1)
    out, st = wmma.run(src, chip, inputs, stats=True, source_name=path, **opts)
    if min_bytes is None:
        min_bytes = manifest_min_bytes(man)
    fig.update(emu_figures(st, min_bytes))
    fig.update(model_figures(st["speed_of_light"]))
    fig["check"] = check(out) if check else "-"
    fig["kernel"] = man["kernel"]
    return fig


def manifest_min_bytes(man):
    size = {"f16": 2, "bf16": 2, "f32": 4, "i32": 4, "i8": 1}
    ld = stt = 0
    for a in man["args"]:
        if a["kind"] != "buffer":
            continue
        n = int(np.prod(a["shape"])) * size.get(a["type"], 4)
        if a["role"] in ("input", "inout"):
            ld += n
        if a["role"] in ("output", "inout"):
            stt += n
    return ld, stt


# --- printing ----------------------------------------------------------------------
def widths(mem, space, kind):
    d = mem.get((space, kind), {})
    return " ".join("%s:%d" % (w, d[w]) for w in sorted(d, key=ic.width_bytes, reverse=True)) or "-"


def mean_width(mem, space, kind):
    d = mem.get((space, kind), {})
    n = sum(d.values())
    return sum(ic.width_bytes(w) * c for w, c in d.items()) / n if n else 0.0


ROWS = [
    ("VGPR", lambda f: f["vgpr"]),
    ("SGPR", lambda f: f["sgpr"]),
    ("spills", lambda f: f["spills"]),
    ("LDS bytes", lambda f: f["lds"]),
    ("occupancy (waves/SIMD)", lambda f: f["occupancy"]),
    ("steady state (loop/barrier/kernel)", lambda f: f["loop"]["kind"]),
    ("instructions per iteration", lambda f: f["loop"]["instrs"]),
    ("WMMA per iteration", lambda f: f["loop"]["wmma"]),
    ("instructions per WMMA", lambda f: f["instr_per_wmma"]),
    ("global loads (width:count)", lambda f: widths(f["mem"], "global", "load")),
    ("global stores", lambda f: widths(f["mem"], "global", "store")),
    ("LDS loads", lambda f: widths(f["mem"], "ds", "load")),
    ("LDS stores", lambda f: widths(f["mem"], "ds", "store")),
    ("bytes per global store (lane)", lambda f: mean_width(f["mem"], "global", "store")),
    ("bytes per LDS store (lane)", lambda f: mean_width(f["mem"], "ds", "store")),
    ("cache invalidations (loops / kernel)",
     lambda f: "%d / %d" % (f["loop"]["loop_invalidations"], f["invalidations"])),
    ("cross-lane instructions", lambda f: f["cross_lane"]),
    ("global bytes loaded / minimum", lambda f: f["loaded"] / f["min_loaded"]),
    ("DRAM est. vs min (L2 model's reads / minimum loaded)",
     lambda f: "n/a" if f["dram_read"] is None else f["dram_read"] / f["min_loaded"]),
    ("global bytes stored / minimum", lambda f: f["stored"] / f["min_stored"] if f["min_stored"] else 0),
    ("LDS bank conflicts", lambda f: f["conflicts"]),
    ("global lines", lambda f: f["lines"]),
    ("WMMAs executed", lambda f: f["wmma_exec"]),
    ("speed of light at boost (us, largest part)", lambda f: f["sol_us"]),
    ("bound", lambda f: f["sol_bound"]),
    ("modelled % of WMMA peak (boost)", lambda f: f["sol_pct"]),
    ("modelled % of WMMA peak (sustained)", lambda f: f["sol_pct_sustained"]),
    ("check (numpy)", lambda f: f["check"]),
]


def fmt(v):
    if isinstance(v, float):
        return "nan" if v != v else ("%.2f" % v)
    return str(v)


def ratio(a, b):
    if isinstance(a, str) or isinstance(b, str):
        return ""
    if b == 0:
        return "-" if a == 0 else "inf"
    return "%.2f" % (a / b)


def print_pair(title, chips, figs):
    print("\n### %s\n" % title)
    head = "| metric |" + "".join(" ours %s | HIP %s | ours/HIP |" % (c, c) for c in chips)
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for name, get in ROWS:
        cells = []
        for c in chips:
            o, h = get(figs[c]["ours"]), get(figs[c]["hip"])
            cells += [fmt(o), fmt(h), ratio(o, h)]
        print("| %s | %s |" % (name, " | ".join(cells)))


def print_extra(rows):
    print("\n### The project's other kernels\n")
    cols = ["kernel", "chip", "schedule", "VGPR", "spills", "LDS", "occ", "iter", "instr/iter",
            "WMMA/iter", "instr/WMMA", "g.st B/lane", "ds.st B/lane", "inval", "x-lane",
            "loaded/min", "stored/min", "bank confl", "lines", "SoL us", "bound",
            "% peak boost", "% peak sust."]
    print("| " + " | ".join(cols) + " |")
    print("|---" * len(cols) + "|")
    for label, chip, f in rows:
        vals = [f["kernel"], chip, label, f["vgpr"], f["spills"], f["lds"], f["occupancy"],
                f["loop"]["kind"], f["loop"]["instrs"], f["loop"]["wmma"], f["instr_per_wmma"],
                mean_width(f["mem"], "global", "store"), mean_width(f["mem"], "ds", "store"),
                "%d / %d" % (f["loop"]["loop_invalidations"], f["invalidations"]),
                f["cross_lane"], f["loaded"] / f["min_loaded"],
                f["stored"] / f["min_stored"] if f["min_stored"] else 0,
                f["conflicts"], f["lines"], f["sol_us"], f["sol_bound"], f["sol_pct"],
                f["sol_pct_sustained"]]
        print("| " + " | ".join(fmt(v) for v in vals) + " |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.environ.get("WMMA_BUILD_DIR", os.path.join(ROOT, "build")))
    ap.add_argument("--chips", default="gfx1100,gfx1201")
    ap.add_argument("--quick", action="store_true", help="the pairs only")
    ap.add_argument("--pairs", default=",".join(c.__name__ for c in PAIRS),
                    help="which pairs (default: %(default)s)")
    args = ap.parse_args()
    os.environ["WMMA_BUILD_DIR"] = args.build
    chips = args.chips.split(",")
    arch = {"gfx1100": "rdna3", "gfx1201": "rdna4"}
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        wanted = args.pairs.split(",")
        for prob_cls in [c for c in PAIRS if c.__name__ in wanted]:
            figs = {}
            for chip in chips:
                prob = prob_cls(np.random.default_rng(7))
                path = os.path.join(ROOT, "bench", "kernels", prob.ours(arch[chip]))
                ours = measure_ours(path, chip, prob.inputs(), prob.check, prob.min_bytes)
                hip = measure_hip(prob, chip, tmp)
                figs[chip] = {"ours": ours, "hip": hip}
                failed |= ours["check"] != "ok" or hip["check"] != "ok"
            print_pair(prob_cls.title, chips, figs)
        if not args.quick:
            rows = []
            for path, label, opts in EXTRA:
                for chip in chips:
                    rows.append((label, chip, measure_ours(path, chip, opts=opts)))
            print_extra(rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
