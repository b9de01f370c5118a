#!/usr/bin/env python3
"""Per-kernel figures for every example pipeline on RDNA3 and RDNA4.

From the HSACO (llvm-readelf --notes): VGPRs, SGPRs, spills, LDS bytes.
From the ISA: total instructions, v_wmma, cross-lane instructions.
From the emulator (wmma-run --stats): WMMAs executed, global bytes moved,
compared with the minimum (every input read once, every output written once).

Usage: bench/pipelines.py [--build DIR] [--chips gfx1100,gfx1201] [--markdown]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from isa_counts import count_isa  # noqa: E402
READELF = "/usr/lib/llvm-22/bin/llvm-readelf"


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{p.stderr}")
    return p.stdout


def note(text, key):
    m = re.search(r"\.%s:\s+(\d+)" % key, text)
    return int(m.group(1)) if m else 0


def isa_counts(path):
    total, c = count_isa(open(path, encoding="utf-8", errors="replace").read())
    return dict(total=total, wmma=c["v_wmma"], bpermute=c["ds_bpermute"],
                permlanex16=c["v_permlanex16"], dpp=c["dpp"])


def size_symbols(manifest, opts):
    """{"sN": value} from the --size NAME=AxB options of a run."""
    given = {}
    for i, o in enumerate(opts[:-1]):
        if o == "--size":
            for part in opts[i + 1].split(","):
                name, dims = part.split("=")
                given[name] = [int(d) for d in dims.split("x")]
    syms = {}
    for a in manifest["args"]:
        for d, v in zip(a.get("shape", []), given.get(a["name"], [])):
            if isinstance(d, str):
                syms[d] = v
    return syms


def min_bytes(manifest, opts=()):
    sizes = {"f16": 2, "bf16": 2, "f32": 4, "i32": 4, "i8": 1}
    syms = size_symbols(manifest, list(opts))
    loads = stores = 0
    for a in manifest["args"]:
        if a["kind"] != "buffer":
            continue
        n = 1
        for d in a["shape"]:
            n *= syms.get(d, 0) if isinstance(d, str) else d
        b = n * sizes.get(a["type"], 4)
        if a["role"] in ("input", "inout"):
            loads += b
        if a["role"] in ("output", "inout"):
            stores += b
    return loads, stores


# Run-time sizes of the examples with dynamic dimensions (wmma-run only).
RUN_SIZES = {
    "mlp-layer.mlir": ["--size", "x=77x100"],
}

# Tolerances for programs without a Lipschitz error bound (the softmax's
# division): derived in scripts/gen-e2e-tests.py (attention).
RUN_FLAGS = {
    "attention.mlir": ["--atol", "2e-3", "--rtol", "5e-4"],
}

# Examples also measured with a forced schedule: (file name, label, options).
VARIANTS = [
    ("gemm-tiled.mlir", "tile 128x128", ["--tile", "128x128"]),
    ("gemm-mul-mul.mlir", "tile 128x128", ["--tile", "128x128"]),
    ("gemm-epilogue.mlir", "tile 128x128", ["--tile", "128x128"]),
]


def measure(build, example, chip, tmp, label="auto", opts=()):
    base = os.path.join(tmp, f"{os.path.basename(example)}.{chip}.{label.replace(' ', '_')}")
    tools = os.path.join(build, "bin")
    opts = list(opts)
    run([f"{tools}/wmma-compile", example, "--chip", chip, "--emit", "hsaco", "-o", base + ".hsaco"]
        + opts)
    run([f"{tools}/wmma-compile", example, "--chip", chip, "--emit", "isa", "-o", base + ".s"]
        + opts)
    notes = run([READELF, "--notes", base + ".hsaco"])
    manifest = json.load(open(base + ".hsaco.json"))
    row = dict(kernel=manifest["kernel"], chip=chip, config=label,
               vgpr=note(notes, "vgpr_count"), sgpr=note(notes, "sgpr_count"),
               spills=note(notes, "vgpr_spill_count") + note(notes, "sgpr_spill_count"),
               lds=note(notes, "group_segment_fixed_size"))
    row.update(isa_counts(base + ".s"))
    try:
        sizes = RUN_SIZES.get(os.path.basename(example), [])
        flags = RUN_FLAGS.get(os.path.basename(example), [])
        out = run([f"{tools}/wmma-run", example, "--chip", chip, "--stats"] + opts + sizes +
                  flags)
        m = re.search(r"(\d+) WMMA, (\d+) ds_bpermute, (\d+) permlanex16, (\d+) dpp, global (\d+) B "
                      r"loaded / (\d+) B stored", out)
        row["exec_wmma"] = int(m.group(1))
        row["loaded"], row["stored"] = int(m.group(5)), int(m.group(6))
        row["check"] = "PASS" if out.strip().endswith("PASS") else "FAIL"
    except RuntimeError as e:
        row["exec_wmma"] = row["loaded"] = row["stored"] = 0
        row["check"] = "n/a" if "no linalg reference" in str(e) else "ERROR"
    row["manifest"] = manifest
    row["min_loaded"], row["min_stored"] = min_bytes(
        manifest, RUN_SIZES.get(os.path.basename(example), []))
    return row


def packing_rows(build, chips):
    """VGPRs of an f16-accumulating GEMM (native f16 accumulators, 128x128
    LDS tiles: 16 accumulator tiles per wave) with and without two tiles
    per register set (OPSEL packing, RDNA3)."""
    ex = os.path.join(ROOT, "examples", "pipelines", "gemm-f16-acc.mlir")
    extract = os.path.join(ROOT, "scripts", "extract-binary.py")
    rows = []
    for chip in chips:
        vg = {}
        for pack in ("false", "true"):
            pipe = (f"builtin.module(wmma-linalg-to-kernels{{chip={chip} accumulate=native "
                    f"pack-accumulators={pack} tile-m=128 tile-n=128}},wmma-to-hsaco{{format=isa}})")
            ir = run([os.path.join(build, "bin", "wmma-opt"), ex, "--pass-pipeline=" + pipe])
            p = subprocess.run([sys.executable, extract, "-", "-"], input=ir,
                               stdout=subprocess.PIPE, text=True, check=True)
            vg[pack] = note(p.stdout, "vgpr_count")
        rows.append((chip, vg["false"], vg["true"]))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.environ.get("WMMA_BUILD_DIR", os.path.join(ROOT, "build")))
    ap.add_argument("--chips", default="gfx1100,gfx1201")
    args = ap.parse_args()
    examples = sorted(glob.glob(os.path.join(ROOT, "examples", "pipelines", "*.mlir")))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [(ex, "auto", []) for ex in examples]
        jobs += [(os.path.join(ROOT, "examples", "pipelines", name), label, opts)
                 for name, label, opts in VARIANTS]
        for ex, label, opts in jobs:
            for chip in args.chips.split(","):
                try:
                    rows.append(measure(args.build, ex, chip, tmp, label, opts))
                except RuntimeError as e:
                    if "the kernel's gpu.module targets" in str(e):
                        continue  # an atom program written for the other chip
                    print(f"bench: {os.path.basename(ex)} on {chip}: {e}", file=sys.stderr)
                    return 1
    head = ("| kernel | chip | schedule | instrs | v_wmma | ds_bpermute | v_permlanex16 | dpp | VGPR | SGPR "
            "| spills | LDS B | WMMA exec | global loaded / min | global stored / min | check |")
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for r in rows:
        ld = f"{r['loaded']} / {r['min_loaded']}" if r["loaded"] else f"- / {r['min_loaded']}"
        st = f"{r['stored']} / {r['min_stored']}" if r["stored"] else f"- / {r['min_stored']}"
        print(f"| {r['kernel']} | {r['chip']} | {r['config']} | {r['total']} | {r['wmma']} | {r['bpermute']} | "
              f"{r['permlanex16']} | {r['dpp']} | {r['vgpr']} | {r['sgpr']} | {r['spills']} | "
              f"{r['lds']} | {r['exec_wmma']} | {ld} | {st} | {r['check']} |")
    print()
    print("| attention | chip | global bytes (loaded + stored) | loaded / tiling minimum "
          "| unfused minimum (S, P through memory) | fused / unfused | WMMA executed "
          "| v_permlanex16 in the ISA | ds_bpermute |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        if r["kernel"] != "attention" or not r["loaded"]:
            continue
        # S (f32) written and read, P (f16) written and read, on top of
        # every input and output once.
        a = {x["name"]: x for x in r["manifest"]["args"]}
        q = a["Q"]["shape"]
        k = a["K"]["shape"]
        heads = 1
        for dim in q[:-2]:
            heads *= dim
        mn = heads * q[-2] * k[-2]
        unfused = r["min_loaded"] + r["min_stored"] + mn * (4 + 4 + 2 + 2)
        fused = r["loaded"] + r["stored"]
        # The tiling's minimum: Q once, K and V once per 64-query block
        # (a causal mask visits fewer key blocks, so it may go below 1).
        qblocks = (q[-2] + 63) // 64
        eb = 2
        tiling = (heads * q[-2] * q[-1] * eb +
                  qblocks * heads * k[-2] * (k[-1] + a["V"]["shape"][-1]) * eb)
        print(f"| attention | {r['chip']} | {fused} | {r['loaded'] / tiling:.2f} | {unfused} | "
              f"{fused / unfused:.2f} | {r['exec_wmma']} | {r['permlanex16']} | "
              f"{r['bpermute']} |")
    print()
    print("| f16-accumulating GEMM (128x128 tiles) | chip | VGPR one tile per set | "
          "VGPR packed (OPSEL) | packed / unpacked |")
    print("|---|---|---|---|---|")
    for chip, unpacked, packed in packing_rows(args.build, args.chips.split(",")):
        print(f"| gemm_f16_acc | {chip} | {unpacked} | {packed} | {packed / unpacked:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
