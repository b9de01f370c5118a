/* The VALU template (Templates/Valu.h describes it): the element-by-element
 * evaluation its kernels share, and the template record. */
#include "Templates/Valu.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*===--- shared pieces ---------------------------------------------------------===*/
/* A pooling's combining op (fe_contraction.combine), or NULL. */
const char *valu_pool_combine(const fe_kb *kb) {
  return kb->p->g.prods[kb->p->gemms[0].prod].combine;
}

bool valu_is_op(const char *name, const char *a, const char *b) {
  return !strcmp(name, a) || !strcmp(name, b);
}

/* The combining op's identity in the accumulator type: the value masked
 * elements (past K) and a partial's start read. */
MlirValue valu_identity(fe_kb *kb) {
  const char *op = valu_pool_combine(kb);
  MlirType t = kb->s->kacc;
  if (!op || valu_is_op(op, "arith.addf", "arith.addi") || !strcmp(op, "arith.maxui"))
    return wb_const_zero(&kb->b, t);
  if (valu_is_op(op, "arith.maximumf", "arith.maxnumf"))
    return wb_const_float(&kb->b, t, -INFINITY);
  if (valu_is_op(op, "arith.minimumf", "arith.minnumf"))
    return wb_const_float(&kb->b, t, INFINITY);
  return wb_const_int(&kb->b, t, !strcmp(op, "arith.maxsi")   ? INT32_MIN
                                 : !strcmp(op, "arith.minsi") ? INT32_MAX
                                                              : -1);
}

/* c + a * b in the accumulator type. */
MlirValue valu_mac(fe_kb *kb, MlirValue a, MlirValue b, MlirValue c) {
  if (mlirTypeIsAInteger(mlirValueGetType(c)))
    return wb_arith(&kb->b, "arith.addi", c, wb_arith(&kb->b, "arith.muli", a, b));
  MlirValue ops[3] = {a, b, c};
  return wb_op1(&kb->b, "math.fma", 3, ops, mlirValueGetType(c), 0, NULL);
}

MlirValue valu_add(fe_kb *kb, MlirValue a, MlirValue b) {
  if (valu_pool_combine(kb)) /* a pooling's partials and initial value */
    return wb_arith(&kb->b, valu_pool_combine(kb), a, b);
  return wb_arith(&kb->b,
                  mlirTypeIsAInteger(mlirValueGetType(a)) ? "arith.addi"
                                                          : "arith.addf",
                  a, b);
}

/* The point of (batch, row m, column n); m or n null where the product
 * has no such loop (its index stays 0, as does K's until set). */
void valu_point_at(fe_kb *kb, valu_point *pt, const MlirValue *batch,
                     MlirValue m, MlirValue n) {
  const fe_problem *p = kb->p;
  const fe_gemm *g = &p->gemms[0];
  for (int l = 0; l < FE_MAX_LOOPS; ++l)
    pt->loop[l] = kb_c(kb, 0);
  for (int j = 0; j < FE_MAX_RANK; ++j)
    pt->po[j] = pt->out[j] = kb_c(kb, 0);
  for (int i = 0; i < g->nbatch; ++i) {
    pt->loop[g->batch_loop[i]] = batch[i];
    pt->po[g->out_batch[i]] = batch[i];
    pt->out[p->out_space_batch[i]] = batch[i];
  }
  if (g->m_loop >= 0 && !mlirValueIsNull(m)) {
    pt->loop[g->m_loop] = m;
    pt->po[g->out_m] = m;
    pt->out[p->out_space_m] = m;
  }
  if (g->n_loop >= 0 && !mlirValueIsNull(n)) {
    pt->loop[g->n_loop] = n;
    pt->po[g->out_n] = n;
    pt->out[p->out_space_n] = n;
  }
}

/* Operand `node` (A if lhs, else B) at loop point pt with K = k, in the
 * accumulator type, less its zero point (a quantized product's operand is
 * ext(x) - zp: the front end folded zp out for WMMA's sake, so it is
 * subtracted here per element, in i32 as the program does); zero past K
 * when masked. */
MlirValue valu_operand_at(fe_kb *kb, fe_memo *m, valu_point *pt, bool lhs,
                            MlirValue k, bool masked) {
  const fe_gemm *g = &kb->p->gemms[0];
  pt->loop[g->k_loop] = k;
  kb_memo_clear(m);
  MlirValue v = kb_point_eval(kb, m, pt->loop, lhs ? g->lhs.node : g->rhs.node);
  v = kb_convert_scalar(kb, v, kb->s->kacc, lhs ? g->a_unsigned : g->b_unsigned);
  int zp = lhs ? g->a_zp : g->b_zp;
  if (zp >= 0 && !mlirValueIsNull(v)) {
    /* (The zero point reads no loop: any point evaluates it.) */
    MlirValue z = kb_point_eval(kb, m, pt->loop, zp);
    if (mlirValueIsNull(z))
      return z;
    v = wb_arith(&kb->b, "arith.subi", v, z);
  }
  if (!masked || mlirValueIsNull(v))
    return v;
  MlirValue in = wb_cmpi(&kb->b, WB_CMP_ULT, k, kb_size(kb, g->K));
  return wb_select(&kb->b, in, v, valu_identity(kb));
}

/* The accumulator's initial value at pt (zero, or the program's initial
 * contents, C += ...). */
MlirValue valu_acc_init(fe_kb *kb, fe_memo *m, const valu_point *pt) {
  const fe_gemm *g = &kb->p->gemms[0];
  if (fe_is_zero(&kb->p->g, g->acc))
    return wb_const_zero(&kb->b, kb->s->kacc);
  kb_memo_clear(m);
  MlirValue v = kb_point_eval(kb, m, pt->po, g->acc);
  /* (An unsigned max or min reads its start zero-extended as well.) */
  return kb_convert_scalar(kb, v, kb->s->kacc, valu_pool_combine(kb) && g->a_unsigned);
}

/* The epilogue at pt on the product's value `acc`, stored to the output
 * (only where `ok`, when not null). */
void valu_store_at(fe_kb *kb, fe_memo *m, const valu_point *pt,
                     MlirValue acc, MlirValue ok) {
  const fe_problem *p = kb->p;
  const fe_graph *g = &p->g;
  int prod = p->gemms[0].prod;
  wb_if guard;
  if (!mlirValueIsNull(ok) && !wb_if_begin(&kb->b, &guard, ok, 0, NULL, false)) {
    kb->failed = 1;
    return;
  }
  kb_memo_clear(m);
  MlirValue v = kb_convert_scalar(kb, acc, g->prods[prod].acc_type, false);
  for (int n = 0; n < g->nnodes; ++n)
    if (g->nodes[n].kind == FE_PRODUCT && g->nodes[n].product == prod)
      kb_memo_bind(m, n, v);
  MlirValue r = kb_point_eval(kb, m, pt->out, p->root);
  if (!mlirValueIsNull(r))
    wb_store(&kb->b, r, kb->args[p->out_arg], p->args[p->out_arg].rank,
             pt->out);
  if (!mlirValueIsNull(ok))
    wb_if_end(&kb->b, &guard, 0, NULL);
}

/* ceil(K / step) * step: the end of a K loop whose last step is masked. */
MlirValue valu_k_end(fe_kb *kb, int step) {
  return kb_mulc(kb, kb_ceil_div(kb, kb->p->gemms[0].K, step), step);
}

MlirValue valu_and_(fe_kb *kb, MlirValue a, MlirValue b) {
  if (mlirValueIsNull(a))
    return b;
  if (mlirValueIsNull(b))
    return a;
  return wb_arith(&kb->b, "arith.andi", a, b);
}

static int build(fe_kb *kb) {
  return valu_tiled(&kb->p->gemms[0]) ? valu_build_tiled(kb) : valu_build_rows(kb);
}

const fe_template fe_template_valu = {"valu", valu_plan, build};
