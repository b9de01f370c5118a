/* What every kernel template builds with (internal to the front end):
 * the kernel's arguments as AMDGPU fat raw buffers (out-of-bounds reads
 * return zero, out-of-bounds stores are dropped: tails cost no branches),
 * its run-time sizes, wmma fragment ops, operand tiles of a product, the
 * epilogue evaluated on accumulator fragments, and masked tile stores. */
#ifndef WMMA_FRONTEND_KERNEL_H
#define WMMA_FRONTEND_KERNEL_H

#include "Templates/Template.h"

#define FE_MAX_CONSTS 128

typedef struct fe_kb {
  wb_t b;
  MlirContext ctx;
  MlirLocation loc;
  const fe_problem *p;
  const fe_schedule *s;
  const fe_options *options;
  const wmma_chip_info *chip;
  wmma_arch arch;
  int atom_m, atom_n, atom_k;  /* the products' instruction shape (the
                                  instruction table's M, N, K) */
  MlirOperation kernel;  /* the gpu.func */
  MlirBlock entry;
  MlirValue args[FE_MAX_ARGS]; /* buffers as fat raw buffers; scalars */
  bool oob[FE_MAX_ARGS];       /* some access relies on the buffer's range
                                  checks (kb_note_oob) */
  bool scalar[FE_MAX_ARGS];    /* some fragment access is element-wise */
  MlirValue sym[FE_MAX_SYMS];  /* run-time sizes */
  MlirValue lds[4];            /* workgroup buffers, in creation order */
  int nlds;
  MlirValue tid, wave;         /* thread id x, wave index in the block */
  MlirAttribute atom;          /* the products' atom (kb_product_atom) */
  MlirType kacc;               /* its accumulator type (f32, i32, or
                                  f16/bf16 when accumulating natively) */
  int acc_pack;                /* tiles per accumulator value (1, or 2 for
                                  RDNA3 16-bit accumulators: OPSEL halves) */
  MlirAttribute atom_hi;       /* the atom writing the high halves */
  wmma_layout_kind ab_layout;  /* kcontig (RDNA4) or hw (RDNA3) */
  int op_len;                  /* A/B fragment length */
  struct {
    int64_t v;
    MlirValue val;
  } consts[FE_MAX_CONSTS];
  int nconsts;
  /* Operand tiles of the current loop iteration all lie in K
   * [k_base, k_base + k_span), k_base a multiple of k_span (0: unknown):
   * loads grouped along K by a multiple of k_span read one group there,
   * at the same index in every tile of the iteration (Decode.c). */
  MlirValue k_base;
  int k_span;
  /* The outer K loop's induction variable while its body is built
   * (fe_gemm.kouter_loop), read by operand loads. */
  MlirValue kouter;
  /* The pipelined K loop being built has so few trips that LLVM unrolls
   * it whole (Pipelined.c): its slices' K offsets become constants that
   * fold into the loads' immediate offsets, so the LDS copy adds K to the
   * lanes' indices instead of taking a scalar offset (LdsCopy.c). */
  bool k_loop_short;
  /* > 1: B operand tiles' columns are interleaved (Templates/DecodeWide.c):
   * lane r of the tile at column origin n0 + j holds column
   * n0 + j + b_col_step * r, so that a lane's columns of all the wave's
   * tiles are one contiguous run in memory (one wide load per K row). */
  int b_col_step;
  /* Prologue loads the template computed for the B tile being evaluated
   * (Templates/DecodeWide.c: the group scales of interleaved tiles, each
   * lane half loading half the wave's run): kb_operand_value binds node
   * bound_node[i] to bound_val[i] instead of loading it. */
  int nbound;
  int bound_node[4];
  MlirValue bound_val[4];
  int failed;
} fe_kb;

/* Records that an access to mem (a kernel argument's buffer view) may
 * fall outside it: that argument keeps its fat raw buffer view. */
void kb_note_oob(fe_kb *kb, MlirValue mem);
/* In a kernel without tails, arguments read or written element by element
 * (strided fragment slots) go back to plain global memrefs:
 * LLVM addresses such element runs from one base with signed immediate
 * offsets, which global instructions take and buffer instructions (offsets
 * >= 0) do not.  Vector accesses stay on buffer views (32-bit offsets
 * instead of 64-bit address arithmetic).  0, or -1 on failure. */
int kb_drop_unneeded_views(fe_kb *kb);

/*--- values ------------------------------------------------------------------*/
MlirValue kb_c(fe_kb *kb, int64_t v);          /* index constant (cached) */
MlirValue kb_size(fe_kb *kb, fe_size s);       /* static or run-time size */
MlirValue kb_add(fe_kb *kb, MlirValue a, MlirValue b);
MlirValue kb_addc(fe_kb *kb, MlirValue a, int64_t c);
MlirValue kb_mulc(fe_kb *kb, MlirValue a, int64_t c);
MlirValue kb_bid(fe_kb *kb, int dim);           /* gpu.block_id */
/* This wave's row and column in a grid of waves waves_n wide. */
void kb_wave_grid(fe_kb *kb, int waves_n, MlirValue *row, MlirValue *col);
/* ceil(size / div) and floor(size / div), folded when static. */
MlirValue kb_ceil_div(fe_kb *kb, fe_size size, int64_t div);
MlirValue kb_floor_div(fe_kb *kb, fe_size size, int64_t div);

/*--- fragments ---------------------------------------------------------------*/
/* The 16x16x16 atom multiplying `in` into `acc` (16-bit accumulators take
 * the operand type from the accumulator). */
MlirAttribute kb_atom(fe_kb *kb, MlirType in, MlirType acc);
/* The atom of a GEMM's product: its operand types and signedness, the
 * kernel's accumulation type. */
MlirAttribute kb_product_atom(fe_kb *kb, const fe_gemm *gm);
MlirAttribute kb_frag(fe_kb *kb, wmma_matrix m, wmma_layout_kind lay,
                      bool transposed, MlirAttribute atom);
/* The dimension of memref mem (an argument or its view) with the largest
 * stride, which masked accesses move past the end of a fat buffer: from
 * its type, or at run-time strides from the argument's view (its batch
 * dims first: the one showing the buffer's first dim).  -1 if unknown. */
int kb_outer_dim(fe_kb *kb, MlirValue mem);
MlirValue kb_load(fe_kb *kb, MlirAttribute frag, MlirValue mem, int n,
                  const MlirValue *idx, bool masked);
/* Must a tile load from mem be masked because the memref is statically
 * smaller than the tile (a 16x16 tile of a 7-row matrix)?  Reading past a
 * fat buffer's rows is harmless, but the op only allows it when masked. */
bool kb_tile_overhangs(MlirValue mem, MlirAttribute frag);
void kb_store(fe_kb *kb, MlirAttribute frag, MlirValue v, MlirValue mem,
              int n, const MlirValue *idx, bool masked);
MlirValue kb_mma(fe_kb *kb, MlirAttribute atom, MlirValue a, MlirValue b,
                 MlirValue c);
MlirValue kb_relayout(fe_kb *kb, MlirAttribute from, MlirAttribute to,
                      MlirValue v, MlirType result);
MlirValue kb_fill_zero(fe_kb *kb, MlirAttribute atom);
/* kb_fill_zero's zeros made in VGPRs once (an empty inline asm "=v,0"):
 * see Kernel.c. */
MlirValue kb_fill_zero_vgprs(fe_kb *kb, MlirAttribute atom);
/* RDNA3: the compact `role` fragment v (lane half h holding K 8h..8h+7) ->
 * the replicated operand (wmma.expand: v_permlanex16). */
MlirValue kb_expand(fe_kb *kb, wmma_matrix role, MlirAttribute atom,
                    MlirValue v);

/* The memref indices of an operand's matrix (its leaf) at the batch
 * values, with its row and K indices left at 0: batch dimensions, constant
 * indices (a size-1 dimension read at 0), 0 for broadcast ones. */
/* KernelModule.c: the rank of argument a as the kernel reads it (a
 * vector's one-row view, fe_arg.row_view, has one more dim). */
int kb_arg_rank(const fe_kb *kb, int a);
void kb_operand_origin(fe_kb *kb, const fe_operand *o, const MlirValue *batch,
                       MlirValue *idx);

/* KernelModule.c: the 1-D contiguous view of mem's first elems elements
 * (memref.reinterpret_cast; null and kb->failed if it cannot be built). */
MlirValue kb_flat_view(fe_kb *kb, MlirValue mem, int64_t elems);

/* ConvLoad.c: len consecutive K elements (from k + col: the slice's
 * start, the thread's column in it) of row `row` of an implicit GEMM's A
 * matrix (operand o reads a convolution's input, fe_operand.im2col),
 * gathered from the input; with `masked`, elements past K are zero. */
MlirValue kb_im2col_load(fe_kb *kb, const fe_operand *o, const MlirValue *batch,
                         MlirValue row, MlirValue k, MlirValue col, int len,
                         bool masked);
/* K index k + col of a convolution whose K is ordered by padded runs
 * (fe_conv.kpad) as the filter's K index; *in_run false in the padding
 * (the element is zero), where the index is past + the run's start if
 * past >= 0. */
MlirValue kb_conv_kreal(fe_kb *kb, const fe_conv *c, MlirValue k,
                        MlirValue col, int64_t past, MlirValue *in_run);

/* ConvLoad.c: the space loops' values lv of row `row` of operand o's
 * matrix (its row loop; the batch loops at batch; 0 elsewhere), and the
 * input indices of convolution c's first tap there (base: stride x pixel
 * per spatial dim, the batch or group dims, 0 for the channel). */
void kb_im2col_space(fe_kb *kb, const fe_operand *o, const MlirValue *batch,
                     MlirValue row, MlirValue *lv);
void kb_conv_base(fe_kb *kb, const fe_conv *c, const fe_node *x,
                  const MlirValue *lv, MlirValue *base);

/* ConvLoad.c: the im2col load x (fe_node.im2col) at one point `at` of
 * its space (VALU kernels: a depthwise convolution). */
MlirValue kb_im2col_point(fe_kb *kb, const MlirValue *at, const fe_node *x);

/* Index i of operand o's memref dim `dim` in its unpadded source: i minus
 * the dim's low padding when o is read through a tensor.pad (ProblemPad.c;
 * the masked load then reads zeros before the source as after it). */
MlirValue kb_unpadded(fe_kb *kb, const fe_operand *o, int dim, MlirValue i);

/* A/B operand tile of a product from global memory.  role: A or B of the
 * WMMA (a product computed swapped feeds its B operand as A and its A as
 * B); row0, k0: origin in the operand's row (M or N) and K dimensions;
 * batch: the product's batch loop values. */
MlirValue kb_operand_tile(fe_kb *kb, const fe_operand *o, wmma_matrix role,
                          const MlirValue *batch, MlirValue row0, MlirValue k0,
                          bool masked);

/* Prologue.c: operand o's fragment for `role` at (batch, row0, k0): its
 * expression evaluated on the fragment (its matrix read from global memory,
 * or given as leaf_value, e.g. read from LDS), converted to the atom's
 * operand type (fp8 -> f16 on RDNA3); with `masked`, slots past K are zero
 * whatever the prologue computes. */
MlirValue kb_operand_value(fe_kb *kb, const fe_operand *o, wmma_matrix role,
                           const MlirValue *batch, MlirValue row0,
                           MlirValue k0, bool masked, MlirValue leaf_value);
/* Exact fp8/bf8 -> f16 of a vector (bit operations; RDNA3 has no fp8
 * conversion instructions). */
MlirValue kb_fp8_to_f16(fe_kb *kb, MlirValue v);
/* Does o need more than its matrix loaded in the atom's operand type? */
bool kb_operand_has_prologue(fe_kb *kb, const fe_operand *o, wmma_matrix role);

/*--- accumulators (Accumulators.c) ---------------------------------------------*/
/* Sets up the schedule's acc_pack: whether two tiles of a row share an
 * accumulator value (RDNA3 16-bit accumulators, an even number of tiles
 * per row). */
void kb_acc_configure(fe_kb *kb);
/* Accumulator values holding ntiles tiles. */
int kb_acc_count(const fe_kb *kb, int ntiles);
/* The values from per-tile accumulators in the 8-slot order. */
void kb_acc_from_tiles(fe_kb *kb, const MlirValue *tiles, int ntiles,
                       MlirValue *vals);
/* vals += a x b for tile t. */
void kb_acc_mma(fe_kb *kb, MlirValue *vals, int t, MlirValue a, MlirValue b);
/* Tile t's accumulator in the 8-slot order. */
MlirValue kb_acc_tile(fe_kb *kb, const MlirValue *vals, int t);

/*--- the epilogue ------------------------------------------------------------*/
/* Tile position in an index space (the output buffer's, or the first
 * product's output for a chain's intermediate). */
typedef struct {
  int rank;
  int dim_row, dim_col;        /* space dims along tile rows / columns */
  MlirValue at[FE_MAX_LOOPS];  /* row/col: tile origin; others: the index
                                  (of a loop space: up to FE_MAX_LOOPS) */
  bool transposed;             /* fragments hold the tile transposed */
  /* An operand tile (a prologue): values are fragments of `role` (A or B,
   * in role coordinates: rows x cols of that matrix) instead of
   * accumulators, and full-tile leaves are loaded in that fragment's
   * layout in their own element type (`masked`: they may hang over). */
  bool operand;
  wmma_matrix role;
  bool masked;
  /* Row segments (RowSeg.c): lane (r, h) holds row r, columns 8h..8h+7 of
   * the tile, in order, on both architectures (the product computed
   * swapped; on RDNA3 with its A operand's rows read in the rho order,
   * Lds.h).  Full-tile leaves and the output move as vectors. */
  bool rowseg;
  /* > 1: an operand B tile whose columns are at[dim_col] + col_step * c
   * (fe_kb.b_col_step); 0 or 1: consecutive. */
  int col_step;
} fe_tile;

/* Packed.c: the packed matrix of operand o (o->k_pack > 1) on tile t
 * (an operand tile): every slot holds the element its K value is packed
 * in, each element loaded once (a lane's run as one vector load when K is
 * innermost). */
MlirValue kb_packed_leaf(fe_kb *kb, const fe_operand *o, const fe_tile *t);

/* The forms of kb_acc_init's accumulator: the product as computed, swapped
 * (a transposed tile), or swapped into row segments. */
#define FE_FORM_ACC 0
#define FE_FORM_TRANSPOSED 1
#define FE_FORM_ROWSEG 2

/* Evaluation memo: node -> fragment value (vector<8 x T> in accumulator
 * slot order). */
typedef struct {
  MlirValue *val;
  int n;
} fe_memo;
int kb_memo_init(fe_kb *kb, fe_memo *m);
void kb_memo_clear(fe_memo *m);
void kb_memo_free(fe_memo *m);
void kb_memo_bind(fe_memo *m, int node, MlirValue v);
/* Binds every view of product `prod` to its accumulator `acc` (kernel
 * accumulation type), converted to the program's type of the product (an
 * f16 linalg output accumulated in f32 is rounded here, once). */
void kb_bind_product(fe_kb *kb, fe_memo *m, int prod, MlirValue acc);
/* Eval.c: where an expression is evaluated -- a tile fragment, one
 * element, a vector run -- as the walk needs it: the value type of an
 * element type there (a vector, or the scalar itself), the value of a
 * load and of an index node there, and optionally the value of a product
 * or reduction node the template did not bind in the memo.  `at` is the
 * place's own description (a tile, indices, a run). */
typedef struct kb_place kb_place;
struct kb_place {
  MlirType (*type)(fe_kb *kb, const kb_place *p, MlirType elem);
  MlirValue (*load)(fe_kb *kb, const kb_place *p, int n, const fe_node *x);
  MlirValue (*index)(fe_kb *kb, const kb_place *p, const fe_node *x);
  MlirValue (*bound)(fe_kb *kb, const kb_place *p, const fe_node *x);
  const void *at;
  /* Optional: may gather x (FE_GATHER, vector place) read the run as one
   * vector along the table's last dimension (its last index the run's
   * column, the others the same for the whole run)? */
  bool (*gather_run)(fe_kb *kb, const kb_place *p, const fe_node *x);
};
/* Node n at place p, memoised in memo[0..nmemo) (values already there are
 * used as they are: how templates bind products). */
MlirValue kb_eval_at(fe_kb *kb, MlirValue *memo, int nmemo, const kb_place *p,
                     int n);
/* Node n evaluated on the tile; products must be bound in the memo. */
MlirValue kb_eval(fe_kb *kb, fe_memo *m, const fe_tile *t, int n);
/* ElementwiseOp.c: node x (an FE_OP) on its operands' values, of type
 * `result` (a vector or a scalar of x's type): its predicate and kept
 * attributes; 16-bit math functions computed in f32 and rounded once. */
MlirValue kb_elementwise_op(fe_kb *kb, const fe_node *x, MlirValue *ops,
                            MlirType result);
/* The tile of the output argument, its value v (vector<8 x elem>) stored. */
void kb_store_output(fe_kb *kb, const fe_tile *t, MlirValue v, bool masked);
/* The same into another written buffer (a kernel with several outputs). */
void kb_store_output_to(fe_kb *kb, const fe_tile *t, MlirValue v,
                        bool masked, int out);
/* v with the tile's columns at or past `bound` set to zero. */
/* v with the tile's columns at or past `bound` replaced by fill's. */
MlirValue kb_fill_cols_from(fe_kb *kb, const fe_tile *t, MlirValue v,
                            MlirValue bound, MlirValue fill);
MlirValue kb_zero_cols_from(fe_kb *kb, const fe_tile *t, MlirValue v,
                            MlirValue bound);
/* Accumulator fragment type helpers. */
MlirType kb_acc_vec(fe_kb *kb, MlirType elem);  /* vector<8 x elem> */
/* The slots of a tile's values (8 for accumulators; the fragment length
 * for operands) and vector<slots x elem>. */
int kb_tile_slots(fe_kb *kb, const fe_tile *t);
MlirType kb_tile_vec(fe_kb *kb, const fe_tile *t, MlirType elem);
/* The tile coordinates (row, col) of slot v of this lane. */
typedef struct {
  int n;
  MlirValue row[16], col[16];
} fe_slot_pos;
void kb_slot_positions(fe_kb *kb, const fe_tile *t, fe_slot_pos *sp);

/* The output tile of the last product at (batch, row0, col0). */
void kb_output_tile(fe_kb *kb, fe_tile *t, const MlirValue *batch,
                    MlirValue row0, MlirValue col0, bool transposed);
/* The tile of the first product's output (a chain's intermediate). */
void kb_inter_tile(fe_kb *kb, fe_tile *t, const MlirValue *batch,
                   MlirValue row0, MlirValue col0, bool transposed);
/* Initial accumulator of gemm gm for its output tile at (batch, row0,
 * col0) (zero by wmma.fill) in `form` (FE_FORM_*; true: transposed). */
MlirValue kb_acc_init(fe_kb *kb, const fe_gemm *gm, const MlirValue *batch,
                      MlirValue row0, MlirValue col0, int form);

/*--- point evaluation (Point.c: VALU kernels) -------------------------------*/
/* Node n evaluated at one element of its index space (at[d]: the index of
 * space dim d), as a scalar; products must be bound in the memo. */
MlirValue kb_point_eval(fe_kb *kb, fe_memo *m, const MlirValue *at, int n);
/* Scalar v converted to `to` (float/integer widths, integer -> float;
 * integers extended by sign unless is_unsigned). */
MlirValue kb_convert_scalar(fe_kb *kb, MlirValue v, MlirType to,
                            bool is_unsigned);

/* RowSeg.c: row-segment tiles (fe_tile.rowseg). */
void kb_rowseg_positions(fe_kb *kb, fe_slot_pos *sp);
/* A full tile of argument `arg` whose innermost dimension is the tile's
 * columns, at idx (the tile origin), as vector<8 x elem>. */
MlirValue kb_rowseg_load(fe_kb *kb, int arg, int rank, const MlirValue *idx,
                         bool masked);
/* v stored to the output argument at idx (its rank; columns innermost). */
void kb_rowseg_store(fe_kb *kb, MlirValue v, MlirValue mem, int rank,
                     const MlirValue *idx, bool masked);

/* vector<len x elem> from a fat buffer at idx along the last dimension;
 * masked: elements outside the memref's last two dimensions read zero (the
 * row through the bounds check, the columns by a select). */
MlirValue kb_vload(fe_kb *kb, MlirValue mem, int rank, const MlirValue *idx,
                   int len, bool masked);

/*--- workgroup memory ----------------------------------------------------------*/
/* A workgroup attribution of the kernel: memref<shape x elem, workgroup>. */
MlirValue kb_lds(fe_kb *kb, int rank, const int64_t *shape, MlirType elem);

/*--- batches ---------------------------------------------------------------------*/
/* The product's batch loop values from block id z (row-major over the
 * batch loops). */
void kb_batch_from_z(fe_kb *kb, const fe_gemm *gm, MlirValue z,
                     MlirValue batch[FE_MAX_BATCH]);

#endif /* WMMA_FRONTEND_KERNEL_H */
