/* What the two files of the decode-attention template share: the
 * kernel's per-workgroup values and the parts of the kernel a wave
 * computes (DecodeAttentionWave.c: Q^T's fragments, the step of one block
 * of keys, the merge of the workgroup's waves through LDS, the store of an
 * output tile), used by DecodeAttention.c (the plan, the key loop, the
 * split across workgroups and its combine kernel). */
#ifndef WMMA_FRONTEND_TEMPLATES_DECODEATTENTION_H
#define WMMA_FRONTEND_TEMPLATES_DECODEATTENTION_H

#include "Kernel/Kernel.h"

#define KB FE_ATOM_M         /* keys per block */
#define MAX_TILES 16         /* head dims up to 256 */
#define MERGE_LDS 32768      /* bytes of partial results per merge round */

typedef struct {
  int hb, group;
  MlirValue batch[2];         /* the group's first head at batch hb */
  MlirValue query;            /* the workgroup's query token */
  MlirValue qf[MAX_TILES];    /* Q^T fragments (B operands) */
  int nd, ndv;
  bool q_compact;             /* RDNA3: qf[] compact, replicated at use */
  bool masked;                /* keys may end inside a block */
} dat_t;

#define NSTATE (2 + MAX_TILES)

/* Bytes of one wave's partial result in LDS: O^T tiles and (m, l). */
static inline int64_t merge_slot_bytes(int ndv) { return (int64_t)(ndv + 1) * 32 * 8 * 4; }

static inline int merge_capacity(int split, int ndv) {
  int cap = (int)(MERGE_LDS / merge_slot_bytes(ndv));
  if (cap < 1)
    cap = 1;
  return cap < split - 1 ? cap : split - 1;
}

/* Is Q a plain load in the atom's operand type (no prologue)? */
bool fe_dattn_q_is_plain(fe_kb *kb);
/* Q^T's fragment for d in [16c, 16c + 16) (one wave's own load). */
MlirValue fe_dattn_q_fragment(fe_kb *kb, dat_t *a, int c);
/* Q^T's fragments of a workgroup of several waves, shared through LDS
 * (into a->qf).  0, or -1 on failure. */
int fe_dattn_q_shared(fe_kb *kb, dat_t *a);
/* max(m, -inf -> 0): the shift that keeps exp(-inf - shift) at 0. */
MlirValue fe_dattn_shift_of(fe_kb *kb, MlirValue m);
/* The block of keys at key0: scores, online softmax, O^T update of the
 * state st (m, l, O^T tiles). */
void fe_dattn_block(fe_kb *kb, dat_t *a, MlirValue key0, MlirValue *st);
/* The states of waves 1..S-1 merged into wave 0's st.  0, or -1. */
int fe_dattn_merge_waves(fe_kb *kb, dat_t *a, int S, MlirValue *st);
/* Output tile t2 (value dims [16 t2, 16 t2 + 16)) stored for the group's
 * heads. */
void fe_dattn_store_output(fe_kb *kb, dat_t *a, int t2, MlirValue o);

#endif
