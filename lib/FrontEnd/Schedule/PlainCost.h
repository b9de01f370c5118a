/* The choices of the templates without WMMA by the modelled time
 * (PlainCost.c): the VALU template's block per thread (tiled kernel) and
 * the reduction template's lanes per row (row form), its columns and row
 * groups (column form).  Each candidate's
 * work goes through the speed-of-light model (fe_modelled_costs); within
 * FE_MODEL_MARGIN of the shortest the old rule's choice stays, so shapes
 * the model does not tell apart keep their kernels. */
#ifndef WMMA_FRONTEND_SCHEDULE_PLAINCOST_H
#define WMMA_FRONTEND_SCHEDULE_PLAINCOST_H

#include "Schedule/Schedule.h"

/* The modelled time of a grid that issues no WMMA (w->wmma, w->instr
 * ignored: the L2 term takes the f16 WMMA's issue time, the rule's
 * exchange rate); seconds. */
double fe_plain_modelled(const wmma_chip_info *chip, fe_grid_work *w);

/* The VALU tiled kernel's block per thread (2, 4 or 8; f64 at most 4) by
 * the modelled time of an M x N x K product over B batch items; `old` the
 * old rule's; explain-cost remarks when explain. */
int fe_valu_choose_block(const fe_problem *p, const wmma_chip_info *chip,
                         bool explain, double M, double N, double K, double B,
                         int acc_bytes, int in_bytes, int old);

/* The modelled time of the VALU template's schedule s for p (tiled or
 * rows kernel); seconds.  The depthwise choice (Pass/DepthwiseChoice.c)
 * weighs it against the GEMM template's. */
double fe_valu_modelled(const fe_problem *p, const wmma_chip_info *chip,
                        const fe_schedule *s);

/* The VALU rows kernel's lanes per output (32, 64, 128 or 256: a wave to
 * the workgroup striding over K, 256 / lanes outputs per workgroup) by the
 * modelled time; `old` the old rule's; s the schedule so far (its
 * accumulator); explain-cost remarks when explain. */
int fe_valu_choose_group(const fe_problem *p, const wmma_chip_info *chip,
                         bool explain, const fe_schedule *s, int old);

/* A reduction candidate (row form): rows per workgroup P, lanes per row Q,
 * elements per access V. */
typedef struct {
  int P, Q, V;
  double cost; /* modelled seconds */
} fe_red_cand;

/* The reduction row form's lanes per row (32..256) by the modelled time:
 * rows of L elements, fast_n rows along the fast dim, `rest` the product
 * of the other outer dims; c[0] on entry the old rule's (P, Q, V).
 * Returns the chosen candidate in *c; explain-cost remarks when explain. */
void fe_red_choose_lanes(const fe_problem *p, const wmma_chip_info *chip,
                         bool explain, double L, double fast_n, double rest,
                         bool regs_ok, fe_red_cand *c);

/* The reduction column form's columns per workgroup P (32 or 64) and lane
 * groups splitting the rows Q (P x Q from 256 to 1024 lanes) by the
 * modelled time; c[0] on entry the old rule's; the chosen in *c. */
void fe_red_choose_columns(const fe_problem *p, const wmma_chip_info *chip,
                           bool explain, double L, double fast_n, double rest,
                           fe_red_cand *c);

#endif /* WMMA_FRONTEND_SCHEDULE_PLAINCOST_H */
