/* A wave's accumulators in the GEMM templates: one value per 16x16 output
 * tile, except for 16-bit accumulators on RDNA3.  There a tile's f16/bf16
 * accumulator fills one half of each of 8 VGPRs (the instruction's OPSEL
 * picks the low or the high half and leaves the other as it was), so two
 * tiles of a row share one set of 8 VGPRs: tile 2p in the low halves
 * (opsel 0, the even elements of the 16-element vector), tile 2p+1 in the
 * high halves (opsel 1, the odd elements).  That halves the accumulator
 * registers of f16/bf16-accumulating kernels on RDNA3; RDNA4 packs 16-bit
 * accumulators densely by itself.
 *
 * Between the templates and the epilogue, a tile's accumulator travels in
 * the epilogue's 8-slot order (kb_acc_tile); the values the K loops carry
 * are the fragments (kb_acc_from_tiles builds them). */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

#define SLOTS 8

static bool sixteen_bit(MlirType t) {
  return mlirTypeIsAF16(t) || mlirTypeIsABF16(t);
}

void kb_acc_configure(fe_kb *kb) {
  kb->acc_pack = 1;
  kb->atom_hi = (MlirAttribute){NULL};
  if (kb->s->acc_pack != 2)
    return;
  /* The plan only packs RDNA3 16-bit accumulators, two tiles a row. */
  if (!wmma_arch_acc16_opsel_halves(kb->arch) || !sixteen_bit(kb->kacc) ||
      kb->s->wave_n % 2) {
    kb->failed = 1;
    return;
  }
  wmma_atom_desc d;
  if (!wmmaAtomAttrGetDesc(kb->atom, &d)) {
    kb->failed = 1;
    return;
  }
  kb->atom_hi = wmmaAtomAttrGet(kb->ctx, kb->arch, kb->atom_m, kb->atom_n,
                                kb->atom_k,
                                wmmaAtomAttrGetAType(kb->atom),
                                wmmaAtomAttrGetBType(kb->atom), kb->kacc,
                                false, false, false, 1);
  if (mlirAttributeIsNull(kb->atom_hi)) {
    kb->failed = 1;
    return;
  }
  kb->acc_pack = 2;
}

int kb_acc_count(const fe_kb *kb, int ntiles) {
  return kb->acc_pack == 2 ? ntiles / 2 : ntiles;
}

/* The fragment length of the product's accumulator (8, or 16 for RDNA3's
 * 16-bit accumulators). */
static int64_t frag_len(fe_kb *kb) {
  int64_t len = SLOTS;
  MlirAttribute f =
      kb_frag(kb, WMMA_MATRIX_C, WMMA_LAYOUT_HW, false, kb->atom);
  if (!mlirAttributeIsNull(f))
    wb_is_vec1d(wmmaFragAttrGetVectorType(f), &len, NULL);
  return len;
}

static bool is_zero_constant(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (!wmma_op_is(d, "arith.constant"))
    return false;
  MlirAttribute a = wmma_attr(d, "value");
  if (mlirAttributeIsADenseElements(a) && mlirDenseElementsAttrIsSplat(a))
    a = mlirDenseElementsAttrGetSplatValue(a);
  return (mlirAttributeIsAFloat(a) && mlirFloatAttrGetValueDouble(a) == 0) ||
         (mlirAttributeIsAInteger(a) && mlirIntegerAttrGetValueInt(a) == 0);
}

void kb_acc_from_tiles(fe_kb *kb, const MlirValue *tiles, int ntiles,
                       MlirValue *vals) {
  int64_t len = frag_len(kb);
  for (int v = 0; v < kb_acc_count(kb, ntiles); ++v) {
    int t0 = v * kb->acc_pack;
    bool zero = is_zero_constant(tiles[t0]) &&
                (kb->acc_pack == 1 || is_zero_constant(tiles[t0 + 1]));
    if (zero) {
      vals[v] = kb_fill_zero(kb, kb->atom);
    } else if (len == SLOTS) {
      vals[v] = tiles[t0];
    } else if (kb->acc_pack == 1) {
      int64_t mask[2 * SLOTS]; /* data in the low halves (even elements) */
      for (int i = 0; i < 2 * SLOTS; ++i)
        mask[i] = i / 2;
      vals[v] = wb_shuffle(&kb->b, tiles[t0], tiles[t0], 2 * SLOTS, mask);
    } else {
      int64_t mask[2 * SLOTS]; /* even from tile t0, odd from tile t0 + 1 */
      for (int i = 0; i < SLOTS; ++i) {
        mask[2 * i] = i;
        mask[2 * i + 1] = SLOTS + i;
      }
      vals[v] = wb_shuffle(&kb->b, tiles[t0], tiles[t0 + 1], 2 * SLOTS, mask);
    }
  }
}

void kb_acc_mma(fe_kb *kb, MlirValue *vals, int t, MlirValue a, MlirValue b) {
  int v = t / kb->acc_pack;
  MlirAttribute atom = kb->acc_pack == 2 && t % 2 ? kb->atom_hi : kb->atom;
  vals[v] = kb_mma(kb, atom, a, b, vals[v]);
}

MlirValue kb_acc_tile(fe_kb *kb, const MlirValue *vals, int t) {
  MlirValue v = vals[t / kb->acc_pack];
  int64_t len;
  if (!wb_is_vec1d(mlirValueGetType(v), &len, NULL) || len == SLOTS)
    return v;
  int half = kb->acc_pack == 2 ? t % 2 : 0;
  int64_t mask[SLOTS];
  for (int i = 0; i < SLOTS; ++i)
    mask[i] = 2 * i + half;
  return wb_shuffle(&kb->b, v, v, SLOTS, mask);
}
