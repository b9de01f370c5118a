/* Front end, step 2 (continued): views of buffers whose batch dimensions
 * are not before the matrix (StableHLO's dot_general lowered to
 * linalg.generic puts them anywhere: A (m, b, k), C (m, b, n)).  The kernel
 * reads such a buffer through memref.transpose, a view with the batch
 * dimensions first: only strides change, nothing is copied, and every
 * template reads the matrix from the view's last two dimensions as it does
 * from a plain buffer.  The graph's loads of the buffer are rewritten to
 * index the view. */
#include "FrontEnd.h"

#include <stdio.h>
#include <string.h>

static int matrix_view(const fe_arg *arg, int a, int b, int8_t *perm,
                       bool dynamic_batch, const char *where, char *why,
                       size_t cap) {
  int rank = arg->rank, n = 0;
  for (int j = 0; j < rank; ++j)
    if (j != a && j != b)
      perm[n++] = (int8_t)j;
  perm[n++] = (int8_t)(a < b ? a : b); /* the matrix as memory holds it */
  perm[n++] = (int8_t)(a < b ? b : a);
  /* Dims of static size 1 inside the matrix (mmt4d's k0 = 1) have no
   * extent: the matrix's inner dim is still contiguous (stride 1). */
  bool unit_inside = true;
  for (int j = perm[rank - 1] + 1; j < rank; ++j)
    unit_inside &= fe_size_static(arg->shape[j]) && arg->shape[j].value == 1;
  if (!unit_inside)
    return fe_why(why, cap, "%s: the innermost dimension must be one of the "
                            "matrix's (its rows are read as contiguous "
                            "vectors)",
                  where);
  /* The view's strides are the buffer's (identity layout: products of
   * the inner sizes), static when every dimension but the outermost is;
   * the outermost may be a run-time size (a token count). */
  for (int j = dynamic_batch ? perm[rank - 2] + 1 : 1; j < rank; ++j)
    if (!fe_size_static(arg->shape[j]))
      return fe_why(why, cap, "%s: reading the matrix through a view with "
                              "the batch dimensions first needs static "
                              "strides (static sizes but the outermost)",
                    where);
  return 0;
}

int fe_matrix_view(const fe_arg *arg, int a, int b, int8_t *perm,
                   const char *where, char *why, size_t cap) {
  return matrix_view(arg, a, b, perm, false, where, why, cap);
}

int fe_matrix_view_dynamic(const fe_arg *arg, int a, int b, int8_t *perm,
                           const char *where, char *why, size_t cap) {
  return matrix_view(arg, a, b, perm, true, where, why, cap);
}

/* Makes perm the view of argument `arg` (a second, different view of it is
 * refused: the kernel has one view per argument). */
static int set_view(fe_problem *p, int arg, const int8_t *perm, char *why,
                    size_t cap) {
  fe_arg *a = &p->args[arg];
  if (a->permuted) {
    if (!memcmp(a->perm, perm, sizeof a->perm))
      return 0;
    return fe_why(why, cap, "argument %d is read with its batch dimensions "
                            "in two different places",
                  a->host);
  }
  a->permuted = true;
  memcpy(a->perm, perm, sizeof a->perm);
  if (fe_graph_permute_loads(&p->g, arg, perm))
    return fe_why(why, cap, "out of memory");
  return 0;
}

/* 1 if gemm i's A operand is the intermediate (a chain's or attention's
 * second product: no buffer, no fe_operand read), else 0. */
static int intermediate(const fe_problem *p, int i) {
  return i == 1 && p->shape != FE_SHAPE_GEMM && p->shape != FE_SHAPE_DUAL;
}

int fe_apply_views(fe_problem *p, char *why, size_t cap) {
  int8_t identity[FE_MAX_RANK];
  for (int j = 0; j < FE_MAX_RANK; ++j)
    identity[j] = (int8_t)j;
  /* Operands read without a view must not share a buffer with one read
   * through it. */
  for (int i = 0; i < p->ngemms; ++i) {
    fe_operand *ops[2] = {&p->gemms[i].lhs, &p->gemms[i].rhs};
    for (int s = intermediate(p, i); s < 2; ++s)
      if (ops[s]->arg >= 0 && ops[s]->permuted &&
          set_view(p, ops[s]->arg, ops[s]->perm, why, cap))
        return -1;
  }
  for (int i = 0; i < p->ngemms; ++i) {
    fe_operand *ops[2] = {&p->gemms[i].lhs, &p->gemms[i].rhs};
    for (int s = intermediate(p, i); s < 2; ++s) {
      const fe_operand *o = ops[s];
      if (o->arg >= 0 && !o->permuted && p->args[o->arg].permuted &&
          memcmp(p->args[o->arg].perm, identity,
                 (size_t)p->args[o->arg].rank))
        return fe_why(why, cap, "argument %d is read with its batch "
                                "dimensions in two different places",
                      p->args[o->arg].host);
    }
  }
  return 0;
}

int fe_output_view(fe_problem *p, const int8_t *perm, char *why, size_t cap) {
  int rank = p->args[p->out_arg].rank;
  /* The root lives in the output's own space: now the view's. */
  int8_t to_view[FE_MAX_RANK];
  for (int i = 0; i < rank; ++i)
    to_view[perm[i]] = (int8_t)i;
  int root = fe_compose(&p->g, p->root, rank, to_view);
  if (root < 0)
    return fe_why(why, cap, "out of memory");
  p->root = root;
  return set_view(p, p->out_arg, perm, why, cap);
}

/* "(M, batch, K)": what each memory dim of leaf x is, for a layout
 * refusal (loop outer_k, if any, named "outer K"). */
void fe_describe_dims(const fe_node *x, int row_loop, const char *row,
                      int col_loop, const char *col, int outer_k, char *buf,
                      size_t cap) {
  size_t at = 0;
  buf[0] = 0;
  for (int j = 0; j < x->nmap && at < cap; ++j) {
    char fixed[16];
    snprintf(fixed, sizeof fixed, "%d", (int)x->fixed[j]);
    at += (size_t)snprintf(buf + at, cap - at, "%s%s", j ? ", " : "(",
                           x->map[j] == row_loop       ? row
                           : x->map[j] == col_loop     ? col
                           : x->map[j] == FE_MAP_FIXED ? fixed
                           : x->map[j] == outer_k      ? "outer K"
                                                       : "batch");
  }
  if (at < cap)
    snprintf(buf + at, cap - at, ")");
}

/* Where the misplaced batch dimension is: "the innermost position", else
 * "position j" (counting from 0, as memref dims do); returns j. */
int fe_batch_position(const fe_node *x, int row_loop, int col_loop, int rank,
                      char *buf, size_t cap) {
  int pos = rank - 2;
  for (int j = rank - 2; j < rank && j < x->nmap; ++j)
    if (x->map[j] != row_loop && x->map[j] != col_loop) {
      pos = j;
      break;
    }
  if (pos == rank - 1)
    snprintf(buf, cap, "the innermost position");
  else
    snprintf(buf, cap, "position %d", pos);
  return pos;
}
