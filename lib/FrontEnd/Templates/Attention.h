/* What the attention templates (Attention.c: prefill, DecodeAttention.c:
 * flash decoding) share, in AttentionCommon.c: the score tile evaluated
 * from the first product's accumulator, and the row operations of the
 * online softmax on the transposed (key-major) accumulator layout. */
#ifndef WMMA_FRONTEND_TEMPLATES_ATTENTION_H
#define WMMA_FRONTEND_TEMPLATES_ATTENTION_H

#include "Kernel/Kernel.h"

/* The scores (the problem's score node) on tile t from the first
 * product's accumulator s; with key_tail, keys at or past the key count
 * are -inf. */
MlirValue fe_att_scores(fe_kb *kb, const fe_gemm *g1, const fe_tile *t,
                        MlirValue s, bool key_tail);
/* The same with node (a score node, or an operand of the score's causal
 * select) in place of the problem's score node. */
MlirValue fe_att_scores_of(fe_kb *kb, const fe_gemm *g1, const fe_tile *t,
                           MlirValue s, int node, bool key_tail);
/* The 16x16x16 WMMA of the scores' operand type accumulating in f32
 * (WMMA_INSTR_COUNT when the chip has none). */
wmma_instr fe_att_instr(const wmma_chip_info *chip, const fe_gemm *g1);
/* op over a row's 16 keys: 8 in the lane's slots, 8 in lane l ^ 16. */
MlirValue fe_att_row_combine(fe_kb *kb, const char *op, MlirValue v);
/* A row's scalar on every slot of an f32 accumulator fragment. */
MlirValue fe_att_splat(fe_kb *kb, MlirValue x);
/* e^(x - m) for the online softmax (x f32 or the accumulator vector, m the
 * lane's f32 shift): 2^(x log2 e - m log2 e), one fma and one v_exp_f32
 * (rocdl.exp2) per element, not math.exp's range reduction. */
MlirValue fe_att_exp_minus(fe_kb *kb, MlirValue x, MlirValue m);
/* e^(c (x - m)) for c > 0 the same way, c log2 e folded into the fma's
 * constant: the scores' scale applied in the exponential, the max taken
 * on the unscaled scores. */
MlirValue fe_att_exp_scaled_minus(fe_kb *kb, MlirValue x, MlirValue m,
                                  double c);
/* The same in two steps: the shift -c log2 e m, then 2^(x c log2 e +
 * shift) per element with the even slots' shift sh0 and the odd slots'
 * sh1 (one value in two VGPRs lets VOPD pair the fmas, as rescale's
 * copies do for the O^T multiplies). */
MlirValue fe_att_exp_shift(fe_kb *kb, MlirValue m, double c);
MlirValue fe_att_exp_shifted(fe_kb *kb, MlirValue x, double c, MlirValue sh0,
                             MlirValue sh1);

/* AttentionScores.c: the score node's forms.  The select's operand taken
 * where the key does not exceed the query (a causal mask written
 * select(cmpi(key, query), x, -inf)), or -1; fe_att_causal: is there one. */
int fe_att_causal_unmasked(const fe_graph *g, int score);
bool fe_att_causal(const fe_graph *g, int score);
/* The positive finite scale c of scores written as the first product
 * times c (f32, either order), 0 otherwise. */
double fe_att_score_factor(const fe_problem *p, int node);
/* Is node the first product, or it times such a scale? (the problem's
 * score node: fe_att_plain_scores) */
bool fe_att_plain_node(const fe_problem *p, int node);
bool fe_att_plain_scores(const fe_problem *p);

#endif /* WMMA_FRONTEND_TEMPLATES_ATTENTION_H */
