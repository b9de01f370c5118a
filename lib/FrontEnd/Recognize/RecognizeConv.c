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
 * filter and the output) is a GEMM batch.  Depthwise forms (groups
 * without an output-channel loop: a matrix-vector product per channel)
 * are refused for now. */
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
  buffer_t *img, *flt, *out;
  MlirAffineMap mimg, mflt, mout;
} conv_t;

/* `d` or `d * c` / `c * d` (c > 0) -> loop d, coefficient c. */
static bool term(MlirAffineExpr e, int *d, int64_t *c) {
  *c = 1;
  if (mlirAffineExprIsAMul(e)) {
    MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
    MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
    if (mlirAffineExprIsAConstant(l)) {
      MlirAffineExpr t = l;
      l = r;
      r = t;
    }
    if (!mlirAffineExprIsAConstant(r))
      return false;
    *c = mlirAffineConstantExprGetValue(r);
    e = l;
  }
  if (!mlirAffineExprIsADim(e) || *c <= 0 || *c > (1 << 20))
    return false;
  *d = (int)mlirAffineDimExprGetPosition(e);
  return true;
}

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
    int d, d2;
    int64_t c, c2;
    if (term(e, &d, &c) && c == 1) {
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
    if (!mlirAffineExprIsAAdd(e) ||
        !term(mlirAffineBinaryOpExprGetLHS(e), &d, &c) ||
        !term(mlirAffineBinaryOpExprGetRHS(e), &d2, &c2))
      return refuse(r, cv, "an input dim is indexed by something other than "
                           "a loop or stride * pixel + dilation * tap "
                           "(offsets and padding inside the map are not "
                           "supported)");
    if (cv->reduction[d]) { /* the tap first in the sum */
      int t = d;
      int64_t tc = c;
      d = d2, c = c2, d2 = t, c2 = tc;
    }
    if (cv->reduction[d] || !cv->reduction[d2] || cv->out_dim[d] < 0 ||
        map_reads(mf, d) || !map_reads(mf, d2) || cv->kind[d] != L_NONE ||
        cv->kind[d2] != L_NONE)
      return refuse(r, cv, "an input spatial dim must read an output pixel "
                           "loop plus a filter tap loop");
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
      return refuse(r, cv, "the filter is not indexed by plain loop indices");
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
  if (nf == 0 && nc == 0)
    return refuse(r, cv, "depthwise convolutions (one filter per channel, "
                         "no output-channel loop: a matrix-vector product "
                         "per channel) are not supported yet");
  if (nf != 1 || nc != 1)
    return refuse(r, cv, "a convolution needs exactly one output channel "
                         "loop and one input channel loop");
  for (int l = 0; l < cv->nloops; ++l)
    if (cv->kind[l] == L_NONE)
      return refuse(r, cv, "a loop has no role of a convolution");
  return 0;
}

/* The body: out + a * b, a and b the input and the filter, each possibly
 * extended to the output's type.  lhs_unsigned/rhs_unsigned for arith.extui. */
static int block_arg_of(MlirBlock body, MlirValue v, bool *uns) {
  *uns = false;
  if (mlirValueIsAOpResult(v)) {
    MlirOperation d = mlirOpResultGetOwner(v);
    if (!wmma_op_is(d, "arith.extf") && !wmma_op_is(d, "arith.extsi") &&
        !wmma_op_is(d, "arith.extui"))
      return -1;
    *uns = wmma_op_is(d, "arith.extui");
    v = mlirOperationGetOperand(d, 0);
  }
  if (!mlirValueIsABlockArgument(v) ||
      !mlirOperationEqual(
          mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v)),
          mlirBlockGetParentOperation(body)))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

static int read_body(rec_t *r, conv_t *cv, bool uns[2]) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(cv->op, 0));
  MlirOperation y = mlirBlockGetTerminator(body);
  if (mlirOperationIsNull(y) || mlirOperationGetNumOperands(y) != 1)
    return refuse(r, cv, "malformed body");
  MlirValue v = mlirOperationGetOperand(y, 0);
  MlirOperation add = mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                              : (MlirOperation){NULL};
  bool fl = !mlirOperationIsNull(add) && wmma_op_is(add, "arith.addf");
  if (mlirOperationIsNull(add) || (!fl && !wmma_op_is(add, "arith.addi")))
    return refuse(r, cv, "the body is not out + input * filter");
  MlirValue out = mlirBlockGetArgument(body, 2), prod = {NULL};
  for (int s = 0; s < 2; ++s)
    if (mlirValueEqual(mlirOperationGetOperand(add, s), out))
      prod = mlirOperationGetOperand(add, 1 - s);
  MlirOperation mul = !mlirValueIsNull(prod) && mlirValueIsAOpResult(prod)
                          ? mlirOpResultGetOwner(prod)
                          : (MlirOperation){NULL};
  if (mlirOperationIsNull(mul) ||
      !wmma_op_is(mul, fl ? "arith.mulf" : "arith.muli"))
    return refuse(r, cv, "the body is not out + input * filter");
  bool u0, u1;
  int a0 = block_arg_of(body, mlirOperationGetOperand(mul, 0), &u0);
  int a1 = block_arg_of(body, mlirOperationGetOperand(mul, 1), &u1);
  if (!((a0 == 0 && a1 == 1) || (a0 == 1 && a1 == 0)))
    return refuse(r, cv, "the body is not out + input * filter (zero points "
                         "and other operand expressions are not supported "
                         "yet)");
  uns[a0] = u0;
  uns[a1] = u1;
  return 0;
}

/* A function argument read as it is (no earlier op wrote it), of static
 * shape. */
static int plain_arg(rec_t *r, conv_t *cv, buffer_t *b, const char *what) {
  if (b->arg < 0 || b->written || b->alloc)
    return rec_refuse(r, cv->op, "the convolution's %s must be a function "
                                 "argument, not a computed buffer",
                      what);
  for (int j = 0; j < b->rank; ++j)
    if (!fe_size_static(b->shape[j]))
      return rec_refuse(r, cv->op, "the convolution's %s has a dynamic "
                                   "size (static shapes only for now)",
                        what);
  return 0;
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

static int build(rec_t *r, conv_t *cv, const bool uns[2]) {
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
  if (batch >= 0 && first_pix >= 0)
    hide_batch = cv->out_dim[first_pix] != cv->out_dim[batch] + 1 ||
                 cv->img_dim[first_pix] < cv->img_dim[batch];
  fe_node img = fe_node_blank(FE_LOAD, cv->img->elem, orank + 1);
  img.arg = cv->img->arg;
  img.nmap = cv->img->rank;
  img.im2col = g->nconvs + 1;
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
  /* Every input dim inside the input: the last pixel at the last tap. */
  for (int j = 0; j < c->rank; ++j) {
    bool batched = false;
    for (int t = 0; t < c->nbdims; ++t)
      batched |= c->bdim[t] == j;
    if (j == c->chan || batched)
      continue;
    int64_t reach = c->stride[j] * (cv->out->shape[img.map[j]].value - 1);
    for (int t = 0; t < c->nk; ++t)
      if (c->kdim[t] == j)
        reach += c->kmul[t] * (c->ksize[t] - 1);
    if (reach >= cv->img->shape[j].value)
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
    c->pix_size[c->npix++] = cv->out->shape[j].value;
  }
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
  int acc = rec_contents(r, cv->op, cv->out);
  if (ni < 0 || nf < 0 || acc < 0)
    return acc < 0 ? -1 : rec_refuse(r, cv->op, "out of memory");
  ++g->nconvs;
  fe_contraction *ct = &g->prods[g->nprods];
  memset(ct, 0, sizeof *ct);
  ct->nest.nloops = orank + 1;
  for (int j = 0; j < orank; ++j) {
    ct->nest.loop_size[j] = cv->out->shape[j];
    ct->nest.out_dims[j] = j;
  }
  ct->nest.reduction[kloop] = true;
  ct->nest.loop_size[kloop] = fe_static(K);
  ct->nest.nout = orank;
  ct->lhs = ni;
  ct->rhs = nf;
  ct->lhs_unsigned = uns[0];
  ct->rhs_unsigned = uns[1];
  ct->lhs_zp = ct->rhs_zp = -1;
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
  if (mlirDenseI32ArrayGetElement(seg, 0) != 2 ||
      mlirDenseI32ArrayGetElement(seg, 1) != 1)
    return refuse(r, &cv, "a convolution with other than an input, a filter "
                          "and an output (zero points, pooling) is not "
                          "supported yet");
  cv.nloops = (int)mlirArrayAttrGetNumElements(iters);
  if (cv.nloops > MAX_CONV_LOOPS)
    return refuse(r, &cv, "too many loops");
  for (int l = 0; l < cv.nloops; ++l)
    cv.reduction[l] =
        wb_iterator_is_reduction(mlirArrayAttrGetElement(iters, l));
  cv.mimg = map_of(maps, 0);
  cv.mflt = map_of(maps, 1);
  cv.mout = map_of(maps, 2);
  if (mlirAffineMapIsNull(cv.mimg) || mlirAffineMapIsNull(cv.mflt) ||
      mlirAffineMapIsNull(cv.mout))
    return refuse(r, &cv, "indexing maps are not affine maps");
  cv.img = rec_buffer_of(r, mlirOperationGetOperand(op, 0));
  cv.flt = rec_buffer_of(r, mlirOperationGetOperand(op, 1));
  cv.out = rec_buffer_of(r, mlirOperationGetOperand(op, 2));
  if (!cv.img || !cv.flt || !cv.out)
    return refuse(r, &cv, "an operand is a view or cast of a buffer (not "
                          "supported)");
  /* A window over the filter (the filter gradient) is not this form. */
  bool uns[2] = {false, false};
  if (classify(r, &cv) || read_body(r, &cv, uns) ||
      plain_arg(r, &cv, cv.img, "input") ||
      plain_arg(r, &cv, cv.flt, "filter"))
    return -1;
  if (cv.out->rank + 1 > FE_MAX_LOOPS)
    return refuse(r, &cv, "the output has too many dims");
  for (int j = 0; j < cv.out->rank; ++j)
    if (!fe_size_static(cv.out->shape[j]))
      return refuse(r, &cv, "dynamic output sizes are not supported yet");
  return build(r, &cv, uns);
}
