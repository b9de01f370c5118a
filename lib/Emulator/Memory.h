/* The emulated memory model (bottom layer, above Scalar.h): address spaces,
 * the global address space (host allocations), flat apertures, buffer
 * resources and buffer fat pointers, and the traffic model behind the
 * memory counters (LDS bank conflicts, global cache lines). */
#ifndef WMMA_EMULATOR_MEMORY_H
#define WMMA_EMULATOR_MEMORY_H

#include "L2Model.h"
#include "Scalar.h"
#include "wmma/Layout/LdsBanks.h"

#include <stddef.h>
#include <stdint.h>

/* LLVM AMDGPU address spaces (AMDGPUUsage, "Address Spaces"). */
enum {
  AS_FLAT = 0,
  AS_GLOBAL = 1,
  AS_LDS = 3,
  AS_CONSTANT = 4,
  AS_PRIVATE = 5,
  AS_BUFFER_FAT = 7,  /* 160-bit buffer fat pointer: resource + 32-bit offset */
  AS_BUFFER_RSRC = 8, /* 128-bit buffer resource (V#) */
};

#define LDS_LIMIT 65536u /* bytes of LDS a workgroup can have (RDNA3/RDNA4) */
#define PRIV_BASE 16u    /* private offsets below this are invalid (null) */

/* Global virtual addresses: allocation i lives at (i + 1) << GLOBAL_SHIFT;
 * sizes stay below half the window so that small negative offsets from a
 * base land out of bounds of the previous allocation.  Addresses stay below
 * 2^48 (a buffer resource's base field) while there are < 4095 allocations. */
#define GLOBAL_SHIFT 36
#define GLOBAL_MAX_SIZE (1ull << 35)
/* Flat (generic) apertures for LDS and private memory. */
#define APERTURE_SHIFT 60
#define APERTURE_LDS 1ull
#define APERTURE_PRIV 2ull

typedef struct {
  uint8_t *data;
  uint64_t size;
  char *name;
  int user; /* a buffer created through the API */
} Alloc;

/* The global address space: every buffer and module global, plus the host
 * memory budget of the whole emulator (buffers, LDS and private stacks). */
typedef struct {
  Alloc *allocs;
  uint32_t nallocs, cap_allocs;
  uint64_t bytes; /* host bytes held (allocations and reservations) */
  uint64_t limit; /* bound on bytes */
} GlobalMem;

void mem_init(GlobalMem *g);
void mem_free(GlobalMem *g);
/* New zero-filled allocation; its index, or -1 with a message in err. */
int mem_alloc(GlobalMem *g, uint64_t size, const char *name, int user,
              char *err, size_t cap);
/* Accounts for host memory outside allocations (LDS, private stacks);
 * -1 with a message when it would exceed the limit. */
int mem_reserve(GlobalMem *g, uint64_t bytes, const char *what, char *err,
                size_t cap);
void mem_unreserve(GlobalMem *g, uint64_t bytes);
static inline uint64_t mem_alloc_base(int idx) {
  return (uint64_t)(idx + 1) << GLOBAL_SHIFT;
}
/* Host pointer of [addr, addr + size) in the global address space, or NULL
 * (out of bounds); *alloc_idx is the allocation addr points into, or -1. */
uint8_t *mem_resolve_global(const GlobalMem *g, uint64_t addr, uint64_t size,
                            int *alloc_idx);
/* What lies at addr, for fault messages ("buffer 0 of 128 bytes, offset 8"). */
void mem_describe_global(const GlobalMem *g, uint64_t addr, char *buf,
                         size_t cap);

/* Address-space cast of pointer value v (LDS/private offsets to and from
 * the flat apertures; a buffer resource to a fat pointer of offset 0). */
uint64_t mem_ascast(uint64_t v, unsigned from, unsigned to, int bits);
/* Whether LLVM's addrspacecast between these spaces is emulated. */
int mem_ascast_supported(unsigned from, unsigned to);

/*===-- buffer resources ------------------------------------------------===*/

/* A buffer resource (V#) as the emulator needs it. */
typedef struct {
  uint64_t base;        /* address of byte 0 (the 48-bit base field) */
  uint32_t num_records; /* the 32-bit NUM_RECORDS field (bytes, raw buffers) */
  uint32_t flags;       /* descriptor word 3 (OOB_SELECT in bits 29:28) */
  uint16_t stride;      /* the 16 bits above the base: stride, swizzle */
} BufRsrc;

/* Buffer resource and fat pointer values in a 64-bit register slot: an id
 * of the resource in the running workgroup's table (1-based, 0 = null) in
 * the high 32 bits, the 32-bit offset in the low 32 bits.  Fat pointers
 * never reach memory (the decoder rejects storing them), so ids need to
 * live only as long as the workgroup. */
static inline uint32_t bufptr_id(uint64_t v) { return (uint32_t)(v >> 32); }
static inline uint32_t bufptr_offset(uint64_t v) { return (uint32_t)v; }
static inline uint64_t bufptr_make(uint32_t id, uint32_t off) {
  return ((uint64_t)id << 32) | off;
}

/* Resources interned per worker thread (no locking): equal descriptors get
 * the same id. */
typedef struct {
  BufRsrc *v;
  uint32_t n, cap;
  uint32_t *slots; /* open-addressing hash of ids */
  uint32_t nslots;
} RsrcTable;

void rsrc_table_reset(RsrcTable *t);
void rsrc_table_free(RsrcTable *t);
/* The id of r (>= 1), or 0 when the table is full. */
uint32_t rsrc_intern(RsrcTable *t, const BufRsrc *r);
static inline const BufRsrc *rsrc_get(const RsrcTable *t, uint32_t id) {
  return id && id <= t->n ? &t->v[id - 1] : NULL;
}
/* A resource from the four dwords of a <4 x i32> descriptor. */
BufRsrc rsrc_from_dwords(const uint32_t dw[4]);
/* NULL when r is a raw buffer the emulator models exactly, else why not. */
const char *rsrc_unsupported(const BufRsrc *r);
/* Whether a piece of `bytes` bytes (at most a dword) at buffer offset off
 * is in range (see Memory.c for the ISA rules). */
int rsrc_in_range(const BufRsrc *r, uint64_t off, uint32_t bytes);

/*===-- traffic model ---------------------------------------------------===*/

/* Recent answers of wmma_lds_bank_conflicts (wmma/Layout/LdsBanks.h), one
 * memo per worker thread: a kernel repeats its LDS access patterns,
 * shifted by multiples of 128 bytes (32 banks x 4 bytes), which leave
 * conflicts unchanged. */
#define BANK_MEMO_SIZE 64
typedef struct {
  uint32_t exec, bytes, conflicts, valid;
  uint32_t off[NLANES]; /* normalised: the lowest lane's 128-byte row at 0 */
} BankMemoEntry;
typedef struct {
  BankMemoEntry e[BANK_MEMO_SIZE];
} BankMemo;
uint32_t lds_bank_conflicts_memo(BankMemo *memo, const uint32_t *off,
                                 uint32_t exec, uint32_t bytes);
/* Distinct 128-byte lines touched by one global memory instruction: lane l
 * (active in exec) accesses [addr[l], addr[l] + bytes). */
uint32_t global_lines(const uint64_t *addr, uint32_t exec, uint32_t bytes);
/* The same for arbitrary pieces: ids holds line numbers (address >> 7),
 * possibly repeated; sorts them and returns how many are distinct. */
uint32_t distinct_lines(uint64_t *ids, uint32_t n);
#define LINE_SHIFT 7 /* 128-byte lines */

/* Bytes of the distinct addresses one wave-level instruction touches, the
 * bytes the memory system moves for it (lanes repeating another lane's
 * bytes, as RDNA3's replicated WMMA operands do, count once): piece i is
 * [lo[i], lo[i] + len[i]), n pieces (lo and len are reordered).  With a
 * trace, the instruction's distinct 128-byte lines go to it as one
 * instruction of `kind` (L2_READ, L2_WRITE or both). */
uint64_t distinct_pieces(uint64_t *lo, uint32_t *len, uint32_t n, L2Trace *t,
                         unsigned kind);
/* The same for lanes: lane l (active in exec) accesses
 * [addr[l], addr[l] + bytes). */
uint64_t distinct_lane_bytes(const uint64_t *addr, uint32_t exec, uint32_t bytes,
                             L2Trace *t, unsigned kind);

#endif /* WMMA_EMULATOR_MEMORY_H */
