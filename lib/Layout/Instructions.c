/* Element types, the instruction table (docs/hardware.md, "Instructions")
 * and instruction selection from element types and shape. */
#include "wmma/Layout/Layout.h"

#include "Internal.h"

#include <stdio.h>
#include <string.h>

int wmma_elem_bits(wmma_elem e) {
  switch (e) {
  case WMMA_ELEM_F16:
  case WMMA_ELEM_BF16:
    return 16;
  case WMMA_ELEM_F32:
  case WMMA_ELEM_I32:
    return 32;
  case WMMA_ELEM_IU8:
  case WMMA_ELEM_FP8:
  case WMMA_ELEM_BF8:
    return 8;
  case WMMA_ELEM_IU4:
    return 4;
  default:
    return 0;
  }
}

const char *wmma_elem_name(wmma_elem e) {
  static const char *const names[] = {"f16", "bf16", "f32", "i32",
                                      "iu8", "iu4",  "fp8", "bf8"};
  if ((unsigned)e >= WMMA_ELEM_COUNT)
    return "?";
  return names[e];
}

#define BOTH (WMMA_ARCH_BIT(WMMA_ARCH_RDNA3) | WMMA_ARCH_BIT(WMMA_ARCH_RDNA4))
#define R4 WMMA_ARCH_BIT(WMMA_ARCH_RDNA4)

/* Indexed by wmma_instr. */
static const wmma_instr_info instr_table[WMMA_INSTR_COUNT] = {
    {WMMA_INSTR_F32_16X16X16_F16, "v_wmma_f32_16x16x16_f16",
     "rocdl.wmma.f32.16x16x16.f16", WMMA_ELEM_F16, WMMA_ELEM_F16,
     WMMA_ELEM_F32, 16, 16, 16, BOTH, 0, 0},
    {WMMA_INSTR_F32_16X16X16_BF16, "v_wmma_f32_16x16x16_bf16",
     "rocdl.wmma.f32.16x16x16.bf16", WMMA_ELEM_BF16, WMMA_ELEM_BF16,
     WMMA_ELEM_F32, 16, 16, 16, BOTH, 0, 0},
    {WMMA_INSTR_F16_16X16X16_F16, "v_wmma_f16_16x16x16_f16",
     "rocdl.wmma.f16.16x16x16.f16", WMMA_ELEM_F16, WMMA_ELEM_F16,
     WMMA_ELEM_F16, 16, 16, 16, BOTH, 0, 1},
    {WMMA_INSTR_BF16_16X16X16_BF16, "v_wmma_bf16_16x16x16_bf16",
     "rocdl.wmma.bf16.16x16x16.bf16", WMMA_ELEM_BF16, WMMA_ELEM_BF16,
     WMMA_ELEM_BF16, 16, 16, 16, BOTH, 0, 1},
    {WMMA_INSTR_I32_16X16X16_IU8, "v_wmma_i32_16x16x16_iu8",
     "rocdl.wmma.i32.16x16x16.iu8", WMMA_ELEM_IU8, WMMA_ELEM_IU8,
     WMMA_ELEM_I32, 16, 16, 16, BOTH, 1, 0},
    {WMMA_INSTR_I32_16X16X16_IU4, "v_wmma_i32_16x16x16_iu4",
     "rocdl.wmma.i32.16x16x16.iu4", WMMA_ELEM_IU4, WMMA_ELEM_IU4,
     WMMA_ELEM_I32, 16, 16, 16, BOTH, 1, 0},
    {WMMA_INSTR_I32_16X16X32_IU4, "v_wmma_i32_16x16x32_iu4",
     "rocdl.wmma.i32.16x16x32.iu4", WMMA_ELEM_IU4, WMMA_ELEM_IU4,
     WMMA_ELEM_I32, 16, 16, 32, R4, 1, 0},
    {WMMA_INSTR_F32_16X16X16_FP8_FP8, "v_wmma_f32_16x16x16_fp8_fp8",
     "rocdl.wmma.f32.16x16x16.fp8_fp8", WMMA_ELEM_FP8, WMMA_ELEM_FP8,
     WMMA_ELEM_F32, 16, 16, 16, R4, 0, 0},
    {WMMA_INSTR_F32_16X16X16_FP8_BF8, "v_wmma_f32_16x16x16_fp8_bf8",
     "rocdl.wmma.f32.16x16x16.fp8_bf8", WMMA_ELEM_FP8, WMMA_ELEM_BF8,
     WMMA_ELEM_F32, 16, 16, 16, R4, 0, 0},
    {WMMA_INSTR_F32_16X16X16_BF8_FP8, "v_wmma_f32_16x16x16_bf8_fp8",
     "rocdl.wmma.f32.16x16x16.bf8_fp8", WMMA_ELEM_BF8, WMMA_ELEM_FP8,
     WMMA_ELEM_F32, 16, 16, 16, R4, 0, 0},
    {WMMA_INSTR_F32_16X16X16_BF8_BF8, "v_wmma_f32_16x16x16_bf8_bf8",
     "rocdl.wmma.f32.16x16x16.bf8_bf8", WMMA_ELEM_BF8, WMMA_ELEM_BF8,
     WMMA_ELEM_F32, 16, 16, 16, R4, 0, 0},
};

const wmma_instr_info *wmma_instr_get(wmma_instr id) {
  if ((unsigned)id >= WMMA_INSTR_COUNT)
    return NULL;
  return &instr_table[id];
}

wmma_instr wmma_instr_lookup(const char *isa_name) {
  if (!isa_name)
    return WMMA_INSTR_COUNT;
  for (int i = 0; i < WMMA_INSTR_COUNT; ++i)
    if (strcmp(instr_table[i].isa_name, isa_name) == 0)
      return (wmma_instr)i;
  return WMMA_INSTR_COUNT;
}

int wmma_instr_available(wmma_instr id, wmma_arch arch) {
  const wmma_instr_info *info = wmma_instr_get(id);
  if (!info || (arch != WMMA_ARCH_RDNA3 && arch != WMMA_ARCH_RDNA4))
    return 0;
  return (info->arch_mask & WMMA_ARCH_BIT(arch)) != 0;
}

/* "RDNA4-only (gfx12)" style phrase for an instruction's availability. */
static const char *availability_phrase(const wmma_instr_info *info) {
  if (info->arch_mask == R4)
    return "RDNA4-only (gfx12)";
  if (info->arch_mask == WMMA_ARCH_BIT(WMMA_ARCH_RDNA3))
    return "RDNA3-only (gfx11)";
  return "available on RDNA3 and RDNA4";
}

wmma_instr wmma_instr_select(wmma_arch arch, wmma_elem a, wmma_elem b,
                             wmma_elem c, int m, int n, int k, char *msg,
                             size_t msg_len) {
  if (arch != WMMA_ARCH_RDNA3 && arch != WMMA_ARCH_RDNA4) {
    wmma_set_msg(msg, msg_len, "unknown architecture (expected rdna3 or rdna4)");
    return WMMA_INSTR_COUNT;
  }
  if ((unsigned)a >= WMMA_ELEM_COUNT || (unsigned)b >= WMMA_ELEM_COUNT ||
      (unsigned)c >= WMMA_ELEM_COUNT) {
    wmma_set_msg(msg, msg_len, "invalid element type");
    return WMMA_INSTR_COUNT;
  }
  const char *dims_msg =
      "m and n must be 16; k must be 16 (32 only for iu4 on rdna4)";
  if (m != 16 || n != 16 || (k != 16 && k != 32)) {
    wmma_set_msg(msg, msg_len, "%s (got %dx%dx%d)", dims_msg, m, n, k);
    return WMMA_INSTR_COUNT;
  }
  /* Narrow down step by step so that the message names the first
   * mismatching property: operand pair, then K, then accumulator. */
  int ab_found = 0, abk_found = 0;
  char accs[64] = "";
  for (int i = 0; i < WMMA_INSTR_COUNT; ++i) {
    const wmma_instr_info *info = &instr_table[i];
    if (info->a != a || info->b != b)
      continue;
    ab_found = 1;
    if (info->k != k)
      continue;
    abk_found = 1;
    if (info->c != c) {
      size_t used = strlen(accs);
      snprintf(accs + used, sizeof(accs) - used, "%s%s", used ? " or " : "",
               wmma_elem_name(info->c));
      continue;
    }
    if (!wmma_instr_available(info->id, arch)) {
      wmma_set_msg(msg, msg_len, "%s is %s; %s has no %s x %s instruction",
                   info->isa_name, availability_phrase(info),
                   wmma_arch_name(arch), wmma_elem_name(a), wmma_elem_name(b));
      return WMMA_INSTR_COUNT;
    }
    return info->id;
  }
  if (!ab_found)
    wmma_set_msg(
        msg, msg_len,
        "no WMMA instruction takes %s x %s (A x B pairs: f16 x f16, "
        "bf16 x bf16, iu8 x iu8, iu4 x iu4, fp8/bf8 x fp8/bf8 on rdna4)",
        wmma_elem_name(a), wmma_elem_name(b));
  else if (!abk_found)
    wmma_set_msg(msg, msg_len, "%s (got %dx%dx%d for %s x %s)", dims_msg, m, n,
                 k, wmma_elem_name(a), wmma_elem_name(b));
  else
    wmma_set_msg(msg, msg_len,
                 "no WMMA instruction takes %s x %s with a %s accumulator "
                 "(expected %s)",
                 wmma_elem_name(a), wmma_elem_name(b), wmma_elem_name(c), accs);
  return WMMA_INSTR_COUNT;
}

void wmma_matrix_dims(wmma_instr id, wmma_matrix mat, int *rows, int *cols) {
  const wmma_instr_info *info = wmma_instr_get(id);
  int r = 0, c = 0;
  if (info) {
    switch (mat) {
    case WMMA_MATRIX_A:
      r = info->m, c = info->k;
      break;
    case WMMA_MATRIX_B:
      r = info->k, c = info->n;
      break;
    case WMMA_MATRIX_C:
    case WMMA_MATRIX_D:
      r = info->m, c = info->n;
      break;
    default:
      break;
    }
  }
  if (rows)
    *rows = r;
  if (cols)
    *cols = c;
}

wmma_elem wmma_matrix_elem(wmma_instr id, wmma_matrix mat) {
  const wmma_instr_info *info = wmma_instr_get(id);
  if (!info)
    return WMMA_ELEM_COUNT;
  switch (mat) {
  case WMMA_MATRIX_A:
    return info->a;
  case WMMA_MATRIX_B:
    return info->b;
  case WMMA_MATRIX_C:
  case WMMA_MATRIX_D:
    return info->c;
  default:
    return WMMA_ELEM_COUNT;
  }
}
