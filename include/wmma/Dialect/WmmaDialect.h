//===- WmmaDialect.h - wmma dialect (C++ classes) -----------------*- C++ -*-===//
// Generated ODS classes; all layout logic lives in the C layout engine.
#ifndef WMMA_DIALECT_WMMADIALECT_H
#define WMMA_DIALECT_WMMADIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "wmma/Layout/Layout.h"

#include "wmma/Dialect/WmmaDialect.h.inc"
#include "wmma/Dialect/WmmaEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "wmma/Dialect/WmmaAttrs.h.inc"

#define GET_OP_CLASSES
#include "wmma/Dialect/WmmaOps.h.inc"

namespace mlir::wmma {
/// The chips of the #rocdl.target attributes of a gpu.module, in order (none
/// if `gpuModule` is null or not a gpu.module).  The op verifiers check atoms
/// against these; the C API exposes the first.
SmallVector<StringRef, 1> getTargetChips(Operation *gpuModule);
} // namespace mlir::wmma

#endif // WMMA_DIALECT_WMMADIALECT_H
