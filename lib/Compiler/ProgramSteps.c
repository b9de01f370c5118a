/* A program's host control flow on the runner (see wmma_program_step):
 * index values evaluated from the function's scalar arguments, run-time
 * sizes, induction variables and the variables an scf.while carries,
 * loops and conditionals replayed around the launches.  Bounds, steps and divisions are checked; the number of
 * launches is bounded so that a loop the arguments make huge ends with a
 * message instead of running for hours. */
#include "ProgramRun.h"

#include <string.h>

#define MAX_LAUNCHES_PER_RUN 100000
/* An scf.while whose condition stays true without a launch in between. */
#define MAX_WHILE_ITERATIONS 10000000

static int64_t read_arg(const prog_run *r, int a) {
  const wmma_kernel_arg *k = &r->p->args[a];
  const void *d = r->args[a].data;
  if (!d)
    return 0;
  switch (k->elem_bytes) {
  case 1: return *(const int8_t *)d;
  case 2: return *(const int16_t *)d;
  case 4: return *(const int32_t *)d;
  default: return *(const int64_t *)d;
  }
}

static bool compare(int64_t pred, int64_t a, int64_t b) {
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (pred) {
  case 0: return a == b;
  case 1: return a != b;
  case 2: return a < b;
  case 3: return a <= b;
  case 4: return a > b;
  case 5: return a >= b;
  case 6: return ua < ub;
  case 7: return ua <= ub;
  case 8: return ua > ub;
  default: return ua >= ub;
  }
}

static int eval_at(prog_run *r, int v, int64_t *out, int depth) {
  const wmma_compile_result *p = r->p;
  if (v < 0 || v >= p->nvalues || depth > 256)
    return prog_fail(r, "program '%s' refers to an index value it does not "
                        "have",
                     p->kernel);
  const wmma_program_value *x = &p->values[v];
  int64_t a = 0, b = 0, c = 0;
  switch (x->op) {
  case WMMA_VALUE_CONST:
    *out = x->imm;
    return 0;
  case WMMA_VALUE_ARG:
    if (x->a < 0 || x->a >= p->ncaller)
      return prog_fail(r, "program '%s' reads an argument it does not have",
                       p->kernel);
    *out = read_arg(r, x->a);
    return 0;
  case WMMA_VALUE_SIZE:
    /* A size the host computes, when an earlier one needs it first. */
    if (x->a >= 0 && x->a < 64 && r->sizes[x->a] < 0 && p->size_values &&
        x->a < p->nsizes && p->size_values[x->a] >= 0 &&
        eval_at(r, p->size_values[x->a], &r->sizes[x->a], depth + 1))
      return -1;
    if (x->a < 0 || x->a >= 64 || r->sizes[x->a] < 0)
      return prog_fail(r, "program '%s' reads a size no argument gives",
                       p->kernel);
    *out = r->sizes[x->a];
    return 0;
  case WMMA_VALUE_IV:
    if (x->a < 0 || x->a >= p->nsteps || !r->ivs)
      return prog_fail(r, "program '%s' reads an induction variable of no "
                          "loop",
                       p->kernel);
    *out = r->ivs[x->a];
    return 0;
  default:
    break;
  }
  if (eval_at(r, x->a, &a, depth + 1) || eval_at(r, x->b, &b, depth + 1))
    return -1;
  if (x->op == WMMA_VALUE_SELECT && eval_at(r, x->c, &c, depth + 1))
    return -1;
  bool divides = x->op == WMMA_VALUE_DIVS || x->op == WMMA_VALUE_DIVU ||
                 x->op == WMMA_VALUE_CEILDIVS ||
                 x->op == WMMA_VALUE_CEILDIVU ||
                 x->op == WMMA_VALUE_FLOORDIVS || x->op == WMMA_VALUE_REMS ||
                 x->op == WMMA_VALUE_REMU;
  if (divides && b == 0)
    return prog_fail(r, "program '%s' divides an index by zero", p->kernel);
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (x->op) {
  case WMMA_VALUE_ADD: *out = (int64_t)(ua + ub); break;
  case WMMA_VALUE_SUB: *out = (int64_t)(ua - ub); break;
  case WMMA_VALUE_MUL: *out = (int64_t)(ua * ub); break;
  case WMMA_VALUE_DIVS: *out = a / b; break;
  case WMMA_VALUE_DIVU: *out = (int64_t)(ua / ub); break;
  case WMMA_VALUE_CEILDIVS:
    *out = a / b + ((a % b != 0) && ((a < 0) == (b < 0)));
    break;
  case WMMA_VALUE_CEILDIVU: *out = (int64_t)((ua + ub - 1) / ub); break;
  case WMMA_VALUE_FLOORDIVS:
    *out = a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
    break;
  case WMMA_VALUE_REMS: *out = a % b; break;
  case WMMA_VALUE_REMU: *out = (int64_t)(ua % ub); break;
  case WMMA_VALUE_MINS: *out = a < b ? a : b; break;
  case WMMA_VALUE_MAXS: *out = a > b ? a : b; break;
  case WMMA_VALUE_MINU: *out = ua < ub ? a : b; break;
  case WMMA_VALUE_MAXU: *out = ua > ub ? a : b; break;
  case WMMA_VALUE_AND: *out = a & b; break;
  case WMMA_VALUE_OR: *out = a | b; break;
  case WMMA_VALUE_XOR: *out = a ^ b; break;
  case WMMA_VALUE_CMP: *out = compare(x->imm, a, b); break;
  case WMMA_VALUE_SELECT: *out = (a & 1) ? b : c; break;
  default:
    return prog_fail(r, "program '%s' has an index value of an unknown "
                        "kind",
                     p->kernel);
  }
  return 0;
}

int prog_eval(prog_run *r, int v, int64_t *out) {
  return eval_at(r, v, out, 0);
}

static bool bad_step(const wmma_compile_result *p, int s, int from, int to) {
  const wmma_program_step *st = &p->steps[s];
  bool nested = st->end > s && st->end < to;
  if (st->kind == WMMA_STEP_FOR || st->kind == WMMA_STEP_WHILE)
    return !nested;
  if (st->kind == WMMA_STEP_SET)
    return st->iv < 0 || st->iv >= p->nsteps;
  if (st->kind == WMMA_STEP_IF)
    return !nested || st->other <= s || st->other > st->end;
  (void)from;
  return false;
}

int prog_run_steps(prog_run *r, int from, int to) {
  const wmma_compile_result *p = r->p;
  for (int s = from; s < to; ++s) {
    const wmma_program_step *st = &p->steps[s];
    if (bad_step(p, s, from, to))
      return prog_fail(r, "program '%s' has a malformed loop or conditional",
                       p->kernel);
    switch (st->kind) {
    case WMMA_STEP_LAUNCH:
      if (++r->launched > MAX_LAUNCHES_PER_RUN)
        return prog_fail(r, "program '%s' launches more than 100000 kernels "
                            "for these arguments",
                         p->kernel);
      if (prog_launch(r, st->launch))
        return -1;
      break;
    case WMMA_STEP_FOR: {
      int64_t lb, ub, step;
      if (prog_eval(r, st->lb, &lb) || prog_eval(r, st->ub, &ub) ||
          prog_eval(r, st->step, &step))
        return -1;
      if (step <= 0)
        return prog_fail(r, "program '%s' has a loop whose step is not "
                            "positive",
                         p->kernel);
      for (int64_t i = lb; i < ub; i += step) {
        r->ivs[s] = i;
        if (prog_run_steps(r, s + 1, st->end))
          return -1;
        if (i > INT64_MAX - step)
          break;
      }
      s = st->end;
      break;
    }
    case WMMA_STEP_WHILE: {
      int64_t c;
      for (int64_t n = 0;; ++n) {
        if (prog_eval(r, st->cond, &c))
          return -1;
        if (!(c & 1))
          break;
        if (n >= MAX_WHILE_ITERATIONS)
          return prog_fail(r, "program '%s' has an scf.while that runs more "
                              "than 10000000 iterations for these arguments",
                           p->kernel);
        if (prog_run_steps(r, s + 1, st->end))
          return -1;
      }
      s = st->end;
      break;
    }
    case WMMA_STEP_SET: {
      int64_t v;
      if (prog_eval(r, st->lb, &v))
        return -1;
      r->ivs[st->iv] = v;
      break;
    }
    case WMMA_STEP_IF: {
      int64_t c;
      if (prog_eval(r, st->cond, &c))
        return -1;
      int rc = (c & 1) ? prog_run_steps(r, s + 1, st->other)
               : st->other < st->end
                   ? prog_run_steps(r, st->other + 1, st->end)
                   : 0;
      if (rc)
        return -1;
      s = st->end;
      break;
    }
    default:
      return prog_fail(r, "program '%s' has a malformed loop or conditional",
                       p->kernel);
    }
  }
  return 0;
}
