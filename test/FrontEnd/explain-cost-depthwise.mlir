// wmma-linalg-to-kernels{explain-cost}: a depthwise convolution with a
// channel multiplier takes the GEMM (WMMA) or the VALU kernel by the
// modelled times (Pass/DepthwiseChoice.c: the GEMM template's against
// PlainCost.c's of the VALU schedule); the old rule's choice stays within
// FE_TEMPLATE_MARGIN (25%).
//
// @dw_m2 (multiplier 2, 24 channels at 33): the rule keeps VALU; its
// modelled time is 2.6x / 2.2x the GEMM's, which is taken (emulated 3.12
// -> 1.25 us on gfx1100, 3.94 -> 1.42 us on gfx1201).
// @dw_q3 (i8, multiplier 3, 5 channels at 13 x 11): the GEMM models 12% /
// 18% shorter, within the margin: the rule's VALU stays (the GEMM kernel
// emulates latency bound, 0.319 us against the VALU's 0.266 us).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' 2>&1 | FileCheck %s --check-prefix=R3
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' 2>&1 | FileCheck %s --check-prefix=R4
// R3: remark: depthwise convolution with a channel multiplier: gemm rule 21.75 (1536 WMMAs), valu rule 20.68 (405 WMMA-equivalents): valu
// R3: remark: depthwise candidates: gemm modelled 0.6255 us, valu modelled 1.638 us, the old rule's; chosen: gemm
// R3: remark: depthwise candidates: gemm modelled 0.1408 us, valu modelled 0.16 us, the old rule's; chosen: valu
// R3: remark: converted to a VALU kernel (template valu): linalg.depthwise_conv_2d_nhwc_hwcm_q: a channel multiplier of 3: the cost rule values the VALU template at 6.012, the WMMA implicit GEMM (N padded to 16, K to the WMMA's) at 7.953; modelled 0.16 us against 0.1408 us
// R3-LABEL: gpu.func @dw_m2(
// R3-SAME: template = "gemm"
// R3-LABEL: gpu.func @dw_q3(
// R3-SAME: template = "valu"
// R4: remark: depthwise candidates: gemm modelled 0.9383 us, valu modelled 2.069 us, the old rule's; chosen: gemm
// R4: remark: depthwise candidates: gemm modelled 0.1104 us, valu modelled 0.1347 us, the old rule's; chosen: valu
// R4-LABEL: gpu.func @dw_m2(
// R4-SAME: template = "gemm"
// R4-LABEL: gpu.func @dw_q3(
// R4-SAME: template = "valu"
func.func @dw_m2(%x: memref<1x33x33x24xf16>, %w: memref<3x3x24x2xf16>, %y: memref<1x31x31x24x2xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x31x31x24x2xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x24xf16>, memref<3x3x24x2xf16>) outs(%y : memref<1x31x31x24x2xf32>)
  return
}

func.func @dw_q3(%x: memref<2x13x11x5xi8>, %w: memref<3x3x5x3xi8>, %y: memref<2x9x7x5x3xi32>) {
  %z = arith.constant 0 : i32
  %zx = arith.constant -7 : i32
  %zw = arith.constant 5 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<2x9x7x5x3xi32>)
  linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w, %zx, %zw : memref<2x13x11x5xi8>, memref<3x3x5x3xi8>, i32, i32) outs(%y : memref<2x9x7x5x3xi32>)
  return
}
