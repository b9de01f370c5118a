/* Decoding of memory instructions: address arithmetic, loads, stores,
 * atomics, allocas, casts between pointers and integers and address
 * spaces, memcpy/memset, and buffer resources (llvm.amdgcn.make.buffer.
 * rsrc, buffer fat pointers in address space 7, the raw buffer load/store
 * intrinsics). */
#include "Decode.h"

#include <string.h>

/* Address spaces ordinary loads, stores and atomics may use. */
static int check_as(Dec *d, unsigned as) {
  if (as == AS_FLAT || as == AS_GLOBAL || as == AS_LDS || as == AS_CONSTANT ||
      as == AS_PRIVATE)
    return 0;
  if (as == AS_BUFFER_FAT)
    return dec_error(d, "this access through a buffer fat pointer (address "
                        "space 7) is not supported: only loads and stores");
  return dec_error(d, "memory access in address space %u is not supported", as);
}

static int is_buffer_as(unsigned as) {
  return as == AS_BUFFER_FAT || as == AS_BUFFER_RSRC;
}

/* The element type of a memory access into in (sk, bits, n, imm = bytes per
 * element, mask). */
static int decode_mem_type(Dec *d, LLVMTypeRef t, Inst *in) {
  VType vt;
  if (need_type(d, t, &vt))
    return -1;
  if (vt.sk == SK_AGG)
    return dec_error(d, "loads and stores of aggregates are not supported");
  if (vt.sk == SK_INT && vt.n > 1 && vt.bits % 8)
    return dec_error(d, "loads and stores of bit-packed vectors are not supported");
  if (vt.sk == SK_PTR && is_buffer_as(vt.as))
    return dec_error(d, "buffer fat pointers and buffer resources (address "
                        "spaces 7 and 8) cannot be stored to or loaded from memory");
  in->sk = vt.sk;
  in->bits = vt.bits;
  in->n = vt.n;
  in->imm = emu_elem_bytes(&vt);
  in->mask = emu_mask(vt.bits);
  return 0;
}

int decode_gep(Dec *d, LLVMValueRef inst, Inst *in, const VType *rt) {
  if (rt->n != 1)
    return dec_error(d, "vector GEP is not supported");
  in->op = OP_GEP;
  in->bits = rt->bits;
  in->mask = emu_mask(rt->bits);
  /* A buffer fat pointer's offset is 32 bits (AMDGPUUsage: index width 32
   * of address space 7) and wraps; its resource part never changes. */
  in->flag = rt->as == AS_BUFFER_FAT;
  if (rt->as == AS_BUFFER_RSRC)
    return dec_error(d, "GEP on a buffer resource (address space 8) is not supported");
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
      if (!LLVMTypeIsSized(cur))
        return dec_error(d, "GEP over an unsized type");
      scale = (int64_t)LLVMABISizeOfType(d->p->td, cur);
    } else {
      LLVMTypeKind k = LLVMGetTypeKind(cur);
      if (k == LLVMStructTypeKind) {
        if (!LLVMIsAConstantInt(idx))
          return dec_error(d, "non-constant struct index");
        unsigned fi = (unsigned)LLVMConstIntGetZExtValue(idx);
        off += (int64_t)LLVMOffsetOfElement(d->p->td, cur, fi);
        cur = LLVMStructGetTypeAtIndex(cur, fi);
        continue;
      }
      if (k != LLVMArrayTypeKind && k != LLVMVectorTypeKind)
        return dec_error(d, "unsupported GEP");
      cur = LLVMGetElementType(cur);
      scale = (int64_t)LLVMABISizeOfType(d->p->td, cur);
    }
    if (LLVMIsAConstantInt(idx)) {
      if (it.bits > 64)
        return dec_error(d, "GEP index wider than 64 bits");
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

int decode_load_store(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in) {
  int store = op == LLVMStore;
  LLVMValueRef p = LLVMGetOperand(inst, store ? 1 : 0);
  LLVMTypeRef vt = store ? LLVMTypeOf(LLVMGetOperand(inst, 0)) : LLVMTypeOf(inst);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
  if (as != AS_BUFFER_FAT && check_as(d, as))
    return -1;
  if (decode_mem_type(d, vt, in))
    return -1;
  OPND(in->a, p);
  if (store)
    OPND(in->b, LLVMGetOperand(inst, 0));
  if (as == AS_BUFFER_FAT) {
    if (in->imm * in->n > BUF_MAX_BYTES)
      return dec_error(d, "buffer accesses wider than %u bytes are not supported",
                       BUF_MAX_BYTES);
    in->op = store ? OP_BUF_STORE : OP_BUF_LOAD;
    in->sub = BUF_FAT_PTR;
    return 0;
  }
  in->op = store ? OP_STORE : OP_LOAD;
  in->flag = (uint8_t)as;
  return 0;
}

int decode_atomic(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in) {
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

int decode_alloca(Dec *d, LLVMValueRef inst, Inst *in) {
  Func *f = d->f;
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(inst)) != AS_PRIVATE)
    return dec_error(d, "alloca outside the private address space");
  LLVMValueRef cnt = LLVMGetOperand(inst, 0);
  if (!LLVMIsAConstantInt(cnt) || LLVMGetIntTypeWidth(LLVMTypeOf(cnt)) > 64)
    return dec_error(d, "dynamic alloca is not supported");
  uint64_t each = LLVMABISizeOfType(d->p->td, LLVMGetAllocatedType(inst));
  uint64_t count = LLVMConstIntGetZExtValue(cnt);
  if (count > (1u << 24) || each > (1u << 24) || each * count > (1u << 24))
    return dec_error(d, "private frame too large");
  uint64_t size = each * count;
  uint32_t align = LLVMGetAlignment(inst);
  if (align < 4)
    align = 4;
  uint64_t o = (f->frame_bytes + (uint64_t)align - 1) / align * align;
  if (o + size > (1u << 24))
    return dec_error(d, "private frame too large");
  in->op = OP_ALLOCA;
  in->imm = (int64_t)o;
  f->frame_bytes = (uint32_t)(o + size);
  return 0;
}

int decode_cast(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in,
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
    /* Sub-byte elements regroup bit by bit (exec_bitcast). */
    if (st.n * st.bits != rt->n * rt->bits || !st.bits || !rt->bits ||
        st.n * st.bits > 8192 || st.sk == SK_PTR || rt->sk == SK_PTR)
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
  case LLVMPtrToInt: case LLVMPtrToAddr:
    /* A fat pointer's integer value is its resource (128 bits) above its
     * offset (32 bits): only the offset bits are available here. */
    if (st.as == AS_BUFFER_RSRC || (st.as == AS_BUFFER_FAT && rt->bits > 32))
      return dec_error(d, "ptrtoint of a buffer %s to i%u is not supported "
                          "(only the 32-bit offset of a fat pointer is)",
                       st.as == AS_BUFFER_FAT ? "fat pointer" : "resource", rt->bits);
    in->sub = CV_PTRTOINT;
    break;
  case LLVMIntToPtr:
    if (is_buffer_as(rt->as))
      return dec_error(d, "inttoptr to a buffer fat pointer or resource is not supported");
    in->sub = CV_INTTOPTR;
    break;
  case LLVMAddrSpaceCast:
    if (!mem_ascast_supported(st.as, rt->as))
      return dec_error(d, "address space cast from %u to %u is not supported",
                       st.as, rt->as);
    in->sub = CV_ASCAST;
    break;
  default: return dec_error(d, "unsupported cast");
  }
  return 0;
}

/*===-- intrinsics ------------------------------------------------------===*/

static int decode_memcpy_memset(Dec *d, LLVMValueRef inst, int is_memcpy,
                                Inst *in) {
  LLVMValueRef p0 = LLVMGetOperand(inst, 0);
  unsigned as0 = LLVMGetPointerAddressSpace(LLVMTypeOf(p0));
  if (check_as(d, as0))
    return -1;
  in->op = is_memcpy ? OP_MEMCPY : OP_MEMSET;
  OPND(in->a, p0);
  OPND(in->b, LLVMGetOperand(inst, 1));
  OPND(in->c, LLVMGetOperand(inst, 2));
  VType lt;
  if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 2)), &lt))
    return -1;
  in->bits = lt.bits;
  in->flag = (uint8_t)as0;
  if (is_memcpy) {
    unsigned as1 = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(inst, 1)));
    if (check_as(d, as1))
      return -1;
    in->imm = as1;
  }
  return 0;
}

/* make.buffer.rsrc(ptr base, i16 stride, i32/i64 num_records, i32 flags). */
static int decode_make_rsrc(Dec *d, LLVMValueRef inst, Inst *in, const VType *rt) {
  if (LLVMGetNumArgOperands(inst) != 4 || rt->sk != SK_PTR ||
      !is_buffer_as(rt->as))
    return dec_error(d, "malformed llvm.amdgcn.make.buffer.rsrc");
  unsigned bas = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(inst, 0)));
  if (bas != AS_GLOBAL && bas != AS_FLAT && bas != AS_CONSTANT)
    return dec_error(d, "buffer resource over address space %u: only global "
                        "memory is emulated", bas);
  in->op = OP_MAKE_RSRC;
  in->flag = (uint8_t)bas;
  for (unsigned i = 1; i < 4; i++) {
    VType t;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, i)), &t))
      return -1;
    if (t.sk != SK_INT || t.n != 1)
      return dec_error(d, "malformed llvm.amdgcn.make.buffer.rsrc");
  }
  OPND(in->a, LLVMGetOperand(inst, 0));
  OPND(in->b, LLVMGetOperand(inst, 1));
  OPND(in->c, LLVMGetOperand(inst, 2));
  OPND(in->d, LLVMGetOperand(inst, 3));
  return 0;
}

/* raw[.ptr].buffer.load(rsrc, voffset, soffset, aux) and
 * raw[.ptr].buffer.store(vdata, rsrc, voffset, soffset, aux). */
static int decode_raw_buffer(Dec *d, LLVMValueRef inst, int store, int ptr,
                             Inst *in) {
  unsigned r = store ? 1 : 0;
  if (LLVMGetNumArgOperands(inst) != r + 4)
    return dec_error(d, "malformed raw buffer intrinsic");
  LLVMTypeRef vt = store ? LLVMTypeOf(LLVMGetOperand(inst, 0)) : LLVMTypeOf(inst);
  if (decode_mem_type(d, vt, in))
    return -1;
  if (in->imm * in->n > BUF_MAX_BYTES)
    return dec_error(d, "buffer accesses wider than %u bytes are not supported",
                     BUF_MAX_BYTES);
  VType rt;
  if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, r)), &rt))
    return -1;
  if (ptr ? !(rt.sk == SK_PTR && rt.as == AS_BUFFER_RSRC)
          : !(rt.sk == SK_INT && rt.bits == 32 && rt.n == 4))
    return dec_error(d, "raw buffer intrinsic: the resource must be %s",
                     ptr ? "a ptr addrspace(8)" : "a <4 x i32>");
  in->op = store ? OP_BUF_STORE : OP_BUF_LOAD;
  in->sub = ptr ? BUF_RSRC_PTR : BUF_RSRC_V4I32;
  OPND(in->a, LLVMGetOperand(inst, r));
  if (store)
    OPND(in->b, LLVMGetOperand(inst, 0));
  OPND(in->c, LLVMGetOperand(inst, r + 1));
  OPND(in->d, LLVMGetOperand(inst, r + 2));
  return 0;
}

/* llvm.amdgcn.global.load.tr.b128 (RDNA4's transposing load of 16-bit
 * elements, wave32: 8 per lane).  Its lane mapping (an 8x8 transpose in
 * each group of 8 lanes, Opcodes.h) is the one measured on gfx1201 and
 * gfx1250; the 8-bit form (tr.b64) permutes otherwise and no mapping of it
 * is published, so it is refused rather than guessed, as are the gfx950 /
 * gfx1250 forms RDNA4 does not have. */
static int decode_load_tr(Dec *d, LLVMValueRef inst, const char *name,
                          Inst *in) {
  if (!name_is(name, "llvm.amdgcn.global.load.tr.b128")) {
    if (name_is(name, "llvm.amdgcn.global.load.tr.b64"))
      return dec_error(d, "'%s' (global_load_tr_b64, 8-bit elements) is not "
                          "emulated: its lane mapping is neither documented "
                          "nor measured here", name);
    return dec_error(d, "'%s' is not an RDNA4 instruction (gfx950 / gfx1250 "
                        "transposing loads are not emulated)", name);
  }
  if (d->p->arch != WMMA_ARCH_RDNA4)
    return dec_error(d, "global_load_tr_b128 is an RDNA4 (gfx12) instruction; "
                        "%s has no transposing load", wmma_arch_name(d->p->arch));
  if (LLVMGetNumArgOperands(inst) != 1)
    return dec_error(d, "malformed call to '%s'", name);
  LLVMValueRef p = LLVMGetOperand(inst, 0);
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(p)) != AS_GLOBAL)
    return dec_error(d, "global_load_tr_b128 reads global memory (address "
                        "space 1) only");
  if (decode_mem_type(d, LLVMTypeOf(inst), in))
    return -1;
  if (in->n != 8 || in->imm != 2)
    return dec_error(d, "global_load_tr_b128 in wave32 returns 8 16-bit "
                        "elements (v8i16, v8f16, v8bf16)");
  in->op = OP_LOAD_TR;
  in->flag = AS_GLOBAL;
  OPND(in->a, p);
  return 0;
}

int decode_mem_intrinsic(Dec *d, LLVMValueRef inst, const char *name, Inst *in,
                         const VType *rt) {
  static const struct {
    const char *name;
    int store, ptr;
  } kRaw[] = {
      {"llvm.amdgcn.raw.buffer.load", 0, 0},
      {"llvm.amdgcn.raw.buffer.store", 1, 0},
      {"llvm.amdgcn.raw.ptr.buffer.load", 0, 1},
      {"llvm.amdgcn.raw.ptr.buffer.store", 1, 1},
  };
  if (name_is(name, "llvm.memcpy.inline") || name_is(name, "llvm.memcpy") ||
      name_is(name, "llvm.memmove"))
    return decode_memcpy_memset(d, inst, 1, in);
  if (name_is(name, "llvm.memset.inline") || name_is(name, "llvm.memset"))
    return decode_memcpy_memset(d, inst, 0, in);
  if (strncmp(name, "llvm.amdgcn.global.load.tr", 26) == 0 ||
      strncmp(name, "llvm.amdgcn.ds.load.tr", 22) == 0 ||
      strncmp(name, "llvm.amdgcn.ds.read.tr", 22) == 0)
    return decode_load_tr(d, inst, name, in);
  if (name_is(name, "llvm.amdgcn.make.buffer.rsrc"))
    return decode_make_rsrc(d, inst, in, rt);
  for (size_t i = 0; i < sizeof kRaw / sizeof kRaw[0]; i++) {
    size_t n = strlen(kRaw[i].name);
    /* Exactly the plain forms: not .format, .lds, .tfe and the like. */
    if (name_is(name, kRaw[i].name) && (!name[n] || is_type_suffix(name + n + 1)))
      return decode_raw_buffer(d, inst, kRaw[i].store, kRaw[i].ptr, in);
  }
  return 1;
}
