"""The ctypes structures mirror the C headers: sizes and field offsets are
checked against a C compiler's view of include/wmma-c (skipped without cc)."""

import ctypes
import os
import shutil
import subprocess

import pytest

from conftest import SRC_ROOT
from wmma import _lib

STRUCTS = {
    "wmma_compile_options": (_lib.CompileOptions,
                             ["chip", "emit", "func", "strategy", "waves_per_workgroup",
                              "staging", "tile_m", "tile_n"]),
    "wmma_kernel_arg": (_lib.KernelArg,
                        ["name", "is_buffer", "type", "elem_bytes", "rank", "shape",
                         "strides", "offset", "role", "host"]),
    "wmma_grid_op": (_lib.GridOp, ["op", "value"]),
    "wmma_compile_result": (_lib.CompileResult,
                            ["ok", "data", "size", "manifest_json", "diagnostics", "kernel",
                             "chip", "grid", "block", "lds_bytes", "nargs", "args",
                             "nresults", "nsizes", "grid_len", "grid_program",
                             "accumulate", "schedule"]),
    "wmma_host_arg": (_lib.HostArg, ["data", "bytes", "shape"]),
    "wmma_reg_loc": (_lib.RegLoc, ["lane", "vgpr", "bit_lo", "bit_hi"]),
    "wmma_instr_info": (_lib.InstrInfo,
                        ["id", "isa_name", "rocdl_name", "a", "b", "c", "m", "n", "k",
                         "arch_mask", "is_integer", "has_opsel"]),
    "wmma_sparse_info": (_lib.SparseInfo,
                         ["id", "isa_name", "intrinsic", "a", "b", "c", "m", "n", "k",
                          "is_integer", "index_bits"]),
    "wmma_emu_arg": (_lib.EmuArg, ["kind", "u"]),
    "wmma_arch_traits": (_lib.ArchTraits, [name for name, _ in _lib.ArchTraits._fields_]),
    "wmma_sku_info": (_lib.SkuInfo, [name for name, _ in _lib.SkuInfo._fields_]),
    "wmma_chip_info": (_lib.ChipInfo, [name for name, _ in _lib.ChipInfo._fields_]),
    "wmma_emu_stats": (_lib.EmuStats,
                       ["lane_instructions", "wave_instructions", "wmma", "wmma_total",
                        "ds_bpermute", "permlanex16", "dpp", "ds_swizzle",
                        "global_bytes_loaded", "global_bytes_stored", "lds_bytes_read",
                        "lds_bytes_written", "barriers", "workgroups", "waves",
                        "lds_bank_conflicts", "global_lines", "lds_instructions",
                        "global_instructions", "valu_instructions",
                        "global_distinct_bytes_loaded", "global_distinct_bytes_stored",
                        "dram_est_bytes_read", "dram_est_bytes_written",
                        "dram_est_unmodelled_launches"]),
    "wmma_sol_counters": (_lib.SolCounters, [n for n, _ in _lib.SolCounters._fields_]),
    "wmma_sol_isa": (_lib.SolIsa, [n for n, _ in _lib.SolIsa._fields_]),
    "wmma_sol_at_clock": (_lib.SolAtClock, [n for n, _ in _lib.SolAtClock._fields_]),
    "wmma_sol_result": (_lib.SolResult, [n for n, _ in _lib.SolResult._fields_]),
}


def test_struct_layouts_match_the_headers(tmp_path):
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        pytest.skip("no C compiler")
    lines = ['#include <stddef.h>', '#include <stdio.h>', '#include "wmma-c/Runner.h"', '#include "wmma-c/Layout.h"',
             'int main(void) {']
    for name, (_, fields) in STRUCTS.items():
        lines.append('printf("%s %%zu\\n", sizeof(%s));' % (name, name))
        for f in fields:
            lines.append('printf("%s.%s %%zu\\n", offsetof(%s, %s));' % (name, f, name, f))
    lines += ['printf("WMMA_INSTR_COUNT %d\\n", (int)WMMA_INSTR_COUNT);',
              'printf("WMMA_SPARSE_COUNT %d\\n", (int)WMMA_SPARSE_COUNT);',
              'printf("WMMA_EMU_PARAM_UNSUPPORTED %d\\n", (int)WMMA_EMU_PARAM_UNSUPPORTED);',
              'return 0; }']
    src = tmp_path / "abi.c"
    src.write_text("\n".join(lines) + "\n")
    exe = tmp_path / "abi"
    subprocess.run([cc, "-std=c11", "-I", os.path.join(SRC_ROOT, "include"), str(src),
                    "-o", str(exe)], check=True)
    c_view = dict(line.split() for line in
                  subprocess.run([str(exe)], check=True, capture_output=True,
                                 text=True).stdout.splitlines())
    py_view = {}
    for name, (cls, fields) in STRUCTS.items():
        py_view[name] = str(ctypes.sizeof(cls))
        for f in fields:
            py_view["%s.%s" % (name, f)] = str(getattr(cls, f).offset)
    py_view["WMMA_INSTR_COUNT"] = str(_lib.INSTR_COUNT)
    py_view["WMMA_SPARSE_COUNT"] = str(_lib.SPARSE_COUNT)
    py_view["WMMA_EMU_PARAM_UNSUPPORTED"] = str(_lib.PARAM_UNSUPPORTED)
    assert py_view == c_view
