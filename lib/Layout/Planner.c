/* Cross-lane relayout planner: turns "dst (lane, value) needs logical element
 * (i, j)" into a short program of word fetches (own lane, lane^16 via
 * v_permlanex16, or any lane via ds_bpermute) and per-lane picks. */
#include "wmma/Layout/Layout.h"

#include "Internal.h"

#include <string.h>

/* Largest logical tile: 16 x 32 (iu4 K32 A). */
#define MAX_TILE_ELEMS 512

/* Where one dst slot comes from. */
typedef struct {
  int used;
  int src_lane;
  int word, sub;
  wmma_fetch_kind kind;
} slot_source;

/* Index of a fetch equal/compatible with the request, appending a new one
 * if needed; -1 if the fetch table is full.  BPERMUTE fetches of the same
 * word merge when their lane tables agree wherever both are defined. */
static int find_or_add_fetch(wmma_plan *plan, wmma_fetch_kind kind, int word,
                             const int8_t table[32]) {
  for (int f = 0; f < plan->nfetch; ++f) {
    wmma_fetch *fetch = &plan->fetches[f];
    if (fetch->kind != kind || fetch->word != word)
      continue;
    if (kind != WMMA_FETCH_BPERMUTE)
      return f;
    int compatible = 1;
    for (int l = 0; l < 32 && compatible; ++l)
      if (table[l] >= 0 && fetch->src_lane[l] >= 0 &&
          table[l] != fetch->src_lane[l])
        compatible = 0;
    if (!compatible)
      continue;
    for (int l = 0; l < 32; ++l)
      if (table[l] >= 0)
        fetch->src_lane[l] = table[l];
    return f;
  }
  if (plan->nfetch >= WMMA_PLAN_MAX_FETCH)
    return -1;
  wmma_fetch *fetch = &plan->fetches[plan->nfetch];
  fetch->kind = kind;
  fetch->word = word;
  for (int l = 0; l < 32; ++l)
    fetch->src_lane[l] = kind == WMMA_FETCH_BPERMUTE ? table[l] : -1;
  return plan->nfetch++;
}

int wmma_relayout_check(const wmma_frag_desc *src, const wmma_frag_desc *dst,
                        char *msg, size_t msg_len) {
  char why[160];
  if (wmma_frag_check(src, why, sizeof(why)) != 0) {
    wmma_set_msg(msg, msg_len, "invalid source fragment: %s", why);
    return -1;
  }
  if (wmma_frag_check(dst, why, sizeof(why)) != 0) {
    wmma_set_msg(msg, msg_len, "invalid destination fragment: %s", why);
    return -1;
  }
  int src_rows, src_cols, rows, cols;
  wmma_frag_dims(src, &src_rows, &src_cols);
  wmma_frag_dims(dst, &rows, &cols);
  if (src_rows != rows || src_cols != cols) {
    wmma_set_msg(msg, msg_len,
                 "logical tile dims differ: source is %dx%d, destination %dx%d",
                 src_rows, src_cols, rows, cols);
    return -1;
  }
  return 0;
}

int wmma_plan_relayout(const wmma_frag_desc *src, const wmma_frag_desc *dst,
                       wmma_xlane_strategy strategy, wmma_plan *plan, char *msg,
                       size_t msg_len) {
  if (!plan) {
    wmma_set_msg(msg, msg_len, "null plan");
    return -1;
  }
  memset(plan, 0, sizeof(*plan));
  if (wmma_relayout_check(src, dst, msg, msg_len) != 0)
    return -1;
  if (strategy != WMMA_XLANE_PERMLANEX16 && strategy != WMMA_XLANE_BPERMUTE) {
    wmma_set_msg(msg, msg_len, "invalid cross-lane strategy");
    return -1;
  }
  int rows, cols;
  wmma_frag_dims(dst, &rows, &cols);
  int eb = wmma_elem_bits(wmma_frag_elem(dst));
  int per_word = 32 / eb;
  plan->src_len = wmma_frag_length(src);
  plan->dst_len = wmma_frag_length(dst);
  plan->elem_bits = eb;
  plan->src_words = (plan->src_len * eb + 31) / 32;
  if (plan->src_len > WMMA_PLAN_MAX_VALUES ||
      plan->dst_len > WMMA_PLAN_MAX_VALUES) {
    wmma_set_msg(msg, msg_len, "fragment longer than %d values",
                 WMMA_PLAN_MAX_VALUES);
    return -1;
  }

  /* where[e][lane]: the (first) source value of that lane holding logical
   * element e, or -1. */
  static const int8_t none = -1;
  int8_t where[MAX_TILE_ELEMS][32];
  memset(where, none, sizeof(where));
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < plan->src_len; ++v) {
      int i, j;
      if (!wmma_frag_coord(src, l, v, &i, &j))
        continue;
      int e = i * cols + j;
      if (where[e][l] < 0)
        where[e][l] = (int8_t)v;
    }

  plan->identity = plan->src_len == plan->dst_len;
  for (int v = 0; v < plan->dst_len; ++v) {
    slot_source slot[32];
    for (int l = 0; l < 32; ++l) {
      slot[l].used = 0;
      int i, j;
      if (!wmma_frag_coord(dst, l, v, &i, &j))
        continue;
      int e = i * cols + j;
      /* Prefer the own lane (free), then the other half (permlanex16),
       * then the lowest lane holding the element. */
      int sl = -1;
      if (where[e][l] >= 0)
        sl = l;
      else if (where[e][l ^ 16] >= 0)
        sl = l ^ 16;
      else
        for (int c = 0; c < 32 && sl < 0; ++c)
          if (where[e][c] >= 0)
            sl = c;
      if (sl < 0) {
        wmma_set_msg(
            msg, msg_len,
            "element (%d, %d) needed by destination lane %d value %d is "
            "not present in the source",
            i, j, l, v);
        return -1;
      }
      int sv = where[e][sl];
      if (sl != l || sv != v)
        plan->identity = 0;
      slot[l].used = 1;
      slot[l].src_lane = sl;
      slot[l].word = sv / per_word;
      slot[l].sub = sv % per_word;
      if (sl == l)
        slot[l].kind = WMMA_FETCH_SELF;
      else if (sl == (l ^ 16) && strategy == WMMA_XLANE_PERMLANEX16)
        slot[l].kind = WMMA_FETCH_XOR16;
      else
        slot[l].kind = WMMA_FETCH_BPERMUTE;
    }
    /* All-bpermute strategy: own-lane reads of a word that is bpermuted
     * anyway for this value ride along in the same bpermute (src = l), which
     * saves the select that would merge the two. */
    if (strategy == WMMA_XLANE_BPERMUTE)
      for (int l = 0; l < 32; ++l) {
        if (!slot[l].used || slot[l].kind != WMMA_FETCH_SELF)
          continue;
        for (int o = 0; o < 32; ++o)
          if (slot[o].used && slot[o].kind == WMMA_FETCH_BPERMUTE &&
              slot[o].src_lane != o && slot[o].word == slot[l].word &&
              slot[o].sub == slot[l].sub) {
            slot[l].kind = WMMA_FETCH_BPERMUTE;
            break;
          }
      }
    /* Group lanes with the same (word, sub, relation) into one pick. */
    uint32_t done = 0;
    int picks_for_value = 0;
    for (int l = 0; l < 32; ++l) {
      if (!slot[l].used || (done & (1u << l)))
        continue;
      uint32_t lanes = 0;
      int8_t table[32];
      for (int o = 0; o < 32; ++o) {
        table[o] = -1;
        if (slot[o].used && !(done & (1u << o)) &&
            slot[o].kind == slot[l].kind && slot[o].word == slot[l].word &&
            slot[o].sub == slot[l].sub) {
          lanes |= 1u << o;
          table[o] = (int8_t)slot[o].src_lane;
        }
      }
      done |= lanes;
      int f = find_or_add_fetch(plan, slot[l].kind, slot[l].word, table);
      if (f < 0 || plan->npick >= WMMA_PLAN_MAX_PICKS) {
        /* Only full cross-lane transposes get here: every lane needs one
         * element from each of 16 lanes, at a lane-dependent word. */
        wmma_set_msg(
            msg, msg_len,
            "relayout exceeds the plan limits (%d fetches, %d picks): "
            "it is a cross-lane transpose; transpose in registers with "
            "a WMMA against identity instead",
            WMMA_PLAN_MAX_FETCH, WMMA_PLAN_MAX_PICKS);
        return -1;
      }
      wmma_pick *pick = &plan->picks[plan->npick++];
      pick->dst_value = v;
      pick->lanes = lanes;
      pick->fetch = f;
      pick->sub = slot[l].sub;
      ++picks_for_value;
    }
    if (picks_for_value > 1)
      plan->n_select += picks_for_value - 1;
  }

  plan->in_lane = 1;
  for (int f = 0; f < plan->nfetch; ++f) {
    if (plan->fetches[f].kind == WMMA_FETCH_XOR16)
      ++plan->n_permlanex16;
    else if (plan->fetches[f].kind == WMMA_FETCH_BPERMUTE)
      ++plan->n_bpermute;
    if (plan->fetches[f].kind != WMMA_FETCH_SELF)
      plan->in_lane = 0;
  }
  plan->cost = plan->n_permlanex16 + 2 * plan->n_bpermute + plan->n_select;
  return 0;
}

void wmma_plan_simulate(const wmma_plan *plan, const uint32_t src[32][32],
                        uint32_t dst[32][32]) {
  if (!plan || !src || !dst || plan->elem_bits <= 0)
    return;
  int eb = plan->elem_bits;
  uint32_t mask = eb == 32 ? 0xffffffffu : ((1u << eb) - 1u);
  for (int p = 0; p < plan->npick; ++p) {
    const wmma_pick *pick = &plan->picks[p];
    const wmma_fetch *fetch = &plan->fetches[pick->fetch];
    int dword = pick->dst_value * eb / 32, dbit = (pick->dst_value * eb) % 32;
    for (int l = 0; l < 32; ++l) {
      if (!(pick->lanes & (1u << l)))
        continue;
      int sl = fetch->kind == WMMA_FETCH_SELF    ? l
               : fetch->kind == WMMA_FETCH_XOR16 ? (l ^ 16)
                                                 : fetch->src_lane[l];
      if (sl < 0)
        continue;
      uint32_t value = (src[sl][fetch->word] >> (pick->sub * eb)) & mask;
      dst[l][dword] = (dst[l][dword] & ~(mask << dbit)) | (value << dbit);
    }
  }
}
