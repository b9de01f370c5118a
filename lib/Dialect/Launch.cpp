//===- Launch.cpp - #wmma.launch verifier hooks ---------------------------===//
// Thin C++: gathers the record (and the kernel signature it sits on) into
// plain data for the C rules of LaunchCheck.c.
#include "wmma/Dialect/WmmaDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"

#include "wmma/Dialect/LaunchCheck.h"

using namespace mlir;
using namespace mlir::wmma;

static wmma_launch_info infoOf(AffineMap grid, ArrayRef<int32_t> block,
                               int64_t lds, size_t nroles,
                               ArrayRef<int64_t> host, ArrayRef<int64_t> dims) {
  wmma_launch_info l{};
  if (grid) {
    l.grid_dims = static_cast<int>(grid.getNumDims());
    l.grid_results = static_cast<int>(grid.getNumResults());
    l.grid_symbols = static_cast<int>(grid.getNumSymbols());
  }
  l.block = block.data();
  l.nblock = static_cast<int>(block.size());
  l.lds = lds;
  l.nroles = static_cast<int>(nroles);
  l.host = host.data();
  l.nhost = static_cast<int>(host.size());
  l.dims = dims.data();
  l.ndims = static_cast<int>(dims.size());
  return l;
}

LogicalResult LaunchAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 AffineMap grid, ArrayRef<int32_t> block,
                                 int64_t lds, ArrayRef<ArgRole> roles,
                                 ArrayRef<int64_t> host,
                                 ArrayRef<int64_t> dims) {
  if (!grid)
    return emitError() << "invalid #wmma.launch: missing grid map";
  wmma_launch_info l = infoOf(grid, block, lds, roles.size(), host, dims);
  char msg[256] = {0};
  if (wmma_launch_check(&l, msg, sizeof msg))
    return emitError() << "invalid #wmma.launch: " << msg;
  return success();
}

LogicalResult WMMADialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  if (attr.getName() == "wmma.schedule") {
    if (!isa<ScheduleAttr>(attr.getValue()))
      return op->emitError("'wmma.schedule' must be a #wmma.schedule attribute");
    return success();
  }
  if (attr.getName() != "wmma.launch")
    return success(); // other wmma.* attributes are free-form annotations
  auto launch = dyn_cast<LaunchAttr>(attr.getValue());
  if (!launch)
    return op->emitError("'wmma.launch' must be a #wmma.launch attribute");
  // The record describes a kernel's signature; once the kernel is lowered
  // (llvm.func) it travels along as metadata and is not checked again.
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!func)
    return success();
  if (!func.isKernel())
    return op->emitError("'wmma.launch' belongs on a kernel gpu.func");
  SmallVector<SmallVector<int64_t, 4>> shapes;
  SmallVector<wmma_launch_sig_arg> args;
  for (Type t : func.getArgumentTypes()) {
    wmma_launch_sig_arg a{-1, nullptr};
    if (auto m = dyn_cast<MemRefType>(t)) {
      shapes.emplace_back();
      for (int64_t s : m.getShape())
        shapes.back().push_back(ShapedType::isDynamic(s) ? -1 : s);
      a.rank = static_cast<int>(m.getRank());
    }
    args.push_back(a);
  }
  // Shapes are stable now: point the arguments at them.
  size_t next = 0;
  for (wmma_launch_sig_arg &a : args)
    if (a.rank >= 0)
      a.shape = shapes[next++].data();
  wmma_launch_info l =
      infoOf(launch.getGrid(), launch.getBlock(), launch.getLds(),
             launch.getRoles().size(), launch.getHost(), launch.getDims());
  char msg[256] = {0};
  if (wmma_launch_check_signature(&l, args.data(),
                                  static_cast<int>(args.size()), msg,
                                  sizeof msg))
    return op->emitError("'wmma.launch' does not match the kernel: ") << msg;
  return success();
}
