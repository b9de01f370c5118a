/* The decode template's plan by the modelled time (DecodeCost.c): each
 * (column tiles per wave, waves along K, workgroups along K) candidate
 * the byte rule admits is charged its wave instructions and both
 * launches' modelled time. */
#ifndef WMMA_FRONTEND_SCHEDULE_DECODECOST_H
#define WMMA_FRONTEND_SCHEDULE_DECODECOST_H

#include "Templates/DecodeSplit.h"

/* Fills c->instr (the modelled wave instructions), c->time (both
 * launches' modelled seconds: the split's combine included) and c->simd
 * (their SIMD bound) for the candidate c of problem p on chip. */
void fe_decode_model(const fe_problem *p, const wmma_chip_info *chip,
                     fe_decode_choice *c);

/* Whether the instruction fit covers p's weights: no prologue (f16,
 * bf16) or int4 packed along K; else the byte rule's choice stands. */
bool fe_decode_model_fitted(const fe_problem *p);

/* The explain-cost remark of candidate c ("candidate" or "chosen"). */
void fe_decode_explain(const fe_problem *p, const fe_decode_choice *c,
                       const char *what, bool old);

#endif /* WMMA_FRONTEND_SCHEDULE_DECODECOST_H */
