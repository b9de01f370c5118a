"""emulate(): run an amdgcn kernel given as LLVM IR on wmma-emu (the CPU
emulator of RDNA3/RDNA4 wave32), with numpy arrays as buffers."""

import ctypes
import json
import numbers

import numpy as np

from . import _lib
from ._errors import WmmaError


def _dim3(value, what):
    if isinstance(value, numbers.Integral):
        value = (value,)
    try:
        dims = [int(v) for v in value]
    except (TypeError, ValueError):
        raise TypeError("%s must be an int or 1-3 ints, not %r" % (what, value)) from None
    if not 1 <= len(dims) <= 3 or any(d < 1 or d >= 2**32 for d in dims):
        raise ValueError("%s must be 1-3 positive ints, not %r" % (what, value))
    return (ctypes.c_uint * 3)(*(dims + [1] * (3 - len(dims))))


def _count(value, what, maximum):
    """None, or a non-negative int up to maximum."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    if not 0 <= int(value) <= maximum:
        raise ValueError("%s must be in 0..%d, not %d" % (what, maximum, int(value)))
    return int(value)


def _scalar(kind, value, index, kind_name):
    """A Python/numpy scalar as a wmma_emu_arg of the parameter's kind."""
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    arg = _lib.EmuArg()
    arg.kind = kind
    is_int = isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, bool)
    is_real = isinstance(value, (numbers.Real, np.floating)) and not isinstance(value, bool)
    if kind in (_lib.PARAM_I32, _lib.PARAM_I64, _lib.PARAM_I16, _lib.PARAM_I8):
        bits = {_lib.PARAM_I32: 32, _lib.PARAM_I64: 64, _lib.PARAM_I16: 16,
                _lib.PARAM_I8: 8}[kind]
        if not is_int:
            raise TypeError("argument %d is an %s parameter: give an int, not %s"
                            % (index, kind_name, type(value).__name__))
        v = int(value)
        if not -(1 << (bits - 1)) <= v < (1 << bits):
            raise ValueError("argument %d (%s) is out of range: %d" % (index, kind_name, v))
        if kind == _lib.PARAM_I64:
            arg.u.i64 = v if v < (1 << 63) else v - (1 << 64)
        else:  # i8/i16 are read from the i32 member (low bits)
            arg.u.i32 = v if v < (1 << 31) else v - (1 << 32)
    elif kind in (_lib.PARAM_F32, _lib.PARAM_F64, _lib.PARAM_F16):
        if not is_real:
            raise TypeError("argument %d is an %s parameter: give a float, not %s"
                            % (index, kind_name, type(value).__name__))
        if kind == _lib.PARAM_F32:
            arg.u.f32 = float(value)
        elif kind == _lib.PARAM_F64:
            arg.u.f64 = float(value)
        else:
            arg.u.f16_bits = int(np.array(value, dtype=np.float16).view(np.uint16))
    else:
        raise TypeError("argument %d has an unsupported parameter type (%s)"
                        % (index, kind_name))
    return arg


class memref:
    """A numpy array passed as an MLIR memref descriptor: the kernels
    wmma.compile() builds take each memref as (allocated pointer, aligned
    pointer, offset, sizes..., strides...), and emulate() expands a memref
    argument into those parameters (sizes and strides in elements; the
    array must be C-contiguous).  The buffer gets 16 bytes of
    zeroed padding past its end, as GPU allocators give: the compiled
    kernels' buffer views may read the last dword of an odd-sized row."""

    def __init__(self, array):
        if not isinstance(array, np.ndarray):
            raise TypeError("memref() takes a numpy array, not %s" % type(array).__name__)
        if not array.flags.c_contiguous:
            raise ValueError("memref() takes a C-contiguous array (use "
                             "numpy.ascontiguousarray)")
        self.array = array

    def parameters(self):
        """The descriptor's parameters after the two pointers."""
        a = self.array
        return [0] + list(a.shape) + [s // a.itemsize for s in a.strides]


def _expand(args):
    """args with each memref() replaced by its descriptor's parameters; the
    two pointers are the same memref object."""
    out = []
    for v in args:
        if isinstance(v, memref):
            out += [v, v] + v.parameters()
        else:
            out.append(v)
    return out


def emulate(llvm_ir, kernel, grid, block, args, chip=None, max_instructions=None,
            threads=None, dynamic_lds=0, l2_bytes=0, l2_workgroups=0):
    """Runs one kernel of an LLVM IR module on the emulator.

    llvm_ir: LLVM IR text (str/bytes) or bitcode (bytes), e.g.
             wmma.compile(src, chip, emit="llvm").artifact
    kernel:  the kernel name (None: the module's only kernel)
    grid, block: workgroups and work-items per workgroup, 1-3 ints each
    args:    one per kernel parameter, in order: a C-contiguous, writeable
             numpy array for each pointer parameter (copied in, and updated
             in place with the buffer's final contents), a Python/numpy
             scalar for each scalar parameter (int for i8..i64, float for
             f16/f32/f64), or wmma.memref(array) for a memref descriptor
             (the kernels wmma.compile() builds take memrefs)
    chip:    "gfx1100" ...; None: the kernel's "target-cpu" attribute
    max_instructions: fault after this many wave-instructions in the launch
             (None: the emulator's default budget, 10^8 or 2^18 per
             workgroup in large grids; 0: no limit)
    threads: worker threads running workgroups (None: the number of cores);
             results and counters do not depend on it
    dynamic_lds: bytes of dynamic LDS per workgroup (HIP's sharedMemBytes,
             for `extern __shared__` arrays)
    l2_bytes, l2_workgroups: the L2 model of the DRAM estimate, its size
             and the workgroups resident at a time (0: from the chip's
             largest part; docs/emulator-traffic.md)

    Returns the emulator counters as a dict (lane_instructions,
    wave_instructions, wmma {instruction: count}, wmma_total, cross_lane
    {ds_bpermute, permlanex16, dpp, ds_swizzle}, global/LDS bytes,
    lds_bank_conflicts, global_lines, barriers, workgroups, waves,
    global_distinct_bytes_loaded/_stored: bytes of the distinct addresses
    per wave instruction, dram_est_bytes_read/_written: the DRAM estimate
    of the L2 model, dram_est_unmodelled_launches).  Raises
    WmmaError on a fault, a failed hardware check or a bad module;
    TypeError/ValueError on arguments that do not match.
    """
    lib = _lib.load()
    if isinstance(llvm_ir, str):
        data = llvm_ir.encode("utf-8")
    elif isinstance(llvm_ir, (bytes, bytearray, memoryview)):
        data = bytes(llvm_ir)
    else:
        raise TypeError("llvm_ir must be str or bytes, not %s" % type(llvm_ir).__name__)
    g, b = _dim3(grid, "grid"), _dim3(block, "block")
    limit = _count(max_instructions, "max_instructions", 2**64 - 1)
    nthreads = _count(threads, "threads", 256)
    if nthreads == 0:
        raise ValueError("threads must be at least 1 (None: the number of cores)")
    lds = _count(dynamic_lds, "dynamic_lds", 65536)
    l2 = _count(l2_bytes, "l2_bytes", 2**40)
    l2_wgs = _count(l2_workgroups, "l2_workgroups", 2**24)
    if b[0] * b[1] * b[2] > 1024:
        raise ValueError("block has %d work-items; at most 1024" % (b[0] * b[1] * b[2]))
    given = list(args)
    args = _expand(given)
    m = lib.wmma_emu_load_memory(data, len(data), b"<llvm_ir>")
    if not m:
        raise WmmaError("the emulator cannot load the module",
                        "error: " + lib.wmma_emu_last_error(None).decode())
    try:
        def fail(summary):
            raise WmmaError(summary, "error: " + lib.wmma_emu_last_error(m).decode())

        if kernel is None:
            if lib.wmma_emu_kernel_count(m) != 1:
                names = [lib.wmma_emu_kernel_name(m, i).decode()
                         for i in range(lib.wmma_emu_kernel_count(m))]
                raise ValueError("the module has %d kernels (%s): give kernel="
                                 % (len(names), ", ".join(names) or "none"))
            k = 0
        else:
            k = lib.wmma_emu_find_kernel(m, _lib.cstr(kernel, "kernel"))
            if k < 0:
                names = [lib.wmma_emu_kernel_name(m, i).decode()
                         for i in range(lib.wmma_emu_kernel_count(m))]
                raise WmmaError("no kernel '%s' in the module (kernels: %s)"
                                % (kernel, ", ".join(names) or "none"))
        if chip is not None and lib.wmma_emu_set_chip(m, _lib.cstr(chip, "chip")) != 0:
            raise WmmaError("unknown chip '%s'; supported chips: %s"
                            % (chip, lib.wmma_supported_chips().decode()))
        nparams = lib.wmma_emu_param_count(m, k)
        if len(args) != nparams:
            hint = ""
            if any(isinstance(v, np.ndarray) for v in given) and len(args) < nparams:
                hint = (" (kernels from wmma.compile take memref descriptors: pass "
                        "wmma.memref(array) for each buffer)")
            raise ValueError("kernel takes %d parameters, %d given%s"
                             % (nparams, len(args), hint))
        eargs = (_lib.EmuArg * max(nparams, 1))()
        buffers = []  # (buffer id, array)
        memref_buffers = {}  # id(memref) -> buffer id
        for i, value in enumerate(args):
            kind = lib.wmma_emu_param_kind_of(m, k, i)
            kind_name = lib.wmma_emu_param_kind_name(kind).decode()
            if isinstance(value, memref):
                if kind != _lib.PARAM_POINTER:
                    raise TypeError("parameter %d is %s, not the pointer of a memref "
                                    "descriptor" % (i, kind_name))
                buf = memref_buffers.get(id(value))
                if buf is None:
                    arr = value.array
                    if not arr.flags.writeable:
                        raise ValueError("parameter %d: the memref's array must be "
                                         "writeable" % i)
                    buf = lib.wmma_emu_buffer_create(m, arr.nbytes + 16, None)
                    if buf < 0:
                        fail("cannot create the buffer for parameter %d" % i)
                    if arr.nbytes and lib.wmma_emu_buffer_write(
                            m, buf, 0, arr.ctypes.data, arr.nbytes) != 0:
                        fail("cannot fill the buffer for parameter %d" % i)
                    memref_buffers[id(value)] = buf
                    buffers.append((buf, arr))
                eargs[i].kind = kind
                eargs[i].u.buffer = buf
            elif kind == _lib.PARAM_POINTER:
                if not isinstance(value, np.ndarray):
                    raise TypeError("argument %d is a pointer parameter: give a numpy "
                                    "array, not %s" % (i, type(value).__name__))
                if not value.flags.c_contiguous or not value.flags.writeable:
                    raise ValueError("argument %d must be a C-contiguous, writeable "
                                     "array (use numpy.ascontiguousarray)" % i)
                buf = lib.wmma_emu_buffer_create(m, value.nbytes,
                                                 value.ctypes.data if value.nbytes else None)
                if buf < 0:
                    fail("cannot create the buffer for argument %d" % i)
                buffers.append((buf, value))
                eargs[i].kind = kind
                eargs[i].u.buffer = buf
            else:
                eargs[i] = _scalar(kind, value, i, kind_name)
        if limit is not None:
            lib.wmma_emu_set_instruction_limit(m, limit)
        if nthreads is not None:
            lib.wmma_emu_set_threads(m, nthreads)
        if lds:
            lib.wmma_emu_set_dynamic_lds(m, lds)
        lib.wmma_emu_set_l2_model(m, l2 or 0, l2_wgs or 0)
        if lib.wmma_emu_launch(m, k, eargs, nparams, g, b) != 0:
            fail("the kernel failed on the emulator")
        for buf, arr in buffers:
            if arr.nbytes:
                lib.wmma_emu_buffer_read(m, buf, arr.ctypes.data, arr.nbytes)
        cap = lib.wmma_emu_stats_json(m, None, 0) + 1
        text = ctypes.create_string_buffer(cap)
        lib.wmma_emu_stats_json(m, text, cap)
        return json.loads(text.value.decode())
    finally:
        lib.wmma_emu_destroy(m)
