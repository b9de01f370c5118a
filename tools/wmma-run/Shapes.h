/* wmma-run's argument shapes: --size options (an argument's dimensions,
 * or an index scalar's value), the shapes they and the compiled record
 * fix, and the sizes a program computes from them. */
#ifndef WMMA_RUN_SHAPES_H
#define WMMA_RUN_SHAPES_H

#include "wmma-c/Runner.h"

/* One --size NAME=AxB...: a buffer argument's sizes, or (one value) an
 * index scalar's. */
typedef struct {
  char name[64];
  int rank;
  int64_t dims[WMMA_MAX_RANK];
} size_opt;

/* Largest --size dimension (a dispatch counts work-items in 32 bits). */
#define MAX_SIZE 2147483647LL

/* "NAME=AxBxC" -> size_opt, each size in 0..MAX_SIZE; 0 on success. */
int parse_size(const char *v, size_opt *o);
/* Shapes of every buffer argument: static, given by --size, or (outputs,
 * results) from the run-time sizes the given ones fix; -1 for a size the
 * program computes (computed_shapes).  0, or 1 with a message. */
int resolve_shapes(const wmma_compile_result *k, const size_opt *sizes,
                   int nsizes, int64_t shapes[][WMMA_MAX_RANK]);
/* The dimensions of sizes a program computes, from the buffers' shapes and
 * the scalars in args.  0, or 1 with a message. */
int computed_shapes(const wmma_compile_result *k, const wmma_host_arg *args,
                    int64_t shapes[][WMMA_MAX_RANK]);

#endif /* WMMA_RUN_SHAPES_H */
