/* The pass's own helpers (LinalgToKernels.c), shared with the conversion
 * of programs (ConvertProgram.c). */
#ifndef WMMA_FRONTEND_PASS_PASS_H
#define WMMA_FRONTEND_PASS_PASS_H

#include "FrontEnd.h"

/* Errors (not remarks) for buffers kernels cannot address and grids a
 * dispatch cannot express; 0 or -1. */
int fe_check_limits(const fe_problem *p);
int fe_check_grid(const fe_problem *p, const fe_schedule *s);
/* CSE on op (anchored at `anchor`); false if it failed. */
bool fe_tidy(MlirOperation op, const char *anchor);

/* A function that is not one kernel, as a program of several (see
 * Partition/Partition.h): 1 converted (remarks at what stays on the host),
 * 0 not (the caller reports d: in whole-function mode, what no kernel
 * takes; else the whole function's obstacles), -1 error.  d may be NULL
 * (the function was one problem no template builds: its remark stands).  norm is the normalized function (its ops are moved
 * into func on success). */
int fe_convert_program(MlirOperation func, MlirOperation norm,
                       const fe_options *o, const wmma_chip_info *chip,
                       fe_diag *d);

/* A schedule that splits the work across workgroups whose partials a
 * second kernel combines (ConvertSplit.c): decode attention's KV split,
 * decode's K split.  Is it one, and its two kernels, the workspace and the
 * host launching them; 0, or -1 after an error at func. */
bool fe_is_split(const fe_template *t, const fe_schedule *s);
int fe_convert_split(MlirOperation func, const fe_problem *p,
                     const fe_template *t, const fe_schedule *s,
                     const fe_options *o, const wmma_chip_info *chip);

/* A depthwise convolution with a channel multiplier that the WMMA
 * analysis took (fe_problem.valu_alternative) and fe_select gave the gemm
 * template: the VALU problem of the same function replaces *p (and *t,
 * *s) when the cost rule values the VALU template lower
 * (DepthwiseChoice.c).  0, or -1 on an error. */
int fe_depthwise_choice(MlirOperation func, MlirOperation norm,
                        fe_problem **p, const fe_options *fo,
                        const wmma_chip_info *chip, const fe_template **t,
                        fe_schedule *s);

/* DepthwiseChoice.c: the VALU problem of func (normalized as norm) that
 * p was built from, or NULL (the VALU template cannot take it, or out of
 * memory). */
fe_problem *fe_valu_problem_of(MlirOperation func, MlirOperation norm,
                               const fe_problem *p, const fe_options *fo);

/* A matrix-vector product taken as a GEMM of one token
 * (Problem/ProblemVector.c) that no WMMA template builds (fe_select
 * failed with why): the VALU problem of the same function replaces *p and
 * is selected into *t, *s.  0, or -1 (why kept). */
int fe_vector_fallback(MlirOperation func, MlirOperation norm,
                       fe_problem **p, const fe_options *fo,
                       const wmma_chip_info *chip, const fe_template **t,
                       fe_schedule *s, char *why, size_t cap);

#endif /* WMMA_FRONTEND_PASS_PASS_H */
