/* Strict integer command-line values (IntOption.h). */
#include "IntOption.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Only digits after an optional '-' (when allowed): strtoll/strtoull would
 * also take spaces and '+', and strtoull wraps "-1". */
static int well_formed(const char *s, int negative_ok) {
  if (!s || !*s)
    return 0;
  if (*s == '-' && negative_ok)
    s++;
  return *s >= '0' && *s <= '9';
}

/* 16 for 0x-hex, else 10 (a leading 0 is not octal). */
static int base_of(const char *s) {
  if (*s == '-')
    s++;
  return s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10;
}

int int_value(const char *s, long long lo, long long hi, long long *out) {
  if (!well_formed(s, lo < 0))
    return -1;
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, base_of(s));
  if (*end || errno || v < lo || v > hi)
    return -1;
  *out = v;
  return 0;
}

int uint_value(const char *s, unsigned long long hi, unsigned long long *out) {
  if (!well_formed(s, 0))
    return -1;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, base_of(s));
  if (*end || errno || v > hi)
    return -1;
  *out = v;
  return 0;
}

int int_option(const char *tool, const char *option, const char *s,
               long long lo, long long hi, long long *out) {
  if (!int_value(s, lo, hi, out))
    return 0;
  fprintf(stderr, "%s: error: %s takes an integer in %lld..%lld, got '%s'\n",
          tool, option, lo, hi, s ? s : "");
  return -1;
}

int uint_option(const char *tool, const char *option, const char *s,
                unsigned long long hi, unsigned long long *out) {
  if (!uint_value(s, hi, out))
    return 0;
  fprintf(stderr, "%s: error: %s takes an integer in 0..%llu, got '%s'\n",
          tool, option, hi, s ? s : "");
  return -1;
}

int int_list(const char *s, char sep, long long lo, long long hi,
             long long *dims, int max, int *n) {
  char item[32];
  *n = 0;
  if (!s)
    return -1;
  for (;;) {
    const char *stop = strchr(s, sep);
    size_t len = stop ? (size_t)(stop - s) : strlen(s);
    if (len == 0 || len >= sizeof item || *n == max)
      return -1;
    memcpy(item, s, len);
    item[len] = 0;
    if (int_value(item, lo, hi, &dims[*n]))
      return -1;
    ++*n;
    if (!stop)
      return 0;
    s = stop + 1;
  }
}
