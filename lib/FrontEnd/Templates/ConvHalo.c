/* A convolution's implicit GEMM with halo reuse (issue 22): the
 * workgroup's input tile is read from global memory once per block of 16
 * input channels and every filter tap's A fragments are read from it in
 * LDS, instead of gathering each K slice of the im2col tile separately
 * (Kernel/ConvLoad.c), which reads every input pixel once per tap.
 *
 * Applies to channels-last inputs (the channel the input's innermost dim
 * and K's innermost component, a multiple of 16 channels), static shapes,
 * no padding (a pre-padded input), no groups or GEMM batches, operands
 * without prologues.  Other convolutions take the GEMM's LDS body.
 *
 * The input's pixels (every dim but the channel, batch included) are
 * numbered linearly, P = sum of index x pixel stride.  An output pixel m
 * reads, at filter tap t, input pixel P(m) + off(t), where off(t) is a
 * constant (the tap's offsets x dilations x pixel strides).  The M tile's
 * consecutive output pixels m0 .. m0 + tile_m - 1 thus read input pixels
 * in P(m0) .. P(m0 + tile_m - 1) + off(last tap): the `span` (the largest
 * over the tiles, computed here at build time) of linear input pixels the
 * workgroup stages, 16 channels each, in a flat LDS buffer [stage]
 * [elements]: pixel after pixel, each padded to an odd number of 16-byte
 * units, each input row (plane, image) shifted by a `bump` (halo_units),
 * so that a fragment read's lanes, which take consecutive output pixels,
 * and the copy's lanes, which take consecutive pixels of one input row,
 * meet no bank twice.  An A fragment at tap t is one 16-byte LDS read per
 * lane (two for RDNA3's 32-byte runs) at pos(lane) + eoff(t), pos the
 * lane's pixel's element offset from P(m0), computed once before the loop:
 * only the constant offset changes between taps (an immediate offset of
 * ds_load_b128).
 *
 * K runs channel-block-major: block b (16 channels) brings the halo tile's
 * channels 16b .. 16b + 15 and the filter's rows t C + 16b .. + 15 of
 * every tap t (B staged like the GEMM's, by Kernel/LdsCopy.c, the taps'
 * 16-wide K slices side by side in one LDS row per output channel: [stage]
 * [tile_n][taps x 16 + pad], rows an odd number of 16-byte units as the
 * GEMM layout's are).  The blocks are pipelined through `stages` buffers by
 * Kernel/Pipelined.c like the GEMM's K slices. */
#include "Templates/Gemm.h"
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define HALO_CB 16        /* input channels per K block (one WMMA K step) */
#define HALO_MAX_TAPS 27  /* filter taps (the prefetch bound allows 9-19) */
#define HALO_MAX_CHUNKS 8 /* the halo copy's 16-byte chunks per thread */
#define HALO_MAX_PREFETCH 20 /* halo and filter chunks held per thread */

typedef struct {
  const fe_conv *c;
  const fe_node *x;       /* the input's load (its map) */
  int64_t pstride[FE_MAX_RANK]; /* linear pixel stride per input dim */
  int64_t npix;           /* input pixels */
  int64_t span;           /* staged pixels per tile, at most */
  int ntaps;
  int64_t off[HALO_MAX_TAPS]; /* pixel offset of each tap */
  int64_t width;          /* pixels per input row (innermost spatial dim) */
  int64_t bump[FE_MAX_RANK]; /* elements added per index of each dim
                                 outside the row (see halo_units) */
  int64_t stride;         /* LDS elements per pixel (16 channels, pad) */
  int64_t eoff[HALO_MAX_TAPS]; /* LDS element offset of each tap */
  int64_t rows;           /* input rows a span touches, at most */
  int64_t groups;         /* copy phases per input row */
  int64_t trash;          /* LDS element idle copy lanes write */
  int64_t elems;          /* LDS elements per stage */
  fe_lds_layout lay;      /* vec, phase: the copy's chunks (16 bytes, or
                             8 for split 8-bit fragments) and banks */
  int per_pix;            /* copy chunks (lay.vec elements) per pixel */
  int halo_chunks;        /* per thread */
  int b_stride;           /* B's LDS row: taps x 16 + pad */
  wmma_copy_kind bcopy;
} halo_plan;

/* The linear input pixel that output row m (clamped to the last) reads at
 * its first tap: ConvLoad.c's pixels() and kb_conv_base at build time. */
static int64_t first_tap_pixel(const halo_plan *h, const fe_operand *o,
                               int64_t m) {
  const fe_conv *c = h->c;
  int64_t lv[FE_MAX_LOOPS] = {0}, pix[FE_MAX_LOOPS] = {0}, lin = 0, total = 1;
  lv[o->row_loop] = m;
  for (int t = 0; t < c->npix; ++t) {
    lin = lin * c->pix_size[t].value + lv[c->pix_loop[t]];
    total *= c->pix_size[t].value;
  }
  if (lin > total - 1)
    lin = total - 1;
  for (int t = c->npix - 1; t >= 0; --t) {
    pix[c->pix_loop[t]] = t ? lin % c->pix_size[t].value : lin;
    if (t)
      lin /= c->pix_size[t].value;
  }
  int64_t p = 0;
  for (int j = 0; j < c->rank; ++j)
    if (j != c->chan)
      p += pix[h->x->map[j]] * c->stride[j] * h->pstride[j];
  return p;
}

/* The output size along input dim j (its pixel loop's). */
static int64_t out_size(const halo_plan *h, int j) {
  const fe_conv *c = h->c;
  for (int t = 0; t < c->npix; ++t)
    if (c->pix_loop[t] == h->x->map[j])
      return c->pix_size[t].value;
  return 1;
}

/* LDS elements from the tile's first pixel to the one d pixels on, both
 * at the same place inside rows (halo_offset(p) - halo_offset(p0) for
 * pixels p0 <= p in general: see halo_element). */
static int64_t halo_offset(const halo_plan *h, int64_t d) {
  int64_t e = d * h->stride;
  for (int j = 0; j < h->c->rank - 2; ++j)
    if (j != h->c->chan)
      e += h->bump[j] * (d / h->pstride[j]);
  return e;
}

/* The LDS layout of the staged pixels.  A fragment read's 16 lanes take
 * consecutive output pixels, whose input pixels are consecutive inside a
 * row (or `step` apart), and the copy's phase lanes consecutive pixels of
 * a row; both are free of bank conflicts when a pixel takes an odd number
 * u of the phase's units (16 channels, padded by one unit if even).  Where
 * the output pixels wrap to the next row (or plane, or image) the input
 * skips pixels, which would put a lane past the wrap on the bank of one
 * before it; each input row (plane, image) therefore starts bump[j]
 * elements further on, chosen so that the wrap advances the units as
 * one step does.  A tap moves whole rows and pixels inside a row, so its
 * LDS offset stays a constant (h->eoff). */
static void halo_units(halo_plan *h, const fe_operand *o) {
  const fe_conv *c = h->c;
  int P = h->lay.phase, vec = h->lay.vec;
  int64_t u = HALO_CB / vec;
  if (u % 2 == 0)
    ++u;
  h->stride = u * vec;
  memset(h->bump, 0, sizeof h->bump);
  int64_t step = u * c->stride[c->rank - 2] % P;
  (void)o;
  for (int j = c->rank - 3; j >= 0; --j) {
    if (j == c->chan)
      continue;
    /* The last output pixel before index 1 of dim j, and that one. */
    int64_t qa = 0, qb = c->stride[j] * h->pstride[j];
    for (int k = j + 1; k < c->rank; ++k)
      if (k != c->chan)
        qa += (out_size(h, k) - 1) * c->stride[k] * h->pstride[k];
    int64_t base = (halo_offset(h, qb) - halo_offset(h, qa)) / vec;
    int64_t rows = qb / h->pstride[j] - qa / h->pstride[j];
    for (int64_t bu = 0; bu < P; ++bu)
      if (((base + bu * rows - step) % P + P) % P == 0) {
        h->bump[j] = bu * vec;
        break;
      }
  }
}

/* Does the halo body apply to this product and schedule, and with what
 * sizes?  Pure: decided before any IR is built. */
static bool halo_plan_get(const fe_kb *kb, const fe_lds_product *pr,
                          halo_plan *h) {
  const fe_problem *p = kb->p;
  const fe_gemm *gm = pr->gm;
  const fe_operand *o = &gm->lhs;
  memset(h, 0, sizeof *h);
  if (pr->nmore || pr->zp || !o->im2col || o->im2col > p->g.nconvs ||
      !o->is_load || !gm->rhs.is_load || o->nbatch || gm->nbatch ||
      !fe_size_static(gm->M) || !fe_size_static(gm->K))
    return false;
  const fe_conv *c = &p->g.convs[o->im2col - 1];
  const fe_arg *a = &p->args[c->arg];
  h->c = c;
  h->x = &p->g.nodes[o->leaf];
  for (int t = 0; t < c->npix; ++t) /* its layout is planned at build time */
    if (!fe_size_static(c->pix_size[t]))
      return false;
  for (int t = 0; t < c->nk; ++t) /* taps move forward from the pixel */
    if (c->kmul[t] < 0)
      return false;
  for (int j = 0; j < c->rank; ++j)
    if (c->offset[j])
      return false;
  if (c->padded || c->nbdims || c->chan != c->rank - 1 || c->nk < 2 ||
      c->kdim[c->nk - 1] != c->chan || c->ksize[c->nk - 1] % HALO_CB ||
      a->permuted || a->collapsed)
    return false;
  int eb = fe_storage_bytes(h->x->type);
  if ((eb != 1 && eb != 2) || fe_lds_bits(&p->g, o) < 8)
    return false;
  /* Pixel strides (channels-last: the channel is innermost). */
  int64_t st = 1;
  for (int j = c->rank - 1; j >= 0; --j) {
    if (!fe_size_static(a->shape[j]))
      return false;
    if (j == c->chan)
      continue;
    h->pstride[j] = st;
    st *= a->shape[j].value;
  }
  h->npix = st;
  /* The taps: K's components but the channel, the last fastest. */
  h->ntaps = 1;
  for (int u = 0; u < c->nk - 1; ++u)
    h->ntaps *= (int)c->ksize[u];
  if (h->ntaps > HALO_MAX_TAPS)
    return false;
  for (int t = 0; t < h->ntaps; ++t) {
    int64_t r = t, off = 0;
    for (int u = c->nk - 2; u >= 0; --u) {
      off += (r % c->ksize[u]) * c->kmul[u] * h->pstride[c->kdim[u]];
      r /= c->ksize[u];
    }
    h->off[t] = off;
  }
  /* The span: the largest first-to-last pixel distance of a tile, plus the
   * last tap's offset (taps only move forward). */
  int64_t M = gm->M.value, worst = 0;
  for (int64_t m0 = 0; m0 < M; m0 += pr->tile_m) {
    int64_t d = first_tap_pixel(h, o, m0 + pr->tile_m - 1) -
                first_tap_pixel(h, o, m0);
    if (d > worst)
      worst = d;
  }
  h->lay = fe_lds_layout_get(kb->arch, 8 * eb, HALO_CB);
  h->span = worst + h->off[h->ntaps - 1] + 1;
  h->per_pix = HALO_CB / h->lay.vec;
  h->width = a->shape[c->rank - 2].value;
  halo_units(h, o);
  for (int t = 0; t < h->ntaps; ++t)
    h->eoff[t] = halo_offset(h, h->off[t]);
  /* The copy goes by input rows (a phase never straddles two, whose bump
   * would put lanes on one bank): the most rows a tile's span touches,
   * each as groups of `phase` pixels. */
  for (int64_t m0 = 0; m0 < M; m0 += pr->tile_m) {
    int64_t p0 = first_tap_pixel(h, o, m0);
    int64_t r = (p0 + h->span - 1) / h->width - p0 / h->width + 1;
    if (r > h->rows)
      h->rows = r;
  }
  int P = h->lay.phase;
  h->groups = (h->width + P - 1) / P;
  /* Past the last staged element (a span from a p0 inside a row crosses
   * one more boundary of each dim than the span alone). */
  h->trash = halo_offset(h, h->span) + h->stride;
  for (int j = 0; j < c->rank; ++j)
    h->trash += h->bump[j];
  /* A whole number of phases: an idle lane's trash element keeps its
   * bank. */
  int64_t ph = (int64_t)P * h->lay.vec;
  h->trash = (h->trash + ph - 1) / ph * ph;
  h->elems = h->trash + ph;
  int threads = kb->s->threads;
  int64_t total = h->rows * h->groups * P * h->per_pix;
  h->halo_chunks = (int)((total + threads - 1) / threads);
  if (h->halo_chunks > HALO_MAX_CHUNKS)
    return false;
  /* B: the taps' 16-wide slices, copied as the GEMM copies a 16-wide one
   * (the WMMA transposing copy or vector copy: their store columns can be
   * moved to the tap's place). */
  int bchunks = 0;
  if (fe_lds_copy_plan(kb->arch, &p->g, &gm->rhs, pr->tile_n, HALO_CB,
                       threads, WMMA_COPY_NONE, &h->bcopy, NULL, 0) ||
      h->bcopy != WMMA_COPY_WMMA)
    return false;
  bchunks = ((pr->tile_n / kb->atom_m) + threads / 32 - 1) / (threads / 32);
  if (h->halo_chunks + h->ntaps * bchunks > HALO_MAX_PREFETCH)
    return false;
  fe_lds_layout lb = fe_lds_layout_get(kb->arch, wb_type_bits(h->x->type),
                                       HALO_CB);
  /* An odd number of units per row, as the halo's pixels (halo_units). */
  int64_t bunits = (int64_t)h->ntaps * HALO_CB / lb.vec;
  h->b_stride = (int)((bunits + (bunits % 2 == 0)) * lb.vec);
  int64_t lds = (int64_t)pr->stages * eb *
                (h->elems + (int64_t)pr->tile_n * h->b_stride);
  return lds <= kb->chip->lds_bytes;
}

typedef struct {
  const fe_lds_product *pr;
  halo_plan h;
  fe_lds_copy b;           /* one tap's 16-wide B slice */
  MlirValue halo, lds_b;   /* [stage][elems], [stage][tile_n][b_stride] */
  MlirValue gidx[HALO_MAX_CHUNKS][FE_MAX_RANK]; /* chunk i's input pixel */
  MlirValue hst[HALO_MAX_CHUNKS], hcol[HALO_MAX_CHUNKS]; /* its LDS
                                        element, its channel offset */
  MlirValue pos[FE_MAX_WAVE_TILES]; /* lane's LDS element per tile row */
  MlirValue kcol;                    /* lane's first K in a fragment */
  int klen;                          /* K per lane in a fragment */
  MlirValue wrow[FE_MAX_WAVE_TILES], wcol[FE_MAX_WAVE_TILES]; /* the
                                  wave's tile rows / cols in the block */
  MlirAttribute frag_a, frag_b;
  int nacc;
  MlirValue ph[HALO_MAX_CHUNKS], pb[HALO_MAX_TAPS * FE_COPY_MAX];
} halo_gemm;

/* The lane's row and first K of A's fragment (one run of K per lane, as
 * LDS fragment reads are): row = r0 + rr r + rh h, K = c0 + cr r + ch h. */
static int frag_run(fe_kb *kb, MlirAttribute frag, MlirValue *row,
                    MlirValue *col, int *len) {
  wmma_frag_desc d;
  int r0, rr, rh, c0, cr, ch;
  if (mlirAttributeIsNull(frag) || !wmmaFragAttrGetDesc(frag, &d) ||
      wmma_frag_affine(&d, 0, &r0, &rr, &rh, &c0, &cr, &ch) != 1)
    return -1;
  int n = wmma_frag_length(&d);
  for (int v = 1; v < n; ++v) {
    int q0, qr, qh, d0, dr, dh;
    if (wmma_frag_affine(&d, v, &q0, &qr, &qh, &d0, &dr, &dh) != 1 ||
        q0 != r0 || qr != rr || qh != rh || d0 != c0 + v || dr != cr ||
        dh != ch)
      return -1;
  }
  MlirValue r = wb_r_index(&kb->b), h = wb_h_index(&kb->b);
  MlirValue lane_row = kb_addc(kb, kb_mulc(kb, r, rr), r0);
  *row = kb_add(kb, lane_row, kb_mulc(kb, h, rh));
  MlirValue lane_col = kb_addc(kb, kb_mulc(kb, r, cr), c0);
  *col = kb_add(kb, lane_col, kb_mulc(kb, h, ch));
  *len = n;
  return 0;
}

/* The linear input pixel output row `row` reads at its first tap. */
static MlirValue pixel_of(fe_kb *kb, const halo_gemm *g, MlirValue row) {
  const halo_plan *h = &g->h;
  MlirValue lv[FE_MAX_LOOPS], base[FE_MAX_RANK];
  kb_im2col_space(kb, &g->pr->gm->lhs, NULL, row, lv);
  kb_conv_base(kb, h->c, h->x, lv, base);
  MlirValue p = kb_c(kb, 0);
  for (int j = 0; j < h->c->rank; ++j)
    if (j != h->c->chan)
      p = kb_add(kb, p, kb_mulc(kb, base[j], h->pstride[j]));
  return p;
}

static void sched_barrier(fe_kb *kb) {
  MlirNamedAttribute m = wb_named(kb->ctx, "mask", wb_i32_attr(kb->ctx, 0));
  wb_op(&kb->b, "rocdl.sched.barrier", 0, NULL, 0, NULL, 1, &m);
}

static void prefetch_block(fe_kb *kb, void *ud, MlirValue slice, bool masked) {
  halo_gemm *g = ud;
  const halo_plan *h = &g->h;
  wb_t *b = &kb->b;
  (void)masked; /* blocks are whole: channels are a multiple of 16 */
  MlirValue ch0 = kb_mulc(kb, slice, HALO_CB);
  MlirValue mem = kb->args[h->c->arg];
  MlirType vt = wb_vec(h->lay.vec, h->x->type);
  for (int i = 0; i < h->halo_chunks; ++i) {
    MlirValue idx[FE_MAX_RANK];
    memcpy(idx, g->gidx[i], sizeof idx);
    idx[h->c->chan] = kb_add(kb, ch0, g->hcol[i]);
    g->ph[i] = wb_vload(b, vt, mem, h->c->rank, idx);
  }
  int64_t C = h->c->ksize[h->c->nk - 1];
  for (int t = 0; t < h->ntaps; ++t)
    fe_lds_copy_load(kb, &g->b, g->pr->batch, g->pr->bn0,
                     kb_addc(kb, ch0, t * C), false,
                     g->pb + t * g->b.chunks);
}

static void store_block(fe_kb *kb, void *ud, MlirValue buf) {
  halo_gemm *g = ud;
  for (int i = 0; i < g->h.halo_chunks; ++i) {
    MlirValue idx[2] = {buf, g->hst[i]};
    wb_vstore(&kb->b, g->ph[i], g->halo, 2, idx);
  }
  /* Tap t's slice at columns 16t of the B rows. */
  for (int t = 0; t < g->h.ntaps; ++t) {
    /* One tap's transposing WMMAs at a time: issued together their
     * results would all be live at once. */
    if (t)
      sched_barrier(kb);
    fe_lds_copy ct = g->b;
    for (int i = 0; i < ct.chunks; ++i)
      ct.st_col[i] = kb_addc(kb, g->b.st_col[i], (int64_t)t * HALO_CB);
    fe_lds_copy_store(kb, &ct, buf, g->pb + t * g->b.chunks);
  }
}

/* A's fragment from halo pixel row pos: the lane's K run, in 16-byte
 * reads (a 32-byte run is two ds_load_b128, as the hardware splits it;
 * the emulator counts bank conflicts per IR access). */
static MlirValue halo_fragment(fe_kb *kb, const halo_gemm *g, MlirValue buf,
                               MlirValue pos, bool as_frag) {
  wb_t *b = &kb->b;
  MlirType et = g->h.x->type;
  int per = 16 / fe_storage_bytes(et), n = g->klen;
  MlirValue v;
  if (n <= per) {
    MlirValue idx[2] = {buf, pos};
    v = wb_vload(b, wb_vec(n, et), g->halo, 2, idx);
  } else if (n == 2 * per) {
    MlirValue idx0[2] = {buf, pos}, idx1[2] = {buf, kb_addc(kb, pos, per)};
    MlirValue lo = wb_vload(b, wb_vec(per, et), g->halo, 2, idx0);
    MlirValue hi = wb_vload(b, wb_vec(per, et), g->halo, 2, idx1);
    int64_t mask[32];
    for (int e = 0; e < 2 * per && e < 32; ++e)
      mask[e] = e;
    v = wb_shuffle(b, lo, hi, 2 * per, mask);
  } else { /* no fragment holds more than 32 bytes of a row */
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirType ft = wmmaFragAttrGetVectorType(g->frag_a);
  if (as_frag && !mlirTypeEqual(mlirValueGetType(v), ft))
    v = wb_bitcast(b, v, ft);
  return v;
}

static void multiply_block(fe_kb *kb, void *ud, MlirValue slice,
                           MlirValue buf, bool masked, MlirValue *acc) {
  halo_gemm *g = ud;
  const fe_lds_product *pr = g->pr;
  const fe_gemm *gm = pr->gm;
  (void)masked;
  bool sw = pr->swapped;
  /* Conversions of the operands' own values (fp8 multiplied as f16 on
   * RDNA3) run on the fragments read from LDS, as in GemmLds.c. */
  wmma_matrix ra = sw ? WMMA_MATRIX_B : WMMA_MATRIX_A;
  wmma_matrix rb = sw ? WMMA_MATRIX_A : WMMA_MATRIX_B;
  bool pa = kb_operand_has_prologue(kb, &gm->lhs, ra);
  bool pb = kb_operand_has_prologue(kb, &gm->rhs, rb);
  int64_t C = g->h.c->ksize[g->h.c->nk - 1];
  MlirValue ch0 = kb_mulc(kb, slice, HALO_CB);
  for (int t = 0; t < g->h.ntaps; ++t) {
    if (t) /* as GemmLds.c: one K step's fragments live at a time */
      sched_barrier(kb);
    MlirValue k = kb_addc(kb, ch0, (int64_t)t * C);
    MlirValue a[FE_MAX_WAVE_TILES];
    for (int i = 0; i < pr->wave_m; ++i) {
      a[i] = halo_fragment(kb, g, buf, kb_addc(kb, g->pos[i], g->h.eoff[t]),
                           !pa);
      if (pa)
        a[i] = kb_operand_value(kb, &gm->lhs, ra, pr->batch,
                                kb_add(kb, pr->bm0, g->wrow[i]), k, false,
                                a[i]);
    }
    for (int j = 0; j < pr->wave_n; ++j) {
      MlirValue idx[3] = {buf, g->wcol[j], kb_c(kb, (int64_t)t * HALO_CB)};
      MlirValue bf = kb_load(kb, g->frag_b, g->lds_b, 3, idx, false);
      if (pb)
        bf = kb_operand_value(kb, &gm->rhs, rb, pr->batch,
                              kb_add(kb, pr->bn0, g->wcol[j]), k, false, bf);
      for (int i = 0; i < pr->wave_m; ++i)
        kb_acc_mma(kb, acc, i * pr->wave_n + j, sw ? bf : a[i],
                   sw ? a[i] : bf);
    }
  }
}

/* The LDS element of input pixel p's first channel in the tile whose
 * first pixel is p0 (p may lie before p0 by less than a row: the copy's
 * idle lanes): its pixels' strides, and the bumps of the rows, planes
 * and images between them. */
static MlirValue halo_element(fe_kb *kb, const halo_plan *h, MlirValue p,
                              MlirValue p0) {
  wb_t *b = &kb->b;
  MlirValue e = kb_mulc(kb, kb_add(kb, p, kb_mulc(kb, p0, -1)), h->stride);
  for (int j = 0; j < h->c->rank - 2; ++j) {
    if (j == h->c->chan || !h->bump[j])
      continue;
    MlirValue ps = kb_c(kb, h->pstride[j]);
    MlirValue d = wb_arith(b, "arith.divui", p, ps);
    MlirValue d0 = wb_arith(b, "arith.divui", p0, ps);
    d = kb_add(kb, d, kb_mulc(kb, d0, -1));
    e = kb_add(kb, e, kb_mulc(kb, d, h->bump[j]));
  }
  return e;
}

/* Sets up the halo copy: chunk c = tid + threads i; P = phase
 * consecutive chunks are the same channel chunk of P consecutive pixels
 * of one input row (groups of P pixels per row, per_pix chunks each),
 * whose LDS places are distinct modulo the banks.  Chunks outside the
 * tile's span (or the row, or past the last) are idle: their load reads
 * past the buffer's end (no traffic, zeros) and their store goes to the
 * trash elements.  A chunk's input pixel indices are computed once (only
 * the channel varies). */
static void init_halo_copy(fe_kb *kb, halo_gemm *g, MlirValue p0) {
  const halo_plan *h = &g->h;
  const fe_conv *c = h->c;
  const fe_arg *a = &kb->p->args[c->arg];
  wb_t *b = &kb->b;
  int threads = kb->s->threads, P = h->lay.phase;
  int64_t per_group = (int64_t)P * h->per_pix;
  int64_t total = h->rows * h->groups * per_group;
  MlirValue mem = kb->args[c->arg];
  int outer = wb_memref_outermost_dim(mlirValueGetType(mem));
  if (outer < 0) {
    kb->failed = 1;
    return;
  }
  kb_note_oob(kb, mem);
  MlirValue row0 = wb_arith(b, "arith.divui", p0, kb_c(kb, h->width));
  MlirValue span_end = kb_addc(kb, p0, h->span);
  MlirValue end = wb_min_index(b, span_end, kb_c(kb, h->npix));
  for (int i = 0; i < h->halo_chunks; ++i) {
    MlirValue ci = kb_addc(kb, kb->tid, (int64_t)threads * i);
    MlirValue in = wb_arith(b, "arith.remui", ci, kb_c(kb, per_group));
    MlirValue grp = wb_arith(b, "arith.divui", ci, kb_c(kb, per_group));
    MlirValue lane = wb_arith(b, "arith.remui", in, kb_c(kb, P));
    MlirValue part = wb_arith(b, "arith.divui", in, kb_c(kb, P));
    MlirValue rrel = wb_arith(b, "arith.divui", grp, kb_c(kb, h->groups));
    MlirValue iw = kb_add(kb, kb_mulc(kb, wb_arith(b, "arith.remui", grp,
                                                   kb_c(kb, h->groups)), P),
                          lane);
    MlirValue first = kb_mulc(kb, kb_add(kb, row0, rrel), h->width);
    MlirValue pix = kb_add(kb, first, iw);
    MlirValue in_row = wb_cmpi(b, WB_CMP_ULT, iw, kb_c(kb, h->width));
    MlirValue from_p0 = wb_cmpi(b, WB_CMP_UGE, pix, p0);
    MlirValue before_end = wb_cmpi(b, WB_CMP_ULT, pix, end);
    MlirValue ok = wb_arith(b, "arith.andi", in_row,
                            wb_arith(b, "arith.andi", from_p0, before_end));
    if ((int64_t)threads * (i + 1) > total)
      ok = wb_arith(b, "arith.andi", ok,
                    wb_cmpi(b, WB_CMP_ULT, ci, kb_c(kb, total)));
    g->hcol[i] = kb_mulc(kb, part, h->lay.vec);
    /* From the row's first pixel: a lane past the row's end stays on
     * the row's banks. */
    MlirValue at = halo_element(kb, h, first, p0);
    MlirValue in_pixel = kb_add(kb, kb_mulc(kb, iw, h->stride), g->hcol[i]);
    at = kb_add(kb, at, in_pixel);
    /* The trash keeps the lane's bank (at modulo a phase's elements; at
     * may be below 0 by less than a row). */
    int64_t ph = (int64_t)P * h->lay.vec;
    int64_t below = h->width * h->stride;
    for (int j = 0; j < c->rank; ++j)
      below += h->bump[j];
    int64_t lift = (below + ph - 1) / ph * ph;
    MlirValue lifted = kb_addc(kb, at, lift);
    MlirValue bank = wb_arith(b, "arith.remui", lifted, kb_c(kb, ph));
    g->hst[i] = wb_select(b, ok, at, kb_addc(kb, bank, h->trash));
    /* An idle chunk's indices: a pixel inside (the tile's first), its
     * outermost index past the buffer. */
    pix = wb_select(b, ok, pix, p0);
    for (int j = c->rank - 1; j >= 0; --j) {
      if (j == c->chan) {
        g->gidx[i][j] = kb_c(kb, 0);
        continue;
      }
      int64_t n = a->shape[j].value;
      bool last = j == (c->chan == 0 ? 1 : 0); /* the quotient */
      g->gidx[i][j] = last ? pix : wb_arith(b, "arith.remui", pix, kb_c(kb, n));
      if (!last)
        pix = wb_arith(b, "arith.divui", pix, kb_c(kb, n));
    }
    g->gidx[i][outer] =
        wb_select(b, ok, g->gidx[i][outer],
                  wb_fat_buffer_oob(b, wb_dim(b, mem, outer)));
  }
}

int fe_conv_halo_run(fe_kb *kb, const fe_lds_product *pr, MlirValue *acc) {
  halo_plan hp;
  if (!halo_plan_get(kb, pr, &hp))
    return 1;
  halo_gemm *g = calloc(1, sizeof *g);
  if (!g)
    return -1;
  g->pr = pr;
  g->h = hp;
  const halo_plan *h = &g->h;
  g->nacc = kb_acc_count(kb, pr->wave_m * pr->wave_n);
  MlirType elem = h->x->type;
  int64_t sh[2] = {pr->stages, h->elems};
  int64_t sbs[3] = {pr->stages, pr->tile_n, h->b_stride};
  g->halo = kb_lds(kb, 2, sh, elem);
  g->lds_b = kb_lds(kb, 3, sbs, kb->p->g.nodes[pr->gm->rhs.leaf].type);
  if (fe_lds_copy_init(kb, &g->b, &pr->gm->rhs, pr->tile_n, HALO_CB, g->lds_b,
                       pr->permuted, h->bcopy) ||
      g->b.chunks * h->ntaps > HALO_MAX_TAPS * FE_COPY_MAX) {
    free(g);
    return -1;
  }
  /* Its rows (taps x 16 + pad, an odd number of 16-byte units): 8-bit
   * transposing stores would meet rows r and r + 8 on one bank. */
  g->b.trade_halves = true;
  bool sw = pr->swapped;
  g->frag_a = kb_frag(kb, sw ? WMMA_MATRIX_B : WMMA_MATRIX_A, kb->ab_layout,
                      sw, kb->atom);
  g->frag_b = kb_frag(kb, sw ? WMMA_MATRIX_A : WMMA_MATRIX_B, kb->ab_layout,
                      !sw, kb->atom);
  MlirValue lrow;
  if (frag_run(kb, g->frag_a, &lrow, &g->kcol, &g->klen)) {
    free(g);
    return -1;
  }
  /* The tile's first pixel, and each of the wave's tile rows' lane pixel
   * offsets from it. */
  MlirValue p0 = pixel_of(kb, g, pr->bm0);
  MlirValue wm, wn;
  kb_wave_grid(kb, pr->waves_n, &wm, &wn);
  for (int i = 0; i < pr->wave_m; ++i) {
    MlirValue r = kb_addc(kb, kb_mulc(kb, wm, kb->atom_m * pr->wave_m),
                          kb->atom_m * i);
    g->wrow[i] = r;
    MlirValue m = kb_add(kb, pr->bm0, kb_add(kb, r, lrow));
    g->pos[i] = kb_add(kb, halo_element(kb, h, pixel_of(kb, g, m), p0),
                       g->kcol);
  }
  for (int j = 0; j < pr->wave_n; ++j)
    g->wcol[j] = kb_addc(kb, kb_mulc(kb, wn, kb->atom_n * pr->wave_n),
                         kb->atom_n * j);
  init_halo_copy(kb, g, p0);
  kb_pipeline pl = {
      .stages = pr->stages,
      .nfull = kb_c(kb, h->c->ksize[h->c->nk - 1] / HALO_CB),
      .tail = false,
      .max_slices = -1,
      .nstate = g->nacc,
      .ud = g,
      .prefetch = prefetch_block,
      .store = store_block,
      .compute = multiply_block,
  };
  int rc = kb_pipelined_loop(kb, &pl, acc);
  sched_barrier(kb); /* keep what follows below the last WMMAs */
  free(g);
  return rc || kb->failed ? -1 : 0;
}
