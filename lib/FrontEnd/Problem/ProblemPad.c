/* Front end, step 2 (continued): a product operand read through a
 * zero-padded copy -- tensor.pad adding zeros at the end of its dims (K or
 * M rounded up to a multiple of 16) or at their start (low padding) -- is
 * read as masked loads of the unpadded source at the index minus the low
 * padding (zeros outside it) instead of a padded copy in memory, in
 * registers or through LDS.  Only a plain matrix operand of the single
 * product of a GEMM reads it so: prologues, epilogues and accumulators
 * evaluate elements one by one with no mask, so a padded read there is
 * refused.  A low padding of the contiguous dimension must be a multiple
 * of 16 elements (the longest run a lane loads: a 16-wide K step on
 * RDNA3, an LDS copy's vector): each vector load then lies wholly before
 * the source (out of bounds: zeros) or wholly at or after its start; a run
 * straddling the start would begin at a negative offset, which the buffer
 * load reads as out of bounds as a whole, zeroing elements it needs. */
#include "FrontEnd.h"

static int refuse(char *why, size_t cap, const char *what) {
  return fe_why(why, cap, "a zero-padded buffer (tensor.pad) is read %s; "
                          "only a product's A or B matrix read as it is "
                          "takes one (as masked loads of the unpadded "
                          "source), or a convolution's input",
                what);
}

/* Low padding only along the operand's row and K dims, and along the
 * contiguous one in whole runs of 16 elements. */
static int low_padding_unsupported(const fe_problem *p, const fe_operand *o,
                                   char *why, size_t cap) {
  const fe_arg *a = &p->args[o->arg];
  for (int d = 0; d < a->rank; ++d) {
    int64_t lo = a->pad_lo[d];
    if (!lo)
      continue;
    if (d != o->mem_row && d != o->mem_k)
      return fe_why(why, cap, "tensor.pad pads a batch dimension of a product "
                              "operand at its start; only its rows and K "
                              "take low padding as masked loads");
    if (d == a->rank - 1 && lo % 16)
      return fe_why(why, cap, "tensor.pad pads the contiguous dimension of a "
                              "product operand at its start by %lld elements, "
                              "not a multiple of 16 (a vector load would "
                              "straddle the source's start)",
                    (long long)lo);
  }
  return 0;
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
      if (low_padding_unsupported(p, o, why, cap))
        return 1;
      o->padded = true;
    }
  }
  return 0;
}
