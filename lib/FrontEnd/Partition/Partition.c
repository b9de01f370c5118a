/* Cutting a normalized function into kernels (see Partition.h).
 *
 * Maximal munch: from the first compute op not yet in a kernel, the
 * longest run of consecutive compute ops (within a window, never across an
 * op with effects the front end does not know) that one template accepts
 * becomes a kernel.  Acceptance is the single-kernel front end's own:
 * recognition, the problem stage and template selection on the run's
 * sub-function, so a run is fused exactly when a template fuses it (a
 * GEMM with its prologues and epilogue, a chain, attention), and a run that
 * writes two live buffers is not one kernel.  An op no run starting at it
 * takes stays on the host, with the reason it was refused alone. */
#include "Partition/Partition.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs longer than this are not tried: the longest fused forms
 * (attention, a chain with its prologues and epilogue) take about ten
 * compute ops. */
#define FE_MUNCH_WINDOW 14

static bool op_between(MlirOperation a, MlirOperation x, MlirOperation b) {
  return mlirBlockEqual(mlirOperationGetBlock(x), mlirOperationGetBlock(a)) &&
         mlirOperationIsBeforeInBlock(a, x) &&
         mlirOperationIsBeforeInBlock(x, b);
}

/* Can compute ops a and b (a first) be in one segment: one block, and no
 * foreign op, loop or conditional between them? */
static bool one_run(const fe_partition *pt, MlirOperation a,
                    MlirOperation b) {
  if (!mlirBlockEqual(mlirOperationGetBlock(a), mlirOperationGetBlock(b)))
    return false;
  for (int i = 0; i < pt->nforeign; ++i)
    if (op_between(a, pt->foreign[i], b))
      return false;
  for (int i = 0; i < pt->nbarrier; ++i)
    if (op_between(a, pt->barrier[i], b))
      return false;
  return true;
}

/* Does the kernel write a buffer another of its arguments also views?
 * Recognition sees two buffers where there is one: refused. */
static bool writes_aliased(const fe_problem *p, const fe_extract *x) {
  for (int a = 0; a < p->nargs; ++a) {
    if (!p->args[a].is_buffer || p->args[a].role == FE_ARG_INPUT)
      continue;
    MlirValue r = fe_root_buffer(x->outer[p->args[a].host]);
    for (int b = 0; b < p->nargs; ++b)
      if (b != a && p->args[b].is_buffer &&
          mlirValueEqual(fe_root_buffer(x->outer[p->args[b].host]), r))
        return true;
  }
  return false;
}

/* Tries ops[first..last] as one kernel: 1 accepted (seg filled), 0 not
 * (why says why), -1 internal error. */
static int try_segment(fe_partition *pt, int first, int last,
                       const char *name, const wmma_chip_info *chip,
                       const fe_options *o, fe_segment *seg, char *why,
                       size_t cap, MlirLocation *why_loc) {
  memset(seg, 0, sizeof *seg);
  char kname[160];
  snprintf(kname, sizeof kname, "%s_k%d", name, pt->nsegs);
  if (fe_extract_segment(mlirOperationGetBlock(pt->ops[first]), pt->ops,
                         first, last, &pt->remat, kname,
                         &seg->x)) {
    fe_why(why, cap, "the ops use more than %d buffers and scalars",
           FE_MAX_ARGS);
    return 0;
  }
  fe_problem *p = calloc(1, sizeof *p);
  fe_diag *d = malloc(sizeof *d);
  if (!p || !d) {
    free(p);
    free(d);
    fe_extract_free(&seg->x);
    return -1;
  }
  fe_graph_init(&p->g);
  snprintf(p->name, sizeof p->name, "%.*s", (int)sizeof p->name - 1, kname);
  p->func = seg->x.func;
  p->loc = mlirOperationGetLocation(pt->ops[first]);
  /* Reasons name the op the user wrote (linalg.matmul), as for the
   * whole function. */
  fe_diag_init(d, pt->user_func);
  MlirLocation where = p->loc;
  *why_loc = p->loc;
  int ok = 0;
  if (!fe_recognize(seg->x.func, seg->x.func, p, d)) {
    if (fe_problem_build(p, why, cap, &where) == 0) {
      seg->o = *o;
      seg->o.pinned = false; /* a pin describes the function as one kernel */
      fe_set_native_accumulation(p, &seg->o);
      ok = fe_select(p, chip, &seg->o, &seg->t, &seg->s, why, cap) == 0;
      if (ok && writes_aliased(p, &seg->x)) {
        ok = 0;
        fe_why(why, cap, "the ops write a buffer they also read through "
                         "another view of it");
      }
    } else {
      *why_loc = where;
    }
  } else if (d->n > 0) {
    snprintf(why, cap, "%.*s", (int)cap - 1, d->items[0].msg);
    *why_loc = d->items[0].loc;
  } else {
    fe_why(why, cap, "not recognised");
  }
  free(d);
  if (getenv("WMMA_DEBUG_PARTITION"))
    fprintf(stderr, "segment [%d, %d]: %s\n", first, last, ok ? "ok" : why);
  if (!ok) {
    fe_problem_free(p);
    free(p);
    fe_extract_free(&seg->x);
    return 0;
  }
  p->loc = mlirOperationGetLocation(pt->ops[last]);
  seg->p = p;
  seg->first = first;
  seg->last = last;
  return 1;
}

int fe_partition_build(MlirOperation norm, MlirOperation user_func,
                       const char *name,
                       const wmma_chip_info *chip, const fe_options *o,
                       fe_partition *pt) {
  memset(pt, 0, sizeof *pt);
  pt->user_func = user_func;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(norm, 0));
  int crc = fe_partition_collect(pt, body);
  if (crc)
    return crc;
  char why[FE_WHY];
  for (int i = 0; i < pt->nops;) {
    int taken = 0;
    char first_why[FE_WHY] = "";
    MlirLocation first_loc = mlirOperationGetLocation(pt->ops[i]);
    int hi = i + FE_MUNCH_WINDOW - 1 < pt->nops - 1 ? i + FE_MUNCH_WINDOW - 1
                                                    : pt->nops - 1;
    while (hi > i && !one_run(pt, pt->ops[i], pt->ops[hi]))
      --hi;
    if (pt->nsegs >= FE_MAX_SEGMENTS)
      snprintf(first_why, sizeof first_why,
               "the function already has %d kernels (a program's limit)",
               FE_MAX_SEGMENTS);
    for (int j = hi; j >= i && !taken && pt->nsegs < FE_MAX_SEGMENTS; --j) {
      why[0] = 0;
      MlirLocation wloc = first_loc;
      int rc = try_segment(pt, i, j, name, chip, o,
                           &pt->segs[pt->nsegs], why, sizeof why, &wloc);
      if (rc < 0)
        return -1;
      if (rc)
        taken = j - i + 1;
      else if (j == i) {
        snprintf(first_why, sizeof first_why, "%s", why);
        first_loc = wloc;
      }
    }
    if (taken) {
      pt->nsegs++;
      i += taken;
      continue;
    }
    fe_leftover *l = &pt->left[pt->nleft++];
    l->op = pt->ops[i];
    l->loc = first_loc; /* where the reason is: the op, or one in it */
    snprintf(l->why, sizeof l->why, "%s",
             first_why[0] ? first_why : "no template takes it");
    ++i;
  }
  return 0;
}

void fe_partition_free(fe_partition *pt) {
  for (int i = 0; i < pt->nsegs; ++i) {
    fe_extract_free(&pt->segs[i].x);
    if (pt->segs[i].p) {
      fe_problem_free(pt->segs[i].p);
      free(pt->segs[i].p);
    }
  }
  pt->nsegs = 0;
}
