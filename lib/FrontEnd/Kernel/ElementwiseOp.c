/* One elementwise node of the graph replayed on values of any shape (a
 * fragment, a run of elements, a scalar): every kernel builder's evaluator
 * (epilogues, plain elementwise kernels, reductions, VALU points) ends
 * here, so the op is built the one way the program wrote it. */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static bool is_16bit_float(MlirType t) {
  return mlirTypeIsAF16(t) || mlirTypeIsABF16(t);
}

/* t's shape with element type e (t a vector or a scalar). */
static MlirType with_elem(MlirType t, MlirType e) {
  if (!mlirTypeIsAVector(t))
    return e;
  intptr_t r = mlirShapedTypeGetRank(t);
  int64_t shape[8];
  for (intptr_t i = 0; i < r && i < 8; ++i)
    shape[i] = mlirShapedTypeGetDimSize(t, i);
  return mlirVectorTypeGet(r, shape, e);
}

MlirValue kb_elementwise_op(fe_kb *kb, const fe_node *x, MlirValue *ops,
                            MlirType result) {
  /* Its predicate and the attributes recognition kept (fastmath, overflow
   * flags, ...: ElementwiseOps.def). */
  MlirNamedAttribute a[8];
  int na = 0;
  if (x->pred >= 0)
    a[na++] = wb_named(kb->ctx, "predicate",
                       mlirIntegerAttrGet(mlirIntegerTypeGet(kb->ctx, 64),
                                          x->pred));
  intptr_t nk = mlirAttributeIsNull(x->attrs)
                    ? 0
                    : mlirDictionaryAttrGetNumElements(x->attrs);
  for (intptr_t i = 0; i < nk && na < (int)(sizeof a / sizeof a[0]); ++i)
    a[na++] = mlirDictionaryAttrGetElement(x->attrs, i);
  /* 16-bit float math functions (exp, log, rsqrt of f16/bf16) would be
   * calls into the ROCm device library, which the flow does not link:
   * computed in f32 and rounded once (as upstream's
   * math-extend-to-supported-types does, and the CPU reference too). */
  if (!strncmp(x->name, "math.", 5) && is_16bit_float(x->type)) {
    MlirType f32 = with_elem(result, mlirF32TypeGet(kb->ctx));
    for (int i = 0; i < x->nops; ++i)
      if (is_16bit_float(wb_elem_type(mlirValueGetType(ops[i]))))
        ops[i] = wb_cast(&kb->b, "arith.extf", ops[i],
                         with_elem(mlirValueGetType(ops[i]),
                                   mlirF32TypeGet(kb->ctx)));
    MlirValue r = wb_op1(&kb->b, x->name, x->nops, ops, f32, na, a);
    return wb_cast(&kb->b, "arith.truncf", r, result);
  }
  /* fp8/bf8 widened in the linalg (fp8 weights times a scale): upstream
   * lowers no arith.extf from them to LLVM, so by the exact bit conversion
   * to f16 (Prologue.c), then to the result's type. */
  MlirType from = x->nops == 1 ? wb_elem_type(mlirValueGetType(ops[0]))
                               : (MlirType){NULL};
  if (!strcmp(x->name, "arith.extf") && !mlirTypeIsNull(from) &&
      (mlirTypeIsAFloat8E4M3FN(from) || mlirTypeIsAFloat8E5M2(from))) {
    MlirValue v = ops[0];
    bool scalar = !mlirTypeIsAVector(mlirValueGetType(v));
    if (scalar)
      v = wb_broadcast(&kb->b, v, wb_vec(1, from));
    v = kb_fp8_to_f16(kb, v);
    if (scalar)
      v = wb_extract(&kb->b, v, 0);
    if (mlirTypeIsAF16(wb_elem_type(result)))
      return v;
    return wb_cast(&kb->b, "arith.extf", v, result);
  }
  return wb_op1(&kb->b, x->name, x->nops, ops, result, na, a);
}
