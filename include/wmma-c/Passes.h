/* C API of the wmma passes and pipelines.  The passes themselves are C
 * (lib/Conversion, lib/Pipeline) built on mlirCreateExternalPass. */
#ifndef WMMA_C_PASSES_H
#define WMMA_C_PASSES_H

#include "wmma-c/Support.h"

#include "mlir-c/Pass.h"
#include "wmma/Layout/Layout.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* wmma-lower-transpose: wmma.transpose -> wmma.mma against an identity
 * matrix + wmma.relayout (identity), or one wmma.relayout (shuffle).  Part
 * of wmmaBuildLowerToROCDLPipeline, first. */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateLowerTransposePass(void);
/* wmma-lower-xlane: wmma.expand and wmma.relayout -> vector/arith + rocdl
 * cross-lane ops (permlanex16 / ds_bpermute), planned by the layout engine. */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateLowerXlanePass(wmma_xlane_strategy s);
/* wmma-lower-fragments: wmma.load / wmma.store / wmma.fill -> memref/vector. */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateLowerFragmentsPass(void);
/* wmma-lower-mma: wmma.mma -> rocdl.wmma.* (one to one). */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateLowerMmaPass(void);

/* All four, in order, nested under gpu.module and func.func as needed:
 * appends to pm (anchored on builtin.module). */
WMMA_CAPI_EXPORTED void wmmaBuildLowerToROCDLPipeline(MlirOpPassManager pm,
                                                     wmma_xlane_strategy s);

typedef struct {
  const char *chip;    /* NULL: take the chip of the gpu.module's #rocdl.target */
  const char *format;  /* "bin" (HSACO, default), "isa", "llvm", "offloading" */
  const char *toolkit; /* NULL: a private dir with llvm/bin/ld.lld is made */
  wmma_xlane_strategy strategy;
} wmmaHsacoOptions;

/* wmma IR in gpu.modules -> gpu.binary: lower wmma, lower to ROCDL/LLVM,
 * serialize with gpu-module-to-binary.  opts NULL: the defaults.  The
 * upstream passes it uses are registered here, so a client needs nothing
 * but the dialects (and mlirRegisterAllLLVMTranslations on the context to
 * serialise).  Fails, adding nothing to pm, for a null pm, an unknown chip,
 * format or strategy. */
WMMA_CAPI_EXPORTED MlirLogicalResult wmmaBuildToHsacoPipeline(
    MlirOpPassManager pm, const wmmaHsacoOptions *opts);
/* The toolkit directory used when opts->toolkit is NULL (created on demand,
 * holding llvm/bin/ld.lld -> the LLVM 22 ld.lld).  NULL on failure. */
WMMA_CAPI_EXPORTED const char *wmmaDefaultToolkitPath(void);

/* wmma-convert-amdgpu-to-rocdl (on gpu.module): upstream's
 * convert-amdgpu-to-rocdl with the chipset of the module's #rocdl.target
 * (fat raw buffers are lowered per chip).  wmmaBuildToHsacoPipeline adds it
 * when no chip is given. */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateConvertAmdgpuToRocdlPass(void);

/* wmma-approximate-math (any op): MLIR's polynomial approximations of the
 * math functions the AMDGPU backend has no instruction for (tanh, erf,
 * erfc, atan, atan2, asin, acos, cbrt, log1p, expm1), so that kernels need
 * no ROCm device library; wmma-to-hsaco runs it after math-expand-ops. */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateApproximateMathPass(void);

/* wmma-decompose-aggregates (any op): linalg.softmax (and other linalg ops
 * with AggregatedOpInterface) replaced by their own decomposition --
 * max-reduction, exp(x - max), sum-reduction, division -- on tensors.
 * The front end and the CPU reference run it first. */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateDecomposeAggregatesPass(void);

/* wmma-propagate-reshapes (any op): tensor reshapes that connect two linalg
 * ops (a collapse_shape of one op's result read by another, an expand_shape
 * between them) folded into the ops by upstream's reshape folding by
 * expansion, so that only reshapes of arguments and results (views) remain.
 * The front end runs it on tensor functions before bufferization. */
WMMA_CAPI_EXPORTED MlirPass wmmaCreatePropagateReshapesPass(void);

/* Registers the lowering passes and pipelines only (wmma-lower-*,
 * convert-wmma-to-rocdl); wmmaRegisterPasses calls it. */
WMMA_CAPI_EXPORTED void wmmaRegisterConversionPasses(void);

/* wmma-linalg-to-kernels (lib/FrontEnd): linalg GEMM chains on memrefs ->
 * one wmma kernel (gpu.module + gpu.func) per recognised func.func.  chip is
 * required (an unknown or missing chip is reported when the pass runs);
 * waves: wave32 waves per workgroup (1..32; 0: the default, 4). */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateLinalgToKernelsPass(const char *chip,
                                                         int waves);
/* Where operand tiles are staged: chosen by the templates' cost rule, or
 * forced (registers: every wave loads its own fragments; lds: workgroup
 * tiles staged through LDS). */
typedef enum {
  WMMA_STAGING_AUTO = 0,
  WMMA_STAGING_REGISTERS = 1,
  WMMA_STAGING_LDS = 2,
} wmma_staging;
/* "auto", "registers", "lds" -> wmma_staging; -1 if unknown. */
WMMA_CAPI_EXPORTED int wmmaStagingParse(const char *name);
/* How products whose linalg output is f16/bf16 accumulate: in f32,
 * rounded once at the end (wide, the default), or in their own type
 * (native: half the accumulator registers; on RDNA3 two tiles share each
 * register set through OPSEL). */
typedef enum {
  WMMA_ACCUMULATE_WIDE = 0,
  WMMA_ACCUMULATE_NATIVE = 1,
} wmma_accumulate;
/* "wide", "native" -> wmma_accumulate; -1 if unknown. */
WMMA_CAPI_EXPORTED int wmmaAccumulateParse(const char *name);
/* Every option of wmma-linalg-to-kernels. */
typedef struct {
  const char *chip;     /* required: gfx1100 ... gfx1201 */
  int waves;            /* waves per workgroup (1..32; 0: the default, 4) */
  wmma_staging staging; /* operand staging (default: the cost rule's) */
  int tile_m, tile_n;   /* workgroup tile of single GEMMs (0: the cost
                           rule's; else one of its configurations) */
  wmma_accumulate accumulate; /* 16-bit outputs: wide (default) or native */
  bool no_packing;      /* native on RDNA3: one tile per register set (for
                           measuring what OPSEL packing saves) */
  bool whole;           /* a function is converted only as a whole: any op
                           no kernel takes leaves it untouched with a remark
                           (the driver's mode); false: partial conversion,
                           every part that can become a kernel does, the
                           rest stays on the host with a remark each */
  bool explain_cost;    /* a remark per candidate configuration of a GEMM
                           with its modelled time, and the one chosen */
} wmmaFrontEndOptions;
WMMA_CAPI_EXPORTED MlirPass
wmmaCreateLinalgToKernelsPassWithOptions(const wmmaFrontEndOptions *options);
/* Compatibility: tiled = false is staging = registers, true is auto. */
WMMA_CAPI_EXPORTED MlirPass wmmaCreateLinalgToKernelsPassWithTiling(
    const char *chip, int waves, bool tiled);
/* Registers the front-end passes; wmmaRegisterPasses calls it. */
WMMA_CAPI_EXPORTED void wmmaRegisterFrontEndPasses(void);

/* Registers every wmma pass and pipeline in MLIR's global registry
 * (wmma-opt, the mlir-opt plugin and C API users call this once). */
WMMA_CAPI_EXPORTED void wmmaRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_C_PASSES_H */
