/* A kernel template: whether it applies to a problem (planning its
 * schedule) and how it builds the kernel body.  Each lives in its own file
 * here; Schedule/Select.c lists them in order of preference. */
#ifndef WMMA_FRONTEND_TEMPLATES_TEMPLATE_H
#define WMMA_FRONTEND_TEMPLATES_TEMPLATE_H

#include "Schedule/Schedule.h"

/* The WMMA atom shape every template asks wmma_instr_select for: the
 * 16x16x16 family every template builds with.  Once an instruction is
 * selected, plans read its own shape (wmma_instr_get(s->instr)->m/n/k) and
 * builders kb->atom_m/n/k. */
#define FE_ATOM_M 16
#define FE_ATOM_N 16
#define FE_ATOM_K 16

struct fe_kb;
typedef struct {
  const char *name;
  /* 0 if the template applies (schedule planned), else -1 with why; an
   * empty why says the template is for another kind of function (plain
   * templates for functions without products), left out of the remark. */
  int (*plan)(const fe_problem *p, const wmma_chip_info *chip,
              const fe_options *o, fe_schedule *s, char *why, size_t cap);
  /* Builds the kernel body; 0 or -1 (internal error). */
  int (*build)(struct fe_kb *kb);
} fe_template;

/* A plan's refusal for a function of another kind (no reason: the remark
 * does not name the template, Select.c). */
static inline int fe_not_for_this_kind(char *why, size_t cap) {
  if (cap)
    why[0] = 0;
  return -1;
}

extern const fe_template fe_template_gemm;
/* GemmSparse.c: a GEMM whose A is 2:4 sparse (fe_gemm.a_sparse): v_swmmac
 * on RDNA4, the zeros expanded in registers on RDNA3.  The only template
 * such a problem may take. */
extern const fe_template fe_template_gemm_sparse;
/* Decode.c: skinny GEMMs (M <= 32) with K split across a workgroup's
 * waves, and the remark saying the choice. */
extern const fe_template fe_template_decode;
void fe_decode_remark(const fe_problem *p, const wmma_chip_info *chip,
                      const fe_schedule *s, char *buf, size_t cap);
/* Its split of K across workgroups (s->k_parts > 1, DecodeSplit.c): the
 * workspace of f32 partials (the last argument of both kernels; 0 or -1)
 * and the combine kernel's schedule. */
int fe_decode_workspace(const fe_problem *p, const fe_schedule *s,
                        fe_arg *w);
void fe_decode_combine_schedule(const fe_problem *p, const fe_schedule *s,
                                fe_schedule *s2);
extern const fe_template fe_template_attention;
/* DecodeAttention.c: attention with few queries per head (flash
 * decoding: a group's heads in the columns, keys split across waves). */
extern const fe_template fe_template_decode_attention;
/* The workspace argument of its split across workgroups (s->wave_n > 1):
 * the last argument of both kernels; 0 or -1. */
int fe_decode_attention_workspace(const fe_problem *p, const fe_schedule *s,
                                  fe_arg *w);
extern const fe_template fe_template_chain_regs;
extern const fe_template fe_template_chain_lds;
/* Plain GPU kernels (no WMMA) for functions without products. */
extern const fe_template fe_template_elementwise;
extern const fe_template fe_template_valu;
/* The rows kernel's waves and, for a wide matrix-vector form, why not the
 * decode template ("" when nothing to add). */
void fe_valu_remark(const fe_problem *p, const wmma_chip_info *chip,
                    const fe_schedule *s, char *buf, size_t cap);
extern const fe_template fe_template_reduction;

#endif /* WMMA_FRONTEND_TEMPLATES_TEMPLATE_H */
