// In-register 16x16 transpose of an f16 tile on RDNA3: Out = In^T, computed
// twice: with one WMMA against an identity matrix built in registers (no
// memory traffic; the interleaved accumulator comes back to the replicated
// operand form with 4 v_permlanex16) and with a cross-lane shuffle
// (ds_bpermute).  Out1 and Out2 must both equal the transpose of In.
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @transpose_module [#rocdl.target<chip = "gfx1100">] {
    gpu.func @transpose(%In: memref<16x16xf16>, %Out1: memref<16x16xf16>,
                        %Out2: memref<16x16xf16>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
                    wmma.launch = #wmma.launch<grid = () -> (1, 1, 1),
                        block = [32, 1, 1], lds = 0,
                        roles = [input, output, output], host = [0, 1, 2],
                        dims = [16, 16, 16, 16, 16, 16]>} {
      %c0 = arith.constant 0 : index
      %x = wmma.load #wmma.frag<a, hw, #atom> %In[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %t1 = wmma.transpose identity #wmma.frag<a, hw, #atom> %x : vector<16xf16> -> vector<16xf16>
      wmma.store #wmma.frag<a, hw, #atom> %t1, %Out1[%c0, %c0] : vector<16xf16>, memref<16x16xf16>
      %t2 = wmma.transpose shuffle #wmma.frag<a, hw, #atom> %x : vector<16xf16> -> vector<16xf16>
      wmma.store #wmma.frag<a, hw, #atom> %t2, %Out2[%c0, %c0] : vector<16xf16>, memref<16x16xf16>
      gpu.return
    }
  }
}
