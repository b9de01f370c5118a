/* The cooperative copy of an operand tile's K slice from global memory into
 * LDS ([buffer][row][k], K contiguous; layout in LdsLayout.c), whatever the
 * operand's layout in memory.
 *
 * K contiguous in memory (VEC): each thread moves chunks of vec elements
 * (16 bytes; 8 for 8-bit types on RDNA4) with one vector load and one
 * vector store.  The lanes of an LDS phase write the same chunk of `phase`
 * consecutive rows (thread t: row t % phase + phase * (t / (phase *
 * per_row)), chunk (t / phase) % per_row), which the padded rows spread
 * over distinct banks; a wave still reads whole 64-byte row segments.
 *
 * M or N contiguous (WMMA): the slice, stored K x rows in memory, is cut
 * into 16x16 blocks T (16 K x 16 rows), distributed over the waves.  A
 * wave loads T as the A operand of a WMMA whose B is the identity: lane l
 * reads a row of T (16 consecutive elements of one K: a vector load), and
 * the accumulator D = T I, whose lanes hold columns, gives each lane 8
 * consecutive K of one tile row: one 16-byte (8 bytes for 8-bit types)
 * LDS store.  RDNA4: lane (r, h) loads T[r][8h..8h+7] (kcontig), and D's
 * lane (n, h) holds rows 8h..8h+7.  RDNA3: A is replicated; both lanes r
 * and r + 16 load the whole row rho(r) = 8 (r % 2) + r / 2 (two 16-byte
 * loads for 16-bit types, one for 8-bit: cheaper than a half row and four
 * v_permlanex16, each with its copy of the tied operand), and D's lane
 * (n, h) holds rows 2v + h, which are T's rows rho(2v + h) = 8h + v: again
 * 8 consecutive K.  The WMMA accumulates in the operand's own type (f16,
 * bf16; 8-bit values, and i4 (a byte each in memory), as unsigned bytes
 * into i32), exact: every product is x * 1 or x * 0 and every sum adds
 * zeros.
 *
 * RDNA3 16-bit accumulators fill one half of each of 8 VGPRs (OPSEL), so
 * two blocks of consecutive K share one accumulator (a *pair*, when the
 * slice has 32 K): the first WMMA (opsel 0) takes T's rows K = 16 (r % 2)
 * + 2 (r / 2), the second (opsel 1, accumulating onto the first's result)
 * the rows one K further; D's lane (n, h) then holds K = 16h .. 16h + 15 of
 * column n in order, one 32-byte store and no packing.  8-bit results
 * (i32) are packed four to a word by byte permutes (3 v_perm_b32).  Per
 * block and lane: RDNA4 one load, the WMMA, one store (8-bit: + 6
 * permutes); RDNA3 16-bit two loads, the WMMA, half of a 32-byte store;
 * RDNA3 8-bit one load, the WMMA, 6 permutes, one store -- against one
 * load and eight 16-bit stores per 8 elements for the scalar copy (SCALAR,
 * kept for element types without such a WMMA).
 *
 * i4 operands the WMMA multiplies as they are go into LDS two per byte
 * (`packed`): VEC chunks are packed on their bytes (wb_pack_nibbles), WMMA
 * blocks straight from the accumulator; never SCALAR (a nibble cannot be
 * stored alone).
 *
 * Permuted tiles (LDS row i holds tile row rho(i), Lds.h) keep the lanes of
 * a phase on consecutive LDS rows: VEC lanes load the tile rows rho(row),
 * and the WMMA copy multiplies by the permutation matrix P (column n = unit
 * vector rho(n)) instead of the identity, so that lane n holds T's column
 * rho(n) and stores LDS row n. */
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <string.h>

/* The memref-element -> WMMA-operand type of the transposing atom: the
 * 16-bit float types themselves, raw bytes (i8) for every 8-bit type and
 * for i4 (a byte per element in memory: its nibble zero-extended). */
static MlirType transpose_elem(fe_kb *kb, MlirType t) {
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t))
    return t;
  if (fe_storage_bytes(t) == 1)
    return mlirIntegerTypeGet(kb->ctx, 8);
  return (MlirType){NULL};
}

/* Issue cost per lane of moving a block (the 16x16x16 instructions' M x K,
 * which the transposing WMMA uses for every element type): global
 * loads, VALU work (the WMMA, packing: the arch traits' xpose_valu) and LDS
 * stores, which count twice: the workgroup's waves share one LDS pipeline,
 * which takes an instruction per cycle at most, while VALU work spreads
 * over the SIMDs.  Scalar copy: one load and 8 16-bit stores (17); WMMA
 * copy: RDNA4 one load, the WMMA, one store (4); RDNA3 two loads (the
 * whole replicated row), the WMMA, one store (5); 8-bit types with their
 * packing. */
static int block_cost(wmma_arch arch, int eb, bool wmma) {
  const wmma_arch_traits *t = wmma_arch_traits_get(arch);
  const wmma_instr_info *atom = wmma_instr_get(WMMA_INSTR_F32_16X16X16_F16);
  int lanes = t ? t->wave_size : 32;
  int elems = atom->m * atom->k / lanes;       /* per lane */
  if (!wmma)
    return (elems * eb + 15) / 16 + 2 * elems;
  if (wmma_arch_replicates_ab(arch))
    elems = atom->k; /* a whole row per lane */
  return (elems * eb + 15) / 16 + wmma_arch_xpose_valu(arch, eb) + 2;
}

/* The identity as the B operand of atom in the kernel's A/B layout; when
 * `permuted`, the permutation matrix whose column n is unit vector rho(n),
 * so that D = T P holds T's column rho(n) in lane n. */
static MlirValue identity(fe_kb *kb, MlirAttribute atom, MlirType elem,
                          bool permuted) {
  MlirAttribute frag = kb_frag(kb, WMMA_MATRIX_B, kb->ab_layout, false, atom);
  wmma_frag_desc d;
  if (mlirAttributeIsNull(frag) || !wmmaFragAttrGetDesc(frag, &d)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  wb_t *b = &kb->b;
  int n = wmma_frag_length(&d);
  MlirValue r = wb_r_index(b), h = wb_h_index(b), el[32];
  MlirValue one = mlirTypeIsAFloat(elem) ? wb_const_float(b, elem, 1.0)
                                         : wb_const_int(b, elem, 1);
  MlirValue zero = wb_const_zero(b, elem);
  for (int v = 0; v < n && v < 32; ++v) {
    int r0, rr, rh, c0, cr, ch;
    if (wmma_frag_affine(&d, v, &r0, &rr, &rh, &c0, &cr, &ch) != 1) {
      kb->failed = 1;
      return (MlirValue){NULL};
    }
    MlirValue k = kb_addc(kb, kb_mulc(kb, r, rr), r0);
    k = kb_add(kb, k, kb_mulc(kb, h, rh));
    MlirValue col = kb_addc(kb, kb_mulc(kb, r, cr), c0);
    col = kb_add(kb, col, kb_mulc(kb, h, ch));
    col = fe_rho_index(kb, col, permuted, false);
    el[v] = wb_select(b, wb_cmpi(b, WB_CMP_EQ, k, col), one, zero);
  }
  return wb_from_elements(b, n, el, wmmaFragAttrGetVectorType(frag));
}

/* Two blocks of consecutive K per accumulator (RDNA3's 16-bit OPSEL
 * halves), when the slice holds whole pairs and sharing them out among the
 * waves repeats no more blocks than single blocks would (a repeated pair
 * costs a wave two WMMAs where a block's packing costs a few VALU). */
static bool use_pairs(wmma_arch arch, int eb, int tk, int rows, int atom_k,
                      int atom_m, int waves) {
  if (!wmma_arch_acc16_opsel_halves(arch) || eb != 2 ||
      tk % (2 * atom_k) != 0 || waves < 1)
    return false;
  int blocks = (tk / atom_k) * (rows / atom_m), units = blocks / 2;
  return 2 * ((units + waves - 1) / waves) == (blocks + waves - 1) / waves;
}

void fe_lds_copy_unit(fe_kb *kb, int waves, int u, int units, int kunits,
                      MlirValue *ku, MlirValue *mb) {
  wb_t *b = &kb->b;
  MlirValue unit = kb_addc(kb, kb->wave, (int64_t)waves * u);
  if ((int64_t)waves * (u + 1) > units)
    unit = wb_min_index(b, unit, kb_c(kb, units - 1));
  *ku = wb_arith(b, "arith.remui", unit, kb_c(kb, kunits));
  *mb = wb_arith(b, "arith.divui", unit, kb_c(kb, kunits));
}

static int init_wmma(fe_kb *kb, fe_lds_copy *cp, MlirType mem_elem) {
  const fe_schedule *s = kb->s;
  wb_t *b = &kb->b;
  MlirType te = transpose_elem(kb, mem_elem);
  bool bytes = fe_storage_bytes(mem_elem) == 1;
  MlirType acc = bytes ? mlirIntegerTypeGet(kb->ctx, 32) : te;
  cp->atom = wmmaAtomAttrGet(kb->ctx, kb->arch, kb->atom_m, kb->atom_n,
                             kb->atom_k, te, te, acc, false, false, false, 0);
  if (mlirAttributeIsNull(cp->atom))
    return -1;
  int waves = s->threads / 32;
  cp->pairs = use_pairs(kb->arch, fe_storage_bytes(mem_elem), cp->lay.tk,
                        cp->rows, kb->atom_k, kb->atom_m, waves);
  if (cp->pairs) {
    cp->atom_hi = wmmaAtomAttrGet(kb->ctx, kb->arch, kb->atom_m, kb->atom_n,
                                  kb->atom_k, te, te, acc, false, false,
                                  false, 1);
    if (mlirAttributeIsNull(cp->atom_hi))
      return -1;
  }
  MlirAttribute fa = kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false, cp->atom);
  if (mlirAttributeIsNull(fa))
    return -1;
  cp->frag_type = wmmaFragAttrGetVectorType(fa);
  cp->ident = identity(kb, cp->atom, te, cp->permuted);
  /* RDNA3's WMMA takes no inline zero: made once in VGPRs (Kernel.c),
   * except in attention, whose kernels are at 241 VGPRs (8 more held
   * cost 2095 -> 2125 instructions on gfx1100). */
  cp->zero = kb->arch == WMMA_ARCH_RDNA3 && kb->p->shape != FE_SHAPE_ATTENTION
                 ? kb_fill_zero_vgprs(kb, cp->atom)
                 : kb_fill_zero(kb, cp->atom);
  /* Units of work: blocks T of atom_k K x atom_m rows, or pairs of them
   * (2 atom_k K) -- the transposing WMMAs' A. */
  int per = cp->pairs ? 2 : 1, uk = kb->atom_k * per;
  int kunits = cp->lay.tk / uk, units = kunits * (cp->rows / kb->atom_m);
  /* Uneven shares: the last unit is repeated (the same values stored to
   * the same place twice). */
  int mine = (units + waves - 1) / waves;
  cp->chunks = mine * per;
  if (cp->chunks > FE_COPY_MAX)
    return -1;
  /* D's rows interleaved between the lane halves (RDNA3): the lane loads
   * T's row rho(r) = 8 (r % 2) + r / 2 so that D holds consecutive K; in a
   * pair, row 16 (r % 2) + 2 (r / 2) (+ 1 for the second block), so that
   * the two halves of D's VGPR v hold K 16h + 2v and 16h + 2v + 1. */
  bool interleaved = wmma_arch_acc_rows_interleaved(kb->arch);
  MlirValue r = wb_r_index(b), h = wb_h_index(b);
  MlirValue trow;
  if (cp->pairs) {
    MlirValue odd = wb_arith(b, "arith.remui", r, kb_c(kb, 2));
    trow = kb_mulc(kb, odd, kb->atom_k);
    MlirValue pair = wb_arith(b, "arith.divui", r, kb_c(kb, 2));
    trow = kb_add(kb, trow, kb_mulc(kb, pair, 2));
  } else {
    trow = fe_rho_index(kb, r, interleaved, false);
  }
  /* A replicated operand is loaded whole by both lane halves. */
  MlirValue tcol = wmma_arch_replicates_ab(kb->arch)
                       ? kb_c(kb, 0)
                       : kb_mulc(kb, h, kb->atom_m / 2);
  for (int u = 0; u < mine; ++u) {
    MlirValue ku, mb;
    fe_lds_copy_unit(kb, waves, u, units, kunits, &ku, &mb);
    for (int j = 0; j < per; ++j) {
      int i = u * per + j;
      cp->ld_row[i] = kb_addc(kb, kb_add(kb, kb_mulc(kb, ku, uk), trow), j);
      cp->ld_col[i] = kb_add(kb, kb_mulc(kb, mb, kb->atom_m), tcol);
      cp->st_row[i] = kb_add(kb, kb_mulc(kb, mb, kb->atom_m), r);
      MlirValue col = kb_mulc(kb, ku, uk);
      cp->st_col[i] = kb_add(kb, col, kb_mulc(kb, h, uk / 2));
    }
  }
  return 0;
}

bool fe_lds_copy_swap_k_pairs(fe_kb *kb, fe_lds_copy *cp) {
  if (cp->how != WMMA_COPY_WMMA)
    return false;
  /* ld_row is the block's K (slices hold whole 16-K blocks, so groups of
   * 4 stay inside them): x - x % 4 + 2 (x % 2) + (x % 4) / 2. */
  wb_t *b = &kb->b;
  for (int i = 0; i < cp->chunks; ++i) {
    MlirValue x = cp->ld_row[i];
    MlirValue q = wb_arith(b, "arith.remui", x, kb_c(kb, 4));
    MlirValue nq = kb_mulc(kb, q, -1);
    MlirValue base = kb_add(kb, x, nq);
    MlirValue odd = wb_arith(b, "arith.remui", x, kb_c(kb, 2));
    MlirValue lo = kb_mulc(kb, odd, 2);
    MlirValue hi = wb_arith(b, "arith.divui", q, kb_c(kb, 2));
    MlirValue off = kb_add(kb, lo, hi);
    cp->ld_row[i] = kb_add(kb, base, off);
  }
  return true;
}

/* Can a 16x16 block of elem be transposed by the identity WMMA? */
static bool transposable(MlirType elem) {
  return mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem) ||
         fe_storage_bytes(elem) == 1;
}

int fe_lds_copy_plan(wmma_arch arch, const fe_graph *g, const fe_operand *o,
                     int rows, int tk, int threads, wmma_copy_kind want,
                     wmma_copy_kind *how, char *why, size_t cap) {
  if (o->k_pack > 1)
    return fe_why(why, cap, "weights packed %d per element along K are "
                            "unpacked in registers, not staged through LDS",
                  o->k_pack);
  MlirType elem = g->nodes[o->leaf].type;
  int bits = fe_lds_bits(g, o), eb = fe_storage_bytes(elem);
  bool packed = bits == 4, can = transposable(elem);
  wmma_copy_kind k;
  if (o->k_contiguous)
    k = WMMA_COPY_VEC;
  else if (want == WMMA_COPY_TR) {
    if (arch != WMMA_ARCH_RDNA4)
      return fe_why(why, cap, "copy = tr (global_load_tr_b128) is RDNA4's");
    if (!(mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem) || eb == 1) ||
        packed || o->im2col || o->padded || o->permuted)
      return fe_why(why, cap, "copy = tr moves plain f16, bf16 and 8-bit "
                              "operands");
    k = want;
  }
  else if (want != WMMA_COPY_NONE)
    k = want;
  else
    /* Packed values cannot be stored one by one. */
    k = can && (packed || block_cost(arch, eb, true) <=
                              block_cost(arch, eb, false))
            ? WMMA_COPY_WMMA
            : WMMA_COPY_SCALAR;
  if (want != WMMA_COPY_NONE && want != k)
    return fe_why(why, cap, "a K-contiguous operand is copied by vec, not %s",
                  want == WMMA_COPY_WMMA ? "wmma"
                  : want == WMMA_COPY_TR ? "tr"
                                         : "scalar");
  if (k == WMMA_COPY_VEC && !o->k_contiguous)
    return fe_why(why, cap, "copy = vec needs K contiguous in memory");
  if (k == WMMA_COPY_WMMA && !can)
    return fe_why(why, cap, "no WMMA transposes this element type");
  if (k == WMMA_COPY_SCALAR && packed)
    return fe_why(why, cap, "packed i4 cannot be copied element by element");
  fe_lds_layout lay = fe_lds_layout_get(arch, bits, tk);
  int chunks;
  if (k == WMMA_COPY_TR) {
    /* 16 K x 16 rows (8-bit: 32) blocks, as fe_lds_copy_tr_init cuts
     * them. */
    int waves = threads / 32, br = eb == 1 ? 32 : 16;
    if (rows % br || tk % 16 || waves < 1)
      return fe_why(why, cap, "copy = tr moves blocks of 16 K x %d rows", br);
    chunks = ((tk / 16) * (rows / br) + waves - 1) / waves;
  } else if (k == WMMA_COPY_WMMA) {
    /* Blocks (or pairs) of the transposing WMMA's K x M, as init_wmma cuts
     * them. */
    const wmma_instr_info *atom = wmma_instr_get(WMMA_INSTR_F32_16X16X16_F16);
    int waves = threads / 32;
    int per = use_pairs(arch, eb, tk, rows, atom->k, atom->m, waves) ? 2 : 1;
    int units = (tk / (per * atom->k)) * (rows / atom->m);
    chunks = (units + waves - 1) / waves * per;
  } else {
    int vec = lay.vec, P = lay.phase;
    int width = k == WMMA_COPY_VEC ? lay.tk : rows;
    int height = k == WMMA_COPY_VEC ? rows : lay.tk;
    int per_row = width / vec;
    if (per_row < 1 || width % vec || height % P)
      return fe_why(why, cap, "a %d x %d slice does not split into the "
                              "copy's %d-element chunks",
                    rows, tk, vec);
    chunks = (height * per_row + threads - 1) / threads;
  }
  if (chunks > FE_COPY_MAX)
    return fe_why(why, cap, "copying a %d x %d slice takes %d chunks per "
                            "thread (limit %d)",
                  rows, tk, chunks, FE_COPY_MAX);
  *how = k;
  return 0;
}

int fe_lds_copy_init(fe_kb *kb, fe_lds_copy *cp, const fe_operand *o,
                     int rows, int tk, MlirValue lds, bool permuted,
                     wmma_copy_kind how) {
  return fe_lds_copy_init_layout(kb, cp, o, rows, tk, lds, permuted, how,
                                 NULL);
}

int fe_lds_copy_init_layout(fe_kb *kb, fe_lds_copy *cp, const fe_operand *o,
                            int rows, int tk, MlirValue lds, bool permuted,
                            wmma_copy_kind how, const fe_lds_layout *lay) {
  const fe_schedule *s = kb->s;
  wb_t *b = &kb->b;
  /* The matrix's element type (the LDS buffer holds bytes when packed). */
  MlirType elem = kb->p->g.nodes[o->leaf].type;
  int bits = fe_lds_bits(&kb->p->g, o);
  memset(cp, 0, sizeof *cp);
  cp->o = o;
  cp->rows = rows;
  cp->lds = lds;
  cp->permuted = permuted;
  cp->packed = bits == 4;
  cp->lay = lay ? *lay : fe_lds_layout_get(kb->arch, bits, tk);
  if (fe_lds_copy_plan(kb->arch, &kb->p->g, o, rows, tk, s->threads, how,
                       &cp->how, NULL, 0))
    return -1;
  if (lay && cp->how != WMMA_COPY_VEC && cp->how != WMMA_COPY_SCALAR)
    return -1;
  if (cp->how == WMMA_COPY_WMMA)
    return init_wmma(kb, cp, elem);
  if (cp->how == WMMA_COPY_TR)
    return fe_lds_copy_tr_init(kb, cp);
  /* Chunks of vec elements along the memory tile's rows (K for VEC, the
   * tile rows for SCALAR), numbered c = t + threads * i; the `phase` lanes
   * of a group take the same chunk of consecutive rows (an uneven share
   * repeats the last chunk). */
  int vec = cp->lay.vec, P = cp->lay.phase;
  int width = cp->how == WMMA_COPY_VEC ? cp->lay.tk : rows;
  int height = cp->how == WMMA_COPY_VEC ? rows : cp->lay.tk;
  int per_row = width / vec, group = P * per_row;
  int total = height * per_row;
  if (per_row < 1 || width % vec || height % P)
    return -1;
  cp->chunks = (total + s->threads - 1) / s->threads;
  if (cp->chunks > FE_COPY_MAX)
    return -1;
  /* VEC: the lanes of a phase write consecutive LDS rows, which hold the
   * tile rows rho(row) when permuted. */
  for (int i = 0; i < cp->chunks; ++i) {
    MlirValue c = kb_addc(kb, kb->tid, (int64_t)s->threads * i);
    if ((int64_t)s->threads * (i + 1) > total)
      c = wb_min_index(b, c, kb_c(kb, total - 1));
    MlirValue in = wb_arith(b, "arith.remui", c, kb_c(kb, group));
    MlirValue grp = wb_arith(b, "arith.divui", c, kb_c(kb, group));
    MlirValue row = kb_mulc(kb, grp, P);
    row = kb_add(kb, row, wb_arith(b, "arith.remui", in, kb_c(kb, P)));
    cp->st_row[i] = row;
    cp->ld_row[i] = cp->how == WMMA_COPY_VEC
                        ? fe_rho_index(kb, row, permuted, false)
                        : row;
    cp->ld_col[i] =
        kb_mulc(kb, wb_arith(b, "arith.divui", in, kb_c(kb, P)), vec);
  }
  return 0;
}

int fe_lds_copy_row_step(const fe_lds_copy *cp, int threads) {
  int vec = cp->lay.vec, P = cp->lay.phase;
  if (cp->how != WMMA_COPY_VEC || cp->permuted || vec < 1 || P < 1)
    return 0;
  int group = P * (cp->lay.tk / vec);
  if (group < 1 || threads % group || cp->chunks * threads > cp->rows / P * group)
    return 0;
  return threads / group * P;
}

/* The stride (elements) of operand o's K dimension in its argument, when
 * an unmasked slice load can take its K offset as the buffer instruction's
 * scalar offset (soffset, an SGPR) instead of adding it to every lane's
 * address (a VALU add per load and slice): the argument is read as itself
 * (no view, no padding, no gather), its sizes are static and the offsets
 * fit 32 bits; 0 otherwise.
 * Safety where rows run past the matrix (M/N tails, Gemm.c): the ISA
 * guides leave open whether the range check counts soffset, so every load
 * must be out of range by its lane offset alone or in range either way.
 * With K in range (unmasked slices are full), that holds when the row
 * dimension is outside K's (a row past the end starts past the buffer) or
 * the tile divides the rows (none runs past). */
int64_t fe_lds_copy_soffset_stride(fe_kb *kb, const fe_lds_copy *cp) {
  const fe_operand *o = cp->o;
  const fe_arg *a = &kb->p->args[o->arg];
  if (o->im2col || o->padded || o->permuted || a->permuted || a->collapsed ||
      a->pad_read || cp->packed || !a->is_buffer)
    return 0;
  int64_t stride = 1, total = 1;
  for (int d = 0; d < a->rank; ++d) {
    if (!fe_size_static(a->shape[d]) || a->shape[d].value <= 0)
      return 0;
    total *= a->shape[d].value;
  }
  for (int d = o->mem_k + 1; d < a->rank; ++d)
    stride *= a->shape[d].value;
  if (total * fe_storage_bytes(a->elem) > INT32_MAX)
    return 0;
  if (o->mem_row > o->mem_k && a->shape[o->mem_row].value % cp->rows)
    return 0;
  return stride;
}

/* The raw argument a as a 1-D memref of its elements plus the fat buffer
 * view's slack (KernelModule.c's valid_bytes: 4 - element bytes past the
 * end), so that amdgpu.raw_buffer_load's descriptor has the view's size
 * and LLVM keeps one descriptor (4 SGPRs) for both; null but for 16-bit
 * elements of the identity layout (8-bit ones, 3 elements of slack: the
 * i8 4096^3 loop on gfx1201 took one instruction more, 2.90 -> 2.91 per
 * WMMA). */
static MlirValue slack_view(fe_kb *kb, MlirValue mem, const fe_arg *a) {
  MlirType t = mlirValueGetType(mem);
  int eb = fe_storage_bytes(a->elem);
  MlirAffineMap map = mlirMemRefTypeGetAffineMap(t);
  MlirType et = mlirShapedTypeGetElementType(t);
  unsigned bits = mlirTypeIsAInteger(et) ? mlirIntegerTypeGetWidth(et)
                  : mlirTypeIsAFloat(et) ? mlirFloatTypeGetWidth(et)
                                         : 0;
  if ((!mlirAffineMapIsNull(map) && !mlirAffineMapIsIdentity(map)) ||
      eb != 2 ||
      !mlirShapedTypeHasStaticShape(t) ||
      bits != 8u * (unsigned)eb)
    return (MlirValue){NULL};
  int64_t total = 1; /* 2 bytes of slack */
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    total *= mlirShapedTypeGetDimSize(t, d);
  return kb_flat_view(kb, mem, total + 1);
}

/* vector<len> of the raw argument at idx (K's index without the slice's
 * k), k * k_stride elements further through the scalar offset
 * (amdgpu.raw_buffer_load: the same bounds-checked buffer, of the same
 * size, as the fat buffer view's loads). */
MlirValue fe_lds_copy_soffset_load(fe_kb *kb, const fe_lds_copy *cp,
                                   const MlirValue *idx, MlirValue k,
                                   int64_t k_stride, int len) {
  wb_t *b = &kb->b;
  const fe_arg *a = &kb->p->args[cp->o->arg];
  MlirValue mem = mlirBlockGetArgument(kb->entry, cp->o->arg);
  int eb = fe_storage_bytes(a->elem);
  if (len * eb > 16 && len % 2 == 0) {
    /* A buffer instruction moves 16 bytes at most (RDNA3's replicated
     * rows: two loads along the contiguous dimension). */
    MlirValue ix[FE_MAX_RANK], half[2];
    memcpy(ix, idx, sizeof(MlirValue) * (size_t)a->rank);
    for (int q = 0; q < 2; ++q) {
      ix[a->rank - 1] = kb_addc(kb, idx[a->rank - 1], q * len / 2);
      half[q] = fe_lds_copy_soffset_load(kb, cp, ix, k, k_stride, len / 2);
    }
    int64_t mask[32];
    for (int j = 0; j < len && j < 32; ++j)
      mask[j] = j;
    return wb_shuffle(b, half[0], half[1], len, mask);
  }
  MlirType i32 = wb_i32(kb->ctx);
  MlirValue ops[FE_MAX_RANK + 2];
  MlirValue flat = slack_view(kb, mem, a);
  int nidx = a->rank;
  ops[0] = mem;
  if (!mlirValueIsNull(flat)) {
    /* The row-major linear index into the 1-D view, in 32 bits as the
     * lowering computes a ranked index's offset. */
    MlirType t = mlirValueGetType(mem);
    MlirValue lin = wb_cast(b, "arith.index_cast", idx[a->rank - 1], i32);
    int64_t stride = 1;
    for (int d = a->rank - 2; d >= 0; --d) {
      stride *= mlirShapedTypeGetDimSize(t, d + 1);
      MlirValue i = wb_cast(b, "arith.index_cast", idx[d], i32);
      MlirValue c = wb_const_int(b, i32, stride);
      lin = wb_addi(b, wb_muli(b, i, c), lin);
    }
    ops[0] = flat;
    ops[1] = lin;
    nidx = 1;
  } else {
    for (int d = 0; d < a->rank; ++d)
      ops[1 + d] = wb_cast(b, "arith.index_cast", idx[d], i32);
  }
  ops[1 + nidx] =
      wb_cast(b, "arith.index_cast", kb_mulc(kb, k, k_stride), i32);
  int32_t seg[3] = {1, nidx, 1};
  MlirNamedAttribute attr = wb_segments(kb->ctx, 3, seg);
  MlirType vt = wb_vec(len, mlirShapedTypeGetElementType(mlirValueGetType(mem)));
  MlirOperation op = wb_op(b, "amdgpu.raw_buffer_load", nidx + 2, ops, 1,
                           &vt, 1, &attr);
  if (mlirOperationIsNull(op)) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  return mlirOperationGetResult(op, 0);
}

void fe_lds_copy_load(fe_kb *kb, const fe_lds_copy *cp, const MlirValue *batch,
                      MlirValue origin, MlirValue k, bool masked,
                      MlirValue *regs) {
  const fe_operand *o = cp->o;
  const fe_arg *a = &kb->p->args[o->arg];
  int len = cp->lay.vec;
  if (cp->how == WMMA_COPY_TR) {
    if (masked) /* no range check: the template takes it without tails */
      kb->failed = 1;
    for (int i = 0; i < cp->chunks; ++i)
      regs[i] = fe_lds_copy_tr_load(kb, cp, batch, origin, k, i);
    return;
  }
  if (cp->how == WMMA_COPY_WMMA) {
    int64_t n = 0;
    wb_is_vec1d(cp->frag_type, &n, NULL);
    len = (int)n; /* the A fragment as it is (replicated: a whole row) */
  }
  /* A constant K offset (a slice outside the loop, or in a loop LLVM
   * unrolls whole) folds into the loads' immediate offsets as it is; as a
   * scalar offset it would cost an s_mov per load. */
  int64_t k_const;
  int64_t k_stride =
      masked || kb->k_loop_short || wb_const_value(k, &k_const)
          ? 0
          : fe_lds_copy_soffset_stride(kb, cp);
  for (int i = 0; i < cp->chunks; ++i) {
    if (o->im2col) { /* a convolution's input (VEC: K along LDS rows) */
      MlirValue row = kb_add(kb, origin, cp->ld_row[i]);
      regs[i] = kb_im2col_load(kb, o, batch, row, k, cp->ld_col[i], len,
                               masked);
      continue;
    }
    MlirValue idx[FE_MAX_RANK];
    kb_operand_origin(kb, o, batch, idx);
    if (k_stride) {
      idx[o->mem_row] = kb_add(kb, origin, cp->how == WMMA_COPY_VEC
                                               ? cp->ld_row[i]
                                               : cp->ld_col[i]);
      idx[o->mem_k] = cp->how == WMMA_COPY_VEC ? cp->ld_col[i] : cp->ld_row[i];
      regs[i] = fe_lds_copy_soffset_load(kb, cp, idx, k, k_stride, len);
      continue;
    }
    if (cp->how == WMMA_COPY_VEC) {
      idx[o->mem_row] = kb_add(kb, origin, cp->ld_row[i]);
      idx[o->mem_k] = kb_add(kb, k, cp->ld_col[i]);
    } else {
      idx[o->mem_k] = kb_add(kb, k, cp->ld_row[i]);
      idx[o->mem_row] = kb_add(kb, origin, cp->ld_col[i]);
    }
    if (o->kremap) {
      /* A convolution's filter at K by padded runs (fe_conv.kpad): the
       * padding's rows (and the tail's, past the last run) are past the
       * filter's K, where the buffer reads zeros.  Columns past N feed
       * only outputs that are not stored. */
      const fe_conv *c = &kb->p->g.convs[o->kremap - 1];
      MlirValue in_run;
      idx[o->mem_k] = kb_conv_kreal(
          kb, c, k, cp->how == WMMA_COPY_VEC ? cp->ld_col[i] : cp->ld_row[i],
          c->K, &in_run);
      kb_note_oob(kb, kb->args[o->arg]);
      regs[i] = kb_vload(kb, kb->args[o->arg], a->rank, idx, len, false);
      continue;
    }
    /* A padded operand: the unpadded source, every load masked. */
    idx[o->mem_row] = kb_unpadded(kb, o, o->mem_row, idx[o->mem_row]);
    idx[o->mem_k] = kb_unpadded(kb, o, o->mem_k, idx[o->mem_k]);
    regs[i] = kb_vload(kb, kb->args[o->arg], a->rank, idx, len,
                       masked || o->padded);
  }
}

/* D of the transposing WMMA -> the lane's 8 consecutive K in the LDS
 * element type. */
static MlirValue block_result(fe_kb *kb, const fe_lds_copy *cp, MlirValue d,
                              MlirType lds_elem) {
  wb_t *b = &kb->b;
  int64_t n = 0;
  MlirType et;
  wb_is_vec1d(mlirValueGetType(d), &n, &et);
  if (n == 16) { /* RDNA3 16-bit accumulator: rows in the even slots */
    int64_t mask[8];
    for (int j = 0; j < 8; ++j)
      mask[j] = 2 * j;
    d = wb_shuffle(b, d, d, 8, mask);
  }
  if (mlirTypeIsAInteger(et) && wb_type_bits(et) == 32 &&
      wb_type_bits(lds_elem) == 8) {
    /* The values are bytes (0..255: x * 1 sums), so a word is the low
     * bytes of d0..d3: three v_perm_b32 (d0, d1 into bytes 0-1, d2, d3
     * into 2-3, then the halves), where shifts and ors took four VALU
     * (LLVM made v_lshl_or + 2 shifts + v_or3 of any order written). */
    MlirValue w[2];
    for (int q = 0; q < 2; ++q) {
      MlirValue v[4];
      for (int j = 0; j < 4; ++j)
        v[j] = wb_extract(b, d, 4 * q + j);
      MlirValue lo = wb_perm_b32(b, v[1], v[0], 0x0c0c0400u);
      MlirValue hi = wb_perm_b32(b, v[3], v[2], 0x04000c0cu);
      w[q] = wb_perm_b32(b, hi, lo, 0x07060100u);
    }
    return wb_bitcast(b, wb_from_elements(b, 2, w, wb_vec(2, wb_i32(kb->ctx))),
                      wb_vec(8, lds_elem));
  }
  if (mlirTypeIsAInteger(et) && wb_type_bits(et) == 32)
    d = wb_cast(b, "arith.trunci", d, wb_vec(8, mlirIntegerTypeGet(kb->ctx, 8)));
  (void)cp;
  MlirType et8 = wb_elem_type(mlirValueGetType(d));
  if (wb_type_bits(lds_elem) < wb_type_bits(et8)) /* bytes -> i4 */
    d = wb_cast(b, "arith.trunci", d, wb_vec(8, lds_elem));
  else if (!mlirTypeEqual(et8, lds_elem))
    d = wb_bitcast(b, d, wb_vec(8, lds_elem));
  return d;
}

/* Packed LDS (i4 two per byte): the packed words (vector<k x i32>, 8
 * values each) stored at LDS row `row` from column (element) col, i.e.
 * byte col / 2. */
static void store_packed(fe_kb *kb, const fe_lds_copy *cp, MlirValue words,
                         MlirValue buf, MlirValue row, MlirValue col) {
  wb_t *b = &kb->b;
  int64_t k = 0;
  if (mlirValueIsNull(words) || !wb_is_vec1d(mlirValueGetType(words), &k, NULL)) {
    kb->failed = 1;
    return;
  }
  MlirValue bytes =
      wb_bitcast(b, words, wb_vec(4 * k, mlirIntegerTypeGet(kb->ctx, 8)));
  MlirValue idx[3] = {buf, row, wb_arith(b, "arith.divui", col, kb_c(kb, 2))};
  wb_vstore(b, bytes, cp->lds, 3, idx);
}

/* The packed word of the transposing WMMA's i32 accumulator: its 8 values
 * are the nibbles themselves (x * 1 sums, 0..15), so the word is
 * d0 | d1 << 4 | ... | d7 << 28 (v_lshl_or_b32 each), with no byte
 * truncation in between. */
static MlirValue acc_nibbles(fe_kb *kb, MlirValue d) {
  wb_t *b = &kb->b;
  int64_t n = 0;
  wb_is_vec1d(mlirValueGetType(d), &n, NULL);
  if (n != 8)
    return (MlirValue){NULL};
  MlirValue w = wb_extract(b, d, 0);
  for (int j = 1; j < 8; ++j) {
    MlirValue dj = wb_extract(b, d, j);
    MlirValue sh = wb_arith(b, "arith.shli", dj, wb_const_i32(b, 4 * j));
    w = wb_arith(b, "arith.ori", w, sh);
  }
  return wb_broadcast(b, w, wb_vec(1, wb_i32(kb->ctx)));
}

/* A loaded block as the transposing WMMA's A operand. */
static MlirValue wmma_operand(fe_kb *kb, const fe_lds_copy *cp, MlirValue a) {
  wb_t *b = &kb->b;
  int64_t len = 0;
  MlirType et;
  wb_is_vec1d(mlirValueGetType(a), &len, &et);
  if (wb_type_bits(et) < 8) /* i4: back to its bytes */
    a = wb_cast(b, "arith.extui", a,
                wb_vec(len, mlirIntegerTypeGet(kb->ctx, 8)));
  if (!mlirTypeEqual(mlirValueGetType(a), cp->frag_type))
    a = wb_bitcast(b, a, cp->frag_type);
  return a;
}

/* Do a transposing copy's 8-byte stores (RDNA3: lane (r, h) writes row r,
 * bytes 8h .. 8h + 7) put rows r and r + 8 on the same banks?  They do
 * when the LDS row is a multiple of 16 bytes (an odd number of 16-byte
 * units, as fragment reads want): 16 lanes a phase meet 8 rows' banks.
 * Only where the template asks (the trade costs 2 v_permlanex16 and a
 * few VALU a block, which the GEMM's i8 loop density would not absorb). */
static bool swap_halves(fe_kb *kb, const fe_lds_copy *cp, MlirType elem) {
  if (!cp->trade_halves || cp->pairs || cp->packed ||
      wb_type_bits(elem) != 8 ||
      !wmma_arch_acc_rows_interleaved(kb->arch))
    return false;
  MlirType t = mlirValueGetType(cp->lds);
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t row = mlirShapedTypeGetDimSize(t, rank - 1);
  return !mlirShapedTypeIsDynamicSize(row) && row % 16 == 0;
}

void fe_lds_copy_store(fe_kb *kb, const fe_lds_copy *cp, MlirValue buf,
                       const MlirValue *regs) {
  wb_t *b = &kb->b;
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(cp->lds));
  for (int i = 0; i < cp->chunks; ++i) {
    switch (cp->how) {
    case WMMA_COPY_VEC: {
      if (cp->packed) {
        store_packed(kb, cp, wb_pack_nibbles(b, regs[i]), buf, cp->st_row[i],
                     cp->ld_col[i]);
        break;
      }
      MlirValue idx[3] = {buf, cp->st_row[i], cp->ld_col[i]};
      wb_vstore(b, regs[i], cp->lds, 3, idx);
      break;
    }
    case WMMA_COPY_SCALAR:
      for (int j = 0; j < cp->lay.vec; ++j) {
        MlirValue row = fe_rho_index(kb, kb_addc(kb, cp->ld_col[i], j),
                                     cp->permuted, true);
        MlirValue idx[3] = {buf, row, cp->ld_row[i]};
        wb_store(b, wb_extract(b, regs[i], j), cp->lds, 3, idx);
      }
      break;
    case WMMA_COPY_NONE: /* fe_lds_copy_plan never chooses it */
      break;
    case WMMA_COPY_TR:
      fe_lds_copy_tr_store(kb, cp, buf, regs[i], i);
      break;
    case WMMA_COPY_WMMA: {
      MlirValue a = wmma_operand(kb, cp, regs[i]);
      MlirValue d = kb_mma(kb, cp->atom, a, cp->ident, cp->zero);
      if (cp->pairs) {
        /* The second block into the other halves: K 16h .. 16h + 15. */
        d = kb_mma(kb, cp->atom_hi, wmma_operand(kb, cp, regs[++i]),
                   cp->ident, d);
        if (!mlirTypeEqual(wb_elem_type(mlirValueGetType(d)), elem))
          d = wb_bitcast(b, d, wb_vec(16, elem));
        /* Two 16-byte stores (the widest LDS access; the lanes of a phase
         * then write 8 consecutive rows at one K, conflict-free). */
        for (int q = 0; q < 2; ++q) {
          int64_t mask[8];
          for (int j = 0; j < 8; ++j)
            mask[j] = 8 * q + j;
          MlirValue idx[3] = {buf, cp->st_row[i],
                              kb_addc(kb, cp->st_col[i], 8 * q)};
          wb_vstore(b, wb_shuffle(b, d, d, 8, mask), cp->lds, 3, idx);
        }
        break;
      }
      if (cp->packed) {
        store_packed(kb, cp, acc_nibbles(kb, d), buf, cp->st_row[i],
                     cp->st_col[i]);
        break;
      }
      MlirValue v = block_result(kb, cp, d, elem), col = cp->st_col[i];
      if (swap_halves(kb, cp, elem)) {
        /* Lanes 8-15 and 24-31 trade halves with their xor-16 partners
         * (the same row's other 8 bytes): a 16-lane phase of 8-byte
         * stores then writes rows 0-7 (8-15) whole, 32 distinct banks,
         * where rows r and r + 8 would share theirs. */
        MlirValue r = wb_r_index(b), h = wb_h_index(b);
        MlirValue hi = wb_cmpi(b, WB_CMP_UGE, r, kb_c(kb, 8));
        MlirType w2 = wb_vec(2, wb_i32(kb->ctx));
        MlirValue words = wb_bitcast(b, v, w2), sw[2];
        for (int q = 0; q < 2; ++q) {
          MlirValue x = wb_extract(b, words, q);
          sw[q] = wb_select(b, hi, wb_xor16(b, x), x);
        }
        v = wb_bitcast(b, wb_from_elements(b, 2, sw, w2),
                       mlirValueGetType(v));
        MlirValue other = kb_addc(kb, col, 8);
        other = kb_add(kb, other, kb_mulc(kb, h, -16));
        col = wb_select(b, hi, other, col);
      }
      MlirValue idx[3] = {buf, cp->st_row[i], col};
      wb_vstore(b, v, cp->lds, 3, idx);
      break;
    }
    }
  }
}
