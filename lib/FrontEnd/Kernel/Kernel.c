/* Kernel building blocks: constants, sizes, wmma fragment ops, operand tiles
 * of a product, workgroup memory and batch indices (see Kernel.h). */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/*===--- values -------------------------------------------------------------===*/
MlirValue kb_c(fe_kb *kb, int64_t v) {
  for (int i = 0; i < kb->nconsts; ++i)
    if (kb->consts[i].v == v)
      return kb->consts[i].val;
  /* Constants live at the top of the kernel, dominating every use. */
  MlirType t = wb_index(kb->ctx);
  MlirNamedAttribute a = wb_named(kb->ctx, "value", mlirIntegerAttrGet(t, v));
  MlirOperation op =
      wb_op_regions(&kb->b, "arith.constant", 0, NULL, 1, &t, 1, &a, 0);
  if (mlirOperationIsNull(op)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  mlirBlockInsertOwnedOperation(kb->entry, 0, op);
  MlirValue val = mlirOperationGetResult(op, 0);
  if (kb->nconsts < FE_MAX_CONSTS) {
    kb->consts[kb->nconsts].v = v;
    kb->consts[kb->nconsts].val = val;
    kb->nconsts++;
  }
  return val;
}

MlirValue kb_size(fe_kb *kb, fe_size s) {
  if (fe_size_static(s))
    return kb_c(kb, s.value);
  if (s.sym < 0 || s.sym >= FE_MAX_SYMS || mlirValueIsNull(kb->sym[s.sym])) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  return kb->sym[s.sym];
}

static bool const_of(fe_kb *kb, MlirValue v, int64_t *out) {
  for (int i = 0; i < kb->nconsts; ++i)
    if (mlirValueEqual(kb->consts[i].val, v)) {
      *out = kb->consts[i].v;
      return true;
    }
  return wb_const_value(v, out);
}

MlirValue kb_add(fe_kb *kb, MlirValue a, MlirValue b) {
  int64_t x, y;
  bool ka = const_of(kb, a, &x), kb2 = const_of(kb, b, &y);
  if (ka && kb2)
    return kb_c(kb, x + y);
  if (ka && x == 0)
    return b;
  if (kb2 && y == 0)
    return a;
  return wb_arith(&kb->b, "arith.addi", a, b);
}

MlirValue kb_addc(fe_kb *kb, MlirValue a, int64_t c) {
  return c ? kb_add(kb, a, kb_c(kb, c)) : a;
}

MlirValue kb_mulc(fe_kb *kb, MlirValue a, int64_t c) {
  int64_t x;
  if (const_of(kb, a, &x))
    return kb_c(kb, x * c);
  if (c == 1)
    return a;
  if (c == 0)
    return kb_c(kb, 0);
  return wb_arith(&kb->b, "arith.muli", a, kb_c(kb, c));
}

MlirValue kb_bid(fe_kb *kb, int dim) {
  return wb_gpu_id(&kb->b, "gpu.block_id", dim);
}

void kb_wave_grid(fe_kb *kb, int waves_n, MlirValue *row, MlirValue *col) {
  if (waves_n == 1) {
    *row = kb->wave;
    *col = kb_c(kb, 0);
    return;
  }
  *row = wb_arith(&kb->b, "arith.divui", kb->wave, kb_c(kb, waves_n));
  *col = wb_arith(&kb->b, "arith.remui", kb->wave, kb_c(kb, waves_n));
}

MlirValue kb_ceil_div(fe_kb *kb, fe_size size, int64_t div) {
  if (fe_size_static(size))
    return kb_c(kb, (size.value + div - 1) / div);
  if (div == 1)
    return kb_size(kb, size);
  MlirValue n = kb_size(kb, size);
  return wb_arith(&kb->b, "arith.ceildivui", n, kb_c(kb, div));
}

MlirValue kb_floor_div(fe_kb *kb, fe_size size, int64_t div) {
  if (fe_size_static(size))
    return kb_c(kb, size.value / div);
  MlirValue n = kb_size(kb, size);
  return wb_arith(&kb->b, "arith.divui", n, kb_c(kb, div));
}

/*===--- fragments ------------------------------------------------------------===*/
MlirAttribute kb_atom(fe_kb *kb, MlirType in, MlirType acc) {
  MlirType ab = mlirTypeIsAF32(acc) ? in : acc;
  return wmmaAtomAttrGet(kb->ctx, kb->arch, kb->atom_m, kb->atom_n,
                         kb->atom_k, ab, ab, acc, false, false, false, 0);
}

MlirAttribute kb_product_atom(fe_kb *kb, const fe_gemm *gm) {
  bool ints = mlirTypeIsAInteger(gm->a_type);
  return wmmaAtomAttrGet(kb->ctx, kb->arch, kb->atom_m, kb->atom_n,
                         kb->atom_k, fe_compute_type(kb->arch, gm->a_type),
                         fe_compute_type(kb->arch, gm->b_type), gm->kacc_type,
                         ints && !gm->a_unsigned, ints && !gm->b_unsigned,
                         false, 0);
}

MlirAttribute kb_frag(fe_kb *kb, wmma_matrix m, wmma_layout_kind lay,
                      bool transposed, MlirAttribute atom) {
  if (mlirAttributeIsNull(atom)) {
    kb->failed = 1;
    return atom;
  }
  MlirAttribute f = wmmaFragAttrGet(kb->ctx, m, lay, transposed, atom);
  if (mlirAttributeIsNull(f))
    kb->failed = 1;
  return f;
}

/* Run-time strides: a view with the batch dims first of an argument
 * (identity layout): its outermost dim is the one showing dim 0. */
static int view_outer_dim(fe_kb *kb, MlirValue mem) {
  for (int a = 0; a < kb->p->nargs; ++a) {
    const fe_arg *x = &kb->p->args[a];
    if (!mlirValueEqual(kb->args[a], mem) || !x->permuted || x->collapsed)
      continue;
    for (int i = 0; i < x->rank; ++i)
      if (x->perm[i] == 0)
        return i;
  }
  return -1;
}

int kb_outer_dim(fe_kb *kb, MlirValue mem) {
  int o = wb_memref_outermost_dim(mlirValueGetType(mem));
  return o >= 0 ? o : view_outer_dim(kb, mem);
}

static MlirValue frag_op(fe_kb *kb, const char *name, MlirAttribute frag,
                         int nops, const MlirValue *ops, bool masked,
                         bool has_result, MlirType result_elem) {
  if (mlirAttributeIsNull(frag)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  /* The memref is ops[0] (load) or ops[1] (store).  The lowering reads
   * the outermost dim from the type; only a view's needs the attribute. */
  MlirValue mem = has_result ? ops[0] : ops[1];
  int outer = -1;
  if (masked && wb_memref_outermost_dim(mlirValueGetType(mem)) < 0)
    outer = view_outer_dim(kb, mem);
  MlirNamedAttribute attrs[3] = {
      wb_named(kb->ctx, "frag", frag),
      wb_named(kb->ctx, "masked", mlirUnitAttrGet(kb->ctx)),
      wb_named(kb->ctx, "outer_dim",
               mlirIntegerAttrGet(mlirIntegerTypeGet(kb->ctx, 64), outer))};
  MlirType vt = wmmaFragAttrGetVectorType(frag);
  int64_t len;
  if (has_result && !mlirTypeIsNull(result_elem) &&
      wb_is_vec1d(vt, &len, NULL))
    vt = wb_vec(len, result_elem);
  MlirOperation op = wb_op(&kb->b, name, nops, ops, has_result ? 1 : 0, &vt,
                           !masked ? 1 : outer < 0 ? 2 : 3, attrs);
  if (mlirOperationIsNull(op)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  return has_result ? mlirOperationGetResult(op, 0) : (MlirValue){NULL};
}

bool kb_tile_overhangs(MlirValue mem, MlirAttribute frag) {
  wmma_frag_desc f;
  if (!wmmaFragAttrGetDesc(frag, &f))
    return false;
  int rows, cols;
  wmma_frag_dims(&f, &rows, &cols);
  MlirType t = mlirValueGetType(mem);
  intptr_t r = mlirShapedTypeGetRank(t);
  int64_t sr = mlirShapedTypeGetDimSize(t, r - 2);
  int64_t sc = mlirShapedTypeGetDimSize(t, r - 1);
  return (!mlirShapedTypeIsDynamicSize(sr) && sr < rows) ||
         (!mlirShapedTypeIsDynamicSize(sc) && sc < cols);
}

void kb_note_oob(fe_kb *kb, MlirValue mem) {
  for (int a = 0; a < kb->p->nargs; ++a)
    if (mlirValueEqual(kb->args[a], mem))
      kb->oob[a] = true;
}

/* Does a lane hold the fragment's slots as runs along the memory's last
 * dimension (vector accesses), or one element per row (scalar)? */
static bool frag_is_scalar(MlirAttribute frag) {
  wmma_frag_desc d;
  if (!wmmaFragAttrGetDesc(frag, &d))
    return false;
  int prev[6] = {0}, have = 0;
  for (int v = 0; v < wmma_frag_length(&d); ++v) {
    int f[6];
    if (wmma_frag_affine(&d, v, &f[0], &f[1], &f[2], &f[3], &f[4], &f[5]) != 1)
      continue;
    if (have)
      return !(f[0] == prev[0] && f[1] == prev[1] && f[2] == prev[2] &&
               f[3] == prev[3] + 1 && f[4] == prev[4] && f[5] == prev[5]);
    memcpy(prev, f, sizeof prev);
    have = 1;
  }
  return false;
}

static void note_access(fe_kb *kb, MlirValue mem, MlirAttribute frag,
                        bool masked) {
  if (masked)
    kb_note_oob(kb, mem);
  if (frag_is_scalar(frag))
    for (int a = 0; a < kb->p->nargs; ++a)
      if (mlirValueEqual(kb->args[a], mem))
        kb->scalar[a] = true;
}

int kb_drop_unneeded_views(fe_kb *kb) {
  /* With a tail anywhere, unmasked tile loads may also read rows past the
   * end (zeros from a buffer view, a fault from a global pointer). */
  const fe_schedule *s = kb->s;
  const fe_problem *p = kb->p;
  if (s->m_tail || s->n_tail || s->k_tail)
    return 0;
  if (p->shape == FE_SHAPE_CHAIN &&
      (!fe_size_static(p->gemms[0].N) || p->gemms[0].N.value % kb->atom_n))
    return 0;
  /* Vector accesses keep their views (a buffer load's offset is 32 bits;
   * a global one's 64-bit address costs VALU adds: the 8-wave gemm-gemm's
   * loop on gfx1201 173 -> 188 instructions), except in chain_lds, whose
   * loops do not change (gemm-gemm: gfx1100 20 -> 16 SGPRs; before the
   * loop -1 / +3 instructions, batched-gemm-gemm +19 / +4). */
  bool vectors = s->template_name && !strcmp(s->template_name, "chain_lds");
  for (int a = 0; a < kb->p->nargs; ++a) {
    if (!kb->p->args[a].is_buffer || kb->oob[a] ||
        !(kb->scalar[a] || vectors))
      continue;
    MlirValue view = kb->args[a];
    if (!mlirValueIsAOpResult(view))
      return -1;
    MlirOperation cast = mlirOpResultGetOwner(view);
    MlirValue bytes = mlirOperationGetOperand(cast, 1);
    mlirValueReplaceAllUsesOfWith(view, mlirBlockGetArgument(kb->entry, a));
    mlirOperationDestroy(cast);
    kb->args[a] = mlirBlockGetArgument(kb->entry, a);
    /* The byte count (a folded constant for static shapes) is dead now. */
    if (mlirValueIsAOpResult(bytes) &&
        mlirOpOperandIsNull(mlirValueGetFirstUse(bytes)) &&
        mlirOperationGetNumResults(mlirOpResultGetOwner(bytes)) == 1)
      mlirOperationDestroy(mlirOpResultGetOwner(bytes));
  }
  return 0;
}

MlirValue kb_load(fe_kb *kb, MlirAttribute frag, MlirValue mem, int n,
                  const MlirValue *idx, bool masked) {
  masked |= kb_tile_overhangs(mem, frag);
  note_access(kb, mem, frag, masked);
  MlirValue ops[FE_MAX_RANK + 1];
  if (n > FE_MAX_RANK) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  ops[0] = mem;
  memcpy(ops + 1, idx, sizeof(MlirValue) * (size_t)n);
  /* A memref of another element type is read by a storage load. */
  return frag_op(kb, "wmma.load", frag, n + 1, ops, masked, true,
                 mlirShapedTypeGetElementType(mlirValueGetType(mem)));
}

void kb_store(fe_kb *kb, MlirAttribute frag, MlirValue v, MlirValue mem,
              int n, const MlirValue *idx, bool masked) {
  MlirValue ops[FE_MAX_RANK + 2];
  if (n > FE_MAX_RANK) {
    kb->failed = 1;
    return;
  }
  ops[0] = v;
  ops[1] = mem;
  memcpy(ops + 2, idx, sizeof(MlirValue) * (size_t)n);
  masked |= kb_tile_overhangs(mem, frag);
  note_access(kb, mem, frag, masked);
  frag_op(kb, "wmma.store", frag, n + 2, ops, masked, false,
          (MlirType){NULL});
}

MlirValue kb_mma(fe_kb *kb, MlirAttribute atom, MlirValue a, MlirValue b,
                 MlirValue c) {
  MlirValue ops[3] = {a, b, c};
  MlirNamedAttribute at = wb_named(kb->ctx, "atom", atom);
  MlirValue r = wb_op1(&kb->b, "wmma.mma", 3, ops,
                       mlirTypeIsNull(mlirValueGetType(c)) ? (MlirType){NULL}
                                                           : mlirValueGetType(c),
                       1, &at);
  if (mlirValueIsNull(r))
    kb->failed = 1;
  return r;
}

MlirValue kb_relayout(fe_kb *kb, MlirAttribute from, MlirAttribute to,
                      MlirValue v, MlirType result) {
  MlirNamedAttribute attrs[2] = {wb_named(kb->ctx, "from", from),
                                 wb_named(kb->ctx, "to", to)};
  MlirValue r = wb_op1(&kb->b, "wmma.relayout", 1, &v, result, 2, attrs);
  if (mlirValueIsNull(r))
    kb->failed = 1;
  return r;
}

MlirValue kb_expand(fe_kb *kb, wmma_matrix role, MlirAttribute atom,
                    MlirValue v) {
  MlirAttribute to = kb_frag(kb, role, WMMA_LAYOUT_HW, false, atom);
  if (mlirAttributeIsNull(to))
    return (MlirValue){NULL};
  MlirNamedAttribute attrs[2] = {
      wb_named(kb->ctx, "role", wmmaOperandAttrGet(kb->ctx, role)),
      wb_named(kb->ctx, "atom", atom)};
  MlirValue r = wb_op1(&kb->b, "wmma.expand", 1, &v,
                       wmmaFragAttrGetVectorType(to), 2, attrs);
  if (mlirValueIsNull(r))
    kb->failed = 1;
  return r;
}

MlirValue kb_fill_zero(fe_kb *kb, MlirAttribute atom) {
  MlirAttribute frag = kb_frag(kb, WMMA_MATRIX_C, WMMA_LAYOUT_HW, false, atom);
  if (mlirAttributeIsNull(frag))
    return (MlirValue){NULL};
  MlirType vt = wmmaFragAttrGetVectorType(frag);
  MlirValue zero = wb_const_zero(&kb->b, mlirShapedTypeGetElementType(vt));
  MlirNamedAttribute a = wb_named(kb->ctx, "frag", frag);
  return wb_op1(&kb->b, "wmma.fill", 1, &zero, vt, 1, &a);
}

/* The zero accumulator through an empty inline asm ("=v,0", the value
 * itself): LLVM materialises a constant zero vector that feeds an RDNA3
 * WMMA's C operand (a VGPR operand, no inline constant on RDNA3) as 8
 * s_mov_b32 into SGPRs and copies it into VGPRs at every use, inside
 * loops too.  Opaque, it is made in VGPRs once and stays there
 * (docs/speed-of-light/our-kernels.md, "SGPRs of the fused GEMM-GEMM": the 8-wave
 * gemm-gemm on gfx1100 32 -> 28 SGPRs, its loop 225 -> 209
 * instructions). */
MlirValue kb_fill_zero_vgprs(fe_kb *kb, MlirAttribute atom) {
  MlirValue zero = kb_fill_zero(kb, atom);
  if (mlirValueIsNull(zero))
    return zero;
  MlirNamedAttribute at[2] = {
      wb_named(kb->ctx, "asm_string", wb_str_attr(kb->ctx, "")),
      wb_named(kb->ctx, "constraints", wb_str_attr(kb->ctx, "=v,0"))};
  return wb_op1(&kb->b, "llvm.inline_asm", 1, &zero, mlirValueGetType(zero),
                2, at);
}

/*===--- operand tiles -----------------------------------------------------------===*/
void kb_operand_origin(fe_kb *kb, const fe_operand *o, const MlirValue *batch,
                       MlirValue *idx) {
  const fe_node *x = &kb->p->g.nodes[o->leaf];
  for (int d = 0; d < kb_arg_rank(kb, o->arg); ++d)
    idx[d] = kb_c(kb, d < x->nmap && x->map[d] == FE_MAP_FIXED ? x->fixed[d]
                                                                : 0);
  for (int i = 0; i < o->nbatch; ++i)
    if (o->mem_batch[i] >= 0)
      idx[o->mem_batch[i]] =
          o->batch_div[i] > 1
              ? wb_arith(&kb->b, "arith.divui", batch[i],
                         kb_c(kb, o->batch_div[i]))
              : batch[i];
  if (o->has_kouter) {
    if (mlirValueIsNull(kb->kouter))
      kb->failed = 1; /* a template that does not loop the outer K */
    else
      idx[o->mem_kouter] = kb->kouter;
  }
}

MlirValue kb_unpadded(fe_kb *kb, const fe_operand *o, int dim, MlirValue i) {
  int64_t lo = o->padded ? kb->p->args[o->arg].pad_lo[dim] : 0;
  return lo ? kb_addc(kb, i, -lo) : i;
}

MlirValue kb_operand_tile(fe_kb *kb, const fe_operand *o, wmma_matrix role,
                          const MlirValue *batch, MlirValue row0, MlirValue k0,
                          bool masked) {
  if (o->kremap) { /* K by padded runs: only the LDS copy remaps it */
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  masked = masked || o->padded; /* zeros past the unpadded source */
  if (kb_operand_has_prologue(kb, o, role))
    return kb_operand_value(kb, o, role, batch, row0, k0, masked,
                            (MlirValue){NULL});
  MlirValue idx[FE_MAX_RANK];
  kb_operand_origin(kb, o, batch, idx);
  idx[o->mem_row] = kb_unpadded(kb, o, o->mem_row, row0);
  idx[o->mem_k] = kb_unpadded(kb, o, o->mem_k, k0);
  /* The role matrix is row x K (A) or K x row (B), whichever operand plays
   * the role (a swapped product feeds B0 as A): memory holds it transposed
   * when its first tile dimension is not the role's first dimension. */
  bool row_first = o->mem_row < o->mem_k;
  bool transposed = row_first != (role == WMMA_MATRIX_A);
  MlirAttribute frag = kb_frag(kb, role, kb->ab_layout, transposed, kb->atom);
  return kb_load(kb, frag, kb->args[o->arg], kb_arg_rank(kb, o->arg), idx,
                 masked);
}

MlirValue kb_vload(fe_kb *kb, MlirValue mem, int rank, const MlirValue *idx,
                   int len, bool masked) {
  wb_t *b = &kb->b;
  MlirType mt = mlirValueGetType(mem);
  MlirType vt = wb_vec(len, mlirShapedTypeGetElementType(mt));
  if (!masked)
    return wb_vload(b, vt, mem, rank, idx);
  kb_note_oob(kb, mem);
  int outer = kb_outer_dim(kb, mem);
  if (outer < 0 || rank > FE_MAX_RANK || len > 16) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue ix[FE_MAX_RANK];
  memcpy(ix, idx, sizeof(MlirValue) * (size_t)rank);
  MlirValue row_ok = wb_cmpi(b, WB_CMP_ULT, ix[rank - 2], wb_dim(b, mem, rank - 2));
  ix[outer] = wb_select(b, row_ok, ix[outer],
                        wb_fat_buffer_oob(b, wb_dim(b, mem, outer)));
  MlirValue v = wb_vload(b, vt, mem, rank, ix);
  int64_t iota[16];
  for (int j = 0; j < len; ++j)
    iota[j] = j;
  MlirType ivt = wb_vec(len, wb_index(kb->ctx));
  MlirValue col_vec = wb_broadcast(b, ix[rank - 1], ivt);
  MlirValue cols =
      wb_arith(b, "arith.addi", col_vec, wb_const_vec_index(b, len, iota));
  MlirValue keep = wb_cmpi(b, WB_CMP_ULT, cols,
                           wb_broadcast(b, wb_dim(b, mem, rank - 1), ivt));
  return wb_select(b, keep, v, wb_const_zero(b, vt));
}

/*===--- workgroup memory ---------------------------------------------------------===*/
MlirValue kb_lds(fe_kb *kb, int rank, const int64_t *shape, MlirType elem) {
  if (kb->nlds >= 4) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirType t = mlirMemRefTypeGet(elem, rank, shape, mlirAttributeGetNull(),
                                 wb_workgroup_space(kb->ctx));
  MlirValue v = mlirBlockAddArgument(kb->entry, t, kb->loc);
  kb->lds[kb->nlds++] = v;
  return v;
}

/*===--- batches -------------------------------------------------------------------===*/
void kb_batch_from_z(fe_kb *kb, const fe_gemm *gm, MlirValue z,
                     MlirValue batch[FE_MAX_BATCH]) {
  for (int i = gm->nbatch - 1; i > 0; --i) {
    MlirValue inner = kb_size(kb, gm->batch[i]);
    MlirValue outer = wb_arith(&kb->b, "arith.divui", z, inner);
    batch[i] = wb_arith(&kb->b, "arith.remui", z, inner);
    z = outer;
  }
  if (gm->nbatch)
    batch[0] = z;
}
