/* The IR builders every pass uses (include/wmma/Support/Builder.h), tested
 * on their own: index arithmetic folds constants and identities, casts of
 * constants fold, regions (scf.for with iter_args, scf.if with else and
 * results) are built and closed, memory helpers build what their names say;
 * the function verifies and FileCheck reads it.
 *
 * RUN: wmma-builder-tests | FileCheck %s
 * CHECK-NOT: FAILED
 */
#include "wmma/Support/Builder.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Rewrite.h"

#include <stdio.h>
#include <string.h>

#include "unit-check.h"

static void print_out(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stdout);
}

static bool is_const(MlirValue v, int64_t want) {
  int64_t got;
  return wb_const_value(v, &got) && got == want;
}

static const char *const kSrc =
    "func.func @f(%x: index, %m: memref<?x8xf32>, %p: i1) -> index {\n"
    "  return %x : index\n"
    "}\n";

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  MlirModule mod = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kSrc));
  CHECK(!mlirModuleIsNull(mod), "input parses");
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(mod));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetTerminator(entry);
  MlirValue x = mlirBlockGetArgument(entry, 0);
  MlirValue m = mlirBlockGetArgument(entry, 1);
  MlirValue p = mlirBlockGetArgument(entry, 2);

  MlirRewriterBase rw = mlirIRRewriterCreate(ctx);
  wb_t b;
  wb_init_rewriter(&b, rw, ret);

  /* Folding: constants combine, identities vanish, no op is built. */
  MlirValue c3 = wb_const_index(&b, 3), c4 = wb_const_index(&b, 4);
  CHECK(is_const(wb_addi(&b, c3, c4), 7), "3 + 4 folds to 7");
  CHECK(is_const(wb_muli(&b, c3, c4), 12), "3 * 4 folds to 12");
  CHECK(mlirValueEqual(wb_addi(&b, x, wb_const_index(&b, 0)), x), "x + 0 is x");
  CHECK(mlirValueEqual(wb_muli(&b, wb_const_index(&b, 1), x), x), "1 * x is x");
  CHECK(is_const(wb_muli(&b, x, wb_const_index(&b, 0)), 0), "x * 0 is 0");
  CHECK(is_const(wb_add_const(&b, c3, 5), 8), "add_const of a constant");
  CHECK(is_const(wb_ceil_div_const(&b, wb_const_index(&b, 33), 16), 3),
        "ceil(33 / 16) folds to 3");
  MlirValue i64c = wb_cast(&b, "arith.index_cast", c4,
                           mlirIntegerTypeGet(ctx, 64));
  CHECK(is_const(i64c, 4) &&
            mlirTypeEqual(mlirValueGetType(i64c), mlirIntegerTypeGet(ctx, 64)),
        "index_cast of a constant folds to an i64 constant");

  /* Non-constant arithmetic builds ops. */
  MlirValue x16 = wb_mul_const(&b, x, 16);
  MlirValue cd = wb_ceil_div_const(&b, x, 16);
  MlirValue mn = wb_min_index(&b, x16, cd);

  /* A loop from 0 to dim(m, 0) carrying a sum. */
  MlirValue rows = wb_dim(&b, m, 0);
  wb_loop loop;
  MlirValue init = wb_const_index(&b, 0);
  CHECK(wb_for_begin(&b, &loop, wb_const_index(&b, 0), rows,
                     wb_const_index(&b, 1), 1, &init),
        "for_begin");
  MlirValue sum = wb_addi(&b, loop.iter[0], loop.iv);
  wb_for_end(&b, &loop, 1, &sum);
  MlirValue total = wb_loop_result(&loop, 0);

  /* An if/else yielding an index. */
  wb_if f;
  MlirType idx = wb_index(ctx);
  CHECK(wb_if_begin(&b, &f, p, 1, &idx, true), "if_begin");
  MlirValue then_v = wb_addi(&b, total, mn);
  wb_if_else(&b, &f, 1, &then_v);
  MlirValue else_v = wb_max_index(&b, total, x);
  wb_if_end(&b, &f, 1, &else_v);
  MlirValue chosen = mlirOperationGetResult(f.op, 0);

  /* Memory: an 8-wide vector load/store of row `chosen`, the out-of-bounds
   * index of fat buffers (size + 4). */
  MlirValue zero = wb_const_index(&b, 0);
  MlirValue at[2] = {chosen, zero};
  MlirValue v = wb_vload(&b, wb_vec(8, mlirF32TypeGet(ctx)), m, 2, at);
  wb_vstore(&b, v, m, 2, at);
  CHECK(is_const(wb_fat_buffer_oob(&b, wb_const_index(&b, 20)), 24),
        "the out-of-bounds index of a static size folds");
  MlirValue oob = wb_fat_buffer_oob(&b, rows);

  /* Return the last value so nothing is dead. */
  MlirValue out = wb_addi(&b, chosen, oob);
  mlirOperationSetOperand(ret, 0, out);
  mlirIRRewriterDestroy(rw);

  CHECK(mlirOperationVerify(func), "the built function verifies");
  mlirOperationPrint(func, print_out, NULL);
  printf("\n");
  mlirModuleDestroy(mod);
  mlirContextDestroy(ctx);
  printf("builders: %ld checks, %ld failed\n", g_checks, g_failures);
  return g_failures ? 1 : 0;
}

// CHECK-LABEL: func.func @f(%arg0: index, %arg1: memref<?x8xf32>, %arg2: i1) -> index {
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[X16:.*]] = arith.muli %arg0, %[[C16]] : index
// CHECK: %[[CD:.*]] = arith.ceildivui %arg0, %c16{{.*}} : index
// CHECK: %[[MIN:.*]] = arith.minui %[[X16]], %[[CD]] : index
// CHECK: %[[ROWS:.*]] = memref.dim %arg1, %c0{{.*}} : memref<?x8xf32>
// CHECK: %[[SUM:.*]] = scf.for %[[IV:.*]] = %{{.*}} to %[[ROWS]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (index) {
// CHECK:   %[[NEXT:.*]] = arith.addi %[[ACC]], %[[IV]] : index
// CHECK:   scf.yield %[[NEXT]] : index
// CHECK: }
// CHECK: %[[SEL:.*]] = scf.if %arg2 -> (index) {
// CHECK:   %[[T:.*]] = arith.addi %[[SUM]], %[[MIN]] : index
// CHECK:   scf.yield %[[T]] : index
// CHECK: } else {
// CHECK:   %[[E:.*]] = arith.maxui %[[SUM]], %arg0 : index
// CHECK:   scf.yield %[[E]] : index
// CHECK: }
// CHECK: %[[V:.*]] = vector.load %arg1[%[[SEL]], %{{.*}}] : memref<?x8xf32>, vector<8xf32>
// CHECK: vector.store %[[V]], %arg1[%[[SEL]], %{{.*}}] : memref<?x8xf32>, vector<8xf32>
// CHECK: %[[OOB:.*]] = arith.addi %[[ROWS]], %{{.*}} : index
// CHECK: %[[R:.*]] = arith.addi %[[SEL]], %[[OOB]] : index
// CHECK: return %[[R]] : index
// CHECK: builders: {{[0-9]+}} checks, 0 failed
