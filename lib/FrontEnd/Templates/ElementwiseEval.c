/* The elementwise template's evaluator: an expression node on one run of V
 * contiguous output elements (along the output's innermost dimension), as
 * vector<V x T>.  Leaves are read as their access class says (Elementwise.h):
 * vector loads, broadcast scalars, LDS tiles of transposed inputs, or
 * element by element; the ops are the program's, with the attributes
 * recognition kept (ElementwiseOps.def), on vectors. */
#include "Templates/Elementwise.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* Memref dims of x reading the column (space dim rank - 1). */
static int column_dims(const fe_node *x, int rank, int *which) {
  int n = 0;
  for (int j = 0; j < x->nmap; ++j)
    if (x->map[j] == rank - 1) {
      *which = j;
      ++n;
    }
  return n;
}

ew_access ew_classify(const fe_problem *p, const fe_node *x) {
  int rank = p->args[p->out_arg].rank;
  int jc = -1;
  int nc = column_dims(x, rank, &jc);
  if (nc == 0)
    return EW_UNIFORM;
  int last = x->nmap - 1;
  bool contiguous = wb_memref_inner_contiguous(p->args[x->arg].type);
  if (nc == 1 && !x->div[jc] && contiguous && jc == last)
    return EW_VECTOR;
  if (nc == 1 && !x->div[jc] && contiguous && rank >= 2 &&
      x->map[last] == rank - 2 && !x->div[last])
    return EW_TRANSPOSED;
  return EW_GATHER;
}

/* Memref indices of load x for element e of the run. */
static void indices(fe_kb *kb, const ew_pos *pos, const fe_node *x, int e,
                    MlirValue *idx) {
  for (int j = 0; j < x->nmap; ++j) {
    int d = x->map[j];
    if (d == FE_MAP_FIXED) { /* a size-1 dimension of a broadcast: (d0, 0) */
      idx[j] = kb_c(kb, x->fixed[j]);
      continue;
    }
    idx[j] = d == pos->rank - 1 ? kb_addc(kb, pos->at[d], e) : pos->at[d];
    if (x->div[j])
      idx[j] = wb_arith(&kb->b, "arith.divui", idx[j], kb_c(kb, x->div[j]));
  }
}

/* Views with a non-identity layout (a subview's rows inside a wider
 * buffer): their fat buffer covers size x stride bytes, past the view's
 * last element, so a read past a row's end may reach memory the view does
 * not hold (or nothing at all).  With tails, their reads check every index
 * and send outside elements past the buffer (read as zero). */
bool ew_guarded(fe_kb *kb, MlirValue mem) {
  MlirType t = mlirValueGetType(mem);
  MlirAffineMap map = mlirMemRefTypeGetAffineMap(t);
  bool identity = mlirAffineMapIsNull(map) || mlirAffineMapIsIdentity(map);
  return !identity && (kb->s->m_tail || kb->s->n_tail);
}

/* Are idx (with the last one + extra - 1) inside mem's dims? */
static MlirValue inside(fe_kb *kb, MlirValue mem, int n, const MlirValue *idx,
                        int extra) {
  wb_t *b = &kb->b;
  MlirValue ok = wb_const_bool(b, true);
  for (int j = 0; j < n; ++j) {
    MlirValue end = j == n - 1 ? kb_addc(kb, idx[j], extra - 1) : idx[j];
    ok = wb_arith(b, "arith.andi", ok,
                  wb_cmpi(b, WB_CMP_ULT, end, wb_dim(b, mem, j)));
  }
  return ok;
}

static MlirValue guarded_load(fe_kb *kb, MlirValue mem, int n,
                              const MlirValue *idx) {
  wb_t *b = &kb->b;
  int outer = wb_memref_outermost_dim(mlirValueGetType(mem));
  if (outer < 0) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  kb_note_oob(kb, mem);
  MlirValue ix[FE_MAX_RANK];
  memcpy(ix, idx, sizeof(MlirValue) * (size_t)n);
  MlirValue in = inside(kb, mem, n, idx, 1);
  MlirValue oob = wb_fat_buffer_oob(b, wb_dim(b, mem, outer));
  ix[outer] = wb_select(b, in, ix[outer], oob);
  return wb_load(b, mem, n, ix);
}

MlirValue ew_vload(fe_kb *kb, MlirValue mem, int n, const MlirValue *idx,
                   int V) {
  wb_t *b = &kb->b;
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(mem));
  MlirType vt = wb_vec(V, elem);
  if (!ew_guarded(kb, mem))
    return wb_vload(b, vt, mem, n, idx);
  /* The whole run inside: one vector load; else element by element. */
  wb_if f;
  if (!wb_if_begin(b, &f, inside(kb, mem, n, idx, V), 1, &vt, true)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue v = wb_vload(b, vt, mem, n, idx);
  wb_if_else(b, &f, 1, &v);
  MlirValue el[16], ix[FE_MAX_RANK];
  memcpy(ix, idx, sizeof(MlirValue) * (size_t)n);
  for (int e = 0; e < V; ++e) {
    ix[n - 1] = kb_addc(kb, idx[n - 1], e);
    el[e] = guarded_load(kb, mem, n, ix);
  }
  MlirValue w = wb_from_elements(b, V, el, vt);
  wb_if_end(b, &f, 1, &w);
  return mlirOperationGetResult(f.op, 0);
}

/* One element, checked when the view needs it. */
static MlirValue load1(fe_kb *kb, MlirValue mem, int n, const MlirValue *idx) {
  return ew_guarded(kb, mem) ? guarded_load(kb, mem, n, idx)
                             : wb_load(&kb->b, mem, n, idx);
}

static int staged_slot(const ew_pos *pos, int n) {
  for (int i = 0; i < pos->nstaged; ++i)
    if (pos->staged[i] == n)
      return i;
  return -1;
}

static MlirValue load_leaf(fe_kb *kb, const kb_place *p, int n,
                           const fe_node *x) {
  const ew_pos *pos = p->at;
  wb_t *b = &kb->b;
  MlirValue mem = kb->args[x->arg];
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(mem));
  MlirType vt = wb_vec(pos->V, elem);
  MlirValue idx[FE_MAX_RANK];
  int slot = staged_slot(pos, n);
  if (slot >= 0) {
    /* Element e of the run is tile[lcol + e][lrow]: a column of the
     * tile, the padded rows keep it free of bank conflicts. */
    MlirValue el[16];
    for (int e = 0; e < pos->V; ++e) {
      MlirValue li[2] = {kb_addc(kb, pos->lcol, e), pos->lrow};
      el[e] = wb_load(b, pos->lds[slot], 2, li);
    }
    return wb_from_elements(b, pos->V, el, vt);
  }
  switch (ew_classify(kb->p, x)) {
  case EW_VECTOR:
    indices(kb, pos, x, 0, idx);
    return ew_vload(kb, mem, x->nmap, idx, pos->V);
  case EW_UNIFORM:
    indices(kb, pos, x, 0, idx);
    return wb_broadcast(b, load1(kb, mem, x->nmap, idx), vt);
  case EW_TRANSPOSED:
  case EW_GATHER:
    break;
  }
  MlirValue el[16];
  for (int e = 0; e < pos->V; ++e) {
    indices(kb, pos, x, e, idx);
    el[e] = load1(kb, mem, x->nmap, idx);
  }
  return wb_from_elements(b, pos->V, el, vt);
}

static MlirValue index_leaf(fe_kb *kb, const kb_place *p, const fe_node *x) {
  const ew_pos *pos = p->at;
  wb_t *b = &kb->b;
  MlirType it = wb_vec(pos->V, wb_index(kb->ctx));
  MlirValue v = wb_broadcast(b, pos->at[x->dim], it);
  if (x->dim != pos->rank - 1)
    return v;
  int64_t iota[16];
  for (int e = 0; e < pos->V; ++e)
    iota[e] = e;
  return wb_arith(b, "arith.addi", v, wb_const_vec_index(b, pos->V, iota));
}

/* A gather whose last index is the run's column and whose other indices do
 * not depend on it (an embedding row W[id[s], j]) reads V consecutive
 * elements of one row: one vector load, when the table's rows are
 * contiguous and every run (rounded up to V) stays inside a row: static
 * widths, the output's no wider than the table's. */
static bool gather_run(fe_kb *kb, const kb_place *p, const fe_node *x) {
  const ew_pos *pos = p->at;
  const fe_problem *pr = kb->p;
  const fe_graph *g = &pr->g;
  int col = pos->rank - 1, last = x->nops - 1;
  if (x->arg < 0 || last < 0 || col < 0)
    return false;
  const fe_node *li = &g->nodes[x->ops[last]];
  if (li->kind != FE_INDEX || li->dim != col)
    return false;
  for (int i = 0; i < last; ++i)
    if ((fe_used_dims(g, x->ops[i]) >> col) & 1)
      return false;
  const fe_arg *table = &pr->args[x->arg];
  const fe_arg *out = &pr->args[pr->out_arg];
  if (table->rank != x->nops || !wb_memref_inner_contiguous(table->type) ||
      ew_guarded(kb, kb->args[x->arg]))
    return false;
  fe_size tw = table->shape[last], ow = out->shape[col];
  if (!fe_size_static(tw) || !fe_size_static(ow))
    return false;
  int64_t runs = (ow.value + pos->V - 1) / pos->V * pos->V;
  return runs <= tw.value;
}

static MlirType run_type(fe_kb *kb, const kb_place *p, MlirType elem) {
  (void)kb;
  return wb_vec(((const ew_pos *)p->at)->V, elem);
}

MlirValue ew_eval(fe_kb *kb, fe_memo *m, const ew_pos *pos, int n) {
  if (pos->V < 1 || pos->V > 16) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  /* Products and reductions: the problem stage sends no such root here. */
  kb_place p = {run_type, load_leaf, index_leaf, NULL, pos, gather_run};
  return kb_eval_at(kb, m->val, m->n, &p, n);
}
