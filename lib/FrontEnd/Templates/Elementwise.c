/* The elementwise template: plain GPU kernels (no WMMA) for functions
 * without products or reductions -- fills, copies, transposes, broadcasts,
 * type conversions, elementwise math (Problem/ProblemElementwise.c).
 *
 * The output is seen as rows x columns (its last two dimensions; rank 1:
 * one row) times batches (the dimensions before).  A workgroup writes a
 * tile of TR rows x TC columns; each thread one run of V contiguous
 * columns of one row (V * element size = 16 bytes where the row allows:
 * one 128-bit store), so a wave's stores are contiguous.  Grid: x over
 * column tiles, y over row tiles, z over the batches.
 *
 * Inputs read along the columns are vector loads; inputs that do not
 * depend on the column are one load, broadcast.  Transposed inputs (their
 * innermost dimension is the output's row) would make a wave's reads
 * strided: with staging = lds the workgroup copies each one's TS x TS
 * block into an LDS tile with vector reads along its own innermost
 * dimension (coalesced), then every thread reads its run down a column of
 * the tile.  Rows of the tile are padded to an odd number of dwords, so
 * the 32 lanes of that column read hit 32 different banks.  Anything else
 * is read element by element.
 *
 * Tails: reads past a row's end stay inside the fat raw buffer or read
 * zero, and only feed elements that are not stored; a run that straddles
 * the last column (or lies past the last row) is stored element by
 * element, each outside element sent past the buffer (dropped). */
#include "Templates/Elementwise.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

#define EW_THREADS 256 /* per workgroup (8 waves) */
#define EW_TS 32       /* the LDS transpose tile */
#define EW_TS_V 4      /* elements per thread with an LDS tile */

/* Loads of the root that an LDS tile makes coalesced. */
typedef struct {
  const fe_problem *p;
  int nodes[EW_MAX_STAGED + 1];
  int n;
} staged_t;

static fe_walk staged_pre(const fe_graph *g, int n, void *ud) {
  staged_t *st = ud;
  const fe_node *x = &g->nodes[n];
  if (x->kind == FE_LOAD && ew_classify(st->p, x) == EW_TRANSPOSED &&
      st->n <= EW_MAX_STAGED)
    st->nodes[st->n++] = n;
  return FE_WALK_NEXT;
}

/* An op the GPU lowering cannot take: a conversion to fp8 (MLIR lowers
 * arith.truncf to f8E4M3FN/f8E5M2 only on chips with fp8 conversion
 * instructions, none of RDNA3/RDNA4 through this flow). */
static fe_walk unlowerable_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  if (x->kind == FE_OP && x->nops == 1 &&
      (mlirTypeIsAFloat8E4M3FN(x->type) || mlirTypeIsAFloat8E5M2(x->type)) &&
      !(mlirTypeIsAFloat8E4M3FN(g->nodes[x->ops[0]].type) ||
        mlirTypeIsAFloat8E5M2(g->nodes[x->ops[0]].type))) {
    *(int *)ud = n;
    return FE_WALK_STOP;
  }
  return FE_WALK_NEXT;
}

static int staged_loads(const fe_problem *p, staged_t *st) {
  st->p = p;
  st->n = 0;
  if (fe_graph_visit(&p->g, p->root, 0, staged_pre, NULL, st) < 0)
    return -1;
  if (st->n > EW_MAX_STAGED)
    st->n = EW_MAX_STAGED; /* the rest are gathered */
  return 0;
}

/* Tile rows padded so that a row is an odd number of dwords: the column
 * reads are then free of bank conflicts for every element size, and so are
 * the copy's row writes for 32-bit elements.  (16- and 8-bit rows are
 * written 8 and 4 bytes per lane: a 64x96 transpose measures 96 and 48
 * conflicts in the emulator's bank model, the fewest of pads 1..24.) */
static int64_t padded_row(MlirType elem) {
  int eb = fe_storage_bytes(elem);
  return EW_TS + (eb >= 4 ? 1 : 4 / eb);
}

static int64_t pow2_at_least(int64_t v) {
  int64_t r = 1;
  while (r < v)
    r *= 2;
  return r;
}

static fe_size out_dim(const fe_problem *p, int d) {
  return p->args[p->out_arg].shape[d];
}

/* The registers form: the widest run the output takes (16 bytes), threads
 * along the columns first, rows after. */
static void plan_registers(const fe_problem *p, int *tr, int *tc, int *v) {
  const fe_arg *out = &p->args[p->out_arg];
  int eb = fe_storage_bytes(out->elem);
  int64_t V = 16 / (eb > 0 ? eb : 1);
  if (V < 1)
    V = 1;
  int64_t W = fe_estimate(out_dim(p, out->rank - 1));
  if (V > pow2_at_least(W))
    V = pow2_at_least(W);
  int64_t tx = pow2_at_least((W + V - 1) / V);
  if (tx > EW_THREADS)
    tx = EW_THREADS;
  int64_t rows = 1;
  if (out->rank >= 2) {
    rows = EW_THREADS / tx;
    int64_t H = pow2_at_least(fe_estimate(out_dim(p, out->rank - 2)));
    if (rows > H)
      rows = H;
  }
  *tr = (int)rows;
  *tc = (int)(tx * V);
  *v = (int)V;
}

static bool tail(fe_size s, int64_t tile) {
  return !fe_size_static(s) || s.value % tile;
}

static int plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *s, char *why, size_t cap) {
  if (p->shape != FE_SHAPE_ELEMENTWISE)
    return fe_not_for_this_kind(why, cap);
  const fe_arg *out = &p->args[p->out_arg];
  int rank = out->rank;
  int bad = -1;
  if (fe_graph_visit(&p->g, p->root, 0, unlowerable_pre, NULL, &bad) < 0)
    return fe_why(why, cap, "out of memory");
  if (bad >= 0) {
    char ts[32];
    fe_type_str(p->g.nodes[bad].type, ts, sizeof ts);
    return fe_why(why, cap, "%s to %s has no GPU lowering on RDNA3/RDNA4 "
                            "(conversions from fp8 are supported, not to it)",
                  p->g.nodes[bad].name, ts);
  }
  staged_t st;
  if (staged_loads(p, &st))
    return fe_why(why, cap, "out of memory");
  bool lds = st.n > 0 && o->staging != WMMA_STAGING_REGISTERS;
  int tr, tc, v;
  plan_registers(p, &tr, &tc, &v);
  if (lds) {
    tr = tc = EW_TS;
    v = EW_TS_V;
  }
  if (o->pinned) {
    const wmma_schedule_desc *pin = &o->pin;
    lds = pin->staging == WMMA_SCHED_LDS;
    tr = (int)pin->tile[0];
    tc = (int)pin->tile[1];
    v = (int)pin->tile[2];
    if (lds && (!st.n || tr != EW_TS || tc != EW_TS || v != EW_TS_V))
      return fe_why(why, cap, "staging = lds takes a transposed input and "
                              "tile = [%d, %d, %d]",
                    EW_TS, EW_TS, EW_TS_V);
    if (rank == 1 && tr != 1)
      return fe_why(why, cap, "a rank-1 output has tile rows = 1");
    if ((int64_t)tr * tc / v > 1024)
      return fe_why(why, cap, "the tile needs %lld threads (at most 1024)",
                    (long long)tr * tc / v);
  }
  memset(s, 0, sizeof *s);
  s->template_name = "elementwise";
  s->instr = WMMA_INSTR_COUNT;
  s->staging = lds ? FE_STAGE_LDS : FE_STAGE_REGS;
  s->tile_m = tr;
  s->tile_n = tc;
  s->k_step = v;
  s->threads = tr * (tc / v);
  s->waves_m = (s->threads + 31) / 32;
  s->waves_n = 1;
  s->wave_m = s->wave_n = 1;
  s->stages = 1;
  s->m_tail = rank >= 2 && tail(out_dim(p, rank - 2), tr);
  s->n_tail = tail(out_dim(p, rank - 1), tc);
  /* Masked accesses send elements past the buffer along its largest
   * stride, which must be known. */
  for (int a = 0; a < p->nargs && (s->m_tail || s->n_tail); ++a)
    if (p->args[a].is_buffer &&
        wb_memref_outermost_dim(p->args[a].type) < 0) {
      char ts[128];
      fe_type_str(p->args[a].type, ts, sizeof ts);
      return fe_why(why, cap, "%s has run-time strides; the tails of this "
                              "kernel need static strides",
                    ts);
    }
  s->kacc = out->elem;
  s->acc_pack = 1;
  s->form = WMMA_FORM_ACC;
  s->copy[0] = lds ? WMMA_COPY_VEC : WMMA_COPY_NONE;
  s->copy[1] = WMMA_COPY_NONE;
  if (lds)
    for (int i = 0; i < st.n; ++i)
      s->lds_bytes += EW_TS * padded_row(p->g.nodes[st.nodes[i]].type) *
                      fe_storage_bytes(p->g.nodes[st.nodes[i]].type);
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "the transpose tiles need %lld bytes of LDS",
                  (long long)s->lds_bytes);
  s->grid[0].nterms = 1;
  s->grid[0].t[0].size = out_dim(p, rank - 1);
  s->grid[0].t[0].div = tc;
  if (rank >= 2) {
    s->grid[1].nterms = 1;
    s->grid[1].t[0].size = out_dim(p, rank - 2);
    s->grid[1].t[0].div = tr;
  }
  for (int d = 0; d + 2 < rank; ++d) {
    s->grid[2].t[s->grid[2].nterms].size = out_dim(p, d);
    s->grid[2].t[s->grid[2].nterms++].div = 1;
  }
  /* The cost rule's memory term alone (no WMMA), estimated as the output's
   * bytes written and as many read: one configuration is planned, the
   * value only informs the record. */
  double elems = 1, wgs = 1;
  for (int d = 0; d < rank; ++d)
    elems *= (double)fe_estimate(out_dim(p, d));
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < s->grid[i].nterms; ++k)
      wgs *= (double)((fe_estimate(s->grid[i].t[k].size) +
                       s->grid[i].t[k].div - 1) /
                      s->grid[i].t[k].div);
  s->cost = fe_cost(chip, wgs, 0, 2 * elems * fe_storage_bytes(out->elem));
  s->vgprs = 32; /* a few runs of at most 16 elements: far below budget */
  return 0;
}

/*===--- building ------------------------------------------------------------===*/
/* The output position of this thread's run and the run's place in the
 * workgroup tile. */
static void thread_position(fe_kb *kb, ew_pos *pos) {
  const fe_problem *p = kb->p;
  const fe_schedule *s = kb->s;
  wb_t *b = &kb->b;
  int rank = p->args[p->out_arg].rank;
  int per_row = s->tile_n / s->k_step;
  memset(pos, 0, sizeof *pos);
  pos->rank = rank;
  pos->V = s->k_step;
  MlirValue tx = wb_arith(b, "arith.remui", kb->tid, kb_c(kb, per_row));
  MlirValue ty = wb_arith(b, "arith.divui", kb->tid, kb_c(kb, per_row));
  pos->lcol = kb_mulc(kb, tx, s->k_step);
  pos->lrow = ty;
  pos->at[rank - 1] = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), s->tile_n),
                             pos->lcol);
  if (rank >= 2)
    pos->at[rank - 2] = kb_add(kb, kb_mulc(kb, kb_bid(kb, 1), s->tile_m), ty);
  /* Batches: block z, row-major over the leading dimensions. */
  MlirValue z = kb_bid(kb, 2);
  for (int d = rank - 3; d >= 0; --d) {
    if (d == 0) {
      pos->at[d] = z;
      break;
    }
    MlirValue size = kb_size(kb, out_dim(p, d));
    pos->at[d] = wb_arith(b, "arith.remui", z, size);
    z = wb_arith(b, "arith.divui", z, size);
  }
}

/* The workgroup copies each staged input's block (output columns bx*TS..,
 * rows by*TS..) into tile[col][row]: thread t reads V elements of input
 * row t / (TS / V) along the input's innermost dimension (the output's
 * rows) and writes them along a tile row. */
static void stage_tiles(fe_kb *kb, const staged_t *st, ew_pos *pos) {
  const fe_problem *p = kb->p;
  wb_t *b = &kb->b;
  int rank = pos->rank;
  int per_row = EW_TS / EW_TS_V;
  MlirValue jj = wb_arith(b, "arith.divui", kb->tid, kb_c(kb, per_row));
  MlirValue ii = kb_mulc(
      kb, wb_arith(b, "arith.remui", kb->tid, kb_c(kb, per_row)), EW_TS_V);
  MlirValue col = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), EW_TS), jj);
  MlirValue row = kb_add(kb, kb_mulc(kb, kb_bid(kb, 1), EW_TS), ii);
  for (int i = 0; i < st->n; ++i) {
    const fe_node *x = &p->g.nodes[st->nodes[i]];
    MlirValue mem = kb->args[x->arg];
    MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(mem));
    int64_t shape[2] = {EW_TS, padded_row(elem)};
    MlirValue tile = kb_lds(kb, 2, shape, elem);
    MlirValue idx[FE_MAX_RANK];
    for (int j = 0; j < x->nmap; ++j) {
      int d = x->map[j];
      if (d == FE_MAP_FIXED) {
        idx[j] = kb_c(kb, x->fixed[j]);
        continue;
      }
      idx[j] = d == rank - 1 ? col : d == rank - 2 ? row : pos->at[d];
      if (x->div[j])
        idx[j] = wb_arith(b, "arith.divui", idx[j], kb_c(kb, x->div[j]));
    }
    MlirValue v = ew_vload(kb, mem, x->nmap, idx, EW_TS_V);
    MlirValue li[2] = {jj, ii};
    wb_vstore(b, v, tile, 2, li);
    pos->staged[pos->nstaged] = st->nodes[i];
    pos->lds[pos->nstaged++] = tile;
  }
  wb_lds_barrier(b);
}

/* The run stored: one vector store when it lies inside the output (and
 * the output's rows are contiguous), else element by element with the
 * elements outside sent past the buffer. */
static void store_run(fe_kb *kb, const ew_pos *pos, MlirValue v) {
  const fe_problem *p = kb->p;
  const fe_schedule *s = kb->s;
  wb_t *b = &kb->b;
  int rank = pos->rank;
  MlirValue mem = kb->args[p->out_arg];
  bool contiguous = wb_memref_inner_contiguous(mlirValueGetType(mem));
  bool masked = s->m_tail || s->n_tail;
  if (!masked && contiguous) {
    wb_vstore(b, v, mem, rank, pos->at);
    return;
  }
  MlirValue ncols = wb_dim(b, mem, rank - 1);
  MlirValue row_ok =
      rank >= 2 ? wb_cmpi(b, WB_CMP_ULT, pos->at[rank - 2],
                          wb_dim(b, mem, rank - 2))
                : wb_const_bool(b, true);
  wb_if f;
  bool branch = contiguous;
  if (branch) {
    MlirValue inside =
        wb_arith(b, "arith.andi", row_ok,
                 wb_cmpi(b, WB_CMP_ULE, kb_addc(kb, pos->at[rank - 1], pos->V),
                         ncols));
    if (!wb_if_begin(b, &f, inside, 0, NULL, true)) {
      kb->failed = 1;
      return;
    }
    wb_vstore(b, v, mem, rank, pos->at);
    wb_if_else(b, &f, 0, NULL);
  }
  if (masked)
    kb_note_oob(kb, mem);
  int outer = wb_memref_outermost_dim(mlirValueGetType(mem));
  if (outer < 0) {
    kb->failed = 1;
    return;
  }
  MlirValue oob = masked ? wb_fat_buffer_oob(b, wb_dim(b, mem, outer))
                         : (MlirValue){NULL};
  for (int e = 0; e < pos->V; ++e) {
    MlirValue ix[FE_MAX_RANK];
    memcpy(ix, pos->at, sizeof ix);
    ix[rank - 1] = kb_addc(kb, pos->at[rank - 1], e);
    if (masked) {
      MlirValue ok = wb_arith(b, "arith.andi", row_ok,
                              wb_cmpi(b, WB_CMP_ULT, ix[rank - 1], ncols));
      ix[outer] = wb_select(b, ok, ix[outer], oob);
    }
    wb_store(b, wb_extract(b, v, e), mem, rank, ix);
  }
  if (branch)
    wb_if_end(b, &f, 0, NULL);
}

static int build(fe_kb *kb) {
  const fe_problem *p = kb->p;
  ew_pos pos;
  thread_position(kb, &pos);
  if (kb->s->staging == FE_STAGE_LDS) {
    staged_t st;
    if (staged_loads(p, &st))
      return -1;
    stage_tiles(kb, &st, &pos);
  }
  /* A thread whose run starts past the last column or row reads and
   * writes nothing (a tile sized for a run-time width much larger than
   * the output would otherwise load whole rows past its end). */
  wb_t *b = &kb->b;
  bool tails = kb->s->m_tail || kb->s->n_tail;
  wb_if live;
  if (tails) {
    MlirValue out = kb->args[p->out_arg];
    int r = pos.rank;
    MlirValue ok = wb_cmpi(b, WB_CMP_ULT, pos.at[r - 1], wb_dim(b, out, r - 1));
    if (r >= 2)
      ok = wb_arith(b, "arith.andi", ok,
                    wb_cmpi(b, WB_CMP_ULT, pos.at[r - 2], wb_dim(b, out, r - 2)));
    if (!wb_if_begin(b, &live, ok, 0, NULL, false))
      return -1;
  }
  fe_memo m;
  if (kb_memo_init(kb, &m))
    return -1;
  MlirValue v = ew_eval(kb, &m, &pos, p->root);
  kb_memo_free(&m);
  if (mlirValueIsNull(v) || kb->failed)
    return -1;
  store_run(kb, &pos, v);
  if (tails)
    wb_if_end(b, &live, 0, NULL);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_elementwise = {"elementwise", plan, build};
