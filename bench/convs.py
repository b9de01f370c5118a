#!/usr/bin/python3
"""Convolutions (implicit GEMMs, the input gathered into LDS) on RDNA3 and
RDNA4: the issue-22 targets, NHWC f16 with the input pre-padded.

Per convolution and chip:
  schedule     the GEMM template's tile (M = output pixels, N = output
               channels, K = taps x input channels)
  instrs/WMMA  instructions per WMMA in the steady-state K loop (ISA,
               isa_counts.steady_state), beside the GEMM template's for a
               matmul of the same M, N, K built the same way (LDS staging,
               the same workgroup tile; the target: within 1.5x)
  global       bytes loaded by the kernel over the minimum (input, filter
               read once each; target <= 1.3x), bytes stored over the
               output once.  Every global load counts (no cache): a
               workgroup reads the whole filter slice of its N tile, so
               the filter is read once per M tile
  DRAM est.    the emulator's DRAM estimate (docs/emulator-traffic.md: an
               L2 model per launch, the chip's largest part's L2) of the
               bytes read over the same minimum: a filter re-read by every
               workgroup stays in the L2
  conflicts    LDS bank conflicts (emulator counter; target 0)
  VGPR, spills from the kernel metadata (target: no spills)
  check        wmma-run against MLIR's CPU lowering (PASS/FAIL)
Each metric is followed by the HIP reference's (bench/hip/
conv-implicit-gemm.hip: an implicit GEMM in the style of CK's and
MIOpen's NHWC kernels, filter KYXC, 64x64 tiles, compiled by clang-22 as
bench/compare.py compiles its references, run on the emulator and checked
against numpy): "ours / HIP".  The HIP kernel's instrs/WMMA is its own
steady-state loop's (the innermost loop holding WMMAs: for the first
layer, whose 8-element gather clang keeps as a loop inside the K loop,
that inner loop's instructions count once -- a lower bound).  Where LLVM
unrolled a K loop completely (our first layer on gfx1201: 7 steps) the figure is one
K step between barriers.

Usage: bench/convs.py [--build DIR] [--chips gfx1100,gfx1201] [--markdown]
Needs python3-numpy (Debian: run with /usr/bin/python3).
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "python"))
from compare import CLANG, HIP_FLAGS, isa_figures, emu_figures, manifest_min_bytes  # noqa: E402
from table import dram_estimate, print_table, vs_min  # noqa: E402  (bench/table.py)

# (label, N, H, W, C, KH, KW, F, stride, tile or None): H, W pre-padded;
# tile: the workgroup tile pinned (None: the planner's).  The 3x3 rows
# stage the input tile with its halo once per 16 channels (ConvHalo.c);
# pinned to 128 x 64, a workgroup reads the filter half as often.
CONVS = [
    ("3x3 s1 56x56x64->64", 1, 58, 58, 64, 3, 3, 64, 1, None),
    ("3x3 s1 56x56x64->64", 1, 58, 58, 64, 3, 3, 64, 1, (128, 64)),
    ("3x3 s1 28x28x128->128", 1, 30, 30, 128, 3, 3, 128, 1, None),
    ("3x3 s1 28x28x128->128", 1, 30, 30, 128, 3, 3, 128, 1, (128, 64)),
    ("7x7 s2 224x224x3->64 (first layer)", 1, 229, 229, 3, 7, 7, 64, 2, None),
]


def conv_source(n, h, w, c, kh, kw, f, s):
    oh, ow = (h - kh) // s + 1, (w - kw) // s + 1
    x, k, y = (f"memref<{n}x{h}x{w}x{c}xf16>", f"memref<{kh}x{kw}x{c}x{f}xf16>",
               f"memref<{n}x{oh}x{ow}x{f}xf16>")
    src = f"""func.func @conv(%x: {x}, %w: {k}, %y: {y}) {{
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : {y})
  linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<{s}> : tensor<2xi64>}}
    ins(%x, %w : {x}, {k}) outs(%y : {y})
  return
}}
"""
    return src, (n * oh * ow, f, kh * kw * c)


def gemm_source(m, n, k):
    a, b, c = f"memref<{m}x{k}xf16>", f"memref<{k}x{n}xf16>", f"memref<{m}x{n}xf16>"
    return f"""func.func @gemm(%a: {a}, %b: {b}, %c: {c}) {{
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%c : {c})
  linalg.matmul ins(%a, %b : {a}, {b}) outs(%c : {c})
  return
}}
"""


def hip_reference(wmma, shape, chip, tmp):
    """The HIP implicit GEMM's figures on this convolution, checked."""
    import numpy as np
    n, h, w, c, kh, kw, f, s = shape
    oh, ow = (h - kh) // s + 1, (w - kw) // s + 1
    src = os.path.join(ROOT, "bench", "hip", "conv-implicit-gemm.hip")
    base = os.path.join(tmp, "hipconv.%s.%d.%d" % (chip, h, c))
    defs = ["-D%s=%d" % kv for kv in zip(("BATCH", "H", "W", "C", "KH", "KW", "F", "S"), shape)]
    for extra, out in (([], base + ".s"), (["-emit-llvm"], base + ".ll")):
        subprocess.run([CLANG] + HIP_FLAGS + defs + extra + ["--offload-arch=" + chip, "-S", src,
                                                            "-o", out], check=True)
    fig = isa_figures(open(base + ".s").read(), 128)
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, size=(n, h, w, c)).astype(np.float16)
    wt = rng.uniform(-1, 1, size=(f, kh, kw, c)).astype(np.float16)  # KYXC
    y = np.zeros((n, oh, ow, f), np.float16)
    m = n * oh * ow
    grid = ((f + 63) // 64, (m + 63) // 64, 1)
    st = wmma.emulate(open(base + ".ll").read(), None, grid, (128, 1, 1), [x, wt, y], chip=chip)
    fig.update(emu_figures(st, (x.nbytes + wt.nbytes, y.nbytes)))
    fig["dram_read"] = dram_estimate(st)
    # im2col in numpy (K in the filter's order: kh, kw, c), f64 sums.
    cols = np.stack([x[:, i:i + s * (oh - 1) + 1:s, j:j + s * (ow - 1) + 1:s, :]
                     for i in range(kh) for j in range(kw)], axis=3)
    a = cols.reshape(m, kh * kw * c).astype(np.float64)
    b = wt.reshape(f, kh * kw * c).astype(np.float64)
    ref = a @ b.T
    k = kh * kw * c
    bound = 2 * k * 2.0 ** -24 * (np.abs(a) @ np.abs(b).T) + 2.0 ** -11 * np.abs(ref) + 1e-6
    err = np.abs(y.reshape(m, f).astype(np.float64) - ref)
    fig["check"] = "PASS" if np.all(err <= bound) else "FAIL"
    return fig


def isa_of(wmma, src, chip, path, **opts):
    comp = wmma.compile(src, chip, emit="isa", source_name=path, **opts)
    text = comp.artifact if isinstance(comp.artifact, str) else comp.artifact.decode()
    return comp.manifest, isa_figures(text, comp.manifest["block"][0])


def measure(wmma, build, conv, chip, tmp, hip):
    label, *shape, pin = conv
    src, (m, n, k) = conv_source(*shape)
    path = os.path.join(tmp, f"conv.{chip}.mlir")
    open(path, "w").write(src)
    opts = {"tile": pin} if pin else {}
    man, fig = isa_of(wmma, src, chip, path, **opts)
    _, st = wmma.run(src, chip, wmma.random_inputs(man, 1), stats=True, source_name=path,
                     **opts)
    fig.update(emu_figures(st, manifest_min_bytes(man)))
    dram_read = dram_estimate(st)
    sched = man.get("schedule", "")
    tile = sched.split("tile = [")[1].split("]")[0] if "tile = [" in sched else "?"
    # The GEMM template at the same M, N, K with the convolution's
    # staging (LDS) and workgroup tile: the steady-state loops compare.
    tm, tn = (int(v) for v in tile.split(",")[:2])
    _, gfig = isa_of(wmma, gemm_source(m, n, k), chip, path + ".gemm",
                     staging="lds", tile=(tm, tn))
    cmd = [os.path.join(build, "bin", "wmma-run"), path, "--chip", chip]
    if pin:
        cmd += ["--tile", "%dx%d" % pin]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check = "PASS" if p.returncode == 0 and p.stdout.strip().endswith("PASS") else "FAIL"
    key = (tuple(shape), chip)
    if key not in hip:
        hip[key] = hip_reference(wmma, shape, chip, tmp)
    hf = hip[key]
    return [label, chip, f"{m}x{n}x{k}", tile + (" (pinned)" if pin else ""),
            f"{fig['instr_per_wmma']:.2f} / {hf['instr_per_wmma']:.2f}",
            f"{gfig['instr_per_wmma']:.2f}",
            f"{fig['instr_per_wmma'] / gfig['instr_per_wmma']:.2f}x",
            f"{fig['loaded'] / fig['min_loaded']:.2f}x / {hf['loaded'] / hf['min_loaded']:.2f}x",
            f"{vs_min(dram_read, fig['min_loaded'])} / {vs_min(hf['dram_read'], hf['min_loaded'])}",
            f"{fig['stored'] / fig['min_stored']:.2f}x / {hf['stored'] / hf['min_stored']:.2f}x",
            f"{fig['conflicts']} / {hf['conflicts']}", f"{fig['vgpr']} / {hf['vgpr']}",
            f"{fig['spills']} / {hf['spills']}", f"{check} / {hf['check']}"]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--chips", default="gfx1100,gfx1201")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    os.environ.setdefault("WMMA_BUILD_DIR", args.build)
    import wmma
    rows, hip = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for conv in CONVS:
            for chip in args.chips.split(","):
                rows.append(measure(wmma, args.build, conv, chip, tmp, hip))
    head = ["convolution", "chip", "M x N x K", "tile", "instrs/WMMA (/ HIP)",
            "GEMM instrs/WMMA", "ratio", "loaded / min (/ HIP)", "DRAM est. vs min (/ HIP)",
            "stored / min (/ HIP)", "LDS conflicts (/ HIP)", "VGPR (/ HIP)", "spills (/ HIP)",
            "check (/ HIP)"]
    print_table(head, rows, args.markdown)


if __name__ == "__main__":
    main()
