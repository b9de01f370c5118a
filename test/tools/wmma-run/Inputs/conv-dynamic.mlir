// Run-time batch and spatial sizes (memrefs): a 3x3 stride-2 convolution,
// 24 -> 40 channels, the batch and the pixels split by the run-time sizes
// in the kernel (the im2col gather; the halo tile needs static sizes).
func.func @conv(%x: memref<?x?x?x24xf16>, %w: memref<3x3x24x40xf16>, %y: memref<?x?x?x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x?x?x40xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3x24x40xf16>) outs(%y : memref<?x?x?x40xf32>)
  return
}
