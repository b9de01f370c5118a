//===- PassRegistration.cpp - register the wmma conversion passes ---------===//
// Thin glue: the passes are C (mlirCreateExternalPass); this file only puts
// them into MLIR's global registry and parses the `strategy` option that
// external passes cannot take themselves.  Called from wmmaRegisterPasses()
// (lib/Pipeline/Registration.cpp), which also registers wmma-to-hsaco.
#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

#include "wmma-c/Passes.h"

#include <memory>
#include <string>

namespace {
struct StrategyOptions : public mlir::PassPipelineOptions<StrategyOptions> {
  Option<std::string> strategy{
      *this, "strategy",
      llvm::cl::desc("cross-lane strategy: permlanex16 (v_permlanex16 for "
                     "lane^16 exchanges, ds_bpermute otherwise) or bpermute "
                     "(ds_bpermute for every cross-lane move)"),
      llvm::cl::init("permlanex16")};
};

// Parses the options string; reports through errorHandler on failure.
// Messages name the pass and the option as written: PASS{OPTIONS}: ...
mlir::LogicalResult
parseStrategy(llvm::StringRef pass, llvm::StringRef optionsStr,
              llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                  errorHandler,
              wmma_xlane_strategy &out) {
  StrategyOptions options;
  if (mlir::failed(options.parseFromString(optionsStr)))
    return errorHandler(pass + "{" + optionsStr +
                        "}: invalid options (it takes strategy=)");
  const std::string &s = options.strategy;
  if (s == "permlanex16") {
    out = WMMA_XLANE_PERMLANEX16;
    return mlir::success();
  }
  if (s == "bpermute") {
    out = WMMA_XLANE_BPERMUTE;
    return mlir::success();
  }
  return errorHandler(pass + "{strategy=" + s +
                      "}: unknown cross-lane strategy (expected permlanex16 "
                      "or bpermute)");
}

void registerStrategyPipeline(
    llvm::StringRef arg, llvm::StringRef description,
    void (*build)(mlir::OpPassManager &pm, wmma_xlane_strategy s)) {
  mlir::registerPassPipeline(
      arg, description,
      [build, arg](mlir::OpPassManager &pm, llvm::StringRef optionsStr,
                   llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                       errorHandler) -> mlir::LogicalResult {
        wmma_xlane_strategy s = WMMA_XLANE_PERMLANEX16;
        if (mlir::failed(parseStrategy(arg, optionsStr, errorHandler, s)))
          return mlir::failure();
        build(pm, s);
        return mlir::success();
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)> handler) {
        handler(StrategyOptions());
      });
}
} // namespace

extern "C" void wmmaRegisterConversionPasses(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  mlir::registerPass([]() -> std::unique_ptr<mlir::Pass> {
    return std::unique_ptr<mlir::Pass>(unwrap(wmmaCreateLowerTransposePass()));
  });
  mlir::registerPass([]() -> std::unique_ptr<mlir::Pass> {
    return std::unique_ptr<mlir::Pass>(unwrap(wmmaCreateLowerMmaPass()));
  });
  mlir::registerPass([]() -> std::unique_ptr<mlir::Pass> {
    return std::unique_ptr<mlir::Pass>(unwrap(wmmaCreateLowerFragmentsPass()));
  });
  registerStrategyPipeline(
      "wmma-lower-xlane",
      "Lower wmma.expand / wmma.relayout to cross-lane ops (permlanex16 / "
      "ds_bpermute), planned by the layout engine",
      [](mlir::OpPassManager &pm, wmma_xlane_strategy s) {
        pm.addPass(std::unique_ptr<mlir::Pass>(
            unwrap(wmmaCreateLowerXlanePass(s))));
      });
  registerStrategyPipeline(
      "convert-wmma-to-rocdl",
      "Lower all wmma ops to vector/memref/arith + rocdl (wmma-lower-xlane, "
      "wmma-lower-fragments, wmma-lower-mma)",
      [](mlir::OpPassManager &pm, wmma_xlane_strategy s) {
        wmmaBuildLowerToROCDLPipeline(wrap(&pm), s);
      });
}
