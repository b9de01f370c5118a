"""run(..., kernel_ir=PATH): a kernel compiled earlier runs on the emulator;
wmma-run's bound judges 16-bit-accumulated long-K GEMMs (gamma < 0.5, a
zeroed output fails, a vacuous bound FAILs)."""

import importlib.util
import json
import os
import re
import subprocess

import numpy as np
import pytest

import wmma
from conftest import SRC_ROOT

U32 = 2.0**-24
U16 = 2.0**-11
INPUTS = os.path.join(SRC_ROOT, "test", "tools", "wmma-run", "Inputs")


def _mutator():
    spec = importlib.util.spec_from_file_location(
        "mutate_kernel", os.path.join(INPUTS, "mutate-kernel.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _source(name):
    with open(os.path.join(INPUTS, name)) as f:
        return f.read()


def _write_kernel(tmp_path, compiled, name="k.ll"):
    path = tmp_path / name
    path.write_text(compiled.artifact)
    (tmp_path / (name + ".json")).write_text(json.dumps(compiled.manifest))
    return path


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_kernel_ir_runs_the_given_kernel(tmp_path, chip):
    src = _source("longk-f16-acc.mlir")   # 20x40x2048, f16 output
    compiled = wmma.compile(src, chip, emit="llvm")
    path = _write_kernel(tmp_path, compiled)
    inputs = wmma.random_inputs(compiled.manifest, seed=3)
    got = wmma.run(None, chip, inputs, kernel_ir=path)["C"]
    assert np.array_equal(got, wmma.run(src, chip, inputs)["C"])
    # f32 sums (2*K*u32 between two orders) and one rounding to f16.
    a, b = (np.asarray(inputs[n], dtype=np.float64) for n in ("A", "B"))
    want, mag = a @ b, np.abs(a) @ np.abs(b)
    bound = (2 * 2048 * U32 + 2 * U16) * mag
    assert (np.abs(got.astype(np.float64) - want) <= bound).all()
    # The bound separates the result from zero.
    assert (np.abs(want) > bound).mean() > 0.5
    # A kernel that stores zeros is caught by the same bound.
    m = _mutator()
    zeroed = m.zero_stores(compiled.artifact.split("\n"), False)
    (tmp_path / "zero.ll").write_text("\n".join(zeroed))
    (tmp_path / "zero.ll.json").write_text((tmp_path / "k.ll.json").read_text())
    bad = wmma.run(None, chip, inputs, kernel_ir=tmp_path / "zero.ll")["C"]
    assert not bad.any()
    assert not (np.abs(bad.astype(np.float64) - want) <= bound).all()


def test_kernel_ir_refusals(tmp_path):
    src = _source("gemm-f16-tails.mlir")
    compiled = wmma.compile(src, "gfx1100", emit="llvm")
    path = _write_kernel(tmp_path, compiled)
    inputs = wmma.random_inputs(compiled.manifest, seed=1)
    with pytest.raises(wmma.WmmaError, match=r"not gfx1201"):
        wmma.run(None, "gfx1201", inputs, kernel_ir=path)
    lone = tmp_path / "lone.ll"
    lone.write_text(compiled.artifact)
    with pytest.raises(wmma.WmmaError, match=r"cannot read the launch manifest"):
        wmma.run(None, "gfx1100", inputs, kernel_ir=lone)
    with pytest.raises(ValueError, match=r"backend='emu'"):
        wmma.run(None, "gfx1100", inputs, kernel_ir=path, backend="hip")


def _wmma_run(tools_dir, *args):
    p = subprocess.run([os.path.join(tools_dir, "wmma-run")] + list(args),
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


@pytest.mark.parametrize("name,chip", [("longk-f16-acc-8192.mlir", "gfx1100"),
                                       ("bf16-acc-128.mlir", "gfx1201"),
                                       ("longk-bf16-acc-2x1280x8192.mlir", "gfx1100")])
def test_long_k_16_bit_accumulation_is_judged(tools_dir, tmp_path, name, chip):
    src = os.path.join(INPUTS, name)
    ll = str(tmp_path / "k.ll")
    # A pinned tile keeps one kernel: the decode template would split the
    # M = 2 product's K across two launches, whose IR is not one kernel.
    subprocess.run([os.path.join(tools_dir, "wmma-compile"), src, "--chip", chip,
                    "--tile", "16x64", "--emit", "llvm", "-o", ll], check=True)
    rc, out = _wmma_run(tools_dir, src, "--chip", chip, "--kernel-ir", ll)
    assert rc == 0, out
    gamma = float(re.search(r"gamma ([0-9.e+-]+),", out).group(1))
    assert 0 < gamma < 0.05
    m = _mutator()
    assert m.apply_one("zero-all-stores", ll, ll + ".zero.ll") == 0
    rc, out = _wmma_run(tools_dir, src, "--chip", chip, "--kernel-ir", ll + ".zero.ll")
    assert rc == 1 and "-> FAIL" in out, out


def test_vacuous_bound_fails_unless_tolerances_given(tools_dir):
    src = os.path.join(INPUTS, "longk-bf16-acc-2x1280x8192.mlir")
    rc, out = _wmma_run(tools_dir, src, "--chip", "gfx1201", "--accumulate", "native")
    assert rc == 1
    assert "the check is vacuous: gamma >= 0.5" in out
    src = os.path.join(INPUTS, "longk-f16-acc-8192.mlir")
    rc, out = _wmma_run(tools_dir, src, "--chip", "gfx1100", "--accumulate", "native",
                        "--rtol", "0.5", "--atol", "0.5")
    assert rc == 0 and "vacuous" not in out, out
