/* CPU reference for wmma-run: the original linalg function, lowered by
 * MLIR's own CPU path (linalg -> loops -> LLVM) and JIT-compiled with the
 * ExecutionEngine.  Shares nothing with the kernel path but the parser, so a
 * front-end or lowering bug cannot hide in both.  Also derives the
 * element-wise error bound from the data types and contraction lengths. */
#include "wmma-c/Runner.h"

#include "Session.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Soft-float conversions the JIT'ed code may call.  x86-64 passes and
 * returns _Float16/__bf16 in the low bits of xmm0, like a float; these
 * wrappers use float bit patterns so they need no compiler support for
 * those types.  The conversions themselves are the emulator's exact ones. */
static float bits_as_float(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}
static uint16_t low16(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return (uint16_t)(b & 0xffffu);
}
static float ref_truncsfhf2(float x) { return bits_as_float(wmma_emu_f32_to_f16(x)); }
static float ref_extendhfsf2(float x) { return wmma_emu_f16_to_f32(low16(x)); }
static float ref_truncsfbf2(float x) { return bits_as_float(wmma_emu_f32_to_bf16(x)); }
static float ref_extendbfsf2(float x) { return wmma_emu_bf16_to_f32(low16(x)); }

/*===-------------------------------------------------------------------===*
 * Error bound
 *===-------------------------------------------------------------------===*/
typedef struct {
  double gamma;
  int contractions;
} bound_walk;

static double unit_roundoff(MlirType t) {
  if (mlirTypeIsAF16(t))
    return ldexp(1.0, -11);
  if (mlirTypeIsABF16(t))
    return ldexp(1.0, -8);
  if (mlirTypeIsAF32(t))
    return ldexp(1.0, -24);
  return 0.0;
}

static MlirType elem_of(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
}

/* Each contraction of length K accumulated in f32 may differ between two
 * summation orders by up to 2*K*u32 relative to sum |a*b| (the magnitude
 * run's value); each rounding to a narrower type (an intermediate
 * truncation, a narrow output) by one ulp = 2u of that type. */
static MlirWalkResult bound_op(MlirOperation op, void *ud) {
  bound_walk *b = ud;
  if (wmma_op_is(op, "linalg.matmul") || wmma_op_is(op, "linalg.batch_matmul")) {
    MlirValue a = mlirOperationGetOperand(op, 0);
    MlirType at = mlirValueGetType(a);
    int64_t k = 1;
    if (mlirTypeIsAShaped(at) && mlirShapedTypeGetRank(at) >= 2) {
      /* K is the last dim of A unless A is given transposed (K x M): both
       * contracted dims are equal to B's first non-batch dim. */
      MlirType bt = mlirValueGetType(mlirOperationGetOperand(op, 1));
      intptr_t rb = mlirShapedTypeGetRank(bt);
      int64_t ka = mlirShapedTypeGetDimSize(at, mlirShapedTypeGetRank(at) - 1);
      int64_t kb = mlirShapedTypeGetDimSize(bt, rb - 2);
      int64_t kb2 = mlirShapedTypeGetDimSize(bt, rb - 1);
      k = ka > kb ? ka : kb;
      if (kb2 > k)
        k = kb2; /* conservative when an operand is transposed */
    }
    MlirType out = elem_of(mlirOperationGetOperand(op, mlirOperationGetNumOperands(op) - 1));
    double u = mlirTypeIsAF32(out) ? ldexp(1.0, -24) : unit_roundoff(out);
    b->gamma += 2.0 * (double)k * (u > 0 ? u : ldexp(1.0, -24));
    b->contractions++;
    if (!mlirTypeIsAF32(out))
      b->gamma += 2.0 * unit_roundoff(out);
  } else if (wmma_op_is(op, "arith.truncf")) {
    b->gamma += 2.0 * unit_roundoff(mlirValueGetType(mlirOperationGetResult(op, 0)));
  } else if (wmma_op_is(op, "arith.mulf") || wmma_op_is(op, "arith.addf")) {
    /* f32 epilogue arithmetic: one rounding each. */
    b->gamma += 2.0 * unit_roundoff(mlirValueGetType(mlirOperationGetResult(op, 0)));
  }
  return MlirWalkResultAdvance;
}

/*===-------------------------------------------------------------------===*
 * JIT
 *===-------------------------------------------------------------------===*/
static MlirOperation find_func(MlirOperation module, const char *name) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation found = {NULL};
  int count = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!wmma_op_is(op, "func.func"))
      continue;
    MlirStringRef n = mlirStringAttrGetValue(wmma_attr(op, "sym_name"));
    if (name && (n.length != strlen(name) || memcmp(n.data, name, n.length)))
      continue;
    found = op;
    ++count;
  }
  return count == 1 ? found : (MlirOperation){NULL};
}

static const char *kCpuPipeline =
    "func.func(convert-linalg-to-loops),convert-scf-to-cf,"
    "expand-strided-metadata,finalize-memref-to-llvm,convert-math-to-llvm,"
    "convert-arith-to-llvm,convert-func-to-llvm{use-bare-ptr-memref-call-conv=true},"
    "convert-cf-to-llvm,reconcile-unrealized-casts";

int wmma_reference_run(const char *source, size_t size, const char *func,
                       void **const *arg_sets, int nsets, int nargs,
                       double *gamma, char **diagnostics) {
  session s;
  session_init(&s);
  int status = 1;
  MlirExecutionEngine jit = {NULL};
  MlirOperation module = parse_module(&s, source, size, "<reference>");
  if (mlirOperationIsNull(module) || !mlirOperationVerify(module))
    goto done;
  MlirOperation fn = find_func(module, func);
  if (mlirOperationIsNull(fn)) {
    session_error(&s, "the reference needs exactly one func.func named '%s' "
                      "(an atom program has no linalg reference)",
                  func ? func : "<any>");
    goto done;
  }
  char name[256];
  wmma_copy_ref(name, sizeof name, mlirStringAttrGetValue(wmma_attr(fn, "sym_name")));
  MlirType fty = mlirTypeAttrGetValue(wmma_attr(fn, "function_type"));
  if (mlirFunctionTypeGetNumInputs(fty) != nargs) {
    session_error(&s, "argument count mismatch for '%s'", name);
    goto done;
  }
  if (gamma) {
    bound_walk b = {0.0, 0};
    mlirOperationWalk(fn, bound_op, &b, MlirWalkPreOrder);
    *gamma = b.gamma;
  }
  if (!run_pipeline(&s, module, kCpuPipeline))
    goto done;
  jit = mlirExecutionEngineCreate(mlirModuleFromOperation(module), 2, 0, NULL,
                                  false, false);
  if (mlirExecutionEngineIsNull(jit)) {
    session_error(&s, "cannot JIT-compile the reference for '%s'", name);
    goto done;
  }
  mlirExecutionEngineRegisterSymbol(jit, wmma_sref("__truncsfhf2"), (void *)ref_truncsfhf2);
  mlirExecutionEngineRegisterSymbol(jit, wmma_sref("__extendhfsf2"), (void *)ref_extendhfsf2);
  mlirExecutionEngineRegisterSymbol(jit, wmma_sref("__gnu_f2h_ieee"), (void *)ref_truncsfhf2);
  mlirExecutionEngineRegisterSymbol(jit, wmma_sref("__gnu_h2f_ieee"), (void *)ref_extendhfsf2);
  mlirExecutionEngineRegisterSymbol(jit, wmma_sref("__truncsfbf2"), (void *)ref_truncsfbf2);
  mlirExecutionEngineRegisterSymbol(jit, wmma_sref("__extendbfsf2"), (void *)ref_extendbfsf2);
  mlirExecutionEngineInitialize(jit);
  /* The engine wraps every function as `void _mlir_NAME(void **)` taking
   * the address of each (bare-pointer convention) argument.
   * mlirExecutionEngineInvokePacked would look for the C-interface wrapper
   * of memref descriptors instead, which bare pointers do not get. */
  void *entry = mlirExecutionEngineLookupPacked(jit, wmma_sref(name));
  if (!entry) {
    session_error(&s, "cannot find the JIT-compiled reference '%s'", name);
    goto done;
  }
  void (*packed_fn)(void **);
  memcpy(&packed_fn, &entry, sizeof packed_fn);
  for (int i = 0; i < nsets; ++i) /* one JIT, every argument set */
    packed_fn(arg_sets[i]);
  status = 0;

done:
  if (!mlirExecutionEngineIsNull(jit))
    mlirExecutionEngineDestroy(jit);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  if (status && s.errors == 0)
    session_error(&s, "reference run failed%s", "");
  if (diagnostics)
    *diagnostics = wmma_sbuf_take(&s.diags);
  session_destroy(&s);
  return status;
}
