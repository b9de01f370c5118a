#!/usr/bin/python3
"""Every row of calibration.tsv (test/Layout/Inputs/rdna-chips/) beside the
speed-of-light model (docs/speed-of-light/published.md), or the reason it
cannot be.  bench/sol.py's calibration table covers the f16/bf16 WMMA GEMMs;
this script the rest:

  peaks      vkpeak / TraceLens matrix and vector loops against the chip
             table's peak of that type at the product's boost clock, and the
             DRAM rows against its DRAM bandwidth (lib/Layout/Chips.c);
  f32        the f32 GEMMs and VALU SGEMMs: our compiler's kernel for an
             f32 linalg.matmul of that shape (the VALU template: f32 has no
             WMMA instruction), modelled as bench/sol.py models its GEMMs --
             a reduced run of the full shape's schedule, its counters scaled
             to the full grid;
  llama      llama.cpp's bf16 x f32 MUL_MAT rows: n = 1 (GEMV) emulated
             whole, as published (bf16 weights, f32 activations: a VALU rows
             kernel) and with bf16 activations (the WMMA decode template);
             n = 512 modelled from a reduced run, bf16 x bf16 (WMMA) and as
             published (VALU);
  attention  CK's fmha rows: the attention template's own modelled time
             (its explain-cost remark: the model on the plan's counted work,
             not emulated -- one launch at s = 1024 is 1.6 M WMMAs).

--cheap prints the coverage of every row and the peak table only (the chip
table, no compile): what python/tests/test_sol_calibration.py runs.

Usage: bench/sol_calibration.py [--build DIR] [--cheap]
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

from sol import CALIBRATION, SKUS, calibration_rows, gemm_src, model_gemm, parse_shape, tflops

import wmma  # python/, on the path bench/sol.py sets

# Products whose calibration name differs from the chip table's, or that it
# lacks: the 7600 XT (gfx1102, 32 CUs like the RX 7600; its published % of
# peak implies a ~2.75 GHz boost against the 7600's 2655 MHz) is modelled on
# the RX 7600; the unnamed gfx1201 card's % is against the 9070 XT.
PRODUCTS = dict(SKUS, **{"780M": "780m", "7600 XT": "rx7600",
                         "gfx1201 card (model not named; % vs 9070 XT)": "rx9070xt"})
STAND_IN = {"7600 XT": "the chip table has no RX 7600 XT: modelled on the RX 7600 "
                       "(same gfx1102, 32 CUs, 2655 MHz boost)"}

# vkpeak / TraceLens type -> the WMMA instruction of that peak.
MATRIX = {"fp16": "v_wmma_f32_16x16x16_f16", "f16": "v_wmma_f32_16x16x16_f16",
          "bf16": "v_wmma_f32_16x16x16_bf16", "int8": "v_wmma_i32_16x16x16_iu8",
          "fp8": "v_wmma_f32_16x16x16_fp8_fp8", "bf8": "v_wmma_f32_16x16x16_bf8_bf8"}
# vector type -> the chip table's FLOPs per clock per CU (its trait name).
VECTOR = {"fp32": "valu_fp32_dual_flops_per_clk_per_cu",
          "fp16": "valu_fp16_packed_flops_per_clk_per_cu",
          "fp64": "valu_fp64_flops_per_clk_per_cu"}

# Published peaks above the chip table's (ratio > PEAK_SLACK), each with
# what explains it; any other is a fault of the table.
PEAK_SLACK = 1.05
ABOVE_TABLE = {
    ("7900 XTX", "Peak microbenchmark"):
        "the loop ran above the 2500 MHz boost: 130 TFLOPS needs >= 2645 MHz "
        "(data README section 7, 'Above boost')",
    ("7900 XTX", "DRAM copy"):
        "a copied byte is read and written (data README section 5), so DRAM "
        "would have moved 2 x 649.5 GB/s, above the 960 GB/s bus: part of the "
        "traffic was served elsewhere, most likely by the 96 MB Infinity Cache, "
        "which the table and the model do not have",
}


def rows():
    with open(CALIBRATION, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def classify(r):
    """(kind, reason): the comparison that covers the row, reason None; or
    kind "none" and why it cannot be compared."""
    work, dtype = r["workload"], r["dtype"]
    shape = parse_shape(r["shape"])
    first = (dtype.split() or [""])[0]
    if work == "Peak microbenchmark" or work.startswith("DRAM"):
        return ("peak", None)
    if work == "Attention fwd":
        return ("attention", None)
    if work == "GEMV" or "x f32" in dtype:
        return ("llama", None)
    if work in ("GEMM", "SGEMM (VALU)") and not shape:
        return ("none", "no single shape: the best of a sweep of N = 1024..10240 "
                        "(the N it was reached at is not published)")
    if first in ("f16", "bf16"):
        return ("wmma-gemm", None)
    if first == "f32":
        return ("f32", None)
    return ("none", "no workload of ours matches '%s %s'" % (work, dtype))


def _peak_type(r):
    """('matrix' | 'vector' | 'dram', type) of a peak row."""
    k = r["kernel_or_library"]
    if r["workload"].startswith("DRAM") or "DRAM" in k:
        return "dram", r["dtype"] or ("copy" if r["workload"] == "DRAM copy" else "streaming")
    m = re.search(r"(fp16|bf16|int8|fp8|bf8|fp32|fp64|f16)-(matrix|scalar|vec4)", k)
    if m:
        return ("matrix" if m.group(2) == "matrix" else "vector"), m.group(1)
    m = re.search(r"matrix (fp16|bf16|int8)", k)
    return ("matrix", m.group(1)) if m else (None, None)


def peak_row(r, info):
    """The published peak beside the chip table's: a dict (ratio None and a
    reason where the table has no such peak)."""
    kind, typ = _peak_type(r)
    sku = PRODUCTS[r["gpu"]]
    part = next(p for p in info["parts"] if p["key"] == sku)
    t = info["traits"]
    clk = part["boost_clock_mhz"] * 1e6
    cus = part["compute_units"]
    pub = float(r["measured"]) * (1e12 if r["unit"] in ("TFLOPS", "TOPS") else 1e9)
    out = {"gpu": r["gpu"], "what": "%s %s" % (kind, typ), "published": pub,
           "unit": r["unit"], "table": None, "ratio": None, "note": ""}
    if kind == "matrix":
        cyc = t["wmma_issue_cycles"].get(MATRIX[typ])
        if cyc:
            out["table"] = cus * t["simds_per_cu"] * clk * 2 * 16 ** 3 / cyc
            out["note"] = "%s, %d cycles" % (MATRIX[typ], cyc)
    elif kind == "vector":
        rate = t[VECTOR[typ]]
        if rate:
            out["table"] = cus * rate * clk
            out["note"] = {"fp32": "dual-issue (VOPD) rate; single issue is half",
                           "fp16": "packed (v_pk_*) rate", "fp64": "fp64 rate"}[typ]
        else:
            out["note"] = "the chip table has no %s fp64 rate (none published)" % info["traits"]["arch"].upper()
    elif kind == "dram":
        out["table"] = part["dram_bytes_per_s"]
        moved = 2 if r["workload"] == "DRAM copy" else 1
        out["published"] = pub * moved
        out["note"] = ("bus width x data rate" + (
            "; published copy rate x 2 (read + write)" if moved == 2 else "") + (
            "; the table's measured figure is %.1f GB/s" % (part["dram_measured_bytes_per_s"] / 1e9)
            if part["dram_measured_bytes_per_s"] else ""))
    if out["table"]:
        out["ratio"] = out["published"] / out["table"]
    out["explained"] = ABOVE_TABLE.get((r["gpu"], r["workload"]))
    return out


def coverage():
    """Every row with its kind and, where it cannot be compared, why."""
    sol_keys = {_key(r) for r, _, _ in calibration_rows()}
    out = []
    for r in rows():
        kind, why = classify(r)
        if kind == "wmma-gemm" and _key(r) not in sol_keys:
            kind, why = "none", "bench/sol.py does not model it"
        if kind == "peak":
            p = peak_row(r, wmma.chip_info(r["llvm_target"]))
            if p["ratio"] is None:
                kind, why = "none", p["note"]
        out.append({"row": r, "kind": kind, "reason": why})
    return out


def _key(r):
    return (r["gpu"], r["kernel_or_library"], r["shape"], r["dtype"], r["measured"])


def print_table(cols, lines):
    print("| " + " | ".join(cols) + " |")
    print("|---" * len(cols) + "|")
    for line in lines:
        print("| " + " | ".join(str(x) for x in line) + " |")


def print_coverage(cov):
    print("\n### Every row of calibration.tsv\n")
    where = {"wmma-gemm": "bench/sol.py's GEMM table", "peak": "the peak table",
             "f32": "the f32 GEMM table", "llama": "the llama.cpp table",
             "attention": "the attention table"}
    print_table(["GPU", "workload", "kernel", "shape", "dtype", "compared in / why not"],
                [(c["row"]["gpu"][:16], c["row"]["workload"], c["row"]["kernel_or_library"][:48],
                  c["row"]["shape"][:32], c["row"]["dtype"],
                  where.get(c["kind"]) or "not compared: " + c["reason"]) for c in cov])


def print_peaks():
    print("\n### Peaks: published beside the chip table's (boost clock)\n")
    lines = []
    for r in rows():
        if classify(r)[0] != "peak":
            continue
        p = peak_row(r, wmma.chip_info(r["llvm_target"]))
        scale, unit = (1e9, "GB/s") if p["unit"] == "GB/s" else (1e12, r["unit"])
        lines.append((r["gpu"], r["kernel_or_library"][:56], p["what"],
                      "%.4g %s" % (p["published"] / scale, unit),
                      "%.4g" % (p["table"] / scale) if p["table"] else "-",
                      "%.2f" % p["ratio"] if p["ratio"] else "-",
                      "; ".join(x for x in (p["note"], p["explained"]) if x)))
    print_table(["GPU", "benchmark", "type", "published", "chip table", "published / table",
                 "note"], lines)


def vopd_share(isa_text):
    """FMA instructions per FMA in the ISA listing (v_dual_fmac_f32 issues
    two in one): 1.0 without dual issue, 0.5 if every FMA pairs."""
    ops = [line.split()[0] for line in isa_text.splitlines()
           if line.startswith("\t") and line.split() and line.split()[0].startswith("v_")]
    single = sum(op.startswith("v_fmac_f32") or op.startswith("v_fma_f32") for op in ops)
    dual = sum(op == "v_dual_fmac_f32" for op in ops)
    return (single + dual) / max(single + 2 * dual, 1)


def with_vopd(mod, share):
    """The boost time if the VALU term shrank by the ISA's dual issue (the
    model counts IR instructions, single issue); latency left out (not the
    bound of these kernels)."""
    b = mod["boost"]
    return max(b["valu_s"] * share + b["wmma_s"], b["bounds_s"]["lds"], b["bounds_s"]["dram"])


def print_f32():
    print("\n### f32 GEMMs: our VALU kernel, modelled (reduced run scaled)\n")
    lines = []
    for r in rows():
        if classify(r)[0] != "f32":
            continue
        m, n, k = parse_shape(r["shape"])
        sku = PRODUCTS[r["gpu"]]
        mod = model_gemm(r["llvm_target"], sku, m, n, k, "f32")
        b, s = mod["boost"], mod["sustained"]
        part = next(p for p in wmma.chip_info(r["llvm_target"])["parts"] if p["key"] == sku)
        dual = part["compute_units"] * 256 * part["boost_clock_mhz"] * 1e6
        pub = float(r["measured"])
        share = vopd_share(wmma.compile(gemm_src(m, n, k, "f32"), r["llvm_target"],
                                        emit="isa").artifact)
        vopd = tflops(m, n, k, with_vopd(mod, share))
        lines.append((r["gpu"], r["kernel_or_library"][:44], "%dx%dx%d" % (m, n, k),
                      "%.2f" % pub, r["pct_of_boost_dense_peak"],
                      "%.1f" % tflops(m, n, k, b["time_s"]), "%.1f" % tflops(m, n, k, s["time_s"]),
                      "%.0f%%" % (100 * 2.0 * m * n * k / b["time_s"] / dual), b["bound"],
                      "%.0f%%" % b["valu_busy_pct"], "%.2f" % (pub / tflops(m, n, k, b["time_s"])),
                      "%.2f: %.1f" % (share, vopd), "%.2f" % (pub / vopd), STAND_IN.get(r["gpu"], "")))
    print_table(["GPU", "kernel (published)", "shape", "published TFLOPS",
                 "published % of dual-issue peak", "modelled TFLOPS boost",
                 "modelled sustained", "modelled % of dual-issue peak", "bound",
                 "VALU busy", "published / modelled (boost)",
                 "ISA FMA instr per FMA: modelled TFLOPS with it", "published / that",
                 "note"], lines)


def gemv_src(n, k, xt):
    return ("func.func @mv(%%w: memref<%dx%dxbf16>, %%x: memref<%dx%s>, %%y: memref<%dxf32>) {\n"
            "  %%z = arith.constant 0.0 : f32\n"
            "  linalg.fill ins(%%z : f32) outs(%%y : memref<%dxf32>)\n"
            "  linalg.matvec ins(%%w, %%x : memref<%dx%dxbf16>, memref<%dx%s>) "
            "outs(%%y : memref<%dxf32>)\n  return\n}\n"
            % (n, k, k, xt, n, n, n, k, k, xt, n))


def print_llama():
    print("\n### llama.cpp MUL_MAT (bf16 weights x f32 activations, RX 9070 XT)\n")
    lines = []
    for r in rows():
        if classify(r)[0] != "llama":
            continue
        m, n, k = (int(x) for x in re.match(r"m=(\d+) n=(\d+) k=(\d+)", r["shape"]).groups())
        pub = float(r["measured"])
        for xt in ("f32", "bf16"):
            if n == 1:  # whole: DRAM bound, the emulator's L2 estimate
                src = gemv_src(m, k, xt)
                c = wmma.compile(src, r["llvm_target"], emit="llvm")
                _, st = wmma.run(src, r["llvm_target"], wmma.random_inputs(c.manifest, 1),
                                 stats=True)
                sol = wmma.speed_of_light(st, sku=PRODUCTS[r["gpu"]])
                how = "emulated whole"
                sched = c.manifest["schedule"]
            else:  # C[m x n] = W[m x k] X[k x n]: reduced run, scaled
                sol = model_gemm(r["llvm_target"], PRODUCTS[r["gpu"]], m, n, k,
                                 "bf16xf32" if xt == "f32" else "bf16")
                how = "reduced run, scaled"
                sched = sol["schedule"]
            b = sol["boost"]
            tmpl = re.search(r'template = "(\w+)"', sched).group(1)
            lines.append(("%dx%dx%d" % (m, n, k), "bf16 x " + xt, "%.2f" % pub,
                          "%s (%s)" % (tmpl, how), "%.2f" % tflops(m, n, k, b["time_s"]),
                          b["bound"], "%.2f" % (pub / tflops(m, n, k, b["time_s"]))))
    print_table(["m x n x k", "our operands", "published TFLOPS", "our kernel",
                 "modelled TFLOPS boost", "bound", "published / modelled"], lines)


def attention_src(heads, s, d, dtype):
    from llm_attention import decode_attention  # bench/llm_attention.py
    src = decode_attention(heads, heads, s, d, T=s, causal=False, pos=False, name="attention")
    return src if dtype == "f16" else src.replace("f16", dtype)


def attention_modelled_s(src, chip, build):
    """The attention template's chosen plan's modelled time (explain-cost)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(src)
        f.flush()
        out = subprocess.run(
            [os.path.join(build, "bin", "wmma-opt"), f.name, "-o", os.devnull,
             "--pass-pipeline=builtin.module(wmma-linalg-to-kernels{chip=%s explain-cost=true})"
             % chip], capture_output=True, text=True, check=True).stderr
    m = re.search(r"attention chosen: (.*): modelled ([\d.e+]+) us", out)
    return m.group(1), float(m.group(2)) * 1e-6


def print_attention(build):
    print("\n### CK fmha forward: the attention template's modelled time (explain-cost)\n")
    lines = []
    for r in rows():
        if classify(r)[0] != "attention":
            continue
        h = int(re.search(r"h=(\d+)", r["shape"]).group(1))
        s = int(re.search(r"s=(\d+)", r["shape"]).group(1))
        d = int(re.search(r"d=(\d+)", r["shape"]).group(1))
        plan, t = attention_modelled_s(attention_src(h, s, d, r["dtype"]), r["llvm_target"], build)
        modelled = 4.0 * h * s * s * d / t / 1e12
        pub = float(r["measured"])
        lines.append(("%d x %d x %d, d %d" % (h, s, s, d), r["dtype"], "%.1f" % pub, plan,
                      "%.1f" % modelled, "%.2f" % (pub / modelled)))
    print_table(["heads x s x s_k, d", "dtype", "published TFLOPS", "plan", "modelled TFLOPS "
                 "(9070 XT boost)", "published / modelled"], lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.environ.get("WMMA_BUILD_DIR", os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build")))
    ap.add_argument("--cheap", action="store_true", help="coverage and peaks only")
    args = ap.parse_args()
    os.environ["WMMA_BUILD_DIR"] = args.build
    print_coverage(coverage())
    print_peaks()
    if not args.cheap:
        print_attention(args.build)
        print_f32()
        print_llama()
    return 0


if __name__ == "__main__":
    sys.exit(main())
