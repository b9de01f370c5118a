/* Internal to lib/Pipeline: the one check of wmma-to-hsaco options, used by
 * wmmaBuildToHsacoPipeline (C API) and the registered pipeline's option
 * parser (Registration.cpp). */
#ifndef WMMA_PIPELINE_HSACOOPTIONS_H
#define WMMA_PIPELINE_HSACOOPTIONS_H

#include "wmma-c/Passes.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 0 if opts are usable; otherwise 1 with an explanation in msg (if given):
 * unknown chip, format or cross-lane strategy. */
int wmma_hsaco_options_error(const wmmaHsacoOptions *opts, char *msg,
                             size_t len);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_PIPELINE_HSACOOPTIONS_H */
