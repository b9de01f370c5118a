/* Every wmma pass and pipeline of wmma-c/Passes.h run through the MLIR C
 * API on small modules: each constructor's pass does its one job (checked
 * by counting ops before and after), the pipelines lower everything and
 * serialise, the registered names parse as pass pipelines, and bad options
 * fail with a diagnostic instead of crashing.
 *
 * RUN: wmma-capi-passes | FileCheck %s
 * CHECK-NOT: FAILED
 */
#include "CAPITest.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "wmma-c/Passes.h"

#include <unistd.h>

static const char *const kRdna4 =
    "#a = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>\n"
    "gpu.module @m [#rocdl.target<chip = \"gfx1201\">] {\n"
    "  gpu.func @k(%A: memref<16x16xf16>, %C: memref<16x16xf32>) kernel {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %z = arith.constant 0.0 : f32\n"
    "    %acc = wmma.fill #wmma.frag<c, hw, #a> %z : f32 -> vector<8xf32>\n"
    "    %x = wmma.load #wmma.frag<a, kcontig, #a> %A[%c0, %c0]"
    " : memref<16x16xf16> -> vector<8xf16>\n"
    "    %t = wmma.transpose identity #wmma.frag<a, kcontig, #a> %x"
    " : vector<8xf16> -> vector<8xf16>\n"
    "    %b = wmma.load #wmma.frag<b, kcontig, #a> %A[%c0, %c0]"
    " : memref<16x16xf16> -> vector<8xf16>\n"
    "    %d = wmma.mma #a %t, %b, %acc"
    " : vector<8xf16>, vector<8xf16> -> vector<8xf32>\n"
    "    wmma.store #wmma.frag<d, hw, #a> %d, %C[%c0, %c0]"
    " : vector<8xf32>, memref<16x16xf32>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

static const char *const kRdna3Expand =
    "#a = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>\n"
    "gpu.module @m [#rocdl.target<chip = \"gfx1100\">] {\n"
    "  gpu.func @k(%v: vector<8xf16>, %c: vector<8xf32>,"
    " %C: memref<16x16xf32>) kernel {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %e = wmma.expand a #a %v : vector<8xf16> -> vector<16xf16>\n"
    "    %f = wmma.expand b #a %v : vector<8xf16> -> vector<16xf16>\n"
    "    %d = wmma.mma #a %e, %f, %c"
    " : vector<16xf16>, vector<16xf16> -> vector<8xf32>\n"
    "    wmma.store #wmma.frag<d, hw, #a> %d, %C[%c0, %c0]"
    " : vector<8xf32>, memref<16x16xf32>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

static const char *const kLinalgGemm =
    "func.func @gemm(%A: memref<32x32xf16>, %B: memref<32x32xf16>,"
    " %C: memref<32x32xf32>) {\n"
    "  %z = arith.constant 0.0 : f32\n"
    "  linalg.fill ins(%z : f32) outs(%C : memref<32x32xf32>)\n"
    "  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>)"
    " outs(%C : memref<32x32xf32>)\n"
    "  return\n"
    "}\n";

/* How many ops of a name (or, with a trailing '*', a name prefix). */
typedef struct {
  const char *name;
  int count;
} op_count;

static MlirWalkResult count_named(MlirOperation op, void *user) {
  op_count *c = user;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(c->name);
  if (n && c->name[n - 1] == '*')
    c->count += name.length >= n - 1 && memcmp(name.data, c->name, n - 1) == 0;
  else
    c->count += mlirStringRefEqual(name, sref(c->name));
  return MlirWalkResultAdvance;
}

static int count(MlirModule m, const char *name) {
  op_count c = {name, 0};
  mlirOperationWalk(mlirModuleGetOperation(m), count_named, &c,
                    MlirWalkPreOrder);
  return c.count;
}

static MlirContext g_ctx;

/* Pipeline-parser messages (the MLIR C API needs a callback). */
static void print_message(MlirStringRef s, void *user) {
  (void)user;
  printf("pipeline: %.*s\n", (int)s.length, s.data);
}

/* Parses src, runs pm on it; returns the module (null if it does not
 * parse) and whether the run succeeded. */
static MlirModule run(const char *src, MlirPassManager pm, bool *ok) {
  MlirModule m = mlirModuleCreateParse(g_ctx, sref(src));
  CHECK(!mlirModuleIsNull(m), "input parses");
  *ok = false;
  if (!mlirModuleIsNull(m))
    *ok = mlirLogicalResultIsSuccess(
        mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)));
  mlirPassManagerDestroy(pm);
  return m;
}

static MlirPassManager pm_with(MlirPass pass) {
  MlirPassManager pm = mlirPassManagerCreate(g_ctx);
  mlirPassManagerAddOwnedPass(pm, pass);
  return pm;
}

static void check_single_passes(void) {
  bool ok;
  MlirModule m = run(kRdna4, pm_with(wmmaCreateLowerTransposePass()), &ok);
  CHECK(ok && count(m, "wmma.transpose") == 0 && count(m, "wmma.mma") == 2,
        "wmma-lower-transpose: identity transpose becomes a product");
  printf("lower-transpose: %d wmma.mma\n", count(m, "wmma.mma"));
  mlirModuleDestroy(m);

  /* Each strategy uses its own cross-lane operation and only that one. */
  static const char *const xlane_op[] = {"rocdl.permlanex16",
                                         "rocdl.ds_bpermute"};
  for (int s = WMMA_XLANE_PERMLANEX16; s <= WMMA_XLANE_BPERMUTE; ++s) {
    m = run(kRdna3Expand,
            pm_with(wmmaCreateLowerXlanePass((wmma_xlane_strategy)s)), &ok);
    int used = count(m, xlane_op[s]), other = count(m, xlane_op[1 - s]);
    CHECK(ok && count(m, "wmma.expand") == 0 && used > 0 && other == 0,
          "wmma-lower-xlane (%s)",
          wmma_xlane_strategy_name((wmma_xlane_strategy)s));
    printf("lower-xlane %s: %d %s\n",
           wmma_xlane_strategy_name((wmma_xlane_strategy)s), used,
           xlane_op[s] + 6);
    mlirModuleDestroy(m);
  }

  m = run(kRdna4, pm_with(wmmaCreateLowerFragmentsPass()), &ok);
  CHECK(ok && count(m, "wmma.load") == 0 && count(m, "wmma.store") == 0 &&
            count(m, "wmma.fill") == 0 && count(m, "wmma.mma") == 1,
        "wmma-lower-fragments: only the product is left");
  mlirModuleDestroy(m);

  m = run(kRdna4, pm_with(wmmaCreateLowerMmaPass()), &ok);
  CHECK(ok && count(m, "wmma.mma") == 0 &&
            count(m, "rocdl.wmma.f32.16x16x16.f16") == 1,
        "wmma-lower-mma: one rocdl.wmma per wmma.mma");
  mlirModuleDestroy(m);
}

static void check_pipelines(void) {
  bool ok;
  for (int s = WMMA_XLANE_PERMLANEX16; s <= WMMA_XLANE_BPERMUTE; ++s) {
    MlirPassManager pm = mlirPassManagerCreate(g_ctx);
    wmmaBuildLowerToROCDLPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                  (wmma_xlane_strategy)s);
    MlirModule m = run(kRdna3Expand, pm, &ok);
    CHECK(ok && count(m, "wmma.*") == 0 &&
              count(m, "rocdl.wmma.f32.16x16x16.f16") == 1,
          "convert-wmma-to-rocdl (%s) leaves no wmma op",
          wmma_xlane_strategy_name((wmma_xlane_strategy)s));
    mlirModuleDestroy(m);
  }

  const char *toolkit = wmmaDefaultToolkitPath();
  char lld[4200];
  snprintf(lld, sizeof lld, "%s/llvm/bin/ld.lld", toolkit ? toolkit : "");
  CHECK(toolkit && access(lld, X_OK) == 0, "toolkit holds %s", lld);

  const char *formats[] = {"isa", "bin"};
  for (int i = 0; i < 2; ++i) {
    wmmaHsacoOptions opts = {NULL, formats[i], NULL, WMMA_XLANE_PERMLANEX16};
    MlirPassManager pm = mlirPassManagerCreate(g_ctx);
    CHECK(mlirLogicalResultIsSuccess(wmmaBuildToHsacoPipeline(
              mlirPassManagerGetAsOpPassManager(pm), &opts)),
          "wmma-to-hsaco{format=%s} builds", formats[i]);
    MlirModule m = run(kRdna4, pm, &ok);
    CHECK(ok && count(m, "gpu.binary") == 1 && count(m, "gpu.module") == 0,
          "wmma-to-hsaco{format=%s} serialises", formats[i]);
    MlirOperation bin = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
    MlirAttribute objects = mlirOperationGetAttributeByName(bin, sref("objects"));
    MlirAttribute obj = mlirAttributeIsNull(objects)
                            ? objects
                            : mlirArrayAttrGetElement(objects, 0);
    MlirStringRef bytes = mlirAttributeIsAGPUObjectAttr(obj)
                              ? mlirGPUObjectAttrGetObject(obj)
                              : sref("");
    if (i == 0) {
      char isa[64] = "";
      const char *hit = bytes.length ? strstr(bytes.data, "v_wmma_f32_16x16x16_f16") : NULL;
      if (hit)
        snprintf(isa, sizeof isa, "%.*s", 23, hit);
      CHECK(hit != NULL, "ISA names the instruction");
      printf("hsaco isa: %s\n", isa);
    } else {
      CHECK(bytes.length > 4 && memcmp(bytes.data, "\177ELF", 4) == 0,
            "HSACO is an ELF file");
      printf("hsaco bin: %s\n", bytes.length > 4 ? "ELF" : "none");
    }
    mlirModuleDestroy(m);
  }
}

static void check_front_end(void) {
  bool ok;
  for (int tiled = 0; tiled < 2; ++tiled) {
    MlirPass p = tiled ? wmmaCreateLinalgToKernelsPass("gfx1201", 0)
                       : wmmaCreateLinalgToKernelsPassWithTiling("gfx1100", 1,
                                                                 false);
    MlirModule m = run(kLinalgGemm, pm_with(p), &ok);
    CHECK(ok && count(m, "gpu.module") == 1 && count(m, "wmma.mma") > 0 &&
              count(m, "linalg.matmul") == 0,
          "wmma-linalg-to-kernels (%s) makes a wmma kernel",
          tiled ? "gfx1201" : "gfx1100");
    printf("linalg-to-kernels %s: %d wmma.mma\n", tiled ? "gfx1201" : "gfx1100",
           count(m, "wmma.mma"));
    mlirModuleDestroy(m);
  }
}

/* Pass names in the global registry, as mlir-opt users write them. */
static void check_registry(void) {
  /* The parts first, then everything: registering twice is harmless. */
  wmmaRegisterConversionPasses();
  wmmaRegisterFrontEndPasses();
  wmmaRegisterPasses();
  wmmaRegisterPasses();
  const char *pipelines[] = {
      "builtin.module(wmma-lower-transpose,wmma-lower-xlane,"
      "wmma-lower-fragments,wmma-lower-mma)",
      "builtin.module(convert-wmma-to-rocdl{strategy=bpermute})",
      "builtin.module(wmma-linalg-to-kernels{chip=gfx1201 waves-per-workgroup=2})",
      "builtin.module(wmma-to-hsaco{format=isa})",
  };
  for (size_t i = 0; i < sizeof pipelines / sizeof pipelines[0]; ++i) {
    MlirPassManager pm = mlirPassManagerCreate(g_ctx);
    MlirLogicalResult r =
        mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                              sref(pipelines[i]), print_message, NULL);
    CHECK(mlirLogicalResultIsSuccess(r), "%s parses", pipelines[i]);
    mlirPassManagerDestroy(pm);
  }
  MlirPassManager pm = mlirPassManagerCreate(g_ctx);
  mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                        sref("builtin.module(convert-wmma-to-rocdl)"),
                        print_message, NULL);
  bool ok;
  MlirModule m = run(kRdna4, pm, &ok);
  CHECK(ok && count(m, "wmma.*") == 0, "registered pipeline lowers");
  mlirModuleDestroy(m);
  printf("registry: %zu pipelines parse\n",
         sizeof pipelines / sizeof pipelines[0]);
}

/* Bad options fail with a diagnostic (or a failed result), never a crash. */
static void check_errors(void) {
  bool ok;
  struct {
    const char *chip;
    int waves;
  } bad_fe[] = {{NULL, 0}, {"gfx9000", 0}, {"gfx1201", 33}, {"gfx1201", -1}};
  for (size_t i = 0; i < sizeof bad_fe / sizeof bad_fe[0]; ++i) {
    long before = g_diag_errors;
    MlirModule m = run(kLinalgGemm,
                       pm_with(wmmaCreateLinalgToKernelsPass(bad_fe[i].chip,
                                                             bad_fe[i].waves)),
                       &ok);
    CHECK(!ok && g_diag_errors > before,
          "linalg-to-kernels chip %s waves %d fails with an error",
          bad_fe[i].chip ? bad_fe[i].chip : "NULL", bad_fe[i].waves);
    mlirModuleDestroy(m);
  }
  /* An unknown strategy is refused when the pass runs. */
  long before = g_diag_errors;
  MlirModule m = run(kRdna3Expand,
                     pm_with(wmmaCreateLowerXlanePass((wmma_xlane_strategy)7)),
                     &ok);
  CHECK(!ok && g_diag_errors > before, "unknown cross-lane strategy fails");
  mlirModuleDestroy(m);

  MlirOpPassManager null_pm = {NULL};
  wmmaBuildLowerToROCDLPipeline(null_pm, WMMA_XLANE_PERMLANEX16);
  wmmaHsacoOptions opts = {NULL, "isa", NULL, WMMA_XLANE_PERMLANEX16};
  CHECK(mlirLogicalResultIsFailure(wmmaBuildToHsacoPipeline(null_pm, &opts)),
        "no pass manager");
  const char *bad_formats[] = {"elf", "isa}"};
  for (int i = 0; i < 2; ++i) {
    wmmaHsacoOptions o = {NULL, bad_formats[i], NULL, WMMA_XLANE_PERMLANEX16};
    MlirPassManager pm = mlirPassManagerCreate(g_ctx);
    CHECK(mlirLogicalResultIsFailure(wmmaBuildToHsacoPipeline(
              mlirPassManagerGetAsOpPassManager(pm), &o)),
          "format '%s' is refused", bad_formats[i]);
    mlirPassManagerDestroy(pm);
  }
  wmmaHsacoOptions unknown_chip = {"gfx9000", "isa", NULL,
                                   WMMA_XLANE_PERMLANEX16};
  MlirPassManager pm = mlirPassManagerCreate(g_ctx);
  CHECK(mlirLogicalResultIsFailure(wmmaBuildToHsacoPipeline(
            mlirPassManagerGetAsOpPassManager(pm), &unknown_chip)),
        "unknown chip is refused");
  mlirPassManagerDestroy(pm);
  /* NULL options: the defaults (HSACO for the module's own target). */
  pm = mlirPassManagerCreate(g_ctx);
  CHECK(mlirLogicalResultIsSuccess(wmmaBuildToHsacoPipeline(
            mlirPassManagerGetAsOpPassManager(pm), NULL)),
        "default options");
  m = run(kRdna4, pm, &ok);
  CHECK(ok && count(m, "gpu.binary") == 1, "default options serialise");
  mlirModuleDestroy(m);
  printf("error paths checked\n");
}

int main(void) {
  test_begin();
  /* What a compiler embedding the lowering registers: the dialects and the
   * LLVM translations.  No upstream passes: wmmaBuildToHsacoPipeline
   * registers those it uses. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  wmmaRegisterDialects(registry);
  g_ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(g_ctx);
  mlirContextAttachDiagnosticHandler(g_ctx, print_diagnostic, NULL, NULL);

  check_single_passes();
  check_pipelines();
  check_front_end();
  check_registry();
  check_errors();
  mlirContextDestroy(g_ctx);
  return finish("passes");
}

// CHECK: lower-transpose: 2 wmma.mma
// CHECK: lower-xlane permlanex16: {{[1-9][0-9]*}} permlanex16
// CHECK: lower-xlane bpermute: {{[1-9][0-9]*}} ds_bpermute
// CHECK: hsaco isa: v_wmma_f32_16x16x16_f16
// CHECK: hsaco bin: ELF
// CHECK: linalg-to-kernels gfx1100: {{[1-9][0-9]*}} wmma.mma
// CHECK: linalg-to-kernels gfx1201: {{[1-9][0-9]*}} wmma.mma
// CHECK: registry: 4 pipelines parse
// CHECK: error paths checked
// CHECK: passes: {{[0-9]+}} checks, 0 failed
