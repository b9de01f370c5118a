/* C API: version of the wmma-c shared library (libwmma-c.so), for clients
 * that load it at run time (e.g. the ctypes Python package) and want to
 * check what they got. */
#ifndef WMMA_C_VERSION_H
#define WMMA_C_VERSION_H

#include "wmma-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "MAJOR.MINOR" of the project that built the library. */
WMMA_CAPI_EXPORTED const char *wmma_version(void);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_C_VERSION_H */
