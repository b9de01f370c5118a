/* LLVM types as the interpreter sees them: scalars, vectors of scalars
 * (one slot per element, N/64 for an integer wider than 64 bits) and
 * flattened aggregates. */
#include "Program.h"

#include <string.h>

static int scalar_type(LLVMTypeRef t, VType *o) {
  memset(o, 0, sizeof *o);
  o->n = 1;
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    o->sk = SK_INT;
    if (w > 64) { /* limbs (Scalar.h); odd widths have no byte image to move */
      if (w % 64 || w > EMU_MAX_WIDE_BITS)
        return -1;
      o->bits = 64;
      o->n = o->limbs = (uint8_t)(w / 64);
      return 0;
    }
    o->bits = (uint8_t)w;
    return 0;
  }
  case LLVMHalfTypeKind: o->sk = SK_F16; o->bits = 16; return 0;
  case LLVMBFloatTypeKind: o->sk = SK_BF16; o->bits = 16; return 0;
  case LLVMFloatTypeKind: o->sk = SK_F32; o->bits = 32; return 0;
  case LLVMDoubleTypeKind: o->sk = SK_F64; o->bits = 64; return 0;
  case LLVMPointerTypeKind: {
    unsigned as = LLVMGetPointerAddressSpace(t);
    if (as > 0xffff)
      return -1;
    o->sk = SK_PTR;
    o->as = (uint16_t)as;
    /* Buffer pointers (7, 8) are held as (resource id, offset): Memory.h. */
    o->bits = (as == 2 || as == 3 || as == 5 || as == 6) ? 32 : 64;
    return 0;
  }
  default: return -1;
  }
}

int64_t emu_agg_slots(LLVMTypeRef t) {
  VType v;
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind: {
    int64_t n = 0;
    for (unsigned i = 0, c = LLVMCountStructElementTypes(t); i < c; i++) {
      int64_t e = emu_agg_slots(LLVMStructGetTypeAtIndex(t, i));
      if (e < 0 || n + e > 65536)
        return -1;
      n += e;
    }
    return n;
  }
  case LLVMArrayTypeKind: {
    int64_t e = emu_agg_slots(LLVMGetElementType(t));
    uint64_t len = LLVMGetArrayLength2(t);
    /* Bounded at each level so that nested arrays cannot overflow. */
    if (e < 0 || len > 4096 || e * (int64_t)len > 65536)
      return -1;
    return e * (int64_t)len;
  }
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
    if (LLVMGetTypeKind(t) == LLVMScalableVectorTypeKind ||
        scalar_type(LLVMGetElementType(t), &v))
      return -1;
    return (int64_t)LLVMGetVectorSize(t) * v.n;
  default:
    return scalar_type(t, &v) ? -1 : (int64_t)v.n;
  }
}

int emu_decode_type(LLVMTypeRef t, VType *o) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMVectorTypeKind) {
    if (scalar_type(LLVMGetElementType(t), o))
      return -1;
    uint64_t n = (uint64_t)LLVMGetVectorSize(t) * o->n;
    /* Larger vectors than any kernel uses would only blow up the
     * register file. */
    if (!n || n > 4096)
      return -1;
    o->n = (uint32_t)n;
    return 0;
  }
  if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind) {
    int64_t n = emu_agg_slots(t);
    if (n <= 0 || n > 65536)
      return -1;
    memset(o, 0, sizeof *o);
    o->sk = SK_AGG;
    o->n = (uint32_t)n;
    return 0;
  }
  return scalar_type(t, o);
}

unsigned emu_agg_count(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMStructTypeKind: return LLVMCountStructElementTypes(t);
  case LLVMArrayTypeKind: return (unsigned)LLVMGetArrayLength2(t);
  default: return LLVMGetVectorSize(t);
  }
}

LLVMTypeRef emu_agg_member(LLVMTypeRef t, unsigned i) {
  return LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i)
                                                  : LLVMGetElementType(t);
}
