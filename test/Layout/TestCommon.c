/* Independent expectations shared by the unit tests (see TestUtil.h). */
#include "TestUtil.h"

long g_checks;
long g_failures;

#define F16 WMMA_ELEM_F16
#define BF16 WMMA_ELEM_BF16
#define F32 WMMA_ELEM_F32
#define I32 WMMA_ELEM_I32
#define IU8 WMMA_ELEM_IU8
#define IU4 WMMA_ELEM_IU4
#define FP8 WMMA_ELEM_FP8
#define BF8 WMMA_ELEM_BF8

const test_instr test_instrs[WMMA_INSTR_COUNT] = {
    {WMMA_INSTR_F32_16X16X16_F16, "v_wmma_f32_16x16x16_f16",
     "rocdl.wmma.f32.16x16x16.f16", F16, F16, F32, 16, 1, 0, 0},
    {WMMA_INSTR_F32_16X16X16_BF16, "v_wmma_f32_16x16x16_bf16",
     "rocdl.wmma.f32.16x16x16.bf16", BF16, BF16, F32, 16, 1, 0, 0},
    {WMMA_INSTR_F16_16X16X16_F16, "v_wmma_f16_16x16x16_f16",
     "rocdl.wmma.f16.16x16x16.f16", F16, F16, F16, 16, 1, 0, 1},
    {WMMA_INSTR_BF16_16X16X16_BF16, "v_wmma_bf16_16x16x16_bf16",
     "rocdl.wmma.bf16.16x16x16.bf16", BF16, BF16, BF16, 16, 1, 0, 1},
    {WMMA_INSTR_I32_16X16X16_IU8, "v_wmma_i32_16x16x16_iu8",
     "rocdl.wmma.i32.16x16x16.iu8", IU8, IU8, I32, 16, 1, 1, 0},
    {WMMA_INSTR_I32_16X16X16_IU4, "v_wmma_i32_16x16x16_iu4",
     "rocdl.wmma.i32.16x16x16.iu4", IU4, IU4, I32, 16, 1, 1, 0},
    {WMMA_INSTR_I32_16X16X32_IU4, "v_wmma_i32_16x16x32_iu4",
     "rocdl.wmma.i32.16x16x32.iu4", IU4, IU4, I32, 32, 0, 1, 0},
    {WMMA_INSTR_F32_16X16X16_FP8_FP8, "v_wmma_f32_16x16x16_fp8_fp8",
     "rocdl.wmma.f32.16x16x16.fp8_fp8", FP8, FP8, F32, 16, 0, 0, 0},
    {WMMA_INSTR_F32_16X16X16_FP8_BF8, "v_wmma_f32_16x16x16_fp8_bf8",
     "rocdl.wmma.f32.16x16x16.fp8_bf8", FP8, BF8, F32, 16, 0, 0, 0},
    {WMMA_INSTR_F32_16X16X16_BF8_FP8, "v_wmma_f32_16x16x16_bf8_fp8",
     "rocdl.wmma.f32.16x16x16.bf8_fp8", BF8, FP8, F32, 16, 0, 0, 0},
    {WMMA_INSTR_F32_16X16X16_BF8_BF8, "v_wmma_f32_16x16x16_bf8_bf8",
     "rocdl.wmma.f32.16x16x16.bf8_bf8", BF8, BF8, F32, 16, 0, 0, 0},
};

int test_bits(wmma_elem e) {
  switch (e) {
  case F16:
  case BF16:
    return 16;
  case F32:
  case I32:
    return 32;
  case IU8:
  case FP8:
  case BF8:
    return 8;
  case IU4:
    return 4;
  default:
    return 0;
  }
}

int test_available(wmma_instr id, wmma_arch arch) {
  if (arch == WMMA_ARCH_RDNA4)
    return 1;
  return arch == WMMA_ARCH_RDNA3 && test_instrs[id].on_rdna3;
}

wmma_elem expect_elem(wmma_instr id, wmma_matrix mat) {
  return mat == WMMA_MATRIX_A   ? test_instrs[id].a
         : mat == WMMA_MATRIX_B ? test_instrs[id].b
                                : test_instrs[id].c;
}

void expect_dims(wmma_instr id, wmma_matrix mat, int *rows, int *cols) {
  int k = test_instrs[id].k;
  *rows = mat == WMMA_MATRIX_B ? k : 16;
  *cols = mat == WMMA_MATRIX_A ? k : 16;
}

/* Literal numbers from hardware.md. */
int expect_vgprs(wmma_arch arch, wmma_instr id, wmma_matrix mat) {
  int bits = test_bits(expect_elem(id, mat));
  int r3 = arch == WMMA_ARCH_RDNA3;
  if (mat == WMMA_MATRIX_C || mat == WMMA_MATRIX_D)
    return bits == 32 ? 8 : (r3 ? 8 : 4);
  if (bits == 16)
    return r3 ? 8 : 4;
  if (bits == 8)
    return r3 ? 4 : 2;
  /* iu4 */
  if (r3)
    return 2;
  return test_instrs[id].k == 32 ? 2 : 1;
}

static test_loc mk(int lane, int vgpr, int lo, int width) {
  test_loc t = {lane, vgpr, lo, lo + width - 1};
  return t;
}

int expect_hw_locs(wmma_arch arch, wmma_instr id, wmma_matrix mat, int opsel,
                   int row, int col, test_loc out[2]) {
  int bits = test_bits(expect_elem(id, mat));
  int K = test_instrs[id].k;
  if (mat == WMMA_MATRIX_A || mat == WMMA_MATRIX_B) {
    int x = mat == WMMA_MATRIX_A ? row : col; /* m for A, n for B */
    int k = mat == WMMA_MATRIX_A ? col : row;
    if (arch == WMMA_ARCH_RDNA3) {
      test_loc t;
      if (bits == 16)
        t = mk(x, k / 2, 16 * (k % 2), 16);
      else if (bits == 8)
        t = mk(x, k / 4, 8 * (k % 4), 8);
      else
        t = mk(x, k / 8, 4 * (k % 8), 4);
      out[0] = t;
      out[1] = t;
      out[1].lane = x + 16;
      return 2;
    }
    if (bits == 16)
      out[0] = mk(x + 16 * ((k / 4) % 2), 2 * (k / 8) + (k / 2) % 2,
                  16 * (k % 2), 16);
    else if (bits == 8)
      out[0] = mk(x + 16 * (k / 8), (k / 4) % 2, 8 * (k % 4), 8);
    else if (K == 16)
      out[0] = mk(x + 16 * (k / 8), 0, 4 * (k % 8), 4);
    else
      out[0] = mk(x + 16 * (k / 16), (k / 8) % 2, 4 * (k % 8), 4);
    return 1;
  }
  int m = row, n = col;
  if (arch == WMMA_ARCH_RDNA3) {
    if (bits == 32)
      out[0] = mk(n + 16 * (m % 2), m / 2, 0, 32);
    else
      out[0] = mk(n + 16 * (m % 2), m / 2, 16 * opsel, 16);
  } else {
    if (bits == 32)
      out[0] = mk(n + 16 * (m / 8), m % 8, 0, 32);
    else
      out[0] = mk(n + 16 * (m / 8), (m / 2) % 4, 16 * (m % 2), 16);
  }
  return 1;
}

int expect_frag_length(const wmma_frag_desc *f) {
  if (f->layout == WMMA_LAYOUT_COMPACT)
    return test_instrs[f->instr].k / 2;
  /* HW and KCONTIG: the operand registers as elem-sized values. */
  return expect_vgprs(f->arch, f->instr, f->matrix) * 32 /
         test_bits(expect_elem(f->instr, f->matrix));
}

/* HW value v = bits [v*eb, v*eb+eb) of the concatenated registers: find the
 * element whose expected location covers exactly that range. */
static int expect_hw_value(const wmma_frag_desc *f, int lane, int v, int *row,
                           int *col) {
  int bits = test_bits(expect_elem(f->instr, f->matrix));
  int vgpr = v * bits / 32, lo = (v * bits) % 32;
  int rows, cols;
  expect_dims(f->instr, f->matrix, &rows, &cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      test_loc locs[2];
      int n = expect_hw_locs(f->arch, f->instr, f->matrix, f->opsel, i, j,
                             locs);
      for (int c = 0; c < n; ++c)
        if (locs[c].lane == lane && locs[c].vgpr == vgpr && locs[c].lo == lo) {
          *row = i;
          *col = j;
          return 1;
        }
    }
  return 0;
}

int expect_frag_coord(const wmma_frag_desc *f, int lane, int v, int *row,
                      int *col) {
  if (lane < 0 || lane >= 32 || v < 0 || v >= expect_frag_length(f))
    return 0;
  int K = test_instrs[f->instr].k;
  int h = lane / 16, r = lane % 16;
  int rr, cc;
  int contiguous = f->layout == WMMA_LAYOUT_COMPACT ||
                   (f->layout == WMMA_LAYOUT_KCONTIG &&
                    f->arch == WMMA_ARCH_RDNA4);
  if (contiguous) {
    int k = (K / 2) * h + v;
    if (f->matrix == WMMA_MATRIX_A)
      rr = r, cc = k;
    else
      rr = k, cc = r;
  } else if (!expect_hw_value(f, lane, v, &rr, &cc)) {
    return 0;
  }
  if (f->transposed) {
    *row = cc;
    *col = rr;
  } else {
    *row = rr;
    *col = cc;
  }
  return 1;
}

int all_frag_descs(wmma_arch arch, wmma_frag_desc *out, int max) {
  int n = 0;
  for (int id = 0; id < WMMA_INSTR_COUNT; ++id) {
    if (!test_available((wmma_instr)id, arch))
      continue;
    for (int mat = 0; mat < WMMA_MATRIX_COUNT; ++mat) {
      int ab = mat == WMMA_MATRIX_A || mat == WMMA_MATRIX_B;
      int opsels = !ab && arch == WMMA_ARCH_RDNA3 &&
                           test_bits(expect_elem((wmma_instr)id,
                                                 (wmma_matrix)mat)) == 16
                       ? 2
                       : 1;
      for (int layout = 0; layout < WMMA_LAYOUT_COUNT; ++layout) {
        if (!ab && layout != WMMA_LAYOUT_HW)
          continue;
        if (layout == WMMA_LAYOUT_COMPACT && arch != WMMA_ARCH_RDNA3)
          continue;
        for (int opsel = 0; opsel < opsels; ++opsel)
          for (int tr = 0; tr < 2; ++tr) {
            if (n >= max)
              return n;
            wmma_frag_desc d = {arch,
                                (wmma_instr)id,
                                (wmma_matrix)mat,
                                (wmma_layout_kind)layout,
                                opsel,
                                tr};
            out[n++] = d;
          }
      }
    }
  }
  return n;
}
