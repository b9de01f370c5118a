//===- PropagateReshapes.cpp - reshapes between linalg ops moved out ------===//
// Frameworks reshape between ops: torch-mlir's attention collapses
// (batch, heads) into one batch dimension for each bmm and expands it again
// for the softmax between them.  A reshape between two ops of one kernel
// would cut it in two; a reshape of a function argument or result is a view
// the host passes for free.  This pass applies upstream's reshape folding
// by expansion (linalg's populateFoldReshapeOpsByExpansionPatterns: an op
// reading a collapse_shape, or whose result an expand_shape reads, is
// rewritten on the expanded shape) to reshapes that connect two linalg ops
// only, after generalising the named ops beside them, so that the ops
// between a function's arguments and results meet without a reshape.  The
// reshapes that remain sit on arguments and results (views) or are
// expansions the patterns cannot make (e.g. a dynamic dimension split in
// two), which recognition reports as before.  The C++ is only the pattern
// application, which has no C API.
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "wmma-c/Passes.h"
#include "wmma/Support/CAPIUtil.h"

using namespace mlir;

namespace {
bool isReshape(Operation *op) {
  return isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op);
}

bool isLinalg(Operation *op) { return isa_and_nonnull<linalg::LinalgOp>(op); }

// A reshape whose source a linalg op computes and whose result a linalg op
// reads.
bool betweenLinalgOps(Operation *reshape) {
  if (!isLinalg(reshape->getOperand(0).getDefiningOp()))
    return false;
  for (Operation *user : reshape->getResult(0).getUsers())
    if (isLinalg(user))
      return true;
  return false;
}

// Does the loop of `e` index every operand of `op` but its scalars (a
// batch-like loop: the op is the same computation for each of its values)?
bool inEveryOperand(linalg::LinalgOp op, AffineExpr e) {
  auto d = dyn_cast<AffineDimExpr>(e);
  if (!d)
    return false;
  for (AffineMap m : op.getIndexingMapsArray())
    if (m.getNumResults() > 0 && !m.isFunctionOfDim(d.getPosition()))
      return false;
  return true;
}

// Folding a reshape into `op` splits the loops of the reshape's merged
// dimensions; only loops every operand is indexed by are split (heads and
// batch collapsed into one batch dimension).  Splitting a matrix's own
// dimension (a projection's N into heads x head dim) would turn a GEMM
// that other kernels fuse into one of a shape they do not.
bool splitsBatchLoopsOnly(Operation *reshape, linalg::LinalgOp op,
                          AffineMap map) {
  SmallVector<ReassociationIndices> groups;
  if (auto c = dyn_cast<tensor::CollapseShapeOp>(reshape))
    groups = c.getReassociationIndices();
  else
    groups = cast<tensor::ExpandShapeOp>(reshape).getReassociationIndices();
  if (groups.size() != map.getNumResults())
    return false;
  for (unsigned i = 0; i < groups.size(); ++i)
    if (groups[i].size() > 1 && !inEveryOperand(op, map.getResult(i)))
      return false;
  return true;
}

// The control of upstream's folding: `fused` is the linalg op's operand a
// collapse_shape gives, or the source operand of an expand_shape of the
// linalg op's result.
bool shouldFold(OpOperand *fused) {
  Operation *owner = fused->getOwner();
  if (isReshape(owner)) {
    auto res = dyn_cast<OpResult>(fused->get());
    auto op = res ? dyn_cast<linalg::LinalgOp>(res.getOwner()) : nullptr;
    return op && betweenLinalgOps(owner) &&
           splitsBatchLoopsOnly(owner, op,
                                op.getIndexingMapMatchingResult(res));
  }
  Operation *reshape = fused->get().getDefiningOp();
  auto op = dyn_cast<linalg::LinalgOp>(owner);
  return op && isReshape(reshape) && betweenLinalgOps(reshape) &&
         splitsBatchLoopsOnly(reshape, op, op.getMatchingIndexingMap(fused));
}

struct PropagateReshapesPass
    : public PassWrapper<PropagateReshapesPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PropagateReshapesPass)
  StringRef getArgument() const override { return "wmma-propagate-reshapes"; }
  StringRef getDescription() const override {
    return "Move tensor reshapes that connect two linalg ops to the "
           "function's arguments and results (upstream's reshape folding "
           "by expansion), so that the ops between meet directly";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect, tensor::TensorDialect,
                    arith::ArithDialect, affine::AffineDialect>();
  }
  // Generalises the named ops a reshape will be folded into (the folding
  // patterns take linalg.generic; other ops keep their names).  False when
  // there are none.
  bool generalizeFoldable() {
    SmallVector<linalg::LinalgOp> named;
    auto add = [&](OpOperand &use) {
      // The linalg side of the use: the reshape's producer, or its user.
      Operation *x = isReshape(use.getOwner()) ? use.get().getDefiningOp()
                                               : use.getOwner();
      auto l = dyn_cast_or_null<linalg::LinalgOp>(x);
      if (l && !isa<linalg::GenericOp>(x) && l.hasPureTensorSemantics() &&
          !llvm::is_contained(named, l) && shouldFold(&use))
        named.push_back(l);
    };
    getOperation()->walk([&](Operation *op) {
      if (!isReshape(op))
        return;
      add(op->getOpOperand(0));
      for (OpOperand &use : op->getResult(0).getUses())
        add(use);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
    return !named.empty();
  }

  bool anyBetweenLinalgOps() {
    bool between = false;
    getOperation()->walk([&](Operation *op) {
      between |= isReshape(op) && betweenLinalgOps(op);
    });
    return between;
  }

  LogicalResult fold() {
    RewritePatternSet patterns(&getContext());
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, shouldFold);
    // expand_shape(collapse_shape(x)) back to x, and the like.
    tensor::populateReassociativeReshapeFoldingPatterns(patterns);
    tensor::populateFoldTensorEmptyPatterns(patterns);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns,
                                                       &getContext());
    return applyPatternsGreedily(getOperation(), std::move(patterns));
  }

  void runOnOperation() override {
    if (!anyBetweenLinalgOps())
      return;
    generalizeFoldable();
    if (failed(fold()))
      return signalPassFailure();
    // Folding one reshape can bring another next to a named op: again
    // while that happens (frameworks' chains are short; bounded).
    for (int round = 1; round < 8 && generalizeFoldable() &&
                        anyBetweenLinalgOps();
         ++round)
      if (failed(fold()))
        return signalPassFailure();
  }
};
} // namespace

extern "C" MlirPass wmmaCreatePropagateReshapesPass(void) {
  return wrap(new PropagateReshapesPass());
}

extern "C" WMMA_INTERNAL void wmmaRegisterPropagateReshapesPass(void) {
  registerPass([]() -> std::unique_ptr<Pass> {
    return std::make_unique<PropagateReshapesPass>();
  });
}
