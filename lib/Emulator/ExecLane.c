/* Handlers of work-item queries and cross-lane instructions (permutes,
 * DPP, swizzles, lane reads and writes, ballots) and of WMMA. */
#include "Exec.h"

#include <stdio.h>

int exec_workitem_id(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  FOR_LANES(c->exec, l) d[l] = c->w->tid[in->sub][l];
  return EX_NEXT;
}

int exec_workgroup_id(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  FOR_LANES(c->exec, l) d[l] = c->wk->wg[in->sub];
  return EX_NEXT;
}

int exec_special_ptr(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  const Launch *L = c->wk->L;
  uint64_t p = in->sub == SP_IMPLICITARG ? L->implicit_addr
               : in->sub == SP_DISPATCH ? L->dispatch_addr
                                        : L->kernarg_addr;
  FOR_LANES(c->exec, l) d[l] = p;
  return EX_NEXT;
}

int exec_mbcnt_lo(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  FOR_LANES(c->exec, l)
    d[l] = (uint32_t)(b[l] + (uint64_t)__builtin_popcount((uint32_t)a[l] & ((1u << l) - 1)));
  return EX_NEXT;
}

int exec_mbcnt_hi(Ctx *c, const Inst *in) {
  /* wave32: no lane is above 31, so the high half counts nothing. */
  uint64_t *d = W(in->dst);
  const uint64_t *b = R(in->b);
  FOR_LANES(c->exec, l) d[l] = (uint32_t)b[l];
  return EX_NEXT;
}

int exec_bpermute(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  c->wk->stats.ds_bpermute++;
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
  return EX_NEXT;
}

int exec_permlane(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *d = W(in->dst);
  const uint64_t *old = R(in->a), *src = R(in->b), *slo = R(in->c), *shi = R(in->d);
  const uint32_t first = (uint32_t)__builtin_ctz(exec);
  const uint64_t sel = ((uint64_t)(uint32_t)shi[first] << 32) | (uint32_t)slo[first];
  const int fi = in->flag & 1, bc = (in->flag >> 1) & 1;
  c->wk->stats.permlanex16 += in->op == OP_PERMLANEX16;
  for (uint32_t e = 0; e < in->n; e++)
    FOR_LANES(exec, l) {
      uint32_t nib = (uint32_t)(sel >> (4 * (l & 15))) & 15;
      uint32_t s = (in->op == OP_PERMLANEX16 ? (l & 16) ^ 16 : (l & 16)) + nib;
      size_t i = (size_t)e * NLANES;
      d[i + l] = (fi || ((exec >> s) & 1)) ? src[i + s] : (bc ? 0 : old[i + l]);
    }
  return EX_NEXT;
}

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

int exec_dpp(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *d = W(in->dst);
  const uint64_t *old = R(in->a), *src = R(in->b);
  const int ctrl = (int)in->imm, rm = (int)in->c, bm = (int)in->d, bc = in->flag;
  c->wk->stats.dpp++;
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
  return EX_NEXT;
}

int exec_dpp8(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *d = W(in->dst);
  const uint64_t *src = R(in->a), *selv = R(in->b);
  uint32_t sel = (uint32_t)selv[__builtin_ctz(exec)];
  c->wk->stats.dpp++;
  for (uint32_t e = 0; e < in->n; e++)
    FOR_LANES(exec, l) {
      size_t i = (size_t)e * NLANES;
      uint32_t s = (l & ~7u) | ((sel >> (3 * (l & 7))) & 7);
      d[i + l] = (exec >> s) & 1 ? src[i + s] : 0;
    }
  return EX_NEXT;
}

int exec_swizzle(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *d = W(in->dst);
  const uint64_t *src = R(in->a);
  const uint32_t off = (uint32_t)in->imm;
  c->wk->stats.ds_swizzle++;
  FOR_LANES(exec, l) {
    uint32_t s;
    if (off & 0x8000)
      s = (l & ~3u) | ((off >> (2 * (l & 3))) & 3);
    else
      s = (((l & (off & 31)) | ((off >> 5) & 31)) ^ ((off >> 10) & 31)) & 31;
    d[l] = (exec >> s) & 1 ? src[s] : 0;
  }
  return EX_NEXT;
}

int exec_readlane(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *d = W(in->dst);
  const uint64_t *a = R(in->a);
  uint32_t first = (uint32_t)__builtin_ctz(exec);
  uint32_t s = in->op == OP_READLANE ? (uint32_t)R(in->b)[first] & 31 : first;
  for (uint32_t e = 0; e < in->n; e++) {
    uint64_t v = a[(size_t)e * NLANES + s];
    FOR_LANES(exec, l) d[(size_t)e * NLANES + l] = v;
  }
  return EX_NEXT;
}

int exec_writelane(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *d = W(in->dst);
  const uint64_t *v = R(in->a), *ln = R(in->b), *old = R(in->c);
  uint32_t first = (uint32_t)__builtin_ctz(exec);
  uint32_t t = (uint32_t)ln[first] & 31;
  VLOOP(in->n, d[i] = old[i]);
  for (uint32_t e = 0; e < in->n; e++)
    d[(size_t)e * NLANES + t] = v[(size_t)e * NLANES + first];
  return EX_NEXT;
}

int exec_ballot(Ctx *c, const Inst *in) {
  uint64_t *d = W(in->dst);
  const uint64_t *a = R(in->a);
  uint64_t mask = 0;
  FOR_LANES(c->exec, l) mask |= (a[l] & 1) << l;
  FOR_LANES(c->exec, l) d[l] = mask;
  return EX_NEXT;
}

int exec_wmma(Ctx *c, const Inst *in) {
  const WmmaOp *op = c->f->wmma[in->x];
  const char *isa = wmma_instr_get(op->id)->isa_name;
  if (c->exec != FULL_EXEC)
    exec_fault(c, in, "%s executed with EXEC=0x%08x: WMMA needs all 32 lanes active",
               isa, c->exec);
  WmmaMismatch mm;
  if (emu_wmma_exec(op, R(in->a), R(in->b), R(in->c), W(in->dst), in->n, &mm))
    exec_fault(c, in,
               "%s: operand %c is not replicated across lane halves (RDNA3 "
               "reads lanes l and l+16 as copies): lane %d holds 0x%x but "
               "lane %d holds 0x%x (register %d of the operand, element bits "
               "%d..%d), and the two readings the ISA allows differ: D[%d][%d] "
               "is 0x%x from the low-half copies but 0x%x from its own lane "
               "half's copies (a consistent permutation of K in both halves of "
               "A and B, as rocWMMA's, is accepted)",
               isa, mm.operand, mm.lane_hi, mm.value_hi, mm.lane, mm.value, mm.vgpr,
               mm.bit_lo, mm.bit_hi, mm.m, mm.n, mm.d_low, mm.d_own);
  c->wk->stats.wmma[op->id]++;
  c->wk->stats.wmma_total++;
  return EX_NEXT;
}

int exec_swmmac(Ctx *c, const Inst *in) {
  const SwmmacOp *op = c->f->swmmac[in->x];
  const char *isa = wmma_sparse_get(op->id)->isa_name;
  if (c->exec != FULL_EXEC)
    exec_fault(c, in, "%s executed with EXEC=0x%08x: WMMA needs all 32 lanes active",
               isa, c->exec);
  SwmmacBadIndex bad;
  if (emu_swmmac_exec(op, R(in->a), R(in->b), R(in->c), R(in->d), W(in->dst),
                      &bad))
    exec_fault(c, in,
               "%s: the index operand names position %d twice in row %d, "
               "group %d (K %d..%d; lane %d, bits %d..%d and %d..%d): the "
               "hardware's meaning of a repeated position is not documented "
               "(2:4 sparsity: two different positions per group of four)",
               isa, bad.position, bad.m, bad.group, 4 * bad.group,
               4 * bad.group + 3, bad.lane, bad.bit, bad.bit + 1, bad.bit + 2,
               bad.bit + 3);
  /* In the sparse table, and with the dense WMMAs in wmma_total. */
  c->wk->stats.swmmac[op->id]++;
  c->wk->stats.wmma_total++;
  return EX_NEXT;
}
