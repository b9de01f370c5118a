//===- Registration.cpp - register wmma passes and pipelines --------------===//
// Option parsing for the C pipelines lives here because external (C) passes
// take no options; the pipelines themselves are built in C.
#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

#include "wmma-c/Passes.h"

extern "C" void wmmaRegisterConversionPasses(void);

namespace {
struct ToHsacoOptions : public mlir::PassPipelineOptions<ToHsacoOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("chip for convert-gpu-to-rocdl "
                                          "(default: the #rocdl.target's)"),
                           llvm::cl::init("")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("gpu-module-to-binary format: bin (HSACO), isa, llvm, "
                     "offloading"),
      llvm::cl::init("bin")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("directory holding llvm/bin/ld.lld (default: made "
                     "automatically)"),
      llvm::cl::init("")};
  Option<wmma_xlane_strategy> strategy{
      *this, "strategy", llvm::cl::desc("cross-lane strategy"),
      llvm::cl::init(WMMA_XLANE_PERMLANEX16),
      llvm::cl::values(
          clEnumValN(WMMA_XLANE_PERMLANEX16, "permlanex16",
                     "v_permlanex16 for lane^16 exchanges, ds_bpermute otherwise"),
          clEnumValN(WMMA_XLANE_BPERMUTE, "bpermute",
                     "ds_bpermute for every cross-lane move"))};
};
} // namespace

void wmmaRegisterPasses(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  wmmaRegisterConversionPasses();
  mlir::PassPipelineRegistration<ToHsacoOptions>(
      "wmma-to-hsaco",
      "Lower wmma IR in gpu.modules to ROCDL and serialize to HSACO/ISA",
      [](mlir::OpPassManager &pm, const ToHsacoOptions &o) {
        wmmaHsacoOptions opts = {};
        opts.chip = o.chip.empty() ? nullptr : o.chip.c_str();
        opts.format = o.format.c_str();
        opts.toolkit = o.toolkit.empty() ? nullptr : o.toolkit.c_str();
        opts.opt_level = 3;
        opts.strategy = o.strategy;
        wmmaBuildToHsacoPipeline(wrap(&pm), &opts);
      });
}
