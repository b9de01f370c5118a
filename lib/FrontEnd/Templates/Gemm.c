/* The GEMM template: one (batched) product with any elementwise epilogue,
 * parametrised by its schedule.
 *
 * Grid: x over N tiles, y over M tiles, z over the batch loops.  Wave w of
 * a waves_m x waves_n grid owns wave_m x wave_n WMMA tiles of the
 * workgroup's tile_m x tile_n output.  Two stagings:
 *  - registers: every wave loads its own A and B fragments from global
 *    memory, one 16-wide K step at a time (small problems, or when LDS
 *    staging is switched off);
 *  - LDS: the workgroup stages K slices of A and B (32 wide, or the pin's
 *    16 or 64) through two ping-pong LDS buffers (or a pin's three), the
 *    slice stages - 1 ahead prefetched into registers while the current one
 *    is multiplied (GemmLds.c, Kernel/Pipelined.c).
 * Tails: loads never need masks for M or N (rows past a matrix read zeros
 * from the bounds-checked buffer or values that only reach outputs that
 * are never stored); the last K step is loaded masked when K is not a
 * multiple of the step (a separate, peeled step: the main loop has no
 * masking); stores are masked when M or N may not be multiples of the
 * tile, in the blocks that reach past them (fe_gemm_epilogue). */
#include "Templates/Gemm.h"
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

/*===--- planning ------------------------------------------------------------===*/
typedef struct {
  fe_staging staging;
  int tile_m, tile_n, waves_m, waves_n;
  int k_step, stages;
} gemm_config;

static wmma_elem elem_of(MlirType t) {
  wmma_elem e = WMMA_ELEM_F16;
  wmmaElemFromType(t, &e);
  return e;
}

/* VGPRs per lane: accumulators, live fragments, prefetched slice, and a
 * fixed allowance for addresses and loop state.  A slice copied by the
 * transposing WMMA on an arch that replicates A (RDNA3) is held twice
 * (both lane halves load a whole row, LdsCopy.c), next to the identity
 * fragment the copy multiplies by. */
static int estimate_vgprs(const fe_schedule *s, int frag_vgprs,
                          double acc_vgprs_per_tile, int nsets,
                          bool replicated) {
  int acc = (int)(nsets * s->wave_m * s->wave_n * acc_vgprs_per_tile);
  int frags = (s->wave_m + nsets) * frag_vgprs;
  int prefetch = 0;
  if (s->staging == FE_STAGE_LDS) {
    int rows[2] = {s->tile_m, nsets * s->tile_n};
    bool ident = false;
    for (int o = 0; o < 2; ++o) {
      int copies = 1;
      if (s->copy[o] == WMMA_COPY_WMMA) {
        ident = true;
        copies = replicated ? 2 : 1;
      }
      prefetch += copies * rows[o] * s->k_step * 2 / (4 * s->threads);
    }
    if (ident)
      prefetch += frag_vgprs;
  }
  return acc + frags + prefetch + 24;
}

/* Can the product be computed swapped (D^T = B^T A^T) so that lanes hold
 * row segments of the output (RowSeg.c)?  When the output's columns are
 * innermost in memory, the swapped atom exists, and on RDNA3 B's rows can
 * be stored to LDS in the rho order (staged, without a prologue on B,
 * which is evaluated per row). */
static bool rowseg_possible(const fe_problem *p, wmma_arch arch,
                            fe_staging staging, MlirType kacc) {
  const fe_gemm *g = &p->gemms[0];
  if (p->out_space_n != p->args[p->out_arg].rank - 1)
    return false;
  MlirType b = fe_compute_type(arch, g->b_type);
  if (wmma_arch_acc_rows_interleaved(arch) &&
      (staging != FE_STAGE_LDS || !g->rhs.is_load ||
       !mlirTypeEqual(p->g.nodes[g->rhs.leaf].type, b)))
    return false;
  return wmma_instr_select(arch, elem_of(b),
                           elem_of(fe_compute_type(arch, g->a_type)),
                           elem_of(kacc), FE_ATOM_M, FE_ATOM_N, FE_ATOM_K,
                           NULL, 0) != WMMA_INSTR_COUNT;
}

/* The schedule of one configuration, with the choices a pin makes (form,
 * packing, copies) or the best that apply; 0, or -1 with why when the
 * configuration cannot be built. */
static int fill_schedule(const fe_problem *p, const wmma_chip_info *chip,
                         const fe_options *o, const gemm_config *c,
                         fe_schedule *s, char *why, size_t cap) {
  const fe_gemm *g = &p->gemms[0];
  const wmma_schedule_desc *pin = o->pinned ? &o->pin : NULL;
  bool lds = c->staging == FE_STAGE_LDS;
  const int nsets = fe_gemm_nsets(p);
  memset(s, 0, sizeof *s);
  s->template_name = fe_template_gemm.name;
  s->kacc = g->kacc_type;
  s->instr = wmma_instr_select(
      chip->arch, elem_of(fe_compute_type(chip->arch, g->a_type)),
      elem_of(fe_compute_type(chip->arch, g->b_type)), elem_of(g->kacc_type),
      FE_ATOM_M, FE_ATOM_N, FE_ATOM_K, NULL, 0);
  if (s->instr == WMMA_INSTR_COUNT)
    return fe_why(why, cap, "no WMMA instruction for these types on %s",
                  wmma_arch_name(chip->arch));
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  const int am = ii->m, an = ii->n, ak = ii->k;
  if (c->tile_m % (am * c->waves_m) || c->tile_n % (an * c->waves_n))
    return fe_why(why, cap, "a %dx%d tile does not split into %dx%d waves "
                            "of %dx%d WMMA tiles",
                  c->tile_m, c->tile_n, c->waves_m, c->waves_n, am, an);
  s->staging = c->staging;
  s->tile_m = c->tile_m;
  s->tile_n = c->tile_n;
  s->waves_m = c->waves_m;
  s->waves_n = c->waves_n;
  s->wave_m = c->tile_m / am / c->waves_m;
  s->wave_n = c->tile_n / an / c->waves_n;
  s->k_step = c->k_step;
  s->stages = c->stages;
  s->threads = 32 * c->waves_m * c->waves_n;
  if (s->wave_m * s->wave_n > FE_MAX_WAVE_TILES ||
      (!lds && (s->wave_m > FE_MAX_REG_TILES || s->wave_n > FE_MAX_REG_TILES)))
    return fe_why(why, cap, "%dx%d WMMA tiles per wave (at most %d, and %d "
                            "per side in registers)",
                  s->wave_m, s->wave_n, FE_MAX_WAVE_TILES, FE_MAX_REG_TILES);
  /* Several products' accumulators (unpacked) are the LDS loop's state. */
  if (lds && nsets > 1 && nsets * s->wave_m * s->wave_n > KB_PIPE_MAX_STATE)
    return fe_why(why, cap, "%d products of %dx%d WMMA tiles per wave "
                            "carry more than %d accumulators through the "
                            "LDS loop",
                  nsets, s->wave_m, s->wave_n, KB_PIPE_MAX_STATE);
  if (!lds && g->lhs.im2col)
    return fe_why(why, cap, "a convolution's input is gathered through LDS "
                            "(staging = lds)");
  if (lds && g->lhs.im2col && fe_lds_bits(&p->g, &g->lhs) < 8)
    return fe_why(why, cap, "convolutions of i4 values are not supported");
  if (!lds && (s->k_step != ak || s->stages != 1))
    return fe_why(why, cap, "staging = registers steps K by %d in 1 stage, "
                            "got a K step of %d in %d", ak, s->k_step,
                  s->stages);
  if (lds && (s->k_step % ak || s->k_step < ak || s->k_step > 64 ||
              s->stages < 2 || s->stages > KB_PIPE_MAX_STAGES))
    return fe_why(why, cap, "staging = lds takes a K step of 16, 32 or 64 "
                            "in 2 or %d stages, got %d in %d",
                  KB_PIPE_MAX_STAGES, s->k_step, s->stages);
  s->m_tail = !fe_size_static(g->M) || g->M.value % c->tile_m;
  s->n_tail = !fe_size_static(g->N) || g->N.value % c->tile_n;
  s->k_tail = !fe_size_static(g->K) || g->K.value % s->k_step;
  /* Row segments whenever they apply, unless the pin says otherwise. */
  bool rowseg = nsets == 1 && rowseg_possible(p, chip->arch, c->staging,
                                             s->kacc);
  s->form = rowseg ? WMMA_FORM_ROWSEG : WMMA_FORM_ACC;
  if (pin && pin->form == WMMA_FORM_ROWSEG && !rowseg)
    return fe_why(why, cap, "form = rowseg does not apply (the output's "
                            "columns are not innermost, no swapped WMMA, or "
                            "on RDNA3 B is not staged through LDS as it is)");
  if (pin)
    s->form = pin->form;
  /* RDNA3 16-bit accumulators: two tiles of a row share a register set
   * (Accumulators.c). */
  bool packable = nsets == 1 && wmma_arch_acc16_opsel_halves(chip->arch) &&
                  wb_type_bits(s->kacc) == 16 && s->wave_n % 2 == 0;
  s->acc_pack = packable && !o->no_packing ? 2 : 1;
  if (pin && pin->acc_pack == 2 && !packable)
    return fe_why(why, cap, "acc_pack = 2 needs RDNA3, a 16-bit accumulator "
                            "and an even number of tiles per wave row");
  if (pin)
    s->acc_pack = (int)pin->acc_pack;
  if (lds) {
    int ba = fe_lds_bits(&p->g, &g->lhs);
    int bb = fe_lds_bits(&p->g, &g->rhs);
    if (fe_lds_copy_plan(chip->arch, &p->g, &g->lhs, s->tile_m, s->k_step,
                         s->threads, pin ? pin->copy[0] : WMMA_COPY_NONE,
                         &s->copy[0], why, cap) ||
        fe_lds_copy_plan(chip->arch, &p->g, &g->rhs, s->tile_n, s->k_step,
                         s->threads, pin ? pin->copy[1] : WMMA_COPY_NONE,
                         &s->copy[1], why, cap))
      return -1;
    /* A dual problem's further B operands are staged as the first is. */
    for (int set = 1; set < nsets; ++set) {
      wmma_copy_kind other;
      if (fe_lds_copy_plan(chip->arch, &p->g, &p->gemms[set].rhs, s->tile_n,
                           s->k_step, s->threads, s->copy[1], &other, why,
                           cap) ||
          other != s->copy[1])
        return fe_why(why, cap, "B operand %d cannot be staged as the first",
                      set + 1);
    }
    fe_lds_layout la = fe_lds_layout_get(chip->arch, ba, s->k_step);
    fe_lds_layout lb = fe_lds_layout_get(chip->arch, bb, s->k_step);
    s->lds_bytes = fe_lds_bytes(&la, s->stages, c->tile_m, ba) +
                   nsets * fe_lds_bytes(&lb, s->stages, c->tile_n, bb);
  }
  s->grid[0] = (fe_grid_dim){1, {{g->N, c->tile_n}}};
  s->grid[1] = (fe_grid_dim){1, {{g->M, c->tile_m}}};
  s->grid[2].nterms = g->nbatch;
  for (int i = 0; i < g->nbatch; ++i) {
    s->grid[2].t[i].size = g->batch[i];
    s->grid[2].t[i].div = 1;
  }
  int frag_vgprs = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_A);
  /* RDNA3 16-bit accumulators half-fill 8 VGPRs; packed, two tiles share
   * them. */
  double acc_vgprs = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_C);
  if (s->acc_pack == 2)
    acc_vgprs /= 2;
  s->vgprs = estimate_vgprs(s, frag_vgprs, acc_vgprs, nsets,
                             wmma_arch_replicates_ab(chip->arch));
  if (s->vgprs > FE_VGPR_BUDGET)
    return fe_why(why, cap, "%dx%d tiles need about %d VGPRs", s->tile_m,
                  s->tile_n, s->vgprs);
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "%dx%d tiles need %lld bytes of LDS", s->tile_m,
                  s->tile_n, (long long)s->lds_bytes);
  /* The cost rule (Schedule/Select.c). */
  double M = (double)fe_estimate_m(p, g->M), N = (double)fe_estimate(g->N);
  double K = (double)fe_estimate(g->K), B = 1;
  for (int i = 0; i < g->nbatch; ++i)
    B *= (double)fe_estimate(g->batch[i]);
  double tm = (double)((int64_t)(M + c->tile_m - 1) / c->tile_m);
  double tn = (double)((int64_t)(N + c->tile_n - 1) / c->tile_n);
  double kp = (double)((int64_t)(K + ak - 1) / ak); /* WMMA K steps */
  double wgs = tm * tn * B;
  /* Register staging's waves whose origin lies past M or N skip the loop
   * (fe_gemm_wave_active): only waves with work issue WMMAs, gather and
   * load.  Wave origins step by a wave tile over the whole grid, so
   * ceil(M / wave rows) x ceil(N / wave columns) of them have work.  An
   * LDS tile's padded WMMAs do run. */
  double waves_with_work = wgs * fe_waves(s);
  if (!lds)
    waves_with_work =
        B * (double)((int64_t)(M + am * s->wave_m - 1) / (am * s->wave_m)) *
        (double)((int64_t)(N + an * s->wave_n - 1) / (an * s->wave_n));
  double wmma = nsets * wgs * (c->tile_m / am) * (c->tile_n / an) * kp;
  /* The rule keeps its padded count (it only ranks, Select.c). */
  double wmma_run =
      lds ? wmma : nsets * waves_with_work * s->wave_m * s->wave_n * kp;
  /* Bytes per element pair (sub-byte types take a byte each in memory). */
  double eb = (fe_storage_bytes(p->g.nodes[g->lhs.leaf].type) +
               fe_storage_bytes(p->g.nodes[g->rhs.leaf].type)) /
              2.0;
  double panels = lds ? (c->tile_m + nsets * c->tile_n)
                      : fe_waves(s) * ((double)am * s->wave_m +
                                       (double)an * s->wave_n * nsets);
  double bytes = wgs * panels * kp * ak * eb + M * N * B * 4;
  double bytes_run =
      lds ? bytes
          : waves_with_work *
                    ((double)am * s->wave_m + (double)an * s->wave_n * nsets) *
                    kp * ak * eb +
                M * N * B * 4;
  /* LDS: per K step a workgroup writes its A and B panels and each wave
   * reads its fragments of them. */
  double lds_wr = lds ? wgs * (c->tile_m + c->tile_n) * kp * ak * eb : 0;
  double lds_rd = lds ? wgs * fe_waves(s) *
                            ((double)am * s->wave_m + (double)an * s->wave_n) *
                            kp * ak * eb
                      : 0;
  double out_bytes = fe_storage_bytes(p->args[p->out_arg].elem);
  /* The transposing copy's WMMAs (an operand with M or N contiguous,
   * LdsCopy.c) occupy the SIMDs as the product's do: one per 16x16 block
   * of the slice, shared out among the waves (an uneven share repeats
   * blocks): 1/8 of the product's at tile_m = 128, 1/4 at 64. */
  double copy_wmma = 0;
  /* (Not for convolutions: the term moves conv-halo-56 on gfx1100 to
   * 128x64 tiles, whose halo loop spills; the template cannot see that.) */
  for (int op = 0; lds && !g->lhs.im2col && op < 2; ++op) {
    if (s->copy[op] != WMMA_COPY_WMMA)
      continue;
    int rows = op ? c->tile_n * nsets : c->tile_m;
    int blocks = (rows / am) * (c->k_step / ak), nw = fe_waves(s);
    double slices = (double)((int64_t)(K + c->k_step - 1) / c->k_step);
    copy_wmma += wgs * slices * nw * ((blocks + nw - 1) / nw);
  }
  /* Registers staging gathers an operand that is not K-contiguous element
   * by element (a load into a 16-bit half per element, 8-bit values packed
   * by shifts, 64-bit address arithmetic: ~14 VALU per WMMA measured for
   * i8 64x64 on gfx1100): charged one VALU per element a lane gathers, a
   * lower bound, against the LDS copy's transposing WMMAs above. */
  double gather_valu = 0;
  if (!lds) {
    int elems = am * ak / 32 * (wmma_arch_replicates_ab(chip->arch) ? 2 : 1);
    int frags = (g->lhs.k_contiguous ? 0 : s->wave_m) +
                (g->rhs.k_contiguous ? 0 : s->wave_n * nsets);
    gather_valu = waves_with_work * kp * frags * elems;
  }
  fe_grid_work work = {s->instr, wmma_run + copy_wmma, wgs, gather_valu,
                       fe_waves(s), lds_rd, lds_wr, bytes_run,
                       (M * K + K * N) * B * eb + M * N * B * out_bytes,
                       s->vgprs, (int)s->lds_bytes, WMMA_SPARSE_COUNT, 0,
                       waves_with_work, 0};
  s->cost = fe_modelled_costs(chip, &work, &s->cost_simd);
  s->tie_cost = fe_cost(chip, wgs, wmma, bytes);
  return 0;
}

static int plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *best, char *why,
                size_t cap) {
  if (!fe_shape_uses_wmma(p->shape))
    return fe_not_for_this_kind(why, cap);
  if (p->shape != FE_SHAPE_GEMM && p->shape != FE_SHAPE_DUAL)
    return fe_why(why, cap, "the function is a chain of products");
  const fe_gemm *g = &p->gemms[0];
  if (g->lhs.arg < 0 || g->rhs.arg < 0)
    return fe_why(why, cap, "an operand is not read from an argument");
  if (g->unit_m) /* its vector's row view is the decode template's */
    return fe_why(why, cap, "a matrix-vector product is the decode "
                            "template's (or the VALU template's)");
  gemm_config configs[12];
  int n = 0;
  int w = o->waves;
  /* Zero points' sums are taken from the registers-staged fragments. */
  bool zp = fe_gemm_has_zero_points(g);
  /* (A convolution's, gathered through LDS only, take them there.) */
  if (g->lhs.im2col)
    zp = false;
  if (zp && (o->staging == WMMA_STAGING_LDS ||
             (o->pinned && o->pin.staging == WMMA_SCHED_LDS)))
    return fe_why(why, cap, "a product with zero points (quantized_matmul) "
                            "is built with registers staging only");
  if (o->pinned) {
    /* Exactly the pinned configuration. */
    const wmma_schedule_desc *q = &o->pin;
    configs[n++] = (gemm_config){
        q->staging == WMMA_SCHED_LDS ? FE_STAGE_LDS : FE_STAGE_REGS,
        (int)q->tile[0], (int)q->tile[1], (int)q->waves[0], (int)q->waves[1],
        (int)q->tile[2], (int)q->stages};
  } else {
    if (o->staging != WMMA_STAGING_LDS) {
      configs[n++] = (gemm_config){FE_STAGE_REGS, FE_ATOM_M, FE_ATOM_N * w,
                                   1, w, FE_ATOM_K, 1};
      if (w == 4)
        configs[n++] =
            (gemm_config){FE_STAGE_REGS, 64, 64, 2, 2, FE_ATOM_K, 1};
    }
    if (o->staging != WMMA_STAGING_REGISTERS && !zp) {
      static const int tiles[4][2] = {{128, 128}, {128, 64}, {64, 128},
                                      {64, 64}};
      for (int i = 0; i < 4; ++i)
        configs[n++] = (gemm_config){FE_STAGE_LDS, tiles[i][0], tiles[i][1],
                                     2, 2, 32, 2};
      /* 256-row tiles of 4x2 waves (the same 64x64 wave tiles): half the
       * transposing copy's WMMAs per product WMMA (1/16, not 1/8) and one
       * B panel per 256 rows, for 1.5x the LDS of 128x128. */
      configs[n++] = (gemm_config){FE_STAGE_LDS, 256, 128, 4, 2, 32, 2};
      /* A depthwise convolution's channel multiplier (N) of at most 32:
       * one column of 4 waves, N padded to 16 or 32 only; K steps of 16
       * where K is that short (3 x 3 taps).  At run-time sizes M is one
       * output row (fe_estimate_m): 32 and 16 rows too, of 2 and 1
       * waves. */
      int min_rows = fe_size_static(g->M) ? 64 : 16;
      if (p->valu_alternative && fe_size_static(g->N) && g->N.value <= 32)
        for (int rows = 128; rows >= min_rows; rows /= 2)
          configs[n++] = (gemm_config){
              FE_STAGE_LDS, rows, g->N.value <= 16 ? 16 : 32,
              rows >= 64 ? 4 : rows / 16, 1,
              fe_size_static(g->K) && g->K.value <= 16 ? 16 : 32, 2};
    }
  }
  bool found = false;
  char last[FE_WHY] = "";
  if (o->tile_m && !o->pinned) {
    int k = 0;
    for (int i = 0; i < n; ++i)
      if (configs[i].tile_m == o->tile_m && configs[i].tile_n == o->tile_n)
        configs[k++] = configs[i];
    if (!k)
      return fe_why(why, cap, "no configuration has a %dx%d workgroup tile "
                              "(registers: %dx%d%s; LDS: 256x128, 128x128, "
                              "128x64, 64x128, 64x64; a depthwise "
                              "multiplier of <= 16 (32): 128x16 (128x32), "
                              "64x16 (64x32), at run-time sizes 32x16 "
                              "(32x32) and 16x16 (16x32) too)",
                    o->tile_m, o->tile_n, FE_ATOM_M, FE_ATOM_N * w,
                    w == 4 ? ", 64x64" : "");
    n = k;
  }
  for (int i = 0; i < n; ++i) {
    fe_schedule s;
    if (fill_schedule(p, chip, o, &configs[i], &s, last, sizeof last)) {
      if (o->pinned || s.instr == WMMA_INSTR_COUNT)
        return fe_why(why, cap, "%s", last);
      /* Every candidate is in the remark, those that do not fit too. */
      if (o->explain_cost)
        fe_remark(p->loc, "gemm candidate: staging = %s, tile = [%d, %d, "
                          "%d], waves = [%d, %d]: does not fit (%s)",
                  configs[i].staging == FE_STAGE_LDS ? "lds" : "registers",
                  configs[i].tile_m, configs[i].tile_n, configs[i].k_step,
                  configs[i].waves_m, configs[i].waves_n, last);
      continue;
    }
    if (o->explain_cost)
      fe_explain_candidate(p, "gemm", &s, "candidate");
    /* Within FE_MODEL_MARGIN the rule's fe_cost decides, which charges
     * register staging its L2 traffic. */
    if (fe_candidate_better(&s, best, found, FE_MODEL_MARGIN)) {
      *best = s;
      found = true;
    }
  }
  if (!found)
    return fe_why(why, cap, "no configuration fits the chip (%s)", last);
  if (o->explain_cost)
    fe_explain_candidate(p, "gemm", best, "chosen");
  return 0;
}

/*===--- shared pieces ---------------------------------------------------------===*/
void fe_gemm_wave_origin(fe_kb *kb, fe_gemm_wave *w) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  memset(w, 0, sizeof *w);
  if (g->nbatch)
    kb_batch_from_z(kb, g, kb_bid(kb, 2), w->batch);
  w->bm0 = kb_mulc(kb, kb_bid(kb, 1), s->tile_m);
  w->bn0 = kb_mulc(kb, kb_bid(kb, 0), s->tile_n);
  MlirValue wm, wn;
  kb_wave_grid(kb, s->waves_n, &wm, &wn);
  w->m0 = kb_add(kb, w->bm0, kb_mulc(kb, wm, kb->atom_m * s->wave_m));
  w->n0 = kb_add(kb, w->bn0, kb_mulc(kb, wn, kb->atom_n * s->wave_n));
}

MlirValue fe_gemm_wave_active(fe_kb *kb, const fe_gemm_wave *w) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  MlirValue c = {NULL};
  if (s->m_tail)
    c = wb_cmpi(&kb->b, WB_CMP_ULT, w->m0, kb_size(kb, g->M));
  if (s->n_tail) {
    MlirValue d = wb_cmpi(&kb->b, WB_CMP_ULT, w->n0, kb_size(kb, g->N));
    c = mlirValueIsNull(c) ? d : wb_arith(&kb->b, "arith.andi", c, d);
  }
  return c;
}

static MlirValue tile_row(fe_kb *kb, const fe_gemm_wave *w, int i) {
  return kb_addc(kb, w->m0, kb->atom_m * i);
}
static MlirValue tile_col(fe_kb *kb, const fe_gemm_wave *w, int j) {
  return kb_addc(kb, w->n0, kb->atom_n * j);
}

void fe_gemm_apply_form(fe_kb *kb, fe_gemm_wave *w) {
  const fe_gemm *g = &kb->p->gemms[0];
  w->form = kb->s->form == WMMA_FORM_ROWSEG ? FE_FORM_ROWSEG : FE_FORM_ACC;
  if (w->form == FE_FORM_ACC)
    return;
  bool ints = mlirTypeIsAInteger(g->a_type);
  MlirAttribute atom = wmmaAtomAttrGet(
      kb->ctx, kb->arch, kb->atom_m, kb->atom_n, kb->atom_k,
      fe_compute_type(kb->arch, g->b_type),
      fe_compute_type(kb->arch, g->a_type), g->kacc_type,
      ints && !g->b_unsigned, ints && !g->a_unsigned, false, 0);
  if (mlirAttributeIsNull(atom)) {
    kb->failed = 1; /* the plan checked that the swapped atom exists */
    return;
  }
  kb->atom = atom;
}

void fe_gemm_acc_init(fe_kb *kb, fe_gemm_wave *w) {
  const fe_schedule *s = kb->s;
  MlirValue tiles[FE_MAX_WAVE_TILES];
  kb_acc_configure(kb);
  int per = fe_gemm_nacc(kb);
  for (int set = 0; set < fe_gemm_nsets(kb->p); ++set) {
    const fe_gemm *g = &kb->p->gemms[set];
    for (int i = 0; i < s->wave_m; ++i)
      for (int j = 0; j < s->wave_n; ++j) {
        MlirValue row = tile_row(kb, w, i), col = tile_col(kb, w, j);
        tiles[i * s->wave_n + j] =
            kb_acc_init(kb, g, w->batch, row, col, w->form);
      }
    kb_acc_from_tiles(kb, tiles, s->wave_m * s->wave_n, w->acc + set * per);
  }
}

int fe_gemm_nacc(fe_kb *kb) {
  return kb_acc_count(kb, kb->s->wave_m * kb->s->wave_n);
}

static void epilogue_tiles(fe_kb *kb, fe_gemm_wave *w, bool masked) {
  const fe_schedule *s = kb->s;
  const fe_problem *p = kb->p;
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    kb->failed = 1;
    return;
  }
  int per = fe_gemm_nacc(kb);
  for (int i = 0; i < s->wave_m; ++i)
    for (int j = 0; j < s->wave_n; ++j) {
      kb_memo_clear(&m);
      fe_tile t;
      MlirValue row = tile_row(kb, w, i), col = tile_col(kb, w, j);
      kb_output_tile(kb, &t, w->batch, row, col, false);
      t.rowseg = w->form == FE_FORM_ROWSEG;
      /* Each product's tile (a dual problem's two at the same element). */
      for (int set = 0; set < fe_gemm_nsets(p); ++set) {
        MlirValue acc = kb_acc_tile(kb, w->acc + set * per, i * s->wave_n + j);
        if (fe_gemm_has_zero_points(&p->gemms[set]))
          acc = fe_gemm_zp_correct(kb, w, &t, i, j, acc);
        kb_bind_product(kb, &m, p->gemms[set].prod, acc);
      }
      /* Several outputs (Q, K, V): each root stored to its own buffer. */
      if (p->nouts > 1)
        for (int o = 0; o < p->nouts; ++o)
          kb_store_output_to(kb, &t,
                             kb_eval(kb, &m, &t, o ? p->roots[o] : p->root),
                             masked, p->outs[o]);
      else
        kb_store_output(kb, &t, kb_eval(kb, &m, &t, p->root), masked);
    }
  kb_memo_free(&m);
}

/* Is the workgroup's block wholly inside the output (every block but the
 * last row and column of them)?  Uniform: the branch on it is scalar. */
static MlirValue block_inside(fe_kb *kb, const fe_gemm_wave *w) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  MlirValue c = {NULL};
  if (s->m_tail) {
    MlirValue end = kb_addc(kb, w->bm0, s->tile_m);
    c = wb_cmpi(&kb->b, WB_CMP_ULE, end, kb_size(kb, g->M));
  }
  if (s->n_tail) {
    MlirValue end = kb_addc(kb, w->bn0, s->tile_n);
    MlirValue d = wb_cmpi(&kb->b, WB_CMP_ULE, end, kb_size(kb, g->N));
    c = mlirValueIsNull(c) ? d : wb_arith(&kb->b, "arith.andi", c, d);
  }
  return c;
}

/* Lane ids the builder creates lazily: those made inside one branch of
 * the epilogue must not be reused in the other. */
static void restore_lane_ids(wb_t *b, const wb_t *saved) {
  b->lane_i32 = saved->lane_i32;
  b->lane_idx = saved->lane_idx;
  b->r_idx = saved->r_idx;
  b->h_idx = saved->h_idx;
  b->r_i32 = saved->r_i32;
  b->h_i32 = saved->h_i32;
}

/* With M/N tails, a block wholly inside the output stores unmasked and the
 * others masked, under one uniform branch.  Besides sparing the inner
 * blocks the masks (and the row-segment store's per-tile branch,
 * RowSeg.c), every accumulator is then used on both sides of the first
 * branch after the K loop: per-tile branches alone let LLVM's machine
 * sinking move the last K step's WMMAs down into the epilogue, one per
 * tile, keeping that step's fragments live next to the accumulators (on
 * gfx11, 4x4 f32 wave tiles spilled 48 to 343 VGPRs). */
void fe_gemm_epilogue(fe_kb *kb, fe_gemm_wave *w) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  if (!s->m_tail && !s->n_tail) {
    epilogue_tiles(kb, w, false);
    return;
  }
  /* A static size smaller than the tile: no block is inside. */
  if ((s->m_tail && fe_size_static(g->M) && g->M.value < s->tile_m) ||
      (s->n_tail && fe_size_static(g->N) && g->N.value < s->tile_n)) {
    epilogue_tiles(kb, w, true);
    return;
  }
  MlirValue inside = block_inside(kb, w);
  wb_t saved = kb->b;
  wb_if f;
  if (mlirValueIsNull(inside) ||
      !wb_if_begin(&kb->b, &f, inside, 0, NULL, true)) {
    kb->failed = 1;
    return;
  }
  epilogue_tiles(kb, w, false);
  restore_lane_ids(&kb->b, &saved);
  wb_if_else(&kb->b, &f, 0, NULL);
  epilogue_tiles(kb, w, true);
  restore_lane_ids(&kb->b, &saved);
  wb_if_end(&kb->b, &f, 0, NULL);
}

MlirValue fe_k_full(fe_kb *kb, fe_size K, int step) {
  if (fe_size_static(K))
    return kb_c(kb, K.value / step * step);
  MlirValue k = kb_size(kb, K);
  return kb_mulc(kb, wb_arith(&kb->b, "arith.divui", k, kb_c(kb, step)), step);
}

/*===--- registers ---------------------------------------------------------------===*/
/* One WMMA K step (kb->atom_k wide) at k: the wave's A and B fragments, then its WMMAs. */
static void k_step(fe_kb *kb, fe_gemm_wave *w, MlirValue k, MlirValue *acc,
                   MlirValue *sums, bool masked) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  /* Swapped (row segments): B^T plays A, A^T plays B. */
  bool sw = w->form == FE_FORM_ROWSEG;
  wmma_matrix ra = sw ? WMMA_MATRIX_B : WMMA_MATRIX_A;
  wmma_matrix rb = sw ? WMMA_MATRIX_A : WMMA_MATRIX_B;
  MlirValue a[FE_MAX_REG_TILES], b[FE_MAX_REG_TILES];
  for (int i = 0; i < s->wave_m; ++i)
    a[i] = kb_operand_tile(kb, &g->lhs, ra, w->batch, tile_row(kb, w, i), k,
                           masked);
  /* A's fragments serve every product (a dual problem's second B after
   * the first, its accumulators after the first's). */
  int per = fe_gemm_nacc(kb);
  for (int set = fe_gemm_nsets(kb->p) - 1; set >= 0; --set) {
    const fe_operand *rhs = &kb->p->gemms[set].rhs;
    MlirValue *sacc = acc + set * per;
    for (int j = 0; j < s->wave_n; ++j)
      b[j] = kb_operand_tile(kb, rhs, rb, w->batch, tile_col(kb, w, j), k,
                             masked);
    for (int i = 0; i < s->wave_m; ++i)
      for (int j = 0; j < s->wave_n; ++j)
        if (sw)
          kb_acc_mma(kb, sacc, i * s->wave_n + j, b[j], a[i]);
        else
          kb_acc_mma(kb, sacc, i * s->wave_n + j, a[i], b[j]);
  }
  if (w->nrowsums + w->ncolsums)
    fe_gemm_zp_step(kb, w, a, b, sums);
}

static int build_registers(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  int nt = 0; /* accumulator values, known after fe_gemm_acc_init */
  fe_gemm_wave w;
  fe_gemm_wave_origin(kb, &w);
  fe_gemm_apply_form(kb, &w);
  MlirValue active = fe_gemm_wave_active(kb, &w);
  wb_if guard;
  if (!mlirValueIsNull(active) &&
      !wb_if_begin(&kb->b, &guard, active, 0, NULL, false))
    return -1;
  fe_gemm_acc_init(kb, &w);
  nt = fe_gemm_nacc(kb) * fe_gemm_nsets(kb->p);
  /* The loop carries the accumulators, then the zero points' sums. */
  int ns = fe_gemm_zp_init(kb, &w);
  MlirValue kfull = fe_k_full(kb, g->K, kb->atom_k);
  MlirValue acc[FE_MAX_OUTS * FE_MAX_WAVE_TILES + 2 * FE_MAX_REG_TILES];
  memcpy(acc, w.acc, sizeof(MlirValue) * (size_t)nt);
  memcpy(acc + nt, w.sums, sizeof(MlirValue) * (size_t)ns);
  /* Two K loops (mmt4d's k1 and k0): the K loop below runs once per
   * value of the outer one, the accumulators carried across. */
  wb_loop outer;
  if (g->has_kouter) {
    MlirValue lo = kb_c(kb, 0), hi = kb_size(kb, g->KO);
    if (!wb_for_begin(&kb->b, &outer, lo, hi, kb_c(kb, 1), nt + ns, acc))
      return -1;
    memcpy(acc, outer.iter, sizeof(MlirValue) * (size_t)(nt + ns));
    kb->kouter = outer.iv;
  }
  int64_t kf;
  if (!wb_const_value(kfull, &kf) || kf > 0) {
    wb_loop l;
    MlirValue lo = kb_c(kb, 0);
    if (!wb_for_begin(&kb->b, &l, lo, kfull, kb_c(kb, kb->atom_k), nt + ns,
                      acc))
      return -1;
    memcpy(acc, l.iter, sizeof(MlirValue) * (size_t)(nt + ns));
    k_step(kb, &w, l.iv, acc, acc + nt, false);
    wb_for_end(&kb->b, &l, nt + ns, acc);
    for (int t = 0; t < nt + ns; ++t)
      acc[t] = wb_loop_result(&l, t);
  }
  if (s->k_tail) {
    /* The last, partial K step: loads masked, peeled out of the loop. */
    if (fe_size_static(g->K)) {
      k_step(kb, &w, kfull, acc, acc + nt, true);
    } else {
      MlirType types[FE_MAX_OUTS * FE_MAX_WAVE_TILES + 2 * FE_MAX_REG_TILES];
      MlirValue before[FE_MAX_OUTS * FE_MAX_WAVE_TILES + 2 * FE_MAX_REG_TILES];
      for (int t = 0; t < nt + ns; ++t)
        types[t] = mlirValueGetType(acc[t]);
      memcpy(before, acc, sizeof(MlirValue) * (size_t)(nt + ns));
      wb_if tail;
      MlirValue more =
          wb_cmpi(&kb->b, WB_CMP_ULT, kfull, kb_size(kb, g->K));
      if (!wb_if_begin(&kb->b, &tail, more, nt + ns, types, true))
        return -1;
      k_step(kb, &w, kfull, acc, acc + nt, true);
      wb_if_else(&kb->b, &tail, nt + ns, acc);
      wb_if_end(&kb->b, &tail, nt + ns, before);
      for (int t = 0; t < nt + ns; ++t)
        acc[t] = mlirOperationGetResult(tail.op, t);
    }
  }
  if (g->has_kouter) {
    wb_for_end(&kb->b, &outer, nt + ns, acc);
    for (int t = 0; t < nt + ns; ++t)
      acc[t] = wb_loop_result(&outer, t);
    kb->kouter = (MlirValue){NULL};
  }
  memcpy(w.acc, acc, sizeof(MlirValue) * (size_t)nt);
  memcpy(w.sums, acc + nt, sizeof(MlirValue) * (size_t)ns);
  fe_gemm_epilogue(kb, &w);
  if (!mlirValueIsNull(active))
    wb_if_end(&kb->b, &guard, 0, NULL);
  return kb->failed ? -1 : 0;
}

static int build(fe_kb *kb) {
  return kb->s->staging == FE_STAGE_LDS ? fe_gemm_build_lds(kb)
                                        : build_registers(kb);
}

const fe_template fe_template_gemm = {"gemm", plan, build};
