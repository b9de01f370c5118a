/* wmma-lower-fragments: wmma.load / wmma.store / wmma.fill -> memref and
 * vector ops.
 *
 * Every used slot v of a fragment holds logical tile element
 *   row = r0 + rr*r + rh*h,  col = c0 + cr*r + ch*h   (r = lane%16, h = lane/16)
 * (wmma_frag_affine).  Slots v, v+1, ... whose row form is the same and
 * whose column advances by one for every lane form a run: one vector.load /
 * vector.store of the run at mem[lead..., i0 + row, j0 + col] (memrefs whose
 * innermost stride is 1; otherwise per-element memref.load / memref.store).
 * Sub-byte elements (i4) are a byte each in memory, as MLIR addresses
 * memref<..xi4>: their runs are byte vectors of an i8 view of the memref
 * (wb_vload / wb_vstore; a builtin.unrealized_conversion_cast that
 * reconcile-unrealized-casts folds after the conversion to LLVM).
 * Unused slots (RDNA3 16-bit accumulator padding) load as zero and are not
 * stored.
 *
 * Masked accesses (`masked`): elements outside the memref's last two
 * dimensions read as zero / are not written.  On AMDGPU fat raw buffers
 * (#amdgpu.address_space<fat_raw_buffer>) an out-of-bounds access is made
 * harmless by moving its outermost index (the largest stride) to that
 * dimension's size: the offset then lies past num_records, so the hardware
 * returns zero / drops the store (one select per run, no branch).  A vector
 * run that may straddle the column bound is loaded whole and its columns
 * beyond the bound are zeroed with a select; a straddling store is split
 * into single-element stores.  On other memrefs indices are clamped and the
 * loaded value selected (loads) or the store guarded by scf.if (stores). */
#include "Lowering.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

#define MAX_SLOTS 64

typedef struct {
  int used;
  int r0, rr, rh, c0, cr, ch;
} slot_form;

typedef struct {
  int start, len;
} run_t;

typedef struct {
  MlirAttribute frag;
  wmma_frag_desc desc;
  MlirType vec_type, elem_type;
  int n; /* slots */
  slot_form slots[MAX_SLOTS];
  /* memory ops only: */
  MlirValue mem;
  int rank;
  int first_index; /* operand position of the first index */
  bool contiguous; /* innermost stride is 1: runs become vector accesses */
  bool fat;        /* AMDGPU fat raw buffer: out-of-bounds is harmless */
  bool masked;
  int outer_dim;   /* the dimension with the largest stride */
  int nruns;
  run_t runs[MAX_SLOTS];
} frag_info;

/* kind: 0 load, 1 store, 2 fill */
static int analyze(MlirOperation op, int kind, bool emit, frag_info *fi) {
  memset(fi, 0, sizeof *fi);
  const char *opname = kind == 0 ? "wmma.load" : kind == 1 ? "wmma.store"
                                                           : "wmma.fill";
  fi->frag = wmma_attr(op, "frag");
  if (!wmmaAttributeIsAFrag(fi->frag) ||
      !wmmaFragAttrGetDesc(fi->frag, &fi->desc)) {
    if (emit)
      wmma_error(op, "%s without a valid #wmma.frag 'frag' attribute", opname);
    return -1;
  }
  char msg[256];
  if (wmma_frag_check(&fi->desc, msg, sizeof msg)) {
    if (emit)
      wmma_error(op, "invalid fragment: %s", msg);
    return -1;
  }
  intptr_t nops = mlirOperationGetNumOperands(op);
  MlirType vt;
  if (kind == 1) {
    if (nops < 1 || mlirOperationGetNumResults(op) != 0)
      goto bad_shape;
    vt = mlirValueGetType(mlirOperationGetOperand(op, 0));
  } else {
    if (mlirOperationGetNumResults(op) != 1 || nops < 1)
      goto bad_shape;
    vt = mlirValueGetType(mlirOperationGetResult(op, 0));
  }
  int64_t len;
  if (!wb_is_vec1d(vt, &len, &fi->elem_type)) {
    if (emit)
      wmma_error(op, "%s: the fragment must be a 1-D vector", opname);
    return -1;
  }
  fi->vec_type = vt;
  int flen = wmma_frag_length(&fi->desc);
  wmma_elem fe = wmma_frag_elem(&fi->desc), ve;
  /* A load may read the fragment's elements in the memref's own type (a
   * storage load: the same positions, converted by the consumer). */
  bool storage = kind == 0 && mlirValueIsAOpResult(mlirOperationGetResult(op, 0)) &&
                 nops >= 1 &&
                 mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetOperand(op, 0))) &&
                 mlirTypeEqual(mlirShapedTypeGetElementType(mlirValueGetType(
                                   mlirOperationGetOperand(op, 0))),
                               fi->elem_type);
  if (len != flen || flen <= 0 || flen > MAX_SLOTS ||
      (!storage && (!wmmaElemFromType(fi->elem_type, &ve) || ve != fe))) {
    if (emit) {
      char got_s[128];
      wb_type_str(vt, got_s, sizeof got_s);
      wmma_error(op, "%s: fragment type %s does not match the layout (%d x %s)",
                 opname, got_s, flen, wmma_elem_name(fe));
    }
    return -1;
  }
  fi->n = flen;
  for (int v = 0; v < flen; ++v) {
    slot_form *s = &fi->slots[v];
    int rc = wmma_frag_affine(&fi->desc, v, &s->r0, &s->rr, &s->rh, &s->c0,
                              &s->cr, &s->ch);
    if (rc < 0) {
      if (emit)
        wmma_error(op, "%s: fragment slot %d is not affine in the lane id",
                   opname, v);
      return -1;
    }
    s->used = rc == 1;
  }

  if (kind == 2) {
    MlirType st = mlirValueGetType(mlirOperationGetOperand(op, 0));
    if (nops != 1 || !mlirTypeEqual(st, fi->elem_type)) {
      if (emit) {
        char got_s[128];
        wb_type_str(st, got_s, sizeof got_s);
        wmma_error(op, "wmma.fill: the value type %s must be the fragment "
                       "element type",
                   got_s);
      }
      return -1;
    }
    return 0;
  }

  int mem_pos = kind == 0 ? 0 : 1;
  if (nops <= mem_pos)
    goto bad_shape;
  fi->mem = mlirOperationGetOperand(op, mem_pos);
  MlirType mt = mlirValueGetType(fi->mem);
  if (!mlirTypeIsAMemRef(mt)) {
    if (emit)
      wmma_error(op, "%s: expected a memref", opname);
    return -1;
  }
  fi->rank = (int)mlirShapedTypeGetRank(mt);
  fi->first_index = mem_pos + 1;
  if (fi->rank < 2 || nops - fi->first_index != fi->rank) {
    if (emit)
      wmma_error(op, "%s: the memref must have rank >= 2 and one index per "
                     "dimension (rank %d, %d indices)",
                 opname, fi->rank, (int)(nops - fi->first_index));
    return -1;
  }
  if (!mlirTypeEqual(mlirShapedTypeGetElementType(mt), fi->elem_type)) {
    if (emit)
      wmma_error(op, "%s: memref and fragment element types differ", opname);
    return -1;
  }
  fi->contiguous = wb_memref_inner_contiguous(mt);
  fi->fat = wb_is_fat_buffer(mt);
  fi->masked = !mlirAttributeIsNull(wmma_attr(op, "masked"));
  fi->outer_dim = wb_memref_outermost_dim(mt);
  /* Run-time strides: the producer names the outermost dimension. */
  MlirAttribute outer = wmma_attr(op, "outer_dim");
  if (fi->outer_dim < 0 && !mlirAttributeIsNull(outer) &&
      mlirAttributeIsAInteger(outer)) {
    int64_t o = mlirIntegerAttrGetValueInt(outer);
    fi->outer_dim = o >= 0 && o < fi->rank ? (int)o : -1;
  }
  if (fi->masked && fi->fat && fi->outer_dim < 0) {
    if (emit)
      wmma_error(op, "%s: a masked access to a fat buffer needs static "
                     "strides or an outer_dim (to know which index moves "
                     "out of bounds)",
                 opname);
    return -1;
  }

  /* Runs of consecutive slots along the last memref dimension.  In LDS a
   * run is at most 16 bytes, the widest ds_load/ds_store: longer ones are
   * split the way the backend would split them, so that each access the
   * IR makes is one LDS instruction (as the emulator's bank model counts). */
  int max_run = fi->n;
  MlirAttribute space = mlirMemRefTypeGetMemorySpace(mt);
  int ebits = (wb_type_bits(fi->elem_type) + 7) / 8 * 8; /* i4: a byte */
  if (!mlirAttributeIsNull(space) &&
      mlirAttributeEqual(space, wb_workgroup_space(mlirTypeGetContext(mt))) &&
      ebits > 0 && ebits <= 128)
    max_run = 128 / ebits;
  fi->nruns = 0;
  for (int v = 0; v < fi->n;) {
    if (!fi->slots[v].used) {
      ++v;
      continue;
    }
    int e = v + 1;
    while (fi->contiguous && e < fi->n && fi->slots[e].used &&
           e - v < max_run) {
      const slot_form *p = &fi->slots[e - 1], *q = &fi->slots[e];
      if (q->r0 != p->r0 || q->rr != p->rr || q->rh != p->rh ||
          q->c0 != p->c0 + 1 || q->cr != p->cr || q->ch != p->ch)
        break;
      ++e;
    }
    fi->runs[fi->nruns].start = v;
    fi->runs[fi->nruns].len = e - v;
    fi->nruns++;
    v = e;
  }
  return 0;

bad_shape:
  if (emit)
    wmma_error(op, "%s: unexpected operands or results", opname);
  return -1;
}

/*--- index math -----------------------------------------------------------*/
typedef struct {
  MlirValue base;
  int off, cr, ch;
  MlirValue val;
} idx_entry;

typedef struct {
  idx_entry e[4 * MAX_SLOTS];
  int n;
  struct {
    int which, coef;
    MlirValue val;
  } mul[2 * MAX_SLOTS];
  int nmul;
} idx_cache;

static MlirValue scaled(wb_t *b, idx_cache *c, int which, int coef) {
  MlirValue x = which ? wb_h_index(b) : wb_r_index(b);
  if (coef == 1)
    return x;
  for (int i = 0; i < c->nmul; ++i)
    if (c->mul[i].which == which && c->mul[i].coef == coef)
      return c->mul[i].val;
  MlirValue y = wb_arith(b, "arith.muli", x, wb_const_index(b, coef));
  if (c->nmul < 2 * MAX_SLOTS) {
    c->mul[c->nmul].which = which;
    c->mul[c->nmul].coef = coef;
    c->mul[c->nmul].val = y;
    c->nmul++;
  }
  return y;
}

static MlirValue lookup(idx_cache *c, MlirValue base, int off, int cr,
                        int ch) {
  for (int i = 0; i < c->n; ++i)
    if (mlirValueEqual(c->e[i].base, base) && c->e[i].off == off &&
        c->e[i].cr == cr && c->e[i].ch == ch)
      return c->e[i].val;
  return (MlirValue){NULL};
}

static void remember(idx_cache *c, MlirValue base, int off, int cr, int ch,
                     MlirValue v) {
  if (c->n < 4 * MAX_SLOTS)
    c->e[c->n++] = (idx_entry){base, off, cr, ch, v};
}

/* base + off + cr*r + ch*h, sharing base + cr*r + ch*h between offsets. */
static MlirValue index_expr(wb_t *b, idx_cache *c, MlirValue base, int off,
                            int cr, int ch) {
  MlirValue t = lookup(c, base, off, cr, ch);
  if (!mlirValueIsNull(t))
    return t;
  t = lookup(c, base, 0, cr, ch);
  if (mlirValueIsNull(t)) {
    t = base;
    if (cr)
      t = wb_arith(b, "arith.addi", t, scaled(b, c, 0, cr));
    if (ch)
      t = wb_arith(b, "arith.addi", t, scaled(b, c, 1, ch));
    remember(c, base, 0, cr, ch, t);
  }
  if (off) {
    t = wb_arith(b, "arith.addi", t, wb_const_index(b, off));
    remember(c, base, off, cr, ch, t);
  }
  return t;
}

/* Indices of slot v: lead indices pass through, the last two get the slot's
 * row / column forms. */
static void slot_indices(wb_t *b, idx_cache *c, MlirOperation op,
                         const frag_info *fi, int v, MlirValue *out) {
  for (int d = 0; d < fi->rank; ++d)
    out[d] = mlirOperationGetOperand(op, fi->first_index + d);
  const slot_form *s = &fi->slots[v];
  out[fi->rank - 2] = index_expr(b, c, out[fi->rank - 2], s->r0, s->rr, s->rh);
  out[fi->rank - 1] = index_expr(b, c, out[fi->rank - 1], s->c0, s->cr, s->ch);
}

#define MAX_RANK 16

/*--- masking ----------------------------------------------------------------*/
typedef struct {
  MlirValue rows, cols; /* sizes of the last two dimensions */
  MlirValue outer;      /* size of the largest-stride dimension */
} bounds_t;

static void get_bounds(wb_t *b, const frag_info *fi, bounds_t *bd) {
  bd->rows = wb_dim(b, fi->mem, fi->rank - 2);
  bd->cols = wb_dim(b, fi->mem, fi->rank - 1);
  bd->outer = fi->outer_dim >= 0 ? wb_dim(b, fi->mem, fi->outer_dim)
                                 : (MlirValue){NULL};
}

static MlirValue both(wb_t *b, MlirValue x, MlirValue y) {
  return wb_arith(b, "arith.andi", x, y);
}

/* Row in bounds, and column c .. c+len-1 in bounds. */
static MlirValue run_ok(wb_t *b, const bounds_t *bd, const MlirValue *ind,
                        int rank, int len) {
  MlirValue row_ok = wb_cmpi(b, WB_CMP_ULT, ind[rank - 2], bd->rows);
  MlirValue last = wb_add_const(b, ind[rank - 1], len - 1);
  return both(b, row_ok, wb_cmpi(b, WB_CMP_ULT, last, bd->cols));
}

/* Fat buffer: an access that is not ok moves past num_records. */
static void redirect(wb_t *b, const frag_info *fi, const bounds_t *bd,
                     MlirValue ok, MlirValue *ind) {
  int o = fi->outer_dim;
  ind[o] = wb_select(b, ok, ind[o], wb_fat_buffer_oob(b, bd->outer));
}

/* Other memrefs: an access that is not ok reads element (.., 0, 0). */
static void clamp(wb_t *b, const frag_info *fi, MlirValue ok, MlirValue *ind) {
  MlirValue zero = wb_const_index(b, 0);
  ind[fi->rank - 2] = wb_select(b, ok, ind[fi->rank - 2], zero);
  ind[fi->rank - 1] = wb_select(b, ok, ind[fi->rank - 1], zero);
}

/* One element of a masked access at column offset j of the run. */
static MlirValue masked_scalar_load(wb_t *b, const frag_info *fi,
                                    const bounds_t *bd, const MlirValue *run,
                                    int j) {
  MlirValue ind[MAX_RANK];
  memcpy(ind, run, sizeof(MlirValue) * (size_t)fi->rank);
  ind[fi->rank - 1] = wb_add_const(b, ind[fi->rank - 1], j);
  MlirValue ok = run_ok(b, bd, ind, fi->rank, 1);
  if (fi->fat) {
    redirect(b, fi, bd, ok, ind);
    return wb_load(b, fi->mem, fi->rank, ind);
  }
  clamp(b, fi, ok, ind);
  MlirValue v = wb_load(b, fi->mem, fi->rank, ind);
  return wb_select(b, ok, v, wb_const_zero(b, fi->elem_type));
}

/* A run of len > 1 from a fat buffer: one vector load (rows out of bounds
 * read zero through the redirect), columns past the bound selected away. */
static MlirValue masked_vector_load(wb_t *b, const frag_info *fi,
                                    const bounds_t *bd, MlirValue *ind,
                                    int len) {
  int rank = fi->rank;
  MlirValue row_ok = wb_cmpi(b, WB_CMP_ULT, ind[rank - 2], bd->rows);
  MlirValue col = ind[rank - 1];
  redirect(b, fi, bd, row_ok, ind);
  MlirType vt = wb_vec(len, fi->elem_type);
  MlirValue v = wb_vload(b, vt, fi->mem, rank, ind);
  int64_t iota[MAX_SLOTS];
  for (int j = 0; j < len; ++j)
    iota[j] = j;
  MlirType ivt = wb_vec(len, wb_index(b->ctx));
  MlirValue col_vec = wb_broadcast(b, col, ivt);
  MlirValue cols =
      wb_arith(b, "arith.addi", col_vec, wb_const_vec_index(b, len, iota));
  MlirValue keep =
      wb_cmpi(b, WB_CMP_ULT, cols, wb_broadcast(b, bd->cols, ivt));
  return wb_select(b, keep, v, wb_const_zero(b, vt));
}

static void masked_scalar_store(wb_t *b, const frag_info *fi,
                                const bounds_t *bd, const MlirValue *run,
                                int j, MlirValue v) {
  MlirValue ind[MAX_RANK];
  memcpy(ind, run, sizeof(MlirValue) * (size_t)fi->rank);
  ind[fi->rank - 1] = wb_add_const(b, ind[fi->rank - 1], j);
  MlirValue ok = run_ok(b, bd, ind, fi->rank, 1);
  if (fi->fat) {
    redirect(b, fi, bd, ok, ind);
    wb_store(b, v, fi->mem, fi->rank, ind);
    return;
  }
  wb_if g;
  if (!wb_if_begin(b, &g, ok, 0, NULL, false))
    return;
  wb_store(b, v, fi->mem, fi->rank, ind);
  wb_if_end(b, &g, 0, NULL);
}

/*--- rewrites -----------------------------------------------------------------*/
static int rewrite_load(wb_t *b, MlirOperation op, void *ctx) {
  frag_info fi;
  if (analyze(op, 0, false, &fi) || fi.rank > MAX_RANK)
    return -1;
  idx_cache cache;
  memset(&cache, 0, sizeof cache);
  bounds_t bd;
  if (fi.masked)
    get_bounds(b, &fi, &bd);
  MlirValue ind[MAX_RANK];
  MlirValue parts[MAX_SLOTS];
  int all_single = 1, all_multi = 1, covered = 0;
  for (int i = 0; i < fi.nruns; ++i) {
    const run_t *rn = &fi.runs[i];
    slot_indices(b, &cache, op, &fi, rn->start, ind);
    if (rn->len == 1) {
      parts[i] = fi.masked ? masked_scalar_load(b, &fi, &bd, ind, 0)
                           : wb_load(b, fi.mem, fi.rank, ind);
      all_multi = 0;
    } else {
      MlirType vt = wb_vec(rn->len, fi.elem_type);
      if (!fi.masked) {
        parts[i] = wb_vload(b, vt, fi.mem, fi.rank, ind);
      } else if (fi.fat) {
        parts[i] = masked_vector_load(b, &fi, &bd, ind, rn->len);
      } else {
        MlirValue el[MAX_SLOTS];
        for (int j = 0; j < rn->len; ++j)
          el[j] = masked_scalar_load(b, &fi, &bd, ind, j);
        parts[i] = wb_from_elements(b, rn->len, el, vt);
      }
      all_single = 0;
    }
    covered += rn->len;
  }

  MlirValue res;
  if (fi.nruns == 1 && fi.runs[0].len == fi.n && fi.n > 1) {
    res = parts[0];
  } else if (all_single) {
    MlirValue elems[MAX_SLOTS];
    MlirValue zero = (MlirValue){NULL};
    for (int v = 0; v < fi.n; ++v)
      elems[v] = (MlirValue){NULL};
    for (int i = 0; i < fi.nruns; ++i)
      elems[fi.runs[i].start] = parts[i];
    for (int v = 0; v < fi.n; ++v)
      if (mlirValueIsNull(elems[v])) {
        if (mlirValueIsNull(zero))
          zero = wb_const_zero(b, fi.elem_type);
        elems[v] = zero;
      }
    res = wb_from_elements(b, fi.n, elems, fi.vec_type);
  } else if (all_multi && covered == fi.n) {
    /* Concatenate the runs (they are in slot order and cover everything). */
    res = parts[0];
    int have = fi.runs[0].len;
    for (int i = 1; i < fi.nruns; ++i) {
      int64_t mask[MAX_SLOTS];
      int tot = have + fi.runs[i].len;
      for (int k = 0; k < tot; ++k)
        mask[k] = k;
      res = wb_shuffle(b, res, parts[i], tot, mask);
      have = tot;
    }
  } else {
    res = wb_const_zero(b, fi.vec_type);
    for (int i = 0; i < fi.nruns; ++i) {
      if (fi.runs[i].len == 1)
        res = wb_insert(b, parts[i], res, fi.runs[i].start);
      else
        res = wb_insert_slice(b, parts[i], res, fi.runs[i].start);
    }
  }
  if (mlirValueIsNull(res))
    return -1;
  mlirRewriterBaseReplaceOpWithValues(b->rw, op, 1, &res);
  return 0;
}

/* A masked run of len > 1: one vector store when the whole run is in
 * bounds, single-element stores (each masked) otherwise. */
static void masked_run_store(wb_t *b, const frag_info *fi, const bounds_t *bd,
                             MlirValue *ind, MlirValue part, int len) {
  MlirValue full = run_ok(b, bd, ind, fi->rank, len);
  wb_if g;
  if (!wb_if_begin(b, &g, full, 0, NULL, true))
    return;
  wb_vstore(b, part, fi->mem, fi->rank, ind);
  wb_if_else(b, &g, 0, NULL);
  for (int j = 0; j < len; ++j)
    masked_scalar_store(b, fi, bd, ind, j, wb_extract(b, part, j));
  wb_if_end(b, &g, 0, NULL);
}

static int rewrite_store(wb_t *b, MlirOperation op, void *ctx) {
  frag_info fi;
  if (analyze(op, 1, false, &fi) || fi.rank > MAX_RANK)
    return -1;
  MlirValue value = mlirOperationGetOperand(op, 0);
  idx_cache cache;
  memset(&cache, 0, sizeof cache);
  bounds_t bd;
  if (fi.masked)
    get_bounds(b, &fi, &bd);
  MlirValue ind[MAX_RANK];
  for (int i = 0; i < fi.nruns; ++i) {
    const run_t *rn = &fi.runs[i];
    slot_indices(b, &cache, op, &fi, rn->start, ind);
    if (rn->len == 1) {
      MlirValue v = wb_extract(b, value, rn->start);
      if (fi.masked)
        masked_scalar_store(b, &fi, &bd, ind, 0, v);
      else
        wb_store(b, v, fi.mem, fi.rank, ind);
      continue;
    }
    MlirValue part = rn->len == fi.n
                         ? value
                         : wb_extract_slice(b, value, rn->start, rn->len);
    if (fi.masked)
      masked_run_store(b, &fi, &bd, ind, part, rn->len);
    else
      wb_vstore(b, part, fi.mem, fi.rank, ind);
  }
  mlirRewriterBaseEraseOp(b->rw, op);
  return 0;
}

static int rewrite_fill(wb_t *b, MlirOperation op, void *ctx) {
  frag_info fi;
  if (analyze(op, 2, false, &fi))
    return -1;
  MlirValue res = wb_broadcast(b, mlirOperationGetOperand(op, 0), fi.vec_type);
  if (mlirValueIsNull(res))
    return -1;
  mlirRewriterBaseReplaceOpWithValues(b->rw, op, 1, &res);
  return 0;
}

static int check_load(MlirOperation op, void *ctx, bool emit) {
  frag_info fi;
  if (analyze(op, 0, emit, &fi))
    return -1;
  if (fi.rank > MAX_RANK) {
    if (emit)
      wmma_error(op, "wmma.load: memref rank above %d", MAX_RANK);
    return -1;
  }
  return 0;
}
static int check_store(MlirOperation op, void *ctx, bool emit) {
  frag_info fi;
  if (analyze(op, 1, emit, &fi))
    return -1;
  if (fi.rank > MAX_RANK) {
    if (emit)
      wmma_error(op, "wmma.store: memref rank above %d", MAX_RANK);
    return -1;
  }
  return 0;
}
static int check_fill(MlirOperation op, void *ctx, bool emit) {
  frag_info fi;
  return analyze(op, 2, emit, &fi);
}

static const wb_lowering fragment_lowerings[] = {
    {"wmma.load", check_load, rewrite_load},
    {"wmma.store", check_store, rewrite_store},
    {"wmma.fill", check_fill, rewrite_fill},
};

static void run_lower_fragments(MlirOperation op, MlirExternalPass pass,
                                void *ud) {
  if (wb_run_lowerings(op, fragment_lowerings, 3, NULL))
    mlirExternalPassSignalFailure(pass);
}

static _Alignas(8) char lower_fragments_id;

MlirPass wmmaCreateLowerFragmentsPass(void) {
  wb_pass_def def = {
      .type_id = mlirTypeIDCreate(&lower_fragments_id),
      .name = "WmmaLowerFragments",
      .argument = "wmma-lower-fragments",
      .description = "Lower wmma.load / wmma.store / wmma.fill to memref and "
                     "vector ops",
      .run = run_lower_fragments};
  return wb_create_pass(&def, NULL);
}
