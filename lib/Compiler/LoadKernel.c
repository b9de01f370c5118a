/* A kernel compiled earlier (or by hand, or by another compiler): its
 * artifact and the launch manifest wmma-compile writes beside it, read back
 * into a wmma_compile_result (see wmma_load_kernel in wmma-c/Compiler.h).
 * The manifest is small and of one known shape: a minimal JSON reader. */
#include "wmma-c/Compiler.h"

#include "StringBuffer.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-------------------------------------------------------------------===*
 * JSON: values parsed into a flat node array
 *===-------------------------------------------------------------------===*/
enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct {
  int kind;
  long long num;
  char str[128];   /* string value (truncated: the manifest's are short) */
  char key[32];    /* member name inside an object */
  int first, next; /* children (arrays, objects) and siblings; -1: none */
  int count;
} jnode;

#define MAX_NODES 4096

typedef struct {
  const char *p, *end;
  jnode *nodes;
  int n;
  char err[160];
} jparser;

static void skip_ws(jparser *j) {
  while (j->p < j->end && isspace((unsigned char)*j->p))
    ++j->p;
}

static int jfail(jparser *j, const char *what) {
  if (!j->err[0])
    snprintf(j->err, sizeof j->err, "%s", what);
  return -1;
}

static int parse_string(jparser *j, char *out, size_t cap) {
  size_t len = 0;
  ++j->p; /* the opening quote */
  while (j->p < j->end && *j->p != '"') {
    char c = *j->p++;
    if (c == '\\') {
      if (j->p >= j->end)
        return jfail(j, "unterminated string");
      c = *j->p++;
      if (c == 'n')
        c = '\n';
      else if (c == 't')
        c = '\t';
      else if (c == 'u') { /* the manifest's names are ASCII: keep as '?' */
        if (j->end - j->p < 4)
          return jfail(j, "bad \\u escape");
        j->p += 4;
        c = '?';
      } else if (c != '"' && c != '\\' && c != '/')
        return jfail(j, "bad escape in a string");
    }
    if (len + 1 < cap)
      out[len++] = c;
  }
  if (j->p >= j->end)
    return jfail(j, "unterminated string");
  ++j->p;
  out[len] = 0;
  return 0;
}

static int parse_value(jparser *j, int depth);

/* Parses the members or elements of an object/array into node `at`. */
static int parse_children(jparser *j, int at, int depth, char close, int keyed) {
  ++j->p;
  int last = -1;
  skip_ws(j);
  if (j->p < j->end && *j->p == close) {
    ++j->p;
    return 0;
  }
  for (;;) {
    char key[32] = "";
    skip_ws(j);
    if (keyed) {
      if (j->p >= j->end || *j->p != '"' || parse_string(j, key, sizeof key))
        return jfail(j, "expected a member name");
      skip_ws(j);
      if (j->p >= j->end || *j->p++ != ':')
        return jfail(j, "expected ':'");
    }
    int c = parse_value(j, depth + 1);
    if (c < 0)
      return -1;
    snprintf(j->nodes[c].key, sizeof j->nodes[c].key, "%s", key);
    if (last < 0)
      j->nodes[at].first = c;
    else
      j->nodes[last].next = c;
    last = c;
    j->nodes[at].count++;
    skip_ws(j);
    if (j->p < j->end && *j->p == ',') {
      ++j->p;
      continue;
    }
    if (j->p < j->end && *j->p == close) {
      ++j->p;
      return 0;
    }
    return jfail(j, keyed ? "expected ',' or '}'" : "expected ',' or ']'");
  }
}

static int parse_value(jparser *j, int depth) {
  skip_ws(j);
  if (depth > 16)
    return jfail(j, "nested too deeply");
  if (j->p >= j->end)
    return jfail(j, "unexpected end");
  if (j->n == MAX_NODES)
    return jfail(j, "too large");
  int at = j->n++;
  jnode *v = &j->nodes[at];
  memset(v, 0, sizeof *v);
  v->first = v->next = -1;
  char c = *j->p;
  if (c == '{') {
    v->kind = J_OBJ;
    return parse_children(j, at, depth, '}', 1) ? -1 : at;
  }
  if (c == '[') {
    v->kind = J_ARR;
    return parse_children(j, at, depth, ']', 0) ? -1 : at;
  }
  if (c == '"') {
    v->kind = J_STR;
    return parse_string(j, v->str, sizeof v->str) ? -1 : at;
  }
  if (c == '-' || isdigit((unsigned char)c)) {
    char *end;
    v->kind = J_NUM;
    v->num = strtoll(j->p, &end, 10);
    if (end == j->p || *end == '.' || *end == 'e' || *end == 'E')
      return jfail(j, "expected an integer");
    j->p = end;
    return at;
  }
  static const char *const kWords[] = {"null", "true", "false"};
  for (int w = 0; w < 3; ++w) {
    size_t n = strlen(kWords[w]);
    if ((size_t)(j->end - j->p) >= n && !memcmp(j->p, kWords[w], n)) {
      j->p += n;
      v->kind = w ? J_BOOL : J_NULL;
      v->num = w == 1;
      return at;
    }
  }
  return jfail(j, "unexpected character");
}

static const jnode *member(const jparser *j, const jnode *obj, const char *key) {
  if (!obj || obj->kind != J_OBJ)
    return NULL;
  for (int c = obj->first; c >= 0; c = j->nodes[c].next)
    if (!strcmp(j->nodes[c].key, key))
      return &j->nodes[c];
  return NULL;
}

static const jnode *element(const jparser *j, const jnode *arr, int i) {
  int c = arr->first;
  while (c >= 0 && i-- > 0)
    c = j->nodes[c].next;
  return c >= 0 ? &j->nodes[c] : NULL;
}

/*===-------------------------------------------------------------------===*
 * The manifest
 *===-------------------------------------------------------------------===*/
typedef struct {
  const char *p;
  wmma_grid_op *prog;
  int *len;
} grid_parser;

/* "(s0 ceildiv 64)" (json_grid_expr's fully parenthesised infix form) back
 * to the postfix program. */
static int parse_grid(grid_parser *g, int depth) {
  while (*g->p == ' ')
    ++g->p;
  if (depth > 16 || *g->len >= WMMA_MAX_GRID_PROGRAM)
    return 0;
  if (*g->p == '(') {
    ++g->p;
    if (!parse_grid(g, depth + 1))
      return 0;
    while (*g->p == ' ')
      ++g->p;
    static const char *const kOps[] = {"+", "*", "ceildiv", "floordiv", "mod"};
    static const int kCodes[] = {WMMA_GRID_ADD, WMMA_GRID_MUL, WMMA_GRID_CEILDIV,
                                 WMMA_GRID_FLOORDIV, WMMA_GRID_MOD};
    int op = -1;
    for (int i = 0; i < 5 && op < 0; ++i) {
      size_t n = strlen(kOps[i]);
      if (!strncmp(g->p, kOps[i], n) && g->p[n] == ' ')
        op = kCodes[i], g->p += n;
    }
    if (op < 0 || !parse_grid(g, depth + 1))
      return 0;
    while (*g->p == ' ')
      ++g->p;
    if (*g->p++ != ')' || *g->len >= WMMA_MAX_GRID_PROGRAM)
      return 0;
    g->prog[(*g->len)++] = (wmma_grid_op){op, 0};
    return 1;
  }
  int size = *g->p == 's';
  char *end;
  long long v = strtoll(g->p + size, &end, 10);
  if (end == g->p + size || v < 0)
    return 0;
  g->p = end;
  g->prog[(*g->len)++] =
      (wmma_grid_op){size ? WMMA_GRID_SIZE : WMMA_GRID_CONST, v};
  return 1;
}

static int elem_bytes_of(const char *type) {
  static const struct {
    const char *name;
    int bytes;
  } kTypes[] = {{"f16", 2}, {"bf16", 2}, {"f32", 4}, {"f64", 8}, {"i1", 1},
                {"i4", 1},  {"i8", 1},   {"i16", 2}, {"i32", 4}, {"i64", 8},
                {"index", 8}, {"f8E4M3FN", 1}, {"f8E5M2", 1}};
  for (size_t i = 0; i < sizeof kTypes / sizeof kTypes[0]; ++i)
    if (!strcmp(type, kTypes[i].name))
      return kTypes[i].bytes;
  return 0;
}

/* dst = src when it fits (a name the C API cannot hold is an error, not a
 * truncated name). */
static int copy_str(char *dst, size_t cap, const char *src) {
  size_t n = strlen(src);
  if (n >= cap)
    return 0;
  memcpy(dst, src, n + 1);
  return 1;
}

static int fail(wmma_sbuf *d, const char *path, const char *msg, const char *arg) {
  wmma_sbuf_printf(d, "error: %s: ", path);
  wmma_sbuf_printf(d, msg, arg ? arg : "");
  wmma_sbuf_append(d, "\n", 1);
  return 1;
}

/* Fills res from the manifest text.  0, or 1 with a message in d. */
static int read_manifest(const char *text, size_t size, const char *path,
                         wmma_compile_result *res, wmma_sbuf *d) {
  jparser j = {text, text + size, calloc(MAX_NODES, sizeof(jnode)), 0, ""};
  if (!j.nodes)
    return fail(d, path, "out of memory%s", NULL);
  int status = 1;
  int root = parse_value(&j, 0);
  skip_ws(&j);
  if (root < 0 || j.p != j.end) {
    char msg[256];
    snprintf(msg, sizeof msg, "not a launch manifest (JSON: %s at byte %ld)",
             j.err[0] ? j.err : "trailing text", (long)(j.p - text));
    fail(d, path, "%s", msg);
    goto done;
  }
  const jnode *top = &j.nodes[root];
  const jnode *kernel = member(&j, top, "kernel"), *chip = member(&j, top, "chip"),
              *grid = member(&j, top, "grid"), *block = member(&j, top, "block"),
              *lds = member(&j, top, "lds_bytes"), *sizes = member(&j, top, "sizes"),
              *results = member(&j, top, "results"),
              *acc = member(&j, top, "accumulate"), *args = member(&j, top, "args");
  if (!kernel || kernel->kind != J_STR || !chip || chip->kind != J_STR || !grid ||
      grid->kind != J_ARR || grid->count != 3 || !block || block->kind != J_ARR ||
      block->count != 3 || !lds || lds->kind != J_NUM || lds->num < 0 || !args ||
      args->kind != J_ARR) {
    fail(d, path, "not a launch manifest: it needs \"kernel\", \"chip\", \"grid\" "
                  "[x, y, z], \"block\" [x, y, z], \"lds_bytes\" and \"args\"%s",
         NULL);
    goto done;
  }
  if (!copy_str(res->kernel, sizeof res->kernel, kernel->str) ||
      !copy_str(res->chip, sizeof res->chip, chip->str)) {
    fail(d, path, "the kernel or chip name is too long%s", NULL);
    goto done;
  }
  res->lds_bytes = (uint64_t)lds->num;
  res->nsizes = sizes && sizes->kind == J_NUM ? (int)sizes->num : 0;
  res->nresults = results && results->kind == J_NUM ? (int)results->num : 0;
  if (acc && (acc->kind != J_STR || (strcmp(acc->str, "wide") &&
                                     strcmp(acc->str, "native")))) {
    fail(d, path, "\"accumulate\" must be \"wide\" or \"native\"%s", NULL);
    goto done;
  }
  res->accumulate = acc && !strcmp(acc->str, "native");
  for (int i = 0; i < 3; ++i) {
    const jnode *b = element(&j, block, i), *g = element(&j, grid, i);
    if (b->kind != J_NUM || b->num < 1 || b->num > 1024) {
      fail(d, path, "\"block\" entries must be integers in 1..1024%s", NULL);
      goto done;
    }
    res->block[i] = (unsigned)b->num;
    if (g->kind == J_NUM && g->num >= 1 && g->num <= 0x7fffffff) {
      res->grid[i] = (unsigned)g->num;
      res->grid_program[i][0] = (wmma_grid_op){WMMA_GRID_CONST, g->num};
      res->grid_len[i] = 1;
      continue;
    }
    grid_parser gp = {g->str, res->grid_program[i], &res->grid_len[i]};
    if (g->kind != J_STR || !parse_grid(&gp, 0) || *gp.p) {
      fail(d, path, "grid entry '%s' is neither a positive integer nor an "
                    "expression of run-time sizes",
           g->kind == J_STR ? g->str : "?");
      goto done;
    }
  }
  if (args->count > WMMA_MAX_KERNEL_ARGS) {
    fail(d, path, "too many arguments%s", NULL);
    goto done;
  }
  res->nargs = args->count;
  for (int i = 0; i < res->nargs; ++i) {
    wmma_kernel_arg *a = &res->args[i];
    const jnode *an = element(&j, args, i);
    const jnode *name = member(&j, an, "name"), *kind = member(&j, an, "kind"),
                *type = member(&j, an, "type"), *shape = member(&j, an, "shape"),
                *role = member(&j, an, "role"), *host = member(&j, an, "host"),
                *strides = member(&j, an, "strides"), *offset = member(&j, an, "offset");
    char which[32];
    snprintf(which, sizeof which, "%d", i);
    if (!name || name->kind != J_STR || !kind || kind->kind != J_STR || !type ||
        type->kind != J_STR || !shape || shape->kind != J_ARR || !role ||
        role->kind != J_STR || !host || host->kind != J_NUM) {
      fail(d, path, "argument %s needs \"name\", \"kind\", \"type\", \"shape\", "
                    "\"role\" and \"host\"", which);
      goto done;
    }
    if (!copy_str(a->name, sizeof a->name, name->str) ||
        !copy_str(a->type, sizeof a->type, type->str) ||
        !copy_str(a->role, sizeof a->role, role->str)) {
      fail(d, path, "argument %s: a name, type or role is too long", which);
      goto done;
    }
    a->host = (int)host->num;
    const jnode *part = member(&j, an, "part");
    a->sparse = 0;
    if (part && part->kind == J_STR)
      a->sparse = !strcmp(part->str, "values") ? 1
                  : !strcmp(part->str, "index") ? 2
                                                : -1;
    if (a->sparse < 0) {
      fail(d, path, "argument %s: \"part\" must be \"values\" or \"index\"",
           which);
      goto done;
    }
    const jnode *along = member(&j, an, "along");
    a->sparse_cols = 0;
    if (along && (along->kind != J_STR || !a->sparse ||
                  (strcmp(along->str, "rows") && strcmp(along->str, "columns")))) {
      fail(d, path, "argument %s: \"along\" must be \"rows\" or "
                    "\"columns\" (of a 2:4 part)", which);
      goto done;
    }
    a->sparse_cols = along && !strcmp(along->str, "columns");
    a->is_buffer = !strcmp(kind->str, "buffer");
    a->elem_bytes = elem_bytes_of(a->type);
    if ((!a->is_buffer && strcmp(kind->str, "scalar")) || !a->elem_bytes ||
        (strcmp(a->role, "input") && strcmp(a->role, "output") &&
         strcmp(a->role, "inout")) ||
        shape->count > WMMA_MAX_RANK || (!a->is_buffer && shape->count)) {
      fail(d, path, "argument '%s': kind must be buffer or scalar, role input, "
                    "output or inout, type a known element type, shape at most "
                    "8 sizes (none for a scalar)", a->name);
      goto done;
    }
    a->rank = shape->count;
    for (int s = 0; s < a->rank; ++s) {
      const jnode *e = element(&j, shape, s);
      if (e->kind == J_NUM && e->num >= 0) {
        a->shape[s] = e->num;
      } else if (e->kind == J_STR && e->str[0] == 's' && isdigit((unsigned char)e->str[1]) &&
                 atoi(e->str + 1) < 64) {
        a->shape[s] = -1 - atoi(e->str + 1);
      } else {
        fail(d, path, "argument '%s': a shape entry is a size or \"sN\"", a->name);
        goto done;
      }
    }
    if (strides) {
      if (strides->kind != J_ARR || strides->count != a->rank || !offset ||
          offset->kind != J_NUM || offset->num < 0) {
        fail(d, path, "argument '%s': \"strides\" needs one stride per "
                      "dimension and an \"offset\"", a->name);
        goto done;
      }
      for (int s = 0; s < a->rank; ++s) {
        const jnode *e = element(&j, strides, s);
        if (e->kind != J_NUM || e->num < 0) {
          fail(d, path, "argument '%s': strides are integers >= 0", a->name);
          goto done;
        }
        a->strides[s] = e->num;
      }
      a->offset = offset->num;
    }
  }
  status = 0;
done:
  free(j.nodes);
  return status;
}

/* Does the LLVM IR define the kernel, for this chip?  0, or 1 with a
 * message. */
static int check_ir(const char *ir, const char *path, const wmma_compile_result *res,
                    wmma_sbuf *d) {
  char want[160];
  snprintf(want, sizeof want, "@%s(", res->kernel);
  int defined = 0;
  for (const char *l = ir; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
    if (!strncmp(l, "define ", 7)) {
      const char *eol = strchr(l, '\n');
      const char *at = strstr(l, want);
      defined |= at && (!eol || at < eol);
    }
  }
  if (!defined)
    return fail(d, path, "defines no kernel '%s' (the manifest's \"kernel\"): "
                         "the manifest is not this kernel's", res->kernel);
  const char *cpu = ir;
  while ((cpu = strstr(cpu, "\"target-cpu\"=\""))) {
    cpu += 14;
    size_t n = strcspn(cpu, "\"");
    if (n != strlen(res->chip) || strncmp(cpu, res->chip, n)) {
      char msg[160];
      snprintf(msg, sizeof msg, "is compiled for %.*s but its manifest says %s",
               (int)(n < 32 ? n : 32), cpu, res->chip);
      return fail(d, path, "%s", msg);
    }
  }
  return 0;
}

int wmma_load_kernel(const char *artifact_path, const char *manifest_path,
                     const char *chip, wmma_compile_result *res) {
  memset(res, 0, sizeof *res);
  wmma_sbuf d = {0};
  char mpath[4096];
  int status = 2;
  size_t ir_size = 0, m_size = 0;
  char *ir = NULL, *manifest = NULL;
  if (!artifact_path) {
    fail(&d, "wmma_load_kernel", "no kernel file given%s", NULL);
    goto done;
  }
  snprintf(mpath, sizeof mpath, "%s%s", manifest_path ? manifest_path : artifact_path,
           manifest_path ? "" : ".json");
  if (!(ir = wmma_read_file(artifact_path, &ir_size))) {
    fail(&d, artifact_path, "cannot read the kernel%s", NULL);
    goto done;
  }
  if (!(manifest = wmma_read_file(mpath, &m_size))) {
    fail(&d, mpath, "cannot read the launch manifest (wmma-compile -o K.ll writes "
                    "it as K.ll.json)%s", NULL);
    goto done;
  }
  status = 1;
  /* A program's manifest (several launches) is not read back yet: its
   * kernels run from the source (wmma-run without --kernel-ir). */
  if (strstr(manifest, "\"launches\"")) {
    fail(&d, mpath, "is the manifest of a program (several kernels); loading "
                    "programs is not supported: run the source instead%s",
         NULL);
    goto done;
  }
  if (read_manifest(manifest, m_size, mpath, res, &d))
    goto done;
  if (chip && strcmp(chip, res->chip)) {
    char msg[160];
    snprintf(msg, sizeof msg, "the kernel is for %s (its manifest's \"chip\"), "
                              "not %s", res->chip, chip);
    fail(&d, mpath, "%s", msg);
    goto done;
  }
  if (strlen(ir) != ir_size || !strstr(ir, "define ")) {
    fail(&d, artifact_path, "is not LLVM IR text (as wmma-compile --emit llvm "
                            "writes it)%s", NULL);
    goto done;
  }
  if (check_ir(ir, artifact_path, res, &d))
    goto done;
  res->data = (unsigned char *)ir;
  res->size = ir_size;
  ir = NULL;
  res->manifest_json = manifest;
  manifest = NULL;
  res->ok = 1;
  status = 0;
done:
  free(ir);
  free(manifest);
  res->diagnostics = wmma_sbuf_take(&d);
  return status;
}
