/* Front end: linalg on memrefs -> one wmma kernel per recognised chain.
 *
 * Three steps, one file each:
 *  Analyze.c   reads a func.func with the C API and builds a dataflow
 *              description: every buffer's final contents as an expression
 *              DAG over function arguments (loads, scalars, constants,
 *              elementwise ops, products); then matches the supported
 *              patterns (fe_match).
 *  Emit.c      writes the kernel for a matched description as MLIR text, one
 *              emitter per construct (no user text is ever copied: names and
 *              types are regenerated from the validated description).
 *  LinalgToKernels.c  the pass: parse the kernel, replace the func.
 * Internal header (C11). */
#ifndef WMMA_FRONTEND_FRONTEND_H
#define WMMA_FRONTEND_FRONTEND_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "wmma/Layout/Layout.h"
#include "wmma/Support/CAPIUtil.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Waves per workgroup when the caller passes 0 (the pass option's default). */
#define FE_DEFAULT_WAVES 4
#define FE_MAX_NODES 512
#define FE_MAX_ARGS 32
#define FE_MAX_BUFFERS 64

typedef enum { FE_T_F16, FE_T_BF16, FE_T_F32 } fe_type;

typedef enum {
  FE_LOAD,   /* a memref function argument, read at the tile being computed */
  FE_CONST,  /* float constant */
  FE_SCALAR, /* scalar float function argument */
  FE_CAST,   /* arith.extf / arith.truncf: the node type is the target */
  FE_BINARY, /* arith.mulf/addf/subf/maximumf/minimumf */
  FE_MATMUL, /* linalg.matmul / linalg.batch_matmul: lhs x rhs + acc */
} fe_kind;

typedef enum { FE_MUL, FE_ADD, FE_SUB, FE_MAX, FE_MIN } fe_binop;

typedef struct {
  fe_kind kind;
  fe_type type;
  fe_binop op;  /* FE_BINARY */
  int a, b, c;  /* operands (FE_MATMUL: lhs, rhs, acc); -1 if none */
  int arg;      /* FE_LOAD / FE_SCALAR: function argument index */
  double value; /* FE_CONST */
  int lhs_t, rhs_t; /* FE_MATMUL: operand stored transposed in memory */
  int rank;         /* shape of the value (scalars: 0) */
  int64_t shape[3];
} fe_node;

typedef enum {
  FE_PAT_GEMM,           /* (d) one product + elementwise epilogue */
  FE_PAT_GEMM_MULMUL,    /* (c) the epilogue multiplies by loaded tensors */
  FE_PAT_GEMM_GEMM,      /* (a) chain, intermediate in registers */
  FE_PAT_GEMM_GEMM_LDS,  /* (a) chain whose intermediate is staged in LDS */
  FE_PAT_BATCH_GEMM_GEMM /* (b) batched chain, intermediate in LDS */
} fe_pattern;

typedef struct {
  int is_memref; /* else a scalar */
  fe_type elem;
  int rank;
  int64_t shape[3];
} fe_arg;

/* The recognised computation. */
typedef struct {
  fe_node nodes[FE_MAX_NODES];
  int nnodes;
  int nargs;
  fe_arg args[FE_MAX_ARGS];
  char name[128]; /* validated symbol name of the func */

  fe_pattern pattern;
  int out_arg;   /* the one memref argument written */
  int root;      /* its final contents */
  int p2;        /* the product feeding the root (the last one) */
  int p1;        /* the first product of a chain, or -1 */
  int inter;     /* lhs of p2 for a chain: the intermediate (input type) */
  fe_type in_type; /* product operand type (f16 / bf16) */
  int batched;
  int64_t batch, m, n, k;  /* p2: [batch] M x N, reduction K */
  int64_t k0, n0;          /* chain: p1 is M x N0 with reduction K0 (n0 == k) */
  /* Strategy, chosen by fe_plan (Emit.c). */
  int tiled;               /* single GEMM: 128x128x32 workgroup tiles */
  int rows_per_block;      /* LDS kernels: rows of the intermediate per WG */
  int64_t lds_bytes;
  int grid[3];
  int waves;
  const char *roles[FE_MAX_ARGS];
} fe_desc;

/* Analysis result: 1 recognised (desc filled), 0 not recognised (a remark
 * was emitted, func untouched), -1 recognised but not compilable (an error
 * was emitted). */
int fe_analyze(MlirOperation func, fe_desc *d);

/* Chooses the kernel strategy for the arch and checks resources (registers,
 * LDS); emits an error and returns -1 if nothing fits.  tiled: single GEMMs
 * whose shape allows it get the LDS-staged 128x128x32 workgroup tile
 * (always 4 waves; `waves` applies to the other strategies). */
int fe_plan(MlirOperation func, fe_desc *d, wmma_arch arch, int waves,
            int tiled);

/* MLIR text of `gpu.module @NAME_module [...] { gpu.func @NAME ... }`;
 * malloc'd, NULL on allocation failure. */
char *fe_emit_kernel(const fe_desc *d, const char *chip, wmma_arch arch);

/* Remarks come from the C++ shim: the C API has none (errors: wmma_error). */
void fe_remark(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
#ifdef __cplusplus
extern "C" {
#endif
void wmmaFrontEndEmitRemark(MlirLocation loc, const char *msg);
#ifdef __cplusplus
}
#endif

const char *fe_type_name(fe_type t);
const char *fe_pattern_name(fe_pattern p);

#endif /* WMMA_FRONTEND_FRONTEND_H */
