/* The elementwise-op table (ElementwiseOps.def) as C: what the front end
 * accepts and replays, with which attributes, and the reference's bound
 * rule for each op.  Shared by lib/FrontEnd and lib/Compiler (which must
 * not read the front end's internals).  Internal, not installed API. */
#ifndef WMMA_SUPPORT_ELEMENTWISEOPS_H
#define WMMA_SUPPORT_ELEMENTWISEOPS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The attributes an elementwise op may carry, and what the replay does
 * with each (wmma_ew_attr_policy). */
enum {
  WMMA_EW_ATTR_PREDICATE = 1u << 0, /* cmpf/cmpi: kept as the predicate */
  WMMA_EW_ATTR_FASTMATH = 1u << 1,  /* copied (LLVM fast-math flags) */
  WMMA_EW_ATTR_OVERFLOW = 1u << 2,  /* overflowFlags: copied (nsw/nuw) */
  WMMA_EW_ATTR_EXACT = 1u << 3,     /* isExact: copied */
  WMMA_EW_ATTR_ROUNDING = 1u << 4,  /* roundingmode: refused unless default */
};

typedef enum {
  WMMA_EW_KEEP_PREDICATE,      /* the compare's predicate (fe_node.pred) */
  WMMA_EW_COPY,                /* copied into the kernel's op */
  WMMA_EW_REFUSE_UNLESS_DEFAULT, /* the replay cannot honour it */
} wmma_ew_attr_policy;

typedef struct {
  unsigned bit;       /* WMMA_EW_ATTR_* */
  const char *name;   /* the attribute's name on the op */
  wmma_ew_attr_policy policy;
  const char *why;    /* REFUSE_UNLESS_DEFAULT: why the replay cannot */
} wmma_ew_attr;

/* Where an op is zero given zero operands (ElementwiseOps.def, `zero`). */
typedef enum {
  WMMA_EW_ZERO_NONE,
  WMMA_EW_ZERO_FIRST,
  WMMA_EW_ZERO_ALL,
  WMMA_EW_ZERO_ANY,
} wmma_ew_zero;

/* The reference's magnitude rule (lib/Compiler/Bound.c). */
typedef enum {
  WMMA_BOUND_KEEP,
  WMMA_BOUND_UNBOUNDED,
  WMMA_BOUND_SUB_AS_ADD,    /* a - b -> a + b */
  WMMA_BOUND_OPERAND,       /* f(x) -> x (|f(x)| <= |x|, L = 1) */
  WMMA_BOUND_MIN_AS_MAX,    /* min -> max */
  WMMA_BOUND_SELECT_AS_MAX, /* select -> max of both */
  WMMA_BOUND_DIV,           /* by a constant, or a sigmoid */
  WMMA_BOUND_ERF,           /* 2/sqrt(pi) x */
  WMMA_BOUND_ERFC,          /* 2/sqrt(pi) x + 2 */
  WMMA_BOUND_PERIODIC,      /* x + 1 */
  WMMA_BOUND_EXP,           /* exp(x) (1 + x) */
  WMMA_BOUND_EXP2,          /* exp2(x) (1 + ln2 x) */
  WMMA_BOUND_FMA,           /* a * b + c */
} wmma_bound_rule;

typedef struct {
  const char *name; /* static storage: an interned name */
  int arity;
  unsigned attrs; /* WMMA_EW_ATTR_* it may carry */
  wmma_ew_zero zero;
  wmma_bound_rule bound;
} wmma_elementwise_op;

/* The op named `name`, or NULL if it is not in the table. */
const wmma_elementwise_op *wmma_elementwise_lookup(MlirStringRef name);
const wmma_elementwise_op *wmma_elementwise_of(MlirOperation op);
/* Every op, in the table's order (count in *n). */
const wmma_elementwise_op *wmma_elementwise_all(size_t *n);
/* The attribute named `name`, or NULL. */
const wmma_ew_attr *wmma_ew_attr_lookup(MlirStringRef name);
/* Does attribute a (of kind attr->bit) hold its default value (none for
 * flags, to_nearest_even for a rounding mode)? */
bool wmma_ew_attr_is_default(const wmma_ew_attr *attr, MlirAttribute a);
/* a's value as the op's custom syntax writes it ("toward_zero"), into
 * buf[len]. */
void wmma_ew_attr_describe(const wmma_ew_attr *attr, MlirAttribute a,
                           char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_SUPPORT_ELEMENTWISEOPS_H */
