/* Cross-lane planner: every relayout between layouts of the same logical
 * tile is simulated on tagged data and checked element by element against
 * the destination's coordinates; plus the costs hardware.md implies. */
#include "TestUtil.h"

#include <stdint.h>

#define MAX_DESCS 512

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rng(void) {
  /* xorshift64*: deterministic, good enough for tags. */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

/* Coordinates of a descriptor, precomputed: coord[l][v] = row*64+col or -1. */
typedef struct {
  wmma_frag_desc desc;
  int len, rows, cols;
  int coord[32][32];
} frag_table;

static void build_table(frag_table *t, const wmma_frag_desc *d) {
  t->desc = *d;
  t->len = wmma_frag_length(d);
  wmma_frag_dims(d, &t->rows, &t->cols);
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < 32; ++v) {
      int r, c;
      t->coord[l][v] =
          v < t->len && wmma_frag_coord(d, l, v, &r, &c) ? r * 64 + c : -1;
    }
}

static void describe(char *buf, size_t n, const wmma_frag_desc *d) {
  snprintf(buf, n, "%s %s %s %s op%d tr%d", wmma_arch_name(d->arch),
           test_instrs[d->instr].isa_name, wmma_matrix_name(d->matrix),
           wmma_layout_name(d->layout), d->opsel, d->transposed);
}

static uint32_t get_value(const uint32_t *words, int v, int eb) {
  uint32_t mask = eb == 32 ? 0xffffffffu : (1u << eb) - 1u;
  return (words[v * eb / 32] >> ((v * eb) % 32)) & mask;
}

static void put_value(uint32_t *words, int v, int eb, uint32_t value) {
  uint32_t mask = eb == 32 ? 0xffffffffu : (1u << eb) - 1u;
  int w = v * eb / 32, b = (v * eb) % 32;
  words[w] = (words[w] & ~(mask << b)) | ((value & mask) << b);
}

/* Structural invariants of a plan, independent of the data. */
static void check_plan_shape(const wmma_plan *p, const frag_table *src,
                             const frag_table *dst,
                             wmma_xlane_strategy strategy, const char *what) {
  int eb = test_bits(expect_elem(dst->desc.instr, dst->desc.matrix));
  int per_word = 32 / eb;
  CHECK(p->src_len == src->len && p->dst_len == dst->len, "%s lengths", what);
  CHECK(p->elem_bits == eb, "%s elem_bits %d", what, p->elem_bits);
  CHECK(p->src_words == (src->len * eb + 31) / 32, "%s src_words", what);
  int nx = 0, nb = 0, cross = 0;
  for (int f = 0; f < p->nfetch; ++f) {
    const wmma_fetch *fe = &p->fetches[f];
    CHECK(fe->word >= 0 && fe->word < p->src_words, "%s fetch word", what);
    nx += fe->kind == WMMA_FETCH_XOR16;
    nb += fe->kind == WMMA_FETCH_BPERMUTE;
    cross += fe->kind != WMMA_FETCH_SELF;
  }
  CHECK(p->n_permlanex16 == nx && p->n_bpermute == nb, "%s fetch counts",
        what);
  CHECK(p->in_lane == !cross, "%s in_lane", what);
  if (strategy == WMMA_XLANE_BPERMUTE)
    CHECK(nx == 0, "%s: bpermute strategy uses permlanex16", what);
  uint32_t covered[32] = {0};
  int picks_per_value[32] = {0};
  for (int i = 0; i < p->npick; ++i) {
    const wmma_pick *pk = &p->picks[i];
    CHECK(pk->dst_value >= 0 && pk->dst_value < dst->len, "%s pick value",
          what);
    CHECK(pk->fetch >= 0 && pk->fetch < p->nfetch, "%s pick fetch", what);
    CHECK(pk->sub >= 0 && pk->sub < per_word, "%s pick sub", what);
    if (pk->dst_value < 0 || pk->dst_value >= 32 || pk->fetch < 0 ||
        pk->fetch >= p->nfetch)
      continue;
    CHECK((covered[pk->dst_value] & pk->lanes) == 0, "%s overlapping picks",
          what);
    covered[pk->dst_value] |= pk->lanes;
    ++picks_per_value[pk->dst_value];
    const wmma_fetch *fe = &p->fetches[pk->fetch];
    if (fe->kind == WMMA_FETCH_BPERMUTE)
      for (int l = 0; l < 32; ++l)
        if (pk->lanes & (1u << l))
          CHECK(fe->src_lane[l] >= 0 && fe->src_lane[l] < 32,
                "%s bpermute lane %d undefined", what, l);
  }
  int selects = 0;
  for (int v = 0; v < dst->len; ++v) {
    uint32_t used = 0;
    for (int l = 0; l < 32; ++l)
      if (dst->coord[l][v] >= 0)
        used |= 1u << l;
    CHECK(covered[v] == used, "%s value %d lanes %08x vs used %08x", what, v,
          covered[v], used);
    if (picks_per_value[v] > 1)
      selects += picks_per_value[v] - 1;
  }
  CHECK(p->n_select == selects, "%s n_select %d vs %d", what, p->n_select,
        selects);
  CHECK(p->cost == p->n_permlanex16 + 2 * p->n_bpermute + p->n_select,
        "%s cost", what);
  if (p->identity)
    CHECK(p->in_lane && p->n_select == 0, "%s identity must be free", what);
}

/* Run the plan on several tag fillings; every used dst value must carry the
 * tag of the element its layout names, every unused one stays untouched. */
static void check_plan_data(const wmma_plan *p, const frag_table *src,
                            const frag_table *dst, const char *what) {
  int eb = p->elem_bits;
  uint32_t mask = eb == 32 ? 0xffffffffu : (1u << eb) - 1u;
  /* 4-bit tags cannot be unique: rely on several random fillings. */
  int fillings = eb >= 8 ? 3 : 8;
  static uint32_t tag[32][64];
  static uint32_t s[32][32], d[32][32], before[32][32];
  for (int fill = 0; fill < fillings; ++fill) {
    for (int i = 0; i < src->rows; ++i)
      for (int j = 0; j < src->cols; ++j)
        tag[i][j] = (fill == 0 && eb >= 8 ? (uint32_t)(i * src->cols + j)
                                          : rng()) &
                    mask;
    for (int l = 0; l < 32; ++l)
      for (int w = 0; w < 32; ++w) {
        s[l][w] = rng(); /* garbage in unused slots */
        d[l][w] = before[l][w] = rng();
      }
    for (int l = 0; l < 32; ++l)
      for (int v = 0; v < src->len; ++v)
        if (src->coord[l][v] >= 0)
          put_value(s[l], v, eb,
                    tag[src->coord[l][v] / 64][src->coord[l][v] % 64]);
    wmma_plan_simulate(p, (const uint32_t(*)[32])s, d);
    int bad = 0;
    for (int l = 0; l < 32 && !bad; ++l)
      for (int v = 0; v < dst->len; ++v) {
        uint32_t got = get_value(d[l], v, eb);
        int c = dst->coord[l][v];
        uint32_t want = c >= 0 ? tag[c / 64][c % 64] : get_value(before[l], v, eb);
        if (got != want) {
          CHECK(got == want, "%s fill %d lane %d value %d: got %x want %x "
                             "(element %d,%d)",
                what, fill, l, v, got, want, c / 64, c % 64);
          bad = 1;
          break;
        }
      }
    /* Words past the fragment are never written. */
    int dst_words = (dst->len * eb + 31) / 32;
    for (int l = 0; l < 32; ++l)
      for (int w = dst_words; w < 32; ++w)
        if (d[l][w] != before[l][w]) {
          CHECK(0, "%s wrote past the fragment", what);
          l = 32;
          break;
        }
    if (!bad)
      CHECK(1, "ok");
  }
}

static int plans_run, transposes_planned;

/* 1 if every element a dst lane needs is held by src lane l or l^16; the
 * others are cross-lane transposes (planned with ds_bpermute). */
static int within_lane_pair(const frag_table *src, const frag_table *dst) {
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < dst->len; ++v) {
      int c = dst->coord[l][v];
      if (c < 0)
        continue;
      int found = 0;
      for (int sv = 0; sv < src->len && !found; ++sv)
        found = src->coord[l][sv] == c || src->coord[l ^ 16][sv] == c;
      if (!found)
        return 0;
    }
  return 1;
}

static void check_pair(const frag_table *src, const frag_table *dst) {
  if (src->rows != dst->rows || src->cols != dst->cols)
    return;
  char a[128], b[128], what[300];
  describe(a, sizeof(a), &src->desc);
  describe(b, sizeof(b), &dst->desc);
  for (int s = 0; s < 2; ++s) {
    wmma_xlane_strategy strategy = (wmma_xlane_strategy)s;
    snprintf(what, sizeof(what), "[%s -> %s, %s]", a, b,
             wmma_xlane_strategy_name(strategy));
    static wmma_plan plan;
    char msg[256] = "";
    int rc = wmma_plan_relayout(&src->desc, &dst->desc, strategy, &plan, msg,
                                sizeof(msg));
    /* Full cross-lane transposes must be planned too (wmma.transpose
     * shuffle); they are counted separately. */
    if (!within_lane_pair(src, dst))
      ++transposes_planned;
    CHECK(rc == 0, "%s: %s", what, msg);
    if (rc != 0)
      continue;
    ++plans_run;
    check_plan_shape(&plan, src, dst, strategy, what);
    check_plan_data(&plan, src, dst, what);
    /* A layout onto itself is the identity. */
    if (memcmp(&src->desc, &dst->desc, sizeof(src->desc)) == 0)
      CHECK(plan.identity && plan.in_lane && plan.cost == 0,
            "%s should be identity", what);
  }
}

static int plan(wmma_frag_desc src, wmma_frag_desc dst,
                wmma_xlane_strategy s, wmma_plan *p) {
  char msg[256] = "";
  int rc = wmma_plan_relayout(&src, &dst, s, p, msg, sizeof(msg));
  CHECK(rc == 0, "plan failed: %s", msg);
  return rc;
}

static void check_costs(void) {
  static wmma_plan p;
  const wmma_arch R3 = WMMA_ARCH_RDNA3, R4 = WMMA_ARCH_RDNA4;
  const wmma_instr F32F16 = WMMA_INSTR_F32_16X16X16_F16;
  const wmma_instr F16F16 = WMMA_INSTR_F16_16X16X16_F16;
  wmma_frag_desc compact_a = {R3, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_COMPACT,
                              0, 0};
  wmma_frag_desc hw_a3 = {R3, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 0, 0};
  /* Expansion: the 8 compact f16 values are 4 words; the missing half of
   * each row comes from lane l^16. */
  if (plan(compact_a, hw_a3, WMMA_XLANE_PERMLANEX16, &p) == 0) {
    CHECK(p.n_permlanex16 == 4 && p.n_bpermute == 0 && !p.in_lane,
          "expand permlanex16: %d permlanex16, %d bpermute", p.n_permlanex16,
          p.n_bpermute);
    CHECK(p.n_select == 16, "expand: one select per value, got %d",
          p.n_select);
  }
  /* All-bpermute: one bpermute per (word, lane-half pattern), no selects. */
  if (plan(compact_a, hw_a3, WMMA_XLANE_BPERMUTE, &p) == 0)
    CHECK(p.n_bpermute == 8 && p.n_select == 0 && p.n_permlanex16 == 0 &&
              p.cost == 16,
          "expand bpermute: %d bpermute, %d selects", p.n_bpermute,
          p.n_select);
  /* The reverse (dropping the replica) stays in lane, but the high half
   * reads other words than the low half: one select per value. */
  if (plan(hw_a3, compact_a, WMMA_XLANE_PERMLANEX16, &p) == 0)
    CHECK(p.in_lane && p.n_select == 8 && p.cost == 8 && !p.identity,
          "compact from hw: %d selects", p.n_select);

  /* RDNA4 chaining: D of the swapped product is a KCONTIG A fragment. */
  wmma_frag_desc d4t = {R4, F32F16, WMMA_MATRIX_D, WMMA_LAYOUT_HW, 0, 1};
  wmma_frag_desc a4k = {R4, F16F16, WMMA_MATRIX_A, WMMA_LAYOUT_KCONTIG, 0, 0};
  wmma_frag_desc a4h = {R4, F16F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 0, 0};
  for (int s = 0; s < 2; ++s)
    if (plan(d4t, a4k, (wmma_xlane_strategy)s, &p) == 0)
      CHECK(p.in_lane && p.cost == 0 && p.identity && p.elem_bits == 16,
            "rdna4 D^T -> A kcontig in lane");
  /* ...but not the hardware K order (blocks of 4 alternate halves). */
  if (plan(d4t, a4h, WMMA_XLANE_PERMLANEX16, &p) == 0)
    CHECK(!p.in_lane && p.n_permlanex16 > 0 && p.n_bpermute == 0,
          "rdna4 D^T -> A hw crosses halves");

  /* RDNA3 chaining: lane l holds D[r][2v+h]; packed to f16 that is 4 words
   * exchanged with lane l^16. */
  wmma_frag_desc d3t = {R3, F32F16, WMMA_MATRIX_D, WMMA_LAYOUT_HW, 0, 1};
  wmma_frag_desc a3h = {R3, F16F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 0, 0};
  if (plan(d3t, a3h, WMMA_XLANE_PERMLANEX16, &p) == 0)
    CHECK(p.n_permlanex16 == 4 && p.n_bpermute == 0 && p.elem_bits == 16 &&
              p.src_words == 4,
          "rdna3 D^T -> A: %d permlanex16, %d bpermute", p.n_permlanex16,
          p.n_bpermute);
  /* Without the swap it is a full cross-lane transpose: planned, but with
   * many ds_bpermute (the reason to compute the first product swapped). */
  wmma_frag_desc d3 = d3t;
  d3.transposed = 0;
  if (plan(d3, a3h, WMMA_XLANE_PERMLANEX16, &p) == 0)
    CHECK(!p.in_lane && p.n_bpermute >= 16 && p.cost > 32,
          "rdna3 D -> A is a transpose: %d bpermute, cost %d", p.n_bpermute,
          p.cost);
  /* The shuffle transpose of a 16-bit RDNA4 A fragment: one bpermute per
   * word at least, simulated exactly like every other plan above. */
  wmma_frag_desc a4kt = a4k;
  a4kt.transposed = 1;
  if (plan(a4kt, a4k, WMMA_XLANE_BPERMUTE, &p) == 0)
    CHECK(!p.in_lane && p.n_bpermute >= 4 && p.n_permlanex16 == 0,
          "rdna4 A transpose: %d bpermute", p.n_bpermute);

  /* Same descriptor: identity everywhere. */
  if (plan(hw_a3, hw_a3, WMMA_XLANE_BPERMUTE, &p) == 0)
    CHECK(p.identity && p.in_lane && p.cost == 0 && p.nfetch == 8,
          "identity");

  /* Failures. */
  char msg[256] = "";
  wmma_frag_desc a32 = {R4, WMMA_INSTR_I32_16X16X32_IU4, WMMA_MATRIX_A,
                        WMMA_LAYOUT_HW, 0, 0};
  CHECK(wmma_plan_relayout(&a4h, &a32, WMMA_XLANE_PERMLANEX16, &p, msg,
                           sizeof(msg)) == -1,
        "dims differ");
  CHECK_CONTAINS(msg, "dims differ");
  wmma_frag_desc bad = {R4, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_COMPACT, 0, 0};
  CHECK(wmma_plan_relayout(&bad, &a4h, WMMA_XLANE_PERMLANEX16, &p, msg,
                           sizeof(msg)) == -1,
        "invalid source");
  CHECK_CONTAINS(msg, "invalid source fragment");
  CHECK(wmma_plan_relayout(&a4h, &bad, WMMA_XLANE_PERMLANEX16, &p, msg,
                           sizeof(msg)) == -1,
        "invalid destination");
  CHECK_CONTAINS(msg, "invalid destination fragment");
}

int test_planner(void) {
  static wmma_frag_desc descs[MAX_DESCS];
  static frag_table tables[MAX_DESCS];
  for (int arch = WMMA_ARCH_RDNA3; arch <= WMMA_ARCH_RDNA4; ++arch) {
    int n = all_frag_descs((wmma_arch)arch, descs, MAX_DESCS);
    for (int i = 0; i < n; ++i)
      build_table(&tables[i], &descs[i]);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const wmma_frag_desc *s = &descs[i], *d = &descs[j];
        int same_instr = s->instr == d->instr;
        /* Chaining across instructions: an accumulator feeding an operand
         * (with in-lane conversion to the operand's element type). */
        int chain = (s->matrix == WMMA_MATRIX_C || s->matrix == WMMA_MATRIX_D) &&
                    (d->matrix == WMMA_MATRIX_A || d->matrix == WMMA_MATRIX_B);
        if (same_instr || chain)
          check_pair(&tables[i], &tables[j]);
      }
  }
  CHECK(plans_run > 1000, "only %d plans", plans_run);
  CHECK(transposes_planned > 0, "no cross-lane transpose was planned");
  printf("planner: %d plans simulated, %d of them cross-lane transposes\n",
         plans_run, transposes_planned);
  check_costs();
  return 0;
}
