/* Shared helpers of the layout-engine unit tests.  The expectations here are
 * an independent transcription of docs/hardware.md: they never call the
 * engine, so a wrong engine formula cannot hide behind itself. */
#ifndef WMMA_TEST_LAYOUT_TESTUTIL_H
#define WMMA_TEST_LAYOUT_TESTUTIL_H

#include "wmma/Layout/Layout.h"

#include <stdio.h>
#include <string.h>

extern long g_checks;
extern long g_failures;
/* The group's input file or folder (the optional second argument). */
extern const char *g_input;

/* Count a check; on failure print where and a printf-style explanation
 * (first failures only, to keep the log readable). */
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    ++g_checks;                                                                \
    if (!(cond)) {                                                             \
      if (++g_failures <= 40) {                                                \
        fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__,      \
                #cond);                                                        \
        fprintf(stderr, __VA_ARGS__);                                          \
        fputc('\n', stderr);                                                   \
      }                                                                        \
    }                                                                          \
  } while (0)

#define CHECK_CONTAINS(haystack, needle)                                       \
  CHECK(strstr((haystack), (needle)) != NULL, "message '%s' lacks '%s'",      \
        (haystack), (needle))

/* The test's own copy of the instruction facts. */
typedef struct {
  wmma_instr id;
  const char *isa_name;
  const char *rocdl_name;
  wmma_elem a, b, c;
  int k;
  int on_rdna3; /* RDNA4 has all of them */
  int is_integer, has_opsel;
} test_instr;

extern const test_instr test_instrs[WMMA_INSTR_COUNT];

int test_bits(wmma_elem e);
int test_available(wmma_instr id, wmma_arch arch);

typedef struct {
  int lane, vgpr, lo, hi;
} test_loc;

/* Expected locations of element (row, col), lane ascending; returns the
 * number of copies. */
int expect_hw_locs(wmma_arch arch, wmma_instr id, wmma_matrix mat, int opsel,
                   int row, int col, test_loc out[2]);
/* Expected registers per lane of an operand. */
int expect_vgprs(wmma_arch arch, wmma_instr id, wmma_matrix mat);
/* Role-matrix dims (A: 16 x K, B: K x 16, C/D: 16 x 16). */
void expect_dims(wmma_instr id, wmma_matrix mat, int *rows, int *cols);
wmma_elem expect_elem(wmma_instr id, wmma_matrix mat);
/* Expected fragment length and logical coordinate of (lane, v); coord
 * returns 0 for unused slots. */
int expect_frag_length(const wmma_frag_desc *f);
int expect_frag_coord(const wmma_frag_desc *f, int lane, int v, int *row,
                      int *col);
/* Every valid fragment descriptor of an arch (all instructions, matrices,
 * layouts, opsel and transposed values); returns the count. */
int all_frag_descs(wmma_arch arch, wmma_frag_desc *out, int max);

int test_chips(void);
int test_instructions(void);
int test_hwmap(void);
int test_fragments(void);
int test_planner(void);
int test_atoms(void);
int test_sparse(void);
int test_lds_banks(void);
int test_traits(void);      /* g_input: the calculator folder */
int test_chip_limits(void); /* g_input: chips.tsv */

#endif
