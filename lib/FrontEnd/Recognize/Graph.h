/* The expression graph the recogniser builds (Graph.c): every buffer's
 * contents as nodes over index spaces with affine maps, hash-consed (a DAG:
 * walk it with a visited set), with the contractions and reductions it
 * contains.  Sizes are static or run-time symbols. */
#ifndef WMMA_FRONTEND_RECOGNIZE_GRAPH_H
#define WMMA_FRONTEND_RECOGNIZE_GRAPH_H

#include "Common/Diag.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"
#include "wmma/Support/Builder.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FE_MAX_RANK 6    /* memref rank (a grouped 3-D convolution's NGCDHW) */
#define FE_MAX_LOOPS 7   /* loops of a linalg.generic (batch_mmt4d) */
#define FE_MAX_SYMS 16   /* run-time size symbols */
#define FE_MAX_PRODUCTS 4
/* A map entry that is no space dimension but a constant index (FE_LOAD:
 * fe_node.fixed; compositions: the `fixed` argument). */
#define FE_MAP_FIXED (-1)

/*===--- sizes -----------------------------------------------------------===*/
/* A dimension size: static (value >= 0) or run-time symbol `sym`. */
typedef struct {
  int64_t value; /* -1: dynamic */
  int sym;
} fe_size;

static inline bool fe_size_static(fe_size s) { return s.value >= 0; }
static inline fe_size fe_static(int64_t v) { return (fe_size){v, -1}; }

/* A run-time size symbol: dimension `dim` of kernel argument `arg`. */
typedef struct {
  int arg, dim;
} fe_symbol;

/*===--- the expression graph -------------------------------------------===*/
typedef enum {
  FE_LOAD,    /* buffer argument `arg` at map (memref dim i <- space dim) */
  FE_CONST,   /* scalar constant */
  FE_SCALAR,  /* scalar function argument `arg` */
  FE_INDEX,   /* linalg.index: space dimension `dim` */
  FE_OP,      /* elementwise arith/math op `name` on operands a, b, c */
  FE_PRODUCT, /* contraction `product` at map (output dim i <- space dim) */
  FE_REDUCE,  /* reduction `product` (an index into reds) at map, like a
                 product: a max, a min or a sum over some loops of an
                 expression */
  FE_GATHER,  /* buffer argument `arg` (its own contents, never written in
                 the function) read at the index values ops[0 .. nops-1]
                 (nodes of this space, one per memref dim), each clamped
                 into 0 .. size - 1: torch-mlir's embedding / index_select
                 (Kernel/Eval.c) */
} fe_kind;

typedef struct {
  fe_kind kind;
  MlirType type; /* scalar element type of the value */
  int rank;      /* rank of the index space the node lives in */
  int arg;       /* FE_LOAD, FE_SCALAR */
  int product;   /* FE_PRODUCT */
  int dim;       /* FE_INDEX */
  int nmap;
  int8_t map[FE_MAX_RANK]; /* FE_LOAD, FE_PRODUCT */
  int32_t div[FE_MAX_RANK]; /* FE_LOAD: memref dim j reads space dim map[j]
                               floordiv div[j] (0: the index itself) --
                               group-wise scales, s[k floordiv 128][n] */
  int32_t fixed[FE_MAX_RANK]; /* FE_LOAD: where map[j] is FE_MAP_FIXED,
                                 memref dim j reads the constant index
                                 fixed[j] (a bias memref<1xN> read at
                                 (0, n)); 0 elsewhere */
  int im2col;              /* FE_LOAD: 0, or 1 + the convolution
                              (fe_graph.convs) whose input this load
                              gathers as its implicit-GEMM A matrix:
                              map[j] names the space loop of the output
                              pixel (batch, spatial dims) or K (channel
                              dim) memref dim j follows; the addresses are
                              the convolution's (Kernel/ConvLoad.c) */
  int kremap;              /* FE_LOAD: 0, or 1 + the convolution whose
                              filter this load reads (through its [K][F]
                              view) at K ordered by padded runs
                              (fe_conv.kpad) */
  const char *name;        /* FE_OP: interned op name ("arith.addf"), the
                              elementwise table's (ElementwiseOps.def) */
  int64_t pred;            /* FE_OP compares: predicate; -1 if none */
  MlirAttribute attrs;     /* FE_OP: the attributes the kernel's op gets
                              (a dictionary: fastmath, overflow flags,
                              ...; defaults left out), or null */
  int nops;
  int ops[3];              /* FE_OP operands; FE_GATHER indices */
  double fval;             /* FE_CONST (floats) */
  int64_t ival;            /* FE_CONST (integers) */
  MlirLocation loc;        /* where the value comes from */
} fe_node;

/* The loops of a contraction or a reduction: which reduce, their sizes,
 * and the loops the output's dimensions run over. */
typedef struct {
  int nloops;
  bool reduction[FE_MAX_LOOPS];
  fe_size loop_size[FE_MAX_LOOPS];
  int nout;
  int out_dims[FE_MAX_RANK]; /* output dim i <- loop out_dims[i] */
} fe_loop_nest;

/* One contraction: out[o] = acc[o] + sum over reduction loops of
 * lhs[loops] * rhs[loops], in the accumulation type. */
typedef struct {
  fe_loop_nest nest;
  int lhs, rhs;              /* nodes in the loop space (before the
                                extension to the accumulation type) */
  bool lhs_unsigned, rhs_unsigned; /* integer operands zero-extended */
  /* Zero points (linalg.quantized_matmul: (a - a_zp) * (b - b_zp)), folded
   * by the problem stage: scalar nodes (in the loop space, reading no
   * loop) subtracted from the widened lhs/rhs, or -1 (Problem/
   * ProblemZeroPoints.c). */
  int lhs_zp, rhs_zp;
  int acc;                   /* node in the output space */
  MlirType acc_type;         /* accumulation (= output element) type */
  /* A pooling (Recognize/RecognizePool.c): out[o] = combine over the
   * reduction loops of lhs, starting from acc -- no multiplication; rhs
   * is then linalg.index of the K loop, never evaluated, so that the
   * loop roles see K shared and every other loop as lhs's alone (M).
   * NULL: out = acc + sum of lhs * rhs. */
  const char *combine;       /* arith.{maximumf,maxnumf,minimumf,minnumf,
                                addf,addi,maxsi,minsi,maxui,minui} */
  MlirLocation loc;
} fe_contraction;

/* One reduction (not a contraction): out[o] = combine over the reduced
 * loops of value[loops], starting from init -- the max and the sum of a
 * softmax, a norm's mean. */
typedef struct {
  fe_loop_nest nest;
  int value;                 /* node in the loop space */
  int init;                  /* node in the output space */
  const char *combine;       /* arith.{maximumf,maxnumf,minimumf,minnumf,
                                addf,addi,maxsi,minsi} */
  MlirType type;
  MlirLocation loc;
} fe_reduction;

#define FE_MAX_REDUCTIONS 8

/* A convolution seen as an implicit GEMM (Recognize/RecognizeConv.c): its
 * loop space is the output's dims (in the output's order) and one K loop
 * (the last), which runs over the filter's reduced dims collapsed in the
 * filter's memory order (outermost first).  The input (an FE_LOAD with
 * im2col set) is read at
 *   input[j] = stride[j] * pixel(j) + offset[j] + sum over K components c
 *              of dim j of kmul(c) * index(c)
 * where pixel(j) is the output loop map[j] (0 for the channel dim); a
 * filter tap the filter reads flipped (its map `size - 1 - tap`, a data
 * gradient's) has kmul -dilation and adds dilation * (size - 1) to
 * offset. */
#define FE_CONV_MAX_K 4
#define FE_MAX_CONVS 2
typedef struct {
  int arg;                      /* the input buffer argument */
  int rank;                     /* its rank */
  int nk;                       /* K components, outermost first */
  int8_t kdim[FE_CONV_MAX_K];   /* the input dim each moves */
  int64_t ksize[FE_CONV_MAX_K]; /* its size */
  int64_t kmul[FE_CONV_MAX_K];  /* its step there: the dilation of a filter
                                   tap (negated if flipped), 1 for the
                                   channel */
  int64_t offset[FE_MAX_RANK];  /* per input dim: flipped taps' start */
  int64_t stride[FE_MAX_RANK];  /* per input dim: its output loop's step
                                   (spatial: the stride; batch 1; channel
                                   0: it follows K only) */
  int npix;                     /* output pixel loops (all but the output
                                   channel), in space order */
  int8_t pix_loop[FE_MAX_RANK];
  fe_size pix_size[FE_MAX_RANK]; /* their sizes (before any collapse;
                                    batch and spatial ones may be
                                    run-time sizes) */
  int nbdims;                   /* input dims read at a loop the GEMM
                                   batches over: the group of a grouped
                                   convolution; the batch when the output
                                   does not hold it next to the pixels
                                   (NCHW; the load's map reads it at 0) */
  int8_t bdim[2], bloop[2];     /* the input dim, its space loop */
  int64_t K;                    /* product of ksize */
  /* Zero padding (a tensor.pad feeding the input): the input is read at
   * the index above minus pad_lo, elements outside 0 .. in_size - 1 are
   * zero (masked loads, no padded copy). */
  bool padded;
  bool pad_dim[FE_MAX_RANK];    /* the dims with a border to check */
  int64_t pad_lo[FE_MAX_RANK];
  int pad_lo_node[FE_MAX_RANK]; /* 1 + the scalar (index) node of a
                                   run-time low padding, 0: pad_lo */
  fe_size in_size[FE_MAX_RANK]; /* the unpadded input's sizes */
  int64_t pad_step[FE_MAX_RANK]; /* > 1: zeros between the input's
                                    elements too (lhs dilation: padded
                                    index x reads input x / step where
                                    step divides x) */
  int pad_value;                /* 1 + the scalar constant node the border
                                   reads (a max pooling's -inf), 0: zero */
  /* K ordered by padded runs (a first layer's kw x c, 21 contiguous
   * elements of an input row, padded to 32): K index k is the filter's
   * (k / kpad) * krun + k % kpad, nothing (zeros) where k % kpad >= krun;
   * the product's K is ksize[0] * kpad.  0: K as the filter orders it. */
  int64_t kpad, krun;
  int chan;                     /* the input's channel dim, or -1
                                   (depthwise: the channel is a group) */
  int kloop;                    /* the space's K loop */
} fe_conv;

typedef struct {
  fe_node *nodes;
  int nnodes, cap;
  fe_contraction prods[FE_MAX_PRODUCTS];
  int nprods;
  fe_reduction reds[FE_MAX_REDUCTIONS];
  int nreds;
  fe_conv convs[FE_MAX_CONVS];
  int nconvs;
  int *hash; /* open addressing over nodes, hcap slots (-1 empty) */
  int hcap;
} fe_graph;

void fe_graph_init(fe_graph *g);
void fe_graph_free(fe_graph *g);
/* A node of `kind`, zeroed (hash-consing compares whole nodes), its
 * fields for other kinds -1 (arg, product, dim, pred). */
fe_node fe_node_blank(fe_kind kind, MlirType type, int rank);
/* Interns the node (hash-consed); -1 on allocation failure. */
int fe_node_add(fe_graph *g, const fe_node *n);
/* Every view of contraction `prod` becomes a view of reduction `red`
 * (the same output space and map): a sum of elementwise products that is
 * no matrix product.  0, or -1 out of memory. */
int fe_retarget_product(fe_graph *g, int prod, int red);
/* The node n (in a space of rank n.rank) seen from a space of rank `rank`
 * through map (n's space dim i <- new space dim map[i]). */
int fe_compose(fe_graph *g, int n, int rank, const int8_t *map);
/* fe_compose where map[i] may be FE_MAP_FIXED: n's space dim i is then the
 * constant fixed[i] (loads read the constant index, linalg.index becomes
 * that constant).  -1 out of memory; -2 if n reads a product or reduction
 * at such a dimension (one element of a tile's product: not evaluated). */
int fe_compose_fixed(fe_graph *g, int n, int rank, const int8_t *map,
                     const int32_t *fixed);
/* fe_compose_fixed where n's space dim i is new dim map[i] floordiv div[i]
 * (div[i] 0: undivided; a KV head h floordiv G): loads read divided
 * indices (divisions of divisions multiply).  -2 also if n reads a
 * product, a reduction or linalg.index at a divided dimension. */
int fe_compose_divided(fe_graph *g, int n, int rank, const int8_t *map,
                       const int32_t *fixed, const int32_t *div);
/* Every load of buffer argument `arg` now reads a view of it whose dim i
 * is the memref's dim perm[i] (memref.transpose): its map, divisions and
 * constants are permuted in place (node ids stay valid).  -1 out of
 * memory. */
int fe_graph_permute_loads(fe_graph *g, int arg, const int8_t *perm);
/* Every load of buffer argument `arg` now reads a view of it with a unit
 * dimension inserted at memref dim `at`, read at 0.
 * -1 out of memory. */
int fe_graph_insert_unit_dim(fe_graph *g, int arg, int at);
/* Does load x read some memref dim at a constant index? */
bool fe_load_fixed(const fe_node *x);

/*===--- walking the graph (GraphWalk.c) --------------------------------===*/
/* What a walk's callback asks of it. */
typedef enum {
  FE_WALK_NEXT, /* go on (from pre: into the node's operands) */
  FE_WALK_SKIP, /* from pre: not into this node's operands (no post) */
  FE_WALK_STOP, /* end the walk: fe_graph_visit returns 1 */
} fe_walk;

/* The edges a walk follows besides an FE_OP's operands (which it always
 * follows): into a product's operands (nodes of its loop space), its
 * accumulator (a node of its output space), a reduction's value and init.
 * Without them a walk stops at products and reductions. */
enum {
  FE_WALK_PRODUCT_OPERANDS = 1u << 0,
  FE_WALK_PRODUCT_ACC = 1u << 1,
  FE_WALK_REDUCTIONS = 1u << 2,
};
#define FE_WALK_PRODUCTS (FE_WALK_PRODUCT_OPERANDS | FE_WALK_PRODUCT_ACC)

typedef fe_walk (*fe_visit_fn)(const fe_graph *g, int n, void *ud);

/* Depth first from root, operands in order, each node at most once (a
 * visited set per call: linear in the graph, however much it shares).
 * pre(n) when n is first reached, post(n) once every node under n is done
 * (post order: a node's operands are done before it, so post can combine
 * per-node results the caller keeps in ud).  Either may be NULL.  1 if a
 * callback stopped the walk, 0 at its end, -1 out of memory. */
int fe_graph_visit(const fe_graph *g, int root, unsigned flags,
                   fe_visit_fn pre, fe_visit_fn post, void *ud);
/* Does n read, through elementwise ops, a node of `kind` (FE_PRODUCT or
 * FE_REDUCE) -- with index >= 0, that product or reduction? */
bool fe_reads(const fe_graph *g, int n, fe_kind kind, int index);
/* Does n read buffer argument `arg` (following `flags`)? */
bool fe_reads_arg(const fe_graph *g, int n, int arg, unsigned flags);
/* Does n read node m (n itself included), through elementwise ops? */
bool fe_reads_node(const fe_graph *g, int n, int m);
/* Does n read, through anything, a load at a constant index
 * (FE_MAP_FIXED)?  Only the WMMA templates address those. */
bool fe_reads_fixed(const fe_graph *g, int n);
/* Does load x read divided indices (fe_node.div)? */
bool fe_load_grouped(const fe_node *x);
/* The elementwise op `name` on operands (same space), with its compare
 * predicate (-1: none) and attributes (null: none). */
int fe_op(fe_graph *g, const char *name, MlirType type, int nops,
          const int *ops, int64_t pred, MlirAttribute attrs,
          MlirLocation loc);
int fe_const_float(fe_graph *g, MlirType type, double v, int rank);
bool fe_is_zero(const fe_graph *g, int n);

#endif /* WMMA_FRONTEND_RECOGNIZE_GRAPH_H */
