#!/usr/bin/python3
"""The speed-of-light model (docs/speed-of-light/) on the project's GEMMs
at the shapes of issue 24's targets and of the published measurements in
test/Layout/Inputs/rdna-chips/calibration.tsv.

Emulating a 4096^3 GEMM whole would take hours, so each shape is modelled
from a reduced run of the same kernel: the full shape is compiled (its
schedule, grid and ISA: VGPRs, SGPRs, LDS, spills), the same schedule is
pinned on a problem of 2 x 2 workgroup tiles with the full K, run on the
emulator, and its counters are scaled by full workgroups / reduced ones.
That is exact for shapes the tile divides (every workgroup runs the same
K loop), which all shapes here are.  DRAM bytes are the full problem's
(each input read once, the output written once).

Tables printed (markdown):
  targets      f16 and i8 GEMMs at 2048x2048x1024 and 4096^3 on gfx1100
               (RX 7900 XTX) and gfx1201 (RX 9070 XT): modelled time, bound,
               % of WMMA peak at boost and at the sustained clock;
  calibration  every f16/bf16 GEMM row of calibration.tsv with an exact
               shape: the published TFLOPS of that kernel on that product
               beside the model's for our kernel on the same shape and
               product.

Usage: bench/sol.py [--build DIR] [--quick] (--quick: the targets only).
"""
import argparse
import csv
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
CALIBRATION = os.path.join(ROOT, "test", "Layout", "Inputs", "rdna-chips", "calibration.tsv")

# dtype -> (A type, B type, output type); f32 and bf16 x f32 take the VALU
# template (no WMMA instruction), bench/sol_calibration.py models them.
DTYPES = {"f16": ("f16", "f16", "f16"), "bf16": ("bf16", "bf16", "bf16"),
          "i8": ("i8", "i8", "i32"), "f32": ("f32", "f32", "f32"),
          "bf16xf32": ("bf16", "f32", "f32")}
SKUS = {"7900 GRE": "rx7900gre", "7900 XTX": "rx7900xtx", "7700 XT": "rx7700xt",
        "9060 XT": "rx9060xt", "9070 XT": "rx9070xt", "8060S": "8060s"}
BYTES = {"f16": 2, "bf16": 2, "i8": 1, "i32": 4, "f32": 4}


def gemm_src(m, n, k, dtype, schedule=None):
    ta, tb, o = DTYPES[dtype]
    zero = "0" if o.startswith("i") else "0.0"
    attr = " attributes {wmma.schedule = %s}" % schedule if schedule else ""
    return ("func.func @gemm(%%A: memref<%dx%dx%s>, %%B: memref<%dx%dx%s>, "
            "%%C: memref<%dx%dx%s>)%s {\n"
            "  %%z = arith.constant %s : %s\n"
            "  linalg.fill ins(%%z : %s) outs(%%C : memref<%dx%dx%s>)\n"
            "  linalg.matmul ins(%%A, %%B : memref<%dx%dx%s>, memref<%dx%dx%s>)\n"
            "                outs(%%C : memref<%dx%dx%s>)\n"
            "  return\n}\n" % (m, k, ta, k, n, tb, m, n, o, attr, zero, o, o, m, n, o,
                                m, k, ta, k, n, tb, m, n, o))


# The emulator's DRAM estimate does not scale with the grid (the reduced
# grid's reuse in the L2 differs): left out, so that the model takes the
# compulsory bytes it is given.
_UNSCALED = ("dram_est_bytes_read", "dram_est_bytes_written")


def scaled(counters, f):
    """Every count multiplied by f (per-workgroup work is the same), but the
    DRAM estimate, which is left out."""
    out = {}
    for key, v in counters.items():
        if key in _UNSCALED:
            continue
        if isinstance(v, dict) and all(isinstance(b, int) for b in v.values()):
            out[key] = {a: int(round(b * f)) for a, b in v.items()}
        elif isinstance(v, int):
            out[key] = int(round(v * f))
    return out


_reduced_cache = {}


def model_gemm(chip, sku, m, n, k, dtype):
    """The model's dict for our kernel of C = A B on (m, n, k), plus the
    full compile's schedule and ISA resources."""
    import wmma
    from wmma.sol import isa_resources
    full = wmma.compile(gemm_src(m, n, k, dtype), chip, emit="llvm")
    sched = full.manifest["schedule"]
    isa_text = wmma.compile(gemm_src(m, n, k, dtype), chip, emit="isa").artifact
    isa = isa_resources(isa_text, full.manifest["kernel"])
    tile = [int(x) for x in re.search(r"tile = \[(\d+), (\d+), (\d+)\]", sched).groups()]
    mr, nr = min(m, 2 * tile[0]), min(n, 2 * tile[1])
    key = (chip, dtype, k, mr, nr, sched)
    if key not in _reduced_cache:
        src = gemm_src(mr, nr, k, dtype, sched)
        man = wmma.compile(src, chip, emit="llvm").manifest
        if man["schedule"] != sched:
            raise RuntimeError("the reduced problem did not keep the schedule")
        _, st = wmma.run(src, chip, wmma.random_inputs(man, 1), stats=True)
        st.pop("speed_of_light", None)
        _reduced_cache[key] = st
    st = _reduced_cache[key]
    grid = full.manifest["grid"]
    full_wgs = grid[0] * grid[1] * grid[2]
    counters = scaled(st, full_wgs / st["workgroups"])
    ta, tb, o = DTYPES[dtype]
    dram = m * k * BYTES[ta] + k * n * BYTES[tb] + m * n * BYTES[o]
    model = wmma.speed_of_light(counters, chip=chip, sku=sku, isa=isa, dram_bytes=dram)
    model["isa"] = isa
    model["schedule"] = sched
    model["counters"] = counters
    model["instr_per_wmma_ir"] = (counters["valu_instructions"] + counters["lds_instructions"]
                                  + counters["global_instructions"]) / max(counters["wmma_total"], 1)
    return model


def short_schedule(s):
    m = re.search(r"staging = (\w+), tile = \[([\d, ]+)\].*?waves = \[([\d, ]+)\]", s)
    return "%s %s w%s" % (m.group(1), m.group(2).replace(", ", "x"),
                          m.group(3).replace(", ", "x")) if m else "?"


def tflops(m, n, k, seconds):
    return 2.0 * m * n * k / seconds / 1e12


def useful_pct(model, m, n, k, at):
    """2MNK over the time, against the main WMMA type's peak at that clock:
    the WMMA pipe's busy share counts the transposing copies' WMMAs (an
    identity product per 16x16 block), this does not."""
    return (2.0 * m * n * k) / model["wmma_ops"] * at["wmma_peak_pct"]


def print_targets():
    print("\n### Targets (issue 24): our GEMMs, modelled\n")
    cols = ["chip", "product", "dtype", "M x N x K", "schedule", "VGPR", "SGPR", "spills",
            "occ", "boost: time", "bound", "WMMA pipe busy", "useful % of peak",
            "sustained: time", "WMMA pipe busy", "useful % of peak",
            "VALU+mem per WMMA (IR)"]
    print("| " + " | ".join(cols) + " |")
    print("|---" * len(cols) + "|")
    for chip, sku in (("gfx1100", "rx7900xtx"), ("gfx1201", "rx9070xt")):
        for dtype in ("f16", "i8"):
            for m, n, k in ((2048, 2048, 1024), (4096, 4096, 4096)):
                r = model_gemm(chip, sku, m, n, k, dtype)
                b, s = r["boost"], r["sustained"]
                print("| %s | %s | %s | %dx%dx%d | %s | %d | %d | %d | %d | %.3g ms | %s | "
                      "%.0f%% | %.0f%% | %.3g ms | %.0f%% | %.0f%% | %.2f |" % (
                          chip, r["product"], dtype, m, n, k, short_schedule(r["schedule"]),
                          r["isa"]["vgprs"], r["isa"]["sgprs"], r["isa"]["spills"],
                          r["occupancy"], b["time_s"] * 1e3, b["bound"], b["wmma_peak_pct"],
                          useful_pct(r, m, n, k, b), s["time_s"] * 1e3, s["wmma_peak_pct"],
                          useful_pct(r, m, n, k, s), r["instr_per_wmma_ir"]))


def parse_shape(text):
    """(M, N, K) of a calibration shape, or None."""
    m = re.match(r"M=N=K=(\d+)", text)
    if m:
        v = int(m.group(1))
        return v, v, v
    m = re.match(r"M=(\d+) N=(\d+) K=(\d+)", text)
    if m:
        return tuple(int(x) for x in m.groups())
    m = re.match(r"N=(\d+) square$", text)
    if m:
        v = int(m.group(1))
        return v, v, v
    return None


def calibration_rows():
    with open(CALIBRATION, newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            if r["workload"] != "GEMM" or r["unit"] != "TFLOPS":
                continue
            dtype = r["dtype"].split()[0]
            if dtype not in ("f16", "bf16") or "x" in r["dtype"]:
                continue
            shape = parse_shape(r["shape"])
            if shape and r["gpu"] in SKUS:
                yield r, dtype, shape


def print_calibration():
    print("\n### The model beside the published measurements (calibration.tsv)\n")
    print("Published: that kernel measured on that product.  Modelled: the speed-of-light "
          "bound of *our* kernel for the same shape and product (an upper bound on its "
          "TFLOPS), at boost and at the sustained clock.\n")
    cols = ["GPU", "kernel (published)", "shape", "dtype", "published TFLOPS",
            "published % of boost peak", "modelled TFLOPS boost", "modelled sustained",
            "modelled useful % of peak (boost)", "bound", "published / modelled (boost)"]
    print("| " + " | ".join(cols) + " |")
    print("|---" * len(cols) + "|")
    for r, dtype, (m, n, k) in calibration_rows():
        chip, sku = r["llvm_target"], SKUS[r["gpu"]]
        try:
            mod = model_gemm(chip, sku, m, n, k, dtype)
        except Exception as e:  # a shape we cannot compile: say so
            print("| %s | %s | %s | %s | %s | | not modelled: %s | | | | |" % (
                r["gpu"], r["kernel_or_library"][:40], r["shape"], dtype, r["measured"],
                str(e).splitlines()[0][:60]))
            continue
        b, s = mod["boost"], mod["sustained"]
        pub = float(r["measured"])
        print("| %s | %s | %dx%dx%d | %s | %.1f | %s | %.1f | %.1f | %.0f%% | %s | %.2f |" % (
            r["gpu"], r["kernel_or_library"][:48], m, n, k, dtype, pub,
            r["pct_of_boost_dense_peak"], tflops(m, n, k, b["time_s"]),
            tflops(m, n, k, s["time_s"]), useful_pct(mod, m, n, k, b), b["bound"],
            pub / tflops(m, n, k, b["time_s"])))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.environ.get("WMMA_BUILD_DIR",
                                                      os.path.join(ROOT, "build")))
    ap.add_argument("--quick", action="store_true", help="the targets only")
    args = ap.parse_args()
    os.environ["WMMA_BUILD_DIR"] = args.build
    print_targets()
    if not args.quick:
        print_calibration()
    return 0


if __name__ == "__main__":
    sys.exit(main())
