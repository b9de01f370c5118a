"""compile(): MLIR source -> one RDNA kernel (wmma IR, LLVM IR, ISA or HSACO)
plus its launch manifest, through wmma_compile_source."""

import ctypes
import json
import os

from . import _lib
from ._errors import WmmaError


class Compiled:
    """A compiled kernel.

    artifact:    bytes for emit="hsaco", str for "mlir", "llvm" and "isa"
    manifest:    the launch manifest as a dict: kernel, chip, grid, block,
                 lds_bytes, args [{name, kind, type, shape, role}]
    diagnostics: warnings/remarks the compiler printed (str, often "")
    emit:        the artifact kind

    Unpacks as (artifact, manifest).
    """

    def __init__(self, artifact, manifest, diagnostics, emit, raw):
        self.artifact = artifact
        self.manifest = manifest
        self.diagnostics = diagnostics
        self.emit = emit
        self._raw = raw  # bytes of the artifact, for launching

    @property
    def kernel(self):
        return self.manifest["kernel"]

    @property
    def chip(self):
        return self.manifest["chip"]

    def __iter__(self):
        return iter((self.artifact, self.manifest))

    def __repr__(self):
        return "<wmma.Compiled %s for %s, %s, %d bytes>" % (
            self.kernel, self.chip, self.emit, len(self._raw))


def _source_bytes(source):
    """(bytes, name): str/bytes are source text; os.PathLike is a file."""
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        with open(path, "rb") as f:
            return f.read(), path
    if isinstance(source, str):
        return source.encode("utf-8"), "<source>"
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), "<source>"
    raise TypeError("source must be MLIR text (str or bytes) or a path "
                    "(os.PathLike), not %s" % type(source).__name__)


def _options(lib, chip, emit, func, strategy, waves, tiled=True, staging="auto",
             tile=None, accumulate="wide"):
    if emit not in _lib.EMIT_KINDS:
        raise ValueError("emit must be one of %s, not %r"
                         % (", ".join(_lib.EMIT_KINDS), emit))
    if strategy not in _lib.STRATEGIES:
        raise ValueError("strategy must be one of %s, not %r"
                         % (", ".join(_lib.STRATEGIES), strategy))
    if not isinstance(waves, int) or isinstance(waves, bool) or not 0 <= waves <= 32:
        raise ValueError("waves must be an int in 0..32 (0: the front end's "
                         "default), not %r" % (waves,))
    opts = _lib.CompileOptions()
    opts.chip = _lib.cstr(chip, "chip")
    opts.emit = _lib.EMIT_KINDS.index(emit)
    opts.func = _lib.cstr(func, "func") if func is not None else None
    opts.strategy = _lib.STRATEGIES.index(strategy)
    opts.waves_per_workgroup = waves
    if staging not in _lib.STAGINGS:
        raise ValueError("staging must be one of %s, not %r"
                         % (", ".join(_lib.STAGINGS), staging))
    opts.staging = _lib.STAGINGS.index(staging if tiled else "registers")
    if tile is not None:
        if (not isinstance(tile, tuple) or len(tile) != 2 or
                not all(isinstance(t, int) and t > 0 for t in tile)):
            raise ValueError("tile must be a (rows, columns) tuple of positive "
                             "ints, not %r" % (tile,))
        opts.tile_m, opts.tile_n = tile
    if accumulate not in _lib.ACCUMULATES:
        raise ValueError("accumulate must be one of %s, not %r"
                         % (", ".join(_lib.ACCUMULATES), accumulate))
    opts.accumulate = _lib.ACCUMULATES.index(accumulate)
    return opts


def compile_raw(source, chip, emit, func=None, strategy="permlanex16", waves=0,
                source_name=None, tiled=True, staging="auto", tile=None,
                accumulate="wide"):
    """Compiles and returns (Compiled, the C result) -- the caller frees the
    C result with wmma_compile_result_free (run() launches from it)."""
    lib = _lib.load()
    data, default_name = _source_bytes(source)
    opts = _options(lib, chip, emit, func, strategy, waves, tiled, staging, tile,
                    accumulate)
    name = _lib.cstr(source_name or default_name, "source_name")
    res = _lib.CompileResult()
    rc = lib.wmma_compile_source(data, len(data), name, ctypes.byref(opts),
                                 ctypes.byref(res))
    diags = ctypes.string_at(res.diagnostics).decode("utf-8", "replace") \
        if res.diagnostics else ""
    if rc != 0 or not res.ok:
        lib.wmma_compile_result_free(ctypes.byref(res))
        raise WmmaError("compilation for %s failed%s" % (
            chip, "" if diags.strip() else " (no diagnostics)"), diags)
    raw = ctypes.string_at(res.data, res.size) if res.data else b""
    manifest = json.loads(ctypes.string_at(res.manifest_json).decode("utf-8"))
    artifact = raw if emit == "hsaco" else raw.decode("utf-8", "replace")
    return Compiled(artifact, manifest, diags, emit, raw), res


def load_raw(kernel_ir, chip, manifest=None):
    """Loads a kernel compiled earlier: LLVM IR text at path kernel_ir and
    its launch manifest (default: kernel_ir + ".json", where wmma-compile
    writes it), checked against each other and against chip.  Returns
    (Compiled, the C result) like compile_raw; raises WmmaError naming the
    mismatch."""
    lib = _lib.load()
    path = os.fspath(kernel_ir)
    mpath = os.fspath(manifest) if manifest is not None else None
    res = _lib.CompileResult()
    rc = lib.wmma_load_kernel(_lib.cstr(path, "kernel_ir"),
                              _lib.cstr(mpath, "manifest") if mpath else None,
                              _lib.cstr(chip, "chip"), ctypes.byref(res))
    diags = ctypes.string_at(res.diagnostics).decode("utf-8", "replace") \
        if res.diagnostics else ""
    if rc != 0 or not res.ok:
        lib.wmma_compile_result_free(ctypes.byref(res))
        raise WmmaError("cannot load the kernel %s for %s" % (path, chip), diags)
    raw = ctypes.string_at(res.data, res.size) if res.data else b""
    manifest = json.loads(ctypes.string_at(res.manifest_json).decode("utf-8"))
    return Compiled(raw.decode("utf-8", "replace"), manifest, diags, "llvm", raw), res


def compile(source, chip, emit="hsaco", func=None, strategy="permlanex16",
            waves=0, source_name=None, tiled=True, staging="auto", tile=None,
            accumulate="wide"):
    """Compiles MLIR source for one chip.

    source: MLIR text (str/bytes): linalg functions on memrefs or tensors,
            static or dynamic sizes (the front end turns one into a wmma
            kernel), or wmma atom programs already in a gpu.module; or a path
            (pathlib.Path) to such a file.
    chip:   "gfx1100" ... "gfx1201".
    emit:   "hsaco" (bytes), "isa", "llvm" or "mlir" (str).
    func:   the function to compile (None: the only one).
    strategy: cross-lane moves, "permlanex16" or "bpermute".
    waves:  wave32 waves per workgroup (0: the front end's default).
    source_name: the file name diagnostics use (default "<source>").
    staging: "auto" (the templates' cost rule), "registers" (every wave
            loads its own fragments) or "lds" (workgroup tiles staged
            through LDS).
    tile:   (rows, columns) of the workgroup tile of a single GEMM, one of
            the configurations the cost rule chooses from (None: its choice).
    tiled:  False is staging="registers" (kept for compatibility).
    accumulate: "wide" (products with f16/bf16 outputs accumulate in f32,
            rounded once at the end) or "native" (in their own type; on
            RDNA3 two tiles share each accumulator register set).

    Returns a Compiled (unpacks as (artifact, manifest)).  Raises WmmaError
    with the MLIR diagnostics (file, line, col, severity, message) on a
    compile error or an unknown chip.
    """
    compiled, res = compile_raw(source, chip, emit, func, strategy, waves,
                                source_name, tiled, staging, tile, accumulate)
    _lib.load().wmma_compile_result_free(ctypes.byref(res))
    return compiled
