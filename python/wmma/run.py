"""run(): compile a linalg pipeline and run its kernel on numpy inputs
(emulator by default, or HIP), returning the outputs as numpy arrays."""

import ctypes
import numbers

import numpy as np

from . import _lib
from ._errors import WmmaError
from .compile import compile_raw

# Manifest element type -> the numpy dtype of arrays given and returned.
# bf16 has no numpy dtype: see _to_bf16_bits.
DTYPES = {
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


def _shape(a):
    return tuple(int(a.shape[d]) for d in range(a.rank))


def _describe(a):
    return "%s %s[%s]" % (a.role.decode(), a.type.decode(),
                          "x".join(str(d) for d in _shape(a)))


def _buffer_input(a, value, name):
    """The bytes of one input buffer, after checking shape and dtype."""
    typ, shape = a.type.decode(), _shape(a)
    if not isinstance(value, np.ndarray):
        raise TypeError("input '%s' must be a numpy array (%s), not %s"
                        % (name, _describe(a), type(value).__name__))
    if value.shape != shape:
        raise ValueError("input '%s' has shape %s; the kernel expects %s (%s)"
                         % (name, value.shape, shape, _describe(a)))
    if typ == "bf16":
        if value.dtype == np.uint16:
            return np.array(value, dtype=np.uint16, order="C")
        if value.dtype == np.float32:
            return f32_to_bf16_bits(value)
        raise TypeError("input '%s' has dtype %s; bf16 takes uint16 bit patterns "
                        "or float32 (rounded to nearest even)" % (name, value.dtype))
    want = DTYPES.get(typ)
    if want is None:
        raise TypeError("input '%s' has element type %s, which run() cannot pass"
                        % (name, typ))
    if value.dtype != want:
        raise TypeError("input '%s' has dtype %s; the kernel expects %s (%s)"
                        % (name, value.dtype, want, _describe(a)))
    # A private copy: inout buffers are written back, the caller's array
    # stays untouched.
    return np.array(value, order="C", copy=True)


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
    want = DTYPES.get(typ)
    if want is None:
        raise TypeError("scalar '%s' has type %s, which run() cannot pass" % (name, typ))
    if want.kind in "iu" and not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError("input '%s' is an integer scalar (%s), not %s"
                        % (name, typ, type(value).__name__))
    return np.array([value], dtype=want)


def _output(a):
    typ = a.type.decode()
    if typ == "bf16":
        return np.zeros(_shape(a), dtype=np.uint16)
    want = DTYPES.get(typ)
    if want is None:
        raise TypeError("output '%s' has element type %s, which run() cannot return"
                        % (a.name.decode(), typ))
    return np.zeros(_shape(a), dtype=want)


def run(source, chip, inputs, backend="emu", func=None, strategy="permlanex16",
        waves=0, source_name=None, tiled=True, stats=False):
    """Compiles `source` for `chip`, runs the kernel on `inputs` and returns
    {name: numpy array} for every output and inout buffer.

    inputs: {argument name: value} for every input/inout buffer (a numpy
      array of exactly the manifest's shape and dtype: f16 -> float16,
      f32 -> float32, i8 -> int8, i32 -> int32; bf16 -> uint16 bit patterns,
      or float32 converted with round-to-nearest-even) and every scalar (a
      number).  Output buffers are allocated here and must not be given.
    backend: "emu" (wmma-emu, default) or "hip" (needs an AMD GPU).
    tiled: False keeps single GEMMs on the per-tile kernel (see compile()).
    stats: True returns (outputs, counters), counters being the emulator's
      (as wmma.emulate returns them); emulator backend only.

    bf16 results are returned as float32 (exact).  Raises WmmaError for
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
    compiled, res = compile_raw(source, chip, emit, func, strategy, waves, source_name,
                                tiled)
    try:
        args = [res.args[i] for i in range(res.nargs)]
        names = [a.name.decode() for a in args]
        unknown = sorted(set(inputs) - set(names))
        if unknown:
            raise ValueError("unknown input%s %s; kernel '%s' takes: %s" % (
                "s" if len(unknown) > 1 else "", ", ".join(map(repr, unknown)),
                compiled.kernel, ", ".join("%s (%s)" % (n, _describe(a))
                                           for n, a in zip(names, args))))
        host = (_lib.HostArg * max(len(args), 1))()
        keep, results = [], {}
        for i, (name, a) in enumerate(zip(names, args)):
            role = a.role.decode()
            if a.is_buffer and role == "output":
                if name in inputs:
                    raise ValueError("'%s' is an output (%s): do not pass it in inputs"
                                     % (name, _describe(a)))
                arr = _output(a)
            elif name not in inputs:
                raise ValueError("missing input '%s' (%s)" % (name, _describe(a)))
            elif a.is_buffer:
                arr = _buffer_input(a, inputs[name], name)
            else:
                arr = _scalar_input(a, inputs[name], name)
            keep.append(arr)
            host[i].data = arr.ctypes.data
            host[i].bytes = arr.nbytes
            if a.is_buffer and role != "input":
                results[name] = (arr, a.type.decode())
        diag = ctypes.c_void_p()
        backend_id = _lib.BACKEND_EMU if backend == "emu" else _lib.BACKEND_HIP
        counters = _lib.EmuStats()
        if lib.wmma_launch(ctypes.byref(res), backend_id, host, len(args),
                           ctypes.byref(counters) if stats else None,
                           ctypes.byref(diag)) != 0:
            text = _lib.take_string(lib, diag.value)
            raise WmmaError("running %s for %s on the %s backend failed"
                            % (compiled.kernel, chip, backend), text)
        _lib.take_string(lib, diag.value)
    finally:
        lib.wmma_compile_result_free(ctypes.byref(res))
    outputs = {name: bf16_bits_to_f32(arr) if typ == "bf16" else arr
               for name, (arr, typ) in results.items()}
    if stats:
        return outputs, _lib.stats_dict(lib, counters)
    return outputs


def random_inputs(manifest, seed=0, low=-1.0, high=1.0):
    """Seeded random inputs for a manifest (compile(...).manifest): uniform
    in [low, high) for float buffers (bf16 given as float32), small integers
    for integer buffers, values in [0.5, 1.5) for scalars -- ready for run()."""
    rng = np.random.default_rng(seed)
    out = {}
    for a in manifest["args"]:
        if a["kind"] == "buffer" and a["role"] == "output":
            continue
        typ = a["type"]
        if a["kind"] != "buffer":
            out[a["name"]] = float(rng.uniform(0.5, 1.5)) if typ.startswith("f") \
                else int(rng.integers(1, 4))
            continue
        shape = tuple(a["shape"])
        if typ != "bf16" and typ not in DTYPES:
            raise TypeError("argument '%s' has element type %s, which "
                            "random_inputs() cannot fill" % (a["name"], typ))
        if typ in ("i8", "i16", "i32", "i64"):
            out[a["name"]] = rng.integers(-8, 8, size=shape).astype(DTYPES[typ])
        else:
            dtype = np.float32 if typ == "bf16" else DTYPES[typ]
            out[a["name"]] = rng.uniform(low, high, size=shape).astype(dtype)
    return out
