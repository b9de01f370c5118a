/* wmma-layout-tests: one executable, one subcommand per unit-test group, so
 * that lit can run and report them separately. */
#include "TestUtil.h"

typedef struct {
  const char *name;
  int (*run)(void);
  int needs_input; /* skipped by "all" */
} test_group;

static const test_group groups[] = {
    {"chips", test_chips, 0},         {"instructions", test_instructions, 0},
    {"hwmap", test_hwmap, 0},         {"fragments", test_fragments, 0},
    {"planner", test_planner, 0},     {"atoms", test_atoms, 0},
    {"sparse", test_sparse, 0},       {"lds-banks", test_lds_banks, 0},
    {"traits", test_traits, 1},       {"chip-limits", test_chip_limits, 1},
};
const char *g_input;

#define NGROUPS ((int)(sizeof(groups) / sizeof(groups[0])))

static int run_group(const test_group *g) {
  g_checks = 0;
  g_failures = 0;
  g->run();
  if (g_failures) {
    printf("%s: %ld of %ld checks FAILED\n", g->name, g_failures, g_checks);
    return 1;
  }
  printf("%s: %ld checks passed\n", g->name, g_checks);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: %s GROUP [INPUT], GROUP one of all|", argv[0]);
    for (int i = 0; i < NGROUPS; ++i)
      fprintf(stderr, "%s%s", groups[i].name, i + 1 < NGROUPS ? "|" : "\n");
    return 2;
  }
  g_input = argc == 3 ? argv[2] : NULL;
  int failed = 0, found = 0;
  for (int i = 0; i < NGROUPS; ++i)
    if ((strcmp(argv[1], "all") == 0 && !groups[i].needs_input) ||
        strcmp(argv[1], groups[i].name) == 0) {
      found = 1;
      failed |= run_group(&groups[i]);
    }
  if (!found) {
    fprintf(stderr, "unknown test group '%s'\n", argv[1]);
    return 2;
  }
  return failed;
}
