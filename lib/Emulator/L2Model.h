/* The DRAM estimate of a launch: each workgroup records the 128-byte lines
 * its global memory instructions touch (a trace), and the launch replays
 * the traces through a model of the chip's L2 in dispatch order, with the
 * co-resident workgroups interleaved one instruction at a time.  Lines that
 * miss are read from DRAM; lines written are written back once, when
 * evicted or at the end of the launch.  The model, its assumptions and what
 * it cannot see: docs/emulator-traffic.md. */
#ifndef WMMA_EMULATOR_L2MODEL_H
#define WMMA_EMULATOR_L2MODEL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* What an access does to its line. */
enum { L2_READ = 1, L2_WRITE = 2 };

/* Lines a wave's global memory instructions touch, in program order.  An
 * entry is line << 3 | end-of-instruction << 2 | kind.  Lines the
 * workgroup touched among its last L2_RECENT entries with the same kind
 * are left out (the CU's L0 serves them; in an LRU L2 they would hit). */
#define L2_RECENT 8
typedef struct {
  uint64_t *e;
  size_t n, cap;
  size_t instr_start; /* entries before the running instruction */
  uint64_t recent[L2_RECENT];
  unsigned recent_pos;
  int failed; /* out of host memory: the trace is incomplete */
} L2Trace;

void l2_trace_reset(L2Trace *t);
void l2_trace_free(L2Trace *t);
/* Adds one line of the running instruction. */
void l2_trace_line(L2Trace *t, uint64_t line, unsigned kind);
/* Ends the running instruction (marks its last entry, if any). */
void l2_trace_end(L2Trace *t);

/* A set-associative cache of 128-byte lines with LRU replacement and
 * write-back: a read miss reads the line from DRAM; a write allocates the
 * line without reading it (the L2 keeps byte masks) and marks it dirty; a
 * dirty line is written to DRAM when evicted or flushed. */
typedef struct {
  uint32_t nsets, ways;
  uint64_t *tag;   /* nsets x ways: line + 1, 0 = empty */
  uint64_t *stamp; /* last use */
  uint8_t *dirty;
  uint64_t clock;
  uint64_t read_lines, written_lines, accesses, hits;
} L2Cache;

#define L2_WAYS 16
/* 0, or -1 when out of host memory.  bytes is rounded down to whole sets
 * (at least one). */
int l2_cache_init(L2Cache *c, uint64_t bytes, uint32_t ways);
void l2_cache_access(L2Cache *c, uint64_t line, unsigned kind);
/* Writes back every dirty line (the end of a launch). */
void l2_cache_flush(L2Cache *c);
void l2_cache_free(L2Cache *c);

/* The replay of one launch's traces.  Workers submit each workgroup's
 * trace when it ends, from any thread and in any order; the replay
 * consumes them in dispatch order: `slots` workgroups are resident at a
 * time, visited round-robin one instruction each, and a slot whose
 * workgroup ended takes the next workgroup in dispatch order.  The result
 * depends on the traces only, not on the threads' timing. */
typedef struct {
  L2Trace *t;
  size_t pos;
} L2Slot;
typedef struct {
  uint64_t g;
  L2Trace *t;
} L2Pending;
typedef struct {
  pthread_mutex_t lock;
  L2Cache cache;
  L2Slot *slot;
  uint32_t nslots, rr, active;
  uint64_t next_g, nwg;
  L2Pending *pend;
  size_t npend, pend_cap;
  L2Trace **spare; /* finished traces, reused */
  size_t nspare, spare_cap;
  uint64_t buffered;  /* trace entries held */
  uint64_t max_buffered;
  int replaying, dropped;
} L2Replay;

/* The entries the replay may hold (8 bytes each) before it gives up on the
 * launch's estimate. */
#define L2_MAX_BUFFERED_ENTRIES (1ull << 25)

/* 0, or -1 when out of host memory. */
int l2_replay_init(L2Replay *r, uint64_t l2_bytes, uint32_t slots, uint64_t nwg);
/* A trace to fill (a reused one or a new one); NULL when the estimate was
 * dropped or memory is short. */
L2Trace *l2_replay_trace(L2Replay *r);
/* Hands over workgroup g's trace (the replay owns it from now on) and
 * replays as far as the traces received allow. */
void l2_replay_submit(L2Replay *r, uint64_t g, L2Trace *t);
/* After every worker ended: replays the rest (workgroups that sent no
 * trace, after a fault, count as empty) and writes back the dirty lines.
 * Returns 0, or -1 when the estimate was dropped. */
int l2_replay_finish(L2Replay *r, uint64_t *dram_read_bytes,
                     uint64_t *dram_written_bytes);
void l2_replay_free(L2Replay *r);

#endif /* WMMA_EMULATOR_L2MODEL_H */
