/* C API of the wmma dialect: registration handle and attribute access.
 * Everything the C passes need to read or build wmma IR. */
#ifndef WMMA_C_DIALECT_H
#define WMMA_C_DIALECT_H

#include "mlir-c/IR.h"
#include "wmma/Layout/Layout.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(WMMA, wmma);

/* Registers the wmma dialect and everything its lowering produces (arith,
 * vector, memref, llvm, rocdl, gpu, func, scf) into a registry. */
MLIR_CAPI_EXPORTED void wmmaRegisterDialects(MlirDialectRegistry registry);

/*--- #wmma.atom ---------------------------------------------------------*/
MLIR_CAPI_EXPORTED bool wmmaAttributeIsAAtom(MlirAttribute attr);
/* Returns a null attribute (and emits nothing) if the parameters do not name
 * an instruction; check with wmma_atom_check first for a message. */
MLIR_CAPI_EXPORTED MlirAttribute wmmaAtomAttrGet(
    MlirContext ctx, wmma_arch arch, unsigned m, unsigned n, unsigned k,
    MlirType aType, MlirType bType, MlirType accType, bool signA, bool signB,
    bool clamp, unsigned opsel);
MLIR_CAPI_EXPORTED wmma_arch wmmaAtomAttrGetArch(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirType wmmaAtomAttrGetAType(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirType wmmaAtomAttrGetBType(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirType wmmaAtomAttrGetAccType(MlirAttribute attr);
/* Fills the layout engine's description; false if attr is not an atom or its
 * element types are not WMMA types. */
MLIR_CAPI_EXPORTED bool wmmaAtomAttrGetDesc(MlirAttribute attr,
                                            wmma_atom_desc *desc);
/* The instruction the atom names (WMMA_INSTR_COUNT if attr is not an atom). */
MLIR_CAPI_EXPORTED wmma_instr wmmaAtomAttrGetInstr(MlirAttribute attr);

/*--- #wmma.frag ---------------------------------------------------------*/
MLIR_CAPI_EXPORTED bool wmmaAttributeIsAFrag(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute wmmaFragAttrGet(MlirContext ctx,
                                                 wmma_matrix operand,
                                                 wmma_layout_kind layout,
                                                 bool transposed,
                                                 MlirAttribute atom);
MLIR_CAPI_EXPORTED MlirAttribute wmmaFragAttrGetAtom(MlirAttribute attr);
/* Fills the layout engine's description (arch, instr, matrix, layout,
 * opsel from the atom, transposed). */
MLIR_CAPI_EXPORTED bool wmmaFragAttrGetDesc(MlirAttribute attr,
                                            wmma_frag_desc *desc);
/* The builtin vector type of a fragment in this layout. */
MLIR_CAPI_EXPORTED MlirType wmmaFragAttrGetVectorType(MlirAttribute attr);

/*--- #wmma.operand (the role attribute of wmma.expand) ------------------*/
MLIR_CAPI_EXPORTED bool wmmaAttributeIsAOperand(MlirAttribute attr);
/* The role as a layout-engine matrix; WMMA_MATRIX_COUNT if attr is not one. */
MLIR_CAPI_EXPORTED wmma_matrix wmmaOperandAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute wmmaOperandAttrGet(MlirContext ctx,
                                                    wmma_matrix role);

/*--- gpu.module targets -------------------------------------------------*/
/* The chip of the first #rocdl.target of a gpu.module (the chip the op
 * verifiers check atoms against), NUL-terminated into chip[0..cap), truncated
 * if longer.  Returns false (chip = "") if gpuModule is not a gpu.module or
 * has no #rocdl.target. */
MLIR_CAPI_EXPORTED bool wmmaGPUModuleGetTargetChip(MlirOperation gpuModule,
                                                   char *chip, size_t cap);

/*--- element types ------------------------------------------------------*/
/* MLIR element type <-> layout engine element: f16, bf16, f32, i32,
 * i8 (iu8), i4 (iu4), f8E4M3FN (fp8), f8E5M2 (bf8).  Returns false / a null
 * type for anything else. */
MLIR_CAPI_EXPORTED bool wmmaElemFromType(MlirType type, wmma_elem *elem);
MLIR_CAPI_EXPORTED MlirType wmmaElemToType(MlirContext ctx, wmma_elem elem);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_C_DIALECT_H */
