//===- MathApprox.cpp - MLIR's math approximations for AMDGPU -------------===//
// The AMDGPU backend lowers exp, log, sqrt, sin, cos, fma and the rounding
// functions itself (convert-math-to-llvm turns them into its intrinsics);
// everything else in `math` would become a call into the ROCm device
// library (OCML), which needs a ROCm installation at link time.  This pass
// applies MLIR's own polynomial approximations to those functions instead
// (populateMathPolynomialApproximationPatterns: tanh, erf, erfc, atan,
// atan2, asin, acos, cbrt, log1p, expm1), after MLIR's expansions
// (math::populateExpansionPatterns: sinh, cosh, powf, fpowi, ...) have
// rewritten the others in terms of these and of what the backend has
// (all of them but fma, which stays one fused instruction).
// The C++ here is only the pattern application MLIR offers no C API for.
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

#include "wmma-c/Passes.h"
#include "wmma/Support/CAPIUtil.h"

using namespace mlir;

namespace {
struct ApproximateMathPass
    : public PassWrapper<ApproximateMathPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ApproximateMathPass)
  StringRef getArgument() const override { return "wmma-approximate-math"; }
  StringRef getDescription() const override {
    return "MLIR's polynomial approximations for the math functions the "
           "AMDGPU backend has no instruction for (no ROCm device library "
           "needed)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<math::MathDialect, arith::ArithDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    static const llvm::StringSet<> kApproximated = {
        "tanh", "erf", "erfc", "atan", "atan2", "asin",
        "acos", "cbrt", "log1p", "expm1"};
    // Every expansion but fma's (into mulf + addf: a second rounding), which
    // the backend lowers to v_fma itself.  Names this MLIR lacks are ignored.
    static const StringRef kExpanded[] = {
        "ctlz",  "sinh", "cosh",  "tan",   "tanh",  "asinh",
        "acosh", "atanh", "ceil", "exp2",  "powf",  "fpowi",
        "round", "roundeven", "rsqrt", "clampf"};
    RewritePatternSet expand(&getContext());
    math::populateExpansionPatterns(expand, kExpanded);
    if (failed(applyPatternsGreedily(getOperation(), std::move(expand)))) {
      signalPassFailure();
      return;
    }
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(
        patterns, [](StringRef name) {
          name.consume_front("math.");
          return kApproximated.contains(name);
        });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

extern "C" MlirPass wmmaCreateApproximateMathPass(void) {
  return wrap(new ApproximateMathPass());
}

extern "C" WMMA_INTERNAL void wmmaRegisterApproximateMathPass(void) {
  registerPass([]() -> std::unique_ptr<Pass> {
    return std::make_unique<ApproximateMathPass>();
  });
}
