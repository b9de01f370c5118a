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
 *    (one vector load) and stores them in two planes by lane half
 *    (index_plane_row_bytes): plane h, row r of the 16 holds, for every
 *    tile row i, the i32 a lane (r, h) of tile row i takes as its index
 *    register.
 *
 * One swmmac per 16x16 tile and 32 K.  K is permuted by groups of 16 so
 * that, at step t of a slice of 64 K, lane half h of every operand takes
 * the slice's K 32h+16t..32h+16t+15 (for 16-bit instructions, whose lane
 * half h takes the instruction's K 8h..8h+7 and 16+8h..16+8h+7, the same
 * 16 K in order; alike in A, its positions and B, which leaves the
 * product as it is).  Those are the positions of half t of the slice's
 * word h, so lane (r, h)'s index register for the slice is its row's word
 * h as it is (index_key t picks the half; slices of 32: half h of the
 * word, moved to the low half by the copy): one LDS read per slice gives
 * a lane the registers of all its tile rows, and no VALU touches them.
 * Per 32 K lane (r, h) reads its row's compressed values 16h+8t..+7 (one
 * 128-bit LDS read for 16-bit types; 8-bit: the slice's 16 at once) and
 * its column's K 32h+16t..+15 of B (two 128-bit reads / one).
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
  MlirValue words_lds;  /* [stages][2 x 16][plane row] i16 */
  int nw;               /* index words per row and slice */
  bool i4;              /* i4: packed two per byte, v_swmmac_..._16x16x64 */
  bool one_wait;        /* one s_wait_dscnt per step (wait_lds_reads) */
  bool breg;            /* B's fragments straight into registers */
  int nt;               /* accumulators (the state's first nt values) */
  int64_t nfull;        /* slices (static with breg) */
  fe_lds_copy bt;       /* breg: B (tr: the transposing load's lanes) */
  int64_t b_soff;       /* breg, vec: B's K stride as a scalar offset, or 0 */
  int wchunks;          /* tile rows per thread of the words' copy */
  MlirValue wrow_ld[FE_COPY_MAX];
  MlirValue wrow[FE_MAX_REG_TILES], wcol[FE_MAX_REG_TILES];
  MlirValue r, h;
  MlirAttribute atom;   /* the sparse atom */
  MlirType b_elem;      /* B's element type as the swmmac takes it */
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
    /* Copied (copy = vec) in 16-byte chunks as the values are: 8-byte
     * stores into rows of 80 bytes (10 units of 8, even) put rows r and
     * r + 8 of a half wave on the same banks. */
    l.phase = l.phase > 1 ? l.phase * l.vec / 16 : 1;
    l.vec = 16;
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

/* The index words' planes: plane h (lane half h), row r (of the 16 of a
 * tile) holds one i32 per tile row of the workgroup tile (the word of row
 * 16i + r a lane (r, h) takes as its index register), so a lane reads the
 * registers of its wave's tile rows with one vector read.  The rows are
 * padded to an odd number of 16-byte units (conflict-free 128-bit reads
 * across a half wave, LdsLayout.c's rule).  Returns the row's bytes. */
static int index_plane_row_bytes(int tile_m) {
  /* One or two tile rows: b32/b64 reads, rows of 4 or 8 bytes are
   * conflict-free for both the reads and the copy's stores. */
  if (tile_m <= 32)
    return (tile_m / 16) * 4;
  int bytes = ((tile_m / 16) * 4 + 15) / 16 * 16;
  return (bytes / 16) % 2 ? bytes : bytes + 16;
}

/* The values' layout: the gemm template's, except that 8-bit values in
 * slices of 32 (K slices of 64) move in chunks of 16 bytes, in rows of 48
 * (3 units of 16, odd: conflict-free 128-bit reads and writes): a lane
 * reads its 16 values of the slice with one ds_load_b128 (the chip's
 * 8-byte units, rows of 40 bytes: two reads), and the copy moves them
 * with half the loads and stores. */
static fe_lds_layout a_layout(wmma_arch arch, int elem_bits, int tk) {
  fe_lds_layout l = fe_lds_layout_get(arch, elem_bits, tk);
  if (elem_bits == 8 && tk == 32 && l.stride % 16) {
    l.phase = l.phase > 1 ? l.phase * l.vec / 16 : 1; /* lanes of 16 bytes */
    l.vec = 16;
    l.pad = 16;
    l.stride = tk + l.pad;
  }
  return l;
}

/* A 16-bit B in slices of 64 without a K tail skips LDS: each wave loads
 * its columns' fragments from global memory straight into registers
 * (copy = tr: global_load_tr_b128; vec: vector loads), the next slice's
 * half t as soon as the swmmacs of this slice's half t have taken theirs.
 * B's LDS round trip (per 64 swmmacs of a 4 x 4 wave tile: 16 copy loads,
 * 16 LDS stores, 32 LDS reads) becomes 32 loads, in the VGPRs the copy's
 * prefetch and the step's fragments held (two half slices of fragments).
 * The loads of two waves sharing columns both reach L2. */
bool fe_sparse_b_in_registers(const fe_schedule *s, int elem_bits) {
  return elem_bits == 16 && s->k_step == 64 && !s->k_tail &&
         (s->copy[1] == WMMA_COPY_TR || s->copy[1] == WMMA_COPY_VEC);
}

int fe_sparse_lds_bytes(wmma_arch arch, const fe_schedule *s, int elem_bits) {
  fe_lds_layout la = a_layout(arch, elem_bits, s->k_step / 2);
  fe_lds_layout lb = b_layout(arch, elem_bits, s->k_step);
  int rows_b = s->copy[1] == WMMA_COPY_TR
                   ? fe_lds_copy_tr_rows(s->tile_n, elem_bits / 8)
                   : s->tile_n;
  if (fe_sparse_b_in_registers(s, elem_bits))
    rows_b = 0;
  return (int)(fe_lds_bytes(&la, s->stages, s->tile_m, elem_bits) +
               fe_lds_bytes(&lb, s->stages, rows_b, elem_bits) +
               (int64_t)s->stages * 32 * index_plane_row_bytes(s->tile_m));
}

static void sched_barrier(fe_kb *kb) {
  MlirNamedAttribute m = wb_named(kb->ctx, "mask", wb_i32_attr(kb->ctx, 0));
  wb_op(&kb->b, "rocdl.sched.barrier", 0, NULL, 0, NULL, 1, &m);
}

/* s_wait_dscnt 0 (gfx12), between scheduling barriers: the LDS reads
 * above it complete before anything below issues. */
static void wait_lds_reads(fe_kb *kb) {
  sched_barrier(kb);
  MlirNamedAttribute n = wb_named(
      kb->ctx, "count",
      mlirIntegerAttrGet(mlirIntegerTypeGet(kb->ctx, 16), 0));
  wb_op(&kb->b, "rocdl.s.wait.dscnt", 0, NULL, 0, NULL, 1, &n);
  sched_barrier(kb);
}

/* s_wait_loadcnt n between scheduling barriers: the global loads issued
 * before the last n have returned.  The backend's own waits stay where
 * this one is not enough (a count too high costs a wait, never a value). */
static void wait_loads(fe_kb *kb, int n) {
  sched_barrier(kb);
  MlirNamedAttribute a = wb_named(
      kb->ctx, "count",
      mlirIntegerAttrGet(mlirIntegerTypeGet(kb->ctx, 16), n));
  wb_op(&kb->b, "rocdl.s.wait.loadcnt", 0, NULL, 0, NULL, 1, &a);
  sched_barrier(kb);
}

/*===--- the pipeline's callbacks ----------------------------------------===*/
static void prefetch_slice(fe_kb *kb, void *ud, MlirValue slice, bool masked) {
  sparse_lds *c = ud;
  const fe_schedule *s = c->s;
  wb_t *b = &kb->b;
  fe_lds_copy_load(kb, &c->a, c->w->batch, c->w->bm0,
                   kb_mulc(kb, slice, s->k_step / 2), masked, c->pa);
  if (!c->breg)
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
    /* Row 16i + r's words: word h to plane h (slices of 32: the one word
     * to plane 0, its halves swapped to plane 1, so that half h is the
     * low half index_key 0 takes). */
    MlirValue halves = wb_bitcast(b, c->pw[q], wb_vec(2 * c->nw, i16));
    MlirValue r = wb_arith(b, "arith.remui", c->wrow_ld[q], kb_c(kb, 16));
    MlirValue col = kb_mulc(
        kb, wb_arith(b, "arith.divui", c->wrow_ld[q], kb_c(kb, 16)), 2);
    for (int h = 0; h < 2; ++h) {
      static const int64_t word[2][2] = {{0, 1}, {2, 3}}, swapped[2] = {1, 0};
      const int64_t *pick = c->nw == 2 ? word[h] : h ? swapped : word[0];
      MlirValue v = wb_shuffle(b, halves, halves, 2, pick);
      MlirValue idx[3] = {buf, h ? kb_addc(kb, r, 16) : r, col};
      wb_vstore(b, v, c->words_lds, 3, idx);
    }
  }
  /* Keep the words' stores (and their one wait) first: B's byte permutes
   * (8-bit copy = tr) hoisted above them wait for each load in turn.  (Not
   * with B copied by vector loads: measured, f16 2:4 B, 208 -> 215 loop
   * instructions.) */
  if (c->b.how == WMMA_COPY_TR)
    sched_barrier(kb);
  /* The words were loaded last: storing them first makes their one wait
   * (for every load of the slice) the copy's only one, where stores in
   * load order wait for each load in turn (a wait instruction apiece). */
  if (!c->breg)
    fe_lds_copy_store(kb, &c->b, buf, c->pb);
  fe_lds_copy_store(kb, &c->a, buf, c->pa);
}

/* B in registers: lane (r, h)'s fragment of column tile j for step t of
 * the slice, its column's K 32h + 16t .. +15 (the permuted order A and
 * the index registers take).  copy = tr: two transposing loads, the lanes
 * of half h addressing K 32h + 16t + 8u + r % 8 (u = 0, 1) from column
 * 8 (r / 8) of the tile, so lane (r, h) receives 8 K of column r apiece
 * (each group of 8 lanes transposes the 8 rows it addresses). */
static MlirValue load_b_regs(fe_kb *kb, sparse_lds *c, MlirValue slice,
                             int t, int j, MlirType bt) {
  wb_t *b = &kb->b;
  const fe_operand *o = c->bt.o;
  MlirValue k0 = kb_mulc(kb, slice, 64);
  if (c->s->copy[1] == WMMA_COPY_TR) {
    MlirValue half[2];
    for (int u = 0; u < 2; ++u)
      half[u] = fe_lds_copy_tr_load(kb, &c->bt, c->w->batch, c->w->bn0,
                                    kb_addc(kb, k0, 16 * t + 8 * u), j);
    static const int64_t cat[16] = {0, 1, 2,  3,  4,  5,  6,  7,
                                    8, 9, 10, 11, 12, 13, 14, 15};
    MlirValue v = wb_shuffle(b, half[0], half[1], 16, cat);
    return mlirTypeEqual(wb_elem_type(mlirValueGetType(v)), bt)
               ? v
               : wb_bitcast(b, v, wb_vec(16, bt));
  }
  const fe_arg *a = &kb->p->args[o->arg];
  MlirValue idx[FE_MAX_RANK];
  kb_operand_origin(kb, o, c->w->batch, idx);
  idx[o->mem_row] = kb_add(kb, c->w->bn0, kb_add(kb, c->wcol[j], c->r));
  MlirValue lane_k = kb_addc(kb, kb_mulc(kb, c->h, 32), 16 * t);
  /* A loop slice's K offset as the scalar offset (the lanes' offsets
   * loop-invariant); a constant one folds into the immediate offsets. */
  int64_t kc;
  if (c->b_soff && !kb->k_loop_short && !wb_const_value(slice, &kc)) {
    idx[o->mem_k] = lane_k;
    return fe_lds_copy_soffset_load(kb, &c->bt, idx, k0, c->b_soff, 16);
  }
  idx[o->mem_k] = kb_add(kb, k0, lane_k);
  return kb_vload(kb, kb->args[o->arg], a->rank, idx, 16, false);
}

/* Lane (r, h)'s index registers for the slice, one per tile row of its
 * wave: plane h, row r, the wave's tile rows (one vector read). */
static void index_regs(fe_kb *kb, sparse_lds *c, MlirValue buf,
                       MlirValue *index) {
  wb_t *b = &kb->b;
  int n = c->s->wave_m;
  MlirType i16 = mlirIntegerTypeGet(kb->ctx, 16), i32 = wb_i32(kb->ctx);
  MlirValue idx[3] = {buf, kb_add(kb, kb_mulc(kb, c->h, 16), c->r)};
  idx[2] = wb_arith(b, "arith.divui", c->wrow[0], kb_c(kb, 8));
  MlirValue v = wb_vload(b, wb_vec(2 * n, i16), c->words_lds, 3, idx);
  v = wb_bitcast(b, v, wb_vec(n, i32));
  for (int i = 0; i < n; ++i)
    index[i] = wb_extract(b, v, i);
}

/* i4 (v_swmmac_i32_16x16x64_iu4, lane half h: K 32h..32h+31 of each 64,
 * in K order: no permutation).  Per 64 K number t of the slice, lane
 * (r, h) reads its row's values 16h..16h+15 of the 32 (8 packed bytes),
 * its column's K 32h..32h+31 of B (16 bytes), and as its index register
 * its row's word 2t + h as it is (plane h: slices of 64, t = 0). */
static void multiply_slice_i4(fe_kb *kb, sparse_lds *c, MlirValue buf,
                              MlirValue *acc) {
  const fe_schedule *s = c->s;
  wb_t *b = &kb->b;
  MlirType i8 = mlirIntegerTypeGet(kb->ctx, 8);
  MlirType i4 = mlirIntegerTypeGet(kb->ctx, 4);
  MlirNamedAttribute attr = wb_named(kb->ctx, "atom", c->atom);
  MlirValue index[FE_MAX_REG_TILES];
  index_regs(kb, c, buf, index);
  for (int t = 0; t < s->k_step / 64; ++t) {
    if (t)
      sched_barrier(kb);
    MlirValue a[FE_MAX_REG_TILES];
    for (int i = 0; i < s->wave_m; ++i) {
      MlirValue row = kb_add(kb, c->wrow[i], c->r);
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
  (void)masked; /* zeros past K came in with the slice */
  /* breg: the next slice's B is loaded here unless this is the last one
   * (a constant slice: the loop's never is; no K tail). */
  int64_t sv;
  bool next = c->breg && !(wb_const_value(slice, &sv) && sv + 1 >= c->nfull);
  MlirValue nslice = c->breg ? kb_addc(kb, slice, 1) : slice;
  sched_barrier(kb);
  if (c->i4) {
    multiply_slice_i4(kb, c, buf, acc);
    return;
  }
  MlirType at = mlirShapedTypeGetElementType(mlirValueGetType(c->a.lds));
  MlirType bt = c->b_elem;
  MlirValue rows[FE_MAX_REG_TILES], index[FE_MAX_REG_TILES];
  MlirValue slice_a[FE_MAX_REG_TILES];
  /* Step t, lane half h: the slice's K 16 nw h + 16 t .. +15, i.e. its
   * compressed values 8 nw h + 8 t .. +7 (8-bit, slices of 64: the
   * lane's 16 values of the slice in one 128-bit read). */
  bool whole = wb_type_bits(at) == 8 && c->nw == 2;
  index_regs(kb, c, buf, index);
  for (int i = 0; i < s->wave_m; ++i) {
    rows[i] = kb_add(kb, c->wrow[i], c->r);
    if (whole) {
      MlirValue idx[3] = {buf, rows[i], kb_mulc(kb, c->h, 16)};
      slice_a[i] = wb_vload(b, wb_vec(16, at), c->a.lds, 3, idx);
    }
  }
  for (int t = 0; t < c->nw; ++t) {
    if (t)
      sched_barrier(kb);
    MlirValue a[FE_MAX_REG_TILES];
    for (int i = 0; i < s->wave_m; ++i) {
      if (whole) {
        static const int64_t half[2][8] = {{0, 1, 2, 3, 4, 5, 6, 7},
                                           {8, 9, 10, 11, 12, 13, 14, 15}};
        a[i] = wb_shuffle(b, slice_a[i], slice_a[i], 8, half[t]);
        continue;
      }
      MlirValue idx[3] = {buf, rows[i],
                          kb_addc(kb, kb_mulc(kb, c->h, 8 * c->nw), 8 * t)};
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
    /* The step's B fragments, then one wait for every read of the step
     * (not one per column tile as the swmmacs take them). */
    MlirValue bf[FE_MAX_REG_TILES];
    for (int j = 0; c->breg && j < s->wave_n; ++j)
      bf[j] = acc[c->nt + t * s->wave_n + j];
    for (int j = 0; !c->breg && j < s->wave_n; ++j) {
      /* wcol[j] is a multiple of 16: its spare rows and the lane's apart */
      int eb = c->b.how == WMMA_COPY_TR ? wb_type_bits(bt) / 8 : 2;
      MlirValue tile_col = fe_lds_copy_tr_row(kb, eb, c->wcol[j]);
      MlirValue col = kb_add(kb, tile_col, fe_lds_copy_tr_row(kb, eb, c->r));
      MlirValue idx[3] = {buf, col};
      idx[2] = kb_addc(kb, kb_mulc(kb, c->h, 16 * c->nw), 16 * t);
      bf[j] = wb_vload(b, wb_vec(16, bt), c->b.lds, 3, idx);
    }
    if (c->one_wait)
      wait_lds_reads(kb);
    /* breg: one wait for the step's B fragments, loaded a half slice ago:
     * in the loop only the other half's (2 loads a column tile) and this
     * slice's prefetch (a load a chunk) came after them.  Without it the
     * backend waits for each column tile's in turn. */
    if (c->breg)
      wait_loads(kb, 2 * s->wave_n + c->a.chunks + c->wchunks);
    for (int j = 0; j < s->wave_n; ++j) {
      for (int i = 0; i < s->wave_m; ++i) {
        int tile = i * s->wave_n + j;
        MlirValue ops[4] = {a[i], bf[j], acc[tile], index[i]};
        acc[tile] = wb_op1(b, "wmma.sparse_mma", 4, ops,
                           mlirValueGetType(acc[tile]), 2, attrs);
        if (mlirValueIsNull(acc[tile]))
          kb->failed = 1;
      }
    }
    if (next) {
      /* Half t of the next slice, into the registers half t just left. */
      sched_barrier(kb);
      for (int j = 0; j < s->wave_n; ++j)
        acc[c->nt + t * s->wave_n + j] = load_b_regs(kb, c, nslice, t, j, bt);
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
  fe_lds_layout la = a_layout(kb->arch, bits, s->k_step / 2);
  fe_lds_layout lb = b_layout(kb->arch, bits, s->k_step);
  int64_t sa[3] = {s->stages, s->tile_m, la.stride},
          sb[3] = {s->stages, s->tile_n, lb.stride},
          sw[3] = {s->stages, 32, index_plane_row_bytes(s->tile_m) / 2};
  c->i4 = bits == 4;
  if (s->copy[1] == WMMA_COPY_TR) /* 8-bit: a spare row after every 8 */
    sb[1] = fe_lds_copy_tr_rows(s->tile_n, bits / 8);
  if (c->i4) {
    /* Packed two per byte (fe_lds_bits): the buffers hold bytes. */
    if (s->k_step % 64) {
      free(c);
      return -1;
    }
    sa[2] /= 2, sb[2] /= 2;
    ta = tb = mlirIntegerTypeGet(kb->ctx, 8);
  }
  c->b_elem = tb;
  int64_t nf;
  c->breg = fe_sparse_b_in_registers(s, bits) &&
            wb_const_value(kb_floor_div(kb, g->K, s->k_step), &nf);
  c->nfull = c->breg ? nf : 0;
  /* One wait per step where the step's B fragments fit beside the rest:
   * B loaded transposed, 8-bit or into registers (measured at 2048^3: a
   * 16-bit B through LDS copied by vector loads, a 2:4 B's product,
   * spills 4 VGPRs so). */
  c->one_wait = s->copy[1] == WMMA_COPY_TR || bits == 8 || c->breg;
  c->nt = fe_gemm_nacc(kb);
  MlirValue lds_a = kb_lds(kb, 3, sa, ta);
  MlirValue lds_b = c->breg ? lds_a : kb_lds(kb, 3, sb, tb);
  c->words_lds = kb_lds(kb, 3, sw, mlirIntegerTypeGet(kb->ctx, 16));
  if (mlirValueIsNull(c->words_lds) || mlirValueIsNull(lds_b) ||
      c->nt + 2 * s->wave_n > KB_PIPE_MAX_STATE ||
      fe_lds_copy_init_layout(kb, &c->a, &g->lhs, s->tile_m, s->k_step / 2,
                              lds_a, false, s->copy[0], &la) ||
      (!c->breg &&
       fe_lds_copy_init_layout(kb, &c->b, &g->rhs, s->tile_n, s->k_step,
                               lds_b, false, s->copy[1],
                               s->copy[1] == WMMA_COPY_VEC ? &lb : NULL))) {
    free(c);
    return -1;
  }
  /* The words' copy: thread t takes tile rows t, t + threads, ... (the
   * last chunk clamped: a repeated row is written twice alike).  Plane
   * rows of an odd number of 16-byte units (more than two tile rows) put
   * rows r and r + 8 on the same banks, so each 64 threads (two waves)
   * take 64 rows as wave g % 2, lane l: r = l % 8 + 8 (g % 2), tile row
   * l / 8 + 4 (g / 2) of the 4: a wave's 32 stores hit 32 banks. */
  bool swizzle = s->tile_m > 32 && s->tile_m % 64 == 0 && s->threads % 64 == 0;
  MlirValue t = kb->tid;
  if (swizzle) {
    wb_t *b = &kb->b;
    MlirValue l = wb_arith(b, "arith.remui", t, kb_c(kb, 32));
    MlirValue g = wb_arith(b, "arith.divui", t, kb_c(kb, 32));
    MlirValue r = wb_arith(b, "arith.remui", l, kb_c(kb, 8));
    MlirValue gm = wb_arith(b, "arith.remui", g, kb_c(kb, 2));
    r = kb_add(kb, r, kb_mulc(kb, gm, 8));
    MlirValue tr = wb_arith(b, "arith.divui", l, kb_c(kb, 8));
    MlirValue gd = wb_arith(b, "arith.divui", g, kb_c(kb, 2));
    tr = kb_add(kb, tr, kb_mulc(kb, gd, 4));
    t = kb_add(kb, kb_mulc(kb, tr, 16), r);
  }
  c->wchunks = (s->tile_m + s->threads - 1) / s->threads;
  for (int q = 0; q < c->wchunks; ++q) {
    MlirValue row = kb_addc(kb, t, (int64_t)q * s->threads);
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

  int nt = c->nt;
  MlirValue state[KB_PIPE_MAX_STATE];
  memcpy(state, w->acc, sizeof(MlirValue) * (size_t)nt);
  if (c->breg) {
    /* The transposing load's lanes (copy = tr): K 32h + r % 8 of the
     * step's 16 (plus 8u), columns 8 (r / 8) of tile j. */
    wb_t *b = &kb->b;
    c->bt.o = &g->rhs;
    c->bt.rows = s->tile_n;
    if (s->copy[1] == WMMA_COPY_VEC)
      c->b_soff = fe_lds_copy_soffset_stride(kb, &c->bt);
    MlirValue h32 = kb_mulc(kb, c->h, 32);
    MlirValue r8 = wb_arith(b, "arith.remui", c->r, kb_c(kb, 8));
    MlirValue lane_k = kb_add(kb, h32, r8);
    MlirValue lane_n =
        kb_mulc(kb, wb_arith(b, "arith.divui", c->r, kb_c(kb, 8)), 8);
    for (int j = 0; j < s->wave_n; ++j) {
      c->bt.ld_row[j] = lane_k;
      c->bt.ld_col[j] = kb_add(kb, c->wcol[j], lane_n);
    }
    /* Slice 0's B, both halves, before the loop. */
    for (int t = 0; t < 2; ++t)
      for (int j = 0; j < s->wave_n; ++j)
        state[nt + t * s->wave_n + j] =
            load_b_regs(kb, c, kb_c(kb, 0), t, j, tb);
  }
  kb_pipeline pl = {
      .stages = s->stages,
      .nfull = kb_floor_div(kb, g->K, s->k_step),
      .tail = s->k_tail,
      .max_slices = -1,
      /* Unrolled by the buffers: every slice's LDS addresses constants
       * (no buffer-select arithmetic in the loop); an odd slice before
       * the loop (fewer loop instructions than after it at 2048^3). */
      .unroll = KB_UNROLL_REST_FIRST,
      .nstate = c->breg ? nt + 2 * s->wave_n : nt,
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
