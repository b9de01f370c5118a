#!/usr/bin/env bash
# Checks that the generated code does not depend on the C compiler that
# built the tools: compiles the same inputs with two builds' tools (e.g.
# build/ by GCC and build-asan/ by clang) and compares the emitted MLIR and
# ISA (with the launch manifests, diagnostics and exit statuses) for both
# chips.  C leaves the order of evaluating call arguments open, so a builder
# call with two IR-building arguments orders ops differently per compiler
# (scripts/find-unsequenced-ir.py finds such calls).
#
# usage: check-reproducible.sh BUILD_A BUILD_B [--all]
#   default: the examples/ inputs through wmma-compile (well under 2 min);
#   --all:   also test/FrontEnd/Inputs/*.mlir (wmma-compile) and the
#            test/FrontEnd/*.mlir lit inputs (wmma-opt, the front-end pass,
#            then to ISA).
# Exit status: 0 identical, 1 some output differs (listed), 2 usage.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHIPS="gfx1100 gfx1201"

if [ "${1:-}" = "--one" ]; then
  # Worker: --one OUTDIR BUILD_A BUILD_B TOOL INPUT CHIP EMIT
  out="$2" a="$3" b="$4" tool="$5" input="$6" chip="$7" emit="$8"
  name="$(echo "${input#"$ROOT"/}" | tr '/' '_').$chip.$emit"
  for side in a b; do
    bin="$a/bin"; [ "$side" = b ] && bin="$b/bin"
    dir="$out/$side"; mkdir -p "$dir"
    if [ "$tool" = compile ]; then
      rc=0
      (cd "$dir" && timeout 300 "$bin/wmma-compile" "$input" --chip "$chip" \
          --emit "$emit" -o "$name" 2>"$name.err") || rc=$?
    else
      pipe="wmma-linalg-to-kernels{chip=$chip}"
      [ "$emit" = isa ] && pipe="$pipe,wmma-to-hsaco{format=isa}"
      rc=0
      (cd "$dir" && timeout 300 "$bin/wmma-opt" "$input" --split-input-file \
          --pass-pipeline="builtin.module($pipe)" >"$name" 2>"$name.err") ||
        rc=$?
    fi
    echo "$rc" >"$dir/$name.rc"
  done
  for f in "$name" "$name.json" "$name.err" "$name.rc"; do
    if [ -e "$out/a/$f" ] || [ -e "$out/b/$f" ]; then
      if ! cmp -s "$out/a/$f" "$out/b/$f"; then
        echo "DIFFERS: ${input#"$ROOT"/} --chip $chip --emit $emit ($f)"
        break
      fi
    fi
  done
  exit 0
fi

if [ $# -lt 2 ] || [ $# -gt 3 ] || { [ $# -eq 3 ] && [ "$3" != --all ]; }; then
  sed -n '2,15p' "$0" >&2
  exit 2
fi
A="$(cd "$1" && pwd)" B="$(cd "$2" && pwd)"
for d in "$A" "$B"; do
  for t in wmma-compile wmma-opt; do
    [ -x "$d/bin/$t" ] || { echo "check-reproducible: no $d/bin/$t" >&2; exit 2; }
  done
done
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

{
  find "$ROOT/examples" -name '*.mlir' | sort | sed 's/^/compile /'
  if [ "${3:-}" = --all ]; then
    find "$ROOT/test/FrontEnd/Inputs" -name '*.mlir' | sort | sed 's/^/compile /'
    find "$ROOT/test/FrontEnd" -maxdepth 1 -name '*.mlir' | sort | sed 's/^/opt /'
  fi
} | while read -r tool input; do
  for chip in $CHIPS; do
    for emit in mlir isa; do
      printf '%s\0' --one "$OUT" "$A" "$B" "$tool" "$input" "$chip" "$emit"
    done
  done
done | xargs -0 -n 8 -P "${WMMA_JOBS:-2}" "$0" | sort >"$OUT/diffs"

runs=$(find "$OUT/a" -name '*.rc' | wc -l)
if [ -s "$OUT/diffs" ]; then
  cat "$OUT/diffs"
  echo "check-reproducible: $(wc -l <"$OUT/diffs") of $runs outputs differ between $A and $B"
  exit 1
fi
echo "check-reproducible: $runs outputs identical between $A and $B"
