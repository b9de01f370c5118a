/* Program-wide helpers: pointer maps, errors, instruction descriptions, the
 * kernels of the module and their parameter layout. */
#include "Alloc.h"
#include "Program.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void prog_error(Program *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err, sizeof p->err, fmt, ap);
  va_end(ap);
}

void emu_describe_inst(LLVMValueRef inst, char *buf, size_t cap) {
  unsigned line = inst ? LLVMGetDebugLocLine(inst) : 0;
  if (line) {
    unsigned len = 0;
    const char *file = LLVMGetDebugLocFilename(inst, &len);
    snprintf(buf, cap, "%.*s:%u:%u", (int)len, file ? file : "", line,
             LLVMGetDebugLocColumn(inst));
    return;
  }
  if (!inst) {
    snprintf(buf, cap, "<unknown>");
    return;
  }
  char *s = LLVMPrintValueToString(inst);
  const char *q = s;
  while (*q == ' ')
    q++;
  snprintf(buf, cap, "'%s'", q);
  LLVMDisposeMessage(s);
}

/*===-- pointer map -----------------------------------------------------===*/

static uint32_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (uint32_t)x;
}

void ptrmap_init(PtrMap *pm) { memset(pm, 0, sizeof *pm); }

void ptrmap_free(PtrMap *pm) {
  free(pm->keys);
  free(pm->vals);
  memset(pm, 0, sizeof *pm);
}

int ptrmap_get(const PtrMap *pm, const void *key, uint32_t *val) {
  if (!pm->cap)
    return 0;
  for (uint32_t i = ptr_hash(key) & (pm->cap - 1);; i = (i + 1) & (pm->cap - 1)) {
    if (!pm->keys[i])
      return 0;
    if (pm->keys[i] == key) {
      *val = pm->vals[i];
      return 1;
    }
  }
}

void ptrmap_put(PtrMap *pm, const void *key, uint32_t val) {
  if (2 * (pm->count + 1) > pm->cap) {
    PtrMap old = *pm;
    uint32_t cap = old.cap ? old.cap * 2 : 64;
    /* Both tables before pm changes: a failure leaves pm as it was. */
    void *keys = emu_alloc(cap, sizeof *pm->keys);
    uint32_t *vals = keys ? emu_alloc(cap, sizeof *vals) : NULL;
    if (!vals) {
      free(keys);
      emu_raise_oom((size_t)cap * (sizeof *pm->keys + sizeof *vals));
    }
    pm->cap = cap;
    pm->keys = keys;
    pm->vals = vals;
    pm->count = 0;
    for (uint32_t i = 0; i < old.cap; i++)
      if (old.keys[i])
        ptrmap_put(pm, old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
  }
  uint32_t i = ptr_hash(key) & (pm->cap - 1);
  while (pm->keys[i] && pm->keys[i] != key)
    i = (i + 1) & (pm->cap - 1);
  if (!pm->keys[i])
    pm->count++;
  pm->keys[i] = (void *)key;
  pm->vals[i] = val;
}

/*===-- kernels ---------------------------------------------------------===*/

static wmma_emu_param_kind param_kind(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMPointerTypeKind: return WMMA_EMU_PARAM_POINTER;
  case LLVMHalfTypeKind: return WMMA_EMU_PARAM_F16;
  case LLVMFloatTypeKind: return WMMA_EMU_PARAM_F32;
  case LLVMDoubleTypeKind: return WMMA_EMU_PARAM_F64;
  case LLVMIntegerTypeKind:
    switch (LLVMGetIntTypeWidth(t)) {
    case 8: return WMMA_EMU_PARAM_I8;
    case 16: return WMMA_EMU_PARAM_I16;
    case 32: return WMMA_EMU_PARAM_I32;
    case 64: return WMMA_EMU_PARAM_I64;
    default: return WMMA_EMU_PARAM_UNSUPPORTED;
    }
  default: return WMMA_EMU_PARAM_UNSUPPORTED;
  }
}

static char *string_attr(LLVMValueRef fn, const char *key) {
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  if (!a)
    return NULL;
  unsigned len;
  const char *v = LLVMGetStringAttributeValue(a, &len);
  return emu_xstrndup(v, len);
}

int emu_find_kernels(Program *p) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(p->mod); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) || LLVMGetFunctionCallConv(fn) != LLVMAMDGPUKERNELCallConv)
      continue;
    p->kernels = emu_xrealloc(p->kernels, (size_t)p->nkernels + 1, sizeof *p->kernels);
    Kernel *k = &p->kernels[p->nkernels++];
    memset(k, 0, sizeof *k);
    size_t len;
    const char *kn = LLVMGetValueName2(fn, &len);
    k->fn = fn;
    k->name = emu_xstrndup(kn, len);
    k->chip = string_attr(fn, "target-cpu");
    k->nparams = LLVMCountParams(fn);
    k->params = emu_xalloc((size_t)k->nparams + 1, sizeof *k->params);
    uint32_t off = 0;
    for (uint32_t i = 0; i < k->nparams; i++) {
      KParam *kp = &k->params[i];
      LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
      kp->kind = param_kind(t);
      if (kp->kind == WMMA_EMU_PARAM_UNSUPPORTED)
        continue;
      uint32_t al = LLVMABIAlignmentOfType(p->td, t);
      kp->size = (uint32_t)LLVMABISizeOfType(p->td, t);
      kp->offset = al ? (off + al - 1) / al * al : off;
      kp->as = kp->kind == WMMA_EMU_PARAM_POINTER ? LLVMGetPointerAddressSpace(t) : 0;
      off = kp->offset + kp->size;
    }
    k->hidden_offset = (off + 7) & ~7u;
  }
  return 0;
}

void emu_forget_funcs(Program *p) {
  for (uint32_t i = 0; i < p->nfuncs; i++)
    emu_func_free(p->funcs[i]);
  p->nfuncs = 0;
  ptrmap_free(&p->func_map);
  for (int i = 0; i < p->nkernels; i++)
    p->kernels[i].func = NULL;
}

void emu_program_free(Program *p) {
  emu_forget_funcs(p);
  free(p->funcs);
  for (int i = 0; i < p->nkernels; i++) {
    free(p->kernels[i].name);
    free(p->kernels[i].chip);
    free(p->kernels[i].params);
  }
  free(p->kernels);
  free(p->global_addr);
  ptrmap_free(&p->global_map);
  if (p->td)
    LLVMDisposeTargetData(p->td);
  if (p->mod)
    LLVMDisposeModule(p->mod);
  if (p->ctx)
    LLVMContextDispose(p->ctx);
  memset(p, 0, sizeof *p);
}
