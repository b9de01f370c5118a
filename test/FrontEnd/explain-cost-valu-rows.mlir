// wmma-linalg-to-kernels{explain-cost}: the VALU rows kernel (matrix-
// vector, depthwise lane groups) chooses its lanes per output where K is
// the matrix's innermost dimension -- 32 (a wave), 64, 128 or 256 (the
// workgroup), 256 / lanes outputs per workgroup -- by the modelled time
// (Schedule/PlainCost.c); within 5% the old rule's (a wave) stays.
//
// @mv (f32 512 x 2048): DRAM bound, every candidate ties: the old rule's
// 32 lanes (emulated 4.38 us on gfx1100, DRAM bound too).
// @dwconv (3 x 3 depthwise, K = 9 taps): more lanes per output only idle
// more of them: 32.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' 2>&1 | FileCheck %s --check-prefix=R3
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' 2>&1 | FileCheck %s --check-prefix=R4
// R3: remark: valu rows candidate: lanes per output = 32, outputs per workgroup = 8: modelled 4.38 us, the old rule's
// R3: remark: valu rows candidate: lanes per output = 256, outputs per workgroup = 1: modelled 4.38 us
// R3: remark: valu rows chosen: lanes per output = 32, outputs per workgroup = 8: modelled 4.38 us
// R3: remark: valu rows candidate: lanes per output = 32, outputs per workgroup = 8: modelled 2.718 us, the old rule's
// R3: remark: valu rows candidate: lanes per output = 64, outputs per workgroup = 4: modelled 5.71 us
// R3: remark: valu rows candidate: lanes per output = 128, outputs per workgroup = 2: modelled 11.9 us
// R3: remark: valu rows candidate: lanes per output = 256, outputs per workgroup = 1: modelled 25.99 us
// R3: remark: valu rows chosen: lanes per output = 32, outputs per workgroup = 8: modelled 2.718 us
// R3-LABEL: gpu.func @mv(
// R3-SAME: template = "valu", instruction = "none", staging = registers, tile = [8, 1, 128]
// R3-LABEL: gpu.func @dwconv(
// R3-SAME: template = "valu", instruction = "none", staging = registers, tile = [8, 1, 128]
// R4: remark: valu rows chosen: lanes per output = 32, outputs per workgroup = 8: modelled 6.57 us
// R4: remark: valu rows candidate: lanes per output = 256, outputs per workgroup = 1: modelled 32.75 us
// R4: remark: valu rows chosen: lanes per output = 32, outputs per workgroup = 8: modelled 3.405 us
func.func @mv(%A: memref<512x2048xf32>, %x: memref<2048xf32>, %y: memref<512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<512xf32>)
  linalg.matvec ins(%A, %x : memref<512x2048xf32>, memref<2048xf32>) outs(%y : memref<512xf32>)
  return
}

func.func @dwconv(%x: memref<2x33x33x32xf16>, %w: memref<3x3x32xf16>, %y: memref<2x16x16x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x16x16x32xf32>)
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x33x33x32xf16>, memref<3x3x32xf16>) outs(%y : memref<2x16x16x32xf32>)
  return
}
