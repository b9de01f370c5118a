/* Validity rules of the #wmma.launch record, in C on plain data (the C++
 * attribute and op-attribute verifiers gather the data and call these). */
#ifndef WMMA_DIALECT_LAUNCHCHECK_H
#define WMMA_DIALECT_LAUNCHCHECK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Limits of a launch on RDNA3/RDNA4 (wave32). */
#define WMMA_MAX_BLOCK_THREADS 1024
#define WMMA_MAX_LDS_BYTES 65536

typedef struct {
  int grid_dims, grid_results, grid_symbols; /* of the grid affine map */
  const int32_t *block;
  int nblock;
  int64_t lds;
  int nroles;
  const int64_t *host;
  int nhost;
  const int64_t *dims;
  int ndims;
} wmma_launch_info;

/* One argument of the kernel signature: a memref of `rank` dimensions
 * (shape[i] < 0: dynamic) or a scalar (rank -1). */
typedef struct {
  int rank;
  const int64_t *shape;
} wmma_launch_sig_arg;

/* 0 if the record is self-consistent; else -1 with a message in msg. */
int wmma_launch_check(const wmma_launch_info *l, char *msg, size_t cap);
/* 0 if the record describes this signature; else -1 with a message. */
int wmma_launch_check_signature(const wmma_launch_info *l,
                                const wmma_launch_sig_arg *args, int nargs,
                                char *msg, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_DIALECT_LAUNCHCHECK_H */
