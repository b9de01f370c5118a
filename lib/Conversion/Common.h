/* Shared helpers of the wmma lowering passes (C11 on the MLIR C API).
 *
 * Ops are built by generic name through a rewriter (so the greedy driver
 * sees every insertion).  Every helper returns a null value on failure
 * instead of crashing; callers check with mlirValueIsNull where a failure is
 * possible (in practice only on invalid input, which the passes reject in a
 * validation walk before rewriting). */
#ifndef WMMA_CONVERSION_COMMON_H
#define WMMA_CONVERSION_COMMON_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"
#include "wmma/Layout/Layout.h"
#include "wmma/Support/CAPIUtil.h"

#include <stdbool.h>
#include <stdint.h>

/*--- builder state -------------------------------------------------------*/
typedef struct {
  MlirRewriterBase rw;
  MlirContext ctx;
  MlirLocation loc;
  /* Lazily created lane id values (one set per rewritten op). */
  MlirValue lane_i32, lane_idx, r_idx, h_idx, r_i32, h_i32;
} wb_t;

/* Inserts before op through the pattern rewriter (greedy lowerings)... */
void wb_init(wb_t *b, MlirPatternRewriter rewriter, MlirOperation op);
/* ...or through any rewriter (e.g. an IRRewriter in a walk-based pass). */
void wb_init_rewriter(wb_t *b, MlirRewriterBase rw, MlirOperation op);

/* Creates `name` with operands/results/attributes at the insertion point. */
MlirOperation wb_op(wb_t *b, const char *name, intptr_t n_operands,
                    const MlirValue *operands, intptr_t n_results,
                    const MlirType *results, intptr_t n_attrs,
                    const MlirNamedAttribute *attrs);
/* Same, returning result 0 (null value if the op has no results). */
MlirValue wb_op1(wb_t *b, const char *name, intptr_t n_operands,
                 const MlirValue *operands, MlirType result, intptr_t n_attrs,
                 const MlirNamedAttribute *attrs);
MlirNamedAttribute wb_named(MlirContext ctx, const char *name,
                            MlirAttribute attr);

/*--- types -----------------------------------------------------------------*/
MlirType wb_i1(MlirContext ctx);
MlirType wb_i32(MlirContext ctx);
MlirType wb_index(MlirContext ctx);
MlirType wb_vec(int64_t n, MlirType elem);
/* Bit width of an integer or float type; 0 for anything else. */
int wb_type_bits(MlirType t);
/* 1-D fixed-size vector: fills length and element type. */
bool wb_is_vec1d(MlirType t, int64_t *len, MlirType *elem);

/*--- constants -------------------------------------------------------------*/
MlirValue wb_const_i32(wb_t *b, int32_t v);
MlirValue wb_const_index(wb_t *b, int64_t v);
MlirValue wb_const_bool(wb_t *b, bool v);
/* Scalar float constant of type t. */
MlirValue wb_const_float(wb_t *b, MlirType t, double v);
/* Zero of an integer/float scalar type or a vector of them. */
MlirValue wb_const_zero(wb_t *b, MlirType t);
/* Dense vector<N x i32> constant. */
MlirValue wb_const_vec_i32(wb_t *b, int64_t n, const int32_t *vals);

/*--- arith -----------------------------------------------------------------*/
/* Binary arith op whose result type is the type of `a`. */
MlirValue wb_arith(wb_t *b, const char *name, MlirValue a, MlirValue c);
/* arith.cmpi with the predicate number (eq 0, ne 1, ult 6, uge 9, ...). */
enum { WB_CMP_EQ = 0, WB_CMP_NE = 1, WB_CMP_ULT = 6, WB_CMP_UGE = 9 };
MlirValue wb_cmpi(wb_t *b, int pred, MlirValue a, MlirValue c);
MlirValue wb_select(wb_t *b, MlirValue cond, MlirValue t, MlirValue f);
MlirValue wb_cast(wb_t *b, const char *name, MlirValue v, MlirType to);

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

/*--- misc (op names, attributes, errors: wmma/Support/CAPIUtil.h) ---------*/
/* printf into a buffer of an MLIR type (for diagnostics). */
void wb_type_str(MlirType t, char *buf, size_t len);

/*--- pass plumbing ---------------------------------------------------------*/
/* Validates op (emit = true: report at op's location); 0 if fine. */
typedef int (*wb_check_fn)(MlirOperation op, void *ctx, bool emit);
/* Rewrites op (already validated by check; not re-checked); 0 on success.
 * Must fail before inserting anything. */
typedef int (*wb_rewrite_fn)(wb_t *b, MlirOperation op, void *ctx);

typedef struct {
  const char *op_name;
  wb_check_fn check;
  wb_rewrite_fn rewrite;
} wb_lowering;

/* Validates every nested op named in `lowerings` (emitting diagnostics),
 * then rewrites them with the greedy driver.  Returns 0 on success; on
 * failure the caller signals pass failure. */
int wb_run_lowerings(MlirOperation root, const wb_lowering *lowerings,
                     int n_lowerings, void *ctx);

/* Creates an external pass with a static TypeID, depending on the dialects
 * every lowering may create (wmma, arith, vector, memref, llvm, rocdl). */
typedef struct {
  MlirTypeID type_id;
  const char *name, *argument, *description;
  void (*run)(MlirOperation op, MlirExternalPass pass, void *user_data);
  size_t user_size; /* bytes of user data copied on clone (0: none) */
} wb_pass_def;
MlirPass wb_create_pass(const wb_pass_def *def, const void *user_data);
/* The copy of user_data, from the user_data argument of run(). */
const void *wb_pass_payload(void *user_data);

#endif /* WMMA_CONVERSION_COMMON_H */
