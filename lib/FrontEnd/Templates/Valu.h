/* The VALU template's pieces shared by its files: the planning helpers
 * that the kernels read again (ValuPlan.c), the element-by-element
 * evaluation of operands, accumulator and epilogue (Valu.c), and its two
 * kernels, tiled (ValuTiled.c) and rows (ValuRows.c).
 *
 * The VALU template: a product no WMMA instruction takes (FE_SHAPE_VALU,
 * Problem/ProblemValu.c), computed exactly as the program states it with
 * VALU multiply-adds (math.fma in the kernel's accumulator type, f32 or
 * f64; arith.muli + arith.addi in i32).  Operands, the accumulator and the
 * epilogue are evaluated element by element (Kernel/Point.c), so any
 * operand layout, prologue and epilogue works.  Two kernels:
 *
 *  tiled (M and N of at least 2): a workgroup of 256 threads (16 x 16)
 *    computes a T x T output tile, each thread a P x P block in registers
 *    (T = 16 P; P = 2, 4 or 8, chosen in valu_plan() by the modelled
 *    time, Schedule/PlainCost.c, the old estimate within its margin:
 *    VALU multiply-adds against the LDS bytes that feed them, over the
 *    workgroups the CUs run at once -- a larger block reads fewer LDS
 *    bytes per multiply-add, a smaller one makes more workgroups).  K
 *    advances in slices of 16: the workgroup stages A (T x 16) and B (16 x
 *    T) through LDS (stored K-major, already converted to the accumulator
 *    type, the slice past K zeroed), then every thread reads P A and P B
 *    values per K, in runs of at most 4 (one 16-byte LDS read each; the
 *    runs of a block 64 apart, so that a wave's reads of one run are
 *    consecutive), and does P x P multiply-adds.  Consecutive threads load
 *    consecutive elements along each operand's innermost loop (K when it
 *    is contiguous, else M or N).  Grid: x over N tiles, y over M tiles, z
 *    over the batch loops; stores guarded on M/N tails.
 *  rows (no M or no N, or one of them 1: matrix-vector, vector-matrix,
 *    batched matrix-vector, dot): each output element is a reduction over
 *    K by a group of lanes: a wave (8 outputs per workgroup) when K is the
 *    matrix's innermost dimension, the whole workgroup when there is one
 *    output (a dot product) -- these two by the old rule; the modelled
 *    time may take 32 to 256 lanes instead (rows_group, PlainCost.c) --
 *    else a single thread (256 outputs per
 *    workgroup, consecutive threads on consecutive outputs: coalesced
 *    along the matrix's rows).  Lanes stride over K (consecutive lanes,
 *    consecutive K), each keeping a partial sum; the partials meet in LDS
 *    and are added in lane order (deterministic; a workgroup's per wave
 *    first, then over the waves); the group's first lane adds the
 *    accumulator, applies the epilogue and stores.  A pooling (no B,
 *    fe_contraction.combine) is a rows kernel of one thread per output
 *    whose partials combine with its max, min or add, masked elements
 *    its identity; it reads its window in one unmasked step when it has
 *    at most 16 taps (taps_per_step); at run-time sizes its workgroup
 *    takes several values of the innermost batch loop too (static rows:
 *    merged_columns; run-time rows: column_block).  A thread alone on its
 *    output skips the K loop where the output does not exist.  Grid: x
 *    over output blocks, z over the batch. */
#ifndef WMMA_FRONTEND_TEMPLATES_VALU_H
#define WMMA_FRONTEND_TEMPLATES_VALU_H

#include "Kernel/Kernel.h"

#define VALU_THREADS 256
#define VALU_SIDE 16     /* tiled: threads along M and along N */
#define VALU_MAX_PER 8   /* tiled: outputs per thread along M and N, at most */
#define VALU_RUN 4       /* tiled: a thread's consecutive rows (columns) */
#define VALU_KSTEP 16    /* tiled: K per LDS slice */
#define VALU_UNROLL 4    /* rows: K elements per lane per loop step */
#define VALU_ROW_BLOCK 16 /* rows: a pooling's run-time rows per workgroup */

/* Planning (ValuPlan.c). */
/* The tiled kernel needs both M and N (and neither of size 1). */
bool valu_tiled(const fe_gemm *g);
/* rows: the loop whose outputs are spread over lane groups (M, else N;
 * -1 for a dot product), and its size. */
int valu_row_loop(const fe_gemm *g, fe_size *size);
/* Is K the innermost memory dimension of the operand indexing loop `row`
 * (A for M, B for N)?  Then consecutive threads load along K. */
bool valu_k_innermost(const fe_problem *p, bool lhs, int row);
/* Lanes per output in the rows kernel (VALU_THREADS, 32 or 1). */
int valu_row_group(const fe_problem *p);
/* The lanes per output of a rows schedule s: 1 for a pooling's merged or
 * blocked columns, else VALU_THREADS / s->tile_m (outputs per workgroup). */
int valu_schedule_group(const fe_problem *p, const fe_schedule *s);
/* A pooling's pixels per workgroup beside its static rows, or 1. */
int valu_merged_columns(const fe_problem *p);
/* A pooling's columns per workgroup beside its run-time rows, or 1. */
int valu_column_block(const fe_problem *p);
int valu_plan(const fe_problem *p, const wmma_chip_info *chip,
              const fe_options *o, fe_schedule *s, char *why, size_t cap);

/* Element-by-element evaluation (Valu.c). */
/* Where one output element is, in the product's loop space (loop[l]), its
 * output space (po[j]) and the output buffer's (out[j]). */
typedef struct {
  MlirValue loop[FE_MAX_LOOPS];
  MlirValue po[FE_MAX_RANK];
  MlirValue out[FE_MAX_RANK];
} valu_point;

/* A pooling's combining op (fe_contraction.combine), or NULL. */
const char *valu_pool_combine(const fe_kb *kb);
bool valu_is_op(const char *name, const char *a, const char *b);
/* c + a * b in the accumulator type. */
MlirValue valu_mac(fe_kb *kb, MlirValue a, MlirValue b, MlirValue c);
/* a + b, or a pooling's combining op on them. */
MlirValue valu_add(fe_kb *kb, MlirValue a, MlirValue b);
/* The point of (batch, row m, column n); m or n null where the product
 * has no such loop. */
void valu_point_at(fe_kb *kb, valu_point *pt, const MlirValue *batch,
                   MlirValue m, MlirValue n);
/* Operand A (lhs) or B at pt with K = k in the accumulator type, less its
 * zero point; the combine's identity past K when masked. */
MlirValue valu_operand_at(fe_kb *kb, fe_memo *m, valu_point *pt, bool lhs,
                          MlirValue k, bool masked);
/* The accumulator's initial value at pt. */
MlirValue valu_acc_init(fe_kb *kb, fe_memo *m, const valu_point *pt);
/* The epilogue at pt on `acc`, stored (only where `ok`, when not null). */
void valu_store_at(fe_kb *kb, fe_memo *m, const valu_point *pt,
                   MlirValue acc, MlirValue ok);
/* ceil(K / step) * step. */
MlirValue valu_k_end(fe_kb *kb, int step);
/* a && b, either null for true. */
MlirValue valu_and_(fe_kb *kb, MlirValue a, MlirValue b);
/* The combining op's identity in the accumulator type. */
MlirValue valu_identity(fe_kb *kb);

/* The kernels. */
int valu_build_tiled(fe_kb *kb); /* ValuTiled.c */
int valu_build_rows(fe_kb *kb);  /* ValuRows.c */

#endif /* WMMA_FRONTEND_TEMPLATES_VALU_H */
