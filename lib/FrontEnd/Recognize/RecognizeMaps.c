/* Front end, step 1 (continued): the indexing maps of a linalg.generic --
 * which loop each operand dimension reads (plain, divided by a constant, or
 * a constant index), the loop sizes the operands give -- and the maps of a
 * sliding window (a convolution or a pooling), which RecognizeConv.c
 * reads. */
#include "Recognize/GenericParts.h"

#include "wmma/Support/ElementwiseOps.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

/* Result j of map, `d` or `d floordiv c` (c >= 2) -> loop dim out[j] and
 * div[j] = c (0 for `d`); each loop dim at most once; with `fixed`, a
 * constant c >= 0 -> out[j] = FE_MAP_FIXED, fixed[j] = c.  -1 otherwise. */
static int read_grouped(MlirAffineMap m, int rank, int nloops, int8_t *out,
                        int32_t *div, int32_t *fixed) {
  unsigned used = 0;
  for (int j = 0; j < rank; ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(m, j);
    div[j] = 0;
    if (fixed)
      fixed[j] = 0;
    if (fixed && mlirAffineExprIsAConstant(e)) {
      int64_t c = mlirAffineConstantExprGetValue(e);
      if (c < 0 || c > (1 << 30))
        return -1;
      out[j] = FE_MAP_FIXED;
      fixed[j] = (int32_t)c;
      continue;
    }
    if (mlirAffineExprIsAFloorDiv(e)) {
      MlirAffineExpr lhs = mlirAffineBinaryOpExprGetLHS(e);
      MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
      if (!mlirAffineExprIsADim(lhs) || !mlirAffineExprIsAConstant(rhs))
        return -1;
      int64_t c = mlirAffineConstantExprGetValue(rhs);
      if (c < 2 || c > (1 << 30))
        return -1;
      div[j] = (int32_t)c;
      e = lhs;
    }
    if (!mlirAffineExprIsADim(e))
      return -1;
    intptr_t d = mlirAffineDimExprGetPosition(e);
    if (d < 0 || d >= nloops || (used >> d & 1))
      return -1;
    used |= 1u << d;
    out[j] = (int8_t)d;
  }
  return 0;
}

bool rec_grouped(const int32_t *div, int rank) {
  for (int j = 0; j < rank; ++j)
    if (div[j])
      return true;
  return false;
}

/* Result j of map -> loop dim out[j]; the map must be a projected
 * permutation over nloops dims, or, when div and fixed are given (inputs),
 * may also divide loop indices by constants (div[j], 0 where not) and read
 * constant indices (out[j] = FE_MAP_FIXED, fixed[j]: broadcasts of size-1
 * dims as torch-mlir and TOSA write them, (d0, d1) -> (0, d1)). */
int rec_read_map(rec_t *r, MlirOperation at, MlirAttribute maps, intptr_t i,
                    int nloops, int rank, int8_t *out, int32_t *div,
                    int32_t *fixed) {
  if (i >= mlirArrayAttrGetNumElements(maps))
    return rec_refuse(r, at, "missing indexing map");
  MlirAttribute a = mlirArrayAttrGetElement(maps, i);
  if (!mlirAttributeIsAAffineMap(a))
    return rec_refuse(r, at, "indexing map is not an affine map");
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if ((int)mlirAffineMapGetNumDims(m) != nloops ||
      mlirAffineMapGetNumSymbols(m) != 0 ||
      (int)mlirAffineMapGetNumResults(m) != rank)
    return rec_refuse(r, at, "indexing map does not match the operand's rank");
  /* Plain loop indices, each at most once (a projected permutation), and,
   * where allowed, loop indices divided by constants and constants. */
  int32_t plain[FE_MAX_RANK];
  int32_t *dv = div ? div : plain;
  if (rank > FE_MAX_RANK || read_grouped(m, rank, nloops, out, dv, fixed) ||
      (!div && rec_grouped(dv, rank)))
    return rec_refuse(r, at, div ? "indexing maps must be projected "
                                   "permutations (plain loop indices, each "
                                   "used once), divide loop indices by "
                                   "constants (group-wise scales) or read "
                                   "constant indices (broadcasts); offsets, "
                                   "strides and diagonals are not supported"
                                 : "the output's indexing map must be a "
                                   "projected permutation (plain loop "
                                   "indices, each used once); constants, "
                                   "offsets, strides and diagonals are not "
                                   "supported");
  return 0;
}

int rec_size_loops(rec_t *r, MlirOperation at, loops_t *l,
                      const buffer_t *b, const int8_t *map,
                      const int32_t *div, const int32_t *fixed) {
  for (int j = 0; j < b->rank; ++j) {
    int d = map[j];
    if (d == FE_MAP_FIXED) {
      /* A constant index must be inside a static dimension (a dynamic
       * one is the program's promise, as for any index). */
      fe_size s = b->shape[j];
      if (fe_size_static(s) && fixed[j] >= s.value)
        return rec_refuse(r, at, "an input is read at the constant index "
                                 "%d of a dimension of size %lld",
                          (int)fixed[j], (long long)s.value);
      continue;
    }
    if (div && div[j])
      continue; /* a group index says nothing of the loop's size */
    if (!l->known[d]) {
      l->size[d] = b->shape[j];
      l->known[d] = true;
    } else if (rec_unify(r, at, l->size[d], b->shape[j])) {
      return -1;
    }
  }
  return 0;
}

static bool reads_a_loop(MlirAffineExpr e) {
  if (mlirAffineExprIsADim(e))
    return true;
  return mlirAffineExprIsABinary(e) &&
         (reads_a_loop(mlirAffineBinaryOpExprGetLHS(e)) ||
          reads_a_loop(mlirAffineBinaryOpExprGetRHS(e)));
}

/* A sum of two terms that each read a loop index (oh + kh, 2 * oh + kh);
 * an offset (i + 1) is not one. */
static bool sums_loops(MlirAffineExpr e) {
  if (!mlirAffineExprIsABinary(e))
    return false;
  MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
  if (mlirAffineExprIsAAdd(e) && reads_a_loop(l) && reads_a_loop(r))
    return true;
  return sums_loops(l) || sums_loops(r);
}

/* A sliding window (convolution, pooling): some input is indexed by a
 * sum of loop indices. */
bool rec_has_window(MlirAttribute maps) {
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(maps); ++i) {
    MlirAttribute a = mlirArrayAttrGetElement(maps, i);
    if (!mlirAttributeIsAAffineMap(a))
      continue;
    MlirAffineMap m = mlirAffineMapAttrGetValue(a);
    for (intptr_t j = 0; j < mlirAffineMapGetNumResults(m); ++j)
      if (sums_loops(mlirAffineMapGetResult(m, j)))
        return true;
  }
  return false;
}
