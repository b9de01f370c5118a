/* Launching a kernel: the kernarg segment and dispatch packet, the bounds
 * on a launch, and the workgroups run by worker threads.
 *
 * Determinism with any number of threads: workgroups are numbered x
 * fastest, then y, then z, and handed out in that order; each runs on one
 * worker with its own LDS, waves, registers and counters, from a cleared
 * state (LDS and private memory zeroed), so a workgroup computes the same
 * whichever thread runs it.  The counters are sums over workgroups, added
 * up after the run.  When workgroups fault, the error of the lowest-
 * numbered one is reported, as a serial run would (the instruction budget
 * is shared by the launch: whether it runs out does not depend on the
 * threads, but which workgroup reports it can).  Kernels whose results
 * depend on the order of workgroups - atomics whose returned values are
 * used, workgroups reading what others write - can give different results
 * from run to run with more than one thread, as on a GPU. */
#include "Alloc.h"
#include "Exec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void put16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

static uint64_t arg_value(const wmma_emu_arg *a) {
  switch (a->kind) {
  case WMMA_EMU_PARAM_POINTER: return mem_alloc_base(a->u.buffer);
  case WMMA_EMU_PARAM_I32: return (uint32_t)a->u.i32;
  case WMMA_EMU_PARAM_I16: return (uint16_t)a->u.i32;
  case WMMA_EMU_PARAM_I8: return (uint8_t)a->u.i32;
  case WMMA_EMU_PARAM_I64: return (uint64_t)a->u.i64;
  case WMMA_EMU_PARAM_F32: return emu_from_f32(a->u.f32);
  case WMMA_EMU_PARAM_F64: return emu_from_f64(a->u.f64);
  case WMMA_EMU_PARAM_F16: return a->u.f16_bits;
  default: return 0;
  }
}

/* Builds the kernarg segment (explicit arguments, then the code-object-v5
 * hidden arguments) and the HSA dispatch packet. */
static int build_dispatch(Launch *L, const DispatchOptions *o,
                          const wmma_emu_arg *args, char *err, size_t cap) {
  const Kernel *k = L->kernel;
  GlobalMem *mem = L->mem;
  uint32_t hidden = k->hidden_offset;
  uint32_t total = hidden + 256;
  if (*o->kernarg_alloc < 0 || mem->allocs[*o->kernarg_alloc].size < total) {
    *o->kernarg_alloc = mem_alloc(mem, total, "kernarg segment", 0, err, cap);
    if (*o->kernarg_alloc < 0)
      return -1;
  }
  if (*o->dispatch_alloc < 0) {
    *o->dispatch_alloc = mem_alloc(mem, 64, "dispatch packet", 0, err, cap);
    if (*o->dispatch_alloc < 0)
      return -1;
  }
  uint8_t *ka = mem->allocs[*o->kernarg_alloc].data;
  memset(ka, 0, mem->allocs[*o->kernarg_alloc].size);
  for (uint32_t i = 0; i < k->nparams; i++) {
    const KParam *kp = &k->params[i];
    uint64_t v = arg_value(&args[i]);
    memcpy(ka + kp->offset, &v, kp->size > 8 ? 8 : kp->size);
  }
  const unsigned *grid = L->grid, *block = L->block;
  uint8_t *h = ka + hidden;
  int dims = grid[2] * block[2] > 1 ? 3 : grid[1] * block[1] > 1 ? 2 : 1;
  for (int d = 0; d < 3; d++) {
    put32(h + 4 * d, grid[d]);                 /* hidden_block_count */
    put16(h + 12 + 2 * d, (uint16_t)block[d]); /* hidden_group_size */
    put16(h + 18 + 2 * d, 0);                  /* hidden_remainder */
  }
  put16(h + 64, (uint16_t)dims); /* hidden_grid_dims */
  put32(h + 120, o->dynamic_lds); /* hidden_dynamic_lds_size */
  L->kernarg_addr = mem_alloc_base(*o->kernarg_alloc);
  L->implicit_addr = L->kernarg_addr + hidden;

  uint8_t *dp = mem->allocs[*o->dispatch_alloc].data;
  memset(dp, 0, 64);
  put16(dp + 0, 2 << 0);          /* header: kernel dispatch packet type */
  put16(dp + 2, (uint16_t)dims);  /* setup: dimensions */
  for (int d = 0; d < 3; d++) {
    put16(dp + 4 + 2 * d, (uint16_t)block[d]);
    put32(dp + 12 + 4 * d, grid[d] * block[d]);
  }
  put32(dp + 24, k->func->stack_bytes);
  put32(dp + 28, L->lds_size);
  put64(dp + 40, L->kernarg_addr);
  L->dispatch_addr = mem_alloc_base(*o->dispatch_alloc);
  return 0;
}

/*===-- workers -----------------------------------------------------------===*/

/* Host bytes one worker holds: LDS, private stacks, kernel registers. */
static uint64_t worker_bytes(const Launch *L) {
  uint64_t regs = (uint64_t)(L->kernel->func->nslots + 1) * NLANES * 8;
  return L->lds_size + (uint64_t)L->nwaves * (NLANES * (uint64_t)L->priv_stride + regs);
}

static int worker_init(Worker *wk, Launch *L) {
  memset(wk, 0, sizeof *wk);
  wk->L = L;
  wk->prog = L->prog;
  uint32_t max_phi = 1;
  for (uint32_t i = 0; i < L->prog->nfuncs; i++)
    if (L->prog->funcs[i]->max_phi_slots > max_phi)
      max_phi = L->prog->funcs[i]->max_phi_slots;
  wk->lds = emu_alloc(L->lds_size, 1);
  wk->waves = emu_alloc((size_t)L->nwaves, sizeof *wk->waves);
  wk->cache = emu_alloc((size_t)L->prog->nfuncs + 1, sizeof *wk->cache);
  wk->phi_tmp = emu_alloc((size_t)max_phi * NLANES, sizeof(uint64_t));
  if (!wk->lds || !wk->waves || !wk->cache || !wk->phi_tmp)
    return -1;
  const unsigned *block = L->block;
  uint32_t threads = block[0] * block[1] * block[2];
  for (int i = 0; i < L->nwaves; i++) {
    Wave *w = &wk->waves[i];
    w->priv = emu_alloc((size_t)NLANES * L->priv_stride, 1);
    if (!w->priv)
      return -1;
    w->priv_stride = L->priv_stride;
    w->id = i;
    for (uint32_t l = 0; l < NLANES; l++) {
      uint32_t t = (uint32_t)i * NLANES + l;
      if (t < threads)
        w->lanes |= 1u << l;
      w->tid[0][l] = t % block[0];
      w->tid[1][l] = (t / block[0]) % block[1];
      w->tid[2][l] = t / (block[0] * block[1]);
    }
  }
  return 0;
}

static void worker_free(Worker *wk) {
  if (wk->waves)
    for (int i = 0; i < wk->L->nwaves; i++)
      free(wk->waves[i].priv);
  free(wk->waves);
  if (wk->cache)
    for (uint32_t i = 0; i < wk->prog->nfuncs; i++) {
      for (uint32_t j = 0; j < wk->cache[i].n; j++)
        free(wk->cache[i].v[j]);
      free(wk->cache[i].v);
    }
  free(wk->cache);
  free(wk->lds);
  free(wk->phi_tmp);
  rsrc_table_free(&wk->rsrc);
}

static void deadlock(Worker *wk) __attribute__((noreturn));
static void deadlock(Worker *wk) {
  char waiting[512] = "", done[512] = "", loc[1024] = "";
  size_t lw = 0, ld = 0;
  for (int i = 0; i < wk->L->nwaves; i++) {
    Wave *w = &wk->waves[i];
    if (w->state == WAVE_BARRIER) {
      if (!loc[0]) {
        pthread_mutex_lock(&wk->L->lock); /* LLVM printing: one thread at a time */
        emu_describe_inst(w->barrier_func->srcs[w->barrier_src], loc, sizeof loc);
        pthread_mutex_unlock(&wk->L->lock);
      }
      if (lw < sizeof waiting - 8)
        lw += (size_t)snprintf(waiting + lw, sizeof waiting - lw, "%s%d", lw ? "," : "", i);
    } else if (ld < sizeof done - 8) {
      ld += (size_t)snprintf(done + ld, sizeof done - ld, "%s%d", ld ? "," : "", i);
    }
  }
  snprintf(wk->err, sizeof wk->err,
           "barrier deadlock in kernel '%s', workgroup (%u,%u,%u): wave(s) %s "
           "wait at the barrier %s but wave(s) %s finished without reaching it",
           wk->L->kernel->name, wk->wg[0], wk->wg[1], wk->wg[2], waiting, loc, done);
  longjmp(wk->jb, 1);
}

static void record_fault(Launch *L, uint64_t g, const char *msg) {
  pthread_mutex_lock(&L->lock);
  if (g < atomic_load(&L->fault_wg)) {
    atomic_store(&L->fault_wg, g);
    snprintf(L->fault, sizeof L->fault, "%s", msg);
  }
  pthread_mutex_unlock(&L->lock);
}

static void run_workgroup(Worker *wk, uint64_t g) {
  Launch *L = wk->L;
  const Func *f = L->kernel->func;
  wk->wg_index = g;
  wk->wg[0] = (uint32_t)(g % L->grid[0]);
  wk->wg[1] = (uint32_t)(g / L->grid[0] % L->grid[1]);
  wk->wg[2] = (uint32_t)(g / ((uint64_t)L->grid[0] * L->grid[1]));
  int why = setjmp(wk->jb);
  if (why) {
    release_frames(wk);
    if (why == 1)
      record_fault(L, g, wk->err);
    return;
  }
  if (L->lds_size)
    memset(wk->lds, 0, L->lds_size);
  rsrc_table_reset(&wk->rsrc);
  wk->stats.workgroups++;
  for (int i = 0; i < L->nwaves; i++) {
    Wave *w = &wk->waves[i];
    memset(w->priv, 0, (size_t)NLANES * w->priv_stride);
    Frame *fr = push_frame(wk, w, f, w->lanes, PRIV_BASE, NO_SLOT);
    w->state = WAVE_RUN;
    for (uint32_t p = 0; p < L->kernel->nparams; p++) {
      uint64_t *s = fr->regs + (size_t)f->param_slot[p] * NLANES;
      for (int l = 0; l < NLANES; l++)
        s[l] = L->argvals[p];
    }
    wk->stats.waves++;
  }
  for (;;) {
    for (int i = 0; i < L->nwaves; i++)
      if (wk->waves[i].state == WAVE_RUN)
        run_wave(wk, &wk->waves[i]);
    int ndone = 0;
    for (int i = 0; i < L->nwaves; i++)
      ndone += wk->waves[i].state == WAVE_DONE;
    if (ndone == L->nwaves)
      break;
    if (ndone)
      deadlock(wk);
    for (int i = 0; i < L->nwaves; i++)
      wk->waves[i].state = WAVE_RUN;
  }
  release_frames(wk);
  if (budget_flush(wk)) {
    char what[512];
    snprintf(what, sizeof what, kBudgetMessage, (unsigned long long)L->limit);
    snprintf(wk->err, sizeof wk->err, "%s in kernel '%s' (workgroup (%u,%u,%u))",
             what, L->kernel->name, wk->wg[0], wk->wg[1], wk->wg[2]);
    record_fault(L, g, wk->err);
  }
}

static void *worker_main(void *arg) {
  Worker *wk = arg;
  Launch *L = wk->L;
  for (;;) {
    uint64_t g = atomic_fetch_add(&L->next_wg, 1);
    if (g >= L->nwg || g > atomic_load(&L->fault_wg))
      break;
    wk->trace = L->l2 ? l2_replay_trace(L->l2) : NULL;
    run_workgroup(wk, g);
    if (wk->trace)
      l2_replay_submit(L->l2, g, wk->trace);
    wk->trace = NULL;
    atomic_fetch_add(&L->done_wg, 1);
  }
  return NULL;
}

/*===-- the L2 model ------------------------------------------------------===*/

/* Workgroups resident at a time on the chip's largest part: its WGPs times
 * what one WGP holds by its LDS and its wave slots (4 SIMDs of 16 waves).
 * The emulator runs LLVM IR, so the VGPR limit is unknown: this is an upper
 * bound (wmma_emu_set_l2_model sets the number). */
static uint32_t resident_workgroups(const Launch *L, const wmma_chip_info *chip) {
  const wmma_arch_traits *t = wmma_arch_traits_get(chip->arch);
  uint32_t wgps = (uint32_t)(chip->largest->compute_units / t->cus_per_wgp);
  uint32_t slots = (uint32_t)(t->max_waves_per_simd * t->simds_per_cu * t->cus_per_wgp);
  uint32_t per_wgp = slots / (uint32_t)L->nwaves;
  if (L->lds_size && (uint32_t)t->lds_bytes_per_wgp / L->lds_size < per_wgp)
    per_wgp = (uint32_t)t->lds_bytes_per_wgp / L->lds_size;
  return (wgps ? wgps : 1) * (per_wgp ? per_wgp : 1);
}

/* The L2 model of the launch, or NULL (counted as unmodelled) when the chip
 * has no part with a published L2 or memory is short. */
static L2Replay *l2_start(const Launch *L, const DispatchOptions *o) {
  const wmma_chip_info *chip = o->chip ? wmma_chip_get(o->chip) : NULL;
  int known = chip && chip->largest && chip->largest->l2_bytes > 0 &&
              wmma_arch_traits_get(chip->arch);
  uint64_t bytes = o->l2_bytes ? o->l2_bytes : known ? (uint64_t)chip->largest->l2_bytes : 0;
  uint32_t slots = o->l2_workgroups ? o->l2_workgroups
                   : known           ? resident_workgroups(L, chip)
                                     : 0;
  if (!bytes || !slots)
    return NULL;
  L2Replay *r = emu_alloc(1, sizeof *r);
  if (r && l2_replay_init(r, bytes, slots, L->nwg)) {
    free(r);
    r = NULL;
  }
  return r;
}

/* Adds the launch's DRAM estimate to stats and frees the model. */
static void l2_end(L2Replay *r, wmma_emu_stats *stats) {
  uint64_t rd = 0, wr = 0;
  if (!r || l2_replay_finish(r, &rd, &wr))
    stats->dram_est_unmodelled_launches++;
  stats->dram_est_bytes_read += rd;
  stats->dram_est_bytes_written += wr;
  if (r)
    l2_replay_free(r);
  free(r);
}

/*===-- launch ------------------------------------------------------------===*/

unsigned emu_default_threads(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > EMU_MAX_THREADS ? EMU_MAX_THREADS : (unsigned)n;
}

/* Checks the launch against the emulator's bounds; fills L's sizes. */
static int check_launch(Launch *L, const DispatchOptions *o, char *err, size_t cap) {
  const Program *p = L->prog;
  const unsigned *grid = L->grid, *block = L->block;
  L->nwg = (uint64_t)grid[0] * grid[1] * grid[2];
  if (L->nwg > EMU_MAX_WORKGROUPS) {
    snprintf(err, cap, "a grid of %ux%ux%u = %llu workgroups is more than the "
             "emulator runs in one launch (%llu)", grid[0], grid[1], grid[2],
             (unsigned long long)L->nwg, (unsigned long long)EMU_MAX_WORKGROUPS);
    return WMMA_EMU_USAGE;
  }
  for (int d = 0; d < 3; d++)
    if ((uint64_t)grid[d] * block[d] > 0xffffffffull) {
      snprintf(err, cap, "grid x block in dimension %d is %llu work-items, more "
               "than the 2^32 - 1 of a dispatch", d,
               (unsigned long long)grid[d] * block[d]);
      return WMMA_EMU_USAGE;
    }
  /* The kernel's own LDS (the module's may hold other kernels'). */
  if (L->kernel->lds_static > LDS_LIMIT) {
    snprintf(err, cap, "kernel '%s': its LDS globals need %u bytes, more "
             "than the %u bytes of a workgroup", L->kernel->name,
             L->kernel->lds_static, LDS_LIMIT);
    return WMMA_EMU_FAULT;
  }
  uint64_t start = p->has_dynamic_lds ? p->lds_dynamic_base : p->lds_static;
  uint64_t lds = o->dynamic_lds ? start + o->dynamic_lds : p->lds_static;
  if (lds > LDS_LIMIT) {
    snprintf(err, cap, "kernel '%s': %u bytes of static LDS%s plus %u bytes of "
             "dynamic LDS need %llu bytes, more than the %u bytes of a workgroup",
             L->kernel->name, p->lds_static,
             start != p->lds_static ? " (aligned for the dynamic part)" : "",
             o->dynamic_lds, (unsigned long long)lds, LDS_LIMIT);
    return WMMA_EMU_USAGE;
  }
  L->lds_size = (uint32_t)lds;
  uint32_t threads = block[0] * block[1] * block[2];
  L->nwaves = (int)((threads + NLANES - 1) / NLANES);
  L->priv_stride = PRIV_BASE + L->kernel->func->stack_bytes;
  return WMMA_EMU_OK;
}

static double seconds_since(const struct timespec *t0) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - t0->tv_sec) + 1e-9 * (double)(now.tv_nsec - t0->tv_nsec);
}

/* Joins the n workers, calling the progress callback every half second
 * while they run and once at the end (done = total unless a workgroup
 * faulted), so that every launch reports, however short, and a progress
 * bar ends at 100%. */
static void wait_with_progress(Launch *L, const DispatchOptions *o,
                               const struct timespec *t0, pthread_t *tids, int n) {
  if (o->progress && n > 0) {
    struct timespec nap = {0, 100 * 1000 * 1000};
    double last = 0;
    while (atomic_load(&L->done_wg) < L->nwg &&
           atomic_load(&L->fault_wg) == UINT64_MAX) {
      nanosleep(&nap, NULL);
      double t = seconds_since(t0);
      if (t - last >= 0.5) {
        last = t;
        o->progress(o->progress_user, atomic_load(&L->done_wg), L->nwg, t);
      }
    }
  }
  for (int i = 0; i < n; i++)
    pthread_join(tids[i], NULL);
  if (o->progress)
    o->progress(o->progress_user, atomic_load(&L->done_wg), L->nwg, seconds_since(t0));
}

int emu_dispatch(const Program *p, GlobalMem *mem, const Kernel *k,
                 const wmma_emu_arg *args, const unsigned grid[3],
                 const unsigned block[3], const DispatchOptions *o,
                 wmma_emu_stats *stats, char *err, size_t cap) {
  Launch L;
  memset(&L, 0, sizeof L);
  L.prog = p;
  L.mem = mem;
  L.kernel = k;
  memcpy(L.grid, grid, sizeof L.grid);
  memcpy(L.block, block, sizeof L.block);
  L.limit = o->limit;
  /* Reports every 8192 instructions, or more often for small budgets. */
  L.budget_step = o->limit && o->limit / 64 < 8192 ? o->limit / 64 + 1 : 8192;
  int rc = check_launch(&L, o, err, cap);
  if (rc)
    return rc;
  if (build_dispatch(&L, o, args, err, cap))
    return WMMA_EMU_FAULT;
  L.argvals = emu_alloc((size_t)k->nparams + 1, sizeof *L.argvals);
  if (!L.argvals) {
    snprintf(err, cap, "out of host memory for the kernel's arguments");
    return WMMA_EMU_FAULT;
  }
  for (uint32_t i = 0; i < k->nparams; i++)
    L.argvals[i] = arg_value(&args[i]);
  atomic_init(&L.executed, 0);
  atomic_init(&L.next_wg, 0);
  atomic_init(&L.done_wg, 0);
  atomic_init(&L.fault_wg, UINT64_MAX);
  pthread_mutex_init(&L.lock, NULL);
  L.l2 = l2_start(&L, o);

  unsigned want = o->threads ? o->threads : emu_default_threads();
  if (want > EMU_MAX_THREADS)
    want = EMU_MAX_THREADS;
  if ((uint64_t)want > L.nwg)
    want = (unsigned)L.nwg;
  Worker *wks = emu_alloc(want, sizeof *wks);
  if (!wks) {
    snprintf(err, cap, "out of host memory for %u worker threads", want);
    l2_end(L.l2, stats);
    free(L.argvals);
    pthread_mutex_destroy(&L.lock);
    return WMMA_EMU_FAULT;
  }
  uint64_t per = worker_bytes(&L), reserved = 0;
  unsigned n = 0;
  rc = WMMA_EMU_OK;
  for (; n < want; n++) {
    /* Fewer threads when memory is short; none at all is an error. */
    if (mem_reserve(mem, per, "the LDS, registers and private memory of a "
                    "workgroup", err, cap)) {
      if (!n)
        rc = WMMA_EMU_FAULT;
      break;
    }
    reserved += per;
    if (worker_init(&wks[n], &L)) {
      worker_free(&wks[n]);
      if (!n) {
        snprintf(err, cap, "out of host memory for a workgroup");
        rc = WMMA_EMU_FAULT;
      }
      break;
    }
  }
  if (!rc) {
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (n == 1 && !o->progress) {
      worker_main(&wks[0]);
    } else {
      pthread_t *tids = emu_alloc(n, sizeof *tids);
      unsigned started = 0;
      for (; tids && started < n; started++)
        if (pthread_create(&tids[started], NULL, worker_main, &wks[started]))
          break;
      if (!started)
        worker_main(&wks[0]); /* no thread could start: run here */
      wait_with_progress(&L, o, &t0, tids, (int)started);
      free(tids);
    }
    if (atomic_load(&L.fault_wg) != UINT64_MAX) {
      snprintf(err, cap, "%s", L.fault);
      rc = WMMA_EMU_FAULT;
    }
  }
  for (unsigned i = 0; i < n; i++) {
    const uint64_t *s = (const uint64_t *)&wks[i].stats;
    uint64_t *t = (uint64_t *)stats;
    for (size_t j = 0; j < sizeof *stats / sizeof(uint64_t); j++)
      t[j] += s[j];
    worker_free(&wks[i]);
  }
  l2_end(L.l2, stats);
  mem_unreserve(mem, reserved);
  free(wks);
  free(L.argvals);
  pthread_mutex_destroy(&L.lock);
  return rc;
}
