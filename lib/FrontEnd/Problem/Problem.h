/* The problem (Problem.c, ProblemAttention.c): the function's contractions
 * as GEMMs in dependency order, their operands' memory layouts, the
 * epilogue, the arguments' roles -- what the templates plan and build from. */
#ifndef WMMA_FRONTEND_PROBLEM_PROBLEM_H
#define WMMA_FRONTEND_PROBLEM_PROBLEM_H

#include "Recognize/Graph.h"

#include "wmma-c/Dialect.h"
#include "wmma/Layout/Layout.h"

#define FE_MAX_ARGS 32   /* kernel arguments */

/*===--- the problem ------------------------------------------------------===*/
typedef enum { FE_ARG_INPUT, FE_ARG_OUTPUT, FE_ARG_INOUT } fe_role;
/* fe_arg.host of a buffer the host allocates for the kernels alone (a
 * workspace between two launches), freed after the last. */
#define FE_HOST_WORKSPACE (-1000)
typedef enum {
  FE_SPARSE_NONE,
  FE_SPARSE_VALUES,
  FE_SPARSE_INDEX
} fe_sparse_part;

typedef struct {
  bool is_buffer;
  MlirType type;      /* kernel argument type (memref or scalar) */
  MlirType elem;
  int rank;
  fe_size shape[FE_MAX_RANK];
  int host;           /* caller argument index, or -1 - r for result r,
                         or FE_HOST_WORKSPACE */
  fe_role role;
  MlirLocation loc;   /* the caller argument's location (carries its name) */
  /* The kernel reads the buffer through a view (memref.transpose) whose
   * dim i is its dim perm[i]: batch dimensions moved before the matrix
   * (StableHLO's dot_general puts them anywhere).  The graph's loads of it
   * index the view; shape stays in the memref's own order. */
  bool permuted;
  int8_t perm[FE_MAX_RANK];
  /* Read through a view (memref.reinterpret_cast, before any permutation)
   * of static sizes vshape and strides vstride: contiguous dimensions a
   * contraction collapses into their innermost, the others size 1
   * (ProblemCollapse.c). */
  bool collapsed;
  int64_t vshape[FE_MAX_RANK], vstride[FE_MAX_RANK];
  /* Read zero-padded (a tensor.pad: ProblemPad.c), with pad_lo zeros
   * before the source along each dim (its low padding), and read as
   * itself. */
  bool pad_read, plain_read;
  int64_t pad_lo[FE_MAX_RANK];
  /* A 2:4 A operand (ProblemSparse.c) is two kernel arguments of one
   * caller argument: its compressed values, M x K/2, and its index words,
   * M x ceil(K/32) i32 (docs/sparse-frontend.md). */
  fe_sparse_part sparse_part;
  /* ... of a caller argument K x R 2:4 sparse along its columns (K): the
   * parts are its transpose's, R x K/2 and R x ceil(K/32). */
  bool sparse_cols;
  /* A vector read as a one-row matrix (the A operand of a matrix-vector
   * product, ProblemVector.c): through a view with a unit dimension
   * inserted before its innermost (memref.reinterpret_cast), of rank + 1. */
  bool row_view;
} fe_arg;

/* Batch loops of a product (all on grid z): two for the WMMA templates,
 * three for a depthwise convolution with a channel multiplier (at run-time
 * sizes its batch, output rows and channel: Problem.c wmma_max_batch); the
 * VALU template takes five for a convolution or a pooling -- one at
 * run-time sizes keeps its batch, its output rows (and planes) and its
 * channel apart (the pixel loops collapse into M only at static sizes,
 * ProblemCollapse.c): every output loop of a rank-6 output (FE_MAX_RANK)
 * but M. */
#define FE_MAX_BATCH 5

/* An operand of a product as the kernel reads it: `node` (a load of
 * buffer `arg`, possibly with an elementwise prologue) and which memref
 * dimension each role dimension indexes. */
typedef struct {
  int node;            /* the operand's value (a load, or an expression) */
  int leaf;            /* its matrix: the one load indexing both the row
                          and K (staged through LDS by the tiled template);
                          other leaves are broadcasts, scalars, constants */
  int arg;             /* the buffer whose tiles are loaded */
  int mem_row, mem_k;  /* memref dims of M (or N for rhs) and K */
  int nbatch;
  int mem_batch[FE_MAX_BATCH]; /* memref dims of the batch loops (-1:
                                  broadcast) */
  int batch_div[FE_MAX_BATCH];    /* ... read at batch floordiv batch_div (grouped-
                          query attention: h floordiv G), else 1 */
  bool k_contiguous;   /* K is the innermost memref dimension */
  bool permuted;       /* mem_* index a view of arg with dims perm (the
                          batch dimensions first; fe_problem_build makes
                          it the argument's view) */
  int8_t perm[FE_MAX_RANK];
  bool is_load;        /* node is a plain load (no prologue) */
  int im2col;          /* 0, or 1 + the convolution (fe_graph.convs)
                          whose input is this implicit GEMM's A matrix:
                          gathered by Kernel/ConvLoad.c, K contiguous */
  int kremap;          /* 0, or 1 + the convolution whose filter this is,
                          read at K by padded runs (fe_conv.kpad) */
  int k_pack;          /* > 1: the leaf holds k_pack consecutive K values
                          per element (packed int4, read at k floordiv
                          k_pack; ProblemPacked.c); 1 otherwise */
  /* The product's loop space, where node lives: its rank, the operand's
   * row and K loops, the batch loops, and K's size. */
  int space_rank, row_loop, k_loop;
  int batch_loop[FE_MAX_BATCH];
  fe_size K;
  /* The outer of two K loops (mmt4d's k1 beside k0), when has_kouter:
   * its memref dim (of the view) and loop; the kernel iterates it around
   * its K loop (fe_gemm.kouter_loop). */
  bool has_kouter;
  int mem_kouter, kouter_loop;
  bool padded; /* arg is smaller than the tiles read: every load masked,
                  zeros past its end (ProblemPad.c) */
} fe_operand;

/* The type a product operand of type t is multiplied in on arch: itself,
 * or f16 for fp8/bf8 on RDNA3 (no fp8 WMMA; every E4M3FN and E5M2 value is
 * an f16, so the widened product is the same). */
MlirType fe_compute_type(wmma_arch arch, MlirType t);

/* A contraction seen as a (batched) GEMM. */
typedef struct {
  int prod;
  int m_loop, n_loop, k_loop;
  int nbatch;
  int batch_loop[FE_MAX_BATCH];
  fe_size M, N, K, batch[FE_MAX_BATCH];
  /* A second K loop no view collapses with K (mmt4d's k1 when k0 > 1),
   * when has_kouter, and its size: the kernel runs its K loop once per
   * value, accumulating (the gemm template, registers staging). */
  bool has_kouter;
  int kouter_loop;
  fe_size KO;
  fe_operand lhs, rhs; /* lhs: A (M x K), rhs: B (K x N) */
  int acc;             /* initial accumulator (output space of prod) */
  MlirType in_type;    /* A/B element type after any prologue (A's when
                          the two differ, as fp8 x bf8 products do) */
  MlirType a_type, b_type; /* the product's operand types */
  bool a_unsigned, b_unsigned; /* integer operands zero-extended */
  /* Scalar zero points (nodes, -1: none): the product is
   * (A - a_zp)(B - b_zp) = AB - b_zp rowsum(A) - a_zp colsum(B)
   * + K a_zp b_zp, the sums computed by WMMAs against ones. */
  int a_zp, b_zp;
  MlirType acc_type;   /* the program's accumulation (output) type */
  MlirType kacc_type;  /* the kernel's accumulator: f32 for float
                          products (16-bit outputs round once at the end),
                          i32 for integer ones */
  int out_m, out_n, out_batch[FE_MAX_BATCH]; /* output dims of M, N,
                                                batch loops */
  /* No M loop (attention's query written without its token dimension,
   * q[h, d], as torch-mlir and IREE emit a decode step): M is a unit loop
   * m_loop one past the nest's loops that no buffer indexes (A's mem_row
   * and out_m are -1).  Only attention analyses its products so. */
  bool unit_m;
  /* A is 2:4 sparse along K (ProblemSparse.c): lhs.arg holds its
   * compressed values, argument a_index its index words.  transposed: the
   * source's B was the sparse operand, and the gemm is its transposed
   * product C^T = B^T A^T (lhs/rhs, M/N and the output's M/N dims
   * swapped: the output is written transposed). */
  bool a_sparse;
  int a_index;
  bool transposed;
} fe_gemm;

/* FE_SHAPE_VALU: one product no WMMA instruction takes (f32, f64, i32 or
 * mixed operands; a matrix-vector product, a dot product, M or N = 1),
 * computed with VALU multiply-adds (ProblemValu.c, Templates/Valu.c). */
typedef enum {
  FE_SHAPE_GEMM,
  FE_SHAPE_CHAIN,
  FE_SHAPE_ATTENTION,
  FE_SHAPE_ELEMENTWISE, /* no product, no reduction: the root evaluated at
                           every output element (ProblemElementwise.c) */
  FE_SHAPE_VALU,        /* one product without WMMA (see above) */
  FE_SHAPE_REDUCTION,   /* reductions, no product (ProblemReduction.c) */
  FE_SHAPE_DUAL,        /* two products of one A operand combined
                           elementwise, or 2-3 each written to its own
                           output (ProblemDual.c) */
} fe_shape;

/* Is the shape one the WMMA templates build (products)?  The others are
 * the templates without WMMA. */
static inline bool fe_shape_uses_wmma(fe_shape s) {
  return s == FE_SHAPE_GEMM || s == FE_SHAPE_CHAIN ||
         s == FE_SHAPE_ATTENTION || s == FE_SHAPE_DUAL;
}

#define FE_RED_MAX_AXES 3

/* A reduction function (ProblemReduction.c) in its row space: the output's
 * dimensions, plus the reduced ones when the output has none of them (a
 * row sum, a rank-0 result).  A "row" is one point of the other (outer)
 * dimensions; every reduction reduces the same axes of the row, in
 * dependency order (a variance after its mean). */
typedef struct {
  int rank;                  /* the row space */
  fe_size size[FE_MAX_LOOPS]; /* its dimensions' sizes */
  int naxes;
  int axis[FE_RED_MAX_AXES];  /* the reduced dims, outermost first */
  bool axis_in_output;       /* the output is indexed by the axes (a
                                softmax, a norm) or not (a sum) */
  int column;                /* column form: the outer dim lanes own (the
                                innermost in memory), or -1: row form
                                (lanes along the axis) */
  bool vectorizable;         /* row form, one axis innermost and
                                contiguous in every load and the output
                                that index it */
  int elem_bytes;            /* the widest element read along the axis */
  int root;                  /* the output's contents in the row space */
  int nreds;
  int order[FE_MAX_REDUCTIONS]; /* reductions in evaluation order */
  int value[FE_MAX_REDUCTIONS]; /* per reduction: its value and its start
                                   in the row space (-1: unused) */
  int init[FE_MAX_REDUCTIONS];
} fe_red_problem;

#define FE_MAX_OUTS 3 /* written buffers of one kernel (horizontal fusion) */
typedef struct {
  char name[128];      /* the function's symbol */
  MlirOperation func;  /* the caller-facing function (original) */
  MlirLocation loc;
  bool tensors;        /* the function works on tensors */
  int nargs;
  fe_arg args[FE_MAX_ARGS];
  int nsyms;
  fe_symbol syms[FE_MAX_SYMS];
  fe_graph g;
  fe_shape shape;
  int ngemms;
  fe_gemm gemms[FE_MAX_OUTS]; /* in dependency order; chain: gemms[1].lhs reads
                          the intermediate (gemms[0]); dual: both read
                          the same A, the root combines them */
  int inter;           /* chain: the intermediate (in gemms[0]'s output
                          space), already of gemms[1]'s input type */
  int out_arg;         /* the written buffer (the first of several) */
  int root;            /* its final contents (its own space) */
  /* Several written buffers (Q, K, V projections of one A): outs[0] is
   * out_arg, roots[0] root; each root reads products[i] only
   * (ProblemDual.c, fe_multi_problem). 1 for every other function. */
  int nouts, outs[FE_MAX_OUTS], roots[FE_MAX_OUTS];
  /* Which dimension of the output buffer (= the root's space) is the last
   * product's M, N and batch loops. */
  int out_space_m, out_space_n, out_space_batch[FE_MAX_BATCH];
  int nresults;        /* results of a tensor function */
  fe_red_problem red;  /* FE_SHAPE_REDUCTION */
  /* Attention (ProblemAttention.c): gemms[0] = Q x K^T, gemms[1] = P x V. */
  struct {
    int score;         /* the softmax input in the attention space */
    int rank;          /* that space: (query, key, batches...) */
    MlirType p_type;   /* P's type for P x V (f16 or bf16) */
    double max_init;   /* where the row maximum starts: -inf or the
                          finite constant the function starts it at */
  } att;
  /* VALU (ProblemValu.c): gemms[0] with m_loop and/or n_loop -1 when the
   * product has no such loop (its operands are evaluated per element, so
   * lhs/rhs hold only their nodes). */
  struct {
    MlirType acc;      /* the kernel's accumulator: f32, f64 or i32 */
    char why[FE_WHY];  /* why not WMMA (the remark) */
  } valu;
  /* A depthwise convolution with a channel multiplier: the WMMA analysis
   * took it (N = the multiplier) and so could the VALU template; the cost
   * rule chooses (Pass/DepthwiseChoice.c).  force_valu (set before
   * fe_problem_build) builds the VALU problem of the same function. */
  bool valu_alternative, force_valu;
} fe_problem;

/*===--- problem-stage helpers ------------------------------------------===*/
/* Problem.c: the views of product `prod` under node n (its FE_PRODUCT
 * nodes): the first one, whether they all have its map, and whether that
 * map is the identity. */
typedef struct {
  int prod;
  const fe_node *view;
  bool identity, one_map;
} fe_views;
fe_views fe_product_views(const fe_graph *g, int n, int prod);
/* Problem.c: the loop dims node n (in a loop space) references, a bit set. */
unsigned fe_used_dims(const fe_graph *g, int n);
/* Problem.c: product `prod` as gemm gm (operands read unless lhs_is_inter). */
int fe_analyze_gemm(const fe_problem *p, fe_gemm *gm, int prod,
                    bool lhs_is_inter, char *why, size_t cap);
/* The same for attention's products, which may lack an M loop (unit_m). */
int fe_analyze_attention_gemm(const fe_problem *p, fe_gemm *gm, int prod,
                              bool lhs_is_inter, char *why, size_t cap);
/* ProblemAttention.c: is the function attention (the last product's A operand a
 * softmax of the first product's scores)?  0 (p filled), or -1 with the
 * reason. */
int fe_attention_build(fe_problem *p, int last, int first, char *why,
                       size_t cap, MlirLocation *where);
/* ProblemDual.c: are the root's two products (n == 2) one A operand
 * times two B operands, combined elementwise?  0 (p->shape =
 * FE_SHAPE_DUAL, gemms[0..1] filled, *last the later product), or -1
 * with the reason. */
/* ProblemPad.c: operands read through a zero-padded copy (tensor.pad at
 * the end of the dims) become masked loads of the source; refused where
 * anything else reads the padding.  0, or -1 with why. */
int fe_padded_operands(fe_problem *p, char *why, size_t cap);
int fe_dual_problem(fe_problem *p, int *last, char *why, size_t cap,
                    MlirLocation *where);
/* ProblemDual.c: several outputs (p->nouts > 1), each the root of one
 * product of a shared A operand with its own per-element epilogue:
 * FE_SHAPE_DUAL with ngemms = nouts, gemms[i] output i's product, *last
 * gemms[0]'s.  0, or -1 with the reason. */
int fe_multi_problem(fe_problem *p, int *last, char *why, size_t cap,
                     MlirLocation *where);
/* ProblemElementwise.c: a root that reads no product and no reduction as
 * an elementwise problem.  0 (p filled), or -1 with the reason. */
int fe_elementwise_build(fe_problem *p, char *why, size_t cap,
                         MlirLocation *where);
/* ProblemValu.c: product `prod` (the only one) as a VALU problem, when
 * the WMMA analysis refused it with `why` (or preferred not to: M or N is
 * 1).  0 (p->shape = FE_SHAPE_VALU, gemms[0] filled), or -1 with why kept
 * and the VALU template's own obstacle appended. */
int fe_valu_problem(fe_problem *p, int prod, char *why, size_t cap);
/* ProblemVector.c: product `prod` (the only one), which has no M or no N
 * loop (a matrix-vector product), as a GEMM of one token (gemms[0] with
 * unit_m, the vector's buffer read through its row view) when an M = 1
 * matmul of its sizes would go to WMMA.  Is it taken?  (Declined at
 * run-time sizes, the reason is appended to why.) */
bool fe_vector_gemm(fe_problem *p, int prod, char *why, size_t cap);
/* ProblemVector.c: its output, N innermost, written as a one-row matrix
 * too (a row view, the root composed into the view's space).  0, or -1
 * with why. */
int fe_vector_output(fe_problem *p, char *why, size_t cap);
/* Is a WMMA GEMM better left to VALU (M or N statically 1)? */
bool fe_valu_prefers(const fe_gemm *gm, char *why, size_t cap);
/* ProblemReduction.c: a function whose result reads reductions (max, min,
 * sum) but no matrix product -- softmax, norms, sums.  0 (p filled), -1
 * refused with the reason, 1 if the function is not one. */
int fe_reduction_build(fe_problem *p, char *why, size_t cap,
                       MlirLocation *where);
/* The remark for reductions no template evaluates (-1, reason, where). */
int fe_refuse_reduction(const fe_problem *p, char *why, size_t cap,
                        MlirLocation *where);

/* ProblemZeroPoints.c: a contraction of integers shifted by scalar zero
 * points ((extsi(a) - a_zp) * (extsi(b) - b_zp), linalg.quantized_matmul
 * generalized) becomes one of the 8-bit (or 4-bit) operands with the zero
 * points recorded (fe_contraction.lhs_zp, rhs_zp). */
void fe_fold_zero_points(fe_graph *g, fe_contraction *c);

/* ProblemSparse.c: arguments of the caller 2:4 along their rows
 * (fe_is_two_of_four) become the compressed A of the one GEMM that reads
 * them (kernel arguments: values in place, index words appended).  0 (none,
 * or done), or -1 with the reason. */
int fe_sparse_operands(fe_problem *p, char *why, size_t cap,
                       MlirLocation *where);

/* ProblemPacked.c: is load x a matrix packed along K (integer elements
 * holding P >= 2 values of at least 4 bits each, its one divided dim
 * reading loop k_loop floordiv P)?  P, or 0. */
int fe_load_packed_along(const fe_node *x, int k_loop);

/* ProblemCollapse.c: a single product over several M, N or K loops that
 * are adjacent and in the same order in every buffer reading them, with
 * static sizes, becomes one over their innermost loop (the product of
 * their sizes) and loops of size 1, the buffers read through views
 * (fe_arg.collapsed).  Nothing changes when that is not so (the GEMM
 * analysis then takes an outer M or N loop as a batch loop, mmt4d's m1
 * and n1, or refuses the product with its reason). */
void fe_collapse_loops(fe_problem *p, int prod);

/* For layout refusals (ProblemViews.c): "(M, batch, K)", what each memory
 * dim of leaf x is (loop outer_k, if any, named "outer K"); and where the
 * misplaced batch dimension is, "the innermost position" or "position j"
 * (returning j). */
void fe_describe_dims(const fe_node *x, int row_loop, const char *row,
                      int col_loop, const char *col, int outer_k, char *buf,
                      size_t cap);
int fe_batch_position(const fe_node *x, int row_loop, int col_loop, int rank,
                      char *buf, size_t cap);

/* ProblemViews.c: the view of a buffer of `rank` dims whose dims `a` and
 * `b` (a matrix) must be its last two: perm (view dim i = memref dim
 * perm[i]), the other dims first in their order.  where says which
 * buffer and dims, for the reason.  0, or -1 with why when
 * no view can (the innermost dim is not in the matrix: rows would not be
 * contiguous; dynamic sizes: the view's strides would not be static). */
int fe_matrix_view(const fe_arg *arg, int a, int b, int8_t *perm,
                   const char *where, char *why, size_t cap);
/* The same for a depthwise convolution's output at run-time sizes: only
 * the matrix's strides (the sizes past its row dim) must be static; the
 * batch dims' may be run-time values (stores name the outermost dim:
 * kb_outer_dim). */
int fe_matrix_view_dynamic(const fe_arg *arg, int a, int b, int8_t *perm,
                           const char *where, char *why, size_t cap);
/* Makes operand views (fe_operand.permuted) the arguments' views, and the
 * output's when its matrix dims are not its last two.  0, or -1 with why. */
int fe_apply_views(fe_problem *p, char *why, size_t cap);
/* The output read through view perm: the root composed into the view's
 * space, the output's loads rewritten.  0, or -1 with why. */
int fe_output_view(fe_problem *p, const int8_t *perm, char *why, size_t cap);

/* ProblemTypes.c: 0 when the product's operand and accumulator types are
 * ones a WMMA takes, or -1 with why naming the types and the fix. */
int fe_check_product_types(const fe_problem *p, const fe_gemm *gm, char *why,
                           size_t cap);
/* ProblemTypes.c: an f32 operand converted from a type that the other
 * operand's 16-bit float type holds exactly becomes a conversion to that
 * type (i8 x f16 -> f32 as an f16 product).  0, or -1 when the graph is
 * full. */
int fe_narrow_mixed_operands(fe_graph *g, fe_contraction *c);

#endif /* WMMA_FRONTEND_PROBLEM_PROBLEM_H */
