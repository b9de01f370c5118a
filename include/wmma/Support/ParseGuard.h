/* Guards against MLIR 22 parser bugs that crash on malformed input instead
 * of reporting it (README, "Known issues").  Pure C over the source text;
 * internal: not part of the installed wmma-c API. */
#ifndef WMMA_SUPPORT_PARSEGUARD_H
#define WMMA_SUPPORT_PARSEGUARD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Finds the custom form of linalg.transpose / linalg.broadcast /
 * linalg.reduce whose `permutation = [...]` / `dimensions = [...]` list
 * MLIR's parser would fail to read: upstream then stores the null attribute
 * and dereferences it (SIGSEGV).  Returns 1 with *offset (the byte where the
 * list goes wrong) and a message in msg[cap]; 0 when there is none.  Text
 * the scan does not understand is left to the parser, which reports it. */
int wmma_parse_hazard(const char *text, size_t size, size_t *offset,
                      char *msg, size_t cap);

/* Deepest nesting every tool accepts (wmma-compile, wmma-run, Python,
 * wmma-opt, and the front-end pass itself): parsing, verifying, printing
 * and most passes recurse once per level (real kernels nest about 20). */
#define WMMA_MAX_NESTING 256u

/* The one message for text nested deeper than WMMA_MAX_NESTING, into
 * msg[cap]; `what` is "brackets" (source text) or "regions" (IR). */
void wmma_nesting_message(const char *what, char *msg, size_t cap);

/* Whether brackets ( [ { < nest deeper than `limit` outside strings and
 * comments ("->" and ">=" close nothing); if so *offset is the opening
 * bracket one level too deep.  Parsing, verifying, printing and most passes
 * recurse once per level, so the depth bounds their stack use. */
int wmma_nesting_exceeds(const char *text, size_t size, unsigned limit,
                         size_t *offset);

/* 1-based line and column (in bytes, as MLIR counts) of a byte offset. */
void wmma_line_col(const char *text, size_t size, size_t offset,
                   unsigned *line, unsigned *col);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_SUPPORT_PARSEGUARD_H */
