/* The public API (top layer): loading and checking modules, kernels and
 * their parameters, buffers, settings and launches. */
#include "Alloc.h"
#include "EmuModule.h"

#include "wmma/Support/LargeStack.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Support.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What clang uses for amdgcn; applied when a hand-written module has none,
 * so that sizes and offsets match the real target. */
static const char *kAmdgcnDataLayout =
    "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-"
    "p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-"
    "v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-"
    "v2048:2048-n32:64-S32-A5-G1-ni:7:8:9";

static _Thread_local char g_load_error[2048];

static void load_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void load_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g_load_error, sizeof g_load_error, fmt, ap);
  va_end(ap);
}

const char *wmma_emu_last_error(const wmma_emu_module *m) {
  return m ? m->prog.err : g_load_error;
}

/*===-- loading ---------------------------------------------------------===*/

/* LLVM's IR and bitcode readers "upgrade" debug info after parsing, and
 * that step ends the process (report_fatal_error: "Broken module found,
 * compilation aborted!") when a module that declares debug info is invalid.
 * Turning the upgrade off (once per process) leaves every check to
 * LLVMVerifyModule below, which reports broken modules and broken debug
 * info alike as errors. */
static void disable_debug_info_upgrade(void) {
  const char *argv[] = {"wmma-emu", "-disable-auto-upgrade-debug-info"};
  LLVMParseCommandLineOptions(2, argv, NULL);
}

/* Inputs on which LLVM 22's verifier itself crashes (SIGSEGV), refused
 * before it runs; both found by wmma-fuzz-emulator (fuzz/findings):
 * - a !llvm.module.flags entry that is not a plain (i32, !"key", value)
 *   tuple: Module::getModuleFlag dereferences its operands blindly;
 * - a use of an instruction the parser's intrinsic auto-upgrade deleted
 *   (dangling_use): the verifier follows it out of the function.
 * Writes a message to why and returns 1 when the module is refused. */
/* Does an instruction use one that is in no block?  LLVM's auto-upgrade of
 * old intrinsics, run by the parser, can leave such a use behind: it takes
 * a call to llvm.lifetime.enderflow.i32 for the old llvm.lifetime.end,
 * deletes it and keeps its users. */
static LLVMValueRef dangling_use(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
         in = LLVMGetNextInstruction(in))
      for (int i = 0, n = LLVMGetNumOperands(in); i < n; ++i) {
        LLVMValueRef op = LLVMGetOperand(in, (unsigned)i);
        if (op && LLVMIsAInstruction(op) && !LLVMGetInstructionParent(op))
          return in;
      }
  return NULL;
}

static int verifier_hazard(LLVMModuleRef mod, char *why, size_t cap) {
  const char *flags = "llvm.module.flags";
  unsigned nf = LLVMGetNamedMetadataNumOperands(mod, flags);
  LLVMValueRef *ops = nf ? emu_alloc(nf, sizeof *ops) : NULL;
  if (nf && !ops) {
    snprintf(why, cap, "out of memory reading the module flags");
    return 1;
  }
  if (nf)
    LLVMGetNamedMetadataOperands(mod, flags, ops);
  for (unsigned i = 0; i < nf; ++i) {
    LLVMValueRef f = ops[i];
    int ok = f && LLVMGetMetadataKind(LLVMValueAsMetadata(f)) ==
                      LLVMMDTupleMetadataKind &&
             LLVMGetMDNodeNumOperands(f) == 3;
    if (ok) {
      LLVMValueRef e[3];
      LLVMGetMDNodeOperands(f, e);
      unsigned len;
      ok = e[0] && LLVMIsAConstantInt(e[0]) && e[1] &&
           LLVMGetMDString(e[1], &len) != NULL;
    }
    if (!ok) {
      snprintf(why, cap, "module flag %u is not an (i32, !\"key\", value) "
                         "tuple (LLVM's verifier would crash on it)", i);
      free(ops);
      return 1;
    }
  }
  free(ops);
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn;
       fn = LLVMGetNextFunction(fn))
    if (dangling_use(fn)) {
      size_t len;
      const char *name = LLVMGetValueName2(fn, &len);
      snprintf(why, cap, "in function '%.*s': an instruction uses a value "
                         "that LLVM's intrinsic auto-upgrade deleted (LLVM's "
                         "verifier would crash on it)",
               (int)(len > 200 ? 200 : len), name);
      return 1;
    }
  return 0;
}

/* Parsing and verifying, on a thread whose stack grows with the input:
 * LLVM's IR parser recurses once per nesting level of a type or constant
 * (50,000 nested array types overflow 8 MiB). */
typedef struct {
  LLVMContextRef ctx;
  LLVMMemoryBufferRef buf;
  LLVMModuleRef mod;
  char *msg;      /* LLVM's message (parse or verifier error) */
  char why[512];  /* a hazard refused before verification */
  int status;     /* WMMA_EMU_OK, _USAGE (parse), _FAULT (invalid) */
} parse_job;

static int parse_and_verify(void *p) {
  parse_job *j = p;
  /* LLVMParseIRInContext2 leaves the buffer to the caller. */
  if (LLVMParseIRInContext2(j->ctx, j->buf, &j->mod, &j->msg)) {
    j->mod = NULL;
    j->status = WMMA_EMU_USAGE;
    return 0;
  }
  LLVMDisposeMessage(j->msg);
  j->msg = NULL;
  if (verifier_hazard(j->mod, j->why, sizeof j->why) ||
      LLVMVerifyModule(j->mod, LLVMReturnStatusAction, &j->msg))
    j->status = WMMA_EMU_FAULT;
  return 0;
}

/* The kernels and the global layout, in a recovery scope: a failed
 * allocation fails the load. */
static int index_module(wmma_emu_module *m) {
  EmuOom oom;
  if (setjmp(oom.jb)) {
    emu_oom_leave(&oom);
    prog_error(&m->prog, "out of host memory (a request of %zu bytes failed)",
               oom.bytes);
    return -1;
  }
  emu_oom_enter(&oom);
  int rc = emu_find_kernels(&m->prog) || emu_layout_globals(&m->prog, &m->mem);
  emu_oom_leave(&oom);
  return rc;
}

static int load_buffer(LLVMMemoryBufferRef buf, const char *name,
                       wmma_emu_module **out) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, disable_debug_info_upgrade);
  emu_float_init();
  g_load_error[0] = 0;
  *out = NULL;
  parse_job j = {.ctx = LLVMContextCreate(), .buf = buf};
  wmma_run_with_stack(wmma_parse_stack_bytes(LLVMGetBufferSize(buf)),
                      parse_and_verify, &j);
  LLVMDisposeMemoryBuffer(buf);
  if (j.status != WMMA_EMU_OK) {
    size_t n = j.msg ? strlen(j.msg) : 0;
    while (n && j.msg[n - 1] == '\n')
      j.msg[--n] = 0;
    if (j.status == WMMA_EMU_USAGE)
      load_error("%s: cannot parse LLVM IR: %s", name, j.msg ? j.msg : "");
    else
      load_error("%s: invalid LLVM IR (rejected by LLVM's verifier): %s", name,
                 j.why[0] ? j.why : j.msg ? j.msg : "");
    LLVMDisposeMessage(j.msg);
    if (j.mod)
      LLVMDisposeModule(j.mod);
    LLVMContextDispose(j.ctx);
    return j.status;
  }
  LLVMDisposeMessage(j.msg);
  LLVMContextRef ctx = j.ctx;
  LLVMModuleRef mod = j.mod;

  wmma_emu_module *m = emu_alloc(1, sizeof *m);
  char *copy = emu_strndup(name, SIZE_MAX);
  if (!m || !copy) {
    free(m);
    free(copy);
    LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    load_error("%s: out of host memory", name);
    return WMMA_EMU_FAULT;
  }
  m->prog.ctx = ctx;
  m->prog.mod = mod;
  m->name = copy;
  const char *dl = LLVMGetDataLayoutStr(mod);
  m->prog.td = LLVMCreateTargetData(dl && *dl ? dl : kAmdgcnDataLayout);
  m->kernarg_alloc = m->dispatch_alloc = -1;
  m->limit = EMU_LIMIT_DEFAULT;
  mem_init(&m->mem);
  if (index_module(m)) {
    load_error("%s: %s", name, m->prog.err[0] ? m->prog.err : "out of memory");
    wmma_emu_destroy(m);
    return WMMA_EMU_FAULT;
  }
  *out = m;
  return WMMA_EMU_OK;
}

int wmma_emu_open_file(const char *path, wmma_emu_module **out) {
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (!out)
    return WMMA_EMU_USAGE;
  *out = NULL;
  if (!path || LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
    load_error("cannot read '%s': %s", path ? path : "(null)", msg ? msg : "no path");
    LLVMDisposeMessage(msg);
    return WMMA_EMU_USAGE;
  }
  return load_buffer(buf, path, out);
}

int wmma_emu_open_memory(const void *data, size_t size, const char *name,
                         wmma_emu_module **out) {
  if (!out)
    return WMMA_EMU_USAGE;
  *out = NULL;
  if (!data) {
    load_error("no data");
    return WMMA_EMU_USAGE;
  }
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      data, size, name ? name : "<memory>");
  return load_buffer(buf, name ? name : "<memory>", out);
}

wmma_emu_module *wmma_emu_load_file(const char *path) {
  wmma_emu_module *m;
  wmma_emu_open_file(path, &m);
  return m;
}

wmma_emu_module *wmma_emu_load_memory(const void *data, size_t size,
                                      const char *name) {
  wmma_emu_module *m;
  wmma_emu_open_memory(data, size, name, &m);
  return m;
}

void wmma_emu_destroy(wmma_emu_module *m) {
  if (!m)
    return;
  emu_program_free(&m->prog);
  mem_free(&m->mem);
  free(m->chip_override);
  free(m->name);
  free(m);
}

int wmma_emu_set_chip(wmma_emu_module *m, const char *chip) {
  if (!m)
    return WMMA_EMU_USAGE;
  if (chip && wmma_chip_arch(chip) == WMMA_ARCH_INVALID) {
    prog_error(&m->prog, "unknown chip '%s' (supported: %s)", chip,
               wmma_supported_chips());
    return WMMA_EMU_USAGE;
  }
  char *copy = chip ? emu_strndup(chip, SIZE_MAX) : NULL;
  if (chip && !copy) {
    prog_error(&m->prog, "out of host memory");
    return WMMA_EMU_FAULT;
  }
  free(m->chip_override);
  m->chip_override = copy;
  /* Decoding depends on the architecture: forget decoded functions. */
  emu_forget_funcs(&m->prog);
  return WMMA_EMU_OK;
}

/*===-- settings --------------------------------------------------------===*/

void wmma_emu_set_instruction_limit(wmma_emu_module *m, uint64_t limit) {
  if (m)
    m->limit = limit;
}

void wmma_emu_set_threads(wmma_emu_module *m, unsigned threads) {
  if (m)
    m->threads = threads > EMU_MAX_THREADS ? EMU_MAX_THREADS : threads;
}

void wmma_emu_set_l2_model(wmma_emu_module *m, uint64_t l2_bytes,
                           unsigned resident_workgroups) {
  if (m) {
    m->l2_bytes = l2_bytes;
    m->l2_workgroups = resident_workgroups;
  }
}

int wmma_emu_set_dynamic_lds(wmma_emu_module *m, uint32_t bytes) {
  if (!m)
    return WMMA_EMU_USAGE;
  if (bytes > LDS_LIMIT) {
    prog_error(&m->prog, "%u bytes of dynamic LDS: a workgroup has at most %u "
               "bytes of LDS", bytes, LDS_LIMIT);
    return WMMA_EMU_USAGE;
  }
  m->dynamic_lds = bytes;
  return WMMA_EMU_OK;
}

void wmma_emu_set_progress(wmma_emu_module *m, wmma_emu_progress_fn fn,
                           void *user) {
  if (m) {
    m->progress = fn;
    m->progress_user = user;
  }
}

/*===-- kernels ---------------------------------------------------------===*/

int wmma_emu_kernel_count(const wmma_emu_module *m) { return m ? m->prog.nkernels : 0; }

static const Kernel *kernel_of(const wmma_emu_module *m, int k) {
  return m && k >= 0 && k < m->prog.nkernels ? &m->prog.kernels[k] : NULL;
}

const char *wmma_emu_kernel_name(const wmma_emu_module *m, int k) {
  const Kernel *kr = kernel_of(m, k);
  return kr ? kr->name : NULL;
}

int wmma_emu_find_kernel(const wmma_emu_module *m, const char *name) {
  if (!m || !name)
    return -1;
  for (int i = 0; i < m->prog.nkernels; i++)
    if (strcmp(m->prog.kernels[i].name, name) == 0)
      return i;
  return -1;
}

const char *wmma_emu_kernel_chip(const wmma_emu_module *m, int k) {
  const Kernel *kr = kernel_of(m, k);
  return kr ? kr->chip : NULL;
}

int wmma_emu_param_count(const wmma_emu_module *m, int k) {
  const Kernel *kr = kernel_of(m, k);
  return kr ? (int)kr->nparams : -1;
}

wmma_emu_param_kind wmma_emu_param_kind_of(const wmma_emu_module *m, int k,
                                           int p) {
  const Kernel *kr = kernel_of(m, k);
  if (!kr || p < 0 || (uint32_t)p >= kr->nparams)
    return WMMA_EMU_PARAM_UNSUPPORTED;
  return kr->params[p].kind;
}

const char *wmma_emu_param_kind_name(wmma_emu_param_kind k) {
  static const char *names[] = {"pointer", "i32", "i64", "f32", "f16",
                                "f64", "i16", "i8", "unsupported"};
  return (unsigned)k <= WMMA_EMU_PARAM_UNSUPPORTED ? names[k] : "?";
}

/* Resolves the architecture of a kernel (chip override or target-cpu);
 * decoded functions of another architecture are dropped. */
static int kernel_arch(wmma_emu_module *m, const Kernel *k) {
  const char *chip = m->chip_override ? m->chip_override : k->chip;
  if (!chip) {
    prog_error(&m->prog, "kernel '%s' has no \"target-cpu\" attribute: give a chip "
               "(--chip; supported: %s)", k->name, wmma_supported_chips());
    return -1;
  }
  wmma_arch arch = wmma_chip_arch(chip);
  if (arch == WMMA_ARCH_INVALID) {
    prog_error(&m->prog, "kernel '%s': unsupported chip '%s' (supported: %s)",
               k->name, chip, wmma_supported_chips());
    return -1;
  }
  if (arch != m->prog.arch)
    emu_forget_funcs(&m->prog);
  m->prog.arch = arch;
  return 0;
}

/* Clears the error; kernel number `kernel` of m, or NULL (error set). */
static Kernel *kernel_at(wmma_emu_module *m, int kernel) {
  m->prog.err[0] = 0;
  if (kernel < 0 || kernel >= m->prog.nkernels) {
    prog_error(&m->prog, "no kernel with index %d", kernel);
    return NULL;
  }
  return &m->prog.kernels[kernel];
}

/* emu_get_func in a recovery scope; NULL (error set) when memory runs out. */
static Func *kernel_func(wmma_emu_module *m, const Kernel *k) {
  EmuOom oom;
  if (setjmp(oom.jb)) {
    emu_oom_leave(&oom);
    prog_error(&m->prog, "out of host memory (a request of %zu bytes failed)",
               oom.bytes);
    return NULL;
  }
  emu_oom_enter(&oom);
  Func *f = emu_get_func(&m->prog, k->fn);
  emu_oom_leave(&oom);
  return f;
}

int wmma_emu_prepare(wmma_emu_module *m, int kernel) {
  Kernel *k = m ? kernel_at(m, kernel) : NULL;
  if (!k)
    return WMMA_EMU_USAGE;
  if (kernel_arch(m, k))
    return WMMA_EMU_FAULT;
  if (!k->func) {
    Func *f = kernel_func(m, k);
    if (!f || emu_decode(&m->prog, f))
      return WMMA_EMU_FAULT;
    k->func = f;
  }
  return WMMA_EMU_OK;
}

static int check_args(wmma_emu_module *m, const Kernel *k,
                      const wmma_emu_arg *args, int nargs) {
  if (nargs != (int)k->nparams || (nargs && !args)) {
    prog_error(&m->prog, "kernel '%s' takes %u arguments, %d given", k->name,
               k->nparams, nargs);
    return WMMA_EMU_USAGE;
  }
  for (int i = 0; i < nargs; i++) {
    const KParam *kp = &k->params[i];
    if (kp->kind == WMMA_EMU_PARAM_UNSUPPORTED) {
      char *t = LLVMPrintTypeToString(LLVMTypeOf(LLVMGetParam(k->fn, (unsigned)i)));
      prog_error(&m->prog, "kernel '%s': parameter %d has unsupported type %s",
                 k->name, i, t);
      LLVMDisposeMessage(t);
      return WMMA_EMU_USAGE;
    }
    if (args[i].kind != kp->kind) {
      prog_error(&m->prog, "kernel '%s': argument %d is %s but the parameter is %s",
                 k->name, i, wmma_emu_param_kind_name(args[i].kind),
                 wmma_emu_param_kind_name(kp->kind));
      return WMMA_EMU_USAGE;
    }
    if (kp->kind == WMMA_EMU_PARAM_POINTER) {
      if (args[i].u.buffer < 0 || (uint32_t)args[i].u.buffer >= m->mem.nallocs) {
        prog_error(&m->prog, "kernel '%s': argument %d: no buffer %d", k->name, i,
                   args[i].u.buffer);
        return WMMA_EMU_USAGE;
      }
      if (kp->as != AS_FLAT && kp->as != AS_GLOBAL && kp->as != AS_CONSTANT) {
        prog_error(&m->prog, "kernel '%s': pointer parameter %d in address space "
                   "%u is not supported", k->name, i, kp->as);
        return WMMA_EMU_USAGE;
      }
    }
  }
  return WMMA_EMU_OK;
}

int wmma_emu_launch(wmma_emu_module *m, int kernel, const wmma_emu_arg *args,
                    int nargs, const unsigned grid[3], const unsigned block[3]) {
  Kernel *k = m ? kernel_at(m, kernel) : NULL;
  if (!k)
    return WMMA_EMU_USAGE;
  int rc = check_args(m, k, args, nargs);
  if (rc)
    return rc;
  if (!grid || !block) {
    prog_error(&m->prog, "missing grid or block size");
    return WMMA_EMU_USAGE;
  }
  uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
  if (threads == 0 || threads > 1024 || !grid[0] || !grid[1] || !grid[2]) {
    prog_error(&m->prog, "invalid launch: block %ux%ux%u (1..1024 work-items), "
               "grid %ux%ux%u (non-zero)", block[0], block[1], block[2],
               grid[0], grid[1], grid[2]);
    return WMMA_EMU_USAGE;
  }
  rc = wmma_emu_prepare(m, kernel);
  if (rc)
    return rc;
  uint64_t limit = m->limit;
  if (limit == EMU_LIMIT_DEFAULT) {
    /* 10^8, or 2^18 per workgroup for large grids (so that production-size
     * GEMMs fit; a 1024^3 tiled GEMM needs 2^16 per workgroup). */
    uint64_t groups = (uint64_t)grid[0] * grid[1] * grid[2];
    limit = groups < (WMMA_EMU_DEFAULT_INSTRUCTION_LIMIT >> 18)
                ? WMMA_EMU_DEFAULT_INSTRUCTION_LIMIT
                : (groups > (1ull << 40) ? 1ull << 58 : groups << 18);
  }
  DispatchOptions o = {m->threads, m->dynamic_lds, limit, m->progress,
                       m->progress_user, &m->kernarg_alloc, &m->dispatch_alloc,
                       m->chip_override ? m->chip_override : k->chip,
                       m->l2_bytes, m->l2_workgroups};
  return emu_dispatch(&m->prog, &m->mem, k, args, grid, block, &o, &m->stats,
                      m->prog.err, sizeof m->prog.err);
}

/*===-- buffers ---------------------------------------------------------===*/

int wmma_emu_buffer_create(wmma_emu_module *m, size_t bytes, const void *init) {
  if (!m)
    return -1;
  char name[32];
  snprintf(name, sizeof name, "buffer %u", m->mem.nallocs);
  int idx = mem_alloc(&m->mem, bytes, name, 1, m->prog.err, sizeof m->prog.err);
  if (idx >= 0 && init && bytes)
    memcpy(m->mem.allocs[idx].data, init, bytes);
  return idx;
}

static const Alloc *get_alloc(const wmma_emu_module *m, int id) {
  return m && id >= 0 && (uint32_t)id < m->mem.nallocs ? &m->mem.allocs[id] : NULL;
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

/*===-- conversions -----------------------------------------------------===*/

uint16_t wmma_emu_f32_to_f16(float x) { return emu_double_to_f16(x); }
float wmma_emu_f16_to_f32(uint16_t h) {
  emu_float_init();
  return (float)emu_f16_to_double(h);
}
uint16_t wmma_emu_f32_to_bf16(float x) { return emu_double_to_bf16(x); }
float wmma_emu_bf16_to_f32(uint16_t h) { return (float)emu_bf16_to_double(h); }
float wmma_emu_fp8_to_f32(uint8_t v) {
  emu_float_init();
  return (float)emu_fp8_to_double(v);
}
float wmma_emu_bf8_to_f32(uint8_t v) {
  emu_float_init();
  return (float)emu_bf8_to_double(v);
}
uint8_t wmma_emu_f32_to_fp8(float x, int saturate) {
  return emu_double_to_fp8(x, saturate);
}
uint8_t wmma_emu_f32_to_bf8(float x, int saturate) {
  return emu_double_to_bf8(x, saturate);
}
