/* Handlers of memory instructions: address arithmetic, loads, stores,
 * atomics, allocas, memcpy/memset and buffer resources.  Every access is
 * bounds-checked against its allocation, the workgroup's LDS or the lane's
 * private frame (a fault otherwise), except buffer accesses beyond
 * NUM_RECORDS, which follow the ISA (Memory.c). */
#include "Exec.h"

#include <stdio.h>
#include <string.h>

static const char *as_name(unsigned as) {
  switch (as) {
  case AS_FLAT: return "flat";
  case AS_GLOBAL: return "global";
  case AS_LDS: return "LDS";
  case AS_CONSTANT: return "constant";
  case AS_PRIVATE: return "private";
  case AS_BUFFER_FAT: return "buffer";
  default: return "?";
  }
}

/* The lanes of one instruction that reached LDS or global memory, for the
 * traffic counters. */
typedef struct {
  uint32_t lds_mask, global_mask;
  uint32_t lds_off[NLANES];
  const uint64_t *gaddr; /* global_addr, or the instruction's address slots */
  uint64_t global_addr[NLANES];
} Traffic;

/* kind: L2_READ (loads), L2_WRITE (stores) or both (atomics). */
static void count_traffic(Worker *wk, const Traffic *t, uint64_t bytes, unsigned kind) {
  const int write = (kind & L2_WRITE) != 0;
  uint64_t nl = (uint64_t)__builtin_popcount(t->lds_mask) * bytes;
  uint64_t ng = (uint64_t)__builtin_popcount(t->global_mask) * bytes;
  /* ds_load_b128 / global_load_b128 move at most 16 bytes a lane. */
  const uint64_t instrs = bytes ? (bytes + 15) / 16 : 1;
  if (nl) {
    wk->stats.lds_instructions += instrs;
    *(write ? &wk->stats.lds_bytes_written : &wk->stats.lds_bytes_read) += nl;
    /* An access wider than 16 bytes is several ds_load/ds_store_b128 on
     * the chip (LLVM splits it): each piece meets the banks on its own. */
    if (bytes <= 16) {
      wk->stats.lds_bank_conflicts +=
          lds_bank_conflicts_memo(&wk->banks, t->lds_off, t->lds_mask, (uint32_t)bytes);
    } else {
      uint32_t piece[NLANES];
      for (uint64_t at = 0; at < bytes; at += 16) {
        for (uint32_t l = 0; l < NLANES; l++)
          piece[l] = t->lds_off[l] + (uint32_t)at;
        const uint64_t left = bytes - at;
        wk->stats.lds_bank_conflicts += lds_bank_conflicts_memo(
            &wk->banks, piece, t->lds_mask, (uint32_t)(left < 16 ? left : 16));
      }
    }
  }
  if (ng) {
    wk->stats.global_instructions += instrs;
    *(write ? &wk->stats.global_bytes_stored : &wk->stats.global_bytes_loaded) += ng;
    wk->stats.global_lines += global_lines(t->gaddr, t->global_mask, (uint32_t)bytes);
    *(write ? &wk->stats.global_distinct_bytes_stored
            : &wk->stats.global_distinct_bytes_loaded) +=
        distinct_lane_bytes(t->gaddr, t->global_mask, (uint32_t)bytes, wk->trace, kind);
  }
}

static void oob(const Ctx *c, const Inst *in, unsigned as, unsigned eff,
                uint64_t addr, uint64_t size, int lane, int write,
                const char *detail) __attribute__((noreturn));
static void oob(const Ctx *c, const Inst *in, unsigned as, unsigned eff,
                uint64_t addr, uint64_t size, int lane, int write,
                const char *detail) {
  exec_fault(c, in, "out-of-bounds %s%s %s of %llu bytes at address 0x%llx (lane %d; %s)",
             as_name(eff), as != eff ? " (via flat)" : "", write ? "store" : "load",
             (unsigned long long)size, (unsigned long long)addr, lane, detail);
}

/* Host pointer of [addr, addr+size) in address space as for lane; faults
 * when out of bounds.  t (optional) records the lane for the counters. */
static uint8_t *lane_ptr(const Ctx *c, const Inst *in, unsigned as, uint64_t addr,
                         uint64_t size, uint32_t lane, int write, Traffic *t) {
  Worker *wk = c->wk;
  unsigned eff = as;
  uint64_t off = addr;
  if (as == AS_FLAT) {
    uint64_t ap = addr >> APERTURE_SHIFT;
    eff = ap == APERTURE_LDS ? AS_LDS : ap == APERTURE_PRIV ? AS_PRIVATE : AS_GLOBAL;
  }
  char detail[512];
  if (eff == AS_LDS) {
    off &= 0xffffffffull;
    if (off + size > wk->L->lds_size) {
      snprintf(detail, sizeof detail, "the workgroup has %u bytes of LDS", wk->L->lds_size);
      oob(c, in, as, eff, addr, size, (int)lane, write, detail);
    }
    if (t) {
      t->lds_mask |= 1u << lane;
      t->lds_off[lane] = (uint32_t)off;
    }
    return wk->lds + off;
  }
  if (eff == AS_PRIVATE) {
    Wave *w = c->w;
    off &= 0xffffffffull;
    if (off < PRIV_BASE || off + size > w->priv_top) {
      snprintf(detail, sizeof detail, "the private stack holds offsets %u..%u",
               PRIV_BASE, w->priv_top);
      oob(c, in, as, eff, addr, size, (int)lane, write, detail);
    }
    return w->priv + (size_t)lane * w->priv_stride + off;
  }
  int idx;
  uint8_t *p = mem_resolve_global(wk->L->mem, addr, size, &idx);
  if (!p) {
    mem_describe_global(wk->L->mem, addr, detail, sizeof detail);
    oob(c, in, as, eff, addr, size, (int)lane, write, detail);
  }
  if (t) {
    t->global_mask |= 1u << lane;
    t->global_addr[lane] = addr;
    t->gaddr = t->global_addr;
  }
  return p;
}

int exec_gep(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a);
  const uint64_t off = (uint64_t)in->imm, mk = in->mask;
  VLOOP(1, d[i] = a[i] + off);
  for (uint32_t k = 0; k < in->xn; k++) {
    const uint32_t *x = c->f->extra + in->x + 4 * k;
    const uint64_t *ix = R(x[0]);
    const int ib = (int)x[1];
    const int64_t scale = (int64_t)((uint64_t)x[2] | ((uint64_t)x[3] << 32));
    if (ib == 32)
      VLOOP(1, d[i] += (uint64_t)((int64_t)(int32_t)ix[i] * scale));
    else
      VLOOP(1, d[i] += (uint64_t)(emu_sext(ix[i], ib) * scale));
  }
  if (in->flag) /* buffer fat pointer: the resource id stays, the offset wraps */
    VLOOP(1, d[i] = (a[i] & ~0xffffffffull) | (d[i] & 0xffffffffull));
  else if (mk != ~0ull)
    VLOOP(1, d[i] &= mk);
  return EX_NEXT;
}

/* Element moves between one lane's memory and its slots, with the element
 * size a constant in each loop (so that the copies become plain moves). */
#define COPY_ELEMS(T, ...)                                                     \
  do {                                                                         \
    for (uint32_t e = 0; e < n; e++) {                                         \
      T x_;                                                                    \
      __VA_ARGS__;                                                             \
    }                                                                          \
  } while (0)

static void load_elems(const uint8_t *p, uint64_t *d, uint32_t es, uint32_t n,
                       uint64_t mk) {
  switch (es) {
  case 1: COPY_ELEMS(uint8_t, memcpy(&x_, p + e, 1); d[(size_t)e * NLANES] = x_ & mk); break;
  case 2: COPY_ELEMS(uint16_t, memcpy(&x_, p + 2 * e, 2); d[(size_t)e * NLANES] = x_ & mk); break;
  case 4: COPY_ELEMS(uint32_t, memcpy(&x_, p + 4 * e, 4); d[(size_t)e * NLANES] = x_ & mk); break;
  default: COPY_ELEMS(uint64_t, memcpy(&x_, p + 8 * e, 8); d[(size_t)e * NLANES] = x_ & mk); break;
  }
}

static void store_elems(uint8_t *p, const uint64_t *v, uint32_t es, uint32_t n) {
  switch (es) {
  case 1: COPY_ELEMS(uint8_t, x_ = (uint8_t)v[(size_t)e * NLANES]; memcpy(p + e, &x_, 1)); break;
  case 2: COPY_ELEMS(uint16_t, x_ = (uint16_t)v[(size_t)e * NLANES]; memcpy(p + 2 * e, &x_, 2)); break;
  case 4: COPY_ELEMS(uint32_t, x_ = (uint32_t)v[(size_t)e * NLANES]; memcpy(p + 4 * e, &x_, 4)); break;
  default: COPY_ELEMS(uint64_t, x_ = v[(size_t)e * NLANES]; memcpy(p + 8 * e, &x_, 8)); break;
  }
}

/* Host pointers of every active lane's access (the common address spaces
 * resolved in tight loops; lane_ptr for the rest and for the faults). */
static void resolve_lanes(const Ctx *c, const Inst *in, const uint64_t *a,
                          uint64_t size, int write, uint8_t *ptr[NLANES],
                          Traffic *t) {
  const uint32_t exec = c->exec;
  Worker *wk = c->wk;
  if (in->flag == AS_LDS) {
    const uint64_t lds_size = wk->L->lds_size;
    LANE_LOOP(exec, l, {
      uint64_t off = a[l] & 0xffffffffull;
      if (off + size > lds_size)
        lane_ptr(c, in, AS_LDS, a[l], size, l, write, NULL); /* faults */
      ptr[l] = wk->lds + off;
      t->lds_off[l] = (uint32_t)off;
    });
    t->lds_mask = exec;
    return;
  }
  if (in->flag == AS_GLOBAL || in->flag == AS_CONSTANT) {
    /* Usually every lane is in the first lane's allocation: one compare. */
    const GlobalMem *g = wk->L->mem;
    uint64_t idx = (a[__builtin_ctz(exec)] >> GLOBAL_SHIFT) - 1;
    const Alloc *al = idx < g->nallocs ? &g->allocs[idx] : NULL;
    uint64_t base = mem_alloc_base((int)idx), room = al && al->size >= size ? al->size - size : 0;
    LANE_LOOP(exec, l, {
      uint64_t off = a[l] - base;
      if (al && off <= room && al->size >= size)
        ptr[l] = al->data + off;
      else /* another allocation, or a fault */
        ptr[l] = lane_ptr(c, in, in->flag, a[l], size, l, write, NULL);
    });
    t->gaddr = a;
    t->global_mask = exec;
    return;
  }
  FOR_LANES(exec, l) ptr[l] = lane_ptr(c, in, in->flag, a[l], size, l, write, t);
}

int exec_load(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  const uint64_t *a = R(in->a);
  const uint32_t es = (uint32_t)in->imm, n = in->n;
  Traffic t;
  t.lds_mask = t.global_mask = 0;
  uint8_t *ptr[NLANES];
  resolve_lanes(c, in, a, (uint64_t)es * n, 0, ptr, &t);
  if (n == 1 && es == 2) { /* scalar half loads build many fragments */
    LANE_LOOP(c->exec, l, {
      uint16_t x;
      memcpy(&x, ptr[l], 2);
      d[l] = x & in->mask;
    });
  } else if (n == 1 && es == 4) {
    LANE_LOOP(c->exec, l, {
      uint32_t x;
      memcpy(&x, ptr[l], 4);
      d[l] = x & in->mask;
    });
  } else {
    LANE_LOOP(c->exec, l, load_elems(ptr[l], d + l, es, n, in->mask));
  }
  count_traffic(c->wk, &t, (uint64_t)es * n, L2_READ);
  return EX_NEXT;
}

/* global_load_tr_b128: each lane reads 8 16-bit elements at its address;
 * in each group of 8 lanes the 8 x 8 elements are transposed (lane l gets
 * element l % 8 of every lane of its group, in lane order). */
int exec_load_tr(Ctx *c, const Inst *in) {
  if (c->exec != FULL_EXEC)
    exec_fault(c, in, "global_load_tr_b128 executed with EXEC=0x%08x: the "
                      "transposing load needs all 32 lanes active", c->exec);
  uint64_t *d = W(in->dst);
  const uint64_t *a = R(in->a);
  Traffic t;
  t.lds_mask = t.global_mask = 0;
  uint8_t *ptr[NLANES];
  resolve_lanes(c, in, a, 16, 0, ptr, &t);
  uint16_t rows[NLANES][8];
  for (uint32_t l = 0; l < NLANES; l++)
    memcpy(rows[l], ptr[l], 16);
  for (uint32_t l = 0; l < NLANES; l++)
    for (uint32_t j = 0; j < 8; j++)
      d[(size_t)j * NLANES + l] = rows[8 * (l / 8) + j][l % 8] & in->mask;
  count_traffic(c->wk, &t, 16, L2_READ);
  return EX_NEXT;
}

int exec_store(Ctx *c, const Inst *in) {
  const uint64_t *a = R(in->a), *v = R(in->b);
  const uint32_t es = (uint32_t)in->imm, n = in->n;
  Traffic t;
  t.lds_mask = t.global_mask = 0;
  uint8_t *ptr[NLANES];
  resolve_lanes(c, in, a, (uint64_t)es * n, 1, ptr, &t);
  LANE_LOOP(c->exec, l, store_elems(ptr[l], v + l, es, n));
  count_traffic(c->wk, &t, (uint64_t)es * n, L2_WRITE);
  return EX_NEXT;
}

int exec_alloca(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  uint64_t p = c->fr->sp + (uint64_t)in->imm;
  FOR_LANES(c->exec, l) d[l] = p;
  return EX_NEXT;
}

/* memcpy/memset: counted in bytes (not in global_lines: they are not one
 * hardware instruction). */
static void count_bytes(Worker *wk, unsigned as, uint64_t addr, uint64_t n, int write) {
  unsigned eff = as;
  if (as == AS_FLAT) {
    uint64_t ap = addr >> APERTURE_SHIFT;
    eff = ap == APERTURE_LDS ? AS_LDS : ap == APERTURE_PRIV ? AS_PRIVATE : AS_GLOBAL;
  }
  if (eff == AS_LDS)
    *(write ? &wk->stats.lds_bytes_written : &wk->stats.lds_bytes_read) += n;
  else if (eff != AS_PRIVATE)
    *(write ? &wk->stats.global_bytes_stored : &wk->stats.global_bytes_loaded) += n;
}

/* memcpy (memmove) and memset, lane by lane. */
int exec_memop(Ctx *c, const Inst *in) {
  const uint64_t *a = R(in->a), *b = R(in->b), *len = R(in->c);
  FOR_LANES(c->exec, l) {
    uint64_t n = len[l] & emu_mask(in->bits);
    if (!n)
      continue;
    uint8_t *dp = lane_ptr(c, in, in->flag, a[l], n, l, 1, NULL);
    if (in->op == OP_MEMSET) {
      memset(dp, (int)(b[l] & 0xff), n);
    } else {
      memmove(dp, lane_ptr(c, in, (unsigned)in->imm, b[l], n, l, 0, NULL), n);
      count_bytes(c->wk, (unsigned)in->imm, b[l], n, 0);
    }
    count_bytes(c->wk, in->flag, a[l], n, 1);
  }
  return EX_NEXT;
}

static uint64_t atomic_op(int sub, int sk, int bits, uint64_t old, uint64_t x) {
  switch (sub) {
  case AR_XCHG: return x;
  case AR_ADD: return old + x;
  case AR_SUB: return old - x;
  case AR_AND: return old & x;
  case AR_NAND: return ~(old & x);
  case AR_OR: return old | x;
  case AR_XOR: return old ^ x;
  case AR_MAX: return emu_sext(old, bits) > emu_sext(x, bits) ? old : x;
  case AR_MIN: return emu_sext(old, bits) < emu_sext(x, bits) ? old : x;
  case AR_UMAX: return old > x ? old : x;
  case AR_UMIN: return old < x ? old : x;
  case AR_FADD: return emu_store_fp(emu_load_fp(old, sk) + emu_load_fp(x, sk), sk);
  case AR_FSUB: return emu_store_fp(emu_load_fp(old, sk) - emu_load_fp(x, sk), sk);
  case AR_FMAX:
    return emu_store_fp(emu_fmath2(FM_MAXNUM, emu_load_fp(old, sk), emu_load_fp(x, sk)), sk);
  case AR_FMIN:
    return emu_store_fp(emu_fmath2(FM_MINNUM, emu_load_fp(old, sk), emu_load_fp(x, sk)), sk);
  case AR_UINC_WRAP: return old >= x ? 0 : old + 1;
  default: return (old == 0 || old > x) ? x : old - 1;
  }
}

/* Lanes apply their operation in lane order.  Global memory is shared with
 * the workgroups other threads run: the launch lock makes each instruction
 * atomic (results that depend on workgroup order, like the values an
 * atomicrmw returns, can differ between runs with more than one thread). */
int exec_atomic(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  const uint64_t *a = R(in->a), *v = R(in->b);
  const uint64_t *cmp = in->op == OP_CMPXCHG ? R(in->c) : NULL;
  const uint32_t es = (uint32_t)in->imm;
  const uint64_t mk = in->mask;
  int shared = in->flag != AS_LDS && in->flag != AS_PRIVATE;
  Traffic t = {0, 0, {0}, NULL, {0}};
  uint8_t *ptr[NLANES];
  FOR_LANES(c->exec, l) ptr[l] = lane_ptr(c, in, in->flag, a[l], es, l, 1, &t);
  if (shared) /* after the bounds checks: a fault must not hold the lock */
    pthread_mutex_lock(&c->wk->L->lock);
  FOR_LANES(c->exec, l) {
    uint8_t *p = ptr[l];
    uint64_t old = 0, x = v[l];
    memcpy(&old, p, es);
    if (cmp) {
      int ok = old == cmp[l];
      if (ok)
        memcpy(p, &x, es);
      d[l] = old;
      d[NLANES + l] = (uint64_t)ok;
      continue;
    }
    uint64_t nv = atomic_op(in->sub, in->sk, in->bits, old, x) & mk;
    memcpy(p, &nv, es);
    d[l] = old;
  }
  if (shared)
    pthread_mutex_unlock(&c->wk->L->lock);
  count_traffic(c->wk, &t, es, L2_READ | L2_WRITE);
  return EX_NEXT;
}

/*===-- buffer resources ------------------------------------------------===*/

int exec_make_rsrc(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  const uint64_t *base = R(in->a), *stride = R(in->b), *num = R(in->c), *flags = R(in->d);
  FOR_LANES(c->exec, l) {
    uint64_t addr = base[l];
    if (in->flag == AS_FLAT && (addr >> APERTURE_SHIFT) != 0)
      exec_fault(c, in, "buffer resource over a flat pointer into %s memory "
                 "(lane %u): only global memory is emulated",
                 (addr >> APERTURE_SHIFT) == APERTURE_LDS ? "LDS" : "private", l);
    if (addr >> 48)
      exec_fault(c, in, "base address 0x%llx of a buffer resource does not fit "
                 "its 48 bits (lane %u)", (unsigned long long)addr, l);
    BufRsrc r = {addr, (uint32_t)num[l], (uint32_t)flags[l], (uint16_t)stride[l]};
    uint32_t id = rsrc_intern(&c->wk->rsrc, &r);
    if (!id)
      exec_fault(c, in, "too many distinct buffer resources in one workgroup");
    d[l] = bufptr_make(id, 0);
  }
  return EX_NEXT;
}

/* The resource and buffer offset lane l accesses. */
static const BufRsrc *buf_lane(Ctx *c, const Inst *in, uint32_t l, BufRsrc *tmp,
                               uint64_t *off) {
  const uint64_t *a = R(in->a);
  const BufRsrc *r;
  if (in->sub == BUF_RSRC_V4I32) {
    uint32_t dw[4];
    for (int k = 0; k < 4; k++)
      dw[k] = (uint32_t)a[(size_t)k * NLANES + l];
    *tmp = rsrc_from_dwords(dw);
    r = tmp;
  } else {
    r = rsrc_get(&c->wk->rsrc, bufptr_id(a[l]));
    if (!r)
      exec_fault(c, in, "buffer access through a null or undefined buffer "
                 "resource (lane %u)", l);
  }
  const char *why = rsrc_unsupported(r);
  if (why)
    exec_fault(c, in, "buffer access (lane %u): %s", l, why);
  *off = bufptr_offset(a[l]);
  if (in->sub != BUF_FAT_PTR)
    *off = (uint64_t)(uint32_t)R(in->c)[l] + (uint32_t)R(in->d)[l];
  return r;
}

/* The pieces (in range, at most a dword each) of one buffer instruction's
 * lanes, for the counters. */
typedef struct {
  uint64_t lines[NLANES * (BUF_MAX_BYTES / 4) * 2];
  uint32_t nlines, n;
  uint64_t lo[NLANES * (BUF_MAX_BYTES / 4)];
  uint32_t len[NLANES * (BUF_MAX_BYTES / 4)];
} BufPieces;

/* Moves one lane's bytes between its buffer and buf, a dword at a time:
 * out-of-range pieces read as 0 and are not written (Memory.c). */
static void buf_lane_access(Ctx *c, const Inst *in, uint32_t l, uint8_t *buf,
                            uint32_t total, int write, BufPieces *ps) {
  BufRsrc tmp;
  uint64_t off;
  const BufRsrc *r = buf_lane(c, in, l, &tmp, &off);
  for (uint32_t p = 0; p < total; p += 4) {
    uint32_t piece = total - p < 4 ? total - p : 4;
    if (!rsrc_in_range(r, off + p, piece)) {
      if (!write)
        memset(buf + p, 0, piece);
      continue;
    }
    uint64_t addr = r->base + off + p;
    int idx;
    uint8_t *h = mem_resolve_global(c->wk->L->mem, addr, piece, &idx);
    if (!h) {
      char detail[512];
      mem_describe_global(c->wk->L->mem, addr, detail, sizeof detail);
      exec_fault(c, in, "buffer %s of %u bytes at buffer offset %llu (NUM_RECORDS "
                 "%u, so in range) lies outside the memory behind the resource "
                 "(lane %u; %s)", write ? "store" : "load", piece,
                 (unsigned long long)(off + p), r->num_records, l, detail);
    }
    if (write)
      memcpy(h, buf + p, piece);
    else
      memcpy(buf + p, h, piece);
    *(write ? &c->wk->stats.global_bytes_stored : &c->wk->stats.global_bytes_loaded) += piece;
    ps->lines[ps->nlines++] = addr >> LINE_SHIFT;
    if (((addr + piece - 1) >> LINE_SHIFT) != (addr >> LINE_SHIFT))
      ps->lines[ps->nlines++] = (addr + piece - 1) >> LINE_SHIFT;
    ps->lo[ps->n] = addr;
    ps->len[ps->n++] = piece;
  }
}

/* The counters of one buffer instruction from its pieces. */
static void count_buffer(Ctx *c, BufPieces *ps, uint32_t total, int write) {
  Worker *wk = c->wk;
  wk->stats.global_lines += distinct_lines(ps->lines, ps->nlines);
  wk->stats.global_instructions += ps->nlines ? (total + 15) / 16 : 0;
  *(write ? &wk->stats.global_distinct_bytes_stored
          : &wk->stats.global_distinct_bytes_loaded) +=
      distinct_pieces(ps->lo, ps->len, ps->n, wk->trace, write ? L2_WRITE : L2_READ);
}

/* Decode.c bounds buffer accesses to BUF_MAX_BYTES per lane. */
int exec_buf_load(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  const uint32_t es = (uint32_t)in->imm, n = in->n, total = es * n;
  BufPieces ps;
  ps.nlines = ps.n = 0;
  FOR_LANES(c->exec, l) {
    uint8_t buf[BUF_MAX_BYTES];
    buf_lane_access(c, in, l, buf, total, 0, &ps);
    for (uint32_t e = 0; e < n; e++) {
      uint64_t v = 0;
      memcpy(&v, buf + (size_t)e * es, es);
      d[(size_t)e * NLANES + l] = v & in->mask;
    }
  }
  count_buffer(c, &ps, total, 0);
  return EX_NEXT;
}

int exec_buf_store(Ctx *c, const Inst *in) {
  const uint64_t *v = R(in->b);
  const uint32_t es = (uint32_t)in->imm, n = in->n, total = es * n;
  BufPieces ps;
  ps.nlines = ps.n = 0;
  FOR_LANES(c->exec, l) {
    uint8_t buf[BUF_MAX_BYTES];
    for (uint32_t e = 0; e < n; e++) {
      uint64_t x = v[(size_t)e * NLANES + l];
      memcpy(buf + (size_t)e * es, &x, es);
    }
    buf_lane_access(c, in, l, buf, total, 1, &ps);
  }
  count_buffer(c, &ps, total, 1);
  return EX_NEXT;
}
