/* Internal to the recogniser (Recognize.c: buffers, sizes, bindings, the
 * walk; RecognizeGeneric.c: linalg.generic bodies and the contraction and
 * reduction patterns in them). */
#ifndef WMMA_FRONTEND_RECOGNIZE_H
#define WMMA_FRONTEND_RECOGNIZE_H

#include "FrontEnd.h" /* fe_recognize */

#include "wmma/Support/ElementwiseOps.h"

#define MAX_BUFFERS 64
#define MAX_BINDS 512
#define MAX_POISONED 64

typedef struct {
  MlirValue value;
  int arg;      /* kernel argument (function argument or result), else -1 */
  int rank;
  fe_size shape[FE_MAX_RANK];
  MlirType elem;
  int contents; /* node in the buffer's own space; -1: never written */
  bool written;
  bool alloc;
  bool poisoned; /* written by an op that was refused: contents unknown */
  /* A zero-padded copy of buffer pad_src (a bufferized tensor.pad: zeros,
   * then the source copied into the view at offsets pad_lo), or -1: only
   * a convolution reads it (as masked loads of the source). */
  int pad_src;
  int64_t pad_lo[FE_MAX_RANK];
  int pad_lo_node[FE_MAX_RANK]; /* 1 + the scalar node of a run-time low
                                   padding (pad_lo then 0), 0: static */
  int64_t pad_step[FE_MAX_RANK]; /* the view's strides: > 1 puts zeros
                                    between the source's elements (a
                                    transposed convolution's dilated
                                    output gradient) */
  /* A tensor.pad's buffer at run-time sizes: its dims are the source's
   * plus pad_grow (low + high padding; shape holds the source's size,
   * so such a buffer is read only through pad_src by a convolution);
   * pad_grow -1: run-time padding amounts. */
  int64_t pad_grow[FE_MAX_RANK];
  bool grown;
  int pad_fill; /* the constant node around the source (pad_src >= 0):
                   zero, or what a pooling's border reads (-inf) */
} buffer_t;

/* A memref.subview of a local buffer at static offsets (a tensor.pad's
 * interior), which only a memref.copy may write. */
typedef struct {
  MlirValue v;
  int buf;
  int fill; /* the buffer's constant contents (zero but for a pooling) */
  int64_t off[FE_MAX_RANK];
  int off_node[FE_MAX_RANK]; /* 1 + the scalar node of a run-time offset */
  int64_t step[FE_MAX_RANK];
} padview_t;
#define MAX_PADVIEWS 8

typedef struct {
  MlirValue v;
  fe_size size; /* index values */
  int node;     /* scalar values (rank-0 nodes), else -1 */
  bool sized;   /* a size (index constants, memref.dim): `size` is valid */
  /* A tensor.pad's padded size at run time (affine.apply: `size` plus
   * grow; -1: plus run-time padding amounts), usable only as the padded
   * buffer's allocation size. */
  bool grown;
  int64_t grow;
} bind_t;

typedef struct {
  fe_problem *p;
  MlirBlock entry;
  buffer_t bufs[MAX_BUFFERS];
  int nbufs;
  bind_t binds[MAX_BINDS];
  int nbinds;
  int parent[FE_MAX_SYMS];
  int64_t value[FE_MAX_SYMS]; /* static value of a symbol's class, or -1 */
  fe_diag *diag;
  MlirOperation func; /* the caller's function: the ops the user wrote */
  /* Values made by refused ops: ops reading them are skipped rather than
   * refused again, so each obstacle is reported once. */
  MlirValue poisoned[MAX_POISONED];
  int npoisoned;
  bool fatal; /* a limit was hit: stop at the first obstacle */
  padview_t padviews[MAX_PADVIEWS];
  int npadviews;
} rec_t;

/* An obstacle at op `at` (null: the function), recorded in r->diag;
 * returns -1.  The walk goes on past an unsupported op to find the
 * others. */
int rec_refuse(rec_t *r, MlirOperation at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void rec_op_name(MlirOperation op, char *buf, size_t cap);
/* 0, or -1 (with a reason) when two static sizes disagree. */
int rec_unify(rec_t *r, MlirOperation at, fe_size a, fe_size b);
/* The buffer a value is (NULL if none). */
buffer_t *rec_buffer_of(rec_t *r, MlirValue v);
/* The scalar node of a value used inside a body but defined outside: a
 * constant or a scalar function argument (rank 0 nodes). */
int rec_outer_scalar(rec_t *r, MlirOperation at, MlirValue v);
/* Contents of a buffer (in its own space); an argument never written reads
 * as itself. */
int rec_contents(rec_t *r, MlirOperation at, buffer_t *b);
/* arith.constant: a scalar node or an index value. */
int rec_do_constant(rec_t *r, MlirOperation op);
/* The attributes of elementwise op `op` (table entry ew) the kernel's op
 * gets: the compare predicate, the kept ones (RecognizeBody.c). */
int rec_op_attrs(rec_t *r, MlirOperation op, const wmma_elementwise_op *ew,
                 int64_t *pred, MlirAttribute *attrs);
/* The node of elementwise op `op` (table entry ew) on its operands' nodes,
 * which `operand` looks up (a linalg body's values, or scalars outside
 * bodies; -1 after a refusal): 0 with *node (< 0: the graph is full), or
 * -1 after a refusal (RecognizeBody.c). */
typedef int (*rec_operand_fn)(rec_t *r, MlirOperation at, MlirValue v,
                              void *ctx);
int rec_elementwise_node(rec_t *r, MlirOperation op,
                         const wmma_elementwise_op *ew,
                         rec_operand_fn operand, void *ctx, int *node);
/* Binds value v (a size, a scalar node or both; node -1: none). */
int rec_bind(rec_t *r, MlirOperation at, MlirValue v, fe_size size, int node);
/* Scalar arithmetic outside linalg (RecognizeScalar.c): is op an
 * elementwise op on scalars, and its result as a rank-0 node. */
bool rec_is_scalar_op(MlirOperation op);
int rec_do_scalar_op(rec_t *r, MlirOperation op);
/* Whether two sizes are the same (static values or one symbol class). */
bool rec_same_size(rec_t *r, fe_size a, fe_size b);
/* A bufferized tensor.pad (RecognizePad.c): the subview of zeros its
 * source is copied into (1 if op is one, recorded; 0 if not), the copy,
 * and its padded sizes at run time (affine.apply of a memref.dim). */
int rec_do_pad_view(rec_t *r, MlirOperation op);
int rec_copy_into_pad(rec_t *r, MlirOperation op, buffer_t *src,
                      const padview_t *pv);
bool rec_is_pad_size(MlirOperation op);
int rec_do_pad_size(rec_t *r, MlirOperation op);
/* linalg.generic: the output's new contents (RecognizeGeneric.c). */
int rec_do_generic(rec_t *r, MlirOperation op);
/* A linalg.generic with a sliding window (a convolution) as an implicit
 * GEMM contraction (RecognizeConv.c); refused with the reason otherwise. */
int rec_do_conv(rec_t *r, MlirOperation op);
/* A pooling (RecognizePool.c): a window generic whose window operand's
 * block argument is unused; its body combine(out, f(input)) read into
 * *value (a node of the input load ni), *combine (the interned op name)
 * and *zext (the value zero-extended into the accumulator: unsigned max
 * and min).  0, or -1 refused. */
bool rec_is_pool(MlirOperation op);
int rec_pool_body(rec_t *r, MlirOperation op, int ni, int *value,
                  const char **combine, bool *zext);

#endif /* WMMA_FRONTEND_RECOGNIZE_H */
