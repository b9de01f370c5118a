/* Argument names for the launch manifest.  MLIR's parser keeps no SSA
 * names; the driver, which has the source text, gives every func.func and
 * gpu.func argument a NameLoc with the identifier written at its location
 * (`%A` -> "A") once after parsing.  Everything downstream (the front end
 * copies argument locations to the kernel) reads names from locations, as
 * MLIR's own printer does with --mlir-use-nameloc-as-prefix. */
#include "ArgNames.h"

#include "wmma/Support/CAPIUtil.h"

#include <ctype.h>
#include <string.h>

typedef struct {
  const char *src;
  size_t size;
  /* Line start offsets, computed once. */
  size_t *lines;
  int nlines;
} source_t;

/* The identifier at (line, col), e.g. "A" for "%A"; false if none. */
static bool name_at(const source_t *s, int line, int col, char *out,
                    size_t cap) {
  if (line < 1 || line > s->nlines || col < 1 || cap < 2)
    return false;
  size_t i = s->lines[line - 1] + (size_t)(col - 1);
  if (i >= s->size || s->src[i] != '%')
    return false;
  ++i;
  size_t n = 0;
  while (i < s->size && n + 1 < cap &&
         (isalnum((unsigned char)s->src[i]) || s->src[i] == '_' ||
          s->src[i] == '$' || s->src[i] == '.'))
    out[n++] = s->src[i++];
  out[n] = 0;
  /* Numbered values (%0, %arg0) are not names the user chose. */
  return n > 0 && !isdigit((unsigned char)out[0]);
}

static MlirWalkResult name_args(MlirOperation op, void *ud) {
  const source_t *s = ud;
  if (!wmma_op_is(op, "func.func") && !wmma_op_is(op, "gpu.func"))
    return MlirWalkResultAdvance;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(entry))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry); ++i) {
    MlirValue a = mlirBlockGetArgument(entry, i);
    MlirLocation loc = mlirValueGetLocation(a);
    if (!mlirLocationIsAFileLineColRange(loc))
      continue;
    char name[64];
    if (!name_at(s, mlirLocationFileLineColRangeGetStartLine(loc),
                 mlirLocationFileLineColRangeGetStartColumn(loc), name,
                 sizeof name))
      continue;
    mlirBlockArgumentSetLocation(
        a, mlirLocationNameGet(ctx, wmma_sref(name), loc));
  }
  return MlirWalkResultAdvance;
}

void wmma_name_arguments(MlirOperation module, const char *src, size_t size) {
  source_t s = {src, size, NULL, 0};
  size_t cap = 1;
  for (size_t i = 0; i < size; ++i)
    cap += src[i] == '\n';
  s.lines = malloc(sizeof *s.lines * cap);
  if (!s.lines)
    return;
  s.lines[s.nlines++] = 0;
  for (size_t i = 0; i < size; ++i)
    if (src[i] == '\n')
      s.lines[s.nlines++] = i + 1;
  mlirOperationWalk(module, name_args, &s, MlirWalkPreOrder);
  free(s.lines);
}

bool wmma_location_name(MlirLocation loc, char *out, size_t cap) {
  if (mlirLocationIsNull(loc) || !mlirLocationIsAName(loc))
    return false;
  wmma_copy_ref(out, cap, mlirIdentifierStr(mlirLocationNameGetName(loc)));
  return out[0] != 0;
}
