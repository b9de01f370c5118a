"""Programs with loops and conditionals through Python: run() replays the
host's scf.for / scf.if around the launches (counters["launches"][i]
["count"]: how many times each launch site ran), checked against numpy
(an independent reference computing what the function means)."""
import numpy as np
import pytest

import wmma

LAYERS_N = """
#id = affine_map<(i, j) -> (i, j)>
func.func @layers_n(%x: memref<48x32xf16>, %w: memref<3x32x32xf16>, %n: index, %y: memref<48x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %trips = arith.minsi %n, %c3 : index
  memref.copy %x, %y : memref<48x32xf16> to memref<48x32xf16>
  scf.for %i = %c0 to %trips step %c1 {
    %wi = memref.subview %w[%i, 0, 0] [1, 32, 32] [1, 1, 1] : memref<3x32x32xf16> to memref<32x32xf16, strided<[32, 1], offset: ?>>
    %h = memref.alloc() : memref<48x32xf16>
    linalg.fill ins(%z : f16) outs(%h : memref<48x32xf16>)
    linalg.matmul ins(%y, %wi : memref<48x32xf16>, memref<32x32xf16, strided<[32, 1], offset: ?>>) outs(%h : memref<48x32xf16>)
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : memref<48x32xf16>) outs(%y : memref<48x32xf16>) {
    ^bb0(%o: f16, %u: f16):
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f16
      %d = arith.addf %fi, %one : f16
      %m = arith.maximumf %o, %z : f16
      %q = arith.mulf %m, %d : f16
      linalg.yield %q : f16
    }
    memref.dealloc %h : memref<48x32xf16>
  }
  return
}
"""

CHOOSE = """
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @choose(%x: memref<64x32xf16>, %w: memref<32x48xf16>, %b: memref<48xf32>, %sel: index, %y: memref<64x48xf32>) {
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  %relu = arith.cmpi ult, %sel, %c16 : index
  scf.if %relu {
    linalg.fill ins(%z : f32) outs(%y : memref<64x48xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x48xf16>) outs(%y : memref<64x48xf32>)
    linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%y : memref<64x48xf32>) {
    ^bb0(%o: f32):
      %m = arith.maximumf %o, %z : f32
      linalg.yield %m : f32
    }
  } else {
    linalg.fill ins(%z : f32) outs(%y : memref<64x48xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x48xf16>) outs(%y : memref<64x48xf32>)
    linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b : memref<48xf32>) outs(%y : memref<64x48xf32>) {
    ^bb0(%bias: f32, %o: f32):
      %s = arith.addf %o, %bias : f32
      linalg.yield %s : f32
    }
  }
  return
}
"""


def f16(x):
    return x.astype(np.float16).astype(np.float32)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("n", [0, 2, 7])
def test_loop_trip_count_is_an_argument(chip, n):
    rng = np.random.default_rng(11)
    x = rng.uniform(-1, 1, (48, 32)).astype(np.float16)
    w = rng.uniform(-1, 1, (3, 32, 32)).astype(np.float16)
    out, counters = wmma.run(LAYERS_N, chip, {"x": x, "w": w, "n": n}, stats=True)
    trips = min(n, 3)
    launches = counters["launches"]
    assert [l["kernel"] for l in launches] == ["layers_n_k0", "layers_n_k1", "layers_n_k2"]
    assert [l["count"] for l in launches] == [1, trips, trips]
    # The GEMM's WMMA count over its runs: 12 per 48x32x32 product.
    assert launches[1]["wmma_total"] == 12 * trips
    # numpy: f32 sums of exact f16 products, rounded to f16 once per layer
    # as the kernels store; the ReLU and the scaling by i + 1 are exact in
    # f16 up to one more rounding.
    y = x.astype(np.float32)
    for i in range(trips):
        h = f16(y @ w[i].astype(np.float32))
        y = f16(np.maximum(h, 0) * (i + 1))
    got = out["y"].astype(np.float32)
    # The kernel's f32 sums may differ from numpy's in order: one f16 ulp of
    # each layer's result (2^-10 relative) per layer, growing through the
    # next layers' products at most by their K = 32 and the scale.
    tol = 2.0**-10 * np.maximum(np.abs(y), 1.0) * max(trips, 1) * 4
    np.testing.assert_array_less(np.abs(got - y), tol + 1e-6)


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
@pytest.mark.parametrize("sel", [3, 40])
def test_if_runs_one_branch(chip, sel):
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (64, 32)).astype(np.float16)
    w = rng.uniform(-1, 1, (32, 48)).astype(np.float16)
    b = rng.uniform(-1, 1, (48,)).astype(np.float32)
    out, counters = wmma.run(CHOOSE, chip, {"x": x, "w": w, "b": b, "sel": sel},
                             stats=True)
    relu = sel < 16
    assert [l["count"] for l in counters["launches"]] == ([1, 0] if relu else [0, 1])
    ref = x.astype(np.float32) @ w.astype(np.float32)
    ref = np.maximum(ref, 0) if relu else ref + b
    # Exact f16 products summed in f32 (K = 32 roundings at most).
    tol = 32 * 2.0**-24 * (np.abs(x).astype(np.float32) @ np.abs(w).astype(np.float32) + np.abs(b))
    np.testing.assert_array_less(np.abs(out["y"] - ref), tol + 1e-7)
