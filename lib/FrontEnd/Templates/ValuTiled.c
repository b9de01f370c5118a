/* The VALU template's tiled kernel (Templates/Valu.h): a T x T output tile
 * per workgroup, a P x P block per thread, A and B staged through LDS. */
#include "Templates/Valu.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*===--- tiled -----------------------------------------------------------------===*/
/* Stages this thread's share of one operand's K slice at k0 into lds
 * ([K step][tile], K-major): 64 x 16 values over 256 threads, consecutive
 * threads along K when it is the operand's innermost memory dimension
 * (else along its row). */
static void stage(fe_kb *kb, fe_memo *m, bool lhs, const MlirValue *batch,
                  MlirValue r0, MlirValue k0, MlirValue lds) {
  const fe_gemm *g = &kb->p->gemms[0];
  bool k_inner = valu_k_innermost(kb->p, lhs, lhs ? g->m_loop : g->n_loop);
  int tile = kb->s->tile_m;
  int per = tile * VALU_KSTEP / VALU_THREADS;
  MlirValue tid = kb->tid;
  for (int i = 0; i < per; ++i) {
    MlirValue kk, r;
    if (k_inner) {
      kk = wb_arith(&kb->b, "arith.remui", tid, kb_c(kb, VALU_KSTEP));
      r = kb_addc(kb, wb_arith(&kb->b, "arith.divui", tid, kb_c(kb, VALU_KSTEP)),
                  (int64_t)i * (VALU_THREADS / VALU_KSTEP));
    } else {
      r = wb_arith(&kb->b, "arith.remui", tid, kb_c(kb, tile));
      kk = kb_addc(kb, wb_arith(&kb->b, "arith.divui", tid, kb_c(kb, tile)),
                   (int64_t)i * (VALU_THREADS / tile));
    }
    valu_point pt;
    MlirValue row = kb_add(kb, r0, r);
    valu_point_at(kb, &pt, batch, lhs ? row : (MlirValue){NULL},
             lhs ? (MlirValue){NULL} : row);
    MlirValue v = valu_operand_at(kb, m, &pt, lhs, kb_add(kb, k0, kk), kb->s->k_tail);
    MlirValue idx[2] = {kk, r};
    if (!mlirValueIsNull(v))
      wb_store(&kb->b, v, lds, 2, idx);
  }
}

/* A thread's e-th row (column) of the tile, from its thread row (column)
 * t: runs of `run` consecutive rows, the runs 16 x run apart. */
static int64_t block_run(int per) { return per < VALU_RUN ? per : VALU_RUN; }

static MlirValue block_row(fe_kb *kb, MlirValue t, int per, int e) {
  int64_t run = block_run(per);
  return kb_addc(kb, kb_mulc(kb, t, run), (e / run) * VALU_SIDE * run + e % run);
}

int valu_build_tiled(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  const int per = s->wave_m, tile = s->tile_m;
  const int64_t run = block_run(per);
  fe_memo m;
  if (per < 1 || per > VALU_MAX_PER || kb_memo_init(kb, &m))
    return -1;
  MlirValue batch[FE_MAX_BATCH] = {{NULL}};
  if (g->nbatch)
    kb_batch_from_z(kb, g, kb_bid(kb, 2), batch);
  MlirValue m0 = kb_mulc(kb, kb_bid(kb, 1), tile);
  MlirValue n0 = kb_mulc(kb, kb_bid(kb, 0), tile);
  MlirValue tx = wb_arith(b, "arith.remui", kb->tid, kb_c(kb, VALU_SIDE));
  MlirValue ty = wb_arith(b, "arith.divui", kb->tid, kb_c(kb, VALU_SIDE));
  MlirValue rows[VALU_MAX_PER], cols[VALU_MAX_PER];
  for (int i = 0; i < per; ++i) {
    rows[i] = kb_add(kb, m0, block_row(kb, ty, per, i));
    cols[i] = kb_add(kb, n0, block_row(kb, tx, per, i));
  }
  const int nacc = per * per;
  MlirValue acc[VALU_MAX_PER * VALU_MAX_PER];
  for (int i = 0; i < per; ++i)
    for (int j = 0; j < per; ++j) {
      valu_point pt;
      valu_point_at(kb, &pt, batch, rows[i], cols[j]);
      acc[i * per + j] = valu_acc_init(kb, &m, &pt);
    }
  int64_t shape[2] = {VALU_KSTEP, tile};
  MlirValue la = kb_lds(kb, 2, shape, s->kacc);
  MlirValue lb = kb_lds(kb, 2, shape, s->kacc);
  wb_loop l;
  MlirValue lo = kb_c(kb, 0), hi = valu_k_end(kb, VALU_KSTEP);
  if (kb->failed ||
      !wb_for_begin(b, &l, lo, hi, kb_c(kb, VALU_KSTEP), nacc, acc)) {
    kb_memo_free(&m);
    return -1;
  }
  MlirValue cur[VALU_MAX_PER * VALU_MAX_PER];
  memcpy(cur, l.iter, sizeof(MlirValue) * nacc);
  stage(kb, &m, true, batch, m0, l.iv, la);
  stage(kb, &m, false, batch, n0, l.iv, lb);
  wb_lds_barrier(b);
  MlirType vt = wb_vec(run, s->kacc);
  for (int kk = 0; kk < VALU_KSTEP; ++kk) {
    MlirValue ae[VALU_MAX_PER], be[VALU_MAX_PER];
    for (int r = 0; r < per; r += run) {
      MlirValue ia[2] = {kb_c(kb, kk)}, ib[2] = {ia[0]};
      ia[1] = block_row(kb, ty, per, r);
      ib[1] = block_row(kb, tx, per, r);
      MlirValue av = wb_vload(b, vt, la, 2, ia), bv = wb_vload(b, vt, lb, 2, ib);
      for (int i = 0; i < run; ++i) {
        ae[r + i] = wb_extract(b, av, i);
        be[r + i] = wb_extract(b, bv, i);
      }
    }
    for (int i = 0; i < per; ++i)
      for (int j = 0; j < per; ++j)
        cur[i * per + j] = valu_mac(kb, ae[i], be[j], cur[i * per + j]);
  }
  /* The next slice overwrites LDS only after every thread has read it. */
  wb_lds_barrier(b);
  wb_for_end(b, &l, nacc, cur);
  for (int t = 0; t < nacc; ++t)
    acc[t] = wb_loop_result(&l, t);
  for (int i = 0; i < per; ++i)
    for (int j = 0; j < per; ++j) {
      MlirValue ok = {NULL};
      if (s->m_tail)
        ok = wb_cmpi(b, WB_CMP_ULT, rows[i], kb_size(kb, g->M));
      if (s->n_tail)
        ok = valu_and_(kb, ok, wb_cmpi(b, WB_CMP_ULT, cols[j], kb_size(kb, g->N)));
      valu_point pt;
      valu_point_at(kb, &pt, batch, rows[i], cols[j]);
      valu_store_at(kb, &m, &pt, acc[i * per + j], ok);
    }
  kb_memo_free(&m);
  return kb->failed ? -1 : 0;
}
