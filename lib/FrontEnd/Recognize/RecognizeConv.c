/* Front end, step 1 (continued): a convolution (a linalg.generic whose
 * input is indexed by sums of loop indices, named convolutions
 * generalized) as an implicit GEMM.
 *
 * The loops of a convolution, whatever their order in the generic:
 *   batch   parallel, indexes the input and the output
 *   pixel   parallel, output spatial dim; the input's spatial dim reads
 *           stride * pixel + dilation * tap
 *   F       parallel, output channel: the filter and the output
 *   tap     reduction, filter spatial dim (inside an input sum)
 *   C       reduction, input channel: the input and the filter
 * The contraction is recorded in a loop space of the output's dims (in the
 * output's order) and one K loop: the filter's reduced dims (taps and C)
 * collapsed in the filter's memory order, which the filter is read
 * through (a view, fe_arg.collapsed).  M = the pixel loops (the problem
 * collapses them into one when the output holds them adjacent), N = F.
 * The input is an im2col load (fe_node.im2col, fe_conv): the kernel
 * computes its addresses from the pixel and K indices, so im2col never
 * exists in memory.  A group (a parallel loop indexing the input, the
 * filter and the output) is a GEMM batch; a depthwise convolution's
 * channel is one (without a multiplier, no N: the VALU template). */
#include "Recognize/Recognize.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

#define MAX_CONV_LOOPS 12

typedef enum { L_NONE, L_BATCH, L_GROUP, L_PIXEL, L_F, L_TAP, L_C } loop_kind;

typedef struct {
  MlirOperation op;
  int nloops;
  bool reduction[MAX_CONV_LOOPS];
  loop_kind kind[MAX_CONV_LOOPS];
  int out_dim[MAX_CONV_LOOPS]; /* parallel loops: output dim */
  int img_dim[MAX_CONV_LOOPS]; /* batch, pixel, tap, C: input dim */
  int64_t coef[MAX_CONV_LOOPS]; /* pixel: stride; tap: dilation */
  int64_t off[FE_MAX_RANK];    /* per input dim: the map's constant */
  buffer_t *img, *flt, *out;
  buffer_t *pad; /* the padded copy of img the op reads (zeros; a pooling
                    also another constant), or NULL */
  bool pool;     /* a pooling: flt is its window, never read
                    (RecognizePool.c) */
  MlirAffineMap mimg, mflt, mout;
} conv_t;

static MlirAffineMap map_of(MlirAttribute maps, intptr_t i) {
  MlirAttribute a = mlirArrayAttrGetElement(maps, i);
  return mlirAttributeIsAAffineMap(a) ? mlirAffineMapAttrGetValue(a)
                                      : (MlirAffineMap){NULL};
}

/* Is loop d one of map's plain results? */
static bool map_reads(MlirAffineMap m, int d) {
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(m); ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(m, j);
    if (mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == d)
      return true;
  }
  return false;
}

/* An input map's result as sum of coef[i] * loop d[i] plus k (each loop
 * once); false if it is no such sum or has more than two loops. */
typedef struct {
  int n;
  int d[2];
  int64_t coef[2];
  int64_t k;
} linear_t;

static bool linear(MlirAffineExpr e, int64_t scale, linear_t *x) {
  if (mlirAffineExprIsAConstant(e)) {
    x->k += scale * mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    int d = (int)mlirAffineDimExprGetPosition(e);
    for (int i = 0; i < x->n; ++i)
      if (x->d[i] == d) {
        x->coef[i] += scale;
        return true;
      }
    if (x->n == 2)
      return false;
    x->d[x->n] = d;
    x->coef[x->n++] = scale;
    return true;
  }
  MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
  if (mlirAffineExprIsAAdd(e))
    return linear(l, scale, x) && linear(r, scale, x);
  if (!mlirAffineExprIsAMul(e))
    return false;
  if (mlirAffineExprIsAConstant(l)) {
    MlirAffineExpr t = l;
    l = r;
    r = t;
  }
  if (!mlirAffineExprIsAConstant(r))
    return false;
  int64_t c = mlirAffineConstantExprGetValue(r);
  if (c < -(1 << 20) || c > (1 << 20))
    return false;
  return linear(l, scale * c, x);
}

static int refuse(rec_t *r, conv_t *cv, const char *what) {
  char src[64];
  fe_source_op_name(r->func, mlirOperationGetLocation(cv->op), src,
                    sizeof src);
  bool generic = !src[0] || !strcmp(src, "linalg.generic");
  return rec_refuse(r, cv->op, "%s: %s",
                    generic ? "a linalg.generic shaped like a convolution"
                            : src,
                    what);
}

/* The loops' roles from the three maps. */
static int classify(rec_t *r, conv_t *cv) {
  MlirAffineMap mi = cv->mimg, mf = cv->mflt, mo = cv->mout;
  for (int l = 0; l < cv->nloops; ++l)
    cv->out_dim[l] = cv->img_dim[l] = -1;
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(mo); ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(mo, j);
    if (!mlirAffineExprIsADim(e))
      return refuse(r, cv, "the output is not indexed by plain loop indices");
    int d = (int)mlirAffineDimExprGetPosition(e);
    if (cv->reduction[d] || cv->out_dim[d] >= 0)
      return refuse(r, cv, "the output is indexed by a reduction loop or "
                           "twice by one loop");
    cv->out_dim[d] = (int)j;
  }
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(mi); ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(mi, j);
    linear_t x = {.n = 0, .k = 0};
    bool lin = linear(e, 1, &x);
    if (lin && x.n == 1 && x.coef[0] == 1 && x.k == 0) {
      int d = x.d[0];
      if (cv->kind[d] != L_NONE)
        return refuse(r, cv, "a loop indexes two input dims");
      if (cv->reduction[d] && map_reads(mf, d))
        cv->kind[d] = L_C;
      else if (!cv->reduction[d] && cv->out_dim[d] >= 0 && !map_reads(mf, d))
        cv->kind[d] = L_BATCH;
      else if (!cv->reduction[d] && cv->out_dim[d] >= 0 && map_reads(mf, d))
        cv->kind[d] = L_GROUP;
      else
        return refuse(r, cv, "an input dim is indexed by a loop that is "
                             "neither batch nor channel");
      cv->img_dim[d] = (int)j;
      continue;
    }
    /* stride * pixel + dilation * tap + offset; the tap's coefficient
     * negative where the filter is read flipped (a data gradient:
     * `h + (KH - 1) - kh`). */
    if (!lin || x.n != 2 || x.coef[0] == 0 || x.coef[1] == 0)
      return refuse(r, cv, "an input dim is indexed by something other than "
                           "a loop or stride * pixel + dilation * tap "
                           "(+ a constant)");
    int d = x.d[0], d2 = x.d[1];
    int64_t c = x.coef[0], c2 = x.coef[1];
    if (cv->reduction[d]) { /* the tap second */
      d = x.d[1], c = x.coef[1], d2 = x.d[0], c2 = x.coef[0];
    }
    if (cv->reduction[d] || !cv->reduction[d2] || c < 0 ||
        cv->out_dim[d] < 0 ||
        map_reads(mf, d) || !map_reads(mf, d2) || cv->kind[d] != L_NONE ||
        cv->kind[d2] != L_NONE)
      return refuse(r, cv, "an input spatial dim must read an output pixel "
                           "loop plus a filter tap loop");
    cv->off[j] = x.k;
    cv->kind[d] = L_PIXEL;
    cv->kind[d2] = L_TAP;
    cv->coef[d] = c;
    cv->coef[d2] = c2;
    cv->img_dim[d] = cv->img_dim[d2] = (int)j;
  }
  int nf = 0, nc = 0;
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(mf); ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(mf, j);
    if (!mlirAffineExprIsADim(e))
      return refuse(r, cv, "the filter is not indexed by plain loop indices "
                           "(a flipped filter: flip the tap in the input's "
                           "map, `h + (KH - 1) - kh`)");
    int d = (int)mlirAffineDimExprGetPosition(e);
    if (cv->kind[d] == L_NONE && !cv->reduction[d] && cv->out_dim[d] >= 0) {
      cv->kind[d] = L_F;
      ++nf;
    } else if (cv->kind[d] == L_C) {
      ++nc;
    } else if (cv->kind[d] != L_TAP && cv->kind[d] != L_GROUP) {
      return refuse(r, cv, "a filter dim is indexed by a loop that is "
                           "neither a tap, the input channel nor the output "
                           "channel");
    }
  }
  /* Depthwise (no input channel loop, the channel a group): without a
   * channel multiplier (nf = 0) a matrix-vector product per channel, which
   * the problem gives the VALU template; with one, N = the multiplier. */
  if (nf > 1 || nc > 1 || (nc == 1 && nf == 0))
    return refuse(r, cv, "a convolution needs exactly one output channel "
                         "loop and one input channel loop");
  for (int l = 0; l < cv->nloops; ++l)
    if (cv->kind[l] == L_NONE)
      return refuse(r, cv, "a loop has no role of a convolution");
  return 0;
}

/* The body evaluated on the input's and the filter's loads (and scalar
 * operands: zero points): it must yield out + a * b, a reading the input
 * and b the filter (either order), each the load, its extension, or an
 * expression of it (ext(x) - zp, folded by Problem/ProblemZeroPoints.c).
 * The extensions to the output type are stripped as for any contraction. */
#define MAX_BODY 32
typedef struct {
  MlirValue v[MAX_BODY];
  int node[MAX_BODY];
  int n;
} body_vals;

static int body_value(const body_vals *bv, MlirValue v) {
  for (int i = 0; i < bv->n; ++i)
    if (mlirValueEqual(bv->v[i], v))
      return bv->node[i];
  return -1;
}

static bool reads_node(const fe_graph *g, int n, int m) {
  return n >= 0 && fe_reads_node(g, n, m);
}

static int eval_body(rec_t *r, conv_t *cv, int ni, int nf, int *lhs,
                     int *rhs, bool *lu, bool *ru) {
  fe_graph *g = &r->p->g;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(cv->op, 0));
  int nin = (int)mlirBlockGetNumArguments(body) - 1;
  body_vals bv = {.n = 0};
  const int OUT = -2;
  for (int i = 0; i <= nin && bv.n < MAX_BODY; ++i) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    int node = i == 0 ? ni : i == 1 ? nf : i == nin ? OUT : -1;
    if (node == -1) { /* a scalar operand (a zero point) */
      node = rec_outer_scalar(r, cv->op, mlirOperationGetOperand(cv->op, i));
      if (node < 0)
        return -1;
    }
    bv.v[bv.n] = arg;
    bv.node[bv.n++] = node;
  }
  int yielded = -1, sum = -1;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (wmma_op_is(op, "linalg.yield")) {
      if (mlirOperationGetNumOperands(op) == 1)
        yielded = body_value(&bv, mlirOperationGetOperand(op, 0));
      break;
    }
    const wmma_elementwise_op *ew = wmma_elementwise_of(op);
    int nops = (int)mlirOperationGetNumOperands(op), ops[3];
    if (!ew || nops != ew->arity || nops > 3 || bv.n == MAX_BODY ||
        mlirOperationGetNumResults(op) != 1)
      return refuse(r, cv, "the body is not out + input * filter");
    bool has_out = false;
    for (int i = 0; i < nops; ++i) {
      ops[i] = body_value(&bv, mlirOperationGetOperand(op, i));
      if (ops[i] == -1)
        return refuse(r, cv, "the body is not out + input * filter");
      has_out |= ops[i] == OUT;
    }
    MlirValue res = mlirOperationGetResult(op, 0);
    int node;
    if (has_out) { /* only the final out + product */
      if (nops != 2 || (strcmp(ew->name, "arith.addf") &&
                        strcmp(ew->name, "arith.addi")) ||
          sum >= 0)
        return refuse(r, cv, "the body is not out + input * filter");
      sum = ops[0] == OUT ? ops[1] : ops[0];
      node = -3; /* the sum's own value */
    } else {
      node = fe_op(g, ew->name, mlirValueGetType(res), nops, ops, -1,
                   mlirAttributeGetNull(), mlirOperationGetLocation(op));
      if (node < 0)
        return rec_refuse(r, cv->op, "out of memory");
    }
    bv.v[bv.n] = res;
    bv.node[bv.n++] = node;
  }
  const fe_node *m = sum >= 0 ? &g->nodes[sum] : NULL;
  if (yielded != -3 || !m || m->kind != FE_OP || m->nops != 2 ||
      (strcmp(m->name, "arith.mulf") && strcmp(m->name, "arith.muli")))
    return refuse(r, cv, "the body is not out + input * filter");
  int a = m->ops[0], b = m->ops[1];
  if (reads_node(g, a, nf) && reads_node(g, b, ni)) {
    int t = a;
    a = b;
    b = t;
  }
  if (!reads_node(g, a, ni) || reads_node(g, a, nf) || !reads_node(g, b, nf) ||
      reads_node(g, b, ni))
    return refuse(r, cv, "the body is not out + input * filter");
  *lu = *ru = false;
  const fe_node *xa = &g->nodes[a], *xb = &g->nodes[b];
  if (xa->kind == FE_OP && xa->nops == 1 && xa->ops[0] == ni) {
    *lu = !strcmp(xa->name, "arith.extui");
    a = ni;
  }
  if (xb->kind == FE_OP && xb->nops == 1 && xb->ops[0] == nf) {
    *ru = !strcmp(xb->name, "arith.extui");
    b = nf;
  }
  *lhs = a;
  *rhs = b;
  return 0;
}

/* A function argument read as it is (no earlier op wrote it).  Dims of
 * static size: the filter's all (K and the output channels), the input's
 * channel dim; the input's batch and spatial dims may be run-time sizes
 * (the kernel splits the pixel index by them). */
static int plain_arg(rec_t *r, conv_t *cv, buffer_t *b, const char *what,
                     int dynamic_ok_but) {
  if (b->arg < 0 || b->written || b->alloc)
    return rec_refuse(r, cv->op, "the convolution's %s must be a function "
                                 "argument, not a computed buffer",
                      what);
  for (int j = 0; j < b->rank; ++j)
    if (!fe_size_static(b->shape[j]) &&
        (dynamic_ok_but < -1 || j == dynamic_ok_but))
      return rec_refuse(r, cv->op, "the convolution's %s has a dynamic "
                                   "size in dim %d (only batch and spatial "
                                   "dims may be dynamic)",
                        what, j);
  return 0;
}

/* The input's channel dim (-1: none, depthwise). */
static int chan_dim(const conv_t *cv) {
  for (int l = 0; l < cv->nloops; ++l)
    if (cv->kind[l] == L_C)
      return cv->img_dim[l];
  return -1;
}

/* The filter read through a view whose K dims (adjacent, in memory order)
 * are one: the innermost of them spans K, the others size 1 (the loads
 * read them at 0). */
static int filter_view(rec_t *r, conv_t *cv, int k0, int nk, int64_t K) {
  fe_arg *a = &r->p->args[cv->flt->arg];
  MlirAffineMap layout = mlirMemRefTypeGetAffineMap(a->type);
  if (a->collapsed || a->permuted ||
      (!mlirAffineMapIsNull(layout) && !mlirAffineMapIsIdentity(layout)))
    return rec_refuse(r, cv->op, "the convolution's filter has a strided "
                                 "layout (an identity layout is needed)");
  int64_t stride = 1;
  for (int j = a->rank - 1; j >= 0; --j) {
    a->vshape[j] = a->shape[j].value;
    a->vstride[j] = stride;
    stride *= a->shape[j].value;
  }
  int last = k0 + nk - 1;
  for (int j = k0; j < last; ++j) {
    a->vshape[j] = 1;
    a->vstride[j] = 0;
  }
  a->vshape[last] = K;
  a->collapsed = nk > 1;
  return 0;
}

/* K ordered by padded runs (fe_conv.kpad): worth it where the input's
 * channels are too few for vector loads (a first layer's 3) and K's
 * innermost components are one contiguous run of an input row (kw x c)
 * under one outer component (kh), the input read as it is or through a
 * tensor.pad of its rows and columns (the form torch-mlir gives a first
 * layer's padding 3).  Each thread's K offsets then stay in
 * one run and are the same every K step (the run's start moves by the
 * step): no division, wrap test or select per element in the K loop
 * (Kernel/ConvLoad.c), at the cost of WMMAs over the padding (224
 * instead of 160 for 7 x 21).  Static shapes, an identity layout, 16-bit
 * floats read as they are (the product's operands the plain loads). */
static void plan_kpad(rec_t *r, const conv_t *cv, fe_conv *c) {
  const fe_arg *a = &r->p->args[cv->img->arg];
  MlirAffineMap layout = mlirMemRefTypeGetAffineMap(a->type);
  MlirType e = cv->img->elem, f = cv->flt->elem;
  if (c->nbdims || c->chan != c->rank - 1 || c->nk < 2 ||
      c->kdim[c->nk - 1] != c->chan || c->ksize[c->nk - 1] % 8 == 0 ||
      !(mlirTypeIsAF16(e) || mlirTypeIsABF16(e)) ||
      !(mlirTypeIsAF16(f) || mlirTypeIsABF16(f)) ||
      (!mlirAffineMapIsNull(layout) && !mlirAffineMapIsIdentity(layout)))
    return;
  int64_t estride[FE_MAX_RANK], stride = 1, before = 0;
  for (int j = c->rank - 1; j >= 0; --j) {
    if (!fe_size_static(cv->img->shape[j]))
      return;
    estride[j] = stride;
    stride *= cv->img->shape[j].value;
  }
  /* Through a tensor.pad (cv->img the unpadded input): static amounts
   * without interior zeros, and a low border under one input's worth of
   * elements (ConvLoad.c's kpad_load_padded moves rows outside the input
   * past it by twice its size). */
  for (int j = 0; c->padded && j < c->rank; ++j) {
    if (c->pad_lo_node[j] || c->pad_step[j] > 1 || c->pad_lo[j] < 0)
      return;
    before += c->pad_lo[j] * estride[j];
  }
  if (before >= stride)
    return;
  int64_t run = 1;
  int t = c->nk - 1;
  for (; t >= 0 && c->kmul[t] > 0 && c->kmul[t] * estride[c->kdim[t]] == run;
       --t)
    run *= c->ksize[t];
  if (t != 0 || c->kmul[0] <= 0 || run < 2)
    return;
  int64_t kpad = 16;
  while (kpad < run)
    kpad *= 2;
  int64_t padded = c->ksize[0] * kpad, plain = (c->K + 31) / 32 * 32;
  if (2 * padded > 3 * plain || stride > INT32_MAX / 8 || padded > 4096)
    return;
  c->kpad = kpad;
  c->krun = run;
}

/* A 1x1 convolution at stride 1 over the whole input (no padding, no
 * groups, the batch beside the pixels, the input's pixel dims the
 * output's sizes) is a GEMM: its input a plain operand ([pixels][C]
 * after the problem collapses the pixel loops, like the output), read
 * with the GEMM's own loads -- no im2col index math. */
static bool pointwise(const conv_t *cv, const fe_conv *c, bool hide_batch) {
  if (cv->pad || hide_batch || chan_dim(cv) < 0)
    return false;
  for (int t = 0; t < c->nk; ++t)
    if (c->kdim[t] != chan_dim(cv) && c->ksize[t] != 1)
      return false;
  for (int j = 0; j < cv->img->rank; ++j)
    if (cv->off[j])
      return false;
  for (int l = 0; l < cv->nloops; ++l) {
    if (cv->kind[l] == L_GROUP)
      return false;
    if (cv->kind[l] != L_PIXEL && cv->kind[l] != L_BATCH)
      continue;
    fe_size in = cv->img->shape[cv->img_dim[l]];
    fe_size out = cv->out->shape[cv->out_dim[l]];
    if ((cv->kind[l] == L_PIXEL && cv->coef[l] != 1) ||
        !fe_size_static(in) || !fe_size_static(out) || in.value != out.value)
      return false;
  }
  return true;
}

/* The contraction (or pooling: combine) of A = lhs and B = rhs into the
 * output, over the output's loops and K (loop orank). */
static int record(rec_t *r, conv_t *cv, fe_conv *c, int orank, int lhs,
                  int rhs, bool lu, bool ru, bool gemm, const char *combine) {
  fe_graph *g = &r->p->g;
  int acc = rec_contents(r, cv->op, cv->out);
  if (acc < 0)
    return -1;
  if (!gemm) /* a 1x1 convolution's input is no gather */
    ++g->nconvs;
  fe_contraction *ct = &g->prods[g->nprods];
  memset(ct, 0, sizeof *ct);
  ct->nest.nloops = orank + 1;
  for (int j = 0; j < orank; ++j) {
    ct->nest.loop_size[j] = cv->out->shape[j];
    ct->nest.out_dims[j] = j;
  }
  ct->nest.reduction[orank] = true;
  ct->nest.loop_size[orank] =
      fe_static(c->kpad ? c->ksize[0] * c->kpad : c->K);
  ct->nest.nout = orank;
  ct->lhs = lhs;
  ct->rhs = rhs;
  ct->lhs_unsigned = lu;
  ct->rhs_unsigned = ru;
  ct->lhs_zp = ct->rhs_zp = -1;
  ct->combine = combine;
  ct->acc = acc;
  ct->acc_type = cv->out->elem;
  ct->loc = mlirOperationGetLocation(cv->op);
  fe_node res = fe_node_blank(FE_PRODUCT, cv->out->elem, orank);
  res.product = g->nprods++;
  res.nmap = orank;
  for (int j = 0; j < orank; ++j)
    res.map[j] = (int8_t)j;
  res.loc = ct->loc;
  int id = fe_node_add(g, &res);
  if (id < 0)
    return rec_refuse(r, cv->op, "out of memory");
  cv->out->contents = id;
  cv->out->written = true;
  return 0;
}

/* A pooling: the input gathered as a depthwise convolution's, its body
 * combined (RecognizePool.c); B is linalg.index of K, never evaluated
 * (fe_contraction.combine). */
static int build_pool(rec_t *r, conv_t *cv, fe_conv *c, int orank,
                      const fe_node *img) {
  fe_graph *g = &r->p->g;
  int ni = fe_node_add(g, img);
  if (ni < 0)
    return rec_refuse(r, cv->op, "out of memory");
  int value = -1;
  const char *combine = NULL;
  bool zext = false;
  if (rec_pool_body(r, cv->op, ni, &value, &combine, &zext))
    return -1;
  fe_node k = fe_node_blank(FE_INDEX, cv->img->elem, orank + 1);
  k.dim = orank;
  k.loc = mlirOperationGetLocation(cv->op);
  int rhs = fe_node_add(g, &k);
  if (rhs < 0)
    return rec_refuse(r, cv->op, "out of memory");
  return record(r, cv, c, orank, value, rhs, zext, false, false, combine);
}

static int build(rec_t *r, conv_t *cv) {
  fe_graph *g = &r->p->g;
  if (g->nconvs >= FE_MAX_CONVS)
    return refuse(r, cv, "more convolutions than the front end keeps");
  if (g->nprods >= FE_MAX_PRODUCTS)
    return rec_refuse(r, cv->op, "more than %d contractions",
                      FE_MAX_PRODUCTS);
  int orank = cv->out->rank, kloop = orank;
  fe_conv *c = &g->convs[g->nconvs];
  memset(c, 0, sizeof *c);
  c->arg = cv->img->arg;
  c->rank = cv->img->rank;
  for (int j = 0; j < c->rank; ++j)
    c->offset[j] = cv->off[j];
  c->chan = -1;
  c->kloop = kloop;
  /* K: the filter's reduced dims in its memory order, adjacent. */
  int k0 = -1;
  int64_t K = 1;
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(cv->mflt); ++j) {
    int d = (int)mlirAffineDimExprGetPosition(
        mlirAffineMapGetResult(cv->mflt, j));
    if (!cv->reduction[d])
      continue;
    if (k0 < 0)
      k0 = (int)j;
    else if (k0 + c->nk != j)
      return refuse(r, cv, "the filter's taps and input channels are not "
                           "adjacent dims (K is read as one dimension)");
    if (c->nk == FE_CONV_MAX_K)
      return refuse(r, cv, "too many reduced dims");
    c->kdim[c->nk] = (int8_t)cv->img_dim[d];
    c->ksize[c->nk] = cv->flt->shape[j].value;
    c->kmul[c->nk] = cv->kind[d] == L_TAP ? cv->coef[d] : 1;
    K *= c->ksize[c->nk];
    ++c->nk;
  }
  c->K = K;
  bool empty = K == 0; /* (a run-time size of 0 launches no pixels) */
  for (int j = 0; j < orank; ++j)
    empty |= cv->out->shape[j].value == 0;
  for (int j = 0; j < cv->img->rank; ++j)
    empty |= cv->img->shape[j].value == 0;
  if (empty)
    return refuse(r, cv, "a convolution with an empty dimension");
  /* The batch a GEMM batch (grid z) when the output does not hold it
   * next to the pixels (NCHW: M is then OH * OW). */
  bool hide_batch = false;
  int first_pix = -1, batch = -1;
  for (int l = 0; l < cv->nloops; ++l) {
    if (cv->kind[l] == L_BATCH)
      batch = l;
    if (cv->kind[l] == L_PIXEL &&
        (first_pix < 0 || cv->img_dim[l] < cv->img_dim[first_pix]))
      first_pix = l;
  }
  if (batch >= 0 && first_pix >= 0 && !cv->pool)
    hide_batch = cv->out_dim[first_pix] != cv->out_dim[batch] + 1 ||
                 cv->img_dim[first_pix] < cv->img_dim[batch];
  bool gemm = pointwise(cv, c, hide_batch);
  fe_node img = fe_node_blank(FE_LOAD, cv->img->elem, orank + 1);
  img.arg = cv->img->arg;
  img.nmap = cv->img->rank;
  img.im2col = gemm ? 0 : g->nconvs + 1;
  img.loc = mlirValueGetLocation(cv->img->value);
  for (int l = 0; l < cv->nloops; ++l) {
    if (cv->kind[l] == L_C) {
      c->chan = cv->img_dim[l];
      img.map[c->chan] = (int8_t)kloop;
      c->stride[c->chan] = 0;
    } else if ((cv->kind[l] == L_BATCH && hide_batch) ||
               cv->kind[l] == L_GROUP) {
      /* A GEMM batch: a group indexes A (and B), a hidden batch only the
       * output (the loader reads both from the batch values). */
      int j = cv->img_dim[l];
      img.map[j] = cv->kind[l] == L_GROUP ? (int8_t)cv->out_dim[l]
                                          : FE_MAP_FIXED;
      if (c->nbdims == 2)
        return refuse(r, cv, "more than two batch dims");
      c->bdim[c->nbdims] = (int8_t)j;
      c->bloop[c->nbdims++] = (int8_t)cv->out_dim[l];
    } else if (cv->kind[l] == L_BATCH || cv->kind[l] == L_PIXEL) {
      int j = cv->img_dim[l];
      img.map[j] = (int8_t)cv->out_dim[l];
      c->stride[j] = cv->kind[l] == L_PIXEL ? cv->coef[l] : 1;
    }
  }
  /* Padding: on the spatial dims only (the channel chunks and the batch
   * stay whole). */
  const buffer_t *window = cv->pad ? cv->pad : cv->img;
  for (int j = 0; cv->pad && j < c->rank; ++j) {
    c->pad_lo[j] = cv->pad->pad_lo[j];
    c->pad_lo_node[j] = cv->pad->pad_lo_node[j];
    c->pad_step[j] = cv->pad->pad_step[j];
    c->in_size[j] = cv->img->shape[j];
    bool spatial = false;
    for (int t = 0; t < c->nk; ++t)
      spatial |= c->kdim[t] == j && j != c->chan;
    /* At run-time sizes the padded dim is the source's plus pad_grow
     * (RecognizePad.c), the same size where that is 0. */
    c->pad_dim[j] = c->pad_lo[j] || c->pad_lo_node[j] || c->pad_step[j] > 1 ||
                    cv->pad->pad_grow[j] ||
                    (fe_size_static(c->in_size[j]) &&
                     c->in_size[j].value != window->shape[j].value);
    if (!spatial && c->pad_dim[j])
      return refuse(r, cv, "padding of the batch or channel dims is not "
                           "supported (only spatial padding)");
  }
  c->padded = cv->pad != NULL;
  if (cv->pad && !fe_is_zero(g, cv->pad->pad_fill)) {
    if (!cv->pool)
      return refuse(r, cv, "the input is padded (tensor.pad) with a value "
                           "other than zero");
    c->pad_value = 1 + cv->pad->pad_fill;
  }
  /* Every input dim inside the input: the last pixel at the last tap. */
  for (int j = 0; j < c->rank; ++j) {
    bool batched = false;
    for (int t = 0; t < c->nbdims; ++t)
      batched |= c->bdim[t] == j;
    if (j == c->chan || batched)
      continue;
    int64_t reach = c->offset[j], low = c->offset[j];
    for (int t = 0; t < c->nk; ++t) {
      int64_t span = c->kmul[t] * (c->ksize[t] - 1);
      if (c->kdim[t] == j)
        *(span > 0 ? &reach : &low) += span;
    }
    if (low < 0)
      return refuse(r, cv, "the window starts before the input (a negative "
                           "offset in the input's map; pad it)");
    /* Run-time sizes: their agreement is the caller's, as for linalg. */
    if (!fe_size_static(window->shape[j]) ||
        (cv->pad && cv->pad->pad_grow[j] < 0) ||
        !fe_size_static(cv->out->shape[img.map[j]]))
      continue;
    reach += c->stride[j] * (cv->out->shape[img.map[j]].value - 1);
    if (reach >= window->shape[j].value)
      return refuse(r, cv, "the window reaches past the input (an input "
                           "dim smaller than the output needs; pad it)");
  }
  for (int j = 0; j < orank; ++j) {
    bool skip = false;
    for (int l = 0; l < cv->nloops; ++l)
      skip |= cv->kind[l] == L_F && cv->out_dim[l] == j;
    for (int t = 0; t < c->nbdims; ++t)
      skip |= c->bloop[t] == j;
    if (skip)
      continue;
    c->pix_loop[c->npix] = (int8_t)j;
    c->pix_size[c->npix++] = cv->out->shape[j];
  }
  if (cv->pool)
    return build_pool(r, cv, c, orank, &img);
  if (filter_view(r, cv, k0, c->nk, K))
    return -1;
  fe_node flt = fe_node_blank(FE_LOAD, cv->flt->elem, orank + 1);
  flt.arg = cv->flt->arg;
  flt.nmap = cv->flt->rank;
  flt.loc = mlirValueGetLocation(cv->flt->value);
  for (intptr_t j = 0; j < flt.nmap; ++j) {
    int d = (int)mlirAffineDimExprGetPosition(
        mlirAffineMapGetResult(cv->mflt, j));
    if (cv->kind[d] == L_F || cv->kind[d] == L_GROUP)
      flt.map[j] = (int8_t)cv->out_dim[d];
    else if (j == k0 + c->nk - 1)
      flt.map[j] = (int8_t)kloop;
    else
      flt.map[j] = FE_MAP_FIXED; /* read at 0: the view's size-1 dims */
  }
  int ni = fe_node_add(g, &img), nf = fe_node_add(g, &flt);
  if (ni < 0 || nf < 0)
    return rec_refuse(r, cv->op, "out of memory");
  int lhs = -1, rhs = -1;
  bool lu = false, ru = false;
  if (eval_body(r, cv, ni, nf, &lhs, &rhs, &lu, &ru))
    return -1;
  if (lhs == ni && rhs == nf && !gemm)
    plan_kpad(r, cv, c);
  if (c->kpad) { /* the filter read at the padded K */
    flt.kremap = g->nconvs + 1;
    rhs = fe_node_add(g, &flt);
    if (rhs < 0)
      return rec_refuse(r, cv->op, "out of memory");
  }
  return record(r, cv, c, orank, lhs, rhs, lu, ru, gemm, NULL);
}

int rec_do_conv(rec_t *r, MlirOperation op) {
  conv_t cv;
  memset(&cv, 0, sizeof cv);
  cv.op = op;
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  MlirAttribute iters = wmma_attr(op, "iterator_types");
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  if (mlirOperationGetNumResults(op) != 0 || mlirAttributeIsNull(seg) ||
      !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 2 || mlirAttributeIsNull(iters) ||
      mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps))
    return refuse(r, &cv, "malformed linalg.generic");
  int nin = mlirDenseI32ArrayGetElement(seg, 0);
  if (nin < 2 || nin > 4 || mlirDenseI32ArrayGetElement(seg, 1) != 1)
    return refuse(r, &cv, "a convolution with other operands than an input, "
                          "a filter, scalars (zero points) and an output");
  for (int i = 2; i < nin; ++i)
    if (mlirTypeIsAShaped(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return refuse(r, &cv, "operands besides the input and the filter must "
                            "be scalars (per-channel zero points are not "
                            "supported)");
  if (mlirArrayAttrGetNumElements(maps) != nin + 1 ||
      !mlirAttributeIsAArray(iters))
    return refuse(r, &cv, "malformed linalg.generic");
  cv.nloops = (int)mlirArrayAttrGetNumElements(iters);
  if (cv.nloops > MAX_CONV_LOOPS)
    return refuse(r, &cv, "too many loops");
  for (int l = 0; l < cv.nloops; ++l)
    cv.reduction[l] =
        wb_iterator_is_reduction(mlirArrayAttrGetElement(iters, l));
  cv.mimg = map_of(maps, 0);
  cv.mflt = map_of(maps, 1);
  cv.mout = map_of(maps, nin);
  if (mlirAffineMapIsNull(cv.mimg) || mlirAffineMapIsNull(cv.mflt) ||
      mlirAffineMapIsNull(cv.mout))
    return refuse(r, &cv, "indexing maps are not affine maps");
  cv.img = rec_buffer_of(r, mlirOperationGetOperand(op, 0));
  cv.flt = rec_buffer_of(r, mlirOperationGetOperand(op, 1));
  cv.out = rec_buffer_of(r, mlirOperationGetOperand(op, nin));
  if (!cv.img || !cv.flt || !cv.out)
    return refuse(r, &cv, "an operand is a view or cast of a buffer (not "
                          "supported)");
  if (cv.img->pad_src >= 0) { /* read the source, masked */
    cv.pad = cv.img;
    cv.img = &r->bufs[cv.pad->pad_src];
  }
  cv.pool = nin == 2 && rec_is_pool(op);
  if (classify(r, &cv) ||
      plain_arg(r, &cv, cv.img, "input", chan_dim(&cv)) ||
      (!cv.pool && plain_arg(r, &cv, cv.flt, "filter", -2)))
    return -1;
  for (int j = 0; cv.pool && j < cv.flt->rank; ++j)
    if (!fe_size_static(cv.flt->shape[j]))
      return refuse(r, &cv, "the pooling window has a dynamic size");
  if (cv.out->rank + 1 > FE_MAX_LOOPS)
    return refuse(r, &cv, "the output has too many dims");
  for (int l = 0; l < cv.nloops; ++l)
    if (cv.out_dim[l] >= 0 && cv.kind[l] != L_BATCH &&
        cv.kind[l] != L_PIXEL &&
        !fe_size_static(cv.out->shape[cv.out_dim[l]]))
      return refuse(r, &cv, "the output's channel or group dim has a "
                            "dynamic size (only batch and spatial dims may "
                            "be dynamic)");
  return build(r, &cv);
}
