/* Launch settings and their checks through the C API (lib/Emulator/
 * Launch.c, Module.c): load statuses, the instruction budget, dynamic
 * LDS and its implicit argument, global atomics across threads, identical
 * counters for any number of threads, and the progress callback. */
#include "TestUtil.h"

#include <stdlib.h>
#include <string.h>

static const char *kIR =
    "@shared = external addrspace(3) global [0 x i32], align 16\n"
    "@fixed = internal addrspace(3) global [3 x i32] undef, align 4\n"
    "declare i32 @llvm.amdgcn.workitem.id.x()\n"
    "declare i32 @llvm.amdgcn.workgroup.id.x()\n"
    "declare void @llvm.amdgcn.s.barrier()\n"
    "declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()\n"
    /* Lanes exchange values through dynamic LDS (after 12 static bytes);
     * lane 0 also stores the dynamic size from the implicit arguments. */
    "define amdgpu_kernel void @dyn(ptr addrspace(1) %out) #0 {\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %p = getelementptr i32, ptr addrspace(3) @shared, i32 %l\n"
    "  %v = mul i32 %l, 7\n"
    "  store i32 %v, ptr addrspace(3) %p\n"
    "  store i32 1, ptr addrspace(3) @fixed\n"
    "  call void @llvm.amdgcn.s.barrier()\n"
    "  %m = sub i32 31, %l\n"
    "  %q = getelementptr i32, ptr addrspace(3) @shared, i32 %m\n"
    "  %w = load i32, ptr addrspace(3) %q\n"
    "  %o = getelementptr i32, ptr addrspace(1) %out, i32 %l\n"
    "  store i32 %w, ptr addrspace(1) %o\n"
    "  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()\n"
    "  %pd = getelementptr i8, ptr addrspace(4) %ia, i64 120\n"
    "  %dsz = load i32, ptr addrspace(4) %pd\n"
    "  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 32\n"
    "  store i32 %dsz, ptr addrspace(1) %o2\n"
    "  ret void\n"
    "}\n"
    /* Every work-item adds its workgroup id + 1 to a global counter and
     * stores the value it saw. */
    "define amdgpu_kernel void @atomics(ptr addrspace(1) %sum, ptr addrspace(1) %seen) #0 {\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %g = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %g1 = add i32 %g, 1\n"
    "  %old = atomicrmw add ptr addrspace(1) %sum, i32 %g1 seq_cst\n"
    "  %i0 = mul i32 %g, 64\n"
    "  %i = add i32 %i0, %l\n"
    "  %o = getelementptr i32, ptr addrspace(1) %seen, i32 %i\n"
    "  store i32 %old, ptr addrspace(1) %o\n"
    "  ret void\n"
    "}\n"
    /* Loops %n times. */
    "define amdgpu_kernel void @loop(ptr addrspace(1) %out, i32 %n) #0 {\n"
    "entry:\n"
    "  br label %body\n"
    "body:\n"
    "  %i = phi i32 [ 0, %entry ], [ %i1, %body ]\n"
    "  %i1 = add i32 %i, 1\n"
    "  %c = icmp ult i32 %i1, %n\n"
    "  br i1 %c, label %body, label %exit\n"
    "exit:\n"
    "  store i32 %i1, ptr addrspace(1) %out\n"
    "  ret void\n"
    "}\n"
    "attributes #0 = { \"target-cpu\"=\"gfx1100\" }\n";

static int run(wmma_emu_module *m, const char *kernel, const wmma_emu_arg *args,
               int nargs, unsigned groups, unsigned threads) {
  unsigned grid[3] = {groups, 1, 1}, block[3] = {threads, 1, 1};
  return wmma_emu_launch(m, wmma_emu_find_kernel(m, kernel), args, nargs, grid, block);
}

static void test_load_status(void) {
  wmma_emu_module *m = NULL;
  const char *junk = "not IR";
  CHECK(wmma_emu_open_memory(junk, strlen(junk), "junk", &m) == WMMA_EMU_USAGE && !m,
        "junk: status");
  const char *invalid =
      "define amdgpu_kernel void @k() {\n"
      "  %x = add i32 %y, 1\n"
      "  %y = add i32 %x, 1\n"
      "  ret void\n"
      "}\n"
      "!llvm.module.flags = !{!0}\n"
      "!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
  CHECK(wmma_emu_open_memory(invalid, strlen(invalid), "invalid", &m) == WMMA_EMU_FAULT && !m,
        "invalid module: status");
  CHECK(strstr(wmma_emu_last_error(NULL), "rejected by LLVM's verifier") != NULL,
        "invalid module: %s", wmma_emu_last_error(NULL));
  CHECK(wmma_emu_open_memory(kIR, strlen(kIR), "ok", &m) == WMMA_EMU_OK && m, "valid: %s",
        wmma_emu_last_error(NULL));
  wmma_emu_destroy(m);
}

static void test_budget(wmma_emu_module *m) {
  int out = wmma_emu_buffer_create(m, 4, NULL);
  wmma_emu_arg args[2] = {wmma_emu_arg_buffer(out), wmma_emu_arg_i32(100000)};
  wmma_emu_set_instruction_limit(m, 1000);
  CHECK(run(m, "loop", args, 2, 1, 32) == WMMA_EMU_FAULT, "budget of 1000 not enforced");
  CHECK(strstr(wmma_emu_last_error(m), "instruction limit exceeded: more than 1000 ") != NULL,
        "%s", wmma_emu_last_error(m));
  wmma_emu_set_instruction_limit(m, 0);
  CHECK(run(m, "loop", args, 2, 1, 32) == WMMA_EMU_OK, "no limit: %s", wmma_emu_last_error(m));
  uint32_t v = 0;
  wmma_emu_buffer_read(m, out, &v, 4);
  CHECK(v == 100000, "loop ran %u times", v);
  wmma_emu_set_instruction_limit(m, UINT64_MAX); /* the default again */
}

static void test_dynamic_lds(wmma_emu_module *m) {
  int out = wmma_emu_buffer_create(m, 33 * 4, NULL);
  wmma_emu_arg arg = wmma_emu_arg_buffer(out);
  CHECK(wmma_emu_set_dynamic_lds(m, 65537) == WMMA_EMU_USAGE, "65537 bytes accepted");
  CHECK(run(m, "dyn", &arg, 1, 1, 32) == WMMA_EMU_FAULT, "no dynamic LDS: no fault");
  CHECK(strstr(wmma_emu_last_error(m), "out-of-bounds LDS store of 4 bytes at address 0x10 "
                                       "(lane 0; the workgroup has 12 bytes of LDS)") != NULL,
        "%s", wmma_emu_last_error(m));
  CHECK(wmma_emu_set_dynamic_lds(m, 100) == 0, "set 100 bytes");
  CHECK(run(m, "dyn", &arg, 1, 1, 32) == WMMA_EMU_FAULT, "25 dwords for 32 lanes: no fault");
  CHECK(wmma_emu_set_dynamic_lds(m, 128) == 0, "set 128 bytes");
  CHECK(run(m, "dyn", &arg, 1, 1, 32) == 0, "dyn: %s", wmma_emu_last_error(m));
  uint32_t o[33];
  wmma_emu_buffer_read(m, out, o, sizeof o);
  for (int l = 0; l < 32; l++)
    CHECK(o[l] == (uint32_t)(31 - l) * 7, "dyn: lane %d read %u", l, o[l]);
  CHECK(o[32] == 128, "hidden_dynamic_lds_size = %u", o[32]);
  CHECK(wmma_emu_set_dynamic_lds(m, 65536 - 8) == 0, "set 65528 bytes");
  CHECK(run(m, "dyn", &arg, 1, 1, 32) == WMMA_EMU_USAGE, "static + dynamic > 64 KiB accepted");
  CHECK(strstr(wmma_emu_last_error(m), "12 bytes of static LDS (aligned for the dynamic "
                                       "part) plus 65528 bytes of dynamic LDS need 65544") != NULL,
        "%s", wmma_emu_last_error(m));
  wmma_emu_set_dynamic_lds(m, 0);
}

static void test_atomics(wmma_emu_module *m) {
  wmma_emu_stats st[2];
  for (unsigned threads = 1; threads <= 2; threads++) {
    int sum = wmma_emu_buffer_create(m, 4, NULL);
    int seen = wmma_emu_buffer_create(m, 64 * 64 * 4, NULL);
    wmma_emu_arg args[2] = {wmma_emu_arg_buffer(sum), wmma_emu_arg_buffer(seen)};
    wmma_emu_set_threads(m, threads);
    wmma_emu_reset_stats(m);
    CHECK(run(m, "atomics", args, 2, 64, 64) == 0, "atomics: %s", wmma_emu_last_error(m));
    wmma_emu_get_stats(m, &st[threads - 1]);
    uint32_t total = 0;
    wmma_emu_buffer_read(m, sum, &total, 4);
    CHECK(total == 64 * 64 * 65 / 2, "%u threads: sum %u, want %u", threads, total,
          64 * 64 * 65 / 2);
    /* The values seen depend on the order; they are distinct partial sums. */
    uint32_t *s = malloc(64 * 64 * 4);
    wmma_emu_buffer_read(m, seen, s, 64 * 64 * 4);
    int below = 1;
    for (int i = 0; i < 64 * 64; i++)
      below &= s[i] < total;
    CHECK(below, "%u threads: a returned value is not a partial sum", threads);
    free(s);
  }
  CHECK(!memcmp(&st[0], &st[1], sizeof st[0]), "counters differ between 1 and 2 threads");
  wmma_emu_set_threads(m, 0);
}

typedef struct {
  int calls;
  uint64_t last_done, last_total;
} Progress;

static void on_progress(void *user, uint64_t done, uint64_t total, double seconds) {
  Progress *p = user;
  p->calls++;
  p->last_done = done;
  p->last_total = total;
  (void)seconds;
}

/* Every launch reports its end (done = total), however short, on one
 * thread or several: no dependence on the half-second timer. */
static void test_progress(wmma_emu_module *m) {
  int out = wmma_emu_buffer_create(m, 4, NULL);
  wmma_emu_arg args[2] = {wmma_emu_arg_buffer(out), wmma_emu_arg_i32(40)};
  for (unsigned threads = 1; threads <= 2; threads++) {
    Progress p = {0, 0, 0};
    wmma_emu_set_threads(m, threads);
    wmma_emu_set_progress(m, on_progress, &p);
    CHECK(run(m, "loop", args, 2, 256, 32) == 0, "progress run: %s", wmma_emu_last_error(m));
    wmma_emu_set_progress(m, NULL, NULL);
    CHECK(p.calls >= 1, "progress never reported (%u threads)", threads);
    CHECK(p.last_total == 256 && p.last_done == 256,
          "last progress %llu / %llu, not 256 / 256 (%u threads)",
          (unsigned long long)p.last_done, (unsigned long long)p.last_total, threads);
  }
  wmma_emu_set_threads(m, 0);
}

int test_dispatch(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_load_status();
  wmma_emu_module *m = test_load(kIR);
  test_budget(m);
  test_dynamic_lds(m);
  test_atomics(m);
  test_progress(m);
  wmma_emu_destroy(m);
  return 0;
}
