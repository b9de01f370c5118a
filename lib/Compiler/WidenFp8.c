/* fp8 -> f32 for the CPU reference (see WidenFp8.h). */
#include "WidenFp8.h"

#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool wmma_is_fp8(MlirType t) {
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAFloat8E4M3FN(t) || mlirTypeIsAFloat8E5M2(t);
}

/* t with its fp8 element (or itself) replaced by f32; t if none. */
static MlirType widened(MlirType t) {
  if (!wmma_is_fp8(t))
    return t;
  MlirType f32 = mlirF32TypeGet(mlirTypeGetContext(t));
  if (!mlirTypeIsAShaped(t))
    return f32;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[16];
  if (rank > 16)
    return t;
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  if (mlirTypeIsAMemRef(t))
    return mlirMemRefTypeGet(f32, rank, shape, mlirMemRefTypeGetLayout(t),
                             mlirMemRefTypeGetMemorySpace(t));
  if (mlirTypeIsARankedTensor(t))
    return mlirRankedTensorTypeGet(rank, shape, f32,
                                   mlirRankedTensorTypeGetEncoding(t));
  if (mlirTypeIsAVector(t))
    return mlirVectorTypeGet(rank, shape, f32);
  return t;
}

typedef struct {
  char *why;
  size_t cap;
  int failed;
  /* extf ops to check after the walk (erasing during it is unsafe). */
  MlirOperation extf[4096];
  int nextf;
} widen_walk;

static void widen_block_args(MlirRegion r) {
  for (MlirBlock b = mlirRegionGetFirstBlock(r); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b))
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
      MlirValue a = mlirBlockGetArgument(b, i);
      mlirBlockArgumentSetType(a, widened(mlirValueGetType(a)));
    }
}

static MlirWalkResult widen_op(MlirOperation op, void *ud) {
  widen_walk *w = ud;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    widen_block_args(mlirOperationGetRegion(op, r));
  /* Every extf is recorded: its operand may be a block argument that the
   * walk widened before reaching it (a linalg.generic body's fp8 argument);
   * after the walk, an extf whose operand is not narrower than its result
   * is one that read fp8. */
  if (wmma_op_is(op, "arith.extf") && mlirOperationGetNumOperands(op) == 1) {
    if (w->nextf == (int)(sizeof w->extf / sizeof w->extf[0])) {
      snprintf(w->why, w->cap, "too many float extensions for the reference");
      w->failed = 1;
      return MlirWalkResultInterrupt;
    }
    w->extf[w->nextf++] = op;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue v = mlirOperationGetResult(op, i);
    if (!wmma_is_fp8(mlirValueGetType(v)))
      continue;
    /* Ops that only move or view fp8 data keep their meaning in f32. */
    if (wmma_op_is(op, "arith.truncf") || wmma_op_is(op, "arith.constant") ||
        wmma_op_is(op, "arith.sitofp") || wmma_op_is(op, "arith.uitofp")) {
      snprintf(w->why, w->cap,
               "the reference cannot compute fp8 values ('%.*s' produces "
               "one); fp8 is supported as input data",
               (int)mlirIdentifierStr(mlirOperationGetName(op)).length,
               mlirIdentifierStr(mlirOperationGetName(op)).data);
      w->failed = 1;
      return MlirWalkResultInterrupt;
    }
    mlirValueSetType(v, widened(mlirValueGetType(v)));
  }
  return MlirWalkResultAdvance;
}

int wmma_widen_fp8(MlirOperation fn, char *why, size_t cap) {
  widen_walk *w = calloc(1, sizeof *w);
  if (!w) {
    snprintf(why, cap, "out of memory");
    return -1;
  }
  w->why = why;
  w->cap = cap;
  mlirOperationWalk(fn, widen_op, w, MlirWalkPreOrder);
  int rc = w->failed ? -1 : 0;
  for (int i = 0; !rc && i < w->nextf; ++i) {
    MlirOperation op = w->extf[i];
    MlirValue in = mlirOperationGetOperand(op, 0);
    MlirValue out = mlirOperationGetResult(op, 0);
    MlirType to = mlirValueGetType(out);
    MlirType from = mlirValueGetType(in);
    if (mlirTypeIsAShaped(from))
      from = mlirShapedTypeGetElementType(from);
    MlirType to_elem = mlirTypeIsAShaped(to) ? mlirShapedTypeGetElementType(to) : to;
    if (!mlirTypeIsAF32(from) || mlirTypeIsAF64(to_elem))
      continue; /* an extf that did not read fp8 (f32 -> f64 is one) */
    if (mlirTypeEqual(mlirValueGetType(in), to)) {
      mlirValueReplaceAllUsesOfWith(out, in);
      mlirOperationDestroy(op);
      continue;
    }
    /* To f16/bf16: a narrowing from the f32 holding an fp8 value (exact). */
    MlirOperationState st = mlirOperationStateGet(
        wmma_sref("arith.truncf"), mlirOperationGetLocation(op));
    mlirOperationStateAddOperands(&st, 1, &in);
    mlirOperationStateAddResults(&st, 1, &to);
    MlirOperation t = mlirOperationCreate(&st);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, t);
    mlirValueReplaceAllUsesOfWith(out, mlirOperationGetResult(t, 0));
    mlirOperationDestroy(op);
  }
  if (!rc) {
    /* The signature follows its (now f32) arguments. */
    MlirType ft = mlirTypeAttrGetValue(wmma_attr(fn, "function_type"));
    MlirType ins[64], outs[16];
    intptr_t ni = mlirFunctionTypeGetNumInputs(ft),
             no = mlirFunctionTypeGetNumResults(ft);
    if (ni > 64 || no > 16) {
      snprintf(why, cap, "too many arguments");
      rc = -1;
    } else {
      for (intptr_t i = 0; i < ni; ++i)
        ins[i] = widened(mlirFunctionTypeGetInput(ft, i));
      for (intptr_t i = 0; i < no; ++i)
        outs[i] = widened(mlirFunctionTypeGetResult(ft, i));
      mlirOperationSetAttributeByName(
          fn, wmma_sref("function_type"),
          mlirTypeAttrGet(mlirFunctionTypeGet(mlirOperationGetContext(fn), ni,
                                              ins, no, outs)));
    }
  }
  free(w);
  return rc;
}
