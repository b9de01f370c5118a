/* Front end, step 2 (continued): matrix-vector products -- linalg.vecmat,
 * linalg.matvec, linalg.batch_matvec, their generic and tensor forms -- as
 * GEMMs of one token, the decode template's (Templates/Decode.c).
 *
 * A product without an M loop (vecmat: y[n] = sum_k x[k] W[k][n]) is a
 * GEMM whose M loop is absent: extent 1 (fe_gemm.unit_m, a loop past the
 * nest no map indexes), its vector A read as a one-row matrix through a
 * view with a unit dimension before K (fe_arg.row_view).  One without an N
 * loop (matvec: y[m] = sum_k W[m][k] x[k]) is the same product transposed,
 * y^T = x^T W^T: its operands swap roles (the contraction's lhs and rhs
 * exchanged: a product commutes), the vector becoming A and the matrix B
 * with matvec's M as its N -- then it lacks M.
 *
 * Taken by the rule that sends an M = 1 linalg.matmul to WMMA rather than
 * VALU (fe_valu_prefers: static K >= 1024, static N, K N >= 2^20), so a
 * matrix-vector product gets the M = 1 matmul's plan; the others stay
 * the VALU template's.  When no WMMA template takes the unit-M GEMM after
 * all, the pass builds the VALU problem instead (Pass/VectorChoice.c). */
#include "FrontEnd.h"

#include <stdio.h>
#include <string.h>

static void swap_operands(fe_contraction *c) {
  int t = c->lhs;
  c->lhs = c->rhs;
  c->rhs = t;
  bool u = c->lhs_unsigned;
  c->lhs_unsigned = c->rhs_unsigned;
  c->rhs_unsigned = u;
  t = c->lhs_zp;
  c->lhs_zp = c->rhs_zp;
  c->rhs_zp = t;
}

/* Product prod as a unit-M GEMM in gm: as written (no M loop), else with
 * its operands swapped (no N loop; c left swapped, *swapped set).  0, or
 * -1. */
static int unit_m_gemm(fe_problem *p, fe_contraction *c, int prod,
                       fe_gemm *gm, bool *swapped) {
  char why[FE_WHY];
  *swapped = false;
  if (!fe_analyze_attention_gemm(p, gm, prod, false, why, sizeof why) &&
      gm->unit_m)
    return 0;
  swap_operands(c);
  *swapped = true;
  if (!fe_analyze_attention_gemm(p, gm, prod, false, why, sizeof why) &&
      gm->unit_m)
    return 0;
  swap_operands(c);
  *swapped = false;
  return -1;
}

/* (The row views have static strides: masked accesses need them.) */
static bool static_shape(const fe_arg *x) {
  for (int d = 0; d < x->rank; ++d)
    if (!fe_size_static(x->shape[d]))
      return false;
  return true;
}

/* Sizes known at run time only: the decode plan (K split across S waves
 * and P workgroups, column blocks) is fixed when compiling, from K and N
 * (8 waves per CU, slices at least 64 deep, bytes and modelled time per
 * candidate), and has no sizes to be planned from; the VALU rows kernel's
 * grid follows the run-time sizes (a wave per output).  Said in the
 * remark, after the VALU reason in why. */
static void note_run_time_sizes(char *why, size_t cap) {
  size_t len = strlen(why);
  if (len < cap)
    snprintf(why + len, cap - len,
             "; at run-time sizes not the decode template: its K split and "
             "column blocks are planned from static K and N");
}

bool fe_vector_gemm(fe_problem *p, int prod, char *vwhy, size_t vcap) {
  fe_contraction *c = &p->g.prods[prod];
  if (p->force_valu || c->combine || p->g.nconvs)
    return false;
  fe_gemm gm;
  bool swapped;
  if (unit_m_gemm(p, c, prod, &gm, &swapped))
    return false;
  if (!fe_size_static(gm.K) || !fe_size_static(gm.N))
    note_run_time_sizes(vwhy, vcap);
  char why[FE_WHY];
  const fe_operand *a = &gm.lhs;
  const fe_arg *x = a->arg >= 0 ? &p->args[a->arg] : NULL;
  /* The vector is read as a plain one-row tile (no prologue, one view of
   * its buffer), under the M = 1 matmul's rule. */
  if (fe_valu_prefers(&gm, why, sizeof why) || !x || !x->is_buffer ||
      !a->is_load || a->arg == gm.rhs.arg || x->permuted || x->collapsed ||
      x->pad_read || !static_shape(x) || !static_shape(&p->args[p->out_arg]) ||
      gm.has_kouter || a->mem_k != x->rank - 1 ||
      x->rank + 1 > FE_MAX_RANK || gm.a_zp >= 0 || gm.b_zp >= 0) {
    if (swapped)
      swap_operands(c);
    return false;
  }
  /* The view's dims: the vector's, a unit row inserted before K. */
  if (fe_graph_insert_unit_dim(&p->g, a->arg, x->rank - 1)) {
    if (swapped)
      swap_operands(c);
    return false;
  }
  gm.lhs.mem_row = x->rank - 1;
  gm.lhs.mem_k = x->rank;
  p->args[a->arg].row_view = true;
  p->gemms[0] = gm;
  return true;
}

int fe_vector_output(fe_problem *p, char *why, size_t cap) {
  int out = p->out_arg, rank = p->args[out].rank;
  if (p->nouts > 1 || p->out_space_n != rank - 1 || rank + 1 > FE_MAX_RANK)
    return fe_why(why, cap, "a matrix-vector product's output must hold "
                            "its N dimension innermost");
  /* The root in the view's space: the unit row at dim rank - 1, N after. */
  int8_t map[FE_MAX_RANK];
  for (int i = 0; i < rank; ++i)
    map[i] = (int8_t)(i < rank - 1 ? i : rank);
  int root = fe_compose(&p->g, p->root, rank + 1, map);
  if (root < 0 || fe_graph_insert_unit_dim(&p->g, out, rank - 1))
    return fe_why(why, cap, "out of memory");
  p->root = root;
  p->out_space_m = rank - 1;
  p->out_space_n = rank;
  p->args[out].row_view = true;
  return 0;
}
