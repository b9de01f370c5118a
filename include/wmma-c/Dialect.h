/* C API of the wmma dialect: registration handle and attribute access.
 * Everything the C passes need to read or build wmma IR. */
#ifndef WMMA_C_DIALECT_H
#define WMMA_C_DIALECT_H

#include "wmma-c/Support.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"
#include "wmma/Layout/Layout.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(WMMA, wmma);

/* Registers the wmma dialect and everything its lowering produces (arith,
 * vector, memref, llvm, rocdl, gpu, func, scf) into a registry. */
WMMA_CAPI_EXPORTED void wmmaRegisterDialects(MlirDialectRegistry registry);

/*--- #wmma.atom ---------------------------------------------------------*/
WMMA_CAPI_EXPORTED bool wmmaAttributeIsAAtom(MlirAttribute attr);
/* Returns a null attribute (and emits nothing) if the parameters do not name
 * an instruction; check with wmma_atom_check first for a message. */
WMMA_CAPI_EXPORTED MlirAttribute wmmaAtomAttrGet(
    MlirContext ctx, wmma_arch arch, unsigned m, unsigned n, unsigned k,
    MlirType aType, MlirType bType, MlirType accType, bool signA, bool signB,
    bool clamp, unsigned opsel);
WMMA_CAPI_EXPORTED wmma_arch wmmaAtomAttrGetArch(MlirAttribute attr);
WMMA_CAPI_EXPORTED MlirType wmmaAtomAttrGetAType(MlirAttribute attr);
WMMA_CAPI_EXPORTED MlirType wmmaAtomAttrGetBType(MlirAttribute attr);
WMMA_CAPI_EXPORTED MlirType wmmaAtomAttrGetAccType(MlirAttribute attr);
/* Fills the layout engine's description; false if attr is not an atom or its
 * element types are not WMMA types. */
WMMA_CAPI_EXPORTED bool wmmaAtomAttrGetDesc(MlirAttribute attr,
                                            wmma_atom_desc *desc);
/* The instruction the atom names (WMMA_INSTR_COUNT if attr is not an atom,
 * or a sparse one). */
WMMA_CAPI_EXPORTED wmma_instr wmmaAtomAttrGetInstr(MlirAttribute attr);
/* A sparse atom (v_swmmac, RDNA4): null if the parameters name no sparse
 * instruction (wmma_sparse_atom_check says why). */
WMMA_CAPI_EXPORTED MlirAttribute wmmaSparseAtomAttrGet(
    MlirContext ctx, wmma_arch arch, unsigned m, unsigned n, unsigned k,
    MlirType aType, MlirType bType, MlirType accType, bool signA, bool signB,
    bool clamp);
/* The sparse instruction a sparse atom names; WMMA_SPARSE_COUNT otherwise. */
WMMA_CAPI_EXPORTED wmma_sparse_instr
wmmaAtomAttrGetSparseInstr(MlirAttribute attr);

/*--- #wmma.frag ---------------------------------------------------------*/
WMMA_CAPI_EXPORTED bool wmmaAttributeIsAFrag(MlirAttribute attr);
WMMA_CAPI_EXPORTED MlirAttribute wmmaFragAttrGet(MlirContext ctx,
                                                 wmma_matrix operand,
                                                 wmma_layout_kind layout,
                                                 bool transposed,
                                                 MlirAttribute atom);
WMMA_CAPI_EXPORTED MlirAttribute wmmaFragAttrGetAtom(MlirAttribute attr);
/* Fills the layout engine's description (arch, instr, matrix, layout,
 * opsel from the atom, transposed). */
WMMA_CAPI_EXPORTED bool wmmaFragAttrGetDesc(MlirAttribute attr,
                                            wmma_frag_desc *desc);
/* The builtin vector type of a fragment in this layout. */
WMMA_CAPI_EXPORTED MlirType wmmaFragAttrGetVectorType(MlirAttribute attr);

/*--- #wmma.operand (the role attribute of wmma.expand) ------------------*/
WMMA_CAPI_EXPORTED bool wmmaAttributeIsAOperand(MlirAttribute attr);
/* The role as a layout-engine matrix; WMMA_MATRIX_COUNT if attr is not one. */
WMMA_CAPI_EXPORTED wmma_matrix wmmaOperandAttrGetValue(MlirAttribute attr);
WMMA_CAPI_EXPORTED MlirAttribute wmmaOperandAttrGet(MlirContext ctx,
                                                    wmma_matrix role);

/*--- gpu.module targets -------------------------------------------------*/
/* The chip of the first #rocdl.target of a gpu.module (the chip the op
 * verifiers check atoms against), NUL-terminated into chip[0..cap), truncated
 * if longer.  Returns false (chip = "") if gpuModule is not a gpu.module or
 * has no #rocdl.target. */
WMMA_CAPI_EXPORTED bool wmmaGPUModuleGetTargetChip(MlirOperation gpuModule,
                                                   char *chip, size_t cap);

/*--- element types ------------------------------------------------------*/
/* MLIR element type <-> layout engine element: f16, bf16, f32, i32,
 * i8 (iu8), i4 (iu4), f8E4M3FN (fp8), f8E5M2 (bf8).  Returns false / a null
 * type for anything else. */
WMMA_CAPI_EXPORTED bool wmmaElemFromType(MlirType type, wmma_elem *elem);
WMMA_CAPI_EXPORTED MlirType wmmaElemToType(MlirContext ctx, wmma_elem elem);

/*--- #wmma.launch (the launch record of a kernel) -----------------------*/
typedef enum {
  WMMA_ARG_INPUT = 0,  /* read (every scalar argument too) */
  WMMA_ARG_OUTPUT = 1, /* written, not read */
  WMMA_ARG_INOUT = 2,  /* read and written */
  /* Read: the compressed values (M x K/2) and the index words
   * (M x ceil(K/32) i32) of a caller argument 2:4 sparse along its rows
   * (docs/sparse-frontend.md); both name that argument in `host`. */
  WMMA_ARG_SPARSE_VALUES = 3,
  WMMA_ARG_SPARSE_INDEX = 4,
  /* The same of a caller argument K x N 2:4 sparse along its columns
   * (K): the values (N x K/2) and index words (N x ceil(K/32)) of its
   * transpose, which is what upstream stores for that encoding. */
  WMMA_ARG_SPARSE_COL_VALUES = 5,
  WMMA_ARG_SPARSE_COL_INDEX = 6,
} wmma_arg_role;

WMMA_CAPI_EXPORTED bool wmmaAttributeIsALaunch(MlirAttribute attr);
/* grid: ()[symbols] -> (x, y, z); block: 3 sizes; roles/host: one per kernel
 * argument (host >= 0: argument of the caller-facing function, -1 - r:
 * its result r); dims: every memref dimension in order (static size, or
 * -1 - s for run-time size symbol s).  Returns a null attribute if the
 * record is not self-consistent (wmma-c/Dialect.h has no message; the
 * verifier of the attribute says why when parsed). */
WMMA_CAPI_EXPORTED MlirAttribute wmmaLaunchAttrGet(
    MlirContext ctx, MlirAffineMap grid, const int32_t *block, int64_t lds,
    intptr_t nargs, const wmma_arg_role *roles, const int64_t *host,
    intptr_t ndims, const int64_t *dims);
WMMA_CAPI_EXPORTED MlirAffineMap wmmaLaunchAttrGetGrid(MlirAttribute attr);
/* Block size of dimension i (0..2); 0 if attr is not a launch record. */
WMMA_CAPI_EXPORTED int32_t wmmaLaunchAttrGetBlock(MlirAttribute attr,
                                                  intptr_t i);
WMMA_CAPI_EXPORTED int64_t wmmaLaunchAttrGetLds(MlirAttribute attr);
WMMA_CAPI_EXPORTED intptr_t wmmaLaunchAttrGetNumArgs(MlirAttribute attr);
WMMA_CAPI_EXPORTED wmma_arg_role wmmaLaunchAttrGetRole(MlirAttribute attr,
                                                       intptr_t i);
WMMA_CAPI_EXPORTED int64_t wmmaLaunchAttrGetHost(MlirAttribute attr,
                                                 intptr_t i);
WMMA_CAPI_EXPORTED intptr_t wmmaLaunchAttrGetNumDims(MlirAttribute attr);
WMMA_CAPI_EXPORTED int64_t wmmaLaunchAttrGetDim(MlirAttribute attr,
                                                intptr_t i);

/*--- #wmma.schedule (the schedule record of a kernel) -------------------*/
typedef enum { WMMA_SCHED_REGISTERS = 0, WMMA_SCHED_LDS = 1 } wmma_sched_staging;
typedef enum { WMMA_FORM_ACC = 0, WMMA_FORM_ROWSEG = 1 } wmma_acc_form;
typedef enum {
  WMMA_COPY_NONE = 0,   /* the operand is not staged through LDS */
  WMMA_COPY_VEC = 1,    /* K-contiguous: vector copies */
  WMMA_COPY_WMMA = 2,   /* transposed by one WMMA against the identity */
  WMMA_COPY_SCALAR = 3, /* transposed element by element */
  WMMA_COPY_TR = 4,     /* RDNA4: transposed by global_load_tr_b128 */
} wmma_copy_kind;

/* The record as plain data (see the attribute's description in
 * docs/dialect/wmma.md for each field's meaning per template). */
typedef struct {
  char template_name[32]; /* "gemm", "decode", "chain_regs", "chain_lds",
                             "attention", "reduction" */
  /* instr: WMMA_INSTR_COUNT for a kernel without WMMA ("none"). */
  wmma_instr instr;
  wmma_sched_staging staging;
  int64_t tile[3];        /* M, N, K step */
  int64_t waves[2];       /* M, N */
  int64_t wave_tile[2];   /* M, N */
  int64_t stages;
  bool tails[3];          /* M, N, K */
  MlirType accumulator;
  int64_t acc_pack;
  wmma_acc_form form;
  wmma_copy_kind copy[2]; /* A, B */
  bool causal;
  /* decode: workgroups per column block along K (P); 0 (a zeroed record)
   * is taken as 1. */
  int64_t k_parts;
} wmma_schedule_desc;

WMMA_CAPI_EXPORTED bool wmmaAttributeIsASchedule(MlirAttribute attr);
/* A null attribute if the record breaks the attribute's rules
 * (wmmaScheduleCheck says which). */
WMMA_CAPI_EXPORTED MlirAttribute wmmaScheduleAttrGet(
    MlirContext ctx, const wmma_schedule_desc *desc);
/* false if attr is not a schedule record. */
WMMA_CAPI_EXPORTED bool wmmaScheduleAttrGetDesc(MlirAttribute attr,
                                                wmma_schedule_desc *desc);
/* 0 if the record is valid, else non-zero with the reason in msg. */
WMMA_CAPI_EXPORTED int wmmaScheduleCheck(const wmma_schedule_desc *desc,
                                         char *msg, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_C_DIALECT_H */
