#!/usr/bin/env bash
# Fresh machine -> all tests: install packages, build, run the lit suite
# (which includes the C unit tests).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WMMA_BUILD_DIR:-$ROOT/build}"
bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build.sh"
bash "$ROOT/scripts/build.sh" wmma-test-depends
set +e
/usr/lib/llvm-22/bin/lit -v "$BUILD/test" 2>&1 | tee "$BUILD/lit.log"
status=${PIPESTATUS[0]}
set -e
# One summary line any CI reader understands.
passed=$(grep -cE '^(PASS|XFAIL): ' "$BUILD/lit.log" || true)
failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$BUILD/lit.log" || true)
echo "${passed} passed, ${failed} failed"
if [ "$passed" -eq 0 ]; then
  echo "run-tests: no test ran" >&2
  exit 1
fi
exit "$status"
