/* Schedules: the cost rule every template uses to choose among its
 * configurations, and the choice among templates.
 *
 * The cost rule (a model, not a measurement; it only has to rank
 * configurations of one problem):
 *   wmma   = WMMA instructions the grid issues, padded tiles included
 *   bytes  = global bytes the grid requests (each workgroup reads its A and
 *            B panels once when staged through LDS, each wave reads its own
 *            panels when staged in registers, plus the output)
 *   busy   = min(workgroups, 2 * compute units)  (CUs kept busy; two
 *            resident workgroups per CU)
 *   cost   = max(wmma, bytes / 256) / busy
 * One WMMA occupies a CU for about as long as 256 bytes take to arrive from
 * L2 on RDNA3/RDNA4 (16x16x16 f16: 8192 flops, ~512 flops/cycle/CU, ~16
 * bytes/cycle/CU of L2 bandwidth).  Padding (tiles larger than the problem)
 * raises `wmma`; too few workgroups lower `busy`; register staging raises
 * `bytes`.  Dynamic sizes count as 1024.  A configuration is admissible only
 * if its estimated VGPRs fit FE_VGPR_BUDGET and its LDS fits the chip.
 *
 * The GEMM template ranks its configurations by the modelled time instead
 * (fe_modelled_cost): the speed-of-light model on the work a configuration
 * plans, which also sees wave quantisation over the WGPs, occupancy from
 * the estimated VGPRs and the LDS, and LDS bandwidth; the L2 term keeps
 * the rule's assumption above (256 bytes per WMMA issue time per CU: no
 * L2 bandwidth is published).  Within 5% of each other the rule's value
 * decides (Gemm.c), and where that ties too, the smaller modelled SIMD
 * bound (the work a DRAM bound hides at boost shows at lower clocks).
 * chain_lds ranks its row blocks the same way (ChainLds.c), chain_regs
 * its 4 or 8 waves (ChainRegs.c), and a chain both take goes to chain_lds
 * only where its modelled time is shorter by more than the margin
 * (choose_chain); decode attention its waves and KV split, attention
 * its keys per block (AttentionCost.c), the VALU template its block per
 * thread and its rows kernel's lanes per output, the reduction template
 * its lanes per row, columns and row groups (PlainCost.c), and a
 * depthwise convolution with a channel multiplier its VALU or GEMM kernel
 * (DepthwiseChoice.c, with FE_TEMPLATE_MARGIN); the elementwise template
 * plans one configuration by hand.
 *
 * Templates are tried in a fixed order of preference (kTemplates); the first
 * that applies builds the kernel. */
#include "FrontEnd.h"

#include "wmma/Layout/SpeedOfLight.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int fe_waves(const fe_schedule *s) { return s->waves_m * s->waves_n; }

int64_t fe_estimate(fe_size s) { return fe_size_static(s) ? s.value : 1024; }

/* A depthwise convolution with a channel multiplier keeps its pixel loops
 * apart at run-time sizes (ProblemCollapse.c): M is one output row's
 * columns, the rows and the batch are batch loops.  Estimated at 1024, M
 * leads the rule to 128-row tiles, 8x the WMMAs of a 16-column row (2 x
 * 33 x 33 x 24, stride 2: 9216 against 1536).  A tile's rows past the
 * width are padding, and a row shorter than the tile pads it all; rows
 * of 16 (one WMMA's) pad at most 15 per output row at any width, and a
 * wide row costs them only the filter panel (K x N, read once per 16
 * columns) again.  So the rule sees a width of one WMMA's rows, the same
 * for the GEMM and the VALU problem of the function (DepthwiseChoice.c
 * compares their values). */
int64_t fe_estimate_m(const fe_problem *p, fe_size m) {
  if (fe_size_static(m) || !p->g.nconvs || p->g.convs[0].chan >= 0 ||
      p->g.prods[p->gemms[0].prod].combine)
    return fe_estimate(m);
  return FE_ROW_ESTIMATE;
}

double fe_cost(const wmma_chip_info *chip, double workgroups, double wmma,
               double bytes) {
  double busy = workgroups < 2.0 * chip->compute_units
                    ? workgroups
                    : 2.0 * chip->compute_units;
  if (busy < 1)
    busy = 1;
  double mem = bytes / 256.0;
  return (wmma > mem ? wmma : mem) / busy;
}

int fe_model_choose(const double *t, const double *simd, const bool *skip,
                    int n, int old) {
  return fe_model_choose_margin(t, simd, skip, n, old, FE_MODEL_MARGIN);
}

int fe_model_choose_margin(const double *t, const double *simd,
                           const bool *skip, int n, int old, double margin) {
  int best = old;
  for (int i = 0; i < n; ++i)
    if (i != old && !(skip && skip[i]) &&
        (t[i] < t[best] * (1 - 1e-9) ||
         (simd && t[i] <= t[best] * (1 + 1e-9) && simd[i] < simd[best])))
      best = i;
  return t[old] <= t[best] * (1 + margin) ? old : best;
}

bool fe_candidate_better(const fe_schedule *s, const fe_schedule *best,
                         bool found, double margin) {
  if (!found)
    return true;
  if (fabs(s->cost - best->cost) > margin * best->cost)
    return s->cost < best->cost;
  if (fabs(s->tie_cost - best->tie_cost) > 1e-9 * best->tie_cost)
    return s->tie_cost < best->tie_cost;
  /* Both at the DRAM bound, say: the less SIMD work the DRAM time hides,
   * which a lower clock or a VALU count the template does not know would
   * expose (i8 2048x2048x1024 on gfx1201: 256x128 tiles halve 128x128's
   * transposing WMMAs, modelled 83% of the peak at the sustained clock
   * against 77% from the emulator's counts). */
  if (s->cost_simd > 0 && best->cost_simd > 0 &&
      fabs(s->cost_simd - best->cost_simd) > 1e-9 * best->cost_simd)
    return s->cost_simd < best->cost_simd;
  /* Equal again (chain_lds row blocks of the same grid and WMMAs): the
   * fewer bytes moved. */
  return s->tie_bytes > 0 && best->tie_bytes > 0 &&
         s->tie_bytes < best->tie_bytes * (1 - 1e-9);
}

void fe_explain_candidate(const fe_problem *p, const char *name,
                          const fe_schedule *s, const char *what) {
  fe_remark(p->loc, "%s %s: staging = %s, tile = [%d, %d, %d], waves = "
                    "[%d, %d]: modelled %.4g us (rule %.4g)",
            name, what, s->staging == FE_STAGE_LDS ? "lds" : "registers",
            s->tile_m, s->tile_n, s->k_step, s->waves_m, s->waves_n,
            s->cost * 1e6, s->tie_cost);
}

double fe_modelled_cost(const wmma_chip_info *chip, const fe_grid_work *w) {
  return fe_modelled_costs(chip, w, NULL);
}

double fe_modelled_costs(const wmma_chip_info *chip, const fe_grid_work *w,
                         double *simd) {
  const wmma_sku_info *sku = chip->largest;
  if (simd)
    *simd = 0;
  const wmma_arch_traits *t = wmma_arch_traits_get(chip->arch);
  if (!sku || !t || !t->wmma_issue_cycles[w->instr])
    return fe_cost(chip, w->workgroups, w->wmma, w->l2_bytes);
  wmma_sol_counters c;
  memset(&c, 0, sizeof c);
  c.wmma[w->instr] = (uint64_t)w->wmma;
  c.valu_instructions = w->valu > 0 ? (uint64_t)w->valu : 0;
  c.workgroups = w->workgroups < 1 ? 1 : (uint64_t)w->workgroups;
  c.waves = c.workgroups * (uint64_t)(w->waves_per_wg > 0 ? w->waves_per_wg : 1);
  /* Waves that exit at once take no SIMD time: only those with work are
   * spread over the SIMDs (register staging's waves past M or N). */
  if (w->waves_with_work >= 1 && w->waves_with_work < (double)c.waves)
    c.waves = (uint64_t)w->waves_with_work;
  c.lds_bytes_read = (uint64_t)w->lds_read;
  c.lds_bytes_written = (uint64_t)w->lds_written;
  c.lds_bank_conflicts = w->lds_conflicts > 0 ? (uint64_t)w->lds_conflicts : 0;
  c.global_bytes_loaded = (uint64_t)w->l2_bytes;
  c.global_instructions = 1; /* every grid loads: the latency term counts */
  c.dram_bytes = w->dram_bytes > 1 ? (uint64_t)w->dram_bytes : 1;
  if (w->swmmac > 0 && w->sparse_instr < WMMA_SPARSE_COUNT)
    c.swmmac[w->sparse_instr] = (uint64_t)w->swmmac;
  wmma_sol_isa isa = {w->vgprs, 0, w->lds_bytes, 0};
  wmma_sol_result r;
  if (wmma_speed_of_light(&c, &isa, sku, &r, NULL, 0))
    return fe_cost(chip, w->workgroups, w->wmma, w->l2_bytes);
  /* L2: 256 bytes per WMMA issue time per CU (the rule's assumption). */
  double l2_per_clk = 256.0 * t->simds_per_cu / t->wmma_issue_cycles[w->instr];
  double l2 = w->l2_bytes /
              (l2_per_clk * sku->compute_units * sku->boost_clock_mhz * 1e6);
  if (simd)
    *simd = r.boost.seconds[WMMA_SOL_SIMD];
  return r.boost.time > l2 ? r.boost.time : l2;
}

/* In order of preference: a chain keeps its intermediate in registers
 * whenever that template applies; the GEMM template takes single products;
 * the elementwise template (no WMMA) functions without any product, the
 * reduction template functions whose result reads reductions but no
 * product, and the VALU template the products no WMMA instruction takes.
 * Each template picks its own configuration by the cost rule. */
static const fe_template *const kTemplates[] = {
    &fe_template_decode_attention, /* attention with <= 16 queries per head */
    &fe_template_attention,
    &fe_template_chain_regs,
    &fe_template_chain_lds,
    &fe_template_gemm_sparse, /* a 2:4 sparse A: this one or none */
    &fe_template_decode, /* skinny GEMMs whose grid would starve the CUs */
    &fe_template_gemm,
    &fe_template_elementwise,
    &fe_template_reduction,
    &fe_template_valu, /* only for what no WMMA takes (FE_SHAPE_VALU) */
};

/* A pinned schedule: its template plans exactly the pin's choices, and the
 * result must be the pin. */
static int select_pinned(const fe_problem *p, const wmma_chip_info *chip,
                         const fe_options *o, const fe_template **t,
                         fe_schedule *s, char *why, size_t cap) {
  const char *name = o->pin.template_name;
  *t = NULL;
  for (size_t i = 0; i < sizeof kTemplates / sizeof kTemplates[0]; ++i)
    if (!strcmp(kTemplates[i]->name, name))
      *t = kTemplates[i];
  if (!*t)
    return fe_why(why, cap, "the pinned schedule names an unknown template "
                            "'%s'", name);
  if ((p->ngemms > 0 && p->gemms[0].a_sparse) !=
      (*t == &fe_template_gemm_sparse))
    return fe_why(why, cap, "the pinned template '%s' does not take %s",
                  name, *t == &fe_template_gemm_sparse
                            ? "dense operands"
                            : "a 2:4 sparse A (gemm_sparse does)");
  memset(s, 0, sizeof *s);
  char r[FE_WHY] = "";
  if ((*t)->plan(p, chip, o, s, r, sizeof r))
    return fe_why(why, cap, "the pinned %s schedule does not fit: %s", name,
                  r[0] ? r : "the template is for another kind of function");
  wmma_schedule_desc got;
  fe_schedule_desc(s, &got);
  if (fe_schedule_match(&o->pin, &got, r, sizeof r))
    return fe_why(why, cap, "the pinned %s schedule does not fit: %s", name,
                  r);
  return 0;
}

/* Does a product read an operand as masked loads of a padded copy's
 * source?  The GEMM template (register staging: kb_operand_tile; LDS
 * staging: fe_lds_copy_load) and the decode template mask them. */
static bool reads_padded(const fe_problem *p) {
  for (int i = 0; i < p->ngemms; ++i)
    if (p->gemms[i].lhs.padded || p->gemms[i].rhs.padded)
      return true;
  return false;
}

/* Does a product have two K loops?  Only the GEMM template's register
 * staging iterates the outer one around its K loop (Gemm.c). */
static bool has_kouter(const fe_problem *p) {
  for (int i = 0; i < p->ngemms; ++i)
    if (p->gemms[i].has_kouter)
      return true;
  return false;
}

/* Attention's templates run the softmax and both products in f32; a
 * program whose products are to accumulate in their 16-bit output types
 * (native accumulation) is not that kernel. */
static bool attention_in_f32(const fe_problem *p) {
  for (int i = 0; i < p->ngemms; ++i)
    if (!mlirTypeIsAF32(p->gemms[i].kacc_type))
      return false;
  return true;
}

/* A chain both chain templates can build: chain_regs (preferred: its
 * intermediate never leaves registers) unless chain_lds's modelled time is
 * shorter by more than FE_MODEL_MARGIN (both templates' s->cost are the
 * modelled times of their whole grids); explain-cost names both and the
 * choice. */
static void choose_chain(const fe_problem *p, const wmma_chip_info *chip,
                         const fe_options *o, const fe_template **t,
                         fe_schedule *s) {
  if (*t != &fe_template_chain_regs)
    return;
  fe_schedule lds;
  memset(&lds, 0, sizeof lds);
  char r[FE_WHY] = "";
  fe_options quiet = *o; /* its row blocks' remarks would bury the choice */
  quiet.explain_cost = false;
  if (fe_template_chain_lds.plan(p, chip, &quiet, &lds, r, sizeof r))
    return;
  bool take = lds.cost < s->cost * (1 - FE_MODEL_MARGIN);
  if (o->explain_cost)
    fe_remark(p->loc, "chain template: chain_regs modelled %.4g us, "
                      "chain_lds modelled %.4g us: %s",
              s->cost * 1e6, lds.cost * 1e6,
              take ? "chain_lds" : "chain_regs");
  if (take) {
    *s = lds;
    *t = &fe_template_chain_lds;
  }
}

int fe_select(const fe_problem *p, const wmma_chip_info *chip,
              const fe_options *o, const fe_template **t, fe_schedule *s,
              char *why, size_t cap) {
  fe_options registers;
  if (p->shape == FE_SHAPE_ATTENTION && !attention_in_f32(p))
    return fe_why(why, cap, "attention accumulates both products and runs "
                            "its softmax in f32; with native accumulation "
                            "its 16-bit products accumulate in their own "
                            "type, which the attention kernel does not");
  if (reads_padded(p) && o->pinned && strcmp(o->pin.template_name, "gemm") &&
      strcmp(o->pin.template_name, "decode"))
    return fe_why(why, cap, "an operand read through tensor.pad takes the "
                            "gemm or decode template only (masked loads)");
  if (has_kouter(p)) {
    const char *what = "a product with two K loops";
    if (o->pinned && strcmp(o->pin.template_name, "gemm"))
      return fe_why(why, cap, "%s takes the gemm template only (register "
                              "loads)",
                    what);
    if (o->staging == WMMA_STAGING_LDS ||
        (o->pinned && o->pin.staging == WMMA_SCHED_LDS))
      return fe_why(why, cap, "%s is loaded into registers, not staged in "
                              "LDS",
                    what);
    registers = *o;
    registers.staging = WMMA_STAGING_REGISTERS;
    o = &registers;
  }
  if (o->pinned)
    return select_pinned(p, chip, o, t, s, why, cap);
  size_t n = sizeof kTemplates / sizeof kTemplates[0];
  char reasons[3 * FE_WHY] = "";
  for (size_t i = 0; i < n; ++i) {
    /* The VALU template takes only what no WMMA takes; listing it among
     * the reasons of a WMMA problem would say nothing. */
    if (kTemplates[i] == &fe_template_valu && p->shape != FE_SHAPE_VALU)
      continue;
    /* A dense template would read the compressed values as the matrix. */
    bool sparse = p->ngemms > 0 && p->gemms[0].a_sparse;
    if (sparse != (kTemplates[i] == &fe_template_gemm_sparse))
      continue;
    if ((reads_padded(p) || has_kouter(p)) &&
        kTemplates[i] != &fe_template_gemm)
      continue;
    memset(s, 0, sizeof *s);
    char r[FE_WHY] = "";
    if (kTemplates[i]->plan(p, chip, o, s, r, sizeof r) == 0) {
      *t = kTemplates[i];
      choose_chain(p, chip, o, t, s);
      return 0;
    }
    /* An empty reason: the template is for another kind of function (a
     * plain template for one without products); not worth a mention. */
    if (!r[0])
      continue;
    size_t len = strlen(reasons);
    snprintf(reasons + len, sizeof reasons - len, "%s%s: %s",
             len ? "; " : "", kTemplates[i]->name, r);
  }
  *t = NULL;
  if (!reasons[0])
    return fe_why(why, cap, "no kernel template is for this kind of "
                            "function");
  return fe_why(why, cap, "no kernel template applies (%s)", reasons);
}

void fe_set_native_accumulation(fe_problem *p, const fe_options *fo) {
  /* Native accumulation: 16-bit outputs accumulate in their own type (the
   * option's choice, or the pin's accumulator). */
  bool native = fo->pinned ? wb_type_bits(fo->pin.accumulator) == 16 &&
                                 mlirTypeIsAFloat(fo->pin.accumulator)
                           : fo->accumulate == WMMA_ACCUMULATE_NATIVE;
  if (native)
    for (int i = 0; i < p->ngemms; ++i)
      if (mlirTypeIsAF16(p->gemms[i].acc_type) ||
          mlirTypeIsABF16(p->gemms[i].acc_type))
        p->gemms[i].kacc_type = p->gemms[i].acc_type;
}
