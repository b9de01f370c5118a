/* Running a program (LaunchProgram.c: buffers and launches;
 * ProgramSteps.c: the host's index values, loops and conditionals).
 * Private to lib/Compiler. */
#ifndef WMMA_COMPILER_PROGRAM_RUN_H
#define WMMA_COMPILER_PROGRAM_RUN_H

#include "wmma-c/Runner.h"

#include <stdbool.h>

typedef struct {
  void *data;
  size_t bytes;
  int64_t shape[WMMA_MAX_RANK];
  bool owned;
  int64_t scalar; /* a value given to kernels: its storage */
} prog_slot;

typedef struct {
  const wmma_compile_result *p;
  wmma_backend backend;
  const wmma_host_arg *args;
  prog_slot *slots;
  wmma_host_arg *hargs;
  int64_t sizes[64];
  int64_t *ivs;          /* the induction variable of each FOR step */
  wmma_emu_stats *per_launch;
  uint64_t *counts;
  wmma_emu_stats *total;
  uint64_t launched;     /* launches so far (a bound against runaway loops) */
  char **diagnostics;
} prog_run;

/* -1 with *diagnostics (fmt with one %s). */
int prog_fail(prog_run *r, const char *fmt, const char *a);
/* values[v] now: 0, or -1 (division by zero, a bad reference). */
int prog_eval(prog_run *r, int v, int64_t *out);
/* Launch site i with its arguments bound as they are now. */
int prog_launch(prog_run *r, int i);
/* Runs steps [from, to): 0 or -1. */
int prog_run_steps(prog_run *r, int from, int to);

#endif /* WMMA_COMPILER_PROGRAM_RUN_H */
