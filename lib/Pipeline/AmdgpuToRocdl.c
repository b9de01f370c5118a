/* wmma-convert-amdgpu-to-rocdl: upstream's convert-amdgpu-to-rocdl with the
 * chipset each gpu.module's #rocdl.target names.  The lowering of
 * amdgpu.fat_raw_buffer_cast depends on the chipset (the buffer descriptor's
 * bounds-check mode), and upstream's default chipset would build
 * descriptors that do not check bounds the way RDNA kernels rely on; a
 * pipeline built without a chip option therefore reads the chip here, per
 * module. */
#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"
#include "wmma/Support/Builder.h"

#include "mlir-c/Conversion.h"

#include <stdio.h>

static void ignore(MlirStringRef s, void *ud) {
  (void)s;
  (void)ud;
}

static void run(MlirOperation op, MlirExternalPass pass, void *ud) {
  (void)ud;
  char chip[32];
  if (!wmmaGPUModuleGetTargetChip(op, chip, sizeof chip) ||
      wmma_chip_arch(chip) == WMMA_ARCH_INVALID) {
    wmma_error(op, "wmma-convert-amdgpu-to-rocdl: the gpu.module needs a "
                   "#rocdl.target naming a supported chip (%s)",
               wmma_supported_chips());
    mlirExternalPassSignalFailure(pass);
    return;
  }
  mlirRegisterConversionConvertAMDGPUToROCDLPass();
  char pipeline[96];
  snprintf(pipeline, sizeof pipeline, "convert-amdgpu-to-rocdl{chipset=%s}",
           chip);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      mlirOperationGetContext(op), wmma_sref("gpu.module"));
  MlirLogicalResult r = mlirOpPassManagerAddPipeline(
      mlirPassManagerGetAsOpPassManager(pm), wmma_sref(pipeline), ignore, NULL);
  if (mlirLogicalResultIsSuccess(r))
    r = mlirPassManagerRunOnOp(pm, op);
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsFailure(r))
    mlirExternalPassSignalFailure(pass);
}

static _Alignas(8) char amdgpu_to_rocdl_id;

MlirPass wmmaCreateConvertAmdgpuToRocdlPass(void) {
  wb_pass_def def = {
      .type_id = mlirTypeIDCreate(&amdgpu_to_rocdl_id),
      .name = "WmmaConvertAmdgpuToRocdl",
      .argument = "wmma-convert-amdgpu-to-rocdl",
      .description = "convert-amdgpu-to-rocdl with the chipset of each "
                     "gpu.module's #rocdl.target",
      .op_name = "gpu.module",
      .run = run};
  return wb_create_pass(&def, NULL);
}
