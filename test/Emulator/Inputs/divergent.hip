// Per-lane trip counts: Collatz steps of each input (a data-dependent loop
// with divergent exits), then a wave-wide vote that must see every lane.
#include "hip-common.h"

__global__ void collatz(const unsigned *in, unsigned *steps, unsigned *vote) {
  unsigned i = blockIdx_x * blockDim_x + threadIdx_x;
  unsigned x = in[i], n = 0;
  while (x > 1) {
    if (x & 1)
      x = 3 * x + 1;
    else
      x >>= 1;
    n++;
    if (n == 500)
      break;
  }
  steps[i] = n;
  // After the loop every lane of the wave is active again.
  vote[i] = __builtin_amdgcn_ballot_w32(1);
}
