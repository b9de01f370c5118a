/* The LDS bank model: the extra cycles one LDS instruction of a wave32
 * spends on bank conflicts.  One implementation, shared by the emulator's
 * counters (lib/Emulator/Memory.c, its memo) and the templates that plan
 * LDS layouts (lib/FrontEnd/Templates/ChainLds.c).  The rules are in
 * lib/Layout/LdsBanks.c; both architectures have 32 banks of 4 bytes (the
 * arch traits' lds_banks x lds_bank_bytes). */
#ifndef WMMA_LAYOUT_LDSBANKS_H
#define WMMA_LAYOUT_LDSBANKS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WMMA_LDS_BANKS 32
#define WMMA_LDS_BANK_BYTES 4

/* Extra LDS cycles caused by bank conflicts of one instruction whose
 * active lanes (bit l of exec: lane l of 32) each access `bytes` bytes
 * (at most 16) at LDS byte offset off[lane]; off has 32 entries. */
uint32_t wmma_lds_bank_conflicts(const uint32_t *off, uint32_t exec,
                                 uint32_t bytes);

#ifdef __cplusplus
}
#endif

#endif
