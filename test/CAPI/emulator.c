/* The emulator part of the C API (wmma-c/Emulator.h) through libwmma-c.so,
 * lightly: one tiny kernel loaded from memory and run, and the error paths
 * (NULL handles, unreadable or invalid input, wrong arguments) answered
 * with status codes and messages.  The emulator's own tests
 * (test/Emulator) cover its semantics.
 *
 * RUN: wmma-capi-emulator | FileCheck %s
 * CHECK-NOT: FAILED
 */
#include "CAPITest.h"

#include "wmma-c/Emulator.h"

/* out[i] = in[i] + 1 for 32 work-items. */
static const char kKernel[] =
    "declare i32 @llvm.amdgcn.workitem.id.x()\n"
    "define amdgpu_kernel void @inc(ptr addrspace(1) %in,"
    " ptr addrspace(1) %out, i32 %n) #0 {\n"
    "  %t = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %t\n"
    "  %x = load i32, ptr addrspace(1) %pi\n"
    "  %y = add i32 %x, %n\n"
    "  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t\n"
    "  store i32 %y, ptr addrspace(1) %po\n"
    "  ret void\n"
    "}\n"
    "attributes #0 = { \"target-cpu\"=\"gfx1201\" }\n";

static void check_run(void) {
  wmma_emu_module *m = wmma_emu_load_memory(kKernel, sizeof kKernel - 1, "inc");
  CHECK(m != NULL, "loads: %s", wmma_emu_last_error(NULL));
  if (!m)
    return;
  int k = wmma_emu_find_kernel(m, "inc");
  CHECK(wmma_emu_kernel_count(m) == 1 && k == 0 &&
            strcmp(wmma_emu_kernel_name(m, 0), "inc") == 0 &&
            strcmp(wmma_emu_kernel_chip(m, 0), "gfx1201") == 0,
        "kernel found");
  CHECK(wmma_emu_param_count(m, k) == 3 &&
            wmma_emu_param_kind_of(m, k, 0) == WMMA_EMU_PARAM_POINTER &&
            wmma_emu_param_kind_of(m, k, 2) == WMMA_EMU_PARAM_I32,
        "parameters");
  printf("kernel %s(%s, %s, %s) for %s\n", wmma_emu_kernel_name(m, k),
         wmma_emu_param_kind_name(wmma_emu_param_kind_of(m, k, 0)),
         wmma_emu_param_kind_name(wmma_emu_param_kind_of(m, k, 1)),
         wmma_emu_param_kind_name(wmma_emu_param_kind_of(m, k, 2)),
         wmma_emu_kernel_chip(m, k));
  int in_data[32], out_data[32] = {0};
  for (int i = 0; i < 32; ++i)
    in_data[i] = 100 * i;
  int in = wmma_emu_buffer_create(m, sizeof in_data, in_data);
  int out = wmma_emu_buffer_create(m, sizeof out_data, NULL);
  unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
  wmma_emu_arg args[] = {wmma_emu_arg_buffer(in), wmma_emu_arg_buffer(out),
                         wmma_emu_arg_i32(7)};
  int rc = wmma_emu_launch(m, k, args, 3, grid, block);
  CHECK(rc == WMMA_EMU_OK, "launch: %s", wmma_emu_last_error(m));
  CHECK(wmma_emu_buffer_read(m, out, out_data, sizeof out_data) == 0,
        "read back");
  int wrong = 0;
  for (int i = 0; i < 32; ++i)
    wrong += out_data[i] != 100 * i + 7;
  CHECK(wrong == 0, "%d wrong results", wrong);
  wmma_emu_stats st;
  wmma_emu_get_stats(m, &st);
  CHECK(st.waves == 1 && st.workgroups == 1 && st.global_bytes_loaded == 128,
        "counters");
  printf("ran: out[31] = %d, waves %llu\n", out_data[31],
         (unsigned long long)st.waves);

  /* Wrong arguments: usage errors with a message, nothing run. */
  wmma_emu_arg wrong_kind[] = {wmma_emu_arg_buffer(in), wmma_emu_arg_i32(1),
                               wmma_emu_arg_i32(7)};
  CHECK(wmma_emu_launch(m, k, wrong_kind, 3, grid, block) == WMMA_EMU_USAGE &&
            strstr(wmma_emu_last_error(m), "argument 1"),
        "an i32 for a pointer");
  printf("wrong argument: %s\n", wmma_emu_last_error(m));
  CHECK(wmma_emu_launch(m, k, args, 2, grid, block) == WMMA_EMU_USAGE,
        "too few arguments");
  CHECK(wmma_emu_launch(m, k, NULL, 3, grid, block) == WMMA_EMU_USAGE,
        "NULL arguments");
  CHECK(wmma_emu_launch(m, 5, args, 3, grid, block) == WMMA_EMU_USAGE,
        "no kernel 5");
  CHECK(wmma_emu_launch(m, k, args, 3, NULL, block) == WMMA_EMU_USAGE,
        "NULL grid");
  unsigned huge[3] = {2048, 1, 1};
  CHECK(wmma_emu_launch(m, k, args, 3, grid, huge) == WMMA_EMU_USAGE,
        "block too large");
  wmma_emu_arg bad_buffer[] = {wmma_emu_arg_buffer(99), wmma_emu_arg_buffer(out),
                               wmma_emu_arg_i32(7)};
  CHECK(wmma_emu_launch(m, k, bad_buffer, 3, grid, block) == WMMA_EMU_USAGE,
        "no buffer 99");
  CHECK(wmma_emu_set_chip(m, "gfx9000") == WMMA_EMU_USAGE &&
            wmma_emu_set_chip(m, "gfx1100") == WMMA_EMU_OK &&
            wmma_emu_set_chip(m, NULL) == WMMA_EMU_OK,
        "chip override");
  CHECK(wmma_emu_buffer_read(m, 42, out_data, 4) != 0 &&
            wmma_emu_buffer_write(m, out, 1000, out_data, 4) != 0 &&
            wmma_emu_buffer_size(m, -1) == 0 && !wmma_emu_buffer_data(m, 42),
        "buffer ids and ranges");
  CHECK(wmma_emu_find_kernel(m, "nope") == -1 &&
            wmma_emu_find_kernel(m, NULL) == -1 && !wmma_emu_kernel_name(m, 3),
        "unknown kernels");
  wmma_emu_destroy(m);
}

static void check_null_and_bad_input(void) {
  CHECK(!wmma_emu_load_file("/nonexistent/kernel.ll") &&
            strstr(wmma_emu_last_error(NULL), "cannot read"),
        "missing file");
  printf("missing file: %s\n", wmma_emu_last_error(NULL));
  CHECK(!wmma_emu_load_file(NULL) && wmma_emu_last_error(NULL)[0], "NULL path");
  CHECK(!wmma_emu_load_memory(NULL, 4, "x"), "NULL data");
  static const char garbage[] = "define this is not LLVM IR";
  CHECK(!wmma_emu_load_memory(garbage, sizeof garbage - 1, "garbage") &&
            wmma_emu_last_error(NULL)[0],
        "invalid IR");
  printf("invalid IR: %.40s\n", wmma_emu_last_error(NULL));

  /* Every function accepts a NULL module. */
  unsigned g[3] = {1, 1, 1};
  wmma_emu_stats st;
  char buf[64] = "x";
  wmma_emu_destroy(NULL);
  wmma_emu_set_instruction_limit(NULL, 5);
  wmma_emu_reset_stats(NULL);
  wmma_emu_get_stats(NULL, &st);
  CHECK(wmma_emu_set_chip(NULL, "gfx1100") == WMMA_EMU_USAGE &&
            wmma_emu_kernel_count(NULL) == 0 &&
            !wmma_emu_kernel_name(NULL, 0) &&
            wmma_emu_find_kernel(NULL, "k") == -1 &&
            !wmma_emu_kernel_chip(NULL, 0) &&
            wmma_emu_param_count(NULL, 0) == -1 &&
            wmma_emu_param_kind_of(NULL, 0, 0) == WMMA_EMU_PARAM_UNSUPPORTED &&
            wmma_emu_prepare(NULL, 0) == WMMA_EMU_USAGE &&
            wmma_emu_buffer_create(NULL, 4, NULL) == -1 &&
            wmma_emu_buffer_size(NULL, 0) == 0 &&
            !wmma_emu_buffer_data(NULL, 0) &&
            wmma_emu_buffer_write(NULL, 0, 0, buf, 1) != 0 &&
            wmma_emu_buffer_read(NULL, 0, buf, 1) != 0 &&
            wmma_emu_launch(NULL, 0, NULL, 0, g, g) == WMMA_EMU_USAGE,
        "NULL module");
  wmma_emu_stats_json(NULL, buf, sizeof buf);
  wmma_emu_stats_text(NULL, buf, sizeof buf);
  CHECK(strcmp(wmma_emu_param_kind_name((wmma_emu_param_kind)99), "") != 0,
        "kind name out of range");
  /* The exact conversions round-trip representable values. */
  CHECK(wmma_emu_f16_to_f32(wmma_emu_f32_to_f16(1.5f)) == 1.5f &&
            wmma_emu_bf16_to_f32(wmma_emu_f32_to_bf16(-2.0f)) == -2.0f &&
            wmma_emu_fp8_to_f32(0x38) == 1.0f &&
            wmma_emu_bf8_to_f32(0x3c) == 1.0f,
        "conversions");
  printf("null module checked\n");
}

int main(void) {
  test_begin();
  check_run();
  check_null_and_bad_input();
  return finish("emulator");
}

// CHECK: kernel inc(pointer, pointer, i32) for gfx1201
// CHECK: ran: out[31] = 3107, waves 1
// CHECK: wrong argument: kernel 'inc': argument 1 is i32 but the parameter is pointer
// CHECK: missing file: cannot read '/nonexistent/kernel.ll'
// CHECK: invalid IR: {{.+}}
// CHECK: null module checked
// CHECK: emulator: {{[0-9]+}} checks, 0 failed
