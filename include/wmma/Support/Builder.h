/* IR builders on the MLIR C API, shared by the lowering passes (Conversion)
 * and the front end (FrontEnd).  Internal: not part of the installed C API.
 *
 * Ops are created by generic name and inserted through a rewriter, so the
 * same helpers serve greedy pattern rewrites (the driver sees every
 * insertion) and plain construction with an IRRewriter.  Every helper
 * returns a null value/op instead of crashing when an input is null or the
 * op cannot be created; callers that can fail check with mlirValueIsNull
 * (in practice only on invalid input, which passes reject before building). */
#ifndef WMMA_SUPPORT_BUILDER_H
#define WMMA_SUPPORT_BUILDER_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

#include "wmma-c/Dialect.h"
#include "wmma/Layout/Layout.h"
#include "wmma/Support/CAPIUtil.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*--- builder state -------------------------------------------------------*/
typedef struct {
  MlirRewriterBase rw;
  MlirContext ctx;
  MlirLocation loc;
  /* Lazily created lane id values (one set per insertion scope; reset with
   * wb_forget_lane_ids when moving to a block they do not dominate). */
  MlirValue lane_i32, lane_idx, r_idx, h_idx, r_i32, h_i32;
} wb_t;

/* Inserts before op through the pattern rewriter (greedy lowerings)... */
void wb_init(wb_t *b, MlirPatternRewriter rewriter, MlirOperation op);
/* ...or through any rewriter (e.g. an IRRewriter in a walk-based pass). */
void wb_init_rewriter(wb_t *b, MlirRewriterBase rw, MlirOperation op);
/* ...or at the end of a block (construction from scratch). */
void wb_init_at_end(wb_t *b, MlirRewriterBase rw, MlirBlock block,
                    MlirLocation loc);
void wb_set_ip_end(wb_t *b, MlirBlock block);
void wb_set_ip_start(wb_t *b, MlirBlock block);
void wb_set_ip_before(wb_t *b, MlirOperation op);
void wb_set_ip_after(wb_t *b, MlirOperation op);
void wb_forget_lane_ids(wb_t *b);

/* Creates `name` with operands/results/attributes at the insertion point. */
MlirOperation wb_op(wb_t *b, const char *name, intptr_t n_operands,
                    const MlirValue *operands, intptr_t n_results,
                    const MlirType *results, intptr_t n_attrs,
                    const MlirNamedAttribute *attrs);
/* An op whose result types the op infers (InferTypeOpInterface). */
MlirValue wb_op_inferred(wb_t *b, const char *name, intptr_t n_operands,
                         const MlirValue *operands, intptr_t n_attrs,
                         const MlirNamedAttribute *attrs);
/* Same, returning result 0 (null value if the op has no results). */
MlirValue wb_op1(wb_t *b, const char *name, intptr_t n_operands,
                 const MlirValue *operands, MlirType result, intptr_t n_attrs,
                 const MlirNamedAttribute *attrs);
/* An op with `n_regions` empty regions (one block each with the given
 * argument types when block_args is non-NULL), not yet inserted. */
MlirOperation wb_op_regions(wb_t *b, const char *name, intptr_t n_operands,
                            const MlirValue *operands, intptr_t n_results,
                            const MlirType *results, intptr_t n_attrs,
                            const MlirNamedAttribute *attrs,
                            intptr_t n_regions);
MlirNamedAttribute wb_named(MlirContext ctx, const char *name,
                            MlirAttribute attr);
MlirAttribute wb_i64_attr(MlirContext ctx, int64_t v);
MlirAttribute wb_i32_attr(MlirContext ctx, int32_t v);
MlirAttribute wb_str_attr(MlirContext ctx, const char *s);
/* operandSegmentSizes = array<i32: ...>. */
MlirNamedAttribute wb_segments(MlirContext ctx, intptr_t n,
                               const int32_t *sizes);

/*--- types -----------------------------------------------------------------*/
MlirType wb_i1(MlirContext ctx);
MlirType wb_i32(MlirContext ctx);
MlirType wb_index(MlirContext ctx);
MlirType wb_vec(int64_t n, MlirType elem);
/* Bit width of an integer or float type; 0 for anything else. */
int wb_type_bits(MlirType t);
/* 1-D fixed-size vector: fills length and element type. */
bool wb_is_vec1d(MlirType t, int64_t *len, MlirType *elem);
/* The element type of a vector/shaped type, or t itself. */
MlirType wb_elem_type(MlirType t);

/*--- constants -------------------------------------------------------------*/
MlirValue wb_const_i32(wb_t *b, int32_t v);
MlirValue wb_const_index(wb_t *b, int64_t v);
MlirValue wb_const_bool(wb_t *b, bool v);
/* Scalar float constant of type t. */
MlirValue wb_const_float(wb_t *b, MlirType t, double v);
/* Integer constant of scalar integer type t. */
MlirValue wb_const_int(wb_t *b, MlirType t, int64_t v);
/* Zero of an integer/float scalar type or a vector of them. */
MlirValue wb_const_zero(wb_t *b, MlirType t);
/* A splat vector (or scalar) constant of a float or integer element. */
MlirValue wb_const_splat(wb_t *b, MlirType t, double v);
/* Dense vector<N x i32> constant. */
MlirValue wb_const_vec_i32(wb_t *b, int64_t n, const int32_t *vals);
/* Dense vector<N x index> constant. */
MlirValue wb_const_vec_index(wb_t *b, int64_t n, const int64_t *vals);

/*--- arith -----------------------------------------------------------------*/
/* Binary arith op whose result type is the type of `a`. */
MlirValue wb_arith(wb_t *b, const char *name, MlirValue a, MlirValue c);
/* arith.cmpi / arith.cmpf with the predicate number. */
enum {
  WB_CMP_EQ = 0,
  WB_CMP_NE = 1,
  WB_CMP_SLT = 2,
  WB_CMP_SLE = 3,
  WB_CMP_SGT = 4,
  WB_CMP_SGE = 5,
  WB_CMP_ULT = 6,
  WB_CMP_ULE = 7,
  WB_CMP_UGT = 8,
  WB_CMP_UGE = 9
};
MlirValue wb_cmpi(wb_t *b, int pred, MlirValue a, MlirValue c);
MlirValue wb_cmpf(wb_t *b, int pred, MlirValue a, MlirValue c);
MlirValue wb_select(wb_t *b, MlirValue cond, MlirValue t, MlirValue f);
MlirValue wb_cast(wb_t *b, const char *name, MlirValue v, MlirType to);
/* Index arithmetic that folds constants (keeps generated IR small). */
MlirValue wb_addi(wb_t *b, MlirValue x, MlirValue y);
MlirValue wb_muli(wb_t *b, MlirValue x, MlirValue y);
MlirValue wb_add_const(wb_t *b, MlirValue x, int64_t c);
MlirValue wb_mul_const(wb_t *b, MlirValue x, int64_t c);
MlirValue wb_min_index(wb_t *b, MlirValue x, MlirValue y);
MlirValue wb_max_index(wb_t *b, MlirValue x, MlirValue y);
/* ceil(x / c) for index x >= 0, c > 0. */
MlirValue wb_ceil_div_const(wb_t *b, MlirValue x, int64_t c);
/* The constant of an index/integer value, if it is one. */
bool wb_const_value(MlirValue v, int64_t *out);

/*--- vector ----------------------------------------------------------------*/
MlirValue wb_extract(wb_t *b, MlirValue vec, int64_t pos);
MlirValue wb_extract_dyn(wb_t *b, MlirValue vec, MlirValue idx);
MlirValue wb_insert(wb_t *b, MlirValue scalar, MlirValue vec, int64_t pos);
MlirValue wb_bitcast(wb_t *b, MlirValue v, MlirType to);
MlirValue wb_from_elements(wb_t *b, intptr_t n, const MlirValue *vals,
                           MlirType vec_type);
MlirValue wb_shuffle(wb_t *b, MlirValue v1, MlirValue v2, intptr_t n,
                     const int64_t *mask);
MlirValue wb_extract_slice(wb_t *b, MlirValue vec, int64_t off, int64_t len);
MlirValue wb_insert_slice(wb_t *b, MlirValue part, MlirValue vec, int64_t off);
MlirValue wb_broadcast(wb_t *b, MlirValue scalar, MlirType vec_type);

/*--- memory ----------------------------------------------------------------*/
/* memref.dim with a constant index; folds static sizes to constants. */
MlirValue wb_dim(wb_t *b, MlirValue memref, int64_t dim);
MlirValue wb_load(wb_t *b, MlirValue memref, intptr_t n, const MlirValue *idx);
void wb_store(wb_t *b, MlirValue v, MlirValue memref, intptr_t n,
              const MlirValue *idx);
/* Vector access along the last dimension.  Memrefs of sub-byte element
 * types (MLIR addresses those one element per byte but loads vectors of
 * them as packed bits) are accessed as bytes: loaded and truncated, or
 * zero-extended and stored. */
MlirValue wb_vload(wb_t *b, MlirType vec_type, MlirValue memref, intptr_t n,
                   const MlirValue *idx);
void wb_vstore(wb_t *b, MlirValue v, MlirValue memref, intptr_t n,
               const MlirValue *idx);
/* vector<8k x T> of 4-bit values (i4, or bytes holding 0..15) -> the k
 * i32 words a bitcast of the i4 vector would give (element j in bits
 * 4j..4j+3 of word j / 8).  Packed on the bytes: each dword d of bytes
 * becomes d | d >> 4 (elements 0 | 1 << 4 in byte 0, 2 | 3 << 4 in byte
 * 2) and byte permutes (v_perm_b32) gather the even bytes, 9 instructions
 * per word; the AMDGPU backend legalises a bitcast of a sub-byte vector
 * element by element through a stack slot (a private segment the kernel
 * reserves and never uses). */
MlirValue wb_pack_nibbles(wb_t *b, MlirValue v);
/* Is memref_type's element type narrower than a byte, or not a whole
 * number of bytes (i4, i1)? */
bool wb_memref_sub_byte(MlirType memref_type);
/* Is t a memref whose innermost stride is statically 1 (vector accesses
 * along the last dimension are contiguous)? */
bool wb_memref_inner_contiguous(MlirType t);
/* The dimension of memref type t with the largest static stride (0 for
 * identity layouts); -1 if its strides are not static. */
int wb_memref_outermost_dim(MlirType t);
/* An index for the largest-stride dimension (of size `size`) that puts an
 * access to an AMDGPU fat raw buffer past NUM_RECORDS, so that it reads
 * zero / is dropped: past the end by 4 rows, beyond the dword slack a
 * buffer view may add (see lib/FrontEnd/Kernel/KernelModule.c). */
MlirValue wb_fat_buffer_oob(wb_t *b, MlirValue size);
/* Memory space attribute helpers (thin C++ hooks, UpstreamAttrs.cpp). */
MlirAttribute wb_workgroup_space(MlirContext ctx);
MlirAttribute wb_fat_buffer_space(MlirContext ctx);
bool wb_is_fat_buffer(MlirType memref_type);
/* #rocdl.target<chip = chip> (UpstreamAttrs.cpp). */
MlirAttribute wb_rocdl_target(MlirContext ctx, const char *chip);
/* Is iterator_type a linalg iterator type `reduction` (an element of a
 * linalg op's iterator_types; false for anything else)?  UpstreamAttrs.cpp. */
bool wb_iterator_is_reduction(MlirAttribute iterator_type);
/* Does the linalg op have a reduction loop (its iterator_types)? */
bool wb_has_reduction_loop(MlirOperation op);
/* A memref type with t's shape and layout, element type elem, in memory
 * space `space`. */
MlirType wb_memref_like(MlirType t, MlirType elem, MlirAttribute space);

/*--- structured control flow ---------------------------------------------*/
/* scf.for: wb_for_begin creates the loop and moves the insertion point into
 * its body (after which iv / iter hold the block arguments); wb_for_end adds
 * the scf.yield and moves the insertion point after the loop.  The results
 * are mlirOperationGetResult(loop.op, i). */
#define WB_MAX_ITER 64
typedef struct {
  MlirOperation op;
  MlirBlock body;
  MlirValue iv;
  MlirValue iter[WB_MAX_ITER];
  intptr_t n;
} wb_loop;
bool wb_for_begin(wb_t *b, wb_loop *l, MlirValue lb, MlirValue ub,
                  MlirValue step, intptr_t n, const MlirValue *inits);
void wb_for_end(wb_t *b, wb_loop *l, intptr_t n, const MlirValue *yields);
MlirValue wb_loop_result(const wb_loop *l, intptr_t i);

/* scf.if: then first, optionally else; results typed like the yields. */
typedef struct {
  MlirOperation op;
  MlirBlock then_block, else_block;
  intptr_t n;
} wb_if;
bool wb_if_begin(wb_t *b, wb_if *f, MlirValue cond, intptr_t n,
                 const MlirType *types, bool with_else);
/* Ends the then block (yielding n values) and enters the else block. */
void wb_if_else(wb_t *b, wb_if *f, intptr_t n, const MlirValue *yields);
void wb_if_end(wb_t *b, wb_if *f, intptr_t n, const MlirValue *yields);

/*--- gpu ---------------------------------------------------------------------*/
/* gpu.thread_id / gpu.block_id / gpu.grid_dim of dimension 0..2 (x, y, z). */
MlirValue wb_gpu_id(wb_t *b, const char *op, int dim);
/* Workgroup barrier ordering LDS only (amdgpu.lds_barrier: a workgroup-scope
 * fence restricted to the local address space around s_barrier, what HIP's
 * __syncthreads emits; no vector-cache invalidation). */
void wb_lds_barrier(wb_t *b);

/* rocdl.permlanex16 with the selectors that make lane l read lane l ^ 16's
 * i32 w (v_permlanex16). */
MlirValue wb_permlanex16_xor16(wb_t *b, MlirValue w);
/* A call of the LLVM intrinsic `name` (llvm.call_intrinsic, no operand
 * bundles) on args, returning one value of type result: for intrinsics
 * neither ROCDL nor the AMDGPU dialect has an op for. */
MlirValue wb_call_intrinsic(wb_t *b, const char *name, int nargs,
                            const MlirValue *args, MlirType result);
/* v_perm_b32 (llvm.amdgcn.perm): byte i of the result is byte sel_i of the
 * 64-bit {hi, lo} (lo bytes 0..3, hi 4..7; 12 gives 0x00). */
MlirValue wb_perm_b32(wb_t *b, MlirValue hi, MlirValue lo, uint32_t sel);
/* The same for an f32 or i32 value (f32 travels as its bits). */
MlirValue wb_xor16(wb_t *b, MlirValue v);

/*--- lane id (wave32) --------------------------------------------------------*/
/* rocdl.mbcnt.lo(-1, 0) : i32. */
MlirValue wb_lane_i32(wb_t *b);
MlirValue wb_lane_index(wb_t *b);
/* lane % 16 and lane / 16 as index values. */
MlirValue wb_r_index(wb_t *b);
MlirValue wb_h_index(wb_t *b);
/* lane & 15 and lane >> 4 as i32 values. */
MlirValue wb_r_i32(wb_t *b);
MlirValue wb_h_i32(wb_t *b);

/*--- misc ------------------------------------------------------------------*/
/* printf into a buffer of an MLIR type (for diagnostics). */
void wb_type_str(MlirType t, char *buf, size_t len);

/*--- passes ------------------------------------------------------------------*/
/* Creates an external pass with a static TypeID, depending on the given
 * dialects (NULL: wmma, arith, vector, memref, llvm, rocdl). */
typedef struct {
  MlirTypeID type_id;
  const char *name, *argument, *description, *op_name;
  void (*run)(MlirOperation op, MlirExternalPass pass, void *user_data);
  size_t user_size; /* bytes of user data copied on clone (0: none) */
  intptr_t n_deps;
  const MlirDialectHandle *deps;
} wb_pass_def;
MlirPass wb_create_pass(const wb_pass_def *def, const void *user_data);
/* The copy of user_data, from the user_data argument of run(). */
const void *wb_pass_payload(void *user_data);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_SUPPORT_BUILDER_H */
