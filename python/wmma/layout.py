"""layout(): the hardware register map of one WMMA operand, from the layout
engine (wmma_hw_locate / wmma_hw_element_at) -- the same facts as
`wmma-layout`."""

import ctypes

import numpy as np

from . import _lib
from ._errors import WmmaError


def _matrix_index(matrix):
    if isinstance(matrix, str) and matrix.upper() in _lib.MATRICES:
        return _lib.MATRICES.index(matrix.upper())
    raise ValueError("matrix must be one of A, B, C, D, not %r" % (matrix,))


def _instr_list(lib, arch):
    return ", ".join(lib.wmma_instr_get(i).contents.isa_name.decode()
                     for i in range(_lib.INSTR_COUNT)
                     if lib.wmma_instr_available(i, arch))


class Layout:
    """Where every element of a WMMA operand lives (wave32).

    Arrays (numpy int32, one entry per (element, lane holding it), in the
    order of `wmma-layout` TSV: elements row-major, then lanes ascending;
    RDNA3 A/B elements appear twice, in lanes l and l+16):
      row, col      the element ((m, k) for A, (k, n) for B, (m, n) for C/D)
      lane          0..31
      vgpr          register inside the operand (0-based)
      bit_lo, bit_hi  inclusive bit range inside the 32-bit register
    Also: arch, chip, instruction, matrix, opsel, rows, cols, elem,
    elem_bits, vgprs; locate(row, col) and element_at(lane, vgpr, bit) ask
    the layout engine directly; grid is the `wmma-layout --format grid` text;
    tsv the TSV text (without the header line); to_svg() the picture of
    `wmma-layout --format svg` (notebooks display a Layout through
    _repr_svg_).
    """

    def __init__(self, lib, arch, chip, instr, matrix, opsel):
        self._lib = lib
        self._arch, self._instr, self._mat = arch, instr, matrix
        self.arch = lib.wmma_arch_name(arch).decode()
        self.chip = chip
        self.instruction = lib.wmma_instr_get(instr).contents.isa_name.decode()
        self.matrix = _lib.MATRICES[matrix]
        rows, cols = ctypes.c_int(), ctypes.c_int()
        lib.wmma_matrix_dims(instr, matrix, ctypes.byref(rows), ctypes.byref(cols))
        self.rows, self.cols = rows.value, cols.value
        elem = lib.wmma_matrix_elem(instr, matrix)
        self.elem = lib.wmma_elem_name(elem).decode()
        self.elem_bits = lib.wmma_elem_bits(elem)
        self.vgprs = lib.wmma_matrix_vgprs(arch, instr, matrix)
        self.opsel = opsel
        entries = []
        for r in range(self.rows):
            for c in range(self.cols):
                for loc in self.locate(r, c):
                    entries.append((r, c) + loc)
        table = np.array(entries, dtype=np.int32).reshape(-1, 6)
        (self.row, self.col, self.lane, self.vgpr, self.bit_lo,
         self.bit_hi) = (np.ascontiguousarray(table[:, i]) for i in range(6))

    def locate(self, row, col):
        """[(lane, vgpr, bit_lo, bit_hi), ...] holding element (row, col)."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IndexError("element (%d, %d) is outside the %dx%d matrix %s"
                             % (row, col, self.rows, self.cols, self.matrix))
        locs = (_lib.RegLoc * 2)()
        n = self._lib.wmma_hw_locate(self._arch, self._instr, self._mat,
                                     self.opsel, row, col, locs)
        return [(l.lane, l.vgpr, l.bit_lo, l.bit_hi) for l in locs[:n]]

    def element_at(self, lane, vgpr, bit=0):
        """(row, col) of the element stored at (lane, vgpr, bit), or None if
        those bits hold no element."""
        if not (0 <= lane < 32 and 0 <= vgpr < self.vgprs and 0 <= bit < 32):
            raise IndexError("lane must be 0..31, vgpr 0..%d, bit 0..31"
                             % (self.vgprs - 1))
        r, c = ctypes.c_int(), ctypes.c_int()
        if self._lib.wmma_hw_element_at(self._arch, self._instr, self._mat,
                                        self.opsel, lane, vgpr, bit,
                                        ctypes.byref(r), ctypes.byref(c)):
            return r.value, c.value
        return None

    def _text(self, fmt):
        # The layout engine formats, exactly as wmma-layout prints.
        args = (self._arch, self._instr, self._mat, self.opsel, fmt)
        n = self._lib.wmma_layout_text(*args, None, 0)
        buf = ctypes.create_string_buffer(n + 1)
        self._lib.wmma_layout_text(*args, buf, n + 1)
        return buf.value.decode()

    @property
    def tsv(self):
        """The `wmma-layout --format tsv` rows (without the header line)."""
        return self._text(_lib.TEXT_TSV)

    @property
    def grid(self):
        """The operand as a rows x cols grid of cells, exactly like
        `wmma-layout --format grid` prints it."""
        return self._text(_lib.TEXT_GRID)

    def to_svg(self):
        """The operand as an SVG picture (str): the matrix as a grid of cells
        coloured by lane, each naming lane(s), register and bits, with a lane
        legend -- exactly what `wmma-layout --format svg` prints."""
        return self._text(_lib.TEXT_SVG)

    def _repr_svg_(self):
        # IPython/Jupyter rich display.
        return self.to_svg()

    def __repr__(self):
        return "<wmma.Layout %s %s on %s: %dx%d, %d entries>" % (
            self.instruction, self.matrix, self.arch, self.rows, self.cols,
            len(self.row))


def layout(target, instruction, matrix, opsel=0):
    """The register map of one operand of one instruction.

    target:      a chip ("gfx1100", ...) or an architecture ("rdna3"/"rdna4")
    instruction: ISA name, e.g. "v_wmma_f32_16x16x16_f16"
    matrix:      "A", "B", "C" or "D"
    opsel:       0/1, the half used by RDNA3 16-bit accumulators (C/D of
                 f16/bf16 accumulators; ignored elsewhere, like wmma-layout)

    Raises WmmaError for an unknown chip/architecture/instruction or one the
    architecture lacks; ValueError for a bad matrix or opsel.
    """
    lib = _lib.load()
    arch, chip = _lib.resolve_arch(lib, target)
    instr = lib.wmma_instr_lookup(_lib.cstr(instruction, "instruction"))
    if instr == _lib.INSTR_COUNT:
        raise WmmaError("unknown instruction '%s'; %s instructions: %s" % (
            instruction, lib.wmma_arch_name(arch).decode(), _instr_list(lib, arch)))
    if not lib.wmma_instr_available(instr, arch):
        raise WmmaError("%s is not available on %s%s; %s instructions: %s" % (
            instruction, lib.wmma_arch_name(arch).decode(),
            " (%s)" % chip if chip else "", lib.wmma_arch_name(arch).decode(),
            _instr_list(lib, arch)))
    mat = _matrix_index(matrix)
    if opsel not in (0, 1) or isinstance(opsel, bool):
        raise ValueError("opsel must be 0 or 1, not %r" % (opsel,))
    # opsel only exists for RDNA3 16-bit accumulators, as in wmma-layout.
    elem_bits = lib.wmma_elem_bits(lib.wmma_matrix_elem(instr, mat))
    if not (arch == _lib.ARCH_RDNA3 and mat >= 2 and elem_bits == 16):
        opsel = 0
    return Layout(lib, arch, chip, instr, mat, opsel)
