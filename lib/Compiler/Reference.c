/* CPU reference for wmma-run: the original linalg function, lowered by
 * MLIR's own CPU path (linalg -> loops -> LLVM) and JIT-compiled with the
 * ExecutionEngine.  Shares nothing with the kernel path but the parser, so a
 * front-end or lowering bug cannot hide in both.  Also derives the
 * element-wise error bound from the data types and contraction lengths. */
#include "wmma-c/Emulator.h"
#include "wmma-c/Runner.h"

#include "Session.h"
#include "Bound.h"
#include "RefIr.h"
#include "ReferenceRuntime.h"
#include "RunningError.h"
#include "WidenAccumulation.h"
#include "WidenFp8.h"
#include "wmma/Support/Builder.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-------------------------------------------------------------------===*
 * Error bound
 *===-------------------------------------------------------------------===*/
typedef struct {
  double gamma;
  bool native;                   /* the kernel accumulates 16-bit outputs
                                    in their own type, per WMMA */
  MlirBlock entry;               /* the function's arguments */
  const wmma_compile_result *k;  /* their run-time shapes: */
  const wmma_host_arg *args;
} bound_walk;

/* The size of dimension d of a value (a function argument's run-time size,
 * or a static size); 0 if unknown. */
static int64_t dim_size(const bound_walk *b, MlirValue v, int d) {
  MlirType t = mlirValueGetType(v);
  int64_t s = mlirShapedTypeGetDimSize(t, d);
  if (!mlirShapedTypeIsDynamicSize(s))
    return s;
  if (mlirValueIsABlockArgument(v) &&
      mlirBlockEqual(mlirBlockArgumentGetOwner(v), b->entry)) {
    intptr_t i = mlirBlockArgumentGetArgNumber(v);
    if (i < b->k->nargs && b->args[i].shape)
      return b->args[i].shape[d];
  }
  return 0;
}

/* Reduction length of a linalg.generic: the product of its reduction loops'
 * sizes, read off the operands they index. */
static double reduction_length(const bound_walk *b, MlirOperation op) {
  MlirAttribute iters = wmma_attr(op, "iterator_types");
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  intptr_t n = mlirArrayAttrGetNumElements(iters);
  double k = 1;
  for (intptr_t l = 0; l < n; ++l) {
    if (!wb_iterator_is_reduction(mlirArrayAttrGetElement(iters, l)))
      continue;
    int64_t size = 0;
    for (intptr_t o = 0; o < mlirOperationGetNumOperands(op) && !size; ++o) {
      MlirValue v = mlirOperationGetOperand(op, o);
      if (!mlirTypeIsAShaped(mlirValueGetType(v)))
        continue;
      MlirAffineMap m = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, o));
      for (intptr_t r = 0; r < mlirAffineMapGetNumResults(m) && !size; ++r) {
        MlirAffineExpr e = mlirAffineMapGetResult(m, r);
        if (mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == l)
          size = dim_size(b, v, (int)r);
      }
    }
    k *= size > 0 ? (double)size : 1;
  }
  return k;
}

static MlirType elem_of(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
}

/* Are the products of contraction op's inputs exact in its output type
 * (every input's significand at most half the output's: f16 and bf16 in
 * f32, not f32 itself)? */
static bool products_exact(MlirOperation op, MlirType out) {
  intptr_t n = mlirOperationGetNumOperands(op);
  int widest = 0;
  for (intptr_t i = 0; i + 1 < n; ++i) {
    int bits = wmma_significand_bits(elem_of(mlirOperationGetOperand(op, i)));
    widest = bits > widest ? bits : widest;
  }
  return 2 * widest <= wmma_significand_bits(out);
}

/* Products of 16-bit (and 8-bit) floats are exact in f32.  The K of one
 * WMMA of 16-bit inputs: a natively accumulating kernel rounds its
 * accumulator to the output type once per K step of this length. */
#define WMMA_K_STEP 16

/* Integer arithmetic is exact: it adds nothing.  A contraction of length K
 * accumulated in f32, by the kernel and by the reference (16-bit ones
 * widened by WidenAccumulation.c), differs between two summation orders by
 * up to 2*K*u32 relative to sum |a*b| (the magnitude run's value); a kernel
 * accumulating a 16-bit output natively adds one rounding of that type (u)
 * per WMMA K step, each of a partial sum bounded by the same magnitude.
 * Each rounding to a narrower type (an intermediate truncation, the widened
 * contraction's final rounding) counts one ulp = 2u of that type: the
 * kernel and the reference each round once.  A 16-bit contraction the
 * reference could not widen accumulates in its own type there: 2*K*u of
 * that type. */
static MlirWalkResult bound_op(MlirOperation op, void *ud) {
  bound_walk *b = ud;
  if (wmma_op_is(op, "linalg.generic")) {
    double k = reduction_length(b, op);
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirType out = elem_of(mlirOperationGetOperand(op, n - 1));
    MlirAttribute from = mlirOperationGetDiscardableAttributeByName(
        op, wmma_sref(WMMA_WIDENED_FROM_ATTR));
    if (wb_has_reduction_loop(op))
      mlirOperationSetDiscardableAttributeByName(
          op, wmma_sref(WMMA_REDUCTION_LENGTH_ATTR),
          mlirFloatAttrDoubleGet(mlirOperationGetContext(op),
                                 mlirF64TypeGet(mlirOperationGetContext(op)), k));
    if (wb_has_reduction_loop(op) && !mlirTypeIsAInteger(out)) {
      double u = mlirTypeIsAF32(out) ? ldexp(1.0, -24) : wmma_unit_roundoff(out);
      b->gamma += 2.0 * k * (u > 0 ? u : ldexp(1.0, -24));
      /* Products that are not exact (f32 x f32: PyTorch's default dtype)
       * round in the reference's mulf but not in a kernel's fma: one more
       * rounding of the output type. */
      if (!products_exact(op, out))
        b->gamma += 2.0 * (u > 0 ? u : ldexp(1.0, -24));
      if (!mlirAttributeIsNull(from) && b->native)
        b->gamma += ceil(k / WMMA_K_STEP) * wmma_unit_roundoff(mlirTypeAttrGetValue(from));
      if (!mlirTypeIsAF32(out))
        b->gamma += 2.0 * wmma_unit_roundoff(out);
    }
  } else if (wmma_op_is(op, "arith.truncf")) {
    b->gamma += 2.0 * wmma_unit_roundoff(mlirValueGetType(mlirOperationGetResult(op, 0)));
  } else if (wmma_op_is(op, "arith.mulf") || wmma_op_is(op, "arith.addf") ||
             wmma_op_is(op, "arith.subf") || wmma_op_is(op, "arith.divf")) {
    /* Elementwise arithmetic outside contractions: one rounding each. */
    MlirOperation parent = mlirOperationGetParentOperation(op);
    if (!wmma_op_is(parent, "linalg.generic") || !wb_has_reduction_loop(parent))
      b->gamma += 2.0 * wmma_unit_roundoff(mlirValueGetType(mlirOperationGetResult(op, 0)));
  } else {
    /* Math functions: the reference's libm and the kernel's hardware
     * instructions or MLIR approximations each within 4 ulp. */
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    if (n.length > 5 && !memcmp(n.data, "math.", 5) &&
        mlirOperationGetNumResults(op) == 1)
      b->gamma += 16.0 * wmma_unit_roundoff(mlirValueGetType(mlirOperationGetResult(op, 0)));
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

static MlirWalkResult find_call(MlirOperation op, void *user) {
  if (wmma_op_is(op, "func.call")) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static bool calls_functions(MlirOperation fn) {
  bool calls = false;
  mlirOperationWalk(fn, find_call, &calls, MlirWalkPreOrder);
  return calls;
}

static void erase_other_funcs(MlirOperation module, MlirOperation keep) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation op = mlirBlockGetFirstOperation(body);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (wmma_op_is(op, "func.func") && !mlirOperationEqual(op, keep)) {
      mlirOperationRemoveFromParent(op);
      mlirOperationDestroy(op);
    }
    op = next;
  }
}

static bool on_tensors(MlirOperation fn) {
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(fn, "function_type"));
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(ft); ++i)
    if (mlirTypeIsARankedTensor(mlirFunctionTypeGetInput(ft, i)))
      return true;
  return mlirFunctionTypeGetNumResults(ft) > 0;
}

/* Tensors -> buffers, results -> trailing out-parameters (the order of the
 * kernel's arguments), named ops -> generics (for the error bound); TOSA's
 * tosa.apply_scale left in linalg bodies -> arith, as the front end does. */
static const char *kNormalize =
    "wmma-decompose-aggregates,"
    "func.func(tosa-to-arith{include-apply-rescale=true}),"
    "func.func(convert-elementwise-to-linalg),"
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-results-to-out-params{modify-public-functions},"
    "func.func(linalg-generalize-named-ops)";
static const char *kGeneralize =
    "wmma-decompose-aggregates,"
    "func.func(tosa-to-arith{include-apply-rescale=true}),"
    "func.func(linalg-generalize-named-ops)";
/* Temporaries the program allocates and never frees (memref.alloc without
 * dealloc, and every buffer bufferization makes) freed by MLIR's ownership
 * analysis, so that a reference run does not leak; skipped for programs
 * that free their own (the analysis refuses existing deallocs). */
static const char *kFreeTemporaries =
    "func.func(ownership-based-buffer-deallocation),canonicalize,"
    "func.func(buffer-deallocation-simplification),"
    "bufferization-lower-deallocations";

static MlirWalkResult find_dealloc(MlirOperation op, void *user) {
  if (wmma_op_is(op, "memref.dealloc")) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* An expand_shape splitting one dimension into several run-time sizes:
 * MLIR 22's expand-strided-metadata crashes on it (a null stride), so the
 * reference refuses it first. */
static MlirWalkResult find_dynamic_split(MlirOperation op, void *user) {
  if (!wmma_op_is(op, "memref.expand_shape"))
    return MlirWalkResultAdvance;
  MlirAttribute re = wmma_attr(op, "reassociation");
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirAttributeIsNull(re) || !mlirAttributeIsAArray(re) ||
      !mlirTypeIsAShaped(t))
    return MlirWalkResultAdvance;
  for (intptr_t g = 0; g < mlirArrayAttrGetNumElements(re); ++g) {
    MlirAttribute group = mlirArrayAttrGetElement(re, g);
    int ndyn = 0;
    for (intptr_t k = 0; k < mlirArrayAttrGetNumElements(group); ++k) {
      int64_t d = mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(group, k));
      ndyn += d < mlirShapedTypeGetRank(t) &&
              mlirShapedTypeIsDynamicDim(t, (intptr_t)d);
    }
    if (ndyn > 1) {
      *(MlirOperation *)user = op;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

/* Memrefs stay descriptors (allocated, aligned, offset, sizes, strides):
 * the packed wrapper takes the address of each field.  Indexing maps that
 * divide (group-wise scales) become affine.apply in the loops, and their
 * floordiv an arith op that has no direct LLVM lowering; a subview at a
 * loop's induction variable leaves affine.apply after
 * expand-strided-metadata. */
static const char *kCpuPipeline =
    "func.func(convert-linalg-to-loops,lower-affine,arith-expand),"
    "convert-scf-to-cf,"
    "expand-strided-metadata,func.func(lower-affine),"
    "finalize-memref-to-llvm,convert-math-to-libm,"
    "convert-math-to-llvm,"
    "convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,"
    "reconcile-unrealized-casts";

/* Pointers to every LLVM-level parameter of one call. */
typedef struct {
  void *ptrs[2][WMMA_MAX_KERNEL_ARGS];
  int64_t fields[WMMA_MAX_KERNEL_ARGS][1 + 2 * WMMA_MAX_RANK];
  void *slots[WMMA_MAX_KERNEL_ARGS * (3 + 2 * WMMA_MAX_RANK)];
} packed_args;

static void pack(const wmma_compile_result *k, const wmma_host_arg *args,
                 packed_args *p) {
  int n = 0;
  for (int i = 0; i < k->nargs; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    if (!a->is_buffer) {
      p->slots[n++] = args[i].data;
      continue;
    }
    const int64_t *shape = args[i].shape ? args[i].shape : a->shape;
    int dense = 1;
    for (int d = 0; d < a->rank; ++d)
      dense &= a->strides[d] == 0;
    p->ptrs[0][i] = p->ptrs[1][i] = args[i].data;
    int64_t *f = p->fields[i];
    f[0] = a->offset;
    int64_t st = 1;
    for (int d = a->rank - 1; d >= 0; --d) {
      f[1 + d] = shape[d];
      f[1 + a->rank + d] = dense ? st : a->strides[d];
      st *= shape[d];
    }
    p->slots[n++] = &p->ptrs[0][i];
    p->slots[n++] = &p->ptrs[1][i];
    for (int j = 0; j < 1 + 2 * a->rank; ++j)
      p->slots[n++] = &f[j];
  }
}

/* convert-math-to-libm calls rsqrtf/rsqrt, which libm does not have. */
/* The function (normalized: buffers, results as trailing out-parameters)
 * must take the kernel's arguments: count, element types, ranks and static
 * sizes.  A kernel given as LLVM IR (wmma-run --kernel-ir) may come from
 * any program; this says which argument differs.  0, or 1 with an error. */
static int check_signature(session *s, MlirOperation fn, const char *name,
                           const wmma_compile_result *k) {
  MlirType fty = mlirTypeAttrGetValue(wmma_attr(fn, "function_type"));
  intptr_t n = mlirFunctionTypeGetNumInputs(fty);
  if (n != k->nargs || mlirFunctionTypeGetNumResults(fty) != 0) {
    char msg[512];
    snprintf(msg, sizeof msg, "the function '%s' takes %d arguments (results "
                              "included); the kernel '%s' takes %d",
             name, (int)n, k->kernel, k->nargs);
    session_error(s, "%s", msg);
    return 1;
  }
  for (intptr_t i = 0; i < n; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    MlirType t = mlirFunctionTypeGetInput(fty, i);
    bool shaped = mlirTypeIsAShaped(t);
    MlirType et = shaped ? mlirShapedTypeGetElementType(t) : t;
    char tn[64];
    wmma_print_type(et, tn, sizeof tn);
    bool same = shaped == (a->is_buffer != 0) && !strcmp(tn, a->type) &&
                (!shaped || mlirShapedTypeGetRank(t) == a->rank);
    for (int d = 0; same && shaped && d < a->rank; ++d) {
      int64_t fs = mlirShapedTypeGetDimSize(t, d);
      same = mlirShapedTypeIsDynamicSize(fs) || a->shape[d] < 0 ||
             fs == a->shape[d];
    }
    if (!same) {
      char ft[256], dims[160] = "", msg[768];
      wmma_print_type(t, ft, sizeof ft);
      for (int d = 0; d < a->rank; ++d) {
        size_t l = strlen(dims);
        if (a->shape[d] >= 0)
          snprintf(dims + l, sizeof dims - l, "%s%lld", d ? "x" : "",
                   (long long)a->shape[d]);
        else
          snprintf(dims + l, sizeof dims - l, "%s?", d ? "x" : "");
      }
      snprintf(msg, sizeof msg, "argument %d of '%s' is %s; the kernel '%s' "
                                "takes '%s' as %s %s%s%s%s",
               (int)i, name, ft, k->kernel, a->name,
               a->is_buffer ? "a buffer of" : "a scalar", a->type,
               a->is_buffer ? " [" : "", dims, a->is_buffer ? "]" : "");
      session_error(s, "%s", msg);
      return 1;
    }
  }
  return 0;
}

int wmma_reference_run(const char *source, size_t size, const char *func,
                       const wmma_compile_result *k,
                       const wmma_host_arg *const *arg_sets, int nsets,
                       double *gamma, char **diagnostics) {
  return wmma_reference_run_bounds(source, size, func, k, arg_sets, nsets,
                                   gamma, NULL, diagnostics);
}

int wmma_reference_run_bounds(const char *source, size_t size, const char *func,
                              const wmma_compile_result *k,
                              const wmma_host_arg *const *arg_sets, int nsets,
                              double *gamma, int *error_bounded,
                              char **diagnostics) {
  return wmma_reference_run_probabilistic(source, size, func, k, arg_sets, nsets, 0.0,
                                          gamma, error_bounded, diagnostics);
}

int wmma_reference_run_probabilistic(const char *source, size_t size,
                                     const char *func, const wmma_compile_result *k,
                                     const wmma_host_arg *const *arg_sets, int nsets,
                                     double lambda, double *gamma, int *error_bounded,
                                     char **diagnostics) {
  if (error_bounded)
    *error_bounded = 0;
  session s;
  session_init(&s);
  int status = 1;
  MlirExecutionEngine jit = {NULL};
  packed_args *packed = NULL;
  void *widened[WMMA_MAX_KERNEL_ARGS]; /* one argument set's copies */
  char no_bound[256] = "";
  int nwidened = 0;
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
  /* The other functions of the file (they may be on tensors while this one
   * is on memrefs) are not the reference's: left in, they would have to
   * go through its lowering too. */
  if (!calls_functions(fn))
    erase_other_funcs(module, fn);
  if (!run_pipeline(&s, module, on_tensors(fn) ? kNormalize : kGeneralize))
    goto done;
  fn = find_func(module, name);
  if (check_signature(&s, fn, name, k))
    goto done;
  /* Programs that free their own buffers free the reference's too (MLIR's
   * ownership analysis refuses existing deallocs). */
  bool frees = false;
  mlirOperationWalk(module, find_dealloc, &frees, MlirWalkPreOrder);
  {
    char why[256];
    if (wmma_widen_fp8(fn, why, sizeof why) ||
        wmma_widen_accumulation(fn, frees, why, sizeof why) < 0) {
      session_error(&s, "%s", why);
      goto done;
    }
  }
  /* The magnitude run uses the bound function (Bound.c). */
  char bound_name[300];
  snprintf(bound_name, sizeof bound_name, "%s__wmma_bound", name);
  bool bounded = false;
  if (nsets > 1) {
    char why[256] = "";
    MlirOperation bfn;
    int brc = wmma_bound_function(fn, bound_name, &bfn, why, sizeof why);
    if (brc < 0) {
      session_error(&s, "%s", why);
      goto done;
    }
    bounded = brc == 0;
    if (!bounded) {
      if (!mlirOperationIsNull(bfn))
        mlirOperationDestroy(bfn);
      snprintf(no_bound, sizeof no_bound, "%s", why);
    }
  }
  /* The walk also marks each contraction's length, which the running
   * error run needs even where there is no magnitude bound (without it a
   * division's function had its sums charged as elementwise additions,
   * and those of exact operands not at all). */
  if (gamma && nsets > 0) {
    bound_walk b = {0.0, k->accumulate == 1, mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0)),
                    k, arg_sets[0]};
    mlirOperationWalk(fn, bound_op, &b, MlirWalkPreOrder);
    *gamma = !bounded && nsets > 1 ? NAN : b.gamma;
  }
  /* The running-error run (RunningError.c), after the walk that marks each
   * contraction's length. */
  char err_name[300];
  snprintf(err_name, sizeof err_name, "%s__wmma_error", name);
  bool error_fn = false;
  /* Also where the magnitude bound has no rule (sqrt, rsqrt, log,
   * division by a computed value): then the running bound judges alone. */
  if (nsets > 2 && error_bounded) {
    char why[256] = "";
    MlirOperation efn;
    error_fn = wmma_running_error_function(fn, err_name, k->accumulate == 1, lambda,
                                           frees, &efn, why, sizeof why) == 0;
    if (!error_fn && !mlirOperationIsNull(efn))
      mlirOperationDestroy(efn);
  }
  if (!frees && !run_pipeline(&s, module, kFreeTemporaries))
    goto done;
  MlirOperation split = {NULL};
  mlirOperationWalk(module, find_dynamic_split, &split, MlirWalkPreOrder);
  if (!mlirOperationIsNull(split)) {
    mlirEmitError(mlirOperationGetLocation(split),
                  "the reference cannot run this function: MLIR's CPU "
                  "lowering (expand-strided-metadata) fails on an "
                  "expand_shape splitting one dimension into several "
                  "run-time sizes; split it into at most one run-time size "
                  "per group");
    s.errors++;
    goto done;
  }
  if (!run_pipeline(&s, module, kCpuPipeline))
    goto done;
  jit = mlirExecutionEngineCreate(mlirModuleFromOperation(module), 2, 0, NULL,
                                  false, false);
  if (mlirExecutionEngineIsNull(jit)) {
    session_error(&s, "cannot JIT-compile the reference for '%s'", name);
    goto done;
  }
  ref_register_runtime(jit);
  mlirExecutionEngineInitialize(jit);
  /* The engine wraps every function as `void _mlir_NAME(void **)` taking
   * the address of each LLVM-level argument (descriptor fields expanded). */
  void *entry = mlirExecutionEngineLookupPacked(jit, wmma_sref(name));
  if (!entry) {
    session_error(&s, "cannot find the JIT-compiled reference '%s'", name);
    goto done;
  }
  void (*packed_fn)(void **), (*bound_fn)(void **) = NULL;
  memcpy(&packed_fn, &entry, sizeof packed_fn);
  if (bounded) {
    void *b = mlirExecutionEngineLookupPacked(jit, wmma_sref(bound_name));
    if (!b) {
      session_error(&s, "cannot find the JIT-compiled bound of '%s'", name);
      goto done;
    }
    memcpy(&bound_fn, &b, sizeof bound_fn);
  }
  void (*error_run)(void **) = NULL;
  if (error_fn) {
    void *e = mlirExecutionEngineLookupPacked(jit, wmma_sref(err_name));
    if (e)
      memcpy(&error_run, &e, sizeof error_run);
  }
  packed = malloc(sizeof *packed);
  if (!packed) {
    session_error(&s, "out of memory%s", "");
    goto done;
  }
  /* fp8 buffers run as f32 (wmma_widen_fp8): decoded copies. */
  for (int i = 0; i < nsets; ++i) { /* one JIT, every argument set */
    wmma_host_arg set[WMMA_MAX_KERNEL_ARGS];
    memcpy(set, arg_sets[i], sizeof set[0] * (size_t)k->nargs);
    for (int a = 0; a < k->nargs; ++a) {
      int e4 = !strcmp(k->args[a].type, "f8E4M3FN");
      if (!k->args[a].is_buffer || (!e4 && strcmp(k->args[a].type, "f8E5M2")))
        continue;
      size_t n = set[a].bytes;
      float *w = malloc(n ? n * sizeof(float) : 1);
      if (!w) {
        session_error(&s, "out of memory%s", "");
        goto done;
      }
      const uint8_t *src = set[a].data;
      for (size_t e = 0; e < n; ++e)
        w[e] = e4 ? wmma_emu_fp8_to_f32(src[e]) : wmma_emu_bf8_to_f32(src[e]);
      widened[nwidened++] = w;
      set[a].data = w;
      set[a].bytes = n * sizeof(float);
    }
    pack(k, set, packed);
    if (i == 0)
      packed_fn(packed->slots);
    else if (i == 1 && bound_fn)
      bound_fn(packed->slots);
    else if (i == 2 && error_run)
      error_run(packed->slots);
    for (; nwidened > 0; --nwidened)
      free(widened[nwidened - 1]);
  }
  status = 0;
  if (error_bounded)
    *error_bounded = error_run != NULL && nsets > 2;

done:
  for (int i = 0; i < nwidened; ++i)
    free(widened[i]);
  free(packed);
  if (!mlirExecutionEngineIsNull(jit))
    mlirExecutionEngineDestroy(jit);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  if (status && s.errors == 0)
    session_error(&s, "reference run failed%s", "");
  if (!status && no_bound[0])
    wmma_sbuf_printf(&s.diags, "note: no error bound: %s\n", no_bound);
  if (diagnostics)
    *diagnostics = wmma_sbuf_take(&s.diags);
  session_destroy(&s);
  return status;
}
