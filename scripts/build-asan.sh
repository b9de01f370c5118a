#!/usr/bin/env bash
# Configures and builds the sanitizer build into build-asan/: the whole
# project with ASan + UBSan (clang-22) and the libFuzzer harnesses
# (WMMA_FUZZ=ON), plus what the lit suite runs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WMMA_ASAN_BUILD_DIR:-$ROOT/build-asan}"
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DWMMA_FUZZ=ON -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
fi
ninja -C "$BUILD" -j "${WMMA_JOBS:-2}" all wmma-test-depends "$@"
