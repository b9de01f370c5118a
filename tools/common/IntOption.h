/* Strict integer command-line values, shared by the wmma tools: the whole
 * value is one decimal (or 0x-hex) integer in a stated range; a sign only
 * where negative values are allowed, no spaces, nothing after it.  Out of
 * range is an error, never a silent wrap (`--seed 999999999999999999999999`). */
#ifndef WMMA_TOOLS_INTOPTION_H
#define WMMA_TOOLS_INTOPTION_H

/* s as an integer in lo..hi into *out: 0, or -1 (nothing written). */
int int_value(const char *s, long long lo, long long hi, long long *out);
/* s as an unsigned integer in 0..hi. */
int uint_value(const char *s, unsigned long long hi, unsigned long long *out);

/* int_value / uint_value that print, on failure,
 *   TOOL: error: OPTION takes an integer in LO..HI, got 'S'
 * to stderr (the tools then exit with status 2, usage). */
int int_option(const char *tool, const char *option, const char *s,
               long long lo, long long hi, long long *out);
int uint_option(const char *tool, const char *option, const char *s,
                unsigned long long hi, unsigned long long *out);

/* A list of integers in lo..hi separated by `sep` ("64x128", "4,2,1"): at
 * most max of them into dims[], their count in *n.  0, or -1 (empty list,
 * empty element, junk, too many, out of range). */
int int_list(const char *s, char sep, long long lo, long long hi,
             long long *dims, int max, int *n);

#endif /* WMMA_TOOLS_INTOPTION_H */
