// Block sum of 256 floats per workgroup (8 waves): LDS tree with workgroup
// barriers, then a tiled 16x16 transpose through LDS of the same input.
#include "hip-common.h"

__shared__ float partial[256];
__shared__ float tile[16][17];

__global__ void block_sum(const float *x, float *out) {
  int t = threadIdx_x;
  partial[t] = x[blockIdx_x * 256 + t];
  syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (t < s)
      partial[t] += partial[t + s];
    syncthreads();
  }
  if (t == 0)
    out[blockIdx_x] = partial[0];
}

// out = in^T for one 16x16 tile per workgroup of 256 work-items.
__global__ void transpose(const float *in, float *out) {
  int t = threadIdx_x, i = t / 16, j = t % 16;
  const float *src = in + blockIdx_x * 256;
  tile[i][j] = src[i * 16 + j];
  syncthreads();
  out[blockIdx_x * 256 + i * 16 + j] = tile[j][i];
}
