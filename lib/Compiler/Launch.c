/* Launching a compiled kernel with host arguments: on wmma-emu, or through
 * the HIP runtime (hipModuleLoadData + hipModuleLaunchKernel).  Memref
 * arguments are passed as MLIR memref descriptors (allocated pointer,
 * aligned pointer, offset, sizes, strides: the kernel ABI of
 * convert-gpu-to-rocdl), the grid comes from the launch record. */
#include "wmma-c/Runner.h"

#include "StringBuffer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef WMMA_HAVE_HIP
#define __HIP_PLATFORM_AMD__ 1
#include <hip/hip_runtime_api.h>
#endif

static int fail(char **diagnostics, const char *fmt, const char *a, const char *b) {
  if (diagnostics) {
    wmma_sbuf sb = {0};
    wmma_sbuf_printf(&sb, "error: ");
    wmma_sbuf_printf(&sb, fmt, a ? a : "", b ? b : "");
    wmma_sbuf_append(&sb, "\n", 1);
    *diagnostics = wmma_sbuf_take(&sb);
  }
  return 1;
}

/* The descriptor's strides: the layout's static ones, else row-major. */
static void strides_of(const wmma_kernel_arg *a, const int64_t *shape,
                       int64_t *strides) {
  int dense = 1;
  for (int d = 0; d < a->rank; ++d)
    dense &= a->strides[d] == 0;
  int64_t s = 1;
  for (int d = a->rank - 1; d >= 0; --d) {
    strides[d] = dense ? s : a->strides[d];
    s *= shape[d];
  }
}

size_t wmma_arg_bytes(const wmma_kernel_arg *a, const int64_t *shape) {
  if (!a->is_buffer)
    return (size_t)a->elem_bytes;
  int64_t strides[WMMA_MAX_RANK];
  strides_of(a, shape, strides);
  /* The last element's index plus one (0 for an empty buffer). */
  double extent = (double)a->offset + 1;
  for (int d = 0; d < a->rank; ++d) {
    if (shape[d] < 0)
      return 0;
    if (shape[d] == 0)
      return 0;
    extent += (double)(shape[d] - 1) * (double)strides[d];
  }
  /* elem_bytes is a whole byte for i4 too: MLIR's LLVM lowering (the
   * kernel's element loads and the CPU reference alike) addresses
   * memref<..xi4> one element per byte. */
  double bytes = extent * a->elem_bytes;
  return bytes > 1e15 ? 0 : (size_t)bytes;
}

/* The shape of argument i: given, or the manifest's static one. */
static const int64_t *shape_of(const wmma_compile_result *k,
                               const wmma_host_arg *args, int i) {
  return args[i].shape ? args[i].shape : k->args[i].shape;
}

/* The arguments must match the manifest: sizes and kinds. */
static int check_args(const wmma_compile_result *k, const wmma_host_arg *args,
                      int nargs, unsigned grid[3], char **diagnostics) {
  char num[32];
  if (nargs != k->nargs) {
    snprintf(num, sizeof num, "%d", nargs);
    return fail(diagnostics, "kernel '%s' takes a different number of arguments "
                             "than the %s given", k->kernel, num);
  }
  const int64_t *shapes[WMMA_MAX_KERNEL_ARGS] = {0};
  for (int i = 0; i < nargs; ++i)
    shapes[i] = k->args[i].is_buffer ? args[i].shape : NULL;
  char msg[256];
  if (wmma_launch_geometry(k, shapes, grid, msg, sizeof msg))
    return fail(diagnostics, "%s", msg, NULL);
  for (int i = 0; i < nargs; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    size_t want = wmma_arg_bytes(a, shape_of(k, args, i));
    if ((!args[i].data && want) || args[i].bytes < want ||
        (!a->is_buffer && args[i].bytes != want)) {
      snprintf(num, sizeof num, "%zu", want);
      return fail(diagnostics, "argument '%s' needs %s bytes", a->name, num);
    }
  }
  return 0;
}

static int scalar_arg(const wmma_kernel_arg *a, const void *data,
                      wmma_emu_arg *out) {
  if (!strcmp(a->type, "f32")) {
    float v;
    memcpy(&v, data, 4);
    *out = wmma_emu_arg_f32(v);
  } else if (!strcmp(a->type, "i32")) {
    int32_t v;
    memcpy(&v, data, 4);
    *out = wmma_emu_arg_i32(v);
  } else if (!strcmp(a->type, "i64") || !strcmp(a->type, "index")) {
    int64_t v;
    memcpy(&v, data, 8);
    *out = wmma_emu_arg_i64(v);
  } else {
    return -1;
  }
  return 0;
}

/* Emulator parameters of every argument: 3 + 2 * rank per memref. */
#define MAX_PARAMS (WMMA_MAX_KERNEL_ARGS * (3 + 2 * WMMA_MAX_RANK))

static int launch_emu(const wmma_compile_result *k, const wmma_host_arg *args,
                      int nargs, const unsigned grid[3], wmma_emu_stats *stats,
                      char **diagnostics) {
  wmma_emu_module *m = wmma_emu_load_memory(k->data, k->size, k->kernel);
  if (!m)
    return fail(diagnostics, "the emulator cannot load the kernel: %s",
                wmma_emu_last_error(NULL), NULL);
  int status = 1;
  int kernel = wmma_emu_find_kernel(m, k->kernel);
  wmma_emu_arg *eargs = calloc(MAX_PARAMS, sizeof *eargs);
  int buffers[WMMA_MAX_KERNEL_ARGS];
  int np = 0;
  if (!eargs) {
    fail(diagnostics, "out of memory%s", "", NULL);
    goto done;
  }
  if (kernel < 0) {
    fail(diagnostics, "kernel '%s' is not in the compiled module", k->kernel, NULL);
    goto done;
  }
  if (wmma_emu_set_chip(m, k->chip) != WMMA_EMU_OK) {
    fail(diagnostics, "the emulator does not know chip '%s'", k->chip, NULL);
    goto done;
  }
  for (int i = 0; i < nargs; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    buffers[i] = -1;
    if (!a->is_buffer) {
      if (scalar_arg(a, args[i].data, &eargs[np++])) {
        fail(diagnostics, "scalar argument '%s' of type %s is not supported",
             a->name, a->type);
        goto done;
      }
      continue;
    }
    /* Kernels may read up to the next dword past a buffer (see the front
     * end's fat buffer views); GPU allocators pad, so pad here too. */
    buffers[i] = wmma_emu_buffer_create(m, args[i].bytes + 16, NULL);
    if (buffers[i] >= 0)
      wmma_emu_buffer_write(m, buffers[i], 0, args[i].data, args[i].bytes);
    if (buffers[i] < 0) {
      fail(diagnostics, "cannot create the buffer for '%s'", a->name, NULL);
      goto done;
    }
    const int64_t *shape = shape_of(k, args, i);
    int64_t strides[WMMA_MAX_RANK];
    strides_of(a, shape, strides);
    eargs[np++] = wmma_emu_arg_buffer(buffers[i]); /* allocated */
    eargs[np++] = wmma_emu_arg_buffer(buffers[i]); /* aligned */
    eargs[np++] = wmma_emu_arg_i64(a->offset);
    for (int d = 0; d < a->rank; ++d)
      eargs[np++] = wmma_emu_arg_i64(shape[d]);
    for (int d = 0; d < a->rank; ++d)
      eargs[np++] = wmma_emu_arg_i64(strides[d]);
  }
  if (stats)
    wmma_emu_reset_stats(m);
  if (wmma_emu_launch(m, kernel, eargs, np, grid, k->block) != WMMA_EMU_OK) {
    fail(diagnostics, "%s", wmma_emu_last_error(m), NULL);
    goto done;
  }
  for (int i = 0; i < nargs; ++i)
    if (buffers[i] >= 0 && strcmp(k->args[i].role, "input"))
      wmma_emu_buffer_read(m, buffers[i], args[i].data, args[i].bytes);
  if (stats)
    wmma_emu_get_stats(m, stats);
  status = 0;
done:
  free(eargs);
  wmma_emu_destroy(m);
  return status;
}

#ifdef WMMA_HAVE_HIP
static int hip_fail(char **diagnostics, const char *what, hipError_t e) {
  return fail(diagnostics, "HIP: %s: %s", what, hipGetErrorString(e));
}

/* Appends a naturally aligned kernel argument. */
static int put(unsigned char *buf, size_t cap, size_t *off, const void *v,
               size_t size) {
  *off = (*off + size - 1) / size * size;
  if (*off + size > cap)
    return -1;
  memcpy(buf + *off, v, size);
  *off += size;
  return 0;
}

static int launch_hip(const wmma_compile_result *k, const wmma_host_arg *args,
                      int nargs, const unsigned grid[3], char **diagnostics) {
  int count = 0;
  hipError_t e = hipGetDeviceCount(&count);
  if (e != hipSuccess || count == 0)
    return fail(diagnostics,
                "no AMD GPU is available to the HIP runtime (hipGetDeviceCount: "
                "%s); use the emulator backend (--backend emu)%s",
                e != hipSuccess ? hipGetErrorString(e) : "0 devices", "");
  hipModule_t module;
  if ((e = hipModuleLoadData(&module, k->data)) != hipSuccess)
    return hip_fail(diagnostics, "hipModuleLoadData", e);
  hipFunction_t fn;
  int status = 1;
  void *dev[WMMA_MAX_KERNEL_ARGS] = {0};
  if ((e = hipModuleGetFunction(&fn, module, k->kernel)) != hipSuccess) {
    hip_fail(diagnostics, "hipModuleGetFunction", e);
    goto done;
  }
  unsigned char kernarg[4096];
  size_t off = 0;
  for (int i = 0; i < nargs; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    int bad = 0;
    if (!a->is_buffer) {
      bad = put(kernarg, sizeof kernarg, &off, args[i].data, args[i].bytes);
    } else {
      if ((e = hipMalloc(&dev[i], args[i].bytes)) != hipSuccess ||
          (e = hipMemcpyHtoD(dev[i], args[i].data, args[i].bytes)) != hipSuccess) {
        hip_fail(diagnostics, "buffer upload", e);
        goto done;
      }
      const int64_t *shape = shape_of(k, args, i);
      int64_t strides[WMMA_MAX_RANK];
      strides_of(a, shape, strides);
      bad |= put(kernarg, sizeof kernarg, &off, &dev[i], sizeof(void *));
      bad |= put(kernarg, sizeof kernarg, &off, &dev[i], sizeof(void *));
      bad |= put(kernarg, sizeof kernarg, &off, &a->offset, 8);
      for (int d = 0; d < a->rank; ++d)
        bad |= put(kernarg, sizeof kernarg, &off, &shape[d], 8);
      for (int d = 0; d < a->rank; ++d)
        bad |= put(kernarg, sizeof kernarg, &off, &strides[d], 8);
    }
    if (bad) {
      fail(diagnostics, "too many kernel arguments%s", "", NULL);
      goto done;
    }
  }
  void *config[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, kernarg,
                    HIP_LAUNCH_PARAM_BUFFER_SIZE, &off, HIP_LAUNCH_PARAM_END};
  if ((e = hipModuleLaunchKernel(fn, grid[0], grid[1], grid[2], k->block[0],
                                 k->block[1], k->block[2], (unsigned)k->lds_bytes,
                                 NULL, NULL, config)) != hipSuccess ||
      (e = hipDeviceSynchronize()) != hipSuccess) {
    hip_fail(diagnostics, "kernel launch", e);
    goto done;
  }
  for (int i = 0; i < nargs; ++i)
    if (dev[i] && strcmp(k->args[i].role, "input") &&
        (e = hipMemcpyDtoH(args[i].data, dev[i], args[i].bytes)) != hipSuccess) {
      hip_fail(diagnostics, "buffer download", e);
      goto done;
    }
  status = 0;
done:
  for (int i = 0; i < nargs; ++i)
    if (dev[i])
      hipFree(dev[i]);
  hipModuleUnload(module);
  return status;
}
#endif

int wmma_launch(const wmma_compile_result *k, wmma_backend backend,
                const wmma_host_arg *args, int nargs, wmma_emu_stats *stats,
                char **diagnostics) {
  if (diagnostics)
    *diagnostics = NULL;
  if (!k || !k->ok || !k->data)
    return fail(diagnostics, "no compiled kernel%s", "", NULL);
  if (k->nlaunches) /* a program */
    return wmma_launch_each(k, backend, args, nargs, NULL, stats,
                            diagnostics);
  unsigned grid[3];
  if (check_args(k, args, nargs, grid, diagnostics))
    return 1;
  /* An empty dimension (a batch of 0, as a server sees between requests)
   * leaves no workgroup to run: launch nothing (a grid of 0 is invalid on
   * HIP and in the emulator) and leave the outputs as the caller passed
   * them (they have no elements in that dimension). */
  if (!grid[0] || !grid[1] || !grid[2]) {
    if (stats)
      memset(stats, 0, sizeof *stats);
    return 0;
  }
  if (backend == WMMA_BACKEND_EMU) {
    if (k->size < 4 || (memcmp(k->data, "BC\xc0\xde", 4) && !strstr((const char *)k->data, "define")))
      return fail(diagnostics, "the emulator needs the kernel as LLVM IR "
                               "(compile with emit = llvm)%s", "", NULL);
    return launch_emu(k, args, nargs, grid, stats, diagnostics);
  }
#ifdef WMMA_HAVE_HIP
  if (k->size < 4 || memcmp(k->data, "\x7f" "ELF", 4))
    return fail(diagnostics, "the HIP backend needs the kernel as HSACO "
                             "(compile with emit = hsaco)%s", "", NULL);
  return launch_hip(k, args, nargs, grid, diagnostics);
#else
  return fail(diagnostics, "this build has no HIP backend (libamdhip64-dev was "
                           "not found at configure time)%s", "", NULL);
#endif
}
