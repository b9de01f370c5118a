"""run(): compile a linalg pipeline and run its kernel on numpy inputs
(emulator by default, or HIP), returning the outputs as numpy arrays."""

import ctypes
import numbers

import numpy as np

from . import _lib
from ._errors import WmmaError
from .compile import compile_raw, load_raw

# Manifest element type -> the numpy dtype of arrays given and returned.
# bf16 has no numpy dtype: see _to_bf16_bits.
DTYPES = {
    "i1": np.dtype(np.bool_),  # a byte per element, 0 or 1: LLVM's i1 in memory
    "f16": np.dtype(np.float16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
}


def f32_to_bf16_bits(x):
    """float32 array -> bf16 bit patterns (uint16), round to nearest even;
    NaNs stay (quiet) NaNs."""
    x = np.ascontiguousarray(x, dtype=np.float32)
    bits = x.view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(x)
    rounded = np.where(nan, (bits >> 16) | 0x40, rounded)
    return rounded.astype(np.uint16)


def bf16_bits_to_f32(h):
    """bf16 bit patterns (uint16) -> float32 (exact)."""
    return (np.asarray(h, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


FP8_TYPES = ("f8E4M3FN", "f8E5M2")


def _fp8_table(typ):
    """float32 value of each of the 256 codes (the emulator's exact
    decoders, OCP FP8)."""
    lib = _lib.load()
    dec = lib.wmma_emu_fp8_to_f32 if typ == "f8E4M3FN" else lib.wmma_emu_bf8_to_f32
    return np.array([dec(c) for c in range(256)], dtype=np.float32)


def fp8_bits_to_f32(bits, typ="f8E4M3FN"):
    """OCP fp8 bit patterns (uint8) of type f8E4M3FN or f8E5M2 -> float32
    (exact)."""
    if typ not in FP8_TYPES:
        raise ValueError("typ must be one of %s, not %r" % (", ".join(FP8_TYPES), typ))
    return _fp8_table(typ)[np.asarray(bits, dtype=np.uint8)]


def f32_to_fp8_bits(x, typ="f8E4M3FN"):
    """float32 -> OCP fp8 bit patterns (uint8), round to nearest even (ties
    to the even code).  f8E4M3FN (no infinity) saturates to +-448;
    f8E5M2 overflows to +-inf like IEEE formats.  NaN stays NaN."""
    if typ not in FP8_TYPES:
        raise ValueError("typ must be one of %s, not %r" % (", ".join(FP8_TYPES), typ))
    x = np.ascontiguousarray(x, dtype=np.float32)
    table = _fp8_table(typ).astype(np.float64)
    # The non-negative finite codes 0x00.. in increasing value.
    nfin = 0x7f if typ == "f8E4M3FN" else 0x7c
    vals = table[:nfin]
    a = np.abs(x.astype(np.float64))
    hi = np.clip(np.searchsorted(vals, a, side="left"), 1, nfin - 1)
    lo = hi - 1
    dlo, dhi = a - vals[lo], vals[hi] - a
    code = np.where((dlo < dhi) | ((dlo == dhi) & (lo % 2 == 0)), lo, hi)
    code = np.where(a <= vals[0], 0, code)
    if typ == "f8E4M3FN":
        code = np.where(a >= vals[nfin - 1], nfin - 1, code)   # saturate
    else:
        half = (vals[nfin - 1] - vals[nfin - 2]) / 2
        code = np.where(a >= vals[nfin - 1] + half, 0x7c, code)
        code = np.where(a >= vals[nfin - 1], np.where(a >= vals[nfin - 1] + half, 0x7c,
                                                     nfin - 1), code)
    code = code.astype(np.uint8) | np.where(np.signbit(x), 0x80, 0).astype(np.uint8)
    nan = 0x7f if typ == "f8E4M3FN" else 0x7e
    return np.where(np.isnan(x), np.uint8(nan), code).astype(np.uint8)


def _static_shape(a):
    """The manifest shape: ints, or None for run-time sizes."""
    return tuple(int(a.shape[d]) if a.shape[d] >= 0 else None
                 for d in range(a.rank))


def _i4_bytes(value, name):
    """int8 values in [-8, 7] (or uint8 in [0, 15], the same nibbles for
    unsigned products) -> one byte per element holding the nibble
    zero-extended: MLIR addresses memref<..xi4> one element per byte, and
    LLVM's i4 loads take the byte's high bits as zero."""
    v = np.asarray(value)
    lo, hi = (-8, 7) if v.dtype == np.int8 else (0, 15)
    if v.size and (v.min() < lo or v.max() > hi):
        raise ValueError("argument '%s' holds values outside [%d, %d], the "
                         "range of i4 given as %s" % (name, lo, hi, v.dtype))
    return np.array(v.astype(np.int16) & 0xF, dtype=np.uint8, order="C")


def _i4_values(b):
    """Bytes of i4 elements -> int8 values (the low nibble, sign-extended)."""
    return (np.asarray(b).view(np.uint8) << 4).view(np.int8) >> 4


def _describe(a):
    dims = ["s%d" % (-1 - a.shape[d]) if a.shape[d] < 0 else str(a.shape[d])
            for d in range(a.rank)]
    return "%s %s[%s]" % (a.role.decode(), a.type.decode(), "x".join(dims))


def _dtype_of(a, name):
    typ = a.type.decode()
    if typ == "bf16":
        return np.dtype(np.uint16)
    if typ in FP8_TYPES:
        return np.dtype(np.uint8)
    if typ == "i4":
        return np.dtype(np.int8)
    want = DTYPES.get(typ)
    if want is None:
        raise TypeError("argument '%s' has element type %s, which run() cannot "
                        "pass" % (name, typ))
    return want


def _buffer_input(a, value, name):
    """The C-contiguous array of one buffer argument given by the caller,
    after checking its rank and dtype (sizes are checked against the other
    arguments by _bind_sizes)."""
    typ = a.type.decode()
    if not isinstance(value, np.ndarray):
        raise TypeError("argument '%s' must be a numpy array (%s), not %s"
                        % (name, _describe(a), type(value).__name__))
    if value.ndim != a.rank:
        raise ValueError("argument '%s' has %d dimensions; the kernel expects "
                         "%d (%s)" % (name, value.ndim, a.rank, _describe(a)))
    if typ == "bf16":
        if value.dtype == np.uint16:
            return np.array(value, dtype=np.uint16, order="C")
        if value.dtype == np.float32:
            return f32_to_bf16_bits(value)
        raise TypeError("argument '%s' has dtype %s; bf16 takes uint16 bit "
                        "patterns or float32 (rounded to nearest even)"
                        % (name, value.dtype))
    if typ in FP8_TYPES:
        if value.dtype == np.uint8:
            return np.array(value, dtype=np.uint8, order="C")
        if value.dtype == np.float32:
            return f32_to_fp8_bits(value, typ)
        raise TypeError("argument '%s' has dtype %s; %s takes uint8 bit "
                        "patterns or float32 (rounded to nearest even)"
                        % (name, value.dtype, typ))
    if typ == "i4":
        if value.dtype not in (np.int8, np.uint8):
            raise TypeError("argument '%s' has dtype %s; i4 takes int8 values "
                            "in [-8, 7] or uint8 in [0, 15]" % (name, value.dtype))
        return _i4_bytes(value, name)
    if typ == "i8" and value.dtype == np.uint8:
        return np.array(value.view(np.int8), order="C", copy=True)
    want = _dtype_of(a, name)
    if value.dtype != want:
        raise TypeError("argument '%s' has dtype %s; the kernel expects %s (%s)"
                        % (name, value.dtype, want, _describe(a)))
    # A private copy: written buffers come back, the caller's array stays.
    return np.array(value, order="C", copy=True)


def _bind_sizes(args, names, given):
    """Run-time sizes from the given arrays: {symbol: size}, checking every
    static dimension and that dimensions sharing a size agree."""
    sizes = {}
    for a, name in zip(args, names):
        if not a.is_buffer or name not in given:
            continue
        shape = given[name].shape
        for d in range(a.rank):
            rec = a.shape[d]
            if rec >= 0:
                if shape[d] != rec:
                    raise ValueError("argument '%s' has shape %s; the kernel "
                                     "expects %s (%s)" % (name, shape,
                                                          _static_shape(a),
                                                          _describe(a)))
                continue
            sym = -1 - rec
            if sym in sizes and sizes[sym] != shape[d]:
                raise ValueError("argument '%s' dimension %d is %d, but another "
                                 "argument fixes that size to %d"
                                 % (name, d, shape[d], sizes[sym]))
            sizes[sym] = shape[d]
    return sizes


def _scalar_input(a, value, name):
    typ = a.type.decode()
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, np.ndarray):
        raise TypeError("input '%s' is a scalar (%s): give a number, not an array "
                        "of shape %s" % (name, typ, value.shape))
    if isinstance(value, bool) or not isinstance(value, (numbers.Number, np.generic)):
        raise TypeError("input '%s' is a scalar (%s): give a number, not %s"
                        % (name, typ, type(value).__name__))
    # index scalars (a trip count, a sequence length) are 64-bit.
    want = np.dtype(np.int64) if typ == "index" else DTYPES.get(typ)
    if want is None:
        raise TypeError("scalar '%s' has type %s, which run() cannot pass" % (name, typ))
    if want.kind in "iu" and not isinstance(value, (numbers.Integral, np.generic)):
        raise TypeError("input '%s' is an integer scalar (%s), not %s"
                        % (name, typ, type(value).__name__))
    return np.array([value], dtype=want)


def _computed_sizes(lib, res, args, names, arrays, sizes):
    """Adds the run-time sizes a program computes (a flatten of two
    run-time sizes, an allocation sized by arithmetic on index scalars)
    from the given arrays and scalars (wmma_program_sizes)."""
    if not res.size_values:
        return sizes
    host = (_lib.HostArg * max(len(args), 1))()
    keep = []
    for i, (name, a) in enumerate(zip(names, args)):
        arr = arrays.get(name)
        if arr is not None:
            host[i].data = arr.ctypes.data
            host[i].bytes = arr.nbytes
        if a.is_buffer:
            dims = (ctypes.c_int64 * max(a.rank, 1))(
                *(arr.shape if arr is not None else
                  [a.shape[d] if a.shape[d] >= 0 else sizes.get(-1 - a.shape[d], -1)
                   for d in range(a.rank)]))
            keep.append(dims)
            host[i].shape = ctypes.cast(dims, ctypes.POINTER(ctypes.c_int64))
    out = (ctypes.c_int64 * 64)()
    diag = ctypes.c_void_p()
    if lib.wmma_program_sizes(ctypes.byref(res), host, len(args), out,
                              ctypes.byref(diag)) != 0:
        raise ValueError(_lib.take_string(lib, diag.value) or
                         "the program's sizes do not follow from the inputs")
    _lib.take_string(lib, diag.value)
    return {s: int(out[s]) for s in range(res.nsizes) if out[s] >= 0}


def _allocated(a, name, sizes):
    """A zero-filled array for an output (or result) nobody passed, its
    shape from the static sizes and the run-time sizes the inputs fix."""
    shape = []
    for d in range(a.rank):
        rec = a.shape[d]
        if rec >= 0:
            shape.append(rec)
        elif -1 - rec in sizes:
            shape.append(sizes[-1 - rec])
        else:
            raise ValueError("'%s' (%s) has run-time sizes no input fixes: pass "
                             "an array for it" % (name, _describe(a)))
    return np.zeros(tuple(shape), dtype=_dtype_of(a, name))


def run(source, chip, inputs, backend="emu", func=None, strategy="permlanex16",
        waves=0, source_name=None, tiled=True, stats=False, staging="auto",
        tile=None, accumulate="wide", kernel_ir=None, sku=None):
    """Compiles `source` for `chip`, runs the kernel on `inputs` and returns
    {name: numpy array} for every written buffer, and "result0", "result1",
    ... for the values a function on tensors returns.

    inputs: {argument name: value}: a numpy array for every input/inout
      buffer, in the kernel's dtype (f16 -> float16, f32 -> float32,
      i8 -> int8 (uint8 accepted: the same bits, for unsigned products),
      i4 -> int8 in [-8, 7] (uint8 in [0, 15] accepted: the same nibbles;
      passed one element per byte, as MLIR addresses i4 memrefs),
      i1 -> bool,
      i32 -> int32; bf16 -> uint16 bit patterns, or float32 converted with
      round-to-nearest-even; f8E4M3FN/f8E5M2 -> uint8 bit patterns, or
      float32 rounded to nearest even, saturating for f8E4M3FN); its shape
      gives the run-time
      sizes of dynamic dimensions.  An output may be given too (its array
      gives its shape, its contents the initial value); otherwise it is
      allocated (zeros) with the sizes the inputs fix.  A number for every
      scalar.  An argument 2:4 sparse along its rows (the kernel reads its
      compressed values and index words, manifest "part") is given as its
      dense M x K matrix with at most two nonzeros per group of four K,
      or as upstream's storage (values, crd) (wmma.sparse24); one 2:4
      along its columns (a B, manifest "along": "columns") as its dense
      K x N matrix, or upstream's storage of it (values, crd: those of its
      transpose, column by column).
    backend: "emu" (wmma-emu, default) or "hip" (needs an AMD GPU).
    staging, tile, tiled, accumulate: the schedule's choices (see compile()).
    stats: True returns (outputs, counters), counters being the emulator's
      (as wmma.emulate returns them); emulator backend only.  For a function
      compiled into several kernels (a program) the counters are the sum
      over its launches, and counters["launches"] lists each launch in
      order: {"kernel": name, "count": times it ran (launches inside
      scf.for run once per iteration, inside scf.if when taken), ...its
      counters summed over those runs}.  For one kernel,
      counters["speed_of_light"] is the speed-of-light model on them (the
      dict wmma.speed_of_light returns, with "isa": the kernel's VGPRs,
      SGPRs, LDS and spills from its ISA, None for kernel_ir) for product
      `sku` (default: the chip's largest part); None where the chip has no
      published part.  For a program it is wmma.program_speed_of_light's
      dict on the launches (each launch modelled alone, the times summed),
      None when no launch ran (run-time sizes of 0).
    kernel_ir: a path to a kernel compiled earlier (LLVM IR text, as
      compile(..., emit="llvm") or wmma-compile --emit llvm writes it, with
      its manifest beside it as PATH.json) to run on the emulator instead of
      compiling source (source may then be None; the schedule's options do
      not apply).

    bf16 results are returned as float32 (exact), i4 results as int8.  Raises WmmaError for
    compile/launch errors (with the MLIR diagnostics), TypeError/ValueError
    naming the argument for missing, unexpected or mismatched inputs.
    """
    if backend not in ("emu", "hip"):
        raise ValueError("backend must be 'emu' or 'hip', not %r" % (backend,))
    if stats and backend != "emu":
        raise ValueError("stats are the emulator's counters: use backend='emu'")
    if not isinstance(inputs, dict):
        raise TypeError("inputs must be a dict {name: array or scalar}, not %s"
                        % type(inputs).__name__)
    lib = _lib.load()
    emit = "llvm" if backend == "emu" else "hsaco"
    if kernel_ir is not None:
        if backend != "emu":
            raise ValueError("kernel_ir is LLVM IR for the emulator: use backend='emu'")
        compiled, res = load_raw(kernel_ir, chip)
    else:
        compiled, res = compile_raw(source, chip, emit, func, strategy, waves,
                                    source_name, tiled, staging, tile, accumulate)
    try:
        args = [res.args[i] for i in range(res.nargs)]
        names = [a.name.decode() for a in args]
        inputs = _sparse_parts(args, names, inputs)
        unknown = sorted(set(inputs) - {n for n, a in zip(names, args)
                                        if a.host >= 0})
        if unknown:
            raise ValueError("unknown input%s %s; kernel '%s' takes: %s" % (
                "s" if len(unknown) > 1 else "", ", ".join(map(repr, unknown)),
                compiled.kernel, ", ".join("%s (%s)" % (n, _describe(a))
                                           for n, a in zip(names, args)
                                           if a.host >= 0)))
        arrays = {}
        for name, a in zip(names, args):
            role = a.role.decode()
            if name in inputs:
                arrays[name] = (_buffer_input(a, inputs[name], name) if a.is_buffer
                                else _scalar_input(a, inputs[name], name))
            elif not a.is_buffer or role != "output":
                raise ValueError("missing input '%s' (%s)" % (name, _describe(a)))
        sizes = _bind_sizes(args, names, arrays)
        sizes = _computed_sizes(lib, res, args, names, arrays, sizes)
        host = (_lib.HostArg * max(len(args), 1))()
        shapes = []
        results = {}
        for i, (name, a) in enumerate(zip(names, args)):
            arr = arrays.get(name)
            if arr is None:
                arr = arrays[name] = _allocated(a, name, sizes)
            host[i].data = arr.ctypes.data
            host[i].bytes = arr.nbytes
            if a.is_buffer:
                dims = (ctypes.c_int64 * max(a.rank, 1))(*arr.shape)
                shapes.append(dims)
                host[i].shape = ctypes.cast(dims, ctypes.POINTER(ctypes.c_int64))
                if a.role.decode() != "input":
                    results[name] = (arr, a.type.decode())
        diag = ctypes.c_void_p()
        backend_id = _lib.BACKEND_EMU if backend == "emu" else _lib.BACKEND_HIP
        counters = _lib.EmuStats()
        # A program (several kernels) gives each launch's counters too.
        per_launch = (_lib.EmuStats * max(res.nlaunches, 1))()
        counts = (ctypes.c_uint64 * max(res.nlaunches, 1))()
        if lib.wmma_launch_program(ctypes.byref(res), backend_id, host, len(args),
                                   per_launch if stats else None,
                                   counts if stats else None,
                                   ctypes.byref(counters) if stats else None,
                                   ctypes.byref(diag)) != 0:
            text = _lib.take_string(lib, diag.value)
            raise WmmaError("running %s for %s on the %s backend failed"
                            % (compiled.kernel, chip, backend), text)
        _lib.take_string(lib, diag.value)
        if stats:
            totals = _lib.stats_dict(lib, counters)
            isa_args = kernel_ir is None and dict(
                source=source, func=func, strategy=strategy, waves=waves,
                source_name=source_name, tiled=tiled, staging=staging, tile=tile,
                accumulate=accumulate)
            if not res.nlaunches:
                dram = lib.wmma_sol_dram_bytes(ctypes.byref(res), host, len(args))
                totals["speed_of_light"] = _speed_of_light(
                    totals, chip, sku, dram, res, isa_args)
            if res.nlaunches:
                totals["launches"] = [
                    dict(kernel=res.launches[i].kernel.decode(),
                         count=int(counts[i]),
                         **_lib.stats_dict(lib, per_launch[i]))
                    for i in range(res.nlaunches)]
                totals["speed_of_light"] = _program_speed_of_light(
                    totals["launches"], res, chip, sku, isa_args)
    finally:
        lib.wmma_compile_result_free(ctypes.byref(res))
    outputs = {name: bf16_bits_to_f32(arr) if typ == "bf16"
               else _i4_values(arr) if typ == "i4" else arr
               for name, (arr, typ) in results.items()}
    if stats:
        return outputs, totals
    return outputs


def _sparse_parts(args, names, inputs):
    """Inputs with each 2:4 argument's dense matrix (or (values, crd))
    replaced by the kernel's values, its index words under NAME#index
    (names renamed alike)."""
    from .sparse24 import compress_2_4, pack_index_words
    out = dict(inputs)
    for i, a in enumerate(args):
        if a.sparse == 2:
            names[i] += "#index"
    for i, a in enumerate(args):
        if a.sparse != 1 or names[i] not in inputs:
            continue
        given = inputs[names[i]]
        if isinstance(given, tuple):
            values, crd = given
        elif a.sparse_cols:
            values, crd = compress_2_4(np.ascontiguousarray(np.asarray(given).T))
        else:
            values, crd = compress_2_4(np.asarray(given))
        out[names[i]] = np.ascontiguousarray(values)
        out[names[i] + "#index"] = pack_index_words(crd).view(np.int32)
    return out


def _modelled(chip, sku):
    """Is there a product to model on (sku given, or the chip's largest)?"""
    c = _lib.load().wmma_chip_get(chip.encode())
    return sku is not None or bool(c and c.contents.largest)


def _isa_listing(chip, compile_args):
    """The function compiled to its ISA listing (compile_args; False: not
    known, None)."""
    if not compile_args:
        return None
    from .compile import compile as compile_isa
    args = dict(compile_args)
    return compile_isa(args.pop("source"), chip, emit="isa", **args).artifact


def _model_isa(isa, lds_bytes):
    """The resources the model takes: the ISA's, its LDS at least the
    launch record's (as wmma_sol_report takes them)."""
    out = dict(isa or {})
    out["lds_bytes"] = max(out.get("lds_bytes", 0), lds_bytes)
    return out


def _speed_of_light(counters, chip, sku, dram_bytes, res, compile_args):
    """The model on one kernel's counters; its ISA resources from the same
    kernel compiled to ISA (compile_args; False: not known)."""
    from .sol import isa_resources, speed_of_light
    if not _modelled(chip, sku):
        return None
    listing = _isa_listing(chip, compile_args)
    isa = isa_resources(listing, res.kernel.decode()) if listing is not None else None
    out = speed_of_light(counters, chip=chip, sku=sku, isa=_model_isa(isa, res.lds_bytes),
                         dram_bytes=dram_bytes)
    out["isa"] = isa
    return out


def _program_speed_of_light(launches, res, chip, sku, compile_args):
    """The model on a program's launches; each launch's ISA resources from
    the program compiled once to its ISA listing (compile_args; False: not
    known)."""
    from .sol import isa_resources, program_speed_of_light
    if not _modelled(chip, sku):
        return None
    if not any(int(l.get("waves", 0)) for l in launches):
        return None  # nothing ran (an empty batch): nothing to model
    listing = _isa_listing(chip, compile_args)
    isas = [_model_isa(isa_resources(listing, l["kernel"]) if listing is not None else None,
                       res.launches[i].lds_bytes)
            for i, l in enumerate(launches)]
    return program_speed_of_light(launches, chip=chip, sku=sku, isas=isas)


def random_inputs(manifest, seed=0, low=-1.0, high=1.0, sizes=None):
    """Seeded random inputs for a manifest (compile(...).manifest): uniform
    in [low, high) for float buffers (bf16 and fp8 given as float32), i8
    and i4 over their whole range (as int8), small integers for wider integer buffers, values
    in [0.5, 1.5) for scalars -- ready for run().
    sizes: {"s0": 77, ...} for the run-time sizes a dynamic kernel takes."""
    rng = np.random.default_rng(seed)
    sizes = sizes or {}
    out = {}
    for a in manifest["args"]:
        if a["host"] < 0 or (a["kind"] == "buffer" and a["role"] == "output"):
            continue
        if a.get("part") == "index":
            continue  # made from the dense matrix by run()
        typ = a["type"]
        if a["kind"] != "buffer":
            out[a["name"]] = float(rng.uniform(0.5, 1.5)) if typ.startswith("f") \
                else int(rng.integers(1, 4))
            continue
        try:
            shape = tuple(d if isinstance(d, int) else sizes[d] for d in a["shape"])
        except KeyError as e:
            raise ValueError("argument '%s' has run-time size %s: give it in "
                             "sizes" % (a["name"], e.args[0])) from None
        if typ not in ("bf16", "i4") and typ not in FP8_TYPES and typ not in DTYPES:
            raise TypeError("argument '%s' has element type %s, which "
                            "random_inputs() cannot fill" % (a["name"], typ))
        if typ == "i8":
            out[a["name"]] = rng.integers(-128, 128, size=shape).astype(np.int8)
        elif typ == "i4":
            out[a["name"]] = rng.integers(-8, 8, size=shape).astype(np.int8)
        elif typ == "i1":
            out[a["name"]] = rng.integers(0, 2, size=shape).astype(np.bool_)
        elif typ in ("i16", "i32", "i64"):
            out[a["name"]] = rng.integers(-8, 8, size=shape).astype(DTYPES[typ])
        else:
            dtype = np.float32 if typ == "bf16" or typ in FP8_TYPES else DTYPES[typ]
            out[a["name"]] = rng.uniform(low, high, size=shape).astype(dtype)
        if a.get("part") == "values":
            # The dense M x K matrix the values come from, pruned to 2:4.
            from .sparse24 import prune_2_4
            x = out[a["name"]]
            out[a["name"]] = prune_2_4(np.concatenate(
                [x, x[:, rng.permutation(x.shape[1])]], axis=1))
            if a.get("along") == "columns":
                # A K x N matrix 2:4 along its columns: the values are its
                # transpose's.
                out[a["name"]] = np.ascontiguousarray(out[a["name"]].T)
    return out
