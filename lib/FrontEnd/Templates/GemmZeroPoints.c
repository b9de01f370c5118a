/* The GEMM template's zero points (Problem/ProblemZeroPoints.c folds them):
 *   sum_k (a - za)(b - zb) = AB - zb rowsum(A) - za colsum(B) + K za zb.
 * The sums come from the same fragments as the product, by WMMAs against a
 * fragment of ones: A x 1 holds rowsum(A)[m] at every (m, n) of a tile and
 * 1 x B colsum(B)[n] -- already in the accumulator's layout, so the
 * correction is elementwise on the accumulator before the epilogue.  One
 * extra WMMA per tile row (when zb exists) and per tile column (when za
 * does) each K step; exact in i32 (wrapping, as the program's own i32
 * arithmetic). */
#include "Templates/Gemm.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

bool fe_gemm_has_zero_points(const fe_gemm *g) {
  return g->a_zp >= 0 || g->b_zp >= 0;
}

int fe_gemm_zp_init(fe_kb *kb, fe_gemm_wave *w) {
  const fe_gemm *g = &kb->p->gemms[0];
  w->nrowsums = g->b_zp >= 0 ? kb->s->wave_m : 0;
  w->ncolsums = g->a_zp >= 0 ? kb->s->wave_n : 0;
  for (int i = 0; i < w->nrowsums + w->ncolsums; ++i)
    w->sums[i] = kb_fill_zero(kb, kb->atom);
  return w->nrowsums + w->ncolsums;
}

/* A fragment of ones of v's type (any layout holds ones everywhere). */
static MlirValue ones_like(fe_kb *kb, MlirValue v) {
  MlirType vt = mlirValueGetType(v);
  MlirAttribute one = mlirIntegerAttrGet(mlirShapedTypeGetElementType(vt), 1);
  MlirNamedAttribute na =
      wb_named(kb->ctx, "value", mlirDenseElementsAttrSplatGet(vt, one));
  return wb_op1(&kb->b, "arith.constant", 0, NULL, vt, 1, &na);
}

void fe_gemm_zp_step(fe_kb *kb, const fe_gemm_wave *w, const MlirValue *a,
                     const MlirValue *b, MlirValue *sums) {
  /* Swapped (D^T = B^T A^T): A's tiles are the WMMA's B operand, so the
   * row sums are 1 x A^T and the column sums B^T x 1. */
  bool sw = w->form == FE_FORM_ROWSEG;
  if (w->nrowsums) {
    MlirValue ones = ones_like(kb, b[0]); /* the other role's type */
    for (int i = 0; i < w->nrowsums; ++i)
      sums[i] = sw ? kb_mma(kb, kb->atom, ones, a[i], sums[i])
                   : kb_mma(kb, kb->atom, a[i], ones, sums[i]);
  }
  if (w->ncolsums) {
    MlirValue ones = ones_like(kb, a[0]);
    for (int j = 0; j < w->ncolsums; ++j) {
      MlirValue *s = &sums[w->nrowsums + j];
      *s = sw ? kb_mma(kb, kb->atom, b[j], ones, *s)
              : kb_mma(kb, kb->atom, ones, b[j], *s);
    }
  }
}

/* Zero point node n as an accumulator tile (it reads no loop: any tile
 * evaluates it, here in its own memo). */
static MlirValue zp_tile(fe_kb *kb, const fe_tile *t, int n) {
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue v = kb_eval(kb, &m, t, n);
  kb_memo_free(&m);
  return v;
}

MlirValue fe_gemm_zp_correct(fe_kb *kb, const fe_gemm_wave *w,
                             const fe_tile *t, int i, int j, MlirValue acc) {
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  MlirType vt = mlirValueGetType(acc);
  MlirValue za = g->a_zp >= 0 ? zp_tile(kb, t, g->a_zp) : (MlirValue){NULL};
  MlirValue zb = g->b_zp >= 0 ? zp_tile(kb, t, g->b_zp) : (MlirValue){NULL};
  if (kb->failed)
    return (MlirValue){NULL};
  if (w->nrowsums)
    acc = wb_arith(b, "arith.subi", acc,
                   wb_arith(b, "arith.muli", zb, w->sums[i]));
  if (w->ncolsums)
    acc = wb_arith(b, "arith.subi", acc,
                   wb_arith(b, "arith.muli", za, w->sums[w->nrowsums + j]));
  if (w->nrowsums && w->ncolsums) {
    MlirValue k = wb_cast(b, "arith.index_cast", kb_size(kb, g->K),
                          mlirShapedTypeGetElementType(vt));
    MlirValue kv = wb_broadcast(b, k, vt);
    MlirValue kzz =
        wb_arith(b, "arith.muli", kv, wb_arith(b, "arith.muli", za, zb));
    acc = wb_arith(b, "arith.addi", acc, kzz);
  }
  return acc;
}
