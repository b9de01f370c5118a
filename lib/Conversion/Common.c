/* Shared helpers of the wmma lowering passes. */
#include "Common.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/ROCDL.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wb_init_rewriter(wb_t *b, MlirRewriterBase rw, MlirOperation op) {
  memset(b, 0, sizeof(*b));
  b->rw = rw;
  b->ctx = mlirOperationGetContext(op);
  b->loc = mlirOperationGetLocation(op);
  mlirRewriterBaseSetInsertionPointBefore(b->rw, op);
}

void wb_init(wb_t *b, MlirPatternRewriter rewriter, MlirOperation op) {
  wb_init_rewriter(b, mlirPatternRewriterAsBase(rewriter), op);
}

MlirOperation wb_op(wb_t *b, const char *name, intptr_t n_operands,
                    const MlirValue *operands, intptr_t n_results,
                    const MlirType *results, intptr_t n_attrs,
                    const MlirNamedAttribute *attrs) {
  for (intptr_t i = 0; i < n_operands; ++i)
    if (mlirValueIsNull(operands[i]))
      return (MlirOperation){NULL};
  for (intptr_t i = 0; i < n_results; ++i)
    if (mlirTypeIsNull(results[i]))
      return (MlirOperation){NULL};
  MlirOperationState st = mlirOperationStateGet(wmma_sref(name), b->loc);
  if (n_operands)
    mlirOperationStateAddOperands(&st, n_operands, operands);
  if (n_results)
    mlirOperationStateAddResults(&st, n_results, results);
  if (n_attrs)
    mlirOperationStateAddAttributes(&st, n_attrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  if (mlirOperationIsNull(op))
    return op;
  return mlirRewriterBaseInsert(b->rw, op);
}

MlirValue wb_op1(wb_t *b, const char *name, intptr_t n_operands,
                 const MlirValue *operands, MlirType result, intptr_t n_attrs,
                 const MlirNamedAttribute *attrs) {
  MlirOperation op =
      wb_op(b, name, n_operands, operands, 1, &result, n_attrs, attrs);
  if (mlirOperationIsNull(op))
    return (MlirValue){NULL};
  return mlirOperationGetResult(op, 0);
}

MlirNamedAttribute wb_named(MlirContext ctx, const char *name,
                            MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, wmma_sref(name)), attr);
}

/*--- types -------------------------------------------------------------*/
MlirType wb_i1(MlirContext ctx) { return mlirIntegerTypeGet(ctx, 1); }
MlirType wb_i32(MlirContext ctx) { return mlirIntegerTypeGet(ctx, 32); }
MlirType wb_index(MlirContext ctx) { return mlirIndexTypeGet(ctx); }
MlirType wb_vec(int64_t n, MlirType elem) {
  return mlirVectorTypeGet(1, &n, elem);
}

int wb_type_bits(MlirType t) {
  if (mlirTypeIsNull(t))
    return 0;
  if (mlirTypeIsAInteger(t))
    return (int)mlirIntegerTypeGetWidth(t);
  if (mlirTypeIsAFloat(t))
    return (int)mlirFloatTypeGetWidth(t);
  return 0;
}

bool wb_is_vec1d(MlirType t, int64_t *len, MlirType *elem) {
  if (mlirTypeIsNull(t) || !mlirTypeIsAVector(t) || mlirVectorTypeIsScalable(t))
    return false;
  if (mlirShapedTypeGetRank(t) != 1)
    return false;
  if (len)
    *len = mlirShapedTypeGetDimSize(t, 0);
  if (elem)
    *elem = mlirShapedTypeGetElementType(t);
  return true;
}

/*--- constants ---------------------------------------------------------*/
static MlirValue const_attr(wb_t *b, MlirAttribute value, MlirType t) {
  MlirNamedAttribute a = wb_named(b->ctx, "value", value);
  return wb_op1(b, "arith.constant", 0, NULL, t, 1, &a);
}

MlirValue wb_const_i32(wb_t *b, int32_t v) {
  MlirType t = wb_i32(b->ctx);
  return const_attr(b, mlirIntegerAttrGet(t, v), t);
}

MlirValue wb_const_index(wb_t *b, int64_t v) {
  MlirType t = wb_index(b->ctx);
  return const_attr(b, mlirIntegerAttrGet(t, v), t);
}

MlirValue wb_const_bool(wb_t *b, bool v) {
  MlirType t = wb_i1(b->ctx);
  return const_attr(b, mlirIntegerAttrGet(t, v ? 1 : 0), t);
}

MlirValue wb_const_float(wb_t *b, MlirType t, double v) {
  return const_attr(b, mlirFloatAttrDoubleGet(b->ctx, t, v), t);
}

static MlirAttribute zero_attr(MlirType elem) {
  if (mlirTypeIsAInteger(elem) || mlirTypeIsAIndex(elem))
    return mlirIntegerAttrGet(elem, 0);
  if (mlirTypeIsAFloat(elem))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(elem), elem, 0.0);
  return (MlirAttribute){NULL};
}

MlirValue wb_const_zero(wb_t *b, MlirType t) {
  if (mlirTypeIsAVector(t)) {
    MlirAttribute z = zero_attr(mlirShapedTypeGetElementType(t));
    if (mlirAttributeIsNull(z))
      return (MlirValue){NULL};
    return const_attr(b, mlirDenseElementsAttrSplatGet(t, z), t);
  }
  MlirAttribute z = zero_attr(t);
  if (mlirAttributeIsNull(z))
    return (MlirValue){NULL};
  return const_attr(b, z, t);
}

MlirValue wb_const_vec_i32(wb_t *b, int64_t n, const int32_t *vals) {
  MlirType t = wb_vec(n, wb_i32(b->ctx));
  return const_attr(b, mlirDenseElementsAttrInt32Get(t, n, vals), t);
}

/*--- arith -------------------------------------------------------------*/
MlirValue wb_arith(wb_t *b, const char *name, MlirValue a, MlirValue c) {
  if (mlirValueIsNull(a) || mlirValueIsNull(c))
    return (MlirValue){NULL};
  MlirValue ops[2] = {a, c};
  return wb_op1(b, name, 2, ops, mlirValueGetType(a), 0, NULL);
}

MlirValue wb_cmpi(wb_t *b, int pred, MlirValue a, MlirValue c) {
  MlirValue ops[2] = {a, c};
  MlirNamedAttribute p = wb_named(
      b->ctx, "predicate",
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), pred));
  return wb_op1(b, "arith.cmpi", 2, ops, wb_i1(b->ctx), 1, &p);
}

MlirValue wb_select(wb_t *b, MlirValue cond, MlirValue t, MlirValue f) {
  if (mlirValueIsNull(t))
    return t;
  MlirValue ops[3] = {cond, t, f};
  return wb_op1(b, "arith.select", 3, ops, mlirValueGetType(t), 0, NULL);
}

MlirValue wb_cast(wb_t *b, const char *name, MlirValue v, MlirType to) {
  return wb_op1(b, name, 1, &v, to, 0, NULL);
}

/*--- vector ------------------------------------------------------------*/
MlirValue wb_extract(wb_t *b, MlirValue vec, int64_t pos) {
  if (mlirValueIsNull(vec))
    return vec;
  MlirNamedAttribute a = wb_named(b->ctx, "static_position",
                                  mlirDenseI64ArrayGet(b->ctx, 1, &pos));
  return wb_op1(b, "vector.extract", 1, &vec,
                mlirShapedTypeGetElementType(mlirValueGetType(vec)), 1, &a);
}

MlirValue wb_extract_dyn(wb_t *b, MlirValue vec, MlirValue idx) {
  if (mlirValueIsNull(vec))
    return vec;
  int64_t dyn = mlirShapedTypeGetDynamicSize();
  MlirNamedAttribute a = wb_named(b->ctx, "static_position",
                                  mlirDenseI64ArrayGet(b->ctx, 1, &dyn));
  MlirValue ops[2] = {vec, idx};
  return wb_op1(b, "vector.extract", 2, ops,
                mlirShapedTypeGetElementType(mlirValueGetType(vec)), 1, &a);
}

MlirValue wb_insert(wb_t *b, MlirValue scalar, MlirValue vec, int64_t pos) {
  if (mlirValueIsNull(vec))
    return vec;
  MlirNamedAttribute a = wb_named(b->ctx, "static_position",
                                  mlirDenseI64ArrayGet(b->ctx, 1, &pos));
  MlirValue ops[2] = {scalar, vec};
  return wb_op1(b, "vector.insert", 2, ops, mlirValueGetType(vec), 1, &a);
}

MlirValue wb_bitcast(wb_t *b, MlirValue v, MlirType to) {
  if (mlirValueIsNull(v))
    return v;
  if (mlirTypeEqual(mlirValueGetType(v), to))
    return v;
  return wb_op1(b, "vector.bitcast", 1, &v, to, 0, NULL);
}

MlirValue wb_from_elements(wb_t *b, intptr_t n, const MlirValue *vals,
                           MlirType vec_type) {
  return wb_op1(b, "vector.from_elements", n, vals, vec_type, 0, NULL);
}

MlirValue wb_shuffle(wb_t *b, MlirValue v1, MlirValue v2, intptr_t n,
                     const int64_t *mask) {
  if (mlirValueIsNull(v1))
    return v1;
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(v1));
  MlirNamedAttribute a =
      wb_named(b->ctx, "mask", mlirDenseI64ArrayGet(b->ctx, n, mask));
  MlirValue ops[2] = {v1, v2};
  return wb_op1(b, "vector.shuffle", 2, ops, wb_vec(n, elem), 1, &a);
}

static MlirAttribute i64_array(MlirContext ctx, int64_t v) {
  MlirAttribute e = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
  return mlirArrayAttrGet(ctx, 1, &e);
}

MlirValue wb_extract_slice(wb_t *b, MlirValue vec, int64_t off, int64_t len) {
  if (mlirValueIsNull(vec))
    return vec;
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(vec));
  MlirNamedAttribute a[3] = {
      wb_named(b->ctx, "offsets", i64_array(b->ctx, off)),
      wb_named(b->ctx, "sizes", i64_array(b->ctx, len)),
      wb_named(b->ctx, "strides", i64_array(b->ctx, 1))};
  return wb_op1(b, "vector.extract_strided_slice", 1, &vec, wb_vec(len, elem),
                3, a);
}

MlirValue wb_insert_slice(wb_t *b, MlirValue part, MlirValue vec,
                          int64_t off) {
  if (mlirValueIsNull(vec))
    return vec;
  MlirNamedAttribute a[2] = {
      wb_named(b->ctx, "offsets", i64_array(b->ctx, off)),
      wb_named(b->ctx, "strides", i64_array(b->ctx, 1))};
  MlirValue ops[2] = {part, vec};
  return wb_op1(b, "vector.insert_strided_slice", 2, ops, mlirValueGetType(vec),
                2, a);
}

MlirValue wb_broadcast(wb_t *b, MlirValue scalar, MlirType vec_type) {
  return wb_op1(b, "vector.broadcast", 1, &scalar, vec_type, 0, NULL);
}

/*--- lane id -----------------------------------------------------------*/
MlirValue wb_lane_i32(wb_t *b) {
  if (mlirValueIsNull(b->lane_i32)) {
    MlirValue ops[2] = {wb_const_i32(b, -1), wb_const_i32(b, 0)};
    b->lane_i32 = wb_op1(b, "rocdl.mbcnt.lo", 2, ops, wb_i32(b->ctx), 0, NULL);
  }
  return b->lane_i32;
}

MlirValue wb_lane_index(wb_t *b) {
  if (mlirValueIsNull(b->lane_idx))
    b->lane_idx =
        wb_cast(b, "arith.index_cast", wb_lane_i32(b), wb_index(b->ctx));
  return b->lane_idx;
}

MlirValue wb_r_index(wb_t *b) {
  if (mlirValueIsNull(b->r_idx))
    b->r_idx =
        wb_arith(b, "arith.remui", wb_lane_index(b), wb_const_index(b, 16));
  return b->r_idx;
}

MlirValue wb_h_index(wb_t *b) {
  if (mlirValueIsNull(b->h_idx))
    b->h_idx =
        wb_arith(b, "arith.divui", wb_lane_index(b), wb_const_index(b, 16));
  return b->h_idx;
}

MlirValue wb_r_i32(wb_t *b) {
  if (mlirValueIsNull(b->r_i32))
    b->r_i32 = wb_arith(b, "arith.andi", wb_lane_i32(b), wb_const_i32(b, 15));
  return b->r_i32;
}

MlirValue wb_h_i32(wb_t *b) {
  if (mlirValueIsNull(b->h_i32))
    b->h_i32 = wb_arith(b, "arith.shrui", wb_lane_i32(b), wb_const_i32(b, 4));
  return b->h_i32;
}

/*--- misc --------------------------------------------------------------*/
void wb_type_str(MlirType t, char *buf, size_t len) {
  if (len && mlirTypeIsNull(t))
    snprintf(buf, len, "<null>");
  else
    wmma_print_type(t, buf, len);
}

/*--- pass plumbing -----------------------------------------------------*/
typedef struct {
  const wb_lowering *lowerings;
  int n;
  void *ctx;
  int errors;
} check_state;

static MlirWalkResult check_cb(MlirOperation op, void *ud) {
  check_state *s = ud;
  for (int i = 0; i < s->n; ++i)
    if (wmma_op_is(op, s->lowerings[i].op_name)) {
      if (s->lowerings[i].check(op, s->ctx, true))
        ++s->errors;
      break;
    }
  return MlirWalkResultAdvance;
}

typedef struct {
  const wb_lowering *lowering;
  void *ctx;
} pattern_data;

static MlirLogicalResult match_and_rewrite(MlirRewritePattern pattern,
                                           MlirOperation op,
                                           MlirPatternRewriter rewriter,
                                           void *ud) {
  pattern_data *d = ud;
  /* Every op of this name was validated by the walk in wb_run_lowerings and
   * the lowerings create none; rewrite() re-derives what it needs and fails
   * before building anything if the op is not as expected. */
  if (!wmma_op_is(op, d->lowering->op_name))
    return mlirLogicalResultFailure();
  wb_t b;
  wb_init(&b, rewriter, op);
  if (d->lowering->rewrite(&b, op, d->ctx))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

typedef struct {
  const wb_lowering *lowerings;
  int n;
  int errors;
} leftover_state;

static MlirWalkResult leftover_cb(MlirOperation op, void *ud) {
  leftover_state *s = ud;
  for (int i = 0; i < s->n; ++i)
    if (wmma_op_is(op, s->lowerings[i].op_name)) {
      wmma_error(op, "failed to lower '%s'", s->lowerings[i].op_name);
      ++s->errors;
      break;
    }
  return MlirWalkResultAdvance;
}

int wb_run_lowerings(MlirOperation root, const wb_lowering *lowerings,
                     int n_lowerings, void *ctx) {
  check_state cs = {lowerings, n_lowerings, ctx, 0};
  mlirOperationWalk(root, check_cb, &cs, MlirWalkPreOrder);
  if (cs.errors)
    return -1;

  MlirContext mctx = mlirOperationGetContext(root);
  pattern_data *data = calloc((size_t)n_lowerings, sizeof *data);
  if (!data) {
    wmma_error(root, "out of memory while lowering");
    return -1;
  }
  MlirRewritePatternSet set = mlirRewritePatternSetCreate(mctx);
  for (int i = 0; i < n_lowerings; ++i) {
    data[i].lowering = &lowerings[i];
    data[i].ctx = ctx;
    MlirRewritePatternCallbacks cb = {NULL, NULL, match_and_rewrite};
    MlirRewritePattern p = mlirOpRewritePatternCreate(
        wmma_sref(lowerings[i].op_name), 1, mctx, cb, &data[i], 0, NULL);
    mlirRewritePatternSetAdd(set, p);
  }
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  mlirRewritePatternSetDestroy(set);
  MlirGreedyRewriteDriverConfig cfg = mlirGreedyRewriteDriverConfigCreate();
  MlirLogicalResult r = mlirApplyPatternsAndFoldGreedilyWithOp(root, frozen, cfg);
  mlirGreedyRewriteDriverConfigDestroy(cfg);
  mlirFrozenRewritePatternSetDestroy(frozen);
  free(data);
  (void)r; /* non-convergence is not an error; leftovers are checked below */

  /* Anything left over means a rewrite bailed out: report it. */
  leftover_state ls = {lowerings, n_lowerings, 0};
  mlirOperationWalk(root, leftover_cb, &ls, MlirWalkPreOrder);
  return ls.errors ? -1 : 0;
}

typedef struct {
  size_t size;
  unsigned char data[];
} user_box;

static void construct_nop(void *ud) { (void)ud; }
static void destruct_user(void *ud) { free(ud); }
static void *clone_user(void *ud) {
  user_box *src = ud;
  user_box *dst = malloc(sizeof(user_box) + src->size);
  if (!dst)
    return NULL;
  dst->size = src->size;
  memcpy(dst->data, src->data, src->size);
  return dst;
}

const void *wb_pass_payload(void *user_data) {
  return user_data ? ((user_box *)user_data)->data : NULL;
}

MlirPass wb_create_pass(const wb_pass_def *def, const void *user_data) {
  /* The user data handed to the callbacks is a box holding a copy of
   * user_data; run() reads it back with wb_pass_payload. */
  user_box *box = malloc(sizeof(user_box) + def->user_size);
  if (!box)
    return (MlirPass){NULL};
  box->size = def->user_size;
  if (def->user_size && user_data)
    memcpy(box->data, user_data, def->user_size);
  MlirDialectHandle deps[] = {
      mlirGetDialectHandle__wmma__(),   mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__vector__(), mlirGetDialectHandle__memref__(),
      mlirGetDialectHandle__llvm__(),   mlirGetDialectHandle__rocdl__()};
  MlirExternalPassCallbacks cb = {construct_nop, destruct_user, NULL,
                                  clone_user, def->run};
  return mlirCreateExternalPass(
      def->type_id, wmma_sref(def->name), wmma_sref(def->argument),
      wmma_sref(def->description), wmma_sref(""),
      (intptr_t)(sizeof deps / sizeof deps[0]), deps, cb, box);
}
