/* Launching a compiled kernel with host arguments: on wmma-emu, or through
 * the HIP runtime (hipModuleLoadData + hipModuleLaunchKernel). */
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

static size_t buffer_bytes(const wmma_kernel_arg *a) {
  size_t n = 1;
  for (int d = 0; d < a->rank; ++d)
    n *= (size_t)a->shape[d];
  /* i4 is packed two per byte in memory. */
  if (!strcmp(a->type, "i4"))
    return (n + 1) / 2;
  return n * (size_t)a->elem_bytes;
}

/* The arguments must match the manifest: sizes and kinds. */
static int check_args(const wmma_compile_result *k, const wmma_host_arg *args,
                      int nargs, char **diagnostics) {
  char num[32];
  if (nargs != k->nargs) {
    snprintf(num, sizeof num, "%d", nargs);
    return fail(diagnostics, "kernel '%s' takes a different number of arguments "
                             "than the %s given", k->kernel, num);
  }
  for (int i = 0; i < nargs; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    size_t want = a->is_buffer ? buffer_bytes(a) : (size_t)a->elem_bytes;
    if (!args[i].data || args[i].bytes != want) {
      snprintf(num, sizeof num, "%zu", want);
      return fail(diagnostics, "argument '%s' needs %s bytes", a->name, num);
    }
  }
  return 0;
}

static int launch_emu(const wmma_compile_result *k, const wmma_host_arg *args,
                      int nargs, wmma_emu_stats *stats, char **diagnostics) {
  wmma_emu_module *m = wmma_emu_load_memory(k->data, k->size, k->kernel);
  if (!m)
    return fail(diagnostics, "the emulator cannot load the kernel: %s",
                wmma_emu_last_error(NULL), NULL);
  int status = 1;
  int kernel = wmma_emu_find_kernel(m, k->kernel);
  wmma_emu_arg eargs[WMMA_MAX_KERNEL_ARGS];
  int buffers[WMMA_MAX_KERNEL_ARGS];
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
    if (a->is_buffer) {
      buffers[i] = wmma_emu_buffer_create(m, args[i].bytes, args[i].data);
      if (buffers[i] < 0) {
        fail(diagnostics, "cannot create the buffer for '%s'", a->name, NULL);
        goto done;
      }
      eargs[i] = wmma_emu_arg_buffer(buffers[i]);
    } else if (!strcmp(a->type, "f32")) {
      float v;
      memcpy(&v, args[i].data, 4);
      eargs[i] = wmma_emu_arg_f32(v);
    } else if (!strcmp(a->type, "i32")) {
      int32_t v;
      memcpy(&v, args[i].data, 4);
      eargs[i] = wmma_emu_arg_i32(v);
    } else if (!strcmp(a->type, "i64")) {
      int64_t v;
      memcpy(&v, args[i].data, 8);
      eargs[i] = wmma_emu_arg_i64(v);
    } else {
      fail(diagnostics, "scalar argument '%s' of type %s is not supported",
           a->name, a->type);
      goto done;
    }
  }
  if (stats)
    wmma_emu_reset_stats(m);
  if (wmma_emu_launch(m, kernel, eargs, nargs, k->grid, k->block) != WMMA_EMU_OK) {
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
  wmma_emu_destroy(m);
  return status;
}

#ifdef WMMA_HAVE_HIP
static int hip_fail(char **diagnostics, const char *what, hipError_t e) {
  return fail(diagnostics, "HIP: %s: %s", what, hipGetErrorString(e));
}

static int launch_hip(const wmma_compile_result *k, const wmma_host_arg *args,
                      int nargs, char **diagnostics) {
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
  /* Kernel arguments: naturally aligned, in order. */
  unsigned char kernarg[512];
  size_t off = 0;
  for (int i = 0; i < nargs; ++i) {
    size_t size = k->args[i].is_buffer ? sizeof(void *) : args[i].bytes;
    off = (off + size - 1) / size * size;
    if (off + size > sizeof kernarg) {
      fail(diagnostics, "too many kernel arguments%s", "", NULL);
      goto done;
    }
    if (k->args[i].is_buffer) {
      if ((e = hipMalloc(&dev[i], args[i].bytes)) != hipSuccess ||
          (e = hipMemcpyHtoD(dev[i], args[i].data, args[i].bytes)) != hipSuccess) {
        hip_fail(diagnostics, "buffer upload", e);
        goto done;
      }
      memcpy(kernarg + off, &dev[i], sizeof(void *));
    } else {
      memcpy(kernarg + off, args[i].data, size);
    }
    off += size;
  }
  void *config[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, kernarg,
                    HIP_LAUNCH_PARAM_BUFFER_SIZE, &off, HIP_LAUNCH_PARAM_END};
  if ((e = hipModuleLaunchKernel(fn, k->grid[0], k->grid[1], k->grid[2], k->block[0],
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
  if (check_args(k, args, nargs, diagnostics))
    return 1;
  if (backend == WMMA_BACKEND_EMU) {
    if (k->size < 4 || (memcmp(k->data, "BC\xc0\xde", 4) && !strstr((const char *)k->data, "define")))
      return fail(diagnostics, "the emulator needs the kernel as LLVM IR "
                               "(compile with emit = llvm)%s", "", NULL);
    return launch_emu(k, args, nargs, stats, diagnostics);
  }
#ifdef WMMA_HAVE_HIP
  if (k->size < 4 || memcmp(k->data, "\x7f" "ELF", 4))
    return fail(diagnostics, "the HIP backend needs the kernel as HSACO "
                             "(compile with emit = hsaco)%s", "", NULL);
  return launch_hip(k, args, nargs, diagnostics);
#else
  return fail(diagnostics, "this build has no HIP backend (libamdhip64-dev was "
                           "not found at configure time)%s", "", NULL);
#endif
}
