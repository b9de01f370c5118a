/* The interpreter: wave32 lockstep execution of decoded functions.
 *
 * Each wave keeps an explicit stack of frames (so that it can stop at a
 * barrier and resume later).  In a frame every lane has a next block; a
 * step runs the block with the lowest number (Decode.c numbers blocks in a
 * loop-contiguous reverse post-order) with exec = the lanes waiting there.
 * Phis take the value of the edge each lane came from.  Workgroups run one
 * after another; inside a workgroup every wave runs until it reaches a
 * barrier or ends, then the barrier is released (or a deadlock reported). */
#include "EmuInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define R(s)                                                                   \
  (((s) & CONST_BIT) ? cpool + (size_t)((s) & ~CONST_BIT) * NLANES             \
                     : regs + (size_t)(s) * NLANES)
#define W(s) (regs + (size_t)(s) * NLANES)

#define FOR_LANES(ex, l)                                                       \
  for (uint32_t _m##l = (ex), l = 0;                                           \
       _m##l && ((l = (uint32_t)__builtin_ctz(_m##l)), 1); _m##l &= _m##l - 1)

/* Loop over all n*32 (element, lane) pairs of active lanes; the body uses
 * the flat index i (element i / 32, lane i % 32). */
#define VLOOP(n, ...)                                                          \
  do {                                                                         \
    if (exec == FULL_EXEC) {                                                   \
      size_t N_ = (size_t)(n) * NLANES;                                        \
      for (size_t i = 0; i < N_; i++) {                                        \
        __VA_ARGS__;                                                           \
      }                                                                        \
    } else {                                                                   \
      for (size_t e_ = 0; e_ < (size_t)(n); e_++)                              \
        FOR_LANES(exec, l_) {                                                  \
          size_t i = e_ * NLANES + l_;                                         \
          __VA_ARGS__;                                                         \
        }                                                                      \
    }                                                                          \
  } while (0)

static inline float as_f32(uint64_t v) {
  union { uint32_t u; float f; } x;
  x.u = (uint32_t)v;
  return x.f;
}
static inline uint64_t from_f32(float f) {
  union { uint32_t u; float f; } x;
  x.f = f;
  return x.u;
}
static inline double as_f64(uint64_t v) {
  union { uint64_t u; double f; } x;
  x.u = v;
  return x.f;
}
static inline uint64_t from_f64(double f) {
  union { uint64_t u; double f; } x;
  x.f = f;
  return x.u;
}

/*===-- diagnostics ---------------------------------------------------------===*/

typedef struct {
  wmma_emu_module *m;
  Wave *w;
  Func *f;
  const Inst *in;
} Where;

static void where_text(const Where *c, char *buf, size_t cap) {
  char loc[1024];
  emu_describe_inst(c->f->srcs[c->in->src], loc, sizeof loc);
  const Kernel *k = c->m->cur_kernel;
  if (c->f == k->func)
    snprintf(buf, cap, "kernel '%s' at %s (wave %d, workgroup (%u,%u,%u))",
             k->name, loc, c->w->id, c->m->wg[0], c->m->wg[1], c->m->wg[2]);
  else
    snprintf(buf, cap,
             "function '%s' called from kernel '%s' at %s (wave %d, "
             "workgroup (%u,%u,%u))",
             c->f->name, k->name, loc, c->w->id, c->m->wg[0], c->m->wg[1],
             c->m->wg[2]);
}

static void fault_at(const Where *c, const char *what) __attribute__((noreturn));
static void fault_at(const Where *c, const char *what) {
  char wh[1536];
  where_text(c, wh, sizeof wh);
  emu_fault(c->m, "%s in %s", what, wh);
}

/*===-- memory --------------------------------------------------------------===*/

static const char *as_name(unsigned as) {
  switch (as) {
  case 0: return "flat";
  case 1: return "global";
  case 3: return "LDS";
  case 4: return "constant";
  case 5: return "private";
  default: return "?";
  }
}

static void oob(const Where *c, unsigned as, unsigned eff_as, uint64_t addr,
                uint64_t size, int lane, int write, const char *detail)
    __attribute__((noreturn));
static void oob(const Where *c, unsigned as, unsigned eff_as, uint64_t addr,
                uint64_t size, int lane, int write, const char *detail) {
  char msg[1024];
  snprintf(msg, sizeof msg,
           "out-of-bounds %s%s %s of %llu bytes at address 0x%llx (lane %d; %s)",
           as_name(eff_as), as != eff_as ? " (via flat)" : "",
           write ? "store" : "load", (unsigned long long)size,
           (unsigned long long)addr, lane, detail);
  fault_at(c, msg);
}

/* Host pointer of [addr, addr+size) in address space as for lane; faults
 * when out of bounds.  Counts the traffic. */
static uint8_t *mem_ptr(const Where *c, unsigned as, uint64_t addr,
                        uint64_t size, int lane, int write) {
  wmma_emu_module *m = c->m;
  unsigned eff = as;
  uint64_t off = addr;
  if (as == 0) {
    uint64_t ap = addr >> APERTURE_SHIFT;
    if (ap == APERTURE_LDS) {
      eff = 3;
      off = addr & 0xffffffffull;
    } else if (ap == APERTURE_PRIV) {
      eff = 5;
      off = addr & 0xffffffffull;
    } else {
      eff = 1;
    }
  }
  char detail[512];
  switch (eff) {
  case 3:
    off &= 0xffffffffull;
    if (off + size > m->lds_size) {
      snprintf(detail, sizeof detail, "the workgroup has %u bytes of LDS",
               m->lds_size);
      oob(c, as, eff, addr, size, lane, write, detail);
    }
    if (write)
      m->stats.lds_bytes_written += size;
    else
      m->stats.lds_bytes_read += size;
    return m->lds + off;
  case 5: {
    Wave *w = c->w;
    off &= 0xffffffffull;
    if (off < PRIV_BASE || off + size > w->priv_top) {
      snprintf(detail, sizeof detail,
               "the private stack holds offsets %u..%u", PRIV_BASE,
               w->priv_top);
      oob(c, as, eff, addr, size, lane, write, detail);
    }
    return w->priv + (size_t)lane * w->priv_stride + off;
  }
  default: {
    int idx;
    uint8_t *p = emu_resolve_global(m, addr, size, &idx);
    if (!p) {
      if (idx >= 0) {
        const Alloc *a = &m->allocs[idx];
        snprintf(detail, sizeof detail, "%s%s of %llu bytes, offset %lld",
                 a->user ? "" : "global @", a->name,
                 (unsigned long long)a->size,
                 (long long)(addr & ((1ull << GLOBAL_SHIFT) - 1)));
      } else {
        snprintf(detail, sizeof detail, "no buffer at this address");
      }
      oob(c, as, eff, addr, size, lane, write, detail);
    }
    if (write)
      m->stats.global_bytes_stored += size;
    else
      m->stats.global_bytes_loaded += size;
    return p;
  }
  }
}

/*===-- casts ---------------------------------------------------------------===*/

uint64_t emu_cast_scalar(int sub, uint64_t v, int sk2, int bits2, int as2,
                         int sk, int bits, int as) {
  switch (sub) {
  case CV_TRUNC: case CV_PTRTOINT: case CV_INTTOPTR:
    return v & emu_mask(bits);
  case CV_ZEXT:
    return v & emu_mask(bits2);
  case CV_SEXT:
    return (uint64_t)emu_sext(v, bits2) & emu_mask(bits);
  case CV_FPCONV:
    if (sk2 == SK_F32 && sk == SK_F64)
      return from_f64((double)as_f32(v));
    return emu_store_fp(emu_load_fp(v, sk2), sk);
  case CV_FPTOUI: case CV_FPTOSI: {
    double x = trunc(emu_load_fp(v, sk2));
    if (isnan(x))
      return 0;
    if (sub == CV_FPTOUI) {
      if (x <= 0)
        return 0;
      if (x >= 18446744073709551615.0)
        return emu_mask(bits);
      return (uint64_t)x & emu_mask(bits);
    }
    if (x <= -9223372036854775808.0)
      return (1ull << 63) & emu_mask(bits);
    if (x >= 9223372036854775807.0)
      return emu_mask(bits) >> 1;
    return (uint64_t)(int64_t)x & emu_mask(bits);
  }
  case CV_UITOFP: case CV_SITOFP: {
    int64_t s = sub == CV_SITOFP ? emu_sext(v, bits2) : 0;
    uint64_t u = v & emu_mask(bits2);
    if (sk == SK_F32)
      return from_f32(sub == CV_SITOFP ? (float)s : (float)u);
    if (sk == SK_F64)
      return from_f64(sub == CV_SITOFP ? (double)s : (double)u);
    return emu_store_fp(sub == CV_SITOFP ? (double)s : (double)u, sk);
  }
  case CV_ASCAST: {
    uint64_t lo = v & 0xffffffffull;
    if ((as2 == 3 || as2 == 5) && (as == 0 || as == 1 || as == 4))
      return ((as2 == 3 ? APERTURE_LDS : APERTURE_PRIV) << APERTURE_SHIFT) | lo;
    if ((as == 3 || as == 5) && !(as2 == 3 || as2 == 5))
      return lo;
    return v & emu_mask(bits);
  }
  }
  return v;
}

/*===-- float helpers -------------------------------------------------------===*/

static inline int fcmp_pred(int p, double x, double y) {
  if (p == 0) return 0;
  if (p == 15) return 1;
  int uno = isnan(x) || isnan(y);
  if (p == 7) return !uno;
  if (p == 8) return uno;
  int r;
  switch (p & 7) {
  case 1: r = x == y; break;
  case 2: r = x > y; break;
  case 3: r = x >= y; break;
  case 4: r = x < y; break;
  case 5: r = x <= y; break;
  default: r = x < y || x > y; break;
  }
  return p < 8 ? (!uno && r) : (uno || r);
}

static inline int icmp_pred(int p, uint64_t a, uint64_t b, int bits) {
  switch (p) {
  case LLVMIntEQ: return a == b;
  case LLVMIntNE: return a != b;
  case LLVMIntUGT: return a > b;
  case LLVMIntUGE: return a >= b;
  case LLVMIntULT: return a < b;
  case LLVMIntULE: return a <= b;
  case LLVMIntSGT: return emu_sext(a, bits) > emu_sext(b, bits);
  case LLVMIntSGE: return emu_sext(a, bits) >= emu_sext(b, bits);
  case LLVMIntSLT: return emu_sext(a, bits) < emu_sext(b, bits);
  default: return emu_sext(a, bits) <= emu_sext(b, bits);
  }
}

static double fmath1(int sub, double x) {
  switch (sub) {
  case FM_FABS: return fabs(x);
  case FM_SQRT: return sqrt(x);
  case FM_EXP2: return exp2(x);
  case FM_EXP: return exp(x);
  case FM_EXP10: return pow(10.0, x);
  case FM_LOG2: return log2(x);
  case FM_LOG: return log(x);
  case FM_LOG10: return log10(x);
  case FM_SIN: return sin(x);
  case FM_COS: return cos(x);
  case FM_TAN: return tan(x);
  case FM_AMD_SIN: return sin(x * 6.283185307179586);
  case FM_AMD_COS: return cos(x * 6.283185307179586);
  case FM_FLOOR: return floor(x);
  case FM_CEIL: return ceil(x);
  case FM_TRUNC: return trunc(x);
  case FM_RINT: return rint(x);
  case FM_ROUND: return round(x);
  case FM_RCP: return 1.0 / x;
  case FM_RSQ: return 1.0 / sqrt(x);
  case FM_FRACT: return isinf(x) ? NAN : x - floor(x);
  default: return x; /* canonicalize */
  }
}

static double fmath2(int sub, double x, double y) {
  switch (sub) {
  case FM_MINNUM: return isnan(x) ? y : isnan(y) ? x : (x < y || (x == y && signbit(x))) ? x : y;
  case FM_MAXNUM: return isnan(x) ? y : isnan(y) ? x : (x > y || (x == y && !signbit(x))) ? x : y;
  case FM_MINIMUM: return isnan(x) || isnan(y) ? NAN : (x < y || (x == y && signbit(x))) ? x : y;
  case FM_MAXIMUM: return isnan(x) || isnan(y) ? NAN : (x > y || (x == y && !signbit(x))) ? x : y;
  case FM_COPYSIGN: return copysign(x, y);
  case FM_POW: return pow(x, y);
  case FM_ATAN2: return atan2(x, y);
  default: return x;
  }
}

/* Float op on kind sk: f32 computes in float (IEEE single), the 16-bit
 * kinds compute in double and round once. */
static inline uint64_t fop1(int sk, double r) { return emu_store_fp(r, sk); }

static int fp_class(uint64_t v, int sk) {
  int eb, mb;
  switch (sk) {
  case SK_F16: eb = 5, mb = 10; break;
  case SK_BF16: eb = 8, mb = 7; break;
  case SK_F32: eb = 8, mb = 23; break;
  default: eb = 11, mb = 52; break;
  }
  int neg = (int)((v >> (eb + mb)) & 1);
  uint64_t e = (v >> mb) & ((1ull << eb) - 1);
  uint64_t man = v & ((1ull << mb) - 1);
  if (e == (1ull << eb) - 1) {
    if (man)
      return (man >> (mb - 1)) & 1 ? 1 : 0; /* qNaN : sNaN */
    return neg ? 2 : 9;
  }
  if (e == 0)
    return man ? (neg ? 4 : 7) : (neg ? 5 : 6);
  return neg ? 3 : 8;
}

/*===-- frames --------------------------------------------------------------===*/

static uint64_t *get_regs(Func *f) {
  if (f->nfree)
    return f->free_regs[--f->nfree];
  size_t n = (size_t)(f->nslots ? f->nslots : 1) * NLANES;
  return calloc(n, sizeof(uint64_t));
}

static void put_regs(Func *f, uint64_t *r) {
  if (f->nfree == f->cap_free) {
    f->cap_free = f->cap_free ? 2 * f->cap_free : 4;
    f->free_regs = realloc(f->free_regs, f->cap_free * sizeof *f->free_regs);
  }
  f->free_regs[f->nfree++] = r;
}

/* First byte above the private frame of fr's function. */
static inline uint32_t frame_top(const Frame *fr) {
  return fr->sp + ((fr->f->frame_bytes + 15) & ~15u);
}

/* Pushes a frame running g on the lanes of exec, its private frame at sp;
 * its return value goes to slot ret_dst of the caller. */
static Frame *push_frame(Wave *w, Func *g, uint32_t exec, uint32_t sp,
                         uint32_t ret_dst) {
  Frame *nf = &w->frames[w->depth++];
  memset(nf, 0, sizeof *nf);
  nf->f = g;
  nf->regs = get_regs(g);
  nf->pending = exec;
  nf->blk = -1;
  nf->sp = sp;
  nf->ret_dst = ret_dst;
  for (int l = 0; l < NLANES; l++) {
    nf->next[l] = (exec >> l) & 1 ? 0 : NO_BLOCK;
    nf->prev[l] = NO_BLOCK;
  }
  w->priv_top = frame_top(nf);
  return nf;
}

static void eval_phis(wmma_emu_module *m, Frame *fr, const Block *B,
                      uint32_t exec) {
  Func *f = fr->f;
  uint64_t *regs = fr->regs;
  const uint64_t *cpool = f->cpool;
  uint64_t *tmp = NULL;
  if (B->phi_two_phase) {
    size_t need = (size_t)B->phi_slots * NLANES;
    if (m->phi_cap < need) {
      m->phi_tmp = realloc(m->phi_tmp, need * sizeof(uint64_t));
      m->phi_cap = need;
    }
    tmp = m->phi_tmp;
  }
  uint32_t rem = exec;
  while (rem) {
    uint16_t p = fr->prev[__builtin_ctz(rem)];
    uint32_t grp = 0;
    FOR_LANES(rem, l) if (fr->prev[l] == p) grp |= 1u << l;
    rem &= ~grp;
    uint32_t toff = 0;
    for (uint32_t i = 0; i < B->nphi; i++) {
      const Inst *in = &f->insts[B->phi_first + i];
      uint32_t src = NO_SLOT;
      for (uint32_t k = 0; k < in->xn; k++)
        if (f->extra[in->x + 2 * k] == p) {
          src = f->extra[in->x + 2 * k + 1];
          break;
        }
      if (src != NO_SLOT) {
        const uint64_t *s = R(src);
        uint64_t *d = tmp ? tmp + (size_t)toff * NLANES : W(in->dst);
        for (uint32_t e = 0; e < in->n; e++)
          FOR_LANES(grp, l) d[e * NLANES + l] = s[e * NLANES + l];
      }
      toff += in->n;
    }
  }
  if (tmp) {
    uint32_t toff = 0;
    for (uint32_t i = 0; i < B->nphi; i++) {
      const Inst *in = &f->insts[B->phi_first + i];
      uint64_t *d = W(in->dst);
      for (uint32_t e = 0; e < in->n; e++)
        FOR_LANES(exec, l) d[e * NLANES + l] = tmp[(size_t)(toff + e) * NLANES + l];
      toff += in->n;
    }
  }
}

/*===-- cross-lane helpers --------------------------------------------------===*/

/* Source lane of a DPP row operation, -1 when out of the row. */
static int dpp_src(int ctrl, int l) {
  int r = l & 15, base = l & ~15;
  if (ctrl <= 0xff)
    return (l & ~3) | ((ctrl >> (2 * (l & 3))) & 3);
  if (ctrl >= 0x101 && ctrl <= 0x10f) {
    int n = ctrl & 15;
    return r + n < 16 ? l + n : -1;
  }
  if (ctrl >= 0x111 && ctrl <= 0x11f) {
    int n = ctrl & 15;
    return r >= n ? l - n : -1;
  }
  if (ctrl >= 0x121 && ctrl <= 0x12f)
    return base | ((r - (ctrl & 15)) & 15);
  if (ctrl == 0x140)
    return base | (15 - r);
  if (ctrl == 0x141)
    return (l & ~7) | (7 - (l & 7));
  if (ctrl >= 0x150 && ctrl <= 0x15f)
    return base | (ctrl & 15);
  if (ctrl >= 0x160 && ctrl <= 0x16f)
    return base | (r ^ (ctrl & 15));
  return -1;
}

/*===-- the interpreter -----------------------------------------------------===*/

static void run_wave(wmma_emu_module *m, Wave *w) {
  for (;;) {
    Frame *fr = &w->frames[w->depth - 1];
    Func *f = fr->f;
    if (fr->blk < 0) {
      uint32_t pend = fr->pending;
      if (!pend) {
        if (w->depth == 1) {
          w->state = WAVE_DONE;
          return;
        }
        put_regs(f, fr->regs);
        fr->regs = NULL;
        w->depth--;
        w->priv_top = frame_top(&w->frames[w->depth - 1]);
        continue;
      }
      uint16_t best = NO_BLOCK;
      FOR_LANES(pend, l) if (fr->next[l] < best) best = fr->next[l];
      uint32_t ex = 0;
      FOR_LANES(pend, l) if (fr->next[l] == best) ex |= 1u << l;
      fr->blk = best;
      fr->exec = ex;
      const Block *B = &f->blocks[best];
      if (B->nphi) {
        eval_phis(m, fr, B, ex);
        m->stats.wave_instructions += B->nphi;
        m->stats.lane_instructions += (uint64_t)B->nphi * (uint64_t)__builtin_popcount(ex);
      }
      fr->pc = B->first;
      if (m->limit && m->stats.wave_instructions > m->limit) {
        Where c = {m, w, f, &f->insts[B->first < B->end ? B->first : B->phi_first]};
        fault_at(&c, "instruction limit exceeded");
      }
    }
    const Block *B = &f->blocks[fr->blk];
    const uint32_t exec = fr->exec;
    uint64_t *const regs = fr->regs;
    const uint64_t *const cpool = f->cpool;
    const uint64_t nact = (uint64_t)__builtin_popcount(exec);
    const uint16_t blk = (uint16_t)fr->blk;
    uint32_t pc = fr->pc;
    const uint32_t start = pc;
#define LEAVE()                                                                \
  do {                                                                         \
    m->stats.wave_instructions += pc - start + 1;                              \
    m->stats.lane_instructions += (pc - start + 1) * nact;                     \
  } while (0)
    for (; pc < B->end; pc++) {
      const Inst *in = &f->insts[pc];
      switch ((OpCode)in->op) {
      case OP_NOP:
        break;
      case OP_IBIN32_ADD: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        VLOOP(in->n, d[i] = (uint32_t)(a[i] + b[i]));
        break;
      }
      case OP_IBIN32_MUL: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        VLOOP(in->n, d[i] = (uint32_t)(a[i] * b[i]));
        break;
      }
      case OP_IBIN: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        const uint64_t mk = in->mask;
        const int bits = in->bits;
        switch (in->sub) {
        case IB_ADD: VLOOP(in->n, d[i] = (a[i] + b[i]) & mk); break;
        case IB_SUB: VLOOP(in->n, d[i] = (a[i] - b[i]) & mk); break;
        case IB_MUL: VLOOP(in->n, d[i] = (a[i] * b[i]) & mk); break;
        case IB_AND: VLOOP(in->n, d[i] = a[i] & b[i]); break;
        case IB_OR: VLOOP(in->n, d[i] = a[i] | b[i]); break;
        case IB_XOR: VLOOP(in->n, d[i] = a[i] ^ b[i]); break;
        case IB_SHL: VLOOP(in->n, d[i] = b[i] >= (uint64_t)bits ? 0 : (a[i] << b[i]) & mk); break;
        case IB_LSHR: VLOOP(in->n, d[i] = b[i] >= (uint64_t)bits ? 0 : a[i] >> b[i]); break;
        case IB_ASHR:
          VLOOP(in->n, d[i] = (uint64_t)(emu_sext(a[i], bits) >> (b[i] >= (uint64_t)bits ? bits - 1 : (int)b[i])) & mk);
          break;
        default: {
          Where c = {m, w, f, in};
          VLOOP(in->n, {
            if (b[i] == 0)
              fault_at(&c, "integer division by zero");
            int64_t sa = emu_sext(a[i], bits), sb = emu_sext(b[i], bits);
            switch (in->sub) {
            case IB_UDIV: d[i] = a[i] / b[i]; break;
            case IB_UREM: d[i] = a[i] % b[i]; break;
            case IB_SDIV: d[i] = (sb == -1 ? (uint64_t)(-(uint64_t)sa) : (uint64_t)(sa / sb)) & mk; break;
            default: d[i] = (sb == -1 ? 0 : (uint64_t)(sa % sb)) & mk; break;
            }
          });
        }
        }
        break;
      }
      case OP_FBIN: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        const int sk = in->sk;
        if (sk == SK_F32) {
          switch (in->sub) {
          case FB_ADD: VLOOP(in->n, d[i] = from_f32(as_f32(a[i]) + as_f32(b[i]))); break;
          case FB_SUB: VLOOP(in->n, d[i] = from_f32(as_f32(a[i]) - as_f32(b[i]))); break;
          case FB_MUL: VLOOP(in->n, d[i] = from_f32(as_f32(a[i]) * as_f32(b[i]))); break;
          case FB_DIV: VLOOP(in->n, d[i] = from_f32(as_f32(a[i]) / as_f32(b[i]))); break;
          default: VLOOP(in->n, d[i] = from_f32(fmodf(as_f32(a[i]), as_f32(b[i])))); break;
          }
        } else {
          VLOOP(in->n, {
            double x = emu_load_fp(a[i], sk), y = emu_load_fp(b[i], sk), r;
            switch (in->sub) {
            case FB_ADD: r = x + y; break;
            case FB_SUB: r = x - y; break;
            case FB_MUL: r = x * y; break;
            case FB_DIV: r = x / y; break;
            default: r = fmod(x, y); break;
            }
            d[i] = fop1(sk, r);
          });
        }
        break;
      }
      case OP_FNEG: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        uint64_t sign = 1ull << (in->bits - 1);
        VLOOP(in->n, d[i] = a[i] ^ sign);
        break;
      }
      case OP_ICMP: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        const int p = in->sub, bits = in->bits;
        if (p == LLVMIntEQ)
          VLOOP(in->n, d[i] = a[i] == b[i]);
        else if (p == LLVMIntNE)
          VLOOP(in->n, d[i] = a[i] != b[i]);
        else if (p == LLVMIntULT)
          VLOOP(in->n, d[i] = a[i] < b[i]);
        else
          VLOOP(in->n, d[i] = (uint64_t)icmp_pred(p, a[i], b[i], bits));
        break;
      }
      case OP_FCMP: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        const int p = in->sub, sk = in->sk;
        VLOOP(in->n, d[i] = (uint64_t)fcmp_pred(p, emu_load_fp(a[i], sk), emu_load_fp(b[i], sk)));
        break;
      }
      case OP_SELECT: {
        uint64_t *d = W(in->dst);
        const uint64_t *cd = R(in->a), *t = R(in->b), *e = R(in->c);
        if (in->flag)
          VLOOP(in->n, d[i] = (cd[i] & 1) ? t[i] : e[i]);
        else
          VLOOP(in->n, d[i] = (cd[i & (NLANES - 1)] & 1) ? t[i] : e[i]);
        break;
      }
      case OP_CAST: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        const uint64_t mk = in->mask;
        switch (in->sub) {
        case CV_TRUNC: case CV_PTRTOINT: case CV_INTTOPTR:
          VLOOP(in->n, d[i] = a[i] & mk);
          break;
        case CV_ZEXT: {
          uint64_t m2 = emu_mask(in->bits2);
          VLOOP(in->n, d[i] = a[i] & m2);
          break;
        }
        case CV_SEXT: {
          const int b2 = in->bits2;
          VLOOP(in->n, d[i] = (uint64_t)emu_sext(a[i], b2) & mk);
          break;
        }
        default: {
          const int sub = in->sub, sk2 = in->sk2, b2 = in->bits2, as2 = (int)in->imm;
          const int sk = in->sk, bits = in->bits, as = in->flag;
          VLOOP(in->n, d[i] = emu_cast_scalar(sub, a[i], sk2, b2, as2, sk, bits, as));
        }
        }
        break;
      }
      case OP_BITCAST: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        uint32_t sn = in->n * in->bits / in->bits2, sb = in->bits2 / 8, db = in->bits / 8;
        FOR_LANES(exec, l) {
          uint8_t buf[1024];
          uint32_t total = sn * sb;
          if (total > sizeof buf)
            total = sizeof buf;
          for (uint32_t e = 0; e < sn && (e + 1) * sb <= total; e++) {
            uint64_t v = a[(size_t)e * NLANES + l];
            memcpy(buf + e * sb, &v, sb);
          }
          for (uint32_t e = 0; e < in->n && (e + 1) * db <= total; e++) {
            uint64_t v = 0;
            memcpy(&v, buf + e * db, db);
            d[(size_t)e * NLANES + l] = v;
          }
        }
        break;
      }
      case OP_GATHER: {
        uint64_t *d = W(in->dst);
        const uint32_t *xs = f->extra + in->x;
        for (uint32_t e = 0; e < in->xn; e++) {
          const uint64_t *s = R(xs[e]);
          uint64_t *de = d + (size_t)e * NLANES;
          if (exec == FULL_EXEC)
            memcpy(de, s, NLANES * sizeof(uint64_t));
          else
            FOR_LANES(exec, l) de[l] = s[l];
        }
        break;
      }
      case OP_EXTRACT_DYN: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *ix = R(in->c);
        FOR_LANES(exec, l) {
          uint64_t k = ix[l];
          d[l] = k < (uint64_t)in->imm ? a[k * NLANES + l] : 0;
        }
        break;
      }
      case OP_INSERT_DYN: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *v = R(in->b), *ix = R(in->c);
        VLOOP(in->n, d[i] = a[i]);
        FOR_LANES(exec, l) {
          uint64_t k = ix[l];
          if (k < (uint64_t)in->imm)
            d[k * NLANES + l] = v[l];
        }
        break;
      }
      case OP_GEP: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        const uint64_t off = (uint64_t)in->imm, mk = in->mask;
        FOR_LANES(exec, l) d[l] = a[l] + off;
        for (uint32_t k = 0; k < in->xn; k++) {
          const uint32_t *x = f->extra + in->x + 4 * k;
          const uint64_t *ix = R(x[0]);
          int ib = (int)x[1];
          int64_t scale = (int64_t)((uint64_t)x[2] | ((uint64_t)x[3] << 32));
          FOR_LANES(exec, l) d[l] += (uint64_t)(emu_sext(ix[l], ib) * scale);
        }
        if (mk != ~0ull)
          FOR_LANES(exec, l) d[l] &= mk;
        break;
      }
      case OP_LOAD: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        const uint32_t es = (uint32_t)in->imm, n = in->n;
        const uint64_t mk = in->mask;
        Where c = {m, w, f, in};
        FOR_LANES(exec, l) {
          const uint8_t *p = mem_ptr(&c, in->flag, a[l], (uint64_t)es * n, (int)l, 0);
          for (uint32_t e = 0; e < n; e++) {
            uint64_t v = 0;
            memcpy(&v, p + (size_t)e * es, es);
            d[(size_t)e * NLANES + l] = v & mk;
          }
        }
        break;
      }
      case OP_STORE: {
        const uint64_t *a = R(in->a), *v = R(in->b);
        const uint32_t es = (uint32_t)in->imm, n = in->n;
        Where c = {m, w, f, in};
        FOR_LANES(exec, l) {
          uint8_t *p = mem_ptr(&c, in->flag, a[l], (uint64_t)es * n, (int)l, 1);
          for (uint32_t e = 0; e < n; e++) {
            uint64_t x = v[(size_t)e * NLANES + l];
            memcpy(p + (size_t)e * es, &x, es);
          }
        }
        break;
      }
      case OP_ALLOCA: {
        uint64_t *d = W(in->dst);
        uint64_t p = fr->sp + (uint64_t)in->imm;
        FOR_LANES(exec, l) d[l] = p;
        break;
      }
      case OP_MEMCPY: case OP_MEMSET: {
        const uint64_t *a = R(in->a), *b = R(in->b), *len = R(in->c);
        Where c = {m, w, f, in};
        FOR_LANES(exec, l) {
          uint64_t n = len[l] & emu_mask(in->bits);
          if (!n)
            continue;
          uint8_t *dp = mem_ptr(&c, in->flag, a[l], n, (int)l, 1);
          if (in->op == OP_MEMSET)
            memset(dp, (int)(b[l] & 0xff), n);
          else
            memmove(dp, mem_ptr(&c, (unsigned)in->imm, b[l], n, (int)l, 0), n);
        }
        break;
      }
      case OP_ATOMICRMW: case OP_CMPXCHG: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *v = R(in->b);
        const uint64_t *cmp = in->op == OP_CMPXCHG ? R(in->c) : NULL;
        const uint32_t es = (uint32_t)in->imm;
        const uint64_t mk = in->mask;
        const int sk = in->sk, bits = in->bits;
        Where c = {m, w, f, in};
        FOR_LANES(exec, l) {
          uint8_t *p = mem_ptr(&c, in->flag, a[l], es, (int)l, 1);
          uint64_t old = 0, x = v[l], nv;
          memcpy(&old, p, es);
          if (cmp) {
            int ok = old == cmp[l];
            if (ok)
              memcpy(p, &x, es);
            d[l] = old;
            d[NLANES + l] = (uint64_t)ok;
            continue;
          }
          switch (in->sub) {
          case AR_XCHG: nv = x; break;
          case AR_ADD: nv = old + x; break;
          case AR_SUB: nv = old - x; break;
          case AR_AND: nv = old & x; break;
          case AR_NAND: nv = ~(old & x); break;
          case AR_OR: nv = old | x; break;
          case AR_XOR: nv = old ^ x; break;
          case AR_MAX: nv = emu_sext(old, bits) > emu_sext(x, bits) ? old : x; break;
          case AR_MIN: nv = emu_sext(old, bits) < emu_sext(x, bits) ? old : x; break;
          case AR_UMAX: nv = old > x ? old : x; break;
          case AR_UMIN: nv = old < x ? old : x; break;
          case AR_FADD: nv = fop1(sk, emu_load_fp(old, sk) + emu_load_fp(x, sk)); break;
          case AR_FSUB: nv = fop1(sk, emu_load_fp(old, sk) - emu_load_fp(x, sk)); break;
          case AR_FMAX: nv = fop1(sk, fmath2(FM_MAXNUM, emu_load_fp(old, sk), emu_load_fp(x, sk))); break;
          case AR_FMIN: nv = fop1(sk, fmath2(FM_MINNUM, emu_load_fp(old, sk), emu_load_fp(x, sk))); break;
          case AR_UINC_WRAP: nv = old >= x ? 0 : old + 1; break;
          default: nv = (old == 0 || old > x) ? x : old - 1; break;
          }
          nv &= mk;
          memcpy(p, &nv, es);
          d[l] = old;
        }
        break;
      }
      case OP_BR:
        FOR_LANES(exec, l) {
          fr->prev[l] = blk;
          fr->next[l] = (uint16_t)in->imm;
        }
        LEAVE();
        fr->blk = -1;
        goto next_step;
      case OP_CONDBR: {
        const uint64_t *cd = R(in->a);
        FOR_LANES(exec, l) {
          fr->prev[l] = blk;
          fr->next[l] = (uint16_t)((cd[l] & 1) ? in->b : in->c);
        }
        LEAVE();
        fr->blk = -1;
        goto next_step;
      }
      case OP_SWITCH: {
        const uint64_t *cv = R(in->a);
        const uint32_t *x = f->extra + in->x;
        FOR_LANES(exec, l) {
          uint64_t v = cv[l] & emu_mask(in->bits);
          uint32_t t = in->b;
          for (uint32_t k = 0; k < in->xn; k++)
            if (((uint64_t)x[3 * k] | ((uint64_t)x[3 * k + 1] << 32)) == v) {
              t = x[3 * k + 2];
              break;
            }
          fr->prev[l] = blk;
          fr->next[l] = (uint16_t)t;
        }
        LEAVE();
        fr->blk = -1;
        goto next_step;
      }
      case OP_RET: {
        if (w->depth > 1 && in->n && fr->ret_dst != NO_SLOT) {
          uint64_t *cd = w->frames[w->depth - 2].regs + (size_t)fr->ret_dst * NLANES;
          const uint64_t *s = R(in->a);
          for (uint32_t e = 0; e < in->n; e++)
            FOR_LANES(exec, l) cd[(size_t)e * NLANES + l] = s[(size_t)e * NLANES + l];
        }
        FOR_LANES(exec, l) fr->next[l] = NO_BLOCK;
        fr->pending &= ~exec;
        LEAVE();
        fr->blk = -1;
        goto next_step;
      }
      case OP_UNREACHABLE: {
        Where c = {m, w, f, in};
        fault_at(&c, "reached 'unreachable'");
      }
      case OP_CALL: {
        Where c = {m, w, f, in};
        if (w->depth >= MAX_CALL_DEPTH)
          fault_at(&c, "call stack too deep");
        Func *g = m->funcs[in->imm];
        LEAVE();
        fr->pc = pc + 1;
        Frame *nf = push_frame(w, g, exec, frame_top(fr), in->dst);
        const uint32_t *xs = f->extra + in->x;
        for (uint32_t k = 0; k < in->xn; k++) {
          const uint64_t *s = R(xs[k]);
          uint64_t *dd = nf->regs + (size_t)g->param_slot[k] * NLANES;
          for (uint32_t e = 0; e < g->param_nslots[k]; e++)
            FOR_LANES(exec, l) dd[(size_t)e * NLANES + l] = s[(size_t)e * NLANES + l];
        }
        goto next_step;
      }
      case OP_BARRIER:
        LEAVE();
        fr->pc = pc + 1;
        w->state = WAVE_BARRIER;
        w->barrier_src = in->src;
        w->barrier_func = f;
        m->stats.barriers++;
        return;
      case OP_WORKITEM_ID: {
        uint64_t *d = W(in->dst);
        FOR_LANES(exec, l) d[l] = w->tid[in->sub][l];
        break;
      }
      case OP_WORKGROUP_ID: {
        uint64_t *d = W(in->dst);
        FOR_LANES(exec, l) d[l] = m->wg[in->sub];
        break;
      }
      case OP_SPECIAL_PTR: {
        uint64_t *d = W(in->dst);
        uint64_t p = in->sub == SP_IMPLICITARG ? m->implicit_addr
                     : in->sub == SP_DISPATCH ? m->dispatch_addr
                                              : m->kernarg_addr;
        FOR_LANES(exec, l) d[l] = p;
        break;
      }
      case OP_MBCNT_LO: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        FOR_LANES(exec, l)
          d[l] = (uint32_t)(b[l] + (uint64_t)__builtin_popcount((uint32_t)a[l] & ((1u << l) - 1)));
        break;
      }
      case OP_MBCNT_HI: {
        /* wave32: no lane is above 31, so the high half counts nothing. */
        uint64_t *d = W(in->dst);
        const uint64_t *b = R(in->b);
        FOR_LANES(exec, l) d[l] = (uint32_t)b[l];
        break;
      }
      case OP_BPERMUTE: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        m->stats.ds_bpermute++;
        if (in->sub == 0) {
          FOR_LANES(exec, l) {
            uint32_t s = ((uint32_t)a[l] >> 2) & 31;
            d[l] = (exec >> s) & 1 ? b[s] : 0;
          }
        } else { /* ds_permute: lanes push their value to a destination lane */
          FOR_LANES(exec, l) d[l] = 0;
          FOR_LANES(exec, l) {
            uint32_t t = ((uint32_t)a[l] >> 2) & 31;
            if ((exec >> t) & 1)
              d[t] = b[l];
          }
        }
        break;
      }
      case OP_PERMLANEX16: case OP_PERMLANE16: {
        uint64_t *d = W(in->dst);
        const uint64_t *old = R(in->a), *src = R(in->b), *slo = R(in->c), *shi = R(in->d);
        const uint32_t first = (uint32_t)__builtin_ctz(exec);
        const uint64_t sel = ((uint64_t)(uint32_t)shi[first] << 32) | (uint32_t)slo[first];
        const int fi = in->flag & 1, bc = (in->flag >> 1) & 1;
        m->stats.permlanex16 += in->op == OP_PERMLANEX16;
        for (uint32_t e = 0; e < in->n; e++)
          FOR_LANES(exec, l) {
            uint32_t nib = (uint32_t)(sel >> (4 * (l & 15))) & 15;
            uint32_t s = (in->op == OP_PERMLANEX16 ? (l & 16) ^ 16 : (l & 16)) + nib;
            size_t i = (size_t)e * NLANES;
            d[i + l] = (fi || ((exec >> s) & 1)) ? src[i + s] : (bc ? 0 : old[i + l]);
          }
        break;
      }
      case OP_DPP: {
        uint64_t *d = W(in->dst);
        const uint64_t *old = R(in->a), *src = R(in->b);
        const int ctrl = (int)in->imm, rm = (int)in->c, bm = (int)in->d, bc = in->flag;
        m->stats.dpp++;
        for (uint32_t e = 0; e < in->n; e++)
          FOR_LANES(exec, l) {
            size_t i = (size_t)e * NLANES;
            if (!((rm >> (l >> 4)) & 1) || !((bm >> ((l >> 2) & 3)) & 1)) {
              d[i + l] = old[i + l];
              continue;
            }
            int s = dpp_src(ctrl, (int)l);
            if (s < 0 || !((exec >> s) & 1))
              d[i + l] = bc ? 0 : old[i + l];
            else
              d[i + l] = src[i + s];
          }
        break;
      }
      case OP_DPP8: {
        uint64_t *d = W(in->dst);
        const uint64_t *src = R(in->a), *selv = R(in->b);
        uint32_t sel = (uint32_t)selv[__builtin_ctz(exec)];
        m->stats.dpp++;
        for (uint32_t e = 0; e < in->n; e++)
          FOR_LANES(exec, l) {
            size_t i = (size_t)e * NLANES;
            uint32_t s = (l & ~7u) | ((sel >> (3 * (l & 7))) & 7);
            d[i + l] = (exec >> s) & 1 ? src[i + s] : 0;
          }
        break;
      }
      case OP_SWIZZLE: {
        uint64_t *d = W(in->dst);
        const uint64_t *src = R(in->a);
        const uint32_t off = (uint32_t)in->imm;
        m->stats.ds_swizzle++;
        FOR_LANES(exec, l) {
          uint32_t s;
          if (off & 0x8000)
            s = (l & ~3u) | ((off >> (2 * (l & 3))) & 3);
          else
            s = (((l & (off & 31)) | ((off >> 5) & 31)) ^ ((off >> 10) & 31)) & 31;
          d[l] = (exec >> s) & 1 ? src[s] : 0;
        }
        break;
      }
      case OP_READFIRSTLANE: case OP_READLANE: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        uint32_t first = (uint32_t)__builtin_ctz(exec);
        uint32_t s = in->op == OP_READLANE ? (uint32_t)R(in->b)[first] & 31 : first;
        for (uint32_t e = 0; e < in->n; e++) {
          uint64_t v = a[(size_t)e * NLANES + s];
          FOR_LANES(exec, l) d[(size_t)e * NLANES + l] = v;
        }
        break;
      }
      case OP_WRITELANE: {
        uint64_t *d = W(in->dst);
        const uint64_t *v = R(in->a), *ln = R(in->b), *old = R(in->c);
        uint32_t first = (uint32_t)__builtin_ctz(exec);
        uint32_t t = (uint32_t)ln[first] & 31;
        VLOOP(in->n, d[i] = old[i]);
        for (uint32_t e = 0; e < in->n; e++)
          d[(size_t)e * NLANES + t] = v[(size_t)e * NLANES + first];
        break;
      }
      case OP_BALLOT: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        uint64_t mask = 0;
        FOR_LANES(exec, l) mask |= (a[l] & 1) << l;
        FOR_LANES(exec, l) d[l] = mask;
        break;
      }
      case OP_WMMA: {
        Where c = {m, w, f, in};
        const WmmaOp *op = f->wmma[in->x];
        if (exec != FULL_EXEC) {
          char msg[256];
          snprintf(msg, sizeof msg,
                   "%s executed with EXEC=0x%08x: WMMA needs all 32 lanes active",
                   wmma_instr_get(op->id)->isa_name, exec);
          fault_at(&c, msg);
        }
        WmmaMismatch mm;
        if (emu_wmma_exec(op, R(in->a), R(in->b), R(in->c), W(in->dst), in->n, &mm)) {
          char msg[512];
          snprintf(msg, sizeof msg,
                   "%s: operand %c is not replicated across lane halves (RDNA3 "
                   "needs lanes l and l+16 identical): lane %d holds 0x%x but "
                   "lane %d holds 0x%x (register %d of the operand, element bits "
                   "%d..%d)",
                   wmma_instr_get(op->id)->isa_name, mm.operand, mm.lane_hi,
                   mm.value_hi, mm.lane, mm.value, mm.vgpr, mm.bit_lo, mm.bit_hi);
          fault_at(&c, msg);
        }
        m->stats.wmma[op->id]++;
        m->stats.wmma_total++;
        break;
      }
      case OP_FMA: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b), *cc = R(in->c);
        const int sk = in->sk;
        if (sk == SK_F32)
          VLOOP(in->n, d[i] = from_f32(fmaf(as_f32(a[i]), as_f32(b[i]), as_f32(cc[i]))));
        else if (sk == SK_F64)
          VLOOP(in->n, d[i] = from_f64(fma(as_f64(a[i]), as_f64(b[i]), as_f64(cc[i]))));
        else
          VLOOP(in->n, d[i] = fop1(sk, fma(emu_load_fp(a[i], sk), emu_load_fp(b[i], sk),
                                          emu_load_fp(cc[i], sk))));
        break;
      }
      case OP_FMATH1: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        const int sk = in->sk, sub = in->sub;
        if (sub == FM_FABS) {
          uint64_t sign = 1ull << (in->bits - 1);
          VLOOP(in->n, d[i] = a[i] & ~sign);
        } else if (sk == SK_F32 && sub == FM_SQRT) {
          VLOOP(in->n, d[i] = from_f32(sqrtf(as_f32(a[i]))));
        } else {
          VLOOP(in->n, d[i] = fop1(sk, fmath1(sub, emu_load_fp(a[i], sk))));
        }
        break;
      }
      case OP_FMATH2: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        const int sk = in->sk, sub = in->sub;
        if (sub == FM_POWI)
          VLOOP(in->n, d[i] = fop1(sk, pow(emu_load_fp(a[i], sk), (double)(int32_t)b[i & (NLANES - 1)])));
        else
          VLOOP(in->n, d[i] = fop1(sk, fmath2(sub, emu_load_fp(a[i], sk), emu_load_fp(b[i], sk))));
        break;
      }
      case OP_FMED3: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b), *cc = R(in->c);
        const int sk = in->sk;
        VLOOP(in->n, {
          double x = emu_load_fp(a[i], sk), y = emu_load_fp(b[i], sk), z = emu_load_fp(cc[i], sk);
          double lo = fmath2(FM_MINNUM, x, y), hi = fmath2(FM_MAXNUM, x, y);
          d[i] = fop1(sk, fmath2(FM_MAXNUM, lo, fmath2(FM_MINNUM, hi, z)));
        });
        break;
      }
      case OP_LDEXP: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        const int sk = in->sk;
        VLOOP(in->n, d[i] = fop1(sk, ldexp(emu_load_fp(a[i], sk), (int)(int32_t)b[i])));
        break;
      }
      case OP_FREXP_MANT: case OP_FREXP_EXP: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        const int sk2 = in->sk2;
        VLOOP(in->n, {
          int ex = 0;
          double mnt = frexp(emu_load_fp(a[i], sk2), &ex);
          d[i] = in->op == OP_FREXP_MANT ? fop1(in->sk, mnt) : (uint64_t)(uint32_t)ex & in->mask;
        });
        break;
      }
      case OP_CVT_PKRTZ: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        FOR_LANES(exec, l) {
          d[l] = emu_float_to_f16_rtz(as_f32(a[l]));
          d[NLANES + l] = emu_float_to_f16_rtz(as_f32(b[l]));
        }
        break;
      }
      case OP_IS_FPCLASS: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        const uint32_t test = in->c;
        const int sk2 = in->sk2;
        VLOOP(in->n, d[i] = (test >> fp_class(a[i], sk2)) & 1);
        break;
      }
      case OP_IMATH1: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a);
        const int bits = in->bits;
        const uint64_t mk = in->mask;
        VLOOP(in->n, {
          uint64_t x = a[i] & mk, r = 0;
          switch (in->sub) {
          case IM_ABS: { int64_t s = emu_sext(x, bits); r = (uint64_t)(s < 0 ? -s : s); break; }
          case IM_CTPOP: r = (uint64_t)__builtin_popcountll(x); break;
          case IM_CTLZ: r = x ? (uint64_t)(__builtin_clzll(x) - (64 - bits)) : (uint64_t)bits; break;
          case IM_CTTZ: r = x ? (uint64_t)__builtin_ctzll(x) : (uint64_t)bits; break;
          case IM_BSWAP: r = __builtin_bswap64(x) >> (64 - bits); break;
          default:
            for (int k = 0; k < bits; k++)
              r |= ((x >> k) & 1) << (bits - 1 - k);
          }
          d[i] = r & mk;
        });
        break;
      }
      case OP_IMATH2: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        const int bits = in->bits;
        const uint64_t mk = in->mask;
        const int64_t smax = (int64_t)(mk >> 1), smin = -smax - 1;
        VLOOP(in->n, {
          uint64_t x = a[i], y = b[i], r;
          int64_t sx = emu_sext(x, bits), sy = emu_sext(y, bits);
          switch (in->sub) {
          case IM_UMIN: r = x < y ? x : y; break;
          case IM_UMAX: r = x > y ? x : y; break;
          case IM_SMIN: r = sx < sy ? x : y; break;
          case IM_SMAX: r = sx > sy ? x : y; break;
          case IM_UADD_SAT: r = x + y > mk || x + y < x ? mk : x + y; break;
          case IM_USUB_SAT: r = x > y ? x - y : 0; break;
          case IM_SADD_SAT: {
            __int128 s = (__int128)sx + sy;
            r = (uint64_t)(s > smax ? smax : s < smin ? smin : (int64_t)s);
            break;
          }
          default: {
            __int128 s = (__int128)sx - sy;
            r = (uint64_t)(s > smax ? smax : s < smin ? smin : (int64_t)s);
          }
          }
          d[i] = r & mk;
        });
        break;
      }
      case OP_OVERFLOW: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b);
        const int bits = in->bits2;
        const uint64_t mk = emu_mask(bits);
        const int64_t smax = (int64_t)(mk >> 1), smin = -smax - 1;
        const uint32_t n = in->n / 2;
        VLOOP(n, {
          uint64_t x = a[i], y = b[i];
          __int128 sx = emu_sext(x, bits), sy = emu_sext(y, bits), r;
          unsigned __int128 ur;
          int ov;
          switch (in->sub) {
          case IM_UADD_O: ur = (unsigned __int128)x + y; ov = ur > mk; r = (__int128)ur; break;
          case IM_USUB_O: ov = y > x; r = (__int128)(x - y); break;
          case IM_UMUL_O: ur = (unsigned __int128)x * y; ov = ur > mk; r = (__int128)ur; break;
          case IM_SADD_O: r = sx + sy; ov = r > smax || r < smin; break;
          case IM_SSUB_O: r = sx - sy; ov = r > smax || r < smin; break;
          default: r = sx * sy; ov = r > smax || r < smin; break;
          }
          d[i] = (uint64_t)r & mk;
          d[i + (size_t)n * NLANES] = (uint64_t)ov;
        });
        break;
      }
      case OP_FSHIFT: {
        uint64_t *d = W(in->dst);
        const uint64_t *a = R(in->a), *b = R(in->b), *cc = R(in->c);
        const int bits = in->bits;
        const uint64_t mk = in->mask;
        VLOOP(in->n, {
          unsigned sh = (unsigned)(cc[i] % (uint64_t)bits);
          unsigned __int128 cat = ((unsigned __int128)(a[i] & mk) << bits) | (b[i] & mk);
          d[i] = in->sub == 0 ? (uint64_t)((cat << sh) >> bits) & mk
                              : (uint64_t)(cat >> sh) & mk;
        });
        break;
      }
      case OP_REDUCE: {
        uint64_t *d = W(in->dst);
        const int fp = in->sub >= RD_FADD;
        const uint64_t *v = R(fp && (in->sub == RD_FADD || in->sub == RD_FMUL) ? in->b : in->a);
        const uint64_t *start = R(in->a);
        const uint32_t n = (uint32_t)in->imm;
        const int sk = in->sk, bits = in->bits;
        const uint64_t mk = in->mask;
        FOR_LANES(exec, l) {
          if (fp) {
            double acc;
            uint32_t e0 = 0;
            if (in->sub == RD_FADD || in->sub == RD_FMUL) {
              acc = emu_load_fp(start[l], sk);
            } else {
              acc = emu_load_fp(v[l], sk);
              e0 = 1;
            }
            for (uint32_t e = e0; e < n; e++) {
              double x = emu_load_fp(v[(size_t)e * NLANES + l], sk);
              switch (in->sub) {
              case RD_FADD: acc = emu_load_fp(fop1(sk, acc + x), sk); break;
              case RD_FMUL: acc = emu_load_fp(fop1(sk, acc * x), sk); break;
              case RD_FMIN: acc = fmath2(FM_MINNUM, acc, x); break;
              case RD_FMAX: acc = fmath2(FM_MAXNUM, acc, x); break;
              case RD_FMINIMUM: acc = fmath2(FM_MINIMUM, acc, x); break;
              default: acc = fmath2(FM_MAXIMUM, acc, x); break;
              }
            }
            d[l] = fop1(sk, acc);
          } else {
            uint64_t acc = v[l];
            for (uint32_t e = 1; e < n; e++) {
              uint64_t x = v[(size_t)e * NLANES + l];
              switch (in->sub) {
              case RD_ADD: acc += x; break;
              case RD_MUL: acc *= x; break;
              case RD_AND: acc &= x; break;
              case RD_OR: acc |= x; break;
              case RD_XOR: acc ^= x; break;
              case RD_UMIN: acc = x < acc ? x : acc; break;
              case RD_UMAX: acc = x > acc ? x : acc; break;
              case RD_SMIN: acc = emu_sext(x, bits) < emu_sext(acc, bits) ? x : acc; break;
              default: acc = emu_sext(x, bits) > emu_sext(acc, bits) ? x : acc; break;
              }
              acc &= mk;
            }
            d[l] = acc & mk;
          }
        }
        break;
      }
      case OP_COUNT:
        break;
      }
    }
    /* A block always ends with a terminator; reaching here means the block
     * ran off its end, which the verifier rules out. */
    {
      Where c = {m, w, f, &f->insts[B->end - 1]};
      fault_at(&c, "internal error: block without terminator");
    }
  next_step:;
  }
#undef LEAVE
}

/*===-- launch --------------------------------------------------------------===*/

static void put16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

static uint64_t arg_value(const wmma_emu_arg *a) {
  switch (a->kind) {
  case WMMA_EMU_PARAM_POINTER: return (uint64_t)(a->u.buffer + 1) << GLOBAL_SHIFT;
  case WMMA_EMU_PARAM_I32: return (uint32_t)a->u.i32;
  case WMMA_EMU_PARAM_I16: return (uint16_t)a->u.i32;
  case WMMA_EMU_PARAM_I8: return (uint8_t)a->u.i32;
  case WMMA_EMU_PARAM_I64: return (uint64_t)a->u.i64;
  case WMMA_EMU_PARAM_F32: return from_f32(a->u.f32);
  case WMMA_EMU_PARAM_F64: return from_f64(a->u.f64);
  case WMMA_EMU_PARAM_F16: return a->u.f16_bits;
  default: return 0;
  }
}

/* Builds the kernarg segment (explicit arguments, then the code-object-v5
 * hidden arguments) and the HSA dispatch packet. */
static int build_dispatch(wmma_emu_module *m, const Kernel *k,
                          const wmma_emu_arg *args, const unsigned grid[3],
                          const unsigned block[3]) {
  uint32_t hidden = k->hidden_offset;
  uint32_t total = hidden + 256;
  if (m->kernarg_alloc < 0 || m->allocs[m->kernarg_alloc].size < total) {
    m->kernarg_alloc = emu_alloc(m, total, "kernarg segment", 0);
    if (m->kernarg_alloc < 0)
      return -1;
  }
  if (m->dispatch_alloc < 0) {
    m->dispatch_alloc = emu_alloc(m, 64, "dispatch packet", 0);
    if (m->dispatch_alloc < 0)
      return -1;
  }
  uint8_t *ka = m->allocs[m->kernarg_alloc].data;
  memset(ka, 0, m->allocs[m->kernarg_alloc].size);
  for (uint32_t i = 0; i < k->nparams; i++) {
    const KParam *p = &k->params[i];
    uint64_t v = arg_value(&args[i]);
    memcpy(ka + p->offset, &v, p->size > 8 ? 8 : p->size);
  }
  uint8_t *h = ka + hidden;
  int dims = grid[2] * block[2] > 1 ? 3 : grid[1] * block[1] > 1 ? 2 : 1;
  for (int d = 0; d < 3; d++) {
    put32(h + 4 * d, grid[d]);                 /* hidden_block_count */
    put16(h + 12 + 2 * d, (uint16_t)block[d]); /* hidden_group_size */
    put16(h + 18 + 2 * d, 0);                  /* hidden_remainder */
  }
  put16(h + 64, (uint16_t)dims); /* hidden_grid_dims */
  m->kernarg_addr = (uint64_t)(m->kernarg_alloc + 1) << GLOBAL_SHIFT;
  m->implicit_addr = m->kernarg_addr + hidden;

  uint8_t *dp = m->allocs[m->dispatch_alloc].data;
  memset(dp, 0, 64);
  put16(dp + 0, 2 << 0);          /* header: kernel dispatch packet type */
  put16(dp + 2, (uint16_t)dims);  /* setup: dimensions */
  for (int d = 0; d < 3; d++) {
    put16(dp + 4 + 2 * d, (uint16_t)block[d]);
    put32(dp + 12 + 4 * d, grid[d] * block[d]);
  }
  put32(dp + 24, k->func->stack_bytes);
  put32(dp + 28, m->lds_static);
  put64(dp + 40, m->kernarg_addr);
  m->dispatch_addr = (uint64_t)(m->dispatch_alloc + 1) << GLOBAL_SHIFT;
  return 0;
}

static void release_frames(wmma_emu_module *m, int nwaves) {
  for (int i = 0; i < nwaves; i++) {
    Wave *w = &m->waves[i];
    for (int d = 0; d < w->depth; d++)
      if (w->frames[d].regs) {
        put_regs(w->frames[d].f, w->frames[d].regs);
        w->frames[d].regs = NULL;
      }
    w->depth = 0;
  }
}

static void deadlock(wmma_emu_module *m, int nwaves) __attribute__((noreturn));
static void deadlock(wmma_emu_module *m, int nwaves) {
  char waiting[512] = "", done[512] = "", loc[1024] = "";
  size_t lw = 0, ld = 0;
  for (int i = 0; i < nwaves; i++) {
    Wave *w = &m->waves[i];
    if (w->state == WAVE_BARRIER) {
      if (!loc[0])
        emu_describe_inst(w->barrier_func->srcs[w->barrier_src], loc, sizeof loc);
      if (lw < sizeof waiting - 8)
        lw += (size_t)snprintf(waiting + lw, sizeof waiting - lw, "%s%d", lw ? "," : "", i);
    } else if (ld < sizeof done - 8) {
      ld += (size_t)snprintf(done + ld, sizeof done - ld, "%s%d", ld ? "," : "", i);
    }
  }
  emu_fault(m,
            "barrier deadlock in kernel '%s', workgroup (%u,%u,%u): wave(s) %s "
            "wait at the barrier %s but wave(s) %s finished without reaching it",
            m->cur_kernel->name, m->wg[0], m->wg[1], m->wg[2], waiting, loc, done);
}

int emu_run(wmma_emu_module *m, const Kernel *k, const wmma_emu_arg *args,
            const unsigned grid[3], const unsigned block[3]) {
  Func *f = k->func;
  if (m->lds_static > LDS_LIMIT) {
    emu_set_error(m, "kernel '%s': the module's LDS globals need %u bytes, more "
                  "than the %u bytes of a workgroup", k->name, m->lds_static,
                  LDS_LIMIT);
    return WMMA_EMU_FAULT;
  }
  for (uint32_t i = 0; i < k->nparams; i++) {
    unsigned as = k->params[i].as;
    if (k->params[i].kind == WMMA_EMU_PARAM_POINTER && as != 0 && as != 1 &&
        as != 4) {
      emu_set_error(m, "kernel '%s': pointer parameter %u in address space %u "
                    "is not supported", k->name, i, as);
      return WMMA_EMU_USAGE;
    }
  }
  if (build_dispatch(m, k, args, grid, block))
    return WMMA_EMU_FAULT;
  m->cur_kernel = k;
  m->lds_size = m->lds_static;
  free(m->lds);
  m->lds = calloc(m->lds_size ? m->lds_size : 1, 1);
  uint32_t threads = block[0] * block[1] * block[2];
  int nwaves = (int)((threads + NLANES - 1) / NLANES);
  if (nwaves > m->cap_waves) {
    m->waves = realloc(m->waves, (size_t)nwaves * sizeof *m->waves);
    memset(m->waves + m->cap_waves, 0, (size_t)(nwaves - m->cap_waves) * sizeof *m->waves);
    m->cap_waves = nwaves;
  }
  /* What is the same in every workgroup: the private stacks, the lanes and
   * work-item ids of each wave, the argument values. */
  uint32_t stride = PRIV_BASE + f->stack_bytes;
  for (int i = 0; i < nwaves; i++) {
    Wave *w = &m->waves[i];
    if (w->priv_stride < stride || !w->priv) {
      free(w->priv);
      w->priv = calloc((size_t)NLANES * stride, 1);
      w->priv_stride = stride;
    }
    w->depth = 0;
    w->id = i;
    w->lanes = 0;
    for (uint32_t l = 0; l < NLANES; l++) {
      uint32_t t = (uint32_t)i * NLANES + l;
      if (t < threads)
        w->lanes |= 1u << l;
      w->tid[0][l] = t % block[0];
      w->tid[1][l] = (t / block[0]) % block[1];
      w->tid[2][l] = t / (block[0] * block[1]);
    }
  }
  uint64_t *argvals = malloc((k->nparams + 1) * sizeof *argvals);
  for (uint32_t p = 0; p < k->nparams; p++)
    argvals[p] = arg_value(&args[p]);
  jmp_buf jb;
  m->fault_jmp = &jb;
  if (setjmp(jb)) {
    release_frames(m, nwaves);
    m->fault_jmp = NULL;
    free(argvals);
    return WMMA_EMU_FAULT;
  }
  for (uint32_t gz = 0; gz < grid[2]; gz++)
    for (uint32_t gy = 0; gy < grid[1]; gy++)
      for (uint32_t gx = 0; gx < grid[0]; gx++) {
        m->wg[0] = gx;
        m->wg[1] = gy;
        m->wg[2] = gz;
        if (m->lds_size)
          memset(m->lds, 0, m->lds_size);
        m->stats.workgroups++;
        for (int i = 0; i < nwaves; i++) {
          Wave *w = &m->waves[i];
          Frame *fr = push_frame(w, f, w->lanes, PRIV_BASE, NO_SLOT);
          w->state = WAVE_RUN;
          for (uint32_t p = 0; p < k->nparams; p++) {
            uint64_t *s = fr->regs + (size_t)f->param_slot[p] * NLANES;
            for (int l = 0; l < NLANES; l++)
              s[l] = argvals[p];
          }
          m->stats.waves++;
        }
        for (;;) {
          for (int i = 0; i < nwaves; i++)
            if (m->waves[i].state == WAVE_RUN)
              run_wave(m, &m->waves[i]);
          int ndone = 0;
          for (int i = 0; i < nwaves; i++)
            ndone += m->waves[i].state == WAVE_DONE;
          if (ndone == nwaves)
            break;
          if (ndone)
            deadlock(m, nwaves);
          for (int i = 0; i < nwaves; i++)
            m->waves[i].state = WAVE_RUN;
        }
        release_frames(m, nwaves);
      }
  m->fault_jmp = NULL;
  free(argvals);
  return WMMA_EMU_OK;
}
