/* Operand prologues: an operand of a product computed elementwise from
 * one matrix (and broadcast vectors, scalars, constants) is evaluated in
 * registers on the operand's fragment, right after its matrix is loaded
 * (from global memory, or from LDS by the tiled template) -- never through
 * a global temporary.  The same path widens fp8/bf8 to f16 on RDNA3, which
 * has no fp8 WMMA. */
#include "Kernel/Kernel.h"

#include "wmma/Support/ElementwiseOps.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/* Is the operand zero wherever its matrix leaf is zero?  Then the zeros a
 * masked load puts past K stay zeros and the padded products vanish;
 * otherwise (x + 1, exp x) the padding is cleared after the prologue.
 * A value per node, combined from its operands' in post order (it depends
 * on the node and the leaf only, never on the path: one visit each), by
 * the elementwise table's zero rule (ElementwiseOps.def, `zero`). */
static wmma_ew_zero zero_rule(const fe_node *x) {
  const wmma_elementwise_op *ew =
      wmma_elementwise_lookup(mlirStringRefCreateFromCString(x->name));
  return ew && ew->arity == x->nops ? ew->zero : WMMA_EW_ZERO_NONE;
}

typedef struct {
  int leaf;
  bool *zero; /* node -> zero wherever the leaf is */
} zp_t;

static fe_walk zp_pre(const fe_graph *g, int n, void *ud) {
  zp_t *z = ud;
  const fe_node *x = &g->nodes[n];
  z->zero[n] = n == z->leaf;
  if (n == z->leaf || x->kind != FE_OP || zero_rule(x) == WMMA_EW_ZERO_NONE)
    return FE_WALK_SKIP;
  return FE_WALK_NEXT;
}

static fe_walk zp_post(const fe_graph *g, int n, void *ud) {
  zp_t *z = ud;
  const fe_node *x = &g->nodes[n];
  bool a = z->zero[x->ops[0]], b = x->nops > 1 && z->zero[x->ops[1]];
  switch (zero_rule(x)) {
  case WMMA_EW_ZERO_FIRST:
    z->zero[n] = a;
    break;
  case WMMA_EW_ZERO_ANY: /* zero times anything */
    z->zero[n] = a || b;
    break;
  case WMMA_EW_ZERO_ALL:
    z->zero[n] = a && b;
    break;
  case WMMA_EW_ZERO_NONE:
    break;
  }
  return FE_WALK_NEXT;
}

static bool zero_preserving(const fe_graph *g, int n, int leaf) {
  zp_t z = {leaf, calloc((size_t)g->nnodes, sizeof *z.zero)};
  bool r = z.zero && n >= 0 && n < g->nnodes &&
           fe_graph_visit(g, n, 0, zp_pre, zp_post, &z) == 0 && z.zero[n];
  free(z.zero);
  return r; /* out of memory: false, the padding is cleared */
}

MlirValue kb_fp8_to_f16(fe_kb *kb, MlirValue v) {
  /* Exact: E5M2 is the top byte of an f16 (same bias, 2 of its 10 mantissa
   * bits), so its bits shifted left by 8 are the f16.  E4M3FN has bias 7:
   * its 7 magnitude bits placed at f16 bit 7 give an f16 of exponent
   * field e and mantissa m<<7, worth 2^(e-15) (1 + m/8) for e > 0 and
   * 2^-14 (m/8) for e = 0; times 2^8 that is 2^(e-7) (1 + m/8) and
   * 2^-6 (m/8), the E4M3FN value in both cases, and a power-of-two scaling
   * of a value no larger than 448 is exact in f16.  Its one NaN
   * (S.1111.111) is selected separately. */
  wb_t *b = &kb->b;
  MlirType vt = mlirValueGetType(v);
  int64_t n;
  MlirType et;
  if (!wb_is_vec1d(vt, &n, &et)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirType i8v = wb_vec(n, mlirIntegerTypeGet(kb->ctx, 8));
  MlirType i16v = wb_vec(n, mlirIntegerTypeGet(kb->ctx, 16));
  MlirType f16v = wb_vec(n, mlirF16TypeGet(kb->ctx));
  MlirValue bits = wb_cast(b, "arith.extui", wb_bitcast(b, v, i8v), i16v);
  if (mlirTypeIsAFloat8E5M2(et))
    return wb_bitcast(
        b, wb_arith(b, "arith.shli", bits, wb_const_splat(b, i16v, 8)), f16v);
  MlirValue mag = wb_arith(b, "arith.andi", bits, wb_const_splat(b, i16v, 0x7f));
  MlirValue sign = wb_arith(b, "arith.andi", bits, wb_const_splat(b, i16v, 0x80));
  MlirValue mag_at = wb_arith(b, "arith.shli", mag, wb_const_splat(b, i16v, 7));
  MlirValue sign_at =
      wb_arith(b, "arith.shli", sign, wb_const_splat(b, i16v, 8));
  MlirValue h = wb_arith(b, "arith.ori", mag_at, sign_at);
  MlirValue hf = wb_bitcast(b, h, f16v);
  MlirValue val =
      wb_arith(b, "arith.mulf", hf, wb_const_splat(b, f16v, 256.0));
  MlirValue nan = wb_cmpi(b, WB_CMP_EQ, mag, wb_const_splat(b, i16v, 0x7f));
  return wb_select(b, nan, wb_bitcast(b, wb_const_splat(b, i16v, 0x7e00), f16v),
                   val);
}

/* The operand fragment's slots at K >= K's size set to zero. */
static MlirValue zero_past_k(fe_kb *kb, const fe_tile *t, wmma_matrix role,
                             MlirValue v, fe_size K) {
  fe_slot_pos sp;
  kb_slot_positions(kb, t, &sp);
  int kdim = role == WMMA_MATRIX_A ? t->dim_col : t->dim_row;
  MlirValue el[16];
  for (int s = 0; s < sp.n; ++s)
    el[s] = kb_add(kb, t->at[kdim],
                   role == WMMA_MATRIX_A ? sp.col[s] : sp.row[s]);
  MlirType it = wb_vec(sp.n, wb_index(kb->ctx));
  MlirValue ks = wb_from_elements(&kb->b, sp.n, el, it);
  MlirValue keep = wb_cmpi(&kb->b, WB_CMP_ULT, ks,
                           wb_broadcast(&kb->b, kb_size(kb, K), it));
  return wb_select(&kb->b, keep, v,
                   wb_const_zero(&kb->b, mlirValueGetType(v)));
}

/* The type role's fragments have in the product's atom. */
static MlirType atom_operand_type(fe_kb *kb, wmma_matrix role) {
  return role == WMMA_MATRIX_A ? wmmaAtomAttrGetAType(kb->atom)
                               : wmmaAtomAttrGetBType(kb->atom);
}

bool kb_operand_has_prologue(fe_kb *kb, const fe_operand *o,
                             wmma_matrix role) {
  return !o->is_load || o->k_pack > 1 ||
         !mlirTypeEqual(kb->p->g.nodes[o->leaf].type,
                        atom_operand_type(kb, role));
}

MlirValue kb_operand_value(fe_kb *kb, const fe_operand *o, wmma_matrix role,
                           const MlirValue *batch, MlirValue row0,
                           MlirValue k0, bool masked, MlirValue leaf_value) {
  const fe_problem *p = kb->p;
  fe_tile t;
  memset(&t, 0, sizeof t);
  t.rank = o->space_rank;
  t.dim_row = role == WMMA_MATRIX_A ? o->row_loop : o->k_loop;
  t.dim_col = role == WMMA_MATRIX_A ? o->k_loop : o->row_loop;
  for (int d = 0; d < t.rank && d < FE_MAX_RANK; ++d)
    t.at[d] = kb_c(kb, 0);
  t.at[o->row_loop] = row0;
  t.at[o->k_loop] = k0;
  for (int i = 0; i < o->nbatch; ++i)
    t.at[o->batch_loop[i]] = batch[i];
  if (o->has_kouter) {
    if (mlirValueIsNull(kb->kouter))
      kb->failed = 1;
    else
      t.at[o->kouter_loop] = kb->kouter;
  }
  t.operand = true;
  t.role = role;
  t.masked = masked;
  /* Interleaved columns (Templates/DecodeWide.c): the caller loaded the
   * leaf on the compact fragment. */
  bool wide = role == WMMA_MATRIX_B && kb->b_col_step > 1;
  if (wide)
    t.col_step = kb->b_col_step;
  /* Packed (or fp8) weights on RDNA3: unpacked on the compact fragment
   * (each K value once per wave, not once per lane half), then
   * replicated. */
  wmma_layout_kind saved_layout = kb->ab_layout;
  MlirType leaf_type = p->g.nodes[o->leaf].type;
  bool narrow_leaf =
      o->k_pack > 1 ||
      (!o->is_load && (mlirTypeIsAFloat8E4M3FN(leaf_type) ||
                       mlirTypeIsAFloat8E5M2(leaf_type))); /* fp8 weights */
  bool compact = ((narrow_leaf && mlirValueIsNull(leaf_value)) || wide) &&
                 kb->ab_layout == WMMA_LAYOUT_HW;
  if (compact)
    kb->ab_layout = WMMA_LAYOUT_COMPACT;
  if (o->k_pack > 1 && mlirValueIsNull(leaf_value))
    leaf_value = kb_packed_leaf(kb, o, &t);
  MlirValue v;
  if (o->is_load && !mlirValueIsNull(leaf_value) && o->k_pack == 1) {
    v = leaf_value;
  } else {
    fe_memo m;
    if (kb_memo_init(kb, &m)) {
      kb->failed = 1;
      return (MlirValue){NULL};
    }
    if (!mlirValueIsNull(leaf_value))
      kb_memo_bind(&m, o->leaf, leaf_value);
    for (int i = 0; role == WMMA_MATRIX_B && i < kb->nbound; ++i)
      kb_memo_bind(&m, kb->bound_node[i], kb->bound_val[i]);
    v = kb_eval(kb, &m, &t, o->node);
    kb_memo_free(&m);
  }
  if (mlirValueIsNull(v)) {
    kb->ab_layout = saved_layout;
    return v;
  }
  MlirType have = wb_elem_type(mlirValueGetType(v));
  MlirType want = atom_operand_type(kb, role);
  if (!mlirTypeEqual(have, want)) {
    if ((mlirTypeIsAFloat8E4M3FN(have) || mlirTypeIsAFloat8E5M2(have)) &&
        mlirTypeIsAF16(want)) {
      v = kb_fp8_to_f16(kb, v);
    } else {
      kb->ab_layout = saved_layout;
      kb->failed = 1;
      return (MlirValue){NULL};
    }
  }
  /* Packed elements past K hold the next row's values, not zeros. */
  if (masked &&
      (o->k_pack > 1 || !zero_preserving(&p->g, o->node, o->leaf)))
    v = zero_past_k(kb, &t, role, v, o->K);
  kb->ab_layout = saved_layout;
  if (compact)
    v = kb_expand(kb, role, kb->atom, v);
  return v;
}
