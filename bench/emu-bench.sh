#!/bin/sh
# Emulator throughput per thread count: lane-instructions/s and WMMAs/s on
# GEMMs (HIP RDNA3/RDNA4, rocWMMA-style, the tiled pipeline GEMM at 1024^3),
# a divergent loop and an LDS reduction, with 1, 2 and all cores' threads,
# checking that the outputs are the same for every thread count.
# usage: bench/emu-bench.sh [BUILD_DIR] [REPEAT] [THREADS...]   (wall time,
# best of REPEAT, includes parsing and decoding the module; run it on an
# otherwise idle machine: the load average is printed first)
set -e
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
build=${1:-$src/build}
[ $# -gt 0 ] && shift
repeat=${1:-3}
[ $# -gt 0 ] && shift
exec python3 "$here/emu_bench.py" "$src" "$build" "$repeat" "$@"
