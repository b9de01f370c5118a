"""wmma.sparse24: the host-side conversions of a 2:4 A operand (pruning,
upstream's storage, the kernel's packed index words) against independent
references: upstream MLIR's own sparsifier for the storage (assemble, then
convert to dense, run on the CPU), and AMD's calculator data for the index
register each lane makes from its row's words."""

import numpy as np
import pytest

import wmma
from wmma import sparse24
from conftest import read_example
import upstream_sparsifier as upstream
from test_sparse import ATOMS, BITS, calculator  # noqa: F401 (fixture)


def test_prune_keeps_the_two_largest_of_each_group():
    a = np.array([[1, -5, 3, 2, 0, 0, 0, 7, 2, 2, 2, 2]], np.float32)
    assert sparse24.prune_2_4(a).tolist() == [
        [0, -5, 3, 0, 0, 0, 0, 7, 2, 2, 0, 0]]
    with pytest.raises(ValueError, match="groups of four"):
        sparse24.prune_2_4(np.ones((2, 6)))


def test_compress_expand_round_trip_and_padding_positions():
    rng = np.random.default_rng(4)
    a = sparse24.prune_2_4(rng.uniform(-1, 1, (37, 52)).astype(np.float16))
    a[3, 8:12] = 0          # an empty group
    a[5, 12:16] = [0, 0, 0, 1]  # a group with one nonzero
    values, crd = sparse24.compress_2_4(a)
    assert values.shape == crd.shape == (37, 26) and values.dtype == np.float16
    assert np.array_equal(sparse24.expand_2_4(values, crd), a)
    # Positions distinct and ascending in every group.
    g = crd.reshape(37, 13, 2)
    assert (g[:, :, 0] < g[:, :, 1]).all()
    assert g[3, 2].tolist() == [0, 1] and g[5, 3].tolist() == [0, 3]
    with pytest.raises(ValueError, match="row 1, K 4..7 has more than two"):
        sparse24.compress_2_4(np.array([[1, 0, 0, 0, 1, 1, 0, 0],
                                        [1, 0, 0, 0, 1, 1, 1, 0]]))


def test_index_words_pack_positions_row_by_row():
    crd = np.array([[0, 3, 1, 2] * 8 + [2, 3]], np.int64)  # K = 68
    w = sparse24.pack_index_words(crd)
    assert w.shape == (1, 3) and w.dtype == np.uint32
    group = 0 | 3 << 2 | 1 << 4 | 2 << 6
    assert w[0, 0] == w[0, 1] == group * 0x01010101
    # Past K: positions 0 and 1 (distinct), 7 pairs of them.
    assert w[0, 2] == (2 | 3 << 2) | sum(1 << (2 * p) for p in range(3, 16, 2))
    with pytest.raises(ValueError, match="0..3"):
        sparse24.pack_index_words(np.array([[4, 0]]))


@pytest.mark.skipif(upstream.MISSING, reason=upstream.WHY_MISSING)
def test_storage_is_upstreams():
    """compress_2_4 gives what upstream stores: its sparsifier expands our
    (values, crd) back to the pruned matrix."""
    rng = np.random.default_rng(25)
    a = sparse24.prune_2_4(
        rng.integers(-8, 8, (5, 24)).astype(np.float32))  # exact in print
    a[1, 4:8] = 0
    values, crd = sparse24.compress_2_4(a)
    assert np.array_equal(upstream.assembled_dense(values, crd), a)


@pytest.mark.parametrize("atom", ATOMS, ids=[a[0] for a in ATOMS])
def test_lane_index_bits_match_the_calculator(atom, calculator):
    """The index register each lane makes from its row's packed words holds
    every 2-bit position where AMD's calculator puts it, for all 11
    swmmac instructions (two K steps, so words past the first are read)."""
    _, instr, ta, _, _, K, _, _, _ = atom
    kmap = calculator[(instr, "K")]
    rng = np.random.default_rng(K + BITS[ta])
    steps = 2
    crd = np.sort(np.array([rng.choice(4, 2, replace=False)
                            for _ in range(16 * steps * K // 4)]), axis=1)
    crd = crd.reshape(16, steps * K // 2)
    words = sparse24.pack_index_words(crd)
    for s in range(steps):
        regs = [sparse24.lane_index_bits(words[lane % 16], s, lane // 16,
                                         BITS[ta], K) for lane in range(32)]
        for m in range(16):
            for g in range(K // 4):
                lane, _, lo, hi = kmap[(m, 4 * g)]
                assert hi - lo == 3
                field = (regs[lane] >> lo) & 0xf
                G = s * K // 4 + g
                want = crd[m, 2 * G] | crd[m, 2 * G + 1] << 2
                assert field == want, (instr, s, m, g, lane)


@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
def test_compile_refuses_a_2_4_b_operand_at_the_matmul(chip):
    """A 2:4 A takes the sparse template (test_sparse_frontend.py); a 2:4 B
    is refused at the matmul (it used to compile as a dense GEMM)."""
    src = ("#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, "
           "j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>\n"
           "func.func @f(%A: tensor<32x64xf16>, %B: tensor<64x32xf16, #NV24>,\n"
           "             %C: tensor<32x32xf32>) -> tensor<32x32xf32> {\n"
           "  %r = linalg.matmul ins(%A, %B : tensor<32x64xf16>, "
           "tensor<64x32xf16, #NV24>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>\n"
           "  return %r : tensor<32x32xf32>\n}\n")
    with pytest.raises(wmma.WmmaError) as e:
        wmma.compile(src, chip)
    remarks = [d for d in e.value.diagnostics if d["severity"] == "remark"]
    assert remarks and remarks[0]["line"] == 4, e.value.diagnostics
    assert "operand B is 2:4 structured sparse" in remarks[0]["message"]


@pytest.mark.parametrize("chip,example,kernel", [
    ("gfx1201", "sparse-gemm-packed-rdna4.mlir", "sparse_gemm_packed"),
    ("gfx1100", "sparse-gemm-packed-rdna3.mlir", "sparse_gemm_packed_dense")])
def test_packed_interface_gemm_on_the_emulator(chip, example, kernel):
    """The kernel side of the interface: the examples take the values and
    the packed index words as sparse24 makes them from a pruned random
    matrix -- RDNA4 builds each lane's index register for v_swmmac, RDNA3
    (no sparse WMMA) expands the zeros in registers for dense WMMAs -- and
    match the dense product of the pruned matrix (float64) within the f32
    accumulation bound of K."""
    rng = np.random.default_rng(24)
    dense = sparse24.prune_2_4(rng.uniform(-1, 1, (64, 128)).astype(np.float16))
    values, crd = sparse24.compress_2_4(dense)
    words = sparse24.pack_index_words(crd)
    assert words.shape == (64, 4)
    B = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
    C = np.full((64, 64), np.nan, dtype=np.float32)  # every element is written
    k = wmma.compile(read_example("examples", "atoms", example), chip,
                     emit="llvm")
    stats = wmma.emulate(k.artifact, kernel, k.manifest["grid"],
                         k.manifest["block"],
                         [wmma.memref(np.ascontiguousarray(x)) for x in
                          (values, words.view(np.int32), B, C)],
                         chip=chip)
    ref = dense.astype(np.float64) @ B.astype(np.float64)
    mag = np.abs(dense.astype(np.float64)) @ np.abs(B.astype(np.float64))
    assert np.all(np.abs(C - ref) <= 2 * 128 * 2.0 ** -24 * mag)
    if chip == "gfx1100":  # 16 tiles x 8 dense K steps
        assert stats["wmma_total"] == 128
        return
    assert stats["wmma_total"] == 64 and stats["wmma"] == {}
    # A traffic: half the dense A (each row block read by 4 tiles) plus
    # the row's words once per lane.
    assert stats["global_bytes_loaded"] == (
        4 * dense.nbytes // 2 + 16 * 4 * 32 * 4 + 4 * B.nbytes)
