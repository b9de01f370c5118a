//===- WmmaPlugin.cpp - entry points for the stock mlir-opt ---------------===//
// One shared object serves both --load-dialect-plugin (the wmma dialect) and
// --load-pass-plugin (every wmma pass and pipeline).
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

#include "wmma-c/Passes.h"
#include "wmma/Dialect/WmmaDialect.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "WMMA", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<mlir::wmma::WMMADialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "WMMAPasses", LLVM_VERSION_STRING,
          []() { wmmaRegisterPasses(); }};
}
