#!/bin/sh
# Emulator throughput: lane-instructions/s and WMMAs/s on a few kernels.
# usage: bench/emu-bench.sh [BUILD_DIR] [REPEAT]   (wall time, best of REPEAT,
# includes parsing and decoding the module)
set -e
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
build=${1:-$src/build}
exec python3 "$here/emu_bench.py" "$src" "$build" "${2:-3}"
