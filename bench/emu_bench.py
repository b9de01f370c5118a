#!/usr/bin/env python3
"""Throughput of wmma-emu per thread count: emulated lane-instructions per
second and WMMAs per second on GEMMs (HIP for RDNA3/RDNA4, a rocWMMA-style
HIP GEMM with rotated K and dynamic LDS, the project's tiled GEMM at
1024^3 when wmma-compile exists), a divergent loop and an LDS reduction.
Each kernel runs with 1, 2 and (if more) all cores' threads; the outputs
must be byte-identical across thread counts ("same" column).

usage: emu_bench.py SRC_DIR BUILD_DIR [REPEAT] [THREADS...]
(wall time, best of REPEAT, includes parsing and decoding the module; cpu(s)
is the emulator's user+system CPU time in that run: on a loaded machine the
wall-time speedup understates the scaling, while equal CPU times for 1 and
2 threads show that the parallel run does no extra work)"""
import filecmp
import json
import os
import random
import struct
import subprocess
import sys
import tempfile
import resource
import time

CLANG = "/usr/lib/llvm-22/bin/clang"


def hip(src, arch, out):
    subprocess.run([CLANG, "-x", "hip", "--offload-arch=" + arch, "-nogpuinc", "-nogpulib",
                    "--offload-device-only", "-O3", "-emit-llvm", "-S", src, "-o", out],
                   check=True)


def write(path, fmt, vals):
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))


def supports_threads(emu):
    p = subprocess.run([emu, "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return b"--threads" in p.stdout


def run(emu, case, threads, repeat, out):
    name, ll, kernel, grid, block, args, extra = case
    best = None
    for _ in range(repeat):
        js = out + ".json"
        cmd = [emu, ll, "--kernel", kernel, "--grid", grid, "--block", block,
               "--stats-json", js] + extra
        if threads:
            cmd += ["--threads", str(threads)]
        for a in args:
            cmd += ["--arg", a.replace("@OUT@", out)]
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        dt = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        with open(js) as f:
            st = json.load(f)
        if best is None or dt < best[0]:
            best = (dt, cpu, st)
    return best


def cases(src, build, tmp, rnd):
    inputs = os.path.join(src, "test", "Emulator", "Inputs")
    M = N = K = 512
    a, b = os.path.join(tmp, "a"), os.path.join(tmp, "b")
    write(a, "e", [rnd.uniform(-1, 1) for _ in range(M * K)])
    write(b, "e", [rnd.uniform(-1, 1) for _ in range(K * N)])
    gemm_args = ["in:" + a, "in:" + b, "out:@OUT@:%d" % (M * N * 4), "i32:%d" % M,
                 "i32:%d" % N, "i32:%d" % K]
    out = []
    g3 = os.path.join(tmp, "gemm3.ll")
    hip(os.path.join(inputs, "gemm-rdna3.hip"), "gfx1100", g3)
    out.append(("HIP GEMM rdna3 512^3", g3, "gemm", str(M * N // 256 // 2), "32,2",
                gemm_args, []))
    g4 = os.path.join(tmp, "gemm4.ll")
    hip(os.path.join(inputs, "gemm-rdna4.hip"), "gfx1201", g4)
    out.append(("HIP GEMM rdna4 512^3", g4, "gemm", "%d,%d" % (N // 16, M // 16), "32",
                gemm_args, []))
    rw = os.path.join(tmp, "rocwmma.ll")
    hip(os.path.join(inputs, "rocwmma-gemm.hip"), "gfx1100", rw)
    out.append(("rocWMMA-style HIP GEMM rdna3 512^3", rw, "gemm", "%d,%d" % (N // 32, M // 32),
                "32,4", gemm_args, ["--dynamic-lds", "2048"]))
    compiler = os.path.join(build, "bin", "wmma-compile")
    if os.path.exists(compiler):
        with open(os.path.join(src, "examples", "pipelines", "gemm-tiled.mlir")) as f:
            mlir = f.read()
        for old, new in (("512x256xf16", "1024x1024xf16"), ("256x512xf16", "1024x1024xf16"),
                         ("512x512xf32", "1024x1024xf32")):
            mlir = mlir.replace(old, new)
        big = os.path.join(tmp, "tiled.mlir")
        with open(big, "w") as f:
            f.write(mlir)
        A, B, bias = (os.path.join(tmp, n) for n in ("A1", "B1", "bias1"))
        write(A, "e", [rnd.uniform(-1, 1) for _ in range(1024 * 1024)])
        write(B, "e", [rnd.uniform(-1, 1) for _ in range(1024 * 1024)])
        write(bias, "f", [rnd.uniform(-1, 1) for _ in range(1024 * 1024)])
        for chip in ("gfx1201", "gfx1100"):
            ll = os.path.join(tmp, "tiled-%s.ll" % chip)
            subprocess.run([compiler, big, "--chip", chip, "--emit", "llvm", "-o", ll],
                           check=True)
            # Grid and block from the launch manifest (the schedule picks
            # them); memrefs passed as descriptors (@1024x1024).
            with open(ll + ".json") as f:
                man = json.load(f)
            out.append(("tiled GEMM %s 1024^3" % chip, ll, man["kernel"],
                        ",".join(str(g) for g in man["grid"]),
                        ",".join(str(b) for b in man["block"]),
                        ["in:%s@1024x1024" % A, "in:%s@1024x1024" % B,
                         "in:%s@1024x1024" % bias, "out:@OUT@:%d@1024x1024" % (4 << 20),
                         "f32:0.5"], []))
    dv = os.path.join(tmp, "div.ll")
    hip(os.path.join(inputs, "divergent.hip"), "gfx1201", dv)
    n = 65536
    xin = os.path.join(tmp, "x")
    write(xin, "I", [rnd.randrange(1, 1 << 20) for _ in range(n)])
    out.append(("divergent loop (collatz, 64K items)", dv, "collatz", str(n // 256), "256",
                ["in:" + xin, "out:@OUT@:%d" % (4 * n), "out:@OUT@.v:%d" % (4 * n)], []))
    rd = os.path.join(tmp, "reduce.ll")
    hip(os.path.join(inputs, "reduce.hip"), "gfx1100", rd)
    fx = os.path.join(tmp, "fx")
    write(fx, "f", [rnd.uniform(-1, 1) for _ in range(256 * 2048)])
    out.append(("LDS block sum (2048 x 256 items)", rd, "block_sum", "2048", "256",
                ["in:" + fx, "out:@OUT@:%d" % (4 * 2048)], []))
    return out


SPIN = "x = 0\nfor i in range(4000000):\n    x += i\n"


def machine_ceiling(n):
    """How much faster n busy processes finish than n run one after the
    other: the most an n-thread run can gain on this machine right now."""
    def spin(k):
        t0 = time.perf_counter()
        ps = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(k)]
        for p in ps:
            p.wait()
        return time.perf_counter() - t0
    return n * min(spin(1) for _ in range(2)) / min(spin(n) for _ in range(2))


def main():
    src, build = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    emu = os.path.join(build, "bin", "wmma-emu")
    cores = os.cpu_count() or 1
    counts = [int(t) for t in sys.argv[4:]] or sorted({1, 2, cores})
    if not supports_threads(emu):
        counts = [0]  # an emulator without --threads (a baseline build)
    tmp = tempfile.mkdtemp(prefix="emu-bench-")
    rnd = random.Random(1)
    print("load average: %.2f %.2f %.2f (measure on an otherwise idle machine)"
          % os.getloadavg())
    for t in counts:
        if t > 1:
            print("ceiling with %d threads: %.2fx (%d busy processes at once against "
                  "one after the other)" % (t, machine_ceiling(t), t))
    print("%-36s %7s %8s %8s %13s %10s %10s %8s %5s" % (
        "kernel", "threads", "time(s)", "cpu(s)", "lane-instr/s", "WMMA/s", "WMMA/s/th", "speedup",
        "same"))
    for case in cases(src, build, tmp, rnd):
        first = None
        for t in counts:
            out = os.path.join(tmp, "out.%d" % t)
            try:
                dt, cpu, st = run(emu, case, t, repeat, out)
            except subprocess.CalledProcessError:  # e.g. an older emulator
                print("%-36s %7s %s" % (case[0], t or "-", "failed (see above)"))
                break
            li, wm = st["lane_instructions"], st["wmma_total"]
            if first is None:
                first = (dt, out, st)
            same = filecmp.cmp(first[1], out, shallow=False) and st == first[2]
            print("%-36s %7s %8.3f %8.3f %13.3g %10.3g %10.3g %7.2fx %5s" % (
                case[0], t or "-", dt, cpu, li / dt, wm / dt, wm / dt / max(t, 1), first[0] / dt,
                "yes" if same else "NO"))


if __name__ == "__main__":
    main()
