/* Constant evaluation: LLVM constants (including constant expressions and
 * global addresses) to their flattened slot values. */
#include "Program.h"

#include <string.h>

static int const_gep_offset(Program *p, LLVMTypeRef src_ty, LLVMValueRef gep,
                            unsigned first_idx, unsigned nops, int64_t *off);

/* The limbs of a ConstantInt wider than 64 bits.  The C API reads at most
 * 64 bits of one, so its (signed decimal) text is parsed instead. */
static int wide_int_limbs(Program *p, LLVMValueRef c, uint32_t limbs,
                          uint64_t *out) {
  char *s = LLVMPrintValueToString(c); /* "i256 -12345" */
  const char *q = strchr(s, ' ');
  q = q ? q + 1 : s;
  int neg = *q == '-';
  q += neg;
  int ok = *q >= '0' && *q <= '9';
  memset(out, 0, limbs * sizeof *out);
  for (; *q >= '0' && *q <= '9'; q++) {
    unsigned __int128 carry = (unsigned)(*q - '0');
    for (uint32_t i = 0; i < limbs; i++) {
      unsigned __int128 v = (unsigned __int128)out[i] * 10 + carry;
      out[i] = (uint64_t)v;
      carry = v >> 64;
    }
  }
  ok = ok && *q == 0;
  LLVMDisposeMessage(s);
  if (!ok) {
    prog_error(p, "unreadable constant of type i%u", 64u * limbs);
    return -1;
  }
  if (neg) { /* two's complement */
    uint64_t carry = 1;
    for (uint32_t i = 0; i < limbs; i++) {
      out[i] = ~out[i] + carry;
      carry = carry && out[i] == 0;
    }
  }
  return 0;
}

static int const_eval_ty(Program *p, LLVMValueRef c, LLVMTypeRef t,
                         uint64_t *slots, uint32_t *pos) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  int aggregate = k == LLVMVectorTypeKind || k == LLVMStructTypeKind ||
                  k == LLVMArrayTypeKind;
  if (LLVMIsAUndefValue(c) || LLVMIsAConstantAggregateZero(c) ||
      LLVMIsAConstantPointerNull(c)) {
    int64_t n = emu_agg_slots(t);
    if (n < 0) {
      prog_error(p, "unsupported constant type");
      return -1;
    }
    for (int64_t i = 0; i < n; i++)
      slots[(*pos)++] = 0;
    return 0;
  }
  if (aggregate) {
    if (LLVMIsAConstantExpr(c)) {
      prog_error(p, "unsupported vector constant expression");
      return -1;
    }
    unsigned n = emu_agg_count(t);
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      LLVMTypeRef et = emu_agg_member(t, i);
      if (!e) {
        prog_error(p, "unsupported aggregate constant");
        return -1;
      }
      if (const_eval_ty(p, e, et, slots, pos))
        return -1;
    }
    return 0;
  }
  VType st;
  if (emu_decode_type(t, &st) || st.n != emu_limbs(&st) || st.sk == SK_AGG) {
    prog_error(p, "unsupported constant type");
    return -1;
  }
  if (st.limbs > 1) {
    if (!LLVMIsAConstantInt(c)) {
      prog_error(p, "constant expression of type i%u is not supported",
                 64u * st.limbs);
      return -1;
    }
    if (wide_int_limbs(p, c, st.limbs, slots + *pos))
      return -1;
    *pos += st.limbs;
    return 0;
  }
  uint64_t v = 0;
  if (LLVMIsAConstantInt(c)) {
    v = LLVMConstIntGetZExtValue(c) & emu_mask(st.bits);
  } else if (LLVMIsAConstantFP(c)) {
    LLVMBool loses;
    double x = LLVMConstRealGetDouble(c, &loses);
    v = emu_store_fp(x, st.sk);
  } else if (LLVMIsAGlobalAlias(c)) {
    return const_eval_ty(p, LLVMAliasGetAliasee(c), t, slots, pos);
  } else if (LLVMIsAGlobalVariable(c)) {
    unsigned as;
    if (!emu_global_address(p, c, &v, &as)) {
      size_t len;
      const char *name = LLVMGetValueName2(c, &len);
      prog_error(p, "global @%.*s in address space %u is not supported",
                 (int)len, name, LLVMGetPointerAddressSpace(LLVMTypeOf(c)));
      return -1;
    }
  } else if (LLVMIsAFunction(c)) {
    prog_error(p, "function pointers are not supported");
    return -1;
  } else if (LLVMIsAConstantExpr(c)) {
    LLVMOpcode op = LLVMGetConstOpcode(c);
    uint32_t p0 = 0;
    uint64_t a = 0, b = 0;
    LLVMValueRef o0 = LLVMGetOperand(c, 0);
    LLVMTypeRef t0 = LLVMTypeOf(o0);
    VType s0;
    if (emu_decode_type(t0, &s0) || s0.n != 1 || s0.sk == SK_AGG) {
      prog_error(p, "unsupported constant expression operand");
      return -1;
    }
    if (const_eval_ty(p, o0, t0, &a, &p0))
      return -1;
    switch (op) {
    case LLVMGetElementPtr: {
      int64_t off;
      if (const_gep_offset(p, LLVMGetGEPSourceElementType(c), c, 1,
                           (unsigned)LLVMGetNumOperands(c), &off))
        return -1;
      v = (a + (uint64_t)off) & emu_mask(st.bits);
      break;
    }
    case LLVMBitCast: v = a; break;
    case LLVMAddrSpaceCast:
      if (!mem_ascast_supported(s0.as, st.as)) {
        prog_error(p, "unsupported address space cast %u -> %u in a constant",
                   s0.as, st.as);
        return -1;
      }
      v = mem_ascast(a, s0.as, st.as, st.bits);
      break;
    case LLVMPtrToInt: case LLVMPtrToAddr: case LLVMIntToPtr: case LLVMTrunc:
      v = a & emu_mask(st.bits);
      break;
    case LLVMAdd: case LLVMSub: case LLVMXor: case LLVMMul: case LLVMShl: {
      uint32_t p1 = 0;
      LLVMValueRef o1 = LLVMGetOperand(c, 1);
      if (const_eval_ty(p, o1, LLVMTypeOf(o1), &b, &p1))
        return -1;
      v = op == LLVMAdd ? a + b : op == LLVMSub ? a - b : op == LLVMXor ? a ^ b
          : op == LLVMMul ? a * b : (b < 64 ? a << b : 0);
      v &= emu_mask(st.bits);
      break;
    }
    default:
      prog_error(p, "unsupported constant expression (opcode %d)", (int)op);
      return -1;
    }
  } else {
    prog_error(p, "unsupported constant");
    return -1;
  }
  slots[(*pos)++] = v;
  return 0;
}

int emu_const_eval(Program *p, LLVMValueRef c, uint64_t *slots) {
  uint32_t pos = 0;
  return const_eval_ty(p, c, LLVMTypeOf(c), slots, &pos);
}

/* Byte offset of constant GEP indices (operands first_idx..nops-1). */
static int const_gep_offset(Program *p, LLVMTypeRef src_ty, LLVMValueRef gep,
                            unsigned first_idx, unsigned nops, int64_t *off) {
  int64_t o = 0;
  LLVMTypeRef cur = src_ty;
  for (unsigned i = first_idx; i < nops; i++) {
    LLVMValueRef idx = LLVMGetOperand(gep, i);
    if (!LLVMIsAConstantInt(idx) || LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64) {
      prog_error(p, "unsupported GEP index in a constant expression");
      return -1;
    }
    int64_t iv = LLVMConstIntGetSExtValue(idx);
    if (i == first_idx) {
      if (!LLVMTypeIsSized(cur)) {
        prog_error(p, "GEP over an unsized type in a constant expression");
        return -1;
      }
      o += iv * (int64_t)LLVMABISizeOfType(p->td, cur);
      continue;
    }
    LLVMTypeKind k = LLVMGetTypeKind(cur);
    if (k == LLVMStructTypeKind) {
      if (iv < 0 || (unsigned)iv >= LLVMCountStructElementTypes(cur)) {
        prog_error(p, "bad struct index in a constant expression");
        return -1;
      }
      o += (int64_t)LLVMOffsetOfElement(p->td, cur, (unsigned)iv);
      cur = LLVMStructGetTypeAtIndex(cur, (unsigned)iv);
    } else if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
      cur = LLVMGetElementType(cur);
      o += iv * (int64_t)LLVMABISizeOfType(p->td, cur);
    } else {
      prog_error(p, "unsupported GEP in a constant expression");
      return -1;
    }
  }
  *off = o;
  return 0;
}
