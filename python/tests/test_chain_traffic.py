"""The BERT FFN + LayerNorm of examples/programs through Python: the fused
chain (chain_lds) reads each weight matrix at most once per row block of
its grid (register blocking shares every loaded fragment among the tiles a
wave computes), and the program's result matches numpy."""
import math
import os

import numpy as np
import pytest

import wmma

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BERT = os.path.join(ROOT, "examples", "programs", "bert-ffn.mlir")


def bert_reference(x, w1, b1, w2, b2, gamma, beta):
    f = np.float32
    m1 = x.astype(f) @ w1.astype(f)
    v = m1 + b1.astype(f)
    erf = np.vectorize(math.erf)(v * f(0.70710678)).astype(f)
    h = (v * (erf + 1) * f(0.5)).astype(np.float16)  # the f16 intermediate
    y = h.astype(f) @ w2.astype(f) + b2.astype(f) + x.astype(f)
    mean = y.mean(axis=1, keepdims=True)
    var = ((y - mean) ** 2).mean(axis=1, keepdims=True)
    return (y - mean) / np.sqrt(var + f(1e-5)) * gamma.astype(f) + beta.astype(f)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_bert_chain_reads_weights_once_per_row_block(chip):
    source = open(BERT).read()
    manifest = wmma.compile(source, chip, emit="llvm").manifest
    launch = manifest["launches"][0]
    assert 'template = "chain_lds"' in launch["schedule"]
    rng = np.random.default_rng(5)
    args = {
        "x": rng.uniform(-1, 1, (100, 256)),
        "w1": rng.uniform(-1, 1, (256, 1024)) / 16,
        "b1": rng.uniform(-1, 1, 1024),
        "w2": rng.uniform(-1, 1, (1024, 256)) / 32,
        "b2": rng.uniform(-1, 1, 256),
        "gamma": rng.uniform(0.5, 1.5, 256),
        "beta": rng.uniform(-1, 1, 256),
    }
    args = {k: v.astype(np.float16) for k, v in args.items()}
    out, counters = wmma.run(source, chip, args, stats=True)
    got = np.asarray(out["result0"] if isinstance(out, dict) else out[0],
                     dtype=np.float32)
    want = bert_reference(**args)
    # f16 output (half an ulp at |y| < 4: 2^-9) plus the f16 intermediate's
    # rounding (2^-11 relative) carried through W2 and the normalisation.
    assert np.max(np.abs(got - want)) < 2.0**-7
    # Weights read at most once per row block (on RDNA3 too: fragments are
    # loaded compact and replicated across the lane halves in registers);
    # 10% more for the activation strips and the epilogue's bias and
    # residual.
    blocks = launch["grid"][0] * launch["grid"][1] * launch["grid"][2]
    weights = (256 * 1024 + 1024 * 256) * 2
    chain = counters["launches"][0]
    assert chain["global_bytes_loaded"] <= 1.1 * blocks * weights
