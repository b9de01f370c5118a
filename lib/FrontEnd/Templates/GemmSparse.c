/* The sparse GEMM template (gemm_sparse): one product whose A operand is
 * 2:4 sparse along K (Problem/ProblemSparse.c), with any elementwise
 * epilogue.  The kernel reads A compressed: its values (M x K/2) and its
 * index words (M x ceil(K/32) i32, a row's 16 positions per 32 K in K
 * order, 2 bits each), as docs/sparse-frontend.md describes.
 *
 * Grid, waves, accumulators and the epilogue are the gemm template's
 * (Gemm.h).  Two stagings:
 *  - lds (RDNA4, B read as it is; the default there): A's values and index
 *    words and B move through LDS in K slices of 64 with the gemm
 *    template's pipeline, one v_swmmac per 16x16 tile and 32 K
 *    (GemmSparseLds.c, which describes the layouts);
 *  - registers (RDNA3, --staging registers, B computed elementwise): each
 *    lane reads its row's values and word and each wave its B fragments
 *    from global memory, per K step:
 *  - RDNA4: one v_swmmac (wmma.sparse_mma) per 16x16 tile and 32 K.  Lane
 *    half h of tile row r = lane % 16 holds compressed values 4h..4h+3 and
 *    8+4h..8+4h+3 of the step (two vector loads) and, as its index
 *    register, bytes h and h+2 of its row's word (the positions of K
 *    8h..8h+7 and 16+8h..16+8h+7).  B is the two dense 16x16x16 B
 *    fragments of the step's K concatenated.  For 16-bit types that is the
 *    instruction's own K order; for 8-bit ones (whose lane half h takes K
 *    16h..16h+15) it is a permutation of K by groups of 8 applied alike to
 *    A, its positions and B, so the product is the same.  i4 steps by 64
 *    on v_swmmac_i32_16x16x64_iu4 (lane half h: K 32h..32h+31) with the
 *    same permutation: four values runs, four B fragments, and bytes h
 *    and h+2 of each of the step's two words (sparse_a).
 *  - RDNA3 (no sparse WMMA): the same buffers; per K step of 16 a lane
 *    makes its row's dense 16 values from 8 values and 16 index bits by
 *    selects (exact), then the dense WMMA (as
 *    examples/atoms/sparse-gemm-packed-rdna3.mlir does).
 * Tails (registers): the last K step is loaded masked (values past K/2
 * and B past K read zero; the host pads the positions of groups past K with 0 and 1);
 * rows past M read the fat buffer's zeros, and their index register is
 * replaced by valid positions (a zero word would repeat position 0, whose
 * hardware meaning is not documented). */
#include "Templates/Gemm.h"
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static wmma_elem elem_of(MlirType t) {
  wmma_elem e = WMMA_ELEM_F16;
  wmmaElemFromType(t, &e);
  return e;
}

/* Positions 0 and 1 in every group of a 16-bit index register. */
#define PAD_POSITIONS 0x4444

/* Can the operands go through LDS: RDNA4 (the LDS body multiplies with
 * swmmac) and B a plain load (no prologue), copied as the gemm template
 * copies it?  Not i4: the gemm template's copy packs i4 two per byte in
 * LDS, which the sparse body's reads do not address (registers then). */
static bool lds_possible(const fe_problem *p, wmma_arch arch) {
  const fe_gemm *g = &p->gemms[0];
  return wmma_arch_has_sparse(arch) && g->rhs.is_load && !g->rhs.im2col &&
         g->rhs.k_pack == 1 &&
         mlirTypeEqual(p->g.nodes[g->rhs.leaf].type, g->b_type) &&
         mlirTypeEqual(p->g.nodes[g->lhs.leaf].type, g->a_type);
}

/* The K of the swmmac taken (RDNA4): 64 for i4 (v_swmmac_i32_16x16x64_iu4,
 * half the instructions of the 16x16x32 one), 32 otherwise. */
static int sparse_k(const fe_gemm *g) {
  return wb_type_bits(g->a_type) == 4 ? 64 : 32;
}

/*===--- planning --------------------------------------------------------===*/
/* The LDS staging of the tile already in s: K slices of 64 (a pin's 32)
 * in 2 stages (a pin's 3), the copies planned as the gemm template's. */
static int plan_lds(const fe_problem *p, const wmma_chip_info *chip,
                    const fe_options *o, fe_schedule *s, char *why,
                    size_t cap) {
  const fe_gemm *g = &p->gemms[0];
  s->staging = FE_STAGE_LDS;
  s->k_step = o->pinned ? (int)o->pin.tile[2] : 64;
  s->stages = o->pinned ? (int)o->pin.stages : 2;
  if (s->k_step != 32 && s->k_step != 64)
    return fe_why(why, cap, "the sparse template stages K slices of 32 or "
                            "64 through LDS, not %d", s->k_step);
  if (s->k_step % sparse_k(g))
    return fe_why(why, cap, "i4 is staged through LDS in K slices of 64 "
                            "(its swmmac's K), not %d", s->k_step);
  if (s->stages < 2 || s->stages > KB_PIPE_MAX_STAGES)
    return fe_why(why, cap, "the sparse template's LDS loop has 2 to %d "
                            "stages, not %d", KB_PIPE_MAX_STAGES, s->stages);
  if (s->tile_m > FE_COPY_MAX * s->threads)
    return fe_why(why, cap, "%d tile rows of index words for %d threads",
                  s->tile_m, s->threads);
  if (fe_lds_copy_plan(chip->arch, &p->g, &g->lhs, s->tile_m, s->k_step / 2,
                       s->threads, WMMA_COPY_VEC, &s->copy[0], why, cap) ||
      fe_lds_copy_plan(chip->arch, &p->g, &g->rhs, s->tile_n, s->k_step,
                       s->threads, o->pinned ? o->pin.copy[1] : WMMA_COPY_NONE,
                       &s->copy[1], why, cap))
    return -1;
  s->lds_bytes =
      fe_sparse_lds_bytes(chip->arch, s, wb_type_bits(g->a_type));
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "%dx%d tiles need %lld bytes of LDS", s->tile_m,
                  s->tile_n, (long long)s->lds_bytes);
  return 0;
}

/* One candidate: a staging and a workgroup tile in waves. */
typedef struct {
  fe_staging staging;
  int tm, tn, wm, wn;
} sparse_config;

/* The schedule of one candidate (s holds the instructions chosen) and its
 * modelled time: the speed-of-light model (fe_modelled_cost) on the work
 * the candidate plans -- the swmmacs, the WMMAs transposing a row-major B
 * into LDS (one per 16x16 block, GemmSparseLds.c), the VALU the plan
 * knows of (i8 transposes: ~8 per block to pack their i32 results;
 * registers: per K step and wave, B's columns packed from element loads,
 * 8 VALU per 16-bit and 12 per 8-bit column tile, ~3 per A row tile for
 * its index register, RDNA3's selects ~24 per row tile and 16 K), global,
 * LDS and DRAM bytes, VGPRs and LDS for occupancy. */
static int plan_config(const fe_problem *p, const wmma_chip_info *chip,
                       const fe_options *o, const sparse_config *cf,
                       wmma_sparse_instr si, fe_schedule *s, char *why,
                       size_t cap) {
  const fe_gemm *g = &p->gemms[0];
  bool sparse_hw = wmma_arch_has_sparse(chip->arch);
  int tm = cf->tm, tn = cf->tn, wm = cf->wm, wn = cf->wn;
  if (wm < 1 || wn < 1 || tm % (16 * wm) || tn % (16 * wn))
    return fe_why(why, cap, "a %dx%d tile does not split into %dx%d waves "
                            "of 16x16 tiles", tm, tn, wm, wn);
  s->tile_m = tm, s->tile_n = tn, s->waves_m = wm, s->waves_n = wn;
  s->wave_m = tm / 16 / wm, s->wave_n = tn / 16 / wn;
  s->threads = 32 * wm * wn;
  if (s->wave_m > FE_MAX_REG_TILES || s->wave_n > FE_MAX_REG_TILES)
    return fe_why(why, cap, "%dx%d tiles per wave (at most %d per side)",
                  s->wave_m, s->wave_n, FE_MAX_REG_TILES);
  bool lds = cf->staging == FE_STAGE_LDS;
  if (lds) {
    if (plan_lds(p, chip, o, s, why, cap))
      return -1;
  } else {
    s->staging = FE_STAGE_REGS;
    s->k_step = sparse_hw ? sparse_k(g) : 16;
    s->stages = 1;
    s->copy[0] = s->copy[1] = WMMA_COPY_NONE;
    s->lds_bytes = 0;
    if (o->pinned && (o->pin.tile[2] != s->k_step || o->pin.stages != 1))
      return fe_why(why, cap, "the sparse template steps K by %d in 1 stage "
                              "in registers", s->k_step);
  }
  s->form = WMMA_FORM_ACC;
  s->acc_pack = 1;
  s->m_tail = !fe_size_static(g->M) || g->M.value % tm;
  s->n_tail = !fe_size_static(g->N) || g->N.value % tn;
  s->k_tail = !fe_size_static(g->K) || g->K.value % s->k_step;
  /* RDNA4: a row-major B (16- or 8-bit) is loaded transposed
   * (global_load_tr_b128, copy = tr) instead of transposed by WMMAs, where
   * no slice reads past B (the load has no range check). */
  if (lds && (s->copy[1] == WMMA_COPY_WMMA || s->copy[1] == WMMA_COPY_TR)) {
    char trwhy[160] = "";
    /* Not i4: LDS holds it packed, two per byte, which the transposing
     * load's byte columns are not. */
    bool tr_ok = !s->n_tail && !s->k_tail &&
                 wb_type_bits(g->b_type) != 4 &&
                 !fe_lds_copy_tr_possible(p, &g->rhs, trwhy, sizeof trwhy);
    if (s->copy[1] == WMMA_COPY_TR && !tr_ok)
      return fe_why(why, cap, "%s", trwhy[0] ? trwhy
                                : "copy = tr needs N and K multiples of the "
                                  "tile's (the load has no range check)");
    if (tr_ok && !o->pinned)
      s->copy[1] = WMMA_COPY_TR;
  }
  s->grid[0] = (fe_grid_dim){1, {{g->N, tn}}};
  s->grid[1] = (fe_grid_dim){1, {{g->M, tm}}};
  int acc_vgprs = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_C);
  s->vgprs = s->wave_m * s->wave_n * acc_vgprs + (s->wave_m + s->wave_n) * 8 +
             24;
  if (s->vgprs > FE_VGPR_BUDGET)
    return fe_why(why, cap, "%dx%d tiles need about %d VGPRs", tm, tn,
                  s->vgprs);
  double M = (double)fe_estimate(g->M), N = (double)fe_estimate(g->N);
  double K = (double)fe_estimate(g->K);
  double wgs = (double)((int64_t)(M + tm - 1) / tm) *
               (double)((int64_t)(N + tn - 1) / tn);
  int bits = wb_type_bits(g->a_type);
  double eb = fe_storage_bytes(g->a_type);
  double a_bytes = (double)tm * K * (eb / 2 + 1.0 / 8);
  double b_bytes = (double)tn * K * fe_storage_bytes(g->b_type);
  int ak = sparse_hw ? sparse_k(g) : 16;
  double steps = (double)((int64_t)(K + ak - 1) / ak);
  double mma = wgs * (tm / 16) * (tn / 16) * steps;
  /* LDS: each workgroup loads its A and B panels once; registers: each
   * wave its own rows and columns. */
  double per_wave = a_bytes / wm + b_bytes / wn;
  double panels = lds ? a_bytes + b_bytes : wm * wn * per_wave;
  double waves = wgs * wm * wn, valu = 0, transposes = 0;
  if (lds && s->copy[1] == WMMA_COPY_WMMA) {
    double kp = (double)((int64_t)(K + s->k_step - 1) / s->k_step);
    transposes = wgs * (tn / 16) * (s->k_step / 16) * kp;
    if (bits == 8)
      valu += 8 * transposes;
    /* i4: the copy packs each block's i32 results to nibbles (LdsCopy.c),
     * ~15 VALU a block (measured: 240 per 16 blocks in the 2048^3 loop). */
    if (bits == 4)
      valu += 15 * transposes;
  } else if (lds && s->copy[1] == WMMA_COPY_TR && bits == 8) {
    /* 8-bit through the 16-bit transposing load: ~4 byte permutes per
     * block of 16 K x 32 columns (LdsCopyTr.c). */
    double kp = (double)((int64_t)(K + s->k_step - 1) / s->k_step);
    valu += 4 * wgs * (tn / 32) * (s->k_step / 16) * kp;
  } else if (!lds) {
    double per_step = sparse_hw ? s->wave_n * (bits == 16  ? 8
                                               : bits == 8 ? 12
                                                           : 24) +
                                      s->wave_m * (bits == 4 ? 6 : 3)
                                : s->wave_m * 24 + s->wave_n * 4;
    valu += waves * steps * per_step;
  }
  double out_bytes = fe_storage_bytes(p->args[p->out_arg].elem);
  fe_grid_work work = {
      .instr = s->instr,
      .wmma = sparse_hw ? transposes : mma,
      .workgroups = wgs,
      .waves_per_wg = wm * wn,
      .lds_read = lds ? waves * per_wave : 0,
      .lds_written = lds ? wgs * panels : 0,
      .l2_bytes = wgs * panels + M * N * 4,
      .dram_bytes = M * K * (eb / 2 + 1.0 / 8) +
                    K * N * fe_storage_bytes(g->b_type) + M * N * out_bytes,
      .vgprs = s->vgprs,
      .lds_bytes = (int)s->lds_bytes,
      .sparse_instr = si,
      .swmmac = sparse_hw ? mma : 0,
      .valu = valu};
  s->cost = fe_modelled_cost(chip, &work);
  s->tie_cost = fe_cost(chip, wgs, mma + transposes, wgs * panels);
  return 0;
}

static int plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *best, char *why,
                size_t cap) {
  if (p->shape != FE_SHAPE_GEMM || !p->gemms[0].a_sparse)
    return fe_not_for_this_kind(why, cap);
  const fe_gemm *g = &p->gemms[0];
  bool forced_lds = o->staging == WMMA_STAGING_LDS ||
                    (o->pinned && o->pin.staging == WMMA_SCHED_LDS);
  bool forced_regs = o->staging == WMMA_STAGING_REGISTERS ||
                     (o->pinned && o->pin.staging == WMMA_SCHED_REGISTERS);
  bool lds_ok = lds_possible(p, chip->arch);
  if (forced_lds && !lds_ok)
    return fe_why(why, cap, "a 2:4 sparse product is staged through LDS "
                            "only on RDNA4, when B is read as it is");
  MlirType at = fe_compute_type(chip->arch, g->a_type);
  MlirType bt = fe_compute_type(chip->arch, g->b_type);
  int bits = wb_type_bits(g->a_type);
  /* i4 (a byte per element in memory) takes the 8-bit path in
   * registers on v_swmmac_i32_16x16x64_iu4 (sparse_k). */
  if ((bits != 16 && bits != 8 && bits != 4) ||
      wb_type_bits(g->b_type) != bits)
    return fe_why(why, cap, "2:4 sparse products of 16-bit, 8-bit or i4 "
                            "operands only");
  fe_schedule base;
  memset(&base, 0, sizeof base);
  base.template_name = fe_template_gemm_sparse.name;
  base.kacc = g->kacc_type;
  base.instr = wmma_instr_select(chip->arch, elem_of(at), elem_of(bt),
                                 elem_of(base.kacc), FE_ATOM_M, FE_ATOM_N,
                                 FE_ATOM_K, NULL, 0);
  if (base.instr == WMMA_INSTR_COUNT)
    return fe_why(why, cap, "no WMMA instruction for these types on %s",
                  wmma_arch_name(chip->arch));
  wmma_sparse_instr si = WMMA_SPARSE_COUNT;
  if (wmma_arch_has_sparse(chip->arch)) {
    char msg[128] = "";
    si = wmma_sparse_select(chip->arch, elem_of(g->a_type),
                            elem_of(g->b_type), elem_of(base.kacc), 16, 16,
                            sparse_k(g), msg, sizeof msg);
    if (si == WMMA_SPARSE_COUNT)
      return fe_why(why, cap, "no sparse WMMA (v_swmmac) for these types: %s",
                    msg);
  }
  /* Tiles: one wave row of 16 x 16w, or 64 x 64 and 128 x 128 in 2 x 2
   * waves when the problem fills them (a pin's or the option's tile
   * otherwise); each through LDS where it can (RDNA4, B read as it is)
   * and in registers, unless a staging is asked for.  The modelled time
   * chooses. */
  int w = o->waves;
  int tiles[3][4], nt = 0;
  if (o->pinned) {
    tiles[nt][0] = (int)o->pin.tile[0], tiles[nt][1] = (int)o->pin.tile[1];
    tiles[nt][2] = (int)o->pin.waves[0], tiles[nt][3] = (int)o->pin.waves[1];
    ++nt;
  } else if (o->tile_m) {
    int wm = o->tile_m >= 32 ? 2 : 1;
    tiles[nt][0] = o->tile_m, tiles[nt][1] = o->tile_n;
    tiles[nt][2] = wm, tiles[nt][3] = w / wm;
    ++nt;
  } else {
    tiles[nt][0] = 16, tiles[nt][1] = 16 * w, tiles[nt][2] = 1,
    tiles[nt][3] = w;
    ++nt;
    for (int t = 64; w == 4 && t <= 128; t *= 2)
      if (fe_estimate(g->M) >= t && fe_estimate(g->N) >= t) {
        tiles[nt][0] = tiles[nt][1] = t, tiles[nt][2] = tiles[nt][3] = 2;
        ++nt;
      }
  }
  sparse_config configs[6];
  int n = 0;
  for (int i = 0; i < nt; ++i) {
    if (lds_ok && !forced_regs)
      configs[n++] = (sparse_config){FE_STAGE_LDS, tiles[i][0], tiles[i][1],
                                     tiles[i][2], tiles[i][3]};
    if (!forced_lds)
      configs[n++] = (sparse_config){FE_STAGE_REGS, tiles[i][0], tiles[i][1],
                                     tiles[i][2], tiles[i][3]};
  }
  bool found = false;
  char last[FE_WHY] = "";
  for (int i = 0; i < n; ++i) {
    fe_schedule s = base;
    if (plan_config(p, chip, o, &configs[i], si, &s, last, sizeof last))
      continue;
    if (o->explain_cost)
      fe_explain_candidate(p, "gemm_sparse", &s, "candidate");
    /* Equal modelled times (both at the DRAM bound, say): the rule's cost
     * (fe_cost: the WMMAs with the transposes or the L2 bytes / 256); equal
     * again (both at the WMMA share of the busy CUs): the larger tile,
     * whose waves issue fewer instructions per swmmac and whose grid reads
     * fewer bytes (i8 2:4 B at 2048^3: 128 x 128, 3.5 per swmmac, over
     * 64 x 64, 5.6). */
    bool larger = found &&
                  fabs(s.cost - best->cost) <= 1e-3 * best->cost &&
                  fabs(s.tie_cost - best->tie_cost) <= 1e-9 * best->tie_cost &&
                  s.tile_m * s.tile_n > best->tile_m * best->tile_n;
    if (larger || fe_candidate_better(&s, best, found, 1e-3)) {
      *best = s;
      found = true;
    }
  }
  if (!found)
    return fe_why(why, cap, "%s", last);
  if (o->explain_cost)
    fe_explain_candidate(p, "gemm_sparse", best, "chosen");
  return 0;
}

/*===--- building --------------------------------------------------------===*/
typedef struct {
  fe_gemm_wave w;
  MlirValue values, words; /* the kernel's A buffers */
  MlirValue r, h;          /* lane % 16, lane / 16 (index) */
  MlirValue h_i32;
  MlirAttribute sparse_atom; /* RDNA4 */
} sparse_ctx;

static MlirValue tile_row(fe_kb *kb, const sparse_ctx *c, int i) {
  return kb_addc(kb, c->w.m0, kb->atom_m * i);
}
static MlirValue tile_col(fe_kb *kb, const sparse_ctx *c, int j) {
  return kb_addc(kb, c->w.n0, kb->atom_n * j);
}

/* The index word of this lane's row at word column `col`, with valid
 * positions for rows past M and (masked: a dynamic K's last step may lie
 * past K) words past the row's end. */
static MlirValue index_word(fe_kb *kb, const sparse_ctx *c, MlirValue row,
                            MlirValue col, bool masked) {
  wb_t *b = &kb->b;
  MlirValue idx[2] = {row, col};
  if (kb->s->m_tail || masked)
    kb_note_oob(kb, c->words);
  MlirValue word = wb_load(b, c->words, 2, idx);
  MlirValue inside = (MlirValue){NULL};
  if (kb->s->m_tail)
    inside = wb_cmpi(b, WB_CMP_ULT, row, kb_size(kb, kb->p->gemms[0].M));
  if (masked) {
    MlirValue in_k = wb_cmpi(b, WB_CMP_ULT, col, wb_dim(b, c->words, 1));
    inside = mlirValueIsNull(inside) ? in_k
                                     : wb_arith(b, "arith.andi", inside, in_k);
  }
  if (mlirValueIsNull(inside))
    return word;
  return wb_select(b, inside, word, wb_const_i32(b, (int32_t)0x44444444u));
}

/* vector<len x T> of this lane's row of the values at column col. */
static MlirValue values_run(fe_kb *kb, const sparse_ctx *c, MlirValue row,
                            MlirValue col, int len, bool masked) {
  MlirValue idx[2] = {row, col};
  if (kb->s->m_tail)
    kb_note_oob(kb, c->values);
  return kb_vload(kb, c->values, 2, idx, len, masked);
}

static MlirValue shift_mask(fe_kb *kb, MlirValue v, MlirValue sh, int mask) {
  wb_t *b = &kb->b;
  MlirValue shifted = wb_arith(b, "arith.shrui", v, sh);
  return wb_arith(b, "arith.andi", shifted, wb_const_i32(b, mask));
}

/* The index register's part from word: bytes h and h + 2 (the positions
 * of K groups of 8 numbers h and h + 2 of the word's 32 K). */
static MlirValue word_bytes(fe_kb *kb, const sparse_ctx *c, MlirValue word) {
  wb_t *b = &kb->b;
  MlirValue sh = wb_arith(b, "arith.muli", c->h_i32, wb_const_i32(b, 8));
  MlirValue b0 = shift_mask(kb, word, sh, 0xff);
  MlirValue sh2 = wb_arith(b, "arith.addi", sh, wb_const_i32(b, 16));
  MlirValue b2 = shift_mask(kb, word, sh2, 0xff);
  MlirValue b2s = wb_arith(b, "arith.shli", b2, wb_const_i32(b, 8));
  return wb_arith(b, "arith.ori", b0, b2s);
}

/* RDNA4: tile row i's compressed A fragment and index register for the
 * step of ks = 32 or 64 K at k.  B's fragment is the dense 16-K fragments
 * of the step concatenated, so lane half h holds the K groups of 8
 * numbers h, h + 2, ... of the step (the instruction's own order permuted
 * by groups of 8, alike in A, its positions and B): A's values 4h..4h+3,
 * 8+4h.., 16+4h.., 24+4h.. of the step's, and the position bytes h and
 * h + 2 of each of the step's words (a 16-bit register half per word). */
static void sparse_a(fe_kb *kb, const sparse_ctx *c, int i, MlirValue k,
                     int ks, bool masked, MlirValue *a, MlirValue *index) {
  wb_t *b = &kb->b;
  MlirValue row = kb_add(kb, tile_row(kb, c, i), c->r);
  MlirValue kc = wb_arith(b, "arith.divui", k, kb_c(kb, 2));
  MlirValue col = kb_add(kb, kc, kb_mulc(kb, c->h, 4));
  static const int64_t cat[16] = {0, 1, 2,  3,  4,  5,  6,  7,
                                  8, 9, 10, 11, 12, 13, 14, 15};
  MlirValue runs = values_run(kb, c, row, col, 4, masked);
  for (int q = 1; q < ks / 16; ++q) {
    MlirValue next = values_run(kb, c, row, kb_addc(kb, col, 8 * q), 4, masked);
    runs = wb_shuffle(b, runs, next, 4 * (q + 1), cat);
  }
  *a = runs;
  MlirValue wcol = wb_arith(b, "arith.divui", k, kb_c(kb, 32));
  MlirValue word = index_word(kb, c, row, wcol, masked);
  *index = word_bytes(kb, c, word);
  if (ks == 64) {
    MlirValue word1 = index_word(kb, c, row, kb_addc(kb, wcol, 1), masked);
    MlirValue hi = word_bytes(kb, c, word1);
    hi = wb_arith(b, "arith.shli", hi, wb_const_i32(b, 16));
    *index = wb_arith(b, "arith.ori", *index, hi);
  }
}

/* RDNA3: tile row i's dense A fragment (the row's 16 K of the step in
 * every lane) from 8 values and 16 bits of the word. */
static MlirValue expanded_a(fe_kb *kb, const sparse_ctx *c, int i,
                            MlirValue k, bool masked) {
  wb_t *b = &kb->b;
  MlirValue row = kb_add(kb, tile_row(kb, c, i), c->r);
  MlirValue kc = wb_arith(b, "arith.divui", k, kb_c(kb, 2));
  MlirValue v = values_run(kb, c, row, kc, 8, masked);
  MlirValue word = index_word(
      kb, c, row, wb_arith(b, "arith.divui", k, kb_c(kb, 32)), masked);
  /* The step's half of the word: K 16t..16t+15 of its 32. */
  MlirValue step = wb_arith(b, "arith.divui", k, kb_c(kb, 16));
  MlirValue half = wb_cast(b, "arith.index_cast",
                           wb_arith(b, "arith.remui", step, kb_c(kb, 2)),
                           wb_i32(kb->ctx));
  MlirValue bits = wb_arith(b, "arith.shrui", word,
                            wb_arith(b, "arith.muli", half, wb_const_i32(b, 16)));
  MlirType elem = wb_elem_type(mlirValueGetType(v));
  MlirType v4 = wb_vec(4, elem), i4 = wb_vec(4, wb_i32(kb->ctx));
  MlirValue bv = wb_broadcast(b, bits, i4);
  /* Value j's position is field j: even values at bits 0, 4, 8, 12, odd
   * ones at 2, 6, 10, 14. */
  static const int32_t even_sh[4] = {0, 4, 8, 12}, odd_sh[4] = {2, 6, 10, 14};
  MlirValue three = wb_const_splat(b, i4, 3);
  MlirValue pe = wb_arith(b, "arith.andi",
                          wb_arith(b, "arith.shrui", bv,
                                   wb_const_vec_i32(b, 4, even_sh)),
                          three);
  MlirValue po = wb_arith(b, "arith.andi",
                          wb_arith(b, "arith.shrui", bv,
                                   wb_const_vec_i32(b, 4, odd_sh)),
                          three);
  static const int64_t ev[4] = {0, 2, 4, 6}, od[4] = {1, 3, 5, 7};
  MlirValue ve = wb_shuffle(b, v, v, 4, ev), vo = wb_shuffle(b, v, v, 4, od);
  MlirValue zero = wb_const_zero(b, v4);
  MlirValue d[4];
  for (int q = 0; q < 4; ++q) {
    MlirValue qv = wb_const_splat(b, i4, q);
    MlirValue x = wb_select(b, wb_cmpi(b, WB_CMP_EQ, po, qv), vo, zero);
    d[q] = wb_select(b, wb_cmpi(b, WB_CMP_EQ, pe, qv), ve, x);
  }
  static const int64_t cat[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  MlirValue d01 = wb_shuffle(b, d[0], d[1], 8, cat);
  MlirValue d23 = wb_shuffle(b, d[2], d[3], 8, cat);
  /* K 4g + q is d_q[g]. */
  static const int64_t order[16] = {0, 4, 8,  12, 1, 5, 9,  13,
                                    2, 6, 10, 14, 3, 7, 11, 15};
  MlirValue a = wb_shuffle(b, d01, d23, 16, order);
  if (wb_type_bits(elem) == 8 && !mlirTypeIsAInteger(elem))
    a = kb_fp8_to_f16(kb, a);
  return a;
}

/* One K step (32 on RDNA4, 64 for i4; 16 on RDNA3) at k. */
static void k_step(fe_kb *kb, const sparse_ctx *c, MlirValue k,
                   MlirValue *acc, bool masked) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  MlirValue a[FE_MAX_REG_TILES], index[FE_MAX_REG_TILES],
      bf[FE_MAX_REG_TILES];
  bool sparse_hw = !mlirAttributeIsNull(c->sparse_atom);
  for (int i = 0; i < s->wave_m; ++i) {
    if (sparse_hw)
      sparse_a(kb, c, i, k, s->k_step, masked, &a[i], &index[i]);
    else
      a[i] = expanded_a(kb, c, i, k, masked);
  }
  for (int j = 0; j < s->wave_n; ++j) {
    MlirValue col = tile_col(kb, c, j);
    bf[j] = kb_operand_tile(kb, &g->rhs, WMMA_MATRIX_B, c->w.batch, col, k,
                            masked);
    /* The step's dense 16-K fragments concatenated (sparse_a). */
    for (int q = 1; sparse_hw && q < s->k_step / 16; ++q) {
      MlirValue next = kb_operand_tile(kb, &g->rhs, WMMA_MATRIX_B, c->w.batch,
                                       col, kb_addc(kb, k, 16 * q), masked);
      int64_t n = 0;
      wb_is_vec1d(mlirValueGetType(next), &n, NULL);
      int64_t cat[64];
      for (int e = 0; e < (q + 1) * n && e < 64; ++e)
        cat[e] = e;
      bf[j] = wb_shuffle(&kb->b, bf[j], next, (q + 1) * n, cat);
    }
  }
  for (int i = 0; i < s->wave_m; ++i)
    for (int j = 0; j < s->wave_n; ++j) {
      int t = i * s->wave_n + j;
      if (!sparse_hw) {
        kb_acc_mma(kb, acc, t, a[i], bf[j]);
        continue;
      }
      MlirValue ops[4] = {a[i], bf[j], acc[t], index[i]};
      MlirNamedAttribute at = wb_named(kb->ctx, "atom", c->sparse_atom);
      acc[t] = wb_op1(&kb->b, "wmma.sparse_mma", 4, ops,
                      mlirValueGetType(acc[t]), 1, &at);
      if (mlirValueIsNull(acc[t]))
        kb->failed = 1;
    }
}

static int build(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  sparse_ctx c;
  memset(&c, 0, sizeof c);
  fe_gemm_wave_origin(kb, &c.w);
  c.w.form = FE_FORM_ACC;
  c.values = kb->args[g->lhs.arg];
  c.words = kb->args[g->a_index];
  c.r = wb_r_index(&kb->b);
  c.h = wb_h_index(&kb->b);
  c.h_i32 = wb_h_i32(&kb->b);
  if (wmma_arch_has_sparse(kb->arch)) {
    bool ints = mlirTypeIsAInteger(g->a_type);
    c.sparse_atom = wmmaSparseAtomAttrGet(
        kb->ctx, kb->arch, 16, 16, sparse_k(g), g->a_type, g->b_type,
        g->kacc_type,
        ints && !g->a_unsigned, ints && !g->b_unsigned, false);
    if (mlirAttributeIsNull(c.sparse_atom))
      return -1; /* the plan checked that the instruction exists */
  }
  if (s->staging == FE_STAGE_LDS) {
    /* Every wave takes part in the LDS copy's barriers. */
    fe_gemm_acc_init(kb, &c.w);
    if (fe_gemm_sparse_build_lds(kb, &c.w, c.sparse_atom))
      return -1;
    fe_gemm_epilogue(kb, &c.w);
    return kb->failed ? -1 : 0;
  }
  MlirValue active = fe_gemm_wave_active(kb, &c.w);
  wb_if guard;
  if (!mlirValueIsNull(active) &&
      !wb_if_begin(&kb->b, &guard, active, 0, NULL, false))
    return -1;
  fe_gemm_acc_init(kb, &c.w);
  int nt = fe_gemm_nacc(kb);
  MlirValue acc[FE_MAX_WAVE_TILES];
  memcpy(acc, c.w.acc, sizeof(MlirValue) * (size_t)nt);
  MlirValue kfull = fe_k_full(kb, g->K, s->k_step);
  int64_t kf;
  if (!wb_const_value(kfull, &kf) || kf > 0) {
    wb_loop l;
    MlirValue lo = kb_c(kb, 0);
    if (!wb_for_begin(&kb->b, &l, lo, kfull, kb_c(kb, s->k_step), nt, acc))
      return -1;
    memcpy(acc, l.iter, sizeof(MlirValue) * (size_t)nt);
    k_step(kb, &c, l.iv, acc, false);
    wb_for_end(&kb->b, &l, nt, acc);
    for (int t = 0; t < nt; ++t)
      acc[t] = wb_loop_result(&l, t);
  }
  if (s->k_tail)
    k_step(kb, &c, kfull, acc, true);
  memcpy(c.w.acc, acc, sizeof(MlirValue) * (size_t)nt);
  fe_gemm_epilogue(kb, &c.w);
  if (!mlirValueIsNull(active))
    wb_if_end(&kb->b, &guard, 0, NULL);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_gemm_sparse = {"gemm_sparse", plan, build};
