/* Architecture traits against AMD's calculator data: every register-map
 * trait is derived here from the calculator's rows (the files in
 * Inputs/amd-matrix-calculator), never from the engine's own maps, and the
 * transposing-copy costs and LDS units are recomputed from those derived
 * facts.  Usage: wmma-layout-tests traits DIR (the calculator folder). */
#include "TestUtil.h"

#include <stdbool.h>
#include <stdlib.h>

typedef struct {
  char instr[48];
  char matrix;
  int row, col, lane, vgpr, lo, hi;
} calc_row;

typedef struct {
  calc_row *rows;
  int n;
} calc_data;

static int read_calc(const char *dir, const char *file, calc_data *d) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "r");
  d->rows = NULL;
  d->n = 0;
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    return -1;
  }
  char line[256];
  int cap = 0;
  if (!fgets(line, sizeof line, f)) { /* header */
    fclose(f);
    return -1;
  }
  while (fgets(line, sizeof line, f)) {
    calc_row r;
    char m[8];
    if (sscanf(line, "%47s %7s %d %d %d %d %d %d", r.instr, m, &r.row, &r.col,
               &r.lane, &r.vgpr, &r.lo, &r.hi) != 8)
      continue;
    r.matrix = m[0];
    if (d->n == cap) {
      cap = cap ? 2 * cap : 4096;
      calc_row *grown = realloc(d->rows, (size_t)cap * sizeof *grown);
      if (!grown) {
        fclose(f);
        return -1;
      }
      d->rows = grown;
    }
    d->rows[d->n++] = r;
  }
  fclose(f);
  return d->n > 0 ? 0 : -1;
}

static bool is(const calc_row *r, const char *instr, char matrix) {
  return r->matrix == matrix && strcmp(r->instr, instr) == 0;
}

/* Copies of each A/B element and whether lanes l and l + 16 hold the same
 * bits: 1 if every element of instr's A and B is in exactly two such lanes,
 * 0 if every element is in one lane, -1 otherwise. */
static int observe_replication(const calc_data *d, const char *instr) {
  int twice = 0, once = 0, other = 0;
  for (char m = 'A'; m <= 'B'; ++m)
    for (int i = 0; i < d->n; ++i) {
      const calc_row *a = &d->rows[i];
      if (!is(a, instr, m))
        continue;
      int copies = 0, mirrored = 0;
      for (int j = 0; j < d->n; ++j) {
        const calc_row *b = &d->rows[j];
        if (!is(b, instr, m) || b->row != a->row || b->col != a->col)
          continue;
        ++copies;
        mirrored |= (b->lane ^ 16) == a->lane && b->vgpr == a->vgpr &&
                    b->lo == a->lo && b->hi == a->hi;
      }
      if (copies == 2 && mirrored)
        ++twice;
      else if (copies == 1)
        ++once;
      else
        ++other;
    }
  if (other || (twice && once))
    return -1;
  return twice ? 1 : 0;
}

/* The K of A's row 0 held by lane `lane`, in register order (vgpr, bits);
 * returns the count. */
typedef struct {
  int vgpr, lo, k;
} held;

static int by_position(const void *a, const void *b) {
  const held *x = a, *y = b;
  if (x->vgpr != y->vgpr)
    return x->vgpr < y->vgpr ? -1 : 1;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

static int lane_ks(const calc_data *d, const char *instr, int lane, int *k,
                   int max) {
  held h[64];
  int n = 0;
  for (int i = 0; i < d->n && n < max && n < 64; ++i) {
    const calc_row *r = &d->rows[i];
    if (is(r, instr, 'A') && r->row == 0 && r->lane == lane)
      h[n++] = (held){r->vgpr, r->lo, r->col};
  }
  qsort(h, (size_t)n, sizeof h[0], by_position);
  for (int i = 0; i < n; ++i)
    k[i] = h[i].k;
  return n;
}

/* Registers of a matrix (highest vgpr + 1) and its highest bit used. */
static void extent(const calc_data *d, const char *instr, char m, int *vgprs,
                   int *hi) {
  *vgprs = 0;
  *hi = -1;
  for (int i = 0; i < d->n; ++i)
    if (is(&d->rows[i], instr, m)) {
      if (d->rows[i].vgpr + 1 > *vgprs)
        *vgprs = d->rows[i].vgpr + 1;
      if (d->rows[i].hi > *hi)
        *hi = d->rows[i].hi;
    }
}

static int lane_of(const calc_data *d, const char *instr, char m, int row,
                   int col) {
  for (int i = 0; i < d->n; ++i)
    if (is(&d->rows[i], instr, m) && d->rows[i].row == row &&
        d->rows[i].col == col)
      return d->rows[i].lane;
  return -1;
}

static bool has_instr_containing(const calc_data *d, const char *part) {
  for (int i = 0; i < d->n; ++i)
    if (strstr(d->rows[i].instr, part))
      return true;
  return false;
}

static void check_arch(wmma_arch arch, const calc_data *d,
                       const calc_data *swmmac) {
  const char *an = wmma_arch_name(arch);
  const wmma_arch_traits *t = wmma_arch_traits_get(arch);
  CHECK(t != NULL && t->arch == arch, "%s: traits row", an);
  if (!t)
    return;

  int max_lane = 0;
  for (int i = 0; i < d->n; ++i)
    if (d->rows[i].lane > max_lane)
      max_lane = d->rows[i].lane;
  CHECK(t->wave_size == max_lane + 1, "%s: wave size %d, calculator lanes %d",
        an, t->wave_size, max_lane + 1);

  /* Replication and K split, on every dense instruction the arch has. */
  for (int id = 0; id < WMMA_INSTR_COUNT; ++id) {
    const wmma_instr_info *ii = wmma_instr_get((wmma_instr)id);
    if (!wmma_instr_available((wmma_instr)id, arch))
      continue;
    int rep = observe_replication(d, ii->isa_name);
    CHECK(rep == t->ab_replicated, "%s %s: replication observed %d, trait %d",
          an, ii->isa_name, rep, t->ab_replicated);
    /* Split: row 0's K in lane 0 and lane 16 are disjoint halves. */
    int k0[64], k16[64];
    int n0 = lane_ks(d, ii->isa_name, 0, k0, 64);
    int n16 = lane_ks(d, ii->isa_name, 16, k16, 64);
    bool disjoint = true;
    for (int i = 0; i < n0; ++i)
      for (int j = 0; j < n16; ++j)
        disjoint &= k0[i] != k16[j];
    bool split = n0 == ii->k / 2 && n16 == ii->k / 2 && disjoint;
    CHECK(split == (t->k_split != 0), "%s %s: split observed %d, trait %d", an,
          ii->isa_name, split, t->k_split);
  }
  CHECK(wmma_arch_replicates_ab(arch) == t->ab_replicated, "%s: predicate", an);
  CHECK(wmma_arch_splits_k(arch) == t->k_split, "%s: predicate", an);

  /* hw K order: lane 0's values of a 16-bit A in register order. */
  int k[64];
  int n = lane_ks(d, "v_wmma_f32_16x16x16_f16", 0, k, 64);
  bool contiguous = n > 0;
  for (int i = 0; i < n; ++i)
    contiguous &= k[i] == i;
  CHECK(contiguous == (t->hw_k_contiguous != 0),
        "%s: hw K order contiguous observed %d, trait %d", an, contiguous,
        t->hw_k_contiguous);
  CHECK(wmma_arch_ab_layout(arch) ==
            (contiguous ? WMMA_LAYOUT_HW : WMMA_LAYOUT_KCONTIG),
        "%s: A/B layout", an);

  /* 16-bit accumulators: 8 registers, low halves only (OPSEL = 0). */
  int cv, chi;
  extent(d, "v_wmma_f16_16x16x16_f16", 'C', &cv, &chi);
  bool opsel = cv == 8 && chi == 15;
  CHECK(opsel == (t->acc16_opsel_halves != 0),
        "%s: 16-bit C in %d registers up to bit %d, trait %d", an, cv, chi,
        t->acc16_opsel_halves);
  CHECK(wmma_arch_acc16_opsel_halves(arch) == t->acc16_opsel_halves,
        "%s: predicate", an);

  /* C rows: (1, 0) in lane 16 when interleaved, (8, 0) when blocked. */
  int l1 = lane_of(d, "v_wmma_f32_16x16x16_f16", 'C', 1, 0);
  int l8 = lane_of(d, "v_wmma_f32_16x16x16_f16", 'C', 8, 0);
  bool interleaved = l1 == 16 && l8 == 0;
  bool blocked = l1 == 0 && l8 == 16;
  CHECK(interleaved != blocked, "%s: C rows neither interleaved nor blocked",
        an);
  CHECK(interleaved == (t->acc_rows_interleaved != 0),
        "%s: C rows interleaved observed %d, trait %d", an, interleaved,
        t->acc_rows_interleaved);
  CHECK(wmma_arch_acc_rows_interleaved(arch) == t->acc_rows_interleaved,
        "%s: predicate", an);

  bool fp8 = has_instr_containing(d, "fp8");
  CHECK(fp8 == (t->fp8_wmma != 0), "%s: fp8 WMMA in the calculator %d", an,
        fp8);
  CHECK(wmma_arch_has_fp8(arch) == t->fp8_wmma, "%s: predicate", an);
  bool sparse = has_instr_containing(d, "swmmac") ||
                (swmmac && has_instr_containing(swmmac, "swmmac"));
  CHECK(sparse == (t->sparse_wmma != 0), "%s: swmmac in the calculator %d", an,
        sparse);
  CHECK(wmma_arch_has_sparse(arch) == t->sparse_wmma, "%s: predicate", an);

  /* LDS unit: a lane's K run (row 0 in lane 0) times the element size,
   * at most one ds_load_b128. */
  static const struct {
    const char *instr;
    int bits;
  } units[] = {{"v_wmma_f32_16x16x16_f16", 16},
               {"v_wmma_i32_16x16x16_iu8", 8},
               {"v_wmma_i32_16x16x16_iu4", 4}};
  for (int u = 0; u < 3; ++u) {
    int run = lane_ks(d, units[u].instr, 0, k, 64);
    int bytes = run * units[u].bits / 8;
    int expect = bytes < 16 ? bytes : 16;
    CHECK(wmma_arch_lds_unit_bytes(arch, units[u].bits) == expect,
          "%s: LDS unit of %d-bit values %d, expected %d", an, units[u].bits,
          wmma_arch_lds_unit_bytes(arch, units[u].bits), expect);
  }
  CHECK(t->lds_max_access_bytes == 16, "%s: ds_load_b128", an);
  CHECK(wmma_arch_lds_unit_bytes(arch, 12) == 0, "%s: odd width", an);
  CHECK(t->lds_banks * t->lds_bank_bytes == 128,
        "%s: 32 banks of a DWORD (ISA 12.1)", an);

  /* The transposing copy: the replicated operand is loaded whole (no
   * cross-lane work); per block it pays the WMMA, no packs for 16-bit
   * results (dense, or two blocks in the OPSEL halves of one accumulator
   * where a result fills only the low halves) and 3 shifts per word of
   * four 8-bit results (from i32). */
  for (int eb = 1; eb <= 2; ++eb) {
    int packs = 0;
    if (eb == 1) {
      extent(d, "v_wmma_i32_16x16x16_iu8", 'C', &cv, &chi);
      packs = 3 * (cv / 4); /* 8 i32 -> 2 words of bytes */
    }
    int expect = 1 + packs;
    CHECK(wmma_arch_xpose_valu(arch, eb) == expect,
          "%s: transposing copy of %d-byte values %d VALU, expected %d", an, eb,
          wmma_arch_xpose_valu(arch, eb), expect);
  }
  CHECK(wmma_arch_xpose_valu(arch, 4) == 0, "%s: 4-byte copy", an);

  /* Issue cycles exactly for the instructions the arch has. */
  for (int id = 0; id < WMMA_INSTR_COUNT; ++id)
    CHECK((t->wmma_issue_cycles[id] > 0) ==
              (wmma_instr_available((wmma_instr)id, arch) != 0),
          "%s: issue cycles of instruction %d", an, id);
}

int test_traits(void) {
  const char *dir = g_input;
  if (!dir) {
    CHECK(0, "traits needs the calculator folder as argument");
    return 0;
  }
  calc_data r3, r4, sw;
  int ok = read_calc(dir, "wmma_layouts_rdna3.tsv", &r3) == 0 &&
           read_calc(dir, "wmma_layouts_rdna4.tsv", &r4) == 0 &&
           read_calc(dir, "swmmac_layouts_rdna4.tsv", &sw) == 0;
  CHECK(ok, "calculator data in %s", dir);
  if (ok) {
    check_arch(WMMA_ARCH_RDNA3, &r3, NULL);
    check_arch(WMMA_ARCH_RDNA4, &r4, &sw);
  }
  free(r3.rows);
  free(r4.rows);
  free(sw.rows);

  /* An invalid arch has no row and no capability. */
  CHECK(wmma_arch_traits_get(WMMA_ARCH_INVALID) == NULL, "invalid arch");
  CHECK(wmma_arch_traits_get((wmma_arch)7) == NULL, "arch 7");
  CHECK(!wmma_arch_replicates_ab(WMMA_ARCH_INVALID) &&
            !wmma_arch_splits_k(WMMA_ARCH_INVALID) &&
            !wmma_arch_acc16_opsel_halves(WMMA_ARCH_INVALID) &&
            !wmma_arch_acc_rows_interleaved(WMMA_ARCH_INVALID) &&
            !wmma_arch_has_fp8(WMMA_ARCH_INVALID) &&
            !wmma_arch_has_sparse(WMMA_ARCH_INVALID) &&
            !wmma_arch_lds_unit_bytes(WMMA_ARCH_INVALID, 16) &&
            !wmma_arch_xpose_valu(WMMA_ARCH_INVALID, 2),
        "invalid arch predicates");
  CHECK(wmma_arch_ab_layout(WMMA_ARCH_INVALID) == WMMA_LAYOUT_COUNT,
        "invalid arch layout");
  return 0;
}
