/* The templates' modelled cost (lib/FrontEnd/Schedule/Select.c,
 * fe_modelled_costs) charges the bank conflicts a plan's LDS layout costs:
 * on hand-made work with known answers, the conflicts' extra LDS cycles
 * are serialised on the busiest WGP (spread over its 2 CUs), a plan
 * without conflicts models exactly as before, and of two plans equal but
 * for their conflicts the conflict-free one is preferred
 * (fe_candidate_better) even where the old rule's tie-break would not see
 * the difference.
 *
 * RUN: wmma-model-cost-tests | FileCheck %s
 * CHECK-NOT: FAILED
 * CHECK: model cost: {{[0-9]+}} checks passed
 */
#include "FrontEnd.h"

#include "wmma/Layout/SpeedOfLight.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "unit-check.h"

static bool near(double a, double b) { return fabs(a - b) <= 1e-3 * fabs(b); }

/* 64 workgroups of 4 waves, little WMMA, LDS and DRAM work: the latency
 * bound (one round of 320 clocks plus a wave's WMMA) dominates until
 * conflicts are charged. */
static fe_grid_work light(wmma_instr instr, double conflicts) {
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.instr = instr;
  w.wmma = 64 * 4;
  w.workgroups = 64;
  w.waves_per_wg = 4;
  w.lds_read = w.lds_written = 64 * 1024;
  w.l2_bytes = w.dram_bytes = 65536;
  w.vgprs = 64;
  w.lds_bytes = 4096;
  w.sparse_instr = WMMA_SPARSE_COUNT;
  w.lds_conflicts = conflicts;
  return w;
}

static void on_chip(const char *name) {
  const wmma_chip_info *chip = wmma_chip_get(name);
  CHECK(chip && chip->largest, "a chip with a published part");
  if (!chip || !chip->largest)
    return;
  wmma_instr instr = wmma_instr_select(chip->arch, WMMA_ELEM_F16,
                                       WMMA_ELEM_F16, WMMA_ELEM_F32, 16, 16,
                                       16, NULL, 0);
  CHECK(instr != WMMA_INSTR_COUNT, "an f16 WMMA");
  const wmma_arch_traits *t = wmma_arch_traits_get(chip->arch);
  const wmma_sku_info *sku = chip->largest;
  double f = sku->boost_clock_mhz * 1e6;
  int wgps = sku->compute_units / t->cus_per_wgp;
  double busiest = ceil(64.0 / wgps); /* workgroups on the busiest WGP */

  fe_grid_work w0 = light(instr, 0);
  double simd0 = 0, t0 = fe_modelled_costs(chip, &w0, &simd0);
  CHECK(t0 > 0 && simd0 > 0, "the model applies");
  /* Zero conflicts: the same time as the counters without the field. */
  wmma_sol_counters c;
  memset(&c, 0, sizeof c);
  c.wmma[instr] = 256;
  c.workgroups = 64;
  c.waves = 256;
  c.lds_bytes_read = c.lds_bytes_written = 65536;
  c.global_bytes_loaded = 65536;
  c.global_instructions = 1;
  c.dram_bytes = 65536;
  wmma_sol_isa isa = {64, 0, 4096, 0};
  wmma_sol_result r;
  CHECK(wmma_speed_of_light(&c, &isa, sku, &r, NULL, 0) == 0, "model runs");
  CHECK(near(t0, r.boost.time), "no conflicts: the model's time unchanged");

  /* 6.4 million conflict cycles over 64 workgroups: 100000 per workgroup,
   * 50000 per CU of its WGP, times the busiest WGP's workgroups: the LDS
   * bound, far over the others. */
  double conflicts = 6.4e6;
  fe_grid_work w1 = light(instr, conflicts);
  double t1 = fe_modelled_costs(chip, &w1, NULL);
  double rd = 1024.0 / (t->lds_bytes_per_clk_per_cu * t->cus_per_wgp);
  double wr = 1024.0 / (t->lds_write_bytes_per_clk_per_cu * t->cus_per_wgp);
  double lds_rw = rd > wr ? rd : wr;
  double want = busiest * (lds_rw + conflicts / 64 / t->cus_per_wgp) / f;
  CHECK(near(t1, want), "conflicts: the LDS bound with their cycles");
  CHECK(t1 > 10 * t0, "conflicts dominate this plan");

  /* Two plans alike but for their conflicts, the conflicted one first:
   * the conflict-free plan wins on the modelled time, where the rule's
   * tie_cost (the same for both) could not tell them apart. */
  fe_schedule a, b;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  a.cost = t1;
  b.cost = t0;
  a.tie_cost = b.tie_cost = 100;
  CHECK(fe_candidate_better(&b, &a, true, FE_MODEL_MARGIN),
        "the conflict-free plan beats the conflicted one");
  CHECK(!fe_candidate_better(&a, &b, true, FE_MODEL_MARGIN),
        "the conflicted plan does not beat the conflict-free one");
  printf("%s: %.4g us without conflicts, %.4g us with %.0f\n", name,
         t0 * 1e6, t1 * 1e6, conflicts);
}

int main(void) {
  on_chip("gfx1100");
  on_chip("gfx1201");
  printf("model cost: %ld checks passed\n", g_checks - g_failures);
  return g_failures ? 1 : 0;
}
