"""LLM decode layers through Python: a W4A16 layer (int4 weights packed two
per i8 along K, group-128 scales) at M = 1 (and 3, 4 on RDNA4) streams the
packed weights once -- global bytes loaded within 1.1x of the minimum
(packed weights, scales and activations once each) -- with at least 8 waves
per CU of each chip's largest part, and matches numpy's evaluation of the
same dequantisation."""

import os
import sys

import numpy as np
import pytest

import wmma

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))), "bench"))
import llm  # noqa: E402  (bench/llm.py: the layer's linalg source)


def dequantized(w, s, N, K, G):
    """W'[k][n] = s[k / G][n] * int4(packed[k / 2][n] >> 4 (k mod 2))."""
    q = w.astype(np.uint8)
    nib = np.empty((K, N), dtype=np.int64)
    nib[0::2] = q & 15
    nib[1::2] = q >> 4
    nib = np.where(nib >= 8, nib - 16, nib)
    return nib.astype(np.float64) * np.repeat(s.astype(np.float64), G,
                                              axis=0)[:K]


def assert_matches_dequantized(inputs, outputs, N, K, G):
    """y = x @ dequantized(w, s) element-wise: f32 sums of K products of f16
    values (a scale times a nibble rounds once to f16: u16 more), so
    2 K u32 + u16 relative to sum |x||w'|."""
    x, w, s = (np.asarray(inputs[k]) for k in ("x", "w", "s"))
    deq = dequantized(w, s, N, K, G)
    want = x.astype(np.float64) @ deq
    got = np.asarray(outputs["y"], dtype=np.float64)
    mag = np.abs(x.astype(np.float64)) @ np.abs(deq)
    assert np.all(np.abs(got - want) <= (2 * K * 2.0**-24 + 2.0**-11) * mag)


# M = 3 and 4 on RDNA4: 16 column tiles per wave sharing 4 accumulators
# (DecodeWide.c), so 16 workgroups read the activations, not 32 (1.15x the
# minimum at M = 4 before).  RDNA3 keeps 8 tiles at M > 1 (1.15x at M = 4).
@pytest.mark.parametrize("chip,M", [("gfx1100", 1), ("gfx1201", 1),
                                    ("gfx1201", 3), ("gfx1201", 4)])
def test_w4a16_decode_traffic_and_numbers(chip, M):
    N, K, G = 4096, 4096, 128
    source = llm.w4a16(M, N, K, G)
    compiled = wmma.compile(source, chip, emit="llvm")
    manifest = compiled.manifest
    # (gfx1100 at M = 1: K split across 3 workgroups too, two launches.)
    first = (manifest.get("launches") or [manifest])[0]
    assert 'template = "decode"' in first["schedule"]
    inputs = wmma.random_inputs(manifest, seed=3)
    outputs, counters = wmma.run(source, chip, inputs, stats=True)
    minimum = K // 2 * N + (K // G) * N * 2 + M * K * 2
    assert counters["global_bytes_loaded"] <= 1.1 * minimum
    waves = 1
    for g in first["grid"]:
        waves *= g
    waves *= first["block"][0] // 32
    assert waves >= 8 * wmma.chip_info(chip)["compute_units"]
    assert_matches_dequantized(inputs, outputs, N, K, G)


# K split across workgroups as well (Templates/DecodeSplit.c): at M = 4 on
# gfx1100 (96 CUs) 16 column blocks of 128 columns x 2 workgroups along K
# (the f32 partials added in part order by a second kernel) load fewer
# bytes than 32 blocks without the split (1.12x the minimum before, the
# activations read 32 times); at odd N = 2047 on gfx1201, 8 blocks of 256
# x 2 instead of 16 blocks.
@pytest.mark.parametrize("chip,M,N,before", [("gfx1100", 4, 4096, 1.12),
                                             ("gfx1201", 4, 2047, None)])
def test_w4a16_decode_split_across_workgroups(chip, M, N, before):
    K, G = 4096, 128
    source = llm.w4a16(M, N, K, G)
    compiled = wmma.compile(source, chip, emit="llvm")
    launches = compiled.manifest["launches"]
    assert len(launches) == 2
    assert all('template = "decode"' in l["schedule"] for l in launches)
    assert launches[0]["grid"][1] == 2 and launches[1]["block"][0] == 32
    inputs = wmma.random_inputs(compiled.manifest, seed=5)
    outputs, counters = wmma.run(source, chip, inputs, stats=True)
    minimum = K // 2 * N + (K // G) * N * 2 + M * K * 2
    if before:
        assert counters["global_bytes_loaded"] < (before - 0.01) * minimum
    g = launches[0]["grid"]
    assert g[0] * g[1] * g[2] * launches[0]["block"][0] // 32 >= \
        8 * wmma.chip_info(chip)["compute_units"]
    # The P partials are f32 sums added in f32: one more rounding per part,
    # within the bound's 2 K u32 term.
    assert_matches_dequantized(inputs, outputs, N, K, G)


# K not a multiple of the split (Templates/DecodeSplit.c, fe_decode_k_range):
# K = 4100 is 33 iterations of a 128-group (the last 4 deep) spread evenly
# over the 32 slices (the last slice takes two), so the layer keeps the
# column blocks of K = 4096 -- before, no split left every slice busy and
# the rule fell back to 32-column blocks of 2 or 4 waves, the activations
# read 128 times: 1.15x the minimum on both chips (1.015x and 1.03x now).
@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_w4a16_decode_uneven_k(chip):
    M, N, K, G = 1, 4096, 4100, 128
    source = llm.w4a16(M, N, K, G)
    compiled = wmma.compile(source, chip, emit="llvm")
    manifest = compiled.manifest
    # The plan by the modelled time (Schedule/DecodeCost.c): on gfx1100 8
    # waves along K x 3 workgroups (two launches), on gfx1201 16 waves.
    first = (manifest.get("launches") or [manifest])[0]
    assert 'template = "decode"' in first["schedule"]
    inputs = wmma.random_inputs(manifest, seed=7)
    outputs, counters = wmma.run(source, chip, inputs, stats=True)
    minimum = K // 2 * N + -(-K // G) * N * 2 + M * K * 2
    assert counters["global_bytes_loaded"] <= 1.1 * minimum
    waves = first["grid"][0] * first["grid"][1] * first["grid"][2]
    waves *= first["block"][0] // 32
    assert waves >= 8 * wmma.chip_info(chip)["compute_units"]
    assert_matches_dequantized(inputs, outputs, N, K, G)


# Plain f16 weights: on RDNA3 a B fragment is replicated across the lane
# halves, so reading it straight from memory loaded every weight twice
# (67.3 MB at 4096 x 4096, 2.0x the minimum, on gfx1100); the decode
# template loads it compact and replicates it with v_permlanex16, as it does
# the activations.
@pytest.mark.parametrize("chip,K", [("gfx1100", 4096), ("gfx1201", 4096),
                                    ("gfx1100", 4100)])
def test_f16_decode_reads_weights_once(chip, K):
    M, N = 1, 4096
    source = llm.f16_layer(M, N, K)
    compiled = wmma.compile(source, chip, emit="llvm")
    launches = compiled.manifest.get("launches") or [compiled.manifest]
    assert all('template = "decode"' in l["schedule"] for l in launches)
    inputs = wmma.random_inputs(compiled.manifest, seed=11)
    outputs, counters = wmma.run(source, chip, inputs, stats=True)
    minimum = K * N * 2 + M * K * 2
    assert counters["global_bytes_loaded"] <= 1.1 * minimum
    g, block = launches[0]["grid"], launches[0]["block"][0]
    assert g[0] * g[1] * g[2] * block // 32 >= \
        8 * wmma.chip_info(chip)["compute_units"]
    x, w = (np.asarray(inputs[k], dtype=np.float64) for k in ("x", "w"))
    want = x @ w
    got = np.asarray(outputs["y"], dtype=np.float64)
    # f32 sums of K exact f16 products (plus one rounding per part).
    mag = np.abs(x) @ np.abs(w)
    assert np.all(np.abs(got - want) <= 2 * K * 2.0**-24 * mag)
