#!/usr/bin/env bash
# Fuzzes the wmma-fuzz-* libFuzzer harnesses of a WMMA_FUZZ build.
#
#   scripts/fuzz-campaign.sh [--smoke] [--time SECONDS] [--jobs N] [HARNESS...]
#
# HARNESS: dialect, frontend, emulator, layout (default: all four, one after
# the other).  Each runs --time seconds (default 3600) on its corpus in
# $WMMA_FUZZ_DIR/corpus/HARNESS (default build-asan/fuzz-work), seeded from
# the test inputs (fuzz/make-corpus.py) and grown across runs; crashers go to
# $WMMA_FUZZ_DIR/artifacts/HARNESS/.  Campaigns run in libFuzzer's fork mode
# (N jobs, default 1) and keep going after a crash; --smoke runs in-process
# and stops at the first crash with a non-zero status (the test command's
# 30-second check): from the seeds alone, with a fixed random seed and at
# most about 30 seconds' worth of executions on a 2-core machine, so that
# the same build explores the same inputs every time (a smoke run that
# fails has found a regression, not a rare flake).  Always under nice -n 19.
# Prints one line per harness: executions, seconds, corpus size, crashers.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${WMMA_ASAN_BUILD_DIR:-$ROOT/build-asan}"
WORK="${WMMA_FUZZ_DIR:-$BUILD/fuzz-work}"
TIME=3600 JOBS=1 SMOKE=0
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) SMOKE=1 ;;
    --time) TIME="$2"; shift ;;
    --jobs) JOBS="$2"; shift ;;
    dialect|frontend|emulator|layout) harnesses+=("$1") ;;
    *) echo "fuzz-campaign: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(dialect frontend emulator layout)

declare -A DICT=([dialect]=mlir.dict [frontend]=mlir.dict [emulator]=llvm.dict)
declare -A MAXLEN=([dialect]=16384 [frontend]=16384 [emulator]=65536 [layout]=512)
declare -A SMOKE_RUNS=([dialect]=2000 [frontend]=1500 [emulator]=25000 [layout]=10000)
status=0
for h in "${harnesses[@]}"; do
  bin="$BUILD/bin/wmma-fuzz-$h"
  if [ ! -x "$bin" ]; then
    echo "fuzz-campaign: $bin missing (build with -DWMMA_FUZZ=ON; scripts/build-asan.sh)" >&2
    exit 2
  fi
  corpus="$WORK/corpus/$h" artifacts="$WORK/artifacts/$h"
  if [ "$SMOKE" = 1 ]; then
    corpus="$WORK/smoke-corpus/$h"
    rm -rf "$corpus"
  fi
  mkdir -p "$corpus" "$artifacts"
  log="$WORK/$h.log"
  # Seeds: the normal build's wmma-compile adds device IR for the emulator.
  python3 "$ROOT/fuzz/make-corpus.py" "$h" "$corpus" --build "${WMMA_BUILD_DIR:-$ROOT/build}" >/dev/null
  args=(-max_len="${MAXLEN[$h]}" -timeout=60 -rss_limit_mb=4096
        -artifact_prefix="$artifacts/" -print_final_stats=1)
  [ -n "${DICT[$h]:-}" ] && args+=(-dict="$ROOT/fuzz/dicts/${DICT[$h]}")
  if [ "$SMOKE" = 1 ]; then
    args+=(-max_total_time="$TIME" -seed=1 -runs="${SMOKE_RUNS[$h]}")
  else
    args+=(-max_total_time="$TIME" -fork="$JOBS" -ignore_crashes=1
           -ignore_timeouts=1 -ignore_ooms=1)
  fi
  # Crashers: crash-, leak-, timeout- and oom- artifacts; libFuzzer's
  # slow-unit- files (an input slower than 10 s, e.g. while the machine is
  # busy) are counted apart.
  failures() { ls "$artifacts" | grep -cvE '^slow-unit-' || true; }
  slow() { ls "$artifacts" | grep -cE '^slow-unit-' || true; }
  before=$(failures)
  slow_before=$(slow)
  start=$(date +%s)
  set +e
  nice -n 19 "$bin" "${args[@]}" "$corpus" >"$log" 2>&1
  rc=$?
  set -e
  secs=$(( $(date +%s) - start ))
  # In-process: "stat::number_of_executed_units: N"; fork mode: "#N: cov:".
  execs=$(grep -oE 'number_of_executed_units: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || true)
  [ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  crashes=$(( $(failures) - before ))
  slows=$(( $(slow) - slow_before ))
  echo "fuzz $h: ${execs:-0} executions in ${secs}s, corpus $(ls "$corpus" | wc -l) inputs, $crashes new crashers, $slows slow inputs (log $log)"
  if [ "$rc" -ne 0 ] || [ "$crashes" -gt 0 ]; then
    status=1
    if [ "$SMOKE" = 1 ]; then
      grep -E 'ERROR|oracle|SUMMARY|Test unit written' "$log" | head -20 >&2 || true
    fi
  fi
done
exit $status
