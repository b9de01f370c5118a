// C = A x B on RDNA4 (gfx1201), A 2:4 sparse, taking A in the front end's
// kernel interface of a 2:4 operand (docs/sparse-frontend.md): the values,
// M x K/2 row-major (upstream's `values`), and the index words, M x K/32
// i32 (upstream's level-2 coordinates bit-packed row by row: the p-th
// position of a row's 32 K in bits 2p..2p+1; wmma.sparse24 packs them).
// Unlike sparse-gemm-rdna4.mlir, whose host builds each lane's index
// register, the kernel makes it: lane l of the wave reads the word of tile
// row l % 16 and K step t and keeps, for 16-bit A, bytes h and h+2 (h =
// l / 16: lanes 0-15 hold the positions of K 0-7 and 16-23 of the step,
// lanes 16-31 those of K 8-15 and 24-31).  One wave32 per 16x16 output
// tile, one v_swmmac_f32_16x16x32_f16 per 32 K.
#dense = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
#sparse = #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse>
module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
    gpu.func @sparse_gemm_packed(%A: memref<64x64xf16>, %I: memref<64x4xi32>,
                                 %B: memref<128x64xf16>, %C: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
                    wmma.launch = #wmma.launch<grid = () -> (4, 4, 1),
                        block = [32, 1, 1], lds = 0,
                        roles = [input, input, input, output], host = [0, 1, 2, 3],
                        dims = [64, 64, 64, 4, 128, 64, 64, 64]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c8_i32 = arith.constant 8 : i32
      %c16_i32 = arith.constant 16 : i32
      %c255_i32 = arith.constant 255 : i32
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %lane = gpu.thread_id x
      %m = arith.muli %by, %c16 : index
      %n = arith.muli %bx, %c16 : index
      // The lane's row of the index words and the bytes it keeps.
      %r = arith.remui %lane, %c16 : index
      %row = arith.addi %m, %r : index
      %h = arith.divui %lane, %c16 : index
      %h_i32 = arith.index_cast %h : index to i32
      %lo_shift = arith.muli %h_i32, %c8_i32 : i32
      %hi_shift = arith.addi %lo_shift, %c16_i32 : i32
      %zero = arith.constant 0.0 : f32
      %init = wmma.fill #wmma.frag<c, hw, #dense> %zero : f32 -> vector<8xf32>
      %acc = scf.for %t = %c0 to %c4 step %c1 iter_args(%c = %init) -> (vector<8xf32>) {
        %kc = arith.muli %t, %c16 : index
        %k0 = arith.muli %t, %c32 : index
        %k1 = arith.addi %k0, %c16 : index
        %a = wmma.load #wmma.frag<a, hw, #dense> %A[%m, %kc] : memref<64x64xf16> -> vector<8xf16>
        %w = memref.load %I[%row, %t] : memref<64x4xi32>
        %lo_w = arith.shrui %w, %lo_shift : i32
        %lo = arith.andi %lo_w, %c255_i32 : i32
        %hi_w = arith.shrui %w, %hi_shift : i32
        %hi_b = arith.andi %hi_w, %c255_i32 : i32
        %hi = arith.shli %hi_b, %c8_i32 : i32
        %i = arith.ori %lo, %hi : i32
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
