#!/usr/bin/env bash
# Fresh machine -> all tests: install packages, build, run the lit suite
# (which includes the C unit tests and the install/downstream test), then the
# Python package's pytest suite.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WMMA_BUILD_DIR:-$ROOT/build}"
# Debian's interpreter: numpy and pytest come from Debian packages, and a
# python3 earlier on PATH (pyenv, venv) may not have them.
PYTHON="${WMMA_PYTHON:-/usr/bin/python3}"
bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build.sh"
bash "$ROOT/scripts/build.sh" wmma-test-depends
set +e
/usr/lib/llvm-22/bin/lit -v "$BUILD/test" 2>&1 | tee "$BUILD/lit.log"
lit_status=${PIPESTATUS[0]}
WMMA_BUILD_DIR="$BUILD" PYTHONDONTWRITEBYTECODE=1 "$PYTHON" -m pytest -q \
  -p no:cacheprovider -rfE "$ROOT/python/tests" 2>&1 | tee "$BUILD/pytest.log"
py_status=${PIPESTATUS[0]}
set -e
# One summary line any CI reader understands: lit and pytest together.
lit_passed=$(grep -cE '^(PASS|XFAIL): ' "$BUILD/lit.log" || true)
lit_failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$BUILD/lit.log" || true)
# pytest's last line: "N passed, M failed, K error(s) in Ts" (any subset).
py_summary=$(tail -n 1 "$BUILD/pytest.log")
count() { echo "$py_summary" | grep -oE "[0-9]+ $1" | grep -oE '^[0-9]+' || echo 0; }
py_passed=$(count passed)
py_failed=$(( $(count failed) + $(count 'errors?') ))
if [ "$py_status" -ne 0 ] && [ "$py_failed" -eq 0 ]; then
  py_failed=1 # pytest itself failed (collection, usage): count it
fi
echo "lit: ${lit_passed} passed, ${lit_failed} failed; pytest: ${py_passed} passed, ${py_failed} failed"
echo "$((lit_passed + py_passed)) passed, $((lit_failed + py_failed)) failed"
if [ "$lit_passed" -eq 0 ] || [ "$py_passed" -eq 0 ]; then
  echo "run-tests: no test ran" >&2
  exit 1
fi
if [ "$lit_status" -ne 0 ]; then exit "$lit_status"; fi
exit "$py_status"
