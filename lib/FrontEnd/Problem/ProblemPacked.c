/* Packed weights: a matrix stored several K values per element -- int4
 * weights two per i8 byte (or eight per i32), read by the dequantising
 * generic at (k floordiv P, n) and unpacked there with shifts, masks and
 * sign extension (the form quantised models arrive in).  Such a load is
 * the operand's matrix (its leaf), not a broadcast of groups: the kernel
 * loads the packed elements once and the prologue's own unpack, evaluated
 * on the fragment, picks each K value's bits (Kernel/Packed.c). */
#include "Problem/Problem.h"

#include "mlir-c/BuiltinTypes.h"

int fe_load_packed_along(const fe_node *x, int k_loop) {
  if (x->kind != FE_LOAD || !mlirTypeIsAInteger(x->type))
    return 0;
  unsigned bits = mlirIntegerTypeGetWidth(x->type);
  int pack = 0;
  for (int j = 0; j < x->nmap; ++j) {
    if (!x->div[j])
      continue;
    if (x->map[j] != k_loop || pack)
      return 0; /* grouped along another loop, or twice */
    pack = x->div[j];
  }
  /* At least 4 bits per K value, a power of two per element. */
  if (pack < 2 || (pack & (pack - 1)) || (unsigned)pack * 4 > bits)
    return 0;
  return pack;
}
