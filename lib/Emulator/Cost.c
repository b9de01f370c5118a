/* The issue cost of decoded instructions, for the counters the
 * speed-of-light model reads (wmma_emu_stats.valu_instructions).
 *
 * The emulator runs LLVM IR, not the ISA, so this is a lower bound in
 * wave32 VALU instructions: an arithmetic instruction on n elements of b
 * bits needs ceil(n * b / 32) of them (packed 16-bit math does two
 * elements at once), a compare one per element, a cross-lane move (DPP,
 * permlane, readlane) one per element.  Free in the ISA, or not VALU:
 * phis, bitcasts, shuffles and constant-index element moves (register
 * naming), address arithmetic (GEPs, folded into offsets where it can be),
 * memory (LDS and global counters), WMMA (its own pipe), control flow and
 * work-item queries (SALU or preloaded registers), ds_bpermute and
 * ds_swizzle (the LDS crossbar).  LLVM decides which uniform arithmetic
 * runs on the SALU; the IR cannot tell, so all of it counts here. */
#include "Program.h"

static uint16_t per_bits(const Inst *in, unsigned bits) {
  uint64_t n = in->n ? in->n : 1;
  uint64_t w = (n * (bits ? bits : 32) + 31) / 32;
  return (uint16_t)(w > 0xffff ? 0xffff : w ? w : 1);
}

static uint16_t per_element(const Inst *in) {
  uint64_t n = in->n ? in->n : 1;
  return (uint16_t)(n > 0xffff ? 0xffff : n);
}

uint16_t emu_valu_weight(const Inst *in) {
  switch ((OpCode)in->op) {
  case OP_IBIN:
  case OP_IBIN32_ADD:
  case OP_IBIN32_MUL:
  case OP_FBIN:
  case OP_FNEG:
  case OP_SELECT:
  case OP_FMATH1:
  case OP_FMATH2:
  case OP_FMA:
  case OP_IMATH1:
  case OP_IMATH2:
  case OP_FSHIFT:
  case OP_PERM:
  case OP_OVERFLOW:
  case OP_CVT_PKRTZ:
  case OP_FMED3:
  case OP_LDEXP:
  case OP_FREXP_MANT:
  case OP_FREXP_EXP:
  case OP_IS_FPCLASS:
  case OP_REDUCE:
    return per_bits(in, in->bits);
  case OP_CAST: /* the wider side: f16 -> f32 one per element */
    return per_bits(in, in->bits > in->bits2 ? in->bits : in->bits2);
  case OP_ICMP:
  case OP_FCMP:
  case OP_EXTRACT_DYN:
  case OP_INSERT_DYN:
  case OP_MBCNT_LO:
  case OP_MBCNT_HI:
  case OP_PERMLANEX16:
  case OP_PERMLANE16:
  case OP_DPP:
  case OP_DPP8:
  case OP_READFIRSTLANE:
  case OP_READLANE:
  case OP_WRITELANE:
  case OP_BALLOT:
    return per_element(in);
  default:
    return 0;
  }
}

void emu_weigh_func(Func *f) {
  for (uint32_t i = 0; i < f->ninst; i++)
    f->insts[i].valu = emu_valu_weight(&f->insts[i]);
  for (uint32_t b = 0; b < f->nblocks; b++) {
    Block *B = &f->blocks[b];
    B->valu = 0;
    for (uint32_t i = B->first; i < B->end; i++)
      B->valu += f->insts[i].valu;
  }
}
