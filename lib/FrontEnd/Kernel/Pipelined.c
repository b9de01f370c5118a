/* The LDS-staged loop over K (or key) slices, written once for the
 * templates that stream operand tiles through workgroup memory (the GEMM's
 * and chain_regs' products, GemmLds.c; attention's K/V blocks).
 *
 * With S = stages buffers, slice s lives in buffer s % S:
 *   prologue  slices 0 .. S-2 loaded and stored, one barrier;
 *   loop      i = 0 .. nfull-S: prefetch slice i+S-1 into registers,
 *             compute slice i from its buffer, store the prefetch into its
 *             buffer, barrier;
 *   peeled    (tail) the iteration whose prefetch is the partial slice
 *             nfull, masked, when nfull >= S-1;
 *   drain     the last S-1 slices (fewer when there are fewer slices),
 *             the partial one last and masked.
 * The store of iteration i goes to the buffer computed in iteration i-1
 * (i+S-1 = i-1 mod S), whose readers the barrier ending i-1 has retired;
 * the same barrier publishes the store for the compute S-1 iterations
 * later.  One barrier per slice whatever S: deeper stages give a slice's
 * global loads S-1 iterations of slack.
 *
 * Slice counts may be dynamic: the prologue's slices past the end are then
 * loaded masked (zeros: the loads compare each index with the matrix's
 * size) and never computed; the peeled iteration and each drain slice that
 * may not exist are guarded by an scf.if whose results are the state.  With
 * S = 2 this is the ping-pong loop the templates had written each on their
 * own. */
#include "Kernel/Lds.h"

#include <stdint.h>
#include <string.h>

/* The most trips of an unrolled main loop that LLVM unrolls whole (3 at
 * gemm-nt's 512x512x256; 15 at 2048x2048x1024 stay a loop). */
enum { KB_PIPE_SHORT_TRIPS = 4 };

/* The buffer of slice s. */
static MlirValue buffer_of(fe_kb *kb, int stages, MlirValue slice) {
  int64_t v;
  if (wb_const_value(slice, &v))
    return kb_c(kb, v % stages);
  return wb_arith(&kb->b, "arith.remui", slice, kb_c(kb, stages));
}

typedef struct {
  MlirValue compute; /* the slice multiplied */
  bool compute_masked;
  MlirValue fetch; /* the slice prefetched and stored, or null */
  bool fetch_masked;
  int cbuf, fbuf; /* their buffers when known (unrolled loop), else -1 */
} pipe_step;

static void run_step(fe_kb *kb, const kb_pipeline *pl, const pipe_step *st,
                     MlirValue *state) {
  bool fetch = !mlirValueIsNull(st->fetch);
  MlirValue cbuf = st->cbuf >= 0 ? kb_c(kb, st->cbuf)
                                 : buffer_of(kb, pl->stages, st->compute);
  MlirValue fbuf = !fetch ? cbuf
                   : st->fbuf >= 0 ? kb_c(kb, st->fbuf)
                                   : buffer_of(kb, pl->stages, st->fetch);
  if (fetch)
    pl->prefetch(kb, pl->ud, st->fetch, st->fetch_masked);
  pl->compute(kb, pl->ud, st->compute, cbuf, st->compute_masked, state);
  if (fetch) {
    pl->store(kb, pl->ud, fbuf);
    wb_lds_barrier(&kb->b);
  }
}

/* Runs st when nfull >= need: unconditionally when that is known, not at
 * all when it is known false, else under an scf.if yielding the state. */
static void step_if(fe_kb *kb, const kb_pipeline *pl, int64_t need,
                    const pipe_step *st, MlirValue *state) {
  int64_t nf;
  bool known = wb_const_value(pl->nfull, &nf);
  if (need <= 0 || (known && nf >= need)) {
    run_step(kb, pl, st, state);
    return;
  }
  if (known)
    return;
  int n = pl->nstate;
  MlirType types[KB_PIPE_MAX_STATE];
  for (int t = 0; t < n; ++t)
    types[t] = mlirValueGetType(state[t]);
  wb_if f;
  MlirValue cond = wb_cmpi(&kb->b, WB_CMP_UGE, pl->nfull, kb_c(kb, need));
  if (mlirValueIsNull(cond) ||
      !wb_if_begin(&kb->b, &f, cond, n, types, true)) {
    kb->failed = 1;
    return;
  }
  MlirValue in[KB_PIPE_MAX_STATE];
  memcpy(in, state, sizeof(MlirValue) * (size_t)n);
  run_step(kb, pl, st, state);
  wb_if_else(&kb->b, &f, n, state);
  wb_if_end(&kb->b, &f, n, in);
  for (int t = 0; t < n; ++t)
    state[t] = mlirOperationGetResult(f.op, t);
}

int kb_pipelined_loop(fe_kb *kb, const kb_pipeline *pl, MlirValue *state) {
  const int S = pl->stages, n = pl->nstate, tail = pl->tail ? 1 : 0;
  if (S < 2 || S > KB_PIPE_MAX_STAGES || n < 0 || n > KB_PIPE_MAX_STATE ||
      mlirValueIsNull(pl->nfull) || !pl->prefetch || !pl->compute ||
      !pl->store)
    return -1;
  int64_t nf;
  bool known = wb_const_value(pl->nfull, &nf);

  /* Prologue: slices 0 .. S-2 that may exist, each masked when it may be
   * partial or past the end. */
  bool any = false;
  for (int j = 0; j < S - 1; ++j) {
    bool exists = known ? j < nf + tail
                        : pl->max_slices < 0 || j < pl->max_slices;
    if (!exists)
      break;
    bool masked = known ? j >= nf : (tail || j >= 1);
    pl->prefetch(kb, pl->ud, kb_c(kb, j), masked);
    pl->store(kb, pl->ud, kb_c(kb, j));
    any = true;
  }
  if (any)
    wb_lds_barrier(&kb->b);

  /* Main loop: iterations whose prefetch is a full slice.  Unrolled by S
   * (a static count), so that every slice's buffer is a constant and the
   * buffers' addresses are loop-invariant instead of recomputed from the
   * slice's parity every step (on gfx11 ~12 SALU/VALU instructions per
   * slice).  The iterations that do not fill a trip run after the loop
   * (KB_UNROLL_REST_AFTER) or before it (KB_UNROLL_REST_FIRST: after it
   * they add to the drain's live registers, which spills the 4x4 f32
   * wave tiles of a GEMM with an epilogue on gfx11; first, they cost a
   * few SGPRs and register copies in the loop of smaller tiles). */
  MlirValue ub = kb_addc(kb, pl->nfull, -(S - 1));
  int64_t ubv;
  bool known_ub = wb_const_value(ub, &ubv);
  int U = pl->unroll != KB_UNROLL_NONE && known_ub && ubv >= 2 * S ? S : 1;
  int64_t rest = U > 1 ? ubv % U : 0;
  int64_t first = pl->unroll == KB_UNROLL_REST_FIRST ? rest : 0;
  int64_t end = U > 1 ? ubv - (rest - first) : 0;
  for (int64_t i = 0; i < first; ++i) {
    pipe_step st = {kb_c(kb, i), false, {NULL}, false, -1, -1};
    st.fetch = kb_c(kb, i + S - 1);
    run_step(kb, pl, &st, state);
  }
  if (!known_ub || ubv > 0) {
    wb_loop l;
    /* A static trip count takes a 32-bit counter: an index (64-bit) one
     * costs the loop an add with carry and a VALU compare on gfx11/12. */
    bool narrow = U > 1 && end <= INT32_MAX;
    MlirValue lb = narrow ? wb_const_i32(&kb->b, (int32_t)first)
                          : kb_c(kb, first);
    MlirValue lub = narrow ? wb_const_i32(&kb->b, (int32_t)end)
                           : U > 1 ? kb_c(kb, end) : ub;
    MlirValue step = narrow ? wb_const_i32(&kb->b, U) : kb_c(kb, U);
    if (!wb_for_begin(&kb->b, &l, lb, lub, step, n, state))
      return -1;
    bool was_short = kb->k_loop_short;
    kb->k_loop_short = U > 1 && (end - first) / U <= KB_PIPE_SHORT_TRIPS;
    MlirValue iv = narrow ? wb_cast(&kb->b, "arith.index_castui", l.iv,
                                    wb_index(kb->ctx))
                          : l.iv;
    MlirValue it[KB_PIPE_MAX_STATE];
    memcpy(it, l.iter, sizeof(MlirValue) * (size_t)n);
    for (int j = 0; j < U; ++j) {
      MlirValue slice = kb_addc(kb, iv, j);
      int c = (int)((first + j) % S);
      pipe_step st = {slice, false, kb_addc(kb, slice, S - 1), false,
                      U > 1 ? c : -1, U > 1 ? (c + S - 1) % S : -1};
      run_step(kb, pl, &st, it);
    }
    kb->k_loop_short = was_short;
    wb_for_end(&kb->b, &l, n, it);
    for (int t = 0; t < n; ++t)
      state[t] = wb_loop_result(&l, t);
  }
  for (int64_t i = end; U > 1 && i < ubv; ++i) {
    pipe_step st = {kb_c(kb, i), false, {NULL}, false, -1, -1};
    st.fetch = kb_c(kb, i + S - 1);
    run_step(kb, pl, &st, state);
  }

  /* Peeled: the iteration prefetching the partial slice nfull. */
  if (tail) {
    pipe_step st = {kb_addc(kb, pl->nfull, -(S - 1)), false, pl->nfull, true,
                    -1, -1};
    step_if(kb, pl, S - 1, &st, state);
  }

  /* Drain: slice nfull + tail - (S-1) + r exists when nfull >= need. */
  for (int r = 0; r < S - 1; ++r) {
    pipe_step st = {kb_addc(kb, pl->nfull, tail - (S - 1) + r),
                    tail && r == S - 2, {NULL}, false, -1, -1};
    step_if(kb, pl, S - 1 - r - tail, &st, state);
  }
  return kb->failed ? -1 : 0;
}
