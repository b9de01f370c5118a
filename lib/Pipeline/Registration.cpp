//===- Registration.cpp - register wmma passes and pipelines --------------===//
// Option parsing for the C pipelines lives here because external (C) passes
// take no options; the pipelines themselves are built in C.
#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

#include "HsacoOptions.h"
#include "wmma-c/Passes.h"

extern "C" void wmmaRegisterConversionPasses(void);
extern "C" void wmmaRegisterApproximateMathPass(void);

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
  // A string checked below (not a cl enum, whose error names neither the
  // pass nor the option).
  Option<std::string> strategy{
      *this, "strategy",
      llvm::cl::desc("cross-lane strategy: permlanex16 (v_permlanex16 for "
                     "lane^16 exchanges, ds_bpermute otherwise) or bpermute "
                     "(ds_bpermute for every cross-lane move)"),
      llvm::cl::init("permlanex16")};
};
} // namespace

void wmmaRegisterPasses(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  wmmaRegisterConversionPasses();
  wmmaRegisterFrontEndPasses();
  wmmaRegisterApproximateMathPass();
  mlir::registerPass([]() -> std::unique_ptr<mlir::Pass> {
    return std::unique_ptr<mlir::Pass>(
        unwrap(wmmaCreateConvertAmdgpuToRocdlPass()));
  });
  // Registered with the low-level API so that bad options fail with a
  // message instead of building a broken pipeline.
  mlir::registerPassPipeline(
      "wmma-to-hsaco",
      "Lower wmma IR in gpu.modules to ROCDL and serialize to HSACO/ISA",
      [](mlir::OpPassManager &pm, llvm::StringRef optionsStr,
         llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
             errorHandler) -> mlir::LogicalResult {
        ToHsacoOptions o;
        if (mlir::failed(o.parseFromString(optionsStr)))
          return errorHandler("wmma-to-hsaco{" + optionsStr +
                              "}: invalid options (it takes chip=, format=, "
                              "toolkit=, strategy=)");
        wmmaHsacoOptions opts = {};
        opts.chip = o.chip.empty() ? nullptr : o.chip.c_str();
        opts.format = o.format.c_str();
        opts.toolkit = o.toolkit.empty() ? nullptr : o.toolkit.c_str();
        llvm::StringRef st = o.strategy;
        if (st != "permlanex16" && st != "bpermute")
          return errorHandler("wmma-to-hsaco{strategy=" + o.strategy +
                              "}: unknown cross-lane strategy (expected "
                              "permlanex16 or bpermute)");
        opts.strategy = st == "bpermute" ? WMMA_XLANE_BPERMUTE
                                         : WMMA_XLANE_PERMLANEX16;
        char msg[512];
        if (wmma_hsaco_options_error(&opts, msg, sizeof msg))
          return errorHandler(msg);
        return mlir::success(mlirLogicalResultIsSuccess(
            wmmaBuildToHsacoPipeline(wrap(&pm), &opts)));
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)> handler) {
        handler(ToHsacoOptions());
      });
}
