/* Validity rules of the #wmma.launch record (see LaunchCheck.h). */
#include "wmma/Dialect/LaunchCheck.h"

#include "CheckMessage.h"

#include <stdio.h>

int wmma_launch_check(const wmma_launch_info *l, char *msg, size_t cap) {
  if (l->grid_dims != 0 || l->grid_results != 3)
    return wmma_check_fail(msg, cap,
                "grid must be an affine map ()[symbols] -> (x, y, z); got %d "
                "dimensions and %d results",
                l->grid_dims, l->grid_results);
  if (l->nblock != 3)
    return wmma_check_fail(msg, cap, "block must have 3 entries, got %d", l->nblock);
  int64_t threads = 1;
  for (int i = 0; i < 3; ++i) {
    if (l->block[i] < 1)
      return wmma_check_fail(msg, cap, "block sizes must be positive, got %d",
                  (int)l->block[i]);
    threads *= l->block[i];
  }
  if (threads > WMMA_MAX_BLOCK_THREADS)
    return wmma_check_fail(msg, cap, "a workgroup of %lld threads exceeds the limit of %d",
                (long long)threads, WMMA_MAX_BLOCK_THREADS);
  if (l->lds < 0 || l->lds > WMMA_MAX_LDS_BYTES)
    return wmma_check_fail(msg, cap, "lds = %lld bytes is outside 0..%d",
                (long long)l->lds, WMMA_MAX_LDS_BYTES);
  if (l->nhost != l->nroles)
    return wmma_check_fail(msg, cap, "roles (%d entries) and host (%d entries) differ in "
                          "length",
                l->nroles, l->nhost);
  /* Every grid symbol must be a run-time size of some argument. */
  for (int s = 0; s < l->grid_symbols; ++s) {
    int found = 0;
    for (int i = 0; i < l->ndims && !found; ++i)
      found = l->dims[i] == -1 - (int64_t)s;
    if (!found)
      return wmma_check_fail(msg, cap, "grid symbol s%d is not the size of any argument "
                            "dimension (dims has no %d)",
                  s, -1 - s);
  }
  for (int i = 0; i < l->ndims; ++i)
    if (l->dims[i] < -1 - (int64_t)l->ndims)
      return wmma_check_fail(msg, cap, "dims entry %d (%lld) names no size symbol", i,
                  (long long)l->dims[i]);
  return 0;
}

int wmma_launch_check_signature(const wmma_launch_info *l,
                                const wmma_launch_sig_arg *args, int nargs,
                                char *msg, size_t cap) {
  if (l->nroles != nargs)
    return wmma_check_fail(msg, cap, "the record describes %d arguments but the kernel "
                          "has %d",
                l->nroles, nargs);
  int at = 0;
  for (int a = 0; a < nargs; ++a) {
    if (args[a].rank < 0)
      continue;
    for (int d = 0; d < args[a].rank; ++d, ++at) {
      if (at >= l->ndims)
        return wmma_check_fail(msg, cap, "dims has %d entries but the memref arguments "
                              "have more dimensions",
                    l->ndims);
      int64_t rec = l->dims[at], ty = args[a].shape[d];
      if (ty >= 0 && rec != ty)
        return wmma_check_fail(msg, cap, "argument %d dimension %d is %lld in the "
                              "signature but %lld in dims",
                    a, d, (long long)ty, (long long)rec);
    }
  }
  if (at != l->ndims)
    return wmma_check_fail(msg, cap, "dims has %d entries but the memref arguments have "
                          "%d dimensions",
                l->ndims, at);
  return 0;
}
