// C = A x B on RDNA4 (gfx1201) with A 2:4 sparse: one wave32 per 16x16
// output tile, one v_swmmac_f32_16x16x32_f16 per 32 K.
//
// A arrives compressed, as the 64 x 64 matrix of its nonzeros (two per group
// of four K, in K order: upstream's 2:4 values), and a compressed 16x16 tile
// sits in exactly the registers of a dense 16x16x16 A tile, so the dense
// atom's hw load reads it.  The positions arrive as the index registers the
// kernel wants (one 32-bit word per lane, tile row and 32 K; the host
// converts upstream's coordinates): bits 2p..2p+1 of a lane's word give the
// position in its group of the lane's p-th A value.  The 32 x 16 B tile of
// the sparse instruction is two dense contiguous-K B tiles (K 0..15 and
// 16..31) one after the other.  The accumulator is the dense atom's.
#dense = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
#sparse = #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse>
module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
    gpu.func @sparse_gemm(%A: memref<64x64xf16>, %I: memref<4x4x32xi32>,
                          %B: memref<128x64xf16>, %C: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
                    wmma.launch = #wmma.launch<grid = () -> (4, 4, 1),
                        block = [32, 1, 1], lds = 0,
                        roles = [input, input, input, output], host = [0, 1, 2, 3],
                        dims = [64, 64, 4, 4, 32, 128, 64, 64, 64]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %lane = gpu.thread_id x
      %m = arith.muli %by, %c16 : index
      %n = arith.muli %bx, %c16 : index
      %zero = arith.constant 0.0 : f32
      %init = wmma.fill #wmma.frag<c, hw, #dense> %zero : f32 -> vector<8xf32>
      %acc = scf.for %t = %c0 to %c4 step %c1 iter_args(%c = %init) -> (vector<8xf32>) {
        %kc = arith.muli %t, %c16 : index
        %k0 = arith.muli %t, %c32 : index
        %k1 = arith.addi %k0, %c16 : index
        %a = wmma.load #wmma.frag<a, hw, #dense> %A[%m, %kc] : memref<64x64xf16> -> vector<8xf16>
        %i = memref.load %I[%by, %t, %lane] : memref<4x4x32xi32>
        %b0 = wmma.load #wmma.frag<b, kcontig, #dense> %B[%k0, %n] : memref<128x64xf16> -> vector<8xf16>
        %b1 = wmma.load #wmma.frag<b, kcontig, #dense> %B[%k1, %n] : memref<128x64xf16> -> vector<8xf16>
        %b = vector.shuffle %b0, %b1 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<8xf16>, vector<8xf16>
        %d = wmma.sparse_mma #sparse %a, %b, %c, %i : vector<8xf16>, vector<16xf16> -> vector<8xf32>
        scf.yield %d : vector<8xf32>
      }
      wmma.store #wmma.frag<d, hw, #dense> %acc, %C[%m, %n] : vector<8xf32>, memref<64x64xf32>
      gpu.return
    }
  }
}
