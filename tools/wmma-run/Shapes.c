/* wmma-run's argument shapes (see Shapes.h). */
#include "Shapes.h"
#include "IntOption.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "NAME=AxBxC" -> size_opt, each size in 0..MAX_SIZE; 0 on success. */
int parse_size(const char *v, size_opt *o) {
  const char *eq = strchr(v, '=');
  if (!eq || eq == v)
    return -1;
  size_t n = (size_t)(eq - v);
  if (n >= sizeof o->name)
    return -1;
  memcpy(o->name, v, n);
  o->name[n] = 0;
  long long dims[WMMA_MAX_RANK];
  if (int_list(eq + 1, 'x', 0, MAX_SIZE, dims, WMMA_MAX_RANK, &o->rank))
    return -1;
  for (int d = 0; d < o->rank; ++d)
    o->dims[d] = dims[d];
  return 0;
}

/* Shapes of every buffer argument: static, given by --size, or (outputs,
 * results) from the run-time sizes the given ones fix.  0, or 1 with a
 * message. */
int resolve_shapes(const wmma_compile_result *k, const size_opt *sizes,
                          int nsizes, int64_t shapes[][WMMA_MAX_RANK]) {
  int64_t sym[64];
  int known[64] = {0};
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < k->nargs; ++i) {
      const wmma_kernel_arg *a = &k->args[i];
      if (!a->is_buffer)
        continue;
      const size_opt *given = NULL;
      for (int j = 0; j < nsizes; ++j)
        if (!strcmp(sizes[j].name, a->name))
          given = &sizes[j];
      if (given && given->rank != a->rank) {
        fprintf(stderr, "wmma-run: error: --size %s gives %d sizes; the "
                        "argument has %d dimensions\n", a->name, given->rank,
                a->rank);
        return 1;
      }
      for (int d = 0; d < a->rank; ++d) {
        int64_t rec = a->shape[d];
        int s = rec < 0 ? (int)(-1 - rec) : -1;
        /* A 2:4 argument's parts take the dense matrix's rows (--size
         * names the dense M x K; K x N for one 2:4 along its columns,
         * whose parts are its transpose's); their widths are static or,
         * for a dynamic K, K/2 values and ceil(K/32) index words. */
        int64_t want = !given ? 0
                       : a->sparse && a->sparse_cols && a->rank == 2
                           ? given->dims[1 - d]
                           : given->dims[d];
        if (given && a->sparse && d == 1 && want % 4) {
          fprintf(stderr, "wmma-run: error: --size %s: K = %lld is not a "
                          "multiple of 4, the group of the 2:4 form\n",
                  a->name, (long long)want);
          return 1;
        }
        if (given && a->sparse && d == 1)
          want = a->sparse == 1 ? want / 2 : (want + 31) / 32;
        if (given && !(a->sparse && rec >= 0)) {
          shapes[i][d] = want;
          if (s >= 0 && s < 64 && !known[s])
            sym[s] = want, known[s] = 1;
        } else if (rec >= 0) {
          shapes[i][d] = rec;
        } else if (s < 64 && known[s]) {
          shapes[i][d] = sym[s];
        } else if (k->size_values && s < k->nsizes &&
                   k->size_values[s] >= 0) {
          shapes[i][d] = -1; /* the host computes it (computed_shapes) */
        } else if (pass == 1) {
          fprintf(stderr, "wmma-run: error: argument '%s' has run-time sizes: "
                          "give them with --size %s=", a->name, a->name);
          for (int e = 0; e < a->rank; ++e)
            fprintf(stderr, "%s%s", e ? "x" : "", a->shape[e] >= 0 ? "N" : "?");
          fprintf(stderr, "\n");
          return 1;
        }
      }
    }
  return 0;
}

/* Dimensions of sizes a program computes (a flatten of run-time sizes,
 * arithmetic on index scalars), once the inputs' shapes and scalars are
 * known.  0, or 1 with a message. */
int computed_shapes(const wmma_compile_result *k,
                           const wmma_host_arg *args,
                           int64_t shapes[][WMMA_MAX_RANK]) {
  if (!k->size_values)
    return 0;
  int64_t sizes[64];
  char *diag = NULL;
  if (wmma_program_sizes(k, args, k->nargs, sizes, &diag)) {
    fprintf(stderr, "wmma-run: error: %s\n", diag ? diag : "bad sizes");
    free(diag);
    return 1;
  }
  for (int i = 0; i < k->nargs; ++i)
    for (int d = 0; k->args[i].is_buffer && d < k->args[i].rank; ++d) {
      int64_t rec = k->args[i].shape[d];
      if (shapes[i][d] >= 0 || rec >= 0)
        continue;
      if (-1 - rec >= 64 || sizes[-1 - rec] < 0) {
        fprintf(stderr, "wmma-run: error: argument '%s' has a size the "
                        "program cannot compute\n", k->args[i].name);
        return 1;
      }
      shapes[i][d] = sizes[-1 - rec];
    }
  return 0;
}
