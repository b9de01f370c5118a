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
 * vector and zeroes the columns beyond (kb_vload), and stores element by
 * element (each past the bound redirected past the end). */
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
  int outer = wb_memref_outermost_dim(mlirValueGetType(mem));
  if (outer < 0) {
    kb->failed = 1;
    return;
  }
  MlirValue oob = wb_fat_buffer_oob(b, wb_dim(b, mem, outer));
  MlirValue row_ok =
      wb_cmpi(b, WB_CMP_ULT, ix[rank - 2], wb_dim(b, mem, rank - 2));
  MlirValue ncols = wb_dim(b, mem, rank - 1);
  MlirValue inside = wb_cmpi(b, WB_CMP_ULE, kb_addc(kb, ix[rank - 1], SLOTS),
                             ncols);
  wb_if f;
  if (!wb_if_begin(b, &f, inside, 0, NULL, true)) {
    kb->failed = 1;
    return;
  }
  /* The whole segment inside the columns: one vector store (dropped past
   * the last row). */
  MlirValue vx[FE_MAX_RANK];
  memcpy(vx, ix, sizeof vx);
  vx[outer] = wb_select(b, row_ok, ix[outer], oob);
  wb_vstore(b, v, mem, rank, vx);
  wb_if_else(b, &f, 0, NULL);
  /* Straddling the column bound: element by element. */
  for (int j = 0; j < SLOTS; ++j) {
    MlirValue ex[FE_MAX_RANK];
    memcpy(ex, ix, sizeof ex);
    ex[rank - 1] = kb_addc(kb, ix[rank - 1], j);
    MlirValue ok = wb_arith(b, "arith.andi", row_ok,
                            wb_cmpi(b, WB_CMP_ULT, ex[rank - 1], ncols));
    ex[outer] = wb_select(b, ok, ex[outer], oob);
    wb_store(b, wb_extract(b, v, j), mem, rank, ex);
  }
  wb_if_end(b, &f, 0, NULL);
}
