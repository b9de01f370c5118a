/* The C API (loading, queries, buffers, launches, errors, counters) and
 * control-flow semantics (divergent loops, reconvergence, switch). */
#include "TestUtil.h"

#include <stdlib.h>
#include <string.h>

static const char *kIdsIR =
    "declare i32 @llvm.amdgcn.workitem.id.x()\n"
    "declare i32 @llvm.amdgcn.workitem.id.y()\n"
    "declare i32 @llvm.amdgcn.workitem.id.z()\n"
    "declare i32 @llvm.amdgcn.workgroup.id.x()\n"
    "declare i32 @llvm.amdgcn.workgroup.id.y()\n"
    "declare i32 @llvm.amdgcn.workgroup.id.z()\n"
    "declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()\n"
    "declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()\n"
    "define amdgpu_kernel void @ids(ptr addrspace(1) %out, i32 %scale, float %f,"
    " half %h, i64 %big) #0 {\n"
    "  %tx = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %ty = call i32 @llvm.amdgcn.workitem.id.y()\n"
    "  %tz = call i32 @llvm.amdgcn.workitem.id.z()\n"
    "  %gx = call i32 @llvm.amdgcn.workgroup.id.x()\n"
    "  %gy = call i32 @llvm.amdgcn.workgroup.id.y()\n"
    "  %gz = call i32 @llvm.amdgcn.workgroup.id.z()\n"
    "  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()\n"
    "  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()\n"
    /* blockDim.x, .z (u16 at 12, 16), gridDim.y in blocks (u32 at 4) */
    "  %pbx = getelementptr i8, ptr addrspace(4) %ia, i64 12\n"
    "  %bx16 = load i16, ptr addrspace(4) %pbx\n"
    "  %bx = zext i16 %bx16 to i32\n"
    "  %pbz = getelementptr i8, ptr addrspace(4) %ia, i64 16\n"
    "  %bz16 = load i16, ptr addrspace(4) %pbz\n"
    "  %bz = zext i16 %bz16 to i32\n"
    "  %pgy = getelementptr i8, ptr addrspace(4) %ia, i64 4\n"
    "  %gcy = load i32, ptr addrspace(4) %pgy\n"
    /* dispatch packet: workgroup_size_y u16 at 6, grid_size_x u32 at 12 */
    "  %pwy = getelementptr i8, ptr addrspace(4) %dp, i64 6\n"
    "  %wy16 = load i16, ptr addrspace(4) %pwy\n"
    "  %wy = zext i16 %wy16 to i32\n"
    "  %pgs = getelementptr i8, ptr addrspace(4) %dp, i64 12\n"
    "  %gsx = load i32, ptr addrspace(4) %pgs\n"
    /* flat index: ((gz*GY + gy)*GX + gx)*T + (tz*BY + ty)*BX + tx */
    "  %t1 = mul i32 %tz, %wy\n"
    "  %t2 = add i32 %t1, %ty\n"
    "  %t3 = mul i32 %t2, %bx\n"
    "  %tid = add i32 %t3, %tx\n"
    "  %g1 = mul i32 %gz, %gcy\n"
    "  %g2 = add i32 %g1, %gy\n"
    "  %gxn = udiv i32 %gsx, %bx\n"
    "  %g3 = mul i32 %g2, %gxn\n"
    "  %g4 = add i32 %g3, %gx\n"
    "  %bxy = mul i32 %bx, %wy\n"
    "  %bsz = mul i32 %bxy, %bz\n"
    "  %g5 = mul i32 %g4, %bsz\n"
    "  %flat = add i32 %g5, %tid\n"
    "  %idx = mul i32 %flat, 8\n"
    "  %fi = fptosi float %f to i32\n"
    "  %hf = fpext half %h to float\n"
    "  %hi = fptosi float %hf to i32\n"
    "  %bt = trunc i64 %big to i32\n"
    "  %s1 = mul i32 %scale, %tx\n"
    "  %v0 = insertelement <8 x i32> poison, i32 %tx, i32 0\n"
    "  %v1 = insertelement <8 x i32> %v0, i32 %ty, i32 1\n"
    "  %v2 = insertelement <8 x i32> %v1, i32 %tz, i32 2\n"
    "  %v3 = insertelement <8 x i32> %v2, i32 %gx, i32 3\n"
    "  %v4 = insertelement <8 x i32> %v3, i32 %gy, i32 4\n"
    "  %v5 = insertelement <8 x i32> %v4, i32 %gz, i32 5\n"
    "  %s2 = add i32 %s1, %fi\n"
    "  %s3 = add i32 %s2, %hi\n"
    "  %v6 = insertelement <8 x i32> %v5, i32 %s3, i32 6\n"
    "  %v7 = insertelement <8 x i32> %v6, i32 %bt, i32 7\n"
    "  %po = getelementptr i32, ptr addrspace(1) %out, i32 %idx\n"
    "  store <8 x i32> %v7, ptr addrspace(1) %po, align 4\n"
    "  ret void\n"
    "}\n"
    "define amdgpu_kernel void @bad() #0 {\n"
    "  call void @llvm.amdgcn.made.up()\n"
    "  ret void\n"
    "}\n"
    "declare void @llvm.amdgcn.made.up()\n"
    "attributes #0 = { \"target-cpu\"=\"gfx1201\" }\n";

int test_api(int argc, char **argv) {
  (void)argc;
  (void)argv;
  /* Loading errors. */
  const char *junk = "this is not IR";
  CHECK(!wmma_emu_load_memory(junk, strlen(junk), "junk"), "junk loaded");
  CHECK(strstr(wmma_emu_last_error(NULL), "cannot parse") != NULL, "load error: %s",
        wmma_emu_last_error(NULL));
  CHECK(!wmma_emu_load_file("/nonexistent/file.ll"), "missing file loaded");
  CHECK(strstr(wmma_emu_last_error(NULL), "cannot read") != NULL, "error: %s",
        wmma_emu_last_error(NULL));

  wmma_emu_module *m = test_load(kIdsIR);
  CHECK(wmma_emu_kernel_count(m) == 2, "kernel count %d", wmma_emu_kernel_count(m));
  int k = wmma_emu_find_kernel(m, "ids");
  CHECK(k >= 0 && !strcmp(wmma_emu_kernel_name(m, k), "ids"), "find kernel");
  CHECK(wmma_emu_find_kernel(m, "nope") == -1, "unknown kernel");
  CHECK(!strcmp(wmma_emu_kernel_chip(m, k), "gfx1201"), "chip");
  CHECK(wmma_emu_param_count(m, k) == 5, "param count");
  CHECK(wmma_emu_param_kind_of(m, k, 0) == WMMA_EMU_PARAM_POINTER &&
            wmma_emu_param_kind_of(m, k, 1) == WMMA_EMU_PARAM_I32 &&
            wmma_emu_param_kind_of(m, k, 2) == WMMA_EMU_PARAM_F32 &&
            wmma_emu_param_kind_of(m, k, 3) == WMMA_EMU_PARAM_F16 &&
            wmma_emu_param_kind_of(m, k, 4) == WMMA_EMU_PARAM_I64,
        "param kinds");
  CHECK(wmma_emu_set_chip(m, "gfx9000") == WMMA_EMU_USAGE, "unknown chip accepted");
  CHECK(strstr(wmma_emu_last_error(m), "unknown chip") != NULL, "%s", wmma_emu_last_error(m));

  /* Unsupported intrinsic: reported before running, naming it. */
  int bad = wmma_emu_find_kernel(m, "bad");
  CHECK(wmma_emu_prepare(m, bad) == WMMA_EMU_FAULT, "made-up intrinsic accepted");
  CHECK(strstr(wmma_emu_last_error(m), "llvm.amdgcn.made.up") != NULL, "%s",
        wmma_emu_last_error(m));

  /* Geometry: grid 2x3x2 of blocks 4x2x3 (24 work-items: a partial wave). */
  unsigned grid[3] = {2, 3, 2}, block[3] = {4, 2, 3};
  size_t n = 2 * 3 * 2 * 24;
  int out = wmma_emu_buffer_create(m, n * 8 * 4, NULL);
  wmma_emu_arg args[5] = {wmma_emu_arg_buffer(out), wmma_emu_arg_i32(100),
                          wmma_emu_arg_f32(7.0f), {0}, wmma_emu_arg_i64(0x500000009ll)};
  args[3].kind = WMMA_EMU_PARAM_F16;
  args[3].u.f16_bits = 0x4400; /* 4.0 */
  CHECK(wmma_emu_launch(m, k, args, 4, grid, block) == WMMA_EMU_USAGE, "arg count");
  wmma_emu_arg wrong[5];
  memcpy(wrong, args, sizeof wrong);
  wrong[1] = wmma_emu_arg_f32(1);
  CHECK(wmma_emu_launch(m, k, wrong, 5, grid, block) == WMMA_EMU_USAGE, "arg kind");
  CHECK(strstr(wmma_emu_last_error(m), "argument 1") != NULL, "%s", wmma_emu_last_error(m));
  wrong[1] = args[1];
  wrong[0] = wmma_emu_arg_buffer(999);
  CHECK(wmma_emu_launch(m, k, wrong, 5, grid, block) == WMMA_EMU_USAGE, "bad buffer");
  unsigned big[3] = {33, 32, 1};
  CHECK(wmma_emu_launch(m, k, args, 5, grid, big) == WMMA_EMU_USAGE, "block too big");
  int rc = wmma_emu_launch(m, k, args, 5, grid, block);
  CHECK(rc == 0, "launch: %s", wmma_emu_last_error(m));
  uint32_t *o = malloc(n * 8 * 4);
  wmma_emu_buffer_read(m, out, o, n * 8 * 4);
  for (unsigned gz = 0; gz < 2; gz++)
    for (unsigned gy = 0; gy < 3; gy++)
      for (unsigned gx = 0; gx < 2; gx++)
        for (unsigned tz = 0; tz < 3; tz++)
          for (unsigned ty = 0; ty < 2; ty++)
            for (unsigned tx = 0; tx < 4; tx++) {
              size_t flat = ((gz * 3 + gy) * 2 + gx) * 24 + (tz * 2 + ty) * 4 + tx;
              const uint32_t *r = o + flat * 8;
              uint32_t want[8] = {tx, ty, tz, gx, gy, gz, 100 * tx + 7 + 4, 9};
              for (int q = 0; q < 8; q++)
                CHECK(r[q] == want[q], "item %zu field %d = %u, want %u", flat, q, r[q], want[q]);
            }
  free(o);
  wmma_emu_stats st;
  wmma_emu_get_stats(m, &st);
  CHECK(st.workgroups == 12 && st.waves == 12, "workgroups %llu waves %llu",
        (unsigned long long)st.workgroups, (unsigned long long)st.waves);
  CHECK(st.global_bytes_stored == n * 32, "bytes stored %llu",
        (unsigned long long)st.global_bytes_stored);
  CHECK(st.lane_instructions > st.wave_instructions, "instruction counters");
  char json[4096];
  wmma_emu_stats_json(m, json, sizeof json);
  CHECK(strstr(json, "\"lane_instructions\"") && strstr(json, "\"ds_bpermute\"") &&
            strstr(json, "\"lds_bytes_read\"") && strstr(json, "\"barriers\""),
        "json: %s", json);
  wmma_emu_reset_stats(m);
  wmma_emu_get_stats(m, &st);
  CHECK(st.lane_instructions == 0, "reset");
  /* Buffer API bounds. */
  CHECK(wmma_emu_buffer_write(m, out, 8, "abcd", 4) == 0, "buffer write");
  CHECK(wmma_emu_buffer_write(m, out, n * 32 - 2, "abcd", 4) == WMMA_EMU_USAGE,
        "buffer write out of bounds");
  CHECK(wmma_emu_buffer_size(m, out) == n * 32, "buffer size");
  wmma_emu_destroy(m);
  return 0;
}

/*===-- divergence --------------------------------------------------------===*/

static const char *kDivIR =
    "declare i32 @llvm.amdgcn.workitem.id.x()\n"
    "declare i32 @llvm.amdgcn.ballot.i32(i1)\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {\n"
    "entry:\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %p = getelementptr i32, ptr addrspace(1) %in, i32 %l\n"
    "  %n = load i32, ptr addrspace(1) %p\n"
    "  br label %loop\n"
    "loop:\n"
    "  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]\n"
    "  %acc = phi i32 [ 0, %entry ], [ %acc2, %latch ]\n"
    "  %done = icmp uge i32 %i, %n\n"
    "  br i1 %done, label %exit, label %body\n"
    "body:\n"
    "  %odd = and i32 %i, 1\n"
    "  %isodd = icmp ne i32 %odd, 0\n"
    "  br i1 %isodd, label %then, label %else\n"
    "then:\n"
    "  %t = mul i32 %i, 3\n"
    "  br label %latch\n"
    "else:\n"
    "  %e = add i32 %i, 7\n"
    "  %brk = icmp eq i32 %i, 20\n"
    "  br i1 %brk, label %exit, label %latch\n"
    "latch:\n"
    "  %x = phi i32 [ %t, %then ], [ %e, %else ]\n"
    "  %acc2 = add i32 %acc, %x\n"
    "  %i1 = add i32 %i, 1\n"
    "  br label %loop\n"
    "exit:\n"
    "  %res = phi i32 [ %acc, %loop ], [ %acc, %else ]\n"
    "  %bal = call i32 @llvm.amdgcn.ballot.i32(i1 true)\n"
    "  %sel = and i32 %l, 3\n"
    "  switch i32 %sel, label %join [ i32 0, label %c0\n"
    "                                 i32 1, label %c1 ]\n"
    "c0:\n"
    "  br label %join\n"
    "c1:\n"
    "  br label %join\n"
    "join:\n"
    "  %add = phi i32 [ 1000, %c0 ], [ 2000, %c1 ], [ 0, %exit ]\n"
    "  %bal2 = call i32 @llvm.amdgcn.ballot.i32(i1 true)\n"
    "  %r = add i32 %res, %add\n"
    "  %q = getelementptr i32, ptr addrspace(1) %out, i32 %l\n"
    "  store i32 %r, ptr addrspace(1) %q\n"
    "  %q2 = getelementptr i32, ptr addrspace(1) %q, i32 32\n"
    "  store i32 %bal, ptr addrspace(1) %q2\n"
    "  %q3 = getelementptr i32, ptr addrspace(1) %q, i32 64\n"
    "  store i32 %bal2, ptr addrspace(1) %q3\n"
    "  ret void\n"
    "}\n"
    "attributes #0 = { \"target-cpu\"=\"gfx1100\" }\n";

int test_divergence(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_seed(77);
  uint32_t in[32], out[96];
  for (int l = 0; l < 32; l++)
    in[l] = test_rand() % 40;
  in[3] = 0;
  in[5] = 39;
  wmma_emu_module *m = test_load(kDivIR);
  int bufs[2] = {wmma_emu_buffer_create(m, sizeof in, in),
                 wmma_emu_buffer_create(m, sizeof out, NULL)};
  int rc = test_run(m, bufs, 2, 32);
  CHECK(rc == 0, "launch: %s", wmma_emu_last_error(m));
  wmma_emu_buffer_read(m, bufs[1], out, sizeof out);
  for (int l = 0; l < 32; l++) {
    uint32_t acc = 0;
    for (uint32_t i = 0; i < in[l]; i++) {
      if (i & 1) {
        acc += 3 * i;
      } else {
        if (i == 20)
          break;
        acc += i + 7;
      }
    }
    acc += (l & 3) == 0 ? 1000 : (l & 3) == 1 ? 2000 : 0;
    CHECK(out[l] == acc, "lane %d (trip %u): %u, want %u", l, in[l], out[l], acc);
    CHECK(out[32 + l] == 0xffffffffu,
          "lane %d: ballot after the divergent loop = 0x%08x (not reconverged)", l, out[32 + l]);
    CHECK(out[64 + l] == 0xffffffffu,
          "lane %d: ballot after the switch = 0x%08x (not reconverged)", l, out[64 + l]);
  }
  wmma_emu_destroy(m);
  return 0;
}
