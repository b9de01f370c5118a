/* Helpers of the C API test programs (one program per .c file, run by lit
 * with FileCheck on stdout).  Only public headers: the programs link
 * libwmma-c.so like any client would. */
#ifndef WMMA_TEST_CAPI_CAPITEST_H
#define WMMA_TEST_CAPI_CAPITEST_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "wmma-c/Dialect.h"

#include <stdio.h>
#include <string.h>

static long g_checks, g_failures;

/* Counts a check; a failure prints "FAILED" (which every test's FileCheck
 * rejects) with the place and a printf-style explanation. */
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    ++g_checks;                                                                \
    if (!(cond)) {                                                             \
      ++g_failures;                                                            \
      printf("FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond);                 \
      printf(__VA_ARGS__);                                                     \
      printf("\n");                                                            \
    }                                                                          \
  } while (0)

/* Unbuffered output, so that a crash still shows how far a test got. */
static inline void test_begin(void) { setvbuf(stdout, NULL, _IONBF, 0); }

/* The closing line FileCheck looks for; the exit status also says it. */
static inline int finish(const char *name) {
  printf("%s: %ld checks, %ld failed\n", name, g_checks, g_failures);
  return g_failures ? 1 : 0;
}

/*--- printing into a fixed buffer ----------------------------------------*/
typedef struct {
  char *buf;
  size_t cap, len;
} text_buf;

static void text_append(MlirStringRef s, void *user) {
  text_buf *t = user;
  for (size_t i = 0; i < s.length && t->len + 1 < t->cap; ++i)
    t->buf[t->len++] = s.data[i];
  t->buf[t->len] = 0;
}

static inline text_buf text_begin(char *buf, size_t cap) {
  buf[0] = 0;
  return (text_buf){buf, cap, 0};
}

/* The printed form of an attribute, type or operation into buf ("" for a
 * null handle). */
static inline const char *attr_str(MlirAttribute a, char *buf, size_t cap) {
  text_buf t = text_begin(buf, cap);
  if (!mlirAttributeIsNull(a))
    mlirAttributePrint(a, text_append, &t);
  return buf;
}
static inline const char *type_str(MlirType ty, char *buf, size_t cap) {
  text_buf t = text_begin(buf, cap);
  if (!mlirTypeIsNull(ty))
    mlirTypePrint(ty, text_append, &t);
  return buf;
}
static inline const char *op_str(MlirOperation op, char *buf, size_t cap) {
  text_buf t = text_begin(buf, cap);
  if (!mlirOperationIsNull(op))
    mlirOperationPrint(op, text_append, &t);
  return buf;
}

static inline MlirStringRef sref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/*--- diagnostics ----------------------------------------------------------*/
/* Prints every diagnostic as "diag: MESSAGE" (FileCheck checks the expected
 * ones) and counts the errors. */
static long g_diag_errors;

static MlirLogicalResult print_diagnostic(MlirDiagnostic d, void *user) {
  (void)user;
  char msg[1024];
  text_buf t = text_begin(msg, sizeof msg);
  mlirDiagnosticPrint(d, text_append, &t);
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError)
    ++g_diag_errors;
  printf("diag: %s\n", msg);
  return mlirLogicalResultSuccess();
}

/* A context with the wmma dialect and its lowering dialects registered (not
 * loaded) and diagnostics printed. */
static inline MlirContext wmma_test_context(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  wmmaRegisterDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, print_diagnostic, NULL, NULL);
  return ctx;
}

#endif /* WMMA_TEST_CAPI_CAPITEST_H */
