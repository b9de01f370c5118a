/* The parts of reading a linalg.generic shared by RecognizeGeneric.c (the
 * op: header, operands, classification), RecognizeMaps.c (indexing maps
 * and loop sizes, sliding windows) and RecognizeBody.c (the body's ops as
 * graph nodes). */
#ifndef WMMA_FRONTEND_RECOGNIZE_GENERICPARTS_H
#define WMMA_FRONTEND_RECOGNIZE_GENERICPARTS_H

#include "Recognize/Recognize.h"

#include "mlir-c/AffineMap.h"

/* The loops of a generic and what the operands say of their sizes. */
typedef struct {
  int nloops;
  fe_size size[FE_MAX_LOOPS];
  bool known[FE_MAX_LOOPS];
} loops_t;

/* Result j of input/output i's map -> loop dim out[j]: a projected
 * permutation, or, with div and fixed (inputs), loop indices divided by
 * constants (div[j]) and constant indices (out[j] = FE_MAP_FIXED,
 * fixed[j]).  0, or -1 refused. */
int rec_read_map(rec_t *r, MlirOperation at, MlirAttribute maps, intptr_t i,
                 int nloops, int rank, int8_t *out, int32_t *div,
                 int32_t *fixed);
/* Does any result divide a loop index? */
bool rec_grouped(const int32_t *div, int rank);
/* The loop sizes buffer b gives through map (and div, fixed). */
int rec_size_loops(rec_t *r, MlirOperation at, loops_t *l, const buffer_t *b,
                   const int8_t *map, const int32_t *div, const int32_t *fixed);
/* A sliding window (convolution, pooling): an input indexed by a sum of
 * loop indices. */
bool rec_has_window(MlirAttribute maps);

/* A body's values -> graph nodes. */
typedef struct {
  MlirValue v;
  int node;
} local_t;

#define MAX_LOCALS 128

typedef struct {
  local_t locals[MAX_LOCALS];
  int n;
} body_t;

/* The node of body value v (a local, else an outer scalar). */
int rec_body_node(rec_t *r, body_t *bd, MlirOperation at, MlirValue v);
/* Binds v to node (-1: refused, the graph is full). */
int rec_body_bind(rec_t *r, body_t *bd, MlirOperation at, MlirValue v,
                  int node);

/* Values of a body made by ops that were refused (or skipped). */
typedef struct {
  MlirValue v[MAX_LOCALS];
  int n;
} body_failed_t;

void rec_body_fail(body_failed_t *f, MlirOperation op);
bool rec_body_reads_failed(const body_failed_t *f, MlirOperation op);
/* One op of a linalg body with nloops loops: bound to its node. */
int rec_body_op(rec_t *r, body_t *bd, MlirOperation op, int nloops);

#endif /* WMMA_FRONTEND_RECOGNIZE_GENERICPARTS_H */
