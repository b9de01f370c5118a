/* Front end, step 2 (continued): zero points.  linalg.quantized_matmul
 * (and the generics frameworks write for it) multiplies integers shifted
 * by scalar zero points, (extsi(a) - a_zp) * (extsi(b) - b_zp) in i32:
 * an i32 x i32 product no WMMA has.  Expanded,
 *   sum_k (a - za)(b - zb) = AB - zb rowsum(A) - za colsum(B) + K za zb,
 * exact in i32 (wrapping arithmetic is a ring, as the program's own is):
 * the product becomes one of the 8-bit operands (the i8 WMMA), with the
 * zero points recorded for the template, which computes the row and
 * column sums with WMMAs against a fragment of ones and corrects the
 * accumulator before the epilogue. */
#include "FrontEnd.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* Does n read a loop (a load, an index or a product under it)? */
static fe_walk loop_pre(const fe_graph *g, int n, void *ud) {
  fe_kind k = g->nodes[n].kind;
  (void)ud;
  return k == FE_LOAD || k == FE_INDEX || k == FE_PRODUCT || k == FE_REDUCE
             ? FE_WALK_STOP
             : FE_WALK_NEXT;
}

static bool is_scalar_node(const fe_graph *g, int n) {
  return fe_graph_visit(g, n, 0, loop_pre, NULL, NULL) == 0;
}

static bool narrow_int(MlirType t) {
  return mlirTypeIsAInteger(t) && (mlirIntegerTypeGetWidth(t) == 8 ||
                                   mlirIntegerTypeGetWidth(t) == 4);
}

/* n = ext(x) - zp with x an 8- or 4-bit integer and zp a scalar: x, its
 * signedness and zp; or n = ext(x), or x itself (no zero point; recognition
 * stripped its extension and *uns already says which). */
static bool split(const fe_graph *g, int n, int *x, bool *uns, int *zp) {
  const fe_node *s = &g->nodes[n];
  *zp = -1;
  if (s->kind == FE_OP && !strcmp(s->name, "arith.subi") &&
      is_scalar_node(g, s->ops[1])) {
    *zp = s->ops[1];
    n = s->ops[0];
    s = &g->nodes[n];
  }
  if (s->kind == FE_OP && (!strcmp(s->name, "arith.extsi") ||
                           !strcmp(s->name, "arith.extui"))) {
    *uns = !strcmp(s->name, "arith.extui");
    n = s->ops[0];
  }
  *x = n;
  return narrow_int(g->nodes[n].type);
}

void fe_fold_zero_points(fe_graph *g, fe_contraction *c) {
  int xl, xr, zl, zr;
  bool ul = c->lhs_unsigned, ur = c->rhs_unsigned;
  if (!split(g, c->lhs, &xl, &ul, &zl) || !split(g, c->rhs, &xr, &ur, &zr) ||
      (zl < 0 && zr < 0) || !mlirTypeIsAInteger(c->acc_type) ||
      mlirIntegerTypeGetWidth(c->acc_type) != 32)
    return;
  /* A zero point of another type than the product's (i32) would need its
   * own conversion: fold only i32 ones, as linalg writes them. */
  if ((zl >= 0 && !mlirTypeEqual(g->nodes[zl].type, c->acc_type)) ||
      (zr >= 0 && !mlirTypeEqual(g->nodes[zr].type, c->acc_type)))
    return;
  c->lhs = xl;
  c->rhs = xr;
  c->lhs_unsigned = ul;
  c->rhs_unsigned = ur;
  c->lhs_zp = zl;
  c->rhs_zp = zr;
}
