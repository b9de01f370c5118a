/* The prefill attention template's schedule (see Attention.c): keys per
 * block, the K/V copies, a causal stop and its split. */
#include "Templates/AttentionPrefill.h"
#include "Schedule/AttentionCost.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

/*===--- plan ----------------------------------------------------------------===*/

/* Does a diagonal block of `keys` keys fit whole (all its tiles' masked
 * scores at once)?  keys x d <= 2048 or d <= 64, or on RDNA4 keys x d <=
 * 4096 with the queries a multiple of tile_m: measured without spills at
 * d = 64 (64 keys) and d = 128 (16 keys) on both chips and d = 128 (32
 * keys) on gfx1201, where d = 128 with 32 keys spills outside the loop
 * on gfx1100 (54 VGPRs) and, with a partial query workgroup (160
 * queries), on gfx1201 (17). */
static bool diag_block_fits(const fe_problem *p, wmma_arch arch,
                            int tile_m, int keys) {
  const fe_gemm *g1 = &p->gemms[0];
  int64_t d = g1->K.value;
  bool whole_m = fe_size_static(g1->M) && g1->M.value % tile_m == 0;
  return keys * d <= 2048 || d <= 64 ||
         (arch == WMMA_ARCH_RDNA4 && keys * d <= 4096 && whole_m);
}

bool fe_att_causal_diag_per_tile(const fe_problem *p, wmma_arch arch,
                                 int tile_m, int keys) {
  return !diag_block_fits(p, arch, tile_m, keys);
}

bool fe_att_causal_diag_first(const fe_problem *p, wmma_arch arch,
                              int tile_m, int keys, int stages) {
  return arch == WMMA_ARCH_RDNA3 &&
         fe_att_causal_split(p, arch, tile_m, keys, stages) &&
         fe_att_causal_diag_per_tile(p, arch, tile_m, keys);
}

/* Does a causal stop split the key loop (build) into the blocks before
 * the workgroup's first query, unmasked, and its diagonal ones after
 * them?  When every workgroup's diagonal blocks exist in full: static
 * sizes, blocks of `keys` dividing the key count, keys >= the queries
 * rounded up to a workgroup (tile_m); and the diagonal block fits whole,
 * or keys x d <= 4096 with one pipeline of two buffers (an even number
 * of diagonal blocks, build's split_pipeline), whose diagonal blocks are
 * computed a tile at a time. */
bool fe_att_causal_split(const fe_problem *p, wmma_arch arch,
                         int tile_m, int keys, int stages) {
  const fe_gemm *g1 = &p->gemms[0];
  int64_t d = g1->K.value;
  bool fits = diag_block_fits(p, arch, tile_m, keys) ||
              (keys * d <= 4096 && stages == 2 && tile_m % keys == 0 &&
               (tile_m / keys) % 2 == 0);
  return fe_att_causal(&p->g, p->att.score) && fits && fe_size_static(g1->N) &&
         fe_size_static(g1->M) && g1->N.value % keys == 0 &&
         tile_m % keys == 0 &&
         g1->N.value >= (g1->M.value + tile_m - 1) / tile_m * tile_m;
}

typedef struct {
  int vgprs;
  int64_t lds;
} fit_t;

/* VGPRs (estimated) and LDS bytes of blocks of `keys` keys: Q^T
 * fragments, O^T accumulators, the block's S^T tiles and P^T fragments,
 * one K/V fragment, the prefetched K and V blocks, addresses and loop
 * state; K [keys][d] and V^T [dv][keys] per stage in LDS. */
static fit_t fit(const wmma_chip_info *chip, const fe_schedule *s,
                 const fe_gemm *g1, int d, int dv, int keys) {
  int bits = wb_type_bits(g1->a_type), eb = bits / 8;
  fe_lds_layout yk = fe_lds_layout_get(chip->arch, bits, d);
  fe_lds_layout yv = fe_lds_layout_get(chip->arch, bits, keys);
  int fa = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_A);
  int fb = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_B);
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  int nkt = keys / KT;
  int prefetch = (keys * d + dv * keys) * eb / (4 * s->threads);
  /* RDNA3 at d >= 128 holds the prefetched block about twice over (its
   * replicated K fragments, V^T's transposing copy into 8-VGPR tiles):
   * charged once, 16 rows x 16 keys (240 estimated) spilled 79 VGPRs
   * and 32 x 32 (256) 116 at d = 128 on gfx1100, while 32 x 16, 64 x 32
   * and 128 x 32 (prefetch <= 32) fit as estimated. */
  if (chip->arch == WMMA_ARCH_RDNA3 && d >= 128)
    prefetch *= 2;
  fit_t f;
  f.vgprs = (d / ii->k) * fb + (dv / ii->m) * 8 + nkt * (8 + fb) + fa +
            prefetch + 24;
  f.lds = fe_lds_bytes(&yk, s->stages, keys, bits) +
          fe_lds_bytes(&yv, s->stages, dv, bits);
  return f;
}

/* Appends to c[*n] the keys per block (64, 32, 16: the largest first, or
 * the pin's) that fit the registers and LDS with s's rows and waves, and
 * returns the fit of the last size tried.  Measured over d = 64 and 128,
 * 33 to 1024 keys, with and without masks: keys x d <= 4096 compiles
 * without spills on RDNA4.  RDNA3's fragments, twice as large (replicated
 * halves), fit there only when no block is masked (the scores the
 * product, scaled or not, no causal stop, the key count a multiple of the
 * block: 251 VGPRs at d = 64, 255 at d = 128); masked blocks (key tails,
 * causal, mask or bias operands) spill there and fit at keys x d <= 2048;
 * a causal stop split into unmasked blocks and the diagonal's
 * (causal_split) fits 4096 at d = 64 (64 keys: 225 VGPRs) and, with
 * the diagonal's blocks a tile at a time before the unmasked loop
 * (fe_att_causal_diag_first), at d = 128 (32 keys: 256 VGPRs, no spills)
 * when the query workgroups are whole (160 queries spill 9 VGPRs). */
static fit_t keys_cands(const fe_problem *p, const wmma_chip_info *chip,
                        const fe_schedule *s, int keys_pin,
                        fe_att_block_cand *c, int *n) {
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  int64_t d = g1->K.value, dv = g2->N.value;
  int below = fe_att_causal_unmasked(&p->g, p->att.score);
  bool unmasked = (fe_att_plain_scores(p) && below < 0 && fe_size_static(g1->N)) ||
                  (below >= 0 && fe_att_plain_node(p, below));
  fit_t last = {0, 0};
  bool whole_m = fe_size_static(g1->M) && g1->M.value % s->tile_m == 0;
  for (int k = MAX_KEY_TILES * KT; k >= KT; k /= 2) {
    bool split = below >= 0 &&
                 fe_att_causal_split(p, chip->arch, s->tile_m, k, s->stages) &&
                 (!fe_att_causal_diag_per_tile(p, chip->arch, s->tile_m, k) ||
                  (whole_m && fe_att_causal_diag_first(p, chip->arch,
                                                       s->tile_m, k,
                                                       s->stages)));
    int64_t kd_max = chip->arch == WMMA_ARCH_RDNA4 ||
                             (unmasked && g1->N.value % k == 0 &&
                              (below < 0 || split))
                         ? 4096
                         : 2048;
    if (keys_pin ? k != keys_pin : k > KT && k * d > kd_max)
      continue;
    fit_t f = fit(chip, s, g1, (int)d, (int)dv, k);
    last = f;
    if (f.vgprs <= FE_VGPR_BUDGET && f.lds <= chip->lds_bytes)
      c[(*n)++] = (fe_att_block_cand){s->tile_m, k, f.vgprs, f.lds};
  }
  return last;
}

int fe_att_prefill_plan(const fe_problem *p, const wmma_chip_info *chip,
                        const fe_options *o, fe_schedule *s, char *why,
                        size_t cap) {
  if (!fe_shape_uses_wmma(p->shape))
    return fe_not_for_this_kind(why, cap);
  if (p->shape != FE_SHAPE_ATTENTION)
    return fe_why(why, cap, "the function is not attention");
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  if (g1->unit_m)
    return fe_why(why, cap, "the query has no token dimension (one token "
                            "per head: the decode_attention template's)");
  if (!fe_size_static(g1->K) || g1->K.value % FE_ATOM_K ||
      !fe_size_static(g2->N) || g2->N.value % FE_ATOM_M)
    return fe_why(why, cap, "head dimensions must be static multiples of 16 "
                            "(got %lld and %lld)",
                  fe_size_static(g1->K) ? (long long)g1->K.value : -1LL,
                  fe_size_static(g2->N) ? (long long)g2->N.value : -1LL);
  int64_t d = g1->K.value, dv = g2->N.value;
  if (d > FE_ATOM_K * MAX_TILES || dv > FE_ATOM_M * MAX_TILES)
    return fe_why(why, cap, "head dimensions over %d (%lld, %lld)",
                  FE_ATOM_K * MAX_TILES, (long long)d, (long long)dv);
  if (o->staging == WMMA_STAGING_REGISTERS)
    return fe_why(why, cap, "staging=registers: attention streams K and V "
                            "through LDS");
  memset(s, 0, sizeof *s);
  s->template_name = fe_template_attention.name;
  s->instr = fe_att_instr(chip, g1);
  if (s->instr == WMMA_INSTR_COUNT)
    return fe_why(why, cap, "no WMMA instruction for these types");
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  s->staging = FE_STAGE_LDS;
  s->k_step = ii->k;
  /* Two K/V buffers, or a pin's three (Kernel/Pipelined.c). */
  s->stages = o->pinned ? (int)o->pin.stages : 2;
  if (s->stages < 2 || s->stages > KB_PIPE_MAX_STAGES)
    return fe_why(why, cap, "the K/V pipeline has 2 or %d stages, got %d",
                  KB_PIPE_MAX_STAGES, s->stages);
  s->waves_n = 1;
  s->wave_m = s->wave_n = 1;
  /* Query rows per workgroup: QPW per wave, 1, 2, 4 or 8 waves (the old
   * rule's 4 first), or the pin's; keys per block (keys_cands) for each. */
  int rows_pin = 0, keys_pin = 0;
  if (o->pinned) {
    int64_t pr = o->pin.tile[0];
    if (pr != QPW && pr != 2 * QPW && pr != WAVES * QPW && pr != MAX_WAVES * QPW)
      return fe_why(why, cap, "query rows per block (tile[0]) must be 16, 32, "
                              "64 or 128, got %lld",
                    (long long)pr);
    rows_pin = (int)pr;
    int64_t pk = o->pin.tile[1];
    if (pk != KT && pk != 2 * KT && pk != MAX_KEY_TILES * KT)
      return fe_why(why, cap, "keys per block (tile[1]) must be 16, 32 or "
                              "64, got %lld",
                    (long long)pk);
    keys_pin = (int)pk;
  }
  static const int wave_counts[] = {WAVES, 1, 2, MAX_WAVES};
  fe_att_block_cand bc[4 * MAX_KEY_TILES];
  int nbc = 0;
  fit_t last = {0, 0};
  bool have_last = false;
  for (int w = 0; w < 4; ++w) {
    int rows = QPW * wave_counts[w];
    if (rows_pin && rows != rows_pin)
      continue;
    s->tile_m = rows;
    s->waves_m = wave_counts[w];
    s->threads = 32 * wave_counts[w];
    fit_t l = keys_cands(p, chip, s, keys_pin, bc, &nbc);
    if (!have_last) /* the old rows' (or the pin's), for the refusal */
      last = l, have_last = true;
    /* Other rows only where the old rows fit: more waves share the
     * prefetch, so d = 256 fits the estimate at 128 rows, but it spills
     * (gfx1201, 16 VGPRs: the program of three launches stays). */
    if (!nbc)
      break;
  }
  /* Of the blocks that fit, the modelled time's (Schedule/AttentionCost.c;
   * the old rule's first). */
  if (nbc) {
    int i = fe_att_choose_block(p, chip, o, s, bc, nbc);
    s->tile_m = bc[i].rows;
    s->tile_n = bc[i].keys;
    s->vgprs = bc[i].vgprs;
    s->lds_bytes = bc[i].lds;
  } else {
    s->tile_m = rows_pin ? rows_pin : QPW * WAVES;
    s->tile_n = keys_pin ? keys_pin : KT;
    s->vgprs = last.vgprs;
    s->lds_bytes = last.lds;
  }
  s->waves_m = s->tile_m / QPW;
  s->threads = 32 * s->waves_m;
  int bits = wb_type_bits(g1->a_type), eb = bits / 8;
  if (s->vgprs > FE_VGPR_BUDGET)
    return fe_why(why, cap, "head dimensions %lld x %lld need about %d VGPRs "
                            "(budget %d)",
                  (long long)d, (long long)dv, s->vgprs, FE_VGPR_BUDGET);
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "K and V blocks need %lld bytes of LDS",
                  (long long)s->lds_bytes);
  int keys = s->tile_n;
  const wmma_schedule_desc *pin = o->pinned ? &o->pin : NULL;
  s->kacc = mlirF32TypeGet(mlirTypeGetContext(g1->a_type));
  s->acc_pack = 1;
  /* K blocks (keys x d) and V^T blocks (dv x keys) through LDS. */
  if (fe_lds_copy_plan(chip->arch, &p->g, &g1->rhs, keys, (int)d, s->threads,
                       pin ? pin->copy[0] : WMMA_COPY_NONE, &s->copy[0], why,
                       cap) ||
      fe_lds_copy_plan(chip->arch, &p->g, &g2->rhs, (int)dv, keys, s->threads,
                       pin ? pin->copy[1] : WMMA_COPY_NONE, &s->copy[1], why,
                       cap))
    return -1;
  /* A causal mask lets a workgroup stop at its last query's key; visiting
   * every key is right too (the masked scores are -inf). */
  s->causal = fe_att_causal(&p->g, p->att.score);
  if (pin && pin->causal && !s->causal)
    return fe_why(why, cap, "causal = true needs a causal mask on the scores");
  if (pin)
    s->causal = pin->causal;
  s->m_tail = !fe_size_static(g1->M) || g1->M.value % s->tile_m;
  s->n_tail = !fe_size_static(g1->N) || g1->N.value % keys;
  s->grid[0] = (fe_grid_dim){1, {{g1->M, s->tile_m}}};
  s->grid[1].nterms = 0;
  s->grid[2].nterms = g1->nbatch;
  for (int i = 0; i < g1->nbatch; ++i) {
    s->grid[2].t[i].size = g1->batch[i];
    s->grid[2].t[i].div = 1;
  }
  double M = (double)fe_estimate(g1->M), N = (double)fe_estimate(g1->N);
  double B = 1;
  for (int i = 0; i < g1->nbatch; ++i)
    B *= (double)fe_estimate(g1->batch[i]);
  double blocks = B * ceil(M / s->tile_m);
  double wmma = blocks * s->waves_m * ceil(N / keys) * (keys / KT) *
                (d / ii->k + dv / ii->m);
  double bytes = blocks * ceil(N / keys) * keys * (d + dv) * eb +
                 B * M * (d * eb + dv * 4);
  s->cost = fe_cost(chip, blocks, wmma, bytes);
  return 0;
}
