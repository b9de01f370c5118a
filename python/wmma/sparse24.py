"""Host side of 2:4 structured sparsity (RDNA4 v_swmmac): the conversions
between a dense matrix, upstream MLIR's storage of
`#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense,
j mod 4 : structured[2, 4]) }>` and the kernel interface of a 2:4 A operand
(docs/sparse-frontend.md).

Upstream's storage (what `sparse_tensor.disassemble` returns): `values`,
the M x K/2 nonzeros row by row in K order, and `crd`, the level-2
coordinates: each value's position (0-3) in its group of four K.

The kernel interface: the same `values` (M x K/2, row-major) and the
positions bit-packed row by row, `index_words`: M x ceil(K/32) uint32, word
(m, s) holding the 16 positions of row m's values in K [32s, 32s + 32),
value p's in bits 2p..2p+1.  Packing is the host's only work (no register
map); the kernel makes each lane's index register from its row's word with
`lane_index_bits` (a byte permute for 16-bit types, a shift for 8-bit and
4-bit ones)."""

import numpy as np

GROUP, KEEP = 4, 2  # two nonzeros in every group of four K


def prune_2_4(a):
    """a with the two largest magnitudes of every group of four along the
    last axis kept (the lower position first among equals), the rest zero."""
    a = np.asarray(a)
    if a.ndim != 2 or a.shape[1] % GROUP:
        raise ValueError("2:4 pruning needs a matrix whose rows are groups of "
                         "four (K = %s)" % (a.shape[-1:],))
    g = a.reshape(a.shape[0], -1, GROUP)
    order = np.argsort(-np.abs(g.astype(np.float64)), axis=2, kind="stable")
    keep = np.zeros(g.shape, bool)
    np.put_along_axis(keep, order[:, :, :KEEP], True, axis=2)
    return np.where(keep, g, np.zeros_like(g)).reshape(a.shape)


def compress_2_4(a):
    """(values, crd): upstream's storage of a 2:4 matrix.  A group with fewer
    than two nonzeros stores zeros at its lowest free positions, so that
    the two positions of a group are distinct and ascending (the hardware's
    meaning of repeated positions is undocumented)."""
    a = np.asarray(a)
    if a.ndim != 2 or a.shape[1] % GROUP:
        raise ValueError("a 2:4 matrix has rows of groups of four (K = %s)"
                         % (a.shape[-1:],))
    M, K = a.shape
    g = a.reshape(M, K // GROUP, GROUP)
    nz = g != 0
    if (nz.sum(axis=2) > KEEP).any():
        m, q = np.argwhere(nz.sum(axis=2) > KEEP)[0]
        raise ValueError("row %d, K %d..%d has more than two nonzeros: not "
                         "2:4 sparse (prune_2_4 first)" % (m, 4 * q, 4 * q + 3))
    # Nonzeros first, then the lowest zero positions; the two kept in
    # ascending position order.
    rank = np.where(nz, 0, 1) * GROUP + np.arange(GROUP)
    crd = np.sort(np.argsort(rank, axis=2, kind="stable")[:, :, :KEEP], axis=2)
    values = np.take_along_axis(g, crd, axis=2)
    return values.reshape(M, K // 2), crd.reshape(M, K // 2).astype(np.int64)


def expand_2_4(values, crd):
    """The dense M x K matrix of upstream's storage (RDNA3's dense run)."""
    values, crd = np.asarray(values), np.asarray(crd)
    M, KC = values.shape
    out = np.zeros((M, KC // KEEP, GROUP), values.dtype)
    np.put_along_axis(out, crd.reshape(M, -1, KEEP),
                      values.reshape(M, -1, KEEP), axis=2)
    return out.reshape(M, 2 * KC)


def pack_index_words(crd):
    """The kernel's index operand: M x ceil(K/32) uint32 (see the module's
    doc).  Past K the groups read positions 0 and 1 (their values are
    zeros beyond the matrix)."""
    crd = np.asarray(crd, np.int64)
    if ((crd < 0) | (crd >= GROUP)).any():
        raise ValueError("2:4 positions are 0..3")
    M, KC = crd.shape
    per_word = 16
    words = -(-KC // per_word)
    pad = np.tile(np.arange(KEEP), (M, words * per_word // KEEP))
    pad[:, :KC] = crd
    p = pad.reshape(M, words, per_word).astype(np.uint64)
    shifts = (2 * np.arange(per_word)).astype(np.uint64)
    return np.bitwise_or.reduce(p << shifts, axis=2).astype(np.uint32)


def lane_index_bits(words, step, half, a_bits, k):
    """The index register of a lane in lane half `half` (lanes 16*half..
    16*half+15, row = lane % 16 of the tile) for the swmmac of K step
    `step` (K = k values from k*step), from its row's index words (one row
    of pack_index_words).  Per the layout engine (tested against it for
    all 11 instructions): 16-bit A types give lane half h the positions
    of K 8h..8h+7 and 16+8h..16+8h+7 of the step (bytes h and h+2 of the
    word: one v_perm_b32); 8-bit and 4-bit types at K=32 its 16-bit half
    h; iu4 at K=64 the word 2*step+h.  The index_key of the swmmac is 0
    (the bits are the register's low 16)."""
    words = np.asarray(words, np.uint32)
    if k == 64:
        return int(words[2 * step + half])
    w = int(words[step])
    if a_bits == 16:
        return ((w >> (8 * half)) & 0xff) | (((w >> (8 * half + 16)) & 0xff) << 8)
    return (w >> (16 * half)) & 0xffff
