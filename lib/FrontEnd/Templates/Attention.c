/* The attention template (flash attention): O = softmax(score(Q K^T)) V
 * with S and P never leaving registers.
 *
 * One workgroup of 4 waves per (batch item, 64 query rows); each wave owns
 * 16 queries.  Everything is computed transposed so that one lane holds
 * one query.  The KV loop walks blocks of 16, 32 or 64 keys (the
 * schedule's tile[1]), each one to four 16-key tiles:
 *   S^T = K Q^T    A = a 16-key tile of K (from LDS), B = Q^T (the wave's
 *                  Q fragments, loaded once, kept in registers); in the
 *                  accumulator layout lane l holds query l % 16 and 8 keys
 *                  (RDNA4: keys 8h..8h+7, RDNA3: 2v+h, h = l / 16);
 *   online softmax per lane, once per block: the row max and sum over
 *                  the block's keys in the lane (8 per tile), then across
 *                  the halves with one v_permlanex16 each (lane l and
 *                  l ^ 16 hold the same query);
 *   O^T = V^T P^T  A = a block of V^T (LDS holds V transposed), B = P^T,
 *                  which is S^T's layout: no cross-lane move on RDNA4;
 *                  on RDNA3 4 v_permlanex16 per tile with V^T's keys
 *                  stored in the accumulator's pair order
 *                  (p_operand_pairs; the planner's relayout when V
 *                  is not copied by the WMMA transpose); the running
 *                  O^T accumulators are rescaled per lane once per
 *                  block (each lane's correction is its own query's).
 * K and V blocks are streamed through the schedule's `stages` LDS buffers
 * shared by the waves (Kernel/Pipelined.c), the block stages - 1 ahead
 * loaded from global memory while the current one is multiplied.  Keys
 * past the end score -inf (in the partial block only, run after the
 * loop's full blocks, unless a causal stop ends the loop inside the
 * keys); a causal mask (keys after the
 * query masked by an index comparison) ends the workgroup's key loop at
 * its last query.  Numerics: the running max starts where the
 * function's max-reduction does (-inf, or its finite start); a block
 * whose scores are all -inf uses 0 as its max so that exp(-inf - max) is
 * 0, never NaN; a row masked everywhere ends as 0 / 0, which is what the
 * linalg program computes for it (NaN). */
#include "Kernel/Kernel.h"
#include "Templates/Attention.h"
#include "Kernel/Lds.h"
#include "Schedule/AttentionCost.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Keys per tile: the rows of one S^T = K Q^T tile (and the K of one O^T =
 * V^T P^T step); a block holds 1, 2 or 4 of them.  Queries per wave: the
 * columns of both. */
#define KT FE_ATOM_M
#define MAX_KEY_TILES 4
#define QPW FE_ATOM_N
#define WAVES 4
#define MAX_TILES 16  /* head dims up to 256 */
/* One s_waitcnt per FRAGS_PER_WAIT WMMAs of S^T = K Q^T (and per O^T
 * tile of O^T = V^T P^T): LLVM waits before each WMMA for its own
 * fragment only, and orders a region's LDS reads by their use, so one
 * wait per WMMA; reading the fragments in the reverse of their use, each
 * read in its own scheduling region, makes the first WMMA's wait cover
 * the next ones' fragments.  Measured at d = 128 on gfx1100: 683 -> 619
 * instructions for 72 WMMAs, 0 spills (four K fragments per wait spill
 * there, two O^T tiles' V^T fragments per wait too). */
#define FRAGS_PER_WAIT 2

/*===--- plan ----------------------------------------------------------------===*/

/* Does a causal stop split the key loop (build) into the blocks before
 * the workgroup's first query, unmasked, and its diagonal ones after
 * them?  When every workgroup's diagonal blocks exist in full: static
 * sizes, blocks of `keys` dividing the key count, keys >= the queries
 * rounded up to a workgroup (tile_m); and keys x d <= 2048 or d <= 64, or
 * on RDNA4 keys x d <= 4096 with the queries a multiple of tile_m:
 * measured without spills at d = 64 (64 keys) and d = 128 (16 keys) on
 * both chips and d = 128 (32 keys) on gfx1201, where d = 128 with 32 keys
 * spills outside the loop on gfx1100 (54 VGPRs) and, with a partial query
 * workgroup (160 queries), on gfx1201 (17). */
static bool causal_split(const fe_problem *p, wmma_arch arch,
                         int tile_m, int keys) {
  const fe_gemm *g1 = &p->gemms[0];
  int64_t d = g1->K.value;
  bool whole_m = fe_size_static(g1->M) && g1->M.value % tile_m == 0;
  bool fits = keys * d <= 2048 || d <= 64 ||
              (arch == WMMA_ARCH_RDNA4 && keys * d <= 4096 && whole_m);
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
  fit_t f;
  f.vgprs = (d / ii->k) * fb + (dv / ii->m) * 8 + nkt * (8 + fb) + fa +
            prefetch + 24;
  f.lds = fe_lds_bytes(&yk, s->stages, keys, bits) +
          fe_lds_bytes(&yv, s->stages, dv, bits);
  return f;
}

static int plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *s, char *why, size_t cap) {
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
  s->tile_m = QPW * WAVES;
  s->k_step = ii->k;
  /* Two K/V buffers, or a pin's three (Kernel/Pipelined.c). */
  s->stages = o->pinned ? (int)o->pin.stages : 2;
  if (s->stages < 2 || s->stages > KB_PIPE_MAX_STAGES)
    return fe_why(why, cap, "the K/V pipeline has 2 or %d stages, got %d",
                  KB_PIPE_MAX_STAGES, s->stages);
  s->waves_m = WAVES;
  s->waves_n = 1;
  s->wave_m = s->wave_n = 1;
  s->threads = 32 * WAVES;
  /* Keys per block: the largest of 64, 32, 16 that fits the registers and
   * LDS (a block's row max, row sum and O^T rescale amortise over its key
   * tiles), or the pin's.  Measured over d = 64 and 128, 33 to 1024 keys,
   * with and without masks: keys x d <= 4096 compiles without spills on
   * RDNA4.  RDNA3's fragments, twice as large (replicated halves), fit
   * there only when no block is masked (the scores the product, scaled or
   * not, no causal stop, the key count a multiple of the block: 251 VGPRs
   * at d = 64, 255 at d = 128); masked blocks (key tails, causal, mask
   * or bias operands) spill there and fit at keys x d <= 2048; a causal
   * stop split into unmasked blocks and the diagonal's (causal_split)
   * fits 4096 at d = 64 (64 keys: 225 VGPRs). */
  int below = fe_att_causal_unmasked(&p->g, p->att.score);
  bool unmasked = (fe_att_plain_scores(p) && below < 0 && fe_size_static(g1->N)) ||
                  (below >= 0 && fe_att_plain_node(p, below));
  int keys = 0;
  if (o->pinned) {
    int64_t pk = o->pin.tile[1];
    if (pk != KT && pk != 2 * KT && pk != MAX_KEY_TILES * KT)
      return fe_why(why, cap, "keys per block (tile[1]) must be 16, 32 or "
                              "64, got %lld",
                    (long long)pk);
    keys = (int)pk;
  }
  fe_att_keys_cand kc[MAX_KEY_TILES];
  int nkc = 0;
  for (int k = MAX_KEY_TILES * KT; k >= KT; k /= 2) {
    int64_t kd_max = chip->arch == WMMA_ARCH_RDNA4 ||
                             (unmasked && g1->N.value % k == 0 &&
                              (below < 0 || causal_split(p, chip->arch, s->tile_m, k)))
                         ? 4096
                         : 2048;
    if (keys ? k != keys : k > KT && k * d > kd_max)
      continue;
    fit_t f = fit(chip, s, g1, (int)d, (int)dv, k);
    s->tile_n = k;
    s->vgprs = f.vgprs;
    s->lds_bytes = f.lds;
    if (f.vgprs <= FE_VGPR_BUDGET && f.lds <= chip->lds_bytes)
      kc[nkc++] = (fe_att_keys_cand){k, f.vgprs, f.lds};
  }
  /* Of the sizes that fit, the modelled time's (Schedule/AttentionCost.c;
   * the old rule's, the largest, first). */
  if (nkc) {
    int i = fe_att_choose_keys(p, chip, o, s, kc, nkc);
    s->tile_n = kc[i].keys;
    s->vgprs = kc[i].vgprs;
    s->lds_bytes = kc[i].lds;
  }
  int bits = wb_type_bits(g1->a_type), eb = bits / 8;
  if (s->vgprs > FE_VGPR_BUDGET)
    return fe_why(why, cap, "head dimensions %lld x %lld need about %d VGPRs "
                            "(budget %d)",
                  (long long)d, (long long)dv, s->vgprs, FE_VGPR_BUDGET);
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "K and V blocks need %lld bytes of LDS",
                  (long long)s->lds_bytes);
  keys = s->tile_n;
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
  double wmma = blocks * WAVES * ceil(N / keys) * (keys / KT) *
                (d / ii->k + dv / ii->m);
  double bytes = blocks * ceil(N / keys) * keys * (d + dv) * eb +
                 B * M * (d * eb + dv * 4);
  s->cost = fe_cost(chip, blocks, wmma, bytes);
  return 0;
}

/*===--- the kernel -----------------------------------------------------------===*/
typedef struct {
  MlirValue batch[FE_MAX_BATCH];
  MlirValue q0;                 /* the wave's first query */
  MlirValue qf[MAX_TILES];      /* Q^T fragments (B operands) */
  fe_lds_copy kblk, vblk;     /* K [key][d], V^T [dv][key] blocks */
  int nd, ndv;
  int keys, nkt;                /* keys per block, its 16-key tiles */
  bool key_tail;                /* the key count may end inside a block */
  bool tail_peeled;             /* only the pipeline's last slice may */
  int score;                    /* the score node the blocks evaluate */
  double fold;                  /* its positive scale, applied in the
                                   exponential (0: scores as written) */
  MlirValue slice0;             /* the first block of the pipeline (null: 0) */
  bool p_pairs;                 /* RDNA3: P^T by p_operand_pairs (V^T's
                                   keys stored in sigma order) */
  MlirValue pk[FE_COPY_MAX], pv[FE_COPY_MAX]; /* a prefetched block */
  bool pairs;                   /* the shift and the correction copied by
                                   copy_pair, the running sum kept per
                                   lane half (see build) */
} att_t;

/* A scheduling barrier (as GemmLds.c's): without them LLVM hoists a
 * block's LDS fragment reads above the WMMAs before them, and all the
 * fragments held at once next to Q^T, O^T and the prefetched block spill
 * (or fill the 256 VGPRs) at d = 128. */
static void sched_barrier(fe_kb *kb) {
  MlirNamedAttribute m = wb_named(kb->ctx, "mask", wb_i32_attr(kb->ctx, 0));
  wb_op(&kb->b, "rocdl.sched.barrier", 0, NULL, 0, NULL, 1, &m);
}

/* RDNA3: P^T (S^T's accumulator, lane (n, h) slot v holding key 2v + h)
 * as the B operand of O^T = V^T P^T, whose lane halves both hold all 16
 * keys.  The K order is sigma (1 and 2 swapped in every 4; the V^T copy
 * stored V^T's columns so, fe_lds_copy_swap_k_pairs): word 2i holds keys
 * 4i, 4i + 2, which are half 0's slots 2i, 2i + 1, and word 2i + 1 keys
 * 4i + 1, 4i + 3, half 1's.  So each lane packs its slot pairs, trades
 * each word with lane l ^ 16 and selects: 8 conversions, 4 v_permlanex16
 * and 8 selects a tile, where the planner's relayout into keys in order
 * also moves 16-bit halves between words (about 28 v_mov_b16). */
/* Word w of lane l ^ 16 (v_permlanex16).  Its `old` operand, kept by
 * lanes whose source is inactive, is poison: every lane is active here,
 * and a live `old` would cost a v_mov_b32 a word (the result overwrites
 * the tied register). */
static MlirValue swap_halves(fe_kb *kb, MlirValue w) {
  wb_t *b = &kb->b;
  MlirType i32 = wb_i32(kb->ctx);
  MlirValue ops[4] = {{NULL}, w};
  ops[0] = wb_op1(b, "llvm.mlir.poison", 0, NULL, i32, 0, NULL);
  ops[2] = wb_const_i32(b, 0x76543210);
  ops[3] = wb_const_i32(b, (int32_t)0xfedcba98u);
  MlirNamedAttribute at[2] = {
      wb_named(kb->ctx, "fi", mlirBoolAttrGet(kb->ctx, 0)),
      wb_named(kb->ctx, "boundControl", mlirBoolAttrGet(kb->ctx, 0))};
  return wb_op1(b, "rocdl.permlanex16", 4, ops, i32, 2, at);
}

/* The 8 f32 slots of pv as 4 words of f16 pairs (slots 2i, 2i + 1 in
 * word i): one v_cvt_pk_rtz_f16_f32 a pair for f16, where truncf costs a
 * conversion a slot (RDNA3) or two and a v_pack_b32_f16 a pair (RDNA4).
 * Rounding toward zero is within one f16 ulp of the reference's
 * round-to-nearest (the bound's truncf rule charges one ulp).  Other
 * types, or !packed: truncf. */
static MlirValue pack_pairs(fe_kb *kb, MlirValue pv, MlirType el, bool packed) {
  wb_t *b = &kb->b;
  MlirType i32 = wb_i32(kb->ctx);
  if (!packed || !mlirTypeIsAF16(el))
    return wb_bitcast(b, wb_cast(b, "arith.truncf", pv, wb_vec(8, el)),
                      wb_vec(4, i32));
  MlirValue w[4];
  for (int i = 0; i < 4; ++i) {
    MlirValue args[2];
    args[0] = wb_extract(b, pv, 2 * i);
    args[1] = wb_extract(b, pv, 2 * i + 1);
    MlirValue h2 = wb_call_intrinsic(b, "llvm.amdgcn.cvt.pkrtz", 2, args,
                                     wb_vec(2, el));
    w[i] = wb_op1(b, "llvm.bitcast", 1, &h2, i32, 0, NULL);
  }
  return wb_from_elements(b, 4, w, wb_vec(4, i32));
}

static MlirValue p_operand_pairs(fe_kb *kb, MlirValue pv, MlirType bt,
                                 bool packed) {
  wb_t *b = &kb->b;
  MlirType el = wb_elem_type(bt), i32 = wb_i32(kb->ctx);
  MlirValue w = pack_pairs(kb, pv, el, packed);
  MlirValue h = wb_h_index(b);
  MlirValue zero = kb_c(kb, 0);
  MlirValue upper = wb_cmpi(b, WB_CMP_NE, h, zero);
  MlirValue out[8];
  for (int i = 0; i < 4; ++i) {
    MlirValue own = wb_extract(b, w, i);
    MlirValue other = swap_halves(kb, own);
    out[2 * i] = wb_select(b, upper, other, own);
    out[2 * i + 1] = wb_select(b, upper, own, other);
  }
  MlirValue words = wb_from_elements(b, 8, out, wb_vec(8, i32));
  return wb_bitcast(b, words, bt);
}

/* x in another VGPR: v_mov_b32 with the identity DPP quad_perm, which
 * LLVM neither folds nor merges with x.  Its `old` operand (kept by lanes
 * the row and bank masks disable, none here) is poison, so the result
 * needs no v_mov_b32 of x into the tied register first (mov.dpp8 ties x
 * itself). */
static MlirValue copy_opaque(fe_kb *kb, MlirValue x) {
  wb_t *b = &kb->b;
  MlirType i32 = wb_i32(kb->ctx);
  MlirValue args[6] = {{NULL}};
  args[0] = wb_op1(b, "llvm.mlir.poison", 0, NULL, i32, 0, NULL);
  args[1] = wb_cast(b, "arith.bitcast", x, i32);
  args[2] = wb_const_i32(b, 0xe4); /* quad_perm:[0,1,2,3] */
  args[3] = wb_const_i32(b, 0xf);  /* row_mask */
  args[4] = wb_const_i32(b, 0xf);  /* bank_mask */
  args[5] = wb_const_bool(b, false); /* bound_ctrl */
  MlirValue r = wb_call_intrinsic(b, "llvm.amdgcn.update.dpp", 6, args, i32);
  return wb_cast(b, "arith.bitcast", r, mlirValueGetType(x));
}

/* x and a copy of x in two adjacent VGPRs, so in two banks whatever the
 * register allocator picks: the pair (x, x) through an empty inline asm
 * whose 64-bit result (tied to its operand) takes a register pair; no
 * instruction but the copy into the pair's second VGPR.  copy_opaque's
 * copies land where the allocator puts them: at d = 128 on gfx1100 the
 * correction and its first copy shared a bank in one block of two, and
 * 32 of its 128 O^T multiplies went unpaired. */
static void copy_pair(fe_kb *kb, MlirValue x, MlirValue *x0, MlirValue *x1) {
  wb_t *b = &kb->b;
  MlirValue two[2] = {x, x};
  MlirType v2 = wb_vec(2, mlirValueGetType(x));
  MlirValue v = wb_from_elements(b, 2, two, v2);
  MlirNamedAttribute at[2] = {
      wb_named(kb->ctx, "asm_string", wb_str_attr(kb->ctx, "")),
      wb_named(kb->ctx, "constraints", wb_str_attr(kb->ctx, "=v,0"))};
  MlirValue r = wb_op1(b, "llvm.inline_asm", 1, &v, v2, 2, at);
  *x0 = wb_extract(b, r, 0);
  *x1 = wb_extract(b, r, 1);
}

/* o * c on every slot, the odd slots by a copy c2 of c: VOPD (RDNA3 and
 * RDNA4) issues two v_mul_f32 as one instruction only when their sources
 * lie in different VGPR banks, which one register holding c for all
 * slots never does. */
static MlirValue rescale(fe_kb *kb, MlirValue o, MlirValue c, MlirValue c2) {
  wb_t *b = &kb->b;
  if (mlirValueEqual(c, c2))
    return wb_arith(b, "arith.mulf", o, c);
  MlirValue lo = wb_arith(b, "arith.mulf", o, c);
  MlirValue hi = wb_arith(b, "arith.mulf", o, c2);
  int64_t n = 0;
  wb_is_vec1d(mlirValueGetType(o), &n, NULL);
  int64_t mask[16];
  for (int i = 0; i < n && i < 16; ++i)
    mask[i] = i % 2 ? n + i : i;
  return wb_shuffle(b, lo, hi, (int)n, mask);
}

/* f32 x of lane l ^ 16 (swap_halves: no v_mov_b32 of x into the
 * permlane's tied register, which wb_xor16's `old` = x costs while x stays
 * live). */
static MlirValue other_half(fe_kb *kb, MlirValue x) {
  wb_t *b = &kb->b;
  MlirValue w = wb_cast(b, "arith.bitcast", x, wb_i32(kb->ctx));
  MlirValue r = swap_halves(kb, w);
  return wb_cast(b, "arith.bitcast", r, mlirValueGetType(x));
}

/* The row max's operation.  RDNA4: maximumf, its v_maximum_f32, where
 * maxnumf first quiets each WMMA result (a v_max_num_f32 x, x per
 * score).  RDNA3: maxnumf (one v_max_f32, where maximumf is three
 * instructions) marked nnan: in the IEEE mode of compute kernels LLVM
 * otherwise quiets each operand first (a v_max_f32 x, x per score)
 * against signalling NaNs, which WMMA results and the max's own results
 * never are.  A NaN score the max drops still makes its row NaN through
 * its exponential in the sum. */
static MlirValue row_max_op(fe_kb *kb, MlirValue x, MlirValue y) {
  wb_t *b = &kb->b;
  if (kb->arch == WMMA_ARCH_RDNA4)
    return wb_arith(b, "arith.maximumf", x, y);
  MlirAttribute nnan = mlirAttributeParseGet(
      kb->ctx, mlirStringRefCreateFromCString("#arith.fastmath<nnan>"));
  MlirNamedAttribute fm = wb_named(kb->ctx, "fastmath", nnan);
  MlirValue ops[2] = {x, y};
  return wb_op1(b, "arith.maxnumf", 2, ops, mlirValueGetType(x), 1, &fm);
}

/* The max over a row's keys in the block's nkt tiles sc[]: the lane's
 * 8 nkt slots reduced in groups of three (LLVM's v_max3 / v_maximum3:
 * about half an instruction a score, where a slot-wise max over the
 * tiles first costs one), then with lane l ^ 16. */
static MlirValue row_max(fe_kb *kb, int nkt, const MlirValue *sc) {
  wb_t *b = &kb->b;
  MlirValue e[8 * MAX_KEY_TILES];
  int n = 8 * nkt;
  for (int kt = 0; kt < nkt; ++kt)
    for (int i = 0; i < 8; ++i)
      e[8 * kt + i] = wb_extract(b, sc[kt], i);
  while (n > 1) {
    int m = 0;
    for (int i = 0; i < n; i += 3) {
      MlirValue r = e[i];
      for (int j = i + 1; j < n && j < i + 3; ++j)
        r = row_max_op(kb, r, e[j]);
      e[m++] = r;
    }
    n = m;
  }
  MlirValue other = other_half(kb, e[0]);
  return row_max_op(kb, e[0], other);
}

/* The sum of a row's values over the block's nkt tiles p[], as a tree
 * (slot-wise over the tiles, then over the lane's 8 slots, then with lane
 * l ^ 16): its independent adds let VOPD issue two as one, where a chain
 * of adds issues one by one.  lane_half: the lane's half of the row only
 * (the running sum kept per lane half, its halves added after the loop:
 * the correction multiplying it is the row's, the same in both). */
static MlirValue row_sum(fe_kb *kb, int nkt, const MlirValue *p,
                         bool lane_half) {
  wb_t *b = &kb->b;
  MlirValue e[8 * MAX_KEY_TILES];
  for (int kt = 0; kt < nkt; ++kt)
    for (int i = 0; i < 8; ++i)
      e[8 * kt + i] = wb_extract(b, p[kt], i);
  for (int n = 8 * nkt; n > 1; n /= 2)
    for (int i = 0; i < n / 2; ++i)
      e[i] = wb_arith(b, "arith.addf", e[i], e[i + n / 2]);
  if (lane_half)
    return e[0];
  MlirValue other = other_half(kb, e[0]);
  return wb_arith(b, "arith.addf", e[0], other);
}

/* Loop state: running max, running sum, O^T accumulators. */
#define NSTATE (2 + MAX_TILES)

/* The block of a->nkt key tiles at key0 in LDS buffer buf: scores, online
 * softmax, O^T update; st = {m, l, O^T...}.  The row max, the row sum and
 * the rescale of O^T are paid once per block, whatever its key tiles;
 * with mask, keys at or past the key count score -inf (the partial block
 * only, or every block when the loop visits blocks the count may end
 * in). */
static void block(fe_kb *kb, att_t *a, MlirValue buf, MlirValue key0,
                  bool mask, MlirValue *st) {
  const fe_problem *p = kb->p;
  const fe_gemm *g1 = &p->gemms[0];
  wb_t *b = &kb->b;
  MlirAttribute fa = kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false, kb->atom);
  MlirValue sc[MAX_KEY_TILES];
  for (int kt = 0; kt < a->nkt; ++kt) {
    if (kt)
      sched_barrier(kb);
    MlirValue s = kb_fill_zero(kb, kb->atom);
    for (int c0 = 0; c0 < a->nd; c0 += FRAGS_PER_WAIT) {
      int n = a->nd - c0 < FRAGS_PER_WAIT ? a->nd - c0 : FRAGS_PER_WAIT;
      MlirValue kf[FRAGS_PER_WAIT];
      for (int j = n - 1; j >= 0; --j) {
        MlirValue idx[3] = {buf, kb_c(kb, KT * kt)};
        idx[2] = kb_c(kb, kb->atom_k * (c0 + j));
        kf[j] = kb_load(kb, fa, a->kblk.lds, 3, idx, false);
        sched_barrier(kb);
      }
      for (int j = 0; j < n; ++j)
        s = kb_mma(kb, kb->atom, kf[j], a->qf[c0 + j], s);
    }
    /* The scores on the (query, key) tile, held transposed. */
    fe_tile t;
    memset(&t, 0, sizeof t);
    t.rank = p->att.rank;
    t.dim_row = 0;
    t.dim_col = 1;
    t.at[0] = a->q0;
    t.at[1] = kt ? kb_addc(kb, key0, KT * kt) : key0;
    for (int i = 0; i < g1->nbatch; ++i)
      t.at[2 + i] = a->batch[i];
    t.transposed = true;
    if (a->fold > 0 && mask) {
      MlirValue keys = kb_size(kb, g1->N);
      MlirValue ninf = wb_const_splat(
          b, kb_acc_vec(kb, mlirF32TypeGet(kb->ctx)), -INFINITY);
      sc[kt] = kb_fill_cols_from(kb, &t, s, keys, ninf);
    }
    else if (a->fold > 0)
      sc[kt] = s;
    else
      sc[kt] = fe_att_scores_of(kb, g1, &t, s, a->score, mask);
    if (mlirValueIsNull(sc[kt]))
      return;
  }
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  /* Online softmax: the block's row max over its key tiles (slot-wise,
   * then across the lane's slots and its lane half). */
  MlirValue mx = st[0], l = st[1];
  MlirValue bm = row_max(kb, a->nkt, sc);
  MlirValue mnew = row_max_op(kb, mx, bm);
  MlirValue none = wb_cmpf(b, 1 /* oeq */, mnew,
                           wb_const_float(b, f32, -INFINITY));
  MlirValue muse = wb_select(b, none, wb_const_float(b, f32, 0.0), mnew);
  double c = a->fold > 0 ? a->fold : 1.0;
  /* The shift in two VGPRs: VOPD pairs two fmas of the exponentials only
   * when their shift operands lie in different banks. */
  MlirValue sh = fe_att_exp_shift(kb, muse, c), sh2;
  if (a->pairs)
    copy_pair(kb, sh, &sh, &sh2);
  else
    sh2 = copy_opaque(kb, sh);
  MlirValue corr = fe_att_exp_shifted(kb, mx, c, sh, sh);
  MlirValue pv[MAX_KEY_TILES];
  for (int kt = 0; kt < a->nkt; ++kt)
    pv[kt] = fe_att_exp_shifted(kb, sc[kt], c, sh, sh2);
  MlirValue bs = row_sum(kb, a->nkt, pv, a->pairs);
  st[0] = mnew;
  MlirValue lc = wb_arith(b, "arith.mulf", l, corr);
  st[1] = wb_arith(b, "arith.addf", lc, bs);
  /* P^T (S^T's layout) -> the B operands of O^T = V^T P^T, converted to
   * P's type on the way. */
  MlirAttribute from = kb_frag(kb, WMMA_MATRIX_D, WMMA_LAYOUT_HW, true, kb->atom);
  MlirAttribute to = kb_frag(kb, WMMA_MATRIX_B, kb->ab_layout, true, kb->atom);
  MlirValue pb[MAX_KEY_TILES];
  MlirType bt = wmmaFragAttrGetVectorType(to);
  /* RDNA4: P^T's B operand is S^T's accumulator, slot for slot.  The
   * packed conversion (pack_pairs) everywhere but RDNA3's 16-key blocks,
   * where it cost the O^T rescale's VOPD pairing (register allocation;
   * d = 128 causal on gfx1100: 248 -> 258 instructions for 18 WMMAs). */
  bool same = kb->arch == WMMA_ARCH_RDNA4 && !wmma_arch_replicates_ab(kb->arch);
  bool packed = a->nkt > 1 || kb->arch == WMMA_ARCH_RDNA4;
  for (int kt = 0; kt < a->nkt; ++kt)
    pb[kt] = a->p_pairs ? p_operand_pairs(kb, pv[kt], bt, packed)
             : same     ? wb_bitcast(b, pack_pairs(kb, pv[kt], wb_elem_type(bt), true), bt)
                        : kb_relayout(kb, from, to, pv[kt], bt);
  /* The correction in three registers, the O^T tiles rescaled by
   * (c0, c1) and (c2, c1) in turn: which banks the copies get is the
   * register allocator's choice, and c1 pairs with whichever of c0 and c2
   * lies in another bank (measured: every multiply paired at d = 64 and
   * 128 on both chips, where one copy paired half of them at d = 128 on
   * RDNA4). */
  MlirValue cv[3] = {corr}, csv[3];
  if (a->pairs) {
    copy_pair(kb, corr, &cv[0], &cv[1]);
    cv[2] = cv[0];
  } else {
    for (int i = 1; i < 3; ++i)
      cv[i] = copy_opaque(kb, cv[i - 1]);
  }
  for (int i = 0; i < 3; ++i)
    csv[i] = fe_att_splat(kb, cv[i]);
  /* Per O^T tile, its V^T fragments read in the reverse of their use
   * (as the K fragments above), then the rescale (once per block) and
   * its WMMAs. */
  for (int t2 = 0; t2 < a->ndv; ++t2) {
    MlirValue vf[MAX_KEY_TILES];
    sched_barrier(kb);
    for (int kt = a->nkt - 1; kt >= 0; --kt) {
      MlirValue idx[3] = {buf, kb_c(kb, kb->atom_m * t2)};
      idx[2] = kb_c(kb, KT * kt);
      vf[kt] = kb_load(kb, fa, a->vblk.lds, 3, idx, false);
      sched_barrier(kb);
    }
    MlirValue o = rescale(kb, st[2 + t2], csv[t2 % 2 ? 2 : 0], csv[1]);
    for (int kt = 0; kt < a->nkt; ++kt)
      o = kb_mma(kb, kb->atom, vf[kt], pb[kt], o);
    st[2 + t2] = o;
  }
}

/* The pipeline's callbacks (Kernel/Pipelined.c): slice s is the block of
 * keys from s * keys-per-block.  Without a causal stop the loop visits
 * the full blocks and a masked partial one last (the pipeline's tail), so
 * the steady-state loop neither masks loads nor scores; with one, blocks
 * up to the workgroup's last query may end inside the keys, and each is
 * masked when the key count may not be a multiple of the block. */
static void prefetch_block(fe_kb *kb, void *ud, MlirValue slice, bool masked) {
  att_t *a = ud;
  if (!mlirValueIsNull(a->slice0))
    slice = kb_add(kb, slice, a->slice0);
  MlirValue key0 = kb_mulc(kb, slice, a->keys);
  bool m = a->tail_peeled ? masked : a->key_tail;
  fe_lds_copy_load(kb, &a->kblk, a->batch, key0, kb_c(kb, 0), m, a->pk);
  fe_lds_copy_load(kb, &a->vblk, a->batch, kb_c(kb, 0), key0, m, a->pv);
}

static void store_block(fe_kb *kb, void *ud, MlirValue buf) {
  att_t *a = ud;
  fe_lds_copy_store(kb, &a->kblk, buf, a->pk);
  fe_lds_copy_store(kb, &a->vblk, buf, a->pv);
}

static void compute_block(fe_kb *kb, void *ud, MlirValue slice, MlirValue buf,
                          bool masked, MlirValue *st) {
  att_t *a = ud;
  if (!mlirValueIsNull(a->slice0))
    slice = kb_add(kb, slice, a->slice0);
  block(kb, a, buf, kb_mulc(kb, slice, a->keys),
        a->tail_peeled ? masked : a->key_tail, st);
}

static int build(fe_kb *kb) {
  const fe_problem *p = kb->p;
  const fe_schedule *s = kb->s;
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  wb_t *b = &kb->b;
  att_t *a = calloc(1, sizeof *a);
  if (!a)
    return -1;
  a->nd = (int)(g1->K.value / kb->atom_k);
  a->ndv = (int)(g2->N.value / kb->atom_m);
  a->keys = s->tile_n;
  a->nkt = a->keys / KT;
  /* Blocks of several key tiles without a causal stop: the exponentials'
   * shift and the O^T correction in register pairs (copy_pair), the
   * running sum per lane half.  Measured (2 heads, 256 x 1024, loop
   * instructions for 72 WMMAs): d = 64 gfx1100 692 -> 689, gfx1201
   * 567 -> 519; d = 128 gfx1100 605 -> 575, gfx1201 482 -> 460.  With a
   * causal stop they cost the 16-key gfx1100 loop (248 -> 257 for 18
   * WMMAs) and spill 14 VGPRs on gfx1201 at d = 128. */
  a->pairs = a->nkt > 1 && !s->causal;
  a->key_tail = s->n_tail;
  a->tail_peeled = s->n_tail && !s->causal;
  a->score = p->att.score;
  a->fold = fe_att_score_factor(p, a->score);
  kb_batch_from_z(kb, g1, kb_bid(kb, 2), a->batch);
  MlirValue qwg = kb_mulc(kb, kb_bid(kb, 0), s->tile_m);
  a->q0 = kb_add(kb, qwg, kb_mulc(kb, kb->wave, QPW));
  /* K and V^T blocks in padded, K-contiguous LDS tiles (LdsLayout.c),
   * copied by the GEMMs' cooperative copy (LdsCopy.c: V, stored with its
   * value dim contiguous, is transposed by the identity WMMA). */
  MlirType in = g1->a_type;
  int bits = wb_type_bits(in);
  fe_lds_layout yk = fe_lds_layout_get(kb->arch, bits, (int)g1->K.value);
  fe_lds_layout yv = fe_lds_layout_get(kb->arch, bits, a->keys);
  int64_t sk[3] = {s->stages, a->keys, yk.stride},
          sv[3] = {s->stages, g2->N.value, yv.stride};
  if (fe_lds_copy_init(kb, &a->kblk, &g1->rhs, a->keys, (int)g1->K.value,
                       kb_lds(kb, 3, sk, in), false, s->copy[0]) ||
      fe_lds_copy_init(kb, &a->vblk, &g2->rhs, (int)g2->N.value, a->keys,
                       kb_lds(kb, 3, sv, in), false, s->copy[1])) {
    free(a);
    return -1;
  }
  /* RDNA3 (replicated B, accumulator rows 2v + h) with V^T transposed
   * by the WMMA copy: V^T's keys stored in sigma order, which P^T then
   * takes without moving 16-bit halves (p_operand_pairs). */
  {
    MlirAttribute to = kb_frag(kb, WMMA_MATRIX_B, kb->ab_layout, true, kb->atom);
    int64_t n = 0;
    MlirType el = (MlirType){NULL};
    bool fits = !mlirAttributeIsNull(to) &&
                wb_is_vec1d(wmmaFragAttrGetVectorType(to), &n, &el) &&
                n == 16 && wb_type_bits(el) == 16;
    a->p_pairs = fits && wmma_arch_replicates_ab(kb->arch) &&
                 wmma_arch_acc_rows_interleaved(kb->arch) &&
                 fe_lds_copy_swap_k_pairs(kb, &a->vblk);
  }
  /* The wave's Q^T fragments (queries past the end read zeros). */
  for (int c = 0; c < a->nd; ++c)
    a->qf[c] = kb_operand_tile(kb, &g1->lhs, WMMA_MATRIX_B, a->batch, a->q0,
                               kb_c(kb, kb->atom_k * c), s->m_tail);
  /* Key blocks to visit: the full ones and a partial one last (the
   * pipeline's tail), or with a causal stop all up to the workgroup's
   * last query. */
  MlirValue nblk;
  if (!a->tail_peeled) {
    nblk = kb_ceil_div(kb, g1->N, a->keys);
  } else if (fe_size_static(g1->N)) {
    nblk = kb_c(kb, g1->N.value / a->keys);
  } else {
    MlirValue keys = kb_size(kb, g1->N);
    nblk = wb_arith(b, "arith.divui", keys, kb_c(kb, a->keys));
  }
  if (s->causal)
    nblk = wb_min_index(
        b, nblk, wb_ceil_div_const(b, kb_addc(kb, qwg, s->tile_m), a->keys));
  /* State. */
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  int ns = 2 + a->ndv;
  MlirValue fin[NSTATE];
  fin[0] = wb_const_float(b, f32, kb->p->att.max_init);
  fin[1] = wb_const_float(b, f32, 0.0);
  for (int t = 0; t < a->ndv; ++t)
    fin[2 + t] = kb_fill_zero(kb, kb->atom);
  /* Blocks 0 .. nblk-1 (none when there are no keys), each prefetching
   * the one stages - 1 ahead. */
  kb_pipeline pl = {
      .stages = s->stages,
      .nfull = nblk,
      .tail = a->tail_peeled,
      .max_slices = fe_size_static(g1->N)
                        ? (g1->N.value + a->keys - 1) / a->keys
                        : -1,
      /* Unrolled by the buffers where the block count is static: every
       * block's LDS buffer a constant (no buffer address arithmetic in
       * the loop); the odd block before it. */
      .unroll = KB_UNROLL_REST_FIRST,
      .nstate = ns,
      .ud = a,
      .prefetch = prefetch_block,
      .store = store_block,
      .compute = compute_block,
  };
  /* A causal stop where every workgroup's diagonal blocks exist in full
   * (static sizes, no key tail, keys >= the queries rounded up to a
   * workgroup): the blocks before the workgroup's first query need no
   * mask, so they run first with the select's unmasked operand as the
   * scores (no compare and select per score, the scale folded into the
   * exponential), and the workgroup's tile_m / keys diagonal blocks after
   * them, masked and unrolled (a second pipeline: one barrier and one
   * block's load of latency more per workgroup). */
  int below = fe_att_causal_unmasked(&p->g, p->att.score);
  if (s->causal && causal_split(p, kb->arch, s->tile_m, a->keys)) {
    MlirValue nbelow = kb_mulc(kb, kb_bid(kb, 0), s->tile_m / a->keys);
    a->score = below;
    a->fold = fe_att_score_factor(p, below);
    pl.nfull = nbelow;
    pl.max_slices = g1->N.value / a->keys;
    if (kb_pipelined_loop(kb, &pl, fin)) {
      free(a);
      return -1;
    }
    /* The last blocks' readers retire before the diagonal's first
     * stores; the running max, taken on the unscaled product when the
     * scale is folded, becomes the max of the scaled scores the
     * diagonal's blocks compare with it (fl(c x) is monotonic in x). */
    wb_lds_barrier(b);
    a->score = p->att.score;
    if (a->fold > 0)
      fin[0] = wb_arith(b, "arith.mulf", fin[0],
                        wb_const_float(b, f32, a->fold));
    a->fold = fe_att_score_factor(p, a->score);
    a->slice0 = nbelow;
    pl.nfull = kb_c(kb, s->tile_m / a->keys);
  }
  if (kb_pipelined_loop(kb, &pl, fin)) {
    free(a);
    return -1;
  }
  /* O = O^T / l, the epilogue on each (query, value-dim) tile. */
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    free(a);
    return -1;
  }
  if (a->pairs)
    fin[1] = wb_arith(b, "arith.addf", fin[1], other_half(kb, fin[1]));
  MlirValue ls = fe_att_splat(kb, fin[1]);
  for (int t = 0; t < a->ndv; ++t) {
    kb_memo_clear(&m);
    fe_tile ot;
    kb_output_tile(kb, &ot, a->batch, a->q0, kb_c(kb, kb->atom_m * t), true);
    kb_bind_product(kb, &m, g2->prod,
                    wb_arith(b, "arith.divf", fin[2 + t], ls));
    kb_store_output(kb, &ot, kb_eval(kb, &m, &ot, p->root), s->m_tail);
  }
  kb_memo_free(&m);
  free(a);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_attention = {"attention", plan, build};
