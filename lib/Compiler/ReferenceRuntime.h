/* Run-time functions of the JIT-compiled CPU reference (ReferenceRuntime.c). */
#ifndef WMMA_COMPILER_REFERENCE_RUNTIME_H
#define WMMA_COMPILER_REFERENCE_RUNTIME_H

#include "mlir-c/ExecutionEngine.h"

/* Registers every function the reference's lowering may call. */
void ref_register_runtime(MlirExecutionEngine jit);

#endif
