/* Decoding of intrinsic calls: WMMA (operand types checked against the
 * layout engine's register counts), work-item queries, cross-lane
 * operations, math, and the pass-through and no-op intrinsics.  Memory
 * intrinsics are in DecodeMem.c. */
#include "Alloc.h"
#include "Decode.h"

#include <stdlib.h>
#include <string.h>

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
  int vgprs = wmma_matrix_vgprs(d->p->arch, id, mat);
  wmma_elem me = wmma_matrix_elem(id, mat);
  int fp_ok;
  switch (me) {
  case WMMA_ELEM_F16: fp_ok = t.sk == SK_F16 || (t.sk == SK_INT && t.bits == 16); break;
  case WMMA_ELEM_BF16: fp_ok = t.sk == SK_BF16 || (t.sk == SK_INT && t.bits == 16); break;
  case WMMA_ELEM_F32: fp_ok = t.sk == SK_F32; break;
  default: fp_ok = t.sk == SK_INT && t.bits == 32; break;
  }
  if (!fp_ok || (int)(t.n * t.bits) != vgprs * 32) {
    char *s = LLVMPrintTypeToString(LLVMTypeOf(v));
    dec_error(d, "%s: operand %s has type %s, expected %d bits of %s for %s",
              wmma_instr_get(id)->isa_name, what, s, vgprs * 32,
              wmma_elem_name(me), wmma_arch_name(d->p->arch));
    LLVMDisposeMessage(s);
    return -1;
  }
  *ew = t.bits;
  return 0;
}

static int decode_wmma(Dec *d, LLVMValueRef inst, wmma_instr id, Inst *in) {
  const wmma_instr_info *info = wmma_instr_get(id);
  if (!wmma_instr_available(id, d->p->arch))
    return dec_error(d, "%s is not available on %s", info->isa_name,
                     wmma_arch_name(d->p->arch));
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
  if (opsel && !wmma_arch_acc16_opsel_halves(d->p->arch))
    return dec_error(d, "%s: OPSEL is only meaningful on rdna3", info->isa_name);
  int ewa, ewb, ewc, ewd;
  if (wmma_operand(d, LLVMGetOperand(inst, ia), id, WMMA_MATRIX_A, "A", &ewa) ||
      wmma_operand(d, LLVMGetOperand(inst, ib), id, WMMA_MATRIX_B, "B", &ewb) ||
      wmma_operand(d, LLVMGetOperand(inst, ic), id, WMMA_MATRIX_C, "C", &ewc) ||
      wmma_operand(d, inst, id, WMMA_MATRIX_D, "D", &ewd))
    return -1;
  Func *f = d->f;
  /* Grown first: a failure then leaks no prepared op. */
  f->wmma = emu_xrealloc(f->wmma, (size_t)f->nwmma + 1, sizeof *f->wmma);
  WmmaOp *w = emu_wmma_prepare(id, d->p->arch, (int)opsel, sa & 1, sb & 1,
                               clamp & 1, ewa, ewb, ewc);
  if (!w)
    return dec_error(d, "cannot map the registers of %s", info->isa_name);
  in->x = f->nwmma;
  f->wmma[f->nwmma++] = w;
  in->op = OP_WMMA;
  OPND(in->a, LLVMGetOperand(inst, ia));
  OPND(in->b, LLVMGetOperand(inst, ib));
  OPND(in->c, LLVMGetOperand(inst, ic));
  return 0;
}

/* The sparse instruction of an llvm.amdgcn.swmmac.* name (the table's
 * intrinsic name, then nothing or overload suffixes). */
static int swmmac_match(const char *name, wmma_sparse_instr *id) {
  for (int i = 0; i < WMMA_SPARSE_COUNT; i++) {
    const char *intr = wmma_sparse_get((wmma_sparse_instr)i)->intrinsic;
    size_t n = strlen(intr);
    if (strncmp(name, intr, n) == 0 &&
        (name[n] == 0 ||
         (name[n] == '.' && (name[n + 1] == 'v' || name[n + 1] == 'i')))) {
      *id = (wmma_sparse_instr)i;
      return 1;
    }
  }
  return 0;
}

/* Element width of a swmmac operand, checking its kind and total size
 * (the index: i16 or i32 as the instruction reads). */
static int swmmac_operand(Dec *d, LLVMValueRef v, wmma_sparse_instr id,
                          wmma_sparse_operand op, int *ew) {
  const wmma_sparse_info *info = wmma_sparse_get(id);
  VType t;
  if (need_type(d, LLVMTypeOf(v), &t))
    return -1;
  wmma_elem e = op == WMMA_SPARSE_A   ? info->a
                : op == WMMA_SPARSE_B ? info->b
                                      : info->c;
  int bits = op == WMMA_SPARSE_INDEX ? info->index_bits
                                     : wmma_sparse_vgprs(id, op) * 32;
  int ok;
  if (op == WMMA_SPARSE_INDEX)
    ok = t.sk == SK_INT && t.n == 1;
  else if (e == WMMA_ELEM_F16)
    ok = t.sk == SK_F16 || (t.sk == SK_INT && t.bits == 16);
  else if (e == WMMA_ELEM_BF16)
    ok = t.sk == SK_BF16 || (t.sk == SK_INT && t.bits == 16);
  else if (e == WMMA_ELEM_F32)
    ok = t.sk == SK_F32;
  else
    ok = t.sk == SK_INT && t.bits == 32;
  if (!ok || (int)(t.n * t.bits) != bits) {
    char *s = LLVMPrintTypeToString(LLVMTypeOf(v));
    dec_error(d, "%s: operand %s has type %s, expected %d bits of %s",
              info->isa_name, wmma_sparse_operand_name(op), s, bits,
              op == WMMA_SPARSE_INDEX ? "index" : wmma_elem_name(e));
    LLVMDisposeMessage(s);
    return -1;
  }
  *ew = t.bits;
  return 0;
}

static int decode_swmmac(Dec *d, LLVMValueRef inst, wmma_sparse_instr id,
                         Inst *in) {
  const wmma_sparse_info *info = wmma_sparse_get(id);
  if (!wmma_sparse_available(id, d->p->arch))
    return dec_error(d, "%s is not available on %s (sparse WMMA is RDNA4-only)",
                     info->isa_name, wmma_arch_name(d->p->arch));
  unsigned ia = 0, ib = 1, ic = 2, ix = 3;
  int64_t sa = 0, sb = 0, clamp = 0;
  if (info->is_integer) {
    ia = 1, ib = 3, ic = 4, ix = 5;
    if (LLVMGetNumArgOperands(inst) != 7 || const_int_arg(d, inst, 0, &sa) ||
        const_int_arg(d, inst, 2, &sb) || const_int_arg(d, inst, 6, &clamp))
      return dec_error(d, "malformed %s call", info->isa_name);
  } else if (LLVMGetNumArgOperands(inst) != 4) {
    return dec_error(d, "malformed %s call", info->isa_name);
  }
  int ewa, ewb, ewc, ewd, ewx;
  if (swmmac_operand(d, LLVMGetOperand(inst, ia), id, WMMA_SPARSE_A, &ewa) ||
      swmmac_operand(d, LLVMGetOperand(inst, ib), id, WMMA_SPARSE_B, &ewb) ||
      swmmac_operand(d, LLVMGetOperand(inst, ic), id, WMMA_SPARSE_C, &ewc) ||
      swmmac_operand(d, inst, id, WMMA_SPARSE_D, &ewd) ||
      swmmac_operand(d, LLVMGetOperand(inst, ix), id, WMMA_SPARSE_INDEX, &ewx))
    return -1;
  Func *f = d->f;
  /* Grown first: a failure then leaks no prepared op. */
  f->swmmac = emu_xrealloc(f->swmmac, (size_t)f->nswmmac + 1, sizeof *f->swmmac);
  SwmmacOp *w = emu_swmmac_prepare(id, sa & 1, sb & 1, clamp & 1, ewa, ewb,
                                   ewc, ewx);
  if (!w)
    return dec_error(d, "cannot map the registers of %s", info->isa_name);
  in->x = f->nswmmac;
  f->swmmac[f->nswmmac++] = w;
  in->op = OP_SWMMAC;
  OPND(in->a, LLVMGetOperand(inst, ia));
  OPND(in->b, LLVMGetOperand(inst, ib));
  OPND(in->c, LLVMGetOperand(inst, ic));
  OPND(in->d, LLVMGetOperand(inst, ix));
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
    {"llvm.amdgcn.perm", OP_PERM, 0},
    {"llvm.fshl", OP_FSHIFT, 0}, {"llvm.fshr", OP_FSHIFT, 1},
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

/* Operands an intrinsic of this kind reads (PERMLANE/DPP check theirs). */
static unsigned intr_arity(int op, int sub) {
  switch (op) {
  case OP_NOP: case OP_BARRIER: case OP_WORKITEM_ID: case OP_WORKGROUP_ID:
  case OP_SPECIAL_PTR:
    return 0;
  case OP_MBCNT_LO: case OP_MBCNT_HI: case OP_BPERMUTE: case OP_READLANE:
  case OP_FMATH2: case OP_IMATH2: case OP_LDEXP: case OP_CVT_PKRTZ:
  case OP_OVERFLOW: case OP_DPP8: case OP_IS_FPCLASS: case OP_SWIZZLE:
    return 2;
  case OP_REDUCE:
    return sub == RD_FADD || sub == RD_FMUL ? 2 : 1;
  case OP_WRITELANE: case OP_FMA: case OP_FSHIFT: case OP_FMED3:
  case OP_PERM:
    return 3;
  default:
    return 1;
  }
}

int is_type_suffix(const char *s) {
  if (strncmp(s, "bf16", 4) == 0)
    return s[4] == 0 || s[4] == '.';
  if (*s != 'i' && *s != 'f' && *s != 'v' && *s != 'p')
    return 0;
  return s[1] >= '0' && s[1] <= '9';
}

int decode_intrinsic(Dec *d, LLVMValueRef inst, const char *name,
                            Inst *in, const VType *rt) {
  int mem = decode_mem_intrinsic(d, inst, name, in, rt);
  if (mem <= 0)
    return mem;
  wmma_instr wid;
  if (strncmp(name, "llvm.amdgcn.wmma.", 17) == 0) {
    if (!wmma_match(name, &wid))
      return dec_error(d, "unsupported intrinsic '%s'", name);
    return decode_wmma(d, inst, wid, in);
  }
  wmma_sparse_instr sid;
  if (strncmp(name, "llvm.amdgcn.swmmac.", 19) == 0) {
    if (!swmmac_match(name, &sid))
      return dec_error(d, "unsupported intrinsic '%s'", name);
    return decode_swmmac(d, inst, sid, in);
  }
  const IntrEntry *e = NULL;
  size_t best = 0;
  /* Longest matching base name wins (llvm.exp vs llvm.exp2). */
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
  /* The verifier checks known intrinsics' signatures; names it does not
   * know are checked here before any operand is read. */
  if (nargs < intr_arity(e->op, e->sub) ||
      ((e->op != OP_NOP && e->op != OP_BARRIER) && in->dst == NO_SLOT))
    return dec_error(d, "malformed call to '%s'", name);
  in->op = e->op;
  in->sub = e->sub;
  if (nargs >= 1 && e->op != OP_NOP && e->op != OP_BARRIER) {
    VType t0;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &t0))
      return -1;
    in->sk2 = t0.sk;
    in->bits2 = t0.bits;
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
    if (e->op == OP_READLANE)
      d->f->reads_inactive = 1;
    OPND(in->b, LLVMGetOperand(inst, 1));
    return 0;
  case OP_WRITELANE:
    OPND(in->b, LLVMGetOperand(inst, 1));
    OPND(in->c, LLVMGetOperand(inst, 2));
    return 0;
  case OP_FMA: case OP_FSHIFT: case OP_FMED3: case OP_PERM:
    if (e->op == OP_PERM && (rt->bits != 32 || rt->n > 1 || in->bits2 != 32))
      return dec_error(d, "malformed call to '%s' (i32 operands)", name);
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
    if (fi & 1)
      d->f->reads_inactive = 1;
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
  default:
    return dec_error(d, "unsupported intrinsic '%s'", name);
  }
}
