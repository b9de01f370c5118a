/* Point evaluation (VALU kernels): an expression node evaluated at one
 * element of its index space, as a scalar of the node's type.  Leaves are
 * scalar loads (indices from the load's map, group-wise ones divided),
 * constants, scalar arguments and index values; ops are the program's own
 * (the same attributes Epilogue.c gives them); products are what the
 * template binds in the memo.  The tile evaluation of WMMA kernels
 * (Epilogue.c) works on fragments; this is its one-element counterpart,
 * and both walk the expression by Eval.c. */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirValue point_load(fe_kb *kb, const kb_place *p, int node,
                            const fe_node *x) {
  (void)node;
  const MlirValue *at = p->at;
  if (x->im2col) /* a convolution's input */
    return kb_im2col_point(kb, at, x);
  MlirValue idx[FE_MAX_RANK], in_run = {NULL};
  const fe_conv *c = x->kremap ? &kb->p->g.convs[x->kremap - 1] : NULL;
  for (int j = 0; j < x->nmap; ++j) {
    /* (Constant indices: a convolution's filter view, read at 0.) */
    idx[j] = x->map[j] == FE_MAP_FIXED ? kb_c(kb, x->fixed[j]) : at[x->map[j]];
    if (x->div[j])
      idx[j] = wb_arith(&kb->b, "arith.divui", idx[j], kb_c(kb, x->div[j]));
    if (c && x->map[j] == c->kloop) { /* K by padded runs: the filter's K */
      idx[j] = kb_conv_kreal(kb, c, idx[j], kb_c(kb, 0), 0, &in_run);
    }
  }
  MlirValue v = wb_load(&kb->b, kb->args[x->arg], x->nmap, idx);
  if (!mlirValueIsNull(in_run))
    v = wb_select(&kb->b, in_run, v, wb_const_zero(&kb->b, x->type));
  return v;
}

static MlirType point_type(fe_kb *kb, const kb_place *p, MlirType elem) {
  (void)kb, (void)p;
  return elem;
}

static MlirValue point_index(fe_kb *kb, const kb_place *p, const fe_node *x) {
  (void)kb;
  return ((const MlirValue *)p->at)[x->dim];
}

MlirValue kb_point_eval(fe_kb *kb, fe_memo *m, const MlirValue *at, int n) {
  kb_place p = {point_type, point_load, point_index, NULL, at, NULL};
  return kb_eval_at(kb, m->val, m->n, &p, n);
}

MlirValue kb_convert_scalar(fe_kb *kb, MlirValue v, MlirType to,
                            bool is_unsigned) {
  MlirType from = mlirValueGetType(v);
  if (mlirValueIsNull(v) || mlirTypeEqual(from, to))
    return v;
  bool ff = mlirTypeIsAFloat(from), tf = mlirTypeIsAFloat(to);
  int fb = wb_type_bits(from), tb = wb_type_bits(to);
  const char *op = NULL;
  if (ff && tf)
    op = tb < fb ? "arith.truncf" : "arith.extf";
  else if (!ff && !tf)
    op = tb < fb ? "arith.trunci" : is_unsigned ? "arith.extui" : "arith.extsi";
  else if (!ff && tf)
    op = is_unsigned ? "arith.uitofp" : "arith.sitofp";
  if (!op) {
    kb->failed = 1; /* float -> integer: the problem stage refuses it */
    return (MlirValue){NULL};
  }
  return wb_cast(&kb->b, op, v, to);
}
