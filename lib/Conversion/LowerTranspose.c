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
#include "Lowering.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirValue relayout(wb_t *b, MlirValue x, MlirAttribute from,
                          MlirAttribute to) {
  MlirNamedAttribute a[2] = {wb_named(b->ctx, "from", from),
                             wb_named(b->ctx, "to", to)};
  return wb_op1(b, "wmma.relayout", 1, &x, wmmaFragAttrGetVectorType(to), 2,
                a);
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
static MlirValue identity_fragment(wb_t *b, MlirAttribute frag) {
  wmma_frag_desc fd;
  if (!wmmaFragAttrGetDesc(frag, &fd))
    return (MlirValue){NULL};
  MlirType vt = wmmaFragAttrGetVectorType(frag);
  MlirType et = mlirShapedTypeGetElementType(vt);
  MlirValue r = wb_r_i32(b), h = wb_h_i32(b);
  MlirValue one = wb_const_float(b, et, 1.0);
  MlirValue zero = wb_const_float(b, et, 0.0);
  int len = wmma_frag_length(&fd);
  if (len <= 0 || len > 64)
    return (MlirValue){NULL};
  MlirValue vals[64];
  /* Row - col = k0 + kr*r + kh*h: the lane term kr*r + kh*h is shared by
   * all values with the same (kr, kh); each value is then one compare with
   * -k0 and one select. */
  int forms[64][2], nforms = 0;
  MlirValue form_val[64];
  for (int v = 0; v < len; ++v) {
    int r0, rr, rh, c0, cr, ch;
    int rc = wmma_frag_affine(&fd, v, &r0, &rr, &rh, &c0, &cr, &ch);
    if (rc < 0)
      return (MlirValue){NULL};
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
      MlirValue t = (MlirValue){NULL};
      if (kr)
        t = wb_arith(b, "arith.muli", r, wb_const_i32(b, kr));
      if (kh) {
        MlirValue th = wb_arith(b, "arith.muli", h, wb_const_i32(b, kh));
        t = kr ? wb_arith(b, "arith.addi", t, th) : th;
      }
      if (!kr && !kh)
        t = wb_const_i32(b, 0);
      forms[nforms][0] = kr;
      forms[nforms][1] = kh;
      form_val[nforms] = t;
      f = nforms++;
    }
    MlirValue c = wb_cmpi(b, WB_CMP_EQ, form_val[f], wb_const_i32(b, -k0));
    vals[v] = wb_select(b, c, one, zero);
  }
  return wb_from_elements(b, len, vals, vt);
}

static MlirValue lower_identity(wb_t *b, const tr_info *ti, MlirValue x) {
  MlirAttribute atom16 = wmmaFragAttrGetAtom(ti->frag);
  MlirType et = wmmaElemToType(b->ctx, wmma_frag_elem(&ti->desc));
  MlirType f32 = mlirF32TypeGet(b->ctx);
  MlirAttribute atom = wmmaAtomAttrGet(b->ctx, wmmaAtomAttrGetArch(atom16), 16,
                                       16, 16, et, et, f32, false, false,
                                       false, 0);
  wmma_plan *plan = mlirAttributeIsNull(atom) ? NULL : malloc(sizeof *plan);
  if (!plan)
    return (MlirValue){NULL};
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
  if (best < 0)
    return (MlirValue){NULL};
  MlirValue p = mlirAttributeEqual(ti->frag, best_p)
                    ? x
                    : relayout(b, x, ti->frag, best_p);
  /* The identity in the other operand, same K convention. */
  MlirAttribute ifrag = wmmaFragAttrGet(
      b->ctx, best_role == WMMA_MATRIX_A ? WMMA_MATRIX_B : WMMA_MATRIX_A,
      best_lay, false, atom);
  MlirValue ident = identity_fragment(b, ifrag);
  MlirType acc_t = wmmaFragAttrGetVectorType(best_d);
  MlirValue zero = wb_const_zero(b, acc_t);
  MlirValue ops[3] = {best_role == WMMA_MATRIX_A ? p : ident,
                      best_role == WMMA_MATRIX_A ? ident : p, zero};
  MlirNamedAttribute a = wb_named(b->ctx, "atom", atom);
  MlirValue d = wb_op1(b, "wmma.mma", 3, ops, acc_t, 1, &a);
  return relayout(b, d, best_d, ti->frag);
}

/*--- the pass ---------------------------------------------------------------*/
typedef struct {
  MlirOperation op;
  tr_info ti;
} tr_item;

typedef struct {
  tr_item *items;
  int n, cap, oom;
} tr_list;

static MlirWalkResult collect_cb(MlirOperation op, void *ud) {
  tr_list *l = ud;
  if (!wmma_op_is(op, "wmma.transpose"))
    return MlirWalkResultAdvance;
  if (l->n == l->cap) {
    int cap = l->cap ? l->cap * 2 : 16;
    tr_item *n = realloc(l->items, sizeof *n * (size_t)cap);
    if (!n) {
      l->oom = 1;
      return MlirWalkResultInterrupt;
    }
    l->items = n;
    l->cap = cap;
  }
  l->items[l->n++].op = op;
  return MlirWalkResultAdvance;
}

/* Not a greedy rewrite (that would fold and hoist what the lowering
 * builds): validate every wmma.transpose, then replace each in place. */
static void run(MlirOperation root, MlirExternalPass pass, void *ud) {
  (void)ud;
  tr_list l = {NULL, 0, 0, 0};
  mlirOperationWalk(root, collect_cb, &l, MlirWalkPostOrder);
  int errors = l.oom;
  for (int i = 0; i < l.n && !l.oom; ++i)
    if (analyze(l.items[i].op, &l.items[i].ti))
      ++errors;
  MlirRewriterBase rw = {NULL};
  if (!errors && l.n)
    rw = mlirIRRewriterCreateFromOp(root);
  for (int i = 0; i < l.n && !errors; ++i) {
    MlirOperation op = l.items[i].op;
    const tr_info *ti = &l.items[i].ti;
    wb_t b;
    wb_init_rewriter(&b, rw, op);
    MlirValue x = mlirOperationGetOperand(op, 0);
    MlirValue y;
    if (ti->shuffle) {
      /* The registers read with the flipped flag hold the transpose. */
      MlirAttribute g = wmmaFragAttrGet(
          b.ctx, ti->desc.matrix, ti->desc.layout, !ti->desc.transposed,
          wmmaFragAttrGetAtom(ti->frag));
      y = mlirAttributeIsNull(g) ? (MlirValue){NULL}
                                 : relayout(&b, x, g, ti->frag);
    } else {
      y = lower_identity(&b, ti, x);
    }
    if (mlirValueIsNull(y)) {
      wmma_error(op, "wmma-lower-transpose: failed to lower wmma.transpose");
      ++errors;
      break;
    }
    mlirRewriterBaseReplaceOpWithValues(rw, op, 1, &y);
  }
  if (rw.ptr)
    mlirIRRewriterDestroy(rw);
  free(l.items);
  if (errors)
    mlirExternalPassSignalFailure(pass);
}

static _Alignas(8) char lower_transpose_id;

MlirPass wmmaCreateLowerTransposePass(void) {
  wb_pass_def def = {
      .type_id = mlirTypeIDCreate(&lower_transpose_id),
      .name = "WmmaLowerTranspose",
      .argument = "wmma-lower-transpose",
      .description = "Lower wmma.transpose (identity WMMA or cross-lane "
                     "shuffle) to wmma.mma / wmma.relayout",
      .run = run};
  return wb_create_pass(&def, NULL);
}
