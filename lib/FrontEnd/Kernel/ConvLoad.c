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
 * the unpadded input is read, its indices checked; a pooling's point
 * loads read its pad value there, fe_conv.pad_value). */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>

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

/* The run-time low padding of input dim j (a scalar node: an index
 * argument, arithmetic on such). */
static MlirValue pad_low(fe_kb *kb, const fe_conv *c, int j) {
  fe_memo m;
  MlirValue at[FE_MAX_LOOPS], v = {NULL};
  for (int l = 0; l < FE_MAX_LOOPS; ++l)
    at[l] = kb_c(kb, 0);
  if (!kb_memo_init(kb, &m)) {
    v = kb_point_eval(kb, &m, at, c->pad_lo_node[j] - 1);
    kb_memo_free(&m);
  }
  if (mlirValueIsNull(v) || !mlirTypeIsAIndex(mlirValueGetType(v))) {
    kb->failed = 1;
    return kb_c(kb, 0);
  }
  return v;
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
    if (c->pad_lo_node[j]) /* a run-time amount */
      x = wb_arith(b, "arith.subi", idx[j], pad_low(kb, c, j));
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
  MlirValue kk = at[c->kloop], in_run = {NULL};
  if (c->kpad)
    kk = kb_conv_kreal(kb, c, kk, kb_c(kb, 0), -1, &in_run);
  MlirValue inside = tap_indices(kb, c, base, kk, idx);
  MlirValue v = wb_load(&kb->b, kb->args[c->arg], c->rank, idx);
  if (!mlirValueIsNull(in_run))
    inside = mlirValueIsNull(inside)
                 ? in_run
                 : wb_arith(&kb->b, "arith.andi", inside, in_run);
  if (mlirValueIsNull(inside))
    return v;
  /* The border: zero, or a pooling's pad value (-inf for a max). */
  MlirValue fill = wb_const_zero(&kb->b, x->type);
  if (c->pad_value) {
    const fe_node *pv = &g->nodes[c->pad_value - 1];
    fill = mlirTypeIsAInteger(x->type)
               ? wb_const_int(&kb->b, x->type, pv->ival)
               : wb_const_float(&kb->b, x->type, pv->fval);
  }
  return wb_select(&kb->b, inside, v, fill);
}

MlirValue kb_conv_kreal(fe_kb *kb, const fe_conv *c, MlirValue k,
                        MlirValue col, int64_t past, MlirValue *in_run) {
  wb_t *b = &kb->b;
  MlirValue kq = wb_arith(b, "arith.divui", k, kb_c(kb, c->kpad));
  MlirValue cq = wb_arith(b, "arith.divui", col, kb_c(kb, c->kpad));
  kq = kb_add(kb, kq, cq);
  MlirValue kr = wb_arith(b, "arith.remui", k, kb_c(kb, c->kpad));
  MlirValue cr = wb_arith(b, "arith.remui", col, kb_c(kb, c->kpad));
  kr = kb_add(kb, kr, cr);
  *in_run = wb_cmpi(b, WB_CMP_ULT, kr, kb_c(kb, c->krun));
  /* The select before the run's start is added: with k a multiple of
   * kpad it is the thread's alone (loop-invariant). */
  if (past >= 0)
    kr = wb_select(b, *in_run, kr, kb_c(kb, past));
  return kb_add(kb, kb_mulc(kb, kq, c->krun), kr);
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

/* K elements as offsets in the flat input (no padding, static strides,
 * taps moving forward): K element kk is read at the pixel's linear offset
 * plus off(kk), a function of kk alone.  K's innermost components whose
 * steps in memory continue each other form one contiguous `run` (a first
 * layer's kw x c: 7 taps x 3 channels, 21 consecutive elements of an input
 * row), so off(kk) = kk + sum over the outer components of comp(kk) x
 * step - (kk / run) x run: a division by the run and one per outer
 * component instead of one per component, in 32-bit arithmetic (index
 * math is 64-bit), from a 1-D view of the input.  The per-element gathers
 * of channel counts that are not a multiple of the load (3 input channels)
 * spend most of the K loop's instructions here. */
typedef struct {
  int64_t run;                   /* contiguous K elements */
  int nout;                      /* components outside the run */
  int64_t osize[FE_CONV_MAX_K], ostep[FE_CONV_MAX_K]; /* outermost first */
  int64_t estride[FE_MAX_RANK];  /* the input's element strides */
  int64_t total;                 /* its elements */
} flat_k;

static bool flat_k_layout(const fe_conv *c, MlirValue mem, flat_k *f) {
  MlirType t = mlirValueGetType(mem);
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t) ||
      mlirShapedTypeGetRank(t) != c->rank || c->rank > FE_MAX_RANK)
    return false;
  int64_t off = 0;
  if (mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(t, f->estride, &off)) ||
      off != 0)
    return false;
  f->total = 1;
  for (int j = 0; j < c->rank; ++j) {
    if (mlirShapedTypeIsDynamicStrideOrOffset(f->estride[j]) ||
        f->estride[j] < 0 || mlirShapedTypeGetDimSize(t, j) < 1)
      return false;
    f->total += (mlirShapedTypeGetDimSize(t, j) - 1) * f->estride[j];
  }
  if (f->total > INT32_MAX / 4 || c->K > INT32_MAX / 4) /* doubled, past the end */
    return false;
  int t0 = c->nk - 1;
  f->run = 1;
  for (; t0 >= 0; --t0) {
    if (c->kmul[t0] < 0)
      return false;
    if (c->kmul[t0] * f->estride[c->kdim[t0]] != f->run)
      break;
    f->run *= c->ksize[t0];
  }
  f->nout = t0 + 1;
  for (int t = 0; t < f->nout; ++t) {
    if (c->kmul[t] < 0)
      return false;
    f->osize[t] = c->ksize[t];
    f->ostep[t] = c->kmul[t] * f->estride[c->kdim[t]];
  }
  return true;
}

/* Worth it only where the per-component split costs more; the padded
 * input's border is checked per component (tap_indices). */
static bool flat_k_plan(const fe_conv *c, MlirValue mem, flat_k *f) {
  return !c->padded && flat_k_layout(c, mem, f) && f->run > 1 &&
         f->nout < c->nk;
}

/* The offset of run q in the flat input: its outer components' steps. */
static MlirValue outer_offset(fe_kb *kb, const flat_k *f, MlirValue q) {
  wb_t *b = &kb->b;
  MlirValue off = wb_const_i32(b, 0);
  for (int t = f->nout - 1; t >= 0; --t) {
    MlirValue comp =
        t ? wb_arith(b, "arith.remui", q, wb_const_i32(b, (int32_t)f->osize[t]))
          : q;
    if (t)
      q = wb_arith(b, "arith.divui", q, wb_const_i32(b, (int32_t)f->osize[t]));
    off = wb_arith(b, "arith.addi", off,
                   wb_arith(b, "arith.muli", comp,
                            wb_const_i32(b, (int32_t)f->ostep[t])));
  }
  return off;
}

/* len K elements from k0 (masked: zero past K) of the pixel at base.
 * With len <= run, the len elements span at most two runs: run q0 from r0
 * on, then run q0 + 1 from its start, so element e is at A + e before the
 * wrap (e < run - r0) and at B + e after it -- two offsets per load and a
 * select per element (but the first), the e an immediate load offset.
 * Masked (the last K slice), a run past K reads past the input (zeros).
 * Else (runs shorter than a load) each element's run is divided out. */
static MlirValue flat_k_load(fe_kb *kb, const fe_conv *c, const flat_k *f,
                             MlirValue mem, const MlirValue *base,
                             MlirValue k0, int len, bool masked) {
  wb_t *b = &kb->b;
  MlirType i32 = mlirIntegerTypeGet(kb->ctx, 32);
  MlirType index = mlirIndexTypeGet(kb->ctx);
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(mem));
  MlirValue view = kb_flat_view(kb, mem, f->total);
  MlirValue lin = kb_c(kb, 0); /* the pixel's offset (loop-invariant) */
  for (int j = 0; j < c->rank; ++j)
    lin = kb_add(kb, lin, kb_mulc(kb, base[j], f->estride[j]));
  MlirValue lin32 = wb_cast(b, "arith.index_castui", lin, i32);
  MlirValue k32 = wb_cast(b, "arith.index_castui", k0, i32);
  MlirValue run = wb_const_i32(b, (int32_t)f->run);
  MlirValue zero = wb_const_zero(b, elem), el[16];
  if (len <= f->run) {
    MlirValue q0 = wb_arith(b, "arith.divui", k32, run);
    MlirValue qrun = wb_arith(b, "arith.muli", q0, run);
    MlirValue r0 = wb_arith(b, "arith.subi", k32, qrun);
    MlirValue q1 = wb_arith(b, "arith.addi", q0, wb_const_i32(b, 1));
    MlirValue A, B;
    if (f->nout == 1) {
      /* One outer component (a first layer's kernel row): A = lin + k +
       * q0 x (step - run), and the next run is one step - run further. */
      MlirValue gap = wb_const_i32(b, (int32_t)(f->ostep[0] - f->run));
      MlirValue at0 = wb_arith(b, "arith.addi", lin32, k32);
      MlirValue skip = wb_arith(b, "arith.muli", q0, gap);
      A = wb_arith(b, "arith.addi", at0, skip);
      B = wb_arith(b, "arith.addi", A, gap);
    } else {
      MlirValue at0 = wb_arith(b, "arith.addi", lin32, r0);
      MlirValue o0 = outer_offset(kb, f, q0);
      A = wb_arith(b, "arith.addi", at0, o0);
      MlirValue o1 = outer_offset(kb, f, q1);
      B = wb_arith(b, "arith.subi", wb_arith(b, "arith.addi", at0, o1), run);
    }
    /* The select picks between doubled offsets, halved after: LLVM then
     * scales A and B to bytes once, not each element's pick. */
    MlirValue one = wb_const_i32(b, 1);
    MlirValue A2 = wb_arith(b, "arith.shli", A, one);
    MlirValue B2 = wb_arith(b, "arith.shli", B, one);
    if (masked) {
      /* K is whole runs, so the elements past K are those of a run past
       * the last: such a run's offset is past the input, where the fat
       * buffer reads zeros (kb_note_oob) -- no select per element.  The
       * shift goes onto the doubled offsets, so that LLVM still scales
       * the two offsets, not each element's pick. */
      MlirValue nruns = wb_const_i32(b, (int32_t)(c->K / f->run));
      MlirValue past = wb_const_i32(b, (int32_t)(2 * (f->total + 4))), z = wb_const_i32(b, 0);
      kb_note_oob(kb, mem); /* the shift depends on K alone: shared by rows */
      MlirValue pa = wb_select(b, wb_cmpi(b, WB_CMP_ULT, q0, nruns), z, past);
      A2 = wb_arith(b, "arith.addi", A2, pa);
      MlirValue pb = wb_select(b, wb_cmpi(b, WB_CMP_ULT, q1, nruns), z, past);
      B2 = wb_arith(b, "arith.addi", B2, pb);
      A = wb_arith(b, "arith.shrui", A2, one);
    }
    for (int e = 0; e < len; ++e) {
      MlirValue off = A; /* element 0 is always in run q0 */
      if (e) {
        /* still in run q0: r0 + e < run */
        MlirValue in0 = wb_cmpi(b, WB_CMP_ULT, r0, wb_const_i32(b, (int32_t)(f->run - e)));
        off = wb_arith(b, "arith.shrui", wb_select(b, in0, A2, B2), one);
      }
      off = wb_arith(b, "arith.addi", off, wb_const_i32(b, e));
      MlirValue at = wb_cast(b, "arith.index_castui", off, index);
      el[e] = wb_load(b, view, 1, &at);
    }
    return wb_from_elements(b, len, el, wb_vec(len, elem));
  }
  for (int e = 0; e < len; ++e) {
    MlirValue kk = wb_arith(b, "arith.addi", k32, wb_const_i32(b, e)), ok = {NULL};
    if (masked) {
      ok = wb_cmpi(b, WB_CMP_ULT, kk, wb_const_i32(b, (int32_t)c->K));
      kk = wb_arith(b, "arith.minui", kk, wb_const_i32(b, (int32_t)(c->K - 1)));
    }
    MlirValue q = wb_arith(b, "arith.divui", kk, run);
    MlirValue off = wb_arith(b, "arith.addi", lin32, kk);
    off = wb_arith(b, "arith.subi", off, wb_arith(b, "arith.muli", q, run));
    off = wb_arith(b, "arith.addi", off, outer_offset(kb, f, q));
    MlirValue at = wb_cast(b, "arith.index_castui", off, index);
    el[e] = wb_load(b, view, 1, &at);
    if (!mlirValueIsNull(ok))
      el[e] = wb_select(b, ok, el[e], zero);
  }
  return wb_from_elements(b, len, el, wb_vec(len, elem));
}

/* kpad_load through a tensor.pad (static amounts, spatial dims only:
 * RecognizeConv.c's plan_kpad): the same offsets in the unpadded input,
 * where the pixel's may be negative (its window starts in the border).
 * A thread's elements are at fixed places in their run (kr + e), so
 * whether each lies in the run and inside the input along the run's dims
 * (the kernel row: kw) is loop-invariant: each element's base is its
 * offset or, outside, one past the input (zeros).  The outer component
 * (kh) moves every K step; a row outside the input moves the step past
 * the input too, as a run past K does.  Each element is its own load: a
 * merged load could straddle the input's ends, where the buffer's range
 * check, per dword, would zero an element inside it. */
static MlirValue kpad_load_padded(fe_kb *kb, const fe_conv *c, const flat_k *f,
                                  MlirValue mem, const MlirValue *base,
                                  MlirValue k, MlirValue col, int len,
                                  bool masked) {
  wb_t *b = &kb->b;
  MlirType i32 = mlirIntegerTypeGet(kb->ctx, 32);
  MlirType index = mlirIndexTypeGet(kb->ctx);
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(mem));
  MlirValue view = kb_flat_view(kb, mem, f->total);
  MlirValue in32[FE_MAX_RANK]; /* the pixel's unpadded indices, signed */
  MlirValue lin = kb_c(kb, 0);
  for (int j = 0; j < c->rank; ++j) {
    MlirValue x = c->pad_dim[j] ? kb_addc(kb, base[j], -c->pad_lo[j]) : base[j];
    in32[j] = wb_cast(b, "arith.index_cast", x, i32);
    lin = kb_add(kb, lin, kb_mulc(kb, x, f->estride[j]));
  }
  MlirValue lin32 = wb_cast(b, "arith.index_cast", lin, i32);
  MlirValue k32 = wb_cast(b, "arith.index_castui", k, i32);
  MlirValue c32 = wb_cast(b, "arith.index_castui", col, i32);
  MlirValue kp = wb_const_i32(b, (int32_t)c->kpad);
  MlirValue kq = wb_arith(b, "arith.divui", k32, kp);
  kq = wb_arith(b, "arith.addi", kq, wb_arith(b, "arith.divui", c32, kp));
  MlirValue kr = wb_arith(b, "arith.remui", k32, kp);
  kr = wb_arith(b, "arith.addi", kr, wb_arith(b, "arith.remui", c32, kp));
  MlirValue at = wb_arith(b, "arith.addi", lin32, kr);
  /* Past the input from any base (plan_kpad keeps the low border under
   * one input's worth and the input under INT32_MAX / 8 elements). */
  MlirValue past = wb_const_i32(b, (int32_t)(2 * f->total));
  kb_note_oob(kb, mem);
  /* The row: its outer component inside K's runs and inside the input. */
  MlirValue ok = (MlirValue){NULL};
  if (masked)
    ok = wb_cmpi(b, WB_CMP_ULT, kq, wb_const_i32(b, (int32_t)f->osize[0]));
  int h = c->kdim[0];
  if (c->pad_dim[h]) {
    MlirValue x = wb_arith(b, "arith.addi", in32[h],
                           wb_arith(b, "arith.muli", kq,
                                    wb_const_i32(b, (int32_t)c->kmul[0])));
    MlirValue in = wb_cmpi(b, WB_CMP_ULT, x,
                           wb_const_i32(b, (int32_t)c->in_size[h].value));
    ok = mlirValueIsNull(ok) ? in : wb_arith(b, "arith.andi", ok, in);
  }
  MlirValue step =
      wb_arith(b, "arith.muli", kq, wb_const_i32(b, (int32_t)f->ostep[0]));
  if (!mlirValueIsNull(ok))
    step = wb_select(b, ok, step, past);
  MlirValue el[16];
  for (int e = 0; e < len; ++e) {
    /* In its run, and inside the input along the run's components (the
     * inner sizes divide its place in the run). */
    MlirValue r = wb_arith(b, "arith.addi", kr, wb_const_i32(b, e));
    MlirValue in = wb_cmpi(b, WB_CMP_ULT, r, wb_const_i32(b, (int32_t)c->krun));
    int64_t inner = 1;
    for (int t = c->nk - 1; t >= 1; --t) {
      int j = c->kdim[t];
      if (c->pad_dim[j]) {
        MlirValue comp = wb_arith(b, "arith.divui", r,
                                  wb_const_i32(b, (int32_t)inner));
        if (t > 1)
          comp = wb_arith(b, "arith.remui", comp,
                          wb_const_i32(b, (int32_t)c->ksize[t]));
        MlirValue x = wb_arith(b, "arith.addi", in32[j],
                               wb_arith(b, "arith.muli", comp,
                                        wb_const_i32(b, (int32_t)c->kmul[t])));
        in = wb_arith(b, "arith.andi", in,
                      wb_cmpi(b, WB_CMP_ULT, x,
                              wb_const_i32(b, (int32_t)c->in_size[j].value)));
      }
      inner *= c->ksize[t];
    }
    MlirValue from = wb_select(b, in, wb_arith(b, "arith.addi", at,
                                               wb_const_i32(b, e)), past);
    MlirValue off = wb_arith(b, "arith.addi", from, step);
    MlirValue ix = wb_cast(b, "arith.index_castui", off, index);
    el[e] = wb_load(b, view, 1, &ix);
  }
  return wb_from_elements(b, len, el, wb_vec(len, elem));
}

/* K by padded runs (fe_conv.kpad): len elements from K index k + col (k
 * the slice's start, a multiple of the K step; col the thread's, a
 * multiple of len <= kpad) lie in one run, kq = k / kpad + col / kpad,
 * from kr = k % kpad + col % kpad on: at lin + kq x ostep + kr + e of
 * the flat input, zero where kr + e >= krun.  kr is the thread's alone
 * (k % kpad folds to 0, or the slice's constant), so the elements' bases
 * -- in the input, or past it where the buffer reads zeros -- are
 * loop-invariant, one per group of elements that the same kr pass; a K
 * step moves them all by the constant kq x ostep, e is the immediate. */
static MlirValue kpad_load(fe_kb *kb, const fe_conv *c, MlirValue mem,
                           const MlirValue *base, MlirValue k, MlirValue col,
                           int len, bool masked) {
  wb_t *b = &kb->b;
  flat_k f;
  if (!flat_k_layout(c, mem, &f) || f.nout != 1 || f.run != c->krun ||
      len > c->kpad || c->kpad % len) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirType i32 = mlirIntegerTypeGet(kb->ctx, 32);
  MlirType index = mlirIndexTypeGet(kb->ctx);
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(mem));
  MlirValue view = kb_flat_view(kb, mem, f.total);
  if (c->padded)
    return kpad_load_padded(kb, c, &f, mem, base, k, col, len, masked);
  MlirValue lin = kb_c(kb, 0); /* the pixel's offset (loop-invariant) */
  for (int j = 0; j < c->rank; ++j)
    lin = kb_add(kb, lin, kb_mulc(kb, base[j], f.estride[j]));
  MlirValue lin32 = wb_cast(b, "arith.index_castui", lin, i32);
  MlirValue k32 = wb_cast(b, "arith.index_castui", k, i32);
  MlirValue c32 = wb_cast(b, "arith.index_castui", col, i32);
  MlirValue kp = wb_const_i32(b, (int32_t)c->kpad);
  MlirValue kq = wb_arith(b, "arith.divui", k32, kp);
  MlirValue cq = wb_arith(b, "arith.divui", c32, kp);
  kq = wb_arith(b, "arith.addi", kq, cq);
  MlirValue kr = wb_arith(b, "arith.remui", k32, kp);
  MlirValue cr = wb_arith(b, "arith.remui", c32, kp);
  kr = wb_arith(b, "arith.addi", kr, cr);
  MlirValue at = wb_arith(b, "arith.addi", lin32, kr);
  /* Past the input: every offset from here on reads zeros. */
  MlirValue past = wb_const_i32(b, (int32_t)f.total);
  kb_note_oob(kb, mem);
  MlirValue step =
      wb_arith(b, "arith.muli", kq, wb_const_i32(b, (int32_t)f.ostep[0]));
  if (masked) { /* runs past the last (the K loop's tail slice) */
    MlirValue ok = wb_cmpi(b, WB_CMP_ULT, kq,
                           wb_const_i32(b, (int32_t)f.osize[0]));
    step = wb_select(b, ok, step, past);
  }
  MlirValue el[16], from = at;
  int64_t slots_prev = -1;
  for (int e = 0; e < len; ++e) {
    /* kr (a multiple of len) passes kr + e < krun iff kr < slots x len. */
    int64_t slots = c->krun - e > 0 ? (c->krun - e + len - 1) / len : 0;
    if (slots != slots_prev) {
      from = at;
      if (slots * len < c->kpad) {
        MlirValue bound = wb_const_i32(b, (int32_t)(slots * len));
        from = wb_select(b, wb_cmpi(b, WB_CMP_ULT, kr, bound), at, past);
      }
      slots_prev = slots;
    }
    MlirValue off = wb_arith(b, "arith.addi", from, step);
    if (e)
      off = wb_arith(b, "arith.addi", off, wb_const_i32(b, e));
    MlirValue ix = wb_cast(b, "arith.index_castui", off, index);
    el[e] = wb_load(b, view, 1, &ix);
  }
  return wb_from_elements(b, len, el, wb_vec(len, elem));
}

MlirValue kb_im2col_load(fe_kb *kb, const fe_operand *o, const MlirValue *batch,
                         MlirValue row, MlirValue k, MlirValue col, int len,
                         bool masked) {
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
  if (c->kpad)
    return kpad_load(kb, c, mem, base, k, col, len, masked);
  MlirValue k0 = kb_add(kb, k, col);
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
  flat_k f;
  if (flat_k_plan(c, mem, &f))
    return flat_k_load(kb, c, &f, mem, base, k0, len, masked);
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
