// C = A x B on RDNA4 (gfx1201) with one wave32 per 16x16 output tile and a
// runtime K loop.  A and B are loaded in the contiguous-K convention (both the
// same, as the verifier insists); the accumulator stays in the hardware
// (blocked-row) layout and is stored directly.
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
    gpu.func @gemm(%A: memref<64x128xf16>, %B: memref<128x64xf16>,
                   %C: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
                    wmma.launch = #wmma.launch<grid = () -> (4, 4, 1),
                        block = [32, 1, 1], lds = 0,
                        roles = [input, input, output], host = [0, 1, 2],
                        dims = [64, 128, 128, 64, 64, 64]>} {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c128 = arith.constant 128 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m = arith.muli %by, %c16 : index
      %n = arith.muli %bx, %c16 : index
      %zero = arith.constant 0.0 : f32
      %init = wmma.fill #wmma.frag<c, hw, #atom> %zero : f32 -> vector<8xf32>
      %acc = scf.for %k = %c0 to %c128 step %c16 iter_args(%c = %init) -> (vector<8xf32>) {
        %a = wmma.load #wmma.frag<a, kcontig, #atom> %A[%m, %k] : memref<64x128xf16> -> vector<8xf16>
        %b = wmma.load #wmma.frag<b, kcontig, #atom> %B[%k, %n] : memref<128x64xf16> -> vector<8xf16>
        %d = wmma.mma #atom %a, %b, %c : vector<8xf16>, vector<8xf16> -> vector<8xf32>
        scf.yield %d : vector<8xf32>
      }
      wmma.store #wmma.frag<d, hw, #atom> %acc, %C[%m, %n] : vector<8xf32>, memref<64x64xf32>
      gpu.return
    }
  }
}
