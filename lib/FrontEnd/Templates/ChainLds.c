/* The chain_lds template (see ChainCommon.c for the chain problem and what
 * both chain templates share; chain_regs is ChainRegs.c).
 *
 * chain_lds (an intermediate too wide for registers): one workgroup per
 * block of rows (per batch item when it fits).  The waves compute the
 * intermediate tiles, convert them to the input type and store them to
 * LDS; a barrier; then the output tiles read their A fragments from LDS.
 *
 * Tails: K0 as in the GEMM template (a masked last step); intermediate
 * columns past N0 are set to zero before they become K of the second
 * product, and the matching rows of B1 are loaded masked, so the padding
 * contributes exactly nothing; M and N1 tails only mask the stores. */
#include "Templates/Chain.h"

#include "mlir-c/BuiltinTypes.h"
#include "wmma/Layout/LdsBanks.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NT0 32 /* first-product tiles of one K loop */

/* Register blocking: a wave computes G row tiles x C column tiles of the
 * intermediate at once, so each K step loads G A fragments and C B
 * fragments for G*C products (the B0 panel is read once per G rows, the
 * A strip once per C columns), and G row tiles of the output, so each B1
 * fragment serves G rows.  G*C <= 8 keeps the accumulators at 64 VGPRs. */
#define MAX_BLOCK 8

typedef struct {
  int g, c; /* row tiles, column tiles per wave iteration */
} blocking;

/* The VGPR estimate of a blocking: G x C accumulators, the G A and C B
 * fragments, addresses and the rest. */
static int blocking_vgprs(blocking bk) {
  return 8 + bk.g * bk.c * 8 + (bk.g + bk.c) * 16 + 24;
}

/* The largest blocking (g x c <= MAX_BLOCK, ties to taller: fewer weight
 * re-reads) that still gives every wave an iteration in both phases. */
static blocking block_of(int64_t rows, int am, int64_t nt0, int64_t nt1,
                         int waves) {
  blocking best = {1, 1};
  int64_t r = rows / am;
  for (int g = 1; g <= MAX_BLOCK && g <= r; ++g) {
    if (r % g)
      continue;
    for (int c = 1; g * c <= MAX_BLOCK && c <= nt0; ++c) {
      if (nt0 % c || (r / g) * (nt0 / c) < waves || (r / g) * nt1 < waves)
        continue;
      if (g * c > best.g * best.c || (g * c == best.g * best.c && g > best.g))
        best = (blocking){g, c};
    }
  }
  return best;
}

/* Global bytes a grid of `blocks` row blocks of `rows` requests: per row
 * group (G row tiles) the B0 and B1 panels once, per column group the A
 * strip of the block; the output once. */
static double lds_bytes_moved(double blocks, int64_t rows, int am, int64_t nt0,
                              blocking bk, double K0, double N0, double N1,
                              double M, double in_bytes, double out_bytes) {
  double groups = (double)(rows / am / bk.g);
  double per_block = (double)(nt0 / bk.c) * rows * K0 +
                     groups * (K0 * N0 + N0 * N1);
  return blocks * per_block * in_bytes + M * N1 * out_bytes;
}

/* The intermediate's LDS layout.  Reads: the second product's A fragments
 * are b128 loads (lane l: row l % 16; RDNA4 K 8h..8h+7 in one, RDNA3 the
 * replicated K 0..15 in two), served in phases of 8 lanes
 * that read 8 consecutive rows at one K: conflict-free iff the rows start
 * in 8 different 16-byte units modulo 128 bytes, i.e. a row stride of an
 * odd number of units (one unit of padding; Kernel/LdsLayout.c).  Writes:
 * the intermediate tile is stored from the accumulator layout, 8 b16
 * stores a tile, each writing 16 columns (32 bytes) of two rows, one per
 * lane half: rows 2v and 2v + 1 on RDNA3, v and v + 8 on RDNA4.  RDNA4's
 * two rows lie 8 strides apart, a multiple of 128 bytes whatever the
 * padding, so they share banks; the swizzle moves the second: column c of
 * row r is stored at c ^ 32 b(r), b(r) the row bit that parts the lane
 * halves (RDNA3 bit 0, RDNA4 bit 3), 64 bytes away from the other row's
 * 32.  Within a read phase b is constant (RDNA4) or alternates (RDNA3:
 * rows r start at units r + 4 (r % 2) + u mod 8, still 8 different).  The
 * XOR stays inside the row when it holds a multiple of 64 columns.  Other
 * widths (issue 24): on RDNA4 column c of row r is stored at c + 32 b(r),
 * the row 32 columns longer (its lane halves again 64 bytes apart; a read
 * phase's rows all have one b, so they keep their 8 units); on RDNA3 rows
 * 2v and 2v + 1 lie one stride S apart, and their 32-byte halves miss each
 * other's banks iff S is 3 or 5 units modulo 8 (odd for the reads): 1, 3
 * or 5 units of padding make it so, no shift.  Unpadded: where the padded
 * rows would not fit the LDS the rows are the intermediate's, and its
 * conflicts are charged. */
typedef struct {
  int64_t stride;      /* elements per row */
  bool padded, swizzle; /* swizzle: column c ^ 32 b(r) */
  bool shift;           /* column c + 32 b(r) */
} chain_layout;

static chain_layout layout_of(wmma_arch arch, int64_t n0p, bool padded) {
  chain_layout y = {n0p, padded, false, false};
  if (!padded)
    return y;
  y.stride = n0p + 8; /* one 16-byte unit: an odd number of units */
  if (n0p % 64 == 0) {
    y.swizzle = true;
  } else if (arch != WMMA_ARCH_RDNA3) {
    y.stride += 32;
    y.shift = true;
  } else {
    while ((y.stride / 8) % 8 != 3 && (y.stride / 8) % 8 != 5)
      y.stride += 16; /* two more units: still odd */
  }
  return y;
}

/* The row bit b(r) of the swizzle: the one the two lane halves of an
 * accumulator store differ in. */
static int swizzle_bit(wmma_arch arch, int64_t row) {
  return arch == WMMA_ARCH_RDNA3 ? (int)(row & 1) : (int)((row >> 3) & 1);
}

static int64_t layout_byte(wmma_arch arch, const chain_layout *y, int64_t row,
                           int64_t col) {
  if (y->swizzle)
    col ^= 32 * swizzle_bit(arch, row);
  if (y->shift)
    col += 32 * swizzle_bit(arch, row);
  return (row * y->stride + col) * 2;
}

/* Bank conflicts of one 16-row tile of the intermediate in layout y, by
 * the bank model the emulator counts with (wmma/Layout/LdsBanks.h): its
 * stores (nt0 tiles of 8 b16 stores) and the A reads of one output tile
 * (nt0 K steps).  Checked against the emulator's counts: 491520 (gfx1201)
 * and 950272 (gfx1100) for 1024 tokens, a 1024-wide intermediate and
 * 32-row blocks unpadded; 0 padded. */
static void layout_conflicts(wmma_arch arch, const chain_layout *y,
                             int64_t nt0, double *stores, double *reads) {
  uint32_t addr[32];
  *stores = *reads = 0;
  for (int64_t j = 0; j < nt0; ++j) {
    for (int v = 0; v < 8; ++v) {
      for (int l = 0; l < 32; ++l) {
        int h = l / 16;
        int64_t row = arch == WMMA_ARCH_RDNA3 ? 2 * v + h : 8 * h + v;
        addr[l] = (uint32_t)layout_byte(arch, y, row, 16 * j + l % 16);
      }
      *stores += wmma_lds_bank_conflicts(addr, 0xffffffffu, 2);
    }
    /* RDNA4: one b128, lane half h at K 8h; RDNA3: the replicated
     * fragment as two b128, K 0 and 8, both lane halves alike. */
    int loads = arch == WMMA_ARCH_RDNA3 ? 2 : 1;
    for (int i = 0; i < loads; ++i) {
      for (int l = 0; l < 32; ++l)
        addr[l] = (uint32_t)layout_byte(arch, y, l % 16,
                                        16 * j + 8 * (loads == 2 ? i : l / 16));
      *reads += wmma_lds_bank_conflicts(addr, 0xffffffffu, 16);
    }
  }
}

/* A chain's sizes as the chain_lds cost rule sees them (estimates). */
typedef struct {
  int am, an, ak;
  int64_t mpad, nt0, nt1, n0p;
  double M, K0, N0, N1, B, in_bytes, out_bytes;
  bool nt1_static; /* N1 static: the kernel knows each wave's tiles */
  wmma_arch arch;
} lds_dims;

/* The second product's A strip held in registers (issue 24): where a
 * block is one row group (every output tile of the block reads the same
 * g x nt0 A fragments) and a wave has more than one output tile, each
 * wave loads the strip from LDS once, before its loop over the output
 * column tiles, if it fits STRIP_VGPRS; else the fragments are read
 * inside the K loop, once per output tile.  The IR says which, so the
 * count no longer depends on LLVM unrolling the K loop and hoisting the
 * loads (it does up to 24 K steps on RDNA3, 32 on RDNA4).  160 VGPRs:
 * 20 K steps of f16 on RDNA3 (216 VGPRs in all at N0 = 320), 40 on RDNA4
 * (240 at N0 = 640), no spills. */
#define STRIP_VGPRS 160

/* VGPRs of one A fragment read from LDS: RDNA3's is replicated across the
 * lane halves (twice the bytes, two b128 for f16). */
static int afrag_vgprs(wmma_arch arch, int am, int ak, double in_bytes) {
  int rep = arch == WMMA_ARCH_RDNA3 ? 2 : 1;
  return (int)(am * ak * in_bytes * rep / 128);
}

static bool strip_in_registers(wmma_arch arch, int am, int ak, double in_bytes,
                               int64_t nt0, int g, int64_t rgroups,
                               int64_t nt1, bool nt1_static, int waves) {
  return rgroups == 1 && nt1_static && nt1 > waves &&
         (int64_t)g * nt0 * afrag_vgprs(arch, am, ak, in_bytes) <=
             STRIP_VGPRS;
}

/* The most K steps of the second product's loop LLVM (22) unrolls whole,
 * after which it hoists a wave's A loads out of its loop over the output
 * tiles itself where a block is one row group.  Observed through the
 * emulator's LDS bytes read (128-row chains, 4 waves, 8 output tiles):
 * RDNA3 4 to 24 steps unrolled, 32 not; RDNA4 4 to 32, 48 and 64 not.
 * Only RDNA3's 21 to 24 steps lie past STRIP_VGPRS (and spill: 256 VGPRs,
 * 24 spills at N0 = 384).  A heuristic of LLVM's: re-measure when LLVM
 * changes (chain-lds-strip.test). */
static int64_t unrolled_max_nt0(wmma_arch arch) {
  return arch == WMMA_ARCH_RDNA3 ? 24 : 32;
}

/* How many times the second product reads each row tile's strip of a
 * block: once per wave where the strip is held in registers (or LLVM
 * hoists the loads), else once per output column tile. */
static double strip_reads(const lds_dims *d, int64_t r, blocking bk,
                          int waves, bool *held) {
  int64_t rgroups = r / d->am / bk.g;
  *held = strip_in_registers(d->arch, d->am, d->ak, d->in_bytes, d->nt0,
                             bk.g, rgroups, d->nt1, d->nt1_static, waves);
  bool llvm = rgroups == 1 && d->nt1 > waves &&
              d->nt0 <= unrolled_max_nt0(d->arch);
  return (double)(*held || llvm ? waves : d->nt1);
}

/* Candidate c (a copy of s) with blocks of r rows in layout y, ranked by
 * the modelled time (Schedule/Select.c) of the work it plans over B batch
 * items: the WMMAs of both products, the blocks, LDS bytes (each block
 * writes its intermediate once, the second product reads a row tile's
 * strip strip_reads times) and the layout's bank conflicts, the
 * rule's L2 bytes (every row group re-reads both weight matrices), DRAM
 * once and occupancy from its LDS and VGPRs; the old rule's value as
 * tie_cost. */
static void lds_candidate(const wmma_chip_info *chip, const fe_schedule *s,
                          const lds_dims *d, int64_t r, const chain_layout *y,
                          fe_schedule *c) {
  double blocks = (double)((d->mpad + r - 1) / r);
  blocking bk = block_of(r, d->am, d->nt0, d->nt1, s->waves_m);
  double wmma = blocks * (double)(r / d->am) * (double)d->nt0 *
                ((d->K0 + d->ak - 1) / d->ak + (d->N1 + d->an - 1) / d->an);
  double bytes = lds_bytes_moved(blocks, r, d->am, d->nt0, bk, d->K0, d->N0,
                                 d->N1, d->M, d->in_bytes, d->out_bytes);
  double st, rd;
  layout_conflicts(d->arch, y, d->nt0, &st, &rd);
  bool held;
  double reads = strip_reads(d, r, bk, s->waves_m, &held);
  *c = *s;
  c->staging = FE_STAGE_LDS;
  c->rows_per_block = (int)r;
  c->tile_m = (int)r;
  c->lds_padded = y->padded;
  c->lds_bytes = r * y->stride * (int64_t)d->in_bytes;
  c->lds_conflicts = d->B * blocks * (double)(r / d->am) *
                     (st + reads * rd);
  c->vgprs = blocking_vgprs(bk) +
             (held ? bk.g * (int)d->nt0 *
                         afrag_vgprs(d->arch, d->am, d->ak, d->in_bytes)
                   : 0);
  double inter = blocks * (double)r * d->N0 * d->in_bytes;
  /* RDNA3's A fragments are replicated: each lane half reads the strip */
  double rep = d->arch == WMMA_ARCH_RDNA3 ? 2 : 1;
  c->lds_read = d->B * inter * reads * rep;
  fe_grid_work work = {
      s->instr, d->B * wmma, d->B * blocks, 0, fe_waves(s),
      c->lds_read, d->B * inter, d->B * bytes,
      d->B * ((d->M * d->K0 + d->K0 * d->N0 + d->N0 * d->N1) * d->in_bytes +
              d->M * d->N1 * d->out_bytes),
      c->vgprs, (int)c->lds_bytes, WMMA_SPARSE_COUNT, 0, 0,
      c->lds_conflicts};
  c->cost = fe_modelled_costs(chip, &work, &c->cost_simd);
  c->tie_cost = fe_cost(chip, d->B * blocks, d->B * wmma, d->B * bytes);
  c->tie_bytes = d->B * bytes;
}

/* The explain-cost remark of a chain_lds candidate: the GEMM's, with the
 * layout and its bank conflicts. */
static void explain_lds(const fe_problem *p, const fe_schedule *s,
                        const char *what) {
  fe_remark(p->loc, "chain_lds %s: staging = lds, tile = [%d, %d, %d], "
                    "waves = [%d, %d], rows %s, %.0f bank conflicts, "
                    "LDS %.0f B read: modelled %.4g us (rule %.4g)",
            what, s->tile_m, s->tile_n, s->k_step, s->waves_m, s->waves_n,
            s->lds_padded ? "padded" : "unpadded", s->lds_conflicts,
            s->lds_read,
            s->cost * 1e6, s->tie_cost);
}

/* Rows of LDS in layout y the chip holds, in whole atoms. */
static int64_t rows_held(const wmma_chip_info *chip, const chain_layout *y,
                         int am, double in_bytes) {
  return chip->lds_bytes / (y->stride * (int64_t)in_bytes) / am * am;
}

static int plan_lds(const fe_problem *p, const wmma_chip_info *chip,
                    const fe_options *o, fe_schedule *s, char *why,
                    size_t cap) {
  fe_chain_schedule(p, chip, o, s, fe_template_chain_lds.name);
  if (fe_chain_check(p, chip, s, why, cap))
    return -1;
  if (o->staging == WMMA_STAGING_REGISTERS)
    return fe_why(why, cap, "staging=registers keeps the intermediate out of "
                            "LDS");
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  const int am = ii->m, an = ii->n, ak = ii->k;
  int64_t n0p = fe_round_up(g1->N.value, an);
  double in_bytes = wb_type_bits(g1->in_type) / 8;
  chain_layout padded = layout_of(chip->arch, n0p, true);
  chain_layout plain = layout_of(chip->arch, n0p, false);
  int64_t max_pad = rows_held(chip, &padded, am, in_bytes);
  int64_t max_rows = rows_held(chip, &plain, am, in_bytes);
  if (max_rows < am)
    return fe_why(why, cap, "a %d x %lld strip of the intermediate needs "
                            "%lld bytes of LDS (limit %d)",
                  am, (long long)g1->N.value,
                  (long long)(am * n0p * (int64_t)in_bytes), chip->lds_bytes);
  double M = (double)fe_estimate(g2->M), K0 = (double)fe_estimate(g1->K);
  double N1 = (double)fe_estimate(g2->N), N0 = (double)n0p;
  double out_bytes = wb_type_bits(p->g.nodes[p->root].type) / 8;
  int64_t mpad = fe_round_up((int64_t)M, am), nt0 = n0p / an;
  int64_t nt1 = ((int64_t)N1 + an - 1) / an;
  double B = 1;
  for (int i = 0; i < g2->nbatch; ++i)
    B *= (double)fe_estimate(g2->batch[i]);
  lds_dims dims = {.am = am, .an = an, .ak = ak, .mpad = mpad, .nt0 = nt0,
                   .nt1 = nt1, .n0p = n0p, .M = M, .K0 = K0, .N0 = N0,
                   .N1 = N1, .B = 1, .in_bytes = in_bytes,
                   .nt1_static = fe_size_static(g2->N),
                   .out_bytes = out_bytes, .arch = chip->arch};
  int64_t rows;
  if (o->pinned) { /* exactly the pinned rows, if LDS holds them */
    rows = o->pin.tile[0] <= max_rows ? o->pin.tile[0] : max_rows;
  } else if (g2->nbatch && fe_size_static(g2->M)) {
    rows = mpad < max_rows ? mpad : max_rows; /* the whole item if it fits */
  } else {
    /* Row blocks by the modelled time (Schedule/Select.c): more blocks
     * keep more WGPs busy, taller blocks re-read the weights fewer times
     * and hold more LDS (occupancy); rows the padded layout cannot hold
     * are offered unpadded, their bank conflicts charged.  Within
     * FE_MODEL_MARGIN the rule decides, then the SIMD bound, then the
     * fewer bytes (fe_candidate_better, as the GEMM's tiles). */
    fe_schedule best, cand;
    bool found = false;
    rows = am;
    for (int64_t r = am; r <= max_rows && r <= mpad; r += am) {
      lds_candidate(chip, s, &dims, r, r <= max_pad ? &padded : &plain,
                    &cand);
      if (o->explain_cost)
        explain_lds(p, &cand, "candidate");
      if (fe_candidate_better(&cand, &best, found, FE_MODEL_MARGIN)) {
        best = cand;
        rows = r;
        found = true;
      }
    }
    if (found && o->explain_cost)
      explain_lds(p, &best, "chosen");
  }
  /* The chosen rows' modelled time over every batch item: the choice
   * between the chain templates compares it (Schedule/Select.c).  Padded
   * wherever the LDS holds the rows so. */
  dims.B = B;
  fe_schedule chosen;
  lds_candidate(chip, s, &dims, rows, rows <= max_pad ? &padded : &plain,
                &chosen);
  *s = chosen;
  s->grid[0] = (fe_grid_dim){1, {{g2->M, rows}}};
  return 0;
}

/* One first-product tile's K loop (and masked tail) for `n` tiles at once:
 * a[j], b[j] give each tile's operands per K step. */
typedef void (*operands_fn)(fe_kb *kb, void *ud, int j, MlirValue k,
                            bool masked, MlirValue *a, MlirValue *b);

static void k_loop(fe_kb *kb, fe_size K, int n, MlirValue *acc,
                   operands_fn operands, void *ud) {
  const int ak = kb->atom_k;
  MlirValue kfull;
  if (fe_size_static(K))
    kfull = kb_c(kb, K.value / ak * ak);
  else {
    MlirValue k = kb_size(kb, K);
    kfull = kb_mulc(kb, wb_arith(&kb->b, "arith.divui", k, kb_c(kb, ak)), ak);
  }
  int64_t kf;
  if (!wb_const_value(kfull, &kf) || kf > 0) {
    wb_loop l;
    MlirValue lo = kb_c(kb, 0);
    if (!wb_for_begin(&kb->b, &l, lo, kfull, kb_c(kb, ak), n, acc)) {
      kb->failed = 1;
      return;
    }
    MlirValue it[MAX_NT0];
    memcpy(it, l.iter, sizeof(MlirValue) * (size_t)n);
    for (int j = 0; j < n; ++j) {
      MlirValue a, b;
      operands(kb, ud, j, l.iv, false, &a, &b);
      it[j] = kb_mma(kb, kb->atom, a, b, it[j]);
    }
    wb_for_end(&kb->b, &l, n, it);
    for (int j = 0; j < n; ++j)
      acc[j] = wb_loop_result(&l, j);
  }
  if (fe_size_static(K) && K.value % ak == 0)
    return;
  MlirValue more = fe_size_static(K)
                       ? (MlirValue){NULL}
                       : wb_cmpi(&kb->b, WB_CMP_ULT, kfull, kb_size(kb, K));
  wb_if f;
  MlirType types[MAX_NT0];
  for (int j = 0; j < n; ++j)
    types[j] = mlirValueGetType(acc[j]);
  if (!mlirValueIsNull(more) &&
      !wb_if_begin(&kb->b, &f, more, n, types, true)) {
    kb->failed = 1;
    return;
  }
  MlirValue in[MAX_NT0];
  memcpy(in, acc, sizeof(MlirValue) * (size_t)n);
  for (int j = 0; j < n; ++j) {
    MlirValue a, b;
    operands(kb, ud, j, kfull, true, &a, &b);
    acc[j] = kb_mma(kb, kb->atom, a, b, acc[j]);
  }
  if (!mlirValueIsNull(more)) {
    wb_if_else(&kb->b, &f, n, acc);
    wb_if_end(&kb->b, &f, n, in);
    for (int j = 0; j < n; ++j)
      acc[j] = mlirOperationGetResult(f.op, j);
  }
}

/* An operand tile from global memory.  RDNA3 (the replicated hw layout):
 * loaded compact -- each K value once per wave, not once per lane half --
 * and replicated by v_permlanex16, halving the weights' global traffic. */
static MlirValue global_tile(fe_kb *kb, const fe_operand *o, wmma_matrix role,
                             const MlirValue *batch, MlirValue row,
                             MlirValue k, bool masked) {
  if (kb->ab_layout != WMMA_LAYOUT_HW ||
      kb_operand_has_prologue(kb, o, role))
    return kb_operand_tile(kb, o, role, batch, row, k, masked);
  kb->ab_layout = WMMA_LAYOUT_COMPACT;
  MlirValue v = kb_operand_tile(kb, o, role, batch, row, k, masked);
  kb->ab_layout = WMMA_LAYOUT_HW;
  return mlirValueIsNull(v) ? v : kb_expand(kb, role, kb->atom, v);
}

/* Column index col (a multiple of 32 bytes) of the swizzled or shifted
 * layout: col ^ swz or col + swz (op), swz the lane's 32 b(row) (null:
 * neither).  The fragment lowering adds the lane's own column offset
 * (< 16) to it. */
static MlirValue swizzled(fe_kb *kb, MlirValue col, MlirValue swz,
                          const char *op) {
  return mlirValueIsNull(swz) ? col : wb_arith(&kb->b, op, col, swz);
}

/* The lane's 32 b(row) for the rows it stores (`store`: the lane half h,
 * both architectures) or reads (row l % 16: RDNA3 bit 0, RDNA4 bit 3). */
static MlirValue lane_swizzle(fe_kb *kb, bool store) {
  MlirValue lane = wb_arith(&kb->b, "arith.remui", kb->tid, kb_c(kb, 32));
  int bit = store ? 16 : kb->arch == WMMA_ARCH_RDNA3 ? 1 : 8;
  MlirValue b = wb_arith(&kb->b, "arith.andi", lane, kb_c(kb, bit));
  return kb_mulc(kb, b, 32 / bit);
}

/* The A fragment of the second product for LDS row lds_row, K offset k. */
static MlirValue strip_fragment(fe_kb *kb, MlirAttribute frag, MlirValue lds,
                                MlirValue lds_row, MlirValue k, MlirValue swz,
                                const char *swz_op) {
  MlirValue idx[2] = {lds_row, swizzled(kb, k, swz, swz_op)};
  return kb_load(kb, frag, lds, 2, idx, false);
}

/* The second product's K steps over N0 (its partial last step included). */
static int strip_steps(const fe_kb *kb) {
  return (int)(fe_round_up(kb->p->gemms[0].N.value, kb->atom_k) /
               kb->atom_k);
}

/* A block's whole strip of g row tiles (rows i*am of the LDS) in
 * registers: fragment k*g + i, loaded once per wave (strip_in_registers). */
static void load_strip(fe_kb *kb, MlirValue lds, int g, MlirValue swz,
                       const char *swz_op, MlirValue *strip) {
  MlirAttribute frag =
      kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false, kb->atom);
  int nt0 = strip_steps(kb);
  for (int k = 0; k < nt0; ++k)
    for (int i = 0; i < g; ++i) {
      MlirValue row = kb_c(kb, (int64_t)i * kb->atom_m);
      MlirValue col = kb_c(kb, (int64_t)k * kb->atom_k);
      strip[k * g + i] = strip_fragment(kb, frag, lds, row, col, swz, swz_op);
    }
}

/* Second product over K = N0 for g row tiles at once (each B1 fragment
 * serves them all), A fragments from the LDS rows at lds_row + i*am (or,
 * where `strip` is given, from the registers load_strip filled: the K loop
 * is then unrolled), then the epilogue and the store of output tiles
 * (row + i*am, col): a loop over the full K tiles (any N0) plus the
 * partial one. */
static void second_product(fe_kb *kb, const MlirValue *batch, MlirValue row,
                           MlirValue col, MlirValue lds, MlirValue lds_row,
                           int g, MlirValue swz, const char *swz_op,
                           const MlirValue *strip) {
  const fe_problem *p = kb->p;
  const fe_gemm *g2 = &p->gemms[1];
  const fe_schedule *s = kb->s;
  int64_t n0 = p->gemms[0].N.value;
  const int ak = kb->atom_k, am = kb->atom_m; /* N0 is this product's K */
  int nt0 = (int)(fe_round_up(n0, ak) / ak), full = (int)(n0 / ak);
  MlirValue c[MAX_BLOCK], rows[MAX_BLOCK], lrows[MAX_BLOCK];
  for (int i = 0; i < g; ++i) {
    rows[i] = kb_addc(kb, row, (int64_t)i * am);
    lrows[i] = kb_addc(kb, lds_row, (int64_t)i * am);
    c[i] = kb_acc_init(kb, g2, batch, rows[i], col, FE_FORM_ACC);
  }
  MlirAttribute afrag_attr =
      kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false, kb->atom);
  if (strip) {
    for (int k = 0; k < nt0; ++k) { /* B1 rows past N0 read zero */
      MlirValue b = global_tile(kb, &g2->rhs, WMMA_MATRIX_B, batch, col,
                                kb_c(kb, (int64_t)ak * k), k >= full);
      for (int i = 0; i < g; ++i)
        c[i] = kb_mma(kb, kb->atom, strip[k * g + i], b, c[i]);
    }
  } else {
    wb_loop l;
    MlirValue lo = kb_c(kb, 0), hi = kb_c(kb, ak * full);
    if (!wb_for_begin(&kb->b, &l, lo, hi, kb_c(kb, ak), g, c)) {
      kb->failed = 1;
      return;
    }
    MlirValue b = global_tile(kb, &g2->rhs, WMMA_MATRIX_B, batch, col, l.iv,
                              false);
    MlirValue d[MAX_BLOCK];
    for (int i = 0; i < g; ++i) {
      MlirValue a = strip_fragment(kb, afrag_attr, lds, lrows[i], l.iv, swz,
                                   swz_op);
      d[i] = kb_mma(kb, kb->atom, a, b, l.iter[i]);
    }
    wb_for_end(&kb->b, &l, g, d);
    for (int i = 0; i < g; ++i)
      c[i] = wb_loop_result(&l, i);
    if (full < nt0) { /* B1 rows past N0 read zero */
      MlirValue k = kb_c(kb, ak * full);
      b = global_tile(kb, &g2->rhs, WMMA_MATRIX_B, batch, col, k, true);
      for (int i = 0; i < g; ++i) {
        MlirValue a = strip_fragment(kb, afrag_attr, lds, lrows[i], k, swz,
                                     swz_op);
        c[i] = kb_mma(kb, kb->atom, a, b, c[i]);
      }
    }
  }
  for (int i = 0; i < g; ++i) {
    fe_memo m;
    if (kb_memo_init(kb, &m)) {
      kb->failed = 1;
      return;
    }
    kb_bind_product(kb, &m, g2->prod, c[i]);
    fe_tile t;
    kb_output_tile(kb, &t, batch, rows[i], col, false);
    kb_store_output(kb, &t, kb_eval(kb, &m, &t, p->root),
                    s->m_tail || s->n_tail);
    kb_memo_free(&m);
  }
}

/*===--- chain_lds -------------------------------------------------------------===*/
/* One wave's block of g x c first-product tiles at rows m + i*am, columns
 * n + j*an: tile i*c + j.  The fragments of a K step are loaded when tile 0
 * asks for them and reused by the others. */
typedef struct {
  const MlirValue *batch;
  MlirValue m, n;
  int g, c;
  MlirValue a[MAX_BLOCK], b[MAX_BLOCK];
} lds_ctx;

static void blocked_operands(fe_kb *kb, void *ud, int j, MlirValue k,
                             bool masked, MlirValue *a, MlirValue *b) {
  lds_ctx *c = ud;
  const fe_gemm *g1 = &kb->p->gemms[0];
  if (j == 0) {
    for (int i = 0; i < c->g; ++i)
      c->a[i] = global_tile(kb, &g1->lhs, WMMA_MATRIX_A, c->batch,
                            kb_addc(kb, c->m, (int64_t)i * kb->atom_m), k,
                            masked);
    for (int i = 0; i < c->c; ++i)
      c->b[i] = global_tile(kb, &g1->rhs, WMMA_MATRIX_B, c->batch,
                            kb_addc(kb, c->n, (int64_t)i * kb->atom_n), k,
                            masked);
  }
  *a = c->a[j / c->c];
  *b = c->b[j % c->c];
}

/* scf.for t = wave to tiles step waves. */
static bool wave_loop(fe_kb *kb, wb_loop *l, MlirValue tiles) {
  return wb_for_begin(&kb->b, l, kb->wave, tiles, kb_c(kb, kb->s->waves_m), 0,
                      NULL);
}

static int build_lds(fe_kb *kb) {
  const fe_problem *p = kb->p;
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  const fe_schedule *s = kb->s;
  const int am = kb->atom_m, an = kb->atom_n;
  int64_t rows = s->rows_per_block, n0p = fe_round_up(g1->N.value, an);
  int nt0 = (int)(n0p / an);
  int64_t nt1e = (fe_estimate(g2->N) + an - 1) / an;
  blocking bk = block_of(rows, am, nt0, nt1e, s->waves_m);
  int g = bk.g, cg = bk.c;
  int rgroups = (int)(rows / am / g), cgroups = nt0 / cg;
  MlirType in = g2->in_type;
  chain_layout y = layout_of(kb->arch, n0p, s->lds_padded);
  int64_t shape[2] = {rows, y.stride};
  MlirValue lds = kb_lds(kb, 2, shape, in);
  MlirValue swz_store = {NULL}, swz_load = {NULL};
  const char *swz_op = y.shift ? "arith.addi" : "arith.xori";
  if (y.swizzle || y.shift) {
    swz_store = lane_swizzle(kb, true);
    swz_load = lane_swizzle(kb, false);
  }
  MlirValue batch[FE_MAX_BATCH];
  if (g2->nbatch)
    kb_batch_from_z(kb, g2, kb_bid(kb, 2), batch);
  MlirValue row0 = kb_mulc(kb, kb_bid(kb, 0), rows);
  MlirAttribute atom16 = kb_atom(kb, in, in);
  MlirAttribute store_frag =
      kb_frag(kb, WMMA_MATRIX_D, WMMA_LAYOUT_HW, false, atom16);
  int64_t len16 = 0;
  wb_is_vec1d(wmmaFragAttrGetVectorType(store_frag), &len16, NULL);

  /* Phase 1: intermediate tiles -> LDS, in the input type, g x cg tiles
   * per wave iteration. */
  wb_loop l;
  if (!wave_loop(kb, &l, kb_c(kb, rgroups * cgroups)))
    return -1;
  MlirValue tm = wb_arith(&kb->b, "arith.divui", l.iv, kb_c(kb, cgroups));
  MlirValue tn = wb_arith(&kb->b, "arith.remui", l.iv, kb_c(kb, cgroups));
  MlirValue ml = kb_mulc(kb, tm, (int64_t)am * g);
  lds_ctx c = {batch, kb_add(kb, row0, ml), {NULL}, g, cg, {{NULL}}, {{NULL}}};
  c.n = kb_mulc(kb, tn, (int64_t)an * cg);
  MlirValue acc[MAX_BLOCK];
  for (int j = 0; j < g * cg; ++j) {
    MlirValue row = kb_addc(kb, c.m, (int64_t)(j / cg) * am);
    MlirValue col = kb_addc(kb, c.n, (int64_t)(j % cg) * an);
    acc[j] = kb_acc_init(kb, g1, batch, row, col, FE_FORM_ACC);
  }
  k_loop(kb, g1->K, g * cg, acc, blocked_operands, &c);
  for (int j = 0; j < g * cg; ++j) {
    MlirValue n = kb_addc(kb, c.n, (int64_t)(j % cg) * an);
    fe_tile t;
    kb_inter_tile(kb, &t, batch, kb_addc(kb, c.m, (int64_t)(j / cg) * am), n,
                  false);
    bool is_f32;
    MlirValue h = fe_chain_intermediate(kb, &t, acc[j], &is_f32);
    if (is_f32)
      h = wb_cast(&kb->b, "arith.truncf", h, kb_acc_vec(kb, in));
    if (len16 == 16) {
      int64_t mask[16];
      for (int i = 0; i < 16; ++i)
        mask[i] = i / 2;
      h = wb_shuffle(&kb->b, h, h, 16, mask);
    }
    MlirValue srow = kb_addc(kb, ml, (int64_t)(j / cg) * am);
    MlirValue sidx[2] = {srow, swizzled(kb, n, swz_store, swz_op)};
    kb_store(kb, store_frag, h, lds, 2, sidx, false);
  }
  wb_for_end(&kb->b, &l, 0, NULL);
  wb_lds_barrier(&kb->b);

  /* Phase 2: output tiles, g row tiles per wave iteration, A fragments
   * from LDS: once per wave before the loop where the strip is held in
   * registers (strip_in_registers, as planned), else per tile. */
  MlirValue strip_regs[STRIP_VGPRS], *strip = NULL;
  if (strip_in_registers(kb->arch, am, kb->atom_k,
                         wb_type_bits(in) / 8.0, nt0, g, rgroups, nt1e,
                         fe_size_static(g2->N), s->waves_m)) {
    strip = strip_regs;
    load_strip(kb, lds, g, swz_load, swz_op, strip);
  }
  MlirValue nt1 = kb_ceil_div(kb, g2->N, an);
  if (!wave_loop(kb, &l, kb_mulc(kb, nt1, rgroups)))
    return -1;
  tm = wb_arith(&kb->b, "arith.divui", l.iv, nt1);
  tn = wb_arith(&kb->b, "arith.remui", l.iv, nt1);
  ml = kb_mulc(kb, tm, (int64_t)am * g);
  MlirValue row = kb_add(kb, row0, ml);
  second_product(kb, batch, row, kb_mulc(kb, tn, an), lds, ml, g, swz_load,
                 swz_op, strip);
  wb_for_end(&kb->b, &l, 0, NULL);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_chain_lds = {"chain_lds", plan_lds, build_lds};
