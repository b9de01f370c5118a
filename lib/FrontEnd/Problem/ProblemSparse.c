/* Problem stage: 2:4 sparse operands (docs/sparse-frontend.md).
 *
 * A caller argument 2:4 sparse along its rows or columns
 * (fe_is_two_of_four; normalization stripped the encoding on its scratch
 * copy) must be an operand of the function's one GEMM whose 2:4 groups run
 * along K, read as it is: a plain load, no view, no batch.  As B (K x N,
 * 2:4 along its columns; or N x K along its rows) the product is computed
 * transposed, C^T = B^T A^T, so that it is the A of the gemm
 * (fe_gemm.transposed: the output written transposed).  The kernel then
 * takes it as two arguments of that caller argument (its transpose's for
 * an argument 2:4 along its columns, which is what upstream stores):
 *   values       memref<M x K/2 x T>            (upstream's `values`)
 *   index words  memref<M x ceil(K/32) x i32>   (upstream's `crd`,
 *                the p-th position of a row's 32 K in bits 2p..2p+1)
 * the values in the argument's place (the graph's loads keep their
 * argument number), the words appended after every other argument.
 * A dynamic K is read from B's K dimension (A's now holds K/2 values);
 * the values' and words' widths are then run-time sizes of their own. */
#include "FrontEnd.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/* The caller's type of kernel argument a (null for results). */
static MlirType caller_type(const fe_problem *p, int a) {
  int h = p->args[a].host;
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(p->func, "function_type"));
  if (h < 0 || h >= mlirFunctionTypeGetNumInputs(ft))
    return (MlirType){NULL};
  return mlirFunctionTypeGetInput(ft, h);
}

/* The refusal of 2:4 argument `a` (-1). */
static int refuse(const fe_problem *p, int a, char *why, size_t cap,
                  const char *what) {
  return fe_why(why, cap, "argument %d is 2:4 structured sparse: the sparse "
                          "GEMM template (gemm_sparse) takes it only as an "
                          "operand of a single product, 2:4 along K, read as "
                          "it is (here %s)",
                p->args[a].host, what);
}

/* Does the output's contents read argument a other than as the product's
 * operand `skip` (0: A, 1: B; that operand itself is not visited)? */
static bool reads_from(const fe_problem *p, int n, int a, int skip,
                       bool *seen) {
  if (n < 0 || n >= p->g.nnodes || seen[n])
    return false;
  seen[n] = true;
  const fe_node *x = &p->g.nodes[n];
  if (x->kind == FE_LOAD)
    return x->arg == a;
  if (x->kind == FE_PRODUCT) {
    const fe_contraction *c = &p->g.prods[x->product];
    return reads_from(p, skip ? c->lhs : c->rhs, a, skip, seen) ||
           reads_from(p, c->acc, a, skip, seen);
  }
  for (int k = 0; k < x->nops; ++k)
    if (reads_from(p, x->ops[k], a, skip, seen))
      return true;
  return false;
}

static bool reads_elsewhere(const fe_problem *p, int a, int skip) {
  bool *seen = calloc((size_t)p->g.nnodes + 1, sizeof *seen);
  if (!seen)
    return true;
  bool r = reads_from(p, p->root, a, skip, seen);
  free(seen);
  return r;
}

static int64_t dim_or_dynamic(fe_size s) {
  return fe_size_static(s) ? s.value : mlirShapedTypeGetDynamicSize();
}

#define SWAP(T, x, y)                                                          \
  do {                                                                         \
    T t_ = (x);                                                                \
    (x) = (y);                                                                 \
    (y) = t_;                                                                  \
  } while (0)

/* The transposed product C^T = B^T A^T: B's roles become A's and M's
 * become N's, the output's too (the epilogue and the store then see the
 * accumulator tiles with their rows on the output's N dimension, and read
 * and write them transposed). */
static void transpose_product(fe_problem *p, fe_gemm *g) {
  SWAP(fe_operand, g->lhs, g->rhs);
  SWAP(int, g->m_loop, g->n_loop);
  SWAP(fe_size, g->M, g->N);
  SWAP(MlirType, g->a_type, g->b_type);
  SWAP(bool, g->a_unsigned, g->b_unsigned);
  SWAP(int, g->a_zp, g->b_zp);
  SWAP(int, g->out_m, g->out_n);
  SWAP(int, p->out_space_m, p->out_space_n);
  g->in_type = g->a_type;
  g->transposed = !g->transposed;
}

int fe_sparse_operands(fe_problem *p, char *why, size_t cap,
                       MlirLocation *where) {
  int nargs = p->nargs;
  for (int a = 0; a < nargs; ++a) {
    MlirType t = caller_type(p, a);
    if (mlirTypeIsNull(t) || !fe_is_two_of_four(t))
      continue;
    /* The argument's dimension its 2:4 groups run along, and its other. */
    bool cols = fe_is_two_of_four_cols(t);
    int gdim = cols ? 0 : 1, odim = 1 - gdim;
    *where = p->args[a].loc;
    fe_gemm *g = &p->gemms[0];
    if (p->shape == FE_SHAPE_VALU) {
      char tn[32] = "";
      wmma_print_type(p->args[a].elem, tn, sizeof tn);
      return refuse(p, a, why, cap,
                    tn[0] == 'f' && !strcmp(tn, "f32")
                        ? "its f32 product has no sparse WMMA: the "
                          "operands must be f16, bf16, i8, f8E4M3FN or "
                          "f8E5M2"
                        : "the product is computed without WMMA");
    }
    if (p->shape != FE_SHAPE_GEMM || p->ngemms != 1)
      return refuse(p, a, why, cap, "the function is not one product");
    bool is_a = g->lhs.arg == a, is_b = g->rhs.arg == a;
    if (is_a == is_b)
      return refuse(p, a, why, cap,
                    is_a ? "it is both operands of the product"
                         : "it is not an operand of the product");
    const fe_operand *o = is_a ? &g->lhs : &g->rhs;
    if (!o->is_load || o->im2col || o->k_pack != 1)
      return refuse(p, a, why, cap, "the operand is computed from it "
                                    "elementwise");
    if (reads_elsewhere(p, a, is_b))
      return refuse(p, a, why, cap, "it is also read outside the product; "
                                    "that read would need the zeros");
    fe_arg *x = &p->args[a];
    if (x->rank != 2 || g->nbatch || o->permuted || x->permuted ||
        x->collapsed || o->has_kouter || o->mem_k != gdim ||
        o->mem_row != odim)
      return refuse(p, a, why, cap,
                    cols ? "its 2:4 groups run along its first dimension, "
                           "which must be the product's K, with no batch and "
                           "no view"
                         : "its 2:4 groups run along its last dimension, "
                           "which must be the product's K, with no batch and "
                           "no view");
    if (g->a_zp >= 0 || g->b_zp >= 0)
      return refuse(p, a, why, cap, "the product has zero points");
    if (is_b)
      transpose_product(p, g);
    bool k_dynamic = !fe_size_static(g->K);
    if (k_dynamic &&
        (!g->rhs.is_load || g->rhs.arg == a || g->rhs.im2col ||
         g->rhs.k_pack != 1 || g->K.sym < 0 || g->K.sym >= p->nsyms ||
         p->nsyms + 2 > FE_MAX_SYMS))
      return refuse(p, a, why, cap, "K is dynamic and the other operand is "
                                    "not a matrix to read it from; give K "
                                    "statically");
    if (!k_dynamic && g->K.value % 4)
      return refuse(p, a, why, cap, "K is not a multiple of 4, the group "
                                    "of the 2:4 form");
    if (p->nargs >= FE_MAX_ARGS)
      return fe_why(why, cap, "too many kernel arguments");
    MlirContext ctx = mlirTypeGetContext(x->type);
    int64_t K = g->K.value, dyn = mlirShapedTypeGetDynamicSize();
    int vsym = -1, wsym = -1;
    /* The parts' rows are the argument's other dimension. */
    for (int s = 0; s < p->nsyms; ++s)
      if (p->syms[s].arg == a && p->syms[s].dim == odim)
        p->syms[s].dim = 0;
    if (k_dynamic) {
      p->syms[g->K.sym] = (fe_symbol){g->rhs.arg, g->rhs.mem_k};
      vsym = p->nsyms++;
      wsym = p->nsyms++;
      p->syms[vsym] = (fe_symbol){a, 1};
      p->syms[wsym] = (fe_symbol){p->nargs, 1};
    }
    int64_t vshape[2] = {dim_or_dynamic(x->shape[odim]),
                         k_dynamic ? dyn : K / 2};
    x->type = mlirMemRefTypeContiguousGet(x->elem, 2, vshape,
                                          mlirAttributeGetNull());
    x->shape[0] = x->shape[odim];
    x->shape[1] = k_dynamic ? (fe_size){-1, vsym} : fe_static(K / 2);
    x->sparse_part = FE_SPARSE_VALUES;
    x->sparse_cols = cols;
    /* The values are read row by row, K contiguous. */
    g->lhs.mem_row = 0, g->lhs.mem_k = 1, g->lhs.k_contiguous = true;
    fe_arg *w = &p->args[p->nargs];
    *w = *x;
    w->elem = mlirIntegerTypeGet(ctx, 32);
    int64_t wshape[2] = {vshape[0], k_dynamic ? dyn : (K + 31) / 32};
    w->type = mlirMemRefTypeContiguousGet(w->elem, 2, wshape,
                                          mlirAttributeGetNull());
    w->shape[1] = k_dynamic ? (fe_size){-1, wsym} : fe_static(wshape[1]);
    w->sparse_part = FE_SPARSE_INDEX;
    g->a_sparse = true;
    g->a_index = p->nargs++;
  }
  return 0;
}
