/* A kernel template: whether it applies to a problem (planning its
 * schedule) and how it builds the kernel body.  Each lives in its own file
 * here; Schedule/Select.c lists them in order of preference. */
#ifndef WMMA_FRONTEND_TEMPLATES_TEMPLATE_H
#define WMMA_FRONTEND_TEMPLATES_TEMPLATE_H

#include "Schedule/Schedule.h"

struct fe_kb;
typedef struct {
  const char *name;
  /* 0 if the template applies (schedule planned), else -1 with why. */
  int (*plan)(const fe_problem *p, const wmma_chip_info *chip,
              const fe_options *o, fe_schedule *s, char *why, size_t cap);
  /* Builds the kernel body; 0 or -1 (internal error). */
  int (*build)(struct fe_kb *kb);
} fe_template;

extern const fe_template fe_template_gemm;
extern const fe_template fe_template_attention;
extern const fe_template fe_template_chain_regs;
extern const fe_template fe_template_chain_lds;

#endif /* WMMA_FRONTEND_TEMPLATES_TEMPLATE_H */
