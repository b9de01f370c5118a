/* Structured inputs for the dialect harness (see AtomGen.h): the input's
 * bytes choose atoms, fragments and a straight-line program of wmma ops,
 * printed as MLIR text.  Vector types come from the layout engine, so most
 * programs verify; a few choices are deliberately off (a wrong vector
 * length, element type, chip or flag) to reach the verifiers' refusals. */
#include "AtomGen.h"

#include "wmma/Layout/Layout.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const uint8_t *p;
  size_t n;
} bytes;

static unsigned take(bytes *b, unsigned range) {
  if (!b->n || range <= 1)
    return 0;
  unsigned v = *b->p++;
  b->n--;
  return v % range;
}

/* One time in `one_in`: a deliberately wrong choice (RARE: per choice). */
#define RARE 64
static int off(bytes *b, unsigned one_in) { return b->n && take(b, one_in) == 0; }

static const char *elem_type(wmma_elem e) {
  static const char *const kNames[] = {"f16", "bf16", "f32", "i32", "i8",
                                       "i4", "f8E4M3FN", "f8E5M2"};
  return (unsigned)e < WMMA_ELEM_COUNT ? kNames[e] : "f64";
}

typedef struct {
  char text[160]; /* #wmma.atom<...> */
  wmma_arch arch;
  wmma_instr instr;
  int opsel;
} atom;

typedef struct {
  char ssa[16];
  char type[32];
  char frag[256]; /* the #wmma.frag it was produced in */
  wmma_frag_desc desc;
  int atom;
} value;

typedef struct {
  wmma_sbuf *out, body, args;
  int nargs, nvalues, natoms, natoms_made;
  value values[32];
  atom atoms[2];
} gen;

static void emit(wmma_sbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void emit(wmma_sbuf *sb, const char *fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  wmma_sbuf_append(sb, line, strlen(line));
}

/* An instruction of the architecture (the first atom's, so that one chip
 * fits both; rarely any). */
static void make_atom(gen *g, bytes *b, atom *a) {
  a->arch = g->natoms_made && !off(b, RARE) ? g->atoms[0].arch
            : take(b, 2)                    ? WMMA_ARCH_RDNA4
                                            : WMMA_ARCH_RDNA3;
  g->natoms_made++;
  a->instr = (wmma_instr)take(b, WMMA_INSTR_COUNT);
  if (!wmma_instr_available(a->instr, a->arch) && !off(b, RARE))
    a->instr = (wmma_instr)take(b, 6); /* the first six exist on both */
  const wmma_instr_info *info = wmma_instr_get(a->instr);
  int k = info->k;
  if (off(b, RARE))
    k = take(b, 2) ? 32 : 8;
  wmma_elem ea = info->a, eb = info->b, ec = info->c;
  if (off(b, RARE))
    ea = (wmma_elem)take(b, WMMA_ELEM_COUNT);
  a->opsel = info->has_opsel && a->arch == WMMA_ARCH_RDNA3 ? (int)take(b, 2) : 0;
  char flags[64] = "";
  if (info->is_integer || off(b, RARE)) {
    if (take(b, 2))
      strcat(flags, ", signed_a");
    if (take(b, 2))
      strcat(flags, ", signed_b");
    if (take(b, 2))
      strcat(flags, ", clamp");
  }
  if (a->opsel || off(b, RARE))
    snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
             ", opsel = %d", a->opsel ? a->opsel : 1);
  snprintf(a->text, sizeof a->text, "#wmma.atom<%s, 16x16x%d, %s * %s -> %s%s>",
           wmma_arch_name(a->arch), k, elem_type(ea), elem_type(eb),
           elem_type(ec), flags);
  (void)g;
}

/* A fragment of atom ai for `role` in some layout; its vector type. */
static void make_frag(gen *g, bytes *b, int ai, wmma_matrix role, value *v,
                      char *frag, size_t cap) {
  static const char *const kRoles[] = {"a", "b", "c", "d"};
  static const char *const kLayouts[] = {"hw", "kcontig", "compact"};
  const atom *a = &g->atoms[ai];
  v->atom = ai;
  v->desc.arch = a->arch;
  v->desc.instr = a->instr;
  v->desc.matrix = role;
  /* kcontig for A/B, compact for RDNA3 A/B, hw for all. */
  v->desc.layout = WMMA_LAYOUT_HW;
  if (role <= WMMA_MATRIX_B)
    v->desc.layout = (wmma_layout_kind)take(b, a->arch == WMMA_ARCH_RDNA3 ? 3 : 2);
  if (off(b, RARE))
    v->desc.layout = (wmma_layout_kind)take(b, 3);
  v->desc.opsel = role >= WMMA_MATRIX_C ? a->opsel : 0;
  v->desc.transposed = (int)take(b, 4) == 0;
  snprintf(frag, cap, "#wmma.frag<%s, %s, %s%s>", kRoles[role],
           kLayouts[v->desc.layout], v->desc.transposed ? "transposed, " : "",
           a->text);
  int len = wmma_frag_length(&v->desc);
  if (len <= 0 || off(b, RARE))
    len = 1 + (int)take(b, 32);
  wmma_elem e = wmma_frag_elem(&v->desc);
  if (off(b, RARE))
    e = (wmma_elem)take(b, WMMA_ELEM_COUNT);
  snprintf(v->type, sizeof v->type, "vector<%dx%s>", len, elem_type(e));
  snprintf(v->frag, sizeof v->frag, "%s", frag);
}

/* A new memref argument for v's tile; its element type in *elem. */
static const char *memref_arg(gen *g, bytes *b, const value *v,
                              const char **elem) {
  static char name[16];
  wmma_elem e = wmma_frag_elem(&v->desc);
  if (off(b, RARE))
    e = (wmma_elem)take(b, WMMA_ELEM_COUNT);
  *elem = elem_type(e);
  snprintf(name, sizeof name, "%%M%d", g->nargs);
  emit(&g->args, "%s%s: memref<64x64x%s>", g->nargs ? ", " : "", name, *elem);
  g->nargs++;
  return name;
}

static value *new_value(gen *g) {
  value *v = &g->values[g->nvalues];
  snprintf(v->ssa, sizeof v->ssa, "%%v%d", g->nvalues);
  g->nvalues++;
  return v;
}

/* An existing value of this role (C also takes D) and atom, or (rarely, or
 * when there is none) any value; -1 role or atom: any.  NULL if no values. */
static value *pick(gen *g, bytes *b, int role, int atom_index) {
  if (!g->nvalues)
    return NULL;
  unsigned start = take(b, (unsigned)g->nvalues);
  if (off(b, RARE))
    return &g->values[start];
  for (int i = 0; i < g->nvalues; ++i) {
    value *v = &g->values[(start + (unsigned)i) % (unsigned)g->nvalues];
    int r = (int)v->desc.matrix == WMMA_MATRIX_D ? WMMA_MATRIX_C : (int)v->desc.matrix;
    if ((role < 0 || r == role) && (atom_index < 0 || v->atom == atom_index))
      return v;
  }
  return off(b, RARE) ? &g->values[start] : NULL;
}

static void op(gen *g, bytes *b) {
  char frag[256], frag2[256];
  int ai = (int)take(b, (unsigned)g->natoms);
  const atom *a = &g->atoms[ai];
  unsigned kind = take(b, 7);
  if (kind == 5 && a->arch != WMMA_ARCH_RDNA3 && !off(b, RARE))
    kind = 0; /* expansion exists on RDNA3 only */
  value *src = NULL;
  /* expand reads a compact A or B: prefer an A/B value of this atom. */
  if (kind >= 3 && !(src = pick(g, b, kind == 5 ? (int)take(b, 2) : -1,
                                kind == 5 ? ai : -1)))
    kind = take(b, 2);
  if (g->nvalues == (int)(sizeof g->values / sizeof *g->values))
    kind = 6; /* no room for results: store */
  value *v;
  switch (kind) {
  case 0: { /* load */
    v = new_value(g);
    make_frag(g, b, ai, (wmma_matrix)take(b, 3), v, frag, sizeof frag);
    const char *elem, *m = memref_arg(g, b, v, &elem);
    emit(&g->body, "      %s = wmma.load %s %s[%%c0, %%c16] : memref<64x64x%s> -> %s\n",
         v->ssa, frag, m, elem, v->type);
    break;
  }
  case 1: { /* fill */
    v = new_value(g);
    make_frag(g, b, ai, WMMA_MATRIX_C, v, frag, sizeof frag);
    wmma_elem e = wmma_frag_elem(&v->desc);
    int is_int = e == WMMA_ELEM_I32 || e == WMMA_ELEM_IU8 || e == WMMA_ELEM_IU4;
    emit(&g->body, "      %%z%s = arith.constant %s : %s\n", v->ssa + 1,
         is_int ? "0" : "0.0", elem_type(e));
    emit(&g->body, "      %s = wmma.fill %s %%z%s : %s -> %s\n", v->ssa, frag,
         v->ssa + 1, elem_type(e), v->type);
    break;
  }
  case 2: { /* mma: operands by role, result typed as the accumulator */
    value *va = pick(g, b, 0, ai), *vb = pick(g, b, 1, ai), *vc = pick(g, b, 2, ai);
    if (!va || !vb || !vc)
      return; /* not enough values yet */
    v = new_value(g);
    *v = *vc;
    snprintf(v->ssa, sizeof v->ssa, "%%v%d", g->nvalues - 1);
    v->desc.matrix = WMMA_MATRIX_D;
    emit(&g->body, "      %s = wmma.mma %s %s, %s, %s : %s, %s -> %s\n", v->ssa,
         a->text, va->ssa, vb->ssa, vc->ssa, va->type, vb->type, vc->type);
    break;
  }
  case 3: { /* relayout from the source's own layout */
    v = new_value(g);
    int to_atom = off(b, RARE) ? ai : src->atom;
    wmma_matrix role = (wmma_matrix)take(b, 4);
    wmma_elem se = wmma_frag_elem(&src->desc);
    wmma_elem de = wmma_matrix_elem(g->atoms[to_atom].instr, role);
    /* Same element type, or f32 -> f16/bf16 (a relayout converts no
     * other way); otherwise the source's role. */
    if (se != de && !(se == WMMA_ELEM_F32 && (de == WMMA_ELEM_F16 || de == WMMA_ELEM_BF16)) &&
        !off(b, RARE))
      role = src->desc.matrix, to_atom = src->atom;
    make_frag(g, b, to_atom, role, v, frag2, sizeof frag2);
    emit(&g->body, "      %s = wmma.relayout %s to %s %s : %s -> %s\n", v->ssa,
         src->frag, frag2, src->ssa, src->type, v->type);
    break;
  }
  case 4: { /* transpose in the source's layout */
    wmma_elem e = wmma_frag_elem(&src->desc);
    int identity = (e == WMMA_ELEM_F16 || e == WMMA_ELEM_BF16) ? (int)take(b, 2)
                                                               : off(b, RARE);
    v = new_value(g);
    *v = *src;
    snprintf(v->ssa, sizeof v->ssa, "%%v%d", g->nvalues - 1);
    emit(&g->body, "      %s = wmma.transpose %s %s %s : %s -> %s\n", v->ssa,
         identity ? "identity" : "shuffle", src->frag, src->ssa, src->type,
         v->type);
    break;
  }
  case 5: { /* expand: compact -> hw */
    v = new_value(g);
    wmma_matrix role = take(b, 2) ? WMMA_MATRIX_B : WMMA_MATRIX_A;
    make_frag(g, b, ai, role, v, frag, sizeof frag);
    v->desc.layout = WMMA_LAYOUT_HW;
    v->desc.transposed = 0;
    int len = wmma_frag_length(&v->desc);
    snprintf(v->type, sizeof v->type, "vector<%dx%s>", len > 0 ? len : 16,
             elem_type(wmma_frag_elem(&v->desc)));
    emit(&g->body, "      %s = wmma.expand %s %s %s : %s -> %s\n", v->ssa,
         role == WMMA_MATRIX_A ? "a" : "b", a->text, src->ssa, src->type,
         v->type);
    break;
  }
  default: { /* store in the source's layout (rarely another) */
    value tmp = *src;
    if (off(b, RARE))
      make_frag(g, b, src->atom, src->desc.matrix, &tmp, frag, sizeof frag);
    const char *elem, *m = memref_arg(g, b, &tmp, &elem);
    emit(&g->body, "      wmma.store %s %s, %s[%%c16, %%c0] : %s, memref<64x64x%s>\n",
         tmp.frag, src->ssa, m, src->type, elem);
    break;
  }
  }
}

void fuzz_gen_atoms(const uint8_t *data, size_t size, wmma_sbuf *out) {
  bytes b = {data, size};
  gen g;
  memset(&g, 0, sizeof g);
  g.out = out;
  g.natoms = 1 + (int)take(&b, 2);
  for (int i = 0; i < g.natoms; ++i)
    make_atom(&g, &b, &g.atoms[i]);
  int nops = 1 + (int)take(&b, 12);
  for (int i = 0; i < nops && b.n; ++i)
    op(&g, &b);
  /* The chip of the first atom's architecture, or (rarely) the other. */
  int rdna4 = g.atoms[0].arch == WMMA_ARCH_RDNA4;
  if (off(&b, RARE))
    rdna4 = !rdna4;
  emit(out, "module attributes {gpu.container_module} {\n"
            "  gpu.module @k [#rocdl.target<chip = \"%s\">] {\n"
            "    gpu.func @f(%s) kernel {\n"
            "      %%c0 = arith.constant 0 : index\n"
            "      %%c16 = arith.constant 16 : index\n",
       rdna4 ? "gfx1201" : "gfx1100", g.args.data ? g.args.data : "");
  if (g.body.data)
    wmma_sbuf_append(out, g.body.data, g.body.len);
  emit(out, "      gpu.return\n    }\n  }\n}\n");
  wmma_sbuf_free(&g.args);
  wmma_sbuf_free(&g.body);
}
