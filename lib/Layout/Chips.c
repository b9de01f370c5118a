/* The target description in one place: a row of traits per architecture,
 * the chips (LLVM targets) and the products (SKUs) built on them.  The chip
 * table is explicit on purpose: a future gfx11-numbered part may use the
 * gfx12 encoding, so we never dispatch on a name prefix (docs/hardware.md,
 * "Chips").  Correctness never depends on the limits; the front end's cost
 * rule and speed-of-light estimates do. */
#include "wmma/Layout/Layout.h"

#include <string.h>

/*===--- architectures ---------------------------------------------------===*/
/* Register-map traits: docs/hardware.md, "Register layouts" (the unit tests
 * derive each from AMD's calculator data).  LDS: RDNA3 and RDNA4 ISA guides
 * section 12.1 (identical text: 128 KiB per WGP in 64 DWORD banks, two sets
 * of 32, one workgroup up to 64 KiB; each bank a two-port RAM, 1 read and
 * 1 write per clock, hence the same write bandwidth).  A WGP is 2 CUs of 2
 * SIMD32 each (same section; ROCm gpu-specs' WGP count is half the CU
 * count).  Occupancy: LLVM AMDGPUBaseInfo.cpp
 * (getMaxWavesPerEU, getAddressableNumArchVGPRs).  VALU rates:
 * rocprofiler-compute's RDNA docs (128 FLOPs/CU/clk single issue, VOPD
 * doubles it; fp64 1/32; no RDNA4 fp64 figure).  WMMA/SWMMAC issue cycles:
 * AMD's matrix instruction calculator (ROCm/amd_matrix_instruction_calculator
 * @ 2ef91896, v1.3.2, dict_insts 'rdna3'/'rdna4', "Execution cycles"; all
 * coexec: False).  Collected with links in
 * test/Layout/Inputs/rdna-chips/README.md. */
static const wmma_arch_traits arch_table[] = {
    {
        .arch = WMMA_ARCH_RDNA3,
        .wave_size = 32,
        .ab_replicated = 1,
        .k_split = 0,
        .hw_k_contiguous = 1,
        .acc16_opsel_halves = 1,
        .acc_rows_interleaved = 1,
        .fp8_wmma = 0,
        .sparse_wmma = 0,
        .lds_banks = 32,
        .lds_bank_bytes = 4,
        .lds_max_access_bytes = 16,
        .lds_bytes_per_wgp = 128 * 1024,
        .lds_bytes_per_workgroup = 64 * 1024,
        .lds_bytes_per_clk_per_cu = 128,
        .lds_write_bytes_per_clk_per_cu = 128,
        /* The replicated operand is loaded whole (no cross-lane work);
         * 16-bit results of two blocks share the accumulator's OPSEL
         * halves (the WMMA alone); 8-bit ones are packed from i32 by 3
         * shifts per word of 4 bytes (the WMMA + 6). */
        .xpose_valu_8bit = 7,
        .xpose_valu_16bit = 1,
        .simds_per_cu = 2,
        .cus_per_wgp = 2,
        .max_waves_per_simd = 16,
        .max_vgprs_per_wave = 256,
        .valu_fp32_flops_per_clk_per_cu = 128,
        .valu_fp32_dual_flops_per_clk_per_cu = 256,
        .valu_fp16_packed_flops_per_clk_per_cu = 512,
        .valu_instr_per_clk_per_simd = 1,
        .valu_fp64_flops_per_clk_per_cu = 4,
        .wmma_issue_cycles =
            {
                [WMMA_INSTR_F32_16X16X16_F16] = 32,
                [WMMA_INSTR_F32_16X16X16_BF16] = 32,
                [WMMA_INSTR_F16_16X16X16_F16] = 32,
                [WMMA_INSTR_BF16_16X16X16_BF16] = 32,
                [WMMA_INSTR_I32_16X16X16_IU8] = 32,
                [WMMA_INSTR_I32_16X16X16_IU4] = 16,
            },
        .swmmac_16bit_issue_cycles = 0,
        .swmmac_8bit_issue_cycles = 0,
    },
    {
        .arch = WMMA_ARCH_RDNA4,
        .wave_size = 32,
        .ab_replicated = 0,
        .k_split = 1,
        .hw_k_contiguous = 0,
        .acc16_opsel_halves = 0,
        .acc_rows_interleaved = 0,
        .fp8_wmma = 1,
        .sparse_wmma = 1,
        .lds_banks = 32,
        .lds_bank_bytes = 4,
        .lds_max_access_bytes = 16,
        .lds_bytes_per_wgp = 128 * 1024,
        .lds_bytes_per_workgroup = 64 * 1024,
        .lds_bytes_per_clk_per_cu = 128,
        .lds_write_bytes_per_clk_per_cu = 128,
        /* kcontig loads feed the WMMA as they are; 16-bit results come out
         * packed (the WMMA alone), 8-bit ones need 3 shifts per word of 4
         * bytes from i32 (the WMMA + 6). */
        .xpose_valu_8bit = 7,
        .xpose_valu_16bit = 1,
        .simds_per_cu = 2,
        .cus_per_wgp = 2,
        .max_waves_per_simd = 16,
        .max_vgprs_per_wave = 256,
        .valu_fp32_flops_per_clk_per_cu = 128,
        .valu_fp32_dual_flops_per_clk_per_cu = 256,
        .valu_fp16_packed_flops_per_clk_per_cu = 512,
        .valu_instr_per_clk_per_simd = 1,
        .valu_fp64_flops_per_clk_per_cu = 0,
        .wmma_issue_cycles =
            {
                [WMMA_INSTR_F32_16X16X16_F16] = 16,
                [WMMA_INSTR_F32_16X16X16_BF16] = 16,
                [WMMA_INSTR_F16_16X16X16_F16] = 16,
                [WMMA_INSTR_BF16_16X16X16_BF16] = 16,
                [WMMA_INSTR_I32_16X16X16_IU8] = 8,
                [WMMA_INSTR_I32_16X16X16_IU4] = 8,
                [WMMA_INSTR_I32_16X16X32_IU4] = 8,
                [WMMA_INSTR_F32_16X16X16_FP8_FP8] = 8,
                [WMMA_INSTR_F32_16X16X16_FP8_BF8] = 8,
                [WMMA_INSTR_F32_16X16X16_BF8_FP8] = 8,
                [WMMA_INSTR_F32_16X16X16_BF8_BF8] = 8,
            },
        .swmmac_16bit_issue_cycles = 16,
        .swmmac_8bit_issue_cycles = 8,
    },
};

#define ARCH_COUNT ((int)(sizeof(arch_table) / sizeof(arch_table[0])))

const wmma_arch_traits *wmma_arch_traits_get(wmma_arch arch) {
  for (int i = 0; i < ARCH_COUNT; ++i)
    if (arch_table[i].arch == arch)
      return &arch_table[i];
  return NULL;
}

#define TRAIT(arch, field)                                                     \
  (wmma_arch_traits_get(arch) ? wmma_arch_traits_get(arch)->field : 0)

int wmma_arch_replicates_ab(wmma_arch arch) {
  return TRAIT(arch, ab_replicated);
}
int wmma_arch_splits_k(wmma_arch arch) { return TRAIT(arch, k_split); }
int wmma_arch_acc16_opsel_halves(wmma_arch arch) {
  return TRAIT(arch, acc16_opsel_halves);
}
int wmma_arch_acc_rows_interleaved(wmma_arch arch) {
  return TRAIT(arch, acc_rows_interleaved);
}
int wmma_arch_has_fp8(wmma_arch arch) { return TRAIT(arch, fp8_wmma); }
int wmma_arch_has_sparse(wmma_arch arch) { return TRAIT(arch, sparse_wmma); }

wmma_layout_kind wmma_arch_ab_layout(wmma_arch arch) {
  const wmma_arch_traits *t = wmma_arch_traits_get(arch);
  if (!t)
    return WMMA_LAYOUT_COUNT;
  return t->hw_k_contiguous ? WMMA_LAYOUT_HW : WMMA_LAYOUT_KCONTIG;
}

int wmma_arch_lds_unit_bytes(wmma_arch arch, int elem_bits) {
  const wmma_arch_traits *t = wmma_arch_traits_get(arch);
  const wmma_instr_info *atom = wmma_instr_get(WMMA_INSTR_F32_16X16X16_F16);
  if (!t || !atom ||
      !(elem_bits == 4 || (elem_bits % 8 == 0 && elem_bits >= 8 &&
                           elem_bits <= 64)))
    return 0;
  /* A lane's consecutive K in the kernel's layout: all K of its row where
   * A/B are replicated, its half's K / 2 where K is split. */
  int run = t->k_split ? atom->k / 2 : atom->k;
  int bytes = run * elem_bits / 8;
  return bytes < t->lds_max_access_bytes ? bytes : t->lds_max_access_bytes;
}

int wmma_arch_xpose_valu(wmma_arch arch, int elem_bytes) {
  const wmma_arch_traits *t = wmma_arch_traits_get(arch);
  if (!t)
    return 0;
  return elem_bytes == 1 ? t->xpose_valu_8bit
         : elem_bytes == 2 ? t->xpose_valu_16bit
                           : 0;
}

double wmma_sku_wmma_peak(const wmma_sku_info *sku, wmma_instr id,
                          int clock_mhz) {
  const wmma_chip_info *chip = sku ? wmma_chip_get(sku->chip) : NULL;
  const wmma_arch_traits *t = chip ? wmma_arch_traits_get(chip->arch) : NULL;
  const wmma_instr_info *ii = wmma_instr_get(id);
  if (!t || !ii || !t->wmma_issue_cycles[id])
    return 0;
  double mhz = clock_mhz > 0 ? clock_mhz : sku->boost_clock_mhz;
  return (double)sku->compute_units * t->simds_per_cu * mhz * 1e6 * 2.0 *
         ii->m * ii->n * ii->k / t->wmma_issue_cycles[id];
}

int wmma_sku_sustained_clock_mhz(const wmma_sku_info *sku) {
  if (!sku)
    return 0;
  return sku->game_clock_mhz > 0 ? sku->game_clock_mhz : sku->boost_clock_mhz;
}

/*===--- products --------------------------------------------------------===*/
/* Published per-product limits (chips.tsv, test/Layout/Inputs/rdna-chips/;
 * the unit tests compare every field with it).  Sources per column:
 *  compute units: ROCm gpu-specs.rst (ROCm/rocm-docs
 *    docs/reference/gpu-specs.rst @ 2b48ffc7);
 *  clocks: 7900 XTX/XT Tom's Hardware's RX 7000 table and guru3d (game
 *    2300/2000); W7900 IREE KnownTargets.cpp 61.3 TFLOPS fp32 / (96 x 256);
 *    7900 GRE, 7700 XT, 7600 Tom's table; 7800 XT sportskeeda; 780M and
 *    890M computerbase (2024-07, Ryzen AI 9 HX 375 article); 8060S Chips
 *    and Cheese's Strix Halo overview; 9070 XT multiplayer.it / Tom's; 9070
 *    club386; 9060 XT kontronn (consistent with AMD's 821 TOPS); R9700 IREE
 *    191 TFLOPS f16 / (64 x 1024), rounded;
 *  DRAM: bus width x data rate (guru3d, itcreations, Tom's table,
 *    sportskeeda, multiplayer.it, kontronn; R9700 IREE); 780M and 890M
 *    assume 128-bit LPDDR5x-7500 (DDR5-5600 gives 89.6 GB/s); measured:
 *    8060S AMD-AGI/TraceLens#943 (read), 9070 XT warpfront/hipfire#488;
 *  L2: ROCm gpu-specs.rst (as compute units; chips.tsv l2_mib; the 8060S's
 *    2 MB agrees with Chips and Cheese's Strix Halo article, fpsbench's
 *    8 MB does not: data README section 8). */
#define GBS(x) ((int64_t)((x) * 1e9 + 0.5))
#define MIB(x) ((int64_t)(x) << 20)
static const wmma_sku_info sku_table[] = {
    {"rx7900xtx", "Radeon RX 7900 XTX", "gfx1100", 96, 2500, 2300, GBS(960), 0,
     MIB(6)},
    {"rx7900xt", "Radeon RX 7900 XT", "gfx1100", 84, 2400, 2000, GBS(800), 0,
     MIB(6)},
    {"w7900", "Radeon PRO W7900", "gfx1100", 96, 2495, 0, GBS(864), 0, MIB(6)},
    {"rx7900gre", "Radeon RX 7900 GRE", "gfx1100", 80, 2245, 0, GBS(576), 0,
     MIB(6)},
    {"rx7800xt", "Radeon RX 7800 XT", "gfx1101", 60, 2430, 2124, GBS(624), 0,
     MIB(4)},
    {"rx7700xt", "Radeon RX 7700 XT", "gfx1101", 54, 2544, 0, GBS(432), 0,
     MIB(4)},
    {"rx7600", "Radeon RX 7600", "gfx1102", 32, 2655, 0, GBS(288), 0, MIB(2)},
    {"780m", "Radeon 780M (Ryzen 9 7940HS)", "gfx1103", 12, 2800, 0, GBS(120),
     0, MIB(2)},
    {"890m", "Radeon 890M (Ryzen AI 9 HX 370)", "gfx1150", 16, 2900, 0,
     GBS(120), 0, MIB(2)},
    {"8060s", "Radeon 8060S (Ryzen AI Max+ 395)", "gfx1151", 40, 2900, 0,
     GBS(256), GBS(202), MIB(2)},
    {"rx9060xt", "Radeon RX 9060 XT", "gfx1200", 32, 3130, 0, GBS(320), 0,
     MIB(4)},
    {"rx9070xt", "Radeon RX 9070 XT", "gfx1201", 64, 2970, 2400, GBS(640),
     GBS(611.8), MIB(8)},
    {"rx9070", "Radeon RX 9070", "gfx1201", 56, 2520, 2070, GBS(640), 0,
     MIB(8)},
    {"r9700", "Radeon AI PRO R9700", "gfx1201", 64, 2920, 0, GBS(640), 0,
     MIB(8)},
};

#define SKU_COUNT ((int)(sizeof(sku_table) / sizeof(sku_table[0])))

int wmma_sku_count(void) { return SKU_COUNT; }

const wmma_sku_info *wmma_sku_at(int i) {
  return i < 0 || i >= SKU_COUNT ? NULL : &sku_table[i];
}

const wmma_sku_info *wmma_sku_get(const char *name) {
  if (!name)
    return NULL;
  for (int i = 0; i < SKU_COUNT; ++i)
    if (strcmp(sku_table[i].key, name) == 0 ||
        strcmp(sku_table[i].product, name) == 0)
      return &sku_table[i];
  return NULL;
}

/*===--- chips -----------------------------------------------------------===*/
/* Per chip: compute units of the largest part (the SKU it points at;
 * gfx1152 and gfx1153 have no row in chips.tsv, and their 8 CUs and 1024
 * VGPRs are this table's earlier, unsourced values), VGPRs per SIMD and
 * their allocation granule (LLVM AMDGPUBaseInfo.cpp getTotalNumVGPRs /
 * getVGPRAllocGranule: Feature1_5xVGPRs parts 1536 and 24, others 1024 and
 * 16), LDS per workgroup. */
static const wmma_chip_info chip_table[] = {
    {"gfx1100", WMMA_ARCH_RDNA3, 96, 1536, 65536, 24, &sku_table[0]},
    {"gfx1101", WMMA_ARCH_RDNA3, 60, 1536, 65536, 24, &sku_table[4]},
    {"gfx1102", WMMA_ARCH_RDNA3, 32, 1024, 65536, 16, &sku_table[6]},
    {"gfx1103", WMMA_ARCH_RDNA3, 12, 1024, 65536, 16, &sku_table[7]},
    {"gfx1150", WMMA_ARCH_RDNA3, 16, 1024, 65536, 16, &sku_table[8]},
    {"gfx1151", WMMA_ARCH_RDNA3, 40, 1536, 65536, 24, &sku_table[9]},
    {"gfx1152", WMMA_ARCH_RDNA3, 8, 1024, 65536, 16, NULL},
    {"gfx1153", WMMA_ARCH_RDNA3, 8, 1024, 65536, 16, NULL},
    {"gfx1200", WMMA_ARCH_RDNA4, 32, 1536, 65536, 24, &sku_table[10]},
    {"gfx1201", WMMA_ARCH_RDNA4, 64, 1536, 65536, 24, &sku_table[11]},
};

#define CHIP_COUNT ((int)(sizeof(chip_table) / sizeof(chip_table[0])))

const wmma_chip_info *wmma_chip_get(const char *chip) {
  if (!chip)
    return NULL;
  for (int i = 0; i < CHIP_COUNT; ++i)
    if (strcmp(chip_table[i].name, chip) == 0)
      return &chip_table[i];
  return NULL;
}

wmma_arch wmma_chip_arch(const char *chip) {
  const wmma_chip_info *c = wmma_chip_get(chip);
  return c ? c->arch : WMMA_ARCH_INVALID;
}

const char *wmma_supported_chips(void) {
  /* Kept in sync with chip_table (the chips unit test checks it). */
  return "gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151, gfx1152, "
         "gfx1153, gfx1200, gfx1201";
}

const char *wmma_arch_name(wmma_arch arch) {
  switch (arch) {
  case WMMA_ARCH_RDNA3:
    return "rdna3";
  case WMMA_ARCH_RDNA4:
    return "rdna4";
  default:
    return "invalid";
  }
}

wmma_arch wmma_arch_parse(const char *name) {
  if (!name)
    return WMMA_ARCH_INVALID;
  if (strcmp(name, "rdna3") == 0)
    return WMMA_ARCH_RDNA3;
  if (strcmp(name, "rdna4") == 0)
    return WMMA_ARCH_RDNA4;
  return WMMA_ARCH_INVALID;
}

int wmma_chip_count(void) { return CHIP_COUNT; }

const char *wmma_chip_name(int i) {
  if (i < 0 || i >= CHIP_COUNT)
    return NULL;
  return chip_table[i].name;
}

const char *wmma_matrix_name(wmma_matrix mat) {
  static const char *const names[] = {"A", "B", "C", "D"};
  if ((unsigned)mat >= WMMA_MATRIX_COUNT)
    return "?";
  return names[mat];
}

const char *wmma_layout_name(wmma_layout_kind k) {
  static const char *const names[] = {"hw", "kcontig", "compact"};
  if ((unsigned)k >= WMMA_LAYOUT_COUNT)
    return "?";
  return names[k];
}

const char *wmma_xlane_strategy_name(wmma_xlane_strategy s) {
  switch (s) {
  case WMMA_XLANE_PERMLANEX16:
    return "permlanex16";
  case WMMA_XLANE_BPERMUTE:
    return "bpermute";
  }
  return "?";
}
