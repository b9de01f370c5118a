/* A program: a host function whose body launches several kernels
 * (gpu.launch_func in order), read back from the IR by the front end (to
 * number the buffers in the kernels' launch records) and by the driver
 * (the manifest, the runner).  Internal C interface of the project.
 *
 * Buffers are numbered as the launch records' `host` field numbers them:
 * caller argument i is i, result r is -1 - r, and the program's own
 * buffers -- allocations it frees, and views (reshapes) of any buffer --
 * are nargs + t in the order the body defines them. */
#ifndef WMMA_SUPPORT_PROGRAM_H
#define WMMA_SUPPORT_PROGRAM_H

#include "mlir-c/IR.h"
#include "wmma-c/Compiler.h" /* wmma_program_value, wmma_program_step */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FE_PROGRAM_MAX_BUFFERS 128
#define FE_PROGRAM_MAX_LAUNCHES 64
#define FE_PROGRAM_MAX_SIZES 32
#define FE_PROGRAM_MAX_RANK 8
#define FE_PROGRAM_MAX_OPERANDS 32
#define FE_PROGRAM_MAX_VALUES 256
#define FE_PROGRAM_MAX_STEPS 192
#define FE_PROGRAM_MAX_ALIASES 64

typedef enum {
  FE_PBUF_ARG,    /* caller argument `index` (or the buffer of a tensor) */
  FE_PBUF_RESULT, /* result `index` (allocated by the body, returned) */
  FE_PBUF_TEMP,   /* an intermediate the body allocates and frees */
  FE_PBUF_VIEW,   /* a reshape of buffer `base` (same data) */
  FE_PBUF_SCALAR, /* a scalar caller argument `index` */
  FE_PBUF_VALUE,  /* an index scalar the host computes (values[index_value]) */
} fe_pbuf_kind;

typedef struct {
  fe_pbuf_kind kind;
  int index; /* ARG, RESULT, SCALAR */
  int base;  /* VIEW: the table entry it reshapes */
  int offset_value; /* VIEW at a run-time offset: values[offset_value]
                       elements past base's data; else -1 */
  int index_value;  /* VALUE: its value number */
  int host;  /* the launch records' number for it */
  MlirValue value;
  MlirType type;
  int rank;
  /* Static size, or -1 - s for program size s (FE_PROGRAM sizes[s]: a
   * dimension of a caller argument, or a value the host computes). */
  int64_t dims[FE_PROGRAM_MAX_RANK];
} fe_pbuf;

typedef struct {
  MlirOperation op;     /* the gpu.launch_func */
  MlirOperation kernel; /* the gpu.func it launches */
  int nargs;
  int buf[FE_PROGRAM_MAX_OPERANDS]; /* table entry of each kernel argument */
} fe_plaunch;

typedef struct {
  int ncaller;   /* the host function's arguments */
  int nresults;
  int nsizes;    /* run-time sizes: dimension dim of caller argument arg,
                    or (arg -1) values[value], computed once before the
                    launches (a flatten of run-time sizes, a tensor.empty
                    sized by arithmetic on index arguments) */
  struct {
    int arg, dim, value;
  } sizes[FE_PROGRAM_MAX_SIZES];
  int nbufs;
  fe_pbuf bufs[FE_PROGRAM_MAX_BUFFERS];
  int nlaunches;
  fe_plaunch launches[FE_PROGRAM_MAX_LAUNCHES];
  /* Loops and conditionals (ProgramControl.c): the steps in program
   * order (none for a straight-line program), the index values they and
   * the buffers use (value[i] is the IR value of values[i], null for
   * arithmetic the table made), and buffers a loop carries (iter_args and
   * results: the same buffer as alias_to). */
  int nsteps;
  wmma_program_step steps[FE_PROGRAM_MAX_STEPS];
  int nvalues;
  wmma_program_value values[FE_PROGRAM_MAX_VALUES];
  MlirValue value[FE_PROGRAM_MAX_VALUES];
  int naliases;
  MlirValue alias_from[FE_PROGRAM_MAX_ALIASES];
  int alias_to[FE_PROGRAM_MAX_ALIASES];
  /* Index values that are another value (an scf.while's forwarded values
   * as its body's arguments and its results): value_alias_to[i]. */
  int nvalue_aliases;
  MlirValue value_alias_from[FE_PROGRAM_MAX_ALIASES];
  int value_alias_to[FE_PROGRAM_MAX_ALIASES];
  /* After a failed fe_program_read: the op the record could not express
   * (null when the function as a whole is the reason), for a diagnostic at
   * the line the user wrote. */
  MlirOperation failed_at;
} fe_program;

/* Reads the host function `func` (in `module`, where the kernels are):
 * 0, or -1 with why (something the record cannot express: an op other
 * than launches, allocations, views, size arithmetic, and scf.for/scf.if
 * over index values; a size that changes per iteration of a loop, a
 * returned view). */
int fe_program_read(MlirOperation module, MlirOperation func,
                    fe_program *prog, char *why, size_t cap);
/* Is func a program's host (marked wmma.program by the front end)? */
bool fe_is_program(MlirOperation func);
/* Is op index arithmetic the record evaluates from its operands (a
 * constant, memref.dim, a cast, arith.select, the binary ops of
 * wmma_value_opcode)?  The front end keeps on the host only what the
 * record can replay. */
bool fe_program_index_op(MlirOperation op);

#endif /* WMMA_SUPPORT_PROGRAM_H */
