/* Validity rules of the #wmma.schedule record, in C on plain data (the C++
 * attribute verifier gathers the record and calls this).  The rules are the
 * ones every template's builder relies on; whether a record fits a given
 * problem is the front end's question (each template's plan). */
#include "wmma-c/Dialect.h"

#include "mlir-c/BuiltinTypes.h"

#include "CheckMessage.h"

#include <stdio.h>
#include <string.h>

static const char *const kTemplates[] = {"gemm", "chain_regs", "chain_lds",
                                         "attention", "reduction"};

/* Templates whose kernels issue no WMMA: instruction = "none"
 * (WMMA_INSTR_COUNT), and their tile holds thread counts, not atoms. */
static bool without_wmma(const char *name) {
  return !strcmp(name, "reduction");
}

int wmmaScheduleCheck(const wmma_schedule_desc *d, char *msg, size_t cap) {
  bool known = false;
  for (size_t i = 0; i < sizeof kTemplates / sizeof kTemplates[0]; ++i)
    known |= !strcmp(d->template_name, kTemplates[i]);
  if (!known)
    return wmma_check_fail(msg, cap, "unknown template '%s' (gemm, chain_regs, "
                          "chain_lds, attention, reduction)", d->template_name);
  bool none = without_wmma(d->template_name);
  if ((int)d->instr < 0 || d->instr > WMMA_INSTR_COUNT)
    return wmma_check_fail(msg, cap, "unknown instruction");
  if ((d->instr == WMMA_INSTR_COUNT) != none)
    return wmma_check_fail(msg, cap, none ? "the %s template issues no WMMA: "
                                            "instruction = \"none\""
                                          : "the %s template needs a WMMA "
                                            "instruction",
                           d->template_name);
  for (int i = 0; i < 3 && none; ++i)
    if (d->tile[i] < 1 || d->tile[i] > 4096)
      return wmma_check_fail(msg, cap, "tile values must be in [1, 4096], got "
                             "%lld at %d", (long long)d->tile[i], i);
  for (int i = 0; i < 3 && !none; ++i)
    if (d->tile[i] < 16 || d->tile[i] % 16 || d->tile[i] > 4096)
      return wmma_check_fail(msg, cap, "tile sizes must be multiples of 16 in "
                            "[16, 4096], got %lld at %d",
                  (long long)d->tile[i], i);
  for (int i = 0; i < 2; ++i) {
    if (d->waves[i] < 1 || d->waves[i] > 32)
      return wmma_check_fail(msg, cap, "waves must be in [1, 32], got %lld",
                  (long long)d->waves[i]);
    if (d->wave_tile[i] < 1 || d->wave_tile[i] > 64)
      return wmma_check_fail(msg, cap, "wave_tile must be in [1, 64], got %lld",
                  (long long)d->wave_tile[i]);
  }
  if (d->waves[0] * d->waves[1] > 32)
    return wmma_check_fail(msg, cap, "%lld waves exceed a workgroup's 1024 threads",
                (long long)(d->waves[0] * d->waves[1]));
  if (d->stages < 1 || d->stages > 4)
    return wmma_check_fail(msg, cap, "stages must be in [1, 4], got %lld",
                (long long)d->stages);
  if (d->staging == WMMA_SCHED_REGISTERS && d->stages != 1)
    return wmma_check_fail(msg, cap, "staging = registers has 1 stage, got %lld",
                (long long)d->stages);
  if (d->acc_pack != 1 && d->acc_pack != 2)
    return wmma_check_fail(msg, cap, "acc_pack must be 1 or 2, got %lld",
                (long long)d->acc_pack);
  MlirType a = d->accumulator;
  if (mlirTypeIsNull(a) ||
      !(mlirTypeIsAF32(a) || mlirTypeIsAF16(a) || mlirTypeIsABF16(a) ||
        (mlirTypeIsAInteger(a) && mlirIntegerTypeGetWidth(a) == 32)))
    return wmma_check_fail(msg, cap, "the accumulator must be f32, i32, f16 or bf16");
  if (d->acc_pack == 2 && !(mlirTypeIsAF16(a) || mlirTypeIsABF16(a)))
    return wmma_check_fail(msg, cap, "acc_pack = 2 needs a 16-bit accumulator");
  for (int i = 0; i < 2; ++i)
    if ((d->copy[i] != WMMA_COPY_NONE) != (d->staging == WMMA_SCHED_LDS) &&
        strcmp(d->template_name, "gemm") == 0)
      return wmma_check_fail(msg, cap, "a gemm copies its operands to LDS exactly when "
                            "staging = lds");
  if (d->causal && strcmp(d->template_name, "attention"))
    return wmma_check_fail(msg, cap, "causal applies to the attention template");
  return 0;
}
