/* A product staged through LDS (design technique 4, any shape): the GEMM
 * template's LDS body, and the first product of a chain (ChainRegs.c).
 *
 * A workgroup computes a tile_m x tile_n block with a grid of waves; each
 * wave keeps its wave_m x wave_n accumulators in registers for the whole K
 * loop (fe_lds_product).  A and B move through
 * LDS in K slices of the schedule's k_step (16, 32 or 64), `stages` (2 or
 * 3) buffers each (the loop is Kernel/Pipelined.c): while the WMMAs of
 * slice s read buffer s % stages, slice s + stages - 1 is in flight from
 * global memory into registers and is written to the buffer slice s - 1
 * used, so one barrier per K step both publishes it and retires the reads
 * of slice s.
 *
 * LDS holds both operands as [buffer][M or N][K] with K contiguous, so the
 * fragment reads of either operand are 16-byte vector loads (RDNA4 kcontig;
 * RDNA3 hw reads the replicated operand straight from LDS); i4 operands
 * are held two per byte and read as the WMMA's operand words.  An operand
 * stored with M or N contiguous in global memory is transposed by the copy
 * on its way (LdsCopy.c).
 *
 * K tails: slices are full except possibly the last; the main loop runs
 * over full slices without masks, the iteration that prefetches the
 * partial slice is peeled and loads it masked, and the partial slice is
 * multiplied last (zeros past K contribute nothing).  A K shorter than the
 * pipeline only fills the buffers it needs (a dynamic K loads the others
 * masked: zeros).  M/N tails need no
 * masked loads (see Gemm.c); the stores are masked. */
#include "Templates/Gemm.h"
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CHUNKS FE_COPY_MAX
/* Estimated VGPRs (fe_schedule.vgprs) up to which the unrolled K loop's
 * odd iteration follows it (beyond: precedes it). */
#define FE_UNROLL_VGPRS 192

typedef struct {
  const fe_lds_product *pr;
  fe_lds_copy a, b;
  fe_lds_copy bx[FE_MAX_OUTS - 1]; /* a dual problem's further B operands */
  int nacc;             /* accumulator values per product */
  MlirValue wrow[FE_MAX_WAVE_TILES], wcol[FE_MAX_WAVE_TILES]; /* the wave's
                                  tile rows / cols in the block */
  MlirAttribute frag_a, frag_b;
  MlirValue pa[MAX_CHUNKS], pb[MAX_CHUNKS]; /* a prefetched slice */
  MlirValue pbx[FE_MAX_OUTS - 1][MAX_CHUNKS];
} lds_gemm;

/* A fragment of an operand held packed in LDS (i4, two per byte: the
 * buffer is bytes, fe_lds_bits).  A/B fragments in LDS are one run per
 * lane (RDNA4 kcontig: 8 consecutive K; RDNA3 hw: the row's 16), read as
 * bytes at half its column and seen as i4 -- which the WMMA takes as they
 * are (wmma-lower-mma bitcasts the bytes). */
static MlirValue packed_read(fe_kb *kb, MlirAttribute frag, MlirValue lds,
                             MlirValue buf, MlirValue row0, MlirValue k0) {
  wb_t *b = &kb->b;
  wmma_frag_desc d;
  int r0, rr, rh, c0, cr, ch;
  if (mlirAttributeIsNull(frag) || !wmmaFragAttrGetDesc(frag, &d) ||
      wmma_frag_affine(&d, 0, &r0, &rr, &rh, &c0, &cr, &ch) != 1 ||
      c0 % 2 || cr % 2 || ch % 2) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  int n = wmma_frag_length(&d);
  for (int v = 1; v < n; ++v) {
    int q0, qr, qh, d0, dr, dh;
    if (wmma_frag_affine(&d, v, &q0, &qr, &qh, &d0, &dr, &dh) != 1 ||
        q0 != r0 || qr != rr || qh != rh || d0 != c0 + v || dr != cr ||
        dh != ch) {
      kb->failed = 1; /* not one run of K */
      return (MlirValue){NULL};
    }
  }
  MlirValue r = wb_r_index(b), h = wb_h_index(b);
  MlirValue row = kb_addc(kb, kb_mulc(kb, r, rr), r0);
  row = kb_add(kb, row0, kb_add(kb, row, kb_mulc(kb, h, rh)));
  MlirValue col = kb_addc(kb, kb_mulc(kb, r, cr / 2), c0 / 2);
  col = kb_add(kb, col, kb_mulc(kb, h, ch / 2));
  col = kb_add(kb, col, wb_arith(b, "arith.divui", k0, kb_c(kb, 2)));
  MlirValue idx[3] = {buf, row, col};
  MlirValue bytes =
      wb_vload(b, wb_vec(n / 2, mlirIntegerTypeGet(kb->ctx, 8)), lds, 3, idx);
  return wb_bitcast(b, bytes, wmmaFragAttrGetVectorType(frag));
}

/* The fragment `frag` of the rows from `row` of copy cp's LDS buffer buf,
 * at K offset kk of the slice. */
static MlirValue lds_fragment(fe_kb *kb, const fe_lds_copy *cp,
                              MlirAttribute frag, MlirValue buf, MlirValue row,
                              int kk) {
  if (cp->packed)
    return packed_read(kb, frag, cp->lds, buf, row, kb_c(kb, kk));
  MlirValue idx[3] = {buf, row, kb_c(kb, kk)};
  return kb_load(kb, frag, cp->lds, 3, idx, false);
}

static void sched_barrier(fe_kb *kb) {
  MlirNamedAttribute m = wb_named(kb->ctx, "mask", wb_i32_attr(kb->ctx, 0));
  wb_op(&kb->b, "rocdl.sched.barrier", 0, NULL, 0, NULL, 1, &m);
}

/* The WMMAs of one slice from buffer buf.  A scheduling barrier between
 * its WMMA K steps keeps LLVM from hoisting a step's LDS reads above the
 * previous step's WMMAs: issued together they hold all fragments at once,
 * which next to the accumulators and the prefetched slice spills on gfx11. */
static void compute_slice(fe_kb *kb, lds_gemm *g, MlirValue buf, MlirValue k,
                          bool masked, MlirValue *acc) {
  const fe_lds_product *s = g->pr;
  const fe_gemm *gm = s->gm;
  /* Prologues run on the fragments read from LDS (which holds the
   * matrices in their own types). */
  bool sw = s->swapped;
  wmma_matrix ra = sw ? WMMA_MATRIX_B : WMMA_MATRIX_A;
  wmma_matrix rb = sw ? WMMA_MATRIX_A : WMMA_MATRIX_B;
  bool pa = kb_operand_has_prologue(kb, &gm->lhs, ra);
  bool pb = kb_operand_has_prologue(kb, &gm->rhs, rb);
  int nt = kb_acc_count(kb, s->wave_m * s->wave_n);
  for (int kk = 0; kk < s->k_step; kk += kb->atom_k) {
    if (kk)
      sched_barrier(kb);
    MlirValue a[FE_MAX_WAVE_TILES], bs[FE_MAX_WAVE_TILES];
    for (int i = 0; i < s->wave_m; ++i) {
      a[i] = lds_fragment(kb, &g->a, g->frag_a, buf, g->wrow[i], kk);
      if (pa) {
        MlirValue row = kb_add(kb, s->bm0, g->wrow[i]);
        MlirValue col = kb_addc(kb, k, kk);
        a[i] = kb_operand_value(kb, &gm->lhs, ra, s->batch, row, col, masked,
                                a[i]);
      }
    }
    /* A's fragments serve every product of a dual problem. */
    for (int set = 0; set < 1 + s->nmore; ++set) {
      const fe_lds_copy *cb = set ? &g->bx[set - 1] : &g->b;
      const fe_operand *rhs = set ? &s->more[set - 1]->rhs : &gm->rhs;
      bool pro = set ? kb_operand_has_prologue(kb, rhs, rb) : pb;
      MlirValue *sacc = acc + set * g->nacc;
      for (int j = 0; j < s->wave_n; ++j) {
        MlirValue b = lds_fragment(kb, cb, g->frag_b, buf, g->wcol[j], kk);
        if (pro) {
          MlirValue row = kb_add(kb, s->bn0, g->wcol[j]);
          MlirValue col = kb_addc(kb, k, kk);
          b = kb_operand_value(kb, rhs, rb, s->batch, row, col, masked, b);
        }
        for (int i = 0; i < s->wave_m; ++i)
          kb_acc_mma(kb, sacc, i * s->wave_n + j, sw ? b : a[i],
                     sw ? a[i] : b);
        if (!set)
          bs[j] = b;
      }
    }
    /* Zero points' row and column sums from the same fragments (after
     * the accumulators of every product). */
    if (s->zp)
      fe_gemm_zp_step(kb, s->zp, a, bs, acc + nt * (1 + s->nmore));
  }
}

/* Does B's transposing copy store before A's plain one?  The memory
 * counter (vmcnt) retires loads in order: with A's loads issued first
 * (kept so by a scheduling barrier) the transposing WMMA's wait for all of
 * B's covers A's, and A's stores after it need no wait of their own.  In
 * the other order LLVM may hoist A's stores above that wait, each behind
 * its own s_waitcnt vmcnt (4 in the gfx1100 128x64 loop).  Not for a
 * convolution's gathered A (its loop got longer: 12.0 -> 12.9 per WMMA). */
static bool b_first(const lds_gemm *g) {
  return g->b.how == WMMA_COPY_WMMA && !g->pr->gm->lhs.im2col;
}

/* The pipeline's callbacks (Kernel/Pipelined.c): slice s covers K from
 * s * k_step; its prefetch is held in pa/pb until stored. */
static void prefetch_slice(fe_kb *kb, void *ud, MlirValue slice, bool masked) {
  lds_gemm *g = ud;
  MlirValue k = kb_mulc(kb, slice, g->pr->k_step);
  fe_lds_copy_load(kb, &g->a, g->pr->batch, g->pr->bm0, k, masked, g->pa);
  if (b_first(g))
    sched_barrier(kb);
  fe_lds_copy_load(kb, &g->b, g->pr->batch, g->pr->bn0, k, masked, g->pb);
  for (int x = 0; x < g->pr->nmore; ++x)
    fe_lds_copy_load(kb, &g->bx[x], g->pr->batch, g->pr->bn0, k, masked,
                     g->pbx[x]);
}

static void store_slice(fe_kb *kb, void *ud, MlirValue buf) {
  lds_gemm *g = ud;
  if (!b_first(g))
    fe_lds_copy_store(kb, &g->a, buf, g->pa);
  fe_lds_copy_store(kb, &g->b, buf, g->pb);
  for (int x = 0; x < g->pr->nmore; ++x)
    fe_lds_copy_store(kb, &g->bx[x], buf, g->pbx[x]);
  if (b_first(g))
    fe_lds_copy_store(kb, &g->a, buf, g->pa);
}

static void multiply_slice(fe_kb *kb, void *ud, MlirValue slice,
                           MlirValue buf, bool masked, MlirValue *acc) {
  lds_gemm *g = ud;
  /* The prefetch (issued before this) stays above the WMMAs: sunk below
   * them to save registers, its data would be waited for at once. */
  sched_barrier(kb);
  compute_slice(kb, g, buf, kb_mulc(kb, slice, g->pr->k_step), masked, acc);
}

int fe_lds_product_run(fe_kb *kb, const fe_lds_product *pr, MlirValue *acc) {
  const fe_gemm *gm = pr->gm;
  const int tk = pr->k_step;
  if (pr->wave_m * pr->wave_n > FE_MAX_WAVE_TILES || pr->stages < 2 ||
      pr->stages > KB_PIPE_MAX_STAGES)
    return -1;
  /* Accumulator values (two tiles per value when RDNA3 packs 16-bit
   * accumulators, Accumulators.c). */
  int nt = kb_acc_count(kb, pr->wave_m * pr->wave_n);
  int nacc = nt * (1 + pr->nmore); /* every product's accumulators */
  int ns = pr->zp ? pr->zp->nrowsums + pr->zp->ncolsums : 0;
  MlirValue state[FE_MAX_OUTS * FE_MAX_WAVE_TILES + 2 * FE_MAX_REG_TILES];
  /* (The sums: one per tile row and column, at most FE_MAX_REG_TILES.) */
  if (nacc + ns > KB_PIPE_MAX_STATE ||
      (ns && (pr->wave_m > FE_MAX_REG_TILES || pr->wave_n > FE_MAX_REG_TILES)))
    return -1;
  memcpy(state, acc, sizeof(MlirValue) * (size_t)nacc);
  if (ns)
    memcpy(state + nacc, pr->zp->sums, sizeof(MlirValue) * (size_t)ns);
  lds_gemm *g = calloc(1, sizeof *g);
  if (!g)
    return -1;
  g->pr = pr;
  g->nacc = nt;
  /* LDS holds the matrices in their own types (prologues run after), i4
   * packed two per byte when the WMMA takes it as it is, rows padded
   * (LdsLayout.c). */
  MlirType ta = kb->p->g.nodes[gm->lhs.leaf].type;
  MlirType tb = kb->p->g.nodes[gm->rhs.leaf].type;
  int bits_a = fe_lds_bits(&kb->p->g, &gm->lhs);
  int bits_b = fe_lds_bits(&kb->p->g, &gm->rhs);
  fe_lds_layout ya = fe_lds_layout_get(kb->arch, bits_a, tk);
  fe_lds_layout yb = fe_lds_layout_get(kb->arch, bits_b, tk);
  int64_t sa[3] = {pr->stages, pr->tile_m, ya.stride},
          sb[3] = {pr->stages, pr->tile_n, yb.stride};
  MlirType bytes = mlirIntegerTypeGet(kb->ctx, 8);
  if (bits_a == 4) {
    sa[2] /= 2;
    ta = bytes;
  }
  if (bits_b == 4) {
    sb[2] /= 2;
    tb = bytes;
  }
  MlirValue la = kb_lds(kb, 3, sa, ta);
  MlirValue lb = kb_lds(kb, 3, sb, tb);
  if (fe_lds_copy_init(kb, &g->a, &gm->lhs, pr->tile_m, tk, la, false,
                       pr->copy[0]) ||
      fe_lds_copy_init(kb, &g->b, &gm->rhs, pr->tile_n, tk, lb,
                       pr->permuted, pr->copy[1])) {
    free(g);
    return -1;
  }
  /* A dual problem's further B operands: their own buffers, staged as
   * the first. */
  for (int x = 0; x < pr->nmore; ++x)
    if (fe_lds_copy_init(kb, &g->bx[x], &pr->more[x]->rhs, pr->tile_n, tk,
                         kb_lds(kb, 3, sb, tb), pr->permuted, pr->copy[1])) {
      free(g);
      return -1;
    }
  /* The wave's tiles inside the block. */
  MlirValue wm, wn;
  kb_wave_grid(kb, pr->waves_n, &wm, &wn);
  for (int i = 0; i < pr->wave_m; ++i)
    g->wrow[i] = kb_addc(kb, kb_mulc(kb, wm, kb->atom_m * pr->wave_m),
                         kb->atom_m * i);
  for (int j = 0; j < pr->wave_n; ++j)
    g->wcol[j] = kb_addc(kb, kb_mulc(kb, wn, kb->atom_n * pr->wave_n),
                         kb->atom_n * j);
  /* LDS rows are the role matrix's rows for A, its columns for B. */
  bool sw = pr->swapped;
  g->frag_a = kb_frag(kb, sw ? WMMA_MATRIX_B : WMMA_MATRIX_A, kb->ab_layout,
                      sw, kb->atom);
  g->frag_b = kb_frag(kb, sw ? WMMA_MATRIX_A : WMMA_MATRIX_B, kb->ab_layout,
                      !sw, kb->atom);

  /* Full slices without masks, then the partial one (K tails). */
  kb_pipeline pl = {
      .stages = pr->stages,
      .nfull = kb_floor_div(kb, gm->K, tk),
      .tail = pr->k_tail,
      .max_slices = -1,
      /* Unrolled by the buffers (constant buffer addresses); the odd
       * iteration before the loop where the estimate is large (after it,
       * it spills 4x4 f32 wave tiles with an epilogue on gfx11). */
      .unroll = kb->s->vgprs <= FE_UNROLL_VGPRS ? KB_UNROLL_REST_AFTER
                                                : KB_UNROLL_REST_FIRST,
      .nstate = nacc + ns,
      .ud = g,
      .prefetch = prefetch_slice,
      .store = store_slice,
      .compute = multiply_slice,
  };
  if (kb_pipelined_loop(kb, &pl, state)) {
    free(g);
    return -1;
  }
  memcpy(acc, state, sizeof(MlirValue) * (size_t)nacc);
  if (ns)
    memcpy(pr->zp->sums, state + nacc, sizeof(MlirValue) * (size_t)ns);
  sched_barrier(kb); /* keep what follows below the last WMMAs */
  free(g);
  return kb->failed ? -1 : 0;
}

int fe_gemm_build_lds(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *gm = &kb->p->gemms[0];
  fe_gemm_wave w;
  fe_gemm_wave_origin(kb, &w);
  /* Swapped for row segments; on RDNA3 B's rows are then stored to LDS in
   * the rho order. */
  fe_gemm_apply_form(kb, &w);
  fe_gemm_acc_init(kb, &w);
  int ns = fe_gemm_zp_init(kb, &w);
  fe_lds_product pr = {
      .gm = gm,
      .nmore = fe_gemm_nsets(kb->p) - 1,
      .more = {&kb->p->gemms[1], &kb->p->gemms[2]},
      .tile_m = s->tile_m,
      .tile_n = s->tile_n,
      .waves_n = s->waves_n,
      .wave_m = s->wave_m,
      .wave_n = s->wave_n,
      .k_step = s->k_step,
      .stages = s->stages,
      .k_tail = s->k_tail,
      .copy = {s->copy[0], s->copy[1]},
      .swapped = w.form == FE_FORM_ROWSEG,
      .permuted = w.form == FE_FORM_ROWSEG &&
                  wmma_arch_acc_rows_interleaved(kb->arch),
      .batch = w.batch,
      .bm0 = w.bm0,
      .bn0 = w.bn0,
      .zp = ns ? &w : NULL,
  };
  /* A convolution reads its input tile once (ConvHalo.c) where it can. */
  int rc = fe_conv_halo_run(kb, &pr, w.acc);
  if (rc > 0)
    rc = fe_lds_product_run(kb, &pr, w.acc);
  if (rc)
    return -1;
  fe_gemm_epilogue(kb, &w);
  return kb->failed ? -1 : 0;
}
