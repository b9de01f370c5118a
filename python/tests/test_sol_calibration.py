"""bench/sol_calibration.py in its cheap mode (the chip table only, no
compile): every row of calibration.tsv is compared with the model or says
why it cannot be, and no published peak exceeds the chip table's peak of
that type by more than 5% unless the script names why (a clock above boost,
a cache the table lacks); anything else would mean the table is wrong."""

import os
import subprocess
import sys

from conftest import BUILD_DIR, SANITIZER_PRELOAD, SRC_ROOT

sys.path.insert(0, os.path.join(SRC_ROOT, "bench"))
os.environ.setdefault("WMMA_BUILD_DIR", BUILD_DIR)
import sol_calibration as cal  # noqa: E402

import wmma  # noqa: E402

COMPARED = {"wmma-gemm", "f32", "llama", "attention", "peak"}
# The only reasons a row may go uncompared.
REASONS = ("no single shape", "the chip table has no RDNA4 fp64 rate")


def test_every_row_compared_or_explained():
    cov = cal.coverage()
    assert len(cov) == len(cal.rows()) == 89
    for c in cov:
        if c["kind"] == "none":
            assert c["reason"] and c["reason"].startswith(REASONS), c
        else:
            assert c["kind"] in COMPARED and c["reason"] is None, c
    # What stays uncompared: the three sweeps and the RDNA4 fp64 loop.
    assert sum(c["kind"] == "none" for c in cov) == 4
    # The GEMM rows bench/sol.py does not model are all f32 or llama.cpp's.
    gemm = [c for c in cov if c["row"]["workload"] in ("GEMM", "SGEMM (VALU)", "GEMV")]
    assert {c["kind"] for c in gemm} == {"wmma-gemm", "f32", "llama", "none"}


def test_published_peaks_within_the_chip_table():
    above = {}
    compared = 0
    for r in cal.rows():
        if cal.classify(r)[0] != "peak":
            continue
        p = cal.peak_row(r, wmma.chip_info(r["llvm_target"]))
        if p["ratio"] is None:
            continue
        compared += 1
        assert p["ratio"] > 0.3, p  # a unit or type mix-up
        if p["ratio"] > cal.PEAK_SLACK:
            above[(r["gpu"], r["workload"])] = p["ratio"]
    assert compared == 20
    # Exactly the explained ones exceed the table: the 7900 XTX's vkpeak
    # loop (1.06: above boost) and its device copy counted as read + write
    # (1.35: more than the bus carries).
    assert set(above) == set(cal.ABOVE_TABLE)
    assert above[("7900 XTX", "Peak microbenchmark")] < 1.07


def test_cheap_mode_prints_every_row():
    # The child interpreter loads libwmma-c.so: under the sanitizer build
    # it needs the runtime preloaded (conftest.py).
    env = dict(os.environ)
    if SANITIZER_PRELOAD:
        env["LD_PRELOAD"] = SANITIZER_PRELOAD
    out = subprocess.run([sys.executable, os.path.join(SRC_ROOT, "bench", "sol_calibration.py"),
                          "--cheap", "--build", BUILD_DIR],
                         capture_output=True, text=True, check=True, env=env).stdout
    coverage = out.split("### Peaks")[0]
    assert coverage.count("\n| ") - 1 == 89  # the header row
    assert "not compared: no single shape" in coverage
    assert "| 1.35 |" in out and "| 1.06 |" in out
