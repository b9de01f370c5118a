"""scf.while around linalg through Python: run() replays the host's loop,
its condition evaluated from the index values it carries before each
iteration (counters["launches"][i]["count"]: the body's launches per
iteration), checked against numpy (an independent reference computing
what the function means)."""
import numpy as np
import pytest

import wmma

WHILE_TWO = """
func.func @while_two(%x: memref<32x32xf16>, %w: memref<32x32xf16>, %n: index, %y: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<32x32xf32>)
  %r:2 = scf.while (%i = %c0, %k = %c1) : (index, index) -> (index, index) {
    %c = arith.cmpi slt, %k, %n : index
    scf.condition(%c) %i, %k : index, index
  } do {
  ^bb0(%i: index, %k: index):
    linalg.matmul ins(%x, %w : memref<32x32xf16>, memref<32x32xf16>) outs(%y : memref<32x32xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%y : memref<32x32xf32>) {
    ^bb0(%o: f32):
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %h = arith.mulf %o, %half : f32
      %t = arith.addf %h, %fi : f32
      linalg.yield %t : f32
    }
    %i1 = arith.addi %i, %c1 : index
    %k2 = arith.muli %k, %c2 : index
    scf.yield %i1, %k2 : index, index
  }
  return
}
"""


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("n", [0, 1, 2, 9, 16])
def test_while_carrying_two_index_values(chip, n):
    rng = np.random.default_rng(7)
    x = rng.uniform(-1, 1, (32, 32)).astype(np.float16)
    w = rng.uniform(-1, 1, (32, 32)).astype(np.float16)
    out, counters = wmma.run(WHILE_TWO, chip, {"x": x, "w": w, "n": n},
                             stats=True)
    xw = x.astype(np.float64) @ w.astype(np.float64)
    ref = np.zeros((32, 32))
    trips, k = 0, 1
    while k < n:
        ref = (ref + xw) * 0.5 + trips
        trips, k = trips + 1, k * 2
    assert [l["count"] for l in counters["launches"]] == [1, trips]
    # Each iteration adds 32 exact f16 products to y in f32 and rounds
    # y * 0.5 + i: at most 33 roundings of values below sum |x w| + |y| + i
    # (u = 2^-24 each); an earlier iteration's error is halved by each
    # later one, so the total stays below twice one iteration's bound.
    absxw = np.abs(x.astype(np.float64)) @ np.abs(w.astype(np.float64))
    bound = 2 * 33 * 2.0 ** -24 * (absxw + 2 * np.abs(ref) + trips + 1)
    assert np.all(np.abs(out["y"] - ref) <= bound)
