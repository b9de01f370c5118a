/* What every wmma-c header shares: the export macro and the naming rule.
 *
 * Export: libwmma-c.so is built with -fvisibility=hidden (C), so exactly
 * the functions declared WMMA_CAPI_EXPORTED in include/wmma-c (and in
 * include/wmma/Layout/Layout.h, which wmma-c/Layout.h re-exports) are its
 * ABI, next to the MLIR C API it bundles; the layers' internal functions
 * (fe_*, kb_*, wb_*, ...) stay inside.  Modelled on mlir-c's
 * MLIR_CAPI_EXPORTED.  test/CAPI/exports.test holds the library to it.
 *
 * Naming rule of the public C API:
 *   - functions follow their header's family: the MLIR-facing headers,
 *     Dialect.h and Passes.h, are camelCase with the prefix `wmma`, as mlir-c
 *     (wmmaCreateLowerMmaPass, wmmaAtomAttrGet, wmmaStagingParse,
 *     wmmaScheduleCheck); the plain-C headers, Compiler.h, Runner.h,
 *     Emulator.h, Layout.h and Version.h, are snake_case with the prefix
 *     `wmma_` (wmma_compile_source, wmma_chip_get; the emulator's own are
 *     `wmma_emu_`);
 *   - types are plain C data shared by both families, snake_case `wmma_`
 *     wherever declared (wmma_staging, wmma_schedule_desc, wmma_frag_desc),
 *     except the option records of pass constructors, camelCase as mlir-c's
 *     (wmmaFrontEndOptions, wmmaHsacoOptions); enumerators are WMMA_. */
#ifndef WMMA_C_SUPPORT_H
#define WMMA_C_SUPPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define WMMA_CAPI_EXPORTED __attribute__((visibility("default")))
#else
#define WMMA_CAPI_EXPORTED
#endif

#endif /* WMMA_C_SUPPORT_H */
