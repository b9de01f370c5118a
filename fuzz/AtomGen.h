/* Structured inputs for the dialect harness: an input whose first byte is
 * FUZZ_ATOMS_MAGIC is not MLIR text but choices for a generated wmma
 * program (atoms, fragments, ops), mostly valid, so that the verifiers and
 * lowerings are reached far more often than by mutated text.  For those
 * programs the harness requires that what verifies also lowers. */
#ifndef WMMA_FUZZ_ATOMGEN_H
#define WMMA_FUZZ_ATOMGEN_H

#include "StringBuffer.h"

#include <stddef.h>
#include <stdint.h>

#define FUZZ_ATOMS_MAGIC 0x01

/* Appends the program chosen by data[0..size) (the magic byte excluded) to
 * out as MLIR text. */
void fuzz_gen_atoms(const uint8_t *data, size_t size, wmma_sbuf *out);

#endif /* WMMA_FUZZ_ATOMGEN_H */
