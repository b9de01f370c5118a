/* The decode template's operand tiles read straight from global memory
 * (Decode.c's K steps; the wide weight loads are DecodeWide.c's).
 *
 * On RDNA3 a plain tile is loaded on the compact fragment (lane half h
 * holding K 8h..8h+7) and replicated with v_permlanex16, so each value is
 * read once per wave: the replicated B fragment read from memory loads
 * every weight twice.  fp8 operands read as they are (an fp8 x fp8
 * linalg.matvec) are widened to f16 on the compact fragment too.  With a
 * tail column block, B lanes past N read nothing: their outermost index
 * moves past the fat buffer's end (else [batch, N, K] weights read the
 * next batch's rows, [K, N] the next row's first columns). */
#include "Templates/DecodeSplit.h"

#include "mlir-c/BuiltinTypes.h"

/* Does a B tile's lane past N need moving past the buffer's end?  With
 * a tail column block (N not a multiple of the workgroup's columns) a
 * lane's weight column past N lies inside the buffer unless N is its
 * outermost dimension: [batch, N, K] reads the next batch's rows, [K, N]
 * the next row's first columns -- loaded, then multiplied into outputs
 * never stored (a batch_matvec of 3 x 1025 x 4100 read 9% more than the
 * minimum so). */
static bool b_lanes_overhang(fe_kb *kb, const fe_operand *o,
                             wmma_matrix role) {
  if (role != WMMA_MATRIX_B || !kb->s->n_tail || o->padded)
    return false;
  int outer = kb_outer_dim(kb, kb->args[o->arg]);
  return outer >= 0 && outer != o->mem_row;
}

/* The lane's column of a B tile at row0 (lane % 16 in every B layout)
 * past N moves the outermost index past the fat buffer's end: zeros, no
 * load.  Loop-invariant: LLVM computes it before the K loop. */
static void redirect_past_n(fe_kb *kb, const fe_operand *o, MlirValue row0,
                            MlirValue *idx) {
  wb_t *b = &kb->b;
  MlirValue mem = kb->args[o->arg];
  int outer = kb_outer_dim(kb, mem);
  MlirValue n = kb_add(kb, row0, wb_r_index(b));
  MlirValue ok = wb_cmpi(b, WB_CMP_ULT, n, kb_size(kb, kb->p->gemms[0].N));
  idx[outer] = wb_select(b, ok, idx[outer],
                         wb_fat_buffer_oob(b, wb_dim(b, mem, outer)));
  kb_note_oob(kb, mem);
}

/* An fp8 operand read as it is (linalg.matvec of fp8 x fp8) on a chip
 * without fp8 WMMA: its only prologue is the widening to f16. */
static bool fp8_widened(fe_kb *kb, const fe_operand *o, wmma_matrix role) {
  MlirType t = kb->p->g.nodes[o->leaf].type;
  MlirType want = role == WMMA_MATRIX_A ? wmmaAtomAttrGetAType(kb->atom)
                                        : wmmaAtomAttrGetBType(kb->atom);
  return o->is_load && o->k_pack == 1 && mlirTypeIsAF16(want) &&
         (mlirTypeIsAFloat8E4M3FN(t) || mlirTypeIsAFloat8E5M2(t));
}

/* (DecodeSplit.h.) */
MlirValue fe_decode_plain_tile(fe_kb *kb, const fe_operand *o,
                               wmma_matrix role, const MlirValue *batch,
                               MlirValue row0, MlirValue k, bool masked) {
  bool widen = fp8_widened(kb, o, role);
  if (o->kremap || (kb_operand_has_prologue(kb, o, role) && !widen) ||
      (kb->ab_layout != WMMA_LAYOUT_HW && !b_lanes_overhang(kb, o, role)))
    return kb_operand_tile(kb, o, role, batch, row0, k, masked);
  MlirValue idx[FE_MAX_RANK];
  kb_operand_origin(kb, o, batch, idx);
  idx[o->mem_row] = kb_unpadded(kb, o, o->mem_row, row0);
  idx[o->mem_k] = kb_unpadded(kb, o, o->mem_k, k);
  if (b_lanes_overhang(kb, o, role))
    redirect_past_n(kb, o, row0, idx);
  bool transposed = (o->mem_row < o->mem_k) != (role == WMMA_MATRIX_A);
  bool hw = kb->ab_layout == WMMA_LAYOUT_HW;
  MlirAttribute frag = kb_frag(kb, role, hw ? WMMA_LAYOUT_COMPACT
                                            : kb->ab_layout,
                               transposed, kb->atom);
  MlirValue v = kb_load(kb, frag, kb->args[o->arg], kb_arg_rank(kb, o->arg),
                        idx, masked || o->padded);
  if (widen && !kb->failed) /* (exact; zeros past K stay zeros) */
    v = kb_fp8_to_f16(kb, v);
  return hw && !kb->failed ? kb_expand(kb, role, kb->atom, v) : v;
}

