/* wmma-run's 2:4 sparse inputs: the C port of python/wmma/sparse24.py's
 * prune_2_4, compress_2_4 and pack_index_words (docs/sparse-frontend.md).
 * A caller argument 2:4 sparse along its rows is two kernel arguments
 * (wmma_kernel_arg.sparse): its compressed values (M x K/2) and its index
 * words (M x ceil(K/32) i32); one K x N along its columns (sparse_cols)
 * those of its transpose, drawn as N x K and handed to the reference
 * transposed.  The runner draws the dense M x K matrix as
 * for any input, prunes it to 2:4 (the two largest magnitudes of every
 * group of four, the lower position first among equals), gives the
 * pruned matrix to the CPU reference (the function with its dense
 * operand: MLIR's dense lowering of the product of the pruned matrix,
 * which is what the sparse tensor means) and its compressed form to the
 * kernel. */
#include "Sparse24.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sparse24_prune(void *dense, int64_t rows, int64_t k, int elem_bytes,
                    sparse24_reader read, void *ctx, int arg) {
  unsigned char *d = dense;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t g = 0; g < k / 4; ++g) {
      size_t base = (size_t)(r * k + 4 * g);
      double m[4];
      for (int q = 0; q < 4; ++q)
        m[q] = fabs(read(ctx, arg, dense, base + (size_t)q));
      /* The two largest, the lower position first among equals. */
      int first = 0;
      for (int q = 1; q < 4; ++q)
        if (m[q] > m[first])
          first = q;
      int second = first == 0 ? 1 : 0;
      for (int q = 0; q < 4; ++q)
        if (q != first && m[q] > m[second])
          second = q;
      for (int q = 0; q < 4; ++q)
        if (q != first && q != second)
          memset(d + (base + (size_t)q) * (size_t)elem_bytes, 0,
                 (size_t)elem_bytes);
    }
}

int sparse24_compress(const void *dense, int64_t rows, int64_t k,
                      int elem_bytes, sparse24_reader read, void *ctx,
                      int arg, void *values, uint32_t *words) {
  const unsigned char *d = dense;
  unsigned char *v = values;
  int64_t nwords = (k + 31) / 32;
  for (int64_t r = 0; r < rows; ++r) {
    /* Past K: positions 0 and 1 (never a repeated position). */
    for (int64_t w = 0; w < nwords; ++w)
      words[r * nwords + w] = 0x44444444u;
    for (int64_t g = 0; g < k / 4; ++g) {
      size_t base = (size_t)(r * k + 4 * g);
      int pos[2], n = 0;
      for (int q = 0; q < 4 && n <= 2; ++q)
        if (read(ctx, arg, dense, base + (size_t)q) != 0) {
          if (n == 2)
            return -1; /* more than two nonzeros */
          pos[n++] = q;
        }
      /* Fewer than two nonzeros: the lowest free positions, ascending. */
      for (int q = 0; q < 4 && n < 2; ++q)
        if (n == 0 || pos[0] != q)
          pos[n++] = q;
      if (pos[0] > pos[1]) {
        int t = pos[0];
        pos[0] = pos[1], pos[1] = t;
      }
      for (int e = 0; e < 2; ++e) {
        int64_t j = 2 * g + e; /* the value's index in its row */
        memcpy(v + (size_t)(r * (k / 2) + j) * (size_t)elem_bytes,
               d + (base + (size_t)pos[e]) * (size_t)elem_bytes,
               (size_t)elem_bytes);
        uint32_t *w = &words[r * nwords + j / 16];
        int sh = 2 * (int)(j % 16);
        *w = (*w & ~(3u << sh)) | ((uint32_t)pos[e] << sh);
      }
    }
  }
  return 0;
}

/* rows x cols elements of eb bytes -> cols x rows. */
static int transpose_in_place(void *data, int64_t rows, int64_t cols,
                              size_t eb) {
  size_t bytes = (size_t)(rows * cols) * eb;
  unsigned char *t = malloc(bytes ? bytes : 1), *d = data;
  if (!t)
    return -1;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      memcpy(t + (size_t)(c * rows + r) * eb, d + (size_t)(r * cols + c) * eb,
             eb);
  memcpy(d, t, bytes);
  free(t);
  return 0;
}

int sparse24_reference_args(const wmma_compile_result *k,
                            wmma_compile_result *ref, int *from) {
  *ref = *k;
  int n = 0;
  for (int i = 0; i < k->nargs; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    if (a->sparse == 2)
      continue; /* the index words: part of the dense argument */
    ref->args[n] = *a;
    if (a->sparse == 1) {
      /* The dense M x K argument the values come from (K x N for one
       * 2:4 along its columns: the values are its transpose's). */
      wmma_kernel_arg *d = &ref->args[n];
      d->sparse = 0;
      if (d->rank != 2)
        return -1;
      /* (A dynamic width stays a run-time size: the caller gives the
       * dense shape.) */
      if (d->shape[1] >= 0)
        d->shape[1] *= 2;
      if (d->sparse_cols) {
        int64_t t = d->shape[0];
        d->shape[0] = d->shape[1], d->shape[1] = t;
        d->sparse_cols = 0;
      }
    }
    from[n++] = i;
  }
  ref->nargs = n;
  return n;
}

int sparse24_inputs_make(const wmma_compile_result *k,
                         int64_t shapes[][WMMA_MAX_RANK],
                         wmma_host_arg *kargs, const wmma_host_arg *rargs,
                         const wmma_host_arg *margs, const sparse24_elems *el,
                         sparse24_inputs *out, char *msg, size_t cap) {
  memset(out, 0, sizeof *out);
  int any = 0;
  for (int i = 0; i < k->nargs; ++i)
    any |= k->args[i].sparse != 0;
  if (!any)
    return 0;
  out->ref = malloc(sizeof *out->ref);
  int from[WMMA_MAX_KERNEL_ARGS];
  if (!out->ref || sparse24_reference_args(k, out->ref, from) < 0) {
    snprintf(msg, cap, "a 2:4 sparse argument's record is malformed");
    return -1;
  }
  for (int j = 0; j < out->ref->nargs; ++j) {
    int i = from[j];
    const wmma_kernel_arg *a = &k->args[i];
    out->args[0][j] = rargs[i];
    out->args[1][j] = margs[i];
    if (a->sparse != 1)
      continue;
    /* The index words of the same caller argument. */
    int x = -1;
    for (int y = 0; y < k->nargs; ++y)
      if (k->args[y].sparse == 2 && k->args[y].host == a->host)
        x = y;
    int64_t M = shapes[i][0], K = 2 * shapes[i][1];
    if (x < 0 || shapes[x][0] != M || shapes[x][1] != (K + 31) / 32) {
      snprintf(msg, cap, "argument '%s': its 2:4 values and index words do "
                         "not match", a->name);
      return -1;
    }
    size_t eb = (size_t)a->elem_bytes, bytes = (size_t)(M * K) * eb;
    void *d = calloc(1, bytes ? bytes : 1), *m = calloc(1, bytes ? bytes : 1);
    if (!d || !m) {
      free(d), free(m);
      snprintf(msg, cap, "cannot allocate the dense '%s'", a->name);
      return -1;
    }
    out->owned[out->nowned++] = d;
    out->owned[out->nowned++] = m;
    for (size_t e = 0; e < (size_t)(M * K); ++e)
      el->store(el->ctx, i, d, e, el->draw(el->ctx, i));
    sparse24_prune(d, M, K, (int)eb, el->load, el->ctx, i);
    for (size_t e = 0; e < (size_t)(M * K); ++e)
      el->store(el->ctx, i, m, e, fabs(el->load(el->ctx, i, d, e)));
    if (sparse24_compress(d, M, K, (int)eb, el->load, el->ctx, i,
                          kargs[i].data, kargs[x].data)) {
      snprintf(msg, cap, "argument '%s' is not 2:4 sparse", a->name);
      return -1;
    }
    out->shapes[j][0] = M;
    out->shapes[j][1] = K;
    if (a->sparse_cols) {
      /* The reference's argument is the K x M matrix (its columns 2:4). */
      if (transpose_in_place(d, M, K, eb) || transpose_in_place(m, M, K, eb)) {
        snprintf(msg, cap, "cannot allocate the dense '%s'", a->name);
        return -1;
      }
      out->shapes[j][0] = K;
      out->shapes[j][1] = M;
    }
    out->args[0][j] = (wmma_host_arg){d, bytes, out->shapes[j]};
    out->args[1][j] = (wmma_host_arg){m, bytes, out->shapes[j]};
  }
  return 0;
}

void sparse24_inputs_free(sparse24_inputs *in) {
  for (int i = 0; i < in->nowned; ++i)
    free(in->owned[i]);
  free(in->ref);
  memset(in, 0, sizeof *in);
}
