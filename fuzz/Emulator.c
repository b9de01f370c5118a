/* libFuzzer harness: LLVM IR text -> the emulator's loader, decoder and
 * executor (include/wmma-c/Emulator.h) on every kernel of the module, with
 * zero-filled 4 KiB buffers, small scalars and a small instruction budget.
 * Oracle: no crash or sanitizer report (faults are reported errors). */
#include "wmma-c/Emulator.h"

#include "llvm-c/Support.h"

#include <stdint.h>
#include <string.h>

#define FUZZ_INSTRUCTION_BUDGET 20000
#define FUZZ_BUFFER_BYTES 4096
#define FUZZ_MAX_PARAMS 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A module that carries the "Debug Info Version" flag and fails the
 * verifier makes LLVM's parser itself call report_fatal_error (its debug-
 * info auto-upgrade verifies and aborts): the emulator's open "SIGABRT on
 * broken debug info" defect, which every mutation of the compiler's device
 * IR hits within seconds.  Without the auto-upgrade the parse succeeds and
 * the emulator's own LLVMVerifyModule reports the module, so the fuzzer
 * gets past it to the loader and executor. */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  const char *const args[] = {"wmma-fuzz-emulator",
                              "-disable-auto-upgrade-debug-info"};
  LLVMParseCommandLineOptions(2, args, NULL);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Text only: LLVM's bitcode reader is not ours to fuzz. */
  if (size >= 2 && data[0] == 'B' && data[1] == 'C')
    return 0;
  wmma_emu_module *m = wmma_emu_load_memory(data, size, "fuzz.ll");
  if (!m)
    return 0;
  /* One wave or two (barriers, LDS sharing), chosen by the input. */
  unsigned grid[3] = {1, 1, 1}, block[3] = {size % 2 ? 64u : 32u, 1, 1};
  for (int k = 0; k < wmma_emu_kernel_count(m) && k < 4; ++k) {
    (void)wmma_emu_kernel_name(m, k);
    (void)wmma_emu_kernel_chip(m, k);
    if (wmma_emu_prepare(m, k) != WMMA_EMU_OK)
      continue;
    int n = wmma_emu_param_count(m, k);
    if (n < 0 || n > FUZZ_MAX_PARAMS)
      continue;
    wmma_emu_arg args[FUZZ_MAX_PARAMS];
    memset(args, 0, sizeof args);
    int usable = 1;
    for (int p = 0; p < n && usable; ++p) {
      args[p].kind = wmma_emu_param_kind_of(m, k, p);
      switch (args[p].kind) {
      case WMMA_EMU_PARAM_POINTER:
        args[p].u.buffer = wmma_emu_buffer_create(m, FUZZ_BUFFER_BYTES, NULL);
        usable = args[p].u.buffer >= 0;
        break;
      case WMMA_EMU_PARAM_I32:
      case WMMA_EMU_PARAM_I16:
      case WMMA_EMU_PARAM_I8:
        args[p].u.i32 = 3;
        break;
      case WMMA_EMU_PARAM_I64:
        args[p].u.i64 = 3;
        break;
      case WMMA_EMU_PARAM_F32:
        args[p].u.f32 = 1.5f;
        break;
      case WMMA_EMU_PARAM_F64:
        args[p].u.f64 = 1.5;
        break;
      case WMMA_EMU_PARAM_F16:
        args[p].u.f16_bits = 0x3e00; /* 1.5 */
        break;
      default:
        usable = 0;
      }
    }
    if (!usable)
      continue;
    wmma_emu_set_instruction_limit(m, FUZZ_INSTRUCTION_BUDGET);
    (void)wmma_emu_launch(m, k, args, n, grid, block);
    (void)wmma_emu_last_error(m);
  }
  wmma_emu_stats stats;
  wmma_emu_get_stats(m, &stats);
  char text[4096];
  (void)wmma_emu_stats_text(m, text, sizeof text);
  (void)wmma_emu_stats_json(m, text, sizeof text);
  wmma_emu_destroy(m);
  return 0;
}
