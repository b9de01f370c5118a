/* Front end, step 2: the problem.  From the recognised graph: the products
 * in dependency order, each seen as a (batched) GEMM with its M, N, K and
 * batch loops and the memory layout of its operands; the chain (a product
 * whose A operand is computed from another product); the epilogue (the
 * output's contents as an elementwise function of the last product);
 * argument roles.  Everything a template needs, nothing it has to derive
 * from IR again. */
#include "FrontEnd.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

/* Loop dims referenced by n (a node in a loop space), as a bit set; products
 * count as referencing their map's dims. */
static fe_walk used_dims_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  unsigned *s = ud;
  if (x->kind == FE_LOAD || x->kind == FE_PRODUCT) {
    for (int i = 0; i < x->nmap; ++i)
      if (x->map[i] != FE_MAP_FIXED) /* a constant index uses no loop */
        *s |= 1u << x->map[i];
    /* A convolution's input follows K in its taps too (depthwise: in
     * nothing else). */
    if (x->kind == FE_LOAD && x->im2col)
      *s |= 1u << g->convs[x->im2col - 1].kloop;
  } else if (x->kind == FE_INDEX)
    *s |= 1u << x->dim;
  return FE_WALK_NEXT;
}

unsigned fe_used_dims(const fe_graph *g, int n) {
  unsigned s = 0;
  if (fe_graph_visit(g, n, 0, used_dims_pre, NULL, &s) < 0)
    return ~0u; /* out of memory: every loop, refused as unusable */
  return s;
}

/* Products referenced by n without looking inside products: how many
 * (counting up to FE_MAX_PRODUCTS + 1) and the first one reached. */
typedef struct {
  int found[FE_MAX_PRODUCTS + 1];
  int n;
} products_t;

static fe_walk products_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  products_t *ps = ud;
  if (x->kind != FE_PRODUCT)
    return FE_WALK_NEXT;
  for (int i = 0; i < ps->n; ++i)
    if (ps->found[i] == x->product)
      return FE_WALK_NEXT;
  ps->found[ps->n++] = x->product;
  return ps->n > FE_MAX_PRODUCTS ? FE_WALK_STOP : FE_WALK_NEXT;
}

static int count_products(const fe_graph *g, int n, int *first) {
  products_t ps = {.n = 0};
  ps.found[0] = -1;
  if (fe_graph_visit(g, n, 0, products_pre, NULL, &ps) < 0)
    ps.n = FE_MAX_PRODUCTS + 1; /* out of memory: more than supported */
  if (first)
    *first = ps.found[0];
  return ps.n;
}

static int memdim_of(const fe_node *load, int loop) {
  for (int j = 0; j < load->nmap; ++j)
    if (load->map[j] == loop)
      return j;
  return -1;
}

/* Does load x divide only indices of loops other than row and k (and its
 * row and K undivided)? */
static bool fe_load_grouped_batch_only(const fe_node *x, int row, int k) {
  for (int j = 0; j < x->nmap; ++j)
    if (x->div[j] && (x->map[j] == row || x->map[j] == k))
      return false;
  return true;
}

/* The loads under n that index both `row` and `k` (the operand's matrix)
 * into leaves[]; -1 if n holds something an operand cannot (a product). */
typedef struct {
  int row, k;
  bool row_absent; /* a unit M loop no buffer indexes: K alone */
  int *leaves, count;
} leaves_t;

static fe_walk leaves_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  leaves_t *l = ud;
  if (x->kind == FE_PRODUCT)
    return FE_WALK_STOP;
  /* A group-wise load is a broadcast of groups, not the matrix; one
   * divided only along batches (a KV head read at h floordiv G by the
   * query heads sharing it) is the matrix. */
  if (x->kind == FE_LOAD &&
      (!fe_load_grouped(x) || fe_load_packed_along(x, l->k) ||
       fe_load_grouped_batch_only(x, l->row, l->k)) &&
      (l->row_absent || memdim_of(x, l->row) >= 0) &&
      (memdim_of(x, l->k) >= 0 || x->im2col)) {
    if (l->count < 4)
      l->leaves[l->count] = n;
    ++l->count;
  }
  return FE_WALK_NEXT;
}

static int matrix_leaves(const fe_graph *g, int n, int row, int k,
                         bool row_absent, int *leaves, int *count) {
  leaves_t l = {row, k, row_absent, leaves, 0};
  int rc = fe_graph_visit(g, n, 0, leaves_pre, NULL, &l);
  *count = l.count;
  return rc ? -1 : 0;
}

/* The dim of o's view that memref dim j is. */
static int view_dim(const fe_operand *o, int j) {
  for (int i = 0; o->permuted && i < FE_MAX_RANK; ++i)
    if (o->perm[i] == j)
      return i;
  return j;
}

/* The operand's memory layout: its matrix leaf in the product's loop space
 * has the row (M or N) and K in its last two memref dims, batches before.
 * An operand computed elementwise from that matrix and broadcasts (a cast,
 * a dequantising scale) is a prologue, applied in registers. */
static int read_operand(const fe_problem *p, const fe_gemm *gm, int node,
                        int row_loop, const char *what, fe_operand *o,
                        char *why, size_t cap) {
  const fe_graph *g = &p->g;
  memset(o, 0, sizeof *o);
  o->node = node;
  o->arg = -1;
  for (int i = 0; i < FE_MAX_BATCH; ++i)
    o->mem_batch[i] = -1;
  int leaves[4], nleaves = 0;
  bool row_absent = gm->unit_m && row_loop == gm->m_loop;
  if (matrix_leaves(g, node, row_loop, gm->k_loop, row_absent, leaves,
                    &nleaves))
    return fe_why(why, cap, "operand %s of the product depends on another "
                            "product",
                  what);
  if (nleaves != 1)
    return fe_why(why, cap, "operand %s of the product %s; a prologue may "
                            "combine one matrix with broadcast vectors, "
                            "scalars and constants",
                  what, nleaves ? "combines several matrices"
                                : "reads no matrix indexed by its row and K");
  o->leaf = leaves[0];
  o->is_load = o->leaf == node;
  const fe_node *x = &g->nodes[o->leaf];
  o->k_pack = fe_load_packed_along(x, gm->k_loop);
  if (o->k_pack < 1)
    o->k_pack = 1;
  o->arg = x->arg;
  o->mem_row = memdim_of(x, row_loop);
  o->mem_k = memdim_of(x, gm->k_loop);
  int rank = x->nmap;
  o->im2col = x->im2col;
  o->kremap = x->kremap;
  if (o->im2col && o->k_pack > 1)
    /* The implicit GEMM gathers one value per element (ConvLoad.c). */
    return fe_why(why, cap, "operand %s of the convolution packs %d values "
                            "per element along its channels; unpack the "
                            "input first",
                  what, o->k_pack);
  if (row_absent) {
    /* A query without its token dimension: q[..., d], read element by
     * element at the unit M loop's index 0 (decode attention). */
    if (o->im2col || o->k_pack > 1 || o->mem_k != rank - 1)
      return fe_why(why, cap, "operand %s has no M dimension and its K "
                              "dimension is not its innermost",
                    what);
  } else if (!o->im2col &&
             (o->mem_row < rank - 2 || o->mem_k < rank - 2)) {
    /* Batch dimensions between or after the matrix's: read through a view
     * with them first (layout math by strides, no copy). */
    char dims[64], pos[48], where[192];
    int outer_k = gm->has_kouter ? gm->kouter_loop : -2;
    fe_describe_dims(x, row_loop, what[0] == 'A' ? "M" : "N", gm->k_loop,
                     "K", outer_k, dims, sizeof dims);
    int at =
        fe_batch_position(x, row_loop, gm->k_loop, rank, pos, sizeof pos);
    snprintf(where, sizeof where, "operand %s has %s at %s of its "
                                  "dimensions %s",
             what, at >= 0 && at < x->nmap && x->map[at] == outer_k
                       ? "its outer K loop"
                       : "a batch dimension",
             pos, dims);
    if (fe_matrix_view(&p->args[o->arg], o->mem_row, o->mem_k, o->perm,
                       where, why, cap))
      return -1;
    o->permuted = true;
    o->mem_row = view_dim(o, o->mem_row);
    o->mem_k = view_dim(o, o->mem_k);
  }
  if (gm->has_kouter) {
    int j = memdim_of(x, gm->kouter_loop);
    if (j < 0 || (x->div[j] && x->div[j] != 1) || o->im2col ||
        o->k_pack > 1)
      return fe_why(why, cap, "operand %s does not index the outer K loop "
                              "%d as a plain dimension",
                    what, gm->kouter_loop);
    o->has_kouter = true;
    o->mem_kouter = view_dim(o, j);
    o->kouter_loop = gm->kouter_loop;
  }
  o->nbatch = gm->nbatch;
  for (int i = 0; i < gm->nbatch; ++i) {
    int j = memdim_of(x, gm->batch_loop[i]);
    o->mem_batch[i] = j < 0 ? -1 : view_dim(o, j);
    o->batch_div[i] = j < 0 || !x->div[j] ? 1 : x->div[j];
    o->batch_loop[i] = gm->batch_loop[i];
  }
  /* An implicit GEMM's A is gathered K-contiguous (ConvLoad.c). */
  o->k_contiguous = o->mem_k == rank - 1 || o->im2col;
  o->space_rank = g->prods[gm->prod].nest.nloops;
  o->row_loop = row_loop;
  o->k_loop = gm->k_loop;
  o->K = gm->K;
  return 0;
}

MlirType fe_compute_type(wmma_arch arch, MlirType t) {
  if (!wmma_arch_has_fp8(arch) &&
      (mlirTypeIsAFloat8E4M3FN(t) || mlirTypeIsAFloat8E5M2(t)))
    return mlirF16TypeGet(mlirTypeGetContext(t));
  return t;
}

static const char kSeveralLoops[] =
    "several M, N or K dimensions are collapsed into one only when every "
    "buffer holds them adjacent, in one order, contiguous, with static "
    "sizes (and not read by linalg.index); pass the operands with them "
    "collapsed";

/* A second M (or N) loop l that ProblemCollapse.c could not merge with
 * the first (*role, an outer loop: mmt4d's m1 before m0): the outer one
 * becomes a batch loop of the grid, broadcast in the operand without it,
 * each of its points a GEMM over the inner one (the operand layouts are
 * checked when read).  0, or -1 when there are batch loops enough. */
static int demote_outer(const fe_contraction *c, fe_gemm *gm, int *role,
                        int l) {
  if (*role >= l)
    return -1;
  /* A batch loop of static size 1 (batch_mmt4d's batch of one, as IREE
   * data-tiles a batch_matmul) gives its place: it is at index 0. */
  for (int i = 0; gm->nbatch >= 2 && i < gm->nbatch; ++i) {
    fe_size sz = c->nest.loop_size[gm->batch_loop[i]];
    if (fe_size_static(sz) && sz.value == 1) {
      for (int j = i + 1; j < gm->nbatch; ++j)
        gm->batch_loop[j - 1] = gm->batch_loop[j];
      --gm->nbatch;
    }
  }
  if (gm->nbatch >= 2)
    return -1;
  gm->batch_loop[gm->nbatch++] = *role;
  *role = -1;
  return 0;
}

/* Batch loops a WMMA product takes: two, or three for a depthwise
 * convolution with a channel multiplier (its channel is a group, fe_conv
 * chan -1): at run-time sizes its pixel loops stay apart (ProblemCollapse.c
 * merges them only at static sizes), so the batch, the output rows and the
 * channel are batch loops beside M (the output columns). */
static int wmma_max_batch(const fe_graph *g) {
  for (int i = 0; i < g->nconvs; ++i)
    if (g->convs[i].chan < 0)
      return 3;
  return 2;
}

/* Product `prod` as a GEMM. */
static int gemm_of(const fe_problem *p, int prod, bool unit_m_ok,
                   fe_gemm *gm, char *why, size_t cap) {
  const fe_graph *g = &p->g;
  const fe_contraction *c = &g->prods[prod];
  memset(gm, 0, sizeof *gm);
  gm->prod = prod;
  gm->m_loop = gm->n_loop = gm->k_loop = -1;
  unsigned ul = fe_used_dims(g, c->lhs), ur = fe_used_dims(g, c->rhs);
  unsigned uo = 0;
  for (int j = 0; j < c->nest.nout; ++j)
    uo |= 1u << c->nest.out_dims[j];
  /* M, N and K loops of static size 1 (what ProblemCollapse.c leaves of
   * collapsed dimensions, unit dimensions frameworks keep) take their role
   * only when no other loop has it (a second pass); otherwise, like unit
   * batch loops past the second, they are at index 0 everywhere. */
  bool unit_pass = false;
  int maxb = wmma_max_batch(g);
again:
  for (int l = 0; l < c->nest.nloops; ++l) {
    bool L = ul >> l & 1, R = ur >> l & 1, O = uo >> l & 1;
    fe_size sz = c->nest.loop_size[l];
    bool unit = fe_size_static(sz) && sz.value == 1;
    int *role = c->nest.reduction[l] ? &gm->k_loop
                : L && !R && O       ? &gm->m_loop
                : R && !L && O       ? &gm->n_loop
                                     : NULL;
    if (unit && role && !unit_pass)
      continue;
    if (unit_pass) {
      if (unit && role && *role < 0 && (!c->nest.reduction[l] || (L && R)))
        *role = l;
      continue;
    }
    if (unit && O && !role && gm->nbatch >= maxb)
      continue;
    if (c->nest.reduction[l]) {
      if (!L || !R)
        return fe_why(why, cap, "reduction loop %d is not shared by both "
                                "operands",
                      l);
      if (gm->k_loop >= 0 && gm->has_kouter)
        return fe_why(why, cap, "more than two K loops (loops %d, %d and %d "
                                "reduce): %s",
                      gm->kouter_loop, gm->k_loop, l, kSeveralLoops);
      if (gm->k_loop >= 0) {
        /* Two K loops (mmt4d's k1 and k0, both > 1): the outer one is
         * iterated by the kernel around its K loop over the inner one
         * (the operands' layouts are checked when read). */
        gm->has_kouter = true;
        gm->kouter_loop = gm->k_loop;
        gm->KO = c->nest.loop_size[gm->k_loop];
      }
      gm->k_loop = l;
    } else if (L && !R && O) {
      if (gm->m_loop >= 0 && demote_outer(c, gm, &gm->m_loop, l))
        return fe_why(why, cap, "more than one M loop (loops %d and %d "
                                "both index A and the output, not B): %s",
                      gm->m_loop, l, kSeveralLoops);
      gm->m_loop = l;
    } else if (R && !L && O) {
      if (gm->n_loop >= 0 && demote_outer(c, gm, &gm->n_loop, l))
        return fe_why(why, cap, "more than one N loop (loops %d and %d "
                                "both index B and the output, not A): %s",
                      gm->n_loop, l, kSeveralLoops);
      gm->n_loop = l;
    } else if (O) {
      if (gm->nbatch >= maxb)
        return fe_why(why, cap, maxb > 2 ? "more than three batch loops"
                                         : "more than two batch loops");
      gm->batch_loop[gm->nbatch++] = l;
    } else {
      return fe_why(why, cap, "loop %d indexes neither the output nor a "
                              "reduction",
                    l);
    }
  }
  if (!unit_pass) {
    unit_pass = true;
    goto again;
  }
  /* Attention's query without its token dimension: one token, a unit M
   * loop past the nest's (no map indexes it). */
  if (gm->m_loop < 0 && unit_m_ok && gm->n_loop >= 0 && gm->k_loop >= 0 &&
      c->nest.nloops < FE_MAX_LOOPS) {
    gm->unit_m = true;
    gm->m_loop = c->nest.nloops;
  }
  if (gm->m_loop < 0 || gm->n_loop < 0 || gm->k_loop < 0)
    return fe_why(why, cap, "the contraction has no %s loop (a matrix-vector "
                            "or outer product is not a WMMA GEMM)",
                  gm->m_loop < 0 ? "M" : gm->n_loop < 0 ? "N" : "K");
  gm->M = gm->unit_m ? fe_static(1) : c->nest.loop_size[gm->m_loop];
  gm->out_m = -1;
  gm->N = c->nest.loop_size[gm->n_loop];
  gm->K = c->nest.loop_size[gm->k_loop];
  for (int i = 0; i < gm->nbatch; ++i)
    gm->batch[i] = c->nest.loop_size[gm->batch_loop[i]];
  for (int j = 0; j < c->nest.nout; ++j) {
    if (c->nest.out_dims[j] == gm->m_loop)
      gm->out_m = j;
    if (c->nest.out_dims[j] == gm->n_loop)
      gm->out_n = j;
    for (int i = 0; i < gm->nbatch; ++i)
      if (c->nest.out_dims[j] == gm->batch_loop[i])
        gm->out_batch[i] = j;
  }
  gm->acc = c->acc;
  gm->acc_type = c->acc_type;
  gm->a_type = g->nodes[c->lhs].type;
  gm->b_type = g->nodes[c->rhs].type;
  gm->in_type = gm->a_type;
  gm->a_unsigned = c->lhs_unsigned;
  gm->b_unsigned = c->rhs_unsigned;
  gm->a_zp = c->lhs_zp;
  gm->b_zp = c->rhs_zp;
  gm->kacc_type = mlirTypeIsAInteger(c->acc_type)
                      ? mlirIntegerTypeGet(mlirTypeGetContext(c->acc_type), 32)
                      : mlirF32TypeGet(mlirTypeGetContext(c->acc_type));
  return 0;
}

static int analyze_gemm(const fe_problem *p, fe_gemm *gm, int prod,
                        bool lhs_is_inter, bool unit_m_ok, char *why,
                        size_t cap) {
  if (gemm_of(p, prod, unit_m_ok, gm, why, cap))
    return -1;
  const fe_contraction *c = &p->g.prods[prod];
  if (!lhs_is_inter &&
      read_operand(p, gm, c->lhs, gm->m_loop, "A", &gm->lhs, why, cap))
    return -1;
  if (read_operand(p, gm, c->rhs, gm->n_loop, "B", &gm->rhs, why, cap))
    return -1;
  if (lhs_is_inter)
    return 0;
  if (fe_check_product_types(p, gm, why, cap))
    return -1;
  if (gm->has_kouter && (gm->a_zp >= 0 || gm->b_zp >= 0))
    return fe_why(why, cap, "two K loops (%d and %d) with zero points: the "
                            "zero-point correction needs one K loop",
                  gm->kouter_loop, gm->k_loop);
  return 0;
}

int fe_analyze_gemm(const fe_problem *p, fe_gemm *gm, int prod,
                    bool lhs_is_inter, char *why, size_t cap) {
  return analyze_gemm(p, gm, prod, lhs_is_inter, false, why, cap);
}

int fe_analyze_attention_gemm(const fe_problem *p, fe_gemm *gm, int prod,
                              bool lhs_is_inter, char *why, size_t cap) {
  return analyze_gemm(p, gm, prod, lhs_is_inter, true, why, cap);
}

/* Chain: p2's A operand (in p2's loop space) as an expression in p1's
 * output space; -1 if it is not an elementwise function of p1 read with
 * (M, K2) = (M, N1) untransposed. */
static int intermediate(fe_problem *p, const fe_gemm *g2, const fe_gemm *g1,
                        char *why, size_t cap) {
  fe_graph *g = &p->g;
  const fe_contraction *c2 = &g->prods[g2->prod];
  const fe_contraction *c1 = &g->prods[g1->prod];
  int8_t map[FE_MAX_LOOPS];
  for (int l = 0; l < c2->nest.nloops; ++l)
    map[l] = 0; /* N2 is not referenced by the A operand */
  map[g2->m_loop] = (int8_t)g1->out_m;
  map[g2->k_loop] = (int8_t)g1->out_n;
  if (g1->nbatch != g2->nbatch)
    return fe_why(why, cap, "a batched product chained with an unbatched "
                            "one");
  for (int i = 0; i < g2->nbatch; ++i)
    map[g2->batch_loop[i]] = (int8_t)g1->out_batch[i];
  int inter = fe_compose(g, c2->lhs, c1->nest.nout, map);
  if (inter < 0)
    return fe_why(why, cap, "out of memory");
  int first = -1;
  if (count_products(g, inter, &first) != 1 || first != g1->prod)
    return fe_why(why, cap, "the A operand of the second product combines "
                            "more than one product");
  p->inter = inter;
  return 0;
}


static fe_walk views_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  fe_views *v = ud;
  if (x->kind != FE_PRODUCT || x->product != v->prod)
    return FE_WALK_NEXT;
  for (int j = 0; j < x->nmap; ++j)
    v->identity &= x->map[j] == j;
  if (v->view && memcmp(v->view->map, x->map, sizeof x->map))
    v->one_map = false;
  if (!v->view)
    v->view = x;
  return FE_WALK_NEXT;
}

fe_views fe_product_views(const fe_graph *g, int n, int prod) {
  fe_views v = {prod, NULL, true, true};
  if (fe_graph_visit(g, n, 0, views_pre, NULL, &v) < 0)
    v.identity = v.one_map = false; /* out of memory: refused */
  return v;
}

/* Loads of `arg` under n must read, at each element of n's space, the
 * element the output writes there (a tile reads only its own part of the
 * output before writing it): in the output's space the identity map; in a
 * product's accumulator (a node of that product's output space, which the
 * output reads through the product node's map) that map inverted.  Not
 * into products' operands (nodes of their loop space, checked by
 * fe_reads_arg on the operands). */
typedef struct {
  int arg;
  int rank;
  int8_t want[FE_MAX_RANK]; /* memref dim j must read space dim want[j] */
  bool elsewhere;
} elsewhere_t;

static bool reads_elsewhere(const fe_graph *g, int n, elsewhere_t *e);

static fe_walk elsewhere_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  elsewhere_t *e = ud;
  if (x->kind == FE_PRODUCT) {
    /* The accumulator's space: product output dim d is space dim
     * x->map[d]. */
    elsewhere_t in = {e->arg, e->rank, {0}, false};
    for (int j = 0; j < e->rank; ++j) {
      in.want[j] = -2; /* none: no load of the output fits */
      for (int d = 0; d < x->nmap; ++d)
        if (x->map[d] == e->want[j])
          in.want[j] = (int8_t)d;
    }
    if (reads_elsewhere(g, g->prods[x->product].acc, &in))
      return FE_WALK_STOP;
    return FE_WALK_NEXT;
  }
  if (x->kind != FE_LOAD || x->arg != e->arg)
    return FE_WALK_NEXT;
  for (int j = 0; j < x->nmap; ++j)
    if (j >= e->rank || x->map[j] != e->want[j] || x->div[j])
      return FE_WALK_STOP;
  return FE_WALK_NEXT;
}

static bool reads_elsewhere(const fe_graph *g, int n, elsewhere_t *e) {
  return fe_graph_visit(g, n, 0, elsewhere_pre, NULL, e) != 0;
}

static bool reads_arg_elsewhere(const fe_graph *g, int n, int arg, int rank) {
  elsewhere_t e = {arg, rank, {0}, false};
  for (int j = 0; j < rank; ++j)
    e.want[j] = (int8_t)j;
  return reads_elsewhere(g, n, &e);
}

/* Which dims of the output (the root's space) are the last product's M,
 * N and batches: the one map the root reads the product through. */
static int out_dims(fe_problem *p, int last, char *why, size_t cap) {
  const fe_gemm *gl = &p->gemms[p->ngemms - 1];
  fe_views views = fe_product_views(&p->g, p->root, last);
  const fe_node *view = views.view;
  if (!views.one_map || !view)
    return fe_why(why, cap, "the result reads the product through two "
                            "different index maps");
  /* (VALU products may lack M or N: -1.) */
  p->out_space_m = gl->out_m >= 0 ? view->map[gl->out_m] : -1;
  p->out_space_n = gl->out_n >= 0 ? view->map[gl->out_n] : -1;
  for (int i = 0; i < gl->nbatch; ++i)
    p->out_space_batch[i] = view->map[gl->out_batch[i]];
  return 0;
}

/* The shape when the root reads one product, `last`: a GEMM (or VALU),
 * a chain into it, or attention.  0, or -1 with the reason. */
static int shape_of_last(fe_problem *p, int last, char *why, size_t cap,
                         MlirLocation *where) {
  fe_graph *g = &p->g;
  *where = g->prods[last].loc;
  const fe_contraction *c2 = &g->prods[last];
  /* Does the last product's A operand come from another product? */
  int first = -1;
  int nl = count_products(g, c2->lhs, &first);
  int nr = count_products(g, c2->rhs, NULL);
  int na = count_products(g, c2->acc, NULL);
  if (nr || na)
    return fe_why(why, cap, "a product's %s is computed from another "
                            "product (only the A operand may chain)",
                  nr ? "B operand" : "accumulator");
  if (nl > 1)
    return fe_why(why, cap, "the A operand combines %d products", nl);
  p->inter = -1;
  if (fe_reads(g, p->root, FE_REDUCE, -1) ||
      fe_reads(g, c2->lhs, FE_REDUCE, -1) ||
      fe_reads(g, c2->rhs, FE_REDUCE, -1) ||
      fe_reads(g, c2->acc, FE_REDUCE, -1)) {
    /* Reductions other than contractions: only a softmax feeding the last
     * product (attention) is evaluated. */
    if (fe_attention_build(p, last, first, why, cap, where))
      return -1;
  } else if (g->nconvs && nl) {
    return fe_why(why, cap, "a convolution chained with another product is "
                            "not supported (one convolution with an "
                            "elementwise epilogue is)");
  } else if (nl == 0) {
    p->shape = FE_SHAPE_GEMM;
    p->ngemms = 1;
    fe_collapse_loops(p, last);
    /* A convolution is an implicit GEMM, or (depthwise without a channel
     * multiplier: no output-channel loop; f32 or other types no WMMA
     * takes) a VALU product whose point loads gather the input. */
    if (g->nconvs) {
      bool pool = g->prods[last].combine != NULL;
      bool wmma = !p->force_valu && !pool &&
                  !fe_analyze_gemm(p, &p->gemms[0], last, false, why, cap);
      if (pool)
        fe_why(why, cap, "a pooling");
      if (!wmma && fe_valu_problem(p, last, why, cap))
        return -1;
      /* Depthwise (the channel a group) with a channel multiplier (N):
       * both templates take it; the cost rule chooses. */
      p->valu_alternative = wmma && g->convs[0].chan < 0;
    } else if ((fe_analyze_gemm(p, &p->gemms[0], last, false, why, cap) ||
                fe_valu_prefers(&p->gemms[0], why, cap)) &&
               !fe_vector_gemm(p, last, why, cap) &&
               fe_valu_problem(p, last, why, cap)) {
      /* What no WMMA takes (or should not: M or N = 1) goes to VALU. */
      return -1;
    }
  } else {
    p->shape = FE_SHAPE_CHAIN;
    p->ngemms = 2;
    const fe_contraction *c1 = &g->prods[first];
    if (count_products(g, c1->lhs, NULL) || count_products(g, c1->rhs, NULL) ||
        count_products(g, c1->acc, NULL))
      return fe_why(why, cap, "chains of more than two products are not "
                              "supported");
    *where = c1->loc;
    if (fe_analyze_gemm(p, &p->gemms[0], first, false, why, cap))
      return -1;
    *where = c2->loc;
    if (fe_analyze_gemm(p, &p->gemms[1], last, true, why, cap) ||
        intermediate(p, &p->gemms[1], &p->gemms[0], why, cap))
      return -1;
    if (!fe_product_views(g, p->inter, first).identity)
      return fe_why(why, cap, "the intermediate product is used transposed "
                              "by the second product");
    /* The types a chain multiplies and accumulates in are the chain
     * templates' question (fe_chain_check). */
    fe_gemm *g2 = &p->gemms[1];
    g2->in_type = g2->a_type = g2->b_type = g->nodes[c2->rhs].type;
    if (!fe_size_static(p->gemms[0].N))
      return fe_why(why, cap, "the width of the intermediate (N of the first "
                              "product) must be static: it lives in "
                              "registers or LDS");
  }
  return 0;
}

static int build_shape(fe_problem *p, char *why, size_t cap,
                       MlirLocation *where) {
  fe_graph *g = &p->g;
  *where = p->loc;
  for (int i = 0; i < g->nprods; ++i) {
    const fe_contraction *c = &g->prods[i];
    /* A gathered operand (an embedding's rows) would be one scalar read
     * per product term: its own elementwise kernel writes it first. */
    if (fe_reads(g, c->lhs, FE_GATHER, -1) ||
        fe_reads(g, c->rhs, FE_GATHER, -1)) {
      *where = c->loc;
      return fe_why(why, cap, "a product operand read through a gather (an "
                              "embedding's rows) is written by its own "
                              "elementwise kernel first");
    }
    fe_fold_zero_points(g, &g->prods[i]);
    if (fe_narrow_mixed_operands(g, &g->prods[i]))
      return fe_why(why, cap, "out of memory");
  }
  int last = -1;
  if (p->nouts > 1) {
    char multi_why[FE_WHY];
    if (fe_multi_problem(p, &last, multi_why, sizeof multi_why, where))
      return fe_why(why, cap, "the function writes %d buffers, which one "
                              "kernel writes only as products of one A "
                              "operand: %s",
                    p->nouts, multi_why);
    goto shaped;
  }
  /* Reductions without a product: ProblemReduction.c. */
  int red = fe_reduction_build(p, why, cap, where);
  if (red <= 0)
    return red;
  int n = count_products(g, p->root, &last);
  if (n == 0 && fe_reads(g, p->root, FE_REDUCE, -1))
    return fe_refuse_reduction(p, why, cap, where);
  if (n == 0)
    return fe_elementwise_build(p, why, cap, where);
  if (n > 2)
    return fe_why(why, cap, "the result combines %d products elementwise "
                            "(one product, a chain feeding one product, or "
                            "two products of one A operand are supported)",
                  n);
  if (n == 2) {
    char dual_why[FE_WHY];
    if (fe_dual_problem(p, &last, dual_why, sizeof dual_why, where))
      return fe_why(why, cap, "the result combines 2 products elementwise, "
                              "which one kernel computes only when they "
                              "share their A operand: %s",
                    dual_why);
  } else if (shape_of_last(p, last, why, cap, where)) {
    return -1;
  }
shaped:
  for (int i = 0; i < p->ngemms; ++i)
    if (p->shape != FE_SHAPE_GEMM && p->shape != FE_SHAPE_VALU &&
        p->gemms[i].has_kouter)
      return fe_why(why, cap, "a product with two K loops (%d and %d) is "
                              "looped by the gemm template alone, not "
                              "fused with other products",
                    p->gemms[i].kouter_loop, p->gemms[i].k_loop);
  /* (VALU kernels address any layout themselves.) */
  if (p->shape != FE_SHAPE_VALU && fe_apply_views(p, why, cap))
    return -1;
  /* The root reads the last product through one map of the output
   * buffer's dims (two different views would read other tiles). */
  if (out_dims(p, last, why, cap))
    return -1;
  int rank = p->args[p->out_arg].rank;
  /* (Without an M dimension the output's N is its innermost.) */
  bool unit_m = p->gemms[p->ngemms - 1].unit_m;
  if (p->shape != FE_SHAPE_VALU &&
      (unit_m ? p->out_space_n != rank - 1
              : p->out_space_m < rank - 2 || p->out_space_n < rank - 2)) {
    /* The output's dims in its own space: the view maps the product's
     * output dims there. */
    fe_node out;
    memset(&out, 0, sizeof out);
    out.nmap = (int8_t)rank;
    for (int j = 0; j < rank; ++j)
      out.map[j] = (int8_t)j;
    char dims[64], pos[48], where[192];
    fe_describe_dims(&out, p->out_space_m, "M", p->out_space_n, "N", -2,
                     dims, sizeof dims);
    fe_batch_position(&out, p->out_space_m, p->out_space_n, rank, pos,
                      sizeof pos);
    snprintf(where, sizeof where, "the output has a batch dimension at %s "
                                  "of its dimensions %s",
             pos, dims);
    if (p->nouts > 1 ||
        (p->shape != FE_SHAPE_GEMM && p->shape != FE_SHAPE_DUAL))
      return fe_why(why, cap, "%s: the last two must be the matrix, batch "
                              "dimensions before them (a chain's or "
                              "attention's output is written without a "
                              "view)",
                    where);
    /* Written through a view with the batch dimensions first. */
    int8_t perm[FE_MAX_RANK] = {0};
    bool dw = wmma_max_batch(g) > 2;
    if ((dw ? fe_matrix_view_dynamic : fe_matrix_view)(
            &p->args[p->out_arg], p->out_space_m, p->out_space_n, perm,
            where, why, cap) ||
        fe_output_view(p, perm, why, cap) || out_dims(p, last, why, cap))
      return -1;
  }
  /* Each output: read by the epilogue only where each tile writes (and
   * by no other output's epilogue). */
  *where = p->loc;
  int nouts = p->nouts > 1 ? p->nouts : 1;
  for (int o = 0; o < nouts; ++o) {
    int out = o ? p->outs[o] : p->out_arg;
    for (int i = 0; i < p->ngemms; ++i) {
      fe_gemm *gm = &p->gemms[i];
      if ((gm->lhs.arg >= 0 && fe_reads_arg(g, gm->lhs.node, out, 0)) ||
          fe_reads_arg(g, gm->rhs.node, out, 0))
        return fe_why(why, cap, "the output is also a product operand");
    }
    for (int r = 0; r < nouts; ++r)
      if (r != o && fe_reads_arg(g, p->roots[r], out, 0))
        return fe_why(why, cap, "an output's epilogue reads another output");
    if (reads_arg_elsewhere(g, o ? p->roots[o] : p->root, out, rank))
      return fe_why(why, cap, "the result reads the output at other "
                              "elements than it writes");
  }
  if (p->shape == FE_SHAPE_CHAIN && fe_reads_arg(g, p->inter, p->out_arg, 0))
    return fe_why(why, cap, "the intermediate reads the output");
  if (p->shape == FE_SHAPE_GEMM && unit_m)
    return fe_vector_output(p, why, cap);
  return 0;
}

int fe_problem_build(fe_problem *p, char *why, size_t cap,
                     MlirLocation *where) {
  if (build_shape(p, why, cap, where))
    return -1;
  return fe_padded_operands(p, why, cap);
}

void fe_problem_free(fe_problem *p) { fe_graph_free(&p->g); }
