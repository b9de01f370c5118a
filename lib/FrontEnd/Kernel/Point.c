/* Point evaluation (VALU kernels): an expression node evaluated at one
 * element of its index space, as a scalar of the node's type.  Leaves are
 * scalar loads (indices from the load's map, group-wise ones divided),
 * constants, scalar arguments and index values; ops are the program's own
 * (the same attributes Epilogue.c gives them); products are what the
 * template binds in the memo.  The tile evaluation of WMMA kernels
 * (Epilogue.c) works on fragments; this is its one-element counterpart. */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirValue point_load(fe_kb *kb, const MlirValue *at, const fe_node *x) {
  if (x->im2col) /* a convolution's input */
    return kb_im2col_point(kb, at, x);
  MlirValue idx[FE_MAX_RANK];
  for (int j = 0; j < x->nmap; ++j) {
    /* (Constant indices: a convolution's filter view, read at 0.) */
    idx[j] = x->map[j] == FE_MAP_FIXED ? kb_c(kb, x->fixed[j]) : at[x->map[j]];
    if (x->div[j])
      idx[j] = wb_arith(&kb->b, "arith.divui", idx[j], kb_c(kb, x->div[j]));
  }
  return wb_load(&kb->b, kb->args[x->arg], x->nmap, idx);
}

static MlirValue point_op(fe_kb *kb, fe_memo *m, const MlirValue *at,
                          const fe_node *x) {
  MlirValue ops[3];
  for (int i = 0; i < x->nops; ++i) {
    ops[i] = kb_point_eval(kb, m, at, x->ops[i]);
    if (mlirValueIsNull(ops[i]))
      return ops[i];
  }
  return kb_elementwise_op(kb, x, ops, x->type);
}

MlirValue kb_point_eval(fe_kb *kb, fe_memo *m, const MlirValue *at, int n) {
  if (n < 0 || n >= m->n) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  if (!mlirValueIsNull(m->val[n]))
    return m->val[n];
  const fe_node *x = &kb->p->g.nodes[n];
  MlirLocation saved = kb->b.loc;
  if (!mlirLocationIsNull(x->loc))
    kb->b.loc = x->loc;
  MlirValue r = {NULL};
  switch (x->kind) {
  case FE_LOAD:
    r = point_load(kb, at, x);
    break;
  case FE_CONST:
    r = mlirTypeIsAFloat(x->type) ? wb_const_float(&kb->b, x->type, x->fval)
                                  : wb_const_int(&kb->b, x->type, x->ival);
    break;
  case FE_SCALAR:
    r = kb->args[x->arg];
    break;
  case FE_INDEX:
    r = at[x->dim];
    break;
  case FE_OP:
    r = point_op(kb, m, at, x);
    break;
  case FE_PRODUCT:
  case FE_REDUCE:
    break; /* bound by the template; unbound is an internal error */
  }
  kb->b.loc = saved;
  if (mlirValueIsNull(r)) {
    kb->failed = 1;
    return r;
  }
  m->val[n] = r;
  return r;
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
