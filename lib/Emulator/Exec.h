/* The interpreter (upper-middle layer, above the decoded program): waves,
 * workers and the instruction handlers named in Opcodes.h.
 *
 * A launch (Launch.c) runs workgroups on one or more worker threads; a
 * worker runs one workgroup at a time: every wave until it reaches a
 * barrier or ends, then the barrier is released (or a deadlock reported).
 * Each wave keeps an explicit stack of frames; in a frame every lane has a
 * next block, and a step runs the block with the lowest number (Cfg.c)
 * with EXEC = the lanes waiting there.  Phis take the value of the edge
 * each lane came from. */
#ifndef WMMA_EMULATOR_EXEC_H
#define WMMA_EMULATOR_EXEC_H

#include "Program.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>

/* A function activation.  Every lane has a next block (next[]) and the
 * block it came from (prev[], for phis).  In the common uniform state every
 * pending lane waits at unext, coming from uprev, and the arrays are not
 * kept up to date for them (uniform is cleared, after writing the arrays,
 * as soon as lanes diverge). */
typedef struct {
  const Func *f;
  uint64_t *regs;
  uint16_t next[NLANES];
  uint16_t prev[NLANES];
  uint8_t uniform;
  uint16_t unext, uprev;
  uint32_t pending; /* lanes that have not returned */
  uint32_t exec;
  int32_t blk;      /* block being executed, -1: pick the next one */
  uint32_t pc;      /* next instruction inside blk */
  uint32_t sp;      /* private frame base */
  uint32_t ret_dst; /* caller slot of the return value */
} Frame;

enum { WAVE_RUN, WAVE_BARRIER, WAVE_DONE };

typedef struct {
  int id;
  uint32_t lanes;
  uint32_t tid[3][NLANES];
  Frame frames[MAX_CALL_DEPTH];
  int depth;
  int state;
  uint8_t *priv;      /* NLANES * priv_stride bytes */
  uint32_t priv_stride;
  uint32_t priv_top;  /* current top of the private stack (bytes) */
  uint32_t barrier_src; /* Inst src index of the barrier it waits at */
  const Func *barrier_func;
} Wave;

/* What the workers of one launch share: read-only while they run, except
 * the atomic counters and what `lock` protects. */
typedef struct {
  const Program *prog;
  GlobalMem *mem;
  const Kernel *kernel;
  unsigned grid[3], block[3];
  uint64_t nwg;         /* workgroups */
  int nwaves;           /* per workgroup */
  uint32_t lds_size;    /* static + dynamic */
  uint32_t priv_stride; /* private bytes per lane */
  uint64_t *argvals;
  uint64_t kernarg_addr, implicit_addr, dispatch_addr;
  uint64_t limit;       /* wave-instruction budget, 0 = none */
  uint64_t budget_step; /* instructions a worker runs between reports */
  atomic_uint_fast64_t executed; /* wave-instructions the workers reported */
  atomic_uint_fast64_t next_wg;  /* next workgroup to start */
  atomic_uint_fast64_t done_wg;  /* workgroups finished */
  atomic_uint_fast64_t fault_wg; /* lowest faulting workgroup, or UINT64_MAX */
  pthread_mutex_t lock; /* fault, global atomics */
  char fault[2048];     /* message of fault_wg's fault */
  L2Replay *l2;         /* the DRAM estimate's L2 model, NULL: none */
} Launch;

/* Free register files of one function, reused across frames. */
typedef struct {
  uint64_t **v;
  uint32_t n, cap;
} RegCache;

typedef struct {
  Launch *L;
  const Program *prog;
  Wave *waves;
  uint8_t *lds;
  uint32_t wg[3];
  uint64_t wg_index;    /* linear index of the running workgroup */
  wmma_emu_stats stats; /* this worker's counters (summed after the run) */
  uint64_t flushed;     /* stats.wave_instructions reported to L->executed */
  RegCache *cache;      /* per function (Func.index) */
  uint64_t *phi_tmp;    /* scratch for phis that read phis of their block */
  RsrcTable rsrc;       /* buffer resources of the running workgroup */
  BankMemo banks;       /* recent LDS bank-conflict answers */
  L2Trace *trace;       /* the running workgroup's lines, NULL: none */
  jmp_buf jb;           /* where a fault of the running workgroup lands */
  char err[2048];
} Worker;

/* The context of the instruction being run. */
typedef struct {
  Worker *wk;
  Wave *w;
  Frame *fr;
  const Func *f;
  uint64_t *regs;
  const uint64_t *cpool;
  uint32_t exec;
  uint32_t pc;
} Ctx;

/* Handler results: go on with the next instruction, leave the block (the
 * frame was updated), or stop the wave (barrier). */
enum { EX_NEXT, EX_LEAVE, EX_YIELD };

typedef int (*ExecFn)(Ctx *c, const Inst *in);
#define EMU_OP_DECL(name, handler, operands) int handler(Ctx *c, const Inst *in);
EMU_OPCODES(EMU_OP_DECL)
#undef EMU_OP_DECL

/* Operand slots: registers, or the constant pool. */
static inline const uint64_t *slot_r(const Ctx *c, uint32_t s) {
  return (s & CONST_BIT) ? c->cpool + (size_t)(s & ~CONST_BIT) * NLANES
                         : c->regs + (size_t)s * NLANES;
}
static inline uint64_t *slot_w(const Ctx *c, uint32_t s) {
  return c->regs + (size_t)s * NLANES;
}
#define R(s) slot_r(c, (s))
#define W(s) slot_w(c, (s))

/* Every lane l set in mask ex, lowest first (only the set bits are
 * visited: divergent code has sparse masks; full-EXEC hot paths use VLOOP
 * or plain loops instead). */
#define FOR_LANES(ex, l)                                                       \
  for (uint32_t _m##l = (ex), l = 0;                                           \
       _m##l && ((l = (uint32_t)__builtin_ctz(_m##l)), 1); _m##l &= _m##l - 1)

/* The body for every lane l of ex, as a plain loop when ex is full (a
 * branch-free loop the compiler can unroll) and over the set bits
 * otherwise. */
#define LANE_LOOP(ex, l, ...)                                                  \
  do {                                                                         \
    if ((ex) == FULL_EXEC) {                                                   \
      for (uint32_t l = 0; l < NLANES; l++) {                                  \
        __VA_ARGS__;                                                           \
      }                                                                        \
    } else {                                                                   \
      FOR_LANES(ex, l) {                                                       \
        __VA_ARGS__;                                                           \
      }                                                                        \
    }                                                                          \
  } while (0)

/* Loop over all n*32 (element, lane) pairs of active lanes; the body uses
 * the flat index i (element i / 32, lane i % 32) and needs `exec`. */
#define VLOOP(n, ...)                                                          \
  do {                                                                         \
    if (exec == FULL_EXEC) {                                                   \
      size_t N_ = (size_t)(n) * NLANES;                                        \
      for (size_t i = 0; i < N_; i++) {                                        \
        __VA_ARGS__;                                                           \
      }                                                                        \
    } else {                                                                   \
      for (size_t e_ = 0; e_ < (size_t)(n); e_++)                              \
        FOR_LANES(exec, l_) {                                                  \
          size_t i = e_ * NLANES + l_;                                         \
          __VA_ARGS__;                                                         \
        }                                                                      \
    }                                                                          \
  } while (0)

/* Exec.c: faults name the kernel, the instruction, the wave and the
 * workgroup, and end the running workgroup. */
void exec_fault(const Ctx *c, const Inst *in, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
/* Runs wave w of worker wk until it ends or waits at a barrier. */
void run_wave(Worker *wk, Wave *w);
Frame *push_frame(Worker *wk, Wave *w, const Func *g, uint32_t exec,
                  uint32_t sp, uint32_t ret_dst);
void release_frames(Worker *wk);
/* The instruction budget (Exec.c): reports the worker's count to the
 * launch; 1 when the launch is over budget (kBudgetMessage, %llu = limit). */
int budget_flush(Worker *wk);
extern const char *kBudgetMessage;

/* Launch.c */
#define EMU_MAX_THREADS 256
/* Workgroups in one launch: more would take hours even when empty. */
#define EMU_MAX_WORKGROUPS (1ull << 24)
typedef struct {
  unsigned threads;     /* worker threads, 0: the number of cores */
  uint32_t dynamic_lds; /* bytes of dynamic LDS per workgroup */
  uint64_t limit;       /* wave-instruction budget of the launch, 0: none */
  wmma_emu_progress_fn progress; /* called every ~0.5 s while running */
  void *progress_user;
  int *kernarg_alloc, *dispatch_alloc; /* reused from launch to launch */
  const char *chip;       /* the kernel's chip (the L2 model's size) */
  uint64_t l2_bytes;      /* the L2 model: 0 = the chip's largest part's */
  unsigned l2_workgroups; /* resident workgroups, 0 = from the chip */
} DispatchOptions;
unsigned emu_default_threads(void);
/* Runs k over the grid; adds the counters to *stats.  WMMA_EMU_OK, or
 * WMMA_EMU_FAULT / WMMA_EMU_USAGE with a message in err. */
int emu_dispatch(const Program *p, GlobalMem *mem, const Kernel *k,
                 const wmma_emu_arg *args, const unsigned grid[3],
                 const unsigned block[3], const DispatchOptions *o,
                 wmma_emu_stats *stats, char *err, size_t cap);

#endif /* WMMA_EMULATOR_EXEC_H */
