/* The reduction template's evaluation: row-space nodes at a thread's point
 * (a scalar, or `width` consecutive elements of the axis loaded as one
 * vector), and the combination of partial results across lanes. */
#include "Templates/Reduction.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static bool is_axis(const fe_red_problem *r, int d) {
  for (int i = 0; i < r->naxes; ++i)
    if (r->axis[i] == d)
      return true;
  return false;
}

static MlirType vec_of(const fe_red_point *pt, MlirType t) {
  return wb_vec(pt->width, t);
}

/* Memref indices of load x at element e of the point. */
static void load_indices(fe_kb *kb, const fe_red_point *pt, const fe_node *x,
                         int e, MlirValue *idx) {
  const fe_red_problem *r = &kb->p->red;
  for (int j = 0; j < x->nmap; ++j) {
    int d = x->map[j];
    idx[j] = pt->at[d];
    if (e && is_axis(r, d))
      idx[j] = kb_addc(kb, idx[j], e);
    if (x->div[j])
      idx[j] = wb_arith(&kb->b, "arith.divui", idx[j], kb_c(kb, x->div[j]));
  }
}

static MlirValue load_leaf(fe_kb *kb, const kb_place *p, int node,
                           const fe_node *x) {
  (void)node;
  const fe_red_point *pt = p->at;
  const fe_red_problem *r = &kb->p->red;
  wb_t *b = &kb->b;
  MlirValue mem = kb->args[x->arg];
  MlirType vt = vec_of(pt, x->type);
  int n = x->nmap, at_axis = 0;
  bool last_only = n > 0 && is_axis(r, x->map[n - 1]) && !x->div[n - 1];
  for (int j = 0; j < n; ++j)
    at_axis += is_axis(r, x->map[j]);
  MlirValue idx[FE_MAX_RANK];
  load_indices(kb, pt, x, 0, idx);
  if (pt->width == 1 || at_axis == 0)
    return wb_broadcast(b, wb_load(b, mem, n, idx), vt);
  /* Consecutive elements of a contiguous last dimension: one vector load
   * (vector points cover whole vectors inside the row: the row's last
   * len % width elements are visited one by one). */
  if (at_axis == 1 && last_only &&
      wb_memref_inner_contiguous(mlirValueGetType(mem)))
    return wb_vload(b, vt, mem, n, idx);
  MlirValue el[16];
  for (int e = 0; e < pt->width && e < 16; ++e) {
    load_indices(kb, pt, x, e, idx);
    el[e] = wb_load(b, mem, n, idx);
  }
  return wb_from_elements(b, pt->width, el, vt);
}

static MlirValue index_leaf(fe_kb *kb, const kb_place *p, const fe_node *x) {
  const fe_red_point *pt = p->at;
  MlirType vt = vec_of(pt, wb_index(kb->ctx));
  MlirValue v = wb_broadcast(&kb->b, pt->at[x->dim], vt);
  if (pt->width == 1 || !is_axis(&kb->p->red, x->dim))
    return v;
  int64_t iota[16];
  for (int e = 0; e < pt->width && e < 16; ++e)
    iota[e] = e;
  return wb_arith(&kb->b, "arith.addi", v,
                  wb_const_vec_index(&kb->b, pt->width, iota));
}

static MlirType point_type(fe_kb *kb, const kb_place *p, MlirType elem) {
  (void)kb;
  return vec_of(p->at, elem);
}

/* A reduction node: the row's result (the problem checked that every view
 * reads the current row); products were turned into reductions. */
static MlirValue reduced(fe_kb *kb, const kb_place *p, const fe_node *x) {
  const fe_red_point *pt = p->at;
  if (x->kind != FE_REDUCE || x->product < 0 ||
      x->product >= FE_MAX_REDUCTIONS || mlirValueIsNull(pt->red[x->product]))
    return (MlirValue){NULL};
  return wb_broadcast(&kb->b, pt->red[x->product], vec_of(pt, x->type));
}

MlirValue fe_red_eval(fe_kb *kb, fe_red_point *pt, int n) {
  if (pt->width < 1 || pt->width > 16) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  kb_place p = {point_type, load_leaf, index_leaf, reduced, pt, NULL};
  return kb_eval_at(kb, pt->memo, kb->p->g.nnodes, &p, n);
}

/*===--- combining --------------------------------------------------------===*/
MlirValue fe_red_identity(fe_kb *kb, const char *combine, MlirType t) {
  double v = 0.0;
  if (!strcmp(combine, "arith.maximumf") || !strcmp(combine, "arith.maxnumf"))
    v = -INFINITY;
  else if (!strcmp(combine, "arith.minimumf") ||
           !strcmp(combine, "arith.minnumf"))
    v = INFINITY;
  else if (!strcmp(combine, "arith.maxsi"))
    v = (double)INT32_MIN;
  else if (!strcmp(combine, "arith.minsi"))
    v = (double)INT32_MAX;
  return wb_const_splat(&kb->b, t, v);
}

MlirValue fe_red_combine(fe_kb *kb, const char *combine, MlirValue a,
                         MlirValue b) {
  return wb_arith(&kb->b, combine, a, b);
}

MlirValue fe_red_to_slot(fe_kb *kb, MlirValue v) {
  MlirType t = mlirValueGetType(v), f32 = mlirF32TypeGet(kb->ctx);
  if (mlirTypeIsAF32(t))
    return v;
  if (mlirTypeIsAFloat(t))
    return wb_cast(&kb->b, "arith.extf", v, f32);
  return wb_cast(&kb->b, "arith.bitcast", v, f32);
}

MlirValue fe_red_from_slot(fe_kb *kb, MlirValue v, MlirType t) {
  if (mlirTypeIsAF32(t))
    return v;
  if (mlirTypeIsAFloat(t))
    return wb_cast(&kb->b, "arith.truncf", v, t);
  return wb_cast(&kb->b, "arith.bitcast", v, t);
}

/* rocdl.update.dpp with row_xmask:m: lane l reads lane l ^ m of its row of
 * 16 (DPP control 0x160 + m; every lane is written). */
static MlirValue dpp_xor(fe_kb *kb, MlirValue w, int m) {
  MlirContext ctx = kb->ctx;
  MlirType i32 = wb_i32(ctx);
  MlirNamedAttribute at[4] = {
      wb_named(ctx, "dppCtrl", mlirIntegerAttrGet(i32, 0x160 + m)),
      wb_named(ctx, "rowMask", mlirIntegerAttrGet(i32, 0xf)),
      wb_named(ctx, "bankMask", mlirIntegerAttrGet(i32, 0xf)),
      wb_named(ctx, "boundCtrl", mlirBoolAttrGet(ctx, 1))};
  MlirValue ops[2] = {w, w};
  return wb_op1(&kb->b, "rocdl.update.dpp", 2, ops, i32, 4, at);
}

MlirValue fe_red_lanes(fe_kb *kb, const char *combine, MlirValue v,
                       int lanes) {
  wb_t *b = &kb->b;
  MlirType t = mlirValueGetType(v), f32 = mlirF32TypeGet(kb->ctx);
  for (int m = 1; m < lanes && m < 16; m *= 2) {
    MlirValue w = wb_cast(b, "arith.bitcast", fe_red_to_slot(kb, v),
                          wb_i32(kb->ctx));
    MlirValue o = wb_cast(b, "arith.bitcast", dpp_xor(kb, w, m), f32);
    v = fe_red_combine(kb, combine, v, fe_red_from_slot(kb, o, t));
  }
  if (lanes >= 32)
    v = fe_red_combine(
        kb, combine, v,
        fe_red_from_slot(kb, wb_xor16(b, fe_red_to_slot(kb, v)), t));
  return v;
}
