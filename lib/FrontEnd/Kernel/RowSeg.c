/* Row-segment tiles: lane (r, h) holds row r, columns 8h..8h+7 of a 16x16
 * tile, in slot order, on both architectures.
 *
 * A product computed swapped (D^T = B^T A^T) leaves each lane a row of D:
 * on RDNA4 lane (m, h) holds D[m][8h + v] as it is; on RDNA3 it holds
 * D^T rows 2v + h, i.e. D[m][2v + h], unless the A operand's rows are read
 * in the order rho(i) = 8 (i % 2) + i / 2 (Lds.h), which makes them
 * D[m][rho(2v + h)] = D[m][8h + v] as well.  Then every full-tile leaf of
 * the epilogue (C, D, E matrices stored with the tile's columns innermost)
 * is one vector load of 8 elements per lane, and the output one vector
 * store (two 128-bit stores for f32, one for 16-bit types), instead of 8
 * element accesses strided by a row.
 *
 * Tails: rows past the matrix go past the fat buffer's end (read zero,
 * dropped); a lane whose 8 columns straddle the column bound loads the
 * vector and zeroes the columns beyond (kb_vload).  Masked stores have no
 * branch (a divergent one per tile lets LLVM sink the last WMMAs into the
 * epilogue and keeps more values live, which spilled on gfx11): the
 * vector store goes past the end unless the whole segment is inside, and,
 * when the column count may not be a multiple of 8, every element is also
 * stored on its own, past the end unless it is inside and its segment
 * straddles the bound. */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

#define SLOTS 8

void kb_rowseg_positions(fe_kb *kb, fe_slot_pos *sp) {
  MlirValue r = wb_r_index(&kb->b), h8 = kb_mulc(kb, wb_h_index(&kb->b), 8);
  sp->n = SLOTS;
  for (int v = 0; v < SLOTS; ++v) {
    sp->row[v] = r;
    sp->col[v] = kb_addc(kb, h8, v);
  }
}

/* idx (tile origin, columns innermost) moved to the lane's segment. */
static void lane_index(fe_kb *kb, int rank, const MlirValue *idx,
                       MlirValue *out) {
  memcpy(out, idx, sizeof(MlirValue) * (size_t)rank);
  out[rank - 2] = kb_add(kb, idx[rank - 2], wb_r_index(&kb->b));
  out[rank - 1] = kb_add(kb, idx[rank - 1], kb_mulc(kb, wb_h_index(&kb->b), 8));
}

MlirValue kb_rowseg_load(fe_kb *kb, int arg, int rank, const MlirValue *idx,
                         bool masked) {
  MlirValue ix[FE_MAX_RANK];
  lane_index(kb, rank, idx, ix);
  return kb_vload(kb, kb->args[arg], rank, ix, SLOTS, masked);
}

void kb_rowseg_store(fe_kb *kb, MlirValue v, MlirValue mem, int rank,
                     const MlirValue *idx, bool masked) {
  wb_t *b = &kb->b;
  MlirValue ix[FE_MAX_RANK];
  lane_index(kb, rank, idx, ix);
  if (!masked) {
    wb_vstore(b, v, mem, rank, ix);
    return;
  }
  kb_note_oob(kb, mem);
  MlirType mt = mlirValueGetType(mem);
  int outer = kb_outer_dim(kb, mem);
  if (outer < 0) {
    kb->failed = 1;
    return;
  }
  MlirValue oob = wb_fat_buffer_oob(b, wb_dim(b, mem, outer));
  MlirValue row_ok =
      wb_cmpi(b, WB_CMP_ULT, ix[rank - 2], wb_dim(b, mem, rank - 2));
  /* Segments start at multiples of 8 columns: with a static column count
   * that is one too, a segment is wholly inside or wholly outside. */
  int64_t cols = mlirShapedTypeGetDimSize(mt, rank - 1);
  MlirValue vx[FE_MAX_RANK];
  memcpy(vx, ix, sizeof vx);
  if (!mlirShapedTypeIsDynamicSize(cols) && cols % SLOTS == 0) {
    MlirValue ok = wb_arith(
        b, "arith.andi", row_ok,
        wb_cmpi(b, WB_CMP_ULT, ix[rank - 1], kb_c(kb, cols)));
    vx[outer] = wb_select(b, ok, ix[outer], oob);
    wb_vstore(b, v, mem, rank, vx);
    return;
  }
  /* The columns left from the segment's first (signed: negative past the
   * bound). */
  MlirValue rem = wb_arith(b, "arith.subi", wb_dim(b, mem, rank - 1),
                           ix[rank - 1]);
  MlirValue whole = wb_arith(b, "arith.andi", row_ok,
                             wb_cmpi(b, WB_CMP_SGE, rem, kb_c(kb, SLOTS)));
  vx[outer] = wb_select(b, whole, ix[outer], oob);
  wb_vstore(b, v, mem, rank, vx);
  MlirValue part = wb_arith(b, "arith.andi", row_ok,
                            wb_cmpi(b, WB_CMP_SLT, rem, kb_c(kb, SLOTS)));
  for (int j = 0; j < SLOTS; ++j) {
    MlirValue ex[FE_MAX_RANK];
    memcpy(ex, ix, sizeof ex);
    ex[rank - 1] = kb_addc(kb, ix[rank - 1], j);
    MlirValue ok = wb_arith(b, "arith.andi", part,
                            wb_cmpi(b, WB_CMP_SGT, rem, kb_c(kb, j)));
    ex[outer] = wb_select(b, ok, ex[outer], oob);
    wb_store(b, wb_extract(b, v, j), mem, rank, ex);
  }
}
