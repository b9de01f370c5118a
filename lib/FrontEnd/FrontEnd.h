/* Front end: linalg (on memrefs or tensors) -> one wmma kernel per
 * function, plus the host side that launches it.  Internal header (C11).
 *
 * The stages, one job per file:
 *  Normalize.c    upstream passes through the C API on a scratch copy of the
 *                 function: tensors bufferized, named ops generalized.
 *  Graph.c        the expression graph: nodes over index spaces with affine
 *                 (projected permutation) maps, hash-consed.
 *  Recognize.c    the normalized function -> graph: every buffer's final
 *                 contents as an expression; symbolic sizes.
 *  Problem.c      graph -> problem: contractions in dependency order with
 *                 their M/N/K/batch dims and operand layouts, the epilogue,
 *                 argument roles.
 *  Schedule.c     the chip parsed once, the schedule record, the cost rule.
 *  Template*.c    kernel templates: each says whether it applies (and why
 *                 not), plans its schedule and builds the kernel.
 *  Kernel*.c      what every template builds with: the gpu.module and
 *                 gpu.func, fat-buffer arguments, sizes, fragment loads,
 *                 epilogue evaluation, masked stores, the launch record.
 *  Host.c         the caller-facing function becomes a gpu.launch_func.
 *  LinalgToKernels.c  the pass.
 * Everything is built through the MLIR C API (wmma/Support/Builder.h); no
 * text is printed and parsed back.  No static state: the pass is reentrant. */
#ifndef WMMA_FRONTEND_FRONTEND_H
#define WMMA_FRONTEND_FRONTEND_H

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"
#include "wmma/Layout/Layout.h"
#include "wmma/Support/Builder.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FE_MAX_RANK 4    /* memref rank */
#define FE_MAX_LOOPS 6   /* loops of a linalg.generic */
#define FE_MAX_ARGS 32   /* kernel arguments */
#define FE_MAX_SYMS 16   /* run-time size symbols */
#define FE_MAX_PRODUCTS 4
#define FE_DEFAULT_WAVES 4
#define FE_WHY 512       /* bytes of a refusal reason */

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
                 product: a max or a sum over some loops of an expression */
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
  const char *name;        /* FE_OP: interned op name ("arith.addf") */
  int64_t pred;            /* FE_OP compares: predicate; -1 if none */
  int nops;
  int ops[3];              /* FE_OP operands */
  double fval;             /* FE_CONST (floats) */
  int64_t ival;            /* FE_CONST (integers) */
  MlirLocation loc;        /* where the value comes from */
} fe_node;

/* One contraction: out[o] = acc[o] + sum over reduction loops of
 * lhs[loops] * rhs[loops], in the accumulation type. */
typedef struct {
  int nloops;
  bool reduction[FE_MAX_LOOPS];
  fe_size loop_size[FE_MAX_LOOPS];
  int nout;
  int out_dims[FE_MAX_RANK]; /* output dim i <- loop out_dims[i] */
  int lhs, rhs;              /* nodes in the loop space (before the
                                extension to the accumulation type) */
  bool lhs_unsigned, rhs_unsigned; /* integer operands zero-extended */
  int acc;                   /* node in the output space */
  MlirType acc_type;         /* accumulation (= output element) type */
  MlirLocation loc;
} fe_contraction;

/* One reduction (not a contraction): out[o] = combine over the reduced
 * loops of value[loops], starting from init -- the max and the sum of a
 * softmax. */
typedef struct {
  int nloops;
  bool reduction[FE_MAX_LOOPS];
  fe_size loop_size[FE_MAX_LOOPS];
  int nout;
  int out_dims[FE_MAX_RANK]; /* output dim i <- loop out_dims[i] */
  int value;                 /* node in the loop space */
  int init;                  /* node in the output space */
  const char *combine;       /* "arith.maximumf", "arith.maxnumf", "arith.addf" */
  MlirType type;
  MlirLocation loc;
} fe_reduction;

#define FE_MAX_REDUCTIONS 8

typedef struct {
  fe_node *nodes;
  int nnodes, cap;
  fe_contraction prods[FE_MAX_PRODUCTS];
  int nprods;
  fe_reduction reds[FE_MAX_REDUCTIONS];
  int nreds;
  int *hash; /* open addressing over nodes, hcap slots (-1 empty) */
  int hcap;
} fe_graph;

void fe_graph_init(fe_graph *g);
void fe_graph_free(fe_graph *g);
/* Interns the node (hash-consed); -1 on allocation failure. */
int fe_node_add(fe_graph *g, const fe_node *n);
/* The node n (in a space of rank n.rank) seen from a space of rank `rank`
 * through map (n's space dim i <- new space dim map[i]). */
int fe_compose(fe_graph *g, int n, int rank, const int8_t *map);
/* The elementwise op `name` on operands (same space). */
/* Does n read, through elementwise ops, a node of `kind` (FE_PRODUCT or
 * FE_REDUCE) -- with index >= 0, that product or reduction? */
bool fe_reads(const fe_graph *g, int n, fe_kind kind, int index);
/* Does load x read divided indices (fe_node.div)? */
bool fe_load_grouped(const fe_node *x);
int fe_op(fe_graph *g, const char *name, MlirType type, int nops,
          const int *ops, int64_t pred, MlirLocation loc);
int fe_const_float(fe_graph *g, MlirType type, double v, int rank);
bool fe_is_zero(const fe_graph *g, int n);
/* Interned op name for FE_OP (NULL if the op is not elementwise arith/math
 * the kernels can evaluate). */
const char *fe_elementwise_name(MlirOperation op);

/*===--- the problem ------------------------------------------------------===*/
typedef enum { FE_ARG_INPUT, FE_ARG_OUTPUT, FE_ARG_INOUT } fe_role;

typedef struct {
  bool is_buffer;
  MlirType type;      /* kernel argument type (memref or scalar) */
  MlirType elem;
  int rank;
  fe_size shape[FE_MAX_RANK];
  int host;           /* caller argument index, or -1 - r for result r */
  fe_role role;
  MlirLocation loc;   /* the caller argument's location (carries its name) */
} fe_arg;

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
  int mem_batch[2];    /* memref dims of the batch loops (-1: broadcast) */
  bool k_contiguous;   /* K is the innermost memref dimension */
  bool is_load;        /* node is a plain load (no prologue) */
  /* The product's loop space, where node lives: its rank, the operand's
   * row and K loops, the batch loops, and K's size. */
  int space_rank, row_loop, k_loop;
  int batch_loop[2];
  fe_size K;
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
  int batch_loop[2];
  fe_size M, N, K, batch[2];
  fe_operand lhs, rhs; /* lhs: A (M x K), rhs: B (K x N) */
  int acc;             /* initial accumulator (output space of prod) */
  MlirType in_type;    /* A/B element type after any prologue (A's when
                          the two differ, as fp8 x bf8 products do) */
  MlirType a_type, b_type; /* the product's operand types */
  bool a_unsigned, b_unsigned; /* integer operands zero-extended */
  MlirType acc_type;   /* the program's accumulation (output) type */
  MlirType kacc_type;  /* the kernel's accumulator: f32 for float
                          products (16-bit outputs round once at the end),
                          i32 for integer ones */
  int out_m, out_n, out_batch[2]; /* output dims of M, N, batch loops */
} fe_gemm;

typedef enum { FE_SHAPE_GEMM, FE_SHAPE_CHAIN, FE_SHAPE_ATTENTION } fe_shape;

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
  fe_gemm gemms[2];    /* in dependency order; chain: gemms[1].lhs reads
                          the intermediate (gemms[0]) */
  int inter;           /* chain: the intermediate (in gemms[0]'s output
                          space), already of gemms[1]'s input type */
  int out_arg;         /* the one written buffer */
  int root;            /* its final contents (its own space) */
  /* Which dimension of the output buffer (= the root's space) is the last
   * product's M, N and batch loops. */
  int out_space_m, out_space_n, out_space_batch[2];
  int nresults;        /* results of a tensor function */
  /* Attention (Attention.c): gemms[0] = Q x K^T, gemms[1] = P x V. */
  struct {
    int score;         /* the softmax input in the attention space */
    int rank;          /* that space: (query, key, batches...) */
    MlirType p_type;   /* P's type for P x V (f16 or bf16) */
  } att;
} fe_problem;

/*===--- recognition -----------------------------------------------------===*/
/* Normalizes a scratch copy of func with upstream passes; returns the
 * normalized func.func (owned by *scratch, destroy with mlirOperationDestroy
 * on *scratch), or a null op with a reason in why. */
MlirOperation fe_normalize(MlirOperation func, MlirOperation *scratch,
                           char *why, size_t cap);
/* Reads the normalized function into p's graph, arguments and symbols.
 * 0, or -1 with a reason (and its location) in why/where. */
int fe_recognize(MlirOperation norm, MlirOperation func, fe_problem *p,
                 char *why, size_t cap, MlirLocation *where);
/* Graph -> GEMMs / chain, epilogue, roles.  0, or -1 with a reason. */
int fe_problem_build(fe_problem *p, char *why, size_t cap,
                     MlirLocation *where);
void fe_problem_free(fe_problem *p);
/* Problem.c: product `prod` as gemm gm (operands read unless lhs_is_inter). */
int fe_analyze_gemm(const fe_problem *p, fe_gemm *gm, int prod,
                    bool lhs_is_inter, char *why, size_t cap);
/* Attention.c: is the function attention (the last product's A operand a
 * softmax of the first product's scores)?  0 (p filled), or -1 with the
 * reason. */
int fe_attention_build(fe_problem *p, int last, int first, char *why,
                       size_t cap, MlirLocation *where);
/* The remark for reductions no template evaluates (-1, reason, where). */
int fe_refuse_reduction(const fe_problem *p, char *why, size_t cap,
                        MlirLocation *where);

/*===--- schedules ----------------------------------------------------------===*/
typedef enum { FE_STAGE_REGS, FE_STAGE_LDS } fe_staging;

/* The options of the pass that reach the templates. */
typedef struct {
  int waves;            /* waves per workgroup where a template lets the
                           user choose */
  wmma_staging staging; /* forced staging, or the cost rule's (auto) */
  int tile_m, tile_n;   /* forced workgroup tile of single GEMMs, or 0 */
  wmma_accumulate accumulate; /* 16-bit outputs: wide or native */
  bool no_packing;            /* RDNA3 16-bit accumulators unpacked */
} fe_options;

/* One grid dimension: the product of ceil(size / div) over its terms. */
typedef struct {
  int nterms;
  struct {
    fe_size size;
    int64_t div;
  } t[3];
} fe_grid_dim;

/* One kernel's schedule: small, typed, chosen by a template's cost rule. */
typedef struct {
  const char *template_name;
  wmma_instr instr;       /* the products' WMMA instruction */
  fe_staging staging;
  int tile_m, tile_n;     /* workgroup output tile */
  int waves_m, waves_n;   /* wave grid */
  int wave_m, wave_n;     /* 16x16 WMMA tiles per wave */
  int k_step;             /* K per main-loop step */
  int stages;             /* LDS buffers (ping-pong: 2) */
  bool k_tail, m_tail, n_tail; /* tails possible (masked code is built) */
  int rows_per_block;     /* chain in LDS: intermediate rows per workgroup */
  int64_t lds_bytes;
  int vgprs;              /* estimated VGPRs per lane (budget check) */
  double cost;            /* the cost rule's value (lower is better) */
  fe_grid_dim grid[3];    /* workgroups in x, y, z */
  int threads;            /* per workgroup (x) */
} fe_schedule;

int fe_waves(const fe_schedule *s);
/* The cost rule (Schedule.c): sizes for estimates, and the cost of a grid
 * issuing `wmma` WMMAs and requesting `bytes` from `workgroups`. */
int64_t fe_estimate(fe_size s);
double fe_cost(const wmma_chip_info *chip, double workgroups, double wmma,
               double bytes);
/* VGPRs a wave may use without spilling (wave32). */
#define FE_VGPR_BUDGET 256

/*===--- kernel building ------------------------------------------------------===*/
struct fe_kb;
typedef struct {
  const char *name;
  /* 0 if the template applies (schedule planned), else -1 with why. */
  int (*plan)(const fe_problem *p, const wmma_chip_info *chip,
              const fe_options *o, fe_schedule *s, char *why, size_t cap);
  /* Builds the kernel body; 0 or -1 (internal error). */
  int (*build)(struct fe_kb *kb);
} fe_template;

extern const fe_template fe_template_gemm;
extern const fe_template fe_template_attention;
extern const fe_template fe_template_chain_regs;
extern const fe_template fe_template_chain_lds;

/* Picks the cheapest applicable template; -1 with every template's reason
 * (one line each) in why if none applies. */
int fe_select(const fe_problem *p, const wmma_chip_info *chip,
              const fe_options *o, const fe_template **t, fe_schedule *s,
              char *why, size_t cap);

/* Builds the gpu.module with the kernel (before func in its block) and
 * returns the kernel gpu.func; null on an internal error. */
MlirOperation fe_build_kernel(MlirOperation func, const fe_problem *p,
                              const fe_template *t, const fe_schedule *s,
                              const fe_options *o,
                              const wmma_chip_info *chip,
                              MlirOperation *gpu_module);
/* Rewrites the caller-facing function to launch the kernel. */
int fe_build_host(MlirOperation func, const fe_problem *p,
                  const fe_schedule *s, MlirOperation gpu_module,
                  MlirOperation kernel);

/*===--- diagnostics -----------------------------------------------------===*/
#ifdef __cplusplus
extern "C" {
#endif
void wmmaFrontEndEmitRemark(MlirLocation loc, const char *msg);
#ifdef __cplusplus
}
#endif
void fe_remark(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* snprintf into why (appending when append is set). */
int fe_why(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void fe_type_str(MlirType t, char *buf, size_t cap);
/* Bytes an element of t takes in memory: sub-byte types (i4) one each, as
 * MLIR addresses them. */
int fe_storage_bytes(MlirType t);

#endif /* WMMA_FRONTEND_FRONTEND_H */
