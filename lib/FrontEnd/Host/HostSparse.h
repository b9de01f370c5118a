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

#endif /* WMMA_FRONTEND_HOST_HOSTSPARSE_H */
