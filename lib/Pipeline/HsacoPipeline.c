/* wmma-to-hsaco: wmma IR inside gpu.modules -> gpu.binary (HSACO, ISA or
 * LLVM), on the MLIR C API.  Takes care of the ld.lld "toolkit" directory
 * that gpu-module-to-binary expects, so users need no ROCm install. */
#define _POSIX_C_SOURCE 200809L
#include "wmma-c/Passes.h"
#include "wmma/Support/CAPIUtil.h"

#include "HsacoOptions.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Transforms.h"
#include "mlir-c/Conversion.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef WMMA_LLD_PATH
#define WMMA_LLD_PATH "/usr/lib/llvm-22/bin/ld.lld"
#endif

static int mkdirs(const char *path) {
  char buf[4096];
  size_t n = strlen(path);
  if (n >= sizeof buf)
    return -1;
  memcpy(buf, path, n + 1);
  for (char *p = buf + 1; *p; ++p) {
    if (*p != '/')
      continue;
    *p = 0;
    if (mkdir(buf, 0755) && errno != EEXIST)
      return -1;
    *p = '/';
  }
  if (mkdir(buf, 0755) && errno != EEXIST)
    return -1;
  return 0;
}

static int isExecutable(const char *path) { return access(path, X_OK) == 0; }

/* gpu-module-to-binary looks for TOOLKIT/llvm/bin/ld.lld.  Use ROCM_PATH when
 * it has one; otherwise make a private directory with a symlink to LLVM's. */
const char *wmmaDefaultToolkitPath(void) {
  static char path[4096];
  if (path[0])
    return path;
  const char *rocm = getenv("ROCM_PATH");
  if (rocm && *rocm) {
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/llvm/bin/ld.lld", rocm);
    if (isExecutable(probe)) {
      snprintf(path, sizeof path, "%s", rocm);
      return path;
    }
  }
  const char *base = getenv("XDG_CACHE_HOME");
  char dir[4096];
  if (base && *base)
    snprintf(dir, sizeof dir, "%s/wmma-toolkit", base);
  else {
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/wmma-toolkit-%ld", (tmp && *tmp) ? tmp : "/tmp",
             (long)getuid());
  }
  char bin[4096 + 16], lld[4096 + 32];
  snprintf(bin, sizeof bin, "%s/llvm/bin", dir);
  snprintf(lld, sizeof lld, "%s/ld.lld", bin);
  if (!isExecutable(lld)) {
    if (mkdirs(bin))
      return NULL;
    unlink(lld); /* a dangling link from an older LLVM */
    if (symlink(WMMA_LLD_PATH, lld) && errno != EEXIST)
      return NULL;
    if (!isExecutable(lld))
      return NULL;
  }
  snprintf(path, sizeof path, "%s", dir);
  return path;
}

static void ignoreMessage(MlirStringRef msg, void *user) {
  (void)msg;
  (void)user;
}

int wmma_hsaco_options_error(const wmmaHsacoOptions *opts, char *msg,
                             size_t len) {
  static const char *const formats[] = {"bin", "isa", "llvm", "offloading",
                                        "fatbin"};
  if (!msg || !len)
    msg = NULL, len = 0;
  if (opts->chip && *opts->chip &&
      wmma_chip_arch(opts->chip) == WMMA_ARCH_INVALID) {
    if (msg)
      snprintf(msg, len, "wmma-to-hsaco{chip=%s}: unknown chip; supported chips: %s",
               opts->chip, wmma_supported_chips());
    return 1;
  }
  const char *format = opts->format && *opts->format ? opts->format : "bin";
  int known = 0;
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; ++i)
    known |= strcmp(format, formats[i]) == 0;
  if (!known) {
    if (msg)
      snprintf(msg, len, "wmma-to-hsaco{format=%s}: unknown format (expected "
               "bin, isa, llvm, offloading)", format);
    return 1;
  }
  if (opts->strategy != WMMA_XLANE_PERMLANEX16 &&
      opts->strategy != WMMA_XLANE_BPERMUTE) {
    if (msg)
      snprintf(msg, len, "wmma-to-hsaco: unknown cross-lane strategy %d",
               (int)opts->strategy);
    return 1;
  }
  return 0;
}

/* The upstream passes the pipeline text below names, registered once so
 * that building the pipeline does not depend on what the client
 * registered. */
static void register_upstream_passes(void) {
  static int done;
  if (done)
    return;
  done = 1;
  mlirRegisterConversionSCFToControlFlowPass();
  mlirRegisterConversionConvertGpuOpsToROCDLOps();
  mlirRegisterConversionConvertAMDGPUToROCDLPass();
  mlirRegisterConversionReconcileUnrealizedCastsPass();
  mlirRegisterTransformsCanonicalizer();
  mlirRegisterTransformsCSE();
  mlirRegisterGPUGpuModuleToBinaryPass();
}

MlirLogicalResult wmmaBuildToHsacoPipeline(MlirOpPassManager pm,
                                           const wmmaHsacoOptions *opts) {
  wmmaHsacoOptions defaults = {NULL, "bin", NULL, WMMA_XLANE_PERMLANEX16};
  if (!opts)
    opts = &defaults;
  if (!pm.ptr || wmma_hsaco_options_error(opts, NULL, 0))
    return mlirLogicalResultFailure();
  register_upstream_passes();
  const char *format = (opts->format && *opts->format) ? opts->format : "bin";
  const char *toolkit = opts->toolkit;
  if (!toolkit || !*toolkit)
    toolkit = wmmaDefaultToolkitPath();

  wmmaBuildLowerToROCDLPipeline(pm, opts->strategy);
  /* Math the backend cannot lower itself: expanded and approximated by
   * MLIR's own patterns (wmma-approximate-math); convert-gpu-to-rocdl turns
   * the rest (exp, log, sqrt, fma, ...) into LLVM intrinsics -- never a
   * call into the ROCm device library. */
  mlirOpPassManagerAddOwnedPass(
      mlirOpPassManagerGetNestedUnder(pm, wmma_sref("gpu.module")),
      wmmaCreateApproximateMathPass());

  /* Fat raw buffers (amdgpu.fat_raw_buffer_cast) are lowered for the chip:
   * the one given, else each gpu.module's own #rocdl.target. */
  char chipset[96] = "", amdgpu[128] = "";
  if (opts->chip && *opts->chip) {
    snprintf(chipset, sizeof chipset, "{chipset=%s}", opts->chip);
    snprintf(amdgpu, sizeof amdgpu, "convert-amdgpu-to-rocdl%s,", chipset);
  } else {
    mlirOpPassManagerAddOwnedPass(
        mlirOpPassManagerGetNestedUnder(pm, wmma_sref("gpu.module")),
        wmmaCreateConvertAmdgpuToRocdlPass());
  }
  char tk[4200] = "";
  if (toolkit && strlen(toolkit) < 4096 && strcmp(format, "isa") &&
      strcmp(format, "llvm"))
    snprintf(tk, sizeof tk, " toolkit=%s", toolkit);
  /* Memref arguments are passed as descriptors (pointers, offset, sizes,
   * strides): kernels with run-time sizes read them from there. */
  char pipeline[8192];
  snprintf(pipeline, sizeof pipeline,
           "gpu.module(convert-scf-to-cf,%sconvert-gpu-to-rocdl%s,"
           "canonicalize,cse),"
           "reconcile-unrealized-casts,"
           "gpu-module-to-binary{format=%s%s}",
           amdgpu, chipset, format, tk);
  return mlirOpPassManagerAddPipeline(
      pm, mlirStringRefCreateFromCString(pipeline), ignoreMessage, NULL);
}
