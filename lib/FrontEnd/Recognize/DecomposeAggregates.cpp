//===- DecomposeAggregates.cpp - linalg aggregates into generics ----------===//
// linalg.softmax (and any other linalg op implementing
// AggregatedOpInterface) replaced by the ops its own decomposition gives:
// a max-reduction, exp(x - max), a sum-reduction and a division; and
// linalg.pack / linalg.unpack on tensors by upstream's lowering (pack: pad,
// expand_shape, transpose; unpack: transpose, collapse_shape,
// extract_slice), forms the front end compiles (views and data-moving
// kernels).  MLIR has no pass for either (only transform ops); the front
// end and the CPU reference both need the written-out form.  The C++ is
// only the call into the interface and the two rewrites, which have no C
// API.
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include "wmma-c/Passes.h"
#include "wmma/Support/CAPIUtil.h"

using namespace mlir;

namespace {
struct DecomposeAggregatesPass
    : public PassWrapper<DecomposeAggregatesPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DecomposeAggregatesPass)
  StringRef getArgument() const override { return "wmma-decompose-aggregates"; }
  StringRef getDescription() const override {
    return "Replace linalg.softmax (linalg ops with AggregatedOpInterface) "
           "by their decomposition into reductions and elementwise ops, and "
           "linalg.pack/unpack on tensors by pad/reshape/transpose";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect, tensor::TensorDialect,
                    arith::ArithDialect, math::MathDialect>();
  }
  void runOnOperation() override {
    SmallVector<linalg::AggregatedOpInterface> ops;
    getOperation()->walk(
        [&](linalg::AggregatedOpInterface op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::AggregatedOpInterface op : ops) {
      rewriter.setInsertionPoint(op);
      FailureOr<SmallVector<Value>> values = op.decomposeOperation(rewriter);
      // Ops that cannot be decomposed (e.g. on memrefs) stay; the front end
      // then names them in its remark.
      if (failed(values) || values->size() != op->getNumResults())
        continue;
      rewriter.replaceOp(op, *values);
    }
    // Packs and unpacks on tensors; on buffers (or where the lowering
    // refuses) they stay, and the front end names them.
    SmallVector<linalg::PackOp> packs;
    SmallVector<linalg::UnPackOp> unpacks;
    getOperation()->walk([&](Operation *op) {
      if (auto p = dyn_cast<linalg::PackOp>(op);
          p && p.hasPureTensorSemantics())
        packs.push_back(p);
      if (auto u = dyn_cast<linalg::UnPackOp>(op);
          u && u.hasPureTensorSemantics())
        unpacks.push_back(u);
    });
    for (linalg::PackOp p : packs) {
      rewriter.setInsertionPoint(p);
      FailureOr<linalg::LowerPackResult> r = linalg::lowerPack(rewriter, p);
      // A pack that pads nothing still gets a pad (a fill and a copy
      // kernel): fold it to its source.
      if (succeeded(r) && r->padOp && r->padOp.hasZeroLowPad() &&
          r->padOp.hasZeroHighPad() &&
          r->padOp.getSourceType() == r->padOp.getResultType())
        rewriter.replaceOp(r->padOp, r->padOp.getSource());
    }
    for (linalg::UnPackOp u : unpacks) {
      rewriter.setInsertionPoint(u);
      (void)linalg::lowerUnPack(rewriter, u);
    }
  }
};
} // namespace

extern "C" MlirPass wmmaCreateDecomposeAggregatesPass(void) {
  return wrap(new DecomposeAggregatesPass());
}

extern "C" WMMA_INTERNAL void wmmaRegisterDecomposeAggregatesPass(void) {
  registerPass([]() -> std::unique_ptr<Pass> {
    return std::make_unique<DecomposeAggregatesPass>();
  });
}
