/* Decoding LLVM functions into the compact internal form (Inst records with
 * slot operands), once per function, before anything runs.  Everything that
 * the interpreter cannot execute is reported here, naming the instruction.
 *
 * Blocks are numbered in a loop-contiguous reverse post-order: every loop
 * body gets consecutive numbers starting at its header, and loop exits come
 * after the whole loop.  The interpreter's "min-PC" scheduling (run the
 * lowest-numbered block any lane waits at) then reconverges divergent lanes
 * at the join of an if/else and after the last iteration of a loop. */
#include "EmuInternal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  wmma_emu_module *m;
  Func *f;
  PtrMap vals;   /* argument / instruction -> slot */
  PtrMap consts; /* constant -> pool slot */
  PtrMap bbmap;  /* LLVMBasicBlockRef -> new block index */
  LLVMValueRef cur;
  uint32_t zero_slot;
} Dec;

static int dec_error(Dec *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int dec_error(Dec *d, const char *fmt, ...) {
  char msg[1024], where[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (d->cur) {
    emu_describe_inst(d->cur, where, sizeof where);
    emu_set_error(d->m, "in function '%s': %s: %s", d->f->name, msg, where);
  } else {
    emu_set_error(d->m, "in function '%s': %s", d->f->name, msg);
  }
  return -1;
}

/*===-- types -----------------------------------------------------------===*/

static int scalar_type(LLVMTypeRef t, VType *o) {
  memset(o, 0, sizeof *o);
  o->n = 1;
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w > 64)
      return -1;
    o->sk = SK_INT;
    o->bits = (uint8_t)w;
    return 0;
  }
  case LLVMHalfTypeKind: o->sk = SK_F16; o->bits = 16; return 0;
  case LLVMBFloatTypeKind: o->sk = SK_BF16; o->bits = 16; return 0;
  case LLVMFloatTypeKind: o->sk = SK_F32; o->bits = 32; return 0;
  case LLVMDoubleTypeKind: o->sk = SK_F64; o->bits = 64; return 0;
  case LLVMPointerTypeKind: {
    unsigned as = LLVMGetPointerAddressSpace(t);
    o->sk = SK_PTR;
    o->as = (uint16_t)as;
    o->bits = (as == 2 || as == 3 || as == 5 || as == 6) ? 32 : 64;
    return 0;
  }
  default: return -1;
  }
}

/* Slots needed by an aggregate (flattened leaves), or -1. */
static int64_t agg_slots(LLVMTypeRef t) {
  VType v;
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind: {
    int64_t n = 0;
    for (unsigned i = 0, c = LLVMCountStructElementTypes(t); i < c; i++) {
      int64_t e = agg_slots(LLVMStructGetTypeAtIndex(t, i));
      if (e < 0)
        return -1;
      n += e;
    }
    return n;
  }
  case LLVMArrayTypeKind: {
    int64_t e = agg_slots(LLVMGetElementType(t));
    uint64_t len = LLVMGetArrayLength2(t);
    if (e < 0 || len > 4096)
      return -1;
    return e * (int64_t)len;
  }
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
    if (LLVMGetTypeKind(t) == LLVMScalableVectorTypeKind ||
        scalar_type(LLVMGetElementType(t), &v))
      return -1;
    return LLVMGetVectorSize(t);
  default:
    return scalar_type(t, &v) ? -1 : 1;
  }
}

int emu_decode_type(LLVMTypeRef t, VType *o) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMVectorTypeKind) {
    if (scalar_type(LLVMGetElementType(t), o))
      return -1;
    o->n = LLVMGetVectorSize(t);
    /* Larger vectors than any kernel uses would only blow up the
     * register file. */
    return o->n && o->n <= 4096 ? 0 : -1;
  }
  if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind) {
    int64_t n = agg_slots(t);
    if (n <= 0 || n > 65536)
      return -1;
    memset(o, 0, sizeof *o);
    o->sk = SK_AGG;
    o->n = (uint32_t)n;
    return 0;
  }
  return scalar_type(t, o);
}

static char *type_str(LLVMTypeRef t) { return LLVMPrintTypeToString(t); }

static int need_type(Dec *d, LLVMTypeRef t, VType *o) {
  if (emu_decode_type(t, o) == 0)
    return 0;
  char *s = type_str(t);
  dec_error(d, "unsupported type %s", s);
  LLVMDisposeMessage(s);
  return -1;
}

/* Bytes of one element in memory. */
static uint32_t elem_bytes(const VType *t) {
  if (t->sk == SK_INT)
    return (t->bits + 7u) / 8u;
  return t->bits / 8u;
}

/*===-- constants -------------------------------------------------------===*/

static int const_gep_offset(wmma_emu_module *m, LLVMTypeRef src_ty,
                            LLVMValueRef gep, unsigned first_idx,
                            unsigned nops, int64_t *off);

static int const_eval_ty(wmma_emu_module *m, LLVMValueRef c, LLVMTypeRef t,
                         uint64_t *slots, uint32_t *pos) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (LLVMIsAUndefValue(c) || LLVMIsAConstantAggregateZero(c) ||
      LLVMIsAConstantPointerNull(c)) {
    int64_t n = k == LLVMVectorTypeKind || k == LLVMStructTypeKind ||
                        k == LLVMArrayTypeKind
                    ? agg_slots(t)
                    : 1;
    if (n < 0)
      return -1;
    for (int64_t i = 0; i < n; i++)
      slots[(*pos)++] = 0;
    return 0;
  }
  if (k == LLVMVectorTypeKind || k == LLVMStructTypeKind || k == LLVMArrayTypeKind) {
    if (LLVMIsAConstantExpr(c)) {
      emu_set_error(m, "unsupported vector constant expression");
      return -1;
    }
    unsigned n = k == LLVMStructTypeKind ? LLVMCountStructElementTypes(t)
                 : k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t)
                                          : LLVMGetVectorSize(t);
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      LLVMTypeRef et = k == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i)
                                               : LLVMGetElementType(t);
      if (!e) {
        emu_set_error(m, "unsupported aggregate constant");
        return -1;
      }
      if (const_eval_ty(m, e, et, slots, pos))
        return -1;
    }
    return 0;
  }
  VType st;
  if (scalar_type(t, &st)) {
    emu_set_error(m, "unsupported constant type");
    return -1;
  }
  uint64_t v = 0;
  if (LLVMIsAConstantInt(c)) {
    v = LLVMConstIntGetZExtValue(c) & emu_mask(st.bits);
  } else if (LLVMIsAConstantFP(c)) {
    LLVMBool loses;
    double x = LLVMConstRealGetDouble(c, &loses);
    v = emu_store_fp(x, st.sk);
  } else if (LLVMIsAGlobalAlias(c)) {
    return const_eval_ty(m, LLVMAliasGetAliasee(c), t, slots, pos);
  } else if (LLVMIsAGlobalVariable(c)) {
    unsigned as;
    if (!emu_global_address(m, c, &v, &as)) {
      size_t len;
      const char *name = LLVMGetValueName2(c, &len);
      emu_set_error(m, "global @%.*s in address space %u is not supported",
                    (int)len, name, LLVMGetPointerAddressSpace(LLVMTypeOf(c)));
      return -1;
    }
  } else if (LLVMIsAFunction(c)) {
    emu_set_error(m, "function pointers are not supported");
    return -1;
  } else if (LLVMIsAConstantExpr(c)) {
    LLVMOpcode op = LLVMGetConstOpcode(c);
    uint32_t p0 = 0;
    uint64_t a = 0, b = 0;
    LLVMValueRef o0 = LLVMGetOperand(c, 0);
    LLVMTypeRef t0 = LLVMTypeOf(o0);
    VType s0;
    if (scalar_type(t0, &s0) || const_eval_ty(m, o0, t0, &a, &p0))
      return -1;
    switch (op) {
    case LLVMGetElementPtr: {
      int64_t off;
      if (const_gep_offset(m, LLVMGetGEPSourceElementType(c), c, 1,
                           (unsigned)LLVMGetNumOperands(c), &off))
        return -1;
      v = (a + (uint64_t)off) & emu_mask(st.bits);
      break;
    }
    case LLVMBitCast: v = a; break;
    case LLVMAddrSpaceCast:
      v = emu_cast_scalar(CV_ASCAST, a, s0.sk, s0.bits, s0.as, st.sk, st.bits, st.as);
      break;
    case LLVMPtrToInt: case LLVMPtrToAddr: case LLVMIntToPtr: case LLVMTrunc:
      v = a & emu_mask(st.bits);
      break;
    case LLVMAdd: case LLVMSub: case LLVMXor: case LLVMMul: case LLVMShl: {
      uint32_t p1 = 0;
      LLVMValueRef o1 = LLVMGetOperand(c, 1);
      if (const_eval_ty(m, o1, LLVMTypeOf(o1), &b, &p1))
        return -1;
      v = op == LLVMAdd ? a + b : op == LLVMSub ? a - b : op == LLVMXor ? a ^ b
          : op == LLVMMul ? a * b : (b < 64 ? a << b : 0);
      v &= emu_mask(st.bits);
      break;
    }
    default:
      emu_set_error(m, "unsupported constant expression (opcode %d)", (int)op);
      return -1;
    }
  } else {
    emu_set_error(m, "unsupported constant");
    return -1;
  }
  slots[(*pos)++] = v;
  return 0;
}

int emu_const_eval(wmma_emu_module *m, LLVMValueRef c, uint64_t *slots) {
  uint32_t pos = 0;
  return const_eval_ty(m, c, LLVMTypeOf(c), slots, &pos);
}

/* Byte offset of constant GEP indices (operands first_idx..nops-1). */
static int const_gep_offset(wmma_emu_module *m, LLVMTypeRef src_ty,
                            LLVMValueRef gep, unsigned first_idx,
                            unsigned nops, int64_t *off) {
  int64_t o = 0;
  LLVMTypeRef cur = src_ty;
  for (unsigned i = first_idx; i < nops; i++) {
    LLVMValueRef idx = LLVMGetOperand(gep, i);
    if (!LLVMIsAConstantInt(idx) || LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64) {
      emu_set_error(m, "unsupported GEP index in a constant expression");
      return -1;
    }
    int64_t iv = LLVMConstIntGetSExtValue(idx);
    if (i == first_idx) {
      o += iv * (int64_t)LLVMABISizeOfType(m->td, cur);
      continue;
    }
    LLVMTypeKind k = LLVMGetTypeKind(cur);
    if (k == LLVMStructTypeKind) {
      o += (int64_t)LLVMOffsetOfElement(m->td, cur, (unsigned)iv);
      cur = LLVMStructGetTypeAtIndex(cur, (unsigned)iv);
    } else if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
      cur = LLVMGetElementType(cur);
      o += iv * (int64_t)LLVMABISizeOfType(m->td, cur);
    } else {
      emu_set_error(m, "unsupported GEP in a constant expression");
      return -1;
    }
  }
  *off = o;
  return 0;
}

/*===-- function storage --------------------------------------------------===*/

static uint32_t push_extra(Func *f, uint32_t v) {
  if (f->nextra == f->cap_extra) {
    f->cap_extra = f->cap_extra ? 2 * f->cap_extra : 256;
    f->extra = realloc(f->extra, f->cap_extra * sizeof *f->extra);
  }
  f->extra[f->nextra] = v;
  return f->nextra++;
}

static void push_extra64(Func *f, uint64_t v) {
  push_extra(f, (uint32_t)v);
  push_extra(f, (uint32_t)(v >> 32));
}

/* Makes in an OP_GATHER of n slots; the caller pushes the n source slots. */
static void gather_begin(Dec *d, Inst *in, uint32_t n) {
  in->op = OP_GATHER;
  in->x = d->f->nextra;
  in->xn = n;
}

/* Makes in a plain copy of the n consecutive slots starting at src. */
static void gather_copy(Dec *d, Inst *in, uint32_t src, uint32_t n) {
  gather_begin(d, in, n);
  for (uint32_t e = 0; e < n; e++)
    push_extra(d->f, src + e);
}

static Inst *push_inst(Dec *d) {
  Func *f = d->f;
  if (f->ninst == f->cap_inst) {
    f->cap_inst = f->cap_inst ? 2 * f->cap_inst : 256;
    f->insts = realloc(f->insts, f->cap_inst * sizeof *f->insts);
    f->srcs = realloc(f->srcs, f->cap_inst * sizeof *f->srcs);
  }
  Inst *in = &f->insts[f->ninst];
  memset(in, 0, sizeof *in);
  in->dst = in->a = in->b = in->c = in->d = NO_SLOT;
  in->n = 1;
  in->src = f->ninst;
  f->srcs[f->ninst] = d->cur;
  f->ninst++;
  return in;
}

static uint32_t pool_alloc(Func *f, uint32_t n) {
  if (f->ncpool + n > f->cap_cpool) {
    while (f->ncpool + n > f->cap_cpool)
      f->cap_cpool = f->cap_cpool ? 2 * f->cap_cpool : 64;
    f->cpool = realloc(f->cpool, (size_t)f->cap_cpool * NLANES * sizeof(uint64_t));
  }
  uint32_t s = f->ncpool;
  f->ncpool += n;
  return s;
}

static uint32_t const_slot(Dec *d, LLVMValueRef c, uint32_t n) {
  uint32_t s;
  if (ptrmap_get(&d->consts, c, &s))
    return s;
  uint64_t tmp[65536 / 8];
  uint64_t *vals = n <= sizeof tmp / sizeof tmp[0] ? tmp : malloc(n * sizeof(uint64_t));
  if (emu_const_eval(d->m, c, vals)) {
    char msg[2048];
    snprintf(msg, sizeof msg, "%s", d->m->err);
    if (vals != tmp)
      free(vals);
    dec_error(d, "%s", msg);
    return NO_SLOT;
  }
  s = pool_alloc(d->f, n);
  for (uint32_t e = 0; e < n; e++)
    for (int l = 0; l < NLANES; l++)
      d->f->cpool[(size_t)(s + e) * NLANES + l] = vals[e];
  if (vals != tmp)
    free(vals);
  s |= CONST_BIT;
  ptrmap_put(&d->consts, c, s);
  return s;
}

/* Slot of an operand: register of an argument/instruction, or pool slot. */
static uint32_t opnd(Dec *d, LLVMValueRef v) {
  uint32_t s;
  if (ptrmap_get(&d->vals, v, &s))
    return s;
  if (LLVMIsAConstant(v)) {
    VType t;
    if (need_type(d, LLVMTypeOf(v), &t))
      return NO_SLOT;
    return const_slot(d, v, t.n);
  }
  dec_error(d, "unsupported operand");
  return NO_SLOT;
}

#define OPND(var, v)                                                           \
  do {                                                                         \
    (var) = opnd(d, (v));                                                      \
    if ((var) == NO_SLOT)                                                      \
      return -1;                                                               \
  } while (0)

/*===-- control flow ordering ---------------------------------------------===*/

typedef struct {
  uint32_t nb;
  uint32_t **succ;
  uint32_t *nsucc;
  uint32_t nloops;
  uint32_t *loop_header;
  uint64_t **loop_body; /* bitsets */
  int32_t *loop_parent;
  int32_t *inl;         /* innermost loop of each block, -1 */
  uint32_t *stamp;
  uint32_t gen;
  uint32_t *out;
  uint32_t nout;
} Cfg;

static int bit_get(const uint64_t *b, uint32_t i) { return (b[i >> 6] >> (i & 63)) & 1; }
static void bit_set(uint64_t *b, uint32_t i) { b[i >> 6] |= 1ull << (i & 63); }

static void dfs_post(Cfg *g, uint32_t u, uint8_t *seen, uint32_t *post, uint32_t *np) {
  seen[u] = 1;
  for (uint32_t i = 0; i < g->nsucc[u]; i++)
    if (!seen[g->succ[u][i]])
      dfs_post(g, g->succ[u][i], seen, post, np);
  post[(*np)++] = u;
}

static int in_region(const Cfg *g, int32_t region, uint32_t b) {
  return region < 0 ? 1 : bit_get(g->loop_body[region], b);
}

/* The representative of block b inside region: b itself, or the header of
 * the outermost sub-loop of region that contains b. */
static uint32_t rep_of(const Cfg *g, int32_t region, uint32_t b) {
  int32_t l = g->inl[b];
  if (l == region)
    return b;
  while (l >= 0 && g->loop_parent[l] != region)
    l = g->loop_parent[l];
  return l < 0 ? b : g->loop_header[l];
}

static void order_region(Cfg *g, int32_t region);

static void region_dfs(Cfg *g, int32_t region, uint32_t header, uint32_t r,
                       uint32_t *post, uint32_t *np) {
  g->stamp[r] = g->gen;
  int32_t sub = g->inl[r] != region ? g->inl[r] : -1;
  /* Successors of a super-node are the exits of its loop. */
  for (uint32_t b = 0; b < g->nb; b++) {
    if (sub >= 0 ? !bit_get(g->loop_body[sub], b) : b != r)
      continue;
    for (uint32_t i = 0; i < g->nsucc[b]; i++) {
      uint32_t s = g->succ[b][i];
      if (s == header || !in_region(g, region, s) ||
          (sub >= 0 && bit_get(g->loop_body[sub], s)))
        continue;
      uint32_t rs = rep_of(g, region, s);
      if (g->stamp[rs] != g->gen)
        region_dfs(g, region, header, rs, post, np);
    }
  }
  post[(*np)++] = r;
}

static void order_region(Cfg *g, int32_t region) {
  uint32_t header = region < 0 ? 0 : g->loop_header[region];
  uint32_t *post = malloc(g->nb * sizeof *post);
  uint32_t np = 0;
  g->gen++;
  region_dfs(g, region, header, header, post, &np);
  for (uint32_t i = np; i-- > 0;) {
    uint32_t r = post[i];
    if (g->inl[r] != region && g->inl[r] >= 0 &&
        g->loop_header[g->inl[r]] == r && r != header)
      order_region(g, g->inl[r]);
    else
      g->out[g->nout++] = r;
  }
  free(post);
}

/* Computes the block order into g->out; returns -1 on irreducible CFGs. */
static int order_blocks(Dec *d, Cfg *g) {
  uint32_t nb = g->nb;
  uint8_t *seen = calloc(nb, 1);
  uint32_t *post = malloc(nb * sizeof *post), np = 0;
  dfs_post(g, 0, seen, post, &np);
  uint32_t *rpo = malloc(nb * sizeof *rpo);
  for (uint32_t i = 0; i < nb; i++)
    rpo[i] = UINT32_MAX;
  for (uint32_t i = 0; i < np; i++)
    rpo[post[np - 1 - i]] = i;
  /* Immediate dominators (Cooper, Harvey, Kennedy). */
  uint32_t *idom = malloc(nb * sizeof *idom);
  for (uint32_t i = 0; i < nb; i++)
    idom[i] = UINT32_MAX;
  idom[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t i = 1; i < np; i++) {
      uint32_t b = post[np - 1 - i];
      uint32_t nd = UINT32_MAX;
      for (uint32_t p = 0; p < nb; p++) {
        if (rpo[p] == UINT32_MAX || idom[p] == UINT32_MAX)
          continue;
        for (uint32_t j = 0; j < g->nsucc[p]; j++) {
          if (g->succ[p][j] != b)
            continue;
          if (nd == UINT32_MAX) {
            nd = p;
          } else {
            uint32_t x = p, y = nd;
            while (x != y) {
              while (rpo[x] > rpo[y]) x = idom[x];
              while (rpo[y] > rpo[x]) y = idom[y];
            }
            nd = x;
          }
        }
      }
      if (nd != idom[b]) {
        idom[b] = nd;
        changed = 1;
      }
    }
  }
  /* Back edges and natural loops (one loop per header). */
  uint32_t words = (nb + 63) / 64;
  g->loop_header = malloc(nb * sizeof *g->loop_header);
  g->loop_body = calloc(nb, sizeof *g->loop_body);
  int32_t *loop_of_header = malloc(nb * sizeof *loop_of_header);
  for (uint32_t i = 0; i < nb; i++)
    loop_of_header[i] = -1;
  uint32_t *stack = malloc((nb + 1) * sizeof *stack);
  int rc = 0;
  for (uint32_t u = 0; u < nb && !rc; u++) {
    if (rpo[u] == UINT32_MAX)
      continue;
    for (uint32_t j = 0; j < g->nsucc[u]; j++) {
      uint32_t h = g->succ[u][j];
      if (rpo[h] > rpo[u])
        continue;
      uint32_t x = u;
      while (x != h && x != 0)
        x = idom[x];
      if (x != h) {
        rc = dec_error(d, "irreducible control flow (edge into a loop that "
                          "does not go through its header) is not supported");
        break;
      }
      int32_t l = loop_of_header[h];
      if (l < 0) {
        l = (int32_t)g->nloops++;
        loop_of_header[h] = l;
        g->loop_header[l] = h;
        g->loop_body[l] = calloc(words, sizeof(uint64_t));
        bit_set(g->loop_body[l], h);
      }
      /* Blocks reaching u without passing h. */
      uint32_t sp = 0;
      if (!bit_get(g->loop_body[l], u)) {
        bit_set(g->loop_body[l], u);
        stack[sp++] = u;
      }
      while (sp) {
        uint32_t y = stack[--sp];
        for (uint32_t p = 0; p < nb; p++) {
          if (rpo[p] == UINT32_MAX || bit_get(g->loop_body[l], p))
            continue;
          for (uint32_t k = 0; k < g->nsucc[p]; k++)
            if (g->succ[p][k] == y) {
              bit_set(g->loop_body[l], p);
              stack[sp++] = p;
              break;
            }
        }
      }
    }
  }
  if (!rc) {
    /* Loop sizes, parents and innermost loops. */
    uint32_t *size = calloc(g->nloops + 1, sizeof *size);
    for (uint32_t l = 0; l < g->nloops; l++)
      for (uint32_t b = 0; b < nb; b++)
        size[l] += (uint32_t)bit_get(g->loop_body[l], b);
    g->loop_parent = malloc((g->nloops + 1) * sizeof *g->loop_parent);
    for (uint32_t l = 0; l < g->nloops; l++) {
      int32_t best = -1;
      for (uint32_t o = 0; o < g->nloops; o++)
        if (o != l && bit_get(g->loop_body[o], g->loop_header[l]) &&
            (best < 0 || size[o] < size[best]))
          best = (int32_t)o;
      g->loop_parent[l] = best;
    }
    g->inl = malloc(nb * sizeof *g->inl);
    for (uint32_t b = 0; b < nb; b++) {
      int32_t best = -1;
      for (uint32_t l = 0; l < g->nloops; l++)
        if (bit_get(g->loop_body[l], b) && (best < 0 || size[l] < size[best]))
          best = (int32_t)l;
      g->inl[b] = best;
    }
    free(size);
    g->stamp = calloc(nb, sizeof *g->stamp);
    g->out = malloc(nb * sizeof *g->out);
    order_region(g, -1);
  }
  free(stack);
  free(loop_of_header);
  free(idom);
  free(rpo);
  free(post);
  free(seen);
  return rc;
}

static void cfg_free(Cfg *g) {
  for (uint32_t i = 0; i < g->nb; i++)
    free(g->succ[i]);
  free(g->succ);
  free(g->nsucc);
  for (uint32_t l = 0; l < g->nloops; l++)
    free(g->loop_body[l]);
  free(g->loop_body);
  free(g->loop_header);
  free(g->loop_parent);
  free(g->inl);
  free(g->stamp);
  free(g->out);
}

/*===-- instructions ------------------------------------------------------===*/

static int decode_intrinsic(Dec *d, LLVMValueRef inst, const char *name,
                            Inst *in, const VType *rt);

static int bb_index(Dec *d, LLVMBasicBlockRef bb, uint32_t *idx) {
  if (!ptrmap_get(&d->bbmap, bb, idx))
    return dec_error(d, "branch to an unreachable block");
  return 0;
}

static int decode_gep(Dec *d, LLVMValueRef inst, Inst *in, const VType *rt) {
  if (rt->n != 1)
    return dec_error(d, "vector GEP is not supported");
  in->op = OP_GEP;
  in->bits = rt->bits;
  in->mask = emu_mask(rt->bits);
  OPND(in->a, LLVMGetOperand(inst, 0));
  LLVMTypeRef cur = LLVMGetGEPSourceElementType(inst);
  unsigned nops = (unsigned)LLVMGetNumOperands(inst);
  int64_t off = 0;
  in->x = d->f->nextra;
  for (unsigned i = 1; i < nops; i++) {
    LLVMValueRef idx = LLVMGetOperand(inst, i);
    VType it;
    if (need_type(d, LLVMTypeOf(idx), &it))
      return -1;
    if (it.n != 1 || it.sk != SK_INT)
      return dec_error(d, "vector GEP index is not supported");
    int64_t scale;
    if (i == 1) {
      scale = (int64_t)LLVMABISizeOfType(d->m->td, cur);
    } else {
      LLVMTypeKind k = LLVMGetTypeKind(cur);
      if (k == LLVMStructTypeKind) {
        if (!LLVMIsAConstantInt(idx))
          return dec_error(d, "non-constant struct index");
        unsigned fi = (unsigned)LLVMConstIntGetZExtValue(idx);
        off += (int64_t)LLVMOffsetOfElement(d->m->td, cur, fi);
        cur = LLVMStructGetTypeAtIndex(cur, fi);
        continue;
      }
      if (k != LLVMArrayTypeKind && k != LLVMVectorTypeKind)
        return dec_error(d, "unsupported GEP");
      cur = LLVMGetElementType(cur);
      scale = (int64_t)LLVMABISizeOfType(d->m->td, cur);
    }
    if (LLVMIsAConstantInt(idx)) {
      off += LLVMConstIntGetSExtValue(idx) * scale;
    } else if (LLVMIsAUndefValue(idx)) {
      /* poison index: contributes nothing */
    } else {
      uint32_t s;
      OPND(s, idx);
      push_extra(d->f, s);
      push_extra(d->f, it.bits);
      push_extra64(d->f, (uint64_t)scale);
      in->xn++;
    }
  }
  in->imm = off;
  return 0;
}

static int check_as(Dec *d, unsigned as) {
  if (as == 0 || as == 1 || as == 3 || as == 4 || as == 5)
    return 0;
  return dec_error(d, "memory access in address space %u is not supported", as);
}

static int decode_mem_type(Dec *d, LLVMTypeRef t, Inst *in) {
  VType vt;
  if (need_type(d, t, &vt))
    return -1;
  if (vt.sk == SK_AGG)
    return dec_error(d, "loads and stores of aggregates are not supported");
  if (vt.sk == SK_INT && vt.n > 1 && vt.bits % 8)
    return dec_error(d, "loads and stores of bit-packed vectors are not supported");
  in->sk = vt.sk;
  in->bits = vt.bits;
  in->n = vt.n;
  in->imm = elem_bytes(&vt);
  in->mask = emu_mask(vt.bits);
  return 0;
}

/* Flattened slot offset of an aggregate index path. */
static int agg_offset(Dec *d, LLVMTypeRef t, const unsigned *idx, unsigned n,
                      uint32_t *off, LLVMTypeRef *leaf) {
  uint32_t o = 0;
  for (unsigned i = 0; i < n; i++) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMStructTypeKind) {
      for (unsigned j = 0; j < idx[i]; j++)
        o += (uint32_t)agg_slots(LLVMStructGetTypeAtIndex(t, j));
      t = LLVMStructGetTypeAtIndex(t, idx[i]);
    } else if (k == LLVMArrayTypeKind) {
      t = LLVMGetElementType(t);
      o += idx[i] * (uint32_t)agg_slots(t);
    } else {
      return dec_error(d, "unsupported aggregate index");
    }
  }
  *off = o;
  *leaf = t;
  return 0;
}

static int decode_cast(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in,
                       const VType *rt) {
  LLVMValueRef src = LLVMGetOperand(inst, 0);
  VType st;
  if (need_type(d, LLVMTypeOf(src), &st))
    return -1;
  OPND(in->a, src);
  in->sk2 = st.sk;
  in->bits2 = st.bits;
  in->imm = st.as;
  in->flag = (uint8_t)rt->as;
  if (op == LLVMBitCast) {
    if (st.sk == SK_AGG || rt->sk == SK_AGG)
      return dec_error(d, "unsupported bitcast");
    if (st.n == rt->n && st.bits == rt->bits) {
      gather_copy(d, in, in->a, rt->n); /* same shape: a plain copy of the bits */
      return 0;
    }
    if (st.n * st.bits != rt->n * rt->bits || st.bits % 8 || rt->bits % 8 ||
        st.n * st.bits > 8192)
      return dec_error(d, "unsupported bitcast");
    in->op = OP_BITCAST;
    return 0;
  }
  if (st.n != rt->n)
    return dec_error(d, "cast between different vector lengths");
  in->op = OP_CAST;
  switch (op) {
  case LLVMTrunc: in->sub = CV_TRUNC; break;
  case LLVMZExt: in->sub = CV_ZEXT; break;
  case LLVMSExt: in->sub = CV_SEXT; break;
  case LLVMFPTrunc: case LLVMFPExt: in->sub = CV_FPCONV; break;
  case LLVMFPToUI: in->sub = CV_FPTOUI; break;
  case LLVMFPToSI: in->sub = CV_FPTOSI; break;
  case LLVMUIToFP: in->sub = CV_UITOFP; break;
  case LLVMSIToFP: in->sub = CV_SITOFP; break;
  case LLVMPtrToInt: case LLVMPtrToAddr: in->sub = CV_PTRTOINT; break;
  case LLVMIntToPtr: in->sub = CV_INTTOPTR; break;
  case LLVMAddrSpaceCast:
    if (check_as(d, st.as) || check_as(d, rt->as))
      return -1;
    in->sub = CV_ASCAST;
    break;
  default: return dec_error(d, "unsupported cast");
  }
  return 0;
}

static int decode_call(Dec *d, LLVMValueRef inst, Inst *in, const VType *rt) {
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (LLVMIsAInlineAsm(callee))
    return dec_error(d, "inline assembly is not supported");
  if (!LLVMIsAFunction(callee))
    return dec_error(d, "indirect calls are not supported");
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  if (len > 5 && strncmp(name, "llvm.", 5) == 0)
    return decode_intrinsic(d, inst, name, in, rt);
  if (LLVMIsDeclaration(callee))
    return dec_error(d, "call to undefined function '%.*s'", (int)len, name);
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(callee)))
    return dec_error(d, "variadic functions are not supported");
  Func *g = emu_get_func(d->m, callee);
  if (g->state == 1)
    return dec_error(d, "recursive call to '%s' is not supported", g->name);
  LLVMValueRef saved = d->cur;
  if (emu_decode(d->m, g))
    return -1;
  d->cur = saved;
  in->op = OP_CALL;
  uint32_t gi;
  ptrmap_get(&d->m->func_map, callee, &gi);
  in->imm = gi;
  unsigned nargs = LLVMGetNumArgOperands(inst);
  if (nargs != g->nparams)
    return dec_error(d, "call with the wrong number of arguments");
  in->x = d->f->nextra;
  in->xn = nargs;
  for (unsigned i = 0; i < nargs; i++) {
    uint32_t s;
    OPND(s, LLVMGetOperand(inst, i));
    push_extra(d->f, s);
  }
  if (d->f->max_callee < g->stack_bytes)
    d->f->max_callee = g->stack_bytes;
  return 0;
}

static int decode_inst(Dec *d, LLVMValueRef inst) {
  d->cur = inst;
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMTypeRef ty = LLVMTypeOf(inst);
  VType rt;
  memset(&rt, 0, sizeof rt);
  rt.n = 1;
  uint32_t dst = NO_SLOT;
  if (LLVMGetTypeKind(ty) != LLVMVoidTypeKind) {
    if (need_type(d, ty, &rt))
      return -1;
    ptrmap_get(&d->vals, inst, &dst);
  }
  Inst *in = push_inst(d);
  in->dst = dst;
  in->sk = rt.sk;
  in->bits = rt.bits;
  in->n = rt.n;
  in->mask = emu_mask(rt.bits);
  Func *f = d->f;
  switch (op) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor: {
    static const uint8_t map[] = {[LLVMAdd] = IB_ADD, [LLVMSub] = IB_SUB,
        [LLVMMul] = IB_MUL, [LLVMUDiv] = IB_UDIV, [LLVMSDiv] = IB_SDIV,
        [LLVMURem] = IB_UREM, [LLVMSRem] = IB_SREM, [LLVMShl] = IB_SHL,
        [LLVMLShr] = IB_LSHR, [LLVMAShr] = IB_ASHR, [LLVMAnd] = IB_AND,
        [LLVMOr] = IB_OR, [LLVMXor] = IB_XOR};
    if (rt.sk != SK_INT)
      return dec_error(d, "unsupported operand type");
    in->op = OP_IBIN;
    in->sub = map[op];
    if (rt.bits == 32 && in->sub == IB_ADD)
      in->op = OP_IBIN32_ADD;
    if (rt.bits == 32 && in->sub == IB_MUL)
      in->op = OP_IBIN32_MUL;
    OPND(in->a, LLVMGetOperand(inst, 0));
    OPND(in->b, LLVMGetOperand(inst, 1));
    return 0;
  }
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
    in->op = OP_FBIN;
    in->sub = op == LLVMFAdd ? FB_ADD : op == LLVMFSub ? FB_SUB
              : op == LLVMFMul ? FB_MUL : op == LLVMFDiv ? FB_DIV : FB_REM;
    OPND(in->a, LLVMGetOperand(inst, 0));
    OPND(in->b, LLVMGetOperand(inst, 1));
    return 0;
  case LLVMFNeg:
    in->op = OP_FNEG;
    OPND(in->a, LLVMGetOperand(inst, 0));
    return 0;
  case LLVMICmp: case LLVMFCmp: {
    VType ot;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &ot))
      return -1;
    in->op = op == LLVMICmp ? OP_ICMP : OP_FCMP;
    in->sk = ot.sk;
    in->bits = ot.bits;
    in->sub = op == LLVMICmp ? (uint8_t)LLVMGetICmpPredicate(inst)
                             : (uint8_t)LLVMGetFCmpPredicate(inst);
    OPND(in->a, LLVMGetOperand(inst, 0));
    OPND(in->b, LLVMGetOperand(inst, 1));
    return 0;
  }
  case LLVMSelect: {
    VType ct;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &ct))
      return -1;
    in->op = OP_SELECT;
    in->flag = ct.n > 1;
    OPND(in->a, LLVMGetOperand(inst, 0));
    OPND(in->b, LLVMGetOperand(inst, 1));
    OPND(in->c, LLVMGetOperand(inst, 2));
    return 0;
  }
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPTrunc:
  case LLVMFPExt: case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP:
  case LLVMSIToFP: case LLVMPtrToInt: case LLVMPtrToAddr: case LLVMIntToPtr:
  case LLVMBitCast: case LLVMAddrSpaceCast:
    return decode_cast(d, inst, op, in, &rt);
  case LLVMExtractElement: case LLVMInsertElement: {
    int ins = op == LLVMInsertElement;
    LLVMValueRef vec = LLVMGetOperand(inst, 0);
    LLVMValueRef idx = LLVMGetOperand(inst, ins ? 2 : 1);
    VType vt;
    if (need_type(d, LLVMTypeOf(vec), &vt))
      return -1;
    uint32_t sv, se = NO_SLOT;
    OPND(sv, vec);
    if (ins)
      OPND(se, LLVMGetOperand(inst, 1));
    if (LLVMIsAConstantInt(idx) || LLVMIsAUndefValue(idx)) {
      uint64_t k = LLVMIsAConstantInt(idx) ? LLVMConstIntGetZExtValue(idx) : vt.n;
      gather_begin(d, in, ins ? vt.n : 1);
      if (ins) {
        for (uint32_t e = 0; e < vt.n; e++)
          push_extra(f, e == k ? se : sv + e);
      } else {
        push_extra(f, k < vt.n ? sv + (uint32_t)k : d->zero_slot);
      }
      return 0;
    }
    in->op = ins ? OP_INSERT_DYN : OP_EXTRACT_DYN;
    in->a = sv;
    in->b = se;
    in->imm = vt.n;
    OPND(in->c, idx);
    return 0;
  }
  case LLVMShuffleVector: {
    LLVMValueRef v0 = LLVMGetOperand(inst, 0), v1 = LLVMGetOperand(inst, 1);
    VType t0;
    if (need_type(d, LLVMTypeOf(v0), &t0))
      return -1;
    uint32_t s0, s1;
    OPND(s0, v0);
    OPND(s1, v1);
    unsigned nm = LLVMGetNumMaskElements(inst);
    gather_begin(d, in, nm);
    for (unsigned e = 0; e < nm; e++) {
      int mv = LLVMGetMaskValue(inst, e);
      uint32_t s = d->zero_slot;
      if (mv >= 0 && (uint32_t)mv < t0.n)
        s = s0 + (uint32_t)mv;
      else if (mv >= 0 && (uint32_t)mv < 2 * t0.n)
        s = s1 + (uint32_t)mv - t0.n;
      push_extra(f, s);
    }
    return 0;
  }
  case LLVMExtractValue: case LLVMInsertValue: {
    LLVMValueRef agg = LLVMGetOperand(inst, 0);
    uint32_t sa;
    OPND(sa, agg);
    uint32_t off = 0;
    LLVMTypeRef leaf = NULL;
    if (agg_offset(d, LLVMTypeOf(agg), LLVMGetIndices(inst),
                   LLVMGetNumIndices(inst), &off, &leaf))
      return -1;
    int64_t ln = agg_slots(leaf);
    if (ln < 0)
      return dec_error(d, "unsupported aggregate");
    if (op == LLVMExtractValue) {
      gather_copy(d, in, sa + off, (uint32_t)ln);
    } else {
      uint32_t sv;
      OPND(sv, LLVMGetOperand(inst, 1));
      gather_begin(d, in, rt.n);
      for (uint32_t e = 0; e < rt.n; e++)
        push_extra(f, e >= off && e < off + ln ? sv + e - off : sa + e);
    }
    return 0;
  }
  case LLVMFreeze: {
    uint32_t s;
    OPND(s, LLVMGetOperand(inst, 0));
    gather_copy(d, in, s, rt.n);
    return 0;
  }
  case LLVMGetElementPtr:
    return decode_gep(d, inst, in, &rt);
  case LLVMLoad: {
    LLVMValueRef p = LLVMGetOperand(inst, 0);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
    if (check_as(d, as) || decode_mem_type(d, ty, in))
      return -1;
    in->op = OP_LOAD;
    in->flag = (uint8_t)as;
    OPND(in->a, p);
    return 0;
  }
  case LLVMStore: {
    LLVMValueRef v = LLVMGetOperand(inst, 0), p = LLVMGetOperand(inst, 1);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
    if (check_as(d, as) || decode_mem_type(d, LLVMTypeOf(v), in))
      return -1;
    in->op = OP_STORE;
    in->flag = (uint8_t)as;
    OPND(in->a, p);
    OPND(in->b, v);
    return 0;
  }
  case LLVMAlloca: {
    if (LLVMGetPointerAddressSpace(ty) != 5)
      return dec_error(d, "alloca outside the private address space");
    LLVMValueRef cnt = LLVMGetOperand(inst, 0);
    if (!LLVMIsAConstantInt(cnt))
      return dec_error(d, "dynamic alloca is not supported");
    uint64_t size = LLVMABISizeOfType(d->m->td, LLVMGetAllocatedType(inst)) *
                    LLVMConstIntGetZExtValue(cnt);
    uint32_t align = LLVMGetAlignment(inst);
    if (align < 4)
      align = 4;
    uint64_t o = (f->frame_bytes + align - 1) / align * align;
    if (o + size > (1u << 24))
      return dec_error(d, "private frame too large");
    in->op = OP_ALLOCA;
    in->imm = (int64_t)o;
    f->frame_bytes = (uint32_t)(o + size);
    return 0;
  }
  case LLVMAtomicRMW: case LLVMAtomicCmpXchg: {
    LLVMValueRef p = LLVMGetOperand(inst, 0);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
    LLVMValueRef v = LLVMGetOperand(inst, op == LLVMAtomicRMW ? 1 : 2);
    if (check_as(d, as) || decode_mem_type(d, LLVMTypeOf(v), in))
      return -1;
    if (in->n != 1)
      return dec_error(d, "vector atomics are not supported");
    in->flag = (uint8_t)as;
    OPND(in->a, p);
    OPND(in->b, v);
    if (op == LLVMAtomicRMW) {
      LLVMAtomicRMWBinOp bo = LLVMGetAtomicRMWBinOp(inst);
      if (bo > LLVMAtomicRMWBinOpUDecWrap)
        return dec_error(d, "unsupported atomicrmw operation");
      in->op = OP_ATOMICRMW;
      in->sub = (uint8_t)bo; /* AR_* follows LLVMAtomicRMWBinOp order */
    } else {
      in->op = OP_CMPXCHG;
      OPND(in->c, LLVMGetOperand(inst, 1)); /* expected */
    }
    return 0;
  }
  case LLVMFence:
    in->op = OP_NOP;
    return 0;
  case LLVMCall:
    return decode_call(d, inst, in, &rt);
  case LLVMBr: {
    uint32_t t0;
    if (LLVMGetNumSuccessors(inst) == 1) {
      if (bb_index(d, LLVMGetSuccessor(inst, 0), &t0))
        return -1;
      in->op = OP_BR;
      in->imm = t0;
      return 0;
    }
    uint32_t t1;
    if (bb_index(d, LLVMGetSuccessor(inst, 0), &t0) ||
        bb_index(d, LLVMGetSuccessor(inst, 1), &t1))
      return -1;
    in->op = OP_CONDBR;
    OPND(in->a, LLVMGetCondition(inst));
    in->b = t0;
    in->c = t1;
    return 0;
  }
  case LLVMSwitch: {
    VType ct;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &ct))
      return -1;
    in->op = OP_SWITCH;
    in->bits = ct.bits;
    OPND(in->a, LLVMGetOperand(inst, 0));
    uint32_t def;
    if (bb_index(d, LLVMGetSwitchDefaultDest(inst), &def))
      return -1;
    in->b = def;
    /* Successor 0 is the default; successor i > 0 has case value i. */
    unsigned ns = LLVMGetNumSuccessors(inst);
    in->x = f->nextra;
    in->xn = ns - 1;
    for (unsigned i = 1; i < ns; i++) {
      LLVMValueRef cv = LLVMGetSwitchCaseValue(inst, i);
      uint32_t tb;
      if (!cv || !LLVMIsAConstantInt(cv) ||
          bb_index(d, LLVMGetSuccessor(inst, i), &tb))
        return dec_error(d, "unsupported switch");
      push_extra64(f, LLVMConstIntGetZExtValue(cv));
      push_extra(f, tb);
    }
    return 0;
  }
  case LLVMRet:
    in->op = OP_RET;
    if (LLVMGetNumOperands(inst) > 0) {
      OPND(in->a, LLVMGetOperand(inst, 0));
      VType vt;
      if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &vt))
        return -1;
      in->n = vt.n;
    } else {
      in->n = 0;
    }
    return 0;
  case LLVMUnreachable:
    in->op = OP_UNREACHABLE;
    return 0;
  default: {
    return dec_error(d, "unsupported instruction (opcode %d)", (int)op);
  }
  }
}

/*===-- intrinsics --------------------------------------------------------===*/

static int name_is(const char *name, const char *base) {
  size_t n = strlen(base);
  return strncmp(name, base, n) == 0 && (name[n] == 0 || name[n] == '.');
}

static int const_int_arg(Dec *d, LLVMValueRef inst, unsigned i, int64_t *v) {
  LLVMValueRef a = LLVMGetOperand(inst, i);
  if (!LLVMIsAConstantInt(a))
    return dec_error(d, "operand %u must be a constant", i);
  *v = LLVMConstIntGetSExtValue(a);
  return 0;
}

/* The intrinsic of a WMMA instruction is its ISA name from the layout
 * engine's instruction table with "v_" spelled "llvm.amdgcn." and '_' spelled
 * '.' (v_wmma_f32_16x16x16_fp8_bf8 -> llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8),
 * followed by nothing or by overload suffixes (.v8f32.v8i32). */
static int wmma_match(const char *name, wmma_instr *id) {
  static const char kPrefix[] = "llvm.amdgcn.";
  if (strncmp(name, kPrefix, sizeof kPrefix - 1) != 0)
    return 0;
  const char *p = name + sizeof kPrefix - 1;
  for (int i = 0; i < WMMA_INSTR_COUNT; i++) {
    const char *isa = wmma_instr_get((wmma_instr)i)->isa_name + 2; /* "v_" */
    size_t n = 0;
    while (isa[n] && p[n] == (isa[n] == '_' ? '.' : isa[n]))
      n++;
    if (!isa[n] &&
        (p[n] == 0 || (p[n] == '.' && (p[n + 1] == 'v' || p[n + 1] == 'i')))) {
      *id = (wmma_instr)i;
      return 1;
    }
  }
  return 0;
}

/* Element width of an operand vector (or scalar) in bits, checking that its
 * total size is the operand's register count. */
static int wmma_operand(Dec *d, LLVMValueRef v, wmma_instr id, wmma_matrix mat,
                        const char *what, int *ew) {
  VType t;
  if (need_type(d, LLVMTypeOf(v), &t))
    return -1;
  int vgprs = wmma_matrix_vgprs(d->m->arch, id, mat);
  wmma_elem me = wmma_matrix_elem(id, mat);
  int fp_ok;
  switch (me) {
  case WMMA_ELEM_F16: fp_ok = t.sk == SK_F16 || (t.sk == SK_INT && t.bits == 16); break;
  case WMMA_ELEM_BF16: fp_ok = t.sk == SK_BF16 || (t.sk == SK_INT && t.bits == 16); break;
  case WMMA_ELEM_F32: fp_ok = t.sk == SK_F32; break;
  default: fp_ok = t.sk == SK_INT && t.bits == 32; break;
  }
  if (!fp_ok || (int)(t.n * t.bits) != vgprs * 32) {
    char *s = type_str(LLVMTypeOf(v));
    dec_error(d, "%s: operand %s has type %s, expected %d bits of %s for %s",
              wmma_instr_get(id)->isa_name, what, s, vgprs * 32,
              wmma_elem_name(me), wmma_arch_name(d->m->arch));
    LLVMDisposeMessage(s);
    return -1;
  }
  *ew = t.bits;
  return 0;
}

static int decode_wmma(Dec *d, LLVMValueRef inst, wmma_instr id, Inst *in) {
  const wmma_instr_info *info = wmma_instr_get(id);
  if (!wmma_instr_available(id, d->m->arch))
    return dec_error(d, "%s is not available on %s", info->isa_name,
                     wmma_arch_name(d->m->arch));
  unsigned ia, ib, ic;
  int64_t opsel = 0, sa = 0, sb = 0, clamp = 0;
  if (info->is_integer) {
    ia = 1, ib = 3, ic = 4;
    if (LLVMGetNumArgOperands(inst) != 6 || const_int_arg(d, inst, 0, &sa) ||
        const_int_arg(d, inst, 2, &sb) || const_int_arg(d, inst, 5, &clamp))
      return dec_error(d, "malformed %s call", info->isa_name);
  } else {
    ia = 0, ib = 1, ic = 2;
    unsigned want = info->has_opsel ? 4 : 3;
    if (LLVMGetNumArgOperands(inst) != want ||
        (info->has_opsel && const_int_arg(d, inst, 3, &opsel)))
      return dec_error(d, "malformed %s call", info->isa_name);
  }
  opsel &= 1;
  if (opsel && d->m->arch != WMMA_ARCH_RDNA3)
    return dec_error(d, "%s: OPSEL is only meaningful on rdna3", info->isa_name);
  int ewa, ewb, ewc, ewd;
  if (wmma_operand(d, LLVMGetOperand(inst, ia), id, WMMA_MATRIX_A, "A", &ewa) ||
      wmma_operand(d, LLVMGetOperand(inst, ib), id, WMMA_MATRIX_B, "B", &ewb) ||
      wmma_operand(d, LLVMGetOperand(inst, ic), id, WMMA_MATRIX_C, "C", &ewc) ||
      wmma_operand(d, inst, id, WMMA_MATRIX_D, "D", &ewd))
    return -1;
  WmmaOp *w = emu_wmma_prepare(id, d->m->arch, (int)opsel, sa & 1, sb & 1,
                               clamp & 1, ewa, ewb, ewc);
  if (!w)
    return dec_error(d, "cannot map the registers of %s", info->isa_name);
  Func *f = d->f;
  f->wmma = realloc(f->wmma, (f->nwmma + 1) * sizeof *f->wmma);
  in->x = f->nwmma;
  f->wmma[f->nwmma++] = w;
  in->op = OP_WMMA;
  OPND(in->a, LLVMGetOperand(inst, ia));
  OPND(in->b, LLVMGetOperand(inst, ib));
  OPND(in->c, LLVMGetOperand(inst, ic));
  return 0;
}

typedef struct {
  const char *name;
  uint8_t op;
  uint8_t sub;
} IntrEntry;

static const IntrEntry kIntr[] = {
    /* scheduling hints, waits, debug info and the like: no-ops */
    {"llvm.lifetime.start", OP_NOP, 0}, {"llvm.lifetime.end", OP_NOP, 0},
    {"llvm.dbg.value", OP_NOP, 0}, {"llvm.dbg.declare", OP_NOP, 0},
    {"llvm.dbg.assign", OP_NOP, 0}, {"llvm.dbg.label", OP_NOP, 0},
    {"llvm.assume", OP_NOP, 0}, {"llvm.experimental.noalias.scope.decl", OP_NOP, 0},
    {"llvm.invariant.start", OP_NOP, 0}, {"llvm.invariant.end", OP_NOP, 0},
    {"llvm.sideeffect", OP_NOP, 0}, {"llvm.donothing", OP_NOP, 0},
    {"llvm.amdgcn.sched.barrier", OP_NOP, 0},
    {"llvm.amdgcn.sched.group.barrier", OP_NOP, 0},
    {"llvm.amdgcn.s.setprio", OP_NOP, 0}, {"llvm.amdgcn.iglp.opt", OP_NOP, 0},
    {"llvm.amdgcn.s.waitcnt", OP_NOP, 0}, {"llvm.amdgcn.s.sleep", OP_NOP, 0},
    {"llvm.amdgcn.s.nop", OP_NOP, 0}, {"llvm.amdgcn.wave.barrier", OP_NOP, 0},
    {"llvm.amdgcn.s.wait.loadcnt", OP_NOP, 0}, {"llvm.amdgcn.s.wait.storecnt", OP_NOP, 0},
    {"llvm.amdgcn.s.wait.dscnt", OP_NOP, 0}, {"llvm.amdgcn.s.wait.kmcnt", OP_NOP, 0},
    {"llvm.amdgcn.s.wait.samplecnt", OP_NOP, 0}, {"llvm.amdgcn.s.wait.bvhcnt", OP_NOP, 0},
    {"llvm.amdgcn.s.wait.expcnt", OP_NOP, 0},
    {"llvm.amdgcn.s.barrier.wait", OP_NOP, 0},
    {"llvm.amdgcn.s.barrier.signal", OP_BARRIER, 0},
    {"llvm.amdgcn.s.barrier", OP_BARRIER, 0},
    {"llvm.amdgcn.workitem.id.x", OP_WORKITEM_ID, 0},
    {"llvm.amdgcn.workitem.id.y", OP_WORKITEM_ID, 1},
    {"llvm.amdgcn.workitem.id.z", OP_WORKITEM_ID, 2},
    {"llvm.amdgcn.workgroup.id.x", OP_WORKGROUP_ID, 0},
    {"llvm.amdgcn.workgroup.id.y", OP_WORKGROUP_ID, 1},
    {"llvm.amdgcn.workgroup.id.z", OP_WORKGROUP_ID, 2},
    {"llvm.amdgcn.implicitarg.ptr", OP_SPECIAL_PTR, SP_IMPLICITARG},
    {"llvm.amdgcn.dispatch.ptr", OP_SPECIAL_PTR, SP_DISPATCH},
    {"llvm.amdgcn.kernarg.segment.ptr", OP_SPECIAL_PTR, SP_KERNARG},
    {"llvm.amdgcn.mbcnt.lo", OP_MBCNT_LO, 0},
    {"llvm.amdgcn.mbcnt.hi", OP_MBCNT_HI, 0},
    {"llvm.amdgcn.ds.bpermute", OP_BPERMUTE, 0},
    {"llvm.amdgcn.ds.permute", OP_BPERMUTE, 1},
    {"llvm.amdgcn.permlanex16", OP_PERMLANEX16, 0},
    {"llvm.amdgcn.permlane16", OP_PERMLANE16, 0},
    {"llvm.amdgcn.update.dpp", OP_DPP, 0},
    {"llvm.amdgcn.mov.dpp8", OP_DPP8, 0},
    {"llvm.amdgcn.mov.dpp", OP_DPP, 1},
    {"llvm.amdgcn.ds.swizzle", OP_SWIZZLE, 0},
    {"llvm.amdgcn.readfirstlane", OP_READFIRSTLANE, 0},
    {"llvm.amdgcn.readlane", OP_READLANE, 0},
    {"llvm.amdgcn.writelane", OP_WRITELANE, 0},
    {"llvm.amdgcn.ballot", OP_BALLOT, 0},
    {"llvm.amdgcn.cvt.pkrtz", OP_CVT_PKRTZ, 0},
    {"llvm.amdgcn.fmed3", OP_FMED3, 0},
    {"llvm.amdgcn.ldexp", OP_LDEXP, 0},
    {"llvm.amdgcn.frexp.mant", OP_FREXP_MANT, 0},
    {"llvm.amdgcn.frexp.exp", OP_FREXP_EXP, 0},
    {"llvm.amdgcn.rcp", OP_FMATH1, FM_RCP}, {"llvm.amdgcn.rsq", OP_FMATH1, FM_RSQ},
    {"llvm.amdgcn.sqrt", OP_FMATH1, FM_SQRT}, {"llvm.amdgcn.exp2", OP_FMATH1, FM_EXP2},
    {"llvm.amdgcn.log", OP_FMATH1, FM_LOG2}, {"llvm.amdgcn.fract", OP_FMATH1, FM_FRACT},
    {"llvm.amdgcn.sin", OP_FMATH1, FM_AMD_SIN}, {"llvm.amdgcn.cos", OP_FMATH1, FM_AMD_COS},
    {"llvm.fma", OP_FMA, 0}, {"llvm.fmuladd", OP_FMA, 1},
    {"llvm.fabs", OP_FMATH1, FM_FABS}, {"llvm.sqrt", OP_FMATH1, FM_SQRT},
    {"llvm.exp2", OP_FMATH1, FM_EXP2}, {"llvm.exp10", OP_FMATH1, FM_EXP10},
    {"llvm.exp", OP_FMATH1, FM_EXP}, {"llvm.log2", OP_FMATH1, FM_LOG2},
    {"llvm.log10", OP_FMATH1, FM_LOG10}, {"llvm.log", OP_FMATH1, FM_LOG},
    {"llvm.sin", OP_FMATH1, FM_SIN}, {"llvm.cos", OP_FMATH1, FM_COS},
    {"llvm.tan", OP_FMATH1, FM_TAN},
    {"llvm.floor", OP_FMATH1, FM_FLOOR}, {"llvm.ceil", OP_FMATH1, FM_CEIL},
    {"llvm.trunc", OP_FMATH1, FM_TRUNC}, {"llvm.rint", OP_FMATH1, FM_RINT},
    {"llvm.nearbyint", OP_FMATH1, FM_RINT}, {"llvm.roundeven", OP_FMATH1, FM_RINT},
    {"llvm.round", OP_FMATH1, FM_ROUND}, {"llvm.canonicalize", OP_FMATH1, FM_CANON},
    {"llvm.minnum", OP_FMATH2, FM_MINNUM}, {"llvm.maxnum", OP_FMATH2, FM_MAXNUM},
    {"llvm.minimumnum", OP_FMATH2, FM_MINNUM}, {"llvm.maximumnum", OP_FMATH2, FM_MAXNUM},
    {"llvm.minimum", OP_FMATH2, FM_MINIMUM}, {"llvm.maximum", OP_FMATH2, FM_MAXIMUM},
    {"llvm.copysign", OP_FMATH2, FM_COPYSIGN}, {"llvm.pow", OP_FMATH2, FM_POW},
    {"llvm.powi", OP_FMATH2, FM_POWI}, {"llvm.atan2", OP_FMATH2, FM_ATAN2},
    {"llvm.ldexp", OP_LDEXP, 0},
    {"llvm.abs", OP_IMATH1, IM_ABS}, {"llvm.ctpop", OP_IMATH1, IM_CTPOP},
    {"llvm.ctlz", OP_IMATH1, IM_CTLZ}, {"llvm.cttz", OP_IMATH1, IM_CTTZ},
    {"llvm.bswap", OP_IMATH1, IM_BSWAP}, {"llvm.bitreverse", OP_IMATH1, IM_BITREV},
    {"llvm.umin", OP_IMATH2, IM_UMIN}, {"llvm.umax", OP_IMATH2, IM_UMAX},
    {"llvm.smin", OP_IMATH2, IM_SMIN}, {"llvm.smax", OP_IMATH2, IM_SMAX},
    {"llvm.uadd.sat", OP_IMATH2, IM_UADD_SAT}, {"llvm.sadd.sat", OP_IMATH2, IM_SADD_SAT},
    {"llvm.usub.sat", OP_IMATH2, IM_USUB_SAT}, {"llvm.ssub.sat", OP_IMATH2, IM_SSUB_SAT},
    {"llvm.uadd.with.overflow", OP_OVERFLOW, IM_UADD_O},
    {"llvm.sadd.with.overflow", OP_OVERFLOW, IM_SADD_O},
    {"llvm.usub.with.overflow", OP_OVERFLOW, IM_USUB_O},
    {"llvm.ssub.with.overflow", OP_OVERFLOW, IM_SSUB_O},
    {"llvm.umul.with.overflow", OP_OVERFLOW, IM_UMUL_O},
    {"llvm.smul.with.overflow", OP_OVERFLOW, IM_SMUL_O},
    {"llvm.fshl", OP_FSHIFT, 0}, {"llvm.fshr", OP_FSHIFT, 1},
    {"llvm.memcpy", OP_MEMCPY, 0}, {"llvm.memmove", OP_MEMCPY, 1},
    {"llvm.memcpy.inline", OP_MEMCPY, 0}, {"llvm.memset", OP_MEMSET, 0},
    {"llvm.memset.inline", OP_MEMSET, 0},
    {"llvm.vector.reduce.add", OP_REDUCE, RD_ADD}, {"llvm.vector.reduce.mul", OP_REDUCE, RD_MUL},
    {"llvm.vector.reduce.and", OP_REDUCE, RD_AND}, {"llvm.vector.reduce.or", OP_REDUCE, RD_OR},
    {"llvm.vector.reduce.xor", OP_REDUCE, RD_XOR}, {"llvm.vector.reduce.umin", OP_REDUCE, RD_UMIN},
    {"llvm.vector.reduce.umax", OP_REDUCE, RD_UMAX}, {"llvm.vector.reduce.smin", OP_REDUCE, RD_SMIN},
    {"llvm.vector.reduce.smax", OP_REDUCE, RD_SMAX}, {"llvm.vector.reduce.fadd", OP_REDUCE, RD_FADD},
    {"llvm.vector.reduce.fmul", OP_REDUCE, RD_FMUL}, {"llvm.vector.reduce.fmin", OP_REDUCE, RD_FMIN},
    {"llvm.vector.reduce.fmax", OP_REDUCE, RD_FMAX},
    {"llvm.vector.reduce.fminimum", OP_REDUCE, RD_FMINIMUM},
    {"llvm.vector.reduce.fmaximum", OP_REDUCE, RD_FMAXIMUM},
    {"llvm.is.fpclass", OP_IS_FPCLASS, 0},
    /* value pass-through */
    {"llvm.expect", OP_GATHER, 0}, {"llvm.ssa.copy", OP_GATHER, 0},
    {"llvm.launder.invariant.group", OP_GATHER, 0},
    {"llvm.strip.invariant.group", OP_GATHER, 0},
    {"llvm.annotation", OP_GATHER, 0},
};

/* "i32", "f16", "v2i32", "p3", "bf16", possibly chained: an overload
 * suffix rather than the name of another intrinsic. */
static int is_type_suffix(const char *s) {
  if (strncmp(s, "bf16", 4) == 0)
    return s[4] == 0 || s[4] == '.';
  if (*s != 'i' && *s != 'f' && *s != 'v' && *s != 'p')
    return 0;
  return s[1] >= '0' && s[1] <= '9';
}

static int decode_intrinsic(Dec *d, LLVMValueRef inst, const char *name,
                            Inst *in, const VType *rt) {
  wmma_instr wid;
  if (strncmp(name, "llvm.amdgcn.wmma.", 17) == 0) {
    if (!wmma_match(name, &wid))
      return dec_error(d, "unsupported intrinsic '%s'", name);
    return decode_wmma(d, inst, wid, in);
  }
  const IntrEntry *e = NULL;
  size_t best = 0;
  /* Longest matching base name wins (llvm.exp vs llvm.exp2, llvm.memcpy vs
   * llvm.memcpy.inline). */
  for (size_t i = 0; i < sizeof kIntr / sizeof kIntr[0]; i++) {
    size_t n = strlen(kIntr[i].name);
    if (n > best && name_is(name, kIntr[i].name)) {
      e = &kIntr[i];
      best = n;
    }
  }
  /* name_is accepts "base.suffix": reject suffixes that are other
   * intrinsics, e.g. llvm.amdgcn.s.barrier.signal.isfirst. */
  if (e && name[best] == '.' && strncmp(name, "llvm.amdgcn.", 12) == 0 &&
      !is_type_suffix(name + best + 1))
    e = NULL;
  if (!e)
    return dec_error(d, "unsupported intrinsic '%s'", name);
  unsigned nargs = LLVMGetNumArgOperands(inst);
  in->op = e->op;
  in->sub = e->sub;
  if (nargs >= 1 && e->op != OP_NOP && e->op != OP_BARRIER) {
    VType t0;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &t0))
      return -1;
    in->sk2 = t0.sk;
    in->bits2 = t0.bits;
    if (e->op != OP_MEMCPY && e->op != OP_MEMSET)
      OPND(in->a, LLVMGetOperand(inst, 0));
    if (e->op == OP_REDUCE || e->op == OP_IS_FPCLASS)
      in->imm = t0.n;
  }
  switch (e->op) {
  case OP_NOP:
  case OP_BARRIER:
  case OP_WORKITEM_ID:
  case OP_WORKGROUP_ID:
  case OP_SPECIAL_PTR:
  case OP_READFIRSTLANE:
  case OP_FREXP_MANT:
  case OP_FREXP_EXP:
    return 0;
  case OP_GATHER:
    gather_copy(d, in, in->a, rt->n);
    return 0;
  case OP_MBCNT_LO: case OP_MBCNT_HI: case OP_BPERMUTE: case OP_READLANE:
  case OP_FMATH2: case OP_IMATH2: case OP_LDEXP: case OP_CVT_PKRTZ:
  case OP_OVERFLOW: case OP_DPP8:
    OPND(in->b, LLVMGetOperand(inst, 1));
    return 0;
  case OP_WRITELANE:
    OPND(in->b, LLVMGetOperand(inst, 1));
    OPND(in->c, LLVMGetOperand(inst, 2));
    return 0;
  case OP_FMA: case OP_FSHIFT: case OP_FMED3:
    OPND(in->b, LLVMGetOperand(inst, 1));
    OPND(in->c, LLVMGetOperand(inst, 2));
    return 0;
  case OP_FMATH1: case OP_IMATH1: case OP_REDUCE:
    if (e->op == OP_REDUCE && (e->sub == RD_FADD || e->sub == RD_FMUL)) {
      /* (start, vector): a is the start value, b the vector */
      VType vt;
      if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 1)), &vt))
        return -1;
      in->imm = vt.n;
      OPND(in->b, LLVMGetOperand(inst, 1));
    }
    return 0;
  case OP_IS_FPCLASS: {
    int64_t m = 0;
    if (const_int_arg(d, inst, 1, &m))
      return -1;
    in->c = (uint32_t)m;
    return 0;
  }
  case OP_BALLOT:
    if (rt->bits != 32 && rt->bits != 64)
      return dec_error(d, "unsupported ballot width");
    return 0;
  case OP_PERMLANEX16: case OP_PERMLANE16: {
    /* (old, src, sel_lo, sel_hi, fi, bound_ctrl) */
    int64_t fi = 0, bc = 0;
    if (nargs != 6 || const_int_arg(d, inst, 4, &fi) || const_int_arg(d, inst, 5, &bc))
      return dec_error(d, "malformed %s", name);
    OPND(in->b, LLVMGetOperand(inst, 1));
    OPND(in->c, LLVMGetOperand(inst, 2));
    OPND(in->d, LLVMGetOperand(inst, 3));
    in->flag = (uint8_t)((fi & 1) | ((bc & 1) << 1));
    return 0;
  }
  case OP_DPP: {
    /* update.dpp(old, src, ctrl, row_mask, bank_mask, bound_ctrl);
     * mov.dpp(src, ctrl, row_mask, bank_mask, bound_ctrl). */
    unsigned base = e->sub ? 0 : 1;
    int64_t ctrl = 0, rm = 0, bm = 0, bc = 0;
    if (nargs != base + 5 || const_int_arg(d, inst, base + 1, &ctrl) ||
        const_int_arg(d, inst, base + 2, &rm) ||
        const_int_arg(d, inst, base + 3, &bm) ||
        const_int_arg(d, inst, base + 4, &bc))
      return dec_error(d, "malformed %s", name);
    ctrl &= 0x1ff;
    int ok = ctrl <= 0xff || (ctrl >= 0x101 && ctrl <= 0x10f) ||
             (ctrl >= 0x111 && ctrl <= 0x11f) || (ctrl >= 0x121 && ctrl <= 0x12f) ||
             ctrl == 0x140 || ctrl == 0x141 || (ctrl >= 0x150 && ctrl <= 0x16f);
    if (!ok)
      return dec_error(d, "DPP control 0x%llx is not available on gfx11/gfx12 "
                          "(wave shifts, rotates and row broadcasts were removed)",
                       (unsigned long long)ctrl);
    if (e->sub) {
      in->b = in->a; /* src */
      in->a = d->zero_slot;
    } else {
      OPND(in->b, LLVMGetOperand(inst, 1));
    }
    in->imm = ctrl;
    in->c = (uint32_t)(rm & 0xf);
    in->d = (uint32_t)(bm & 0xf);
    in->flag = (uint8_t)(bc & 1);
    return 0;
  }
  case OP_SWIZZLE: {
    int64_t off = 0;
    if (const_int_arg(d, inst, 1, &off))
      return -1;
    off &= 0xffff;
    if ((off & 0x8000) && (off & 0x7f00))
      return dec_error(d, "ds_swizzle offset 0x%llx (rotate/FFT modes) is not supported",
                       (unsigned long long)off);
    in->imm = off;
    return 0;
  }
  case OP_MEMCPY: case OP_MEMSET: {
    LLVMValueRef p0 = LLVMGetOperand(inst, 0);
    unsigned as0 = LLVMGetPointerAddressSpace(LLVMTypeOf(p0));
    if (check_as(d, as0))
      return -1;
    OPND(in->a, p0);
    OPND(in->b, LLVMGetOperand(inst, 1));
    OPND(in->c, LLVMGetOperand(inst, 2));
    VType lt;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 2)), &lt))
      return -1;
    in->bits = lt.bits;
    in->flag = (uint8_t)as0;
    if (e->op == OP_MEMCPY) {
      unsigned as1 = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(inst, 1)));
      if (check_as(d, as1))
        return -1;
      in->imm = as1;
    }
    return 0;
  }
  default:
    return dec_error(d, "unsupported intrinsic '%s'", name);
  }
}

/*===-- functions ---------------------------------------------------------===*/

Func *emu_get_func(wmma_emu_module *m, LLVMValueRef fn) {
  uint32_t i;
  if (ptrmap_get(&m->func_map, fn, &i))
    return m->funcs[i];
  Func *f = calloc(1, sizeof *f);
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  f->fn = fn;
  f->name = strndup(name, len);
  if (m->nfuncs == m->cap_funcs) {
    m->cap_funcs = m->cap_funcs ? 2 * m->cap_funcs : 8;
    m->funcs = realloc(m->funcs, m->cap_funcs * sizeof *m->funcs);
  }
  m->funcs[m->nfuncs] = f;
  ptrmap_put(&m->func_map, fn, m->nfuncs++);
  return f;
}

void emu_func_free(Func *f) {
  if (!f)
    return;
  free(f->name);
  free(f->error);
  free(f->blocks);
  free(f->insts);
  free(f->extra);
  free(f->srcs);
  free(f->cpool);
  free(f->param_slot);
  free(f->param_nslots);
  for (uint32_t i = 0; i < f->nwmma; i++)
    free(f->wmma[i]);
  free(f->wmma);
  for (uint32_t i = 0; i < f->nfree; i++)
    free(f->free_regs[i]);
  free(f->free_regs);
  free(f);
}

static int decode_body(Dec *d) {
  Func *f = d->f;
  LLVMValueRef fn = f->fn;
  /* Blocks and successors. */
  uint32_t nb = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    nb++;
  if (nb == 0 || nb >= NO_BLOCK)
    return dec_error(d, "function has %u blocks", nb);
  LLVMBasicBlockRef *bbs = malloc(nb * sizeof *bbs);
  PtrMap orig;
  ptrmap_init(&orig);
  nb = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    ptrmap_put(&orig, bb, nb);
    bbs[nb++] = bb;
  }
  Cfg g;
  memset(&g, 0, sizeof g);
  g.nb = nb;
  g.succ = calloc(nb, sizeof *g.succ);
  g.nsucc = calloc(nb, sizeof *g.nsucc);
  int rc = 0;
  for (uint32_t b = 0; b < nb && !rc; b++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[b]);
    d->cur = term;
    LLVMOpcode op = term ? LLVMGetInstructionOpcode(term) : LLVMRet;
    if (!term || (op != LLVMBr && op != LLVMSwitch && op != LLVMRet &&
                  op != LLVMUnreachable)) {
      rc = dec_error(d, "unsupported terminator");
      break;
    }
    unsigned ns = LLVMGetNumSuccessors(term);
    g.succ[b] = malloc((ns + 1) * sizeof(uint32_t));
    for (unsigned i = 0; i < ns; i++) {
      uint32_t s;
      ptrmap_get(&orig, LLVMGetSuccessor(term, i), &s);
      g.succ[b][g.nsucc[b]++] = s;
    }
  }
  d->cur = NULL;
  if (!rc)
    rc = order_blocks(d, &g);
  if (rc) {
    cfg_free(&g);
    ptrmap_free(&orig);
    free(bbs);
    return -1;
  }
  f->nblocks = g.nout;
  f->blocks = calloc(g.nout, sizeof *f->blocks);
  for (uint32_t i = 0; i < g.nout; i++)
    ptrmap_put(&d->bbmap, bbs[g.out[i]], i);

  /* Slots: parameters, then every value-producing instruction. */
  f->nparams = LLVMCountParams(fn);
  f->param_slot = calloc(f->nparams + 1, sizeof *f->param_slot);
  f->param_nslots = calloc(f->nparams + 1, sizeof *f->param_nslots);
  for (uint32_t i = 0; i < f->nparams && !rc; i++) {
    VType t;
    LLVMValueRef p = LLVMGetParam(fn, i);
    if (need_type(d, LLVMTypeOf(p), &t)) {
      rc = -1;
      break;
    }
    f->param_slot[i] = f->nslots;
    f->param_nslots[i] = t.n;
    ptrmap_put(&d->vals, p, f->nslots);
    f->nslots += t.n;
  }
  VType rtv;
  LLVMTypeRef rty = LLVMGetReturnType(LLVMGlobalGetValueType(fn));
  if (!rc && LLVMGetTypeKind(rty) != LLVMVoidTypeKind) {
    if (need_type(d, rty, &rtv))
      rc = -1;
    else
      f->ret_nslots = rtv.n;
  }
  for (uint32_t i = 0; i < g.nout && !rc; i++) {
    for (LLVMValueRef in = LLVMGetFirstInstruction(bbs[g.out[i]]); in;
         in = LLVMGetNextInstruction(in)) {
      if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMVoidTypeKind)
        continue;
      VType t;
      d->cur = in;
      if (need_type(d, LLVMTypeOf(in), &t)) {
        rc = -1;
        break;
      }
      ptrmap_put(&d->vals, in, f->nslots);
      f->nslots += t.n;
      if (f->nslots >= (1u << 20)) {
        rc = dec_error(d, "function too large (more than 2^20 register slots)");
        break;
      }
    }
  }
  if (!rc) {
    d->zero_slot = pool_alloc(f, 1) | CONST_BIT;
    memset(f->cpool, 0, NLANES * sizeof(uint64_t));
  }

  /* Instructions, block by block in the new order; phis first. */
  for (uint32_t i = 0; i < g.nout && !rc; i++) {
    Block *blk = &f->blocks[i];
    blk->phi_first = f->ninst;
    LLVMValueRef in = LLVMGetFirstInstruction(bbs[g.out[i]]);
    /* All phis of the block first: a phi that reads any other phi of its
     * block (a swap, say) needs all incoming values read before any write. */
    PtrMap phis;
    ptrmap_init(&phis);
    for (LLVMValueRef p = in; p && LLVMGetInstructionOpcode(p) == LLVMPHI;
         p = LLVMGetNextInstruction(p))
      ptrmap_put(&phis, p, 1);
    for (; in && LLVMGetInstructionOpcode(in) == LLVMPHI; in = LLVMGetNextInstruction(in)) {
      d->cur = in;
      VType t;
      if (need_type(d, LLVMTypeOf(in), &t)) {
        rc = -1;
        break;
      }
      Inst *pi = push_inst(d);
      ptrmap_get(&d->vals, in, &pi->dst);
      pi->n = t.n;
      pi->x = f->nextra;
      unsigned ninc = LLVMCountIncoming(in);
      for (unsigned k = 0; k < ninc && !rc; k++) {
        uint32_t pb, s;
        if (!ptrmap_get(&d->bbmap, LLVMGetIncomingBlock(in, k), &pb))
          continue; /* edge from an unreachable block */
        LLVMValueRef iv = LLVMGetIncomingValue(in, k);
        s = opnd(d, iv);
        if (s == NO_SLOT) {
          rc = -1;
          break;
        }
        uint32_t dummy;
        if (ptrmap_get(&phis, iv, &dummy))
          blk->phi_two_phase = 1;
        push_extra(f, pb);
        push_extra(f, s);
        pi->xn++;
      }
      blk->nphi++;
      blk->phi_slots += t.n;
    }
    ptrmap_free(&phis);
    blk->first = f->ninst;
    for (; in && !rc; in = LLVMGetNextInstruction(in))
      if (decode_inst(d, in))
        rc = -1;
    blk->end = f->ninst;
  }
  cfg_free(&g);
  ptrmap_free(&orig);
  free(bbs);
  return rc;
}

int emu_decode(wmma_emu_module *m, Func *f) {
  if (f->state == 2)
    return 0;
  if (f->state == -1) {
    emu_set_error(m, "%s", f->error ? f->error : "decoding failed");
    return -1;
  }
  if (LLVMIsDeclaration(f->fn)) {
    emu_set_error(m, "function '%s' has no body", f->name);
    return -1;
  }
  f->state = 1;
  Dec d;
  memset(&d, 0, sizeof d);
  d.m = m;
  d.f = f;
  ptrmap_init(&d.vals);
  ptrmap_init(&d.consts);
  ptrmap_init(&d.bbmap);
  int rc = decode_body(&d);
  ptrmap_free(&d.vals);
  ptrmap_free(&d.consts);
  ptrmap_free(&d.bbmap);
  if (rc) {
    f->state = -1;
    free(f->error);
    f->error = strdup(m->err);
    return -1;
  }
  f->stack_bytes = ((f->frame_bytes + 15) & ~15u) + f->max_callee;
  f->state = 2;
  return 0;
}
