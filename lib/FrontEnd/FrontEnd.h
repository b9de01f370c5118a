/* Front end: linalg (on memrefs or tensors) -> the kernels of each
 * function (one, or a program of several), plus the host side that
 * launches them.  The pass-level interface
 * (C11, internal): the entry point of every stage, in order.
 *
 * The stages, one folder each (docs/architecture.md has the longer map):
 *  Common/     Diag.c: refusal reasons and remarks shared by every stage.
 *  Recognize/  SparseOperands.c: sparse_tensor encodings refused (before
 *              bufferization drops them), but for 2:4 A arguments.  Normalize.c: upstream passes
 *              through the C API on a scratch copy (tensors bufferized,
 *              named ops generalized;
 *              DecomposeAggregates.cpp and PropagateReshapes.cpp the
 *              upstream rewrites that have no pass).  Graph.c: the hash-consed expression graph;
 *              GraphWalk.c: the one walk over it (each node once).
 *              Recognize.c, RecognizeGeneric.c, RecognizeScalar.c: the
 *              normalized function (and scalar arithmetic outside linalg) ->
 *              graph: every buffer's final contents; symbolic sizes.
 *              RecognizeConv.c: convolutions as implicit-GEMM contractions.
 *  Problem/    Problem.c: graph -> GEMMs or a chain with operand layouts,
 *              epilogue and argument roles; ProblemViews.c: views of
 *              buffers with batch dims after the matrix's;
 *              ProblemCollapse.c: several M/N/K loops as one; ProblemZeroPoints.c:
 *              quantized products' zero points; ProblemPacked.c: int4 weights packed
 *              along K; ProblemAttention.c: attention;
 *              ProblemElementwise.c: functions without products;
 *              ProblemValu.c: products without WMMA; ProblemReduction.c:
 *              reductions without a product; ProblemSparse.c: 2:4
 *              sparse A operands.
 *  Schedule/   Select.c: the cost rule and the choice of template.
 *  Templates/  one file per template (Gemm.c + GemmLds.c, GemmSparse.c,
 *              Decode.c,
 *              ChainRegs.c,
 *              ChainLds.c, Attention.c, Elementwise.c + ElementwiseEval.c,
 *              Reduction.c + ReductionEval.c, Valu.c):
 *              plan a schedule, build the body.
 *  Kernel/     what templates build with: the gpu.module and gpu.func
 *              (Kernel.c, KernelModule.c), accumulators, prologue and
 *              epilogue evaluation, packed operands (Packed.c), row
 *              segments, LDS layout and copies, a convolution's input
 *              gathered as im2col rows (ConvLoad.c).
 *  Partition/  Partition.c, Extract.c: a function that is not one kernel
 *              cut into runs of ops each template-built as one kernel.
 *  Host/       Host.c: the caller-facing function becomes a gpu.launch_func
 *              (HostSparse.c: its signature with 2:4 arguments);
 *              HostProgram.c, ProgramRecords.c: a program's host body (the
 *              launches in order) and its buffer numbers.
 *  Pass/       LinalgToKernels.c: the pass, driving the stages below;
 *              ConvertProgram.c: programs; ConvertSplit.c: decode
 *              attention's KV or decode's K split across workgroups
 *              (two kernels and a workspace); Registration.cpp: its C++
 *              registration shim (options).
 * Everything is built through the MLIR C API (wmma/Support/Builder.h); no
 * text is printed and parsed back.  No static state: the pass is reentrant. */
#ifndef WMMA_FRONTEND_FRONTEND_H
#define WMMA_FRONTEND_FRONTEND_H

#include "Templates/Template.h"

#include "mlir-c/Pass.h"

/*===--- recognition -----------------------------------------------------===*/
/* Records an obstacle at every op of func touching a value with a
 * sparse_tensor encoding (at func for an unused sparse argument), which
 * bufferization would silently make dense; returns how many. */
int fe_refuse_sparse_values(MlirOperation func, fe_diag *d);
/* Is t a tensor 2:4 along its rows (upstream's NV_24) or along its
 * columns (fe_is_two_of_four_cols)?  Such arguments, read only by
 * contractions, are not refused: fe_strip_sparse_args drops their encoding
 * on the scratch copy (returns how many), and the problem stage
 * (fe_sparse_operands) makes them a GEMM's compressed A (a B 2:4 along K
 * through the transposed product). */
bool fe_is_two_of_four(MlirType t);
bool fe_is_two_of_four_cols(MlirType t);
int fe_strip_sparse_args(MlirOperation func);
/* Normalizes a scratch copy of func with upstream passes; returns the
 * normalized func.func (owned by *scratch, destroy with mlirOperationDestroy
 * on *scratch), or a null op with the upstream failures (each at the op
 * that failed) in d. */
MlirOperation fe_normalize(MlirOperation func, MlirOperation *scratch,
                           fe_diag *d);
/* A result returned through one view (cast, expand_shape, collapse_shape)
 * of a buffer the function allocates becomes the allocation, the buffer its
 * inverse view (Recognize/ResultViews.c). */
void fe_reroot_result_views(MlirOperation func);
/* linalg.generic outputs written at constant index 0 of size-1 dimensions
 * are written through a collapse_shape view without them
 * (Recognize/UnitOutputs.c). */
void fe_drop_unit_output_dims(MlirOperation func);
/* Two-output reductions of a value and its position (argmax, max.dim) become
 * single-output generics the reduction template evaluates
 * (Recognize/ArgReductions.c). */
void fe_split_arg_reductions(MlirOperation func);
/* Reads the normalized function into p's graph, arguments and symbols.
 * 0, or -1 with every obstacle found (each at its op) in d. */
int fe_recognize(MlirOperation norm, MlirOperation func, fe_problem *p,
                 fe_diag *d);
/* Graph -> GEMMs / chain, epilogue, roles.  0, or -1 with a reason. */
int fe_problem_build(fe_problem *p, char *why, size_t cap,
                     MlirLocation *where);
void fe_problem_free(fe_problem *p);
/* Picks the first applicable template in order of preference (each plans
 * its cheapest configuration); -1 with every template's reason in why if
 * none applies. */
int fe_select(const fe_problem *p, const wmma_chip_info *chip,
              const fe_options *o, const fe_template **t, fe_schedule *s,
              char *why, size_t cap);

/* Contractions with 16-bit float outputs accumulate in their own type
 * when the options (or the pin) ask for native accumulation. */
void fe_set_native_accumulation(fe_problem *p, const fe_options *o);

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
/* The same launching n kernels in order (schedule s[i], all given every
 * argument of p), with the workspaces among p's arguments (host
 * FE_HOST_WORKSPACE) allocated before and freed after them. */
int fe_build_host_launches(MlirOperation func, const fe_problem *p, int n,
                           const fe_schedule *const *s,
                           MlirOperation gpu_module,
                           const MlirOperation *kernels);

#endif /* WMMA_FRONTEND_FRONTEND_H */
