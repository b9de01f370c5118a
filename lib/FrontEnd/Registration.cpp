//===- Registration.cpp - front-end pass registration and remarks ---------===//
// Thin C++: option parsing for wmma-linalg-to-kernels (external C passes take
// no options) and emitting remarks (the MLIR C API has mlirEmitError only).
#include "mlir/CAPI/Diagnostics.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

#include "FrontEnd.h"
#include "wmma-c/Passes.h"

#include <memory>
#include <string>

extern "C" void wmmaFrontEndEmitRemark(MlirLocation loc, const char *msg) {
  mlir::emitRemark(unwrap(loc)) << msg;
}

namespace {
struct LinalgToKernelsOptions
    : public mlir::PassPipelineOptions<LinalgToKernelsOptions> {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("target chip (gfxNNNN, required): RDNA3 gfx11xx or RDNA4 "
                     "gfx12xx"),
      llvm::cl::init("")};
  Option<int> waves{*this, "waves-per-workgroup",
                    llvm::cl::desc("wave32 waves per workgroup (1..32)"),
                    llvm::cl::init(FE_DEFAULT_WAVES)};
  Option<bool> tiled{
      *this, "tiled",
      llvm::cl::desc("compile single GEMMs whose M, N are multiples of 128 "
                     "and K of 32 to the LDS-staged 128x128x32 workgroup-tile "
                     "kernel (4 waves); false: one wave per 16x16 tile"),
      llvm::cl::init(true)};
};
} // namespace

extern "C" void wmmaRegisterFrontEndPasses(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  mlir::PassPipelineRegistration<LinalgToKernelsOptions>(
      "wmma-linalg-to-kernels",
      "Compile linalg GEMM chains on memrefs (GEMM-GEMM, batched GEMM-GEMM, "
      "GEMM with elementwise epilogues) into one wmma kernel per function",
      [](mlir::OpPassManager &pm, const LinalgToKernelsOptions &o) {
        pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(
            wmmaCreateLinalgToKernelsPassWithTiling(
            o.chip.c_str(), o.waves, o.tiled))));
      });
}
