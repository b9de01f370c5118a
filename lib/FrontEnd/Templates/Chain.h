/* What the chain templates share (ChainCommon.c): their common schedule
 * fields, the applicability check, and the intermediate evaluated on a
 * first-product tile. */
#ifndef WMMA_FRONTEND_CHAIN_H
#define WMMA_FRONTEND_CHAIN_H

#include "Kernel/Kernel.h"

/* v rounded up to a multiple of step (an atom dimension). */
int64_t fe_round_up(int64_t v, int64_t step);
/* The fields both chain templates set alike (instruction, tails, batch
 * grid, one strip per wave). */
void fe_chain_schedule(const fe_problem *p, const wmma_chip_info *chip,
                       const fe_options *o, fe_schedule *s, const char *name);
/* 0 if the problem is a chain the templates can build, else -1 and why. */
int fe_chain_check(const fe_problem *p, const wmma_chip_info *chip,
                   const fe_schedule *s, char *why, size_t cap);
/* The intermediate on tile t whose first-product accumulator is acc, with
 * columns past N0 zeroed: f32 (*is_f32: the truncation to the input type is
 * left to the caller) or the input type, as vector<8 x T>. */
MlirValue fe_chain_intermediate(fe_kb *kb, const fe_tile *t, MlirValue acc,
                                bool *is_f32);

#endif /* WMMA_FRONTEND_CHAIN_H */
