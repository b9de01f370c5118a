/* The prefill attention's row statistics (the online softmax's max and
 * sum across a row's lanes) and lane moves (P^T as the B operand, the
 * correction's copies in other VGPR banks); see Attention.c. */
#include "Templates/AttentionPrefill.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

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
MlirValue fe_att_pack_pairs(fe_kb *kb, MlirValue pv, MlirType el, bool packed) {
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

MlirValue fe_att_p_operand_pairs(fe_kb *kb, MlirValue pv, MlirType bt,
                                 bool packed) {
  wb_t *b = &kb->b;
  MlirType el = wb_elem_type(bt), i32 = wb_i32(kb->ctx);
  MlirValue w = fe_att_pack_pairs(kb, pv, el, packed);
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
MlirValue fe_att_copy_opaque(fe_kb *kb, MlirValue x) {
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
void fe_att_copy_pair(fe_kb *kb, MlirValue x, MlirValue *x0, MlirValue *x1) {
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

/* The index x in an SGPR (v_readfirstlane: x must be the same in every
 * lane, which LLVM may not know) through an empty inline asm ("=s,0"):
 * LLVM can neither fold it nor hoist or share what is computed from it. */
MlirValue fe_att_opaque_index(fe_kb *kb, MlirValue x) {
  wb_t *b = &kb->b;
  MlirType i32 = wb_i32(kb->ctx);
  MlirValue v = wb_cast(b, "arith.index_castui", x, i32);
  v = wb_call_intrinsic(b, "llvm.amdgcn.readfirstlane.i32", 1, &v, i32);
  MlirNamedAttribute at[2] = {
      wb_named(kb->ctx, "asm_string", wb_str_attr(kb->ctx, "")),
      wb_named(kb->ctx, "constraints", wb_str_attr(kb->ctx, "=s,0"))};
  MlirValue r = wb_op1(b, "llvm.inline_asm", 1, &v, i32, 2, at);
  return wb_cast(b, "arith.index_castui", r, wb_index(kb->ctx));
}

/* o * c on every slot, the odd slots by a copy c2 of c: VOPD (RDNA3 and
 * RDNA4) issues two v_mul_f32 as one instruction only when their sources
 * lie in different VGPR banks, which one register holding c for all
 * slots never does. */
MlirValue fe_att_rescale(fe_kb *kb, MlirValue o, MlirValue c, MlirValue c2) {
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
MlirValue fe_att_other_half(fe_kb *kb, MlirValue x) {
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
MlirValue fe_att_row_max_op(fe_kb *kb, MlirValue x, MlirValue y) {
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
MlirValue fe_att_row_max(fe_kb *kb, int nkt, const MlirValue *sc) {
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
        r = fe_att_row_max_op(kb, r, e[j]);
      e[m++] = r;
    }
    n = m;
  }
  MlirValue other = fe_att_other_half(kb, e[0]);
  return fe_att_row_max_op(kb, e[0], other);
}

/* The sum of a row's values over the block's nkt tiles p[], as a tree
 * (slot-wise over the tiles, then over the lane's 8 slots, then with lane
 * l ^ 16): its independent adds let VOPD issue two as one, where a chain
 * of adds issues one by one.  lane_half: the lane's half of the row only
 * (the running sum kept per lane half, its halves added after the loop:
 * the correction multiplying it is the row's, the same in both). */
MlirValue fe_att_row_sum(fe_kb *kb, int nkt, const MlirValue *p,
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
  MlirValue other = fe_att_other_half(kb, e[0]);
  return wb_arith(b, "arith.addf", e[0], other);
}

