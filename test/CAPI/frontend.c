/* The front end through the C API, as a compiler embedding it uses it:
 * #wmma.launch records built and read with the C functions (and the
 * builder refusing inconsistent records), wmmaStagingParse, and
 * wmmaCreateLinalgToKernelsPassWithOptions run on a dynamic GEMM with each
 * option, reading the kernel's launch record back through the accessors;
 * bad options fail with a diagnostic; wmmaCreateConvertAmdgpuToRocdlPass
 * takes each gpu.module's chip from its target.
 *
 * RUN: wmma-capi-frontend | FileCheck %s
 * CHECK-NOT: FAILED
 */
#include "CAPITest.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "wmma-c/Passes.h"

static MlirContext g_ctx;

/*--- #wmma.launch through the C API ---------------------------------------*/
static MlirAffineMap grid_map(void) {
  /* ()[s0, s1] -> (s1 ceildiv 64, s0 ceildiv 128, 1) */
  MlirAffineExpr s0 = mlirAffineSymbolExprGet(g_ctx, 0);
  MlirAffineExpr s1 = mlirAffineSymbolExprGet(g_ctx, 1);
  MlirAffineExpr r[3] = {
      mlirAffineCeilDivExprGet(s1, mlirAffineConstantExprGet(g_ctx, 64)),
      mlirAffineCeilDivExprGet(s0, mlirAffineConstantExprGet(g_ctx, 128)),
      mlirAffineConstantExprGet(g_ctx, 1)};
  return mlirAffineMapGet(g_ctx, 0, 2, 3, r);
}

static void check_launch_attr(void) {
  const int32_t block[3] = {128, 1, 1};
  const wmma_arg_role roles[3] = {WMMA_ARG_INPUT, WMMA_ARG_INPUT,
                                  WMMA_ARG_OUTPUT};
  const int64_t host[3] = {0, 1, -1};
  const int64_t dims[6] = {-1, 100, 100, -2, -1, -2};
  MlirAttribute l = wmmaLaunchAttrGet(g_ctx, grid_map(), block, 24576, 3,
                                      roles, host, 6, dims);
  CHECK(wmmaAttributeIsALaunch(l), "a consistent record builds");
  char buf[512];
  printf("launch: %s\n", attr_str(l, buf, sizeof buf));
  CHECK(mlirAffineMapEqual(wmmaLaunchAttrGetGrid(l), grid_map()), "grid");
  CHECK(wmmaLaunchAttrGetBlock(l, 0) == 128 &&
            wmmaLaunchAttrGetBlock(l, 2) == 1,
        "block");
  CHECK(wmmaLaunchAttrGetLds(l) == 24576, "lds");
  CHECK(wmmaLaunchAttrGetNumArgs(l) == 3, "args");
  CHECK(wmmaLaunchAttrGetRole(l, 2) == WMMA_ARG_OUTPUT, "role");
  CHECK(wmmaLaunchAttrGetHost(l, 2) == -1, "host of a result");
  CHECK(wmmaLaunchAttrGetNumDims(l) == 6 && wmmaLaunchAttrGetDim(l, 3) == -2,
        "dims");
  /* The printed form parses back to the same attribute. */
  MlirAttribute back = mlirAttributeParseGet(g_ctx, sref(buf));
  CHECK(mlirAttributeEqual(back, l), "round trip through text");

  /* Inconsistent records: null, not a crash. */
  const int32_t bad_block[3] = {128, 0, 1};
  CHECK(mlirAttributeIsNull(wmmaLaunchAttrGet(g_ctx, grid_map(), bad_block,
                                              0, 3, roles, host, 6, dims)),
        "a zero block size is refused");
  CHECK(mlirAttributeIsNull(wmmaLaunchAttrGet(g_ctx, grid_map(), block,
                                              1 << 20, 3, roles, host, 6,
                                              dims)),
        "LDS beyond 64 KiB is refused");
  const int64_t no_s1[6] = {-1, 100, 100, 7, -1, 7};
  CHECK(mlirAttributeIsNull(wmmaLaunchAttrGet(g_ctx, grid_map(), block, 0, 3,
                                              roles, host, 6, no_s1)),
        "a grid symbol no dimension has is refused");
  CHECK(mlirAttributeIsNull(wmmaLaunchAttrGet(g_ctx, grid_map(), NULL, 0, 3,
                                              roles, host, 6, dims)),
        "a missing block array is refused");
  CHECK(mlirAttributeIsNull(wmmaLaunchAttrGet((MlirContext){NULL}, grid_map(),
                                              block, 0, 3, roles, host, 6,
                                              dims)),
        "a null context is refused");
  const int64_t two_d[2] = {1, 1};
  MlirAffineMap flat =
      mlirAffineMapGet(g_ctx, 0, 0, 2,
                       (MlirAffineExpr[]){mlirAffineConstantExprGet(g_ctx, 1),
                                          mlirAffineConstantExprGet(g_ctx, 1)});
  CHECK(mlirAttributeIsNull(wmmaLaunchAttrGet(g_ctx, flat, block, 0, 0, NULL,
                                              NULL, 0, two_d)),
        "a grid of two results is refused");
  /* A kernel without arguments is a valid record. */
  MlirAffineMap one = mlirAffineMapGet(
      g_ctx, 0, 0, 3,
      (MlirAffineExpr[]){mlirAffineConstantExprGet(g_ctx, 1),
                         mlirAffineConstantExprGet(g_ctx, 1),
                         mlirAffineConstantExprGet(g_ctx, 1)});
  MlirAttribute empty =
      wmmaLaunchAttrGet(g_ctx, one, block, 0, 0, NULL, NULL, 0, NULL);
  CHECK(wmmaAttributeIsALaunch(empty) && wmmaLaunchAttrGetNumArgs(empty) == 0,
        "an empty record");
  printf("empty launch: %s\n", attr_str(empty, buf, sizeof buf));

  /* Accessors on other attributes and out-of-range indices. */
  MlirAttribute unit = mlirUnitAttrGet(g_ctx);
  CHECK(!wmmaAttributeIsALaunch(unit) &&
            !wmmaAttributeIsALaunch((MlirAttribute){NULL}),
        "IsALaunch");
  CHECK(wmmaLaunchAttrGetBlock(unit, 0) == 0 &&
            wmmaLaunchAttrGetNumArgs(unit) == 0 &&
            wmmaLaunchAttrGetNumDims(unit) == 0 &&
            wmmaLaunchAttrGetLds(unit) == 0 &&
            mlirAffineMapIsNull(wmmaLaunchAttrGetGrid(unit)),
        "accessors of a non-launch attribute");
  CHECK(wmmaLaunchAttrGetBlock(l, 3) == 0 && wmmaLaunchAttrGetBlock(l, -1) == 0,
        "block index out of range");
  CHECK(wmmaLaunchAttrGetDim(l, 6) == 0 && wmmaLaunchAttrGetHost(l, 3) == 0,
        "dims/host index out of range");
}

/*--- wmmaStagingParse ---------------------------------------------------*/
static void check_staging_names(void) {
  CHECK(wmmaStagingParse("auto") == WMMA_STAGING_AUTO, "auto");
  CHECK(wmmaStagingParse("registers") == WMMA_STAGING_REGISTERS, "regs");
  CHECK(wmmaStagingParse("lds") == WMMA_STAGING_LDS, "lds");
  CHECK(wmmaStagingParse("shared") == -1 && wmmaStagingParse(NULL) == -1 &&
            wmmaStagingParse("") == -1,
        "unknown names");
}

/*--- the pass with options ------------------------------------------------*/
static const char *const kDynGemm =
    "func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>,"
    " %C: memref<?x?xf32>) {\n"
    "  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>)"
    " outs(%C : memref<?x?xf32>)\n"
    "  return\n"
    "}\n";

typedef struct {
  MlirOperation kernel;
} find_kernel;

static MlirWalkResult find_gpu_func(MlirOperation op, void *user) {
  find_kernel *f = user;
  if (mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                         sref("gpu.func")))
    f->kernel = op;
  return MlirWalkResultAdvance;
}

/* Runs the pass with o on kDynGemm; returns the kernel's launch record
 * (null when the pass failed) and its schedule's staging/tile. */
static MlirAttribute compile(const wmmaFrontEndOptions *o, char *staging,
                             size_t cap, int64_t tile[2], bool *ok) {
  MlirModule m = mlirModuleCreateParse(g_ctx, sref(kDynGemm));
  CHECK(!mlirModuleIsNull(m), "input parses");
  MlirPassManager pm = mlirPassManagerCreate(g_ctx);
  mlirPassManagerAddOwnedPass(pm, wmmaCreateLinalgToKernelsPassWithOptions(o));
  *ok = mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)));
  mlirPassManagerDestroy(pm);
  MlirAttribute launch = {NULL};
  staging[0] = 0;
  tile[0] = tile[1] = 0;
  find_kernel f = {{NULL}};
  mlirOperationWalk(mlirModuleGetOperation(m), find_gpu_func, &f,
                    MlirWalkPreOrder);
  if (*ok && !mlirOperationIsNull(f.kernel)) {
    launch = mlirOperationGetDiscardableAttributeByName(f.kernel,
                                                        sref("wmma.launch"));
    MlirAttribute s = mlirOperationGetDiscardableAttributeByName(
        f.kernel, sref("wmma.schedule"));
    /* The typed record, read through its C accessor. */
    wmma_schedule_desc d;
    if (wmmaScheduleAttrGetDesc(s, &d)) {
      snprintf(staging, cap, "%s",
               d.staging == WMMA_SCHED_LDS ? "lds" : "registers");
      tile[0] = d.tile[0];
      tile[1] = d.tile[1];
      /* Built back from its plain data, it is the same attribute. */
      CHECK(mlirAttributeEqual(wmmaScheduleAttrGet(g_ctx, &d), s),
            "#wmma.schedule round trip through wmma_schedule_desc");
    }
  }
  mlirModuleDestroy(m);
  return launch;
}

static void check_pass_options(void) {
  char staging[32];
  int64_t tile[2];
  bool ok;
  wmmaFrontEndOptions o = {.chip = "gfx1201"};
  MlirAttribute l = compile(&o, staging, sizeof staging, tile, &ok);
  CHECK(ok && wmmaAttributeIsALaunch(l), "auto: a kernel with a record");
  /* Sizes M, K, N are symbols s0, s1, s2; the grid reads M and N. */
  CHECK(mlirAffineMapGetNumSymbols(wmmaLaunchAttrGetGrid(l)) == 3 &&
            wmmaLaunchAttrGetNumDims(l) == 6 &&
            wmmaLaunchAttrGetDim(l, 0) == -1 &&
            wmmaLaunchAttrGetDim(l, 5) == -3,
        "dynamic sizes as symbols");
  CHECK(wmmaLaunchAttrGetRole(l, 0) == WMMA_ARG_INPUT &&
            wmmaLaunchAttrGetRole(l, 2) == WMMA_ARG_INOUT &&
            wmmaLaunchAttrGetHost(l, 2) == 2,
        "roles and host positions");
  printf("auto: staging %s, tile %lldx%lld, lds %lld\n", staging,
         (long long)tile[0], (long long)tile[1],
         (long long)wmmaLaunchAttrGetLds(l));

  o.staging = WMMA_STAGING_REGISTERS;
  l = compile(&o, staging, sizeof staging, tile, &ok);
  CHECK(ok && !strcmp(staging, "registers") && wmmaLaunchAttrGetLds(l) == 0,
        "staging=registers: no LDS (got %s)", staging);
  printf("registers: staging %s, lds %lld\n", staging,
         (long long)wmmaLaunchAttrGetLds(l));

  o.staging = WMMA_STAGING_AUTO;
  o.tile_m = 64, o.tile_n = 128;
  l = compile(&o, staging, sizeof staging, tile, &ok);
  CHECK(ok && tile[0] == 64 && tile[1] == 128, "tile 64x128 (got %lldx%lld)",
        (long long)tile[0], (long long)tile[1]);
  printf("tile: %lldx%lld, block %d\n", (long long)tile[0],
         (long long)tile[1], wmmaLaunchAttrGetBlock(l, 0));

  /* Compatibility constructor: tiled = false is staging = registers. */
  MlirModule m = mlirModuleCreateParse(g_ctx, sref(kDynGemm));
  MlirPassManager pm = mlirPassManagerCreate(g_ctx);
  mlirPassManagerAddOwnedPass(
      pm, wmmaCreateLinalgToKernelsPassWithTiling("gfx1100", 0, false));
  CHECK(mlirLogicalResultIsSuccess(
            mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))),
        "WithTiling runs");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);

  /* Bad options: the run fails with a diagnostic. */
  long before = g_diag_errors;
  wmmaFrontEndOptions half = {.chip = "gfx1201", .tile_m = 64};
  compile(&half, staging, sizeof staging, tile, &ok);
  CHECK(!ok && g_diag_errors > before, "tile-m without tile-n");
  before = g_diag_errors;
  wmmaFrontEndOptions nochip = {.chip = NULL};
  compile(&nochip, staging, sizeof staging, tile, &ok);
  CHECK(!ok && g_diag_errors > before, "no chip");
  before = g_diag_errors;
  compile(NULL, staging, sizeof staging, tile, &ok);
  CHECK(!ok && g_diag_errors > before, "NULL options: no chip either");
  wmmaFrontEndOptions waves = {.chip = "gfx1201", .waves = 99};
  compile(&waves, staging, sizeof staging, tile, &ok);
  CHECK(!ok, "99 waves");
  /* An out-of-range staging value is the cost rule's, not a crash. */
  wmmaFrontEndOptions odd = {.chip = "gfx1201", .staging = (wmma_staging)7};
  l = compile(&odd, staging, sizeof staging, tile, &ok);
  CHECK(ok && wmmaAttributeIsALaunch(l), "staging 7 is auto");
}

/*--- schedule records of plain (non-WMMA) templates ------------------------*/
static void check_plain_schedule(void) {
  wmma_schedule_desc d;
  memset(&d, 0, sizeof d);
  snprintf(d.template_name, sizeof d.template_name, "elementwise");
  d.instr = WMMA_INSTR_COUNT; /* "none" */
  d.staging = WMMA_SCHED_REGISTERS;
  d.tile[0] = 1, d.tile[1] = 1024, d.tile[2] = 16;
  d.waves[0] = 8, d.waves[1] = 1;
  d.wave_tile[0] = d.wave_tile[1] = 1;
  d.stages = 1;
  d.tails[1] = true;
  d.accumulator = mlirIntegerTypeGet(g_ctx, 8);
  d.acc_pack = 1;
  char msg[256] = "";
  CHECK(wmmaScheduleCheck(&d, msg, sizeof msg) == 0, "plain record valid: %s",
        msg);
  MlirAttribute a = wmmaScheduleAttrGet(g_ctx, &d);
  CHECK(!mlirAttributeIsNull(a), "plain record built");
  char buf[1024];
  printf("plain schedule: %s\n", attr_str(a, buf, sizeof buf));
  wmma_schedule_desc back;
  CHECK(wmmaScheduleAttrGetDesc(a, &back) && back.instr == WMMA_INSTR_COUNT &&
            mlirAttributeEqual(wmmaScheduleAttrGet(g_ctx, &back), a),
        "plain record round trip (no instruction)");
  /* A WMMA template needs an instruction; a plain one takes none. */
  wmma_schedule_desc bad = d;
  snprintf(bad.template_name, sizeof bad.template_name, "gemm");
  CHECK(wmmaScheduleCheck(&bad, msg, sizeof msg) != 0 &&
            mlirAttributeIsNull(wmmaScheduleAttrGet(g_ctx, &bad)),
        "gemm without an instruction refused");
  printf("gemm without instruction: %s\n", msg);
  bad = d;
  bad.instr = WMMA_INSTR_F32_16X16X16_F16;
  CHECK(wmmaScheduleCheck(&bad, msg, sizeof msg) != 0, "elementwise with an "
                                                       "instruction refused");
  printf("elementwise with instruction: %s\n", msg);
}

/*--- per-module chipset ---------------------------------------------------*/
static const char *const kTwoChips =
    "module attributes {gpu.container_module} {\n"
    "gpu.module @a [#rocdl.target<chip = \"gfx1100\">] {\n"
    "  gpu.func @k(%m: memref<16xf32>) kernel {\n"
    "    %b = amdgpu.fat_raw_buffer_cast %m resetOffset : memref<16xf32> to"
    " memref<16xf32, #amdgpu.address_space<fat_raw_buffer>>\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %v = memref.load %b[%c0] : memref<16xf32,"
    " #amdgpu.address_space<fat_raw_buffer>>\n"
    "    memref.store %v, %m[%c0] : memref<16xf32>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n"
    "gpu.module @b [#rocdl.target<chip = \"gfx1201\">] {\n"
    "  gpu.func @k(%m: memref<16xf32>) kernel {\n"
    "    %b = amdgpu.fat_raw_buffer_cast %m resetOffset : memref<16xf32> to"
    " memref<16xf32, #amdgpu.address_space<fat_raw_buffer>>\n"
    "    gpu.return\n"
    "  }\n"
    "}\n"
    "}\n";

static int count_prefix(MlirOperation root, const char *prefix);

typedef struct {
  const char *prefix;
  int n;
} prefix_count;

static MlirWalkResult count_op(MlirOperation op, void *user) {
  prefix_count *c = user;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(c->prefix);
  c->n += name.length >= n && memcmp(name.data, c->prefix, n) == 0;
  return MlirWalkResultAdvance;
}

static int count_prefix(MlirOperation root, const char *prefix) {
  prefix_count c = {prefix, 0};
  mlirOperationWalk(root, count_op, &c, MlirWalkPreOrder);
  return c.n;
}

static void check_amdgpu_to_rocdl(void) {
  MlirModule m = mlirModuleCreateParse(g_ctx, sref(kTwoChips));
  CHECK(!mlirModuleIsNull(m), "two-chip module parses");
  if (mlirModuleIsNull(m))
    return;
  /* The pass runs on gpu.module (nested under the module). */
  MlirPassManager pm = mlirPassManagerCreate(g_ctx);
  mlirOpPassManagerAddOwnedPass(
      mlirPassManagerGetNestedUnder(pm, sref("gpu.module")),
      wmmaCreateConvertAmdgpuToRocdlPass());
  bool ok = mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)));
  mlirPassManagerDestroy(pm);
  int left = count_prefix(mlirModuleGetOperation(m), "amdgpu.");
  CHECK(ok && left == 0, "amdgpu ops converted in both modules (%d left)",
        left);
  printf("amdgpu-to-rocdl: %d amdgpu ops left, %d rocdl.make.buffer.rsrc\n",
         left,
         count_prefix(mlirModuleGetOperation(m), "rocdl.make.buffer.rsrc"));
  mlirModuleDestroy(m);
}

int main(void) {
  test_begin();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  wmmaRegisterDialects(registry);
  g_ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(g_ctx, print_diagnostic, NULL, NULL);
  /* wmma is registered, not loaded: the builders load it. */

  check_launch_attr();
  check_staging_names();
  check_pass_options();
  check_plain_schedule();
  check_amdgpu_to_rocdl();
  mlirContextDestroy(g_ctx);
  return finish("frontend");
}

// CHECK: launch: #wmma.launch<grid = ()[s0, s1] -> (s1 ceildiv 64, s0 ceildiv 128, 1), block = [128, 1, 1], lds = 24576, roles = [input, input, output], host = [0, 1, -1], dims = [-1, 100, 100, -2, -1, -2]>
// CHECK: empty launch: #wmma.launch<grid = () -> (1, 1, 1), block = [128, 1, 1], lds = 0, roles = [], host = [], dims = []>
// CHECK: auto: staging lds, tile {{[0-9]+}}x{{[0-9]+}}, lds {{[1-9][0-9]*}}
// CHECK: registers: staging registers, lds 0
// CHECK: tile: 64x128, block 128
// CHECK: diag: wmma-linalg-to-kernels: tile-m and tile-n must both be positive
// CHECK: diag: wmma-linalg-to-kernels: the chip option is required
// CHECK: diag: wmma-linalg-to-kernels: the chip option is required
// CHECK: diag: wmma-linalg-to-kernels: waves-per-workgroup must be in 1..32, got 99
// CHECK: plain schedule: #wmma.schedule<template = "elementwise", instruction = "none", staging = registers, tile = [1, 1024, 16], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [false, true, false], accumulator = i8, acc_pack = 1, form = acc, copy = [none, none], causal = false>
// CHECK: gemm without instruction: unknown instruction
// CHECK: elementwise with instruction: the elementwise template uses no WMMA instruction (instruction = "none")
// CHECK: amdgpu-to-rocdl: 0 amdgpu ops left, 2 rocdl.make.buffer.rsrc
// CHECK: frontend: {{[0-9]+}} checks, 0 failed
