/* The kernel around a template's body: `gpu.module @F_module
 * [#rocdl.target<chip>]` holding `gpu.func @F kernel` with the problem's
 * arguments (memrefs keep their types; the caller's argument locations, and
 * with them their names, carry over), the entry (fat raw buffer views of
 * every buffer, run-time sizes, thread and lane ids), and the launch record
 * (#wmma.launch) and schedule the driver, runner and host side read. */
#include "Kernel/Kernel.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirOperation make_gpu_module(wb_t *b, const char *name,
                                     const char *chip) {
  MlirAttribute target = wb_rocdl_target(b->ctx, chip);
  MlirNamedAttribute attrs[2] = {
      wb_named(b->ctx, "sym_name", wb_str_attr(b->ctx, name)),
      wb_named(b->ctx, "targets", mlirArrayAttrGet(b->ctx, 1, &target))};
  MlirOperation op =
      wb_op_regions(b, "gpu.module", 0, NULL, 0, NULL, 2, attrs, 1);
  if (mlirOperationIsNull(op))
    return op;
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, 0),
                             mlirBlockCreate(0, NULL, NULL));
  return op;
}

/* The record's run-time sizes: the front end's size classes (dimensions
 * known to be equal share one) in order of first appearance over the
 * arguments' dynamic dimensions. */
typedef struct {
  int n;
  int cls[FE_MAX_SYMS];
} record_syms;

static int record_symbol(record_syms *rs, int cls) {
  for (int i = 0; i < rs->n; ++i)
    if (rs->cls[i] == cls)
      return i;
  if (rs->n >= FE_MAX_SYMS)
    return -1;
  rs->cls[rs->n] = cls;
  return rs->n++;
}

/* dims of the record (every memref dimension: static size, or -1 - s). */
static int record_dims(const fe_problem *p, record_syms *rs, int64_t *dims) {
  int nd = 0;
  for (int a = 0; a < p->nargs; ++a) {
    const fe_arg *x = &p->args[a];
    if (!x->is_buffer)
      continue;
    for (int d = 0; d < x->rank; ++d) {
      int64_t st = mlirShapedTypeGetDimSize(x->type, d);
      if (!mlirShapedTypeIsDynamicSize(st))
        dims[nd++] = st;
      else if (fe_size_static(x->shape[d]))
        dims[nd++] = x->shape[d].value; /* known equal to a static size */
      else
        dims[nd++] = -1 - record_symbol(rs, x->shape[d].sym);
    }
  }
  return nd;
}

static MlirAffineExpr size_expr(MlirContext ctx, record_syms *rs, fe_size s) {
  if (fe_size_static(s))
    return mlirAffineConstantExprGet(ctx, s.value);
  return mlirAffineSymbolExprGet(ctx, record_symbol(rs, s.sym));
}

/* Workgroups in x, y, z as ()[run-time sizes] -> (...). */
static MlirAffineMap grid_map(MlirContext ctx, record_syms *rs,
                              const fe_schedule *s) {
  MlirAffineExpr e[3];
  for (int i = 0; i < 3; ++i) {
    const fe_grid_dim *g = &s->grid[i];
    e[i] = mlirAffineConstantExprGet(ctx, 1);
    for (int k = 0; k < g->nterms; ++k) {
      MlirAffineExpr t = size_expr(ctx, rs, g->t[k].size);
      if (g->t[k].div != 1)
        t = mlirAffineCeilDivExprGet(
            t, mlirAffineConstantExprGet(ctx, g->t[k].div));
      e[i] = k ? mlirAffineMulExprGet(e[i], t) : t;
    }
  }
  return mlirAffineMapGet(ctx, 0, rs->n, 3, e);
}

/* The bytes of the kernel's workgroup buffers as built: what the launch
 * must provide (a template may stage more or less than its plan's
 * estimate, e.g. a convolution's halo tile). */
static int64_t built_lds_bytes(const fe_kb *kb) {
  int64_t total = 0;
  for (int i = 0; i < kb->nlds; ++i) {
    MlirType t = mlirValueGetType(kb->lds[i]);
    int64_t n = 1;
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
      n *= mlirShapedTypeGetDimSize(t, d);
    MlirType e = mlirShapedTypeGetElementType(t);
    if (mlirTypeIsAVector(e)) { /* vector elements: their lanes' bytes */
      for (intptr_t d = 0; d < mlirShapedTypeGetRank(e); ++d)
        n *= mlirShapedTypeGetDimSize(e, d);
      e = mlirShapedTypeGetElementType(e);
    }
    total += n * ((wb_type_bits(e) + 7) / 8);
  }
  return total;
}

static MlirAttribute launch_record(MlirContext ctx, const fe_problem *p,
                                   const fe_schedule *s, int64_t lds_bytes) {
  record_syms rs = {0, {0}};
  int64_t dims[FE_MAX_ARGS * FE_MAX_RANK];
  int nd = record_dims(p, &rs, dims);
  MlirAffineMap g = grid_map(ctx, &rs, s);
  int32_t block[3] = {s->threads, 1, 1};
  wmma_arg_role roles[FE_MAX_ARGS];
  int64_t host[FE_MAX_ARGS];
  for (int a = 0; a < p->nargs; ++a) {
    const fe_arg *x = &p->args[a];
    roles[a] = !x->is_buffer ? WMMA_ARG_INPUT
               : x->sparse_part == FE_SPARSE_VALUES
                   ? (x->sparse_cols ? WMMA_ARG_SPARSE_COL_VALUES
                                     : WMMA_ARG_SPARSE_VALUES)
               : x->sparse_part == FE_SPARSE_INDEX
                   ? (x->sparse_cols ? WMMA_ARG_SPARSE_COL_INDEX
                                     : WMMA_ARG_SPARSE_INDEX)
               : x->role == FE_ARG_OUTPUT ? WMMA_ARG_OUTPUT
               : x->role == FE_ARG_INOUT  ? WMMA_ARG_INOUT
                                          : WMMA_ARG_INPUT;
    host[a] = x->host;
  }
  return wmmaLaunchAttrGet(ctx, g, block, lds_bytes, p->nargs, roles, host,
                           nd, dims);
}

/* The bytes a fat buffer view of memref `raw` covers: as MLIR infers them
 * (the largest size * stride, times the element size), plus the bytes a
 * dword may reach past the last element.  Raw buffers check ranges per
 * dword of an access, counted from its (possibly unaligned) start, and a
 * dword straddling NUM_RECORDS reads as zero as a whole: with rows of an
 * odd number of 16-bit elements, a vector load ending at the matrix's last
 * element would lose it.  The slack (4 - element size) makes such a dword
 * readable; its bytes past the end only reach positions outside the matrix
 * (every allocator pads buffers at least that far). */
static MlirValue valid_bytes(fe_kb *kb, MlirValue raw, const fe_arg *x) {
  wb_t *b = &kb->b;
  MlirType t = x->type;
  int rank = x->rank;
  int64_t strides[FE_MAX_RANK], offset = 0;
  bool identity = true;
  MlirAffineMap map = mlirMemRefTypeGetAffineMap(t);
  if (!mlirAffineMapIsNull(map) && !mlirAffineMapIsIdentity(map)) {
    identity = false;
    if (mlirLogicalResultIsFailure(
            mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
      return (MlirValue){NULL};
  }
  MlirValue extent = kb_c(kb, 0);
  if (identity) {
    extent = kb_c(kb, 1);
    for (int d = 0; d < rank; ++d)
      extent = wb_muli(b, extent, wb_dim(b, raw, d));
  } else {
    /* Run-time strides (a view made on the host of a program): read from
     * the descriptor. */
    MlirValue rt[FE_MAX_RANK] = {{NULL}};
    bool dynamic = false;
    for (int d = 0; d < rank; ++d)
      dynamic |= mlirShapedTypeIsDynamicStrideOrOffset(strides[d]);
    if (dynamic) {
      MlirType idx = mlirIndexTypeGet(kb->ctx);
      MlirType res[2 + 2 * FE_MAX_RANK];
      res[0] = mlirMemRefTypeContiguousGet(x->elem, 0, NULL,
                                           mlirAttributeGetNull());
      for (int i = 1; i < 2 + 2 * rank; ++i)
        res[i] = idx;
      MlirOperation md = wb_op(b, "memref.extract_strided_metadata", 1, &raw,
                               2 + 2 * rank, res, 0, NULL);
      if (mlirOperationIsNull(md))
        return (MlirValue){NULL};
      for (int d = 0; d < rank; ++d)
        rt[d] = mlirOperationGetResult(md, 2 + rank + d);
    }
    for (int d = 0; d < rank; ++d)
      extent = wb_max_index(
          b, extent,
          mlirValueIsNull(rt[d]) ? kb_mulc(kb, wb_dim(b, raw, d), strides[d])
                                 : wb_muli(b, wb_dim(b, raw, d), rt[d]));
  }
  int eb = fe_storage_bytes(x->elem);
  MlirValue bytes = kb_addc(kb, kb_mulc(kb, extent, eb), eb < 4 ? 4 - eb : 0);
  return wb_cast(b, "arith.index_cast", bytes,
                 mlirIntegerTypeGet(kb->ctx, 64));
}

/* The view of buffer v whose dim i is its dim perm[i] (memref.transpose:
 * only the strides change), for arguments whose batch dimensions are not
 * before the matrix.  The problem checked the strides are static. */
static MlirValue permuted_view(fe_kb *kb, MlirValue v, int rank,
                               const int8_t *perm) {
  MlirType t = mlirValueGetType(v);
  int64_t strides[FE_MAX_RANK], offset = 0, shape[FE_MAX_RANK],
      vstrides[FE_MAX_RANK];
  unsigned pm[FE_MAX_RANK];
  if (mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(t, strides, &offset))) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  for (int i = 0; i < rank; ++i) {
    pm[i] = (unsigned)perm[i];
    shape[i] = mlirShapedTypeGetDimSize(t, perm[i]);
    vstrides[i] = strides[perm[i]];
  }
  MlirAttribute layout =
      mlirStridedLayoutAttrGet(kb->ctx, offset, rank, vstrides);
  MlirType vt = mlirMemRefTypeGet(mlirShapedTypeGetElementType(t), rank,
                                  shape, layout,
                                  mlirMemRefTypeGetMemorySpace(t));
  MlirNamedAttribute a = wb_named(
      kb->ctx, "permutation",
      mlirAffineMapAttrGet(mlirAffineMapPermutationGet(kb->ctx, rank, pm)));
  MlirValue r = wb_op1(&kb->b, "memref.transpose", 1, &v, vt, 1, &a);
  if (mlirValueIsNull(r))
    kb->failed = 1;
  return r;
}

/* The view of buffer v with static sizes and strides (rank dims, offset
 * 0): memref.reinterpret_cast. */
static MlirValue static_view(fe_kb *kb, MlirValue v, int rank,
                             const int64_t *shape, const int64_t *stride) {
  MlirType t = mlirValueGetType(v);
  MlirAttribute layout = mlirStridedLayoutAttrGet(kb->ctx, 0, rank, stride);
  MlirType vt = mlirMemRefTypeGet(mlirShapedTypeGetElementType(t), rank,
                                  shape, layout,
                                  mlirMemRefTypeGetMemorySpace(t));
  int64_t zero = 0;
  int32_t seg[4] = {1, 0, 0, 0};
  MlirNamedAttribute a[4] = {
      wb_segments(kb->ctx, 4, seg),
      wb_named(kb->ctx, "static_offsets",
               mlirDenseI64ArrayGet(kb->ctx, 1, &zero)),
      wb_named(kb->ctx, "static_sizes",
               mlirDenseI64ArrayGet(kb->ctx, rank, shape)),
      wb_named(kb->ctx, "static_strides",
               mlirDenseI64ArrayGet(kb->ctx, rank, stride))};
  MlirValue r = wb_op1(&kb->b, "memref.reinterpret_cast", 1, &v, vt, 4, a);
  if (mlirValueIsNull(r))
    kb->failed = 1;
  return r;
}

/* The view of buffer v with the static sizes and strides x->vshape and
 * x->vstride: dimensions a contraction collapses
 * (Problem/ProblemCollapse.c). */
static MlirValue collapsed_view(fe_kb *kb, MlirValue v, const fe_arg *x) {
  return static_view(kb, v, x->rank, x->vshape, x->vstride);
}

/* The view of vector buffer v (rank dims, static sizes) as a one-row
 * matrix: a unit dimension inserted before its innermost, rank + 1 dims
 * (Problem/ProblemVector.c).  The row's stride is the whole buffer, so
 * rows past the first lie past its end: the fat buffer's range check
 * reads them as zeros and drops their stores, whatever the masks. */
static MlirValue row_view(fe_kb *kb, MlirValue v, int rank) {
  MlirType t = mlirValueGetType(v);
  int64_t shape[FE_MAX_RANK], stride[FE_MAX_RANK], elems = 1;
  for (int d = rank - 1; d >= 0; --d) {
    int j = d == rank - 1 ? rank : d;
    shape[j] = mlirShapedTypeGetDimSize(t, d);
    stride[j] = elems;
    elems *= shape[j];
  }
  shape[rank - 1] = 1;
  stride[rank - 1] = elems;
  return static_view(kb, v, rank + 1, shape, stride);
}

int kb_arg_rank(const fe_kb *kb, int a) {
  return kb->p->args[a].rank + (kb->p->args[a].row_view ? 1 : 0);
}

/* The 1-D view of mem's first elems elements, contiguous
 * (memref.reinterpret_cast): flat gathers (Kernel/ConvLoad.c) and the
 * LDS copy's slack view (Kernel/LdsCopy.c). */
MlirValue kb_flat_view(fe_kb *kb, MlirValue mem, int64_t elems) {
  MlirType t = mlirValueGetType(mem);
  int64_t one = 1, zero = 0;
  MlirType vt = mlirMemRefTypeGet(mlirShapedTypeGetElementType(t), 1, &elems,
                                  mlirAttributeGetNull(),
                                  mlirMemRefTypeGetMemorySpace(t));
  int32_t seg[4] = {1, 0, 0, 0};
  MlirNamedAttribute a[4] = {
      wb_segments(kb->ctx, 4, seg),
      wb_named(kb->ctx, "static_offsets", mlirDenseI64ArrayGet(kb->ctx, 1, &zero)),
      wb_named(kb->ctx, "static_sizes", mlirDenseI64ArrayGet(kb->ctx, 1, &elems)),
      wb_named(kb->ctx, "static_strides", mlirDenseI64ArrayGet(kb->ctx, 1, &one))};
  MlirValue r = wb_op1(&kb->b, "memref.reinterpret_cast", 1, &mem, vt, 4, a);
  if (mlirValueIsNull(r))
    kb->failed = 1;
  return r;
}

/* Entry: fat raw buffer views (bounds-checked: tails need no branches),
 * run-time sizes, thread, wave and lane ids. */
static void setup_entry(fe_kb *kb) {
  const fe_problem *p = kb->p;
  wb_t *b = &kb->b;
  for (int a = 0; a < p->nargs; ++a) {
    MlirValue raw = mlirBlockGetArgument(kb->entry, a);
    if (!p->args[a].is_buffer) {
      kb->args[a] = raw;
      continue;
    }
    MlirValue ops[2] = {raw, valid_bytes(kb, raw, &p->args[a])};
    int32_t seg[3] = {1, 1, 0};
    MlirNamedAttribute attrs[2] = {
        wb_segments(kb->ctx, 3, seg),
        wb_named(kb->ctx, "resetOffset", mlirUnitAttrGet(kb->ctx))};
    kb->args[a] = wb_op_inferred(b, "amdgpu.fat_raw_buffer_cast", 2, ops, 2,
                                 attrs);
    if (mlirValueIsNull(kb->args[a]))
      kb->failed = 1;
    if (!kb->failed && p->args[a].collapsed)
      kb->args[a] = collapsed_view(kb, kb->args[a], &p->args[a]);
    if (!kb->failed && p->args[a].permuted)
      kb->args[a] = permuted_view(kb, kb->args[a], p->args[a].rank,
                                  p->args[a].perm);
    if (!kb->failed && p->args[a].row_view)
      kb->args[a] = row_view(kb, kb->args[a], p->args[a].rank);
  }
  for (int s = 0; s < p->nsyms; ++s) {
    const fe_symbol *sym = &p->syms[s];
    kb->sym[s] = wb_dim(b, mlirBlockGetArgument(kb->entry, sym->arg),
                        sym->dim);
  }
  kb->tid = wb_gpu_id(b, "gpu.thread_id", 0);
  kb->wave = wb_arith(b, "arith.divui", kb->tid, kb_c(kb, 32));
  /* Lane ids at the top: every later use is dominated. */
  wb_r_index(b);
  wb_h_index(b);
}

static void set_attr(MlirOperation op, const char *name, MlirAttribute a) {
  mlirOperationSetAttributeByName(op, wmma_sref(name), a);
}

MlirOperation fe_build_kernel(MlirOperation func, const fe_problem *p,
                              const fe_template *t, const fe_schedule *s,
                              const fe_options *o,
                              const wmma_chip_info *chip,
                              MlirOperation *gpu_module) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirRewriterBase rw = mlirIRRewriterCreate(ctx);
  fe_kb *kb = calloc(1, sizeof *kb);
  MlirOperation kernel = {NULL};
  *gpu_module = (MlirOperation){NULL};
  if (!kb)
    goto done;
  kb->ctx = ctx;
  kb->loc = mlirOperationGetLocation(func);
  kb->p = p;
  kb->s = s;
  kb->options = o;
  kb->acc_pack = 1;
  kb->chip = chip;
  kb->arch = chip->arch;
  kb->ab_layout = wmma_arch_ab_layout(chip->arch);
  /* Kernels without WMMA (elementwise, reduction, valu: instruction
   * "none") have no atom. */
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  if (!ii && s->instr != WMMA_INSTR_COUNT)
    goto done;
  kb->atom_m = ii ? ii->m : 0;
  kb->atom_n = ii ? ii->n : 0;
  kb->atom_k = ii ? ii->k : 0;
  memset(&kb->b, 0, sizeof kb->b);
  kb->b.rw = rw;
  kb->b.ctx = ctx;
  kb->b.loc = kb->loc;

  char modname[160];
  snprintf(modname, sizeof modname, "%s_module", p->name);
  MlirOperation gm = make_gpu_module(&kb->b, modname, chip->name);
  if (mlirOperationIsNull(gm))
    goto done;
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(func), func, gm);
  *gpu_module = gm;

  MlirType types[FE_MAX_ARGS];
  MlirLocation locs[FE_MAX_ARGS];
  for (int a = 0; a < p->nargs; ++a) {
    types[a] = p->args[a].type;
    locs[a] = p->args[a].loc;
  }
  int32_t block[3] = {s->threads, 1, 1};
  MlirNamedAttribute attrs[] = {
      wb_named(ctx, "sym_name", wb_str_attr(ctx, p->name)),
      wb_named(ctx, "function_type",
               mlirTypeAttrGet(mlirFunctionTypeGet(ctx, p->nargs, types, 0,
                                                   NULL))),
      wb_named(ctx, "gpu.kernel", mlirUnitAttrGet(ctx)),
      wb_named(ctx, "known_block_size", mlirDenseI32ArrayGet(ctx, 3, block)),
  };
  kernel = wb_op_regions(&kb->b, "gpu.func", 0, NULL, 0, NULL,
                         sizeof attrs / sizeof attrs[0], attrs, 1);
  if (mlirOperationIsNull(kernel))
    goto done;
  mlirBlockAppendOwnedOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gm, 0)), kernel);
  kb->kernel = kernel;
  kb->entry = mlirBlockCreate(p->nargs, types, locs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(kernel, 0), kb->entry);
  mlirRewriterBaseSetInsertionPointToEnd(rw, kb->entry);
  setup_entry(kb);
  kb->kacc = p->shape == FE_SHAPE_VALU ? s->kacc
             : p->ngemms > 0            ? p->gemms[0].kacc_type
                                        : (MlirType){NULL};
  kb->op_len = 0;
  if (ii && p->ngemms > 0) {
    kb->atom = kb_product_atom(kb, &p->gemms[0]);
    MlirAttribute f = kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false,
                              kb->atom);
    int64_t len;
    if (!mlirAttributeIsNull(f) &&
        wb_is_vec1d(wmmaFragAttrGetVectorType(f), &len, NULL))
      kb->op_len = (int)len;
  }
  if (kb->failed || t->build(kb) || kb->failed ||
      kb_drop_unneeded_views(kb)) {
    kb->failed = 1;
    goto done;
  }
  wb_op(&kb->b, "gpu.return", 0, NULL, 0, NULL, 0, NULL);
  set_attr(kernel, "workgroup_attributions",
           wb_i64_attr(ctx, kb->nlds));
  MlirAttribute launch = launch_record(ctx, p, s, built_lds_bytes(kb));
  if (mlirAttributeIsNull(launch)) {
    kb->failed = 1;
    goto done;
  }
  set_attr(kernel, "wmma.launch", launch);
  MlirAttribute schedule = fe_schedule_attr(ctx, s);
  if (mlirAttributeIsNull(schedule)) {
    kb->failed = 1;
    goto done;
  }
  set_attr(kernel, "wmma.schedule", schedule);
  if (!mlirOperationVerify(gm))
    kb->failed = 1;

done:
  if ((!kb || kb->failed) && !mlirOperationIsNull(*gpu_module)) {
    mlirOperationRemoveFromParent(*gpu_module);
    mlirOperationDestroy(*gpu_module);
    *gpu_module = (MlirOperation){NULL};
    kernel = (MlirOperation){NULL};
  }
  free(kb);
  mlirIRRewriterDestroy(rw);
  return kernel;
}
