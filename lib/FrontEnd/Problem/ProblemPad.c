/* Front end, step 2 (continued): a product operand read through a
 * zero-padded copy -- tensor.pad adding zeros at the end of its dims, e.g.
 * K or M rounded up to a multiple of 16 -- is read as masked loads of the
 * unpadded source (zeros outside it) instead of a padded copy in memory.
 * Only a plain matrix operand of the single product of a GEMM reads it so:
 * prologues, epilogues and accumulators evaluate elements one by one with
 * no mask, so a padded read there is refused. */
#include "FrontEnd.h"

static int refuse(char *why, size_t cap, const char *what) {
  return fe_why(why, cap, "a zero-padded buffer (tensor.pad) is read %s; "
                          "only a product's A or B matrix read as it is "
                          "takes one (as masked loads of the unpadded "
                          "source), or a convolution's input",
                what);
}

int fe_padded_operands(fe_problem *p, char *why, size_t cap) {
  const fe_graph *g = &p->g;
  for (int a = 0; a < p->nargs; ++a) {
    if (!p->args[a].pad_read)
      continue;
    if (p->args[a].plain_read)
      return refuse(why, cap, "where its source is also read unpadded");
    if (p->shape != FE_SHAPE_GEMM || p->ngemms != 1 || p->nouts > 1)
      return refuse(why, cap, "by a function that is not one GEMM");
    if (fe_reads_arg(g, p->root, a, 0))
      return refuse(why, cap, "by the epilogue");
    fe_gemm *gm = &p->gemms[0];
    if (gm->acc >= 0 && fe_reads_arg(g, gm->acc, a, FE_WALK_PRODUCTS))
      return refuse(why, cap, "by the accumulator");
    fe_operand *ops[2] = {&gm->lhs, &gm->rhs};
    for (int i = 0; i < 2; ++i) {
      fe_operand *o = ops[i];
      if (!fe_reads_arg(g, o->node, a, FE_WALK_PRODUCTS))
        continue;
      if (o->arg != a || !o->is_load || o->k_pack != 1 || o->im2col ||
          o->permuted || p->args[a].collapsed || p->args[a].permuted)
        return refuse(why, cap, "through a prologue or a view");
      o->padded = true;
    }
  }
  return 0;
}
