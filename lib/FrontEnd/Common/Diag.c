/* Diagnostics shared by the front-end stages (see Diag.h). */
#include "Common/Diag.h"

#include "wmma/Support/Builder.h"
#include "wmma/Support/CAPIUtil.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void fe_remark(MlirLocation loc, const char *fmt, ...) {
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  wmmaFrontEndEmitRemark(loc, buf);
}

int fe_why(char *why, size_t cap, const char *fmt, ...) {
  if (why && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
  }
  return -1;
}

int fe_storage_bytes(MlirType t) { return (wb_type_bits(t) + 7) / 8; }

void fe_type_str(MlirType t, char *buf, size_t cap) {
  wmma_print_type(t, buf, cap);
}

/*===--- the obstacles of one function ----------------------------------===*/
void fe_diag_init(fe_diag *d, MlirOperation func) {
  d->func = func;
  d->func_loc = mlirOperationGetLocation(func);
  d->n = d->total = 0;
}

/* The op an obstacle concerns, by name: the op the user wrote at loc, else
 * the op `at` itself; "" for the function (or an argument). */
static void op_named_at(const fe_diag *d, MlirOperation at, MlirLocation loc,
                        char *buf, size_t cap) {
  fe_source_op_name(d->func, loc, buf, cap);
  if (!buf[0] && !mlirOperationIsNull(at))
    wmma_op_name(at, buf, cap);
  if (!strcmp(buf, "func.func"))
    buf[0] = 0;
}

static int vrefuse(fe_diag *d, MlirOperation at, MlirLocation loc,
                   const char *fmt, va_list ap) {
  if (!d)
    return -1;
  d->total++;
  if (d->n >= FE_MAX_OBSTACLES)
    return -1;
  fe_obstacle *o = &d->items[d->n++];
  o->loc = mlirLocationIsNull(loc) ? d->func_loc : loc;
  char msg[FE_WHY], name[64];
  vsnprintf(msg, sizeof msg, fmt, ap);
  op_named_at(d, at, o->loc, name, sizeof name);
  if (name[0] && !strstr(msg, name))
    snprintf(o->msg, sizeof o->msg, "%s: %s", name, msg);
  else
    snprintf(o->msg, sizeof o->msg, "%s", msg);
  return -1;
}

int fe_diag_refuse(fe_diag *d, MlirOperation at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vrefuse(d, at,
          mlirOperationIsNull(at) ? (MlirLocation){NULL}
                                  : mlirOperationGetLocation(at),
          fmt, ap);
  va_end(ap);
  return -1;
}

int fe_diag_refuse_at(fe_diag *d, MlirLocation loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vrefuse(d, (MlirOperation){NULL}, loc, fmt, ap);
  va_end(ap);
  return -1;
}

void fe_diag_emit(const fe_diag *d, const char *head) {
  if (d->n == 0) {
    fe_remark(d->func_loc, "%s: (no reason recorded)", head);
    return;
  }
  if (d->total == 1) {
    fe_remark(d->items[0].loc, "%s: %s", head, d->items[0].msg);
    return;
  }
  MlirLocation locs[FE_MAX_OBSTACLES];
  const char *notes[FE_MAX_OBSTACLES];
  for (int i = 0; i < d->n; ++i) {
    locs[i] = d->items[i].loc;
    notes[i] = d->items[i].msg;
  }
  char msg[160];
  if (d->total > d->n)
    snprintf(msg, sizeof msg, "%s: %d obstacles (the first %d below)", head,
             d->total, d->n);
  else
    snprintf(msg, sizeof msg, "%s: %d obstacles", head, d->total);
  wmmaFrontEndEmitRemarkWithNotes(d->func_loc, msg, d->n, locs, notes);
}

/*===--- the op the user wrote ------------------------------------------===*/
typedef struct {
  MlirLocation loc;
  MlirOperation found;
  int count;
} source_t;

/* The ops the front end reads are in the function's body and in the
 * bodies of its linalg ops; deeper nests (a 50,000-deep scf.if) are not
 * searched, so the search neither recurses deeply nor takes long. */
#define SOURCE_DEPTH 3

static void match_loc(MlirOperation parent, source_t *s, int depth) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(parent); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation op = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
        if (mlirLocationEqual(mlirOperationGetLocation(op), s->loc)) {
          /* Ops inside it at the same place (a named op's body) are its
           * own: not searched. */
          if (s->count++ == 0)
            s->found = op;
        } else if (depth + 1 < SOURCE_DEPTH) {
          match_loc(op, s, depth + 1);
        }
      }
}

MlirOperation fe_source_op(MlirOperation func, MlirLocation loc) {
  /* Only a location that names a place in a file (or a name) can tell one
   * op from another; unknown locations are shared by every op. */
  if (mlirOperationIsNull(func) || mlirLocationIsNull(loc) ||
      !(mlirLocationIsAFileLineColRange(loc) || mlirLocationIsAName(loc)))
    return (MlirOperation){NULL};
  source_t s = {loc, {NULL}, 0};
  if (mlirLocationEqual(mlirOperationGetLocation(func), loc))
    s = (source_t){loc, func, 1};
  match_loc(func, &s, 0);
  /* Several ops at one place (one location for a whole framework layer):
   * which one is meant is unknown. */
  return s.count == 1 ? s.found : (MlirOperation){NULL};
}

void fe_source_op_name(MlirOperation func, MlirLocation loc, char *buf,
                       size_t cap) {
  MlirOperation op = fe_source_op(func, loc);
  if (cap)
    buf[0] = 0;
  if (!mlirOperationIsNull(op))
    wmma_op_name(op, buf, cap);
}
