"""RDNA4 sparse WMMA (v_swmmac) on the emulator, against products computed
here.

The register images of the operands are built from AMD's matrix instruction
calculator data (test/Layout/Inputs/amd-matrix-calculator), not from the
layout engine: for A the calculator names, per logical element, the bits
holding the two compressed values of its group of four K (the first value in
the low bits), for the index operand K the 4 bits holding their two 2-bit
positions (the first value's in the low bits).  Random 2:4-sparse A, dense B
and C; the reference is the dense product of the uncompressed A in float64
(integers exactly).  Kernels: examples/atoms/sparse-atoms-rdna4.mlir (one
swmmac each) and examples/atoms/sparse-gemm-rdna4.mlir (a 2:4 GEMM)."""

import collections
import os

import numpy as np
import pytest

import wmma
from conftest import SRC_ROOT, read_example

TSV = os.path.join(SRC_ROOT, "test", "Layout", "Inputs", "amd-matrix-calculator",
                   "swmmac_layouts_rdna4.tsv")

# kernel, instruction, A type, B type, accumulator, K, sign_a, sign_b,
# index_key (which half of the index register the kernel's op reads)
ATOMS = [
    ("f32_f16", "v_swmmac_f32_16x16x32_f16", "f16", "f16", "f32", 32, 0, 0, 0),
    ("f32_bf16", "v_swmmac_f32_16x16x32_bf16", "bf16", "bf16", "f32", 32, 0, 0, 0),
    ("f16_f16", "v_swmmac_f16_16x16x32_f16", "f16", "f16", "f16", 32, 0, 0, 1),
    ("bf16_bf16", "v_swmmac_bf16_16x16x32_bf16", "bf16", "bf16", "bf16", 32, 0, 0, 0),
    ("i32_iu8", "v_swmmac_i32_16x16x32_iu8", "iu8", "iu8", "i32", 32, 1, 0, 0),
    ("i32_iu4", "v_swmmac_i32_16x16x32_iu4", "iu4", "iu4", "i32", 32, 0, 1, 1),
    ("i32_iu4_k64", "v_swmmac_i32_16x16x64_iu4", "iu4", "iu4", "i32", 64, 1, 1, 0),
    ("f32_fp8_fp8", "v_swmmac_f32_16x16x32_fp8_fp8", "fp8", "fp8", "f32", 32, 0, 0, 0),
    ("f32_fp8_bf8", "v_swmmac_f32_16x16x32_fp8_bf8", "fp8", "bf8", "f32", 32, 0, 0, 0),
    ("f32_bf8_fp8", "v_swmmac_f32_16x16x32_bf8_fp8", "bf8", "fp8", "f32", 32, 0, 0, 0),
    ("f32_bf8_bf8", "v_swmmac_f32_16x16x32_bf8_bf8", "bf8", "bf8", "f32", 32, 0, 0, 0),
]
BITS = {"f16": 16, "bf16": 16, "f32": 32, "i32": 32, "iu8": 8, "iu4": 4,
        "fp8": 8, "bf8": 8}


@pytest.fixture(scope="module")
def calculator():
    """{(instruction, matrix): {(row, col): (lane, vgpr, bit_lo, bit_hi)}}"""
    maps = collections.defaultdict(dict)
    with open(TSV) as f:
        next(f)
        for line in f:
            i, m, r, c, lane, vgpr, lo, hi = line.split("\t")
            maps[(i, m)][(int(r), int(c))] = (int(lane), int(vgpr), int(lo), int(hi))
    return maps


def minifloat(bits, exp_bits, man_bits, bias, fn):
    """Value of an 8-bit float code (E4M3FN when fn: no infinities)."""
    s = -1.0 if bits & 0x80 else 1.0
    e = (bits >> man_bits) & ((1 << exp_bits) - 1)
    m = bits & ((1 << man_bits) - 1)
    if e == 0:
        return s * m * 2.0 ** (1 - bias - man_bits)
    return s * (1 + m / 2.0 ** man_bits) * 2.0 ** (e - bias)


def random_codes(rng, typ, n):
    """n random element codes of typ (finite) and their values."""
    if typ == "f16":
        v = rng.uniform(-1, 1, n).astype(np.float16)
        return v.view(np.uint16).astype(np.int64), v.astype(np.float64)
    if typ == "bf16":
        codes = (rng.uniform(-1, 1, n).astype(np.float32).view(np.uint32) >> 16)
        vals = (codes.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
        return codes.astype(np.int64), vals
    if typ in ("fp8", "bf8"):
        # Finite codes only: E4M3FN's NaN is 0x7f/0xff, E5M2's top exponent
        # is infinity or NaN.
        ok = [c for c in range(256)
              if (typ == "fp8" and c & 0x7f != 0x7f) or
              (typ == "bf8" and (c >> 2) & 0x1f != 0x1f)]
        codes = rng.choice(ok, n)
        if typ == "fp8":
            vals = [minifloat(c, 4, 3, 7, True) for c in codes]
        else:
            vals = [minifloat(c, 5, 2, 15, False) for c in codes]
        return codes.astype(np.int64), np.array(vals)
    raise ValueError(typ)


def random_ints(rng, bits, signed, n):
    lo, hi = (-(1 << (bits - 1)), 1 << (bits - 1)) if signed else (0, 1 << bits)
    vals = rng.integers(lo, hi, n)
    return vals & ((1 << bits) - 1), vals


def put(regs, loc, code):
    lane, vgpr, lo, _ = loc
    regs[lane, vgpr] |= np.uint32(int(code) << lo)


def get(regs, loc):
    lane, vgpr, lo, hi = loc
    return (int(regs[lane, vgpr]) >> lo) & ((1 << (hi - lo + 1)) - 1)


def sparse_problem(calc, instr, ta, tb, tc, K, sign_a, sign_b, key, rng):
    """Register images of A (compressed), B, C and the index, and the dense
    reference D = A B + C (float64, or exact integers)."""
    amap, kmap = calc[(instr, "A")], calc[(instr, "K")]
    bmap, dmap = calc[(instr, "B")], calc[(instr, "D")]
    nregs = lambda m: 1 + max(v for _, v, _, _ in m.values())
    A = np.zeros((32, nregs(amap)), np.uint32)
    B = np.zeros((32, nregs(bmap)), np.uint32)
    C = np.zeros((32, nregs(dmap)), np.uint32)
    I = np.zeros(32, np.uint32)
    integer = ta.startswith("iu")
    dense = np.zeros((16, K), np.float64 if not integer else np.int64)
    eb = BITS[ta]
    for m in range(16):
        for g in range(K // 4):
            p = sorted(rng.choice(4, 2, replace=False))
            if integer:
                codes, vals = random_ints(rng, eb, sign_a, 2)
            else:
                codes, vals = random_codes(rng, ta, 2)
            lane, vgpr, lo, hi = amap[(m, 4 * g)]
            assert hi - lo + 1 == 2 * eb
            put(A, (lane, vgpr, lo, 0), codes[0])
            put(A, (lane, vgpr, lo + eb, 0), codes[1])
            klane, _, klo, khi = kmap[(m, 4 * g)]
            assert khi - klo == 3 and klane == lane
            I[klane] |= np.uint32((p[0] | p[1] << 2) << (klo + 16 * key))
            dense[m, 4 * g + p[0]] = vals[0]
            dense[m, 4 * g + p[1]] = vals[1]
    if integer:
        bcodes, bvals = random_ints(rng, BITS[tb], sign_b, K * 16)
        ccodes, cvals = random_ints(rng, 32, True, 256)
        cvals = cvals // 1024  # no overflow: the sums stay in i32
        ccodes = cvals & 0xffffffff
    else:
        bcodes, bvals = random_codes(rng, tb, K * 16)
        if tc == "f32":
            cv = rng.uniform(-1, 1, 256).astype(np.float32)
            ccodes, cvals = cv.view(np.uint32).astype(np.int64), cv.astype(np.float64)
        else:
            ccodes, cvals = random_codes(rng, tc, 256)
    Bd = bvals.reshape(K, 16)
    Cd = cvals.reshape(16, 16)
    for k in range(K):
        for n in range(16):
            put(B, bmap[(k, n)], bcodes[k * 16 + n])
    for m in range(16):
        for n in range(16):
            put(C, dmap[(m, n)], ccodes[m * 16 + n])
    ref = dense @ Bd + Cd
    mag = np.abs(dense) @ np.abs(Bd) + np.abs(Cd)
    return A, B, C, I, ref, mag, dmap


def decode_d(D, dmap, tc):
    out = np.zeros((16, 16), np.float64 if tc != "i32" else np.int64)
    for (m, n), loc in dmap.items():
        code = get(D, loc)
        if tc == "f32":
            out[m, n] = np.array([code], np.uint32).view(np.float32)[0]
        elif tc == "f16":
            out[m, n] = np.array([code], np.uint16).view(np.float16)[0]
        elif tc == "bf16":
            out[m, n] = np.array([code << 16], np.uint32).view(np.float32)[0]
        else:
            out[m, n] = code - (1 << 32) if code >> 31 else code
    return out


def as_kernel_buffer(regs, typ):
    """A register image as the kernel's memref rows (one per lane): the
    lane's registers read as elements (4-bit operands stay 32-bit words)."""
    view = {"f16": np.float16, "bf16": np.uint16, "f32": np.float32,
            "i32": np.int32, "iu8": np.int8, "iu4": np.uint32,
            "fp8": np.uint8, "bf8": np.uint8}[typ]
    return np.ascontiguousarray(regs).view(view).copy()


@pytest.fixture(scope="module")
def atoms_src():
    return read_example("examples", "atoms", "sparse-atoms-rdna4.mlir")


@pytest.mark.parametrize("atom", ATOMS, ids=[a[0] for a in ATOMS])
def test_swmmac_against_dense_product(atom, atoms_src, calculator):
    kernel, instr, ta, tb, tc, K, sa, sb, key = atom
    rng = np.random.default_rng(sum(map(ord, kernel)))
    A, B, C, I, ref, mag, dmap = sparse_problem(calculator, instr, ta, tb, tc,
                                                K, sa, sb, key, rng)
    k = wmma.compile(atoms_src, "gfx1201", emit="llvm", func=kernel)
    bufs = [as_kernel_buffer(A, ta), as_kernel_buffer(B, tb),
            as_kernel_buffer(C, tc), I.view(np.int32).copy()]
    stats = wmma.emulate(k.artifact, kernel, 1, 32,
                         [wmma.memref(b) for b in bufs], chip="gfx1201")
    assert stats["wmma_total"] == 1
    got = decode_d(np.ascontiguousarray(bufs[2]).view(np.uint32), dmap, tc)
    if tc == "i32":
        assert np.array_equal(got, ref)
        return
    # Sums of K/2 exact products in double, C added, rounded once to f32
    # (then once to a 16-bit accumulator).
    tol = K * 2.0 ** -24 * mag + {"f32": 0, "f16": 2.0 ** -11,
                                  "bf16": 2.0 ** -8}[tc] * np.abs(ref)
    bad = np.abs(got - ref) > tol
    assert not bad.any(), "first mismatch at %s: %r vs %r" % (
        np.argwhere(bad)[0], got[bad][0], ref[bad][0])


def prune_2_4(rng, M, K):
    """A random M x K f16 matrix with two nonzeros in every group of four K
    (positions random), as upstream's 2:4 storage: the M x K/2 values in K
    order and their positions (0-3) in their groups."""
    values = rng.uniform(-1, 1, (M, K // 2)).astype(np.float16)
    positions = np.zeros((M, K // 2), np.int64)
    dense = np.zeros((M, K), np.float16)
    for m in range(M):
        for g in range(K // 4):
            p = sorted(rng.choice(4, 2, replace=False))
            positions[m, 2 * g:2 * g + 2] = p
            dense[m, 4 * g + p[0]] = values[m, 2 * g]
            dense[m, 4 * g + p[1]] = values[m, 2 * g + 1]
    return dense, values, positions


def index_words(calc, instr, positions, K_tile=32):
    """The kernel's index registers: [tile row][K tile][lane], each 2-bit
    position at the bits the calculator gives for its group (first value's
    position in the low bits of the group's 4-bit field)."""
    kmap = calc[(instr, "K")]
    M, KC = positions.shape
    words = np.zeros((M // 16, KC * 2 // K_tile, 32), np.uint32)
    for m in range(M):
        for G in range(KC // 2):
            t, g = divmod(G, K_tile // 4)
            lane, _, lo, _ = kmap[(m % 16, 4 * g)]
            p0, p1 = positions[m, 2 * G], positions[m, 2 * G + 1]
            words[m // 16, t, lane] |= np.uint32((p0 | p1 << 2) << lo)
    return words


def test_sparse_gemm_against_dense(calculator):
    """A 64 x 128 (2:4 sparse) times 128 x 64 GEMM of swmmacs against the
    dense product, and its global traffic against the dense GEMM example of
    the same shape."""
    rng = np.random.default_rng(25)
    dense, values, positions = prune_2_4(rng, 64, 128)
    B = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
    C = np.full((64, 64), np.nan, dtype=np.float32)  # every element is written
    I = index_words(calculator, "v_swmmac_f32_16x16x32_f16", positions)
    k = wmma.compile(read_example("examples", "atoms", "sparse-gemm-rdna4.mlir"),
                     "gfx1201", emit="llvm")
    A = np.ascontiguousarray(values)
    stats = wmma.emulate(k.artifact, "sparse_gemm", k.manifest["grid"],
                         k.manifest["block"],
                         [wmma.memref(x) for x in (A, I.view(np.int32), B, C)],
                         chip="gfx1201")
    ref = dense.astype(np.float64) @ B.astype(np.float64)
    mag = np.abs(dense.astype(np.float64)) @ np.abs(B.astype(np.float64))
    assert np.all(np.abs(C - ref) <= 2 * 128 * 2.0 ** -24 * mag)
    # 16 tiles x 4 K steps of one swmmac; nothing dense.
    assert stats["wmma_total"] == 64 and stats["wmma"] == {}
    # The dense GEMM of the same shape loads the whole A: the sparse one
    # half of it plus 4 bytes of indices per lane and swmmac.
    d = wmma.compile(read_example("examples", "atoms", "gemm-rdna4.mlir"),
                     "gfx1201", emit="llvm")
    Cd = np.zeros((64, 64), np.float32)
    dstats = wmma.emulate(d.artifact, "gemm", d.manifest["grid"],
                          d.manifest["block"],
                          [wmma.memref(x) for x in (dense, B, Cd)],
                          chip="gfx1201")
    assert np.all(np.abs(Cd - ref) <= 2 * 128 * 2.0 ** -24 * mag)
    a_dense = 4 * dense.nbytes  # each A row block is read by 4 tiles
    b_bytes = 4 * B.nbytes
    assert dstats["global_bytes_loaded"] == a_dense + b_bytes
    assert stats["global_bytes_loaded"] == a_dense // 2 + 4 * I.nbytes + b_bytes


@pytest.mark.parametrize("instr", sorted({a[1] for a in ATOMS}))
@pytest.mark.parametrize("matrix", ["A", "B", "D", "K"])
def test_sparse_layout_matches_calculator(instr, matrix, calculator):
    """wmma.sparse_layout() gives the calculator's rows (as wmma-layout)."""
    lay = wmma.sparse_layout(instr, matrix)
    got = {(int(r), int(c)): (int(l), int(v), int(lo), int(hi))
           for r, c, l, v, lo, hi in zip(lay.row, lay.col, lay.lane, lay.vgpr,
                                         lay.bit_lo, lay.bit_hi)}
    assert got == calculator[(instr, matrix)]
    assert len(lay.tsv.splitlines()) == len(got)


def test_sparse_layout_values_and_errors():
    lay = wmma.sparse_layout("v_swmmac_i32_16x16x64_iu4", "a", target="gfx1201")
    assert (lay.rows, lay.cols, lay.vgprs, lay.index_bits) == (16, 64, 2, 32)
    # Compressed value j of row 0 and its position field: lane 16 holds
    # the second half of the row's 32 values.
    assert lay.value_locate(0, 17) == (16, 0, 4, 7)
    assert lay.index_locate(0, 17) == (16, 0, 2, 3)
    with pytest.raises(IndexError):
        lay.value_locate(0, 32)
    assert "<svg" in lay.to_svg() and "2:4 compressed" in lay.grid
    with pytest.raises(wmma.WmmaError, match="RDNA4-only"):
        wmma.sparse_layout("v_swmmac_f32_16x16x32_f16", "A", target="gfx1100")
    with pytest.raises(wmma.WmmaError, match="unknown sparse instruction"):
        wmma.sparse_layout("v_wmma_f32_16x16x16_f16", "A")
    with pytest.raises(ValueError):
        wmma.sparse_layout("v_swmmac_f32_16x16x32_f16", "E")
