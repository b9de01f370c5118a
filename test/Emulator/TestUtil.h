/* Shared helpers of wmma-emu-tests. */
#ifndef WMMA_EMU_TEST_UTIL_H
#define WMMA_EMU_TEST_UTIL_H

#include "wmma-c/Emulator.h"

#include <stdint.h>
#include <stdio.h>

extern int g_failures;
extern int g_checks;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    g_checks++;                                                                \
    if (!(cond)) {                                                             \
      g_failures++;                                                            \
      if (g_failures <= 30) {                                                  \
        fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                   \
        fprintf(stderr, __VA_ARGS__);                                          \
        fprintf(stderr, "\n");                                                 \
      }                                                                        \
    }                                                                          \
  } while (0)

/* Deterministic xorshift generator. */
uint32_t test_rand(void);
void test_seed(uint32_t s);

/* Loads LLVM IR text, aborting the test on failure. */
wmma_emu_module *test_load(const char *ir);

/* Runs kernel "k" of m with one workgroup of `threads` work-items; the
 * arguments are buffers.  Returns the launch status. */
int test_run(wmma_emu_module *m, const int *buffers, int nbuf, unsigned threads);

int test_wmma(int argc, char **argv);
int test_alloc(int argc, char **argv);
int test_fp8(int argc, char **argv);
int test_convert(int argc, char **argv);
int test_xlane(int argc, char **argv);
int test_memory(int argc, char **argv);
int test_l2(int argc, char **argv);
int test_replication(int argc, char **argv);
int test_api(int argc, char **argv);
int test_divergence(int argc, char **argv);
int test_buffer(int argc, char **argv);
int test_wmma_exact(int argc, char **argv);
int test_dispatch(int argc, char **argv);

#endif
