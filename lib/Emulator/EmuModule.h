/* The public handle (top layer): a loaded module with its decoded program,
 * its global memory, the launch settings and the accumulated counters. */
#ifndef WMMA_EMULATOR_MODULE_H
#define WMMA_EMULATOR_MODULE_H

#include "Exec.h"

#define EMU_LIMIT_DEFAULT UINT64_MAX

struct wmma_emu_module {
  Program prog;        /* prog.err is the module's last error */
  GlobalMem mem;
  char *name;
  char *chip_override;
  uint64_t limit;      /* wave-instruction budget per launch, 0: none,
                          EMU_LIMIT_DEFAULT: the default for the grid */
  unsigned threads;    /* 0: the number of cores */
  uint32_t dynamic_lds;
  wmma_emu_progress_fn progress;
  void *progress_user;
  int kernarg_alloc, dispatch_alloc;
  uint64_t l2_bytes;      /* the L2 model (wmma_emu_set_l2_model), 0: chip */
  unsigned l2_workgroups;
  wmma_emu_stats stats;
};

/* Stats.c */
size_t emu_stats_format(const wmma_emu_stats *s, int json, char *buf, size_t cap);

#endif /* WMMA_EMULATOR_MODULE_H */
