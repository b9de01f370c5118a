/* The one source file of libwmma-c.so: everything else comes from the
 * whole-archived static libraries (see CMakeLists.txt). */
#include "wmma-c/Version.h"

#ifndef WMMA_VERSION_STRING
#error "WMMA_VERSION_STRING must be defined by the build"
#endif

const char *wmma_version(void) { return WMMA_VERSION_STRING; }
