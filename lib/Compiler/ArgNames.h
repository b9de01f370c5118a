/* Argument names carried by locations (see ArgNames.c). */
#ifndef WMMA_COMPILER_ARGNAMES_H
#define WMMA_COMPILER_ARGNAMES_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

/* Gives every func.func / gpu.func argument of module a NameLoc with the
 * name written in the source at its location. */
void wmma_name_arguments(MlirOperation module, const char *src, size_t size);
/* The name of a NameLoc into out; false if loc carries none. */
bool wmma_location_name(MlirLocation loc, char *out, size_t cap);

#endif /* WMMA_COMPILER_ARGNAMES_H */
