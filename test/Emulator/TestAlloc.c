/* Every host allocation of the emulator may fail (lib/Emulator/Alloc.h):
 * with the n-th allocation failing, for n = 1, 2, ... until a run makes no
 * more, loading, decoding and launching a kernel (a loop with phis, a call,
 * LDS, two worker threads' worth of state) either succeeds with the right
 * result or fails with "out of host memory" and a non-zero status; never a
 * crash.  Run under valgrind or ASan this also shows the failure paths free
 * what they allocated. */
#include "Alloc.h"
#include "TestUtil.h"

#include <string.h>

static const char *kIR =
    "@tile = internal addrspace(3) global [32 x i32] undef, align 4\n"
    "declare i32 @llvm.amdgcn.workitem.id.x()\n"
    "define internal i32 @twice(i32 %x) {\n"
    "  %y = add i32 %x, %x\n"
    "  ret i32 %y\n"
    "}\n"
    /* out[l] = sum over i < n of twice(l), through LDS. */
    "define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) #0 {\n"
    "entry:\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  br label %body\n"
    "body:\n"
    "  %i = phi i32 [ 0, %entry ], [ %i1, %body ]\n"
    "  %s = phi i32 [ 0, %entry ], [ %s1, %body ]\n"
    "  %t = call i32 @twice(i32 %l)\n"
    "  %s1 = add i32 %s, %t\n"
    "  %i1 = add i32 %i, 1\n"
    "  %c = icmp ult i32 %i1, %n\n"
    "  br i1 %c, label %body, label %exit\n"
    "exit:\n"
    "  %p = getelementptr i32, ptr addrspace(3) @tile, i32 %l\n"
    "  store i32 %s1, ptr addrspace(3) %p\n"
    "  %v = load i32, ptr addrspace(3) %p\n"
    "  %o = getelementptr i32, ptr addrspace(1) %out, i32 %l\n"
    "  store i32 %v, ptr addrspace(1) %o\n"
    "  ret void\n"
    "}\n"
    "attributes #0 = { \"target-cpu\"=\"gfx1201\" }\n";

static int is_oom(const char *msg) { return msg && strstr(msg, "out of host memory"); }

/* One load + launch with allocation n failing (0: none).  Returns 1 when
 * the run made fewer than n allocations (the injected failure never came). */
static int run_once(uint64_t n) {
  emu_alloc_fail_after(n);
  wmma_emu_module *m = NULL;
  int rc = wmma_emu_open_memory(kIR, strlen(kIR), "alloc.ll", &m);
  if (rc) {
    CHECK(rc == WMMA_EMU_FAULT && is_oom(wmma_emu_last_error(NULL)),
          "allocation %llu: load status %d: %s", (unsigned long long)n, rc,
          wmma_emu_last_error(NULL));
    return emu_alloc_fail_after(0) != 0;
  }
  int out = wmma_emu_buffer_create(m, 64 * 4, NULL);
  if (out < 0) {
    CHECK(is_oom(wmma_emu_last_error(m)), "allocation %llu: buffer: %s",
          (unsigned long long)n, wmma_emu_last_error(m));
  } else {
    wmma_emu_arg args[2] = {wmma_emu_arg_buffer(out), wmma_emu_arg_i32(3)};
    unsigned grid[3] = {2, 1, 1}, block[3] = {32, 1, 1};
    wmma_emu_set_threads(m, 2);
    rc = wmma_emu_launch(m, wmma_emu_find_kernel(m, "k"), args, 2, grid, block);
    if (rc) {
      CHECK(rc == WMMA_EMU_FAULT && is_oom(wmma_emu_last_error(m)),
            "allocation %llu: launch status %d: %s", (unsigned long long)n, rc,
            wmma_emu_last_error(m));
    } else {
      int32_t got[32];
      wmma_emu_buffer_read(m, out, got, sizeof got);
      for (int l = 0; l < 32; l++)
        CHECK(got[l] == 6 * l, "allocation %llu: out[%d] = %d, not %d",
              (unsigned long long)n, l, got[l], 6 * l);
    }
  }
  wmma_emu_destroy(m);
  return emu_alloc_fail_after(0) != 0;
}

int test_alloc(int argc, char **argv) {
  (void)argc;
  (void)argv;
  uint64_t n = 1;
  for (; n < 100000 && !run_once(n); n++)
    ;
  CHECK(n > 20 && n < 100000, "%llu allocations", (unsigned long long)n);
  printf("%llu allocation sites failed one at a time\n", (unsigned long long)(n - 1));
  run_once(0);
  return 0;
}
