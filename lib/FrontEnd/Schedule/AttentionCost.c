/* The attention templates' choices by the modelled time.
 *
 * Decode attention (Templates/DecodeAttention.c) splits a KV sequence
 * across the S waves of a workgroup and, with few heads, across P
 * workgroups whose partials a second launch merges.  The old rule took the
 * fewest waves, then workgroups, giving the launch 8 waves per CU of the
 * chip's largest part.  Here every (S, P) the template can build -- S a
 * power of two up to its maximum with at least the rule's blocks per
 * wave, P a power of two or the rule's, no more slices than blocks of a
 * static length, the merge's LDS within the chip -- is charged its work:
 * both products' WMMAs, the VALU per key block and per merged partial
 * (fitted to the emulator's counts, below), the merge's and Q^T's LDS bytes, K and V from the L2 once
 * per query token and from DRAM once, the split's partials written and
 * read back, occupancy from the VGPRs and LDS; the split's combine is a
 * second launch modelled on its own (its latency too) and added.  Within
 * FE_MODEL_MARGIN of the shortest the old rule's choice stays; else the
 * shortest (equal times: the smaller SIMD bound). */
#include "FrontEnd.h"
#include "Schedule/AttentionCost.h"
#include "Templates/Attention.h"

#include <math.h>
#include <string.h>

/* VALU per 16-key block and wave, per merge of two partials in LDS and
 * per partial the combine adds, as the emulator counts them (its IR
 * count, what the model's VALU term reads): the softmax, P^T's relayout
 * and the O^T rescale, but mostly the per-lane addresses and masks of K's
 * and V's loads, one set per 16x16 tile of either.  Fitted to the
 * emulator's counts of the d = 128 GQA step (2 KV heads, 2048 keys) on
 * gfx1100 with 4 waves x 4 workgroups and 16 x 24: 812 per block, 377
 * per merge, 290 per combined partial. */
static double block_valu(int nd, int ndv) { return 20.0 + 50.0 * (nd + ndv); }
static double merge_valu(int ndv) { return 42.0 * (ndv + 1); }
static double combine_valu(int ndv) { return 32.0 * (ndv + 1); }

static double slot_bytes(int ndv) { return (double)(ndv + 1) * 32 * 8 * 4; }

#define MAX_CANDS 128

/* fe_model_choose over schedules cs[0..n) (n <= MAX_CANDS, cs[0] the old
 * rule's). */
static int choose(const fe_schedule *cs, int n, const bool *skip) {
  double t[MAX_CANDS], simd[MAX_CANDS];
  for (int i = 0; i < n; ++i) {
    t[i] = cs[i].cost;
    simd[i] = cs[i].cost_simd;
  }
  return fe_model_choose(t, simd, skip, n, 0);
}

typedef struct {
  int S, P;
  double t1, t2; /* the launches' modelled times (t2: the combine, or 0) */
} dattn_cand;

static void model(const wmma_chip_info *chip, const fe_dattn_shape *sh,
                  int fb4, int64_t lds, dattn_cand *c, fe_schedule *s) {
  const int S = c->S, P = c->P;
  const int nd = sh->d / 16, ndv = sh->dv / 16;
  double W = sh->wgs * P, slot = slot_bytes(ndv), qb = (double)nd * 32 * fb4;
  double kv = sh->wgs * sh->blocks * 16 * (sh->d + sh->dv) * sh->eb;
  double q = W * sh->group * sh->d * sh->eb; /* each workgroup reads Q */
  double out = sh->wgs * sh->group * sh->dv * 4.0;
  double ws = P > 1 ? W * slot : 0;
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.instr = sh->instr;
  w.wmma = sh->wgs * sh->blocks * (nd + ndv);
  w.valu = sh->wgs * sh->blocks * block_valu(nd, ndv) +
           W * (S - 1) * merge_valu(ndv);
  w.workgroups = W;
  w.waves_per_wg = S;
  /* Slices past a static length's blocks are empty: their waves exit. */
  if (sh->static_keys && W * S > sh->wgs * sh->blocks)
    w.waves_with_work = sh->wgs * sh->blocks;
  w.lds_written = S > 1 ? W * ((S - 1) * slot + qb) : 0;
  w.lds_read = S > 1 ? W * ((S - 1) * slot + S * qb) : 0;
  w.l2_bytes = kv + q + ws;
  w.dram_bytes = sh->kv_heads * sh->blocks * 16 * (sh->d + sh->dv) * sh->eb +
                 q + (P > 1 ? ws : out);
  w.vgprs = sh->vgprs;
  w.lds_bytes = (int)lds;
  double simd1 = 0, simd2 = 0;
  c->t1 = fe_modelled_costs(chip, &w, &simd1);
  c->t2 = 0;
  if (P > 1) {
    /* The combine: one wave per workgroup of the first launch merges the
     * P partials (read back from DRAM: the L2 is cold at each launch). */
    fe_grid_work m;
    memset(&m, 0, sizeof m);
    m.instr = sh->instr;
    m.workgroups = sh->wgs;
    m.waves_per_wg = 1;
    m.valu = sh->wgs * P * combine_valu(ndv);
    m.l2_bytes = ws;
    m.dram_bytes = ws + out;
    m.vgprs = 64;
    c->t2 = fe_modelled_costs(chip, &m, &simd2);
  }
  memset(s, 0, sizeof *s);
  s->cost = c->t1 + c->t2;
  s->cost_simd = simd1 + simd2;
  /* The global bytes both launches load (tie_bytes): K and V, Q per
   * workgroup, the partials read back. */
  s->tie_bytes = kv + q + ws;
}

static void remark(const fe_problem *p, const dattn_cand *c, bool old,
                   const char *what) {
  fe_remark(p->loc, "decode_attention %s: waves = %d, kv split = %d: "
                    "modelled %.4g us (%.4g + combine %.4g)%s",
            what, c->S, c->P, (c->t1 + c->t2) * 1e6, c->t1 * 1e6,
            c->t2 * 1e6, old ? ", the old rule's" : "");
}


int fe_dattn_choose(const fe_problem *p, const wmma_chip_info *chip,
                    const fe_options *o, const fe_dattn_shape *sh,
                    int fb4, int64_t lds_cap, fe_dattn_lds_fn lds,
                    int *waves, int *split) {
  const int nd = sh->d / 16, ndv = sh->dv / 16;
  dattn_cand c[MAX_CANDS];
  fe_schedule cs[MAX_CANDS];
  int n = 0;
  /* The old rule's choice first (always a candidate). */
  c[0] = (dattn_cand){*waves, *split, 0, 0};
  model(chip, sh, fb4, lds(*waves, ndv, nd, fb4), &c[0], &cs[0]);
  n = 1;
  for (int S = 1; S <= sh->max_waves; S *= 2) {
    if (S > 1 && sh->blocks / S < sh->min_blocks_per_wave)
      break;
    int64_t l = lds(S, ndv, nd, fb4);
    if (l > lds_cap)
      continue;
    double need = 8.0 * chip->compute_units; /* the old rule's P for S */
    int rule_p = (int)ceil(need / (sh->wgs * S));
    int ps[16], np = 0;
    for (int P = 1; P <= sh->max_split; P *= 2)
      ps[np++] = P;
    if (rule_p > 1 && rule_p <= sh->max_split && (rule_p & (rule_p - 1)))
      ps[np++] = rule_p;
    for (int i = 0; i < np && n < MAX_CANDS; ++i) {
      int P = ps[i];
      if (sh->static_keys && P > 1 && (double)P * S > sh->blocks)
        continue;
      if (S == c[0].S && P == c[0].P)
        continue;
      c[n] = (dattn_cand){S, P, 0, 0};
      model(chip, sh, fb4, l, &c[n], &cs[n]);
      ++n;
    }
  }
  /* The shortest modelled time (equal: the smaller SIMD bound); the old
   * rule's choice where it is within the margin of it. */
  /* Loads beyond 1.1x the least (K and V once, Q once) are not taken
   * (the decode step's traffic bound, python/tests/test_llm_attention.py). */
  double least = sh->wgs * sh->blocks * 16 * (sh->d + sh->dv) * sh->eb +
                 sh->wgs * sh->group * sh->d * sh->eb;
  bool skip[MAX_CANDS] = {false};
  for (int i = 1; i < n; ++i)
    skip[i] = cs[i].tie_bytes > 1.1 * least && cs[i].tie_bytes > cs[0].tie_bytes;
  int best = choose(cs, n, skip);
  if (o->explain_cost) {
    for (int i = 0; i < n; ++i)
      remark(p, &c[i], i == 0, "candidate");
    remark(p, &c[best], best == 0, "chosen");
  }
  *waves = c[best].S;
  *split = c[best].P;
  return 0;
}

/*===--- prefill attention: query rows and keys per block ---------------===*/
/* Prefill attention (Templates/Attention.c) gives each workgroup 16 query
 * rows per wave (1, 2, 4 or 8 waves: 16 to 128 rows; the old rule 64) and
 * streams K and V through LDS in blocks of 16, 32 or 64 keys; the old rule
 * took the largest that fits the VGPRs and LDS.  Each fitting pair is
 * charged: the WMMAs of the key blocks every workgroup visits (a partial
 * last block padded to the block; a causal stop ends a workgroup's keys at
 * its last query), V's transposing copy (one WMMA per 16x16 of each V^T
 * block, per workgroup), the VALU per block and wave -- per 16-key tile
 * the scores' softmax (ATT_TILE_VALU), once per block the row max, sum
 * and O^T rescale across the halves (ATT_BLOCK_VALU), fitted to the
 * emulator's counts of one head of 64 queries x 256 keys: d = 64 on
 * gfx1100, 122 and 97 VALU per tile with blocks of 16 and 32 keys (105
 * with 64: the model under-charges 64-key blocks by about a fifth), d =
 * 128 on gfx1201, 157 and 136 -- the LDS bytes (each workgroup writes a
 * block, its waves read it), K and V from the L2 once per workgroup (so
 * fewer rows read them more often) and from DRAM once, occupancy from the
 * VGPRs and LDS. */
static double att_tile_valu(int nd, int ndv) { return 29.0 + 5.4 * (nd + ndv); }
#define ATT_BLOCK_VALU 46.0
/* The K/V copy's VALU per 16-byte chunk a lane loads and stores (its
 * addresses): a block's chunks are shared by the workgroup's lanes, so a
 * wave pays fewer with more waves.  The fit above is at 4 waves; other
 * counts add or save the difference.  Fitted to the emulator's counts of
 * 2 heads of 256 queries x 512 keys, d = 128 on gfx1201, 32 keys per
 * block: VALU bound 1.35, 1.19 and 1.09 us per wave at 2, 4 and 8 waves
 * (16, 8 and 4 chunks a lane per block): about 4 a chunk. */
#define ATT_COPY_VALU 4.0
#define ATT_FIT_WAVES 4

static double copy_chunks(int keys, int d, int dv, double eb, int waves) {
  return ceil(keys * (d + dv) * eb / 16.0 / (32.0 * waves));
}

static void att_model(const fe_problem *p, const wmma_chip_info *chip,
                      const fe_schedule *s, const fe_att_block_cand *k,
                      fe_schedule *out) {
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  int d = (int)g1->K.value, dv = (int)g2->N.value, nd = d / 16, ndv = dv / 16;
  double eb = wb_type_bits(g1->a_type) / 8.0;
  double M = (double)fe_estimate(g1->M), N = (double)fe_estimate(g1->N);
  double B = 1;
  for (int i = 0; i < g1->nbatch; ++i)
    B *= (double)fe_estimate(g1->batch[i]);
  bool causal = fe_att_causal(&p->g, p->att.score);
  int wgs_m = (int)ceil(M / s->tile_m), tiles = k->keys / 16;
  /* Key blocks the workgroups of one batch item visit. */
  double visits = 0;
  for (int i = 0; i < wgs_m; ++i) {
    double last = causal && (i + 1.0) * s->tile_m < N ? (i + 1.0) * s->tile_m : N;
    visits += ceil(last / k->keys);
  }
  int waves = s->waves_m * s->waves_n;
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.instr = s->instr;
  w.workgroups = B * wgs_m;
  w.waves_per_wg = waves;
  w.wmma = B * visits * tiles * ((double)waves * (nd + ndv) + ndv);
  double copy = ATT_COPY_VALU *
                (copy_chunks(k->keys, d, dv, eb, waves) -
                 copy_chunks(k->keys, d, dv, eb, ATT_FIT_WAVES));
  w.valu = B * visits * waves *
           (att_tile_valu(nd, ndv) * tiles + ATT_BLOCK_VALU + copy);
  double kv = B * visits * k->keys * (d + dv) * eb;
  w.lds_written = kv;
  w.lds_read = kv * waves;
  double qo = B * M * (d * eb + dv * 4.0);
  w.l2_bytes = kv + qo;
  w.dram_bytes = B * N * (d + dv) * eb + qo;
  w.vgprs = k->vgprs;
  w.lds_bytes = (int)k->lds;
  memset(out, 0, sizeof *out);
  out->cost = fe_modelled_costs(chip, &w, &out->cost_simd);
}

/* The candidate's schedule: s with c's rows, waves and threads. */
static fe_schedule with_rows(const fe_schedule *s, const fe_att_block_cand *c) {
  fe_schedule r = *s;
  r.tile_m = c->rows;
  r.waves_m = c->rows / 16;
  r.threads = 32 * r.waves_m;
  return r;
}

static void block_remark(const fe_problem *p, const fe_att_block_cand *c,
                         const fe_schedule *m, bool old, const char *what) {
  fe_remark(p->loc, "attention %s: rows per block = %d, keys per block = "
                    "%d: modelled %.4g us%s",
            what, c->rows, c->keys, m->cost * 1e6,
            old ? ", the old rule's" : "");
}

#define MAX_BLOCK_CANDS 16

int fe_att_choose_block(const fe_problem *p, const wmma_chip_info *chip,
                        const fe_options *o, const fe_schedule *s,
                        const fe_att_block_cand *c, int n) {
  fe_schedule m[MAX_BLOCK_CANDS], g[MAX_BLOCK_CANDS];
  int gi[MAX_BLOCK_CANDS], ng = 0;
  if (n < 1)
    return 0;
  if (n > MAX_BLOCK_CANDS)
    n = MAX_BLOCK_CANDS;
  for (int i = 0; i < n; ++i) {
    fe_schedule r = with_rows(s, &c[i]);
    att_model(p, chip, &r, &c[i], &m[i]);
  }
  /* Keys within each rows group (its first the largest), then rows among
   * the groups' choices (the first group's, the old rows, first). */
  for (int i = 0; i < n;) {
    int j = i;
    while (j < n && c[j].rows == c[i].rows)
      ++j;
    int k = i + choose(&m[i], j - i, NULL);
    gi[ng] = k;
    g[ng++] = m[k];
    i = j;
  }
  int best = gi[choose(g, ng, NULL)];
  if (o->explain_cost) {
    for (int i = 0; i < n; ++i)
      block_remark(p, &c[i], &m[i], i == 0, "candidate");
    block_remark(p, &c[best], &m[best], best == 0, "chosen");
  }
  return best;
}
