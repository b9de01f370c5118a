/* The chain templates: D = epilogue(P2), P2 = f(P1) x B1 + C1 with
 * P1 = A0 x B0 + C0 and f elementwise (scaling, casts to the input type).
 * This file: what both share (Chain.h): the schedule fields they set alike,
 * the applicability check, and the intermediate evaluated on a tile.
 * chain_regs (the intermediate in registers) is ChainRegs.c, chain_lds (an
 * intermediate too wide for registers, staged through LDS) ChainLds.c. */
#include "Templates/Chain.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

int64_t fe_round_up(int64_t v, int64_t step) {
  return (v + step - 1) / step * step;
}

void fe_chain_schedule(const fe_problem *p, const wmma_chip_info *chip,
                       const fe_options *o, fe_schedule *s, const char *name) {
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  memset(s, 0, sizeof *s);
  s->template_name = name;
  wmma_elem e = WMMA_ELEM_F16;
  wmmaElemFromType(g1->in_type, &e);
  s->instr = wmma_instr_select(chip->arch, e, e, WMMA_ELEM_F32, FE_ATOM_M,
                               FE_ATOM_N, FE_ATOM_K, NULL, 0);
  int waves = o->pinned ? (int)o->pin.waves[0] : o->waves;
  s->staging = FE_STAGE_REGS;
  s->waves_m = waves;
  s->waves_n = 1;
  s->wave_m = s->wave_n = 1;
  s->k_step = FE_ATOM_K;
  s->stages = 1;
  s->threads = 32 * waves;
  s->tile_m = FE_ATOM_M * waves;
  s->kacc = g2->kacc_type;
  s->acc_pack = 1;
  s->tile_n = FE_ATOM_N;
  s->k_tail = !fe_size_static(g1->K) || g1->K.value % FE_ATOM_K;
  s->m_tail = !fe_size_static(g2->M) || g2->M.value % FE_ATOM_M;
  s->n_tail = !fe_size_static(g2->N) || g2->N.value % FE_ATOM_N;
  s->grid[2].nterms = g2->nbatch;
  for (int i = 0; i < g2->nbatch; ++i) {
    s->grid[2].t[i].size = g2->batch[i];
    s->grid[2].t[i].div = 1;
  }
}

int fe_chain_check(const fe_problem *p, const wmma_chip_info *chip,
                   const fe_schedule *s, char *why, size_t cap) {
  if (!fe_shape_uses_wmma(p->shape))
    return fe_not_for_this_kind(why, cap);
  if (p->shape != FE_SHAPE_CHAIN)
    return fe_why(why, cap, "not a chain of two products");
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  MlirType in = g2->in_type;
  if (!mlirTypeEqual(p->g.nodes[p->inter].type, in) ||
      !mlirTypeEqual(in, g1->in_type) ||
      !mlirTypeEqual(g1->a_type, g1->b_type) ||
      !(mlirTypeIsAF16(in) || mlirTypeIsABF16(in)))
    return fe_why(why, cap, "the intermediate must be converted to the "
                            "type of the second product's B operand, and "
                            "both products must multiply the same 16-bit "
                            "float type (f16 or bf16)");
  if (!mlirTypeIsAF32(g2->acc_type) || !mlirTypeIsAF32(g1->acc_type))
    return fe_why(why, cap, "both products of a chain must accumulate in "
                            "f32");
  if (s->instr == WMMA_INSTR_COUNT)
    return fe_why(why, cap, "no WMMA instruction for these types on %s",
                  wmma_arch_name(chip->arch));
  if (p->gemms[0].lhs.arg < 0 || p->gemms[0].rhs.arg < 0 ||
      p->gemms[1].rhs.arg < 0)
    return fe_why(why, cap, "an operand is not read from an argument");
  return 0;
}

/* The top of the intermediate is a truncation of an f32 value: the
 * relayout can do the conversion in-lane. */
static int f32_source(const fe_problem *p) {
  const fe_node *x = &p->g.nodes[p->inter];
  if (x->kind == FE_OP && !strcmp(x->name, "arith.truncf") &&
      mlirTypeIsAF32(p->g.nodes[x->ops[0]].type))
    return x->ops[0];
  return -1;
}

/* The intermediate on the tile whose first-product accumulator is acc,
 * with columns past N0 zeroed: f32 (when the relayout converts) or the
 * input type, as vector<8 x T>.  *is_f32 says which. */
MlirValue fe_chain_intermediate(fe_kb *kb, const fe_tile *t, MlirValue acc,
                                bool *is_f32) {
  const fe_problem *p = kb->p;
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  kb_bind_product(kb, &m, p->gemms[0].prod, acc);
  int src = f32_source(p);
  *is_f32 = src >= 0;
  MlirValue v = kb_eval(kb, &m, t, *is_f32 ? src : p->inter);
  kb_memo_free(&m);
  if (p->gemms[0].N.value % kb->atom_n)
    v = kb_zero_cols_from(kb, t, v, kb_c(kb, p->gemms[0].N.value));
  return v;
}
