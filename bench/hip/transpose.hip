// Reference: in-register transpose written after AMD's RDNA4 WMMA guide,
// part 3 (GPUOpen, "In-register matrix transpose"): Out = In^T for an
// N x N f16 matrix, one wave per 16x16 tile.  The technique: the tile is
// loaded as the A operand (lane half h of lane r: row r, columns 8h..8h+7),
// multiplied by an identity matrix built in registers from the lane id, and
// the accumulator -- whose lanes hold columns -- is stored as rows of the
// transposed tile (f16 accumulation, exact).  RDNA4 stores 8 consecutive
// elements per lane; on RDNA3 (gfx1100) A is replicated (16 per lane) and
// the f16 accumulator holds rows 2v + h, stored element by element.
// Launch: grid (N/16, N/16), block 32.
#include "hip-common.h"

#define N 256

#if defined(__gfx1201__) || defined(__gfx1200__)
__global__ void transpose(const half *In, half *Out) {
  int lane = threadIdx_x, r = lane % 16, h = lane / 16;
  int i0 = blockIdx_y * 16, j0 = blockIdx_x * 16; // In tile (i0, j0)
  v8h a = *(const v8h *)(In + (i0 + r) * N + j0 + 8 * h);
  v8h id = {}; // B = I: lane (n, h) value v is k = 8h + v
  for (int v = 0; v < 8; ++v)
    id[v] = (half)(8 * h + v == r ? 1.0f : 0.0f);
  v8h z = {};
  v8h d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a, id, z);
  // d[v] = In[i0 + 8h + v][j0 + r] = Out[j0 + r][i0 + 8h + v]
  *(v8h *)(Out + (j0 + r) * N + i0 + 8 * h) = d;
}
#else
__global__ void transpose(const half *In, half *Out) {
  int lane = threadIdx_x, r = lane % 16, h = lane / 16;
  int i0 = blockIdx_y * 16, j0 = blockIdx_x * 16;
  v16h a = *(const v16h *)(In + (i0 + r) * N + j0);
  v16h id;
  for (int v = 0; v < 16; ++v)
    id[v] = (half)(v == r ? 1.0f : 0.0f);
  v16h z = {};
  v16h d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(a, id, z, false);
  // d[2v] = In[i0 + 2v + h][j0 + r]
  for (int v = 0; v < 8; ++v)
    Out[(j0 + r) * N + i0 + 2 * v + h] = d[2 * v];
}
#endif
