/* Layout engine: hardware-exact RDNA3/RDNA4 WMMA register maps, fragment
 * conventions and the cross-lane planner.  Pure C11, no MLIR dependency:
 * the dialect verifiers, the lowering passes, the emulator and the tools all
 * ask this one place.  Facts come from docs/hardware.md (wave32 only). */
#ifndef WMMA_LAYOUT_LAYOUT_H
#define WMMA_LAYOUT_LAYOUT_H

#include "wmma-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===-------------------------------------------------------------------===*
 * Architectures and chips
 *===-------------------------------------------------------------------===*/
typedef enum {
  WMMA_ARCH_INVALID = 0,
  WMMA_ARCH_RDNA3 = 3, /* gfx11 */
  WMMA_ARCH_RDNA4 = 4, /* gfx12 */
} wmma_arch;

/* Explicit chip table; never dispatch on a name prefix.  Returns
 * WMMA_ARCH_INVALID for unknown chips. */
WMMA_CAPI_EXPORTED wmma_arch wmma_chip_arch(const char *chip);

/* A product (SKU) built on a chip, with the published limits a
 * speed-of-light estimate needs.  Numbers that are the same for every part
 * of an architecture (WMMA issue cycles, VALU rates, LDS bandwidth) are in
 * wmma_arch_traits; those that are the same for every part of a chip (VGPRs
 * per SIMD) in wmma_chip_info.  The sources are cited in Chips.c; the
 * unit tests compare every row with test/Layout/Inputs/rdna-chips/chips.tsv
 * (a copy of the collected data, with its README). */
typedef struct {
  const char *key;     /* short name for tools: "rx7900xtx" */
  const char *product; /* "Radeon RX 7900 XTX" */
  const char *chip;    /* LLVM target, a wmma_chip_get name: "gfx1100" */
  int compute_units;
  int boost_clock_mhz;
  int game_clock_mhz; /* sustained clock; 0 where none is published */
  int64_t dram_bytes_per_s;          /* bus width x data rate (iGPUs: the
                                        memory the table assumes) */
  int64_t dram_measured_bytes_per_s; /* 0 where none is published */
  int64_t l2_bytes;                  /* the L2 (the emulator's DRAM
                                        estimate models it) */
} wmma_sku_info;

/* A chip parsed once: architecture and the resources the front end's cost
 * rule uses.  NULL for unknown chips. */
typedef struct {
  const char *name;
  wmma_arch arch;
  int compute_units;  /* of the largest part built on the chip */
  int vgprs_per_simd; /* wave32 VGPR file per SIMD */
  int lds_bytes;      /* LDS one workgroup may allocate */
  int vgpr_alloc_granule; /* wave32 VGPR allocation granule */
  /* The part compute_units counts (most CUs, the first listed on a tie);
   * NULL where no part of the chip has published numbers. */
  const wmma_sku_info *largest;
} wmma_chip_info;
WMMA_CAPI_EXPORTED const wmma_chip_info *wmma_chip_get(const char *chip);
/* Comma-separated list of supported chips, for diagnostics. */
WMMA_CAPI_EXPORTED const char *wmma_supported_chips(void);
/* "rdna3"/"rdna4" <-> enum; parse returns WMMA_ARCH_INVALID on failure. */
WMMA_CAPI_EXPORTED const char *wmma_arch_name(wmma_arch arch);
WMMA_CAPI_EXPORTED wmma_arch wmma_arch_parse(const char *name);
/* Number of chips in the table and the i-th one (for tools and tests). */
WMMA_CAPI_EXPORTED int wmma_chip_count(void);
WMMA_CAPI_EXPORTED const char *wmma_chip_name(int i);

/* SKUs: the i-th (NULL out of range), and by key or product name (NULL if
 * unknown).  Every SKU's chip is in the chip table. */
WMMA_CAPI_EXPORTED int wmma_sku_count(void);
WMMA_CAPI_EXPORTED const wmma_sku_info *wmma_sku_at(int i);
WMMA_CAPI_EXPORTED const wmma_sku_info *
wmma_sku_get(const char *key_or_product);

/*===-------------------------------------------------------------------===*
 * Element types and instructions
 *===-------------------------------------------------------------------===*/
typedef enum {
  WMMA_ELEM_F16,
  WMMA_ELEM_BF16,
  WMMA_ELEM_F32,
  WMMA_ELEM_I32,
  WMMA_ELEM_IU8, /* 8-bit integer, signedness chosen per instruction use */
  WMMA_ELEM_IU4, /* 4-bit integer */
  WMMA_ELEM_FP8, /* OCP E4M3 (MLIR f8E4M3FN) */
  WMMA_ELEM_BF8, /* OCP E5M2 (MLIR f8E5M2) */
  WMMA_ELEM_COUNT
} wmma_elem;

WMMA_CAPI_EXPORTED int wmma_elem_bits(wmma_elem e);
WMMA_CAPI_EXPORTED const char *wmma_elem_name(
    wmma_elem e); /* "f16","bf16","f32","i32","iu8","iu4","fp8","bf8" */

typedef enum {
  WMMA_INSTR_F32_16X16X16_F16,
  WMMA_INSTR_F32_16X16X16_BF16,
  WMMA_INSTR_F16_16X16X16_F16,
  WMMA_INSTR_BF16_16X16X16_BF16,
  WMMA_INSTR_I32_16X16X16_IU8,
  WMMA_INSTR_I32_16X16X16_IU4,
  /* RDNA4 only: */
  WMMA_INSTR_I32_16X16X32_IU4,
  WMMA_INSTR_F32_16X16X16_FP8_FP8,
  WMMA_INSTR_F32_16X16X16_FP8_BF8,
  WMMA_INSTR_F32_16X16X16_BF8_FP8,
  WMMA_INSTR_F32_16X16X16_BF8_BF8,
  WMMA_INSTR_COUNT
} wmma_instr;

#define WMMA_ARCH_BIT(a) (1u << (unsigned)(a))

typedef struct {
  wmma_instr id;
  const char *isa_name;   /* "v_wmma_f32_16x16x16_f16" */
  const char *rocdl_name; /* "rocdl.wmma.f32.16x16x16.f16" */
  wmma_elem a, b, c;      /* c is the accumulator and result type */
  int m, n, k;
  unsigned arch_mask; /* WMMA_ARCH_BIT(WMMA_ARCH_RDNA3) | ... */
  int is_integer;     /* takes signA/signB/clamp */
  int has_opsel;      /* 16-bit accumulator: RDNA3 OPSEL half */
} wmma_instr_info;

WMMA_CAPI_EXPORTED const wmma_instr_info *
wmma_instr_get(wmma_instr id); /* NULL if out of range */
/* By ISA name ("v_wmma_..."); returns WMMA_INSTR_COUNT if unknown. */
WMMA_CAPI_EXPORTED wmma_instr wmma_instr_lookup(const char *isa_name);
WMMA_CAPI_EXPORTED int wmma_instr_available(wmma_instr id, wmma_arch arch);
/* The instruction computing a*b+c with these element types and K on this
 * arch; WMMA_INSTR_COUNT if none (msg, if non-NULL, gets an explanation). */
WMMA_CAPI_EXPORTED wmma_instr wmma_instr_select(wmma_arch arch, wmma_elem a,
                                                wmma_elem b, wmma_elem c, int m,
                                                int n, int k, char *msg,
                                                size_t msg_len);

/*===-------------------------------------------------------------------===*
 * Hardware-exact register maps
 *===-------------------------------------------------------------------===*/
typedef enum {
  WMMA_MATRIX_A,
  WMMA_MATRIX_B,
  WMMA_MATRIX_C,
  WMMA_MATRIX_D,
  WMMA_MATRIX_COUNT
} wmma_matrix;
WMMA_CAPI_EXPORTED const char *wmma_matrix_name(wmma_matrix mat); /* "A".."D" */

/* Rows x cols of a matrix: A is M x K, B is K x N, C/D are M x N. */
WMMA_CAPI_EXPORTED void wmma_matrix_dims(wmma_instr id, wmma_matrix mat,
                                         int *rows, int *cols);
WMMA_CAPI_EXPORTED wmma_elem wmma_matrix_elem(wmma_instr id, wmma_matrix mat);
/* Registers (VGPRs) the operand occupies in each lane. */
WMMA_CAPI_EXPORTED int wmma_matrix_vgprs(wmma_arch arch, wmma_instr id,
                                         wmma_matrix mat);

typedef struct {
  int lane;   /* 0..31 */
  int vgpr;   /* 0-based inside the operand */
  int bit_lo; /* inclusive, within the 32-bit register */
  int bit_hi; /* inclusive */
} wmma_reg_loc;

/* Where element (row, col) of the matrix lives.  (row, col) is (m, k) for A,
 * (k, n) for B, (m, n) for C/D.  opsel selects the half of RDNA3 16-bit
 * accumulators (ignored elsewhere).  Fills out[0..n) and returns n (1, or 2
 * for RDNA3 A/B replication, lane order ascending); 0 on invalid input. */
WMMA_CAPI_EXPORTED int wmma_hw_locate(wmma_arch arch, wmma_instr id,
                                      wmma_matrix mat, int opsel, int row,
                                      int col, wmma_reg_loc out[2]);
/* Inverse map: the element stored at (lane, vgpr, bit) where bit is any bit
 * inside the element.  Returns 1 and sets row/col, or 0 if those bits hold
 * no element (e.g. the untouched half of an RDNA3 16-bit accumulator). */
WMMA_CAPI_EXPORTED int wmma_hw_element_at(wmma_arch arch, wmma_instr id,
                                          wmma_matrix mat, int opsel, int lane,
                                          int vgpr, int bit, int *row,
                                          int *col);

/* OPSEL selects a register half only for RDNA3 16-bit accumulators (C/D). */
WMMA_CAPI_EXPORTED int wmma_opsel_applies(wmma_arch arch, wmma_instr id,
                                          wmma_matrix mat);

/* The map as text, as wmma-layout prints it: TSV rows (row-major elements,
 * lanes ascending; no header line), the grid picture, or a standalone SVG
 * picture (the matrix as a grid of cells coloured by lane, with a legend).
 * Like snprintf: writes at most cap bytes (NUL-terminated when cap > 0) and
 * returns the full length; 0 for an instruction not available on arch, an
 * unknown matrix or format, or an opsel other than 0/1 where it applies.
 * opsel is ignored where it does not apply. */
typedef enum {
  WMMA_TEXT_TSV,
  WMMA_TEXT_GRID,
  WMMA_TEXT_SVG,
} wmma_text_format;
WMMA_CAPI_EXPORTED size_t wmma_layout_text(wmma_arch arch, wmma_instr id,
                                           wmma_matrix mat, int opsel,
                                           wmma_text_format format, char *buf,
                                           size_t cap);

/*===-------------------------------------------------------------------===*
 * Sparse WMMA: RDNA4 v_swmmac_* (2:4 structured sparsity of A)
 *===-------------------------------------------------------------------===*/
/* D = A * B + C where A (M x K) has at most two nonzeros in every group of
 * four K values.  A is given compressed (M x K/2 values: the nonzeros of
 * each group, in K order) together with an index operand (one VGPR) that
 * holds, for every compressed value, the 2-bit position of that value
 * inside its group.  B (K x N) and C/D (M x N) are dense.  The maps below
 * are checked row for row against AMD's matrix instruction calculator
 * (test/Layout/amd-calculator.test). */
typedef enum {
  WMMA_SPARSE_F32_16X16X32_F16,
  WMMA_SPARSE_F32_16X16X32_BF16,
  WMMA_SPARSE_F16_16X16X32_F16,
  WMMA_SPARSE_BF16_16X16X32_BF16,
  WMMA_SPARSE_I32_16X16X32_IU8,
  WMMA_SPARSE_I32_16X16X32_IU4,
  WMMA_SPARSE_I32_16X16X64_IU4,
  WMMA_SPARSE_F32_16X16X32_FP8_FP8,
  WMMA_SPARSE_F32_16X16X32_FP8_BF8,
  WMMA_SPARSE_F32_16X16X32_BF8_FP8,
  WMMA_SPARSE_F32_16X16X32_BF8_BF8,
  WMMA_SPARSE_COUNT
} wmma_sparse_instr;

typedef struct {
  wmma_sparse_instr id;
  const char *isa_name;  /* "v_swmmac_f32_16x16x32_f16" */
  const char *intrinsic; /* "llvm.amdgcn.swmmac.f32.16x16x32.f16" */
  wmma_elem a, b, c;
  int m, n, k;    /* k is the logical (uncompressed) K */
  int is_integer; /* takes signA/signB/clamp */
  int index_bits; /* bits of the index operand read per lane: 16 (the
                     intrinsic takes i16; the instruction's index_key picks
                     the register half) or 32 */
} wmma_sparse_info;

/* Operands: A (compressed), B, C, D and the index register, which AMD's
 * calculator calls "K". */
typedef enum {
  WMMA_SPARSE_A,
  WMMA_SPARSE_B,
  WMMA_SPARSE_C,
  WMMA_SPARSE_D,
  WMMA_SPARSE_INDEX,
  WMMA_SPARSE_OPERAND_COUNT
} wmma_sparse_operand;
WMMA_CAPI_EXPORTED const char *
wmma_sparse_operand_name(wmma_sparse_operand op); /* "A".."D", "K" */

WMMA_CAPI_EXPORTED const wmma_sparse_info *
wmma_sparse_get(wmma_sparse_instr id); /* NULL if out of range */
/* By ISA name; WMMA_SPARSE_COUNT if unknown. */
WMMA_CAPI_EXPORTED wmma_sparse_instr wmma_sparse_lookup(const char *isa_name);
WMMA_CAPI_EXPORTED int wmma_sparse_available(wmma_sparse_instr id,
                                             wmma_arch arch);
/* The sparse instruction for these types and logical shape on arch;
 * WMMA_SPARSE_COUNT with msg if none (RDNA3 has no sparse WMMA at all). */
WMMA_CAPI_EXPORTED wmma_sparse_instr
wmma_sparse_select(wmma_arch arch, wmma_elem a, wmma_elem b, wmma_elem c,
                   int m, int n, int k, char *msg, size_t msg_len);

/* Logical dims: A and the index operand M x K (the calculator's view: the
 * uncompressed matrix), B K x N, C/D M x N.  0 x 0 on invalid input. */
WMMA_CAPI_EXPORTED void wmma_sparse_dims(wmma_sparse_instr id,
                                         wmma_sparse_operand op, int *rows,
                                         int *cols);
/* Registers per lane of an operand (the index operand: 1); 0 on invalid
 * input. */
WMMA_CAPI_EXPORTED int wmma_sparse_vgprs(wmma_sparse_instr id,
                                         wmma_sparse_operand op);
/* Where logical element (row, col) lives, as the calculator prints it: for
 * B, C, D the element itself; for A the container of the two compressed
 * values of the element's group of four K (an A element is either one of
 * them or zero); for the index operand the 4-bit field holding the two
 * positions of the group.  Returns 1, or 0 on invalid input. */
WMMA_CAPI_EXPORTED int wmma_sparse_locate(wmma_sparse_instr id,
                                          wmma_sparse_operand op, int row,
                                          int col, wmma_reg_loc *out);
/* Compressed A value j (0 <= j < K/2) of row m: its bits, and the 2-bit
 * field of the index operand holding its position in group j/2 (K values
 * 4*(j/2) .. 4*(j/2)+3).  Return 1, or 0 on invalid input. */
WMMA_CAPI_EXPORTED int wmma_sparse_value_locate(wmma_sparse_instr id, int m,
                                                int j, wmma_reg_loc *out);
WMMA_CAPI_EXPORTED int wmma_sparse_index_locate(wmma_sparse_instr id, int m,
                                                int j, wmma_reg_loc *out);
/* The map as text (TSV rows in the calculator's form, grid or SVG), like
 * wmma_layout_text; 0 for an invalid instruction, operand or format. */
WMMA_CAPI_EXPORTED size_t wmma_sparse_layout_text(wmma_sparse_instr id,
                                                  wmma_sparse_operand op,
                                                  wmma_text_format format,
                                                  char *buf, size_t cap);

/*===-------------------------------------------------------------------===*
 * Fragments: per-lane vectors as the dialect sees them
 *===-------------------------------------------------------------------===*/
/* A fragment is a vector<N x elem> per lane.  Its layout says which tile
 * element every (lane, value index v) holds.
 *  HW      : the instruction operand exactly: the operand registers read as a
 *            vector of elem-sized values (value v = bits [v*eb, v*eb+eb) of
 *            the concatenated registers).  This is what rocdl.wmma consumes.
 *            For RDNA3 16-bit accumulators N = 16 and only values 2*i+opsel
 *            are used.
 *  KCONTIG : A/B only: contiguous-K convention.  RDNA4: value v of lane l is
 *            k = (K/2)*h + v (same registers as HW, K permuted inside a lane
 *            half; A and B must agree).  RDNA3: identical to HW (k = v).
 *  COMPACT : RDNA3 A/B only: N = K/2 values, lane l holds row/col r and
 *            k = (K/2)*h + v, no replication.  Not an mma operand: wmma.expand
 *            turns it into HW (replicated) with cross-lane ops. */
typedef enum {
  WMMA_LAYOUT_HW,
  WMMA_LAYOUT_KCONTIG,
  WMMA_LAYOUT_COMPACT,
  WMMA_LAYOUT_COUNT
} wmma_layout_kind;
WMMA_CAPI_EXPORTED const char *
wmma_layout_name(wmma_layout_kind k); /* "hw","kcontig","compact" */

typedef struct {
  wmma_arch arch;
  wmma_instr instr;
  wmma_matrix matrix;
  wmma_layout_kind layout;
  int opsel;      /* RDNA3 16-bit accumulators: which half (0/1) */
  int transposed; /* the logical tile is the transpose of the role matrix:
                     logical (i, j) is role-matrix element (j, i) */
} wmma_frag_desc;

/* 0 if the descriptor is consistent (layout allowed for this arch and
 * matrix, instr available on arch, opsel valid); otherwise -1 and msg. */
WMMA_CAPI_EXPORTED int wmma_frag_check(const wmma_frag_desc *f, char *msg,
                                       size_t msg_len);
/* Values per lane (the vector length) and their element type. */
WMMA_CAPI_EXPORTED int wmma_frag_length(const wmma_frag_desc *f);
WMMA_CAPI_EXPORTED wmma_elem wmma_frag_elem(const wmma_frag_desc *f);
/* Logical tile dims (rows, cols) after the transposed flag. */
WMMA_CAPI_EXPORTED void wmma_frag_dims(const wmma_frag_desc *f, int *rows,
                                       int *cols);
/* Logical tile element held in value v of lane l: returns 1 and sets
 * (row, col), or 0 if the slot is unused (padding). */
WMMA_CAPI_EXPORTED int wmma_frag_coord(const wmma_frag_desc *f, int lane, int v,
                                       int *row, int *col);
/* Closed form used by load/store lowering: for value v, logical
 * row = r0 + rr*(lane%16) + rh*(lane/16), col = c0 + cr*(lane%16) + ch*(lane/16).
 * Returns 1 if value v is used and the map is of this form for all lanes,
 * 0 if unused, -1 if not affine (never for the layouts above) or if f is
 * not a valid descriptor. */
WMMA_CAPI_EXPORTED int wmma_frag_affine(const wmma_frag_desc *f, int v, int *r0,
                                        int *rr, int *rh, int *c0, int *cr,
                                        int *ch);
/* A and B of one product must use the same K order: 1 if the two layouts
 * agree, 0 if mixing them would compute a wrong product. */
WMMA_CAPI_EXPORTED int wmma_k_orders_agree(const wmma_frag_desc *a,
                                           const wmma_frag_desc *b);

/*===-------------------------------------------------------------------===*
 * Architecture traits
 *===-------------------------------------------------------------------===*/
/* Everything that differs between the architectures outside the register
 * maps themselves, one row per architecture (Chips.c).  Code outside the
 * layout engine asks the predicates below instead of testing the arch, so
 * that a new architecture is one row here plus its register maps.  The
 * unit tests check each register-map trait against AMD's calculator data
 * and each rate against chips.tsv. */
typedef struct {
  wmma_arch arch;
  int wave_size; /* lanes per wave: the engine models wave32 only */
  /* A/B register maps (docs/hardware.md, "Register layouts"). */
  int ab_replicated;   /* lanes l and l+16 hold the same elements (RDNA3) */
  int k_split;         /* the lane halves hold different K of a row, each
                          K/2 of them (RDNA4) */
  int hw_k_contiguous; /* a lane's hw values are K 0, 1, ... in order
                          (RDNA3); otherwise kernels load A/B in the
                          kcontig relabelling of the same registers */
  /* C/D register maps. */
  int acc16_opsel_halves;   /* 16-bit accumulators take the low or high
                               half of 8 registers (OPSEL), unpacked (RDNA3) */
  int acc_rows_interleaved; /* value v of lane half h is row 2v + h (RDNA3),
                               not 8h + v */
  /* Instructions. */
  int fp8_wmma;    /* v_wmma_*_fp8/bf8 (RDNA4) */
  int sparse_wmma; /* v_swmmac_* (RDNA4; wmma_sparse_* below) */
  /* LDS (RDNA3/RDNA4 ISA section 12.1): banks of DWORDs; one instruction's
   * lanes are served in phases of lds_banks * lds_bank_bytes bytes. */
  int lds_banks;
  int lds_bank_bytes;
  int lds_max_access_bytes; /* widest lane access: ds_load_b128 */
  int lds_bytes_per_wgp;
  int lds_bytes_per_workgroup;
  int lds_bytes_per_clk_per_cu; /* read bandwidth */
  int lds_write_bytes_per_clk_per_cu; /* the second port of each bank RAM
                                         (1R/1W per clock): writes alike */
  /* The front end's transposing copy (a WMMA against the identity, per
   * 16x16 block): the VALU instructions per lane and block (the WMMA,
   * packs) for 8-bit and 16-bit types. */
  int xpose_valu_8bit, xpose_valu_16bit;
  /* Occupancy (LLVM AMDGPUBaseInfo.cpp). */
  int simds_per_cu;
  int cus_per_wgp; /* a workgroup runs on one WGP (LLVM's default WGP mode
                      on gfx10+), sharing its LDS */
  int max_waves_per_simd;
  int max_vgprs_per_wave;
  /* Rates per CU per clock (rocprofiler-compute RDNA docs; 0: not
   * published). */
  int valu_fp32_flops_per_clk_per_cu;      /* single issue */
  int valu_fp32_dual_flops_per_clk_per_cu; /* VOPD dual issue */
  int valu_fp16_packed_flops_per_clk_per_cu;
  int valu_fp64_flops_per_clk_per_cu;
  /* wave32 VALU instructions a SIMD issues per clock, single issue:
   * valu_fp32_flops_per_clk_per_cu / (simds_per_cu x 32 lanes x 2 FLOPs
   * of an FMA); VOPD dual issue doubles it for pairs that qualify. */
  int valu_instr_per_clk_per_simd;
  /* WMMA issue cycles per SIMD (AMD's matrix instruction calculator);
   * WMMA never co-executes with VALU on the same SIMD. */
  int wmma_issue_cycles[WMMA_INSTR_COUNT]; /* 0: not on this arch */
  int swmmac_16bit_issue_cycles; /* f16/bf16 v_swmmac_*; 0: none */
  int swmmac_8bit_issue_cycles;  /* iu8/iu4/fp8/bf8 v_swmmac_*; 0: none */
} wmma_arch_traits;

/* The row of arch; NULL for WMMA_ARCH_INVALID or an unknown value. */
WMMA_CAPI_EXPORTED const wmma_arch_traits *
wmma_arch_traits_get(wmma_arch arch);

/* Dense WMMA peak of instruction id on a SKU, in operations per second
 * (2 M N K per instruction): compute units x SIMDs per CU x clock / issue
 * cycles, at clock_mhz (the boost clock when 0).  0 if sku is NULL, its
 * chip unknown or the instruction not on its architecture. */
WMMA_CAPI_EXPORTED double wmma_sku_wmma_peak(const wmma_sku_info *sku,
                                             wmma_instr id, int clock_mhz);

/* The clock a SKU sustains under load: its published game clock, else
 * its boost clock (no sustained figure published); 0 for NULL.  Measured
 * clocks under a WMMA loop lie on both sides of boost
 * (test/Layout/Inputs/rdna-chips/README.md section 7). */
WMMA_CAPI_EXPORTED int wmma_sku_sustained_clock_mhz(const wmma_sku_info *sku);

/* Named predicates (0 for an invalid arch). */
WMMA_CAPI_EXPORTED int wmma_arch_replicates_ab(wmma_arch arch);
WMMA_CAPI_EXPORTED int wmma_arch_splits_k(wmma_arch arch);
WMMA_CAPI_EXPORTED int wmma_arch_acc16_opsel_halves(wmma_arch arch);
WMMA_CAPI_EXPORTED int wmma_arch_acc_rows_interleaved(wmma_arch arch);
WMMA_CAPI_EXPORTED int wmma_arch_has_fp8(wmma_arch arch);
WMMA_CAPI_EXPORTED int wmma_arch_has_sparse(wmma_arch arch);
/* The A/B layout kernels load: hw where it is already K-contiguous,
 * kcontig otherwise (WMMA_LAYOUT_COUNT for an invalid arch). */
WMMA_CAPI_EXPORTED wmma_layout_kind wmma_arch_ab_layout(wmma_arch arch);
/* Bytes one lane reads from LDS per A/B fragment access of elem_bits-bit
 * values (4, or a multiple of 8 up to 64): its run of consecutive K in the
 * kernel's layout, at most lds_max_access_bytes; 0 for an invalid arch or
 * width. */
WMMA_CAPI_EXPORTED int wmma_arch_lds_unit_bytes(wmma_arch arch, int elem_bits);
/* VALU instructions per lane and 16x16 block of the transposing copy for
 * elements of elem_bytes (1 or 2) bytes; 0 otherwise. */
WMMA_CAPI_EXPORTED int wmma_arch_xpose_valu(wmma_arch arch, int elem_bytes);

/*===-------------------------------------------------------------------===*
 * Cross-lane planner
 *===-------------------------------------------------------------------===*/
/* The program moves 32-bit words.  Values are first converted in-lane to
 * the destination element type (elem_bits each) and packed
 * 32/elem_bits per word; then every destination value is picked from a
 * fetched word.  A fetch reads source word `word` of lane src_lane[l] into
 * lane l: SELF reads the own lane (free), XOR16 reads lane l^16
 * (v_permlanex16), BPERMUTE reads any lane (ds_bpermute). */
typedef enum {
  WMMA_XLANE_PERMLANEX16, /* default: permlanex16 for lane^16, bpermute otherwise */
  WMMA_XLANE_BPERMUTE,    /* ds_bpermute for every cross-lane fetch */
} wmma_xlane_strategy;
WMMA_CAPI_EXPORTED const char *wmma_xlane_strategy_name(wmma_xlane_strategy s);

typedef enum {
  WMMA_FETCH_SELF,
  WMMA_FETCH_XOR16,
  WMMA_FETCH_BPERMUTE,
} wmma_fetch_kind;

/* Large enough for a full cross-lane 16x16 transpose (every lane needs one
 * element from each of 16 lanes).  A plan is ~50 KB: allocate it (heap or
 * static), never on a small stack. */
#define WMMA_PLAN_MAX_FETCH 512
#define WMMA_PLAN_MAX_VALUES 32
#define WMMA_PLAN_MAX_PICKS 2048

typedef struct {
  wmma_fetch_kind kind;
  int word;            /* source word index, uniform across lanes */
  int8_t src_lane[32]; /* BPERMUTE: lane read by each lane (-1: don't care) */
} wmma_fetch;

typedef struct {
  int dst_value; /* destination value index */
  uint32_t lanes; /* lanes this pick applies to (disjoint per dst_value) */
  int fetch;     /* index into fetches */
  int sub;       /* element index inside the fetched word */
} wmma_pick;

typedef struct {
  int src_len, dst_len;  /* values per lane */
  int elem_bits;         /* bits per moved value (destination element) */
  int src_words;         /* ceil(src_len * elem_bits / 32) */
  int identity;          /* dst == src value by value, no work at all */
  int in_lane;           /* no cross-lane fetch (only SELF) */
  int nfetch;
  wmma_fetch fetches[WMMA_PLAN_MAX_FETCH];
  int npick;
  wmma_pick picks[WMMA_PLAN_MAX_PICKS];
  /* Cost in instructions. */
  int n_permlanex16, n_bpermute, n_select;
  int cost; /* n_permlanex16 + 2*n_bpermute + n_select (bpermute also waits on lgkmcnt) */
} wmma_plan;

/* Whether a relayout from src to dst exists: both descriptors are valid and
 * have the same logical dims.  Returns 0, or -1 with msg.  Every valid
 * fragment covers its whole logical tile, so every such pair plans within
 * the limits below: verifiers ask this instead of building a plan. */
WMMA_CAPI_EXPORTED int wmma_relayout_check(const wmma_frag_desc *src,
                                           const wmma_frag_desc *dst, char *msg,
                                           size_t msg_len);
/* Plan moving the logical tile from layout src to layout dst (the pair must
 * pass wmma_relayout_check; the same message is returned otherwise).
 * Returns 0, or -1 with msg on failure. */
WMMA_CAPI_EXPORTED int wmma_plan_relayout(const wmma_frag_desc *src,
                                          const wmma_frag_desc *dst,
                                          wmma_xlane_strategy strategy,
                                          wmma_plan *plan, char *msg,
                                          size_t msg_len);
/* Execute the plan on 32 lanes.  src[l][w] / dst[l][w] are packed words
 * (elem_bits values, value v in word v*eb/32 at bit (v*eb)%32).  Unused
 * dst values are left as they were in dst.  Does nothing if plan, src or
 * dst is NULL. */
WMMA_CAPI_EXPORTED void wmma_plan_simulate(const wmma_plan *plan,
                                           const uint32_t src[32][32],
                                           uint32_t dst[32][32]);

/*===-------------------------------------------------------------------===*
 * Atom checking (shared by the dialect verifier and the C API)
 *===-------------------------------------------------------------------===*/
typedef struct {
  wmma_arch arch;
  wmma_elem a, b, c;
  int m, n, k;
  int sign_a, sign_b, clamp; /* integer atoms only */
  int opsel;                 /* RDNA3 16-bit accumulators only: 0 or 1 */
  int sparse;                /* a v_swmmac atom (2:4 sparse A; RDNA4) */
} wmma_atom_desc;

/* Resolve an atom to its instruction; WMMA_INSTR_COUNT with msg if the
 * combination does not exist on the architecture (or the atom is sparse:
 * those name v_swmmac instructions, see wmma_sparse_atom_check). */
WMMA_CAPI_EXPORTED wmma_instr wmma_atom_check(const wmma_atom_desc *atom,
                                              char *msg, size_t msg_len);
/* The same for a sparse atom (atom->sparse set): WMMA_SPARSE_COUNT with msg
 * if it names no v_swmmac instruction of the architecture. */
WMMA_CAPI_EXPORTED wmma_sparse_instr
wmma_sparse_atom_check(const wmma_atom_desc *atom, char *msg, size_t msg_len);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_LAYOUT_LAYOUT_H */
