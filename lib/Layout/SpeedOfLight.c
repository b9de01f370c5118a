/* The speed-of-light model (docs/speed-of-light/model.md): per resource, the
 * least time the counted work needs on a SKU, from the chip table's rates.
 *
 *  SIMD     WMMA issue cycles + VALU instructions / VALU rate (WMMA never
 *           co-executes with VALU on a SIMD, so the two add), on the
 *           busiest SIMD: workgroups are spread evenly over the WGPs, a
 *           workgroup's waves over its WGP's SIMDs (wave quantisation);
 *  LDS      bytes over the busiest WGP's read and write ports, plus the
 *           bank conflicts' extra cycles;
 *  DRAM     the bytes DRAM must move over the SKU's bandwidth;
 *  latency  a SIMD runs its waves in occupancy slots, each wave at least
 *           its own SIMD cycles plus one global latency.
 * The estimate is the largest bound. */
#include "wmma/Layout/SpeedOfLight.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int fail(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(char *why, size_t cap, const char *fmt, ...) {
  if (why && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static uint64_t ceil_div(uint64_t a, uint64_t b) { return b ? (a + b - 1) / b : 0; }

/* Waves per SIMD the ISA's VGPRs and LDS allow, and which limits it. */
static int occupancy(const wmma_chip_info *chip, const wmma_arch_traits *t,
                     const wmma_sol_isa *isa, int waves_per_wg,
                     const char **limit) {
  int occ = t->max_waves_per_simd;
  *limit = "waves per SIMD";
  if (isa && isa->vgprs > 0) {
    int g = chip->vgpr_alloc_granule > 0 ? chip->vgpr_alloc_granule : 1;
    int alloc = (isa->vgprs + g - 1) / g * g;
    int by_vgpr = chip->vgprs_per_simd / alloc;
    if (by_vgpr < occ)
      occ = by_vgpr, *limit = "VGPRs";
  }
  if (isa && isa->lds_bytes > 0) {
    /* Whole workgroups share the WGP's LDS; their waves its SIMDs. */
    int simds = t->simds_per_cu * t->cus_per_wgp;
    int wgs = t->lds_bytes_per_wgp / isa->lds_bytes;
    int by_lds = wgs * waves_per_wg / simds;
    if (by_lds < 1)
      by_lds = 1; /* one workgroup always fits (64 KiB of 128) */
    if (by_lds < occ)
      occ = by_lds, *limit = "LDS";
  }
  return occ > 0 ? occ : 1;
}

/* The clock-dependent bounds at mhz; DRAM time does not depend on it. */
static void at_clock(wmma_sol_at_clock *a, int mhz, double simd_wmma,
                     double simd_valu, double lds_cycles, double lat_cycles,
                     double dram_s, double wmma_pipe_cycles, double simds) {
  double hz = mhz * 1e6;
  a->clock_mhz = mhz;
  a->wmma_seconds = simd_wmma / hz;
  a->valu_seconds = simd_valu / hz;
  a->seconds[WMMA_SOL_SIMD] = a->wmma_seconds + a->valu_seconds;
  a->seconds[WMMA_SOL_LDS] = lds_cycles / hz;
  a->seconds[WMMA_SOL_DRAM] = dram_s;
  a->seconds[WMMA_SOL_LATENCY] = lat_cycles / hz;
  a->dominant = WMMA_SOL_SIMD;
  for (int b = 1; b < WMMA_SOL_BOUND_COUNT; ++b)
    if (a->seconds[b] > a->seconds[a->dominant])
      a->dominant = (wmma_sol_bound)b;
  a->time = a->seconds[a->dominant];
  a->wmma_peak_fraction =
      a->time > 0 ? wmma_pipe_cycles / (simds * a->time * hz) : 0;
  a->valu_busy_fraction = a->time > 0 ? a->valu_seconds / a->time : 0;
}

int wmma_speed_of_light(const wmma_sol_counters *c, const wmma_sol_isa *isa,
                        const wmma_sku_info *sku, wmma_sol_result *out,
                        char *why, size_t cap) {
  if (!c || !out)
    return fail(why, cap, "no counters");
  memset(out, 0, sizeof *out);
  const wmma_chip_info *chip = sku ? wmma_chip_get(sku->chip) : NULL;
  const wmma_arch_traits *t = chip ? wmma_arch_traits_get(chip->arch) : NULL;
  if (!t)
    return fail(why, cap, "no published limits for this chip");
  if (!c->waves || !c->workgroups)
    return fail(why, cap, "no waves ran");
  out->sku = sku;

  /* WMMA pipe cycles and operations, by type. */
  double pipe = 0, best = -1;
  out->main_wmma = WMMA_INSTR_COUNT;
  for (int i = 0; i < WMMA_INSTR_COUNT; ++i) {
    if (!c->wmma[i])
      continue;
    const wmma_instr_info *ii = wmma_instr_get((wmma_instr)i);
    int cycles = t->wmma_issue_cycles[i];
    if (!cycles)
      return fail(why, cap, "%s is not an instruction of %s", ii->isa_name,
                  sku->chip);
    double p = (double)c->wmma[i] * cycles;
    pipe += p;
    out->wmma_ops += 2.0 * ii->m * ii->n * ii->k * (double)c->wmma[i];
    if (p > best)
      best = p, out->main_wmma = (wmma_instr)i;
  }
  for (int i = 0; i < WMMA_SPARSE_COUNT; ++i) {
    if (!c->swmmac[i])
      continue;
    const wmma_sparse_info *si = wmma_sparse_get((wmma_sparse_instr)i);
    int bits = wmma_elem_bits(si->a);
    int cycles = bits == 16  ? t->swmmac_16bit_issue_cycles
                 : bits == 8 ? t->swmmac_8bit_issue_cycles
                             : t->swmmac_8bit_issue_cycles;
    if (!cycles)
      return fail(why, cap, "%s is not an instruction of %s", si->isa_name,
                  sku->chip);
    double p = (double)c->swmmac[i] * cycles;
    pipe += p;
    out->wmma_ops += 2.0 * si->m * si->n * (si->k / 2) * (double)c->swmmac[i];
  }
  double valu = (double)c->valu_instructions / t->valu_instr_per_clk_per_simd;

  /* Wave quantisation: workgroups over WGPs, their waves over its SIMDs. */
  int simds_per_wgp = t->simds_per_cu * t->cus_per_wgp;
  uint64_t wgps = (uint64_t)sku->compute_units / t->cus_per_wgp;
  if (wgps < 1)
    wgps = 1;
  uint64_t w = ceil_div(c->waves, c->workgroups);
  out->waves_per_workgroup = (int)w;
  out->busiest_wgp_workgroups = ceil_div(c->workgroups, wgps);
  out->busiest_simd_waves =
      ceil_div(out->busiest_wgp_workgroups * w, (uint64_t)simds_per_wgp);
  double simds = (double)sku->compute_units * t->simds_per_cu;
  out->quantisation = (double)c->waves / (simds * out->busiest_simd_waves);
  double n = (double)out->busiest_simd_waves;
  double per_wave_wmma = pipe / c->waves, per_wave_valu = valu / c->waves;

  /* LDS: the busiest WGP's workgroups through its ports (reads and writes
   * in parallel, 1R/1W per bank), conflicts serialising. */
  double per_wg_rd = (double)c->lds_bytes_read / c->workgroups;
  double per_wg_wr = (double)c->lds_bytes_written / c->workgroups;
  double rd = per_wg_rd / (t->lds_bytes_per_clk_per_cu * t->cus_per_wgp);
  double wr = per_wg_wr / (t->lds_write_bytes_per_clk_per_cu * t->cus_per_wgp);
  double conflicts =
      (double)c->lds_bank_conflicts / c->workgroups / t->cus_per_wgp;
  double lds = (double)out->busiest_wgp_workgroups * ((rd > wr ? rd : wr) +
                                                      conflicts);

  /* DRAM: the bytes it must move, at the published bandwidth. */
  uint64_t bytes = c->dram_bytes ? c->dram_bytes
                                 : c->global_bytes_loaded + c->global_bytes_stored;
  double dram = sku->dram_bytes_per_s > 0
                    ? (double)bytes / (double)sku->dram_bytes_per_s
                    : 0;

  /* Latency: occupancy slots of the busiest SIMD each run their waves one
   * after another, each at least its SIMD cycles and one global latency. */
  out->occupancy = occupancy(chip, t, isa, (int)w, &out->occupancy_limit);
  double lat = c->global_instructions ? WMMA_SOL_GLOBAL_LATENCY_CYCLES : 0;
  double generations =
      (double)ceil_div(out->busiest_simd_waves, (uint64_t)out->occupancy);
  double latency = generations * (per_wave_wmma + per_wave_valu + lat);

  at_clock(&out->boost, sku->boost_clock_mhz, n * per_wave_wmma,
           n * per_wave_valu, lds, latency, dram, pipe, simds);
  at_clock(&out->sustained, wmma_sku_sustained_clock_mhz(sku),
           n * per_wave_wmma, n * per_wave_valu, lds, latency, dram, pipe,
           simds);
  return 0;
}

const char *wmma_sol_bound_name(const wmma_sol_at_clock *at,
                                wmma_sol_bound b) {
  switch (b) {
  case WMMA_SOL_SIMD:
    return at && at->valu_seconds > at->wmma_seconds ? "VALU issue"
                                                      : "WMMA pipe";
  case WMMA_SOL_LDS:
    return "LDS bandwidth";
  case WMMA_SOL_DRAM:
    return "DRAM bandwidth";
  case WMMA_SOL_LATENCY:
    return "latency";
  default:
    return "?";
  }
}

typedef struct {
  char *buf;
  size_t cap, len;
} Out;

static void outf(Out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void outf(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  int k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
  va_end(ap);
  if (k > 0)
    o->len += (size_t)k;
}

/* Seconds in the unit that keeps 3 significant digits readable. */
static void time_text(Out *o, double s) {
  if (s >= 1)
    outf(o, "%.3g s", s);
  else if (s >= 1e-3)
    outf(o, "%.3g ms", s * 1e3);
  else
    outf(o, "%.3g us", s * 1e6);
}

/* What the time achieves: the WMMA peak's fraction, or for work without
 * WMMA (0% of that peak says nothing) the VALU's busy fraction. */
static void achieved(Out *o, int has_wmma, double wmma_frac, double valu_frac) {
  if (has_wmma)
    outf(o, "%.0f%% of WMMA peak", 100 * wmma_frac);
  else
    outf(o, "no WMMA, VALU busy %.0f%%", 100 * valu_frac);
}

/* "speed of light: T on PRODUCT at F MHz (boost), WHAT, N% of WMMA peak;
 * at F MHz (sustained): T, N%" (or "no sustained clock published"). */
static void headline(Out *o, const wmma_sku_info *sku, const char *what,
                     int has_wmma, int boost_mhz, double boost_time,
                     double boost_frac, double boost_valu, int sus_mhz,
                     double sus_time, double sus_frac, double sus_valu) {
  outf(o, "speed of light: ");
  time_text(o, boost_time);
  outf(o, " on %s at %d MHz (boost), %s, ", sku->product, boost_mhz, what);
  achieved(o, has_wmma, boost_frac, boost_valu);
  if (sus_mhz != boost_mhz) {
    outf(o, "; at %d MHz (sustained): ", sus_mhz);
    time_text(o, sus_time);
    outf(o, ", ");
    achieved(o, has_wmma, sus_frac, sus_valu);
  } else {
    outf(o, " (no sustained clock published)");
  }
}

size_t wmma_sol_format(const wmma_sol_result *r, char *buf, size_t cap) {
  Out o = {buf, cap, 0};
  if (cap)
    buf[0] = 0;
  if (!r || !r->sku)
    return 0;
  const wmma_sol_at_clock *b = &r->boost, *s = &r->sustained;
  char what[96];
  snprintf(what, sizeof what, "bound: %s", wmma_sol_bound_name(b, b->dominant));
  headline(&o, r->sku, what, r->wmma_ops > 0, b->clock_mhz, b->time,
           b->wmma_peak_fraction, b->valu_busy_fraction, s->clock_mhz, s->time,
           s->wmma_peak_fraction, s->valu_busy_fraction);
  outf(&o, "\n  bounds at boost: WMMA ");
  time_text(&o, b->wmma_seconds);
  outf(&o, " + VALU ");
  time_text(&o, b->valu_seconds);
  outf(&o, ", LDS ");
  time_text(&o, b->seconds[WMMA_SOL_LDS]);
  outf(&o, ", DRAM ");
  time_text(&o, b->seconds[WMMA_SOL_DRAM]);
  outf(&o, ", latency ");
  time_text(&o, b->seconds[WMMA_SOL_LATENCY]);
  outf(&o, "; occupancy %d waves/SIMD (%s); %d waves/workgroup, busiest "
           "SIMD %llu waves (quantisation %.0f%%)\n",
       r->occupancy, r->occupancy_limit, r->waves_per_workgroup,
       (unsigned long long)r->busiest_simd_waves, 100 * r->quantisation);
  return o.len;
}

static void program_at(wmma_sol_program_at_clock *p, const wmma_sol_result *l,
                       const int *modelled, int n, int sustained) {
  double busy = 0, valu = 0, slowest = -1;
  memset(p, 0, sizeof *p);
  p->slowest = -1;
  for (int i = 0; i < n; ++i) {
    if (!modelled[i])
      continue;
    const wmma_sol_at_clock *at = sustained ? &l[i].sustained : &l[i].boost;
    p->clock_mhz = at->clock_mhz;
    p->time += at->time;
    busy += at->wmma_peak_fraction * at->time;
    valu += at->valu_seconds;
    if (at->time > slowest) {
      slowest = at->time;
      p->slowest = i;
    }
  }
  p->wmma_peak_fraction = p->time > 0 ? busy / p->time : 0;
  p->valu_busy_fraction = p->time > 0 ? valu / p->time : 0;
}

int wmma_sol_program(const wmma_sol_result *launches, const int *modelled,
                     int n, wmma_sol_program_result *out) {
  if (!out)
    return -1;
  memset(out, 0, sizeof *out);
  if (!launches || !modelled || n <= 0)
    return -1;
  out->nlaunches = n;
  for (int i = 0; i < n; ++i)
    if (modelled[i]) {
      out->sku = launches[i].sku;
      ++out->nmodelled;
    }
  if (!out->nmodelled)
    return -1;
  program_at(&out->boost, launches, modelled, n, 0);
  program_at(&out->sustained, launches, modelled, n, 1);
  return 0;
}

size_t wmma_sol_program_format(const wmma_sol_program_result *p,
                               const wmma_sol_result *launches,
                               const int *modelled, const char *const *names,
                               char *buf, size_t cap) {
  Out o = {buf, cap, 0};
  if (cap)
    buf[0] = 0;
  if (!p || !p->sku || !launches || !modelled)
    return 0;
  const wmma_sol_program_at_clock *b = &p->boost, *s = &p->sustained;
  char what[96];
  snprintf(what, sizeof what, "program of %d launches (their bounds summed)",
           p->nlaunches);
  int has_wmma = 0;
  for (int i = 0; i < p->nlaunches; ++i)
    has_wmma |= modelled[i] && launches[i].wmma_ops > 0;
  headline(&o, p->sku, what, has_wmma, b->clock_mhz, b->time,
           b->wmma_peak_fraction, b->valu_busy_fraction, s->clock_mhz, s->time,
           s->wmma_peak_fraction, s->valu_busy_fraction);
  outf(&o, "\n");
  for (int i = 0; i < p->nlaunches; ++i) {
    outf(&o, "  launch %d (%s): ", i, names && names[i] ? names[i] : "?");
    if (!modelled[i]) {
      outf(&o, "did not run\n");
      continue;
    }
    const wmma_sol_at_clock *at = &launches[i].boost;
    time_text(&o, at->time);
    outf(&o, " at boost (%.0f%% of the program), bound: %s, ",
         b->time > 0 ? 100 * at->time / b->time : 0,
         wmma_sol_bound_name(at, at->dominant));
    achieved(&o, launches[i].wmma_ops > 0, at->wmma_peak_fraction,
             at->valu_busy_fraction);
    outf(&o, "; occupancy %d waves/SIMD (%s)\n", launches[i].occupancy,
         launches[i].occupancy_limit);
  }
  return o.len;
}
