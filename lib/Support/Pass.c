/* External passes written in C: one creation helper for every wmma pass
 * (static TypeID, user data copied on clone, dependent dialects). */
#include "wmma/Support/Builder.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/ROCDL.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  size_t size;
  unsigned char data[];
} user_box;

static void construct_nop(void *ud) { (void)ud; }
static void destruct_user(void *ud) { free(ud); }
static void *clone_user(void *ud) {
  user_box *src = ud;
  user_box *dst = malloc(sizeof(user_box) + src->size);
  if (!dst)
    return NULL;
  dst->size = src->size;
  memcpy(dst->data, src->data, src->size);
  return dst;
}

const void *wb_pass_payload(void *user_data) {
  return user_data ? ((user_box *)user_data)->data : NULL;
}

MlirPass wb_create_pass(const wb_pass_def *def, const void *user_data) {
  /* The user data handed to the callbacks is a box holding a copy of
   * user_data; run() reads it back with wb_pass_payload. */
  user_box *box = malloc(sizeof(user_box) + def->user_size);
  if (!box)
    return (MlirPass){NULL};
  box->size = def->user_size;
  if (def->user_size && user_data)
    memcpy(box->data, user_data, def->user_size);
  MlirDialectHandle defaults[] = {
      mlirGetDialectHandle__wmma__(),   mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__vector__(), mlirGetDialectHandle__memref__(),
      mlirGetDialectHandle__llvm__(),   mlirGetDialectHandle__rocdl__(),
      mlirGetDialectHandle__scf__()};
  const MlirDialectHandle *deps = def->deps ? def->deps : defaults;
  intptr_t ndeps =
      def->deps ? def->n_deps : (intptr_t)(sizeof defaults / sizeof defaults[0]);
  MlirExternalPassCallbacks cb = {construct_nop, destruct_user, NULL,
                                  clone_user, def->run};
  return mlirCreateExternalPass(
      def->type_id, wmma_sref(def->name), wmma_sref(def->argument),
      wmma_sref(def->description), wmma_sref(def->op_name ? def->op_name : ""),
      ndeps, (MlirDialectHandle *)deps, cb, box);
}
