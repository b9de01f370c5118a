/* Module loading, kernels and parameters, the emulated global address
 * space (buffers and module globals), errors and counters. */
#include "EmuInternal.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/IRReader.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* What clang uses for amdgcn; applied when a hand-written module has none,
 * so that sizes and offsets match the real target. */
static const char *kAmdgcnDataLayout =
    "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-"
    "p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-"
    "v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-"
    "v2048:2048-n32:64-S32-A5-G1-ni:7:8:9";

static char g_load_error[2048];

/*===-- errors ----------------------------------------------------------===*/

void emu_set_error(wmma_emu_module *m, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m ? m->err : g_load_error, sizeof g_load_error, fmt, ap);
  va_end(ap);
}

void emu_fault(wmma_emu_module *m, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m->err, sizeof m->err, fmt, ap);
  va_end(ap);
  longjmp(*m->fault_jmp, 1);
}

const char *wmma_emu_last_error(const wmma_emu_module *m) {
  return m ? m->err : g_load_error;
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
  const char *p = s;
  while (*p == ' ')
    p++;
  snprintf(buf, cap, "'%s'", p);
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
    pm->cap = old.cap ? old.cap * 2 : 64;
    pm->keys = calloc(pm->cap, sizeof *pm->keys);
    pm->vals = calloc(pm->cap, sizeof *pm->vals);
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

/*===-- global address space --------------------------------------------===*/

int emu_alloc(wmma_emu_module *m, uint64_t size, const char *name, int user) {
  if (size >= GLOBAL_MAX_SIZE) {
    emu_set_error(m, "allocation of %llu bytes is too large",
                  (unsigned long long)size);
    return -1;
  }
  if (m->nallocs == m->cap_allocs) {
    m->cap_allocs = m->cap_allocs ? 2 * m->cap_allocs : 16;
    m->allocs = realloc(m->allocs, m->cap_allocs * sizeof *m->allocs);
  }
  Alloc *a = &m->allocs[m->nallocs];
  a->data = calloc(size ? size : 1, 1);
  if (!a->data) {
    emu_set_error(m, "out of host memory allocating %llu bytes",
                  (unsigned long long)size);
    return -1;
  }
  a->size = size;
  a->name = strdup(name ? name : "");
  a->user = user;
  return (int)m->nallocs++;
}

static uint64_t alloc_base(int idx) {
  return (uint64_t)(idx + 1) << GLOBAL_SHIFT;
}

uint8_t *emu_resolve_global(wmma_emu_module *m, uint64_t addr, uint64_t size,
                            int *alloc_idx) {
  uint64_t idx = (addr >> GLOBAL_SHIFT) - 1;
  uint64_t off = addr & ((1ull << GLOBAL_SHIFT) - 1);
  if (addr >> GLOBAL_SHIFT == 0 || idx >= m->nallocs) {
    *alloc_idx = -1;
    return NULL;
  }
  *alloc_idx = (int)idx;
  const Alloc *a = &m->allocs[idx];
  if (off > a->size || size > a->size - off)
    return NULL;
  return a->data + off;
}

int emu_global_address(wmma_emu_module *m, LLVMValueRef g, uint64_t *addr,
                       unsigned *as) {
  uint32_t i;
  if (!ptrmap_get(&m->global_map, g, &i))
    return 0;
  *addr = m->global_addr[i];
  *as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  return 1;
}

static int is_llvm_meta_global(LLVMValueRef g) {
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  return len >= 5 && strncmp(name, "llvm.", 5) == 0;
}

/* Writes constant c of type t to dst in memory layout. */
static int const_to_bytes(wmma_emu_module *m, LLVMValueRef c, LLVMTypeRef t,
                          uint8_t *dst) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMArrayTypeKind || k == LLVMStructTypeKind || k == LLVMVectorTypeKind) {
    LLVMTypeRef et0 = k == LLVMStructTypeKind ? NULL : LLVMGetElementType(t);
    if (k == LLVMVectorTypeKind && LLVMGetTypeKind(et0) == LLVMIntegerTypeKind &&
        LLVMGetIntTypeWidth(et0) % 8) {
      emu_set_error(m, "unsupported bit-packed vector in a global initializer");
      return -1;
    }
    if (LLVMIsAConstantAggregateZero(c) || LLVMIsAUndefValue(c))
      return 0; /* memory is zero already */
    unsigned n = k == LLVMStructTypeKind ? LLVMCountStructElementTypes(t)
                 : k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t)
                                          : LLVMGetVectorSize(t);
    for (unsigned i = 0; i < n; i++) {
      LLVMTypeRef et = k == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i)
                                               : LLVMGetElementType(t);
      uint64_t off = k == LLVMStructTypeKind ? LLVMOffsetOfElement(m->td, t, i)
                     : k == LLVMArrayTypeKind ? i * LLVMABISizeOfType(m->td, et)
                                              : i * LLVMStoreSizeOfType(m->td, et);
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      if (!e) {
        emu_set_error(m, "unsupported global initializer constant");
        return -1;
      }
      if (const_to_bytes(m, e, et, dst + off))
        return -1;
    }
    return 0;
  }
  VType vt;
  if (emu_decode_type(t, &vt) || vt.n != 1) {
    if (!m->err[0])
      emu_set_error(m, "unsupported type in a global initializer");
    return -1;
  }
  uint64_t v;
  if (emu_const_eval(m, c, &v))
    return -1;
  uint64_t bytes = LLVMStoreSizeOfType(m->td, t);
  memcpy(dst, &v, bytes > 8 ? 8 : bytes);
  return 0;
}

int emu_materialize_globals(wmma_emu_module *m) {
  /* Addresses first (initializers may refer to other globals). */
  uint32_t lds = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m->mod); g; g = LLVMGetNextGlobal(g)) {
    if (is_llvm_meta_global(g))
      continue;
    LLVMTypeRef vt = LLVMGlobalGetValueType(g);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    uint64_t size = LLVMTypeIsSized(vt) ? LLVMABISizeOfType(m->td, vt) : 0;
    uint64_t addr;
    if (as == 3) {
      uint64_t align = LLVMGetAlignment(g);
      if (!align)
        align = LLVMABIAlignmentOfType(m->td, vt);
      if (align < 4)
        align = 4;
      uint64_t off = (lds + align - 1) / align * align;
      if (off + size > 0xffffffffull) {
        emu_set_error(m, "LDS globals exceed 4 GiB");
        return -1;
      }
      addr = off;
      lds = (uint32_t)(off + size);
    } else if (as == 0 || as == 1 || as == 4) {
      size_t len;
      const char *name = LLVMGetValueName2(g, &len);
      int idx = emu_alloc(m, size, name, 0);
      if (idx < 0)
        return -1;
      addr = alloc_base(idx);
    } else {
      continue; /* other address spaces: rejected if used */
    }
    if (m->nglobals == m->cap_globals) {
      m->cap_globals = m->cap_globals ? 2 * m->cap_globals : 16;
      m->global_addr = realloc(m->global_addr, m->cap_globals * sizeof(uint64_t));
    }
    m->global_addr[m->nglobals] = addr;
    ptrmap_put(&m->global_map, g, m->nglobals++);
  }
  m->lds_static = lds;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m->mod); g; g = LLVMGetNextGlobal(g)) {
    uint64_t addr;
    unsigned as;
    if (is_llvm_meta_global(g) || !emu_global_address(m, g, &addr, &as) || as == 3)
      continue;
    LLVMValueRef init = LLVMGetInitializer(g);
    if (!init)
      continue;
    int idx;
    uint8_t *dst = emu_resolve_global(m, addr, 0, &idx);
    if (!dst || const_to_bytes(m, init, LLVMGlobalGetValueType(g), dst)) {
      size_t len;
      const char *name = LLVMGetValueName2(g, &len);
      char tmp[2048];
      snprintf(tmp, sizeof tmp, "%s", m->err);
      emu_set_error(m, "cannot initialize global @%.*s: %s", (int)len, name, tmp);
      return -1;
    }
  }
  m->globals_ready = 1;
  return 0;
}

/*===-- loading ---------------------------------------------------------===*/

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

const char *wmma_emu_param_kind_name(wmma_emu_param_kind k) {
  static const char *names[] = {"pointer", "i32", "i64", "f32", "f16",
                                "f64", "i16", "i8", "unsupported"};
  return (unsigned)k <= WMMA_EMU_PARAM_UNSUPPORTED ? names[k] : "?";
}

static char *string_attr(LLVMValueRef fn, const char *key) {
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  if (!a)
    return NULL;
  unsigned len;
  const char *v = LLVMGetStringAttributeValue(a, &len);
  char *s = malloc(len + 1);
  memcpy(s, v, len);
  s[len] = 0;
  return s;
}

static wmma_emu_module *load_buffer(LLVMMemoryBufferRef buf, const char *name) {
  g_load_error[0] = 0;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef mod = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext2(ctx, buf, &mod, &msg)) {
    emu_set_error(NULL, "%s: cannot parse LLVM IR: %s", name, msg ? msg : "");
    LLVMDisposeMessage(msg);
    LLVMDisposeMemoryBuffer(buf);
    LLVMContextDispose(ctx);
    return NULL;
  }
  LLVMDisposeMemoryBuffer(buf);
  if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
    emu_set_error(NULL, "%s: invalid LLVM IR: %s", name, msg ? msg : "");
    LLVMDisposeMessage(msg);
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return NULL;
  }
  LLVMDisposeMessage(msg);

  wmma_emu_module *m = calloc(1, sizeof *m);
  m->ctx = ctx;
  m->mod = mod;
  m->name = strdup(name);
  const char *dl = LLVMGetDataLayoutStr(mod);
  m->td = LLVMCreateTargetData(dl && *dl ? dl : kAmdgcnDataLayout);
  m->kernarg_alloc = m->dispatch_alloc = -1;
  ptrmap_init(&m->func_map);
  ptrmap_init(&m->global_map);

  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) || LLVMGetFunctionCallConv(fn) != LLVMAMDGPUKERNELCallConv)
      continue;
    m->kernels = realloc(m->kernels, (m->nkernels + 1) * sizeof *m->kernels);
    Kernel *k = &m->kernels[m->nkernels++];
    memset(k, 0, sizeof *k);
    size_t len;
    const char *kn = LLVMGetValueName2(fn, &len);
    k->fn = fn;
    k->name = strndup(kn, len);
    k->chip = string_attr(fn, "target-cpu");
    k->nparams = LLVMCountParams(fn);
    k->params = calloc(k->nparams + 1, sizeof *k->params);
    uint32_t off = 0;
    for (uint32_t i = 0; i < k->nparams; i++) {
      KParam *p = &k->params[i];
      LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
      p->kind = param_kind(t);
      if (p->kind == WMMA_EMU_PARAM_UNSUPPORTED)
        continue;
      uint32_t al = LLVMABIAlignmentOfType(m->td, t);
      p->size = (uint32_t)LLVMABISizeOfType(m->td, t);
      p->offset = al ? (off + al - 1) / al * al : off;
      p->as = p->kind == WMMA_EMU_PARAM_POINTER ? LLVMGetPointerAddressSpace(t) : 0;
      off = p->offset + p->size;
    }
    k->hidden_offset = (off + 7) & ~7u;
  }
  if (emu_materialize_globals(m)) {
    emu_set_error(NULL, "%s: %s", name, m->err);
    wmma_emu_destroy(m);
    return NULL;
  }
  return m;
}

wmma_emu_module *wmma_emu_load_file(const char *path) {
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (!path || LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
    emu_set_error(NULL, "cannot read '%s': %s", path ? path : "(null)",
                  msg ? msg : "no path");
    LLVMDisposeMessage(msg);
    return NULL;
  }
  return load_buffer(buf, path);
}

wmma_emu_module *wmma_emu_load_memory(const void *data, size_t size,
                                      const char *name) {
  if (!data) {
    emu_set_error(NULL, "no data");
    return NULL;
  }
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      data, size, name ? name : "<memory>");
  return load_buffer(buf, name ? name : "<memory>");
}

void wmma_emu_destroy(wmma_emu_module *m) {
  if (!m)
    return;
  for (uint32_t i = 0; i < m->nfuncs; i++)
    emu_func_free(m->funcs[i]);
  free(m->funcs);
  for (int i = 0; i < m->nkernels; i++) {
    free(m->kernels[i].name);
    free(m->kernels[i].chip);
    free(m->kernels[i].params);
  }
  free(m->kernels);
  for (uint32_t i = 0; i < m->nallocs; i++) {
    free(m->allocs[i].data);
    free(m->allocs[i].name);
  }
  free(m->allocs);
  free(m->global_addr);
  for (int i = 0; i < m->cap_waves; i++)
    free(m->waves[i].priv);
  free(m->waves);
  free(m->lds);
  free(m->phi_tmp);
  ptrmap_free(&m->func_map);
  ptrmap_free(&m->global_map);
  free(m->chip_override);
  free(m->name);
  if (m->td)
    LLVMDisposeTargetData(m->td);
  LLVMDisposeModule(m->mod);
  LLVMContextDispose(m->ctx);
  free(m);
}

int wmma_emu_set_chip(wmma_emu_module *m, const char *chip) {
  if (!m)
    return WMMA_EMU_USAGE;
  if (chip && wmma_chip_arch(chip) == WMMA_ARCH_INVALID) {
    emu_set_error(m, "unknown chip '%s' (supported: %s)", chip,
                  wmma_supported_chips());
    return WMMA_EMU_USAGE;
  }
  free(m->chip_override);
  m->chip_override = chip ? strdup(chip) : NULL;
  /* Decoding depends on the architecture: forget decoded functions. */
  for (uint32_t i = 0; i < m->nfuncs; i++)
    emu_func_free(m->funcs[i]);
  m->nfuncs = 0;
  ptrmap_free(&m->func_map);
  for (int i = 0; i < m->nkernels; i++)
    m->kernels[i].func = NULL;
  return WMMA_EMU_OK;
}

/*===-- kernels ---------------------------------------------------------===*/

int wmma_emu_kernel_count(const wmma_emu_module *m) { return m ? m->nkernels : 0; }

const char *wmma_emu_kernel_name(const wmma_emu_module *m, int k) {
  return m && k >= 0 && k < m->nkernels ? m->kernels[k].name : NULL;
}

int wmma_emu_find_kernel(const wmma_emu_module *m, const char *name) {
  if (!m || !name)
    return -1;
  for (int i = 0; i < m->nkernels; i++)
    if (strcmp(m->kernels[i].name, name) == 0)
      return i;
  return -1;
}

const char *wmma_emu_kernel_chip(const wmma_emu_module *m, int k) {
  return m && k >= 0 && k < m->nkernels ? m->kernels[k].chip : NULL;
}

int wmma_emu_param_count(const wmma_emu_module *m, int k) {
  return m && k >= 0 && k < m->nkernels ? (int)m->kernels[k].nparams : -1;
}

wmma_emu_param_kind wmma_emu_param_kind_of(const wmma_emu_module *m, int k,
                                           int p) {
  if (!m || k < 0 || k >= m->nkernels || p < 0 ||
      (uint32_t)p >= m->kernels[k].nparams)
    return WMMA_EMU_PARAM_UNSUPPORTED;
  return m->kernels[k].params[p].kind;
}

/* Resolves the architecture of a kernel (chip override or target-cpu). */
static int kernel_arch(wmma_emu_module *m, const Kernel *k) {
  const char *chip = m->chip_override ? m->chip_override : k->chip;
  if (!chip) {
    emu_set_error(m, "kernel '%s' has no \"target-cpu\" attribute: give a chip "
                  "(--chip; supported: %s)", k->name, wmma_supported_chips());
    return -1;
  }
  m->arch = wmma_chip_arch(chip);
  if (m->arch == WMMA_ARCH_INVALID) {
    emu_set_error(m, "kernel '%s': unsupported chip '%s' (supported: %s)",
                  k->name, chip, wmma_supported_chips());
    return -1;
  }
  return 0;
}

/* Clears the error; kernel number `kernel` of m, or NULL (error set). */
static Kernel *kernel_at(wmma_emu_module *m, int kernel) {
  m->err[0] = 0;
  if (kernel < 0 || kernel >= m->nkernels) {
    emu_set_error(m, "no kernel with index %d", kernel);
    return NULL;
  }
  return &m->kernels[kernel];
}

int wmma_emu_prepare(wmma_emu_module *m, int kernel) {
  Kernel *k = m ? kernel_at(m, kernel) : NULL;
  if (!k)
    return WMMA_EMU_USAGE;
  if (kernel_arch(m, k))
    return WMMA_EMU_FAULT;
  if (!k->func) {
    Func *f = emu_get_func(m, k->fn);
    if (!f || emu_decode(m, f))
      return WMMA_EMU_FAULT;
    k->func = f;
  }
  return WMMA_EMU_OK;
}

int wmma_emu_launch(wmma_emu_module *m, int kernel, const wmma_emu_arg *args,
                    int nargs, const unsigned grid[3], const unsigned block[3]) {
  Kernel *k = m ? kernel_at(m, kernel) : NULL;
  if (!k)
    return WMMA_EMU_USAGE;
  if (nargs != (int)k->nparams || (nargs && !args)) {
    emu_set_error(m, "kernel '%s' takes %u arguments, %d given", k->name,
                  k->nparams, nargs);
    return WMMA_EMU_USAGE;
  }
  for (int i = 0; i < nargs; i++) {
    wmma_emu_param_kind want = k->params[i].kind;
    if (want == WMMA_EMU_PARAM_UNSUPPORTED) {
      char *t = LLVMPrintTypeToString(LLVMTypeOf(LLVMGetParam(k->fn, (unsigned)i)));
      emu_set_error(m, "kernel '%s': parameter %d has unsupported type %s",
                    k->name, i, t);
      LLVMDisposeMessage(t);
      return WMMA_EMU_USAGE;
    }
    if (args[i].kind != want) {
      emu_set_error(m, "kernel '%s': argument %d is %s but the parameter is %s",
                    k->name, i, wmma_emu_param_kind_name(args[i].kind),
                    wmma_emu_param_kind_name(want));
      return WMMA_EMU_USAGE;
    }
    if (want == WMMA_EMU_PARAM_POINTER &&
        (args[i].u.buffer < 0 || (uint32_t)args[i].u.buffer >= m->nallocs)) {
      emu_set_error(m, "kernel '%s': argument %d: no buffer %d", k->name, i,
                    args[i].u.buffer);
      return WMMA_EMU_USAGE;
    }
  }
  if (!grid || !block) {
    emu_set_error(m, "missing grid or block size");
    return WMMA_EMU_USAGE;
  }
  uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
  if (threads == 0 || threads > 1024 || !grid[0] || !grid[1] || !grid[2]) {
    emu_set_error(m, "invalid launch: block %ux%ux%u (1..1024 work-items), "
                  "grid %ux%ux%u (non-zero)", block[0], block[1], block[2],
                  grid[0], grid[1], grid[2]);
    return WMMA_EMU_USAGE;
  }
  int rc = wmma_emu_prepare(m, kernel);
  if (rc)
    return rc;
  return emu_run(m, k, args, grid, block);
}

void wmma_emu_set_instruction_limit(wmma_emu_module *m, uint64_t limit) {
  if (m)
    m->limit = limit;
}

/*===-- buffers ---------------------------------------------------------===*/

int wmma_emu_buffer_create(wmma_emu_module *m, size_t bytes, const void *init) {
  if (!m)
    return -1;
  char name[32];
  snprintf(name, sizeof name, "buffer %u", m->nallocs);
  int idx = emu_alloc(m, bytes, name, 1);
  if (idx >= 0 && init && bytes)
    memcpy(m->allocs[idx].data, init, bytes);
  return idx;
}

static const Alloc *get_alloc(const wmma_emu_module *m, int id) {
  return m && id >= 0 && (uint32_t)id < m->nallocs ? &m->allocs[id] : NULL;
}

size_t wmma_emu_buffer_size(const wmma_emu_module *m, int id) {
  const Alloc *a = get_alloc(m, id);
  return a ? a->size : 0;
}

void *wmma_emu_buffer_data(wmma_emu_module *m, int id) {
  const Alloc *a = get_alloc(m, id);
  return a ? a->data : NULL;
}

int wmma_emu_buffer_write(wmma_emu_module *m, int id, size_t off,
                          const void *src, size_t bytes) {
  const Alloc *a = get_alloc(m, id);
  if (!a || off > a->size || bytes > a->size - off || (bytes && !src))
    return WMMA_EMU_USAGE;
  if (bytes)
    memcpy(a->data + off, src, bytes);
  return WMMA_EMU_OK;
}

int wmma_emu_buffer_read(const wmma_emu_module *m, int id, void *dst,
                         size_t bytes) {
  const Alloc *a = get_alloc(m, id);
  if (!a || bytes > a->size || (bytes && !dst))
    return WMMA_EMU_USAGE;
  if (bytes)
    memcpy(dst, a->data, bytes);
  return WMMA_EMU_OK;
}

/*===-- counters --------------------------------------------------------===*/

void wmma_emu_get_stats(const wmma_emu_module *m, wmma_emu_stats *out) {
  if (m && out)
    *out = m->stats;
}

void wmma_emu_reset_stats(wmma_emu_module *m) {
  if (m)
    memset(&m->stats, 0, sizeof m->stats);
}

typedef struct {
  char *buf;
  size_t cap, len;
} Out;

static void outf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void outf(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0)
    o->len += (size_t)n;
}

/* The plain counters in output order (the wmma ones are listed apart);
 * JSON groups the cross-lane counters in one object. */
typedef struct {
  const char *json, *text;
  size_t off;
} Counter;
#define COUNTER(field, text) {#field, text, offsetof(wmma_emu_stats, field)}
static const Counter kInstrCounters[] = {
    COUNTER(lane_instructions, "lane-instructions"),
    COUNTER(wave_instructions, "wave-instructions")};
static const Counter kCrossLaneCounters[] = {
    COUNTER(ds_bpermute, "ds_bpermute"), COUNTER(permlanex16, "permlanex16"),
    COUNTER(dpp, "dpp"), COUNTER(ds_swizzle, "ds_swizzle")};
static const Counter kMemoryCounters[] = {
    COUNTER(global_bytes_loaded, "global-bytes-loaded"),
    COUNTER(global_bytes_stored, "global-bytes-stored"),
    COUNTER(lds_bytes_read, "lds-bytes-read"),
    COUNTER(lds_bytes_written, "lds-bytes-written"),
    COUNTER(barriers, "barriers"),
    COUNTER(workgroups, "workgroups"),
    COUNTER(waves, "waves")};
#undef COUNTER
#define NCOUNTERS(a) (sizeof a / sizeof a[0])

static unsigned long long counter_value(const wmma_emu_stats *s,
                                        const Counter *c) {
  return *(const uint64_t *)((const char *)s + c->off);
}

static void stats_json(Out *o, const wmma_emu_stats *s) {
  outf(o, "{\n");
  for (size_t i = 0; i < NCOUNTERS(kInstrCounters); i++)
    outf(o, "  \"%s\": %llu,\n", kInstrCounters[i].json,
         counter_value(s, &kInstrCounters[i]));
  outf(o, "  \"wmma\": {");
  int first = 1;
  for (int i = 0; i < WMMA_INSTR_COUNT; i++) {
    if (!s->wmma[i])
      continue;
    outf(o, "%s\"%s\": %llu", first ? "" : ", ",
         wmma_instr_get((wmma_instr)i)->isa_name, (unsigned long long)s->wmma[i]);
    first = 0;
  }
  outf(o, "},\n  \"wmma_total\": %llu,\n", (unsigned long long)s->wmma_total);
  outf(o, "  \"cross_lane\": {");
  for (size_t i = 0; i < NCOUNTERS(kCrossLaneCounters); i++)
    outf(o, "%s\"%s\": %llu", i ? ", " : "", kCrossLaneCounters[i].json,
         counter_value(s, &kCrossLaneCounters[i]));
  outf(o, "},\n");
  for (size_t i = 0; i < NCOUNTERS(kMemoryCounters); i++)
    outf(o, "  \"%s\": %llu%s\n", kMemoryCounters[i].json,
         counter_value(s, &kMemoryCounters[i]),
         i + 1 < NCOUNTERS(kMemoryCounters) ? "," : "");
  outf(o, "}\n");
}

static void text_counters(Out *o, const wmma_emu_stats *s, const Counter *c,
                          size_t n) {
  for (size_t i = 0; i < n; i++)
    outf(o, "%s: %llu\n", c[i].text, counter_value(s, &c[i]));
}

static void stats_text(Out *o, const wmma_emu_stats *s) {
  text_counters(o, s, kInstrCounters, NCOUNTERS(kInstrCounters));
  outf(o, "wmma: %llu\n", (unsigned long long)s->wmma_total);
  for (int i = 0; i < WMMA_INSTR_COUNT; i++)
    if (s->wmma[i])
      outf(o, "  %s: %llu\n", wmma_instr_get((wmma_instr)i)->isa_name,
           (unsigned long long)s->wmma[i]);
  text_counters(o, s, kCrossLaneCounters, NCOUNTERS(kCrossLaneCounters));
  text_counters(o, s, kMemoryCounters, NCOUNTERS(kMemoryCounters));
}

static size_t stats_write(const wmma_emu_module *m, char *buf, size_t cap,
                          void (*print)(Out *, const wmma_emu_stats *)) {
  Out o = {buf, cap, 0};
  if (cap)
    buf[0] = 0;
  if (!m)
    return 0;
  print(&o, &m->stats);
  return o.len;
}

size_t wmma_emu_stats_json(const wmma_emu_module *m, char *buf, size_t cap) {
  return stats_write(m, buf, cap, stats_json);
}

size_t wmma_emu_stats_text(const wmma_emu_module *m, char *buf, size_t cap) {
  return stats_write(m, buf, cap, stats_text);
}
