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

typedef enum {
  FE_SHAPE_GEMM,
  FE_SHAPE_CHAIN,
  FE_SHAPE_ATTENTION,
  FE_SHAPE_REDUCTION, /* reductions, no product (ProblemReduction.c) */
} fe_shape;

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
  fe_red_problem red;  /* FE_SHAPE_REDUCTION */
  /* Attention (ProblemAttention.c): gemms[0] = Q x K^T, gemms[1] = P x V. */
  struct {
    int score;         /* the softmax input in the attention space */
    int rank;          /* that space: (query, key, batches...) */
    MlirType p_type;   /* P's type for P x V (f16 or bf16) */
  } att;
} fe_problem;

/*===--- problem-stage helpers ------------------------------------------===*/
/* Problem.c: product `prod` as gemm gm (operands read unless lhs_is_inter). */
int fe_analyze_gemm(const fe_problem *p, fe_gemm *gm, int prod,
                    bool lhs_is_inter, char *why, size_t cap);
/* ProblemAttention.c: is the function attention (the last product's A operand a
 * softmax of the first product's scores)?  0 (p filled), or -1 with the
 * reason. */
int fe_attention_build(fe_problem *p, int last, int first, char *why,
                       size_t cap, MlirLocation *where);
/* ProblemReduction.c: a function whose result reads reductions (max, min,
 * sum) but no matrix product -- softmax, norms, sums.  0 (p filled), -1
 * refused with the reason, 1 if the function is not one. */
int fe_reduction_build(fe_problem *p, char *why, size_t cap,
                       MlirLocation *where);
/* Problem.c: the loops node n (in a loop space) reads, as a bit set. */
unsigned fe_used_dims(const fe_graph *g, int n);
/* The remark for reductions no template evaluates (-1, reason, where). */
int fe_refuse_reduction(const fe_problem *p, char *why, size_t cap,
                        MlirLocation *where);

#endif /* WMMA_FRONTEND_PROBLEM_PROBLEM_H */
