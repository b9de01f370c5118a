/* The decode template: a skinny GEMM (M = 1..32 rows of activations against
 * a large weight matrix: an LLM layer at decode time, W4A16 weights
 * unpacked by the operand prologue) with K split across the waves of a
 * workgroup.
 *
 * A plain GEMM grid gives such a product one wave per 16 x 16n output
 * columns and the whole K to each: far too few waves to stream the weights
 * at DRAM bandwidth.  Here a workgroup of S waves owns wave_n 16-column
 * tiles (and the ceil(M / 16) row tiles); wave s multiplies K slice s
 * (ceil(K / S) rounded up to 16) with registers staging, M padded to the
 * WMMA's 16 rows (rows past M read zeros from the bounds-checked buffer
 * and are never stored).  The partial sums meet in LDS, in rounds of at
 * most 32 KiB: the round's waves store their accumulators, a barrier, and
 * wave 0 adds them in slice order -- a fixed order, so the result is
 * deterministic -- then runs the epilogue and the one store.  Loads grouped
 * along K (scales) are read once per iteration of up to 8 K steps that
 * stays within one group (fe_kb.k_base).
 *
 * The cost rule (plan, fe_decode_choose in DecodeSplit.c): the column
 * tiles per wave (at most 16: the activations are read once per column
 * block), S (the fewest waves reaching the target) and P workgroups along
 * K (a second kernel adds their partials) with the fewest bytes loaded
 * beyond the weights, among those giving the launch 8 waves per CU of the
 * chip's largest part (each slice at least 64 K long); the remark
 * (fe_decode_remark) compares the WMMA with M padded with a VALU dot
 * product (v_dot2: 64 multiply-adds per instruction) and the time the
 * weights take to stream from DRAM. */
#include "Templates/DecodeSplit.h"
#include "Templates/DecodeWide.h"
#include "Templates/Gemm.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

#define DECODE_MAX_M 32
#define DECODE_MIN_K 1024
#define DECODE_MIN_WEIGHTS (1 << 20)
#define DECODE_WIDE_VGPRS 192
#define DECODE_WIDE_OTHER_VGPRS 32

static int split_of(const fe_schedule *s) { return s->waves_m; }
static int parts_of(const fe_schedule *s) {
  return s->k_parts > 1 ? s->k_parts : 1;
}

static wmma_elem elem_of(MlirType t) {
  wmma_elem e = WMMA_ELEM_F16;
  wmmaElemFromType(t, &e);
  return e;
}

static double waves_of(const fe_gemm *g, int wave_n, int split) {
  return fe_decode_blocks(g, wave_n) * split;
}

/* K steps per loop iteration: enough that the iteration covers one group
 * of every load grouped along K (a scale s[k floordiv G][n]), which is then
 * loaded once per iteration instead of once per step (at most 8). */
typedef struct {
  int k_loop;
  int unroll;
} unroll_t;

static fe_walk unroll_pre(const fe_graph *g, int n, void *ud) {
  unroll_t *u = ud;
  const fe_node *x = &g->nodes[n];
  if (x->kind != FE_LOAD)
    return FE_WALK_NEXT;
  for (int j = 0; j < x->nmap; ++j)
    if (x->div[j] >= 16 && x->map[j] == u->k_loop)
      while (u->unroll > 1 && x->div[j] % (16 * u->unroll))
        u->unroll /= 2;
  return FE_WALK_NEXT;
}

static int unroll_of(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  unroll_t u = {g->k_loop, 8};
  bool grouped = false;
  for (int n = 0; n < p->g.nnodes; ++n) {
    const fe_node *x = &p->g.nodes[n];
    for (int j = 0; x->kind == FE_LOAD && j < x->nmap; ++j)
      grouped |= x->div[j] >= 16;
  }
  if (!grouped)
    return 1;
  fe_graph_visit(&p->g, g->lhs.node, 0, unroll_pre, NULL, &u);
  fe_graph_visit(&p->g, g->rhs.node, 0, unroll_pre, NULL, &u);
  return u.unroll;
}

/* Slices whose partial sums LDS holds at once (at most 32 KiB): every
 * slice but wave 0's, or every slice when the weights are loaded wide
 * (DecodeWide.c: wave 0's own sums go through LDS too, to be put back in
 * column order). */
static int reduce_capacity(int split, int ntiles, bool wide) {
  int cap = 32768 / (ntiles * 32 * 8 * 4);
  int slices = wide ? split : split - 1;
  if (cap < 1)
    cap = 1;
  return cap < slices ? cap : slices;
}

static int plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *s, char *why, size_t cap) {
  if (p->shape != FE_SHAPE_GEMM)
    return fe_not_for_this_kind(why, cap);
  const fe_gemm *g = &p->gemms[0];
  if (!fe_size_static(g->M) || g->M.value > DECODE_MAX_M)
    return fe_why(why, cap, "M is not statically at most %d (not a decode "
                            "shape)",
                  DECODE_MAX_M);
  if (g->lhs.arg < 0 || g->rhs.arg < 0)
    return fe_why(why, cap, "an operand is not read from an argument");
  if (fe_gemm_has_zero_points(g))
    return fe_why(why, cap, "scalar zero points are taken by the gemm "
                            "template");
  if (wb_type_bits(g->kacc_type) != 32)
    return fe_why(why, cap, "16-bit accumulation is the gemm template's");
  if (o->tile_m || o->staging == WMMA_STAGING_LDS)
    return fe_why(why, cap, "a workgroup tile or LDS staging was asked for");
  if (!o->pinned && !fe_size_static(g->K))
    return fe_why(why, cap, "K is not static");
  double K = (double)fe_estimate(g->K);
  /* Small products are launch-bound either way: the gemm template's. */
  if (!o->pinned && (K < DECODE_MIN_K ||
                     K * (double)fe_estimate(g->N) < DECODE_MIN_WEIGHTS))
    return fe_why(why, cap, "K < %d or fewer than %d weights: not a decode "
                            "layer",
                  DECODE_MIN_K, DECODE_MIN_WEIGHTS);
  /* The cost rule (DecodeSplit.c): column tiles per wave, waves and
   * workgroups along K. */
  int max_wn = g->M.value > 16 ? 8 : 16;
  const int unroll = unroll_of(p);
  const wmma_instr instr = wmma_instr_select(
      chip->arch, elem_of(fe_compute_type(chip->arch, g->a_type)),
      elem_of(fe_compute_type(chip->arch, g->b_type)),
      elem_of(g->kacc_type), FE_ATOM_M, FE_ATOM_N, FE_ATOM_K, NULL,
      0);
  if (instr == WMMA_INSTR_COUNT)
    return fe_why(why, cap, "no WMMA instruction for these types on %s",
                  wmma_arch_name(chip->arch));
  fe_decode_choice c = {.wave_n = 1, .split = 1, .parts = 1, .unroll = 1};
choose:
  /* (A pin makes the choices itself.) */
  if (fe_decode_choose(p, chip, NULL, instr, max_wn, unroll, &c) &&
      !o->pinned)
    return fe_why(why, cap, "K is too short to split");
  int best_wn = c.wave_n, best_s = c.split, best_p = c.parts;
  int best_u = c.unroll;
  if (o->pinned) {
    best_s = (int)o->pin.waves[0];
    best_wn = (int)(o->pin.tile[1] / 16);
    best_p = o->pin.k_parts > 1 ? (int)o->pin.k_parts : 1;
    best_u = unroll;
  }
  if (best_s * best_p < 2)
    return fe_why(why, cap, "the grid has %.0f waves, %d per CU of the "
                            "largest part, without splitting K",
                  waves_of(g, 4, 1),
                  (int)(waves_of(g, 4, 1) / chip->compute_units));
  memset(s, 0, sizeof *s);
  s->template_name = fe_template_decode.name;
  s->kacc = g->kacc_type;
  s->instr = instr;
  s->staging = FE_STAGE_REGS;
  s->wave_m = (int)((g->M.value + 15) / 16);
  s->wave_n = best_wn;
  s->waves_m = best_s; /* waves along K */
  s->k_parts = best_p; /* workgroups along K */
  s->waves_n = 1;
  s->tile_m = 16 * s->wave_m;
  s->tile_n = 16 * s->wave_n;
  s->k_step = FE_ATOM_K * best_u;
  s->stages = 1;
  s->threads = 32 * best_s;
  s->acc_pack = 1;
  s->form = WMMA_FORM_ACC;
  s->m_tail = g->M.value % s->tile_m != 0;
  s->n_tail = !fe_size_static(g->N) || g->N.value % s->tile_n;
  s->k_tail = !fe_size_static(g->K) || g->K.value % FE_ATOM_K;
  int ntiles = s->wave_m * s->wave_n;
  bool wide = fe_decode_wide_cols(p, s) > 1;
  /* Wide loads: LLVM issues all of an iteration's loads up front, so the
   * iteration keeps its weight rows within the VGPRs the accumulators (8
   * per tile) and DECODE_WIDE_OTHER_VGPRS (activations, scales, addresses)
   * leave of the 1024-thread workgroup's 192: 2 steps of RDNA4's 16-column
   * runs at W4A16 (16 tiles), 8 of RDNA3's 8-column ones (8 tiles). */
  int acc_vgprs = (fe_decode_rows_shared(p, s) ? fe_decode_shared_accs(p, s)
                                                : ntiles) *
                  8;
  int free_bytes =
      4 * (DECODE_WIDE_VGPRS - acc_vgprs - DECODE_WIDE_OTHER_VGPRS);
  /* An iteration shorter than a group would read the group's scales once
   * per iteration (past 1.1x the minimum traffic): fewer column tiles per
   * wave instead (more waves), their accumulators leaving room. */
  if (wide && !o->pinned && best_wn > 2 &&
      (s->k_step / FE_ATOM_K) * fe_decode_wide_step_bytes(p, s) >
          free_bytes) {
    max_wn = best_wn / 2;
    goto choose;
  }
  /* The candidates of the final choice, said once (explain-cost). */
  if (o->explain_cost && !o->pinned)
    (void)fe_decode_choose(p, chip, o, instr, max_wn, unroll, &c);
  while (wide && s->k_step > FE_ATOM_K &&
         (s->k_step / FE_ATOM_K) * fe_decode_wide_step_bytes(p, s) >
             free_bytes)
    s->k_step /= 2;
  /* (Tiles sharing accumulators meet in LDS as the shared ones.) */
  int nred = fe_decode_rows_shared(p, s) ? fe_decode_shared_accs(p, s) : ntiles;
  s->lds_bytes =
      (int64_t)reduce_capacity(best_s, nred, wide) * nred * 32 * 8 * 4;
  /* Slices shorter than a scale group share its scales through LDS. */
  int group, share_bytes;
  if (fe_decode_group_sharers(p, s, &group, &share_bytes) > 1)
    s->lds_bytes += share_bytes;
  /* Accumulators, the A fragments, two B fragments in flight (each B tile
   * is multiplied as soon as it is unpacked), addresses. */
  s->vgprs = acc_vgprs + (s->wave_m + 2) * 8 + 32;
  if (s->lds_bytes > chip->lds_bytes || s->vgprs > FE_VGPR_BUDGET)
    return fe_why(why, cap, "%d K slices of %dx%d tiles do not fit",
                  best_s, s->tile_m, s->tile_n);
  s->grid[0] = (fe_grid_dim){1, {{g->N, s->tile_n}}};
  /* (M <= tile_m: one row block; with a split, y is the K part.) */
  s->grid[1] = best_p > 1 ? (fe_grid_dim){1, {{fe_static(best_p), 1}}}
                          : (fe_grid_dim){1, {{g->M, s->tile_m}}};
  s->grid[2].nterms = g->nbatch;
  for (int i = 0; i < g->nbatch; ++i) {
    s->grid[2].t[i].size = g->batch[i];
    s->grid[2].t[i].div = 1;
  }
  s->cost = 0; /* the only template for decode shapes */
  return 0;
}

/* Elementwise ops in an operand's prologue: the per-value unpack work. */
static fe_walk count_ops(const fe_graph *g, int n, void *ud) {
  if (g->nodes[n].kind == FE_OP)
    ++*(int *)ud;
  return FE_WALK_NEXT;
}

/* Why memref<..xi4> weights stream a byte per value (README "LLM
 * inference"): the caller's buffer holds them so (MLIR's addressing), and
 * upstream's narrow-type emulation (memref::populateMemRefNarrowType-
 * EmulationPatterns, --test-emulate-narrow-int) converts no linalg op and
 * flattens the buffer to 1-D i8, so no pass packs them before this one. */
static const char kI4Bytes[] =
    "; the i4 weights take a byte each in memory (memref<..xi4> as MLIR "
    "addresses it; MLIR 22's narrow-type emulation rewrites no linalg op): "
    "store them two per i8 and unpack them in the linalg to halve the "
    "stream";

void fe_decode_remark(const fe_problem *p, const wmma_chip_info *chip,
                      const fe_schedule *s, char *buf, size_t cap) {
  const fe_gemm *g = &p->gemms[0];
  double M = (double)g->M.value, N = (double)fe_estimate(g->N);
  double K = (double)fe_estimate(g->K);
  int ops = 0;
  fe_graph_visit(&p->g, g->rhs.node, 0, count_ops, NULL, &ops);
  double simds = 2.0 * chip->compute_units;
  /* Issue cycles per SIMD: f16 WMMA every 32 (RDNA3) or 16 (RDNA4) cycles,
   * never overlapping VALU; a wave32 VALU op a cycle; v_dot2 64 MACs. */
  double wmma_cyc = chip->arch == WMMA_ARCH_RDNA3 ? 32 : 16;
  double unpack = K * N / 32 * ops / g->rhs.k_pack / simds;
  double wmma = (N / 16) * (K / 16) * ((M + 15) / 16) * wmma_cyc / simds;
  double dot = M * N * K / 64 / simds;
  /* Bytes in memory: an unpacked i4 (memref<..xi4>) takes a byte, as MLIR
   * addresses it; packed storage holds k_pack values per element. */
  MlirType wt = p->g.nodes[g->rhs.leaf].type;
  bool i4_bytes = g->rhs.k_pack == 1 && mlirTypeIsAInteger(wt) &&
                  mlirIntegerTypeGetWidth(wt) < 8;
  double wbits = i4_bytes ? 8 : wb_type_bits(wt);
  double wb = K * N * wbits / 8.0 / g->rhs.k_pack;
  double mem = 0;
  if (chip->largest && chip->largest->dram_bytes_per_s > 0)
    mem = wb / ((double)chip->largest->dram_bytes_per_s /
                (chip->largest->boost_clock_mhz * 1e6));
  double tw = wmma + unpack, tv = dot + unpack;
  const int P = parts_of(s);
  double waves = waves_of(g, s->wave_n, split_of(s)) * P;
  char parts[160] = "";
  if (P > 1)
    snprintf(parts, sizeof parts,
             " and %d ways across workgroups (f32 partials through a "
             "workspace, added in part order by a second kernel)",
             P);
  double cw = tw > mem ? tw : mem, cv = tv > mem ? tv : mem;
  snprintf(buf, cap,
           "decode GEMM (template decode): WMMA with M = %d padded to %d rows "
           "(cost max(issue, weight stream) = %.0f cycles: %.0f issue, %.0f "
           "stream; a VALU dot: %.0f%s), column blocks of %d (the "
           "activations read once per block), K split %d ways across the "
           "waves of a workgroup%s, partial sums added in order through LDS: "
           "%.0f waves, %.1f per CU of the largest %s part (%d CUs)%s",
           (int)M, s->tile_m, cw, tw, mem, cv,
           cv < 0.9 * cw ? ", cheaper, but no split-K VALU kernel exists yet"
                         : "",
           s->tile_n, split_of(s), parts, waves,
           waves / chip->compute_units, chip->name, chip->compute_units,
           i4_bytes ? kI4Bytes : "");
}

/*===--- building ------------------------------------------------------------===*/
static MlirValue tile_row(fe_kb *kb, const fe_gemm_wave *w, int i) {
  return kb_addc(kb, w->m0, kb->atom_m * i);
}
static MlirValue tile_col(fe_kb *kb, const fe_gemm_wave *w, int j) {
  return kb_addc(kb, w->n0, kb->atom_n * j);
}

static MlirValue a_tile(fe_kb *kb, const fe_gemm_wave *w, MlirValue row0,
                        MlirValue k, bool masked) {
  return fe_decode_plain_tile(kb, &kb->p->gemms[0].lhs, WMMA_MATRIX_A,
                              w->batch, row0, k, masked);
}

/* One WMMA K step of the wave's tiles at k; halves: the iteration's group
 * scales, shared by the lane halves (DecodeWide.h; NULL outside the
 * iterations of U steps). */
static void k_step(fe_kb *kb, fe_gemm_wave *w, MlirValue k, MlirValue *acc,
                   bool masked, bool shared,
                   const fe_decode_halves *halves) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  MlirValue a[FE_MAX_REG_TILES];
  for (int i = 0; i < s->wave_m; ++i)
    a[i] = a_tile(kb, w, tile_row(kb, w, i), k, masked);
  /* Tiles sharing accumulators (DecodeWide.h): tile j multiplies the
   * activations in row rho(j % 8) into accumulator j / 8 (M = 1), or the
   * activation rows moved down by 4 (j % 4) into accumulator j / 4. */
  MlirValue arow[8];
  const int tpa = shared ? fe_decode_tiles_per_acc(kb->p) : 1;
  if (shared && g->M.value == 1) {
    MlirValue abc = fe_decode_a_broadcast(kb, a[0]);
    if (kb->failed)
      return;
    for (int q = 0; q < tpa && q < s->wave_n; ++q)
      arow[q] = fe_decode_a_row(kb, abc, q);
  } else if (shared) {
    for (int q = 0; q < tpa && q < s->wave_n; ++q)
      arow[q] = fe_decode_a_shift(kb, a[0], q);
    if (kb->failed)
      return;
  }
  /* Wide loads: the leaves of all the wave's (interleaved) column tiles. */
  MlirValue leaf[16];
  if (kb->b_col_step > 1)
    fe_decode_wide_leaves(kb, w->batch, w->n0, k, masked, leaf);
  for (int j = 0; j < s->wave_n; ++j) {
    if (halves && halves->n)
      fe_decode_wide_bind(kb, halves, j, leaf[j]);
    MlirValue b =
        kb->b_col_step > 1
            ? kb_operand_value(kb, &g->rhs, WMMA_MATRIX_B, w->batch,
                               kb_addc(kb, w->n0, j), k, masked, leaf[j])
            : fe_decode_plain_tile(kb, &g->rhs, WMMA_MATRIX_B, w->batch,
                                   tile_col(kb, w, j), k, masked);
    kb->nbound = 0;
    if (shared) {
      kb_acc_mma(kb, acc, j / tpa, arow[j % tpa], b);
      continue;
    }
    for (int i = 0; i < s->wave_m; ++i)
      kb_acc_mma(kb, acc, i * s->wave_n + j, a[i], b);
  }
}

static MlirValue min_index(fe_kb *kb, MlirValue a, MlirValue b) {
  return wb_arith(&kb->b, "arith.minui", a, b);
}

/* M = 2..4 (DecodeWide.h): the sums of the shared accumulators sum[0..nsh)
 * put in column order through LDS, rows 0-3 of 16 W columns: row rho of
 * accumulator a holds row rho % 4 of tile 4a + rho / 4, whose lane r is
 * column W r + 4a + rho / 4; then tile t, lane r reads column 16 t + r of
 * its rows below 4 (the others are zero) and adds them to the initial
 * accumulator in w->acc. */
static void rows_to_column_order(fe_kb *kb, fe_gemm_wave *w,
                                 const MlirValue *sum, int nsh,
                                 MlirValue lds) {
  wb_t *b = &kb->b;
  const int W = kb->s->wave_n, nt = kb->s->wave_m * W;
  const bool il = wmma_arch_acc_rows_interleaved(kb->arch);
  MlirValue r_idx = wb_r_index(b), h_idx = wb_h_index(b);
  MlirValue c4 = kb_c(kb, 4), c8 = kb_c(kb, 8);
  for (int a = 0; a < nsh; ++a)
    for (int v = 0; v < 8; ++v) {
      MlirValue rho = fe_decode_acc_row(kb, h_idx, v);
      MlirValue m = wb_arith(b, "arith.remui", rho, c4);
      MlirValue q = wb_arith(b, "arith.divui", rho, c4);
      MlirValue rw = kb_mulc(kb, r_idx, W);
      MlirValue col = kb_add(kb, rw, kb_addc(kb, q, 4 * a));
      MlirValue f = kb_add(kb, kb_mulc(kb, m, 16 * W), col);
      MlirValue idx[2] = {wb_arith(b, "arith.divui", f, c8)};
      idx[1] = wb_arith(b, "arith.remui", f, c8);
      wb_store(b, wb_extract(b, sum[a], v), lds, 2, idx);
    }
  fe_decode_acc_start(kb, w);
  MlirType vt = mlirValueGetType(sum[0]);
  MlirType el = mlirShapedTypeGetElementType(vt);
  MlirValue zero = wb_const_zero(b, el);
  for (int t = 0; t < nt; ++t) {
    MlirValue e[8];
    for (int v = 0; v < 8; ++v) {
      /* Slots whose rows are all 4 or more hold zeros. */
      if ((il ? 2 * v : v) >= 4) {
        e[v] = zero;
        continue;
      }
      MlirValue rho = fe_decode_acc_row(kb, h_idx, v);
      MlirValue low = wb_cmpi(b, WB_CMP_ULT, rho, c4);
      MlirValue rc = wb_arith(b, "arith.minui", rho, kb_c(kb, 3));
      MlirValue row = kb_mulc(kb, rc, 16 * W);
      MlirValue f = kb_add(kb, row, kb_addc(kb, r_idx, 16 * t));
      MlirValue idx[2] = {wb_arith(b, "arith.divui", f, c8)};
      idx[1] = wb_arith(b, "arith.remui", f, c8);
      e[v] = wb_select(b, low, wb_load(b, lds, 2, idx), zero);
    }
    MlirValue tile = wb_from_elements(b, 8, e, vt);
    w->acc[t] = wb_arith(b, mlirTypeIsAFloat(kb->kacc) ? "arith.addf"
                                                        : "arith.addi",
                         w->acc[t], tile);
  }
}

/* The partial sums of tiles sharing accumulators (DecodeWide.h): the
 * slices' shared accumulators (ceil(W / 8) a lane at M = 1, ceil(W / 4)
 * at M = 2..4, not W) meet in LDS in rounds and wave 0 adds them in slice
 * order, as below; then wave 0 puts the tiles' sums in column order through
 * LDS (tile j, lane r holds column W r + j: stored at that column, read back
 * as lane c of tile c / 16; rows_to_column_order at M > 1), adds the
 * initial accumulator and runs the epilogue. */
static int reduce_shared(fe_kb *kb, fe_gemm_wave *w, MlirValue *sh, int nsh,
                         int S) {
  const fe_schedule *s = kb->s;
  wb_t *b = &kb->b;
  const int W = s->wave_n, nt = s->wave_m * s->wave_n;
  const int cap = reduce_capacity(S, nsh, true);
  int64_t shape[2] = {(int64_t)cap * nsh * 32, 8};
  MlirValue lds = kb_lds(kb, 2, shape, kb->kacc);
  if (kb->failed || shape[0] * 8 < 4 * 16 * W)
    return -1;
  MlirValue lane = wb_lane_index(b), slice = kb->wave;
  MlirValue first = wb_cmpi(b, WB_CMP_EQ, slice, kb_c(kb, 0));
  MlirType types[FE_MAX_WAVE_TILES];
  MlirValue sum[FE_MAX_WAVE_TILES];
  for (int t = 0; t < nsh; ++t) {
    types[t] = mlirValueGetType(sh[t]);
    sum[t] = wb_const_zero(b, types[t]);
  }
  for (int r0 = 0; r0 < S; r0 += cap) {
    int r1 = r0 + cap < S ? r0 + cap : S;
    if (r0 > 0)
      wb_lds_barrier(b);
    MlirValue from_r0 = wb_cmpi(b, WB_CMP_ULE, kb_c(kb, r0), slice);
    MlirValue below_r1 = wb_cmpi(b, WB_CMP_ULT, slice, kb_c(kb, r1));
    MlirValue in_round = wb_arith(b, "arith.andi", from_r0, below_r1);
    wb_if st;
    if (!wb_if_begin(b, &st, in_round, 0, NULL, false))
      return -1;
    MlirValue base = kb_mulc(kb, kb_addc(kb, slice, -r0), nsh * 32);
    for (int t = 0; t < nsh; ++t) {
      MlirValue row = kb_addc(kb, base, 32 * t);
      MlirValue idx[2] = {kb_add(kb, row, lane)};
      idx[1] = kb_c(kb, 0);
      wb_vstore(b, sh[t], lds, 2, idx);
    }
    wb_if_end(b, &st, 0, NULL);
    wb_lds_barrier(b);
    wb_if add;
    if (!wb_if_begin(b, &add, first, nsh, types, true))
      return -1;
    MlirValue run[FE_MAX_WAVE_TILES];
    memcpy(run, sum, sizeof(MlirValue) * (size_t)nsh);
    for (int r = r0; r < r1; ++r)
      for (int t = 0; t < nsh; ++t) {
        int64_t row = ((int64_t)(r - r0) * nsh + t) * 32;
        MlirValue idx[2] = {kb_add(kb, kb_c(kb, row), lane)};
        idx[1] = kb_c(kb, 0);
        MlirValue part = wb_vload(b, types[t], lds, 2, idx);
        run[t] = wb_arith(b, mlirTypeIsAFloat(kb->kacc) ? "arith.addf"
                                                         : "arith.addi",
                          run[t], part);
      }
    wb_if_else(b, &add, nsh, run);
    wb_if_end(b, &add, nsh, sum);
    for (int t = 0; t < nsh; ++t)
      sum[t] = mlirOperationGetResult(add.op, t);
  }
  wb_if ep;
  if (!wb_if_begin(b, &ep, first, 0, NULL, false))
    return -1;
  if (kb->p->gemms[0].M.value > 1) {
    rows_to_column_order(kb, w, sum, nsh, lds);
    fe_decode_finish(kb, w);
    wb_if_end(b, &ep, 0, NULL);
    return kb->failed ? -1 : 0;
  }
  /* Column order: tile j's row (lanes 0-15 of its slot) stored at column
   * W r + j, lane half h at 16 W h + column (half 1: rows that are zero). */
  MlirValue r_idx = wb_r_index(b), h_idx = wb_h_index(b);
  MlirValue half = kb_mulc(kb, h_idx, 16 * W);
  MlirValue c8 = kb_c(kb, 8);
  for (int j = 0; j < W; ++j) {
    MlirValue v = fe_decode_unshare(kb, sum, j);
    MlirValue col = kb_addc(kb, kb_mulc(kb, r_idx, W), j);
    MlirValue f = kb_add(kb, col, half);
    MlirValue idx[2] = {wb_arith(b, "arith.divui", f, c8)};
    idx[1] = wb_arith(b, "arith.remui", f, c8);
    wb_store(b, wb_extract(b, v, 0), lds, 2, idx);
  }
  fe_decode_acc_start(kb, w);
  MlirValue low = wb_cmpi(b, WB_CMP_EQ, h_idx, kb_c(kb, 0));
  for (int t = 0; t < nt; ++t) {
    MlirValue f = kb_addc(kb, r_idx, 16 * t);
    MlirValue idx[2] = {wb_arith(b, "arith.divui", f, c8)};
    idx[1] = wb_arith(b, "arith.remui", f, c8);
    MlirValue x = wb_load(b, lds, 2, idx);
    MlirType el = mlirShapedTypeGetElementType(types[0]);
    x = wb_select(b, low, x, wb_const_zero(b, el));
    MlirValue e[8];
    e[0] = x;
    for (int i = 1; i < 8; ++i)
      e[i] = wb_const_zero(b, el);
    MlirValue tile = wb_from_elements(b, 8, e, types[0]);
    w->acc[t] = wb_arith(b, mlirTypeIsAFloat(kb->kacc) ? "arith.addf"
                                                        : "arith.addi",
                         w->acc[t], tile);
  }
  fe_decode_finish(kb, w);
  wb_if_end(b, &ep, 0, NULL);
  return kb->failed ? -1 : 0;
}

static int build(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  if (s->combine)
    return fe_decode_build_combine(kb);
  const int S = split_of(s), nt = s->wave_m * s->wave_n;
  const int P = parts_of(s);
  fe_gemm_wave w;
  memset(&w, 0, sizeof w);
  if (g->nbatch)
    kb_batch_from_z(kb, g, kb_bid(kb, 2), w.batch);
  /* (Split across workgroups: block y is the K part, one row block.) */
  w.bm0 = w.m0 = P > 1 ? kb_c(kb, 0) : kb_mulc(kb, kb_bid(kb, 1), s->tile_m);
  w.bn0 = w.n0 = kb_mulc(kb, kb_bid(kb, 0), s->tile_n);
  w.form = FE_FORM_ACC;
  kb->b_col_step = fe_decode_wide_cols(kb->p, s);
  MlirValue slice = kb->wave;
  /* The slice's K range [k_lo, k_hi) (the iterations spread evenly), its
   * full 16-steps up to k_full: slice p S + wave of the P S (workgroup p of
   * a split). */
  const int U = s->k_step / 16;
  MlirValue kslice =
      P > 1 ? kb_add(kb, kb_mulc(kb, kb_bid(kb, 1), S), slice) : slice;
  MlirValue K = kb_size(kb, g->K);
  MlirValue k_lo, k_hi;
  fe_decode_k_range(kb, kslice, &k_lo, &k_hi);
  MlirValue kfull = fe_k_full(kb, g->K, 16);
  MlirValue k_end = min_index(kb, k_hi, kfull);
  fe_decode_acc_start(kb, &w);
  int na = fe_gemm_nacc(kb);
  const bool wide = kb->b_col_step > 1;
  const bool shared = wide && fe_decode_rows_shared(kb->p, s);
  if (shared)
    na = fe_decode_shared_accs(kb->p, s);
  /* Only slice 0 starts from the initial accumulator; with wide loads
   * (interleaved columns) every slice starts from zero and wave 0 adds the
   * initial accumulator to the sums in column order. */
  MlirValue first = wb_cmpi(b, WB_CMP_EQ, slice, kb_c(kb, 0));
  MlirValue acc[FE_MAX_WAVE_TILES], init[FE_MAX_WAVE_TILES];
  for (int t = 0; t < na; ++t) {
    MlirValue zero = wb_const_zero(b, mlirValueGetType(w.acc[t]));
    acc[t] = wide ? zero : wb_select(b, first, w.acc[t], zero);
  }
  /* Iterations of U steps (the grouped loads read once each), then the
   * slice's remaining whole steps one at a time. */
  MlirValue k_mid = k_lo;
  /* Slices within one scale group: the group's scales read once, shared
   * through LDS (before the loop: every wave meets the barrier once). */
  fe_decode_halves group_halves = {0};
  int group, share_bytes;
  const int sharers = fe_decode_group_sharers(kb->p, s, &group, &share_bytes);
  if (wide && U > 1 && sharers > 1 &&
      fe_decode_wide_group_halves(kb, w.batch, w.n0, kslice, sharers, group,
                                  &group_halves))
    return -1;
  if (U > 1) {
    MlirValue span = wb_arith(b, "arith.subi", k_end, k_lo);
    MlirValue steps = wb_arith(b, "arith.divui", span, kb_c(kb, 16 * U));
    k_mid = kb_add(kb, k_lo, kb_mulc(kb, steps, 16 * U));
    wb_loop l;
    if (!wb_for_begin(b, &l, k_lo, k_mid, kb_c(kb, 16 * U), na, acc))
      return -1;
    memcpy(acc, l.iter, sizeof(MlirValue) * (size_t)na);
    kb->k_base = l.iv;
    kb->k_span = 16 * U;
    fe_decode_halves halves = group_halves;
    if (wide && !halves.n)
      fe_decode_wide_halves(kb, w.batch, w.n0, &halves);
    for (int u = 0; u < U; ++u)
      k_step(kb, &w, kb_addc(kb, l.iv, 16 * u), acc, false, shared,
             &halves);
    kb->k_span = 0;
    wb_for_end(b, &l, na, acc);
    for (int t = 0; t < na; ++t)
      acc[t] = wb_loop_result(&l, t);
  }
  wb_loop l;
  if (!wb_for_begin(b, &l, k_mid, k_end, kb_c(kb, 16), na, acc))
    return -1;
  memcpy(acc, l.iter, sizeof(MlirValue) * (size_t)na);
  k_step(kb, &w, l.iv, acc, false, shared, NULL);
  wb_for_end(b, &l, na, acc);
  for (int t = 0; t < na; ++t)
    acc[t] = wb_loop_result(&l, t);
  if (s->k_tail) {
    /* The last partial step belongs to the slice holding k_full. */
    MlirValue partial = wb_cmpi(b, WB_CMP_ULT, kfull, K);
    MlirValue from_lo = wb_cmpi(b, WB_CMP_ULE, k_lo, kfull);
    MlirValue mine = wb_arith(b, "arith.andi", partial, from_lo);
    mine = wb_arith(b, "arith.andi", mine, wb_cmpi(b, WB_CMP_ULT, kfull, k_hi));
    MlirType types[FE_MAX_WAVE_TILES];
    MlirValue before[FE_MAX_WAVE_TILES];
    for (int t = 0; t < na; ++t)
      types[t] = mlirValueGetType(acc[t]);
    memcpy(before, acc, sizeof(MlirValue) * (size_t)na);
    wb_if tail;
    if (!wb_if_begin(b, &tail, mine, na, types, true))
      return -1;
    k_step(kb, &w, kfull, acc, true, shared, NULL);
    wb_if_else(b, &tail, na, acc);
    wb_if_end(b, &tail, na, before);
    for (int t = 0; t < na; ++t)
      acc[t] = mlirOperationGetResult(tail.op, t);
  }
  if (shared) {
    if (reduce_shared(kb, &w, acc, na, S))
      return -1;
    kb->b_col_step = 0;
    return kb->failed ? -1 : 0;
  }
  /* Partial sums through LDS, in rounds of `cap` slices (slot: slice -
   * first slice of the round, tile, lane): the round's waves store, one
   * barrier, wave 0 adds them in slice order; a barrier before the next
   * round reuses the slots.  Interleaved tiles are stored in column order:
   * tile (i, j), lane r + 16h holds column c = W r + j, stored as lane
   * c % 16 + 16h of tile (i, c / 16). */
  const int cap = reduce_capacity(S, nt, wide);
  const int r_first = wide ? 0 : 1;
  int64_t shape[2] = {(int64_t)cap * nt * 32, 8};
  MlirValue lds = kb_lds(kb, 2, shape, kb->kacc);
  MlirValue lane = wb_lane_index(b);
  MlirValue slot_of[FE_MAX_WAVE_TILES]; /* tile t's LDS row offset */
  for (int t = 0; t < na; ++t) {
    if (!wide) {
      slot_of[t] = kb_add(kb, kb_c(kb, 32 * t), lane);
      continue;
    }
    int i = t / s->wave_n, j = t % s->wave_n;
    MlirValue c = kb_addc(kb, kb_mulc(kb, wb_r_index(b), s->wave_n), j);
    MlirValue ct = wb_arith(b, "arith.divui", c, kb_c(kb, 16));
    MlirValue cl = wb_arith(b, "arith.remui", c, kb_c(kb, 16));
    MlirValue row = kb_add(kb, kb_mulc(kb, ct, 32), cl);
    row = kb_add(kb, row, kb_mulc(kb, wb_h_index(b), 16));
    slot_of[t] = kb_addc(kb, row, 32 * i * s->wave_n);
  }
  MlirType types[FE_MAX_WAVE_TILES];
  for (int t = 0; t < na; ++t)
    types[t] = mlirValueGetType(acc[t]);
  if (wide) {
    /* The initial accumulator built here, not live across the K loop. */
    fe_decode_acc_start(kb, &w);
    memcpy(init, w.acc, sizeof(MlirValue) * (size_t)na);
  }
  for (int r0 = r_first; r0 < S; r0 += cap) {
    int r1 = r0 + cap < S ? r0 + cap : S;
    if (r0 > r_first)
      wb_lds_barrier(b);
    MlirValue from_r0 = wb_cmpi(b, WB_CMP_ULE, kb_c(kb, r0), slice);
    MlirValue below_r1 = wb_cmpi(b, WB_CMP_ULT, slice, kb_c(kb, r1));
    MlirValue in_round = wb_arith(b, "arith.andi", from_r0, below_r1);
    wb_if st;
    if (!wb_if_begin(b, &st, in_round, 0, NULL, false))
      return -1;
    MlirValue base = kb_mulc(kb, kb_addc(kb, slice, -r0), nt * 32);
    for (int t = 0; t < na; ++t) {
      MlirValue idx[2] = {kb_add(kb, base, slot_of[t])};
      idx[1] = kb_c(kb, 0);
      wb_vstore(b, acc[t], lds, 2, idx);
    }
    wb_if_end(b, &st, 0, NULL);
    wb_lds_barrier(b);
    wb_if add;
    if (!wb_if_begin(b, &add, first, na, types, true))
      return -1;
    /* Wave 0 carries the running sum in acc once its own partial sums
     * are stored (the first round): they start from the initial
     * accumulator then with wide loads. */
    MlirValue sum[FE_MAX_WAVE_TILES];
    memcpy(sum, wide && r0 == r_first ? init : acc,
           sizeof(MlirValue) * (size_t)na);
    for (int r = r0; r < r1; ++r)
      for (int t = 0; t < na; ++t) {
        MlirValue idx[2] = {
            kb_add(kb, kb_c(kb, ((int64_t)(r - r0) * nt + t) * 32), lane)};
        idx[1] = kb_c(kb, 0);
        sum[t] = wb_arith(b, mlirTypeIsAFloat(kb->kacc) ? "arith.addf"
                                                         : "arith.addi",
                          sum[t], wb_vload(b, types[t], lds, 2, idx));
      }
    wb_if_else(b, &add, na, sum);
    wb_if_end(b, &add, na, acc);
    for (int t = 0; t < na; ++t)
      acc[t] = mlirOperationGetResult(add.op, t);
  }
  wb_if ep;
  if (!wb_if_begin(b, &ep, first, 0, NULL, false))
    return -1;
  memcpy(w.acc, acc, sizeof(MlirValue) * (size_t)na);
  fe_decode_finish(kb, &w);
  wb_if_end(b, &ep, 0, NULL);
  kb->b_col_step = 0;
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_decode = {"decode", plan, build};
