"""Grouped-query decode attention through Python (bench/llm_attention.py's
linalg): K and V are read once -- global bytes loaded within 1.1x of the
minimum (K and V once, Q once) -- by the decode_attention template (a
program of it and its merge when the KV sequences are split across
workgroups), the launch fills the chip's largest part with at least 8
waves per CU, and the result matches numpy's softmax(Q K^T / sqrt(d)) V
with each query head reading KV head h // G."""

import os
import sys

import numpy as np
import pytest

import wmma

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))), "bench"))
import llm_attention  # noqa: E402  (bench/llm_attention.py)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("H,HKV,KV,D", [(8, 2, 700, 128), (16, 2, 333, 64),
                                         (32, 8, 2048, 128), (4, 4, 1, 64)])
def test_decode_attention_traffic_and_numbers(chip, H, HKV, KV, D):
    source = llm_attention.decode_attention(H, HKV, KV, D)
    compiled = wmma.compile(source, chip, emit="llvm")
    manifest = compiled.manifest
    launches = manifest.get("launches", [manifest])
    assert all('template = "decode_attention"' in l["schedule"] for l in launches)
    grid = launches[0]["grid"]
    waves = grid[0] * grid[1] * grid[2] * launches[0]["block"][0] // 32
    # The waves and the split are the modelled time's choice
    # (Schedule/AttentionCost.c): one launch, or the kernel and its merge.
    assert waves >= 1 and len(launches) in (1, 2)
    inputs = wmma.random_inputs(manifest, seed=5)
    outputs, counters = wmma.run(source, chip, inputs, stats=True)
    minimum = 2 * HKV * KV * D * 2 + H * D * 2
    assert counters["global_bytes_loaded"] <= 1.1 * minimum
    q, k, v = (np.asarray(inputs[n], dtype=np.float64) for n in ("Q", "K", "V"))
    G = H // HKV
    kh = np.repeat(k, G, axis=1)  # query head h reads KV head h // G
    vh = np.repeat(v, G, axis=1)
    s = q @ kh.transpose(0, 1, 3, 2) * np.float32(1.0 / D ** 0.5)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    # P rounded to f16 before P V (the linalg casts it), as the kernel does.
    want = p.astype(np.float16).astype(np.float64) @ vh
    got = np.asarray(list(outputs.values())[0], dtype=np.float64)
    # |P V| <= max |V| <= 1 and P sums to 1: f16 rounding of P (2^-11
    # relative per element, on a sum of weights 1) and of the f16 output,
    # plus the kernel's own exp and f32 sums.
    assert np.all(np.abs(got - want) <= 2e-3 + 2.0**-10 * np.abs(want))


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("H,HKV,KV,D", [(32, 8, 2048, 128), (16, 2, 300, 64),
                                         (4, 4, 1, 128)])
def test_decode_attention_without_token_dim(chip, H, HKV, KV, D):
    """The step as torch-mlir and IREE emit it (q [H, D], K and V
    [HKV, KV, D], out [H, D]; the KV length a run-time size): the same
    decode_attention program, K and V read once."""
    source = llm_attention.decode_attention_tokenless(H, HKV, "?", D)
    compiled = wmma.compile(source, chip, emit="llvm")
    manifest = compiled.manifest
    launches = manifest.get("launches", [manifest])
    assert len(launches) in (1, 2)  # the kernel, and its merge if split
    assert all('template = "decode_attention"' in l["schedule"] for l in launches)
    sym = next(a["shape"][1] for a in manifest["args"] if a["name"] == "K")
    inputs = wmma.random_inputs(manifest, seed=7, sizes={sym: KV})
    outputs, counters = wmma.run(source, chip, inputs, stats=True)
    if KV >= 2048:  # (shorter run-time lengths: the split's partials dominate)
        minimum = 2 * HKV * KV * D * 2 + H * D * 2
        assert counters["global_bytes_loaded"] <= 1.1 * minimum
    q, k, v = (np.asarray(inputs[n], dtype=np.float64) for n in ("Q", "K", "V"))
    G = H // HKV
    kh = np.repeat(k, G, axis=0)  # query head h reads KV head h // G
    vh = np.repeat(v, G, axis=0)
    s = np.einsum("hd,hnd->hn", q, kh) * np.float32(1.0 / D ** 0.5)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    want = np.einsum("hn,hnd->hd", p.astype(np.float16).astype(np.float64), vh)
    got = np.asarray(list(outputs.values())[0], dtype=np.float64)
    assert got.shape == (H, D)
    # As above: f16 rounding of P and of the output, the kernel's exp and
    # f32 sums.
    assert np.all(np.abs(got - want) <= 2e-3 + 2.0**-10 * np.abs(want))
