/* A depthwise convolution with a channel multiplier is, per channel (a
 * GEMM batch), a GEMM with M = the output pixels, N = the multiplier and
 * K = the taps: the WMMA implicit GEMM takes it, and so does the VALU
 * template (one multiply-add per tap, no padding of N or K to 16).  With
 * a small multiplier most of each 16 x 16 x 16 WMMA multiplies padding;
 * with a large one the WMMA does 4x the multiply-adds of the VALU per unit
 * of time (Schedule/Select.c's rule: one WMMA ~ 1024 VALU multiply-adds of
 * a CU).  The choice is the cost rule's: the schedule fe_select chose for
 * the WMMA problem against the VALU template's on the VALU problem of the
 * same function, each valued by fe_cost (the GEMM template's rule value,
 * s->tie_cost; the VALU template's, s->cost).  The VALU kernel is taken
 * when its value is lower by more than FE_MODEL_MARGIN; within it the
 * multiply work decides: the WMMAs the GEMM's tiles issue against the
 * VALU's multiply-adds / 1024.  With K = 9 taps and 128 x 16 tiles that
 * crossover is a multiplier of about 8 (WMMA: 1/16 per pixel and channel
 * for N <= 16; VALU: N K / 1024).  Where the rule's values differ (small
 * grids: the workgroups that keep the CUs busy dominate it), they decide.
 * That is the old rule: the modelled times (the GEMM template's s->cost,
 * the VALU schedule's fe_valu_modelled) override it beyond
 * FE_TEMPLATE_MARGIN (multiplier 2 at 33 x 33: VALU modelled 2.6x the
 * GEMM, emulated 2.5x).  A forced tile (--tile) or a pinned schedule
 * keeps the GEMM. */
#include "Pass/Pass.h"
#include "Schedule/PlainCost.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fe_problem *fe_valu_problem_of(MlirOperation func, MlirOperation norm,
                               const fe_problem *p, const fe_options *fo) {
  fe_problem *q = calloc(1, sizeof *q);
  fe_diag *d = malloc(sizeof *d);
  if (!q || !d) {
    free(q);
    free(d);
    return NULL;
  }
  fe_graph_init(&q->g);
  snprintf(q->name, sizeof q->name, "%s", p->name);
  q->func = p->func;
  q->loc = p->loc;
  q->force_valu = true;
  fe_diag_init(d, func);
  char why[FE_WHY] = "";
  MlirLocation where = p->loc;
  bool ok = !fe_recognize(norm, func, q, d) &&
            !fe_problem_build(q, why, sizeof why, &where) && !d->total &&
            q->shape == FE_SHAPE_VALU;
  free(d);
  if (!ok) {
    fe_problem_free(q);
    free(q);
    return NULL;
  }
  fe_set_native_accumulation(q, fo);
  return q;
}

/* The multiply work of s in WMMAs: the WMMAs its tiles issue (padding
 * included), or a VALU template's multiply-adds / 1024 (Select.c's
 * exchange rate). */
static double compute_work(const fe_problem *p, const fe_schedule *s,
                           bool wmma) {
  const fe_gemm *g = &p->gemms[0];
  double M = (double)fe_estimate_m(p, g->M), N = (double)fe_estimate(g->N);
  double K = (double)fe_estimate(g->K), B = 1;
  for (int i = 0; i < g->nbatch; ++i)
    B *= (double)fe_estimate(g->batch[i]);
  if (!wmma)
    return M * N * K * B / 1024.0;
  return ceil(M / s->tile_m) * s->tile_m / 16 * ceil(N / s->tile_n) *
         s->tile_n / 16 * ceil(K / s->k_step) * s->k_step / 16 * B;
}

int fe_depthwise_choice(MlirOperation func, MlirOperation norm,
                        fe_problem **pp, const fe_options *fo,
                        const wmma_chip_info *chip, const fe_template **t,
                        fe_schedule *s) {
  fe_problem *p = *pp;
  /* A pinned schedule or a forced WMMA tile asks for the GEMM kernel. */
  if (!p->valu_alternative || fo->pinned || fo->tile_m ||
      *t != &fe_template_gemm)
    return 0;
  fe_problem *q = fe_valu_problem_of(func, norm, p, fo);
  if (!q)
    return 0;
  const fe_template *vt = NULL;
  fe_schedule vs;
  memset(&vs, 0, sizeof vs);
  char why[FE_WHY] = "";
  double wmma_rule = s->tie_cost;
  bool valu = !fe_select(q, chip, fo, &vt, &vs, why, sizeof why) &&
              vt == &fe_template_valu;
  double wmma_work = 0, valu_work = 0;
  if (valu) {
    wmma_work = compute_work(p, s, true);
    valu_work = compute_work(q, &vs, false);
    valu = vs.cost < wmma_rule * (1 - FE_MODEL_MARGIN) ||
           (vs.cost < wmma_rule * (1 + FE_MODEL_MARGIN) &&
            valu_work < wmma_work);
  }
  /* The modelled times decide beyond FE_TEMPLATE_MARGIN: the GEMM
   * template's (s->cost) against the VALU kernel's (PlainCost.c). */
  bool old_valu = valu;
  double mt[2] = {s->cost, 0};
  if (vt == &fe_template_valu) {
    mt[1] = fe_valu_modelled(q, chip, &vs);
    valu = fe_model_choose_margin(mt, NULL, NULL, 2, old_valu,
                                  FE_TEMPLATE_MARGIN) == 1;
  }
  if (fo->explain_cost)
    fe_remark(p->loc, "depthwise convolution with a channel multiplier: "
                      "gemm rule %.4g (%.0f WMMAs), valu rule %.4g (%.0f "
                      "WMMA-equivalents): %s",
              wmma_rule, wmma_work, vs.cost, valu_work,
              old_valu ? "valu" : "gemm");
  if (fo->explain_cost && vt == &fe_template_valu)
    fe_remark(p->loc, "depthwise candidates: gemm modelled %.4g us%s, valu "
                      "modelled %.4g us%s; chosen: %s",
              mt[0] * 1e6, old_valu ? "" : ", the old rule's", mt[1] * 1e6,
              old_valu ? ", the old rule's" : "", valu ? "valu" : "gemm");
  if (!valu) {
    fe_problem_free(q);
    free(q);
    return 0;
  }
  char src[64];
  fe_source_op_name(p->func, p->g.prods[p->gemms[0].prod].loc, src,
                    sizeof src);
  snprintf(q->valu.why, sizeof q->valu.why,
           "%s%sa channel multiplier of %lld: the cost rule values the "
           "VALU template at %.4g, the WMMA implicit GEMM (N padded to "
           "16, K to the WMMA's) at %.4g; modelled %.4g us against %.4g us",
           src, src[0] ? ": " : "", (long long)fe_estimate(p->gemms[0].N),
           vs.cost, wmma_rule, mt[1] * 1e6, mt[0] * 1e6);
  fe_problem_free(p);
  free(p);
  *pp = q;
  *t = vt;
  *s = vs;
  return 0;
}
