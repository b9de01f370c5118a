/* LDS layout of staged operand tiles: [buffer][row][k], K contiguous, rows
 * padded so that the copy's writes and the fragment reads are free of bank
 * conflicts on both architectures.
 *
 * The bank model (wmma/Layout/LdsBanks.h, the emulator's; after the RDNA3 and
 * RDNA4 ISA guides' LDS chapters; the arch traits' lds_banks and
 * lds_bank_bytes): 32 banks of 4 bytes; an instruction's lanes are served
 * in phases of 128 bytes (32 lanes of b32, 16 of b64, 8 of b128); within a
 * phase, lanes touching different dwords of one bank serialise.  Let U be
 * the bytes a lane reads per fragment access (wmma_arch_lds_unit_bytes: a
 * run of K values: RDNA4 16-bit 16 bytes (kcontig: 8 K per lane half),
 * RDNA4 8-bit 8 bytes, RDNA3 16 bytes per access (a lane reads its row's
 * 16 K as 16-byte pieces)).  A phase then holds P = 128 / U lanes, and
 * these read P consecutive rows at the same K: conflict-free iff the rows
 * start in P different U-byte units modulo 128 bytes.  With a row stride of
 * S units, rows r = 0..P-1 start at units S r mod P: all distinct iff S is
 * odd (P is a power of two).  An unpadded slice has S = tk * eb / U, even
 * for tk = 32; one unit of padding makes it odd.
 *
 * The copy writes chunks of vec elements = U bytes too (16 bytes, 8 on
 * RDNA4 for 8-bit types), the lanes of a phase writing the same chunk of P
 * consecutive rows (LdsCopy.c: the thread -> chunk mapping), so writes see
 * the same S r mod P pattern.  The WMMA-transposed copy stores one U-byte
 * run per lane for lanes (row r, half h): the 16 lanes of a half write 16
 * consecutive rows at one K, the same pattern again.
 *
 * Cost: tk + pad elements per row, 1.25x the LDS of the unpadded slice for
 * tk = 32 (40 KiB for a 128x128 tile of f16 instead of 32 KiB); a slice
 * whose unpadded S is already odd (tk * eb = U) is not padded. */
#include "Kernel/Lds.h"

fe_lds_layout fe_lds_layout_get(wmma_arch arch, int elem_bits, int tk) {
  const wmma_arch_traits *t = wmma_arch_traits_get(arch);
  int phase_bytes = t ? t->lds_banks * t->lds_bank_bytes : 128;
  int half = t ? t->wave_size / 2 : 16; /* lanes of a lane half */
  fe_lds_layout l;
  l.tk = tk;
  if (elem_bits == 4) {
    /* Packed i4, two per byte: a lane reads its fragment's K run whole,
     * U = 8 bytes where A/B are replicated (16 K), 4 where K is split (8 K
     * per lane half).  With U = 8 the rule above holds (P = 16, one unit of
     * padding makes S = 3).  With U = 4 the b32 reads serve all 32 lanes at
     * once: rows r < 16 at units S r + h, distinct modulo 32 iff S = 2 mod
     * 4; the unpadded S = tk / 8 = 4 takes two units (16 elements) of
     * padding.  The copy writes U-byte chunks with the lanes-to-(row, half)
     * pattern of the reads: P is a lane half either way. */
    int unit = wmma_arch_lds_unit_bytes(arch, 4);
    l.vec = 2 * unit;
    l.pad = unit > 0 && phase_bytes / unit > half ? 2 * l.vec : l.vec;
    l.stride = tk + l.pad;
    l.phase = half;
    return l;
  }
  int eb = elem_bits >= 8 ? elem_bits / 8 : 1;
  /* Bytes per lane access: 16, or 8 for 8-bit fragments whose K is split
   * between the lane halves (8 K each). */
  int unit = wmma_arch_lds_unit_bytes(arch, 8 * eb);
  if (unit < eb)
    unit = 16; /* not an architecture (callers checked the chip) */
  l.vec = unit / eb;
  l.phase = phase_bytes / unit;
  /* Padded only where the unpadded rows conflict: S = tk * eb / U units
   * per row, conflict-free iff S is odd (or a phase holds one lane), e.g.
   * RDNA3 8-bit slices of 16 K (S = 1) need none. */
  int64_t units = (int64_t)tk * eb / unit;
  bool conflict = l.phase > 1 && (units % 2 == 0 || (int64_t)tk * eb % unit);
  l.pad = conflict ? l.vec : 0;
  l.stride = tk + l.pad;
  return l;
}

int64_t fe_lds_bytes(const fe_lds_layout *l, int stages, int rows,
                     int elem_bits) {
  int64_t row_bytes = elem_bits == 4 ? l->stride / 2
                                     : (int64_t)l->stride *
                                           (elem_bits >= 8 ? elem_bits / 8 : 1);
  return (int64_t)stages * rows * row_bytes;
}

int fe_lds_bits(const fe_graph *g, const fe_operand *o) {
  int bits = wb_type_bits(g->nodes[o->leaf].type);
  /* i4 read as the WMMA's operand is packed; an i4 matrix a prologue
   * converts stays a byte per element (its values are read one by one). */
  if (bits < 8)
    return bits == 4 && o->is_load ? 4 : 8;
  return bits;
}

MlirValue fe_rho_index(fe_kb *kb, MlirValue r, bool permuted, bool inverse) {
  if (!permuted)
    return r;
  /* Blocks of M = 16 rows: rho(i) = 8 (i % 2) + (i % 16) / 2,
   * rho^-1(j) = 2 (j % 8) + (j / 8) % 2, plus the block's first row. */
  int64_t m = kb->atom_m, half = m / 2;
  int64_t v;
  if (wb_const_value(r, &v)) {
    int64_t i = v % m;
    return kb_c(kb, v - i + (inverse ? 2 * (i % half) + i / half
                                     : half * (i % 2) + i / 2));
  }
  wb_t *b = &kb->b;
  MlirValue i = wb_arith(b, "arith.remui", r, kb_c(kb, m));
  MlirValue blk = kb_add(kb, r, kb_mulc(kb, i, -1));
  MlirValue lo, hi;
  if (inverse) {
    lo = kb_mulc(kb, wb_arith(b, "arith.remui", i, kb_c(kb, half)), 2);
    hi = wb_arith(b, "arith.divui", i, kb_c(kb, half));
  } else {
    lo = kb_mulc(kb, wb_arith(b, "arith.remui", i, kb_c(kb, 2)), half);
    hi = wb_arith(b, "arith.divui", i, kb_c(kb, 2));
  }
  return kb_add(kb, blk, kb_add(kb, lo, hi));
}
