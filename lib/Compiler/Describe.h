/* The driver's records of compiled kernels and programs (Compile.c,
 * Program.c): what the manifest, the runner and Python read. */
#ifndef WMMA_COMPILER_DESCRIBE_H
#define WMMA_COMPILER_DESCRIBE_H

#include "Session.h"
#include "StringBuffer.h"
#include "wmma-c/Compiler.h"

/* Fills res's manifest fields from a kernel gpu.func and its launch
 * record; 1, or 0 with an error recorded. */
int describe_kernel(session *s, MlirOperation kernel, wmma_compile_result *res);
/* The manifest's name and byte size of an element type. */
void describe_type(MlirType t, char *out, size_t cap, int *bytes);
/* Fills res from a program's host function (marked wmma.program): its
 * arguments and results, its own buffers and every launch in order;
 * *kernel receives the first launched kernel (its gpu.module holds them
 * all).  1, or 0 with an error recorded. */
int describe_program(session *s, MlirOperation module, MlirOperation func,
                     wmma_compile_result *res, MlirOperation *kernel);

/* ManifestSteps.c: a program's "values" and "steps" (nothing for a
 * straight-line program), and a launch's "in" (the loops and conditionals
 * around launch site `launch`). */
void manifest_values(wmma_sbuf *sb, const wmma_compile_result *r);
void manifest_steps(wmma_sbuf *sb, const wmma_compile_result *r);
/* "computed_sizes": each run-time size the host computes and its value. */
void manifest_computed_sizes(wmma_sbuf *sb, const wmma_compile_result *r);
void manifest_launch_nesting(wmma_sbuf *sb, const wmma_compile_result *r,
                             int launch);

#endif /* WMMA_COMPILER_DESCRIBE_H */
