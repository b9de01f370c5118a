/* The decode template's plan by the modelled time.
 *
 * The byte rule (DecodeSplit.c) admits, per column tiles per wave W and
 * workgroups along K P, the fewest waves along K S giving the launch 8
 * waves per CU.  Bytes alone left plans of equal traffic apart by 2-3x
 * in wave instructions: f16 weights at W = 16 miss the wide loads (a
 * lane's 16 columns of 8 K rows: 256 bytes a step, past DecodeWide.c's
 * 128) and gather each B fragment element by element, so 4096 x 4096 at
 * M = 1 ran 3.16M instructions on gfx1201 where W = 8 runs 1.18M.  Here
 * each candidate is charged its wave instructions
 *
 *   WMMAs + a wave_steps + i wave_iterations + b plain_tile_steps
 *         + o prologue_ops tile_steps + r reduced_tiles
 *
 * (a wave step: one 16-deep K step of a wave, its activation fragment and
 * the wide weight rows; an iteration: U steps with the grouped loads;
 * a plain tile step: a B fragment gathered without the wide loads; the
 * prologue's per-element unpack; a reduced tile: one accumulator of one
 * slice through LDS), fitted per architecture to the emulator's counts
 * of pinned plans of the 4096 x 4096 layers of bench/llm.py (f16 and
 * W4A16 g128, M = 1), and both
 * launches go through the speed-of-light model (fe_modelled_costs): the
 * instructions as its VALU term, the WMMAs, the activations once per
 * column block and the partials from the L2, each buffer once from DRAM,
 * the split's combine a second launch.  The caller takes the shortest
 * time among the candidates within the byte bound, the fewer modelled
 * instructions where times are equal (both DRAM bound).  Weights the fit
 * does not cover (an unpacked prologue: W8A16, fp8) keep the byte rule's
 * choice: its counts there are off by up to 2x (W8A16 at 4 tiles on
 * gfx1201: 1.01M modelled, 2.08M counted), and on gfx1100 it would move
 * fp8 at M = 4 from 16 tiles x 3 workgroups to 4 tiles (3.60M -> 4.14M
 * instructions, 17.7 -> 19.1 MB). */
#include "FrontEnd.h"
#include "Schedule/DecodeCost.h"
#include "Templates/DecodeWide.h"

#include <string.h>

typedef struct {
  double step, iter, plain, op, reduce;
} decode_coeffs;

/* Least-squares fits (see above) to 11 pinned plans on gfx1201 and 10 on
 * gfx1100 (f16 and W4A16 at M = 1; W = 4, 8, 16; S P from 8 to 48):
 * within 14% of each count.  RDNA3's B fragments go through its compact
 * layout and v_permlanex16 (more per iteration and per reduced tile). */
static const decode_coeffs kRdna4 = {33.4, 81.5, 34.6, 1.17, 38.5};
static const decode_coeffs kRdna3 = {22.7, 181.8, 38.4, 2.96, 79.8};

/* Elementwise ops in the weights' prologue: the per-value unpack. */
static fe_walk count_ops(const fe_graph *g, int n, void *ud) {
  if (g->nodes[n].kind == FE_OP)
    ++*(int *)ud;
  return FE_WALK_NEXT;
}

void fe_decode_model(const fe_problem *p, const wmma_chip_info *chip,
                     fe_decode_choice *c) {
  const fe_gemm *g = &p->gemms[0];
  const decode_coeffs *k =
      chip->arch == WMMA_ARCH_RDNA3 ? &kRdna3 : &kRdna4;
  double K = (double)fe_estimate(g->K), N = (double)fe_estimate(g->N);
  double M = (double)g->M.value;
  double B = fe_decode_blocks(g, 1) / (double)((int64_t)(N + 15) / 16);
  int wave_m = (int)((g->M.value + 15) / 16);
  fe_schedule s;
  memset(&s, 0, sizeof s);
  s.wave_m = wave_m;
  s.wave_n = c->wave_n;
  s.acc_pack = 1;
  s.n_tail = !fe_size_static(g->N) || g->N.value % (16 * c->wave_n);
  c->wide = fe_decode_wide_cols(p, &s) > 1;
  int nacc = c->wide && fe_decode_rows_shared(p, &s)
                 ? fe_decode_shared_accs(p, &s)
                 : wave_m * c->wave_n;
  int ops = 0;
  fe_graph_visit(&p->g, g->rhs.node, 0, count_ops, NULL, &ops);
  double blocks = fe_decode_blocks(g, c->wave_n);
  double ksteps = (double)(int64_t)((K + 15) / 16);
  double tile_steps = blocks * wave_m * c->wave_n * ksteps;
  double wave_steps = blocks * ksteps;
  double slices = (double)c->split * c->parts;
  c->instr = tile_steps + k->step * wave_steps +
             k->iter * wave_steps / c->unroll +
             (c->wide ? 0 : k->plain * tile_steps) +
             k->op * ops * tile_steps + k->reduce * blocks * slices * nacc;
  /* Bytes: the weights (and scales) once from DRAM, the activations once
   * per column block and the partials from the L2 (c->bytes). */
  double act = M * K * wb_type_bits(g->a_type) / 8.0 * B;
  double out = M * N * wb_type_bits(g->kacc_type) / 8.0 * B;
  double part = c->parts > 1 ? c->parts * out : 0;
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.instr = c->instr_kind;
  w.wmma = tile_steps;
  w.valu = c->instr - tile_steps;
  w.workgroups = blocks * c->parts;
  w.waves_per_wg = c->split;
  w.lds_written = w.lds_read = blocks * slices * nacc * 32 * 8 * 4;
  w.l2_bytes = c->weights + c->bytes;
  w.dram_bytes = c->weights + act + (part ? part : out);
  w.vgprs = nacc * 8 + (wave_m + 2) * 8 + 32;
  w.lds_bytes = 32768;
  double simd1 = 0, simd2 = 0;
  c->time = fe_modelled_costs(chip, &w, &simd1);
  if (c->parts > 1) {
    /* The combine: one wave per 16-column tile adds the P partials. */
    fe_grid_work m;
    memset(&m, 0, sizeof m);
    m.instr = c->instr_kind;
    m.workgroups = B * (double)(int64_t)((N + 15) / 16) * wave_m;
    m.waves_per_wg = 1;
    m.valu = m.workgroups * (c->parts * 8.0 * 2 + 32);
    m.l2_bytes = part;
    m.dram_bytes = part + out;
    m.vgprs = wave_m * 16 + 32;
    c->instr += m.valu;
    c->time += fe_modelled_costs(chip, &m, &simd2);
  }
  c->simd = simd1 + simd2;
}

bool fe_decode_model_fitted(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  int ops = 0;
  fe_graph_visit(&p->g, g->rhs.node, 0, count_ops, NULL, &ops);
  return ops == 0 || g->rhs.k_pack > 1;
}

void fe_decode_explain(const fe_problem *p, const fe_decode_choice *c,
                       const char *what, bool old) {
  fe_remark(p->loc, "decode %s: column tiles = %d, waves along K = %d, "
                    "workgroups along K = %d%s: %.0f bytes beyond the "
                    "weights, %.4g wave instructions, modelled %.4g us "
                    "(SIMD %.4g us)%s",
            what, c->wave_n, c->split, c->parts,
            c->wide ? " (wide loads)" : "", c->bytes, c->instr,
            c->time * 1e6, c->simd * 1e6, old ? ", the byte rule's" : "");
}
