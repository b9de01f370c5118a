/* The driver's guarded parse (kept apart from Session.c and Compile.c). */
#ifndef WMMA_COMPILER_PARSEMODULE_H
#define WMMA_COMPILER_PARSEMODULE_H

#include "Session.h"

/* Largest MLIR source the driver parses. */
#define WMMA_MAX_SOURCE_BYTES ((size_t)8 << 20)

/* Parses source into a module (as mlirModuleCreateParse) after checking
 * its size, its nesting depth and the upstream parser crashes
 * wmma_parse_hazard knows, on a thread whose stack grows with the input
 * (nesting the scan cannot see, such as long affine chains, also recurses).
 * Errors carry s->source_name:line:col.  Returns a null module on failure. */
MlirModule parse_module_guarded(session *s, const char *source, size_t size);

#endif /* WMMA_COMPILER_PARSEMODULE_H */
