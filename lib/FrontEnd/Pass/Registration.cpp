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
#include "wmma/Support/CAPIUtil.h"

#include <memory>
#include <string>

extern "C" WMMA_INTERNAL void wmmaFrontEndEmitRemark(MlirLocation loc, const char *msg) {
  mlir::emitRemark(unwrap(loc)) << msg;
}

extern "C" WMMA_INTERNAL void wmmaFrontEndEmitRemarkWithNotes(MlirLocation loc,
                                                const char *msg, int n,
                                                const MlirLocation *locs,
                                                const char *const *notes) {
  mlir::InFlightDiagnostic d = mlir::emitRemark(unwrap(loc)) << msg;
  for (int i = 0; i < n; ++i)
    d.attachNote(unwrap(locs[i])) << notes[i];
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
      llvm::cl::desc("allow LDS-staged workgroup tiles (false: staging = "
                     "registers; kept for compatibility)"),
      llvm::cl::init(true)};
  Option<wmma_staging> staging{
      *this, "staging", llvm::cl::desc("operand staging"),
      llvm::cl::init(WMMA_STAGING_AUTO),
      llvm::cl::values(
          clEnumValN(WMMA_STAGING_AUTO, "auto", "the templates' cost rule"),
          clEnumValN(WMMA_STAGING_REGISTERS, "registers",
                     "every wave loads its own fragments"),
          clEnumValN(WMMA_STAGING_LDS, "lds",
                     "workgroup tiles staged through LDS"))};
  Option<int> tileM{*this, "tile-m",
                    llvm::cl::desc("workgroup tile rows of single GEMMs (0: "
                                   "the cost rule's)"),
                    llvm::cl::init(0)};
  Option<int> tileN{*this, "tile-n",
                    llvm::cl::desc("workgroup tile columns of single GEMMs (0: "
                                   "the cost rule's)"),
                    llvm::cl::init(0)};
  Option<wmma_accumulate> accumulate{
      *this, "accumulate",
      llvm::cl::desc("accumulation of products with f16/bf16 outputs"),
      llvm::cl::init(WMMA_ACCUMULATE_WIDE),
      llvm::cl::values(
          clEnumValN(WMMA_ACCUMULATE_WIDE, "wide",
                     "in f32, rounded once at the end"),
          clEnumValN(WMMA_ACCUMULATE_NATIVE, "native",
                     "in the output type (RDNA3: two tiles per register set "
                     "through OPSEL)"))};
  Option<bool> packAccumulators{
      *this, "pack-accumulators",
      llvm::cl::desc("RDNA3 native 16-bit accumulators: two tiles per "
                     "register set through OPSEL (false: one, to measure "
                     "the saving)"),
      llvm::cl::init(true)};
  Option<bool> whole{
      *this, "whole-functions",
      llvm::cl::desc("convert a function only if all of it becomes kernels "
                     "(false: partial conversion, ops no kernel takes stay "
                     "on the host with a remark each)"),
      llvm::cl::init(false)};
  Option<bool> explainCost{
      *this, "explain-cost",
      llvm::cl::desc("a remark per candidate configuration of a GEMM with "
                     "its modelled time (speed of light), and the one chosen"),
      llvm::cl::init(false)};
};
} // namespace

extern "C" void wmmaRegisterDecomposeAggregatesPass(void);
extern "C" void wmmaRegisterPropagateReshapesPass(void);

extern "C" void wmmaRegisterFrontEndPasses(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  wmmaRegisterDecomposeAggregatesPass();
  wmmaRegisterPropagateReshapesPass();
  mlir::PassPipelineRegistration<LinalgToKernelsOptions>(
      "wmma-linalg-to-kernels",
      "Compile linalg functions (memrefs or tensors: GEMMs with epilogues, "
      "GEMM-GEMM chains, batched) into wmma kernels launched from the "
      "function",
      [](mlir::OpPassManager &pm, const LinalgToKernelsOptions &o) {
        // The C pass reports unknown chips and wave counts itself.
        wmma_staging staging = o.tiled ? static_cast<wmma_staging>(o.staging)
                                       : WMMA_STAGING_REGISTERS;
        wmmaFrontEndOptions fo = {o.chip.c_str(), o.waves,     staging,
                                  o.tileM,        o.tileN,     o.accumulate,
                                  !o.packAccumulators, o.whole,
                                  o.explainCost};
        pm.addPass(std::unique_ptr<mlir::Pass>(
            unwrap(wmmaCreateLinalgToKernelsPassWithOptions(&fo))));
      });
}
