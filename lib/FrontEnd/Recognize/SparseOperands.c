/* Front end, before normalization: values carrying a `sparse_tensor`
 * encoding.  one-shot-bufferize turns `tensor<64x128xf16, #sparse>` into a
 * plain `memref<64x128xf16>` without a word, so a matmul with a 2:4 A
 * operand would compile as a dense GEMM reading a dense matrix: the
 * encoding would be ignored.  Until the sparse GEMM template exists
 * (docs/sparse-frontend.md), every op touching such a value is an
 * obstacle naming the encoding; 2:4 structured sparsity along the last
 * dimension (upstream's NV_24 form, the one RDNA4's v_swmmac executes) is
 * named as such. */
#include "FrontEnd.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/SparseTensor.h"

#include <stdio.h>

/* The encoding of a ranked tensor type if it is a sparse_tensor one. */
static MlirAttribute sparse_encoding(MlirType t) {
  if (!mlirTypeIsARankedTensor(t))
    return (MlirAttribute){NULL};
  MlirAttribute e = mlirRankedTensorTypeGetEncoding(t);
  if (mlirAttributeIsNull(e) || !mlirAttributeIsASparseTensorEncodingAttr(e))
    return (MlirAttribute){NULL};
  return e;
}

/* (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]):
 * two nonzeros in every group of four consecutive values of a row. */
static bool is_two_of_four_rows(MlirAttribute e) {
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
  MlirAffineExpr want[3] = {i, mlirAffineFloorDivExprGet(j, four),
                            mlirAffineModExprGet(j, four)};
  return mlirAffineMapEqual(m, mlirAffineMapGet(ctx, 2, 0, 3, want));
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
  if (is_two_of_four_rows(e))
    fe_diag_refuse(d, op,
                   "%s is 2:4 structured sparse (%s): the sparse GEMM "
                   "template (RDNA4 v_swmmac) is not built yet, and compiling "
                   "it as dense would ignore the encoding; pass the pruned "
                   "matrix without the encoding",
                   name, enc);
  else
    fe_diag_refuse(d, op,
                   "%s carries the sparse encoding %s: the kernels take "
                   "dense operands (the sparse form planned for RDNA4 is 2:4 "
                   "along the rows of a GEMM's A operand: (i, j) -> (i : "
                   "dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]))",
                   name, enc);
}

typedef struct {
  fe_diag *d;
  int found;
} scan_t;

static MlirWalkResult scan_op(MlirOperation op, void *ud) {
  scan_t *s = ud;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
    MlirAttribute e =
        sparse_encoding(mlirValueGetType(mlirOperationGetOperand(op, k)));
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
  scan_t s = {d, 0};
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry))
    return 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(entry);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    mlirOperationWalk(op, scan_op, &s, MlirWalkPreOrder);
  /* An unused sparse argument: at the function. */
  if (!s.found)
    for (intptr_t k = 0; k < mlirBlockGetNumArguments(entry); ++k) {
      MlirAttribute e =
          sparse_encoding(mlirValueGetType(mlirBlockGetArgument(entry, k)));
      if (!mlirAttributeIsNull(e)) {
        refuse(d, (MlirOperation){NULL}, "argument", k, e);
        ++s.found;
        break;
      }
    }
  return s.found;
}
