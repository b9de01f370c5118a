"""tensor.pad at the end of a GEMM operand's dims through Python: one
kernel reading the unpadded sources with masked loads (no fill or copy
launch), the result against numpy's product of the zero-padded operands."""
import numpy as np
import pytest

import wmma

PAD = """
func.func @pad_mk(%a: tensor<37x30xf16>, %b: tensor<32x24xf16>) -> tensor<48x24xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0] high[11, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<37x30xf16> to tensor<48x32xf16>
  %e = tensor.empty() : tensor<48x24xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<48x24xf32>) -> tensor<48x24xf32>
  %r = linalg.matmul ins(%p, %b : tensor<48x32xf16>, tensor<32x24xf16>) outs(%f : tensor<48x24xf32>) -> tensor<48x24xf32>
  return %r : tensor<48x24xf32>
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_padded_operand_is_masked_loads(chip):
    manifest = wmma.compile(PAD, chip, emit="llvm").manifest
    assert len(manifest.get("launches", [manifest])) == 1
    assert [a["shape"] for a in manifest["args"] if a["kind"] == "buffer"][0] == [37, 30]
    rng = np.random.default_rng(11)
    a = rng.uniform(-1, 1, (37, 30)).astype(np.float16)
    b = rng.uniform(-1, 1, (32, 24)).astype(np.float16)
    out, counters = wmma.run(PAD, chip, {"a": a, "b": b}, stats=True)
    got = np.asarray(out["result0"] if isinstance(out, dict) else out[0])
    padded = np.zeros((48, 32), np.float32)
    padded[:37, :30] = a
    want = padded @ b.astype(np.float32)
    assert got.shape == (48, 24)
    # f16 products are exact in f32; 32 sums of |terms| <= 1 round at 2^-24.
    assert np.max(np.abs(got - want)) <= 32 * 32 * 2.0**-24
    assert np.all(got[37:] == 0)  # rows of padding only


PAD_LOW = """
func.func @pad_low(%a: tensor<37x14xf16>, %b: tensor<14x24xf16>) -> tensor<44x24xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %p = tensor.pad %a low[5, 16] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<37x14xf16> to tensor<44x32xf16>
  %q = tensor.pad %b low[16, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<14x24xf16> to tensor<32x24xf16>
  %e = tensor.empty() : tensor<44x24xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<44x24xf32>) -> tensor<44x24xf32>
  %r = linalg.matmul ins(%p, %q : tensor<44x32xf16>, tensor<32x24xf16>) outs(%f : tensor<44x24xf32>) -> tensor<44x24xf32>
  return %r : tensor<44x24xf32>
}
"""


@pytest.mark.parametrize("chip,staging", [("gfx1100", "registers"), ("gfx1201", "lds"),
                                          ("gfx1100", "lds"), ("gfx1201", "auto")])
def test_low_padding_is_masked_loads(chip, staging):
    """Padding at the start of M and K (A) and of K (B): the loads read the
    unpadded sources at the index minus the padding, in registers or
    through the LDS copy; rows 0..4 are padding only."""
    manifest = wmma.compile(PAD_LOW, chip, emit="llvm", staging=staging).manifest
    assert len(manifest.get("launches", [manifest])) == 1
    assert [a["shape"] for a in manifest["args"] if a["kind"] == "buffer"][:2] == [[37, 14], [14, 24]]
    rng = np.random.default_rng(12)
    a = rng.uniform(-1, 1, (37, 14)).astype(np.float16)
    b = rng.uniform(-1, 1, (14, 24)).astype(np.float16)
    out = wmma.run(PAD_LOW, chip, {"a": a, "b": b}, staging=staging)
    got = np.asarray(out["result0"] if isinstance(out, dict) else out[0])
    pa = np.zeros((44, 32), np.float32)
    pa[5:42, 16:30] = a
    pb = np.zeros((32, 24), np.float32)
    pb[16:30] = b
    want = pa @ pb
    assert np.max(np.abs(got - want)) <= 32 * 32 * 2.0**-24
    assert np.all(got[:5] == 0) and np.all(got[42:] == 0)
    assert np.max(np.abs(got[5:42])) > 0.1
