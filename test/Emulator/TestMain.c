/* wmma-emu-tests: unit and numeric tests of the emulator's C API.
 * Usage: wmma-emu-tests GROUP [ARGS]; prints "PASS GROUP (N checks)". */
#include "TestUtil.h"

#include <stdlib.h>
#include <string.h>

int g_failures, g_checks;
static uint32_t g_state = 0x12345678u;

void test_seed(uint32_t s) { g_state = s ? s : 1; }

uint32_t test_rand(void) {
  uint32_t x = g_state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return g_state = x;
}

wmma_emu_module *test_load(const char *ir) {
  wmma_emu_module *m = wmma_emu_load_memory(ir, strlen(ir), "test.ll");
  if (!m) {
    fprintf(stderr, "cannot load test IR: %s\n%s\n", wmma_emu_last_error(NULL), ir);
    exit(1);
  }
  return m;
}

int test_run(wmma_emu_module *m, const int *buffers, int nbuf, unsigned threads) {
  wmma_emu_arg args[16];
  for (int i = 0; i < nbuf; i++)
    args[i] = wmma_emu_arg_buffer(buffers[i]);
  unsigned grid[3] = {1, 1, 1}, block[3] = {threads, 1, 1};
  int k = wmma_emu_find_kernel(m, "k");
  return wmma_emu_launch(m, k, args, nbuf, grid, block);
}

static const struct {
  const char *name;
  int (*fn)(int, char **);
} kGroups[] = {
    {"wmma", test_wmma},           {"fp8", test_fp8},
    {"convert", test_convert},     {"xlane", test_xlane},
    {"replication", test_replication}, {"api", test_api},
    {"divergence", test_divergence}, {"buffer", test_buffer},
    {"wmma-exact", test_wmma_exact}, {"dispatch", test_dispatch},
    {"memory", test_memory},       {"alloc", test_alloc},
    {"l2", test_l2},
};

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: wmma-emu-tests GROUP [ARGS]\ngroups:");
    for (size_t i = 0; i < sizeof kGroups / sizeof kGroups[0]; i++)
      fprintf(stderr, " %s", kGroups[i].name);
    fprintf(stderr, "\n");
    return 2;
  }
  for (size_t i = 0; i < sizeof kGroups / sizeof kGroups[0]; i++) {
    if (strcmp(argv[1], kGroups[i].name))
      continue;
    int rc = kGroups[i].fn(argc - 2, argv + 2);
    if (rc || g_failures) {
      printf("FAILED %s: %d of %d checks\n", argv[1], g_failures, g_checks);
      return 1;
    }
    printf("PASS %s (%d checks)\n", argv[1], g_checks);
    return 0;
  }
  fprintf(stderr, "unknown group '%s'\n", argv[1]);
  return 2;
}
