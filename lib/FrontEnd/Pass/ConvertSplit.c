/* A product split across workgroups, as two launches.  The
 * decode_attention template's schedule asks for P > 1 workgroups per KV
 * sequence (wave_n, flash decoding) when a step has too few (batch item,
 * KV head, token) workgroups to fill the chip; the decode template's asks
 * for P > 1 workgroups per column block along K (k_parts) when that loads
 * fewer bytes than narrower column blocks would.  The function becomes a
 * program of two kernels in one gpu.module @F_module: @F writes each
 * workgroup's partial (decode attention: row max, sum, unnormalised
 * output; decode: f32 partial sums) to a workspace the host allocates,
 * @F_combine merges the P partials in order (log-sum-exp; a plain sum)
 * and stores the output.  Both take every argument of the function plus
 * the workspace, so the launch records and the runner treat it as any
 * program (wmma.program, Host/ProgramRecords.c). */
#include "Host/Program.h"
#include "Pass/Pass.h"
#include "Templates/Template.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The merge kernel of decode attention: one wave per workgroup of the
 * first launch. */
static void attention_combine_schedule(const fe_problem *p,
                                       const fe_schedule *s,
                                       fe_schedule *s2) {
  *s2 = *s;
  s2->combine = true;
  s2->waves_m = 1;
  s2->threads = 32;
  s2->lds_bytes = 0;
  s2->grid[1].nterms = 0;
}

bool fe_is_split(const fe_template *t, const fe_schedule *s) {
  return (t == &fe_template_decode_attention && s->wave_n > 1) ||
         (t == &fe_template_decode && s->k_parts > 1);
}

int fe_convert_split(MlirOperation func, const fe_problem *p,
                     const fe_template *t, const fe_schedule *s,
                     const fe_options *o, const wmma_chip_info *chip) {
  fe_problem *p1 = malloc(sizeof *p1), *p2 = malloc(sizeof *p2);
  const bool attn = t == &fe_template_decode_attention;
  int rc = -1;
  if (!p1 || !p2 || p->nargs >= FE_MAX_ARGS)
    goto done;
  /* Shallow copies (they share p's graph; only p frees it). */
  *p1 = *p;
  if ((attn ? fe_decode_attention_workspace
            : fe_decode_workspace)(p, s, &p1->args[p->nargs]))
    goto done;
  p1->nargs = p->nargs + 1;
  *p2 = *p1;
  /* Who writes what: the partials, then the output. */
  p1->args[p->out_arg].role = FE_ARG_INPUT;
  p2->args[p->nargs].role = FE_ARG_INPUT;
  if (strlen(p->name) + sizeof "_combine" > sizeof p2->name) {
    wmma_error(func, "wmma-linalg-to-kernels: the name @%s is too long for "
                     "its merge kernel's (@%s_combine)",
               p->name, p->name);
    goto done;
  }
  memcpy(p2->name + strlen(p->name), "_combine", sizeof "_combine");
  fe_schedule s2;
  (attn ? attention_combine_schedule : fe_decode_combine_schedule)(p, s,
                                                                    &s2);
  if (fe_check_limits(p1) || fe_check_grid(p1, s))
    goto done;
  MlirOperation gm, gm2, k[2];
  k[0] = fe_build_kernel(func, p1, t, s, o, chip, &gm);
  if (mlirOperationIsNull(k[0]))
    goto internal;
  k[1] = fe_build_kernel(func, p2, t, &s2, o, chip, &gm2);
  if (mlirOperationIsNull(k[1]))
    goto internal;
  mlirOperationRemoveFromParent(k[1]);
  mlirBlockAppendOwnedOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gm, 0)), k[1]);
  mlirOperationRemoveFromParent(gm2);
  mlirOperationDestroy(gm2);
  const fe_schedule *ss[2] = {s, &s2};
  if (fe_build_host_launches(func, p1, 2, ss, gm, k))
    goto internal;
  if (!fe_tidy(gm, "gpu.module") || !fe_tidy(func, "func.func")) {
    wmma_error(func, "wmma-linalg-to-kernels: CSE failed on @%s", p->name);
    goto done;
  }
  char why[FE_WHY];
  MlirLocation where;
  if (fe_program_number_buffers(mlirOperationGetParentOperation(func), func,
                                why, sizeof why, &where)) {
    wmma_error(func, "wmma-linalg-to-kernels: internal error: the split "
                     "%s @%s is not a program: %s",
               t->name, p->name, why);
    goto done;
  }
  rc = 0;
  goto done;
internal:
  wmma_error(func, "wmma-linalg-to-kernels: internal error while building "
                   "the split %s kernels for @%s",
             t->name, p->name);
done:
  free(p1);
  free(p2);
  return rc;
}
