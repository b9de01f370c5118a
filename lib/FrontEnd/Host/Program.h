/* The host side of programs (HostProgram.c) and the launch records'
 * buffer numbers (ProgramRecords.c). */
#ifndef WMMA_FRONTEND_HOST_PROGRAM_H
#define WMMA_FRONTEND_HOST_PROGRAM_H

#include "Partition/Partition.h"
#include "wmma/Support/Program.h"

/* Rewrites the caller-facing func: its body becomes the normalized body
 * (moved out of norm) with each segment's compute ops replaced by the
 * launch of kernels[i] (in gpu_module).  0 or -1 (internal error). */
int fe_build_program_host(MlirOperation func, MlirOperation norm,
                          const fe_partition *pt, MlirOperation gpu_module,
                          const MlirOperation *kernels);

/* Marks func as a program (wmma.program) and renumbers the `host` field
 * of every launched kernel's record by the program's buffer table.  0, or
 * -1 with why when the host is not a static launch sequence (partial
 * conversion: the caller decides whether that is an error), and in *where
 * the location of the op it could not express (func's when none). */
int fe_program_number_buffers(MlirOperation module, MlirOperation func,
                              char *why, size_t cap, MlirLocation *where);

#endif /* WMMA_FRONTEND_HOST_PROGRAM_H */
