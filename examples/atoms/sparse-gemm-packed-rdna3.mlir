// The 2:4 GEMM of sparse-gemm-packed-rdna4.mlir on RDNA3 (gfx1100), which
// has no sparse WMMA: the same interface (values M x K/2, row-packed index
// words M x K/32 i32, docs/sparse-frontend.md), the zeros expanded in
// registers and dense WMMAs (exact: only selects).  Per K step of 16 a lane
// reads the 8 values of its row (lane % 16; RDNA3's A operand is the whole
// 16-K row in every lane, replicated across lane halves) and their 8
// positions (16 bits of its row's word), and puts value j at K 4(j/2) +
// its position: per group g and position q, the even value if its position
// is q, else the odd one if its position is q, else zero.
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1100">] {
    gpu.func @sparse_gemm_packed_dense(%A: memref<64x64xf16>, %I: memref<64x4xi32>,
                                       %B: memref<128x64xf16>, %C: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
                    wmma.launch = #wmma.launch<grid = () -> (4, 4, 1),
                        block = [32, 1, 1], lds = 0,
                        roles = [input, input, input, output], host = [0, 1, 2, 3],
                        dims = [64, 64, 64, 4, 128, 64, 64, 64]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c16_i32 = arith.constant 16 : i32
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %lane = gpu.thread_id x
      %m = arith.muli %by, %c16 : index
      %n = arith.muli %bx, %c16 : index
      %r = arith.remui %lane, %c16 : index
      %row = arith.addi %m, %r : index
      // Field j of the 16 bits: the position of value j (even values'
      // fields at bits 0, 4, 8, 12, odd values' at 2, 6, 10, 14).
      %sh_even = arith.constant dense<[0, 4, 8, 12]> : vector<4xi32>
      %sh_odd = arith.constant dense<[2, 6, 10, 14]> : vector<4xi32>
      %three = arith.constant dense<3> : vector<4xi32>
      %q0 = arith.constant dense<0> : vector<4xi32>
      %q1 = arith.constant dense<1> : vector<4xi32>
      %q2 = arith.constant dense<2> : vector<4xi32>
      %q3 = arith.constant dense<3> : vector<4xi32>
      %zeros = arith.constant dense<0.0> : vector<4xf16>
      %zero = arith.constant 0.0 : f32
      %init = wmma.fill #wmma.frag<c, hw, #atom> %zero : f32 -> vector<8xf32>
      %acc = scf.for %t = %c0 to %c8 step %c1 iter_args(%c = %init) -> (vector<8xf32>) {
        %k = arith.muli %t, %c16 : index
        %kc = arith.muli %t, %c8 : index
        %v = vector.load %A[%row, %kc] : memref<64x64xf16>, vector<8xf16>
        %wi = arith.divui %t, %c2 : index
        %w = memref.load %I[%row, %wi] : memref<64x4xi32>
        %half = arith.remui %t, %c2 : index
        %half_i32 = arith.index_cast %half : index to i32
        %hs = arith.muli %half_i32, %c16_i32 : i32
        %bits = arith.shrui %w, %hs : i32
        %bv = vector.broadcast %bits : i32 to vector<4xi32>
        %pe_w = arith.shrui %bv, %sh_even : vector<4xi32>
        %pe = arith.andi %pe_w, %three : vector<4xi32>
        %po_w = arith.shrui %bv, %sh_odd : vector<4xi32>
        %po = arith.andi %po_w, %three : vector<4xi32>
        %ve = vector.shuffle %v, %v [0, 2, 4, 6] : vector<8xf16>, vector<8xf16>
        %vo = vector.shuffle %v, %v [1, 3, 5, 7] : vector<8xf16>, vector<8xf16>
        %e0 = arith.cmpi eq, %pe, %q0 : vector<4xi32>
        %o0 = arith.cmpi eq, %po, %q0 : vector<4xi32>
        %x0 = arith.select %o0, %vo, %zeros : vector<4xi1>, vector<4xf16>
        %d0 = arith.select %e0, %ve, %x0 : vector<4xi1>, vector<4xf16>
        %e1 = arith.cmpi eq, %pe, %q1 : vector<4xi32>
        %o1 = arith.cmpi eq, %po, %q1 : vector<4xi32>
        %x1 = arith.select %o1, %vo, %zeros : vector<4xi1>, vector<4xf16>
        %d1 = arith.select %e1, %ve, %x1 : vector<4xi1>, vector<4xf16>
        %e2 = arith.cmpi eq, %pe, %q2 : vector<4xi32>
        %o2 = arith.cmpi eq, %po, %q2 : vector<4xi32>
        %x2 = arith.select %o2, %vo, %zeros : vector<4xi1>, vector<4xf16>
        %d2 = arith.select %e2, %ve, %x2 : vector<4xi1>, vector<4xf16>
        %e3 = arith.cmpi eq, %pe, %q3 : vector<4xi32>
        %o3 = arith.cmpi eq, %po, %q3 : vector<4xi32>
        %x3 = arith.select %o3, %vo, %zeros : vector<4xi1>, vector<4xf16>
        %d3 = arith.select %e3, %ve, %x3 : vector<4xi1>, vector<4xf16>
        %d01 = vector.shuffle %d0, %d1 [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf16>, vector<4xf16>
        %d23 = vector.shuffle %d2, %d3 [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf16>, vector<4xf16>
        // K 4g + q is d_q[g]: d01[g], d01[4 + g], d23[g], d23[4 + g].
        %a = vector.shuffle %d01, %d23 [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15] : vector<8xf16>, vector<8xf16>
        %bc = wmma.load #wmma.frag<b, compact, #atom> %B[%k, %n] : memref<128x64xf16> -> vector<8xf16>
        %b = wmma.expand b #atom %bc : vector<8xf16> -> vector<16xf16>
        %d = wmma.mma #atom %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
        scf.yield %d : vector<8xf32>
      }
      wmma.store #wmma.frag<d, hw, #atom> %acc, %C[%m, %n] : vector<8xf32>, memref<64x64xf32>
      gpu.return
    }
  }
}
