/* HostSparse.c: the caller-facing signature of a function with 2:4 sparse
 * arguments. */
#ifndef WMMA_FRONTEND_HOST_HOSTSPARSE_H
#define WMMA_FRONTEND_HOST_HOSTSPARSE_H

#include "FrontEnd.h"

/* Each caller argument that the kernel reads as compressed values and
 * index words becomes those two arguments (values in its place, the words
 * next); map[h] is caller argument h's (first) position afterwards.  0, or
 * -1 (too many arguments). */
int fe_host_sparse_signature(MlirOperation func, const fe_problem *p,
                             int *map);

/* A dynamic K (read from B's K dimension, `K` here) of a 2:4 A: run-time
 * checks (cf.assert) that K is a multiple of 4 and that the values and
 * words hold K / 2 and ceil(K / 32) per row, before the launch.  0, or -1
 * if an op could not be built. */
int fe_host_sparse_checks(wb_t *b, const fe_problem *p, MlirBlock body,
                          const int *map, MlirValue K);

#endif /* WMMA_FRONTEND_HOST_HOSTSPARSE_H */
