/* Layout of the module's globals: LDS variables get offsets in the
 * workgroup's LDS (static ones first, then the dynamic region shared by
 * every external zero-sized LDS array, as HIP's `extern __shared__`), other
 * globals get allocations in the global address space with their initial
 * values. */
#include "Alloc.h"
#include "Program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int emu_global_address(const Program *p, LLVMValueRef g, uint64_t *addr,
                       unsigned *as) {
  uint32_t i;
  if (!ptrmap_get(&p->global_map, g, &i))
    return 0;
  *addr = p->global_addr[i];
  *as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  return 1;
}

static int is_llvm_meta_global(LLVMValueRef g) {
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  return len >= 5 && strncmp(name, "llvm.", 5) == 0;
}

/* Writes constant c of type t to dst in memory layout. */
static int const_to_bytes(Program *p, LLVMValueRef c, LLVMTypeRef t,
                          uint8_t *dst) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMArrayTypeKind || k == LLVMStructTypeKind || k == LLVMVectorTypeKind) {
    LLVMTypeRef et0 = k == LLVMStructTypeKind ? NULL : LLVMGetElementType(t);
    if (k == LLVMVectorTypeKind && LLVMGetTypeKind(et0) == LLVMIntegerTypeKind &&
        LLVMGetIntTypeWidth(et0) % 8) {
      prog_error(p, "unsupported bit-packed vector in a global initializer");
      return -1;
    }
    if (LLVMIsAConstantAggregateZero(c) || LLVMIsAUndefValue(c))
      return 0; /* memory is zero already */
    unsigned n = emu_agg_count(t);
    for (unsigned i = 0; i < n; i++) {
      LLVMTypeRef et = emu_agg_member(t, i);
      uint64_t off = k == LLVMStructTypeKind ? LLVMOffsetOfElement(p->td, t, i)
                     : k == LLVMArrayTypeKind ? i * LLVMABISizeOfType(p->td, et)
                                              : i * LLVMStoreSizeOfType(p->td, et);
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      if (!e) {
        prog_error(p, "unsupported global initializer constant");
        return -1;
      }
      if (const_to_bytes(p, e, et, dst + off))
        return -1;
    }
    return 0;
  }
  VType vt;
  if (emu_decode_type(t, &vt) || vt.n != emu_limbs(&vt) || vt.sk == SK_AGG) {
    prog_error(p, "unsupported type in a global initializer");
    return -1;
  }
  uint64_t v[EMU_MAX_WIDE_BITS / 64]; /* limbs: little-endian, as memory */
  if (emu_const_eval(p, c, v))
    return -1;
  uint64_t bytes = LLVMStoreSizeOfType(p->td, t);
  memcpy(dst, v, bytes > 8 * vt.n ? 8 * vt.n : bytes);
  return 0;
}

static void add_address(Program *p, LLVMValueRef g, uint64_t addr) {
  if (p->nglobals == p->cap_globals) {
    uint32_t cap = p->cap_globals ? 2 * p->cap_globals : 16;
    p->global_addr = emu_xrealloc(p->global_addr, cap, sizeof(uint64_t));
    p->cap_globals = cap;
  }
  p->global_addr[p->nglobals] = addr;
  ptrmap_put(&p->global_map, g, p->nglobals++);
}

static uint64_t lds_align(Program *p, LLVMValueRef g) {
  LLVMTypeRef vt = LLVMGlobalGetValueType(g);
  uint64_t align = LLVMGetAlignment(g);
  if (!align && LLVMTypeIsSized(vt))
    align = LLVMABIAlignmentOfType(p->td, vt);
  return align < 4 ? 4 : align;
}

/* An external LDS array without a size: the dynamic LDS of a launch. */
static int is_dynamic_lds(Program *p, LLVMValueRef g) {
  LLVMTypeRef vt = LLVMGlobalGetValueType(g);
  return LLVMIsDeclaration(g) &&
         (!LLVMTypeIsSized(vt) || LLVMABISizeOfType(p->td, vt) == 0);
}

#define EMU_LDS_KERNELS 256

/* The kernel whose code uses value v (through constant expressions):
 * its index, -1 if none uses it, -2 if several do or a function that is
 * not a kernel does. */
static int owner_of(const Program *p, LLVMValueRef v, int depth) {
  int owner = -1;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    int o;
    if (LLVMIsAInstruction(user)) {
      LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
      o = -2;
      for (int k = 0; k < p->nkernels; ++k)
        if (p->kernels[k].fn == fn)
          o = k;
    } else if (LLVMIsAConstantExpr(user) && depth < 8) {
      o = owner_of(p, user, depth + 1);
      if (o == -1)
        continue;
    } else {
      o = -2;
    }
    if (owner == -1)
      owner = o;
    else if (owner != o)
      owner = -2;
  }
  return owner;
}

int emu_layout_globals(Program *p, GlobalMem *mem) {
  /* Addresses first (initializers may refer to other globals).  LDS is
   * allocated per kernel, as the AMDGPU backend does (a module holding a
   * program's kernels): the globals only one kernel uses start at 0 for
   * each kernel; the others follow every kernel's own. */
  uint64_t lds = 0, dyn_align = 4;
  /* Per-kernel tops on the stack: a failed allocation below unwinds by
   * longjmp (no free).  Kernels past the array share the module's layout. */
  uint64_t own[EMU_LDS_KERNELS] = {0};
  uint64_t lds_own_max = 0;
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1)
      lds = lds_own_max; /* shared globals above every kernel's own */
    for (LLVMValueRef g = LLVMGetFirstGlobal(p->mod); g; g = LLVMGetNextGlobal(g)) {
      if (pass == 1 && LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != AS_LDS)
        continue;
      if (is_llvm_meta_global(g))
        continue;
      LLVMTypeRef vt = LLVMGlobalGetValueType(g);
      unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
      uint64_t size = LLVMTypeIsSized(vt) ? LLVMABISizeOfType(p->td, vt) : 0;
      if (as == AS_LDS) {
        if (is_dynamic_lds(p, g)) {
          uint64_t al = lds_align(p, g);
          if (al > dyn_align)
            dyn_align = al;
          p->has_dynamic_lds = 1;
          continue; /* placed below, after every static variable */
        }
        int owner = p->nkernels > 1 ? owner_of(p, g, 0) : -2;
        if (owner >= EMU_LDS_KERNELS)
          owner = -2;
        /* Pass 0: each kernel's own globals; pass 1: the shared ones. */
        if ((pass == 0) != (owner >= 0))
          continue;
        uint64_t align = lds_align(p, g);
        uint64_t *top = owner >= 0 ? &own[owner] : &lds;
        uint64_t off = (*top + align - 1) / align * align;
        if (align > LDS_LIMIT || off + size > 0xffffffffull) {
          prog_error(p, "LDS globals exceed 4 GiB");
          return -1;
        }
        add_address(p, g, off);
        *top = off + size;
        if (owner >= 0 && *top > lds_own_max)
          lds_own_max = *top;
      } else if (as == AS_FLAT || as == AS_GLOBAL || as == AS_CONSTANT) {
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        char nm[256];
        snprintf(nm, sizeof nm, "%.*s", (int)len, name);
        int idx = mem_alloc(mem, size, nm, 0, p->err, sizeof p->err);
        if (idx < 0)
          return -1;
        add_address(p, g, mem_alloc_base(idx));
      }
      /* other address spaces: rejected if used */
    }
  }
  p->lds_static = (uint32_t)lds;
  /* A kernel needs its own globals, or everything up to the shared ones'
   * end when there are shared ones. */
  for (int k = 0; k < p->nkernels; ++k)
    p->kernels[k].lds_static =
        (uint32_t)(lds > lds_own_max || p->nkernels == 1 ||
                           k >= EMU_LDS_KERNELS
                       ? lds
                       : own[k]);
  uint64_t dyn = (lds + dyn_align - 1) / dyn_align * dyn_align;
  p->lds_dynamic_base = dyn > 0xffffffffull ? 0xffffffffu : (uint32_t)dyn;
  for (LLVMValueRef g = LLVMGetFirstGlobal(p->mod); g; g = LLVMGetNextGlobal(g))
    if (!is_llvm_meta_global(g) &&
        LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == AS_LDS && is_dynamic_lds(p, g))
      add_address(p, g, p->lds_dynamic_base);
  for (LLVMValueRef g = LLVMGetFirstGlobal(p->mod); g; g = LLVMGetNextGlobal(g)) {
    uint64_t addr;
    unsigned as;
    if (is_llvm_meta_global(g) || !emu_global_address(p, g, &addr, &as) ||
        as == AS_LDS)
      continue;
    LLVMValueRef init = LLVMGetInitializer(g);
    if (!init)
      continue;
    int idx;
    uint8_t *dst = mem_resolve_global(mem, addr, 0, &idx);
    if (!dst || const_to_bytes(p, init, LLVMGlobalGetValueType(g), dst)) {
      size_t len;
      const char *name = LLVMGetValueName2(g, &len);
      char tmp[2048];
      snprintf(tmp, sizeof tmp, "%s", p->err);
      prog_error(p, "cannot initialize global @%.*s: %s", (int)len, name, tmp);
      return -1;
    }
  }
  return 0;
}
