/* Operand tiles in LDS (internal to the front end): how a K slice of an
 * operand tile is laid out in workgroup memory (LdsLayout.c) and how a
 * workgroup copies it there from global memory (LdsCopy.c).
 *
 * Layout: [buffer][row][k], K contiguous, each row padded so that both the
 * copy's writes and the WMMA fragment reads are free of bank conflicts
 * (see LdsLayout.c for the rule and its check against the bank model).
 * Rows may be permuted inside each 16-row block: the A operand of a
 * swapped product on RDNA3 reads row i of a block from LDS row i, which
 * then holds tile row rho(i) = 8 (i % 2) + i / 2, so that the accumulator
 * holds each lane's row segment in order (Templates/Gemm.c, RowSeg.c). */
#ifndef WMMA_FRONTEND_LDS_H
#define WMMA_FRONTEND_LDS_H

#include "Kernel/Kernel.h"

typedef struct {
  int tk;     /* K per slice (elements) */
  int vec;    /* elements per lane of one copy chunk (one LDS write) */
  int pad;    /* elements after each row */
  int stride; /* tk + pad: elements from one row to the next */
  int phase;  /* lanes served together by a chunk write (128 bytes) */
} fe_lds_layout;

/* The layout of a K slice of tk elements of elem_bits-bit type on arch
 * (elem_bits 4: i4 packed two per byte). */
fe_lds_layout fe_lds_layout_get(wmma_arch arch, int elem_bits, int tk);
/* Bytes of `stages` buffers of `rows` rows. */
int64_t fe_lds_bytes(const fe_lds_layout *l, int stages, int rows,
                     int elem_bits);
/* The bits an element of operand o's matrix takes in LDS: its type's, 4
 * for i4 multiplied as it is (packed: the WMMA reads the bytes), 8 for i4
 * that a prologue converts (a byte per element, like global memory). */
int fe_lds_bits(const fe_graph *g, const fe_operand *o);
/* rho(i) = 8 (i % 2) + i / 2: the tile row held by LDS row i of a
 * permuted tile, within blocks of the atom's M = 16 rows; fe_rho_index
 * applies it (or its inverse: the LDS row of tile row r) to an index when
 * `permuted`. */
MlirValue fe_rho_index(fe_kb *kb, MlirValue r, bool permuted, bool inverse);

/* One operand's share of the cooperative copy of a K slice. */
#define FE_COPY_MAX 8

/* Copy kinds (wmma_copy_kind, the schedule's `copy`): WMMA_COPY_VEC (K
 * contiguous in memory: vector loads and stores), WMMA_COPY_WMMA (M/N
 * contiguous: 16x16 blocks transposed in registers by one WMMA against the
 * identity), WMMA_COPY_SCALAR (M/N contiguous: vector loads, one LDS store
 * per element), WMMA_COPY_TR (RDNA4, M/N contiguous 16-bit: 16x16 blocks
 * loaded transposed by global_load_tr_b128, one LDS store each). */

typedef struct {
  const fe_operand *o;
  fe_lds_layout lay;
  wmma_copy_kind how;
  int rows;           /* tile rows: tile_m (A) or tile_n (B) */
  int chunks; /* per thread (VEC, SCALAR) or blocks per wave (WMMA, TR) */
  bool permuted;      /* LDS rows permuted (rho) inside 16-row blocks */
  bool packed;        /* i4 two per byte (the buffer holds bytes) */
  MlirValue lds;      /* [buffers][rows][stride] */
  /* VEC/SCALAR: the memory-tile row of chunk i and the lanes' column.
   * WMMA: block i's load position (memory row, column offsets from the
   * slice's k and the tile's origin) and store position (LDS row, k). */
  MlirValue ld_row[FE_COPY_MAX], ld_col[FE_COPY_MAX];
  MlirValue st_row[FE_COPY_MAX], st_col[FE_COPY_MAX];
  MlirAttribute atom; /* WMMA: the transposing atom */
  /* WMMA on RDNA3, 16-bit, K slices of 32: blocks 2j and 2j + 1 are a
   * pair sharing one accumulator, the second through atom_hi (opsel 1). */
  bool pairs;
  /* WMMA, 8-bit, RDNA3: the lane halves trade 8-byte halves before the
   * store (LdsCopy.c swap_halves; set by a template whose LDS rows would
   * put rows r and r + 8 on one bank: the convolution's halo filter). */
  bool trade_halves;
  MlirAttribute atom_hi;
  MlirValue ident, zero;
  MlirType frag_type; /* WMMA: its A fragment, as loaded */
} fe_lds_copy;

/* Plans the copy of operand o's rows x tk slices by `threads` threads:
 * `want` (WMMA_COPY_NONE: the cheaper that applies, by the issue cost of a
 * 16x16 block) into *how; -1 with why if that copy cannot be built (wrong
 * kind for the operand's layout, more than FE_COPY_MAX chunks a thread). */
int fe_lds_copy_plan(wmma_arch arch, const fe_graph *g, const fe_operand *o,
                     int rows, int tk, int threads, wmma_copy_kind want,
                     wmma_copy_kind *how, char *why, size_t cap);
/* Sets up (index arithmetic, identity fragment) the copy planned by
 * fe_lds_copy_plan(..., how) of operand o's rows x tk slices into lds
 * ([buffers][rows][stride] of fe_lds_layout_get(..., tk), created by the
 * caller); 0, or -1 if it cannot be built (the plan refuses such copies). */
int fe_lds_copy_init(fe_kb *kb, fe_lds_copy *cp, const fe_operand *o,
                     int rows, int tk, MlirValue lds, bool permuted,
                     wmma_copy_kind how);
/* The same, a VEC or SCALAR copy into rows of the caller's layout `lay`
 * (its vec elements a chunk, phase lanes a write phase; fe_lds_layout_get's
 * where lay is NULL): a layout of wider chunks than the chip's fragment
 * unit (8-bit values read 16 bytes at a time, GemmSparseLds.c). */
int fe_lds_copy_init_layout(fe_kb *kb, fe_lds_copy *cp, const fe_operand *o,
                            int rows, int tk, MlirValue lds, bool permuted,
                            wmma_copy_kind how, const fe_lds_layout *lay);
/* A WMMA copy whose LDS K position p holds the slice's K sigma(p), sigma
 * swapping positions 1 and 2 in every 4 (the order in which RDNA3's
 * accumulator lanes pair their values, Attention.c's P operand): changes
 * which K each lane loads, nothing else.  Call after fe_lds_copy_init;
 * false (nothing changed) unless the copy is WMMA. */
bool fe_lds_copy_swap_k_pairs(fe_kb *kb, fe_lds_copy *cp);
/* The wave's u-th copy unit of `units` spread over `waves` waves (uneven
 * shares repeat the last unit) as its K unit *ku and row block *mb, for
 * kunits K units per row block. */
void fe_lds_copy_unit(fe_kb *kb, int waves, int u, int units, int kunits,
                      MlirValue *ku, MlirValue *mb);
/* The thread's loads of the slice at k (origin: the tile's first row). */
void fe_lds_copy_load(fe_kb *kb, const fe_lds_copy *cp, const MlirValue *batch,
                      MlirValue origin, MlirValue k, bool masked,
                      MlirValue *regs);
/* The loaded registers into LDS buffer buf. */
void fe_lds_copy_store(fe_kb *kb, const fe_lds_copy *cp, MlirValue buf,
                       const MlirValue *regs);
/* A VEC copy's chunk i + 1 loads the rows of chunk i plus this many (no
 * permutation, every chunk whole), else 0. */
int fe_lds_copy_row_step(const fe_lds_copy *cp, int threads);
/* A slice load's K offset as the buffer instruction's scalar offset (an
 * SGPR: the lanes' offsets loop-invariant, no VALU add per load):
 * fe_lds_copy_soffset_stride is the stride (elements) of cp->o's K in its
 * argument when that is safe (LdsCopy.c says when; cp->rows: the tile's
 * rows), else 0; fe_lds_copy_soffset_load loads vector<len> of the
 * argument at idx (K's index without k), k * k_stride elements further.
 * Also used by a template loading fragments straight into registers
 * (GemmSparseLds.c). */
int64_t fe_lds_copy_soffset_stride(fe_kb *kb, const fe_lds_copy *cp);
MlirValue fe_lds_copy_soffset_load(fe_kb *kb, const fe_lds_copy *cp,
                                   const MlirValue *idx, MlirValue k,
                                   int64_t k_stride, int len);

/* copy = tr (LdsCopyTr.c, RDNA4's global_load_tr_b128): can operand o's
 * argument be read by it (as itself, f16/bf16, static sizes)?  0, or -1
 * with why.  The template also makes sure that no slice reads past the
 * matrix (no tails): the load has no range check. */
int fe_lds_copy_tr_possible(const fe_problem *p, const fe_operand *o,
                            char *why, size_t cap);
int fe_lds_copy_tr_init(fe_kb *kb, fe_lds_copy *cp);
/* 8-bit elements: the copy stores tile row n at LDS row n + n / 8 (a
 * spare row after every 8, LdsCopyTr.c): the LDS rows a buffer of `rows`
 * tile rows needs, and the LDS row of tile row n for the reads (n and the
 * answer index values).  16-bit: rows as they are. */
int fe_lds_copy_tr_rows(int rows, int elem_bytes);
MlirValue fe_lds_copy_tr_row(fe_kb *kb, int elem_bytes, MlirValue n);
/* Block i's transposing load of the slice at k, and its store into LDS
 * buffer buf. */
MlirValue fe_lds_copy_tr_load(fe_kb *kb, const fe_lds_copy *cp,
                              const MlirValue *batch, MlirValue origin,
                              MlirValue k, int i);
void fe_lds_copy_tr_store(fe_kb *kb, const fe_lds_copy *cp, MlirValue buf,
                          MlirValue v, int i);

/* The LDS-staged loop over slices (Pipelined.c): `stages` buffers, the
 * prologue filling stages - 1 of them, one barrier per slice.  The
 * callbacks build one slice's part: prefetch loads slice `slice` (an index
 * value) into registers the callback keeps (masked: it may be partial or
 * past the end), store writes them to LDS buffer buf, compute multiplies
 * slice `slice` from buffer buf into the loop state (masked: the partial
 * slice).  Slices 0 .. nfull-1 are full; with `tail` a partial slice
 * nfull follows (always computed, masked; it may be empty when nfull is
 * dynamic).  max_slices: a static bound on the slices that exist in
 * memory when nfull is dynamic (-1: none; slices past it are not
 * prefetched).  unroll: unroll the main loop by `stages` when its trip
 * count is static, so that every slice's buffer is a constant (kb_unroll:
 * where the iterations that do not fill a trip go).  0, or -1 when the
 * loop cannot be built. */
#define KB_PIPE_MAX_STAGES 3
#define KB_PIPE_MAX_STATE 32
typedef enum {
  KB_UNROLL_NONE,       /* one slice per iteration */
  KB_UNROLL_REST_AFTER, /* by stages; the odd iterations after the loop */
  KB_UNROLL_REST_FIRST, /* by stages; the odd iterations before it */
} kb_unroll;
typedef struct {
  int stages;
  MlirValue nfull;
  bool tail;
  int64_t max_slices;
  kb_unroll unroll;
  int nstate;
  void *ud;
  void (*prefetch)(fe_kb *kb, void *ud, MlirValue slice, bool masked);
  void (*store)(fe_kb *kb, void *ud, MlirValue buf);
  void (*compute)(fe_kb *kb, void *ud, MlirValue slice, MlirValue buf,
                  bool masked, MlirValue *state);
} kb_pipeline;
int kb_pipelined_loop(fe_kb *kb, const kb_pipeline *pl, MlirValue *state);

#endif /* WMMA_FRONTEND_LDS_H */
