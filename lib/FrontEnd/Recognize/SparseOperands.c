/* Front end, before normalization: values carrying a `sparse_tensor`
 * encoding.  one-shot-bufferize turns `tensor<64x128xf16, #sparse>` into a
 * plain `memref<64x128xf16>` without a word, so the encoding must be dealt
 * with first (docs/sparse-frontend.md):
 *  - a function argument 2:4 along its rows (upstream's NV_24 form, the
 *    one RDNA4's v_swmmac executes) or along its columns, read only as an
 *    input of linalg contractions, is accepted: its encoding is stripped
 *    on the scratch copy (fe_strip_sparse_args) and the problem stage
 *    (Problem/ProblemSparse.c) checks that it is a GEMM operand 2:4 along
 *    K (an A, or a B computed as the transposed product), which the
 *    gemm_sparse template reads compressed;
 *  - every other op touching a sparse value is an obstacle naming the
 *    encoding. */
#include "FrontEnd.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/SparseTensor.h"

#include <stdio.h>
#include <string.h>

/* The encoding of a ranked tensor type if it is a sparse_tensor one. */
static MlirAttribute sparse_encoding(MlirType t) {
  if (!mlirTypeIsARankedTensor(t))
    return (MlirAttribute){NULL};
  MlirAttribute e = mlirRankedTensorTypeGetEncoding(t);
  if (mlirAttributeIsNull(e) || !mlirAttributeIsASparseTensorEncodingAttr(e))
    return (MlirAttribute){NULL};
  return e;
}

/* along = 1: (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 :
 * structured[2, 4]): two nonzeros in every group of four consecutive
 * values of a row; along = 0: (i, j) -> (j : dense, i floordiv 4 : dense,
 * i mod 4 : structured[2, 4]), the same down a column. */
static bool is_two_of_four_along(MlirAttribute e, int along) {
  if (mlirAttributeIsNull(e))
    return false;
  if (mlirSparseTensorEncodingGetLvlRank(e) != 3)
    return false;
  MlirSparseTensorLevelType l2 = mlirSparseTensorEncodingAttrGetLvlType(e, 2);
  if (mlirSparseTensorEncodingAttrGetLvlFmt(e, 0) !=
          MLIR_SPARSE_TENSOR_LEVEL_DENSE ||
      mlirSparseTensorEncodingAttrGetLvlFmt(e, 1) !=
          MLIR_SPARSE_TENSOR_LEVEL_DENSE ||
      mlirSparseTensorEncodingAttrGetLvlFmt(e, 2) !=
          MLIR_SPARSE_TENSOR_LEVEL_N_OUT_OF_M ||
      mlirSparseTensorEncodingAttrGetStructuredN(l2) != 2 ||
      mlirSparseTensorEncodingAttrGetStructuredM(l2) != 4)
    return false;
  MlirAffineMap m = mlirSparseTensorEncodingAttrGetDimToLvl(e);
  if (mlirAffineMapIsNull(m))
    return false;
  MlirContext ctx = mlirAttributeGetContext(e);
  MlirAffineExpr i = mlirAffineDimExprGet(ctx, 0);
  MlirAffineExpr j = mlirAffineDimExprGet(ctx, 1);
  MlirAffineExpr four = mlirAffineConstantExprGet(ctx, 4);
  MlirAffineExpr outer = along ? i : j, inner = along ? j : i;
  MlirAffineExpr want[3] = {outer, mlirAffineFloorDivExprGet(inner, four),
                            mlirAffineModExprGet(inner, four)};
  return mlirAffineMapEqual(m, mlirAffineMapGet(ctx, 2, 0, 3, want));
}

static bool is_two_of_four_rows(MlirAttribute e) {
  return is_two_of_four_along(e, 1);
}

bool fe_is_two_of_four(MlirType t) {
  MlirAttribute e = sparse_encoding(t);
  return is_two_of_four_rows(e) || is_two_of_four_along(e, 0);
}

bool fe_is_two_of_four_cols(MlirType t) {
  return is_two_of_four_along(sparse_encoding(t), 0);
}

/* Is v an argument of func's entry block of a 2:4 type, read only as an
 * input of linalg contractions (a matmul's A 2:4 along its rows or B along
 * its columns -- both along K --, or an input of a linalg.generic: the
 * problem stage checks which operand it is)? */
static bool accepted_sparse_arg(MlirBlock entry, MlirValue v) {
  if (!mlirValueIsABlockArgument(v) ||
      !mlirBlockEqual(mlirBlockArgumentGetOwner(v), entry) ||
      !fe_is_two_of_four(mlirValueGetType(v)))
    return false;
  int uses = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u), ++uses) {
    MlirOperation op = mlirOpOperandGetOwner(u);
    unsigned k = mlirOpOperandGetOperandNumber(u);
    if (wmma_op_is(op, "linalg.matmul") || wmma_op_is(op, "linalg.batch_matmul")) {
      if (k != (fe_is_two_of_four_cols(mlirValueGetType(v)) ? 1u : 0u))
        return false;
    } else if (wmma_op_is(op, "linalg.generic")) {
      /* Inputs come before the inits (one per result on tensors). */
      if ((intptr_t)k >=
          mlirOperationGetNumOperands(op) - mlirOperationGetNumResults(op))
        return false;
    } else {
      return false;
    }
  }
  return uses > 0;
}

/* The operand's name in the ops whose operands have one. */
static const char *operand_role(MlirOperation op, intptr_t k) {
  static const char *const abc[] = {"A", "B", "C"};
  if (mlirOperationIsNull(op))
    return NULL;
  if ((wmma_op_is(op, "linalg.matmul") ||
       wmma_op_is(op, "linalg.batch_matmul")) &&
      k < 3)
    return abc[k];
  return NULL;
}

static void refuse(fe_diag *d, MlirOperation op, const char *what, intptr_t k,
                   MlirAttribute e) {
  char enc[256], name[48];
  wmma_print_attr(e, enc, sizeof enc);
  const char *role = operand_role(op, k);
  if (role)
    snprintf(name, sizeof name, "operand %s", role);
  else
    snprintf(name, sizeof name, "%s %ld", what, (long)k);
  bool is_b = role && !strcmp(role, "B");
  bool is_a = role && !strcmp(role, "A");
  if (is_a && is_two_of_four_along(e, 0))
    fe_diag_refuse(d, op,
                   "%s is 2:4 structured sparse along M, its columns (%s): "
                   "the sparse WMMAs take an operand 2:4 along K only; "
                   "compiling it as dense would ignore the encoding",
                   name, enc);
  else if (is_b && is_two_of_four_rows(e))
    fe_diag_refuse(d, op,
                   "%s is 2:4 structured sparse along N, its rows (%s): the "
                   "sparse WMMAs take an operand 2:4 along K only; "
                   "compiling it as dense would ignore the encoding",
                   name, enc);
  else if (is_two_of_four_rows(e) || is_two_of_four_along(e, 0))
    fe_diag_refuse(d, op,
                   "%s is 2:4 structured sparse (%s): the sparse GEMM "
                   "template takes a 2:4 function argument read only as an "
                   "operand of a contraction, 2:4 along K; compiling it as "
                   "dense would ignore the encoding",
                   name, enc);
  else
    fe_diag_refuse(d, op,
                   "%s carries the sparse encoding %s: the kernels take "
                   "dense operands, or a GEMM operand 2:4 sparse along K: "
                   "(i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : "
                   "structured[2, 4]) for A, (i, j) -> (j : dense, i "
                   "floordiv 4 : dense, i mod 4 : structured[2, 4]) for B",
                   name, enc);
}

typedef struct {
  fe_diag *d;
  int found;
  MlirBlock entry;
} scan_t;

static MlirWalkResult scan_op(MlirOperation op, void *ud) {
  scan_t *s = ud;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
    MlirValue v = mlirOperationGetOperand(op, k);
    if (accepted_sparse_arg(s->entry, v))
      continue;
    MlirAttribute e = sparse_encoding(mlirValueGetType(v));
    if (!mlirAttributeIsNull(e)) {
      refuse(s->d, op, "operand", k, e);
      ++s->found;
      return MlirWalkResultAdvance; /* one obstacle per op */
    }
  }
  for (intptr_t k = 0; k < mlirOperationGetNumResults(op); ++k) {
    MlirAttribute e =
        sparse_encoding(mlirValueGetType(mlirOperationGetResult(op, k)));
    if (!mlirAttributeIsNull(e)) {
      refuse(s->d, op, "result", k, e);
      ++s->found;
      return MlirWalkResultAdvance;
    }
  }
  return MlirWalkResultAdvance;
}

int fe_refuse_sparse_values(MlirOperation func, fe_diag *d) {
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry))
    return 0;
  scan_t s = {d, 0, entry};
  for (MlirOperation op = mlirBlockGetFirstOperation(entry);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    mlirOperationWalk(op, scan_op, &s, MlirWalkPreOrder);
  /* An unused sparse argument: at the function. */
  if (!s.found)
    for (intptr_t k = 0; k < mlirBlockGetNumArguments(entry); ++k) {
      MlirValue v = mlirBlockGetArgument(entry, k);
      MlirAttribute e = sparse_encoding(mlirValueGetType(v));
      if (!mlirAttributeIsNull(e) && !accepted_sparse_arg(entry, v)) {
        refuse(d, (MlirOperation){NULL}, "argument", k, e);
        ++s.found;
        break;
      }
    }
  return s.found;
}

int fe_strip_sparse_args(MlirOperation func) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry))
    return 0;
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(func, "function_type"));
  intptr_t n = mlirFunctionTypeGetNumInputs(ft);
  intptr_t nr = mlirFunctionTypeGetNumResults(ft);
  if (n > FE_MAX_ARGS || nr > FE_MAX_ARGS ||
      n != mlirBlockGetNumArguments(entry))
    return 0;
  MlirType ins[FE_MAX_ARGS], outs[FE_MAX_ARGS];
  int stripped = 0;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue v = mlirBlockGetArgument(entry, i);
    ins[i] = mlirFunctionTypeGetInput(ft, i);
    if (!accepted_sparse_arg(entry, v))
      continue;
    int64_t shape[FE_MAX_RANK];
    intptr_t rank = mlirShapedTypeGetRank(ins[i]);
    for (intptr_t d = 0; d < rank && d < FE_MAX_RANK; ++d)
      shape[d] = mlirShapedTypeGetDimSize(ins[i], d);
    ins[i] = mlirRankedTensorTypeGet(rank, shape,
                                     mlirShapedTypeGetElementType(ins[i]),
                                     mlirAttributeGetNull());
    mlirValueSetType(v, ins[i]);
    ++stripped;
  }
  if (!stripped)
    return 0;
  for (intptr_t i = 0; i < nr; ++i)
    outs[i] = mlirFunctionTypeGetResult(ft, i);
  MlirContext ctx = mlirOperationGetContext(func);
  mlirOperationSetAttributeByName(
      func, wmma_sref("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, ins, nr, outs)));
  return stripped;
}
