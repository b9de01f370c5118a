/* C API of the wmma attributes (wmma-c/Dialect.h): the dialect handle, every
 * #wmma.atom of both architectures and every RDNA4 sparse one, every
 * #wmma.frag the layout engine accepts, #wmma.operand, element types and
 * gpu.module targets; built through the API, printed, parsed back and
 * compared, every accessor queried, and every error path (null handles,
 * wrong attribute kinds, combinations that name no instruction) answered
 * with an error value.
 *
 * RUN: wmma-capi-attributes | FileCheck %s
 * CHECK-NOT: FAILED
 */
#include "CAPITest.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "wmma-c/Layout.h"

static MlirType elem_type(MlirContext ctx, wmma_elem e) {
  return wmmaElemToType(ctx, e);
}

/* Builds the atom of one instruction through the API and checks that it
 * prints, parses back to the same attribute and answers every accessor. */
static MlirAttribute check_atom(MlirContext ctx, wmma_arch arch,
                                const wmma_instr_info *info, bool sign_a,
                                bool sign_b, bool clamp, unsigned opsel) {
  MlirType a = elem_type(ctx, info->a), b = elem_type(ctx, info->b),
           c = elem_type(ctx, info->c);
  MlirAttribute atom = wmmaAtomAttrGet(ctx, arch, info->m, info->n, info->k, a,
                                       b, c, sign_a, sign_b, clamp, opsel);
  char text[256], again[256];
  CHECK(!mlirAttributeIsNull(atom), "%s on %s", info->isa_name,
        wmma_arch_name(arch));
  if (mlirAttributeIsNull(atom))
    return atom;
  attr_str(atom, text, sizeof text);
  printf("atom %s %s: %s\n", wmma_arch_name(arch), info->isa_name, text);
  MlirAttribute parsed = mlirAttributeParseGet(ctx, sref(text));
  CHECK(mlirAttributeEqual(parsed, atom), "%s parses back as %s", text,
        attr_str(parsed, again, sizeof again));

  CHECK(wmmaAttributeIsAAtom(atom) && !wmmaAttributeIsAFrag(atom) &&
            !wmmaAttributeIsAOperand(atom),
        "%s is an atom and nothing else", text);
  CHECK(wmmaAtomAttrGetArch(atom) == arch, "%s arch", text);
  CHECK(mlirTypeEqual(wmmaAtomAttrGetAType(atom), a), "%s A type", text);
  CHECK(mlirTypeEqual(wmmaAtomAttrGetBType(atom), b), "%s B type", text);
  CHECK(mlirTypeEqual(wmmaAtomAttrGetAccType(atom), c), "%s acc type", text);
  CHECK(wmmaAtomAttrGetInstr(atom) == info->id, "%s instruction", text);
  wmma_atom_desc d;
  memset(&d, 0xff, sizeof d);
  CHECK(wmmaAtomAttrGetDesc(atom, &d), "%s desc", text);
  CHECK(d.arch == arch && d.a == info->a && d.b == info->b &&
            d.c == info->c && d.m == info->m && d.n == info->n &&
            d.k == info->k && d.sign_a == sign_a && d.sign_b == sign_b &&
            d.clamp == clamp && d.opsel == (int)opsel,
        "%s desc fields", text);
  return atom;
}

/* Every (role, layout, transposed) fragment of an atom: built when the
 * layout engine accepts the descriptor, null otherwise; returns how many
 * were built. */
static int check_frags(MlirContext ctx, MlirAttribute atom) {
  wmma_atom_desc ad;
  wmmaAtomAttrGetDesc(atom, &ad);
  int built = 0;
  for (int role = 0; role < WMMA_MATRIX_COUNT; ++role)
    for (int layout = 0; layout < WMMA_LAYOUT_COUNT; ++layout)
      for (int tr = 0; tr < 2; ++tr) {
        /* The atom's OPSEL half only concerns the accumulators. */
        wmma_instr instr = wmmaAtomAttrGetInstr(atom);
        int opsel = wmma_opsel_applies(ad.arch, instr, (wmma_matrix)role)
                        ? ad.opsel
                        : 0;
        wmma_frag_desc want = {ad.arch, instr, (wmma_matrix)role,
                               (wmma_layout_kind)layout, opsel, tr};
        bool valid = wmma_frag_check(&want, NULL, 0) == 0;
        MlirAttribute frag = wmmaFragAttrGet(
            ctx, (wmma_matrix)role, (wmma_layout_kind)layout, tr, atom);
        char text[320], again[320];
        attr_str(frag, text, sizeof text);
        CHECK(mlirAttributeIsNull(frag) == !valid, "role %d layout %d "
              "transposed %d: built '%s', engine says %s", role, layout, tr,
              text, valid ? "valid" : "invalid");
        if (mlirAttributeIsNull(frag))
          continue;
        ++built;
        MlirAttribute parsed = mlirAttributeParseGet(ctx, sref(text));
        CHECK(mlirAttributeEqual(parsed, frag), "%s parses back as %s", text,
              attr_str(parsed, again, sizeof again));
        CHECK(wmmaAttributeIsAFrag(frag) && !wmmaAttributeIsAAtom(frag),
              "%s is a frag", text);
        CHECK(mlirAttributeEqual(wmmaFragAttrGetAtom(frag), atom), "%s atom",
              text);
        wmma_frag_desc got;
        CHECK(wmmaFragAttrGetDesc(frag, &got) &&
                  memcmp(&got, &want, sizeof got) == 0,
              "%s desc", text);
        int64_t len = wmma_frag_length(&want);
        MlirType vec = mlirVectorTypeGet(
            1, &len, elem_type(ctx, wmma_frag_elem(&want)));
        char vt[64], wt[64];
        CHECK(mlirTypeEqual(wmmaFragAttrGetVectorType(frag), vec),
              "%s vector type %s, expected %s", text,
              type_str(wmmaFragAttrGetVectorType(frag), vt, sizeof vt),
              type_str(vec, wt, sizeof wt));
      }
  return built;
}

static void check_atoms_and_frags(MlirContext ctx) {
  int atoms = 0, frags = 0;
  for (int arch = WMMA_ARCH_RDNA3; arch <= WMMA_ARCH_RDNA4; ++arch)
    for (int i = 0; i < WMMA_INSTR_COUNT; ++i) {
      const wmma_instr_info *info = wmma_instr_get((wmma_instr)i);
      if (!wmma_instr_available(info->id, (wmma_arch)arch))
        continue;
      MlirAttribute atom =
          check_atom(ctx, (wmma_arch)arch, info, false, false, false, 0);
      ++atoms;
      if (!mlirAttributeIsNull(atom))
        frags += check_frags(ctx, atom);
      /* The variants: signedness/clamp of integer atoms, the OPSEL half of
       * RDNA3 16-bit accumulators. */
      if (info->is_integer) {
        check_atom(ctx, (wmma_arch)arch, info, true, false, true, 0);
        check_atom(ctx, (wmma_arch)arch, info, false, true, false, 0);
        atoms += 2;
      }
      if (info->has_opsel && arch == WMMA_ARCH_RDNA3) {
        MlirAttribute hi =
            check_atom(ctx, (wmma_arch)arch, info, false, false, false, 1);
        ++atoms;
        if (!mlirAttributeIsNull(hi))
          frags += check_frags(ctx, hi);
      }
    }
  printf("atoms: %d built and round-tripped, %d fragments\n", atoms, frags);
}

static void check_operands_and_elems(MlirContext ctx) {
  for (int m = 0; m < WMMA_MATRIX_COUNT; ++m) {
    MlirAttribute role = wmmaOperandAttrGet(ctx, (wmma_matrix)m);
    char text[64];
    attr_str(role, text, sizeof text);
    printf("operand %s: %s\n", wmma_matrix_name((wmma_matrix)m), text);
    CHECK(wmmaAttributeIsAOperand(role) && !wmmaAttributeIsAAtom(role),
          "%s is an operand", text);
    CHECK(wmmaOperandAttrGetValue(role) == (wmma_matrix)m, "%s value", text);
    CHECK(mlirAttributeEqual(mlirAttributeParseGet(ctx, sref(text)), role),
          "%s parses back", text);
  }
  for (int e = 0; e < WMMA_ELEM_COUNT; ++e) {
    MlirType ty = wmmaElemToType(ctx, (wmma_elem)e);
    wmma_elem back = WMMA_ELEM_COUNT;
    char text[32];
    printf("elem %s: %s\n", wmma_elem_name((wmma_elem)e),
           type_str(ty, text, sizeof text));
    CHECK(wmmaElemFromType(ty, &back) && back == (wmma_elem)e, "%s back",
          text);
  }
  /* Not WMMA element types. */
  MlirType others[] = {mlirF64TypeGet(ctx), mlirIntegerTypeGet(ctx, 16),
                       mlirIndexTypeGet(ctx), mlirFloat8E4M3FNUZTypeGet(ctx)};
  for (size_t i = 0; i < sizeof others / sizeof others[0]; ++i) {
    wmma_elem e = WMMA_ELEM_COUNT;
    char text[32];
    CHECK(!wmmaElemFromType(others[i], &e) && e == WMMA_ELEM_COUNT,
          "%s is no WMMA element", type_str(others[i], text, sizeof text));
  }
}

static void check_target_chip(MlirContext ctx) {
  MlirModule m = mlirModuleCreateParse(
      ctx, sref("gpu.module @none {}\n"
                "gpu.module @k [#rocdl.target<chip = \"gfx1201\">,"
                " #rocdl.target<chip = \"gfx1100\">] {}\n"
                "func.func @f() { return }\n"));
  CHECK(!mlirModuleIsNull(m), "target module parses");
  if (mlirModuleIsNull(m))
    return;
  MlirOperation none = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirOperation k = mlirOperationGetNextInBlock(none);
  MlirOperation func = mlirOperationGetNextInBlock(k);
  char chip[16] = "x";
  CHECK(wmmaGPUModuleGetTargetChip(k, chip, sizeof chip) &&
            strcmp(chip, "gfx1201") == 0,
        "first target is gfx1201, got '%s'", chip);
  printf("target chip: %s\n", chip);
  char small[4];
  CHECK(wmmaGPUModuleGetTargetChip(k, small, sizeof small) &&
            strcmp(small, "gfx") == 0,
        "truncated to '%s'", small);
  CHECK(wmmaGPUModuleGetTargetChip(k, NULL, 0), "query without a buffer");
  strcpy(chip, "x");
  CHECK(!wmmaGPUModuleGetTargetChip(none, chip, sizeof chip) && !chip[0],
        "no target");
  strcpy(chip, "x");
  CHECK(!wmmaGPUModuleGetTargetChip(func, chip, sizeof chip) && !chip[0],
        "func.func is no gpu.module");
  CHECK(!wmmaGPUModuleGetTargetChip((MlirOperation){NULL}, chip, sizeof chip),
        "null operation");
  mlirModuleDestroy(m);
}

/* Null handles, attributes of other kinds and impossible combinations:
 * every function answers with its error value and nothing crashes. */
static void check_errors(MlirContext ctx) {
  MlirAttribute null_attr = {NULL};
  MlirContext null_ctx = {NULL};
  MlirType null_type = {NULL};
  MlirType f16 = mlirF16TypeGet(ctx), f32 = mlirF32TypeGet(ctx);
  MlirAttribute atom = wmmaAtomAttrGet(ctx, WMMA_ARCH_RDNA4, 16, 16, 16, f16,
                                       f16, f32, false, false, false, 0);
  MlirAttribute frag =
      wmmaFragAttrGet(ctx, WMMA_MATRIX_A, WMMA_LAYOUT_HW, false, atom);
  MlirAttribute others[] = {
      null_attr, mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), 3),
      mlirStringAttrGet(ctx, sref("wmma")), mlirUnitAttrGet(ctx),
      wmmaOperandAttrGet(ctx, WMMA_MATRIX_B)};
  wmma_atom_desc ad;
  wmma_frag_desc fd;
  for (size_t i = 0; i < sizeof others / sizeof others[0]; ++i) {
    MlirAttribute x = others[i];
    CHECK(!wmmaAttributeIsAAtom(x) && !wmmaAttributeIsAFrag(x), "kind %zu", i);
    CHECK(wmmaAtomAttrGetArch(x) == WMMA_ARCH_INVALID, "arch of %zu", i);
    CHECK(mlirTypeIsNull(wmmaAtomAttrGetAType(x)) &&
              mlirTypeIsNull(wmmaAtomAttrGetBType(x)) &&
              mlirTypeIsNull(wmmaAtomAttrGetAccType(x)),
          "types of %zu", i);
    CHECK(!wmmaAtomAttrGetDesc(x, &ad), "atom desc of %zu", i);
    CHECK(wmmaAtomAttrGetInstr(x) == WMMA_INSTR_COUNT, "instr of %zu", i);
    CHECK(mlirAttributeIsNull(wmmaFragAttrGetAtom(x)), "frag atom of %zu", i);
    CHECK(!wmmaFragAttrGetDesc(x, &fd), "frag desc of %zu", i);
    CHECK(mlirTypeIsNull(wmmaFragAttrGetVectorType(x)), "vector of %zu", i);
    CHECK(mlirAttributeIsNull(wmmaFragAttrGet(ctx, WMMA_MATRIX_A,
                                              WMMA_LAYOUT_HW, false, x)),
          "frag over %zu", i);
    if (i < 4)
      CHECK(!wmmaAttributeIsAOperand(x) &&
                wmmaOperandAttrGetValue(x) == WMMA_MATRIX_COUNT,
            "operand of %zu", i);
  }
  /* An atom is not a frag and the reverse. */
  CHECK(!wmmaFragAttrGetDesc(atom, &fd) &&
            mlirAttributeIsNull(wmmaFragAttrGetAtom(atom)),
        "atom as frag");
  CHECK(!wmmaAtomAttrGetDesc(frag, &ad) &&
            wmmaAtomAttrGetInstr(frag) == WMMA_INSTR_COUNT &&
            wmmaOperandAttrGetValue(frag) == WMMA_MATRIX_COUNT,
        "frag as atom/operand");
  CHECK(!wmmaAtomAttrGetDesc(atom, NULL) && !wmmaFragAttrGetDesc(frag, NULL),
        "NULL descriptor pointers");

  /* Parameters that name no instruction, or no valid fragment. */
  MlirType bf16 = mlirBF16TypeGet(ctx), f64 = mlirF64TypeGet(ctx);
  MlirType fp8 = mlirFloat8E4M3FNTypeGet(ctx);
  struct {
    const char *what;
    MlirContext c;
    int arch;
    unsigned k;
    MlirType a, b, acc;
    bool sign_a;
    unsigned opsel;
  } bad_atoms[] = {
      {"unknown arch", ctx, 5, 16, f16, f16, f32, false, 0},
      {"invalid arch", ctx, WMMA_ARCH_INVALID, 16, f16, f16, f32, false, 0},
      {"K 32 for f16", ctx, WMMA_ARCH_RDNA4, 32, f16, f16, f32, false, 0},
      {"mixed f16 * bf16", ctx, WMMA_ARCH_RDNA4, 16, f16, bf16, f32, false, 0},
      {"f64 accumulator", ctx, WMMA_ARCH_RDNA4, 16, f16, f16, f64, false, 0},
      {"fp8 on rdna3", ctx, WMMA_ARCH_RDNA3, 16, fp8, fp8, f32, false, 0},
      {"signed float", ctx, WMMA_ARCH_RDNA4, 16, f16, f16, f32, true, 0},
      {"opsel 2", ctx, WMMA_ARCH_RDNA3, 16, f16, f16, f16, false, 2},
      {"opsel on f32", ctx, WMMA_ARCH_RDNA3, 16, f16, f16, f32, false, 1},
      {"opsel on rdna4", ctx, WMMA_ARCH_RDNA4, 16, f16, f16, f16, false, 1},
      {"null A type", ctx, WMMA_ARCH_RDNA4, 16, null_type, f16, f32, false, 0},
      {"null accumulator", ctx, WMMA_ARCH_RDNA4, 16, f16, f16, null_type,
       false, 0},
      {"null context", null_ctx, WMMA_ARCH_RDNA4, 16, f16, f16, f32, false, 0},
  };
  for (size_t i = 0; i < sizeof bad_atoms / sizeof bad_atoms[0]; ++i) {
    MlirAttribute got = wmmaAtomAttrGet(
        bad_atoms[i].c, (wmma_arch)bad_atoms[i].arch, 16, 16, bad_atoms[i].k,
        bad_atoms[i].a, bad_atoms[i].b, bad_atoms[i].acc, bad_atoms[i].sign_a,
        false, false, bad_atoms[i].opsel);
    char text[128];
    CHECK(mlirAttributeIsNull(got), "%s: built %s", bad_atoms[i].what,
          attr_str(got, text, sizeof text));
  }
  MlirAttribute rdna3_f16 = wmmaAtomAttrGet(ctx, WMMA_ARCH_RDNA3, 16, 16, 16,
                                            f16, f16, f32, false, false,
                                            false, 0);
  CHECK(mlirAttributeIsNull(wmmaFragAttrGet(ctx, WMMA_MATRIX_A,
                                            WMMA_LAYOUT_COMPACT, false, atom)),
        "compact exists on RDNA3 only");
  CHECK(mlirAttributeIsNull(wmmaFragAttrGet(ctx, WMMA_MATRIX_C,
                                            WMMA_LAYOUT_KCONTIG, false, atom)),
        "kcontig is for A and B only");
  CHECK(!mlirAttributeIsNull(wmmaFragAttrGet(
            ctx, WMMA_MATRIX_A, WMMA_LAYOUT_COMPACT, false, rdna3_f16)),
        "compact A on RDNA3");
  CHECK(mlirAttributeIsNull(wmmaFragAttrGet(ctx, (wmma_matrix)9,
                                            WMMA_LAYOUT_HW, false, atom)) &&
            mlirAttributeIsNull(wmmaFragAttrGet(ctx, WMMA_MATRIX_A,
                                                (wmma_layout_kind)-1, false,
                                                atom)),
        "roles and layouts out of range");
  CHECK(mlirAttributeIsNull(wmmaFragAttrGet(null_ctx, WMMA_MATRIX_A,
                                            WMMA_LAYOUT_HW, false, atom)),
        "fragment without a context");
  MlirContext other = wmma_test_context();
  CHECK(mlirAttributeIsNull(wmmaFragAttrGet(other, WMMA_MATRIX_A,
                                            WMMA_LAYOUT_HW, false, atom)),
        "fragment in another context than its atom");
  mlirContextDestroy(other);
  CHECK(mlirAttributeIsNull(wmmaOperandAttrGet(ctx, WMMA_MATRIX_COUNT)) &&
            mlirAttributeIsNull(wmmaOperandAttrGet(ctx, (wmma_matrix)-1)) &&
            mlirAttributeIsNull(wmmaOperandAttrGet(null_ctx, WMMA_MATRIX_A)),
        "operand out of range or without a context");
  wmma_elem e = WMMA_ELEM_COUNT;
  CHECK(mlirTypeIsNull(wmmaElemToType(ctx, WMMA_ELEM_COUNT)) &&
            mlirTypeIsNull(wmmaElemToType(ctx, (wmma_elem)-3)) &&
            mlirTypeIsNull(wmmaElemToType(null_ctx, WMMA_ELEM_F16)),
        "element out of range or without a context");
  CHECK(!wmmaElemFromType(null_type, &e) && !wmmaElemFromType(f16, NULL),
        "null type or NULL result pointer");
  printf("error paths checked\n");
}

/* Every sparse atom (v_swmmac): built through the API on RDNA4, printed
 * with its `sparse` flag and parsed back, naming its sparse instruction and
 * no dense one; refused on RDNA3 and by the dense builder. */
static void check_sparse_atoms(MlirContext ctx) {
  for (int i = 0; i < WMMA_SPARSE_COUNT; ++i) {
    const wmma_sparse_info *s = wmma_sparse_get((wmma_sparse_instr)i);
    MlirType a = elem_type(ctx, s->a), b = elem_type(ctx, s->b),
             c = elem_type(ctx, s->c);
    MlirAttribute atom = wmmaSparseAtomAttrGet(ctx, WMMA_ARCH_RDNA4, s->m,
                                               s->n, s->k, a, b, c,
                                               s->is_integer, false, false);
    char text[256], again[256];
    CHECK(!mlirAttributeIsNull(atom), "sparse %s", s->isa_name);
    if (mlirAttributeIsNull(atom))
      continue;
    attr_str(atom, text, sizeof text);
    printf("sparse atom %s: %s\n", s->isa_name, text);
    CHECK(strstr(text, ", sparse>") != NULL, "%s prints sparse", text);
    MlirAttribute parsed = mlirAttributeParseGet(ctx, sref(text));
    CHECK(mlirAttributeEqual(parsed, atom), "%s parses back as %s", text,
          attr_str(parsed, again, sizeof again));
    CHECK(wmmaAtomAttrGetSparseInstr(atom) == (wmma_sparse_instr)i &&
              wmmaAtomAttrGetInstr(atom) == WMMA_INSTR_COUNT,
          "%s names %s only", text, s->isa_name);
    wmma_atom_desc d;
    CHECK(wmmaAtomAttrGetDesc(atom, &d) && d.sparse == 1 &&
              d.sign_a == s->is_integer && d.k == s->k,
          "%s desc", text);
    CHECK(mlirAttributeIsNull(wmmaSparseAtomAttrGet(
              ctx, WMMA_ARCH_RDNA3, s->m, s->n, s->k, a, b, c, false, false,
              false)),
          "%s refused on rdna3", s->isa_name);
    CHECK(mlirAttributeIsNull(wmmaAtomAttrGet(ctx, WMMA_ARCH_RDNA4, s->m, s->n,
                                              s->k, a, b, c, false, false,
                                              false, 0)) ||
              (s->k == 32 && s->a == WMMA_ELEM_IU4),
          "%s shape is no dense atom", s->isa_name);
  }
  const wmma_instr_info *dense = wmma_instr_get(WMMA_INSTR_F32_16X16X16_F16);
  MlirAttribute atom = wmmaAtomAttrGet(ctx, WMMA_ARCH_RDNA4, 16, 16, 16,
                                       elem_type(ctx, dense->a),
                                       elem_type(ctx, dense->b),
                                       elem_type(ctx, dense->c), false, false,
                                       false, 0);
  CHECK(wmmaAtomAttrGetSparseInstr(atom) == WMMA_SPARSE_COUNT &&
            wmmaAtomAttrGetSparseInstr((MlirAttribute){NULL}) ==
                WMMA_SPARSE_COUNT,
        "dense and null atoms name no sparse instruction");
  printf("sparse atoms checked\n");
}

int main(void) {
  test_begin();
  MlirDialectHandle handle = mlirGetDialectHandle__wmma__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(handle);
  printf("dialect handle: %.*s\n", (int)ns.length, ns.data);

  /* Attributes can be built before anything loaded the dialect: the
   * builders load it on demand. */
  MlirContext ctx = wmma_test_context();
  CHECK(!mlirContextIsRegisteredOperation(ctx, sref("wmma.mma")),
        "wmma not loaded yet");
  check_atoms_and_frags(ctx);
  CHECK(mlirContextIsRegisteredOperation(ctx, sref("wmma.mma")),
        "building an atom loaded the dialect");
  check_sparse_atoms(ctx);
  check_operands_and_elems(ctx);
  check_target_chip(ctx);
  check_errors(ctx);
  mlirContextDestroy(ctx);

  /* The handle alone registers and loads the dialect. */
  MlirContext bare = mlirContextCreateWithThreading(false);
  mlirDialectHandleRegisterDialect(handle, bare);
  MlirDialect d = mlirDialectHandleLoadDialect(handle, bare);
  MlirStringRef dns = mlirDialectGetNamespace(d);
  CHECK(!mlirDialectIsNull(d) && mlirStringRefEqual(dns, sref("wmma")),
        "loaded through the handle");
  CHECK(mlirContextIsRegisteredOperation(bare, sref("wmma.relayout")),
        "ops registered");
  mlirContextDestroy(bare);
  return finish("attributes");
}

// CHECK: dialect handle: wmma
// CHECK: atom rdna3 v_wmma_f32_16x16x16_f16: #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK: atom rdna3 v_wmma_f32_16x16x16_bf16: #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>
// CHECK: atom rdna3 v_wmma_f16_16x16x16_f16: #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>
// CHECK: atom rdna3 v_wmma_f16_16x16x16_f16: #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>
// CHECK: atom rdna3 v_wmma_bf16_16x16x16_bf16: #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16>
// CHECK: atom rdna3 v_wmma_bf16_16x16x16_bf16: #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1>
// CHECK: atom rdna3 v_wmma_i32_16x16x16_iu8: #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32>
// CHECK: atom rdna3 v_wmma_i32_16x16x16_iu8: #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, clamp>
// CHECK: atom rdna3 v_wmma_i32_16x16x16_iu8: #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_b>
// CHECK: atom rdna3 v_wmma_i32_16x16x16_iu4: #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32>
// CHECK: atom rdna4 v_wmma_f32_16x16x16_f16: #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// CHECK: atom rdna4 v_wmma_f16_16x16x16_f16: #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>
// CHECK: atom rdna4 v_wmma_i32_16x16x32_iu4: #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32>
// CHECK: atom rdna4 v_wmma_f32_16x16x16_fp8_fp8: #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>
// CHECK: atom rdna4 v_wmma_f32_16x16x16_fp8_bf8: #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>
// CHECK: atom rdna4 v_wmma_f32_16x16x16_bf8_fp8: #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>
// CHECK: atom rdna4 v_wmma_f32_16x16x16_bf8_bf8: #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32>
// CHECK: atoms: 29 built and round-tripped, {{[1-9][0-9]*}} fragments
// CHECK: sparse atom v_swmmac_f32_16x16x32_f16: #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse>
// CHECK: sparse atom v_swmmac_i32_16x16x32_iu8: #wmma.atom<rdna4, 16x16x32, i8 * i8 -> i32, signed_a, sparse>
// CHECK: sparse atom v_swmmac_i32_16x16x64_iu4: #wmma.atom<rdna4, 16x16x64, i4 * i4 -> i32, signed_a, sparse>
// CHECK: sparse atom v_swmmac_f32_16x16x32_bf8_bf8: #wmma.atom<rdna4, 16x16x32, f8E5M2 * f8E5M2 -> f32, sparse>
// CHECK: sparse atoms checked
// CHECK: operand A: #wmma<operand a>
// CHECK: operand D: #wmma<operand d>
// CHECK: elem f16: f16
// CHECK: elem iu8: i8
// CHECK: elem iu4: i4
// CHECK: elem fp8: f8E4M3FN
// CHECK: elem bf8: f8E5M2
// CHECK: target chip: gfx1201
// CHECK: error paths checked
// CHECK: attributes: {{[0-9]+}} checks, 0 failed
