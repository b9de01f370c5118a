"""wmma: Python interface to the wmma-atoms compiler (RDNA3/RDNA4 WMMA).

A pure-Python (ctypes) package over libwmma-c.so, the project's C API
library; numpy arrays in and out.

    import numpy as np, wmma
    kernel = wmma.compile(src, "gfx1201", emit="isa")       # .artifact, .manifest
    lay = wmma.layout("rdna3", "v_wmma_f32_16x16x16_f16", "C")
    idx = wmma.sparse_layout("v_swmmac_f32_16x16x32_f16", "K")  # RDNA4 2:4
    wmma.chip_info("gfx1201")["parts"][0]["boost_clock_mhz"]  # traits, limits
    print(lay.grid); lay.lane, lay.vgpr, lay.row, lay.col   # numpy arrays
    out = wmma.run(src, "gfx1100", inputs={"A": a, "B": b})  # {"C": ndarray}
    counters = wmma.emulate(llvm_ir, "gemm", (4, 4), 32,
                            [wmma.memref(a), wmma.memref(b), wmma.memref(c)])

Errors from the C API raise wmma.WmmaError (.diagnostics: file, line, col,
severity, message).  The library is found through $WMMA_LIBRARY, next to an
installed package (PREFIX/lib), or in a build tree ($WMMA_BUILD_DIR/lib or
build/lib of the source tree).
"""

from ._errors import WmmaError, parse_diagnostics
from ._lib import find_library, library_path
from .compile import Compiled, compile
from .emulate import emulate, memref
from .layout import Layout, layout
from .sparse_layout import SparseLayout, sparse_layout
from . import sparse24
from .target import chip_info
from .sol import program_speed_of_light, speed_of_light
from .run import (bf16_bits_to_f32, f32_to_bf16_bits, f32_to_fp8_bits,
                  fp8_bits_to_f32, random_inputs, run)


def version():
    """Version of the loaded libwmma-c.so ("MAJOR.MINOR")."""
    from . import _lib
    return _lib.load().wmma_version().decode()


def chips():
    """The supported chips, e.g. ["gfx1100", ..., "gfx1201"]."""
    from . import _lib
    lib = _lib.load()
    return [lib.wmma_chip_name(i).decode() for i in range(lib.wmma_chip_count())]


__all__ = [
    "WmmaError", "Compiled", "Layout", "SparseLayout", "compile", "layout",
    "sparse_layout", "sparse24", "emulate", "memref", "run",
    "random_inputs", "f32_to_bf16_bits", "bf16_bits_to_f32", "f32_to_fp8_bits",
    "fp8_bits_to_f32", "parse_diagnostics",
    "find_library", "library_path", "version", "chips", "chip_info", "speed_of_light",
    "program_speed_of_light",
]
