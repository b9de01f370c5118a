/* Whole programs (Partition.c, Extract.c): a normalized function whose body
 * is not one kernel is cut into segments -- runs of consecutive compute ops
 * (linalg.generic, memref.copy) that one template builds as one kernel --
 * each recognised from a sub-function of its own (the segment's ops, its
 * buffers as arguments), so every template and every fusion the single-
 * kernel front end knows applies to a segment unchanged. */
#ifndef WMMA_FRONTEND_PARTITION_PARTITION_H
#define WMMA_FRONTEND_PARTITION_PARTITION_H

#include "FrontEnd.h"

#define FE_MAX_SEGMENTS 64
#define FE_MAX_COMPUTE 256 /* compute ops of a function */

/* A segment's sub-function: `func.func @F_kN(args) { ops }` in a scratch
 * module of its own.  Argument i stands for outer[i], a value of the
 * normalized body (a caller argument, an allocation used outside the
 * segment, a view, a scalar).  Allocations used only by the segment (and
 * the index values they are sized by) are cloned inside, where recognition
 * sees them as the segment's temporaries. */
typedef struct {
  MlirOperation module; /* owns func; destroy with mlirOperationDestroy */
  MlirOperation func;
  int nargs;
  MlirValue outer[FE_MAX_ARGS];
  /* Allocations of the normalized body cloned inside (erased from the
   * host with the segment). */
  int ninternal;
  MlirOperation internal[FE_MAX_ARGS];
} fe_extract;

/* Constant fills of buffers nothing else writes (the zeros every
 * matmul's accumulator starts from, shared between products by
 * bufferization): not kernels of their own, but cloned into each segment
 * reading the buffer, where they are the accumulator's initial value. */
typedef struct {
  int n;
  MlirOperation fill[FE_MAX_COMPUTE];
  MlirValue buffer[FE_MAX_COMPUTE];
} fe_remat;

/* Does linalg.generic op run over parallel loops only, its body yielding
 * its first operand's element (a fill, a copy, a transpose)? */
bool fe_yields_first_input(MlirOperation op);

/* Is op such a fill (of an allocation read only by compute ops)? */
bool fe_is_remat_fill(MlirBlock body, MlirOperation op, MlirValue *buffer);

/* The sub-function of compute ops ops[first..last] of the normalized body
 * `body` (fills in remat cloned where their buffer is read); 0, or -1 (too
 * many arguments: the segment is not a kernel). */
int fe_extract_segment(MlirBlock body, MlirOperation *ops, int first,
                       int last, const fe_remat *remat, const char *name,
                       fe_extract *x);
void fe_extract_free(fe_extract *x);

/* One kernel of the program: compute ops [first, last], its problem and
 * the template and schedule chosen for it. */
typedef struct {
  int first, last;
  fe_extract x;
  fe_problem *p;
  const fe_template *t;
  fe_schedule s;
  fe_options o;
} fe_segment;

/* Why a compute op is in no segment (it stays on the host). */
typedef struct {
  MlirOperation op;
  MlirLocation loc;
  char why[FE_WHY];
  bool control; /* a loop or conditional the program record cannot
                   describe (kept whole, its ops unconverted) */
} fe_leftover;

typedef struct {
  int nops;
  MlirOperation ops[FE_MAX_COMPUTE]; /* compute ops of the body, in order */
  int nsegs;
  fe_segment segs[FE_MAX_SEGMENTS];
  int nleft;
  fe_leftover left[FE_MAX_COMPUTE];
  /* Ops other than compute and pure host ops (calls, loops, ...): they
   * stay on the host and no segment spans one. */
  int nforeign;
  MlirOperation foreign[FE_MAX_COMPUTE];
  /* Loops and conditionals (Control.c): no segment spans one; the
   * compute ops in their regions are cut block by block. */
  int nbarrier;
  MlirOperation barrier[FE_MAX_COMPUTE];
  fe_remat remat;
  MlirOperation user_func; /* the caller's function: names the ops the
                              user wrote in the reasons */
} fe_partition;

/* Cuts the normalized function into segments, longest first from each
 * op (maximal munch over a window): every run a template accepts becomes a
 * kernel, with the prologues, epilogues and chains the templates fuse.
 * name: the caller's function user_func's (kernels are @name_kN).  0, -1
 * on an internal error (out of memory), or -2 when the body has more than
 * FE_MAX_COMPUTE ops of a kind (compute, or foreign). */
int fe_partition_build(MlirOperation norm, MlirOperation user_func,
                       const char *name,
                       const wmma_chip_info *chip, const fe_options *o,
                       fe_partition *pt);
void fe_partition_free(fe_partition *pt);

/* Is op a compute op (a kernel's work) / a host op that only computes
 * sizes, allocates, views or frees (no effect a kernel could see)? */
bool fe_is_compute_op(MlirOperation op);
bool fe_is_pure_host_op(MlirOperation op);
/* A view of its operand 0's data (reshape, cast, static subview). */
bool fe_is_view_op(MlirOperation op);
/* The buffer a value views (through the view ops above). */
MlirValue fe_root_buffer(MlirValue v);
/* The index of a compute op's first output operand (its writes). */
intptr_t fe_first_output(MlirOperation op);

/* Control.c: is op an scf.for / scf.if (kernels launched inside)? */
bool fe_is_control_op(MlirOperation op);
/* Collects the compute ops of block and of the loops and conditionals in
 * it, in program order (fills of accumulators into pt->remat; ops with
 * unknown effects into pt->foreign; loops the program record cannot
 * describe into pt->left with the reason, kept whole).  Sinks movements
 * in each block first.  0, or -2 when a list is full. */
int fe_partition_collect(fe_partition *pt, MlirBlock block);

/* Sink.c: moves every op that only moves data (a transpose, a copy, a
 * broadcast) of an intermediate to just before the first op reading its
 * result, where nothing in between conflicts, so that the reader's run
 * can absorb it.  Returns how many moved. */
int fe_sink_movements(MlirBlock body);

#endif /* WMMA_FRONTEND_PARTITION_PARTITION_H */
