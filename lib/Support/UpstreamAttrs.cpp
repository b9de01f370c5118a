//===- UpstreamAttrs.cpp - upstream attributes the C API cannot build -----===//
// Thin C++: one line each, for attributes of upstream dialects that have no
// MLIR C API constructor (gpu dimensions and address spaces, the AMDGPU
// fat-buffer address space, #rocdl.target), and a test the C API cannot
// make (a linalg iterator type's kind).  Used by the C layers.
#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinTypes.h"

#include "wmma/Support/Builder.h"
#include "wmma/Support/CAPIUtil.h"

using namespace mlir;

extern "C" WMMA_INTERNAL MlirAttribute wb_gpu_dim_attr(MlirContext ctx, int dim) {
  return wrap(gpu::DimensionAttr::get(unwrap(ctx),
                                      static_cast<gpu::Dimension>(dim)));
}

WMMA_INTERNAL MlirAttribute wb_workgroup_space(MlirContext ctx) {
  return wrap(gpu::AddressSpaceAttr::get(unwrap(ctx),
                                         gpu::AddressSpace::Workgroup));
}

WMMA_INTERNAL MlirAttribute wb_fat_buffer_space(MlirContext ctx) {
  return wrap(amdgpu::AddressSpaceAttr::get(
      unwrap(ctx), amdgpu::AddressSpace::FatRawBuffer));
}

WMMA_INTERNAL bool wb_is_fat_buffer(MlirType t) {
  auto m = dyn_cast_or_null<MemRefType>(unwrap(t));
  if (!m)
    return false;
  auto s = dyn_cast_or_null<amdgpu::AddressSpaceAttr>(m.getMemorySpace());
  return s && s.getValue() == amdgpu::AddressSpace::FatRawBuffer;
}

extern "C" WMMA_INTERNAL MlirAttribute wb_rocdl_target(MlirContext ctx, const char *chip) {
  return wrap(ROCDL::ROCDLTargetAttr::get(unwrap(ctx), /*optLevel=*/2,
                                          "amdgcn-amd-amdhsa", chip));
}

WMMA_INTERNAL bool wb_iterator_is_reduction(MlirAttribute iterator_type) {
  auto it = dyn_cast_or_null<linalg::IteratorTypeAttr>(unwrap(iterator_type));
  return it && it.getValue() == utils::IteratorType::reduction;
}
