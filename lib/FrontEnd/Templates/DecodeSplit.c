/* The decode template's split of K across workgroups, and its cost rule.
 *
 * A workgroup reads the activations of its K range once for all its
 * column tiles, so the activations are loaded once per column block
 * (a = ceil(N / tile_n) times).  With at most 32 waves per workgroup,
 * 8 waves per CU of a 96-CU part need 24 workgroups: at P = 1 that many
 * column blocks.  P workgroups per column block, each taking a K range,
 * reach the waves with fewer, wider blocks at the price of the f32
 * partials the combine reads (P M N 4 bytes).  The rule weighs both, and
 * the grouped loads (scales) read again when a wave's slice is shorter
 * than a group, and takes the fewest bytes (README "LLM inference" has
 * the bound this gives at M = 16).
 *
 * The workspace is [batch..., P, M, N] in the accumulator type: part p's
 * sums at row m, column n.  Wave 0 of workgroup p stores its column-order
 * sums (rows past M and columns past N are sent past the buffer's end
 * and dropped); the combine (one wave per 16-column tile) starts from the
 * initial accumulator, adds parts 0 .. P-1 in that order, runs the
 * epilogue and the store. */
#include "Templates/DecodeSplit.h"
#include "Templates/DecodeWide.h"
#include "Schedule/DecodeCost.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

#define DECODE_MAX_WN 16

static double batches(const fe_gemm *g) {
  double B = 1;
  for (int i = 0; i < g->nbatch; ++i)
    B *= (double)fe_estimate(g->batch[i]);
  return B;
}

double fe_decode_blocks(const fe_gemm *g, int wave_n) {
  double n = (double)fe_estimate(g->N);
  return (double)((int64_t)(n + 16.0 * wave_n - 1) / (16 * wave_n)) *
         batches(g);
}

/* The grouped loads along K (scales s[k floordiv G][n]): their bytes and
 * the largest group G (0 if none). */
static double grouped_bytes(const fe_problem *p, int *group) {
  const fe_gemm *g = &p->gemms[0];
  double K = (double)fe_estimate(g->K), N = (double)fe_estimate(g->N);
  double bytes = 0;
  *group = 0;
  for (int n = 0; n < p->g.nnodes; ++n) {
    const fe_node *x = &p->g.nodes[n];
    for (int j = 0; x->kind == FE_LOAD && j < x->nmap; ++j)
      if (x->div[j] >= 16 && x->map[j] == g->k_loop) {
        /* One value per (group, column): the scale's form. */
        bytes += K / x->div[j] * N * wb_type_bits(x->type) / 8.0;
        if (x->div[j] > *group)
          *group = x->div[j];
      }
  }
  return bytes;
}

#define DECODE_MAX_CANDS 64

/* Does candidate x beat best: the shorter modelled time, equal times (both
 * DRAM bound, say) the fewer modelled wave instructions, then the smaller
 * SIMD bound, then the fewer bytes. */
static bool decode_better(const fe_decode_choice *x,
                          const fe_decode_choice *best) {
  if (x->time < best->time * (1 - 1e-9))
    return true;
  if (x->time > best->time * (1 + 1e-9))
    return false;
  if (x->instr < best->instr * (1 - 1e-9))
    return true;
  if (x->instr > best->instr * (1 + 1e-9))
    return false;
  if (x->simd < best->simd * (1 - 1e-9))
    return true;
  if (x->simd > best->simd * (1 + 1e-9))
    return false;
  return x->bytes < best->bytes;
}

int fe_decode_choose(const fe_problem *p, const wmma_chip_info *chip,
                     const fe_options *o, wmma_instr instr, int max_wn,
                     int unroll, fe_decode_choice *c) {
  const fe_gemm *g = &p->gemms[0];
  double K = (double)fe_estimate(g->K), N = (double)fe_estimate(g->N);
  double M = (double)g->M.value, B = batches(g);
  double need = (double)DECODE_WAVES_PER_CU * chip->compute_units;
  double act = M * K * wb_type_bits(g->a_type) / 8.0;
  double part = M * N * wb_type_bits(g->kacc_type) / 8.0;
  int group;
  double scales = grouped_bytes(p, &group);
  MlirType wt = p->g.nodes[g->rhs.leaf >= 0 ? g->rhs.leaf : 0].type;
  double wbits = g->rhs.leaf >= 0 ? wb_type_bits(wt) : 16;
  if (wbits < 8)
    wbits = 8; /* memref<..xi4>: a byte each */
  double weights = K * N * B * wbits / 8.0 /
                       (g->rhs.k_pack > 1 ? g->rhs.k_pack : 1) +
                   scales * B;
  fe_decode_choice cand[DECODE_MAX_CANDS], most = {0};
  int n = 0, old = -1;
  for (int wn = DECODE_MAX_WN; wn >= 1; wn /= 2) {
    if (wn > max_wn)
      continue;
    double blocks = fe_decode_blocks(g, wn);
    for (int P = 1; P <= DECODE_MAX_PARTS; ++P)
      for (int S = 1; S <= DECODE_MAX_SPLIT; S *= 2) {
        int slices = S * P;
        if (slices > 1 && K / slices < DECODE_MIN_SLICE)
          break;
        /* Iterations no longer than a slice (else slices go idle). */
        int U = unroll;
        while (U > 1 && 16.0 * U > K / slices)
          U /= 2;
        /* The K iterations spread evenly over the slices (fe_decode_k_
         * range): every slice needs one. */
        if ((double)(int64_t)((K + 16.0 * U - 1) / (16.0 * U)) < slices)
          continue;
        fe_decode_choice x = {.wave_n = wn, .split = S, .parts = P, .unroll = U,
                              .waves = blocks * S * P};
        if (x.waves < need) {
          if (P == 1 && x.waves > most.waves)
            most = x;
          continue;
        }
        x.bytes = blocks * act + (P > 1 ? B * P * part : 0);
        if (group > 16 * U)
          x.bytes += scales * (group / (16.0 * U) - 1);
        x.weights = weights;
        x.instr_kind = instr;
        if (n < DECODE_MAX_CANDS) {
          fe_decode_model(p, chip, &x);
          /* The byte rule's choice: the fewest bytes (first found). */
          if (old < 0 || x.bytes < cand[old].bytes)
            old = n;
          cand[n++] = x;
        }
        break; /* the fewest waves along K reaching the target */
      }
  }
  if (old < 0) {
    if (!most.wave_n)
      return -1;
    most.bytes = fe_decode_blocks(g, most.wave_n) * act;
    *c = most;
    return 0;
  }
  /* Loads within 1.1x the least (weights, scales, activations once), or
   * the fewest bytes where no candidate is. */
  double least = weights + act * B;
  double bound = 1.1 * least > weights + cand[old].bytes
                     ? 1.1 * least
                     : weights + cand[old].bytes;
  int best = old;
  const bool fitted = fe_decode_model_fitted(p);
  for (int i = 0; fitted && i < n; ++i)
    if (weights + cand[i].bytes <= bound * (1 + 1e-9) &&
        decode_better(&cand[i], &cand[best]))
      best = i;
  if (o && o->explain_cost) {
    for (int i = 0; i < n; ++i)
      fe_decode_explain(p, &cand[i], "candidate", i == old);
    fe_decode_explain(p, &cand[best], "chosen", best == old);
  }
  *c = cand[best];
  return 0;
}

int fe_decode_group_sharers(const fe_problem *p, const fe_schedule *s,
                            int *group, int *lds_bytes) {
  const fe_gemm *g = &p->gemms[0];
  *group = 0;
  *lds_bytes = 0;
  const int W = fe_decode_wide_cols(p, s), S = s->waves_m;
  const int P = s->k_parts > 1 ? s->k_parts : 1, U = s->k_step / 16;
  if (W < 4 || U < 2 || s->combine || !fe_size_static(g->K))
    return 1;
  int G;
  (void)grouped_bytes(p, &G);
  int64_t K = g->K.value, step = 16 * (int64_t)U;
  /* (Slices of equal length only: the iterations spread evenly.) */
  int64_t n = (K + step - 1) / step;
  if (n % ((int64_t)S * P))
    return 1;
  int64_t kc = step * (n / ((int64_t)S * P));
  if (!G || G % kc || G / kc < 2 || S % (G / kc))
    return 1;
  int r = (int)(G / kc), row = 0;
  for (int n = 0; n < p->g.nnodes; ++n) {
    const fe_node *x = &p->g.nodes[n];
    bool k = false;
    for (int j = 0; x->kind == FE_LOAD && j < x->nmap; ++j)
      k |= x->div[j] >= 16 && x->map[j] == g->k_loop;
    if (k)
      row += wb_type_bits(x->type) / 8;
  }
  *group = G;
  *lds_bytes = (S / r) * 16 * W * row;
  return r;
}

/* The first K iteration of slice t: t base + max(t, T - r) - (T - r) for
 * n = base T + r iterations (the last r slices take one more). */
static MlirValue first_chunk(fe_kb *kb, MlirValue t, MlirValue base,
                             MlirValue long_from, bool uneven) {
  wb_t *b = &kb->b;
  MlirValue c = wb_arith(b, "arith.muli", t, base);
  if (!uneven)
    return c;
  MlirValue from = wb_arith(b, "arith.maxui", t, long_from);
  MlirValue extra = wb_arith(b, "arith.subi", from, long_from);
  return kb_add(kb, c, extra);
}

void fe_decode_k_range(fe_kb *kb, MlirValue t, MlirValue *k_lo,
                       MlirValue *k_hi) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  const int64_t T = (int64_t)s->waves_m * (s->k_parts > 1 ? s->k_parts : 1);
  const int64_t chunk = s->k_step;
  MlirValue K = kb_size(kb, g->K);
  MlirValue base, long_from;
  bool uneven = true;
  if (fe_size_static(g->K)) {
    int64_t n = (g->K.value + chunk - 1) / chunk;
    base = kb_c(kb, n / T);
    long_from = kb_c(kb, T - n % T);
    uneven = n % T != 0;
  } else {
    MlirValue n = kb_ceil_div(kb, g->K, chunk);
    base = wb_arith(b, "arith.divui", n, kb_c(kb, T));
    MlirValue r = wb_arith(b, "arith.remui", n, kb_c(kb, T));
    long_from = wb_arith(b, "arith.subi", kb_c(kb, T), r);
  }
  MlirValue c0 = first_chunk(kb, t, base, long_from, uneven);
  MlirValue t1 = kb_addc(kb, t, 1);
  MlirValue c1 = first_chunk(kb, t1, base, long_from, uneven);
  *k_lo = wb_arith(b, "arith.minui", kb_mulc(kb, c0, chunk), K);
  *k_hi = wb_arith(b, "arith.minui", kb_mulc(kb, c1, chunk), K);
}

/*===--- the workspace and the combine -------------------------------------===*/
void fe_workspace_finish(const fe_problem *p, fe_arg *w) {
  int64_t dims[FE_MAX_RANK];
  for (int d = 0; d < w->rank; ++d)
    dims[d] = fe_size_static(w->shape[d]) ? w->shape[d].value
                                          : mlirShapedTypeGetDynamicSize();
  w->type = mlirMemRefTypeContiguousGet(w->elem, w->rank, dims,
                                        mlirAttributeGetNull());
  w->host = FE_HOST_WORKSPACE;
  w->role = FE_ARG_OUTPUT;
  w->loc = p->loc;
}

int fe_decode_workspace(const fe_problem *p, const fe_schedule *s,
                        fe_arg *w) {
  const fe_gemm *g = &p->gemms[0];
  if (g->nbatch + 3 > FE_MAX_RANK)
    return -1;
  memset(w, 0, sizeof *w);
  w->is_buffer = true;
  w->elem = g->kacc_type;
  w->rank = g->nbatch + 3;
  for (int i = 0; i < g->nbatch; ++i)
    w->shape[i] = g->batch[i];
  w->shape[g->nbatch] = fe_static(s->k_parts);
  w->shape[g->nbatch + 1] = g->M;
  w->shape[g->nbatch + 2] = g->N;
  fe_workspace_finish(p, w);
  return 0;
}

void fe_decode_combine_schedule(const fe_problem *p, const fe_schedule *s,
                                fe_schedule *s2) {
  const fe_gemm *g = &p->gemms[0];
  *s2 = *s;
  s2->combine = true;
  s2->waves_m = 1;
  s2->threads = 32;
  s2->wave_n = 1;
  s2->tile_n = 16;
  s2->k_step = 16;
  s2->lds_bytes = 0;
  s2->vgprs = s->wave_m * 16 + 32;
  s2->n_tail = !fe_size_static(g->N) || g->N.value % 16;
  s2->grid[0] = (fe_grid_dim){1, {{g->N, 16}}};
  s2->grid[1] = (fe_grid_dim){1, {{g->M, s->tile_m}}};
}

MlirValue fe_decode_acc_row(fe_kb *kb, MlirValue h, int v) {
  if (wmma_arch_acc_rows_interleaved(kb->arch))
    return kb_addc(kb, h, 2 * v);
  return kb_addc(kb, kb_mulc(kb, h, 8), v);
}

static bool split_first(const fe_kb *kb) {
  return kb->s->k_parts > 1 && !kb->s->combine;
}

MlirValue fe_workspace_value(fe_kb *kb) {
  const fe_problem *p = kb->p;
  if (p->nargs < 1 || p->args[p->nargs - 1].host != FE_HOST_WORKSPACE) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  return kb->args[p->nargs - 1];
}

/* The workspace index of part `part`, slot v of tile (i, j) of the wave's
 * tiles at w->n0 (row 16 i + the slot's row, column n0 + 16 j + lane r);
 * past the buffer's end outside M x N. */
static void ws_index(fe_kb *kb, const fe_gemm_wave *w, MlirValue ws,
                     MlirValue part, int i, int j, int v, MlirValue *idx) {
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  for (int d = 0; d < g->nbatch; ++d)
    idx[d] = w->batch[d];
  MlirValue row = kb_addc(kb, fe_decode_acc_row(kb, wb_h_index(b), v), 16 * i);
  MlirValue col0 = kb_addc(kb, w->n0, 16 * j);
  MlirValue col = kb_add(kb, col0, wb_r_index(b));
  idx[g->nbatch] = part;
  idx[g->nbatch + 1] = row;
  idx[g->nbatch + 2] = col;
  MlirValue ok = wb_cmpi(b, WB_CMP_ULT, row, kb_size(kb, g->M));
  ok = wb_arith(b, "arith.andi", ok,
                wb_cmpi(b, WB_CMP_ULT, col, kb_size(kb, g->N)));
  kb_note_oob(kb, ws);
  idx[0] = wb_select(b, ok, idx[0], wb_fat_buffer_oob(b, wb_dim(b, ws, 0)));
}

void fe_decode_acc_start(fe_kb *kb, fe_gemm_wave *w) {
  fe_gemm_acc_init(kb, w);
  if (!split_first(kb))
    return;
  for (int t = 0; t < fe_gemm_nacc(kb); ++t)
    w->acc[t] = wb_const_zero(&kb->b, mlirValueGetType(w->acc[t]));
}

void fe_decode_finish(fe_kb *kb, fe_gemm_wave *w) {
  if (!split_first(kb)) {
    fe_gemm_epilogue(kb, w);
    return;
  }
  const fe_schedule *s = kb->s;
  wb_t *b = &kb->b;
  MlirValue ws = fe_workspace_value(kb);
  if (kb->failed)
    return;
  const int rank = kb->p->gemms[0].nbatch + 3;
  for (int i = 0; i < s->wave_m; ++i)
    for (int j = 0; j < s->wave_n; ++j)
      for (int v = 0; v < 8; ++v) {
        MlirValue idx[FE_MAX_RANK];
        ws_index(kb, w, ws, kb_bid(kb, 1), i, j, v, idx);
        wb_store(b, wb_extract(b, w->acc[i * s->wave_n + j], v), ws, rank,
                 idx);
      }
}

int fe_decode_build_combine(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  MlirValue ws = fe_workspace_value(kb);
  if (kb->failed)
    return -1;
  fe_gemm_wave w;
  memset(&w, 0, sizeof w);
  if (g->nbatch)
    kb_batch_from_z(kb, g, kb_bid(kb, 2), w.batch);
  w.bm0 = w.m0 = kb_mulc(kb, kb_bid(kb, 1), s->tile_m);
  w.bn0 = w.n0 = kb_mulc(kb, kb_bid(kb, 0), 16);
  w.form = FE_FORM_ACC;
  fe_gemm_acc_init(kb, &w);
  const int rank = g->nbatch + 3;
  for (int part = 0; part < s->k_parts; ++part)
    for (int i = 0; i < s->wave_m; ++i) {
      MlirType vt = mlirValueGetType(w.acc[i]);
      MlirValue e[8];
      for (int v = 0; v < 8; ++v) {
        MlirValue idx[FE_MAX_RANK];
        ws_index(kb, &w, ws, kb_c(kb, part), i, 0, v, idx);
        e[v] = wb_load(b, ws, rank, idx);
      }
      w.acc[i] = wb_arith(b, mlirTypeIsAFloat(kb->kacc) ? "arith.addf"
                                                         : "arith.addi",
                          w.acc[i], wb_from_elements(b, 8, e, vt));
    }
  fe_gemm_epilogue(kb, &w);
  return kb->failed ? -1 : 0;
}
