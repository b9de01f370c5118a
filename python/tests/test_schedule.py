"""Pinned schedules from Python: the manifest's "schedule" (the kernel's
#wmma.schedule) put back on the function compiles exactly that kernel;
a changed choice is built and computes the right numbers; a schedule
that does not fit is refused with the reason."""

import re

import numpy as np
import pytest

import wmma

U32 = 2.0**-24

GEMM = """
func.func @gemm(%A: memref<{m}x{k}xf16>, %B: memref<{k}x{n}xf16>, %C: memref<{m}x{n}xf32>){attrs} {{
  linalg.matmul ins(%A, %B : memref<{m}x{k}xf16>, memref<{k}x{n}xf16>) outs(%C : memref<{m}x{n}xf32>)
  return
}}
"""


def gemm(m, n, k, schedule=None):
    attrs = "" if schedule is None else " attributes {wmma.schedule = %s}" % schedule
    return GEMM.format(m=m, n=n, k=k, attrs=attrs)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_manifest_schedule_pins_the_same_kernel(chip):
    first = wmma.compile(gemm(96, 72, 80), chip, emit="llvm")
    schedule = first.manifest["schedule"]
    assert schedule.startswith('#wmma.schedule<template = "gemm"')
    again = wmma.compile(gemm(96, 72, 80, schedule), chip, emit="llvm")
    assert again.manifest["schedule"] == schedule
    assert again.artifact == first.artifact


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_changed_choice_is_built_and_right(chip):
    default = wmma.compile(gemm(96, 72, 80), chip, emit="llvm").manifest["schedule"]
    # Staged through LDS (the cost rule keeps this size in registers) in
    # 64-wide K steps, with B copied element by element.
    pinned = default
    for pattern, value in [
            (r"staging = \w+", "staging = lds"),
            (r"tile = \[[0-9, ]+\]", "tile = [64, 64, 64]"),
            (r"waves = \[[0-9, ]+\]", "waves = [2, 2]"),
            (r"wave_tile = \[[0-9, ]+\]", "wave_tile = [2, 2]"),
            (r"stages = \d+", "stages = 2"),
            (r"tails = \[[a-z, ]+\]", "tails = [true, true, true]"),
            (r"copy = \[[a-z, ]+\]", "copy = [vec, scalar]")]:
        pinned = re.sub(pattern, value, pinned)
    assert pinned != default
    src = gemm(96, 72, 80, pinned)
    assert wmma.compile(src, chip, emit="llvm").manifest["schedule"] == pinned
    rng = np.random.default_rng(5)
    a = rng.uniform(-1, 1, (96, 80)).astype(np.float16)
    b = rng.uniform(-1, 1, (80, 72)).astype(np.float16)
    c = np.zeros((96, 72), dtype=np.float32)
    out = wmma.run(src, chip, {"A": a, "B": b, "C": c})["C"]
    exact = a.astype(np.float64) @ b.astype(np.float64)
    mag = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
    bound = 2 * 80 * U32 * mag
    assert (np.abs(out - exact) <= bound).all()
    assert np.median(bound) < 0.02 * np.median(np.abs(exact))


def test_schedule_that_does_not_fit_is_refused():
    default = wmma.compile(gemm(96, 72, 80), "gfx1201", emit="llvm").manifest["schedule"]
    pinned = re.sub(r"tile = \[(\d+), (\d+), \d+\]", r"tile = [\1, \2, 128]", default)
    pinned = re.sub(r"staging = \w+, ", "staging = lds, ", pinned)
    pinned = re.sub(r"stages = \d+", "stages = 2", pinned)
    pinned = re.sub(r"copy = \[[a-z, ]+\]", "copy = [vec, wmma]", pinned)
    with pytest.raises(wmma.WmmaError) as e:
        wmma.compile(gemm(96, 72, 80, pinned), "gfx1201")
    assert "the pinned gemm schedule does not fit" in str(e.value)
    assert "K step of 16, 32 or 64" in str(e.value)
