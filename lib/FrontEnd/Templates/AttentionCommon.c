/* Shared by the attention templates (see Attention.h). */
#include "Templates/Attention.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>

MlirValue fe_att_scores(fe_kb *kb, const fe_gemm *g1, const fe_tile *t,
                        MlirValue s, bool key_tail) {
  return fe_att_scores_of(kb, g1, t, s, kb->p->att.score, key_tail);
}

MlirValue fe_att_scores_of(fe_kb *kb, const fe_gemm *g1, const fe_tile *t,
                           MlirValue s, int node, bool key_tail) {
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  kb_bind_product(kb, &m, g1->prod, s);
  MlirValue sc = kb_eval(kb, &m, t, node);
  kb_memo_free(&m);
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  /* Scores a program computes in f16/bf16 (its softmax too) are widened
   * exactly; the softmax runs in f32 and P is rounded once, as products
   * with 16-bit outputs accumulate in f32 (ProblemAttention.c). */
  if (!mlirValueIsNull(sc) && mlirTypeIsAVector(mlirValueGetType(sc)) &&
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirValueGetType(sc))))
    sc = wb_cast(&kb->b, "arith.extf", sc, kb_acc_vec(kb, f32));
  if (mlirValueIsNull(sc) || !key_tail)
    return sc;
  MlirValue n = kb_size(kb, g1->N);
  MlirValue ninf = wb_const_splat(&kb->b, kb_acc_vec(kb, f32), -INFINITY);
  return kb_fill_cols_from(kb, t, sc, n, ninf);
}

MlirValue fe_att_row_combine(fe_kb *kb, const char *op, MlirValue v) {
  MlirValue r = wb_extract(&kb->b, v, 0);
  for (int i = 1; i < 8; ++i)
    r = wb_arith(&kb->b, op, r, wb_extract(&kb->b, v, i));
  return wb_arith(&kb->b, op, r, wb_xor16(&kb->b, r));
}

MlirValue fe_att_splat(fe_kb *kb, MlirValue x) {
  return wb_broadcast(&kb->b, x, kb_acc_vec(kb, mlirF32TypeGet(kb->ctx)));
}

wmma_instr fe_att_instr(const wmma_chip_info *chip, const fe_gemm *g1) {
  wmma_elem e = WMMA_ELEM_F16;
  wmmaElemFromType(g1->a_type, &e);
  return wmma_instr_select(chip->arch, e, e, WMMA_ELEM_F32, FE_ATOM_M,
                           FE_ATOM_N, FE_ATOM_K, NULL, 0);
}

/* The hardware's exp2 takes no range reduction and no denormal scaling:
 * softmax's exponents are <= 0 (x <= m), and results below 2^-126 flush
 * to 0, which sums of terms up to 1 and P in 16 bits cannot tell apart.
 * The scale log2 e is folded into one fma with the shift's product. */
static MlirValue exp2_fma(fe_kb *kb, MlirValue x, MlirValue l2e,
                          MlirValue shift) {
  wb_t *b = &kb->b;
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  MlirValue ops[3] = {x, l2e, shift};
  MlirValue y = wb_op1(b, "math.fma", 3, ops, f32, 0, NULL);
  return wb_op1(b, "rocdl.exp2", 1, &y, f32, 0, NULL);
}

MlirValue fe_att_exp_minus(fe_kb *kb, MlirValue x, MlirValue m) {
  return fe_att_exp_scaled_minus(kb, x, m, 1.0);
}

MlirValue fe_att_exp_shift(fe_kb *kb, MlirValue m, double c) {
  wb_t *b = &kb->b;
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  const double log2e = 1.4426950408889634;
  MlirValue nl2e = wb_const_float(b, f32, -c * log2e);
  return wb_arith(b, "arith.mulf", m, nl2e);
}

MlirValue fe_att_exp_shifted(fe_kb *kb, MlirValue x, double c, MlirValue sh0,
                             MlirValue sh1) {
  wb_t *b = &kb->b;
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  const double log2e = 1.4426950408889634;
  MlirValue l2e = wb_const_float(b, f32, c * log2e);
  int64_t n;
  MlirType el;
  if (!mlirTypeIsAVector(mlirValueGetType(x)))
    return exp2_fma(kb, x, l2e, sh0);
  if (!wb_is_vec1d(mlirValueGetType(x), &n, &el) || n > 16) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue e[16];
  for (int i = 0; i < n; ++i) {
    MlirValue xi = wb_extract(b, x, i);
    e[i] = exp2_fma(kb, xi, l2e, i % 2 ? sh1 : sh0);
  }
  return wb_from_elements(b, (int)n, e, mlirValueGetType(x));
}

MlirValue fe_att_exp_scaled_minus(fe_kb *kb, MlirValue x, MlirValue m,
                                  double c) {
  MlirValue shift = fe_att_exp_shift(kb, m, c);
  return fe_att_exp_shifted(kb, x, c, shift, shift);
}
