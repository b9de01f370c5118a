// Two chained products on RDNA4 with the intermediate in registers:
// D1 = f16(A0 x B0) x B1 for one 16x16 tile.  The first product is computed
// with A and B swapped (D0^T = B0^T x A0^T), so its accumulator already holds
// rows of D0 per lane: the relayout to the next A operand is in-lane only
// (f32 -> f16 conversion, no cross-lane instruction).
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
    gpu.func @chain(%A0: memref<16x16xf16>, %B0: memref<16x16xf16>,
                    %B1: memref<16x16xf16>, %D1: memref<16x16xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
                    wmma.launch = #wmma.launch<grid = () -> (1, 1, 1),
                        block = [32, 1, 1], lds = 0,
                        roles = [input, input, input, output],
                        host = [0, 1, 2, 3],
                        dims = [16, 16, 16, 16, 16, 16, 16, 16]>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %acc = wmma.fill #wmma.frag<c, hw, #atom> %zero : f32 -> vector<8xf32>
      // Swapped operands: B0^T plays A (memory holds B0, i.e. A^T), A0^T plays B.
      %bt = wmma.load #wmma.frag<a, kcontig, transposed, #atom> %B0[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %at = wmma.load #wmma.frag<b, kcontig, transposed, #atom> %A0[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %d0t = wmma.mma #atom %bt, %at, %acc : vector<8xf16>, vector<8xf16> -> vector<8xf32>
      // The accumulator holds D0^T: declare it transposed and relayout to A.
      %a1 = wmma.relayout #wmma.frag<d, hw, transposed, #atom> to #wmma.frag<a, kcontig, #atom> %d0t : vector<8xf32> -> vector<8xf16>
      %b1 = wmma.load #wmma.frag<b, kcontig, #atom> %B1[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %d1 = wmma.mma #atom %a1, %b1, %acc : vector<8xf16>, vector<8xf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #atom> %d1, %D1[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
  }
}
