"""Finding and loading libwmma-c.so, and the ctypes mirror of its C API.

The structures below mirror include/wmma-c/*.h and include/wmma/Layout/
Layout.h field by field; tests/test_abi.py checks their sizes against the
headers when a C compiler is available.
"""

import ctypes
import os
import threading

from ._errors import WmmaError

LIBRARY_NAME = "libwmma-c.so"

_PKG_DIR = os.path.dirname(os.path.abspath(__file__))


def candidate_paths():
    """Where the library is looked for, in order (first existing one wins).

    1. $WMMA_LIBRARY: an explicit path to the library.
    2. The installed layout: PREFIX/lib/python3/dist-packages/wmma is this
       package, PREFIX/lib/libwmma-c.so the library.
    3. A build tree: $WMMA_BUILD_DIR/lib, then build/lib next to python/ in
       the source tree (python/wmma is this package).
    """
    paths = []
    explicit = os.environ.get("WMMA_LIBRARY")
    if explicit:
        paths.append(explicit)
    paths.append(os.path.normpath(os.path.join(_PKG_DIR, "..", "..", "..", LIBRARY_NAME)))
    build_dir = os.environ.get("WMMA_BUILD_DIR")
    if build_dir:
        paths.append(os.path.join(build_dir, "lib", LIBRARY_NAME))
    paths.append(os.path.normpath(os.path.join(_PKG_DIR, "..", "..", "build", "lib", LIBRARY_NAME)))
    return paths


def find_library():
    """Path of the library that load() uses; WmmaError if there is none."""
    paths = candidate_paths()
    explicit = os.environ.get("WMMA_LIBRARY")
    # An explicit path that does not exist is a mistake worth reporting,
    # not something to silently replace with another library.
    if explicit and not os.path.isfile(explicit):
        raise WmmaError("WMMA_LIBRARY=%s does not exist" % explicit)
    for p in paths:
        if os.path.isfile(p):
            return p
    raise WmmaError(
        "cannot find %s; looked in: %s. Build the project (ninja -C build "
        "WMMACAPILib), install it, or set WMMA_LIBRARY / WMMA_BUILD_DIR"
        % (LIBRARY_NAME, ", ".join(paths)))


#--- C types ----------------------------------------------------------------
c_int, c_uint, c_char_p, c_void_p = ctypes.c_int, ctypes.c_uint, ctypes.c_char_p, ctypes.c_void_p
c_size_t, c_double = ctypes.c_size_t, ctypes.c_double

WMMA_MAX_KERNEL_ARGS = 32
WMMA_MAX_RANK = 8
WMMA_MAX_GRID_PROGRAM = 32

EMIT_KINDS = ("mlir", "llvm", "isa", "hsaco")  # wmma_emit_kind order
STRATEGIES = ("permlanex16", "bpermute")       # wmma_xlane_strategy order
STAGINGS = ("auto", "registers", "lds")        # wmma_staging order
ACCUMULATES = ("wide", "native")               # wmma_accumulate order
MATRICES = ("A", "B", "C", "D")                # wmma_matrix order
ARCH_INVALID, ARCH_RDNA3, ARCH_RDNA4 = 0, 3, 4
INSTR_COUNT = 11                               # WMMA_INSTR_COUNT
SPARSE_COUNT = 11                              # WMMA_SPARSE_COUNT
TEXT_TSV, TEXT_GRID, TEXT_SVG = 0, 1, 2         # wmma_text_format order
BACKEND_EMU, BACKEND_HIP = 0, 1

# wmma_emu_param_kind
(PARAM_POINTER, PARAM_I32, PARAM_I64, PARAM_F32, PARAM_F16, PARAM_F64,
 PARAM_I16, PARAM_I8, PARAM_UNSUPPORTED) = range(9)


class CompileOptions(ctypes.Structure):
    _fields_ = [("chip", c_char_p), ("emit", c_int), ("func", c_char_p),
                ("strategy", c_int), ("waves_per_workgroup", c_int),
                ("staging", c_int), ("tile_m", c_int), ("tile_n", c_int),
                ("accumulate", c_int)]


class KernelArg(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char * 64), ("is_buffer", c_int),
                ("type", ctypes.c_char * 16), ("elem_bytes", c_int),
                ("rank", c_int), ("shape", ctypes.c_int64 * WMMA_MAX_RANK),
                ("strides", ctypes.c_int64 * WMMA_MAX_RANK),
                ("offset", ctypes.c_int64),
                ("role", ctypes.c_char * 8), ("host", c_int),
                ("sparse", c_int), ("sparse_cols", c_int)]


class GridOp(ctypes.Structure):
    _fields_ = [("op", c_int), ("value", ctypes.c_int64)]


class ProgramBuffer(ctypes.Structure):
    """wmma_program_buffer: an intermediate (or view) of a program."""
    _fields_ = [("desc", KernelArg), ("is_view", c_int), ("view_of", c_int),
                ("offset_value", c_int), ("value", c_int)]


class CompileResult(ctypes.Structure):
    pass


CompileResult._fields_ = [("ok", c_int), ("data", ctypes.POINTER(ctypes.c_ubyte)),
                ("size", c_size_t), ("manifest_json", c_void_p),
                ("diagnostics", c_void_p), ("kernel", ctypes.c_char * 128),
                ("chip", ctypes.c_char * 16), ("grid", c_uint * 3),
                ("block", c_uint * 3), ("lds_bytes", ctypes.c_uint64),
                ("nargs", c_int), ("args", KernelArg * WMMA_MAX_KERNEL_ARGS),
                ("nresults", c_int), ("nsizes", c_int), ("grid_len", c_int * 3),
                ("grid_program", (GridOp * WMMA_MAX_GRID_PROGRAM) * 3),
                ("accumulate", c_int), ("schedule", ctypes.c_char * 1024),
                # A program: its launches in order, its own buffers.
                ("nlaunches", c_int), ("launches", ctypes.POINTER(CompileResult)),
                ("nbuffers", c_int), ("buffers", ctypes.POINTER(ProgramBuffer)),
                ("ncaller", c_int),
                # Loops and conditionals (wmma_program_step, _value).
                ("nsteps", c_int), ("steps", c_void_p),
                ("nvalues", c_int), ("values", c_void_p),
                # Run-time sizes the host computes (wmma_program_sizes).
                ("size_values", ctypes.POINTER(c_int))]


class HostArg(ctypes.Structure):
    _fields_ = [("data", c_void_p), ("bytes", c_size_t),
                ("shape", ctypes.POINTER(ctypes.c_int64))]


class RegLoc(ctypes.Structure):
    _fields_ = [("lane", c_int), ("vgpr", c_int), ("bit_lo", c_int), ("bit_hi", c_int)]


class InstrInfo(ctypes.Structure):
    _fields_ = [("id", c_int), ("isa_name", c_char_p), ("rocdl_name", c_char_p),
                ("a", c_int), ("b", c_int), ("c", c_int),
                ("m", c_int), ("n", c_int), ("k", c_int),
                ("arch_mask", c_uint), ("is_integer", c_int), ("has_opsel", c_int)]


class SparseInfo(ctypes.Structure):
    _fields_ = [("id", c_int), ("isa_name", c_char_p), ("intrinsic", c_char_p),
                ("a", c_int), ("b", c_int), ("c", c_int),
                ("m", c_int), ("n", c_int), ("k", c_int),
                ("is_integer", c_int), ("index_bits", c_int)]


class ArchTraits(ctypes.Structure):
    """wmma_arch_traits (include/wmma/Layout/Layout.h)."""
    _fields_ = [(name, c_int) for name in (
        "arch", "wave_size", "ab_replicated", "k_split", "hw_k_contiguous",
        "acc16_opsel_halves", "acc_rows_interleaved", "fp8_wmma", "sparse_wmma",
        "lds_banks", "lds_bank_bytes", "lds_max_access_bytes", "lds_bytes_per_wgp",
        "lds_bytes_per_workgroup", "lds_bytes_per_clk_per_cu",
        "lds_write_bytes_per_clk_per_cu",
        "xpose_valu_8bit", "xpose_valu_16bit", "simds_per_cu", "cus_per_wgp",
        "max_waves_per_simd", "max_vgprs_per_wave", "valu_fp32_flops_per_clk_per_cu",
        "valu_fp32_dual_flops_per_clk_per_cu", "valu_fp16_packed_flops_per_clk_per_cu",
        "valu_fp64_flops_per_clk_per_cu", "valu_instr_per_clk_per_simd")] + [
        ("wmma_issue_cycles", c_int * INSTR_COUNT),
        ("swmmac_16bit_issue_cycles", c_int), ("swmmac_8bit_issue_cycles", c_int)]


class SkuInfo(ctypes.Structure):
    """wmma_sku_info."""
    _fields_ = [("key", c_char_p), ("product", c_char_p), ("chip", c_char_p),
                ("compute_units", c_int), ("boost_clock_mhz", c_int),
                ("game_clock_mhz", c_int), ("dram_bytes_per_s", ctypes.c_int64),
                ("dram_measured_bytes_per_s", ctypes.c_int64), ("l2_bytes", ctypes.c_int64)]


class ChipInfo(ctypes.Structure):
    """wmma_chip_info."""
    _fields_ = [("name", c_char_p), ("arch", c_int), ("compute_units", c_int),
                ("vgprs_per_simd", c_int), ("lds_bytes", c_int),
                ("vgpr_alloc_granule", c_int), ("largest", ctypes.POINTER(SkuInfo))]


class _EmuArgValue(ctypes.Union):
    _fields_ = [("buffer", c_int), ("i32", ctypes.c_int32), ("i64", ctypes.c_int64),
                ("f32", ctypes.c_float), ("f64", c_double), ("f16_bits", ctypes.c_uint16)]


class EmuArg(ctypes.Structure):
    _fields_ = [("kind", c_int), ("u", _EmuArgValue)]


_u64 = ctypes.c_uint64


class EmuStats(ctypes.Structure):
    """wmma_emu_stats (the counters wmma_launch fills)."""
    _fields_ = [("lane_instructions", _u64), ("wave_instructions", _u64),
                ("wmma", _u64 * 16), ("wmma_total", _u64),
                ("ds_bpermute", _u64), ("permlanex16", _u64), ("dpp", _u64),
                ("ds_swizzle", _u64), ("global_bytes_loaded", _u64),
                ("global_bytes_stored", _u64), ("lds_bytes_read", _u64),
                ("lds_bytes_written", _u64), ("barriers", _u64), ("workgroups", _u64),
                ("waves", _u64), ("lds_bank_conflicts", _u64), ("global_lines", _u64),
                ("lds_instructions", _u64), ("global_instructions", _u64),
                ("valu_instructions", _u64), ("swmmac", _u64 * 16),
                ("global_distinct_bytes_loaded", _u64),
                ("global_distinct_bytes_stored", _u64), ("dram_est_bytes_read", _u64),
                ("dram_est_bytes_written", _u64), ("dram_est_unmodelled_launches", _u64)]


class SolCounters(ctypes.Structure):
    """wmma_sol_counters (wmma/Layout/SpeedOfLight.h)."""
    _fields_ = [("wmma", _u64 * INSTR_COUNT)] + [(n, _u64) for n in (
        "valu_instructions", "lds_instructions", "lds_bytes_read", "lds_bytes_written",
        "lds_bank_conflicts", "global_instructions", "global_bytes_loaded",
        "global_bytes_stored", "dram_bytes", "barriers", "workgroups", "waves")] + [
        ("swmmac", _u64 * SPARSE_COUNT)]


class SolIsa(ctypes.Structure):
    """wmma_sol_isa."""
    _fields_ = [("vgprs", c_int), ("sgprs", c_int), ("lds_bytes", c_int), ("spills", c_int)]


SOL_BOUNDS = 4  # WMMA_SOL_BOUND_COUNT


class SolAtClock(ctypes.Structure):
    """wmma_sol_at_clock."""
    _fields_ = [("clock_mhz", c_int), ("seconds", c_double * SOL_BOUNDS),
                ("wmma_seconds", c_double), ("valu_seconds", c_double), ("time", c_double),
                ("dominant", c_int), ("wmma_peak_fraction", c_double),
                ("valu_busy_fraction", c_double)]


class SolResult(ctypes.Structure):
    """wmma_sol_result."""
    _fields_ = [("sku", ctypes.POINTER(SkuInfo)), ("occupancy", c_int),
                ("occupancy_limit", c_char_p), ("waves_per_workgroup", c_int),
                ("busiest_wgp_workgroups", _u64), ("busiest_simd_waves", _u64),
                ("quantisation", c_double), ("wmma_ops", c_double), ("main_wmma", c_int),
                ("boost", SolAtClock), ("sustained", SolAtClock)]


class SolProgramAtClock(ctypes.Structure):
    """wmma_sol_program_at_clock."""
    _fields_ = [("clock_mhz", c_int), ("time", c_double),
                ("wmma_peak_fraction", c_double), ("slowest", c_int),
                ("valu_busy_fraction", c_double)]


class SolProgramResult(ctypes.Structure):
    """wmma_sol_program_result."""
    _fields_ = [("sku", ctypes.POINTER(SkuInfo)), ("nlaunches", c_int),
                ("nmodelled", c_int), ("boost", SolProgramAtClock),
                ("sustained", SolProgramAtClock)]


def _prototypes(lib):
    P = ctypes.POINTER
    protos = {
        "wmma_version": (c_char_p, []),
        # Layout engine.
        "wmma_chip_arch": (c_int, [c_char_p]),
        "wmma_supported_chips": (c_char_p, []),
        "wmma_arch_name": (c_char_p, [c_int]),
        "wmma_arch_parse": (c_int, [c_char_p]),
        "wmma_chip_count": (c_int, []),
        "wmma_chip_name": (c_char_p, [c_int]),
        "wmma_chip_get": (P(ChipInfo), [c_char_p]),
        "wmma_arch_traits_get": (P(ArchTraits), [c_int]),
        "wmma_sku_count": (c_int, []),
        "wmma_sku_at": (P(SkuInfo), [c_int]),
        "wmma_sku_wmma_peak": (c_double, [P(SkuInfo), c_int, c_int]),
        "wmma_sku_sustained_clock_mhz": (c_int, [P(SkuInfo)]),
        "wmma_sku_get": (P(SkuInfo), [c_char_p]),
        "wmma_speed_of_light": (c_int, [P(SolCounters), P(SolIsa), P(SkuInfo),
                                        P(SolResult), c_char_p, c_size_t]),
        "wmma_sol_bound_name": (c_char_p, [P(SolAtClock), c_int]),
        "wmma_sol_format": (c_size_t, [P(SolResult), c_char_p, c_size_t]),
        "wmma_sol_program": (c_int, [P(SolResult), P(c_int), c_int, P(SolProgramResult)]),
        "wmma_sol_program_format": (c_size_t, [P(SolProgramResult), P(SolResult), P(c_int),
                                               P(c_char_p), c_char_p, c_size_t]),
        "wmma_sol_counters_from_stats": (None, [P(EmuStats), ctypes.c_uint64,
                                                P(SolCounters)]),
        "wmma_sol_dram_bytes": (ctypes.c_uint64, [P(CompileResult), P(HostArg), c_int]),
        "wmma_isa_resources": (c_int, [c_char_p, c_size_t, c_char_p, P(SolIsa)]),
        "wmma_elem_bits": (c_int, [c_int]),
        "wmma_elem_name": (c_char_p, [c_int]),
        "wmma_instr_get": (P(InstrInfo), [c_int]),
        "wmma_instr_lookup": (c_int, [c_char_p]),
        "wmma_instr_available": (c_int, [c_int, c_int]),
        "wmma_matrix_dims": (None, [c_int, c_int, P(c_int), P(c_int)]),
        "wmma_matrix_elem": (c_int, [c_int, c_int]),
        "wmma_matrix_vgprs": (c_int, [c_int, c_int, c_int]),
        "wmma_hw_locate": (c_int, [c_int, c_int, c_int, c_int, c_int, c_int, P(RegLoc)]),
        "wmma_layout_text": (c_size_t, [c_int, c_int, c_int, c_int, c_int, c_char_p,
                                        c_size_t]),
        "wmma_sparse_get": (P(SparseInfo), [c_int]),
        "wmma_sparse_lookup": (c_int, [c_char_p]),
        "wmma_sparse_available": (c_int, [c_int, c_int]),
        "wmma_sparse_dims": (None, [c_int, c_int, P(c_int), P(c_int)]),
        "wmma_sparse_vgprs": (c_int, [c_int, c_int]),
        "wmma_sparse_locate": (c_int, [c_int, c_int, c_int, c_int, P(RegLoc)]),
        "wmma_sparse_value_locate": (c_int, [c_int, c_int, c_int, P(RegLoc)]),
        "wmma_sparse_index_locate": (c_int, [c_int, c_int, c_int, P(RegLoc)]),
        "wmma_sparse_layout_text": (c_size_t, [c_int, c_int, c_int, c_char_p,
                                               c_size_t]),
        "wmma_hw_element_at": (c_int, [c_int, c_int, c_int, c_int, c_int, c_int, c_int,
                                       P(c_int), P(c_int)]),
        # Compiler and runner.
        "wmma_compile_source": (c_int, [c_char_p, c_size_t, c_char_p, P(CompileOptions),
                                        P(CompileResult)]),
        "wmma_compile_result_free": (None, [P(CompileResult)]),
        "wmma_load_kernel": (c_int, [c_char_p, c_char_p, c_char_p, P(CompileResult)]),
        "wmma_launch": (c_int, [P(CompileResult), c_int, P(HostArg), c_int, P(EmuStats),
                                P(c_void_p)]),
        "wmma_launch_each": (c_int, [P(CompileResult), c_int, P(HostArg), c_int,
                                     P(EmuStats), P(EmuStats), P(c_void_p)]),
        "wmma_launch_program": (c_int, [P(CompileResult), c_int, P(HostArg), c_int,
                                        P(EmuStats), P(ctypes.c_uint64),
                                        P(EmuStats), P(c_void_p)]),
        "wmma_program_sizes": (c_int, [P(CompileResult), P(HostArg), c_int,
                                       P(ctypes.c_int64), P(c_void_p)]),
        # Emulator.
        "wmma_emu_load_memory": (c_void_p, [c_void_p, c_size_t, c_char_p]),
        "wmma_emu_destroy": (None, [c_void_p]),
        "wmma_emu_last_error": (c_char_p, [c_void_p]),
        "wmma_emu_set_chip": (c_int, [c_void_p, c_char_p]),
        "wmma_emu_kernel_count": (c_int, [c_void_p]),
        "wmma_emu_kernel_name": (c_char_p, [c_void_p, c_int]),
        "wmma_emu_find_kernel": (c_int, [c_void_p, c_char_p]),
        "wmma_emu_param_count": (c_int, [c_void_p, c_int]),
        "wmma_emu_param_kind_of": (c_int, [c_void_p, c_int, c_int]),
        "wmma_emu_param_kind_name": (c_char_p, [c_int]),
        "wmma_emu_buffer_create": (c_int, [c_void_p, c_size_t, c_void_p]),
        "wmma_emu_buffer_read": (c_int, [c_void_p, c_int, c_void_p, c_size_t]),
        "wmma_emu_buffer_write": (c_int, [c_void_p, c_int, c_size_t, c_void_p, c_size_t]),
        "wmma_emu_launch": (c_int, [c_void_p, c_int, P(EmuArg), c_int, P(c_uint),
                                    P(c_uint)]),
        "wmma_emu_set_instruction_limit": (None, [c_void_p, ctypes.c_uint64]),
        "wmma_emu_set_threads": (None, [c_void_p, c_uint]),
        "wmma_emu_set_l2_model": (None, [c_void_p, ctypes.c_uint64, c_uint]),
        "wmma_emu_set_dynamic_lds": (c_int, [c_void_p, ctypes.c_uint32]),
        "wmma_emu_stats_json": (c_size_t, [c_void_p, c_char_p, c_size_t]),
        "wmma_emu_stats_to_json": (c_size_t, [P(EmuStats), c_char_p, c_size_t]),
        "wmma_emu_fp8_to_f32": (ctypes.c_float, [ctypes.c_uint8]),
        "wmma_emu_bf8_to_f32": (ctypes.c_float, [ctypes.c_uint8]),
    }
    for name, (restype, argtypes) in protos.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    # Frees the malloc'ed strings the C API hands over (diagnostics).
    libc = ctypes.CDLL(None)
    libc.free.argtypes = [c_void_p]
    libc.free.restype = None
    lib._wmma_free = libc.free


_lock = threading.Lock()
_lib = None
_path = None


def load():
    """The loaded library (once per process)."""
    global _lib, _path
    with _lock:
        if _lib is None:
            path = find_library()
            try:
                lib = ctypes.CDLL(path)
            except OSError as e:
                raise WmmaError("cannot load %s: %s" % (path, e)) from None
            _prototypes(lib)
            _lib, _path = lib, path
        return _lib


def library_path():
    load()
    return _path


def stats_dict(lib, stats):
    """An EmuStats as the emulator's JSON counters (a dict)."""
    import json
    cap = lib.wmma_emu_stats_to_json(ctypes.byref(stats), None, 0) + 1
    text = ctypes.create_string_buffer(cap)
    lib.wmma_emu_stats_to_json(ctypes.byref(stats), text, cap)
    return json.loads(text.value.decode())


def take_string(lib, ptr):
    """Copies and frees a malloc'ed C string (NULL -> "")."""
    if not ptr:
        return ""
    s = ctypes.string_at(ptr).decode("utf-8", "replace")
    lib._wmma_free(ptr)
    return s


def cstr(value, what):
    """A str argument as bytes for C; TypeError names the argument."""
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise ValueError("%s must not contain NUL characters" % what)
    return value.encode("utf-8")


def resolve_arch(lib, target):
    """Chip ("gfx1100") or architecture ("rdna3") -> (arch id, chip or None)."""
    name = cstr(target, "chip/arch")
    arch = lib.wmma_chip_arch(name)
    if arch != ARCH_INVALID:
        return arch, target
    arch = lib.wmma_arch_parse(name)
    if arch != ARCH_INVALID:
        return arch, None
    raise WmmaError(
        "unknown chip or architecture '%s'; supported chips: %s; architectures: "
        "rdna3, rdna4" % (target, lib.wmma_supported_chips().decode()))
