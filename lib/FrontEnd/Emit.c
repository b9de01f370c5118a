/* Front end, step 2: choose the kernel strategy for a matched description
 * and write the kernel as MLIR text.
 *
 * Work distribution (one wave32 = 32 lanes; W waves per workgroup):
 *  gemm / gemm_multiply_multiply: one wave per 16x16 output tile; a runtime
 *    K loop (scf.for) of one wmma.mma per step; the epilogue is evaluated on
 *    the accumulator fragment and the tile is stored once.
 *  gemm_tiled (M, N multiples of 128, K of 32): one workgroup of 2x2 waves
 *    per 128x128 output block, each wave 4x4 WMMA tiles; A and B staged
 *    through a ping-pong pair of LDS buffers 32 K at a time with the next
 *    slice prefetched into registers during the WMMAs (emit_gemm_tiled).
 *  gemm_gemm (registers): one wave per 16-row strip.  The first product is
 *    computed transposed (D0^T = B0^T x A0^T, operands swapped), so each of
 *    its N0/16 accumulators is already the next product's A operand up to a
 *    wmma.relayout (in-lane on RDNA4, permlanex16 on RDNA3).  The strip's
 *    A fragments stay in registers; an scf.for over the N1 tiles runs the
 *    second product (unrolled over the register fragments) and the epilogue.
 *  LDS kernels (batched_gemm_gemm, and gemm_gemm when the strip does not fit
 *    in registers): one workgroup per block of rows (per batch item when it
 *    fits); the waves compute the intermediate tiles and store them, already
 *    converted to the input type, to LDS; gpu.barrier; then the waves compute
 *    the output tiles with A fragments loaded from LDS.
 * Text is generated from the validated description only: argument names are
 * %argN, types are rebuilt from shapes, the symbol is a checked identifier. */
#include "FrontEnd.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* VGPRs the intermediate may occupy in the register strategy. */
#define FE_REG_BUDGET 128
#define FE_LDS_BYTES 65536
/* First-product accumulators computed per K loop in the register strategy
 * (4 x 8 VGPRs live at a time). */
#define FE_GROUP 4
/* Tiled single GEMM (design technique 4): a 128x128 output block per
 * workgroup, K staged through LDS 32 at a time (two WMMA K steps per
 * barrier; 4 chunks of 16 bytes per thread and operand), 2x2 waves each
 * owning a 64x64 sub-tile (4x4 WMMA tiles).  Operands are 16-bit. */
#define FE_TM 128
#define FE_TN 128
#define FE_TK 32
#define FE_TILED_WAVES 4
#define FE_WM 64 /* per-wave sub-tile */
#define FE_WN 64
#define FE_WT (FE_WM / 16) /* WMMA tiles per wave and dimension */
#define FE_VEC 8           /* 16-bit elements per thread per copy chunk */
#define FE_CHUNKS (FE_TM * FE_TK / (32 * FE_TILED_WAVES * FE_VEC))

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

static wmma_elem fe_elem(fe_type t) {
  return t == FE_T_F16 ? WMMA_ELEM_F16
                       : t == FE_T_BF16 ? WMMA_ELEM_BF16 : WMMA_ELEM_F32;
}

/* The 16x16x16 instruction the kernels use for accumulator type acc:
 * in x in -> f32 for the products, acc x acc -> acc for 16-bit tiles. */
static wmma_instr fe_instr(wmma_arch arch, fe_type in, fe_type acc) {
  wmma_elem ab = fe_elem(acc == FE_T_F32 ? in : acc);
  return wmma_instr_select(arch, ab, ab, fe_elem(acc), 16, 16, 16, NULL, 0);
}

/* Values per lane of a fragment (layout engine); 0 if invalid. */
static int fe_frag_length(wmma_arch arch, wmma_instr instr, wmma_matrix m,
                          wmma_layout_kind lay) {
  wmma_frag_desc f = {arch, instr, m, lay, 0, 0};
  return wmma_frag_check(&f, NULL, 0) ? 0 : wmma_frag_length(&f);
}

int fe_plan(MlirOperation func, fe_desc *d, wmma_arch arch, int waves,
            int tiled) {
  d->waves = waves;
  d->lds_bytes = 0;
  d->rows_per_block = 0;
  d->tiled = 0;
  d->grid[1] = d->grid[2] = 1;
  int64_t dims[5] = {d->m, d->n, d->k, d->p1 >= 0 ? d->k0 : 16,
                     d->p1 >= 0 ? d->n0 : 16};
  for (int i = 0; i < 5; ++i)
    if (dims[i] % 16) {
      if (d->p1 >= 0)
        wmma_error(func, "wmma-linalg-to-kernels: every dimension must be a "
                         "multiple of 16 (M=%lld, K0=%lld, N0=%lld, N1=%lld)",
                   (long long)d->m, (long long)d->k0, (long long)d->n0,
                   (long long)d->n);
      else
        wmma_error(func, "wmma-linalg-to-kernels: every dimension must be a "
                         "multiple of 16 (M=%lld, N=%lld, K=%lld)",
                   (long long)d->m, (long long)d->n, (long long)d->k);
      return -1;
    }
  if (d->p1 < 0) {
    if (tiled && d->m > 0 && d->n > 0 && d->k > 0 && d->m % FE_TM == 0 &&
        d->n % FE_TN == 0 && d->k % FE_TK == 0) {
      /* Workgroup tiles: every A and B element is read from global memory
       * N/128 resp. M/128 times instead of N/16 resp. M/16. */
      d->tiled = 1;
      d->waves = FE_TILED_WAVES;
      d->lds_bytes = 2LL * (FE_TM + FE_TN) * FE_TK * 2; /* 2 buffers */
      d->grid[0] = (int)(d->n / FE_TN);
      d->grid[1] = (int)(d->m / FE_TM);
      d->grid[2] = (int)d->batch;
      return 0;
    }
    int64_t tasks = d->batch * (d->m / 16) * (d->n / 16);
    d->grid[0] = (int)ceil_div(tasks, waves);
    return 0;
  }
  int frag_vgprs = wmma_matrix_vgprs(
      arch, fe_instr(arch, d->in_type, FE_T_F32), WMMA_MATRIX_A);
  int64_t strip_vgprs = (d->n0 / 16) * frag_vgprs;
  if (!d->batched && strip_vgprs <= FE_REG_BUDGET) {
    d->pattern = FE_PAT_GEMM_GEMM;
    d->grid[0] = (int)ceil_div(d->m / 16, waves);
    return 0;
  }
  /* Stage the intermediate in LDS: R rows of N0 input-type values. */
  int64_t row_bytes = d->n0 * 2;
  int64_t max_rows = FE_LDS_BYTES / row_bytes / 16 * 16;
  if (max_rows < 16) {
    wmma_error(func, "wmma-linalg-to-kernels: the intermediate product is too "
                     "large: a 16 x %lld strip needs %lld VGPRs per lane in "
                     "registers (budget %d) and %lld bytes of LDS (limit %d); "
                     "N0 <= %d fits in registers, N0 <= %d in LDS",
               (long long)d->n0, (long long)strip_vgprs, FE_REG_BUDGET,
               (long long)(16 * row_bytes), FE_LDS_BYTES,
               FE_REG_BUDGET / frag_vgprs * 16, FE_LDS_BYTES / (16 * 2));
    return -1;
  }
  int64_t rows = 16;
  int64_t strips = d->m / 16;
  /* Batched: the whole item per workgroup if it fits; otherwise (and for
   * the unbatched fallback) up to one strip per wave. */
  int64_t want = d->batched ? strips : waves;
  for (int64_t k = want; k >= 1; --k)
    if (strips % k == 0 && 16 * k <= max_rows) {
      rows = 16 * k;
      break;
    }
  d->pattern = d->batched ? FE_PAT_BATCH_GEMM_GEMM : FE_PAT_GEMM_GEMM_LDS;
  d->rows_per_block = (int)rows;
  d->lds_bytes = rows * row_bytes;
  d->grid[0] = (int)(d->batch * (d->m / rows));
  return 0;
}

/*===--- text buffer ------------------------------------------------------===*/
typedef struct {
  char *buf;
  size_t len, cap;
  int oom;
} tb_t;

static void tb_vadd(tb_t *t, const char *fmt, va_list ap) {
  if (t->oom)
    return;
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0) {
    t->oom = 1;
    return;
  }
  if (t->len + (size_t)n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 4096;
    while (t->len + (size_t)n + 1 > cap)
      cap *= 2;
    char *nb = realloc(t->buf, cap);
    if (!nb) {
      t->oom = 1;
      return;
    }
    t->buf = nb;
    t->cap = cap;
  }
  vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, ap);
  t->len += (size_t)n;
}

static void tb_add(tb_t *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void tb_add(tb_t *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tb_vadd(t, fmt, ap);
  va_end(ap);
}

/*===--- emitter state ----------------------------------------------------===*/
typedef struct {
  char s[32];
} nm_t;

typedef struct {
  const char *b;   /* batch index value or NULL */
  const char *row; /* tile origin in the logical (product) space */
  const char *col;
  int transposed;  /* the fragment holds the tile's transpose (chains) */
} tile_t;

typedef struct {
  const fe_desc *d;
  wmma_arch arch;
  tb_t head, body; /* constants go to head (dominating everything) */
  int indent;
  int next;
  char atom[FE_T_F32 + 1][96]; /* accumulator-layout atom per element type */
  const char *lay;             /* A/B convention: kcontig (RDNA4), hw (RDNA3) */
  int op_len;                  /* A/B fragment length */
  int acc_len[FE_T_F32 + 1];   /* accumulator fragment length per type */
  nm_t memo[FE_MAX_NODES];
  unsigned char have[FE_MAX_NODES];
  struct {
    long long v;
    nm_t n;
  } consts[64];
  int nconsts;
  nm_t zero_f32;
  int failed;
} em_t;

static void line(em_t *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void line(em_t *e, const char *fmt, ...) {
  for (int i = 0; i < e->indent; ++i)
    tb_add(&e->body, "  ");
  va_list ap;
  va_start(ap, fmt);
  tb_vadd(&e->body, fmt, ap);
  va_end(ap);
  tb_add(&e->body, "\n");
}

static nm_t fresh(em_t *e) {
  nm_t n;
  snprintf(n.s, sizeof n.s, "%%v%d", e->next++);
  return n;
}

static nm_t cidx(em_t *e, long long v) {
  for (int i = 0; i < e->nconsts; ++i)
    if (e->consts[i].v == v)
      return e->consts[i].n;
  nm_t n;
  snprintf(n.s, sizeof n.s, "%%c%s%lld", v < 0 ? "m" : "", v < 0 ? -v : v);
  tb_add(&e->head, "    %s = arith.constant %lld : index\n", n.s, v);
  if (e->nconsts < 64) {
    e->consts[e->nconsts].v = v;
    e->consts[e->nconsts].n = n;
    ++e->nconsts;
  }
  return n;
}

static nm_t ibin(em_t *e, const char *op, const char *x, const char *y) {
  nm_t n = fresh(e);
  line(e, "%s = arith.%s %s, %s : index", n.s, op, x, y);
  return n;
}

static const char *tname(fe_type t) { return fe_type_name(t); }

static void memref_type(const fe_desc *d, int arg, char *buf, size_t len) {
  const fe_arg *a = &d->args[arg];
  if (a->rank == 3)
    snprintf(buf, len, "memref<%lldx%lldx%lldx%s>", (long long)a->shape[0],
             (long long)a->shape[1], (long long)a->shape[2], tname(a->elem));
  else
    snprintf(buf, len, "memref<%lldx%lldx%s>", (long long)a->shape[0],
             (long long)a->shape[1], tname(a->elem));
}

static void lds_type(const fe_desc *d, char *buf, size_t len) {
  snprintf(buf, len, "memref<%dx%lldx%s, #gpu.address_space<workgroup>>",
           d->rows_per_block, (long long)d->n0, tname(d->in_type));
}

/* Tiled GEMM: one LDS operand tile per buffer, [buffer][M or N][K] (K
 * contiguous, so every fragment read is a vector load for both operands). */
static void tiled_lds_type(const fe_desc *d, char *buf, size_t len) {
  snprintf(buf, len, "memref<2x%dx%dx%s, #gpu.address_space<workgroup>>",
           FE_TM, FE_TK, tname(d->in_type));
}

/* Index list "[b, ]r, c". */
static void idx3(char *buf, size_t len, const char *b, const char *r,
                 const char *c) {
  if (b)
    snprintf(buf, len, "%s, %s, %s", b, r, c);
  else
    snprintf(buf, len, "%s, %s", r, c);
}

/* The atom with accumulator type acc for the product type: f32 for the
 * products, 16-bit for 16-bit tiles in the accumulator layout. */
static const char *acc_atom(em_t *e, fe_type t) { return e->atom[t]; }

/*===--- fragments in the accumulator layout ----------------------------------===*/
/* 16-bit accumulator fragments: RDNA4 packs 8 values; RDNA3 keeps 16 with
 * the data in the even slots (OPSEL = 0).  Tiles are computed as
 * vector<8xT> everywhere; these convert at loads and stores. */
static nm_t self_shuffle(em_t *e, nm_t v, int len, const char *mask,
                         fe_type t) {
  nm_t n = fresh(e);
  line(e, "%s = vector.shuffle %s, %s [%s] : vector<%dx%s>, vector<%dx%s>",
       n.s, v.s, v.s, mask, len, tname(t), len, tname(t));
  return n;
}

static nm_t narrow16(em_t *e, nm_t wide, fe_type t) {
  return self_shuffle(e, wide, 16, "0, 2, 4, 6, 8, 10, 12, 14", t);
}

static nm_t widen16(em_t *e, nm_t v, fe_type t) {
  return self_shuffle(e, v, 8, "0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7",
                      t);
}

static int acc_len(em_t *e, fe_type t) { return e->acc_len[t]; }

static nm_t load_acc_tile(em_t *e, const tile_t *tl, int arg) {
  const fe_desc *d = e->d;
  fe_type t = d->args[arg].elem;
  char mt[96], ix[96];
  memref_type(d, arg, mt, sizeof mt);
  idx3(ix, sizeof ix, d->args[arg].rank == 3 ? tl->b : NULL, tl->row, tl->col);
  nm_t n = fresh(e);
  int len = acc_len(e, t);
  line(e, "%s = wmma.load #wmma.frag<c, hw, %s%s> %%arg%d[%s] : %s -> "
          "vector<%dx%s>",
       n.s, tl->transposed ? "transposed, " : "", acc_atom(e, t), arg, ix, mt,
       len, tname(t));
  if (len == 16)
    n = narrow16(e, n, t);
  return n;
}

static void store_acc_tile(em_t *e, const tile_t *tl, int arg, nm_t v) {
  const fe_desc *d = e->d;
  fe_type t = d->args[arg].elem;
  char mt[96], ix[96];
  memref_type(d, arg, mt, sizeof mt);
  idx3(ix, sizeof ix, d->args[arg].rank == 3 ? tl->b : NULL, tl->row, tl->col);
  int len = acc_len(e, t);
  if (len == 16)
    v = widen16(e, v, t);
  line(e, "wmma.store #wmma.frag<d, hw, %s> %s, %%arg%d[%s] : vector<%dx%s>, "
          "%s",
       acc_atom(e, t), v.s, arg, ix, len, tname(t), mt);
}

/* A / B operand fragment of a product from a function argument.
 * transposed: the memory tile is the transpose of the role matrix. */
static nm_t load_operand(em_t *e, char role, int arg, int transposed,
                         const char *b, const char *r, const char *c) {
  const fe_desc *d = e->d;
  char mt[96], ix[96];
  memref_type(d, arg, mt, sizeof mt);
  idx3(ix, sizeof ix, d->args[arg].rank == 3 ? b : NULL, r, c);
  nm_t n = fresh(e);
  line(e, "%s = wmma.load #wmma.frag<%c, %s, %s%s> %%arg%d[%s] : %s -> "
          "vector<%dx%s>",
       n.s, role, e->lay, transposed ? "transposed, " : "",
       acc_atom(e, FE_T_F32), arg, ix, mt, e->op_len, tname(d->in_type));
  return n;
}

static nm_t mma(em_t *e, nm_t a, nm_t b, nm_t c) {
  nm_t n = fresh(e);
  const char *t = tname(e->d->in_type);
  line(e, "%s = wmma.mma %s %s, %s, %s : vector<%dx%s>, vector<%dx%s> -> "
          "vector<8xf32>",
       n.s, acc_atom(e, FE_T_F32), a.s, b.s, c.s, e->op_len, t, e->op_len, t);
  return n;
}

/*===--- elementwise expressions on a tile ------------------------------------===*/
static void reset_memo(em_t *e) { memset(e->have, 0, sizeof e->have); }

static void bind(em_t *e, int node, nm_t v) {
  e->memo[node] = v;
  e->have[node] = 1;
}

static void float_literal(double v, char *buf, size_t len) {
  snprintf(buf, len, "%.17g", v);
  if (!strpbrk(buf, ".eEn"))
    strncat(buf, ".0", len - strlen(buf) - 1);
}

/* Evaluates node n on the tile as vector<8xT>. */
static nm_t eval(em_t *e, const tile_t *tl, int n) {
  nm_t r = {{0}};
  if (n < 0 || e->failed) {
    e->failed = 1;
    return r;
  }
  if (e->have[n])
    return e->memo[n];
  const fe_node *x = &e->d->nodes[n];
  const char *t = tname(x->type);
  switch (x->kind) {
  case FE_LOAD:
    r = load_acc_tile(e, tl, x->arg);
    break;
  case FE_CONST: {
    char lit[64];
    float_literal(x->value, lit, sizeof lit);
    r = fresh(e);
    line(e, "%s = arith.constant dense<%s> : vector<8x%s>", r.s, lit, t);
    break;
  }
  case FE_SCALAR:
    r = fresh(e);
    line(e, "%s = vector.broadcast %%arg%d : %s to vector<8x%s>", r.s, x->arg,
         t, t);
    break;
  case FE_CAST: {
    nm_t a = eval(e, tl, x->a);
    fe_type st = e->d->nodes[x->a].type;
    if (st == x->type)
      return a;
    /* f16 <-> bf16 has no single arith op: go through f32. */
    if (st != FE_T_F32 && x->type != FE_T_F32) {
      nm_t w = fresh(e);
      line(e, "%s = arith.extf %s : vector<8x%s> to vector<8xf32>", w.s, a.s,
           tname(st));
      a = w;
      st = FE_T_F32;
    }
    r = fresh(e);
    line(e, "%s = arith.%s %s : vector<8x%s> to vector<8x%s>", r.s,
         x->type == FE_T_F32 ? "extf" : "truncf", a.s, tname(st), t);
    break;
  }
  case FE_BINARY: {
    static const char *ops[] = {"mulf", "addf", "subf", "maximumf",
                                "minimumf"};
    nm_t a = eval(e, tl, x->a);
    nm_t b = eval(e, tl, x->b);
    r = fresh(e);
    line(e, "%s = arith.%s %s, %s : vector<8x%s>", r.s, ops[x->op], a.s, b.s,
         t);
    break;
  }
  case FE_MATMUL:
    /* Products are bound by the kernel emitter before evaluation. */
    e->failed = 1;
    return r;
  }
  bind(e, n, r);
  return r;
}

/* The initial accumulator of a product: zeros by wmma.fill, or the
 * accumulator expression (e.g. a bias) evaluated on the tile. */
static nm_t acc_init(em_t *e, const tile_t *tl, int acc) {
  const fe_node *x = &e->d->nodes[acc];
  if (x->kind == FE_CONST && x->value == 0.0 && x->type == FE_T_F32) {
    nm_t r = fresh(e);
    line(e, "%s = wmma.fill #wmma.frag<c, hw, %s> %%zero : f32 -> "
            "vector<8xf32>",
         r.s, acc_atom(e, FE_T_F32));
    return r;
  }
  return eval(e, tl, acc);
}

/*===--- kernel prologue / epilogue -----------------------------------------===*/
static void kernel_header(em_t *e, tb_t *out, const char *chip) {
  const fe_desc *d = e->d;
  tb_add(out, "gpu.module @%s_module [#rocdl.target<chip = \"%s\">] {\n",
         d->name, chip);
  tb_add(out, "  gpu.func @%s(", d->name);
  for (int i = 0; i < d->nargs; ++i) {
    char mt[96];
    if (d->args[i].is_memref)
      memref_type(d, i, mt, sizeof mt);
    else
      snprintf(mt, sizeof mt, "%s", tname(d->args[i].elem));
    tb_add(out, "%s%%arg%d: %s", i ? ", " : "", i, mt);
  }
  tb_add(out, ")");
  if (d->tiled) {
    char lt[128];
    tiled_lds_type(d, lt, sizeof lt);
    tb_add(out, " workgroup(%%lds_a : %s, %%lds_b : %s)", lt, lt);
  } else if (d->lds_bytes) {
    char lt[128];
    lds_type(d, lt, sizeof lt);
    tb_add(out, " workgroup(%%lds : %s)", lt);
  }
  tb_add(out, " kernel attributes {known_block_size = array<i32: %d, 1, 1>, "
              "wmma.arg_roles = [",
         32 * d->waves);
  for (int i = 0; i < d->nargs; ++i)
    tb_add(out, "%s\"%s\"", i ? ", " : "", d->roles[i]);
  tb_add(out, "], wmma.grid = array<i32: %d, %d, %d>, wmma.lds_bytes = %lld "
              ": i64, wmma.pattern = \"%s%s\", wmma.waves = %d : i32} {\n",
         d->grid[0], d->grid[1], d->grid[2], (long long)d->lds_bytes,
         fe_pattern_name(d->pattern), d->tiled ? "_tiled" : "", d->waves);
}

/*===--- one output tile of a product (shared) -------------------------===*/
/* Tile t of a row-major grid of nt tile columns: its rows (from row0 when
 * given), the initial accumulator and the K loop (iter_args: the
 * accumulator) of product p.  kt_open leaves the loop body open for the
 * caller to load A; kt_close loads B, issues the mma and binds p to the
 * loop's result. */
typedef struct {
  nm_t ml, m, n; /* tile row within the block; tile origin */
  nm_t acc, k, c; /* loop result, induction variable, accumulator */
  tile_t tl;
} ktile_t;

static void kt_open(em_t *e, ktile_t *kt, const char *t, int64_t nt,
                    const char *row0, const char *bi, int p, int64_t kdim) {
  nm_t tm = ibin(e, "divui", t, cidx(e, nt).s);
  nm_t tn = ibin(e, "remui", t, cidx(e, nt).s);
  kt->ml = ibin(e, "muli", tm.s, "%c16");
  kt->m = row0 ? ibin(e, "addi", row0, kt->ml.s) : kt->ml;
  kt->n = ibin(e, "muli", tn.s, "%c16");
  kt->tl = (tile_t){bi, kt->m.s, kt->n.s, 0};
  reset_memo(e);
  nm_t init = acc_init(e, &kt->tl, e->d->nodes[p].c);
  kt->acc = fresh(e);
  kt->k = fresh(e);
  kt->c = fresh(e);
  line(e, "%s = scf.for %s = %%c0 to %s step %%c16 iter_args(%s = %s) -> "
          "(vector<8xf32>) {",
       kt->acc.s, kt->k.s, cidx(e, kdim).s, kt->c.s, init.s);
  ++e->indent;
}

/* a: the A fragment, or NULL to load p's A operand from global memory. */
static void kt_close(em_t *e, const ktile_t *kt, const nm_t *a, int p) {
  const fe_node *x = &e->d->nodes[p];
  int a_arg = e->d->nodes[x->a].arg, b_arg = e->d->nodes[x->b].arg;
  const char *bi = kt->tl.b, *m = kt->m.s, *n = kt->n.s, *k = kt->k.s;
  nm_t av;
  if (a)
    av = *a;
  else
    av = x->lhs_t ? load_operand(e, 'a', a_arg, 1, bi, k, m)
                  : load_operand(e, 'a', a_arg, 0, bi, m, k);
  nm_t b = x->rhs_t ? load_operand(e, 'b', b_arg, 1, bi, n, k)
                    : load_operand(e, 'b', b_arg, 0, bi, k, n);
  nm_t dd = mma(e, av, b, kt->c);
  line(e, "scf.yield %s : vector<8xf32>", dd.s);
  --e->indent;
  line(e, "}");
  bind(e, p, kt->acc);
}

/*===--- gemm ----------------------------------------------------------------===*/
static void emit_gemm(em_t *e) {
  const fe_desc *d = e->d;
  int64_t mt = d->m / 16, nt = d->n / 16;
  nm_t task = ibin(e, "addi", ibin(e, "muli", "%bid", cidx(e, d->waves).s).s,
                   "%wave");
  nm_t act = fresh(e);
  line(e, "%s = arith.cmpi ult, %s, %s : index", act.s, task.s,
       cidx(e, d->batch * mt * nt).s);
  line(e, "scf.if %s {", act.s);
  ++e->indent;
  nm_t rest = task, bb = {{0}};
  if (d->batched) {
    bb = ibin(e, "divui", task.s, cidx(e, mt * nt).s);
    rest = ibin(e, "remui", task.s, cidx(e, mt * nt).s);
  }
  ktile_t kt;
  kt_open(e, &kt, rest.s, nt, NULL, d->batched ? bb.s : NULL, d->p2, d->k);
  kt_close(e, &kt, NULL, d->p2);
  nm_t r = eval(e, &kt.tl, d->root);
  store_acc_tile(e, &kt.tl, d->out_arg, r);
  --e->indent;
  line(e, "}");
}

/*===--- gemm, tiled through LDS ---------------------------------------------===*/
/* Technique 4.  Workgroup (bidx, bidy, bidz) computes the 128x128 output
 * block (bidy, bidx) of batch item bidz; wave w owns the 64x64 sub-tile
 * (w / 2, w % 2), i.e. 4x4 WMMA tiles whose 16 accumulators are the K
 * loop's iter_args.  A and B move through LDS in 32-wide K slices, two
 * buffers each (ping-pong): while the WMMAs of slice s read buffer s % 2,
 * slice s + 1 is already in flight from global memory into registers and
 * is written to the other buffer afterwards, so one barrier per K step
 * both publishes slice s + 1 and retires the reads of slice s.
 *
 * LDS holds both operands as [buffer][M or N][K] with K contiguous: the
 * fragment reads of either operand are then 16-byte vector loads (RDNA4
 * kcontig: 8 contiguous K per lane half; RDNA3 hw: all 16 K of the row in
 * both halves, read replicated straight from LDS, which costs LDS bandwidth
 * only, instead of wmma.expand's permlanex16 + repacking per fragment in
 * the loop).  An operand stored with M or N contiguous in global memory (B
 * as K x N, A given K x M) is transposed by the copy itself: vector loads
 * from global, scalar stores to LDS. */

/* Result i of a multi-result op: "%vN#i". */
static nm_t result_n(em_t *e, const char *res, int i) {
  char tmp[64];
  snprintf(tmp, sizeof tmp, "%s#%d", res, i);
  nm_t n = {{0}};
  size_t len = strlen(tmp);
  if (len >= sizeof n.s) {
    e->failed = 1;
    return n;
  }
  memcpy(n.s, tmp, len + 1);
  return n;
}

/* One operand's share of the cooperative copy: FE_CHUNKS chunks of FE_VEC
 * contiguous elements of the 128x32 (kcontig) or 32x128 memory tile per
 * thread, consecutive threads on consecutive chunks (coalesced). */
typedef struct {
  int arg;
  int kcontig;           /* memory rows are the LDS rows (K contiguous) */
  const char *lds;       /* %lds_a / %lds_b */
  const char *bi;        /* batch index or NULL */
  nm_t row[FE_CHUNKS];   /* memory-tile row of chunk i (K when !kcontig) */
  nm_t col;              /* memory-tile column of the thread's chunks */
  nm_t grow[FE_CHUNKS];  /* kcontig: global row of chunk i */
  nm_t gcol;             /* !kcontig: global column */
  nm_t ldsrow[FE_VEC];   /* !kcontig: LDS row of element j of a chunk */
} tcopy_t;

/* Loop-invariant copy coordinates of this thread. */
static void tiled_copy_setup(em_t *e, tcopy_t *c, int arg, int kcontig,
                             const char *lds, const char *origin,
                             const char *bi) {
  int width = kcontig ? FE_TK : FE_TM; /* memory-tile row length */
  int per_row = width / FE_VEC;
  int rows_per_pass = 32 * FE_TILED_WAVES / per_row;
  c->arg = arg;
  c->kcontig = kcontig;
  c->lds = lds;
  c->bi = bi;
  nm_t r = ibin(e, "divui", "%tid", cidx(e, per_row).s);
  nm_t q = ibin(e, "remui", "%tid", cidx(e, per_row).s);
  c->col = ibin(e, "muli", q.s, cidx(e, FE_VEC).s);
  for (int i = 0; i < FE_CHUNKS; ++i) {
    long long off = (long long)rows_per_pass * i;
    c->row[i] = i ? ibin(e, "addi", r.s, cidx(e, off).s) : r;
    if (kcontig)
      c->grow[i] = ibin(e, "addi", origin, c->row[i].s);
  }
  if (!kcontig) {
    c->gcol = ibin(e, "addi", origin, c->col.s);
    for (int j = 0; j < FE_VEC; ++j)
      c->ldsrow[j] = j ? ibin(e, "addi", c->col.s, cidx(e, j).s) : c->col;
  }
}

/* The thread's chunks of the K slice starting at k, global -> registers. */
static void tiled_global_load(em_t *e, const tcopy_t *c, const char *k,
                              nm_t out[FE_CHUNKS]) {
  const fe_desc *d = e->d;
  char mt[96], ix[96];
  memref_type(d, c->arg, mt, sizeof mt);
  const char *bi = d->args[c->arg].rank == 3 ? c->bi : NULL;
  const char *t = tname(d->in_type);
  nm_t kc = {{0}};
  if (c->kcontig)
    kc = ibin(e, "addi", k, c->col.s);
  for (int i = 0; i < FE_CHUNKS; ++i) {
    if (c->kcontig) {
      idx3(ix, sizeof ix, bi, c->grow[i].s, kc.s);
    } else {
      nm_t kr = ibin(e, "addi", k, c->row[i].s);
      idx3(ix, sizeof ix, bi, kr.s, c->gcol.s);
    }
    out[i] = fresh(e);
    line(e, "%s = vector.load %%arg%d[%s] : %s, vector<%dx%s>", out[i].s,
         c->arg, ix, mt, FE_VEC, t);
  }
}

/* Registers -> LDS buffer buf ([buf][row][k]); transposes when !kcontig. */
static void tiled_lds_store(em_t *e, const tcopy_t *c, const char *buf,
                            const nm_t in[FE_CHUNKS]) {
  const char *t = tname(e->d->in_type);
  char lt[128];
  tiled_lds_type(e->d, lt, sizeof lt);
  for (int i = 0; i < FE_CHUNKS; ++i) {
    if (c->kcontig) {
      line(e, "vector.store %s, %s[%s, %s, %s] : %s, vector<%dx%s>", in[i].s,
           c->lds, buf, c->row[i].s, c->col.s, lt, FE_VEC, t);
      continue;
    }
    for (int j = 0; j < FE_VEC; ++j) {
      nm_t x = fresh(e);
      line(e, "%s = vector.extract %s[%d] : %s from vector<%dx%s>", x.s,
           in[i].s, j, t, FE_VEC, t);
      line(e, "memref.store %s, %s[%s, %s, %s] : %s", x.s, c->lds, buf,
           c->ldsrow[j].s, c->row[i].s, lt);
    }
  }
}

/* One 16-wide K step of the wave's 4x4 tiles from LDS buffer buf.  The A
 * fragments of the wave's four tile rows stay live; B is loaded one tile
 * column at a time and used by four WMMAs, so in program order 5 fragments
 * are live next to the 16 accumulators (the machine scheduler may still
 * issue the four B reads early: at most 8 fragments). */
static void tiled_mma_step(em_t *e, const char *buf, const char *kk,
                           const nm_t wrow[FE_WT], const nm_t wcol[FE_WT],
                           nm_t acc[FE_WT * FE_WT]) {
  const char *t = tname(e->d->in_type);
  char lt[128];
  tiled_lds_type(e->d, lt, sizeof lt);
  nm_t a[FE_WT];
  for (int i = 0; i < FE_WT; ++i) {
    a[i] = fresh(e);
    line(e, "%s = wmma.load #wmma.frag<a, %s, %s> %%lds_a[%s, %s, %s] : %s "
            "-> vector<%dx%s>",
         a[i].s, e->lay, acc_atom(e, FE_T_F32), buf, wrow[i].s, kk, lt,
         e->op_len, t);
  }
  for (int j = 0; j < FE_WT; ++j) {
    nm_t b = fresh(e);
    line(e, "%s = wmma.load #wmma.frag<b, %s, transposed, %s> %%lds_b[%s, %s, "
            "%s] : %s -> vector<%dx%s>",
         b.s, e->lay, acc_atom(e, FE_T_F32), buf, wcol[j].s, kk, lt,
         e->op_len, t);
    for (int i = 0; i < FE_WT; ++i)
      acc[i * FE_WT + j] = mma(e, a[i], b, acc[i * FE_WT + j]);
  }
}

/* The WMMAs of one 32-wide K slice from LDS buffer buf.  A scheduling
 * barrier between the two 16-wide halves keeps LLVM from hoisting the
 * second half's LDS reads above the first half's WMMAs: issued together
 * they hold all 16 fragments at once (128 VGPRs on RDNA3), which next to
 * the 128 accumulator VGPRs and the prefetched slice spills on gfx11. */
static void tiled_k_slice(em_t *e, const char *buf, const nm_t wrow[FE_WT],
                          const nm_t wcol[FE_WT], nm_t acc[FE_WT * FE_WT]) {
  for (int kk = 0; kk < FE_TK; kk += 16) {
    if (kk)
      line(e, "rocdl.sched.barrier 0");
    tiled_mma_step(e, buf, cidx(e, kk).s, wrow, wcol, acc);
  }
}

/* The K loop over every slice but the last: prefetch slice s + 1 into
 * registers (global loads first, so their latency hides behind the WMMAs),
 * the WMMAs of slice s, slice s + 1 into the other buffer, one barrier.  The
 * last slice is peeled (the caller runs tiled_k_slice on it) so that the
 * loop body is one straight-line block without a prefetch guard.  Returns
 * the loop's results in acc (unchanged when K is one slice). */
static void tiled_k_loop(em_t *e, const tcopy_t *ca, const tcopy_t *cb,
                         const nm_t wrow[FE_WT], const nm_t wcol[FE_WT],
                         nm_t acc[FE_WT * FE_WT]) {
  const fe_desc *d = e->d;
  if (d->k <= FE_TK)
    return;
  nm_t res = fresh(e), k = fresh(e), it[FE_WT * FE_WT];
  tb_t iters = {0}, types = {0}, ylds = {0};
  for (int t = 0; t < FE_WT * FE_WT; ++t) {
    it[t] = fresh(e);
    tb_add(&iters, "%s%s = %s", t ? ", " : "", it[t].s, acc[t].s);
    tb_add(&types, "%svector<8xf32>", t ? ", " : "");
  }
  if (iters.oom || types.oom || !iters.buf || !types.buf)
    e->failed = 1;
  const char *tys = types.buf ? types.buf : "";
  line(e, "%s:%d = scf.for %s = %%c0 to %s step %s iter_args(%s) -> (%s) {",
       res.s, FE_WT * FE_WT, k.s, cidx(e, d->k - FE_TK).s, cidx(e, FE_TK).s,
       iters.buf ? iters.buf : "", tys);
  ++e->indent;
  nm_t kn = ibin(e, "addi", k.s, cidx(e, FE_TK).s);
  nm_t slice = ibin(e, "divui", k.s, cidx(e, FE_TK).s);
  nm_t buf = ibin(e, "remui", slice.s, cidx(e, 2).s);
  nm_t nbuf = ibin(e, "subi", cidx(e, 1).s, buf.s);
  nm_t pa[FE_CHUNKS], pb[FE_CHUNKS];
  tiled_global_load(e, ca, kn.s, pa);
  tiled_global_load(e, cb, kn.s, pb);
  for (int t = 0; t < FE_WT * FE_WT; ++t)
    acc[t] = it[t];
  tiled_k_slice(e, buf.s, wrow, wcol, acc);
  tiled_lds_store(e, ca, nbuf.s, pa);
  tiled_lds_store(e, cb, nbuf.s, pb);
  line(e, "gpu.barrier");
  for (int t = 0; t < FE_WT * FE_WT; ++t)
    tb_add(&ylds, "%s%s", t ? ", " : "", acc[t].s);
  if (ylds.oom || !ylds.buf)
    e->failed = 1;
  line(e, "scf.yield %s : %s", ylds.buf ? ylds.buf : "", tys);
  --e->indent;
  line(e, "}");
  free(iters.buf);
  free(types.buf);
  free(ylds.buf);
  for (int t = 0; t < FE_WT * FE_WT; ++t)
    acc[t] = result_n(e, res.s, t);
}

/* The epilogue on each accumulator in registers, then its single store. */
static void tiled_epilogue(em_t *e, const nm_t acc[FE_WT * FE_WT],
                           const tile_t *tl) {
  const fe_desc *d = e->d;
  for (int t = 0; t < FE_WT * FE_WT; ++t) {
    reset_memo(e);
    bind(e, d->p2, acc[t]);
    nm_t r = eval(e, &tl[t], d->root);
    store_acc_tile(e, &tl[t], d->out_arg, r);
  }
}

static void emit_gemm_tiled(em_t *e) {
  const fe_desc *d = e->d;
  const fe_node *p = &d->nodes[d->p2];
  const char *bi = NULL;
  line(e, "%%bidy = gpu.block_id y");
  if (d->batched) {
    line(e, "%%bidz = gpu.block_id z");
    bi = "%bidz";
  }
  nm_t m0 = ibin(e, "muli", "%bidy", cidx(e, FE_TM).s);
  nm_t n0 = ibin(e, "muli", "%bid", cidx(e, FE_TN).s);
  nm_t wm = ibin(e, "muli", ibin(e, "divui", "%wave", cidx(e, 2).s).s,
                 cidx(e, FE_WM).s);
  nm_t wn = ibin(e, "muli", ibin(e, "remui", "%wave", cidx(e, 2).s).s,
                 cidx(e, FE_WN).s);
  /* The wave's tile rows / columns inside the block and in the output. */
  nm_t wrow[FE_WT], wcol[FE_WT], grow[FE_WT], gcol[FE_WT];
  for (int i = 0; i < FE_WT; ++i) {
    wrow[i] = i ? ibin(e, "addi", wm.s, cidx(e, 16LL * i).s) : wm;
    wcol[i] = i ? ibin(e, "addi", wn.s, cidx(e, 16LL * i).s) : wn;
    grow[i] = ibin(e, "addi", m0.s, wrow[i].s);
    gcol[i] = ibin(e, "addi", n0.s, wcol[i].s);
  }
  tcopy_t ca, cb;
  tiled_copy_setup(e, &ca, d->nodes[p->a].arg, !p->lhs_t, "%lds_a", m0.s, bi);
  tiled_copy_setup(e, &cb, d->nodes[p->b].arg, p->rhs_t, "%lds_b", n0.s, bi);

  tile_t tl[FE_WT * FE_WT];
  nm_t acc[FE_WT * FE_WT];
  for (int t = 0; t < FE_WT * FE_WT; ++t) {
    tl[t] = (tile_t){bi, grow[t / FE_WT].s, gcol[t % FE_WT].s, 0};
    reset_memo(e);
    acc[t] = acc_init(e, &tl[t], p->c);
  }

  /* Prologue: slice 0 into buffer 0. */
  nm_t r0[FE_CHUNKS], r1[FE_CHUNKS];
  tiled_global_load(e, &ca, "%c0", r0);
  tiled_global_load(e, &cb, "%c0", r1);
  tiled_lds_store(e, &ca, "%c0", r0);
  tiled_lds_store(e, &cb, "%c0", r1);
  line(e, "gpu.barrier");
  tiled_k_loop(e, &ca, &cb, wrow, wcol, acc);
  /* The last slice, in the buffer its parity selects. */
  int64_t last = d->k / FE_TK - 1;
  tiled_k_slice(e, cidx(e, last % 2).s, wrow, wcol, acc);
  /* Keep the epilogue's loads (bias, D, E: 8 VGPRs per tile) below the
   * last WMMAs, where the fragments are dead. */
  line(e, "rocdl.sched.barrier 0");
  tiled_epilogue(e, acc, tl);
}

/*===--- second product + epilogue (shared) ------------------------------------===*/
/* Output tile (m, n1) of a chain, A fragments given: register kernel. */
static void second_product_regs(em_t *e, const char *m, const char *n1,
                                const nm_t *afrag, int nfrag) {
  const fe_desc *d = e->d;
  const fe_node *p2 = &d->nodes[d->p2];
  int b_arg = d->nodes[p2->b].arg;
  tile_t tl = {NULL, m, n1, 0};
  reset_memo(e);
  nm_t c = acc_init(e, &tl, p2->c);
  for (int j = 0; j < nfrag; ++j) {
    nm_t kk = cidx(e, 16LL * j);
    nm_t b = p2->rhs_t ? load_operand(e, 'b', b_arg, 1, NULL, n1, kk.s)
                       : load_operand(e, 'b', b_arg, 0, NULL, kk.s, n1);
    c = mma(e, afrag[j], b, c);
  }
  bind(e, d->p2, c);
  nm_t r = eval(e, &tl, d->root);
  store_acc_tile(e, &tl, d->out_arg, r);
}

/*===--- gemm_gemm in registers ---------------------------------------------===*/
/* The intermediate tile (held transposed) -> the next product's A operand. */
static nm_t intermediate_to_a(em_t *e, const tile_t *tl) {
  const fe_desc *d = e->d;
  const fe_node *x = &d->nodes[d->inter];
  const char *t = tname(d->in_type);
  char to[160];
  snprintf(to, sizeof to, "#wmma.frag<a, %s, %s>", e->lay,
           acc_atom(e, FE_T_F32));
  nm_t r = fresh(e);
  if (x->kind == FE_CAST && d->nodes[x->a].type == FE_T_F32) {
    /* The truncation is done by the relayout (in-lane f32 -> 16-bit). */
    nm_t v = eval(e, tl, x->a);
    line(e, "%s = wmma.relayout #wmma.frag<d, hw, transposed, %s> to %s %s : "
            "vector<8xf32> -> vector<%dx%s>",
         r.s, acc_atom(e, FE_T_F32), to, v.s, e->op_len, t);
    return r;
  }
  nm_t v = eval(e, tl, d->inter);
  int len = acc_len(e, d->in_type);
  if (len == 16)
    v = widen16(e, v, d->in_type);
  line(e, "%s = wmma.relayout #wmma.frag<d, hw, transposed, %s> to %s %s : "
          "vector<%dx%s> -> vector<%dx%s>",
       r.s, acc_atom(e, d->in_type), to, v.s, len, t, e->op_len, t);
  return r;
}

static void emit_gemm_gemm_regs(em_t *e) {
  const fe_desc *d = e->d;
  const fe_node *p1 = &d->nodes[d->p1];
  int a0 = d->nodes[p1->a].arg, b0 = d->nodes[p1->b].arg;
  int nt0 = (int)(d->n0 / 16);
  nm_t task = ibin(e, "addi", ibin(e, "muli", "%bid", cidx(e, d->waves).s).s,
                   "%wave");
  nm_t act = fresh(e);
  line(e, "%s = arith.cmpi ult, %s, %s : index", act.s, task.s,
       cidx(e, d->m / 16).s);
  line(e, "scf.if %s {", act.s);
  ++e->indent;
  nm_t m = ibin(e, "muli", task.s, "%c16");
  nm_t afrag[FE_REG_BUDGET / 4];
  /* First product, transposed, FE_GROUP output tiles per K loop. */
  for (int g0 = 0; g0 < nt0; g0 += FE_GROUP) {
    int g = nt0 - g0 < FE_GROUP ? nt0 - g0 : FE_GROUP;
    nm_t init[FE_GROUP], n0c[FE_GROUP];
    tile_t tl[FE_GROUP];
    for (int j = 0; j < g; ++j) {
      n0c[j] = cidx(e, 16LL * (g0 + j));
      tl[j] = (tile_t){NULL, m.s, n0c[j].s, 1};
      reset_memo(e);
      init[j] = acc_init(e, &tl[j], p1->c);
    }
    nm_t res = fresh(e), k = fresh(e), it[FE_GROUP];
    tb_t iters = {0}, types = {0};
    for (int j = 0; j < g; ++j) {
      it[j] = fresh(e);
      tb_add(&iters, "%s%s = %s", j ? ", " : "", it[j].s, init[j].s);
      tb_add(&types, "%svector<8xf32>", j ? ", " : "");
    }
    if (iters.oom || types.oom)
      e->failed = 1;
    line(e, "%s:%d = scf.for %s = %%c0 to %s step %%c16 iter_args(%s) -> "
            "(%s) {",
         res.s, g, k.s, cidx(e, d->k0).s, iters.buf ? iters.buf : "",
         types.buf ? types.buf : "");
    ++e->indent;
    /* B role = A0^T (A0 stored M x K0, or K0 x M when transposed). */
    nm_t bt = p1->lhs_t ? load_operand(e, 'b', a0, 0, NULL, k.s, m.s)
                        : load_operand(e, 'b', a0, 1, NULL, m.s, k.s);
    tb_t ylds = {0};
    for (int j = 0; j < g; ++j) {
      /* A role = B0^T (B0 stored K0 x N0, or N0 x K0 when transposed). */
      nm_t at = p1->rhs_t ? load_operand(e, 'a', b0, 0, NULL, n0c[j].s, k.s)
                          : load_operand(e, 'a', b0, 1, NULL, k.s, n0c[j].s);
      nm_t dj = mma(e, at, bt, it[j]);
      tb_add(&ylds, "%s%s", j ? ", " : "", dj.s);
    }
    if (ylds.oom)
      e->failed = 1;
    line(e, "scf.yield %s : %s", ylds.buf ? ylds.buf : "",
         types.buf ? types.buf : "");
    free(iters.buf);
    free(types.buf);
    free(ylds.buf);
    --e->indent;
    line(e, "}");
    for (int j = 0; j < g; ++j) {
      reset_memo(e);
      nm_t v = res;
      size_t used = strlen(v.s);
      v.s[used] = '#';
      v.s[used + 1] = (char)('0' + j); /* j < FE_GROUP <= 10 */
      v.s[used + 2] = 0;
      bind(e, d->p1, v);
      afrag[g0 + j] = intermediate_to_a(e, &tl[j]);
    }
  }
  /* Second product: a loop over the output tiles of the strip. */
  nm_t n1 = fresh(e);
  line(e, "scf.for %s = %%c0 to %s step %%c16 {", n1.s, cidx(e, d->n).s);
  ++e->indent;
  second_product_regs(e, m.s, n1.s, afrag, nt0);
  --e->indent;
  line(e, "}");
  --e->indent;
  line(e, "}");
}

/*===--- chains staged in LDS ---------------------------------------------------===*/
/* Opens `scf.for t = wave to tiles step waves`; returns t. */
static nm_t wave_loop(em_t *e, int64_t tiles) {
  nm_t t = fresh(e);
  line(e, "scf.for %s = %%wave to %s step %s {", t.s, cidx(e, tiles).s,
       cidx(e, e->d->waves).s);
  ++e->indent;
  return t;
}

static void emit_gemm_gemm_lds(em_t *e) {
  const fe_desc *d = e->d;
  int64_t rows = d->rows_per_block, blocks = d->m / rows;
  char lt[128];
  lds_type(d, lt, sizeof lt);
  nm_t bb = {{0}}, rb;
  if (d->batched) {
    bb = ibin(e, "divui", "%bid", cidx(e, blocks).s);
    rb = ibin(e, "remui", "%bid", cidx(e, blocks).s);
  } else {
    snprintf(rb.s, sizeof rb.s, "%%bid");
  }
  const char *bi = d->batched ? bb.s : NULL;
  nm_t row0 = ibin(e, "muli", rb.s, cidx(e, rows).s);
  const char *in_t = tname(d->in_type);
  ktile_t kt;

  /* Phase 1: intermediate tiles -> LDS (converted to the input type). */
  int64_t nt0 = d->n0 / 16;
  nm_t t = wave_loop(e, (rows / 16) * nt0);
  kt_open(e, &kt, t.s, nt0, row0.s, bi, d->p1, d->k0);
  kt_close(e, &kt, NULL, d->p1);
  nm_t h = eval(e, &kt.tl, d->inter);
  int len = acc_len(e, d->in_type);
  if (len == 16)
    h = widen16(e, h, d->in_type);
  line(e, "wmma.store #wmma.frag<d, hw, %s> %s, %%lds[%s, %s] : "
          "vector<%dx%s>, %s",
       acc_atom(e, d->in_type), h.s, kt.ml.s, kt.n.s, len, in_t, lt);
  --e->indent;
  line(e, "}");
  line(e, "gpu.barrier");

  /* Phase 2: output tiles, A fragments from LDS. */
  int64_t nt1 = d->n / 16;
  t = wave_loop(e, (rows / 16) * nt1);
  kt_open(e, &kt, t.s, nt1, row0.s, bi, d->p2, d->n0);
  nm_t a = fresh(e);
  line(e, "%s = wmma.load #wmma.frag<a, %s, %s> %%lds[%s, %s] : %s -> "
          "vector<%dx%s>",
       a.s, e->lay, acc_atom(e, FE_T_F32), kt.ml.s, kt.k.s, lt, e->op_len,
       in_t);
  kt_close(e, &kt, &a, d->p2);
  nm_t r = eval(e, &kt.tl, d->root);
  store_acc_tile(e, &kt.tl, d->out_arg, r);
  --e->indent;
  line(e, "}");
}

/*===--- driver -----------------------------------------------------------------===*/
char *fe_emit_kernel(const fe_desc *d, const char *chip, wmma_arch arch) {
  static em_t e; /* large (memo); one emission at a time */
  memset(&e, 0, sizeof e);
  e.d = d;
  e.arch = arch;
  e.indent = 2;
  e.lay = wmma_layout_name(arch == WMMA_ARCH_RDNA4 ? WMMA_LAYOUT_KCONTIG
                                                   : WMMA_LAYOUT_HW);
  e.op_len = fe_frag_length(arch, fe_instr(arch, d->in_type, FE_T_F32),
                            WMMA_MATRIX_A,
                            arch == WMMA_ARCH_RDNA4 ? WMMA_LAYOUT_KCONTIG
                                                    : WMMA_LAYOUT_HW);
  const char *an = wmma_arch_name(arch);
  for (int t = 0; t <= FE_T_F32; ++t) {
    e.acc_len[t] = fe_frag_length(arch, fe_instr(arch, d->in_type, (fe_type)t),
                                  WMMA_MATRIX_C, WMMA_LAYOUT_HW);
    if (e.acc_len[t] != 8 && e.acc_len[t] != 16)
      e.failed = 1; /* the 16-bit tile code handles 8 or 16 only */
    /* Products: in_type x in_type -> f32; 16-bit tiles: T x T -> T. */
    const char *ab = t == FE_T_F32 ? tname(d->in_type) : tname((fe_type)t);
    snprintf(e.atom[t], sizeof e.atom[t],
             "#wmma.atom<%s, 16x16x16, %s * %s -> %s>", an, ab, ab,
             tname((fe_type)t));
  }
  tb_add(&e.head, "    %%c0 = arith.constant 0 : index\n");
  tb_add(&e.head, "    %%c16 = arith.constant 16 : index\n");
  tb_add(&e.head, "    %%c32 = arith.constant 32 : index\n");
  tb_add(&e.head, "    %%zero = arith.constant 0.0 : f32\n");
  e.consts[0].v = 0;
  snprintf(e.consts[0].n.s, sizeof e.consts[0].n.s, "%%c0");
  e.consts[1].v = 16;
  snprintf(e.consts[1].n.s, sizeof e.consts[1].n.s, "%%c16");
  e.consts[2].v = 32;
  snprintf(e.consts[2].n.s, sizeof e.consts[2].n.s, "%%c32");
  e.nconsts = 3;
  line(&e, "%%tid = gpu.thread_id x");
  line(&e, "%%bid = gpu.block_id x");
  line(&e, "%%wave = arith.divui %%tid, %%c32 : index");
  switch (d->pattern) {
  case FE_PAT_GEMM:
  case FE_PAT_GEMM_MULMUL:
    if (d->tiled)
      emit_gemm_tiled(&e);
    else
      emit_gemm(&e);
    break;
  case FE_PAT_GEMM_GEMM:
    emit_gemm_gemm_regs(&e);
    break;
  case FE_PAT_GEMM_GEMM_LDS:
  case FE_PAT_BATCH_GEMM_GEMM:
    emit_gemm_gemm_lds(&e);
    break;
  }
  line(&e, "gpu.return");
  tb_t out = {0};
  kernel_header(&e, &out, chip);
  if (e.head.buf)
    tb_add(&out, "%s", e.head.buf);
  if (e.body.buf)
    tb_add(&out, "%s", e.body.buf);
  tb_add(&out, "  }\n}\n");
  int bad = e.failed || e.head.oom || e.body.oom || out.oom;
  free(e.head.buf);
  free(e.body.buf);
  if (bad) {
    free(out.buf);
    return NULL;
  }
  return out.buf;
}
