/* The A operand of an implicit GEMM (a convolution, Recognize/
 * RecognizeConv.c): len consecutive K elements of one row of the im2col
 * matrix, gathered from the convolution's input -- the im2col matrix never
 * exists in memory.
 *
 * The row is an output pixel: its index in the product's M loop (the
 * pixel loops collapsed into one, or a pixel loop with batch loops beside
 * it) is linearised over the pixel loops' own sizes and split back into
 * (batch, oh, ow, ...); rows past the last pixel read the last one (their
 * outputs are never stored).  K splits into the filter's reduced dims in
 * its memory order (taps, channel).  When the channel is the input's
 * innermost dim and K's innermost component, and its size a multiple of
 * len, the len elements are one vector load (one tap, consecutive
 * channels); otherwise (3 input channels of a first layer, NCHW) each
 * element is its own load.  Past K (the masked last slice) the elements
 * are zero, and so are those in a tensor.pad's border (fe_conv.padded:
 * the unpadded input is read, its indices checked). */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinTypes.h"

/* x divided by, and the remainder of, the constant c. */
static MlirValue divc(fe_kb *kb, MlirValue x, int64_t c) {
  return c == 1 ? x : wb_arith(&kb->b, "arith.divui", x, kb_c(kb, c));
}
static MlirValue remc(fe_kb *kb, MlirValue x, int64_t c) {
  return c == 1 ? kb_c(kb, 0) : wb_arith(&kb->b, "arith.remui", x, kb_c(kb, c));
}
/* The same by a static or run-time size. */
static MlirValue divs(fe_kb *kb, MlirValue x, fe_size s) {
  return fe_size_static(s) ? divc(kb, x, s.value)
                           : wb_arith(&kb->b, "arith.divui", x, kb_size(kb, s));
}
static MlirValue rems(fe_kb *kb, MlirValue x, fe_size s) {
  return fe_size_static(s) ? remc(kb, x, s.value)
                           : wb_arith(&kb->b, "arith.remui", x, kb_size(kb, s));
}
static MlirValue muls(fe_kb *kb, MlirValue x, fe_size s) {
  return fe_size_static(s) ? kb_mulc(kb, x, s.value)
                           : wb_arith(&kb->b, "arith.muli", x, kb_size(kb, s));
}

/* The input indices of K element kk (the pixel's base indices given);
 * padded: indices inside the unpadded input (0 where outside) and whether
 * all are inside (else null: always). */
static MlirValue tap_indices(fe_kb *kb, const fe_conv *c, const MlirValue *base,
                             MlirValue kk, MlirValue *idx) {
  wb_t *b = &kb->b;
  for (int j = 0; j < c->rank; ++j)
    idx[j] = base[j];
  for (int t = c->nk - 1; t >= 0; --t) {
    MlirValue comp = t ? remc(kb, kk, c->ksize[t]) : kk;
    if (t)
      kk = divc(kb, kk, c->ksize[t]);
    idx[c->kdim[t]] = kb_add(kb, idx[c->kdim[t]], kb_mulc(kb, comp, c->kmul[t]));
  }
  MlirValue inside = (MlirValue){NULL};
  for (int j = 0; c->padded && j < c->rank; ++j) {
    if (!c->pad_dim[j])
      continue;
    MlirValue x = kb_addc(kb, idx[j], -c->pad_lo[j]);
    int64_t step = c->pad_step[j] > 1 ? c->pad_step[j] : 1;
    MlirValue lo = wb_cmpi(b, WB_CMP_SGE, x, kb_c(kb, 0));
    MlirValue ok = lo;
    if (step > 1) { /* lhs dilation: only every step-th index is data */
      MlirValue xs = wb_select(b, lo, x, kb_c(kb, 0));
      MlirValue rem = remc(kb, xs, step);
      ok = wb_arith(b, "arith.andi", ok,
                    wb_cmpi(b, WB_CMP_EQ, rem, kb_c(kb, 0)));
      x = divc(kb, xs, step);
    }
    MlirValue hi = wb_cmpi(b, WB_CMP_SLT, x, kb_size(kb, c->in_size[j]));
    ok = wb_arith(b, "arith.andi", ok, hi);
    idx[j] = wb_select(b, ok, x, kb_c(kb, 0));
    inside = mlirValueIsNull(inside) ? ok : wb_arith(b, "arith.andi", inside, ok);
  }
  return inside;
}

/* The pixel loops' own values from the space loops' values lv (a loop
 * the problem collapsed others into spans them: linearised over their
 * sizes and split back), the last pixel past the end. */
static void pixels(fe_kb *kb, const fe_conv *c, const MlirValue *lv,
                   MlirValue *pix) {
  MlirValue lin = kb_c(kb, 0), total = kb_c(kb, 1);
  for (int t = 0; t < c->npix; ++t) {
    lin = kb_add(kb, muls(kb, lin, c->pix_size[t]), lv[c->pix_loop[t]]);
    total = muls(kb, total, c->pix_size[t]);
  }
  lin = wb_min_index(&kb->b, lin, kb_addc(kb, total, -1));
  for (int t = c->npix - 1; t >= 0; --t) {
    pix[c->pix_loop[t]] = t ? rems(kb, lin, c->pix_size[t]) : lin;
    if (t)
      lin = divs(kb, lin, c->pix_size[t]);
  }
}

void kb_conv_base(fe_kb *kb, const fe_conv *c, const fe_node *x,
                  const MlirValue *lv, MlirValue *base) {
  MlirValue pix[FE_MAX_LOOPS];
  pixels(kb, c, lv, pix);
  bool batched[FE_MAX_RANK] = {false};
  for (int t = 0; t < c->nbdims; ++t)
    batched[c->bdim[t]] = true;
  for (int j = 0; j < c->rank; ++j)
    base[j] = j == c->chan || batched[j]
                  ? kb_c(kb, 0)
                  : kb_addc(kb, kb_mulc(kb, pix[x->map[j]], c->stride[j]),
                            c->offset[j]);
  for (int t = 0; t < c->nbdims; ++t)
    base[c->bdim[t]] = lv[c->bloop[t]];
}

MlirValue kb_im2col_point(fe_kb *kb, const MlirValue *at, const fe_node *x) {
  const fe_graph *g = &kb->p->g;
  if (x->im2col < 1 || x->im2col > g->nconvs) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  const fe_conv *c = &g->convs[x->im2col - 1];
  MlirValue base[FE_MAX_RANK], idx[FE_MAX_RANK];
  kb_conv_base(kb, c, x, at, base);
  MlirValue inside = tap_indices(kb, c, base, at[c->kloop], idx);
  MlirValue v = wb_load(&kb->b, kb->args[c->arg], c->rank, idx);
  if (!mlirValueIsNull(inside))
    v = wb_select(&kb->b, inside, v, wb_const_zero(&kb->b, x->type));
  return v;
}

void kb_im2col_space(fe_kb *kb, const fe_operand *o, const MlirValue *batch,
                     MlirValue row, MlirValue *lv) {
  MlirValue zero = kb_c(kb, 0);
  for (int l = 0; l < FE_MAX_LOOPS; ++l)
    lv[l] = zero;
  lv[o->row_loop] = row;
  for (int i = 0; i < o->nbatch; ++i)
    lv[o->batch_loop[i]] = batch[i];
}

MlirValue kb_im2col_load(fe_kb *kb, const fe_operand *o, const MlirValue *batch,
                         MlirValue row, MlirValue k0, int len, bool masked) {
  wb_t *b = &kb->b;
  const fe_graph *g = &kb->p->g;
  const fe_node *x = &g->nodes[o->leaf];
  if (o->im2col < 1 || o->im2col > g->nconvs || len < 1 || len > 16) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  const fe_conv *c = &g->convs[o->im2col - 1];
  MlirValue mem = kb->args[c->arg];
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(mem));
  /* The space loops' values: the row, the batches (groups, an NCHW
   * batch: GEMM batches; a unit one is no batch loop: index 0), 0
   * elsewhere. */
  MlirValue lv[FE_MAX_LOOPS], base[FE_MAX_RANK], idx[FE_MAX_RANK];
  kb_im2col_space(kb, o, batch, row, lv);
  kb_conv_base(kb, c, x, lv, base);
  MlirType vt = wb_vec(len, elem);
  MlirValue zero = wb_const_zero(b, elem);
  MlirValue K = kb_c(kb, c->K);
  bool vector = c->chan >= 0 && c->chan == c->rank - 1 &&
                c->kdim[c->nk - 1] == c->chan &&
                c->ksize[c->nk - 1] % len == 0;
  if (vector) {
    MlirValue kk = masked ? wb_min_index(b, k0, kb_c(kb, c->K - len)) : k0;
    MlirValue inside = tap_indices(kb, c, base, kk, idx);
    MlirValue v = wb_vload(b, vt, mem, c->rank, idx);
    if (masked)
      inside = mlirValueIsNull(inside)
                   ? wb_cmpi(b, WB_CMP_ULT, k0, K)
                   : wb_arith(b, "arith.andi", inside,
                              wb_cmpi(b, WB_CMP_ULT, k0, K));
    if (!mlirValueIsNull(inside))
      v = wb_select(b, inside, v, wb_const_zero(b, vt));
    return v;
  }
  MlirValue el[16];
  for (int e = 0; e < len; ++e) {
    MlirValue kk = kb_addc(kb, k0, e);
    MlirValue ok = (MlirValue){NULL};
    if (masked) {
      ok = wb_cmpi(b, WB_CMP_ULT, kk, K);
      kk = wb_min_index(b, kk, kb_c(kb, c->K - 1));
    }
    MlirValue inside = tap_indices(kb, c, base, kk, idx);
    el[e] = wb_load(b, mem, c->rank, idx);
    if (!mlirValueIsNull(inside))
      ok = mlirValueIsNull(ok) ? inside : wb_arith(b, "arith.andi", ok, inside);
    if (!mlirValueIsNull(ok))
      el[e] = wb_select(b, ok, el[e], zero);
  }
  return wb_from_elements(b, len, el, vt);
}
