/* A lexical pre-check for one upstream parser crash (see ParseGuard.h).
 *
 * linalg's parseDenseI64ArrayAttr does
 *   attributes.set(name, DenseI64ArrayAttr::parse(parser, Type{}));
 * without checking the result, so any list DenseI64ArrayAttr cannot read
 * (`permutation = [` at end of input, `[a]`, `[0,]`, `5`, an integer out of
 * int64 range) becomes a null attribute and a SIGSEGV.  The scan follows the
 * op's custom syntax just far enough to find that list and checks it the way
 * the MLIR lexer and AsmParser::parseInteger read it. */
#include "wmma/Support/ParseGuard.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *s;
  size_t n, i;
} scan;

static int at(const scan *c, size_t k) { return c->i + k < c->n ? (unsigned char)c->s[c->i + k] : -1; }
static int is_id_start(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
static int is_digit(int ch) { return ch >= '0' && ch <= '9'; }
static int is_id_char(int ch) { return is_id_start(ch) || is_digit(ch) || ch == '$' || ch == '.'; }
static int is_hex(int ch) { return is_digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'); }

/* Whitespace and // comments. */
static void skip_ws(scan *c) {
  for (;;) {
    int ch = at(c, 0);
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')
      c->i++;
    else if (ch == '/' && at(c, 1) == '/')
      while (c->i < c->n && c->s[c->i] != '\n')
        c->i++;
    else
      return;
  }
}

/* A string literal starting at '"' (ends at '"', a newline or the end, as
 * the MLIR lexer stops there too). */
static void skip_string(scan *c) {
  c->i++;
  while (c->i < c->n && c->s[c->i] != '"' && c->s[c->i] != '\n')
    c->i += c->s[c->i] == '\\' ? 2 : 1;
  if (c->i < c->n)
    c->i++;
}

/* A balanced group from its opening character; strings and comments
 * inside are skipped.  Unbalanced input just runs to the end. */
static void skip_group(scan *c, char open, char close) {
  int depth = 0;
  while (c->i < c->n) {
    int ch = at(c, 0);
    if (ch == '"') {
      skip_string(c);
      continue;
    }
    if (ch == '/' && at(c, 1) == '/') {
      skip_ws(c);
      continue;
    }
    c->i++;
    if (ch == open)
      depth++;
    else if (ch == close && --depth == 0)
      return;
  }
}

/* The identifier at c->i (bare, with '.' and '$') into buf; its length. */
static size_t read_id(scan *c, char *buf, size_t cap) {
  size_t len = 0;
  if (!is_id_start(at(c, 0)))
    return 0;
  while (is_id_char(at(c, 0))) {
    if (len + 1 < cap)
      buf[len] = c->s[c->i];
    len++;
    c->i++;
  }
  buf[len < cap ? len : cap - 1] = 0;
  return len;
}

/* One element as AsmParser::parseInteger<int64_t> reads it: true, false, or
 * [-] decimal / 0x-hex integer token in int64 range.  0 if it cannot. */
static int read_int(scan *c) {
  char word[8];
  size_t save = c->i;
  if (is_id_start(at(c, 0))) {
    size_t len = read_id(c, word, sizeof word);
    if ((len == 4 && !strcmp(word, "true")) || (len == 5 && !strcmp(word, "false")))
      return 1;
    c->i = save;
    return 0;
  }
  if (at(c, 0) == '-') {
    c->i++;
    skip_ws(c);
  }
  if (!is_digit(at(c, 0)))
    return 0;
  uint64_t v = 0;
  int overflow = 0;
  if (at(c, 0) == '0' && at(c, 1) == 'x' && is_hex(at(c, 2))) {
    c->i += 2;
    for (; is_hex(at(c, 0)); c->i++) {
      int ch = at(c, 0), d = is_digit(ch) ? ch - '0' : (ch | 32) - 'a' + 10;
      overflow |= v > (UINT64_MAX >> 4);
      v = v * 16 + (uint64_t)d;
    }
  } else {
    for (; is_digit(at(c, 0)); c->i++) {
      int d = at(c, 0) - '0';
      overflow |= v > (UINT64_MAX - (uint64_t)d) / 10;
      v = v * 10 + (uint64_t)d;
    }
  }
  /* A float ("1.5") or a number glued to an identifier is not an integer. */
  if (overflow || v > (uint64_t)INT64_MAX || at(c, 0) == '.' ||
      is_id_char(at(c, 0)))
    return 0;
  return 1;
}

/* `[` (int (`,` int)*)? `]` at c->i; 0 with c->i at the fault otherwise. */
static int int_list_ok(scan *c) {
  if (at(c, 0) != '[')
    return 0;
  c->i++;
  skip_ws(c);
  if (at(c, 0) == ']')
    return 1;
  for (;;) {
    size_t elem = c->i;
    if (!read_int(c)) {
      c->i = elem;
      return 0;
    }
    skip_ws(c);
    if (at(c, 0) == ']')
      return 1;
    if (at(c, 0) != ',')
      return 0;
    c->i++;
    skip_ws(c);
  }
}

/* After the op name: [{payload}] [ins(...)] [outs(...)] KEYWORD = LIST.
 * Returns 1 at a list the parser would crash on (c->i at the fault). */
static int op_has_hazard(scan *c, const char *keyword, int payload_braces) {
  char word[32];
  for (;;) {
    skip_ws(c);
    if (payload_braces && at(c, 0) == '{') {
      skip_group(c, '{', '}');
      payload_braces = 0;
      continue;
    }
    size_t len = read_id(c, word, sizeof word);
    if (len == 0 || len >= sizeof word)
      return 0; /* not this syntax: the parser reports it */
    if (!strcmp(word, "ins") || !strcmp(word, "outs")) {
      skip_ws(c);
      if (at(c, 0) != '(')
        return 0;
      skip_group(c, '(', ')');
      continue;
    }
    if (strcmp(word, keyword))
      return 0;
    skip_ws(c);
    if (at(c, 0) != '=')
      return 0; /* parseEqual fails cleanly */
    c->i++;
    skip_ws(c);
    return !int_list_ok(c);
  }
}

int wmma_parse_hazard(const char *text, size_t size, size_t *offset,
                      char *msg, size_t cap) {
  static const struct {
    const char *op, *keyword;
    int payload_braces;
  } kOps[] = {{"linalg.transpose", "permutation", 0},
              {"linalg.broadcast", "dimensions", 0},
              {"linalg.reduce", "dimensions", 1}};
  scan c = {text, size, 0};
  char word[32];
  while (c.i < c.n) {
    int ch = at(&c, 0);
    if (ch == '"') {
      skip_string(&c);
    } else if (ch == '/' && at(&c, 1) == '/') {
      skip_ws(&c);
    } else if (ch == '%' || ch == '@' || ch == '#' || ch == '!' || ch == '^' ||
               is_digit(ch)) {
      /* A prefixed name or a number (16x16xf32): never an op name. */
      c.i++;
      while (is_id_char(at(&c, 0)) || at(&c, 0) == '-')
        c.i++;
    } else if (is_id_start(ch)) {
      size_t len = read_id(&c, word, sizeof word);
      for (size_t k = 0; len < sizeof word && k < sizeof kOps / sizeof *kOps; ++k) {
        if (strcmp(word, kOps[k].op))
          continue;
        size_t after = c.i;
        if (op_has_hazard(&c, kOps[k].keyword, kOps[k].payload_braces)) {
          *offset = c.i;
          snprintf(msg, cap,
                   "malformed '%s = [...]' list of %s: expected integers in "
                   "int64 range, separated by ',' and closed by ']' (refused "
                   "before parsing: MLIR 22's parser crashes on it)",
                   kOps[k].keyword, kOps[k].op);
          return 1;
        }
        c.i = after;
      }
    } else {
      c.i++;
    }
  }
  return 0;
}

int wmma_nesting_exceeds(const char *text, size_t size, unsigned limit,
                         size_t *offset) {
  scan c = {text, size, 0};
  unsigned depth = 0;
  while (c.i < c.n) {
    int ch = at(&c, 0);
    if (ch == '"') {
      skip_string(&c);
      continue;
    }
    if (ch == '/' && at(&c, 1) == '/') {
      skip_ws(&c);
      continue;
    }
    if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
      if (++depth > limit) {
        *offset = c.i;
        return 1;
      }
    } else if ((ch == ')' || ch == ']' || ch == '}' ||
                (ch == '>' && at(&c, 1) != '=' &&
                 !(c.i > 0 && c.s[c.i - 1] == '-'))) &&
               depth > 0) {
      depth--; /* "->" and ">=" close nothing */
    }
    c.i++;
  }
  return 0;
}

void wmma_nesting_message(const char *what, char *msg, size_t cap) {
  snprintf(msg, cap, "%s nest deeper than %u levels (the limit of the wmma "
           "tools)", what, WMMA_MAX_NESTING);
}

void wmma_line_col(const char *text, size_t size, size_t offset,
                   unsigned *line, unsigned *col) {
  unsigned l = 1, k = 1;
  for (size_t i = 0; i < offset && i < size; ++i) {
    if (text[i] == '\n')
      l++, k = 1;
    else
      k++;
  }
  *line = l;
  *col = k;
}
