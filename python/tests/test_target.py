"""wmma.chip_info(): the layout engine's target description, checked
against the collected per-product data (test/Layout/Inputs/rdna-chips/
chips.tsv, read here with csv) and against `wmma-layout --info`."""

import csv
import os
import subprocess

import pytest

import wmma
from conftest import BUILD_DIR, SRC_ROOT

TSV = os.path.join(SRC_ROOT, "test", "Layout", "Inputs", "rdna-chips", "chips.tsv")


def rows():
    with open(TSV, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


@pytest.mark.parametrize("chip", wmma.chips())
def test_parts_match_chips_tsv(chip):
    info = wmma.chip_info(chip)
    want = [r for r in rows() if r["llvm_target"] == chip]
    assert [p["product"] for p in info["parts"]] == [r["product"] for r in want]
    for part, r in zip(info["parts"], want):
        assert part["compute_units"] == int(r["cu_count"])
        assert part["boost_clock_mhz"] == int(r["boost_clock_mhz"])
        assert part["game_clock_mhz"] == (int(r["game_clock_mhz"])
                                          if r["game_clock_mhz"] else None)
        assert part["sustained_clock_mhz"] == int(r["game_clock_mhz"]
                                                  or r["boost_clock_mhz"])
        assert part["dram_bytes_per_s"] == round(float(r["dram_bw_gbs"]) * 1e9)
        assert part["wmma_f16_peak_flops"] / 1e12 == pytest.approx(
            float(r["peak_wmma_f16_tflops_at_boost"]), abs=0.051)
        assert info["vgprs_per_simd"] == int(r["vgprs_per_simd_wave32"])
        t = info["traits"]
        assert t["wmma_issue_cycles"]["v_wmma_f32_16x16x16_f16"] == int(
            r["wmma_f16_bf16_issue_cycles"])
        assert t["valu_instr_per_clk_per_simd"] * t["simds_per_cu"] * 64 == int(
            r["valu_fp32_flops_per_clk_per_cu_single_issue"])
        assert t["cus_per_wgp"] * int(r["wgp_count"]) == int(r["cu_count"])
        assert t["lds_write_bytes_per_clk_per_cu"] == int(r["lds_bw_bytes_per_clk_per_cu"])
        assert bool(t["fp8_wmma"]) == bool(r["wmma_fp8_bf8_issue_cycles"])
        assert bool(t["sparse_wmma"]) == bool(r["swmmac_f16_bf16_issue_cycles"])
    if want:
        largest = max(want, key=lambda r: int(r["cu_count"]))  # first on a tie
        assert info["compute_units"] == int(largest["cu_count"])
        assert [p["product"] for p in info["parts"]
                if p["key"] == info["largest"]] == [largest["product"]]
    else:
        assert info["largest"] is None


def test_traits_per_architecture():
    r3, r4 = wmma.chip_info("gfx1151")["traits"], wmma.chip_info("gfx1200")["traits"]
    assert (r3["arch"], r4["arch"]) == ("rdna3", "rdna4")
    # docs/hardware.md: RDNA3 replicates A/B, interleaves C rows and keeps
    # 16-bit results in OPSEL halves; RDNA4 splits K and packs.
    assert (r3["ab_replicated"], r3["k_split"], r3["acc16_opsel_halves"],
            r3["acc_rows_interleaved"], r3["ab_layout"]) == (1, 0, 1, 1, "hw")
    assert (r4["ab_replicated"], r4["k_split"], r4["acc16_opsel_halves"],
            r4["acc_rows_interleaved"], r4["ab_layout"]) == (0, 1, 0, 0, "kcontig")
    assert "v_wmma_f32_16x16x16_fp8_fp8" in r4["wmma_issue_cycles"]
    assert "v_wmma_f32_16x16x16_fp8_fp8" not in r3["wmma_issue_cycles"]


def test_agrees_with_the_tool():
    out = subprocess.run([os.path.join(BUILD_DIR, "bin", "wmma-layout"), "--chip",
                          "gfx1100", "--info"], check=True, capture_output=True,
                         text=True).stdout
    info = wmma.chip_info("gfx1100")
    for p in info["parts"]:
        assert "part: %s (%s)" % (p["product"], p["key"]) in out
        assert "f16 WMMA peak: %.1f TFLOPS" % (p["wmma_f16_peak_flops"] / 1e12) in out
    assert "compute units: %d (largest part: Radeon RX 7900 XTX)" % info[
        "compute_units"] in out


def test_errors():
    with pytest.raises(wmma.WmmaError, match="unknown chip 'gfx9000'"):
        wmma.chip_info("gfx9000")
    with pytest.raises(TypeError, match="chip must be a str"):
        wmma.chip_info(1100)
