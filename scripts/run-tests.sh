#!/usr/bin/env bash
# Fresh machine -> all tests: install packages, build, run the lit suite
# (which includes the C unit tests and the install/downstream test), then the
# Python package's pytest suite; then the same two suites on the sanitizer
# build (ASan + UBSan, build-asan/), a 30-second fuzz run per libFuzzer
# harness, and the comparison of the code the two builds (GCC and clang)
# emit.  WMMA_SKIP_SANITIZE=1 stops after the normal build's suites.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WMMA_BUILD_DIR:-$ROOT/build}"
ASAN_BUILD="${WMMA_ASAN_BUILD_DIR:-$ROOT/build-asan}"
# Debian's interpreter: numpy and pytest come from Debian packages, and a
# python3 earlier on PATH (pyenv, venv) may not have them.
PYTHON="${WMMA_PYTHON:-/usr/bin/python3}"
bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build.sh"
bash "$ROOT/scripts/build.sh" wmma-test-depends

total_passed=0 total_failed=0 summary="" status=0
# run_suites LABEL BUILD_DIR [ENV=VALUE...]: lit, then pytest with the
# given environment; adds to the totals and the summary line.
run_suites() {
  local label="$1" build="$2"
  shift 2
  set +e
  /usr/lib/llvm-22/bin/lit -v "$build/test" 2>&1 | tee "$build/lit.log"
  local lit_status=${PIPESTATUS[0]}
  env "$@" WMMA_BUILD_DIR="$build" PYTHONDONTWRITEBYTECODE=1 "$PYTHON" -m pytest -q \
    -p no:cacheprovider -rfE "$ROOT/python/tests" 2>&1 | tee "$build/pytest.log"
  local py_status=${PIPESTATUS[0]}
  set -e
  local lit_passed lit_failed py_summary py_passed py_failed
  lit_passed=$(grep -cE '^(PASS|XFAIL): ' "$build/lit.log" || true)
  lit_failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$build/lit.log" || true)
  # pytest's summary: "N passed, M failed, K error(s) in Ts" (any subset);
  # a sanitizer build may print its suppression table after it.
  py_summary=$(grep -E '[0-9]+ (passed|failed|errors?)' "$build/pytest.log" | tail -n 1 || true)
  count() { echo "$py_summary" | grep -oE "[0-9]+ $1" | grep -oE '^[0-9]+' || echo 0; }
  py_passed=$(count passed)
  py_failed=$(( $(count failed) + $(count 'errors?') ))
  if [ "$py_status" -ne 0 ] && [ "$py_failed" -eq 0 ]; then
    py_failed=1 # pytest itself failed (collection, usage, a leak report): count it
  fi
  if [ "$lit_passed" -eq 0 ] || [ "$py_passed" -eq 0 ]; then
    echo "run-tests: no $label test ran" >&2
    status=1
  fi
  [ "$lit_status" -eq 0 ] && [ "$py_status" -eq 0 ] || status=1
  summary="${summary}${label}lit: ${lit_passed} passed, ${lit_failed} failed; ${label}pytest: ${py_passed} passed, ${py_failed} failed; "
  total_passed=$((total_passed + lit_passed + py_passed))
  total_failed=$((total_failed + lit_failed + py_failed))
}

run_suites "" "$BUILD"

if [ "${WMMA_SKIP_SANITIZE:-0}" != 1 ]; then
  bash "$ROOT/scripts/build-asan.sh"
  # The interpreter is not instrumented: it loads the ASan runtime first
  # (LD_PRELOAD; python/tests/conftest.py keeps it from the programs the
  # tests start) and the options our tools carry in SanitizerDefaults.c.
  # CPython's and numpy's own allocations at exit are suppressed
  # (python/tests/lsan-cpython.supp); leaks from our libraries are reported.
  rt=$(clang-22 -print-file-name=libclang_rt.asan-x86_64.so)
  run_suites "asan " "$ASAN_BUILD" LD_PRELOAD="$rt" WMMA_SANITIZER_PRELOAD="$rt" \
    ASAN_OPTIONS=allow_user_poisoning=0:use_sigaltstack=0:malloc_context_size=2 \
    LSAN_OPTIONS=suppressions="$ROOT/python/tests/lsan-cpython.supp"
  set +e
  # The generated code must not depend on the C compiler: the GCC build
  # and the clang-built sanitizer build emit the same MLIR and ISA.
  bash "$ROOT/scripts/check-reproducible.sh" "$BUILD" "$ASAN_BUILD" 2>&1 |
    tee "$ASAN_BUILD/reproducible.log"
  repro_status=${PIPESTATUS[0]}
  # ... and statically: no expression leaves the order of two IR-building
  # operands to the C compiler (paths the examples do not reach included).
  "$PYTHON" "$ROOT/scripts/find-unsequenced-ir.py" "$BUILD" 2>&1 |
    tee -a "$ASAN_BUILD/reproducible.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || repro_status=1
  WMMA_FUZZ_DIR="$ASAN_BUILD/fuzz-smoke" bash "$ROOT/scripts/fuzz-campaign.sh" \
    --smoke --time "${WMMA_FUZZ_SMOKE_SECONDS:-30}" 2>&1 | tee "$ASAN_BUILD/fuzz-smoke.log"
  fuzz_status=${PIPESTATUS[0]}
  set -e
  fuzz_ok=$(grep -c ', 0 new crashers' "$ASAN_BUILD/fuzz-smoke.log" || true)
  fuzz_bad=$(( 4 - fuzz_ok ))
  [ "$fuzz_status" -eq 0 ] || { status=1; [ "$fuzz_bad" -gt 0 ] || fuzz_bad=1; }
  summary="${summary}fuzz smoke: ${fuzz_ok} harnesses clean, ${fuzz_bad} failed; "
  total_passed=$((total_passed + fuzz_ok))
  total_failed=$((total_failed + fuzz_bad))
  if [ "$repro_status" -eq 0 ]; then
    summary="${summary}reproducible: GCC and clang builds emit the same code, no unsequenced IR building; "
    total_passed=$((total_passed + 1))
  else
    summary="${summary}reproducible: GCC and clang builds differ or IR building is unsequenced; "
    total_failed=$((total_failed + 1))
    status=1
  fi
fi

# One summary line any CI reader understands, then the totals.
echo "${summary%; }"
echo "${total_passed} passed, ${total_failed} failed"
exit $status
