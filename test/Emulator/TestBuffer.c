/* Buffer resources with known answers (lib/Emulator/Memory.c, ExecMem.c):
 * llvm.amdgcn.make.buffer.rsrc, loads and stores through buffer fat
 * pointers, the raw buffer intrinsics with <4 x i32> and ptr addrspace(8)
 * resources, and the ISA's range checks of raw buffers: per dword, a dword
 * straddling NUM_RECORDS out of range as a whole, out-of-range loads read
 * 0, out-of-range stores write nothing, OOB_SELECT 2 checks nothing but
 * NUM_RECORDS = 0. */
#include "TestUtil.h"

#include <stdlib.h>
#include <string.h>

#define OOB_RAW 0x31027000u  /* OOB_SELECT 3: MLIR's boundsCheck = true */
#define OOB_NONE 0x21027000u /* OOB_SELECT 2: boundsCheck = false */

static const char *kIR =
    "declare ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1), i16, i64, i32)\n"
    "declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1), i16, i64, i32)\n"
    "declare <2 x i32> @llvm.amdgcn.raw.buffer.load.v2i32(<4 x i32>, i32, i32, i32)\n"
    "declare void @llvm.amdgcn.raw.buffer.store.v2i32(<2 x i32>, <4 x i32>, i32, i32, i32)\n"
    "declare <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8), i32, i32, i32)\n"
    "declare void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16, ptr addrspace(8), i32, i32, i32)\n"
    "declare i32 @llvm.amdgcn.workitem.id.x()\n"
    /* Lane l loads <4 x i32> at byte offset 4 l. */
    "define amdgpu_kernel void @vec(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %n, i32 %f) #0 {\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %r = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %in, i16 0, i64 %n, i32 %f)\n"
    "  %off = mul i32 %l, 4\n"
    "  %p = getelementptr i8, ptr addrspace(7) %r, i32 %off\n"
    "  %v = load <4 x i32>, ptr addrspace(7) %p, align 4\n"
    "  %o = getelementptr <4 x i32>, ptr addrspace(1) %out, i32 %l\n"
    "  store <4 x i32> %v, ptr addrspace(1) %o\n"
    "  ret void\n"
    "}\n"
    /* Lane l loads the byte at offset l and the 4-byte <2 x i16> at 2 l. */
    "define amdgpu_kernel void @small(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %n) #0 {\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %r = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %in, i16 0, i64 %n, i32 822243328)\n"
    "  %pb = getelementptr i8, ptr addrspace(7) %r, i32 %l\n"
    "  %b = load i8, ptr addrspace(7) %pb\n"
    "  %bz = zext i8 %b to i32\n"
    "  %l2 = mul i32 %l, 2\n"
    "  %ph = getelementptr i8, ptr addrspace(7) %r, i32 %l2\n"
    "  %h = load <2 x i16>, ptr addrspace(7) %ph, align 2\n"
    "  %hi = bitcast <2 x i16> %h to i32\n"
    "  %i0 = mul i32 %l, 2\n"
    "  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %i0\n"
    "  store i32 %bz, ptr addrspace(1) %o0\n"
    "  %i1 = add i32 %i0, 1\n"
    "  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 %i1\n"
    "  store i32 %hi, ptr addrspace(1) %o1\n"
    "  ret void\n"
    "}\n"
    /* Lane l stores <4 x i32> {10 l, 10 l + 1, ...} at byte offset 16 l, and
     * lanes 0 and 1 store a byte at offset 39 + l. */
    "define amdgpu_kernel void @st(ptr addrspace(1) %buf, i64 %n) #0 {\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %r = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %buf, i16 0, i64 %n, i32 822243328)\n"
    "  %b = mul i32 %l, 10\n"
    "  %v0 = insertelement <4 x i32> poison, i32 %b, i32 0\n"
    "  %b1 = add i32 %b, 1\n"
    "  %v1 = insertelement <4 x i32> %v0, i32 %b1, i32 1\n"
    "  %b2 = add i32 %b, 2\n"
    "  %v2 = insertelement <4 x i32> %v1, i32 %b2, i32 2\n"
    "  %b3 = add i32 %b, 3\n"
    "  %v3 = insertelement <4 x i32> %v2, i32 %b3, i32 3\n"
    "  %off = mul i32 %l, 16\n"
    "  %p = getelementptr i8, ptr addrspace(7) %r, i32 %off\n"
    "  store <4 x i32> %v3, ptr addrspace(7) %p, align 4\n"
    "  %c = icmp ult i32 %l, 2\n"
    "  br i1 %c, label %byte, label %done\n"
    "byte:\n"
    "  %bo = add i32 %l, 39\n"
    "  %pb = getelementptr i8, ptr addrspace(7) %r, i32 %bo\n"
    "  store i8 -1, ptr addrspace(7) %pb\n"
    "  br label %done\n"
    "done:\n"
    "  ret void\n"
    "}\n"
    /* raw.buffer.load/store with a <4 x i32> descriptor built from the
     * pointer: lane l loads 2 dwords at voffset 4 l + soffset 8, and stores
     * them back at voffset 4 l + soffset 0 of the second buffer. */
    "define amdgpu_kernel void @raw(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %pi = ptrtoint ptr addrspace(1) %in to i64\n"
    "  %lo = trunc i64 %pi to i32\n"
    "  %sh = lshr i64 %pi, 32\n"
    "  %hi = trunc i64 %sh to i32\n"
    "  %d0 = insertelement <4 x i32> poison, i32 %lo, i32 0\n"
    "  %d1 = insertelement <4 x i32> %d0, i32 %hi, i32 1\n"
    "  %d2 = insertelement <4 x i32> %d1, i32 40, i32 2\n"
    "  %d3 = insertelement <4 x i32> %d2, i32 822243328, i32 3\n"
    "  %vo = mul i32 %l, 4\n"
    "  %v = call <2 x i32> @llvm.amdgcn.raw.buffer.load.v2i32(<4 x i32> %d3, i32 %vo, i32 8, i32 0)\n"
    "  %qi = ptrtoint ptr addrspace(1) %out to i64\n"
    "  %qlo = trunc i64 %qi to i32\n"
    "  %qsh = lshr i64 %qi, 32\n"
    "  %qhi = trunc i64 %qsh to i32\n"
    "  %e0 = insertelement <4 x i32> poison, i32 %qlo, i32 0\n"
    "  %e1 = insertelement <4 x i32> %e0, i32 %qhi, i32 1\n"
    "  %e2 = insertelement <4 x i32> %e1, i32 40, i32 2\n"
    "  %e3 = insertelement <4 x i32> %e2, i32 822243328, i32 3\n"
    "  %vo2 = mul i32 %l, 8\n"
    "  call void @llvm.amdgcn.raw.buffer.store.v2i32(<2 x i32> %v, <4 x i32> %e3, i32 %vo2, i32 0, i32 0)\n"
    "  ret void\n"
    "}\n"
    /* ptr addrspace(8) resources: raw.ptr.buffer.load of <4 x float> at
     * voffset 16 l; a store of i16 lane id at offset 2 l + 4 through
     * raw.ptr.buffer.store; the fat pointer of offset 0 cast from it, moved
     * one float back (offset 0xfffffffc: out of range) and forward again. */
    "define amdgpu_kernel void @rsrc(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %hs) #0 {\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %r8 = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %in, i16 0, i64 48, i32 822243328)\n"
    "  %vo = mul i32 %l, 16\n"
    "  %v = call <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8) %r8, i32 %vo, i32 0, i32 0)\n"
    "  %o = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %l\n"
    "  store <4 x float> %v, ptr addrspace(1) %o\n"
    "  %h8 = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %hs, i16 0, i64 12, i32 822243328)\n"
    "  %hv = trunc i32 %l to i16\n"
    "  %ho = mul i32 %l, 2\n"
    "  call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %hv, ptr addrspace(8) %h8, i32 %ho, i32 4, i32 0)\n"
    "  %f = addrspacecast ptr addrspace(8) %r8 to ptr addrspace(7)\n"
    "  %back = getelementptr float, ptr addrspace(7) %f, i32 -1\n"
    "  %x = load float, ptr addrspace(7) %back\n"
    "  %fwd = getelementptr float, ptr addrspace(7) %back, i32 2\n"
    "  %y = load float, ptr addrspace(7) %fwd\n"
    "  %offi = ptrtoint ptr addrspace(7) %back to i32\n"
    "  %pe = getelementptr <4 x float>, ptr addrspace(1) %out, i32 16\n"
    "  %pe2 = getelementptr float, ptr addrspace(1) %pe, i32 %l\n"
    "  %s = fadd float %x, %y\n"
    "  store float %s, ptr addrspace(1) %pe2\n"
    "  %pe3 = getelementptr float, ptr addrspace(1) %pe2, i32 32\n"
    "  %offf = bitcast i32 %offi to float\n"
    "  store float %offf, ptr addrspace(1) %pe3\n"
    "  ret void\n"
    "}\n"
    /* A resource over a flat pointer (make.buffer.rsrc.p7.p0). */
    "declare ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p0(ptr, i16, i64, i32)\n"
    "define amdgpu_kernel void @flat(ptr %in, ptr addrspace(1) %out) #0 {\n"
    "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n"
    "  %r = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p0(ptr %in, i16 0, i64 16, i32 822243328)\n"
    "  %p = getelementptr i32, ptr addrspace(7) %r, i32 %l\n"
    "  %v = load <2 x i32>, ptr addrspace(7) %p, align 4\n"
    "  %o = getelementptr <2 x i32>, ptr addrspace(1) %out, i32 %l\n"
    "  store <2 x i32> %v, ptr addrspace(1) %o\n"
    "  ret void\n"
    "}\n"
    "attributes #0 = { \"target-cpu\"=\"gfx1201\" }\n";

static int launch(wmma_emu_module *m, const char *kernel, const wmma_emu_arg *args,
                  int nargs, unsigned threads) {
  unsigned grid[3] = {1, 1, 1}, block[3] = {threads, 1, 1};
  int rc = wmma_emu_launch(m, wmma_emu_find_kernel(m, kernel), args, nargs, grid, block);
  CHECK(rc == 0, "%s: %s", kernel, wmma_emu_last_error(m));
  return rc;
}

static void test_vec(wmma_emu_module *m, int in) {
  struct { uint64_t n; uint32_t flags; } cases[] = {
      {40, OOB_RAW}, {38, OOB_RAW}, {0, OOB_RAW}, {40, OOB_NONE}, {0, OOB_NONE}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int out = wmma_emu_buffer_create(m, 16 * 16, NULL);
    wmma_emu_arg args[4] = {wmma_emu_arg_buffer(in), wmma_emu_arg_buffer(out),
                            wmma_emu_arg_i64((int64_t)cases[c].n), wmma_emu_arg_i32((int32_t)cases[c].flags)};
    wmma_emu_reset_stats(m);
    if (launch(m, "vec", args, 4, 16))
      continue;
    uint32_t o[64];
    wmma_emu_buffer_read(m, out, o, sizeof o);
    uint64_t in_range = 0;
    for (int l = 0; l < 16; l++)
      for (int j = 0; j < 4; j++) {
        uint32_t d = (uint32_t)(l + j); /* dword index */
        int ok = cases[c].flags == OOB_NONE ? cases[c].n != 0 : 4 * d + 4 <= cases[c].n;
        uint32_t want = ok ? 100 + d : 0;
        in_range += ok;
        CHECK(o[4 * l + j] == want, "vec n=%llu flags 0x%x: lane %d dword %d = %u, want %u",
              (unsigned long long)cases[c].n, cases[c].flags, l, j, o[4 * l + j], want);
      }
    wmma_emu_stats st;
    wmma_emu_get_stats(m, &st);
    CHECK(st.global_bytes_loaded == 4 * in_range, "vec: %llu bytes loaded, want %llu",
          (unsigned long long)st.global_bytes_loaded, (unsigned long long)(4 * in_range));
  }
}

static void test_small(wmma_emu_module *m, int in) {
  int out = wmma_emu_buffer_create(m, 48 * 8, NULL);
  wmma_emu_arg args[3] = {wmma_emu_arg_buffer(in), wmma_emu_arg_buffer(out),
                          wmma_emu_arg_i64(41)};
  if (launch(m, "small", args, 3, 32))
    return;
  uint32_t o[64];
  wmma_emu_buffer_read(m, out, o, sizeof o);
  const uint8_t *bytes = NULL;
  uint32_t src[64];
  wmma_emu_buffer_read(m, in, src, sizeof src);
  bytes = (const uint8_t *)src;
  for (int l = 0; l < 32; l++) {
    uint32_t byte = l + 1 <= 41 ? bytes[l] : 0;
    uint32_t word = 0;
    if (2 * l + 4 <= 41) /* the 4-byte piece is in range as a whole */
      memcpy(&word, bytes + 2 * l, 4);
    CHECK(o[2 * l] == byte, "small: lane %d byte = %u, want %u", l, o[2 * l], byte);
    CHECK(o[2 * l + 1] == word, "small: lane %d <2 x i16> = 0x%x, want 0x%x", l,
          o[2 * l + 1], word);
  }
}

static void test_store(wmma_emu_module *m) {
  uint32_t init[16];
  for (int i = 0; i < 16; i++)
    init[i] = 0xdeadbeefu;
  int buf = wmma_emu_buffer_create(m, sizeof init, init);
  wmma_emu_arg args[2] = {wmma_emu_arg_buffer(buf), wmma_emu_arg_i64(40)};
  wmma_emu_reset_stats(m);
  if (launch(m, "st", args, 2, 4))
    return;
  uint32_t o[16];
  wmma_emu_buffer_read(m, buf, o, sizeof o);
  for (int d = 0; d < 16; d++) {
    uint32_t want = d < 10 ? (uint32_t)(10 * (d / 4) + d % 4) : 0xdeadbeefu;
    if (d == 9) /* the byte store at 39 (in range) lands in dword 9 */
      want = (want & 0x00ffffffu) | 0xff000000u;
    CHECK(o[d] == want, "store: dword %d = 0x%x, want 0x%x", d, o[d], want);
  }
  wmma_emu_stats st;
  wmma_emu_get_stats(m, &st);
  CHECK(st.global_bytes_stored == 41, "store: %llu bytes stored, want 41 (10 dwords + 1 byte)",
        (unsigned long long)st.global_bytes_stored);
}

static void test_raw(wmma_emu_module *m, int in) {
  int out = wmma_emu_buffer_create(m, 128, NULL);
  wmma_emu_arg args[2] = {wmma_emu_arg_buffer(in), wmma_emu_arg_buffer(out)};
  if (launch(m, "raw", args, 2, 8))
    return;
  uint32_t o[32];
  wmma_emu_buffer_read(m, out, o, sizeof o);
  for (int l = 0; l < 8; l++)
    for (int j = 0; j < 2; j++) {
      /* loaded: dword l + 2 + j of `in` if in range (byte 4(l+2+j)+4 <= 40) */
      uint32_t d = (uint32_t)(l + 2 + j);
      uint32_t v = 4 * d + 4 <= 40 ? 100 + d : 0;
      /* stored at byte 8 l + 4 j of `out` if that dword is in range */
      uint32_t at = (uint32_t)(2 * l + j);
      CHECK(o[at] == (4 * at + 4 <= 40 ? v : 0), "raw: lane %d dword %d = %u", l, j, o[at]);
    }
}

static void test_rsrc(wmma_emu_module *m) {
  float in[16];
  for (int i = 0; i < 16; i++)
    in[i] = 0.5f + i;
  int bin = wmma_emu_buffer_create(m, sizeof in, in);
  int out = wmma_emu_buffer_create(m, 16 * 16 + 64 * 4, NULL);
  uint16_t hinit[8] = {0xaaaa, 0xaaaa, 0xaaaa, 0xaaaa, 0xaaaa, 0xaaaa, 0xaaaa, 0xaaaa};
  int hs = wmma_emu_buffer_create(m, sizeof hinit, hinit);
  wmma_emu_arg args[3] = {wmma_emu_arg_buffer(bin), wmma_emu_arg_buffer(out),
                          wmma_emu_arg_buffer(hs)};
  if (launch(m, "rsrc", args, 3, 8))
    return;
  float o[128];
  wmma_emu_buffer_read(m, out, o, 16 * 16 + 64 * 4);
  for (int l = 0; l < 8; l++)
    for (int j = 0; j < 4; j++) {
      int d = 4 * l + j;
      float want = 4 * d + 4 <= 48 ? in[d] : 0.0f;
      CHECK(o[4 * l + j] == want, "rsrc: lane %d element %d = %g, want %g", l, j,
            o[4 * l + j], want);
    }
  for (int l = 0; l < 8; l++) {
    /* offset -4 wraps to 0xfffffffc: out of range (0); +2 floats: in[1] */
    CHECK(o[64 + l] == in[1], "rsrc: wrapped load lane %d = %g, want %g", l, o[64 + l], in[1]);
    uint32_t off;
    memcpy(&off, &o[96 + l], 4);
    CHECK(off == 0xfffffffcu, "rsrc: ptrtoint of the fat pointer = 0x%x", off);
  }
  uint16_t h[8];
  wmma_emu_buffer_read(m, hs, h, sizeof h);
  for (int i = 0; i < 8; i++) {
    /* lane l writes l at byte 2 l + 4 when 2 l + 6 <= 12 (lanes 0..3) */
    uint16_t want = i >= 2 && i < 6 ? (uint16_t)(i - 2) : 0xaaaa;
    CHECK(h[i] == want, "rsrc: i16 store at element %d = 0x%x, want 0x%x", i, h[i], want);
  }
}

static void test_flat(wmma_emu_module *m, int in) {
  int out = wmma_emu_buffer_create(m, 8 * 8, NULL);
  wmma_emu_arg args[2] = {wmma_emu_arg_buffer(in), wmma_emu_arg_buffer(out)};
  if (launch(m, "flat", args, 2, 8))
    return;
  uint32_t o[16];
  wmma_emu_buffer_read(m, out, o, sizeof o);
  for (int l = 0; l < 8; l++)
    for (int j = 0; j < 2; j++) {
      uint32_t d = (uint32_t)(l + j), want = 4 * d + 4 <= 16 ? 100 + d : 0;
      CHECK(o[2 * l + j] == want, "flat: lane %d dword %d = %u, want %u", l, j,
            o[2 * l + j], want);
    }
}

int test_buffer(int argc, char **argv) {
  (void)argc;
  (void)argv;
  wmma_emu_module *m = test_load(kIR);
  uint32_t words[64];
  for (int i = 0; i < 64; i++)
    words[i] = 100 + (uint32_t)i;
  int in = wmma_emu_buffer_create(m, sizeof words, words);
  test_vec(m, in);
  test_small(m, in);
  test_store(m);
  test_raw(m, in);
  test_rsrc(m);
  test_flat(m, in);
  wmma_emu_destroy(m);
  return 0;
}
