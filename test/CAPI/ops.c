/* Every wmma op through the MLIR C API with the wmma dialect registered by
 * wmmaRegisterDialects: parsed, verified, printed in custom and generic form
 * and parsed back to the same text; built from scratch with
 * mlirOperationCreate and attributes from the wmma C API; op attributes
 * read back with the wmma accessors; invalid ops rejected with the
 * verifier's diagnostics.
 *
 * RUN: wmma-capi-ops | FileCheck %s
 * CHECK-NOT: FAILED
 */
#include "CAPITest.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

/* Every op of the dialect, for both architectures. */
static const char *const kAllOps =
    "#a4 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>\n"
    "#a3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>\n"
    "gpu.module @rdna4 [#rocdl.target<chip = \"gfx1201\">] {\n"
    "  gpu.func @k(%A: memref<32x64xf16>, %C: memref<32x48xf32>) kernel {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %zero = arith.constant 0.0 : f32\n"
    "    %acc = wmma.fill #wmma.frag<c, hw, #a4> %zero : f32 -> vector<8xf32>\n"
    "    %a = wmma.load #wmma.frag<a, kcontig, #a4> %A[%c0, %c0]"
    " : memref<32x64xf16> -> vector<8xf16>\n"
    "    %b = wmma.load #wmma.frag<b, kcontig, transposed, #a4> %A[%c0, %c0]"
    " : memref<32x64xf16> -> vector<8xf16>\n"
    "    %d = wmma.mma #a4 %a, %b, %acc"
    " : vector<8xf16>, vector<8xf16> -> vector<8xf32>\n"
    "    wmma.store #wmma.frag<d, hw, #a4> %d, %C[%c0, %c0]"
    " : vector<8xf32>, memref<32x48xf32>\n"
    "    %r = wmma.relayout #wmma.frag<d, hw, transposed, #a4> to"
    " #wmma.frag<a, kcontig, #a4> %d : vector<8xf32> -> vector<8xf16>\n"
    "    %t = wmma.transpose identity #wmma.frag<a, kcontig, #a4> %a"
    " : vector<8xf16> -> vector<8xf16>\n"
    "    %s = wmma.transpose shuffle #wmma.frag<d, hw, #a4> %d"
    " : vector<8xf32> -> vector<8xf32>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n"
    "gpu.module @rdna3 [#rocdl.target<chip = \"gfx1100\">] {\n"
    "  gpu.func @k(%A: memref<16x16xf16>) kernel {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %v = wmma.load #wmma.frag<a, compact, #a3> %A[%c0, %c0]"
    " : memref<16x16xf16> -> vector<8xf16>\n"
    "    %e = wmma.expand a #a3 %v : vector<8xf16> -> vector<16xf16>\n"
    "    %f = wmma.expand b #a3 %v : vector<8xf16> -> vector<16xf16>\n"
    "    %z = arith.constant 0.0 : f32\n"
    "    %acc = wmma.fill #wmma.frag<c, hw, #a3> %z : f32 -> vector<8xf32>\n"
    "    %d = wmma.mma #a3 %e, %f, %acc"
    " : vector<16xf16>, vector<16xf16> -> vector<8xf32>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

static const char *const kOpNames[] = {
    "wmma.fill",   "wmma.load",     "wmma.store",     "wmma.mma",
    "wmma.expand", "wmma.relayout", "wmma.transpose",
};
enum { NUM_OPS = sizeof kOpNames / sizeof kOpNames[0] };

typedef struct {
  int count[NUM_OPS];
  int atoms, frags, roles; /* attributes the wmma accessors recognise */
} op_census;

static MlirWalkResult count_op(MlirOperation op, void *user) {
  op_census *c = user;
  MlirIdentifier name = mlirOperationGetName(op);
  for (int i = 0; i < NUM_OPS; ++i)
    if (mlirStringRefEqual(mlirIdentifierStr(name), sref(kOpNames[i])))
      ++c->count[i];
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirAttribute a = mlirOperationGetAttribute(op, i).attribute;
    c->atoms += wmmaAttributeIsAAtom(a);
    c->frags += wmmaAttributeIsAFrag(a);
    c->roles += wmmaAttributeIsAOperand(a);
  }
  return MlirWalkResultAdvance;
}

static char *print_module(MlirModule m, bool generic) {
  static char buf[2][16384];
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (generic)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  text_buf t = {buf[generic], sizeof buf[generic], 0};
  buf[generic][0] = 0;
  mlirOperationPrintWithFlags(mlirModuleGetOperation(m), flags, text_append,
                              &t);
  mlirOpPrintingFlagsDestroy(flags);
  CHECK(t.len + 1 < t.cap, "printed module fits the buffer");
  return buf[generic];
}

static void check_round_trip(MlirContext ctx) {
  MlirModule m = mlirModuleCreateParse(ctx, sref(kAllOps));
  CHECK(!mlirModuleIsNull(m), "the module of all ops parses");
  if (mlirModuleIsNull(m))
    return;
  MlirOperation top = mlirModuleGetOperation(m);
  CHECK(mlirOperationVerify(top), "verifies");
  op_census c = {{0}, 0, 0, 0};
  mlirOperationWalk(top, count_op, &c, MlirWalkPreOrder);
  for (int i = 0; i < NUM_OPS; ++i) {
    printf("%s: %d\n", kOpNames[i], c.count[i]);
    CHECK(c.count[i] > 0, "%s present", kOpNames[i]);
  }
  /* Atoms on mma/expand, frags on fill/load/store/transpose (one each) and
   * relayout (two), roles on expand. */
  printf("attributes: %d atoms, %d frags, %d roles\n", c.atoms, c.frags,
         c.roles);

  char *custom = strdup(print_module(m, false));
  char *generic = strdup(print_module(m, true));
  MlirModule again = mlirModuleCreateParse(ctx, sref(custom));
  MlirModule from_generic = mlirModuleCreateParse(ctx, sref(generic));
  CHECK(!mlirModuleIsNull(again) && !mlirModuleIsNull(from_generic),
        "printed forms parse");
  if (!mlirModuleIsNull(again) && !mlirModuleIsNull(from_generic)) {
    CHECK(strcmp(print_module(again, false), custom) == 0,
          "custom form prints back identically");
    CHECK(strcmp(print_module(from_generic, false), custom) == 0,
          "generic form parses to the same module");
    mlirModuleDestroy(again);
    mlirModuleDestroy(from_generic);
  }
  /* The gpu.module's target is what the verifier checked atoms against. */
  char chip[16];
  MlirOperation gm = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  CHECK(wmmaGPUModuleGetTargetChip(gm, chip, sizeof chip) &&
            strcmp(chip, "gfx1201") == 0,
        "target of the first gpu.module: %s", chip);
  free(custom);
  free(generic);
  mlirModuleDestroy(m);
}

/* wmma.fill, wmma.mma and wmma.store built with mlirOperationCreate inside
 * a parsed function; the module verifies and prints the ops as parsed. */
static void check_build(MlirContext ctx) {
  MlirModule m = mlirModuleCreateParse(
      ctx, sref("gpu.module @g [#rocdl.target<chip = \"gfx1201\">] {\n"
                "  gpu.func @k(%a: vector<8xf16>, %b: vector<8xf16>,"
                " %C: memref<16x16xf32>, %x: f32) kernel {\n"
                "    %c0 = arith.constant 0 : index\n"
                "    gpu.return\n"
                "  }\n"
                "}\n"));
  CHECK(!mlirModuleIsNull(m), "skeleton parses");
  if (mlirModuleIsNull(m))
    return;
  MlirOperation gmod = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gmod, 0)));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation c0 = mlirBlockGetFirstOperation(body);
  MlirOperation ret = mlirOperationGetNextInBlock(c0);
  MlirValue a = mlirBlockGetArgument(body, 0), b = mlirBlockGetArgument(body, 1);
  MlirValue C = mlirBlockGetArgument(body, 2), x = mlirBlockGetArgument(body, 3);
  MlirValue idx = mlirOperationGetResult(c0, 0);

  MlirType f16 = mlirF16TypeGet(ctx), f32 = mlirF32TypeGet(ctx);
  MlirAttribute atom = wmmaAtomAttrGet(ctx, WMMA_ARCH_RDNA4, 16, 16, 16, f16,
                                       f16, f32, false, false, false, 0);
  MlirAttribute fc =
      wmmaFragAttrGet(ctx, WMMA_MATRIX_C, WMMA_LAYOUT_HW, false, atom);
  MlirAttribute fd =
      wmmaFragAttrGet(ctx, WMMA_MATRIX_D, WMMA_LAYOUT_HW, false, atom);
  MlirType acc_type = wmmaFragAttrGetVectorType(fc);
  MlirLocation loc = mlirLocationUnknownGet(ctx);

  MlirOperationState fill = mlirOperationStateGet(sref("wmma.fill"), loc);
  MlirNamedAttribute fill_attr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, sref("frag")), fc);
  mlirOperationStateAddOperands(&fill, 1, &x);
  mlirOperationStateAddResults(&fill, 1, &acc_type);
  mlirOperationStateAddAttributes(&fill, 1, &fill_attr);
  MlirOperation fill_op = mlirOperationCreate(&fill);
  mlirBlockInsertOwnedOperationBefore(body, ret, fill_op);

  MlirOperationState mma = mlirOperationStateGet(sref("wmma.mma"), loc);
  MlirValue mma_args[] = {a, b, mlirOperationGetResult(fill_op, 0)};
  MlirNamedAttribute mma_attr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, sref("atom")), atom);
  mlirOperationStateAddOperands(&mma, 3, mma_args);
  mlirOperationStateAddResults(&mma, 1, &acc_type);
  mlirOperationStateAddAttributes(&mma, 1, &mma_attr);
  MlirOperation mma_op = mlirOperationCreate(&mma);
  mlirBlockInsertOwnedOperationBefore(body, ret, mma_op);

  MlirOperationState store = mlirOperationStateGet(sref("wmma.store"), loc);
  MlirValue store_args[] = {mlirOperationGetResult(mma_op, 0), C, idx, idx};
  MlirNamedAttribute store_attr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, sref("frag")), fd);
  mlirOperationStateAddOperands(&store, 4, store_args);
  mlirOperationStateAddAttributes(&store, 1, &store_attr);
  MlirOperation store_op = mlirOperationCreate(&store);
  mlirBlockInsertOwnedOperationBefore(body, ret, store_op);

  CHECK(mlirOperationVerify(mlirModuleGetOperation(m)), "built ops verify");
  char text[512];
  printf("built: %s\n", op_str(fill_op, text, sizeof text));
  printf("built: %s\n", op_str(mma_op, text, sizeof text));
  printf("built: %s\n", op_str(store_op, text, sizeof text));
  /* The op attributes read back through the wmma accessors. */
  MlirAttribute got = mlirOperationGetAttributeByName(mma_op, sref("atom"));
  CHECK(mlirAttributeEqual(got, atom) &&
            wmmaAtomAttrGetInstr(got) == WMMA_INSTR_F32_16X16X16_F16,
        "mma atom");
  wmma_frag_desc desc;
  got = mlirOperationGetAttributeByName(store_op, sref("frag"));
  CHECK(wmmaFragAttrGetDesc(got, &desc) && desc.matrix == WMMA_MATRIX_D &&
            desc.arch == WMMA_ARCH_RDNA4,
        "store frag");

  /* A mismatched product (A in the RDNA3 length) is caught by the
   * verifier, reported as a diagnostic. */
  MlirOperationState bad = mlirOperationStateGet(sref("wmma.mma"), loc);
  int64_t sixteen = 16;
  MlirType wide = mlirVectorTypeGet(1, &sixteen, f16);
  MlirValue bad_args[] = {a, b, mlirOperationGetResult(fill_op, 0)};
  mlirOperationStateAddOperands(&bad, 3, bad_args);
  mlirOperationStateAddResults(&bad, 1, &wide);
  mlirOperationStateAddAttributes(&bad, 1, &mma_attr);
  MlirOperation bad_op = mlirOperationCreate(&bad);
  mlirBlockInsertOwnedOperationBefore(body, ret, bad_op);
  long before = g_diag_errors;
  CHECK(!mlirOperationVerify(mlirModuleGetOperation(m)),
        "a wrong result type fails verification");
  CHECK(g_diag_errors > before, "with an error diagnostic");
  mlirOperationDestroy(bad_op);
  mlirModuleDestroy(m);
}

/* Invalid IR through the parser: a null module and the verifier's error. */
static void check_invalid(MlirContext ctx) {
  static const char *const kBad[] = {
      /* fp8 does not exist on RDNA3 */
      "func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x16,"
      " f8E4M3FN * f8E4M3FN -> f32>} { return }",
      /* compact fragments exist on RDNA3 only */
      "func.func @f() attributes {a = #wmma.frag<a, compact,"
      " #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>>} { return }",
      /* the RDNA4 f16 A operand has 8 values per lane, not 16 */
      "func.func @f(%a: vector<16xf16>, %c: vector<8xf32>) {\n"
      "  %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32> %a, %a,"
      " %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>\n"
      "  return\n}",
  };
  for (size_t i = 0; i < sizeof kBad / sizeof kBad[0]; ++i) {
    long before = g_diag_errors;
    MlirModule m = mlirModuleCreateParse(ctx, sref(kBad[i]));
    CHECK(mlirModuleIsNull(m), "invalid input %zu is rejected", i);
    CHECK(g_diag_errors > before, "invalid input %zu reports an error", i);
    if (!mlirModuleIsNull(m))
      mlirModuleDestroy(m);
  }
}

int main(void) {
  test_begin();
  MlirContext ctx = wmma_test_context();
  check_round_trip(ctx);
  check_build(ctx);
  check_invalid(ctx);
  mlirContextDestroy(ctx);
  return finish("ops");
}

// CHECK: wmma.fill: 2
// CHECK: wmma.load: 3
// CHECK: wmma.store: 1
// CHECK: wmma.mma: 2
// CHECK: wmma.expand: 2
// CHECK: wmma.relayout: 1
// CHECK: wmma.transpose: 2
// CHECK: attributes: 4 atoms, 10 frags, 2 roles
// CHECK: built: %{{.*}} = wmma.fill <c, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>> %{{.*}} : f32 -> vector<8xf32>
// CHECK: built: %{{.*}} = wmma.mma <rdna4, 16x16x16, f16 * f16 -> f32> %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf16>, vector<8xf16> -> vector<8xf32>
// CHECK: built: wmma.store <d, hw, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>> %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : vector<8xf32>, memref<16x16xf32>
// CHECK: diag: 'wmma.mma' op failed to verify that all of {c, d} have same type
// CHECK: diag: invalid WMMA atom: v_wmma_f32_16x16x16_fp8_fp8 is RDNA4-only
// CHECK: diag: invalid fragment: layout compact exists only on rdna3
// CHECK: diag: 'wmma.mma' op A operand must be 'vector<8xf16>'
// CHECK: ops: {{[0-9]+}} checks, 0 failed
