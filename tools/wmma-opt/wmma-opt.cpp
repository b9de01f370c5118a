//===- wmma-opt.cpp - MlirOptMain with the wmma dialect and passes --------===//
// All upstream dialects, extensions and passes plus ours, so the standard
// mlir-opt flags (--split-input-file, --verify-diagnostics, --pass-pipeline,
// ...) work on wmma IR.
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "wmma-c/Passes.h"
#include "wmma/Dialect/WmmaDialect.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  wmmaRegisterPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::wmma::WMMADialect>();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "wmma optimizer driver (RDNA3/RDNA4 WMMA atoms)\n", registry));
}
