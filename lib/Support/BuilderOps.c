/* IR builders, part 2: vector, memory, structured control flow, gpu ids
 * and lane ids. */
#include "wmma/Support/Builder.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

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
    MlirValue ops[2];
    ops[0] = wb_const_i32(b, -1);
    ops[1] = wb_const_i32(b, 0);
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
  if (mlirValueIsNull(b->r_idx)) {
    MlirValue lane = wb_lane_index(b);
    b->r_idx = wb_arith(b, "arith.remui", lane, wb_const_index(b, 16));
  }
  return b->r_idx;
}

MlirValue wb_h_index(wb_t *b) {
  if (mlirValueIsNull(b->h_idx)) {
    MlirValue lane = wb_lane_index(b);
    b->h_idx = wb_arith(b, "arith.divui", lane, wb_const_index(b, 16));
  }
  return b->h_idx;
}

MlirValue wb_r_i32(wb_t *b) {
  if (mlirValueIsNull(b->r_i32)) {
    MlirValue lane = wb_lane_i32(b);
    b->r_i32 = wb_arith(b, "arith.andi", lane, wb_const_i32(b, 15));
  }
  return b->r_i32;
}

MlirValue wb_h_i32(wb_t *b) {
  if (mlirValueIsNull(b->h_i32)) {
    MlirValue lane = wb_lane_i32(b);
    b->h_i32 = wb_arith(b, "arith.shrui", lane, wb_const_i32(b, 4));
  }
  return b->h_i32;
}

/*--- memory --------------------------------------------------------------*/
MlirValue wb_dim(wb_t *b, MlirValue memref, int64_t dim) {
  if (mlirValueIsNull(memref))
    return memref;
  MlirType t = mlirValueGetType(memref);
  if (!mlirTypeIsAShaped(t) || dim < 0 || dim >= mlirShapedTypeGetRank(t))
    return (MlirValue){NULL};
  int64_t s = mlirShapedTypeGetDimSize(t, dim);
  if (!mlirShapedTypeIsDynamicSize(s))
    return wb_const_index(b, s);
  MlirValue ops[2] = {memref, wb_const_index(b, dim)};
  const char *name = mlirTypeIsAMemRef(t) ? "memref.dim" : "tensor.dim";
  return wb_op1(b, name, 2, ops, wb_index(b->ctx), 0, NULL);
}

#define WB_MAX_INDICES 16

static bool gather(MlirValue *ops, MlirValue first, intptr_t n,
                   const MlirValue *idx, intptr_t skip) {
  if (n + skip + 1 > WB_MAX_INDICES + 2)
    return false;
  ops[skip] = first;
  for (intptr_t i = 0; i < n; ++i)
    ops[skip + 1 + i] = idx[i];
  return true;
}

MlirValue wb_load(wb_t *b, MlirValue memref, intptr_t n, const MlirValue *idx) {
  MlirValue ops[WB_MAX_INDICES + 2];
  if (mlirValueIsNull(memref) || !gather(ops, memref, n, idx, 0))
    return (MlirValue){NULL};
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(memref));
  return wb_op1(b, "memref.load", n + 1, ops, elem, 0, NULL);
}

void wb_store(wb_t *b, MlirValue v, MlirValue memref, intptr_t n,
              const MlirValue *idx) {
  MlirValue ops[WB_MAX_INDICES + 2];
  if (!gather(ops, memref, n, idx, 1))
    return;
  ops[0] = v;
  wb_op(b, "memref.store", n + 2, ops, 0, NULL, 0, NULL);
}

/* MLIR's LLVM lowering addresses a memref of a sub-byte element type (i4,
 * i2, i1) one element per byte (a GEP over i4 advances by its 1-byte alloc
 * size; stores write the value zero-extended, loads assume so), but
 * lowers a vector.load of vector<N x i4> to a load of N packed nibbles.
 * Vector accesses to such memrefs therefore go through the same memref
 * seen as bytes: N bytes loaded and truncated, or zero-extended and
 * stored -- what N element accesses would do, in one instruction. */
bool wb_memref_sub_byte(MlirType memref_type) {
  if (mlirTypeIsNull(memref_type) || !mlirTypeIsAShaped(memref_type))
    return false;
  int bits = wb_type_bits(mlirShapedTypeGetElementType(memref_type));
  return bits > 0 && bits % 8;
}

/* The memref of i8 with memref's shape, layout and memory space.  Both
 * lower to the same descriptor (opaque pointers; strides and offsets
 * count elements, each a byte), so the cast folds away once memrefs
 * become descriptors (reconcile-unrealized-casts). */
static MlirValue byte_view(wb_t *b, MlirValue memref) {
  MlirType t = mlirValueGetType(memref);
  MlirType bytes = wb_memref_like(t, mlirIntegerTypeGet(mlirTypeGetContext(t), 8),
                                  mlirMemRefTypeGetMemorySpace(t));
  if (mlirTypeIsNull(bytes))
    return (MlirValue){NULL};
  return wb_op1(b, "builtin.unrealized_conversion_cast", 1, &memref, bytes, 0,
                NULL);
}

static MlirType byte_vec(MlirType vec_type) {
  int64_t len = 0;
  if (!wb_is_vec1d(vec_type, &len, NULL))
    return (MlirType){NULL};
  return wb_vec(len, mlirIntegerTypeGet(mlirTypeGetContext(vec_type), 8));
}

MlirValue wb_vload(wb_t *b, MlirType vec_type, MlirValue memref, intptr_t n,
                   const MlirValue *idx) {
  MlirValue ops[WB_MAX_INDICES + 2];
  if (!gather(ops, memref, n, idx, 0))
    return (MlirValue){NULL};
  if (wb_memref_sub_byte(mlirValueGetType(memref))) {
    MlirType bv = byte_vec(vec_type);
    ops[0] = byte_view(b, memref);
    if (mlirTypeIsNull(bv) || mlirValueIsNull(ops[0]))
      return (MlirValue){NULL};
    MlirValue v = wb_op1(b, "vector.load", n + 1, ops, bv, 0, NULL);
    return wb_cast(b, "arith.trunci", v, vec_type);
  }
  return wb_op1(b, "vector.load", n + 1, ops, vec_type, 0, NULL);
}

void wb_vstore(wb_t *b, MlirValue v, MlirValue memref, intptr_t n,
               const MlirValue *idx) {
  MlirValue ops[WB_MAX_INDICES + 2];
  if (!gather(ops, memref, n, idx, 1))
    return;
  ops[0] = v;
  if (wb_memref_sub_byte(mlirValueGetType(memref))) {
    MlirType bv = byte_vec(mlirValueGetType(v));
    ops[1] = byte_view(b, memref);
    if (mlirTypeIsNull(bv) || mlirValueIsNull(ops[1]))
      return;
    ops[0] = wb_cast(b, "arith.extui", v, bv);
  }
  wb_op(b, "vector.store", n + 2, ops, 0, NULL, 0, NULL);
}

MlirValue wb_pack_nibbles(wb_t *b, MlirValue v) {
  int64_t n = 0;
  MlirType et;
  if (!wb_is_vec1d(mlirValueGetType(v), &n, &et) || n % 8 || n > 64)
    return (MlirValue){NULL};
  MlirContext ctx = mlirTypeGetContext(et);
  MlirType i8 = mlirIntegerTypeGet(ctx, 8), i32 = wb_i32(ctx);
  MlirValue bytes = wb_type_bits(et) < 8
                        ? wb_cast(b, "arith.extui", v, wb_vec(n, i8))
                        : v;
  MlirValue d = wb_bitcast(b, bytes, wb_vec(n / 4, i32));
  MlirValue four = wb_broadcast(b, wb_const_i32(b, 4), wb_vec(n / 4, i32));
  MlirValue t = wb_arith(b, "arith.ori", d, wb_arith(b, "arith.shrui", d, four));
  /* word = even bytes of t0 | (even bytes of t1) << 16; each half
   * (t & 0xff) | (t >> 8 & 0xff00) is one v_perm_b32. */
  MlirValue words[8];
  int64_t nw = n / 8;
  for (int64_t k = 0; k < nw; ++k) {
    MlirValue half[2];
    for (int i = 0; i < 2; ++i) {
      MlirValue x = wb_extract(b, t, 2 * k + i);
      MlirValue lo = wb_arith(b, "arith.andi", x, wb_const_i32(b, 0xFF));
      MlirValue sh = wb_arith(b, "arith.shrui", x, wb_const_i32(b, 8));
      MlirValue hi = wb_arith(b, "arith.andi", sh, wb_const_i32(b, 0xFF00));
      half[i] = wb_arith(b, "arith.ori", lo, hi);
    }
    MlirValue up = wb_arith(b, "arith.shli", half[1], wb_const_i32(b, 16));
    words[k] = wb_arith(b, "arith.ori", half[0], up);
  }
  return wb_from_elements(b, nw, words, wb_vec(nw, i32));
}

bool wb_memref_inner_contiguous(MlirType t) {
  if (mlirTypeIsNull(t) || !mlirTypeIsAMemRef(t))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(t);
  if (rank < 1 || rank > WB_MAX_INDICES)
    return false;
  MlirAffineMap map = mlirMemRefTypeGetAffineMap(t);
  if (!mlirAffineMapIsNull(map) && mlirAffineMapIsIdentity(map))
    return true;
  int64_t strides[WB_MAX_INDICES], offset;
  if (mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return false;
  return strides[rank - 1] == 1;
}

int wb_memref_outermost_dim(MlirType t) {
  int rank = (int)mlirShapedTypeGetRank(t);
  MlirAffineMap map = mlirMemRefTypeGetAffineMap(t);
  if (!mlirAffineMapIsNull(map) && mlirAffineMapIsIdentity(map))
    return 0;
  int64_t strides[WB_MAX_INDICES], offset;
  if (rank < 1 || rank > WB_MAX_INDICES ||
      mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return -1;
  int best = -1;
  for (int d = 0; d < rank; ++d) {
    if (mlirShapedTypeIsDynamicStrideOrOffset(strides[d]))
      return -1;
    if (best < 0 || strides[d] > strides[best])
      best = d;
  }
  return best;
}

MlirValue wb_fat_buffer_oob(wb_t *b, MlirValue size) {
  return wb_add_const(b, size, 4);
}

MlirType wb_memref_like(MlirType t, MlirType elem, MlirAttribute space) {
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[WB_MAX_INDICES];
  if (rank > WB_MAX_INDICES)
    return (MlirType){NULL};
  for (intptr_t i = 0; i < rank; ++i)
    shape[i] = mlirShapedTypeGetDimSize(t, i);
  return mlirMemRefTypeGet(elem, rank, shape, mlirMemRefTypeGetLayout(t),
                           space);
}

/*--- structured control flow ---------------------------------------------*/
static MlirBlock body_block(MlirOperation op, intptr_t region, intptr_t n,
                            const MlirType *types, MlirLocation loc) {
  MlirLocation locs[WB_MAX_ITER + 1] = {loc};
  for (intptr_t i = 0; i < n && i <= WB_MAX_ITER; ++i)
    locs[i] = loc;
  MlirBlock blk = mlirBlockCreate(n, types, locs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, region), blk);
  return blk;
}

bool wb_for_begin(wb_t *b, wb_loop *l, MlirValue lb, MlirValue ub,
                  MlirValue step, intptr_t n, const MlirValue *inits) {
  memset(l, 0, sizeof *l);
  if (n > WB_MAX_ITER)
    return false;
  MlirValue ops[WB_MAX_ITER + 3] = {lb, ub, step};
  MlirType types[WB_MAX_ITER + 1];
  if (mlirValueIsNull(lb))
    return false;
  types[0] = mlirValueGetType(lb); /* index, or an integer type */
  for (intptr_t i = 0; i < n; ++i) {
    ops[3 + i] = inits[i];
    if (mlirValueIsNull(inits[i]))
      return false;
    types[1 + i] = mlirValueGetType(inits[i]);
  }
  l->op = wb_op_regions(b, "scf.for", n + 3, ops, n, types + 1, 0, NULL, 1);
  if (mlirOperationIsNull(l->op))
    return false;
  mlirRewriterBaseInsert(b->rw, l->op);
  l->body = body_block(l->op, 0, n + 1, types, b->loc);
  l->iv = mlirBlockGetArgument(l->body, 0);
  for (intptr_t i = 0; i < n; ++i)
    l->iter[i] = mlirBlockGetArgument(l->body, i + 1);
  l->n = n;
  mlirRewriterBaseSetInsertionPointToEnd(b->rw, l->body);
  return true;
}

void wb_for_end(wb_t *b, wb_loop *l, intptr_t n, const MlirValue *yields) {
  if (mlirOperationIsNull(l->op))
    return;
  wb_op(b, "scf.yield", n, yields, 0, NULL, 0, NULL);
  mlirRewriterBaseSetInsertionPointAfter(b->rw, l->op);
}

MlirValue wb_loop_result(const wb_loop *l, intptr_t i) {
  if (mlirOperationIsNull(l->op) || i >= l->n)
    return (MlirValue){NULL};
  return mlirOperationGetResult(l->op, i);
}

bool wb_if_begin(wb_t *b, wb_if *f, MlirValue cond, intptr_t n,
                 const MlirType *types, bool with_else) {
  memset(f, 0, sizeof *f);
  if (mlirValueIsNull(cond))
    return false;
  f->op = wb_op_regions(b, "scf.if", 1, &cond, n, types, 0, NULL, 2);
  if (mlirOperationIsNull(f->op))
    return false;
  mlirRewriterBaseInsert(b->rw, f->op);
  f->then_block = body_block(f->op, 0, 0, NULL, b->loc);
  if (with_else)
    f->else_block = body_block(f->op, 1, 0, NULL, b->loc);
  f->n = n;
  mlirRewriterBaseSetInsertionPointToEnd(b->rw, f->then_block);
  return true;
}

void wb_if_else(wb_t *b, wb_if *f, intptr_t n, const MlirValue *yields) {
  if (mlirOperationIsNull(f->op) || mlirBlockIsNull(f->else_block))
    return;
  wb_op(b, "scf.yield", n, yields, 0, NULL, 0, NULL);
  mlirRewriterBaseSetInsertionPointToEnd(b->rw, f->else_block);
}

void wb_if_end(wb_t *b, wb_if *f, intptr_t n, const MlirValue *yields) {
  if (mlirOperationIsNull(f->op))
    return;
  wb_op(b, "scf.yield", n, yields, 0, NULL, 0, NULL);
  mlirRewriterBaseSetInsertionPointAfter(b->rw, f->op);
}

/*--- gpu -------------------------------------------------------------------*/
MlirAttribute wb_gpu_dim_attr(MlirContext ctx, int dim);

MlirValue wb_gpu_id(wb_t *b, const char *op, int dim) {
  MlirNamedAttribute a =
      wb_named(b->ctx, "dimension", wb_gpu_dim_attr(b->ctx, dim));
  return wb_op1(b, op, 0, NULL, wb_index(b->ctx), 1, &a);
}

MlirValue wb_permlanex16_xor16(wb_t *b, MlirValue w) {
  MlirValue ops[4] = {w, w};
  ops[2] = wb_const_i32(b, 0x76543210);
  ops[3] = wb_const_i32(b, (int32_t)0xfedcba98u);
  MlirNamedAttribute at[2] = {
      wb_named(b->ctx, "fi", mlirBoolAttrGet(b->ctx, 0)),
      wb_named(b->ctx, "boundControl", mlirBoolAttrGet(b->ctx, 0))};
  return wb_op1(b, "rocdl.permlanex16", 4, ops, wb_i32(b->ctx), 2, at);
}

MlirValue wb_call_intrinsic(wb_t *b, const char *name, int nargs,
                            const MlirValue *args, MlirType result) {
  int32_t segments[2] = {nargs, 0};
  MlirNamedAttribute attrs[3] = {
      wb_named(b->ctx, "intrin", wb_str_attr(b->ctx, name)),
      wb_named(b->ctx, "op_bundle_sizes",
               mlirDenseI32ArrayGet(b->ctx, 0, NULL)),
      wb_named(b->ctx, "operandSegmentSizes",
               mlirDenseI32ArrayGet(b->ctx, 2, segments))};
  return wb_op1(b, "llvm.call_intrinsic", nargs, args, result, 3, attrs);
}

MlirValue wb_perm_b32(wb_t *b, MlirValue hi, MlirValue lo, uint32_t sel) {
  MlirValue args[3] = {hi, lo};
  args[2] = wb_const_i32(b, (int32_t)sel);
  return wb_call_intrinsic(b, "llvm.amdgcn.perm", 3, args, wb_i32(b->ctx));
}

void wb_lds_barrier(wb_t *b) {
  wb_op(b, "amdgpu.lds_barrier", 0, NULL, 0, NULL, 0, NULL);
}

MlirValue wb_xor16(wb_t *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  MlirType i32 = wb_i32(b->ctx);
  bool is_f32 = mlirTypeIsAF32(t);
  if (!is_f32 && !mlirTypeEqual(t, i32))
    return (MlirValue){NULL};
  MlirValue w = is_f32 ? wb_cast(b, "arith.bitcast", v, i32) : v;
  MlirValue r = wb_permlanex16_xor16(b, w);
  return is_f32 ? wb_cast(b, "arith.bitcast", r, t) : r;
}

/*--- misc --------------------------------------------------------------*/
void wb_type_str(MlirType t, char *buf, size_t len) {
  if (len && mlirTypeIsNull(t))
    snprintf(buf, len, "<null>");
  else
    wmma_print_type(t, buf, len);
}

