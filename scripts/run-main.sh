#!/usr/bin/env bash
# Fresh machine -> main job: install packages, build, compile an example WMMA
# atom program to HSACO for RDNA4 and RDNA3 and print an ISA summary.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WMMA_BUILD_DIR:-$ROOT/build}"
bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build.sh"
OUT="$BUILD/main-job"
mkdir -p "$OUT"
for ex in gemm-rdna4 gemm-rdna3 chain-rdna4; do
  src="$ROOT/examples/atoms/$ex.mlir"
  echo "== $ex =="
  "$BUILD/bin/wmma-opt" "$src" \
    --pass-pipeline='builtin.module(wmma-to-hsaco{format=bin})' -o "$OUT/$ex.bin.mlir"
  python3 "$ROOT/scripts/extract-binary.py" "$OUT/$ex.bin.mlir" "$OUT/$ex.hsaco"
  /usr/lib/llvm-22/bin/llvm-readelf --notes "$OUT/$ex.hsaco" \
    | grep -E '\.(name|vgpr_count|sgpr_count|vgpr_spill_count|group_segment_fixed_size|private_segment_fixed_size):' \
    | sed 's/^ */  /'
  "$BUILD/bin/wmma-opt" "$src" \
    --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' -o "$OUT/$ex.isa.mlir"
  python3 "$ROOT/scripts/extract-binary.py" "$OUT/$ex.isa.mlir" "$OUT/$ex.s"
  python3 "$ROOT/scripts/isa-summary.py" "$OUT/$ex.s"
done
echo "main job: HSACO and ISA written to $OUT"
