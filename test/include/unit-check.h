/* The check macro of the project's C unit-test programs: each failed
 * check prints its place and condition and the program goes on, so one
 * run reports every failure; main returns g_failures != 0. */
#ifndef WMMA_TEST_UNIT_CHECK_H
#define WMMA_TEST_UNIT_CHECK_H

#include <stdio.h>

static long g_checks, g_failures;
#define CHECK(cond, what)                                                      \
  do {                                                                         \
    ++g_checks;                                                                \
    if (!(cond)) {                                                             \
      ++g_failures;                                                            \
      printf("FAILED %s:%d: %s (%s)\n", __FILE__, __LINE__, what, #cond);      \
    }                                                                          \
  } while (0)

#endif
