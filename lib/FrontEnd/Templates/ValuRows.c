/* The VALU template's rows kernel (Templates/Valu.h): each output a
 * reduction over K by a thread, a wave or the workgroup. */
#include "Templates/Valu.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*===--- rows ------------------------------------------------------------------===*/
/* red[base] + red[base + stride] + ... (n terms, in that order). */
static MlirValue sum_lds(fe_kb *kb, MlirValue red, MlirValue base, int n,
                         int stride) {
  MlirValue sum = wb_load(&kb->b, red, 1, &base);
  for (int i = 1; i < n; ++i) {
    MlirValue idx = kb_addc(kb, base, (int64_t)i * stride);
    sum = valu_add(kb, sum, wb_load(&kb->b, red, 1, &idx));
  }
  return sum;
}

int valu_build_rows(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  fe_memo m;
  if (kb_memo_init(kb, &m))
    return -1;
  fe_size nrows;
  int rl = valu_row_loop(g, &nrows);
  int group = valu_schedule_group(kb->p, s), cols = valu_merged_columns(kb->p);
  int cb = valu_column_block(kb->p);
  int unroll = (int)(s->k_step / group);
  MlirValue batch[FE_MAX_BATCH] = {{NULL}};
  fe_gemm on_z = *g; /* the batch loops on grid z */
  on_z.nbatch -= cols > 1 || cb > 1;
  if (on_z.nbatch)
    kb_batch_from_z(kb, &on_z, kb_bid(kb, 2), batch);
  MlirValue lane = group == 1 ? kb_c(kb, 0)
                              : wb_arith(b, "arith.remui", kb->tid, kb_c(kb, group));
  MlirValue slot = group == 1 ? kb->tid
                              : wb_arith(b, "arith.divui", kb->tid, kb_c(kb, group));
  MlirValue row = slot;
  if (cols == 1 && cb == 1)
    row = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), s->tile_m), slot);
  /* Outputs that exist: rows in range, or with the columns merged
   * (merged_columns) threads of a whole column, columns in range. */
  MlirValue ok = {NULL};
  if (cols > 1) {
    MlirValue nr = kb_c(kb, nrows.value);
    MlirValue col = wb_arith(b, "arith.divui", kb->tid, nr);
    row = wb_arith(b, "arith.remui", kb->tid, nr);
    batch[g->nbatch - 1] = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), cols), col);
    if (cols * nrows.value < VALU_THREADS)
      ok = wb_cmpi(b, WB_CMP_ULT, col, kb_c(kb, cols));
    ok = valu_and_(kb, ok, wb_cmpi(b, WB_CMP_ULT, batch[g->nbatch - 1],
                              kb_size(kb, g->batch[g->nbatch - 1])));
  } else if (cb > 1) {
    MlirValue rb = kb_c(kb, VALU_ROW_BLOCK);
    MlirValue col = wb_arith(b, "arith.divui", kb->tid, rb);
    MlirValue r = wb_arith(b, "arith.remui", kb->tid, rb);
    row = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), VALU_ROW_BLOCK), r);
    batch[g->nbatch - 1] = kb_add(kb, kb_mulc(kb, kb_bid(kb, 1), cb), col);
    ok = wb_cmpi(b, WB_CMP_ULT, row, kb_size(kb, nrows));
    ok = valu_and_(kb, ok, wb_cmpi(b, WB_CMP_ULT, batch[g->nbatch - 1],
                              kb_size(kb, g->batch[g->nbatch - 1])));
  } else if (s->m_tail) {
    ok = wb_cmpi(b, WB_CMP_ULT, row, kb_size(kb, nrows));
  }
  MlirValue mrow = rl == g->m_loop ? row : (MlirValue){NULL};
  MlirValue nrow = rl == g->n_loop && rl >= 0 ? row : (MlirValue){NULL};
  valu_point pt;
  valu_point_at(kb, &pt, batch, mrow, nrow);
  /* A thread alone on its output skips the window where there is none
   * (no barrier below: the branch may diverge). */
  wb_if live;
  bool guarded = group == 1 && !mlirValueIsNull(ok);
  if (guarded && !wb_if_begin(b, &live, ok, 0, NULL, false)) {
    kb_memo_free(&m);
    return -1;
  }
  MlirValue zero = valu_identity(kb);
  wb_loop l;
  MlirValue lo = kb_c(kb, 0), hi = valu_k_end(kb, s->k_step);
  if (!wb_for_begin(b, &l, lo, hi, kb_c(kb, s->k_step), 1, &zero)) {
    kb_memo_free(&m);
    return -1;
  }
  MlirValue part = l.iter[0];
  for (int u = 0; u < unroll; ++u) {
    MlirValue k = kb_add(kb, l.iv, kb_addc(kb, lane, (int64_t)u * group));
    MlirValue a = valu_operand_at(kb, &m, &pt, true, k, s->k_tail);
    if (valu_pool_combine(kb)) { /* no B: the window's values combined */
      if (mlirValueIsNull(a))
        break;
      part = valu_add(kb, part, a);
      continue;
    }
    MlirValue c = valu_operand_at(kb, &m, &pt, false, k, s->k_tail);
    if (mlirValueIsNull(a) || mlirValueIsNull(c))
      break;
    part = valu_mac(kb, a, c, part);
  }
  wb_for_end(b, &l, 1, &part);
  part = wb_loop_result(&l, 0);
  /* The group's partial sums meet in LDS and are added in lane order
   * (deterministic): by the group's first lane, or for a group of
   * several waves by each wave's first lane, then the group's first lane
   * over its waves. */
  MlirValue red = {NULL};
  if (group > 1) {
    int64_t shape[1] = {VALU_THREADS};
    red = kb_lds(kb, 1, shape, s->kacc);
    if (kb->failed) {
      kb_memo_free(&m);
      return -1;
    }
    wb_store(b, part, red, 1, &kb->tid);
    wb_lds_barrier(b);
  }
  if (group > 32) {
    MlirValue wave_lane = wb_arith(b, "arith.remui", kb->tid, kb_c(kb, 32));
    wb_if first;
    if (!wb_if_begin(b, &first, wb_cmpi(b, WB_CMP_EQ, wave_lane, kb_c(kb, 0)),
                     0, NULL, false)) {
      kb_memo_free(&m);
      return -1;
    }
    wb_store(b, sum_lds(kb, red, kb->tid, 32, 1), red, 1, &kb->tid);
    wb_if_end(b, &first, 0, NULL);
    wb_lds_barrier(b);
  }
  /* The group's first lane stores (every thread when a thread is a
   * group, already guarded), on rows that exist. */
  if (guarded)
    ok = (MlirValue){NULL};
  else if (group > 1)
    ok = valu_and_(kb, wb_cmpi(b, WB_CMP_EQ, lane, kb_c(kb, 0)), ok);
  wb_if guard;
  if (!mlirValueIsNull(ok) && !wb_if_begin(b, &guard, ok, 0, NULL, false)) {
    kb_memo_free(&m);
    return -1;
  }
  MlirValue sum = group == 1 ? part
                  : group == 32
                      ? sum_lds(kb, red, kb_mulc(kb, slot, 32), 32, 1)
                      : sum_lds(kb, red, kb_mulc(kb, slot, group), group / 32,
                                32);
  /* (A max or min always combines with its start, zero or not.) */
  const char *pc = valu_pool_combine(kb);
  if (!fe_is_zero(&kb->p->g, g->acc) ||
      (pc && !valu_is_op(pc, "arith.addf", "arith.addi")))
    sum = valu_add(kb, valu_acc_init(kb, &m, &pt), sum);
  valu_store_at(kb, &m, &pt, sum, (MlirValue){NULL});
  if (!mlirValueIsNull(ok))
    wb_if_end(b, &guard, 0, NULL);
  if (guarded)
    wb_if_end(b, &live, 0, NULL);
  kb_memo_free(&m);
  return kb->failed ? -1 : 0;
}
