#!/usr/bin/env python3
"""Throughput of wmma-emu: emulated lane-instructions per second and WMMAs
per second on a few kernels (HIP GEMMs for RDNA3/RDNA4, a divergent loop,
an LDS reduction, and the project's own RDNA4 GEMM when wmma-opt exists).

usage: emu_bench.py SRC_DIR BUILD_DIR [REPEAT]"""
import json
import os
import random
import struct
import subprocess
import sys
import tempfile
import time

CLANG = "/usr/lib/llvm-22/bin/clang"


def hip(src, arch, out):
    subprocess.run([CLANG, "-x", "hip", "--offload-arch=" + arch, "-nogpuinc", "-nogpulib",
                    "--offload-device-only", "-O3", "-emit-llvm", "-S", src, "-o", out],
                   check=True)


def write(path, fmt, vals):
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))


def run(emu, ll, kernel, grid, block, args, extra, repeat):
    best = None
    for _ in range(repeat):
        js = ll + ".json"
        cmd = [emu, ll, "--kernel", kernel, "--grid", grid, "--block", block,
               "--stats-json", js] + extra
        for a in args:
            cmd += ["--arg", a]
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True)
        dt = time.perf_counter() - t0
        st = json.load(open(js))
        if best is None or dt < best[0]:
            best = (dt, st)
    return best


def main():
    src, build = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    emu = os.path.join(build, "bin", "wmma-emu")
    inputs = os.path.join(src, "test", "Emulator", "Inputs")
    tmp = tempfile.mkdtemp(prefix="emu-bench-")
    rnd = random.Random(1)
    M = N = K = 256
    a, b, c = (os.path.join(tmp, n) for n in ("a", "b", "c"))
    write(a, "e", [rnd.uniform(-1, 1) for _ in range(M * K)])
    write(b, "e", [rnd.uniform(-1, 1) for _ in range(K * N)])
    cases = []
    g3 = os.path.join(tmp, "gemm3.ll")
    hip(os.path.join(inputs, "gemm-rdna3.hip"), "gfx1100", g3)
    cases.append(("HIP GEMM rdna3 256^3", g3, "gemm", str(M * N // 256 // 2), "32,2",
                  ["in:" + a, "in:" + b, "out:%s:%d" % (c, M * N * 4), "i32:%d" % M,
                   "i32:%d" % N, "i32:%d" % K], []))
    g4 = os.path.join(tmp, "gemm4.ll")
    hip(os.path.join(inputs, "gemm-rdna4.hip"), "gfx1201", g4)
    cases.append(("HIP GEMM rdna4 256^3", g4, "gemm", "%d,%d" % (N // 16, M // 16), "32",
                  ["in:" + a, "in:" + b, "out:%s:%d" % (c, M * N * 4), "i32:%d" % M,
                   "i32:%d" % N, "i32:%d" % K], []))
    dv = os.path.join(tmp, "div.ll")
    hip(os.path.join(inputs, "divergent.hip"), "gfx1201", dv)
    n = 16384
    xin = os.path.join(tmp, "x")
    write(xin, "I", [rnd.randrange(1, 1 << 20) for _ in range(n)])
    cases.append(("divergent loop (collatz, 16K items)", dv, "collatz", str(n // 256), "256",
                  ["in:" + xin, "out:%s:%d" % (c, 4 * n), "out:%s.v:%d" % (c, 4 * n)], []))
    rd = os.path.join(tmp, "reduce.ll")
    hip(os.path.join(inputs, "reduce.hip"), "gfx1100", rd)
    fx = os.path.join(tmp, "fx")
    write(fx, "f", [rnd.uniform(-1, 1) for _ in range(256 * 512)])
    cases.append(("LDS block sum (512 x 256 items)", rd, "block_sum", "512", "256",
                  ["in:" + fx, "out:%s:%d" % (c, 4 * 512)], []))
    opt = os.path.join(build, "bin", "wmma-opt")
    if os.path.exists(opt):
        bc = os.path.join(tmp, "pipe4.bc")
        p = subprocess.run([opt, os.path.join(src, "examples", "atoms", "gemm-rdna4.mlir"),
                            "--pass-pipeline=builtin.module(wmma-to-hsaco{format=llvm})"],
                           stdout=subprocess.PIPE, check=True)
        subprocess.run([sys.executable, os.path.join(src, "scripts", "extract-binary.py"),
                        "-", bc], input=p.stdout, check=True)
        a2, b2 = os.path.join(tmp, "a2"), os.path.join(tmp, "b2")
        write(a2, "e", [rnd.uniform(-1, 1) for _ in range(64 * 128)])
        write(b2, "e", [rnd.uniform(-1, 1) for _ in range(128 * 64)])
        cases.append(("pipeline GEMM rdna4 64x64x128", bc, "gemm", "4,4", "32",
                      ["in:" + a2, "in:" + b2, "out:%s:%d" % (c, 64 * 64 * 4)],
                      ["--chip", "gfx1201"]))
    print("%-38s %9s %14s %14s %12s %10s" % ("kernel", "time(s)", "lane-instr", "lane-instr/s",
                                             "WMMA", "WMMA/s"))
    for name, ll, k, grid, block, args, extra in cases:
        dt, st = run(emu, ll, k, grid, block, args, extra, repeat)
        li, wm = st["lane_instructions"], st["wmma_total"]
        print("%-38s %9.3f %14d %14.3g %12d %10.3g" % (name, dt, li, li / dt, wm, wm / dt))


if __name__ == "__main__":
    main()
