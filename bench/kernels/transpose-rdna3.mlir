// The project's in-register transpose (rdna3): Out = In^T for a 256 x 256
// f16 matrix, one wave per 16x16 tile: the tile loaded as an A fragment
// (compact), wmma.transpose identity (one WMMA against the identity; the
// lowering picks the cheapest candidate layout), stored at the mirrored
// tile.  Paired with bench/hip/transpose.hip by bench/compare.py.
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
#frag = #wmma.frag<a, compact, #atom>
module attributes {gpu.container_module} {
  gpu.module @transpose_module [#rocdl.target<chip = "gfx1100">] {
    gpu.func @transpose(%In: memref<256x256xf16>, %Out: memref<256x256xf16>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
                    wmma.launch = #wmma.launch<grid = () -> (16, 16, 1),
                        block = [32, 1, 1], lds = 0,
                        roles = [input, output], host = [0, 1],
                        dims = [256, 256, 256, 256]>} {
      %c16 = arith.constant 16 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %i0 = arith.muli %by, %c16 : index
      %j0 = arith.muli %bx, %c16 : index
      %x = wmma.load #frag %In[%i0, %j0] : memref<256x256xf16> -> vector<8xf16>
      %t = wmma.transpose identity #frag %x : vector<8xf16> -> vector<8xf16>
      wmma.store #frag %t, %Out[%j0, %i0] : vector<8xf16>, memref<256x256xf16>
      gpu.return
    }
  }
}
