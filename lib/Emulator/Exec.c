/* The interpreter loop: block selection (min-PC reconvergence), phis,
 * frames, the handler table generated from Opcodes.h, the control-flow
 * handlers, the instruction budget and fault messages. */
#include "Alloc.h"
#include "Exec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-- faults ------------------------------------------------------------===*/

static void where_text(const Ctx *c, const Inst *in, char *buf, size_t cap) {
  char loc[768];
  emu_describe_inst(c->f->srcs[in->src], loc, sizeof loc);
  const Worker *wk = c->wk;
  const Kernel *k = wk->L->kernel;
  if (c->f == k->func)
    snprintf(buf, cap, "kernel '%s' at %s (wave %d, workgroup (%u,%u,%u))",
             k->name, loc, c->w->id, wk->wg[0], wk->wg[1], wk->wg[2]);
  else
    snprintf(buf, cap,
             "function '%s' called from kernel '%s' at %s (wave %d, "
             "workgroup (%u,%u,%u))",
             c->f->name, k->name, loc, c->w->id, wk->wg[0], wk->wg[1], wk->wg[2]);
}

void exec_fault(const Ctx *c, const Inst *in, const char *fmt, ...) {
  char what[1000], wh[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  /* Printing LLVM values is not safe from several threads at once. */
  pthread_mutex_lock(&c->wk->L->lock);
  where_text(c, in, wh, sizeof wh);
  pthread_mutex_unlock(&c->wk->L->lock);
  snprintf(c->wk->err, sizeof c->wk->err, "%s in %s", what, wh);
  longjmp(c->wk->jb, 1);
}

/* Adds this worker's unreported instructions to the launch's total; 1 when
 * the total is over the budget.  Every workgroup reports at its end (and
 * every few thousand instructions while it runs), so the launch faults
 * exactly when all of its instructions are more than the budget. */
int budget_flush(Worker *wk) {
  Launch *L = wk->L;
  uint64_t pend = wk->stats.wave_instructions - wk->flushed;
  wk->flushed = wk->stats.wave_instructions;
  uint64_t total = atomic_fetch_add(&L->executed, pend) + pend;
  return L->limit && total > L->limit;
}

const char *kBudgetMessage =
    "instruction limit exceeded: more than %llu wave-instructions in this "
    "launch (raise it with --max-instructions N, 0 = no limit; an endless loop?)";

/* At block entries: reports every budget_step instructions (small budgets
 * report more often); a workgroup that comes after a faulting one is
 * abandoned (its results would not be reported). */
static void check_budget(Ctx *c, const Inst *in) {
  Worker *wk = c->wk;
  Launch *L = wk->L;
  if (wk->stats.wave_instructions - wk->flushed < L->budget_step)
    return;
  int over = budget_flush(wk);
  if (atomic_load(&L->fault_wg) < wk->wg_index)
    longjmp(wk->jb, 2);
  if (over)
    exec_fault(c, in, kBudgetMessage, (unsigned long long)L->limit);
}

/*===-- frames ------------------------------------------------------------===*/

static uint64_t *get_regs(Worker *wk, const Func *f) {
  RegCache *rc = &wk->cache[f->index];
  if (rc->n) {
    uint64_t *r = rc->v[--rc->n];
    if (f->reads_inactive)
      memset(r, 0, (size_t)(f->nslots ? f->nslots : 1) * NLANES * sizeof(uint64_t));
    return r;
  }
  size_t n = (size_t)(f->nslots ? f->nslots : 1) * NLANES;
  uint64_t *r = emu_alloc(n, sizeof(uint64_t));
  if (!r) {
    snprintf(wk->err, sizeof wk->err, "out of host memory for the registers of '%s'",
             f->name);
    longjmp(wk->jb, 1);
  }
  return r;
}

static void put_regs(Worker *wk, const Func *f, uint64_t *r) {
  RegCache *rc = &wk->cache[f->index];
  if (rc->n == rc->cap) {
    uint32_t cap = rc->cap ? 2 * rc->cap : 4;
    uint64_t **v = emu_realloc(rc->v, cap, sizeof *v);
    if (!v) {
      free(r);
      return;
    }
    rc->v = v;
    rc->cap = cap;
  }
  rc->v[rc->n++] = r;
}

/* First byte above the private frame of fr's function. */
static inline uint32_t frame_top(const Frame *fr) {
  return fr->sp + ((fr->f->frame_bytes + 15) & ~15u);
}

Frame *push_frame(Worker *wk, Wave *w, const Func *g, uint32_t exec,
                  uint32_t sp, uint32_t ret_dst) {
  Frame *nf = &w->frames[w->depth];
  memset(nf, 0, sizeof *nf);
  nf->f = g;
  nf->regs = get_regs(wk, g);
  w->depth++;
  nf->pending = exec;
  nf->blk = -1;
  nf->sp = sp;
  nf->ret_dst = ret_dst;
  nf->uniform = 1; /* every lane starts at the entry block */
  nf->unext = 0;
  nf->uprev = NO_BLOCK;
  for (int l = 0; l < NLANES; l++) {
    nf->next[l] = NO_BLOCK;
    nf->prev[l] = NO_BLOCK;
  }
  w->priv_top = frame_top(nf);
  return nf;
}

void release_frames(Worker *wk) {
  for (int i = 0; i < wk->L->nwaves; i++) {
    Wave *w = &wk->waves[i];
    for (int d = 0; d < w->depth; d++)
      if (w->frames[d].regs) {
        put_regs(wk, w->frames[d].f, w->frames[d].regs);
        w->frames[d].regs = NULL;
      }
    w->depth = 0;
  }
}

/* Each lane takes the phi inputs of the edge it came from. */
static void eval_phis(Worker *wk, Frame *fr, const Block *B, uint32_t exec) {
  const Func *f = fr->f;
  uint64_t *regs = fr->regs;
  const uint64_t *cpool = f->cpool;
  uint64_t *tmp = B->phi_two_phase ? wk->phi_tmp : NULL;
  uint32_t rem = exec;
  while (rem) {
    /* The lanes that came from the same block take the same inputs. */
    uint16_t p = fr->uniform ? fr->uprev : fr->prev[__builtin_ctz(rem)];
    uint32_t grp = rem;
    if (!fr->uniform) {
      uint32_t same = 0;
      for (uint32_t l = 0; l < NLANES; l++) /* branch-free: vectorises */
        same |= (uint32_t)(fr->prev[l] == p) << l;
      grp &= same;
    }
    rem &= ~grp;
    uint32_t toff = 0;
    for (uint32_t i = 0; i < B->nphi; i++) {
      const Inst *in = &f->insts[B->phi_first + i];
      uint32_t src = NO_SLOT;
      for (uint32_t k = 0; k < in->xn; k++)
        if (f->extra[in->x + 2 * k] == p) {
          src = f->extra[in->x + 2 * k + 1];
          break;
        }
      if (src != NO_SLOT) {
        const uint64_t *s = (src & CONST_BIT) ? cpool + (size_t)(src & ~CONST_BIT) * NLANES
                                              : regs + (size_t)src * NLANES;
        uint64_t *d = tmp ? tmp + (size_t)toff * NLANES : regs + (size_t)in->dst * NLANES;
        if (grp == FULL_EXEC)
          memcpy(d, s, (size_t)in->n * NLANES * sizeof *d);
        else
          for (uint32_t e = 0; e < in->n; e++)
            FOR_LANES(grp, l) d[e * NLANES + l] = s[e * NLANES + l];
      }
      toff += in->n;
    }
  }
  if (tmp) {
    uint32_t toff = 0;
    for (uint32_t i = 0; i < B->nphi; i++) {
      const Inst *in = &f->insts[B->phi_first + i];
      uint64_t *d = regs + (size_t)in->dst * NLANES;
      for (uint32_t e = 0; e < in->n; e++)
        FOR_LANES(exec, l) d[e * NLANES + l] = tmp[(size_t)(toff + e) * NLANES + l];
      toff += in->n;
    }
  }
}

/*===-- the loop ----------------------------------------------------------===*/

static const ExecFn kExec[OP_COUNT] = {
#define EMU_OP_HANDLER(name, handler, operands) [OP_##name] = handler,
    EMU_OPCODES(EMU_OP_HANDLER)
#undef EMU_OP_HANDLER
};

/* Picks the lowest-numbered block any pending lane waits at (or pops the
 * frame when every lane has returned); 0 when the wave is done. */
static int select_block(Worker *wk, Wave *w) {
  for (;;) {
    Frame *fr = &w->frames[w->depth - 1];
    if (fr->blk >= 0)
      return 1;
    uint32_t pend = fr->pending;
    if (!pend) {
      if (w->depth == 1) {
        w->state = WAVE_DONE;
        return 0;
      }
      put_regs(wk, fr->f, fr->regs);
      fr->regs = NULL;
      w->depth--;
      w->priv_top = frame_top(&w->frames[w->depth - 1]);
      continue;
    }
    uint16_t best = fr->unext;
    uint32_t ex = pend;
    if (!fr->uniform) {
      /* Lanes that are not pending wait at NO_BLOCK, above every block:
       * the minimum over all 32 is the pending lanes' (branch-free). */
      best = NO_BLOCK;
      for (uint32_t l = 0; l < NLANES; l++)
        best = fr->next[l] < best ? fr->next[l] : best;
      ex = 0;
      for (uint32_t l = 0; l < NLANES; l++)
        ex |= (uint32_t)(fr->next[l] == best) << l;
      ex &= pend;
    }
    fr->blk = best;
    fr->exec = ex;
    const Block *B = &fr->f->blocks[best];
    if (B->nphi) {
      eval_phis(wk, fr, B, ex);
      wk->stats.wave_instructions += B->nphi;
      wk->stats.lane_instructions += (uint64_t)B->nphi * (uint64_t)__builtin_popcount(ex);
    }
    fr->pc = B->first;
    return 1;
  }
}

void run_wave(Worker *wk, Wave *w) {
  while (select_block(wk, w)) {
    Frame *fr = &w->frames[w->depth - 1];
    const Func *f = fr->f;
    const Block *B = &f->blocks[fr->blk];
    Ctx c = {wk, w, fr, f, fr->regs, f->cpool, fr->exec, 0};
    const uint64_t nact = (uint64_t)__builtin_popcount(c.exec);
    check_budget(&c, &f->insts[B->first < B->end ? B->first : B->phi_first]);
    const uint32_t start = fr->pc;
    for (uint32_t pc = start; pc < B->end; pc++) {
      const Inst *in = &f->insts[pc];
      int r = kExec[in->op](&c, in);
      if (r == EX_NEXT)
        continue;
      wk->stats.wave_instructions += pc - start + 1;
      wk->stats.lane_instructions += (pc - start + 1) * nact;
      if (start == B->first && pc + 1 == B->end)
        wk->stats.valu_instructions += B->valu;
      else /* resumed after a barrier or call, or left early */
        for (uint32_t i = start; i <= pc; i++)
          wk->stats.valu_instructions += f->insts[i].valu;
      if (r == EX_YIELD)
        return;
      break;
    }
  }
}

/*===-- control handlers -----------------------------------------------===*/

/* Sends every lane of EXEC to target (uniform) or to targets[lane]. */
static int goto_blocks(Ctx *c, int uniform, uint16_t target, const uint16_t *targets) {
  Frame *fr = c->fr;
  const uint16_t blk = (uint16_t)fr->blk;
  if (uniform && c->exec == fr->pending) {
    fr->uniform = 1;
    fr->unext = target;
    fr->uprev = blk;
  } else {
    /* Leaving the uniform state: EXEC is then every pending lane, so all
     * of their entries are written here. */
    fr->uniform = 0;
    FOR_LANES(c->exec, l) {
      fr->prev[l] = blk;
      fr->next[l] = uniform ? target : targets[l];
    }
  }
  fr->blk = -1;
  return EX_LEAVE;
}

int exec_br(Ctx *c, const Inst *in) {
  return goto_blocks(c, 1, (uint16_t)in->imm, NULL);
}

int exec_condbr(Ctx *c, const Inst *in) {
  const uint64_t *cd = R(in->a);
  uint32_t taken = 0;
  for (uint32_t l = 0; l < NLANES; l++) /* branch-free; masked below */
    taken |= (uint32_t)(cd[l] & 1) << l;
  taken &= c->exec;
  if (taken == c->exec || !taken)
    return goto_blocks(c, 1, (uint16_t)(taken ? in->b : in->c), NULL);
  uint16_t t[NLANES];
  FOR_LANES(c->exec, l) t[l] = (uint16_t)((taken >> l) & 1 ? in->b : in->c);
  return goto_blocks(c, 0, 0, t);
}

int exec_switch(Ctx *c, const Inst *in) {
  const uint32_t *x = c->f->extra + in->x;
  const uint64_t *cv = R(in->a);
  uint16_t t[NLANES];
  int same = 1;
  uint16_t first = NO_BLOCK;
  FOR_LANES(c->exec, l) {
    uint64_t v = cv[l] & emu_mask(in->bits);
    t[l] = (uint16_t)in->b;
    for (uint32_t k = 0; k < in->xn; k++)
      if (((uint64_t)x[3 * k] | ((uint64_t)x[3 * k + 1] << 32)) == v) {
        t[l] = (uint16_t)x[3 * k + 2];
        break;
      }
    if (first == NO_BLOCK)
      first = t[l];
    same &= t[l] == first;
  }
  return goto_blocks(c, same, first, t);
}

int exec_ret(Ctx *c, const Inst *in) {
  Frame *fr = c->fr;
  Wave *w = c->w;
  const uint32_t exec = c->exec;
  if (w->depth > 1 && in->n && fr->ret_dst != NO_SLOT) {
    uint64_t *cd = w->frames[w->depth - 2].regs + (size_t)fr->ret_dst * NLANES;
    const uint64_t *s = R(in->a);
    for (uint32_t e = 0; e < in->n; e++)
      FOR_LANES(exec, l) cd[(size_t)e * NLANES + l] = s[(size_t)e * NLANES + l];
  }
  /* (In the uniform state EXEC is every pending lane: all return.) */
  FOR_LANES(exec, l) fr->next[l] = NO_BLOCK;
  fr->pending &= ~exec;
  fr->blk = -1;
  return EX_LEAVE;
}

int exec_unreachable(Ctx *c, const Inst *in) {
  exec_fault(c, in, "reached 'unreachable'");
}

int exec_call(Ctx *c, const Inst *in) {
  Wave *w = c->w;
  if (w->depth >= MAX_CALL_DEPTH)
    exec_fault(c, in, "call stack too deep");
  const Func *g = c->wk->prog->funcs[in->imm];
  const uint32_t exec = c->exec;
  c->fr->pc = (uint32_t)(in - c->f->insts) + 1;
  Frame *nf = push_frame(c->wk, w, g, exec, frame_top(c->fr), in->dst);
  const uint32_t *xs = c->f->extra + in->x;
  for (uint32_t k = 0; k < in->xn; k++) {
    const uint64_t *s = R(xs[k]);
    uint64_t *dd = nf->regs + (size_t)g->param_slot[k] * NLANES;
    for (uint32_t e = 0; e < g->param_nslots[k]; e++)
      FOR_LANES(exec, l) dd[(size_t)e * NLANES + l] = s[(size_t)e * NLANES + l];
  }
  return EX_LEAVE;
}

int exec_barrier(Ctx *c, const Inst *in) {
  Wave *w = c->w;
  c->fr->pc = (uint32_t)(in - c->f->insts) + 1;
  w->state = WAVE_BARRIER;
  w->barrier_src = in->src;
  w->barrier_func = c->f;
  c->wk->stats.barriers++;
  return EX_YIELD;
}
