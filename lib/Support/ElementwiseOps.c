/* The elementwise-op table (include/wmma/Support/ElementwiseOps.def). */
#include "wmma/Support/ElementwiseOps.h"

#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <string.h>

static const wmma_elementwise_op kOps[] = {
#define WMMA_ELEMENTWISE(name, arity, attrs, zero, bound)                      \
  {name, arity, attrs, WMMA_EW_ZERO_##zero, WMMA_BOUND_##bound},
#include "wmma/Support/ElementwiseOps.def"
};

/* The attributes' policies.  A rounding mode lowers to LLVM's constrained
 * fptrunc, whose rounding argument only tells the compiler which mode the
 * FP environment is in: nothing sets it, and the AMDGPU backend selects
 * the plain conversion (v_cvt_f16_f32, round to nearest even), as x86
 * selects vcvtps2ph in the MXCSR mode (nearest) for the reference.
 * Honouring it would take llvm.fptrunc.round (AMDGPU, f32 -> f16 only)
 * in the kernel and a software rounding in the reference. */
static const wmma_ew_attr kAttrs[] = {
    {WMMA_EW_ATTR_PREDICATE, "predicate", WMMA_EW_KEEP_PREDICATE, NULL},
    {WMMA_EW_ATTR_FASTMATH, "fastmath", WMMA_EW_COPY, NULL},
    {WMMA_EW_ATTR_OVERFLOW, "overflowFlags", WMMA_EW_COPY, NULL},
    {WMMA_EW_ATTR_EXACT, "isExact", WMMA_EW_COPY, NULL},
    {WMMA_EW_ATTR_ROUNDING, "roundingmode", WMMA_EW_REFUSE_UNLESS_DEFAULT,
     "arith-to-llvm makes it LLVM's constrained fptrunc, whose mode states "
     "the rounding mode in force rather than setting it, so the kernel "
     "(v_cvt_f16_f32) and the CPU reference would both round to nearest "
     "even"},
};

static bool ref_is(MlirStringRef s, const char *name) {
  return strlen(name) == s.length && !memcmp(name, s.data, s.length);
}

const wmma_elementwise_op *wmma_elementwise_lookup(MlirStringRef name) {
  for (size_t i = 0; i < sizeof kOps / sizeof kOps[0]; ++i)
    if (ref_is(name, kOps[i].name))
      return &kOps[i];
  return NULL;
}

const wmma_elementwise_op *wmma_elementwise_of(MlirOperation op) {
  return wmma_elementwise_lookup(mlirIdentifierStr(mlirOperationGetName(op)));
}

const wmma_elementwise_op *wmma_elementwise_all(size_t *n) {
  *n = sizeof kOps / sizeof kOps[0];
  return kOps;
}

const wmma_ew_attr *wmma_ew_attr_lookup(MlirStringRef name) {
  for (size_t i = 0; i < sizeof kAttrs / sizeof kAttrs[0]; ++i)
    if (ref_is(name, kAttrs[i].name))
      return &kAttrs[i];
  return NULL;
}

bool wmma_ew_attr_is_default(const wmma_ew_attr *attr, MlirAttribute a) {
  if (mlirAttributeIsNull(a))
    return true;
  switch (attr->bit) {
  case WMMA_EW_ATTR_ROUNDING: /* arith::RoundingMode::to_nearest_even */
    return mlirAttributeIsAInteger(a) && mlirIntegerAttrGetValueInt(a) == 0;
  case WMMA_EW_ATTR_EXACT: /* a unit attribute: present means exact */
    return false;
  case WMMA_EW_ATTR_FASTMATH:
  case WMMA_EW_ATTR_OVERFLOW: {
    /* The arith flag attributes have no C API: their printed form. */
    char buf[64];
    wmma_print_attr(a, buf, sizeof buf);
    return !strcmp(buf, "#arith.fastmath<none>") ||
           !strcmp(buf, "#arith.overflow<none>");
  }
  default:
    return false;
  }
}

void wmma_ew_attr_describe(const wmma_ew_attr *attr, MlirAttribute a,
                           char *buf, size_t len) {
  /* arith::RoundingMode, in the enum's order. */
  static const char *const kModes[] = {"to_nearest_even", "downward",
                                       "upward", "toward_zero",
                                       "to_nearest_away"};
  if (attr->bit == WMMA_EW_ATTR_ROUNDING && mlirAttributeIsAInteger(a)) {
    int64_t m = mlirIntegerAttrGetValueInt(a);
    if (m >= 0 && m < (int64_t)(sizeof kModes / sizeof kModes[0])) {
      snprintf(buf, len, "%s", kModes[m]);
      return;
    }
  }
  wmma_print_attr(a, buf, len);
}
