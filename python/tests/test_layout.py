"""layout(): the register maps against the closed-form rules of
docs/hardware.md, written out independently here, and the grid text
against the wmma-layout tool."""

import os
import re
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import wmma

RDNA3_INSTRS = ["v_wmma_f32_16x16x16_f16", "v_wmma_f32_16x16x16_bf16",
                "v_wmma_f16_16x16x16_f16", "v_wmma_bf16_16x16x16_bf16",
                "v_wmma_i32_16x16x16_iu8", "v_wmma_i32_16x16x16_iu4"]
RDNA4_INSTRS = RDNA3_INSTRS + [
    "v_wmma_i32_16x16x32_iu4", "v_wmma_f32_16x16x16_fp8_fp8",
    "v_wmma_f32_16x16x16_fp8_bf8", "v_wmma_f32_16x16x16_bf8_fp8",
    "v_wmma_f32_16x16x16_bf8_bf8"]
BITS = {"f16": 16, "bf16": 16, "f32": 32, "i32": 32, "iu8": 8, "fp8": 8,
        "bf8": 8, "iu4": 4}


def parse(instr):
    """v_wmma_ACC_16x16xK_AB[_B] -> (acc bits, A/B bits, K)."""
    m = re.match(r"v_wmma_(\w+?)_16x16x(\d+)_(\w+?)(?:_\w+)?$", instr)
    return BITS[m.group(1)], BITS[m.group(3)], int(m.group(2))


def span(vgpr, index, bits):
    """(vgpr, bit_lo, bit_hi) of sub-element `index` of `bits` bits."""
    return vgpr, index * bits, index * bits + bits - 1


def expected(arch, instr, matrix, row, col, opsel=0):
    """hardware.md, "Register layouts": [(lane, vgpr, bit_lo, bit_hi)]."""
    acc, ab, K = parse(instr)
    if matrix in "AB":
        # A is (m, k); B is (k, n) with n in the role of m.
        mn, k = (row, col) if matrix == "A" else (col, row)
        if arch == "rdna3":
            per = 32 // ab
            return [(lane,) + span(k // per, k % per, ab) for lane in (mn, mn + 16)]
        if ab == 16:
            return [(mn + 16 * ((k // 4) % 2),) + span(2 * (k // 8) + (k // 2) % 2, k % 2, 16)]
        if ab == 8:
            return [(mn + 16 * (k // 8),) + span((k // 4) % 2, k % 4, 8)]
        if K == 16:  # iu4
            return [(mn + 16 * (k // 8),) + span(0, k % 8, 4)]
        return [(mn + 16 * (k // 16),) + span((k // 8) % 2, k % 8, 4)]
    m, n = row, col
    if arch == "rdna3":
        lane, vgpr = n + 16 * (m % 2), m // 2
        if acc == 32:
            return [(lane, vgpr, 0, 31)]
        return [(lane,) + span(vgpr, opsel, 16)]
    lane = n + 16 * (m // 8)
    if acc == 32:
        return [(lane, m % 8, 0, 31)]
    return [(lane,) + span((m // 2) % 4, m % 2, 16)]


CASES = [("rdna3", i, mat) for i in RDNA3_INSTRS for mat in "ABCD"] + \
        [("rdna4", i, mat) for i in RDNA4_INSTRS for mat in "ABCD"]


@pytest.mark.parametrize("arch,instr,matrix", CASES)
def test_register_map_matches_hardware_rules(arch, instr, matrix):
    acc, ab, K = parse(instr)
    opsels = (0, 1) if arch == "rdna3" and matrix in "CD" and acc == 16 else (0,)
    for opsel in opsels:
        lay = wmma.layout(arch, instr, matrix, opsel=opsel)
        rows, cols = {"A": (16, K), "B": (K, 16)}.get(matrix, (16, 16))
        assert (lay.rows, lay.cols) == (rows, cols)
        want = [(r, c) + loc for r in range(rows) for c in range(cols)
                for loc in expected(arch, instr, matrix, r, c, opsel)]
        want = np.array(want, dtype=np.int32)
        got = np.stack([lay.row, lay.col, lay.lane, lay.vgpr, lay.bit_lo, lay.bit_hi], 1)
        assert got.dtype == np.int32
        np.testing.assert_array_equal(got, want)
        # The inverse map agrees on every (lane, vgpr, bits) entry.
        for r, c, lane, vgpr, lo, hi in want[:: max(1, len(want) // 64)]:
            assert lay.element_at(int(lane), int(vgpr), int(hi)) == (r, c)


def test_chip_and_arch_agree_and_sizes():
    by_chip = wmma.layout("gfx1151", "v_wmma_f16_16x16x16_f16", "D", opsel=1)
    by_arch = wmma.layout("rdna3", "v_wmma_f16_16x16x16_f16", "d", opsel=1)
    assert by_chip.chip == "gfx1151" and by_chip.arch == "rdna3" and by_arch.chip is None
    np.testing.assert_array_equal(by_chip.bit_lo, by_arch.bit_lo)
    assert (by_chip.vgprs, by_chip.elem, by_chip.elem_bits) == (8, "f16", 16)
    # RDNA3 16-bit accumulators: the other half holds nothing.
    assert by_chip.element_at(0, 0, 0) is None and by_chip.element_at(0, 0, 16) == (0, 0)
    a3 = wmma.layout("gfx1100", "v_wmma_f32_16x16x16_f16", "A")
    assert len(a3.row) == 2 * 16 * 16 and a3.vgprs == 8  # replicated
    a4 = wmma.layout("gfx1201", "v_wmma_f32_16x16x16_f16", "A")
    assert len(a4.row) == 16 * 16 and a4.vgprs == 4
    assert a4.locate(0, 4) == [(16, 0, 0, 15)]


def _tool(tools_dir, *args):
    exe = os.path.join(tools_dir, "wmma-layout")
    if not os.path.exists(exe):
        pytest.skip("wmma-layout is not built")
    return subprocess.run([exe] + list(args), check=True, capture_output=True,
                          text=True).stdout


@pytest.mark.parametrize("target,instr,matrix,opsel", [
    ("rdna3", "v_wmma_f32_16x16x16_f16", "A", 0),
    ("rdna3", "v_wmma_bf16_16x16x16_bf16", "C", 1),
    ("rdna3", "v_wmma_i32_16x16x16_iu4", "B", 0),
    ("gfx1201", "v_wmma_f32_16x16x16_fp8_bf8", "A", 0),
    ("gfx1200", "v_wmma_i32_16x16x32_iu4", "B", 0),
    ("rdna4", "v_wmma_f16_16x16x16_f16", "D", 0),
])
def test_grid_and_tsv_match_the_tool(tools_dir, target, instr, matrix, opsel):
    lay = wmma.layout(target, instr, matrix, opsel=opsel)
    flag = "--chip" if target.startswith("gfx") else "--arch"
    args = [flag, target, "--instr", instr, "--matrix", matrix, "--opsel", str(opsel)]
    assert lay.grid == _tool(tools_dir, *args, "--format", "grid")
    tsv = _tool(tools_dir, *args).split("\n", 1)[1]
    assert lay.tsv == tsv


@pytest.mark.parametrize("target,instr,matrix,opsel,cells", [
    ("rdna3", "v_wmma_f32_16x16x16_f16", "A", 0, 256),
    ("gfx1100", "v_wmma_f16_16x16x16_f16", "C", 1, 256),
    ("rdna4", "v_wmma_i32_16x16x32_iu4", "B", 0, 512),
])
def test_svg_picture(tools_dir, target, instr, matrix, opsel, cells):
    lay = wmma.layout(target, instr, matrix, opsel=opsel)
    svg = lay.to_svg()
    assert lay._repr_svg_() == svg  # what a notebook displays
    root = ET.fromstring(svg)       # well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == ns + "svg" and int(root.get("width")) > 0
    # The title is the grid's first line; one tooltip cell per element.
    title = [t for t in root.iter(ns + "text") if t.get("class") == "t"][0]
    assert title.text == lay.grid.split("\n", 1)[0]
    assert len(list(root.iter(ns + "g"))) == cells == lay.rows * lay.cols
    flag = "--chip" if target.startswith("gfx") else "--arch"
    assert svg == _tool(tools_dir, flag, target, "--instr", instr, "--matrix",
                        matrix, "--opsel", str(opsel), "--format", "svg")


def test_layout_errors():
    with pytest.raises(wmma.WmmaError, match="unknown chip or architecture 'gfx9000'"):
        wmma.layout("gfx9000", "v_wmma_f32_16x16x16_f16", "A")
    with pytest.raises(wmma.WmmaError, match="unknown instruction 'v_mfma'"):
        wmma.layout("rdna4", "v_mfma", "A")
    with pytest.raises(wmma.WmmaError, match="not available on rdna3 \\(gfx1100\\)"):
        wmma.layout("gfx1100", "v_wmma_f32_16x16x16_fp8_fp8", "A")
    with pytest.raises(ValueError, match="matrix must be one of"):
        wmma.layout("rdna4", "v_wmma_f32_16x16x16_f16", "E")
    with pytest.raises(ValueError, match="opsel must be 0 or 1"):
        wmma.layout("rdna3", "v_wmma_f16_16x16x16_f16", "C", opsel=2)
    with pytest.raises(TypeError, match="chip/arch must be a str"):
        wmma.layout(1100, "v_wmma_f32_16x16x16_f16", "A")
    lay = wmma.layout("rdna4", "v_wmma_f32_16x16x16_f16", "C")
    with pytest.raises(IndexError):
        lay.locate(16, 0)
    with pytest.raises(IndexError):
        lay.element_at(32, 0)
