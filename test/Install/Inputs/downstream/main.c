/* Downstream client of libwmma-c.so: registers the wmma dialect, parses a
 * wmma atom program, runs convert-wmma-to-rocdl through the MLIR C API (the
 * pass is found by name in the pass registry) and prints the result. */
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"
#include "wmma-c/Version.h"

#include <stdio.h>
#include <string.h>

static const char *const kProgram =
    "#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>\n"
    "func.func @tile(%A: memref<16x16xf16>, %B: memref<16x16xf16>,\n"
    "                %C: memref<16x16xf32>) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  %c = wmma.fill #wmma.frag<c, hw, #atom> %zero : f32 -> vector<8xf32>\n"
    "  %a = wmma.load #wmma.frag<a, kcontig, #atom> %A[%c0, %c0]"
    " : memref<16x16xf16> -> vector<8xf16>\n"
    "  %b = wmma.load #wmma.frag<b, kcontig, #atom> %B[%c0, %c0]"
    " : memref<16x16xf16> -> vector<8xf16>\n"
    "  %d = wmma.mma #atom %a, %b, %c"
    " : vector<8xf16>, vector<8xf16> -> vector<8xf32>\n"
    "  wmma.store #wmma.frag<d, hw, #atom> %d, %C[%c0, %c0]"
    " : vector<8xf32>, memref<16x16xf32>\n"
    "  return\n"
    "}\n";

static void print_to(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, (FILE *)user);
}

int main(void) {
  printf("wmma-c %s\n", wmma_version());
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  wmmaRegisterDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  wmmaRegisterPasses();

  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kProgram));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "downstream: cannot parse the program\n");
    return 1;
  }
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  const char *pipeline = "builtin.module(convert-wmma-to-rocdl)";
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), print_to, stderr))) {
    fprintf(stderr, "\ndownstream: cannot parse the pipeline\n");
    return 1;
  }
  if (mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    fprintf(stderr, "downstream: the pipeline failed\n");
    return 1;
  }
  mlirOperationPrint(mlirModuleGetOperation(module), print_to, stdout);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
