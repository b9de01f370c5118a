"""sparse_layout(): the register map of one operand of an RDNA4 sparse WMMA
(v_swmmac_*), from the layout engine (wmma_sparse_locate and friends) -- the
same facts as `wmma-layout --instr v_swmmac_... --matrix A|B|C|D|K`."""

import ctypes

import numpy as np

from . import _lib
from ._errors import WmmaError

OPERANDS = ("A", "B", "C", "D", "K")  # wmma_sparse_operand order


def _sparse_list(lib):
    return ", ".join(lib.wmma_sparse_get(i).contents.isa_name.decode()
                     for i in range(_lib.SPARSE_COUNT))


class SparseLayout:
    """Where every element of a v_swmmac operand lives (wave32, RDNA4).

    Arrays (numpy int32, one entry per logical element, rows then columns,
    as `wmma-layout` prints them): row, col, lane, vgpr, bit_lo, bit_hi.
    For A and the index operand K the logical matrix is M x K and an entry
    names the bits of the element's group of four K: for A its two
    compressed values (the first in the low bits), for K their two 2-bit
    positions.  value_locate(m, j) and index_locate(m, j) give compressed
    value j of row m and its 2-bit position field exactly.  Also:
    instruction, matrix, rows, cols, vgprs, k, index_bits; tsv, grid and
    to_svg() as wmma-layout prints them.
    """

    def __init__(self, lib, instr, op):
        self._lib, self._instr, self._op = lib, instr, op
        info = lib.wmma_sparse_get(instr).contents
        self.instruction = info.isa_name.decode()
        self.intrinsic = info.intrinsic.decode()
        self.k, self.index_bits = info.k, info.index_bits
        self.matrix = OPERANDS[op]
        rows, cols = ctypes.c_int(), ctypes.c_int()
        lib.wmma_sparse_dims(instr, op, ctypes.byref(rows), ctypes.byref(cols))
        self.rows, self.cols = rows.value, cols.value
        self.vgprs = lib.wmma_sparse_vgprs(instr, op)
        entries = [(r, c) + self.locate(r, c)
                   for r in range(self.rows) for c in range(self.cols)]
        table = np.array(entries, dtype=np.int32).reshape(-1, 6)
        (self.row, self.col, self.lane, self.vgpr, self.bit_lo,
         self.bit_hi) = (np.ascontiguousarray(table[:, i]) for i in range(6))

    def _call(self, fn, *args):
        loc = _lib.RegLoc()
        if not fn(self._instr, *args, ctypes.byref(loc)):
            raise IndexError("no such element of %s %s: %r"
                             % (self.instruction, self.matrix, args))
        return (loc.lane, loc.vgpr, loc.bit_lo, loc.bit_hi)

    def locate(self, row, col):
        """(lane, vgpr, bit_lo, bit_hi) of logical element (row, col)."""
        return self._call(self._lib.wmma_sparse_locate, self._op, row, col)

    def value_locate(self, m, j):
        """(lane, vgpr, bit_lo, bit_hi) of compressed A value j of row m."""
        return self._call(self._lib.wmma_sparse_value_locate, m, j)

    def index_locate(self, m, j):
        """(lane, 0, bit_lo, bit_hi) of the 2-bit position of compressed A
        value j of row m in the index register."""
        return self._call(self._lib.wmma_sparse_index_locate, m, j)

    def _text(self, fmt):
        n = self._lib.wmma_sparse_layout_text(self._instr, self._op, fmt, None, 0)
        buf = ctypes.create_string_buffer(n + 1)
        self._lib.wmma_sparse_layout_text(self._instr, self._op, fmt, buf, n + 1)
        return buf.value.decode()

    @property
    def tsv(self):
        """The `wmma-layout --format tsv` rows (without the header line)."""
        return self._text(_lib.TEXT_TSV)

    @property
    def grid(self):
        return self._text(_lib.TEXT_GRID)

    def to_svg(self):
        return self._text(_lib.TEXT_SVG)

    def _repr_svg_(self):
        return self.to_svg()

    def __repr__(self):
        return "<wmma.SparseLayout %s %s: %dx%d>" % (
            self.instruction, self.matrix, self.rows, self.cols)


def sparse_layout(instruction, matrix, target="rdna4"):
    """The register map of one operand of a sparse WMMA instruction.

    instruction: ISA name, e.g. "v_swmmac_f32_16x16x32_f16"
    matrix:      "A" (compressed), "B", "C", "D" or "K" (the index register)
    target:      a chip or architecture; sparse WMMA is RDNA4-only

    Raises WmmaError for an unknown instruction or a target without sparse
    WMMA; ValueError for a bad matrix.
    """
    lib = _lib.load()
    arch, chip = _lib.resolve_arch(lib, target)
    instr = lib.wmma_sparse_lookup(_lib.cstr(instruction, "instruction"))
    if instr == _lib.SPARSE_COUNT:
        raise WmmaError("unknown sparse instruction '%s'; sparse instructions: %s"
                        % (instruction, _sparse_list(lib)))
    if not lib.wmma_sparse_available(instr, arch):
        raise WmmaError("%s is RDNA4-only (gfx12), not available on %s%s" % (
            instruction, lib.wmma_arch_name(arch).decode(),
            " (%s)" % chip if chip else ""))
    if not (isinstance(matrix, str) and matrix.upper() in OPERANDS):
        raise ValueError("matrix must be one of A, B, C, D, K, not %r" % (matrix,))
    return SparseLayout(lib, instr, OPERANDS.index(matrix.upper()))
