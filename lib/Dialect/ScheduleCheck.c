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
                                         "attention", "elementwise", "valu",
                                         "reduction", "decode",
                                         "decode_attention", "gemm_sparse"};

/* Templates that build kernels without WMMA: their records name no
 * instruction ("none", WMMA_INSTR_COUNT in the plain data) and their tiles
 * are any size (outputs per workgroup, K per step). */
static bool plain_template(const char *name) {
  return !strcmp(name, "elementwise") || !strcmp(name, "valu") ||
         !strcmp(name, "reduction");
}

int wmmaScheduleCheck(const wmma_schedule_desc *d, char *msg, size_t cap) {
  bool known = false;
  for (size_t i = 0; i < sizeof kTemplates / sizeof kTemplates[0]; ++i)
    known |= !strcmp(d->template_name, kTemplates[i]);
  if (!known)
    return wmma_check_fail(msg, cap, "unknown template '%s' (gemm, chain_regs, "
                          "chain_lds, attention, elementwise, valu, reduction, "
                          "decode, decode_attention, gemm_sparse)",
                          d->template_name);
  bool plain = plain_template(d->template_name);
  bool valu = !strcmp(d->template_name, "valu");
  bool elementwise = !strcmp(d->template_name, "elementwise");
  if (plain && d->instr != WMMA_INSTR_COUNT)
    return wmma_check_fail(msg, cap, "the %s template uses no WMMA "
                          "instruction (instruction = \"none\")",
                          d->template_name);
  if (!plain && ((int)d->instr < 0 || d->instr >= WMMA_INSTR_COUNT))
    return wmma_check_fail(msg, cap, "unknown instruction");
  /* elementwise: tile = [rows, columns, elements per thread] of the
   * output (the vector width a power of two dividing the columns). */
  for (int i = 0; i < 3; ++i)
    if (plain ? d->tile[i] < 1 || d->tile[i] > 4096
              : d->tile[i] < 16 || d->tile[i] % 16 || d->tile[i] > 4096)
      return wmma_check_fail(msg, cap, plain ? "tile sizes must be in [1, 4096], "
                            "got %lld at %d" : "tile sizes must be multiples of 16 in "
                            "[16, 4096], got %lld at %d",
                  (long long)d->tile[i], i);
  if (elementwise && (d->tile[2] > 16 || (d->tile[2] & (d->tile[2] - 1)) ||
                      d->tile[1] % d->tile[2]))
    return wmma_check_fail(msg, cap, "elements per thread (tile[2]) must be a "
                          "power of two up to 16 dividing tile[1], got %lld",
                          (long long)d->tile[2]);
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
  /* An elementwise kernel accumulates nothing: the field is its output's
   * element type. */
  if (elementwise) {
    if (mlirTypeIsNull(a) || !(mlirTypeIsAFloat(a) || mlirTypeIsAInteger(a)))
      return wmma_check_fail(msg, cap, "the accumulator of a plain kernel is "
                            "its output's element type (an integer or float)");
    if (d->acc_pack != 1 || d->stages != 1)
      return wmma_check_fail(msg, cap, "a plain kernel has acc_pack = 1 and "
                            "stages = 1");
  } else if (mlirTypeIsNull(a) ||
      !(mlirTypeIsAF32(a) || mlirTypeIsAF16(a) || mlirTypeIsABF16(a) ||
        (valu && mlirTypeIsAF64(a)) ||
        (mlirTypeIsAInteger(a) && mlirIntegerTypeGetWidth(a) == 32)))
    return wmma_check_fail(msg, cap, "the accumulator must be f32, i32, f16 or "
                                     "bf16 (or f64 for valu)");
  if (d->acc_pack == 2 && !(mlirTypeIsAF16(a) || mlirTypeIsABF16(a)))
    return wmma_check_fail(msg, cap, "acc_pack = 2 needs a 16-bit accumulator");
  for (int i = 0; i < 2; ++i)
    if ((d->copy[i] != WMMA_COPY_NONE) != (d->staging == WMMA_SCHED_LDS) &&
        strcmp(d->template_name, "gemm") == 0)
      return wmma_check_fail(msg, cap, "a gemm copies its operands to LDS exactly when "
                            "staging = lds");
  /* (0: a zeroed record, taken as 1.) */
  if (d->k_parts < 0 || d->k_parts > 64)
    return wmma_check_fail(msg, cap, "k_parts must be in [1, 64], got %lld",
                           (long long)d->k_parts);
  if (d->k_parts > 1 && strcmp(d->template_name, "decode"))
    return wmma_check_fail(msg, cap, "k_parts (workgroups along K) applies "
                                     "to the decode template, got %lld for "
                                     "%s",
                           (long long)d->k_parts, d->template_name);
  if (d->causal && strcmp(d->template_name, "attention"))
    return wmma_check_fail(msg, cap, "causal applies to the attention template");
  return 0;
}
