/* The VALU problem: one contraction no WMMA instruction takes, kept with
 * the program's exact semantics and computed with VALU multiply-adds
 * (Templates/Valu.c).  It takes what the WMMA analysis refuses for its
 * types (f32 x f32, PyTorch's default; f64; i32 x i32 and i8/i16 products
 * accumulating in i32; mixed f32 x bf16/f16) or its shape (no M or no N
 * loop: matrix-vector, vector-matrix, batched matrix-vector, a dot product
 * with a rank-0 result), and GEMMs whose M or N is statically 1 (a WMMA
 * tile would be 1/16 used).  Operands are evaluated element by element, so
 * any layout and any elementwise prologue (a cast, zero points) works. */
#include "FrontEnd.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

static bool valu_float(MlirType t) {
  return mlirTypeIsAF16(t) || mlirTypeIsABF16(t) || mlirTypeIsAF32(t) ||
         mlirTypeIsAF64(t);
}

static bool valu_int(MlirType t) {
  if (!mlirTypeIsAInteger(t))
    return false;
  unsigned w = mlirIntegerTypeGetWidth(t);
  return w == 8 || w == 16 || w == 32;
}

/* The kernel's accumulator: f64 when anything is f64, f32 for other
 * floats (16-bit outputs round once at the end, as WMMA kernels do), i32
 * for integers (exact modulo 2^32, and so modulo a narrower output's
 * width).  Null when the types are not VALU's. */
static MlirType valu_acc(MlirType a, MlirType b, MlirType acc) {
  MlirContext ctx = mlirTypeGetContext(acc);
  if (valu_float(a) && valu_float(b) && valu_float(acc))
    return mlirTypeIsAF64(a) || mlirTypeIsAF64(b) || mlirTypeIsAF64(acc)
               ? mlirF64TypeGet(ctx)
               : mlirF32TypeGet(ctx);
  if (valu_int(a) && valu_int(b) && valu_int(acc))
    return mlirIntegerTypeGet(ctx, 32);
  return (MlirType){NULL};
}

/* Operand types some WMMA instruction multiplies (Problem.c's
 * check_types decides the exact combinations). */
static bool wmma_types(MlirType a, MlirType b) {
  bool a16 = mlirTypeIsAF16(a) || mlirTypeIsABF16(a);
  bool a8 = mlirTypeIsAFloat8E4M3FN(a) || mlirTypeIsAFloat8E5M2(a);
  bool b8 = mlirTypeIsAFloat8E4M3FN(b) || mlirTypeIsAFloat8E5M2(b);
  bool ai = mlirTypeIsAInteger(a) && (mlirIntegerTypeGetWidth(a) == 8 ||
                                      mlirIntegerTypeGetWidth(a) == 4);
  return (a16 && mlirTypeEqual(a, b)) || (a8 && b8) ||
         (ai && mlirTypeEqual(a, b));
}

bool fe_valu_prefers(const fe_gemm *gm, char *why, size_t cap) {
  bool m1 = fe_size_static(gm->M) && gm->M.value == 1;
  bool n1 = fe_size_static(gm->N) && gm->N.value == 1;
  if (!m1 && !n1)
    return false;
  /* A decode-sized M = 1 product (K >= 1024 and 2^20 weights: the decode
   * template's own bounds, Templates/Decode.c) goes to WMMA; the decode
   * template splits K and says in its remark how WMMA compares. */
  if (m1 && fe_size_static(gm->K) && fe_size_static(gm->N) &&
      gm->K.value >= 1024 &&
      (double)gm->K.value * (double)gm->N.value >= 1048576.0)
    return false;
  fe_why(why, cap, "%s = 1: a WMMA tile would use 1 of its 16 %s", m1 ? "M" : "N",
         m1 ? "rows" : "columns");
  return true;
}

/* Is there a reduction loop other than l that is not skipped for it:
 * one of another size than 1, or of size 1 before it? */
static bool other_reduction(const fe_loop_nest *nest, int l) {
  for (int o = 0; o < nest->nloops; ++o) {
    fe_size sz = nest->loop_size[o];
    bool unit = fe_size_static(sz) && sz.value == 1;
    if (o != l && nest->reduction[o] && (!unit || o < l))
      return true;
  }
  return false;
}

/* The loops of product `prod`: one reduction shared by both operands, at
 * most one M (A and the output), one N (B and the output), two batch
 * loops -- five for a convolution or a pooling (one at run-time sizes keeps
 * its batch, its output rows (and planes) and its channel apart: the
 * pixel loops collapse only at static sizes, ProblemCollapse.c).  0, or -1 with the
 * obstacle. */
static int valu_loops(const fe_problem *p, int prod, fe_gemm *gm, char *why,
                      size_t cap) {
  const fe_graph *g = &p->g;
  const fe_contraction *c = &g->prods[prod];
  unsigned ul = fe_used_dims(g, c->lhs), ur = fe_used_dims(g, c->rhs);
  unsigned uo = 0;
  for (int j = 0; j < c->nest.nout; ++j)
    uo |= 1u << c->nest.out_dims[j];
  int maxb = g->nconvs ? FE_MAX_BATCH : 2;
  for (int l = 0; l < c->nest.nloops; ++l) {
    bool L = ul >> l & 1, R = ur >> l & 1, O = uo >> l & 1;
    fe_size sz = c->nest.loop_size[l];
    /* A depthwise convolution's pixel loops collapsed into one leave the
     * others of size 1: at index 0. */
    if (g->nconvs && !c->nest.reduction[l] && fe_size_static(sz) &&
        sz.value == 1)
      continue;
    /* A reduction loop of size 1 beside another reduction loop (mmt4d's
     * k0 = 1) is at index 0. */
    if (c->nest.reduction[l] && fe_size_static(sz) && sz.value == 1 &&
        other_reduction(&c->nest, l))
      continue;
    if (c->nest.reduction[l]) {
      if (!L || !R || gm->k_loop >= 0)
        return fe_why(why, cap, "it needs one reduction loop shared by both "
                                "operands");
      gm->k_loop = l;
    } else if (L && !R && O && (gm->m_loop < 0 || gm->nbatch < maxb)) {
      /* Of two M (or N) loops the inner one is M, the outer a batch
       * (mmt4d's m0 and m1): rows then span the inner tile. */
      if (gm->m_loop >= 0)
        gm->batch_loop[gm->nbatch++] = gm->m_loop;
      gm->m_loop = l;
    } else if (R && !L && O && (gm->n_loop < 0 || gm->nbatch < maxb)) {
      if (gm->n_loop >= 0)
        gm->batch_loop[gm->nbatch++] = gm->n_loop;
      gm->n_loop = l;
    } else if (O && gm->nbatch < maxb) {
      gm->batch_loop[gm->nbatch++] = l;
    } else {
      /* (A pooling, one M and up to five batch loops, never gets here: a
       * buffer has at most FE_MAX_RANK = 6 dims.) */
      return fe_why(why, cap, g->nconvs ? "it takes one M, one N and five batch loops" : "it takes one M, one N and two batch loops");
    }
  }
  if (gm->k_loop < 0)
    return fe_why(why, cap, "the product has no reduction loop");
  return 0;
}

/* gm from the product's loops and types; -1 with the obstacle. */
static int valu_gemm(fe_problem *p, int prod, fe_gemm *gm, char *why,
                     size_t cap) {
  const fe_graph *g = &p->g;
  const fe_contraction *c = &g->prods[prod];
  memset(gm, 0, sizeof *gm);
  gm->prod = prod;
  gm->m_loop = gm->n_loop = gm->k_loop = -1;
  if (valu_loops(p, prod, gm, why, cap))
    return -1;
  const fe_loop_nest *nest = &c->nest;
  if (gm->m_loop >= 0)
    gm->M = nest->loop_size[gm->m_loop];
  else
    gm->M = fe_static(1);
  if (gm->n_loop >= 0)
    gm->N = nest->loop_size[gm->n_loop];
  else
    gm->N = fe_static(1);
  gm->K = nest->loop_size[gm->k_loop];
  for (int i = 0; i < gm->nbatch; ++i)
    gm->batch[i] = nest->loop_size[gm->batch_loop[i]];
  gm->out_m = gm->out_n = -1;
  for (int j = 0; j < nest->nout; ++j) {
    if (nest->out_dims[j] == gm->m_loop)
      gm->out_m = j;
    if (nest->out_dims[j] == gm->n_loop)
      gm->out_n = j;
    for (int i = 0; i < gm->nbatch; ++i)
      if (nest->out_dims[j] == gm->batch_loop[i])
        gm->out_batch[i] = j;
  }
  gm->acc = c->acc;
  gm->acc_type = c->acc_type;
  gm->a_type = gm->in_type = g->nodes[c->lhs].type;
  gm->b_type = c->combine ? gm->a_type : g->nodes[c->rhs].type;
  gm->a_unsigned = c->lhs_unsigned;
  gm->b_unsigned = c->rhs_unsigned;
  /* Zero points folded out of the operands (ProblemZeroPoints.c): the
   * template subtracts them again from each operand it evaluates. */
  gm->a_zp = c->lhs_zp;
  gm->b_zp = c->rhs_zp;
  /* Operands are evaluated per element: their nodes, no matrix leaf. */
  gm->lhs.node = c->lhs;
  gm->rhs.node = c->rhs;
  gm->lhs.arg = gm->rhs.arg = -1;
  gm->lhs.leaf = gm->rhs.leaf = -1;
  gm->lhs.K = gm->rhs.K = gm->K;
  MlirType kacc = valu_acc(gm->a_type, gm->b_type, gm->acc_type);
  if (mlirTypeIsNull(kacc)) {
    char as[32], bs[32], cs[32];
    fe_type_str(gm->a_type, as, sizeof as);
    fe_type_str(gm->b_type, bs, sizeof bs);
    fe_type_str(gm->acc_type, cs, sizeof cs);
    return fe_why(why, cap, "it takes f16, bf16, f32 and f64 products into a "
                            "float, or i8, i16 and i32 products into an "
                            "integer of at most 32 bits, not %s x %s -> %s",
                  as, bs, cs);
  }
  gm->kacc_type = kacc;
  p->valu.acc = kacc;
  /* The output tile is read only where it is written (the accumulator, the
   * epilogue); an operand reading it would see other tiles' results. */
  if (fe_reads_arg(g, c->lhs, p->out_arg, 0) ||
      fe_reads_arg(g, c->rhs, p->out_arg, 0))
    return fe_why(why, cap, "the output is also a product operand");
  return 0;
}

int fe_valu_problem(fe_problem *p, int prod, char *why, size_t cap) {
  char r[FE_WHY];
  fe_gemm gm;
  /* (A convolution's filter view is read at 0 in its size-1 dims, which
   * point loads address.) */
  if (fe_reads_fixed(&p->g, p->root) && !p->g.nconvs) {
    size_t len = strlen(why);
    snprintf(why + len, cap - len, " (nor can the VALU template take it: it "
                                   "does not address loads at constant "
                                   "indices)");
    return -1;
  }
  if (valu_gemm(p, prod, &gm, r, sizeof r)) {
    size_t len = strlen(why);
    snprintf(why + len, cap - len, " (nor can the VALU template take it: %s)",
             r);
    return -1;
  }
  /* The remark: the types no WMMA takes, and what would take WMMA; else
   * the WMMA analysis's obstacle (a shape, a layout). */
  char src[64], as[32], bs[32], cs[32], what[FE_WHY - 80];
  fe_source_op_name(p->func, p->g.prods[prod].loc, src, sizeof src);
  fe_type_str(gm.a_type, as, sizeof as);
  fe_type_str(gm.b_type, bs, sizeof bs);
  fe_type_str(gm.acc_type, cs, sizeof cs);
  bool types = wmma_types(gm.a_type, gm.b_type);
  char ts[128];
  snprintf(ts, sizeof ts, "%.24s x %.24s -> %.24s has no WMMA instruction", as, bs,
           cs);
  const char *pool = p->g.prods[prod].combine;
  if (pool) /* a pooling: nothing to multiply */
    snprintf(what, sizeof what, "a pooling (%s over the window, no filter: "
                                "nothing for WMMA to multiply)",
             pool + strlen("arith."));
  else if (gm.m_loop < 0 || gm.n_loop < 0) /* the shape first, then the types */
    snprintf(what, sizeof what, "%.250s%s%s", why, types ? "" : "; and ",
             types ? "" : ts);
  else if (!types)
    snprintf(what, sizeof what, "%s; convert %s for WMMA", ts,
             mlirTypeIsAInteger(gm.a_type)
                 ? "the operands to i8 (into i32)"
                 : "both operands to f16 or both to bf16");
  else
    snprintf(what, sizeof what, "%.400s", why);
  /* (A reason naming its op already is not prefixed again.) */
  bool named = src[0] && !strncmp(what, src, strlen(src));
  snprintf(p->valu.why, sizeof p->valu.why, "%s%s%s", named ? "" : src,
           src[0] && !named ? ": " : "", what);
  p->shape = FE_SHAPE_VALU;
  p->ngemms = 1;
  p->gemms[0] = gm;
  return 0;
}
