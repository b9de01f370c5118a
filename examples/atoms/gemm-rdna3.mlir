// C = A x B on RDNA3 (gfx1100).  A and B are loaded compactly (8 values per
// lane, no duplicated loads) and expanded to the replicated operand form the
// hardware reads with an explicit wmma.expand (v_permlanex16 between lane
// halves); the accumulator uses the interleaved-row hardware layout.
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1100">] {
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
        %ac = wmma.load #wmma.frag<a, compact, #atom> %A[%m, %k] : memref<64x128xf16> -> vector<8xf16>
        %bc = wmma.load #wmma.frag<b, compact, #atom> %B[%k, %n] : memref<128x64xf16> -> vector<8xf16>
        %a = wmma.expand a #atom %ac : vector<8xf16> -> vector<16xf16>
        %b = wmma.expand b #atom %bc : vector<8xf16> -> vector<16xf16>
        %d = wmma.mma #atom %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
        scf.yield %d : vector<8xf32>
      }
      wmma.store #wmma.frag<d, hw, #atom> %acc, %C[%m, %n] : vector<8xf32>, memref<64x64xf32>
      gpu.return
    }
  }
}
