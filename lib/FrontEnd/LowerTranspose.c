/* wmma-lower-transpose: wmma.transpose -> wmma.mma / wmma.relayout (+ the
 * identity matrix built from lane-id compares).  Runs before the other
 * lowerings, which then turn the relayouts into in-lane moves,
 * v_permlanex16 or ds_bpermute as the layout planner decides.
 *
 * identity: X (16x16, 16-bit float) goes through one WMMA against the
 *   identity matrix I.  The accumulator layout is the transpose of the
 *   operand layout: with X as the A operand (or B), D = X holds a column of X
 *   per lane, which read as `#wmma.frag<d, hw, transposed>` is X^T in the
 *   row-per-lane form.  Candidates (X as A or B, hw or kcontig, X loaded as
 *   the role matrix or its transpose) are costed with the planner (relayout
 *   into the operand + relayout of the accumulator into the requested
 *   layout) and the cheapest is emitted.  Exact: x * 1 and sums with zeros
 *   are exact in the f32 accumulator, and f32 -> 16-bit is exact for values
 *   that came from 16 bits.
 * shuffle: the source registers read as the fragment with the transposed
 *   flag flipped hold X^T; one relayout from there to the fragment. */
#include "FrontEnd.h"
#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/ROCDL.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- a minimal builder: insert before a fixed op ----------------------------*/
typedef struct {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation before;
  int failed;
} bld_t;

static MlirValue mk(bld_t *b, const char *name, intptr_t nops,
                    const MlirValue *ops, MlirType res, intptr_t nattrs,
                    const MlirNamedAttribute *attrs) {
  for (intptr_t i = 0; i < nops; ++i)
    if (mlirValueIsNull(ops[i]))
      b->failed = 1;
  if (b->failed || mlirTypeIsNull(res)) {
    b->failed = 1;
    return (MlirValue){NULL};
  }
  MlirOperationState st = mlirOperationStateGet(wmma_sref(name), b->loc);
  if (nops)
    mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, 1, &res);
  if (nattrs)
    mlirOperationStateAddAttributes(&st, nattrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  if (mlirOperationIsNull(op)) {
    b->failed = 1;
    return (MlirValue){NULL};
  }
  mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  return mlirOperationGetResult(op, 0);
}

static MlirNamedAttribute named(MlirContext ctx, const char *n,
                                MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, wmma_sref(n)), a);
}

static MlirValue const_attr(bld_t *b, MlirAttribute v, MlirType t) {
  MlirNamedAttribute a = named(b->ctx, "value", v);
  return mk(b, "arith.constant", 0, NULL, t, 1, &a);
}

static MlirValue const_i32(bld_t *b, int v) {
  MlirType t = mlirIntegerTypeGet(b->ctx, 32);
  return const_attr(b, mlirIntegerAttrGet(t, v), t);
}

static MlirValue bin(bld_t *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  return mk(b, name, 2, ops,
            mlirValueIsNull(x) ? (MlirType){NULL} : mlirValueGetType(x), 0,
            NULL);
}

static MlirValue relayout(bld_t *b, MlirValue x, MlirAttribute from,
                          MlirAttribute to) {
  MlirNamedAttribute a[2] = {named(b->ctx, "from", from),
                             named(b->ctx, "to", to)};
  return mk(b, "wmma.relayout", 1, &x, wmmaFragAttrGetVectorType(to), 2, a);
}

/*--- validation ----------------------------------------------------------*/
typedef struct {
  MlirAttribute frag;
  wmma_frag_desc desc;
  int shuffle;
} tr_info;

static int analyze(MlirOperation op, tr_info *ti) {
  memset(ti, 0, sizeof *ti);
  ti->frag = wmma_attr(op, "frag");
  MlirAttribute method = wmma_attr(op, "method");
  if (mlirOperationGetNumOperands(op) != 1 ||
      mlirOperationGetNumResults(op) != 1 || mlirAttributeIsNull(method) ||
      !wmmaAttributeIsAFrag(ti->frag) ||
      !wmmaFragAttrGetDesc(ti->frag, &ti->desc)) {
    wmma_error(op, "wmma.transpose without a valid fragment or method");
    return -1;
  }
  if (ti->desc.matrix == WMMA_MATRIX_A || ti->desc.matrix == WMMA_MATRIX_B)
    ti->desc.opsel = 0;
  /* The method is an enum attribute without a C accessor: read its text. */
  char buf[96];
  wmma_print_attr(method, buf, sizeof buf);
  if (strstr(buf, "shuffle"))
    ti->shuffle = 1;
  else if (!strstr(buf, "identity")) {
    wmma_error(op, "wmma.transpose: unknown method %s", buf);
    return -1;
  }
  MlirType vt = wmmaFragAttrGetVectorType(ti->frag);
  if (mlirTypeIsNull(vt) ||
      !mlirTypeEqual(vt, mlirValueGetType(mlirOperationGetOperand(op, 0))) ||
      !mlirTypeEqual(vt, mlirValueGetType(mlirOperationGetResult(op, 0)))) {
    wmma_error(op, "wmma.transpose: the source and result must be the "
                   "fragment's vector type");
    return -1;
  }
  int rows, cols;
  wmma_frag_dims(&ti->desc, &rows, &cols);
  wmma_elem e = wmma_frag_elem(&ti->desc);
  if (rows != 16 || cols != 16 ||
      (!ti->shuffle && e != WMMA_ELEM_F16 && e != WMMA_ELEM_BF16)) {
    wmma_error(op, "wmma.transpose: unsupported fragment (16x16 tiles; the "
                   "identity method needs f16/bf16)");
    return -1;
  }
  return 0;
}

/* Planner cost of a relayout (a large number if it cannot be planned). */
static int plan_cost(wmma_plan *plan, MlirAttribute from, MlirAttribute to) {
  wmma_frag_desc f, t;
  if (mlirAttributeIsNull(from) || mlirAttributeIsNull(to) ||
      !wmmaFragAttrGetDesc(from, &f) || !wmmaFragAttrGetDesc(to, &t))
    return 1 << 20;
  if (mlirAttributeEqual(from, to))
    return 0;
  if (wmma_plan_relayout(&f, &t, WMMA_XLANE_PERMLANEX16, plan, NULL, 0))
    return 1 << 20;
  return plan->cost;
}

/*--- identity method ---------------------------------------------------------*/
/* The identity matrix in fragment `frag`: value v of lane l is 1 where the
 * element it holds is on the diagonal.  Row - col is affine in
 * (r, h) = (lane % 16, lane / 16), so each value is one compare. */
static MlirValue identity_fragment(bld_t *b, MlirAttribute frag) {
  wmma_frag_desc fd;
  if (!wmmaFragAttrGetDesc(frag, &fd)) {
    b->failed = 1;
    return (MlirValue){NULL};
  }
  MlirType vt = wmmaFragAttrGetVectorType(frag);
  MlirType et = mlirShapedTypeGetElementType(vt);
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
  MlirValue lane_ops[2] = {const_i32(b, -1), const_i32(b, 0)};
  MlirValue lane = mk(b, "rocdl.mbcnt.lo", 2, lane_ops, i32, 0, NULL);
  MlirValue r = bin(b, "arith.andi", lane, const_i32(b, 15));
  MlirValue h = bin(b, "arith.shrui", lane, const_i32(b, 4));
  MlirValue one = const_attr(b, mlirFloatAttrDoubleGet(b->ctx, et, 1.0), et);
  MlirValue zero = const_attr(b, mlirFloatAttrDoubleGet(b->ctx, et, 0.0), et);
  int len = wmma_frag_length(&fd);
  MlirValue vals[64];
  /* Row - col = k0 + kr*r + kh*h: the lane term kr*r + kh*h is shared by
   * all values with the same (kr, kh); each value is then one compare with
   * -k0 and one select. */
  int forms[64][2], nforms = 0;
  MlirValue form_val[64];
  for (int v = 0; v < len && v < 64; ++v) {
    int r0, rr, rh, c0, cr, ch;
    int rc = wmma_frag_affine(&fd, v, &r0, &rr, &rh, &c0, &cr, &ch);
    if (rc < 0) {
      b->failed = 1;
      return (MlirValue){NULL};
    }
    if (rc == 0) {
      vals[v] = zero;
      continue;
    }
    int k0 = r0 - c0, kr = rr - cr, kh = rh - ch;
    int f = -1;
    for (int i = 0; i < nforms; ++i)
      if (forms[i][0] == kr && forms[i][1] == kh)
        f = i;
    if (f < 0) {
      MlirValue t = const_i32(b, 0);
      if (kr)
        t = bin(b, "arith.muli", r, const_i32(b, kr));
      if (kh) {
        MlirValue th = bin(b, "arith.muli", h, const_i32(b, kh));
        t = kr ? bin(b, "arith.addi", t, th) : th;
      }
      forms[nforms][0] = kr;
      forms[nforms][1] = kh;
      form_val[nforms] = t;
      f = nforms++;
    }
    MlirValue cmp_ops[2] = {form_val[f], const_i32(b, -k0)};
    MlirNamedAttribute pred = named(
        b->ctx, "predicate",
        mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 0 /* eq */));
    MlirValue c =
        mk(b, "arith.cmpi", 2, cmp_ops, mlirIntegerTypeGet(b->ctx, 1), 1, &pred);
    MlirValue sel_ops[3] = {c, one, zero};
    vals[v] = mk(b, "arith.select", 3, sel_ops, et, 0, NULL);
  }
  return mk(b, "vector.from_elements", len, vals, vt, 0, NULL);
}

static MlirValue lower_identity(bld_t *b, const tr_info *ti, MlirValue x) {
  MlirAttribute atom16 = wmmaFragAttrGetAtom(ti->frag);
  MlirType et = wmmaElemToType(b->ctx, wmma_frag_elem(&ti->desc));
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirAttribute atom = wmmaAtomAttrGet(b->ctx, wmmaAtomAttrGetArch(atom16), 16,
                                       16, 16, et, et, f32, false, false,
                                       false, 0);
  if (mlirAttributeIsNull(atom)) {
    b->failed = 1;
    return (MlirValue){NULL};
  }
  wmma_plan *plan = malloc(sizeof *plan);
  if (!plan) {
    b->failed = 1;
    return (MlirValue){NULL};
  }
  /* Candidates: X as operand `role` in convention `lay`, loaded as the role
   * matrix (tr = 0) or its transpose (tr = 1). */
  int best = -1, best_cost = 1 << 30;
  MlirAttribute best_p = {NULL}, best_d = {NULL};
  wmma_matrix best_role = WMMA_MATRIX_A;
  wmma_layout_kind best_lay = WMMA_LAYOUT_HW;
  /* The fragment's own convention first, so that a free relayout into an
   * equal layout is skipped rather than emitted (ties keep the first). */
  wmma_layout_kind lays[2] = {WMMA_LAYOUT_KCONTIG, WMMA_LAYOUT_HW};
  if (ti->desc.layout == WMMA_LAYOUT_HW) {
    lays[0] = WMMA_LAYOUT_HW;
    lays[1] = WMMA_LAYOUT_KCONTIG;
  }
  for (int role = 0; role < 2; ++role)
    for (int li = 0; li < 2; ++li)
      for (int tr = 0; tr < 2; ++tr) {
        wmma_matrix m = role ? WMMA_MATRIX_B : WMMA_MATRIX_A;
        MlirAttribute p = wmmaFragAttrGet(b->ctx, m, lays[li], tr, atom);
        /* D = P_role (x I): D's logical tile is X^T when read with the
         * opposite transposed flag. */
        MlirAttribute dfrag =
            wmmaFragAttrGet(b->ctx, WMMA_MATRIX_D, WMMA_LAYOUT_HW, !tr, atom);
        wmma_frag_desc pd;
        if (mlirAttributeIsNull(p) || mlirAttributeIsNull(dfrag) ||
            !wmmaFragAttrGetDesc(p, &pd) ||
            wmma_frag_check(&pd, NULL, 0) != 0)
          continue;
        int cost = plan_cost(plan, ti->frag, p);
        if (cost >= 1 << 20)
          continue;
        cost += plan_cost(plan, dfrag, ti->frag);
        if (cost < best_cost) {
          best_cost = cost;
          best = role * 4 + li * 2 + tr;
          best_p = p;
          best_d = dfrag;
          best_role = m;
          best_lay = lays[li];
        }
      }
  free(plan);
  if (best < 0) {
    b->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue p = mlirAttributeEqual(ti->frag, best_p)
                    ? x
                    : relayout(b, x, ti->frag, best_p);
  /* The identity in the other operand, same K convention. */
  MlirAttribute ifrag = wmmaFragAttrGet(
      b->ctx, best_role == WMMA_MATRIX_A ? WMMA_MATRIX_B : WMMA_MATRIX_A,
      best_lay, false, atom);
  MlirValue ident = identity_fragment(b, ifrag);
  MlirType acc_t = wmmaFragAttrGetVectorType(best_d);
  MlirValue zero = const_attr(
      b,
      mlirDenseElementsAttrSplatGet(acc_t, mlirFloatAttrDoubleGet(b->ctx, f32,
                                                                   0.0)),
      acc_t);
  MlirValue ops[3] = {best_role == WMMA_MATRIX_A ? p : ident,
                      best_role == WMMA_MATRIX_A ? ident : p, zero};
  MlirNamedAttribute a = named(b->ctx, "atom", atom);
  MlirValue d = mk(b, "wmma.mma", 3, ops, acc_t, 1, &a);
  return relayout(b, d, best_d, ti->frag);
}

/*--- the pass ------------------------------------------------------------------===*/
typedef struct {
  MlirOperation *ops;
  int n, cap, oom;
} op_list;

static MlirWalkResult collect_cb(MlirOperation op, void *ud) {
  op_list *l = ud;
  if (!wmma_op_is(op, "wmma.transpose"))
    return MlirWalkResultAdvance;
  if (l->n == l->cap) {
    int cap = l->cap ? l->cap * 2 : 16;
    MlirOperation *n = realloc(l->ops, sizeof *n * (size_t)cap);
    if (!n) {
      l->oom = 1;
      return MlirWalkResultInterrupt;
    }
    l->ops = n;
    l->cap = cap;
  }
  l->ops[l->n++] = op;
  return MlirWalkResultAdvance;
}

static void run(MlirOperation root, MlirExternalPass pass, void *ud) {
  (void)ud;
  op_list l = {NULL, 0, 0, 0};
  mlirOperationWalk(root, collect_cb, &l, MlirWalkPostOrder);
  if (l.oom) {
    free(l.ops);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  int errors = 0;
  for (int i = 0; i < l.n; ++i) {
    tr_info ti;
    if (analyze(l.ops[i], &ti))
      ++errors;
  }
  for (int i = 0; i < l.n && !errors; ++i) {
    MlirOperation op = l.ops[i];
    tr_info ti;
    analyze(op, &ti);
    bld_t b = {mlirOperationGetContext(op), mlirOperationGetLocation(op),
               mlirOperationGetBlock(op), op, 0};
    MlirValue x = mlirOperationGetOperand(op, 0);
    MlirValue y;
    if (ti.shuffle) {
      /* The registers read with the flipped flag hold the transpose. */
      MlirAttribute g = wmmaFragAttrGet(
          b.ctx, ti.desc.matrix, ti.desc.layout, !ti.desc.transposed,
          wmmaFragAttrGetAtom(ti.frag));
      y = mlirAttributeIsNull(g) ? (MlirValue){NULL}
                                 : relayout(&b, x, g, ti.frag);
    } else {
      y = lower_identity(&b, &ti, x);
    }
    if (b.failed || mlirValueIsNull(y)) {
      wmma_error(op, "wmma-lower-transpose: failed to lower wmma.transpose");
      ++errors;
      break;
    }
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), y);
    mlirOperationRemoveFromParent(op);
    mlirOperationDestroy(op);
  }
  free(l.ops);
  if (errors)
    mlirExternalPassSignalFailure(pass);
}

static void nop(void *ud) { (void)ud; }
static void *clone_nop(void *ud) { return ud; }

MlirPass wmmaCreateLowerTransposePass(void) {
  static MlirTypeID type_id = {NULL};
  static char type_id_storage[8] __attribute__((aligned(8)));
  if (!type_id.ptr)
    type_id = mlirTypeIDCreate(type_id_storage);
  MlirDialectHandle deps[] = {
      mlirGetDialectHandle__wmma__(), mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__vector__(), mlirGetDialectHandle__rocdl__(),
      mlirGetDialectHandle__llvm__()};
  MlirExternalPassCallbacks cb = {nop, nop, NULL, clone_nop, run};
  return mlirCreateExternalPass(
      type_id, wmma_sref("WmmaLowerTranspose"),
      wmma_sref("wmma-lower-transpose"),
      wmma_sref("Lower wmma.transpose (identity WMMA or cross-lane shuffle) to "
                "wmma.mma / wmma.relayout"),
      wmma_sref(""), (intptr_t)(sizeof deps / sizeof deps[0]), deps, cb, NULL);
}
