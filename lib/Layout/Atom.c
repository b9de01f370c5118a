/* Atom checking: an (arch, element types, shape, flags) tuple resolves to
 * exactly one instruction or to a diagnostic.  Shared by the dialect
 * verifier and the C API so that both say the same thing. */
#include "wmma/Layout/Layout.h"

#include "Internal.h"

wmma_instr wmma_atom_check(const wmma_atom_desc *atom, char *msg,
                           size_t msg_len) {
  if (!atom) {
    wmma_set_msg(msg, msg_len, "null atom descriptor");
    return WMMA_INSTR_COUNT;
  }
  if (atom->sparse) {
    wmma_set_msg(msg, msg_len,
                 "a sparse atom names a v_swmmac instruction (2:4 sparse A), "
                 "not a dense WMMA");
    return WMMA_INSTR_COUNT;
  }
  wmma_instr id = wmma_instr_select(atom->arch, atom->a, atom->b, atom->c,
                                    atom->m, atom->n, atom->k, msg, msg_len);
  if (id == WMMA_INSTR_COUNT)
    return id;
  const wmma_instr_info *info = wmma_instr_get(id);
  if (!info->is_integer && (atom->sign_a || atom->sign_b || atom->clamp)) {
    wmma_set_msg(msg, msg_len,
                 "sign_a/sign_b/clamp only apply to integer atoms (iu8, iu4); "
                 "%s is not one",
                 info->isa_name);
    return WMMA_INSTR_COUNT;
  }
  if (atom->opsel != 0 && atom->opsel != 1) {
    wmma_set_msg(msg, msg_len, "opsel must be 0 or 1 (got %d)", atom->opsel);
    return WMMA_INSTR_COUNT;
  }
  if (atom->opsel != 0 &&
      !(info->has_opsel && atom->arch == WMMA_ARCH_RDNA3)) {
    wmma_set_msg(msg, msg_len,
                 "opsel applies only to 16-bit accumulators on rdna3 (f16/bf16 "
                 "accumulator, gfx11); %s on %s has none",
                 info->isa_name, wmma_arch_name(atom->arch));
    return WMMA_INSTR_COUNT;
  }
  return id;
}
