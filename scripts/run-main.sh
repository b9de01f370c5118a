#!/usr/bin/env bash
# Fresh machine -> main job: install packages, build, compile the fused
# GEMM-GEMM pipeline (intermediate in registers) to HSACO for RDNA3 and RDNA4,
# show the code object and its ISA summary, and verify the kernel numerically
# on the emulator against MLIR's own CPU lowering of the linalg function.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WMMA_BUILD_DIR:-$ROOT/build}"
bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build.sh"
OUT="$BUILD/main-job"
mkdir -p "$OUT"
SRC="$ROOT/examples/pipelines/gemm-gemm.mlir"
for chip in gfx1201 gfx1100; do
  echo "== gemm-gemm.mlir for $chip =="
  "$BUILD/bin/wmma-compile" "$SRC" --chip "$chip" --emit hsaco -o "$OUT/gemm-gemm.$chip.hsaco"
  /usr/lib/llvm-22/bin/llvm-readelf --notes "$OUT/gemm-gemm.$chip.hsaco" \
    | grep -E '\.(name|vgpr_count|sgpr_count|vgpr_spill_count|group_segment_fixed_size):' \
    | sed 's/^ */  /'
  "$BUILD/bin/wmma-compile" "$SRC" --chip "$chip" --emit isa -o "$OUT/gemm-gemm.$chip.s"
  python3 "$ROOT/scripts/isa-summary.py" "$OUT/gemm-gemm.$chip.s"
  echo "  launch manifest: $OUT/gemm-gemm.$chip.hsaco.json"
  "$BUILD/bin/wmma-run" "$SRC" --chip "$chip" --stats
done
echo "main job: HSACO, ISA and manifests written to $OUT"
