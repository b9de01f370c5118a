/* One KV block of the prefill attention (see Attention.c): S^T = K Q^T,
 * the online softmax, O^T = V^T P^T. */
#include "Templates/AttentionPrefill.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

/* A scheduling barrier (as GemmLds.c's): without them LLVM hoists a
 * block's LDS fragment reads above the WMMAs before them, and all the
 * fragments held at once next to Q^T, O^T and the prefetched block spill
 * (or fill the 256 VGPRs) at d = 128. */
void fe_att_sched_barrier(fe_kb *kb) {
  MlirNamedAttribute m = wb_named(kb->ctx, "mask", wb_i32_attr(kb->ctx, 0));
  wb_op(&kb->b, "rocdl.sched.barrier", 0, NULL, 0, NULL, 1, &m);
}

/* The block of a->nkt key tiles at key0 in LDS buffer buf: scores, online
 * softmax, O^T update; st = {m, l, O^T...}.  The row max, the row sum and
 * the rescale of O^T are paid once per block, whatever its key tiles;
 * with mask, keys at or past the key count score -inf (the partial block
 * only, or every block when the loop visits blocks the count may end
 * in). */
void fe_att_block(fe_kb *kb, att_t *a, MlirValue buf, MlirValue key0,
                  bool mask, MlirValue *st) {
  const fe_problem *p = kb->p;
  const fe_gemm *g1 = &p->gemms[0];
  wb_t *b = &kb->b;
  MlirAttribute fa = kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false, kb->atom);
  MlirValue sc[MAX_KEY_TILES];
  for (int kt = 0; kt < a->nkt; ++kt) {
    if (kt)
      fe_att_sched_barrier(kb);
    MlirValue s = kb_fill_zero(kb, kb->atom);
    for (int c0 = 0; c0 < a->nd; c0 += FRAGS_PER_WAIT) {
      int n = a->nd - c0 < FRAGS_PER_WAIT ? a->nd - c0 : FRAGS_PER_WAIT;
      MlirValue kf[FRAGS_PER_WAIT];
      for (int j = n - 1; j >= 0; --j) {
        MlirValue idx[3] = {buf, kb_c(kb, KT * (a->tile0 + kt))};
        idx[2] = kb_c(kb, kb->atom_k * (c0 + j));
        kf[j] = kb_load(kb, fa, a->kblk.lds, 3, idx, false);
        fe_att_sched_barrier(kb);
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
  MlirValue bm = fe_att_row_max(kb, a->nkt, sc);
  MlirValue mnew = fe_att_row_max_op(kb, mx, bm);
  MlirValue none = wb_cmpf(b, 1 /* oeq */, mnew,
                           wb_const_float(b, f32, -INFINITY));
  MlirValue muse = wb_select(b, none, wb_const_float(b, f32, 0.0), mnew);
  double c = a->fold > 0 ? a->fold : 1.0;
  /* The shift in two VGPRs: VOPD pairs two fmas of the exponentials only
   * when their shift operands lie in different banks. */
  MlirValue sh = fe_att_exp_shift(kb, muse, c), sh2;
  if (a->pairs)
    fe_att_copy_pair(kb, sh, &sh, &sh2);
  else
    sh2 = fe_att_copy_opaque(kb, sh);
  MlirValue corr = fe_att_exp_shifted(kb, mx, c, sh, sh);
  MlirValue pv[MAX_KEY_TILES];
  for (int kt = 0; kt < a->nkt; ++kt)
    pv[kt] = fe_att_exp_shifted(kb, sc[kt], c, sh, sh2);
  MlirValue bs = fe_att_row_sum(kb, a->nkt, pv, a->pairs);
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
    pb[kt] = a->p_pairs ? fe_att_p_operand_pairs(kb, pv[kt], bt, packed)
             : same     ? wb_bitcast(b, fe_att_pack_pairs(kb, pv[kt], wb_elem_type(bt), true), bt)
                        : kb_relayout(kb, from, to, pv[kt], bt);
  /* The correction in three registers, the O^T tiles rescaled by
   * (c0, c1) and (c2, c1) in turn: which banks the copies get is the
   * register allocator's choice, and c1 pairs with whichever of c0 and c2
   * lies in another bank (measured: every multiply paired at d = 64 and
   * 128 on both chips, where one copy paired half of them at d = 128 on
   * RDNA4). */
  MlirValue cv[3] = {corr}, csv[3];
  if (a->pairs) {
    fe_att_copy_pair(kb, corr, &cv[0], &cv[1]);
    cv[2] = cv[0];
  } else {
    for (int i = 1; i < 3; ++i)
      cv[i] = fe_att_copy_opaque(kb, cv[i - 1]);
  }
  for (int i = 0; i < 3; ++i)
    csv[i] = fe_att_splat(kb, cv[i]);
  /* Per O^T tile, its V^T fragments read in the reverse of their use
   * (as the K fragments above), then the rescale (once per block) and
   * its WMMAs. */
  for (int t2 = 0; t2 < a->ndv; ++t2) {
    MlirValue vf[MAX_KEY_TILES];
    fe_att_sched_barrier(kb);
    for (int kt = a->nkt - 1; kt >= 0; --kt) {
      MlirValue idx[3] = {buf, kb_c(kb, kb->atom_m * t2)};
      idx[2] = kb_c(kb, KT * (a->tile0 + kt));
      vf[kt] = kb_load(kb, fa, a->vblk.lds, 3, idx, false);
      fe_att_sched_barrier(kb);
    }
    MlirValue o = fe_att_rescale(kb, st[2 + t2], csv[t2 % 2 ? 2 : 0], csv[1]);
    for (int kt = 0; kt < a->nkt; ++kt)
      o = kb_mma(kb, kb->atom, vf[kt], pb[kt], o);
    st[2 + t2] = o;
  }
}
