/* wmma-run's 2:4 sparse inputs (Sparse24.c). */
#ifndef WMMA_RUN_SPARSE24_H
#define WMMA_RUN_SPARSE24_H

#include "wmma-c/Compiler.h"
#include "wmma-c/Runner.h"

#include <stddef.h>
#include <stdint.h>

/* Element e of kernel argument arg's buffer data, as a double. */
typedef double (*sparse24_reader)(void *ctx, int arg, const void *data,
                                  size_t e);
/* Zeroes all but the two largest magnitudes of every group of four along
 * the rows of the rows x k matrix (elements elem_bytes wide, read as
 * argument arg's). */
void sparse24_prune(void *dense, int64_t rows, int64_t k, int elem_bytes,
                    sparse24_reader read, void *ctx, int arg);
/* The kernel's form of a 2:4 matrix: values (rows x k/2, in K order) and
 * index words (rows x ceil(k/32): value p of a row's 32 K at bits
 * 2p..2p+1; groups past K read positions 0 and 1).  0, or -1 if a group
 * has more than two nonzeros. */
int sparse24_compress(const void *dense, int64_t rows, int64_t k,
                      int elem_bytes, sparse24_reader read, void *ctx,
                      int arg, void *values, uint32_t *words);
/* The kernel's arguments as the reference function takes them: each
 * values argument as its dense M x K matrix, the index words left out;
 * from[j] is the kernel argument reference argument j comes from.  The
 * count, or -1 on a malformed record. */
int sparse24_reference_args(const wmma_compile_result *k,
                            wmma_compile_result *ref, int *from);

/* How the runner reads, writes and draws elements of kernel argument i
 * (its element kind is the runner's business). */
typedef struct {
  void *ctx;
  sparse24_reader load;
  void (*store)(void *ctx, int arg, void *data, size_t e, double v);
  double (*draw)(void *ctx, int arg); /* a random input value */
} sparse24_elems;

/* The inputs of the 2:4 sparse arguments of kernel k (shapes resolved):
 * per values argument a dense matrix drawn, pruned, compressed into the
 * kernel's values and index words (kargs), and the reference's argument
 * sets (ref->nargs arguments: args[0] values, args[1] magnitudes), the
 * others sharing the runner's rargs and margs. */
typedef struct {
  wmma_compile_result *ref; /* NULL: no sparse argument */
  wmma_host_arg args[2][WMMA_MAX_KERNEL_ARGS];
  int64_t shapes[WMMA_MAX_KERNEL_ARGS][WMMA_MAX_RANK];
  void *owned[2 * WMMA_MAX_KERNEL_ARGS];
  int nowned;
} sparse24_inputs;
/* 0 (out->ref NULL when k has no sparse argument), or -1 with msg. */
int sparse24_inputs_make(const wmma_compile_result *k,
                         int64_t shapes[][WMMA_MAX_RANK],
                         wmma_host_arg *kargs, const wmma_host_arg *rargs,
                         const wmma_host_arg *margs, const sparse24_elems *el,
                         sparse24_inputs *out, char *msg, size_t cap);
void sparse24_inputs_free(sparse24_inputs *in);

#endif /* WMMA_RUN_SPARSE24_H */
