/* C API: layout queries.  The layout engine is plain C with no MLIR types,
 * so the C API exposes it as is (chips, instructions, hardware register maps,
 * fragment conventions, cross-lane planner); this header is the stable entry
 * point for C API users, next to wmma-c/Dialect.h (which maps #wmma.atom and
 * #wmma.frag attributes to the descriptors below) and wmma-c/Passes.h. */
#ifndef WMMA_C_LAYOUT_H
#define WMMA_C_LAYOUT_H

#include "wmma-c/Support.h"

#include "wmma/Layout/Layout.h"
#include "wmma/Layout/SpeedOfLight.h"

#endif /* WMMA_C_LAYOUT_H */
