/* Decoding of data movement between slots: vector elements (extract/
 * insertelement, shufflevector), aggregate members (extract/insertvalue),
 * and the gate for integers wider than 64 bits.  Those are held as limbs
 * (Scalar.h): one LLVM element is emu_limbs() consecutive slots, so every
 * element index and mask here is scaled by it. */
#include "Decode.h"

#include <string.h>

/*===-- wide integers ---------------------------------------------------===*/

/* Width of the widest integer wider than 64 bits in t (0: none). */
static unsigned wide_width(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    return w > 64 ? w : 0;
  }
  case LLVMVectorTypeKind: case LLVMScalableVectorTypeKind: case LLVMArrayTypeKind:
    return wide_width(LLVMGetElementType(t));
  case LLVMStructTypeKind: {
    unsigned w = 0;
    for (unsigned i = 0, n = LLVMCountStructElementTypes(t); i < n; i++) {
      unsigned e = wide_width(LLVMStructGetTypeAtIndex(t, i));
      w = e > w ? e : w;
    }
    return w;
  }
  default: return 0;
  }
}

static const char *op_what(LLVMOpcode op) {
  switch (op) {
  case LLVMAdd: return "arithmetic (add)";
  case LLVMSub: return "arithmetic (sub)";
  case LLVMMul: return "arithmetic (mul)";
  case LLVMUDiv: return "arithmetic (udiv)";
  case LLVMSDiv: return "arithmetic (sdiv)";
  case LLVMURem: return "arithmetic (urem)";
  case LLVMSRem: return "arithmetic (srem)";
  case LLVMShl: return "shift (shl)";
  case LLVMLShr: return "shift (lshr)";
  case LLVMAShr: return "shift (ashr)";
  case LLVMAnd: return "bitwise and";
  case LLVMOr: return "bitwise or";
  case LLVMXor: return "bitwise xor";
  case LLVMICmp: return "comparison (icmp)";
  case LLVMTrunc: return "cast (trunc)";
  case LLVMZExt: return "cast (zext)";
  case LLVMSExt: return "cast (sext)";
  case LLVMUIToFP: return "cast (uitofp)";
  case LLVMSIToFP: return "cast (sitofp)";
  case LLVMFPToUI: return "cast (fptoui)";
  case LLVMFPToSI: return "cast (fptosi)";
  case LLVMPtrToInt: case LLVMPtrToAddr: return "cast (ptrtoint)";
  case LLVMIntToPtr: return "cast (inttoptr)";
  case LLVMGetElementPtr: return "getelementptr";
  case LLVMAtomicRMW: return "atomicrmw";
  case LLVMAtomicCmpXchg: return "cmpxchg";
  case LLVMSwitch: return "switch";
  case LLVMAlloca: return "alloca";
  default: return "this instruction";
  }
}

int decode_wide_check(Dec *d, LLVMValueRef inst, LLVMOpcode op) {
  unsigned w = wide_width(LLVMTypeOf(inst));
  unsigned nops = (unsigned)LLVMGetNumOperands(inst);
  if (op == LLVMCall)
    nops = LLVMGetNumArgOperands(inst); /* not the callee */
  for (unsigned i = 0; i < nops; i++) {
    unsigned e = wide_width(LLVMTypeOf(LLVMGetOperand(inst, i)));
    w = e > w ? e : w;
  }
  if (!w)
    return 0;
  switch (op) {
  /* Moves of whole slots: the limbs travel like any other elements.
   * Element indices and masks are checked by their decoders. */
  case LLVMBitCast: case LLVMExtractElement: case LLVMInsertElement:
  case LLVMShuffleVector: case LLVMFreeze: case LLVMExtractValue:
  case LLVMInsertValue: case LLVMRet:
    return 0;
  case LLVMLoad: case LLVMStore:
    /* A plain copy of N/8 bytes is not one atomic access. */
    if (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic)
      return dec_error(d, "atomic %s of i%u is not supported", op == LLVMLoad ? "load" : "store", w);
    return 0;
  case LLVMSelect: {
    LLVMTypeRef ct = LLVMTypeOf(LLVMGetOperand(inst, 0));
    /* One condition slot per element would have to cover its limbs. */
    if (LLVMGetTypeKind(ct) == LLVMVectorTypeKind && LLVMGetVectorSize(ct) > 1)
      return dec_error(d, "select with a vector condition on i%u is not supported", w);
    return 0;
  }
  case LLVMCall: {
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    size_t len = 0;
    const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
    if (len > 5 && strncmp(name, "llvm.", 5) == 0)
      return dec_error(d, "intrinsic '%.*s' on i%u is not supported: integers "
                          "wider than 64 bits only move data", (int)len, name, w);
    return 0; /* arguments and results are copied slot by slot */
  }
  default:
    return dec_error(d, "%s on i%u is not supported: integers wider than 64 "
                        "bits only move data", op_what(op), w);
  }
}

/*===-- vectors ---------------------------------------------------------===*/

int decode_element(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in) {
  Func *f = d->f;
  int ins = op == LLVMInsertElement;
  LLVMValueRef vec = LLVMGetOperand(inst, 0);
  LLVMValueRef idx = LLVMGetOperand(inst, ins ? 2 : 1);
  VType vt;
  if (need_type(d, LLVMTypeOf(vec), &vt))
    return -1;
  if (wide_width(LLVMTypeOf(idx)))
    return dec_error(d, "an element index wider than 64 bits is not supported");
  const uint32_t L = emu_limbs(&vt), ne = vt.n / L;
  uint32_t sv, se = NO_SLOT;
  OPND(sv, vec);
  if (ins)
    OPND(se, LLVMGetOperand(inst, 1));
  if (ins && in->dst == sv) { /* in place (update_in_place): one element */
    uint64_t k = LLVMConstIntGetZExtValue(idx);
    if (k >= ne) {
      in->op = OP_NOP; /* poison: any value will do */
      return 0;
    }
    in->dst = sv + (uint32_t)k * L;
    in->n = L;
    gather_copy(d, in, se, L);
    return 0;
  }
  if (LLVMIsAConstantInt(idx) || LLVMIsAUndefValue(idx)) {
    uint64_t k = LLVMIsAConstantInt(idx) ? LLVMConstIntGetZExtValue(idx) : ne;
    gather_begin(d, in, ins ? vt.n : L);
    if (ins) {
      for (uint32_t e = 0; e < ne; e++)
        for (uint32_t j = 0; j < L; j++)
          push_extra(f, e == k ? se + j : sv + e * L + j);
    } else {
      for (uint32_t j = 0; j < L; j++)
        push_extra(f, k < ne ? sv + (uint32_t)k * L + j : d->zero_slot);
    }
    return 0;
  }
  if (L > 1) {
    char *s = LLVMPrintTypeToString(LLVMTypeOf(vec));
    dec_error(d, "%s with a variable index on %s is not supported",
              ins ? "insertelement" : "extractelement", s);
    LLVMDisposeMessage(s);
    return -1;
  }
  in->op = ins ? OP_INSERT_DYN : OP_EXTRACT_DYN;
  in->a = sv;
  in->b = se;
  in->imm = vt.n;
  OPND(in->c, idx);
  return 0;
}

/* Pushes the L slots of mask element mv of (s0, s1), each of n elements;
 * poison or out of range: zeros. */
static void push_mask_elem(Dec *d, int mv, uint32_t s0, uint32_t s1,
                           uint32_t n, uint32_t L) {
  for (uint32_t j = 0; j < L; j++) {
    uint32_t s = d->zero_slot;
    if (mv >= 0 && (uint32_t)mv < n)
      s = s0 + (uint32_t)mv * L + j;
    else if (mv >= 0 && (uint32_t)mv < 2 * n)
      s = s1 + ((uint32_t)mv - n) * L + j;
    push_extra(d->f, s);
  }
}

int decode_shuffle(Dec *d, LLVMValueRef inst, Inst *in) {
  LLVMValueRef v0 = LLVMGetOperand(inst, 0), v1 = LLVMGetOperand(inst, 1);
  VType t0;
  if (need_type(d, LLVMTypeOf(v0), &t0))
    return -1;
  const uint32_t L = emu_limbs(&t0), n = t0.n / L;
  uint32_t s0, s1;
  OPND(s0, v0);
  OPND(s1, v1);
  unsigned nm = LLVMGetNumMaskElements(inst);
  if (in->dst == s0) {
    /* In place (update_in_place): only the elements taken from the second
     * operand move; the first operand's stay, and so do poison ones. */
    unsigned first = nm, last = 0;
    for (unsigned e = 0; e < nm; e++) {
      int mv = LLVMGetMaskValue(inst, e);
      if (mv >= (int)n && (uint32_t)mv < 2 * n) {
        first = e < first ? e : first;
        last = e;
      }
    }
    if (first == nm) {
      in->op = OP_NOP;
      return 0;
    }
    in->dst = s0 + first * L;
    in->n = (last - first + 1) * L;
    gather_begin(d, in, in->n);
    for (unsigned e = first; e <= last; e++) {
      int mv = LLVMGetMaskValue(inst, e);
      push_mask_elem(d, mv >= (int)n && (uint32_t)mv < 2 * n ? mv : (int)e, s0, s1, n, L);
    }
    return 0;
  }
  gather_begin(d, in, nm * L);
  for (unsigned e = 0; e < nm; e++)
    push_mask_elem(d, LLVMGetMaskValue(inst, e), s0, s1, n, L);
  return 0;
}

/*===-- aggregates ------------------------------------------------------===*/

/* Flattened slot offset of an aggregate index path. */
static int agg_offset(Dec *d, LLVMTypeRef t, const unsigned *idx, unsigned n,
                      uint32_t *off, LLVMTypeRef *leaf) {
  uint32_t o = 0;
  for (unsigned i = 0; i < n; i++) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMStructTypeKind) {
      for (unsigned j = 0; j < idx[i]; j++)
        o += (uint32_t)emu_agg_slots(LLVMStructGetTypeAtIndex(t, j));
      t = LLVMStructGetTypeAtIndex(t, idx[i]);
    } else if (k == LLVMArrayTypeKind) {
      t = LLVMGetElementType(t);
      o += idx[i] * (uint32_t)emu_agg_slots(t);
    } else {
      return dec_error(d, "unsupported aggregate index");
    }
  }
  *off = o;
  *leaf = t;
  return 0;
}

int decode_aggregate(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in,
                     const VType *rt) {
  LLVMValueRef agg = LLVMGetOperand(inst, 0);
  uint32_t sa;
  OPND(sa, agg);
  uint32_t off = 0;
  LLVMTypeRef leaf = NULL;
  if (agg_offset(d, LLVMTypeOf(agg), LLVMGetIndices(inst),
                 LLVMGetNumIndices(inst), &off, &leaf))
    return -1;
  int64_t ln = emu_agg_slots(leaf);
  if (ln < 0)
    return dec_error(d, "unsupported aggregate");
  if (op == LLVMExtractValue) {
    gather_copy(d, in, sa + off, (uint32_t)ln);
  } else {
    uint32_t sv;
    OPND(sv, LLVMGetOperand(inst, 1));
    gather_begin(d, in, rt->n);
    for (uint32_t e = 0; e < rt->n; e++)
      push_extra(d->f, e >= off && e < off + ln ? sv + e - off : sa + e);
  }
  return 0;
}
