/* The epilogue: an expression node evaluated on one 16x16 tile, as a
 * vector<8 x T> in the accumulator's slot order (the same order for f32 and
 * 16-bit accumulators on both architectures; RDNA3's 16-bit fragments keep
 * their data in the even halves and are narrowed/widened at loads and
 * stores).  Leaves: full tiles of an argument (one wmma.load, transposed
 * when memory or the product is), anything else element by element with
 * loads shared between slots that read the same element (row and column
 * vectors, per-batch scalars); scalars and constants are splats; products
 * are the accumulators the template binds. */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define SLOTS 8

int kb_memo_init(fe_kb *kb, fe_memo *m) {
  m->n = kb->p->g.nnodes;
  m->val = calloc((size_t)m->n + 1, sizeof *m->val);
  return m->val ? 0 : -1;
}
void kb_memo_clear(fe_memo *m) {
  memset(m->val, 0, sizeof *m->val * (size_t)m->n);
}
void kb_memo_free(fe_memo *m) {
  free(m->val);
  m->val = NULL;
}
void kb_memo_bind(fe_memo *m, int node, MlirValue v) {
  if (node >= 0 && node < m->n)
    m->val[node] = v;
}

/* v (vector<8 x from>) as vector<8 x to>: the conversions between the
 * kernel's accumulator and the program's accumulation type. */
static MlirValue convert_acc(fe_kb *kb, MlirValue v, MlirType to) {
  MlirType from = wb_elem_type(mlirValueGetType(v));
  if (mlirValueIsNull(v) || mlirTypeEqual(from, to))
    return v;
  MlirType vt = kb_acc_vec(kb, to);
  if (mlirTypeIsAFloat(from) && mlirTypeIsAFloat(to))
    return wb_cast(&kb->b,
                   wb_type_bits(to) < wb_type_bits(from) ? "arith.truncf"
                                                         : "arith.extf",
                   v, vt);
  if (mlirTypeIsAInteger(from) && mlirTypeIsAInteger(to))
    return wb_cast(&kb->b,
                   wb_type_bits(to) < wb_type_bits(from) ? "arith.trunci"
                                                         : "arith.extsi",
                   v, vt);
  kb->failed = 1;
  return (MlirValue){NULL};
}

void kb_bind_product(fe_kb *kb, fe_memo *m, int prod, MlirValue acc) {
  const fe_graph *g = &kb->p->g;
  MlirValue as_program = (MlirValue){NULL};
  for (int n = 0; n < g->nnodes; ++n)
    if (g->nodes[n].kind == FE_PRODUCT && g->nodes[n].product == prod) {
      if (mlirValueIsNull(as_program))
        as_program = convert_acc(kb, acc, g->prods[prod].acc_type);
      kb_memo_bind(m, n, as_program);
    }
}

MlirType kb_acc_vec(fe_kb *kb, MlirType elem) { return wb_vec(SLOTS, elem); }

/* The accumulator atom holding elements of type t, or null (no WMMA
 * accumulator has that type: such leaves go element by element). */
static MlirAttribute acc_atom(fe_kb *kb, MlirType t) {
  if (mlirTypeEqual(t, kb->kacc))
    return kb->atom;
  if (mlirTypeIsAF32(t))
    return kb_atom(kb, mlirF16TypeGet(kb->ctx), t);
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t))
    return kb_atom(kb, t, t);
  return (MlirAttribute){NULL};
}

/* 16-bit accumulator fragments of RDNA3 have 16 slots, data in the even
 * ones: narrow to / widen from the 8-slot order. */
static MlirValue narrow(fe_kb *kb, MlirValue v) {
  int64_t len;
  if (!wb_is_vec1d(mlirValueGetType(v), &len, NULL) || len == SLOTS)
    return v;
  int64_t mask[SLOTS];
  for (int i = 0; i < SLOTS; ++i)
    mask[i] = 2 * i;
  return wb_shuffle(&kb->b, v, v, SLOTS, mask);
}

static MlirValue widen(fe_kb *kb, MlirValue v, int64_t len) {
  if (len == SLOTS)
    return v;
  int64_t mask[2 * SLOTS];
  for (int i = 0; i < 2 * SLOTS; ++i)
    mask[i] = i / 2;
  return wb_shuffle(&kb->b, v, v, 2 * SLOTS, mask);
}

/* The fragment whose slots a tile's values follow. */
static MlirAttribute tile_frag(fe_kb *kb, const fe_tile *t) {
  if (t->operand)
    return kb_frag(kb, t->role, kb->ab_layout, false, kb->atom);
  return kb_frag(kb, WMMA_MATRIX_C, WMMA_LAYOUT_HW, t->transposed, kb->atom);
}

int kb_tile_slots(fe_kb *kb, const fe_tile *t) {
  if (!t->operand)
    return SLOTS;
  wmma_frag_desc d;
  if (!wmmaFragAttrGetDesc(tile_frag(kb, t), &d)) {
    kb->failed = 1;
    return SLOTS;
  }
  return wmma_frag_length(&d);
}

MlirType kb_tile_vec(fe_kb *kb, const fe_tile *t, MlirType elem) {
  return wb_vec(kb_tile_slots(kb, t), elem);
}

/* Row/column of slot v of this lane, relative to the tile origin (unused
 * slots of 16-bit RDNA3 accumulators do not occur in the 8-slot order). */
void kb_slot_positions(fe_kb *kb, const fe_tile *t, fe_slot_pos *sp) {
  if (t->rowseg) {
    kb_rowseg_positions(kb, sp);
    return;
  }
  wmma_frag_desc d;
  sp->n = kb_tile_slots(kb, t);
  if (!wmmaFragAttrGetDesc(tile_frag(kb, t), &d) || sp->n > 16) {
    kb->failed = 1;
    sp->n = 0;
    return;
  }
  /* An accumulator tile's slot v is element v of its fragment, or 2v of
   * a 16-slot RDNA3 16-bit accumulator (data in the even elements). */
  int stride = !t->operand && wmma_frag_length(&d) == 2 * SLOTS ? 2 : 1;
  MlirValue r = wb_r_index(&kb->b), h = wb_h_index(&kb->b);
  for (int v = 0; v < sp->n; ++v) {
    int r0, rr, rh, c0, cr, ch;
    if (wmma_frag_affine(&d, stride * v, &r0, &rr, &rh, &c0, &cr, &ch) != 1) {
      kb->failed = 1;
      sp->n = 0;
      return;
    }
    MlirValue row = kb_c(kb, r0);
    row = kb_add(kb, row, kb_mulc(kb, r, rr));
    sp->row[v] = kb_add(kb, row, kb_mulc(kb, h, rh));
    MlirValue col = kb_c(kb, c0);
    col = kb_add(kb, col, kb_mulc(kb, r, cr));
    sp->col[v] = kb_add(kb, col, kb_mulc(kb, h, ch));
    if (t->col_step > 1)
      sp->col[v] = kb_mulc(kb, sp->col[v], t->col_step);
  }
}

/* Rows or columns of tile t: the atom's M x N for accumulators, the role
 * matrix's (A: M x K, B: K x N) for operand tiles. */
static int tile_extent(const fe_kb *kb, const fe_tile *t, bool rows) {
  if (t->operand && t->role == WMMA_MATRIX_A)
    return rows ? kb->atom_m : kb->atom_k;
  if (t->operand && t->role == WMMA_MATRIX_B)
    return rows ? kb->atom_k
                : kb->atom_n * (t->col_step > 1 ? t->col_step : 1);
  return rows ? kb->atom_m : kb->atom_n;
}

/* Memref indices of an argument read through `map` (memref dim j <- space
 * dim map[j], divided by div[j] when that is not 0, or the constant
 * fixed[j] where map[j] is FE_MAP_FIXED) at slot v.  A group
 * of a multiple of the tile's extent (the atom's M rows, N columns) holds
 * the whole tile (origins are multiples of it): one index for every slot. */
static void slot_indices(fe_kb *kb, const fe_tile *t, const fe_slot_pos *sp,
                         int v, int nmap, const int8_t *map,
                         const int32_t *div, const int32_t *fixed,
                         MlirValue *idx) {
  for (int j = 0; j < nmap; ++j) {
    int d = map[j];
    if (d == FE_MAP_FIXED) {
      idx[j] = kb_c(kb, fixed[j]);
      continue;
    }
    bool tiled = d == t->dim_row || d == t->dim_col;
    int dk = t->role == WMMA_MATRIX_B ? t->dim_row : t->dim_col;
    if (div[j] && t->operand && d == dk && kb->k_span &&
        div[j] % kb->k_span == 0) {
      idx[j] = wb_arith(&kb->b, "arith.divui", kb->k_base, kb_c(kb, div[j]));
      continue;
    }
    if (div[j] &&
        (!tiled || div[j] % tile_extent(kb, t, d == t->dim_row) == 0)) {
      idx[j] = wb_arith(&kb->b, "arith.divui", t->at[d], kb_c(kb, div[j]));
      continue;
    }
    if (d == t->dim_row)
      idx[j] = kb_add(kb, t->at[d], sp->row[v]);
    else if (d == t->dim_col)
      idx[j] = kb_add(kb, t->at[d], sp->col[v]);
    else
      idx[j] = t->at[d];
    if (div[j])
      idx[j] = wb_arith(&kb->b, "arith.divui", idx[j], kb_c(kb, div[j]));
  }
}

/* Element by element: one scalar load per distinct element. */
static MlirValue load_slots(fe_kb *kb, const fe_tile *t, const fe_node *x) {
  fe_slot_pos sp;
  kb_slot_positions(kb, t, &sp);
  MlirValue el[16], idx[16][FE_MAX_RANK];
  for (int v = 0; v < sp.n; ++v) {
    slot_indices(kb, t, &sp, v, x->nmap, x->map, x->div, x->fixed, idx[v]);
    el[v] = (MlirValue){NULL};
    for (int u = 0; u < v && mlirValueIsNull(el[v]); ++u) {
      bool same = true;
      for (int j = 0; j < x->nmap; ++j)
        same &= mlirValueEqual(idx[u][j], idx[v][j]);
      if (same)
        el[v] = el[u];
    }
    if (mlirValueIsNull(el[v]))
      el[v] = wb_load(&kb->b, kb->args[x->arg], x->nmap, idx[v]);
  }
  return wb_from_elements(&kb->b, sp.n, el, kb_tile_vec(kb, t, x->type));
}

/* Which memref dims are the tile's rows and columns (-1: not indexed). */
static void tile_dims(const fe_tile *t, int nmap, const int8_t *map, int *jr,
                      int *jc) {
  *jr = *jc = -1;
  for (int j = 0; j < nmap; ++j) {
    if (map[j] == t->dim_row)
      *jr = j;
    if (map[j] == t->dim_col)
      *jc = j;
  }
}

/* The memref indices of the tile's origin in load x. */
static void leaf_origin(fe_kb *kb, const fe_tile *t, const fe_node *x,
                        MlirValue *idx) {
  for (int j = 0; j < x->nmap; ++j)
    idx[j] = x->map[j] == FE_MAP_FIXED ? kb_c(kb, x->fixed[j])
                                       : t->at[x->map[j]];
}

static MlirValue load_leaf(fe_kb *kb, const kb_place *p, int node,
                           const fe_node *x) {
  (void)node;
  const fe_tile *t = p->at;
  if (fe_load_grouped(x))
    return load_slots(kb, t, x);
  int jr, jc;
  tile_dims(t, x->nmap, x->map, &jr, &jc);
  int n = x->nmap;
  bool full = jr >= 0 && jc >= 0 && jr >= n - 2 && jc >= n - 2;
  if (t->operand) {
    /* A matrix under an operand: its elements at the operand fragment's
     * positions, in their own type (a storage load when that differs). */
    if (!full || t->col_step > 1)
      return load_slots(kb, t, x);
    MlirValue idx[FE_MAX_RANK];
    leaf_origin(kb, t, x, idx);
    MlirAttribute frag =
        kb_frag(kb, t->role, kb->ab_layout, jr > jc, kb->atom);
    return kb_load(kb, frag, kb->args[x->arg], n, idx, t->masked);
  }
  MlirValue idx[FE_MAX_RANK];
  if (full)
    leaf_origin(kb, t, x, idx);
  if (t->rowseg)
    return full && jc == n - 1 &&
                   wb_memref_inner_contiguous(mlirValueGetType(kb->args[x->arg]))
               ? kb_rowseg_load(kb, x->arg, n, idx, false)
               : load_slots(kb, t, x);
  MlirAttribute atom = acc_atom(kb, x->type);
  if (!full || mlirAttributeIsNull(atom))
    return load_slots(kb, t, x);
  bool transposed = t->transposed != (jr > jc);
  MlirAttribute frag =
      kb_frag(kb, WMMA_MATRIX_C, WMMA_LAYOUT_HW, transposed, atom);
  return narrow(kb, kb_load(kb, frag, kb->args[x->arg], n, idx, false));
}

static MlirValue index_leaf(fe_kb *kb, const kb_place *p, const fe_node *x) {
  const fe_tile *t = p->at;
  MlirType it = kb_tile_vec(kb, t, wb_index(kb->ctx));
  if (x->dim != t->dim_row && x->dim != t->dim_col)
    return wb_broadcast(&kb->b, t->at[x->dim], it);
  fe_slot_pos sp;
  kb_slot_positions(kb, t, &sp);
  MlirValue el[16];
  for (int v = 0; v < sp.n; ++v)
    el[v] = kb_add(kb, t->at[x->dim],
                   x->dim == t->dim_row ? sp.row[v] : sp.col[v]);
  return wb_from_elements(&kb->b, sp.n, el, it);
}

static MlirType tile_type(fe_kb *kb, const kb_place *p, MlirType elem) {
  return kb_tile_vec(kb, p->at, elem);
}

MlirValue kb_eval(fe_kb *kb, fe_memo *m, const fe_tile *t, int n) {
  kb_place p = {tile_type, load_leaf, index_leaf, NULL, t, NULL};
  return kb_eval_at(kb, m->val, m->n, &p, n);
}

MlirValue kb_zero_cols_from(fe_kb *kb, const fe_tile *t, MlirValue v,
                            MlirValue bound) {
  return kb_fill_cols_from(kb, t, v, bound,
                           wb_const_zero(&kb->b, mlirValueGetType(v)));
}

MlirValue kb_fill_cols_from(fe_kb *kb, const fe_tile *t, MlirValue v,
                            MlirValue bound, MlirValue fill) {
  fe_slot_pos sp;
  kb_slot_positions(kb, t, &sp);
  MlirValue el[SLOTS];
  for (int s = 0; s < SLOTS; ++s)
    el[s] = kb_add(kb, t->at[t->dim_col], sp.col[s]);
  MlirType it = kb_acc_vec(kb, wb_index(kb->ctx));
  MlirValue cols = wb_from_elements(&kb->b, SLOTS, el, it);
  MlirValue keep =
      wb_cmpi(&kb->b, WB_CMP_ULT, cols, wb_broadcast(&kb->b, bound, it));
  return wb_select(&kb->b, keep, v, fill);
}

/*===--- stores ------------------------------------------------------------===*/
/* Element by element (element types without an accumulator fragment). */
static void store_slots(fe_kb *kb, const fe_tile *t, MlirValue v,
                        MlirValue mem, int rank, bool masked) {
  fe_slot_pos sp;
  kb_slot_positions(kb, t, &sp);
  int8_t map[FE_MAX_RANK];
  int32_t div[FE_MAX_RANK] = {0}, fixed[FE_MAX_RANK] = {0};
  for (int j = 0; j < rank; ++j)
    map[j] = (int8_t)j;
  for (int s = 0; s < SLOTS; ++s) {
    MlirValue idx[FE_MAX_RANK];
    slot_indices(kb, t, &sp, s, rank, map, div, fixed, idx);
    MlirValue el = wb_extract(&kb->b, v, s);
    if (masked) {
      /* Fat buffers drop the store when the outermost index is past the
       * end: move it there for elements outside the tile's bounds. */
      kb_note_oob(kb, mem);
      MlirValue row_in = wb_cmpi(&kb->b, WB_CMP_ULT, idx[rank - 2],
                                 wb_dim(&kb->b, mem, rank - 2));
      MlirValue col_in = wb_cmpi(&kb->b, WB_CMP_ULT, idx[rank - 1],
                                 wb_dim(&kb->b, mem, rank - 1));
      MlirValue ok = wb_arith(&kb->b, "arith.andi", row_in, col_in);
      int o = kb_outer_dim(kb, mem);
      if (o < 0) {
        kb->failed = 1;
        return;
      }
      idx[o] = wb_select(&kb->b, ok, idx[o],
                         wb_fat_buffer_oob(&kb->b, wb_dim(&kb->b, mem, o)));
    }
    wb_store(&kb->b, el, mem, rank, idx);
  }
}

void kb_store_output(fe_kb *kb, const fe_tile *t, MlirValue v, bool masked) {
  kb_store_output_to(kb, t, v, masked, kb->p->out_arg);
}

void kb_store_output_to(fe_kb *kb, const fe_tile *t, MlirValue v,
                        bool masked, int out) {
  const fe_problem *p = kb->p;
  const fe_arg *a = &p->args[out];
  const int rank = kb_arg_rank(kb, out); /* (a vector's row view: + 1) */
  MlirValue mem = kb->args[out];
  if (t->rowseg) {
    MlirValue idx[FE_MAX_RANK];
    for (int j = 0; j < rank; ++j)
      idx[j] = t->at[j];
    if (t->dim_col == rank - 1 && t->dim_row == rank - 2 &&
        wb_memref_inner_contiguous(mlirValueGetType(mem)))
      kb_rowseg_store(kb, v, mem, rank, idx, masked);
    else
      store_slots(kb, t, v, mem, rank, masked);
    return;
  }
  MlirAttribute atom = acc_atom(kb, a->elem);
  if (mlirAttributeIsNull(atom)) {
    store_slots(kb, t, v, mem, rank, masked);
    return;
  }
  MlirValue idx[FE_MAX_RANK];
  for (int j = 0; j < rank; ++j)
    idx[j] = t->at[j];
  bool transposed = t->transposed != (t->dim_row > t->dim_col);
  MlirAttribute frag =
      kb_frag(kb, WMMA_MATRIX_D, WMMA_LAYOUT_HW, transposed, atom);
  int64_t len = 0;
  wb_is_vec1d(wmmaFragAttrGetVectorType(frag), &len, NULL);
  kb_store(kb, frag, widen(kb, v, len), mem, rank, idx, masked);
}

/*===--- tiles -------------------------------------------------------------===*/
/* Dims that are none of the tile's (loops of size 1 a contraction ignores,
 * Problem/ProblemCollapse.c) are at index 0 (zero). */
static void gemm_tile(fe_tile *t, int rank, int dim_row, int dim_col,
                      int nbatch, const int *dim_batch, const MlirValue *batch,
                      MlirValue row0, MlirValue col0, bool transposed,
                      MlirValue zero) {
  memset(t, 0, sizeof *t);
  t->rank = rank;
  for (int j = 0; j < rank && j < FE_MAX_RANK; ++j)
    t->at[j] = zero;
  t->dim_row = dim_row;
  t->dim_col = dim_col;
  t->at[dim_row] = row0;
  t->at[dim_col] = col0;
  for (int i = 0; i < nbatch; ++i)
    t->at[dim_batch[i]] = batch[i];
  t->transposed = transposed;
}

void kb_output_tile(fe_kb *kb, fe_tile *t, const MlirValue *batch,
                    MlirValue row0, MlirValue col0, bool transposed) {
  const fe_problem *p = kb->p;
  const fe_gemm *gm = &p->gemms[p->ngemms - 1];
  gemm_tile(t, kb_arg_rank(kb, p->out_arg), p->out_space_m, p->out_space_n,
            gm->nbatch, p->out_space_batch, batch, row0, col0, transposed,
            kb_c(kb, 0));
}

static void product_tile(fe_kb *kb, const fe_gemm *gm, fe_tile *t,
                         const MlirValue *batch, MlirValue row0,
                         MlirValue col0, bool transposed) {
  gemm_tile(t, kb->p->g.prods[gm->prod].nest.nout, gm->out_m, gm->out_n,
            gm->nbatch, gm->out_batch, batch, row0, col0, transposed,
            kb_c(kb, 0));
}

void kb_inter_tile(fe_kb *kb, fe_tile *t, const MlirValue *batch,
                   MlirValue row0, MlirValue col0, bool transposed) {
  product_tile(kb, &kb->p->gemms[0], t, batch, row0, col0, transposed);
}

MlirValue kb_acc_init(fe_kb *kb, const fe_gemm *gm, const MlirValue *batch,
                      MlirValue row0, MlirValue col0, int form) {
  if (fe_is_zero(&kb->p->g, gm->acc)) {
    /* The fragment when it is the 8-slot order, else zeros in that order. */
    MlirValue z = kb_fill_zero(kb, kb->atom);
    int64_t len;
    if (wb_is_vec1d(mlirValueGetType(z), &len, NULL) && len == SLOTS)
      return z;
    return wb_const_zero(&kb->b, kb_acc_vec(kb, gm->kacc_type));
  }
  /* The accumulator lives in the product's own output space: its own memo
   * (a node means different elements in differently ordered spaces). */
  fe_tile pt;
  product_tile(kb, gm, &pt, batch, row0, col0, form == FE_FORM_TRANSPOSED);
  pt.rowseg = form == FE_FORM_ROWSEG;
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue v = kb_eval(kb, &m, &pt, gm->acc);
  kb_memo_free(&m);
  /* An f16 accumulator tensor starts the f32 accumulation exactly. */
  return convert_acc(kb, v, gm->kacc_type);
}
