/* The one walk of an expression graph, shared by every place a kernel
 * evaluates one: a WMMA tile's fragment (Epilogue.c), one element (Point.c),
 * a vector run of an elementwise kernel (ElementwiseEval.c), a point of a
 * reduction's row space (ReductionEval.c).  The memo, the source locations,
 * constants, scalar arguments and ops are the same everywhere; the place
 * gives its value type, its loads, its index values and what the template
 * bound (products, reductions). */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static MlirValue const_leaf(fe_kb *kb, MlirType vt, const fe_node *x) {
  if (!mlirTypeIsAVector(vt))
    return mlirTypeIsAFloat(x->type) ? wb_const_float(&kb->b, x->type, x->fval)
                                     : wb_const_int(&kb->b, x->type, x->ival);
  if (mlirTypeIsAFloat(x->type))
    return wb_const_splat(&kb->b, vt, x->fval);
  MlirAttribute a = mlirIntegerAttrGet(x->type, x->ival);
  MlirNamedAttribute na =
      wb_named(kb->ctx, "value", mlirDenseElementsAttrSplatGet(vt, a));
  return wb_op1(&kb->b, "arith.constant", 0, NULL, vt, 1, &na);
}

static MlirValue scalar_leaf(fe_kb *kb, MlirType vt, const fe_node *x) {
  MlirValue s = kb->args[x->arg];
  return mlirTypeIsAVector(vt) ? wb_broadcast(&kb->b, s, vt) : s;
}

/* A float arithmetic op of a vector run and a scalar argument, element by
 * element with the scalar itself: a vector.broadcast of the argument is
 * hoisted by LLVM as a vector of SGPR copies, one per element (the fused
 * GEMM-GEMM's epilogue a1 * P1 + b1 * C1: 8 copies of each), where each
 * element's op reads the one SGPR.  Null when x is not such an op. */
static MlirValue scalar_operand_op(fe_kb *kb, MlirValue *memo, int nmemo,
                                   const kb_place *p, const fe_node *x) {
  static const char *const ops_by_element[] = {"arith.mulf", "arith.addf",
                                               "arith.subf", "arith.divf"};
  MlirValue none = {NULL};
  bool listed = false;
  for (size_t i = 0; i < sizeof ops_by_element / sizeof *ops_by_element; ++i)
    listed |= !strcmp(x->name, ops_by_element[i]);
  if (!listed || x->nops != 2 || !mlirTypeIsAFloat(x->type))
    return none;
  MlirType vt = p->type(kb, p, x->type);
  if (!mlirTypeIsAVector(vt) || mlirShapedTypeGetRank(vt) != 1)
    return none;
  int64_t V = mlirShapedTypeGetDimSize(vt, 0);
  int scalar = -1;
  for (int i = 0; i < 2; ++i) {
    int n = x->ops[i];
    if (n < 0 || n >= kb->p->g.nnodes)
      return none;
    const fe_node *o = &kb->p->g.nodes[n];
    if (o->kind == FE_SCALAR && mlirTypeEqual(o->type, x->type) &&
        mlirTypeEqual(mlirValueGetType(kb->args[o->arg]), x->type))
      scalar = i;
  }
  if (scalar < 0 || V < 2 || V > 16)
    return none;
  int other = 1 - scalar;
  MlirValue vec = kb_eval_at(kb, memo, nmemo, p, x->ops[other]);
  if (mlirValueIsNull(vec) || !mlirTypeEqual(mlirValueGetType(vec), vt))
    return none;
  MlirValue s = kb->args[kb->p->g.nodes[x->ops[scalar]].arg];
  MlirValue el[16];
  for (int64_t e = 0; e < V; ++e) {
    MlirValue pair[2];
    pair[other] = wb_extract(&kb->b, vec, e);
    pair[scalar] = s;
    el[e] = kb_elementwise_op(kb, x, pair, x->type);
    if (mlirValueIsNull(el[e]))
      return el[e];
  }
  return wb_from_elements(&kb->b, V, el, vt);
}

static MlirValue op_node(fe_kb *kb, MlirValue *memo, int nmemo,
                         const kb_place *p, const fe_node *x) {
  MlirValue by_element = scalar_operand_op(kb, memo, nmemo, p, x);
  if (!mlirValueIsNull(by_element))
    return by_element;
  MlirValue ops[3];
  for (int i = 0; i < x->nops; ++i) {
    ops[i] = kb_eval_at(kb, memo, nmemo, p, x->ops[i]);
    if (mlirValueIsNull(ops[i]))
      return ops[i];
  }
  /* fp8 -> wider floats: through the exact bit-level widening to f16
   * (neither architecture's LLVM lowering takes the vector extf). */
  MlirType from = x->nops == 1 ? mlirValueGetType(ops[0]) : (MlirType){NULL};
  if (!mlirTypeIsNull(from) && mlirTypeIsAVector(from) &&
      !strcmp(x->name, "arith.extf")) {
    MlirType fe = wb_elem_type(from);
    if (mlirTypeIsAFloat8E4M3FN(fe) || mlirTypeIsAFloat8E5M2(fe)) {
      MlirValue h = kb_fp8_to_f16(kb, ops[0]);
      if (mlirValueIsNull(h) || mlirTypeIsAF16(x->type))
        return h;
      ops[0] = h;
    }
  }
  return kb_elementwise_op(kb, x, ops, p->type(kb, p, x->type));
}

/* Index i clamped into 0 .. dim - 1 (signed: a negative index reads row 0,
 * one past the end the last row), so no id reads outside the table. */
static MlirValue clamp_index(fe_kb *kb, MlirValue i, MlirValue dim) {
  wb_t *b = &kb->b;
  MlirValue lo = wb_arith(b, "arith.maxsi", i, kb_c(kb, 0));
  return wb_arith(b, "arith.minsi", lo,
                  wb_arith(b, "arith.subi", dim, kb_c(kb, 1)));
}

/* A gather (torch-mlir's embedding): the index operands evaluated at the
 * place, then one scalar load of the table per element (the rows a run
 * reads are anywhere) -- or, where the place says the run reads
 * consecutive elements of one row, one vector load of them (the row index
 * clamped as the scalar ones are; the place checked the columns are in
 * the row). */
static MlirValue gather_node(fe_kb *kb, MlirValue *memo, int nmemo,
                             const kb_place *p, const fe_node *x) {
  MlirValue ix[3];
  if (x->nops < 1 || x->nops > 3 || x->arg < 0) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  for (int i = 0; i < x->nops; ++i) {
    ix[i] = kb_eval_at(kb, memo, nmemo, p, x->ops[i]);
    if (mlirValueIsNull(ix[i]))
      return ix[i];
  }
  MlirValue mem = kb->args[x->arg];
  MlirType vt = p->type(kb, p, x->type);
  int64_t V = mlirTypeIsAVector(vt) ? mlirShapedTypeGetDimSize(vt, 0) : 0;
  if (V > 16 || (mlirTypeIsAVector(vt) && mlirShapedTypeGetRank(vt) != 1)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue dims[3];
  for (int i = 0; i < x->nops; ++i)
    dims[i] = wb_dim(&kb->b, mem, i);
  if (V > 1 && p->gather_run && p->gather_run(kb, p, x)) {
    MlirValue at[3];
    int last = x->nops - 1;
    for (int i = 0; i < last; ++i)
      at[i] = clamp_index(kb, wb_extract(&kb->b, ix[i], 0), dims[i]);
    at[last] = wb_extract(&kb->b, ix[last], 0);
    return wb_vload(&kb->b, vt, mem, x->nops, at);
  }
  MlirValue el[16];
  for (int64_t e = 0; e < (V ? V : 1); ++e) {
    MlirValue at[3];
    for (int i = 0; i < x->nops; ++i)
      at[i] = clamp_index(kb, V ? wb_extract(&kb->b, ix[i], e) : ix[i],
                          dims[i]);
    el[e] = wb_load(&kb->b, mem, x->nops, at);
  }
  return V ? wb_from_elements(&kb->b, V, el, vt) : el[0];
}

MlirValue kb_eval_at(fe_kb *kb, MlirValue *memo, int nmemo, const kb_place *p,
                     int n) {
  if (n < 0 || n >= nmemo || n >= kb->p->g.nnodes) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  if (!mlirValueIsNull(memo[n]))
    return memo[n];
  const fe_node *x = &kb->p->g.nodes[n];
  MlirLocation saved = kb->b.loc;
  if (!mlirLocationIsNull(x->loc))
    kb->b.loc = x->loc;
  MlirValue r = {NULL};
  switch (x->kind) {
  case FE_LOAD:
    r = p->load(kb, p, n, x);
    break;
  case FE_CONST:
    r = const_leaf(kb, p->type(kb, p, x->type), x);
    break;
  case FE_SCALAR:
    r = scalar_leaf(kb, p->type(kb, p, x->type), x);
    break;
  case FE_INDEX:
    r = p->index(kb, p, x);
    break;
  case FE_OP:
    r = op_node(kb, memo, nmemo, p, x);
    break;
  case FE_GATHER:
    r = gather_node(kb, memo, nmemo, p, x);
    break;
  case FE_PRODUCT:
  case FE_REDUCE:
    /* Bound in the memo by the template, or given by the place; unbound
     * is an internal error. */
    if (p->bound)
      r = p->bound(kb, p, x);
    break;
  }
  kb->b.loc = saved;
  if (mlirValueIsNull(r)) {
    kb->failed = 1;
    return r;
  }
  memo[n] = r;
  return r;
}
