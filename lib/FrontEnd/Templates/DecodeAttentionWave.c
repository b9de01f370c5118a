/* The decode-attention template's per-wave parts (DecodeAttention.c has
 * the plan and the kernel's structure, and describes the algorithm): Q^T's
 * fragments, the step of one block of 16 keys (scores, online softmax,
 * O^T update), the log-sum-exp merge of the workgroup's waves through LDS
 * in wave order, and the store of an output tile for the group's heads. */
#include "Templates/Attention.h"
#include "Templates/DecodeAttention.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

/* Is Q a plain load in the atom's operand type (no prologue)? */
bool fe_dattn_q_is_plain(fe_kb *kb) {
  const fe_operand *o = &kb->p->gemms[0].lhs;
  return o->is_load && !kb_operand_has_prologue(kb, o, WMMA_MATRIX_B) &&
         !fe_load_grouped(&kb->p->g.nodes[o->leaf]);
}

/* A plain Q's fragment, element by element: the columns past the group
 * are not read (their loads go past the buffer's end), and on RDNA3 the
 * compact fragment is loaded and replicated (each element read once). */
static MlirValue q_plain(fe_kb *kb, dat_t *a, const fe_tile *t,
                         const fe_node *x) {
  wb_t *b = &kb->b;
  wmma_layout_kind saved = kb->ab_layout;
  bool compact = saved == WMMA_LAYOUT_HW;
  if (compact)
    kb->ab_layout = WMMA_LAYOUT_COMPACT;
  fe_slot_pos sp;
  kb_slot_positions(kb, t, &sp);
  MlirType vt = kb_tile_vec(kb, t, x->type);
  kb->ab_layout = saved;
  MlirValue mem = kb->args[x->arg];
  int outer = wb_memref_outermost_dim(mlirValueGetType(mem));
  MlirValue past = wb_fat_buffer_oob(b, wb_dim(b, mem, outer));
  MlirValue el[16];
  for (int v = 0; v < sp.n; ++v) {
    MlirValue idx[FE_MAX_RANK];
    for (int j = 0; j < x->nmap; ++j) {
      int d = x->map[j];
      idx[j] = d == FE_MAP_FIXED     ? kb_c(kb, x->fixed[j])
               : d == t->dim_row     ? kb_add(kb, t->at[d], sp.row[v])
               : d == t->dim_col     ? kb_add(kb, t->at[d], sp.col[v])
                                     : t->at[d];
    }
    MlirValue ok = wb_cmpi(b, WB_CMP_ULT, sp.col[v], kb_c(kb, a->group));
    idx[outer] = wb_select(b, ok, idx[outer], past);
    el[v] = wb_load(b, mem, x->nmap, idx);
  }
  MlirValue v = wb_from_elements(b, sp.n, el, vt);
  return compact && !a->q_compact ? kb_expand(kb, WMMA_MATRIX_B, kb->atom, v)
                                  : v;
}

/* Q^T's fragment for d in [16c, 16c + 16): rows d, columns the group's
 * heads, evaluated on an operand tile of the first product's loop space
 * (the heads are a batch loop: element loads). */
MlirValue fe_dattn_q_fragment(fe_kb *kb, dat_t *a, int c) {
  const fe_gemm *g1 = &kb->p->gemms[0];
  const fe_operand *o = &g1->lhs;
  fe_tile t;
  memset(&t, 0, sizeof t);
  t.rank = o->space_rank;
  for (int d = 0; d < t.rank && d < FE_MAX_RANK; ++d)
    t.at[d] = kb_c(kb, 0);
  t.dim_row = o->k_loop;
  t.dim_col = o->batch_loop[a->hb];
  t.at[o->row_loop] = a->query;
  t.at[o->k_loop] = kb_c(kb, kb->atom_k * c);
  for (int i = 0; i < o->nbatch; ++i)
    t.at[o->batch_loop[i]] = a->batch[i];
  t.operand = true;
  t.role = WMMA_MATRIX_B;
  /* Heads past the last read zero (the fat buffer's range check). */
  kb_note_oob(kb, kb->args[o->arg]);
  const fe_node *x = &kb->p->g.nodes[o->leaf];
  if (fe_dattn_q_is_plain(kb))
    return q_plain(kb, a, &t, x);
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue v = kb_eval(kb, &m, &t, o->node);
  kb_memo_free(&m);
  return v;
}

/* Q^T's fragments for every wave of a workgroup of S > 1: wave 0 reads
 * them from global memory and stores them to LDS (lane-major, each lane's
 * fragment contiguous), the others read them there after a barrier -- Q
 * is read from memory once per workgroup, not once per wave. */
int fe_dattn_q_shared(fe_kb *kb, dat_t *a) {
  wb_t *b = &kb->b;
  wb_if first;
  if (!wb_if_begin(b, &first, wb_cmpi(b, WB_CMP_EQ, kb->wave, kb_c(kb, 0)),
                   0, NULL, false))
    return -1;
  MlirType vt[MAX_TILES];
  MlirValue lds = {NULL};
  MlirValue lane = wb_lane_index(b);
  for (int c = 0; c < a->nd; ++c) {
    MlirValue v = fe_dattn_q_fragment(kb, a, c);
    if (kb->failed || mlirValueIsNull(v))
      return -1;
    vt[c] = mlirValueGetType(v);
    int64_t len;
    MlirType el;
    if (!wb_is_vec1d(vt[c], &len, &el))
      return -1;
    if (c == 0) {
      int64_t shape[2] = {(int64_t)a->nd * 32, len};
      lds = kb_lds(kb, 2, shape, el);
      if (kb->failed)
        return -1;
    }
    MlirValue idx[2] = {kb_addc(kb, lane, 32 * c)};
    idx[1] = kb_c(kb, 0);
    wb_vstore(b, v, lds, 2, idx);
  }
  wb_if_end(b, &first, 0, NULL);
  wb_lds_barrier(b);
  for (int c = 0; c < a->nd; ++c) {
    MlirValue idx[2] = {kb_addc(kb, lane, 32 * c)};
    idx[1] = kb_c(kb, 0);
    a->qf[c] = wb_vload(b, vt[c], lds, 2, idx);
  }
  return 0;
}

/* max(m, -inf -> 0): the shift that keeps exp(-inf - shift) at 0. */
MlirValue fe_dattn_shift_of(fe_kb *kb, MlirValue m) {
  wb_t *b = &kb->b;
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  MlirValue none = wb_cmpf(b, 1 /* oeq */, m, wb_const_float(b, f32, -INFINITY));
  return wb_select(b, none, wb_const_float(b, f32, 0.0), m);
}

/* An A tile of K or V^T.  On RDNA3 a plain one is loaded compact (lane
 * half h holds K 8h..8h+7) and replicated with v_permlanex16: each element
 * is read from memory once per wave, not once per lane half. */
static MlirValue a_tile(fe_kb *kb, dat_t *a, const fe_operand *o,
                        MlirValue row0, MlirValue k0) {
  if (kb->ab_layout != WMMA_LAYOUT_HW ||
      kb_operand_has_prologue(kb, o, WMMA_MATRIX_A))
    return kb_operand_tile(kb, o, WMMA_MATRIX_A, a->batch, row0, k0,
                           a->masked);
  MlirValue idx[FE_MAX_RANK];
  kb_operand_origin(kb, o, a->batch, idx);
  idx[o->mem_row] = row0;
  idx[o->mem_k] = k0;
  MlirAttribute frag = kb_frag(kb, WMMA_MATRIX_A, WMMA_LAYOUT_COMPACT,
                               o->mem_row > o->mem_k, kb->atom);
  MlirValue v = kb_load(kb, frag, kb->args[o->arg],
                        kb->p->args[o->arg].rank, idx, a->masked);
  return kb_expand(kb, WMMA_MATRIX_A, kb->atom, v);
}

/* The block of keys at key0: scores, online softmax, O^T update;
 * st = {m, l, O^T...}. */
void fe_dattn_block(fe_kb *kb, dat_t *a, MlirValue key0, MlirValue *st) {
  const fe_problem *p = kb->p;
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  wb_t *b = &kb->b;
  MlirValue s = kb_fill_zero(kb, kb->atom);
  for (int c = 0; c < a->nd; ++c) {
    /* Q's fragment before K's tile, in statements of their own: as call
     * arguments their order was the compiler's (GCC -O3 and the sanitizer
     * build differed), and at d = 256 on gfx1100 the other order spills. */
    MlirValue q = a->q_compact ? kb_expand(kb, WMMA_MATRIX_B, kb->atom, a->qf[c])
                               : a->qf[c];
    MlirValue k = a_tile(kb, a, &g1->rhs, key0, kb_c(kb, kb->atom_k * c));
    s = kb_mma(kb, kb->atom, k, q, s);
  }
  /* The scores on the (head, key) tile, held transposed. */
  fe_tile t;
  memset(&t, 0, sizeof t);
  t.rank = p->att.rank;
  for (int d = 0; d < t.rank && d < FE_MAX_RANK; ++d)
    t.at[d] = kb_c(kb, 0);
  t.dim_row = 2 + a->hb;
  t.dim_col = 1;
  t.at[0] = a->query;
  t.at[1] = key0;
  for (int i = 0; i < g1->nbatch; ++i)
    t.at[2 + i] = a->batch[i];
  t.transposed = true;
  MlirValue sc = fe_att_scores(kb, g1, &t, s, a->masked);
  if (mlirValueIsNull(sc))
    return;
  MlirValue row_max = fe_att_row_combine(kb, "arith.maximumf", sc);
  MlirValue mnew = wb_arith(b, "arith.maximumf", st[0], row_max);
  MlirValue muse = fe_dattn_shift_of(kb, mnew);
  MlirValue corr = fe_att_exp_minus(kb, st[0], muse);
  MlirValue pv = fe_att_exp_minus(kb, sc, muse);
  st[0] = mnew;
  MlirValue l_old = wb_arith(b, "arith.mulf", st[1], corr);
  st[1] = wb_arith(b, "arith.addf", l_old,
                   fe_att_row_combine(kb, "arith.addf", pv));
  MlirAttribute from = kb_frag(kb, WMMA_MATRIX_D, WMMA_LAYOUT_HW, true, kb->atom);
  MlirAttribute to = kb_frag(kb, WMMA_MATRIX_B, kb->ab_layout, true, kb->atom);
  MlirValue pb = kb_relayout(kb, from, to, pv, wmmaFragAttrGetVectorType(to));
  MlirValue cs = fe_att_splat(kb, corr);
  for (int t2 = 0; t2 < a->ndv; ++t2) {
    MlirValue v = a_tile(kb, a, &g2->rhs, kb_c(kb, kb->atom_m * t2), key0);
    MlirValue o = wb_arith(b, "arith.mulf", st[2 + t2], cs);
    st[2 + t2] = kb_mma(kb, kb->atom, v, pb, o);
  }
}

/* st (wave 0's) merged with another wave's (m, l, O^T) read from LDS. */
static void merge(fe_kb *kb, dat_t *a, MlirValue *st, const MlirValue *o) {
  wb_t *b = &kb->b;
  MlirValue mn = wb_arith(b, "arith.maximumf", st[0], o[0]);
  MlirValue sh = fe_dattn_shift_of(kb, mn);
  MlirValue c0 = fe_att_exp_minus(kb, st[0], sh);
  MlirValue c1 = fe_att_exp_minus(kb, o[0], sh);
  st[0] = mn;
  /* The other wave's terms are scaled first, next to their loads: in the
   * other order d = 256 spills on gfx1100 (it sits at the VGPR limit). */
  MlirValue l1 = wb_arith(b, "arith.mulf", o[1], c1);
  MlirValue l0 = wb_arith(b, "arith.mulf", st[1], c0);
  st[1] = wb_arith(b, "arith.addf", l0, l1);
  MlirValue s0 = fe_att_splat(kb, c0), s1 = fe_att_splat(kb, c1);
  for (int t = 0; t < a->ndv; ++t) {
    MlirValue o1 = wb_arith(b, "arith.mulf", o[2 + t], s1);
    MlirValue o0 = wb_arith(b, "arith.mulf", st[2 + t], s0);
    st[2 + t] = wb_arith(b, "arith.addf", o0, o1);
  }
}

/* The partial results of waves 1..S-1 merged into wave 0's, in wave order,
 * through LDS in rounds (slot: wave - first wave of the round). */
int fe_dattn_merge_waves(fe_kb *kb, dat_t *a, int S, MlirValue *st) {
  wb_t *b = &kb->b;
  const int ns = 2 + a->ndv, per = a->ndv + 1;
  const int capn = merge_capacity(S, a->ndv);
  MlirType f32 = mlirF32TypeGet(kb->ctx), v8 = kb_acc_vec(kb, f32);
  int64_t shape[2] = {(int64_t)capn * per * 32, 8};
  MlirValue lds = kb_lds(kb, 2, shape, f32);
  MlirValue lane = wb_lane_index(b);
  MlirValue first = wb_cmpi(b, WB_CMP_EQ, kb->wave, kb_c(kb, 0));
  MlirType types[NSTATE];
  for (int i = 0; i < ns; ++i)
    types[i] = mlirValueGetType(st[i]);
  for (int r0 = 1; r0 < S; r0 += capn) {
    int r1 = r0 + capn < S ? r0 + capn : S;
    if (r0 > 1)
      wb_lds_barrier(b);
    MlirValue from_r0 = wb_cmpi(b, WB_CMP_ULE, kb_c(kb, r0), kb->wave);
    MlirValue below_r1 = wb_cmpi(b, WB_CMP_ULT, kb->wave, kb_c(kb, r1));
    MlirValue in_round = wb_arith(b, "arith.andi", from_r0, below_r1);
    wb_if put;
    if (!wb_if_begin(b, &put, in_round, 0, NULL, false))
      return -1;
    MlirValue base = kb_mulc(kb, kb_addc(kb, kb->wave, -r0), per * 32);
    MlirValue stats[8];
    stats[0] = st[0];
    stats[1] = st[1];
    for (int i = 2; i < 8; ++i)
      stats[i] = wb_const_float(b, f32, 0.0);
    for (int t = 0; t <= a->ndv; ++t) {
      MlirValue idx[2] = {kb_add(kb, kb_addc(kb, base, 32 * t), lane)};
      idx[1] = kb_c(kb, 0);
      wb_vstore(b, t < a->ndv ? st[2 + t] : wb_from_elements(b, 8, stats, v8),
                lds, 2, idx);
    }
    wb_if_end(b, &put, 0, NULL);
    wb_lds_barrier(b);
    wb_if add;
    if (!wb_if_begin(b, &add, first, ns, types, true))
      return -1;
    MlirValue acc[NSTATE];
    memcpy(acc, st, sizeof(MlirValue) * (size_t)ns);
    for (int r = r0; r < r1; ++r) {
      MlirValue o[NSTATE];
      for (int t = 0; t <= a->ndv; ++t) {
        MlirValue idx[2] = {
            kb_add(kb, kb_c(kb, ((int64_t)(r - r0) * per + t) * 32), lane)};
        idx[1] = kb_c(kb, 0);
        MlirValue v = wb_vload(b, v8, lds, 2, idx);
        if (t < a->ndv) {
          o[2 + t] = v;
        } else {
          o[0] = wb_extract(b, v, 0);
          o[1] = wb_extract(b, v, 1);
        }
      }
      merge(kb, a, acc, o);
    }
    wb_if_else(b, &add, ns, acc);
    wb_if_end(b, &add, ns, st);
    for (int i = 0; i < ns; ++i)
      st[i] = mlirOperationGetResult(add.op, i);
  }
  return 0;
}

/* The output tile at value dims [16 t, 16 t + 16) (rows: the group's heads,
 * held transposed), evaluated from O^T / l and stored for the heads of the
 * group that exist. */
void fe_dattn_store_output(fe_kb *kb, dat_t *a, int t2, MlirValue o) {
  const fe_problem *p = kb->p;
  const fe_gemm *g2 = &p->gemms[1];
  wb_t *b = &kb->b;
  const fe_arg *arg = &p->args[p->out_arg];
  fe_tile t;
  memset(&t, 0, sizeof t);
  t.rank = arg->rank;
  for (int d = 0; d < t.rank && d < FE_MAX_RANK; ++d)
    t.at[d] = kb_c(kb, 0);
  t.dim_row = p->out_space_batch[a->hb];
  t.dim_col = p->out_space_n;
  if (p->out_space_m >= 0) /* (-1: a query without its token dim) */
    t.at[p->out_space_m] = a->query;
  t.at[p->out_space_n] = kb_c(kb, kb->atom_m * t2);
  for (int i = 0; i < g2->nbatch; ++i)
    t.at[p->out_space_batch[i]] = a->batch[i];
  t.transposed = true;
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    kb->failed = 1;
    return;
  }
  kb_bind_product(kb, &m, g2->prod, o);
  MlirValue v = kb_eval(kb, &m, &t, p->root);
  kb_memo_free(&m);
  if (mlirValueIsNull(v)) {
    kb->failed = 1;
    return;
  }
  fe_slot_pos sp;
  kb_slot_positions(kb, &t, &sp);
  MlirValue mem = kb->args[p->out_arg];
  kb_note_oob(kb, mem);
  int outer = wb_memref_outermost_dim(mlirValueGetType(mem));
  MlirValue heads = wb_dim(b, mem, t.dim_row);
  for (int s = 0; s < sp.n; ++s) {
    MlirValue idx[FE_MAX_RANK];
    for (int j = 0; j < t.rank; ++j)
      idx[j] = t.at[j];
    idx[t.dim_row] = kb_add(kb, t.at[t.dim_row], sp.row[s]);
    idx[t.dim_col] = kb_add(kb, t.at[t.dim_col], sp.col[s]);
    /* Columns past the group (or the last head): the store is dropped by
     * moving it past the buffer's end. */
    MlirValue in_group = wb_cmpi(b, WB_CMP_ULT, sp.row[s], kb_c(kb, a->group));
    MlirValue in_heads = wb_cmpi(b, WB_CMP_ULT, idx[t.dim_row], heads);
    MlirValue ok = wb_arith(b, "arith.andi", in_group, in_heads);
    idx[outer] = wb_select(b, ok, idx[outer],
                           wb_fat_buffer_oob(b, wb_dim(b, mem, outer)));
    wb_store(b, wb_extract(b, v, s), mem, t.rank, idx);
  }
}
