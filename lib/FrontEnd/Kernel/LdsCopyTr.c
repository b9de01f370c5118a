/* The transposing copy of an M/N-contiguous operand into LDS by RDNA4's
 * global_load_tr_b128 (`copy = tr`): no WMMA against the identity, no
 * register transpose -- one load and one LDS store per 16x16 block and
 * lane.
 *
 * The instruction (wave32, 16-bit elements) reads 8 consecutive elements
 * at each lane's address and transposes the 8 x 8 block of each group of
 * 8 lanes: lane l receives element l % 8 of the 8 read by lane
 * 8 (l / 8) + j, j = 0..7 (the lane map measured on gfx1201 and gfx1250;
 * the emulator runs it, ExecMem.c).  A block T (16 K x 16 rows, rows
 * contiguous in memory) is the WMMA copy's unit; lane (r, h) (r = lane %
 * 16, h = lane / 16) gives the address of T[8h + r % 8][8 (r / 8)], so
 * that it receives K 8h .. 8h + 7 of tile row r: the 8 consecutive K of
 * one LDS row that the WMMA copy's D holds, stored the same way (one
 * 16-byte store).
 *
 * 8-bit elements (i8, fp8, bf8) go through the same 16-bit instruction,
 * two consecutive rows (N) of the block a 16-bit unit (global_load_tr_b64
 * transposes bytes, but its lane map is not published): a block is then
 * 16 K x 32 rows, lane (r, h) addresses K 8h + r % 8, rows from
 * 16 (r / 8), and receives K 8h .. 8h + 7 of rows 2r (the low bytes) and
 * 2r + 1 (the high bytes), which two byte shuffles (v_perm_b32) separate
 * into two 8-byte stores (one ds_store_2addr_b64: the rows are adjacent).
 * Tile row n is LDS row n + n / 8: with rows an odd number S of 16-byte
 * units apart (the readers' rule, LdsLayout.c), a half wave's stores of
 * rows 2r would meet 4 of the 8 bank pairs their byte offset allows (8r
 * modulo 32 dwords: 4 lanes a pair); the spare row after every 8 moves
 * rows 8..15 of each 16 by S units, onto the other 4 (2 lanes a pair, the
 * least 8-byte stores at one byte offset can do), and 8 consecutive tile
 * rows stay 8 consecutive LDS rows, the reads' 8 lanes of a phase still
 * on distinct banks.
 *
 * The load is a plain global access (no buffer range check), so the
 * template takes it only where no slice reads past the matrix (no M/N or
 * K tails: fe_lds_copy_init refuses otherwise), for an argument read as
 * itself with static sizes (the address is the argument's pointer plus
 * the element offset: a uniform part, the slice's K and the tile's
 * origin, and a per-lane constant, so the backend can keep the first in
 * SGPRs and use the saddr form).  Not with permuted LDS rows (a group of 8
 * lanes receives 8 consecutive rows, not rho's). */
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <stdint.h>
#include <string.h>

int fe_lds_copy_tr_possible(const fe_problem *p, const fe_operand *o,
                            char *why, size_t cap) {
  const fe_arg *a = &p->args[o->arg];
  if (o->im2col || o->padded || o->permuted || a->permuted || a->collapsed ||
      a->pad_read || !a->is_buffer || o->k_pack > 1)
    return fe_why(why, cap, "copy = tr reads an argument as itself (no view, "
                            "padding, gather or packing)");
  if (!(mlirTypeIsAF16(a->elem) || mlirTypeIsABF16(a->elem)) &&
      fe_storage_bytes(a->elem) != 1)
    return fe_why(why, cap, "copy = tr moves f16, bf16 and 8-bit elements");
  int64_t total = 1;
  for (int d = 0; d < a->rank; ++d) {
    if (!fe_size_static(a->shape[d]) || a->shape[d].value <= 0)
      return fe_why(why, cap, "copy = tr needs the argument's sizes static");
    total *= a->shape[d].value;
  }
  if (total * 2 > INT32_MAX)
    return fe_why(why, cap, "copy = tr: the argument exceeds 2 GiB");
  return 0;
}

int fe_lds_copy_tr_init(fe_kb *kb, fe_lds_copy *cp) {
  const fe_schedule *s = kb->s;
  wb_t *b = &kb->b;
  /* The rows' tail: N's for the product's B, M's otherwise. */
  bool row_tail = cp->o == &kb->p->gemms[0].rhs ? s->n_tail : s->m_tail;
  /* Rows per block: 16, or 32 (8-bit: two rows a 16-bit unit). */
  int br = fe_storage_bytes(kb->p->args[cp->o->arg].elem) == 1 ? 32 : 16;
  if (kb->arch != WMMA_ARCH_RDNA4 || cp->permuted || cp->packed ||
      row_tail || s->k_tail ||
      fe_lds_copy_tr_possible(kb->p, cp->o, NULL, 0) || cp->rows % br ||
      cp->lay.tk % 16)
    return -1;
  int waves = s->threads / 32;
  int kunits = cp->lay.tk / 16, units = kunits * (cp->rows / br);
  int mine = (units + waves - 1) / waves;
  if (mine > FE_COPY_MAX)
    return -1;
  cp->chunks = mine;
  MlirValue r = wb_r_index(b), h = wb_h_index(b);
  /* Lane (r, h): K 8h + r % 8 of the block, its rows from 8 (r / 8). */
  MlirValue h8 = kb_mulc(kb, h, 8);
  MlirValue r8 = wb_arith(b, "arith.remui", r, kb_c(kb, 8));
  MlirValue lane_k = kb_add(kb, h8, r8);
  MlirValue lane_row =
      kb_mulc(kb, wb_arith(b, "arith.divui", r, kb_c(kb, 8)), br / 2);
  for (int u = 0; u < mine; ++u) {
    /* Uneven shares repeat the last block (stored twice alike). */
    MlirValue ku, mb;
    fe_lds_copy_unit(kb, waves, u, units, kunits, &ku, &mb);
    cp->ld_row[u] = kb_add(kb, kb_mulc(kb, ku, 16), lane_k);
    cp->ld_col[u] = kb_add(kb, kb_mulc(kb, mb, br), lane_row);
    MlirValue row0 = kb_mulc(kb, mb, br);
    /* row0 is a multiple of 8: its spare rows and the lane's apart (rows
     * 2r and 2r + 1 share their group of 8). */
    int eb = br == 32 ? 1 : 2;
    MlirValue tile_rows = fe_lds_copy_tr_row(kb, eb, row0);
    MlirValue lane_rows =
        fe_lds_copy_tr_row(kb, eb, kb_mulc(kb, r, br / 16));
    cp->st_row[u] = kb_add(kb, tile_rows, lane_rows);
    MlirValue k0 = kb_mulc(kb, ku, 16);
    cp->st_col[u] = kb_add(kb, k0, kb_mulc(kb, h, 8));
  }
  return 0;
}

int fe_lds_copy_tr_rows(int rows, int elem_bytes) {
  return elem_bytes == 1 ? rows + (rows + 7) / 8 : rows;
}

MlirValue fe_lds_copy_tr_row(fe_kb *kb, int elem_bytes, MlirValue n) {
  if (elem_bytes != 1)
    return n;
  return kb_add(kb, n, wb_arith(&kb->b, "arith.divui", n, kb_c(kb, 8)));
}

/* i64 of an index value. */
static MlirValue to_i64(fe_kb *kb, MlirValue v) {
  return wb_cast(&kb->b, "arith.index_cast", v,
                 mlirIntegerTypeGet(kb->ctx, 64));
}

MlirValue fe_lds_copy_tr_load(fe_kb *kb, const fe_lds_copy *cp,
                              const MlirValue *batch, MlirValue origin,
                              MlirValue k, int i) {
  wb_t *b = &kb->b;
  const fe_operand *o = cp->o;
  const fe_arg *a = &kb->p->args[o->arg];
  int64_t stride[FE_MAX_RANK], eb = fe_storage_bytes(a->elem);
  stride[a->rank - 1] = 1;
  for (int d = a->rank - 2; d >= 0; --d)
    stride[d] = stride[d + 1] * a->shape[d + 1].value;
  /* The uniform element offset: the batch's, the slice's K, the tile's
   * first row. */
  MlirValue idx[FE_MAX_RANK];
  kb_operand_origin(kb, o, batch, idx);
  idx[o->mem_k] = k;
  idx[o->mem_row] = origin;
  MlirValue uni = kb_c(kb, 0);
  for (int d = 0; d < a->rank; ++d)
    uni = kb_add(kb, uni, kb_mulc(kb, idx[d], eb * stride[d]));
  /* The lane's: its K and row in the slice (loop-invariant, < 2 GiB). */
  MlirValue lane = kb_mulc(kb, cp->ld_row[i], eb * stride[o->mem_k]);
  lane = kb_add(kb, lane, kb_mulc(kb, cp->ld_col[i], eb * stride[o->mem_row]));
  MlirValue mem = mlirBlockGetArgument(kb->entry, o->arg);
  MlirType idx_t = wb_index(kb->ctx);
  MlirValue base = wb_op1(b, "memref.extract_aligned_pointer_as_index", 1,
                          &mem, idx_t, 0, NULL);
  if (mlirValueIsNull(base)) {
    kb->failed = 1;
    return base;
  }
  MlirValue base64 = to_i64(kb, base);
  MlirValue addr = wb_arith(b, "arith.addi", base64, to_i64(kb, uni));
  MlirValue lane32 = wb_cast(b, "arith.index_cast", lane, wb_i32(kb->ctx));
  MlirValue lane64 = wb_cast(b, "arith.extui", lane32,
                             mlirIntegerTypeGet(kb->ctx, 64));
  addr = wb_arith(b, "arith.addi", addr, lane64);
  MlirValue ptr = wb_op1(b, "llvm.inttoptr", 1, &addr,
                         mlirLLVMPointerTypeGet(kb->ctx, 1), 0, NULL);
  if (mlirValueIsNull(ptr)) {
    kb->failed = 1;
    return ptr;
  }
  MlirType vt = wb_vec(8, eb == 2 ? a->elem : mlirIntegerTypeGet(kb->ctx, 16));
  MlirValue v =
      wb_call_intrinsic(b, "llvm.amdgcn.global.load.tr.b128", 1, &ptr, vt);
  if (mlirValueIsNull(v))
    kb->failed = 1;
  return v;
}

void fe_lds_copy_tr_store(fe_kb *kb, const fe_lds_copy *cp, MlirValue buf,
                          MlirValue v, int i) {
  wb_t *b = &kb->b;
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(cp->lds));
  if (fe_storage_bytes(elem) == 2) {
    MlirValue idx[3] = {buf, cp->st_row[i], cp->st_col[i]};
    wb_vstore(b, v, cp->lds, 3, idx);
    return;
  }
  /* 8-bit: the low bytes are row 2r, the high ones row 2r + 1. */
  MlirValue bytes = wb_bitcast(b, v, wb_vec(16, mlirIntegerTypeGet(kb->ctx, 8)));
  for (int q = 0; q < 2; ++q) {
    int64_t mask[8];
    for (int j = 0; j < 8; ++j)
      mask[j] = 2 * j + q;
    MlirValue half = wb_shuffle(b, bytes, bytes, 8, mask);
    if (!mlirTypeEqual(wb_elem_type(mlirValueGetType(half)), elem))
      half = wb_bitcast(b, half, wb_vec(8, elem));
    MlirValue idx[3] = {buf, kb_addc(kb, cp->st_row[i], q), cp->st_col[i]};
    wb_vstore(b, half, cp->lds, 3, idx);
  }
}
