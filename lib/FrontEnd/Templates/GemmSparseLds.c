/* The sparse GEMM template's LDS body (RDNA4, staging = lds): the
 * compressed A (values and index words) and B move through LDS in K
 * slices of k_step (32 or 64) with the dense template's pipeline
 * (Kernel/Pipelined.c: `stages` buffers, the next slice prefetched into
 * registers while the current one is multiplied, one barrier per slice).
 *
 *  - values (M x K/2): the gemm template's copy of a K-contiguous operand
 *    (LdsCopy.c, VEC) of slices k_step / 2 wide;
 *  - B: the gemm template's copy (VEC when K is contiguous, the WMMA
 *    transpose when N is), K contiguous in LDS;
 *  - index words: a thread per tile row loads the row's k_step / 32 words
 *    (one vector load) and stores their 16-bit halves regrouped by half,
 *    (w0.lo, w1.lo, w0.hi, w1.hi), as i16s.
 *
 * One swmmac per 16x16 tile and 32 K.  K is permuted by groups of 8 so
 * that lane half h of every operand takes K 16h..16h+15 of the 32 (the
 * 8-bit instructions' own order; for 16-bit ones, whose lane half h takes
 * K 8h..8h+7 and 16+8h..16+8h+7, the permutation swaps the middle groups
 * of 8 alike in A, its positions and B, which leaves the product as it
 * is).  So lane (r, h) reads, per 32 K: its row's compressed values
 * 8h..8h+7 (one 128-bit LDS read for 16-bit types, 64-bit for 8-bit), its
 * column's K 16h..16h+15 of B (two 128-bit reads / one), and the positions
 * of its row's K 16h..16h+15: the 16-bit half h of the row's word.  With
 * the halves regrouped in LDS, one read gives the lane the index halves
 * of every 32 K of the slice (one i32 for k_step 64: index_key 0 and 1
 * pick them; a u16 for 32), so the index costs no VALU in the loop.
 *
 * Tails: the last slice is loaded masked (values past K/2, words past
 * ceil(K/32) and B past K read zero); rows past M read the fat buffers'
 * zeros.  A zero index word means position 0 twice in every group, which
 * no compressed matrix has and whose hardware meaning is not documented,
 * so the copy replaces zero words by positions 0 and 1 (0x44444444)
 * whenever a word may have been read out of bounds. */
#include "Templates/Gemm.h"
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define PAD_WORD ((int32_t)0x44444444u)

typedef struct {
  const fe_schedule *s;
  const fe_gemm *g;
  fe_gemm_wave *w;
  fe_lds_copy a, b;     /* the values, B */
  MlirValue words_lds;  /* [stages][tile_m][2 nw] i16 */
  int nw;               /* index words per row and slice */
  bool i4;              /* i4: packed two per byte, v_swmmac_..._16x16x64 */
  int wchunks;          /* tile rows per thread of the words' copy */
  MlirValue wrow_ld[FE_COPY_MAX];
  MlirValue wrow[FE_MAX_REG_TILES], wcol[FE_MAX_REG_TILES];
  MlirValue r, h;
  MlirAttribute atom;   /* the sparse atom */
  MlirValue pa[FE_COPY_MAX], pb[FE_COPY_MAX], pw[FE_COPY_MAX];
} sparse_lds;

/* B's layout: the gemm template's, except that an 8-bit B's rows are
 * padded by 16 bytes instead of 8.  A lane reads 16 consecutive K of its
 * column per swmmac; rows a multiple of 16 bytes apart make that one
 * ds_load_b128 at an immediate offset (8-byte aligned rows: two b64 reads
 * and an address add apiece).  The reads stay conflict-free by
 * LdsLayout.c's rule: (tk + 16) / 16 units per row is odd for tk 32, 64. */
static fe_lds_layout b_layout(wmma_arch arch, int elem_bits, int tk) {
  fe_lds_layout l = fe_lds_layout_get(arch, elem_bits, tk);
  if (elem_bits == 8 && l.stride % 16) {
    l.pad = 16;
    l.stride = tk + l.pad;
  }
  /* i4, packed: a lane reads 32 K (16 bytes) per swmmac; 16 bytes of
   * padding keep the rows' units odd for tk 64 (3). */
  if (elem_bits == 4 && (l.stride / 2) % 16) {
    l.pad = 32;
    l.stride = tk + l.pad;
  }
  return l;
}

int fe_sparse_lds_bytes(wmma_arch arch, const fe_schedule *s, int elem_bits) {
  fe_lds_layout la = fe_lds_layout_get(arch, elem_bits, s->k_step / 2);
  fe_lds_layout lb = b_layout(arch, elem_bits, s->k_step);
  return (int)(fe_lds_bytes(&la, s->stages, s->tile_m, elem_bits) +
               fe_lds_bytes(&lb, s->stages, s->tile_n, elem_bits) +
               (int64_t)s->stages * s->tile_m * (s->k_step / 32) * 4);
}

static void sched_barrier(fe_kb *kb) {
  MlirNamedAttribute m = wb_named(kb->ctx, "mask", wb_i32_attr(kb->ctx, 0));
  wb_op(&kb->b, "rocdl.sched.barrier", 0, NULL, 0, NULL, 1, &m);
}

/*===--- the pipeline's callbacks ----------------------------------------===*/
static void prefetch_slice(fe_kb *kb, void *ud, MlirValue slice, bool masked) {
  sparse_lds *c = ud;
  const fe_schedule *s = c->s;
  wb_t *b = &kb->b;
  fe_lds_copy_load(kb, &c->a, c->w->batch, c->w->bm0,
                   kb_mulc(kb, slice, s->k_step / 2), masked, c->pa);
  fe_lds_copy_load(kb, &c->b, c->w->batch, c->w->bn0,
                   kb_mulc(kb, slice, s->k_step), masked, c->pb);
  MlirValue words = kb->args[c->g->a_index];
  bool fix = masked || s->m_tail;
  if (s->m_tail)
    kb_note_oob(kb, words);
  MlirType vt = wb_vec(c->nw, wb_i32(kb->ctx));
  for (int q = 0; q < c->wchunks; ++q) {
    MlirValue idx[2] = {kb_add(kb, c->w->bm0, c->wrow_ld[q])};
    idx[1] = kb_mulc(kb, slice, c->nw);
    MlirValue v = kb_vload(kb, words, 2, idx, c->nw, masked);
    if (fix) {
      MlirValue zero = wb_cmpi(b, WB_CMP_EQ, v, wb_const_zero(b, vt));
      v = wb_select(b, zero, wb_const_splat(b, vt, PAD_WORD), v);
    }
    c->pw[q] = v;
  }
}

static void store_slice(fe_kb *kb, void *ud, MlirValue buf) {
  sparse_lds *c = ud;
  wb_t *b = &kb->b;
  MlirType i16 = mlirIntegerTypeGet(kb->ctx, 16);
  for (int q = 0; q < c->wchunks; ++q) {
    /* (w0.lo, w0.hi[, w1.lo, w1.hi]) -> the halves grouped by half. */
    MlirValue halves = wb_bitcast(b, c->pw[q], wb_vec(2 * c->nw, i16));
    if (c->nw == 2 && !c->i4) {
      static const int64_t by_half[4] = {0, 2, 1, 3};
      halves = wb_shuffle(b, halves, halves, 4, by_half);
    }
    MlirValue idx[3] = {buf, c->wrow_ld[q], kb_c(kb, 0)};
    wb_vstore(b, halves, c->words_lds, 3, idx);
  }
  /* The words were loaded last: storing them first makes their one wait
   * (for every load of the slice) the copy's only one, where stores in
   * load order wait for each load in turn (a wait instruction apiece). */
  fe_lds_copy_store(kb, &c->b, buf, c->pb);
  fe_lds_copy_store(kb, &c->a, buf, c->pa);
}

/* Lane (r, h)'s index register for the slice: the halves h of its row's
 * words (bits 16t..16t+15 for the slice's 32 K number t). */
static MlirValue index_reg(fe_kb *kb, sparse_lds *c, MlirValue buf,
                           MlirValue row) {
  wb_t *b = &kb->b;
  MlirType i16 = mlirIntegerTypeGet(kb->ctx, 16), i32 = wb_i32(kb->ctx);
  MlirValue idx[3] = {buf, row, kb_mulc(kb, c->h, c->nw)};
  MlirValue v = wb_vload(b, wb_vec(c->nw, i16), c->words_lds, 3, idx);
  if (c->nw == 2)
    return wb_extract(b, wb_bitcast(b, v, wb_vec(1, i32)), 0);
  return wb_cast(b, "arith.extui", wb_extract(b, v, 0), i32);
}

/* i4 (v_swmmac_i32_16x16x64_iu4, lane half h: K 32h..32h+31 of each 64,
 * in K order: no permutation).  Per 64 K number t of the slice, lane
 * (r, h) reads its row's values 16h..16h+15 of the 32 (8 packed bytes),
 * its column's K 32h..32h+31 of B (16 bytes), and as its index register
 * its row's word 2t + h as it is (the words are stored unregrouped). */
static void multiply_slice_i4(fe_kb *kb, sparse_lds *c, MlirValue buf,
                              MlirValue *acc) {
  const fe_schedule *s = c->s;
  wb_t *b = &kb->b;
  MlirType i8 = mlirIntegerTypeGet(kb->ctx, 8);
  MlirType i4 = mlirIntegerTypeGet(kb->ctx, 4);
  MlirType i16 = mlirIntegerTypeGet(kb->ctx, 16);
  MlirNamedAttribute attr = wb_named(kb->ctx, "atom", c->atom);
  for (int t = 0; t < s->k_step / 64; ++t) {
    if (t)
      sched_barrier(kb);
    MlirValue a[FE_MAX_REG_TILES], index[FE_MAX_REG_TILES];
    for (int i = 0; i < s->wave_m; ++i) {
      MlirValue row = kb_add(kb, c->wrow[i], c->r);
      MlirValue widx[3] = {buf, row, kb_addc(kb, kb_mulc(kb, c->h, 2), 4 * t)};
      MlirValue w = wb_vload(b, wb_vec(2, i16), c->words_lds, 3, widx);
      MlirValue w1 = wb_bitcast(b, w, wb_vec(1, wb_i32(kb->ctx)));
      index[i] = wb_extract(b, w1, 0);
      MlirValue idx[3] = {buf, row, kb_addc(kb, kb_mulc(kb, c->h, 8), 16 * t)};
      MlirValue bytes = wb_vload(b, wb_vec(8, i8), c->a.lds, 3, idx);
      a[i] = wb_bitcast(b, bytes, wb_vec(16, i4));
    }
    for (int j = 0; j < s->wave_n; ++j) {
      MlirValue col = kb_add(kb, c->wcol[j], c->r);
      MlirValue idx[3] = {buf, col,
                          kb_addc(kb, kb_mulc(kb, c->h, 16), 32 * t)};
      MlirValue bytes = wb_vload(b, wb_vec(16, i8), c->b.lds, 3, idx);
      MlirValue bf = wb_bitcast(b, bytes, wb_vec(32, i4));
      for (int i = 0; i < s->wave_m; ++i) {
        int tile = i * s->wave_n + j;
        MlirValue ops[4] = {a[i], bf, acc[tile], index[i]};
        acc[tile] = wb_op1(b, "wmma.sparse_mma", 4, ops,
                           mlirValueGetType(acc[tile]), 1, &attr);
        if (mlirValueIsNull(acc[tile]))
          kb->failed = 1;
      }
    }
  }
}

static void multiply_slice(fe_kb *kb, void *ud, MlirValue slice,
                           MlirValue buf, bool masked, MlirValue *acc) {
  sparse_lds *c = ud;
  const fe_schedule *s = c->s;
  wb_t *b = &kb->b;
  (void)slice, (void)masked; /* zeros past K came in with the slice */
  sched_barrier(kb);
  if (c->i4) {
    multiply_slice_i4(kb, c, buf, acc);
    return;
  }
  MlirType at = mlirShapedTypeGetElementType(mlirValueGetType(c->a.lds));
  MlirType bt = mlirShapedTypeGetElementType(mlirValueGetType(c->b.lds));
  MlirValue rows[FE_MAX_REG_TILES], index[FE_MAX_REG_TILES];
  for (int i = 0; i < s->wave_m; ++i) {
    rows[i] = kb_add(kb, c->wrow[i], c->r);
    index[i] = index_reg(kb, c, buf, rows[i]);
  }
  for (int t = 0; t < c->nw; ++t) {
    if (t)
      sched_barrier(kb);
    MlirValue a[FE_MAX_REG_TILES];
    for (int i = 0; i < s->wave_m; ++i) {
      MlirValue idx[3] = {buf, rows[i],
                          kb_addc(kb, kb_mulc(kb, c->h, 8), 16 * t)};
      a[i] = wb_vload(b, wb_vec(8, at), c->a.lds, 3, idx);
    }
    /* A's fragments (and the index registers) issue before B's: B's reads
     * then complete in the order the swmmacs take them, one wait per
     * column tile instead of one per interleaved read.  Not with B copied
     * by vector loads (a 2:4 B's product): measured there, the earlier A
     * reads spill (f16 at 2048^3: 18 VGPRs). */
    if (c->b.how == WMMA_COPY_TR)
      sched_barrier(kb);
    MlirNamedAttribute attrs[2] = {
        wb_named(kb->ctx, "atom", c->atom),
        wb_named(kb->ctx, "index_key", wb_i32_attr(kb->ctx, t))};
    for (int j = 0; j < s->wave_n; ++j) {
      MlirValue idx[3] = {buf, kb_add(kb, c->wcol[j], c->r)};
      idx[2] = kb_addc(kb, kb_mulc(kb, c->h, 16), 32 * t);
      MlirValue bf = wb_vload(b, wb_vec(16, bt), c->b.lds, 3, idx);
      for (int i = 0; i < s->wave_m; ++i) {
        int tile = i * s->wave_n + j;
        MlirValue ops[4] = {a[i], bf, acc[tile], index[i]};
        acc[tile] = wb_op1(b, "wmma.sparse_mma", 4, ops,
                           mlirValueGetType(acc[tile]), 2, attrs);
        if (mlirValueIsNull(acc[tile]))
          kb->failed = 1;
      }
    }
  }
}

/*===--- the body ---------------------------------------------------------===*/
int fe_gemm_sparse_build_lds(fe_kb *kb, fe_gemm_wave *w, MlirAttribute atom) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  if (s->k_step % 32 || s->k_step > 64 || s->wave_m > FE_MAX_REG_TILES ||
      s->wave_n > FE_MAX_REG_TILES || s->tile_m > FE_COPY_MAX * s->threads)
    return -1;
  sparse_lds *c = calloc(1, sizeof *c);
  if (!c)
    return -1;
  c->s = s, c->g = g, c->w = w, c->atom = atom;
  c->nw = s->k_step / 32;
  c->r = wb_r_index(&kb->b);
  c->h = wb_h_index(&kb->b);
  MlirType ta = kb->p->g.nodes[g->lhs.leaf].type;
  MlirType tb = kb->p->g.nodes[g->rhs.leaf].type;
  int bits = wb_type_bits(ta);
  fe_lds_layout la = fe_lds_layout_get(kb->arch, bits, s->k_step / 2);
  fe_lds_layout lb = b_layout(kb->arch, bits, s->k_step);
  int64_t sa[3] = {s->stages, s->tile_m, la.stride},
          sb[3] = {s->stages, s->tile_n, lb.stride},
          sw[3] = {s->stages, s->tile_m, 2 * c->nw};
  c->i4 = bits == 4;
  if (c->i4) {
    /* Packed two per byte (fe_lds_bits): the buffers hold bytes. */
    if (s->k_step % 64) {
      free(c);
      return -1;
    }
    sa[2] /= 2, sb[2] /= 2;
    ta = tb = mlirIntegerTypeGet(kb->ctx, 8);
  }
  MlirValue lds_a = kb_lds(kb, 3, sa, ta), lds_b = kb_lds(kb, 3, sb, tb);
  c->words_lds = kb_lds(kb, 3, sw, mlirIntegerTypeGet(kb->ctx, 16));
  if (mlirValueIsNull(c->words_lds) ||
      fe_lds_copy_init(kb, &c->a, &g->lhs, s->tile_m, s->k_step / 2, lds_a,
                       false, s->copy[0]) ||
      fe_lds_copy_init(kb, &c->b, &g->rhs, s->tile_n, s->k_step, lds_b,
                       false, s->copy[1])) {
    free(c);
    return -1;
  }
  /* The words' copy: thread t takes tile rows t, t + threads, ... (the
   * last chunk clamped: a repeated row is written twice alike). */
  c->wchunks = (s->tile_m + s->threads - 1) / s->threads;
  for (int q = 0; q < c->wchunks; ++q) {
    MlirValue row = kb_addc(kb, kb->tid, (int64_t)q * s->threads);
    if ((int64_t)(q + 1) * s->threads > s->tile_m)
      row = wb_min_index(&kb->b, row, kb_c(kb, s->tile_m - 1));
    c->wrow_ld[q] = row;
  }
  MlirValue wm, wn;
  kb_wave_grid(kb, s->waves_n, &wm, &wn);
  for (int i = 0; i < s->wave_m; ++i)
    c->wrow[i] = kb_addc(kb, kb_mulc(kb, wm, 16 * s->wave_m), 16 * i);
  for (int j = 0; j < s->wave_n; ++j)
    c->wcol[j] = kb_addc(kb, kb_mulc(kb, wn, 16 * s->wave_n), 16 * j);

  int nt = fe_gemm_nacc(kb);
  MlirValue state[FE_MAX_WAVE_TILES];
  memcpy(state, w->acc, sizeof(MlirValue) * (size_t)nt);
  kb_pipeline pl = {
      .stages = s->stages,
      .nfull = kb_floor_div(kb, g->K, s->k_step),
      .tail = s->k_tail,
      .max_slices = -1,
      /* Unrolled by the buffers: every slice's LDS addresses constants
       * (no buffer-select arithmetic in the loop); an odd slice before
       * the loop (fewer loop instructions than after it at 2048^3). */
      .unroll = KB_UNROLL_REST_FIRST,
      .nstate = nt,
      .ud = c,
      .prefetch = prefetch_slice,
      .store = store_slice,
      .compute = multiply_slice,
  };
  int rc = kb_pipelined_loop(kb, &pl, state);
  free(c);
  if (rc)
    return -1;
  memcpy(w->acc, state, sizeof(MlirValue) * (size_t)nt);
  sched_barrier(kb); /* keep the epilogue below the last swmmacs */
  return kb->failed ? -1 : 0;
}
