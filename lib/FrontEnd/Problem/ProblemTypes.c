/* Front end, problem stage: the element types of a product -- which mixes
 * a WMMA takes (the templates then ask the chip), and mixed-type products
 * (i8 x f16 through f32) narrowed to 16-bit products where that is exact.
 * Split from Problem.c so that it keeps one job: the GEMM view of a
 * product. */
#include "FrontEnd.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

static bool is_16bit_float(MlirType t) {
  return mlirTypeIsAF16(t) || mlirTypeIsABF16(t);
}

static bool is_fp8(MlirType t) {
  return mlirTypeIsAFloat8E4M3FN(t) || mlirTypeIsAFloat8E5M2(t);
}

static bool is_int(MlirType t, unsigned bits) {
  return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == bits;
}

/* The element types a product may have (the templates then ask the chip):
 *   f16 x f16, bf16 x bf16 -> f32, or -> f16/bf16 rounded once at the end
 *   i8 x i8, i4 x i4 -> i32 (sign- or zero-extended operands, any mix),
 *     exact (i4 a byte per element in memory, as MLIR addresses it)
 *   fp8/bf8 x fp8/bf8 -> f32 (E4M3FN, E5M2, any mix) */
int fe_check_product_types(const fe_problem *p, const fe_gemm *gm, char *why,
                           size_t cap) {
  const fe_graph *g = &p->g;
  const fe_contraction *c = &g->prods[gm->prod];
  MlirType a = gm->a_type, b = gm->b_type, acc = c->acc_type;
  char as[32], bs[32], cs[32];
  fe_type_str(a, as, sizeof as);
  fe_type_str(b, bs, sizeof bs);
  fe_type_str(acc, cs, sizeof cs);
  if (mlirTypeIsAF32(a) || mlirTypeIsAF32(b))
    return fe_why(why, cap, "the product multiplies f32 values (%s x %s): "
                            "RDNA has no f32 WMMA; convert the operands to "
                            "f16 or bf16",
                  as, bs);
  bool ok = false;
  if (is_16bit_float(a) && mlirTypeEqual(a, b))
    ok = mlirTypeIsAF32(acc) || mlirTypeEqual(acc, a);
  else if (is_fp8(a) && is_fp8(b))
    ok = mlirTypeIsAF32(acc);
  else if ((is_int(a, 8) && is_int(b, 8)) || (is_int(a, 4) && is_int(b, 4)))
    ok = is_int(acc, 32);
  /* linalg.quantized_matmul: integers widened, then shifted by their
   * zero points ((a - a_zp) * (b - b_zp)), so the product is i32 x i32. */
  const fe_node *la = &g->nodes[c->lhs], *lb = &g->nodes[c->rhs];
  if (!ok && ((la->kind == FE_OP && !strcmp(la->name, "arith.subi")) ||
              (lb->kind == FE_OP && !strcmp(lb->name, "arith.subi")))) {
    char src[64];
    fe_source_op_name(p->func, c->loc, src, sizeof src);
    return fe_why(why, cap, "%s multiplies operands shifted by zero points "
                            "((a - a_zp) x (b - b_zp), %s x %s) that are "
                            "not scalars or not of i8 or i4 operands: only "
                            "scalar zero points of i8/i4 operands are "
                            "folded (per-channel zero points are not "
                            "supported)",
                  src[0] ? src : "the product", as, bs);
  }
  if (!ok)
    return fe_why(why, cap, "unsupported product types %s x %s -> %s "
                            "(supported: f16 x f16 and bf16 x bf16 -> f32 or "
                            "their own type; i8 x i8 and i4 x i4 -> i32, "
                            "signed or unsigned; f8E4M3FN/f8E5M2 in any mix "
                            "-> f32)",
                  as, bs, cs);
  return 0;
}

/* Is every value of integer/float type `from` exactly a value of the
 * 16-bit float type `to`?  (8-bit integers and fp8/bf8 in f16; 8-bit
 * integers in bf16; signed or unsigned alike, -128..255 being exact in
 * both.) */
static bool fits_exactly(MlirType from, MlirType to) {
  if (mlirTypeIsAInteger(from) && mlirIntegerTypeGetWidth(from) <= 8)
    return is_16bit_float(to);
  if (mlirTypeIsAFloat8E4M3FN(from) || mlirTypeIsAFloat8E5M2(from))
    return mlirTypeIsAF16(to);
  return false;
}

/* Mixed-type products as linalg writes them (i8 x f16 -> f32: the i8
 * operand goes through arith.sitofp to f32): when the converted value fits
 * the other operand's 16-bit type exactly, convert it to that type instead
 * -- the same numbers, now a 16-bit product with a cast prologue. */
int fe_narrow_mixed_operands(fe_graph *g, fe_contraction *c) {
  int *ops[2] = {&c->lhs, &c->rhs};
  for (int i = 0; i < 2; ++i) {
    const fe_node *x = &g->nodes[*ops[i]];
    MlirType other = g->nodes[*ops[1 - i]].type;
    if (!mlirTypeIsAF32(x->type) || !is_16bit_float(other) ||
        x->kind != FE_OP || x->nops != 1 ||
        (strcmp(x->name, "arith.sitofp") && strcmp(x->name, "arith.uitofp") &&
         strcmp(x->name, "arith.extf")))
      continue;
    int src = x->ops[0];
    if (!fits_exactly(g->nodes[src].type, other))
      continue;
    int n = fe_op(g, x->name, other, 1, &src, -1, x->attrs, x->loc);
    if (n < 0)
      return -1;
    *ops[i] = n;
  }
  return 0;
}
