// A depthwise convolution with a channel multiplier is, per channel (a GEMM
// batch), a GEMM with M = output pixels, N = the multiplier, K = the taps.
// The cost rule (Pass/DepthwiseChoice.c) compares the gemm template's
// schedule with the VALU template's: multiplier 16 over 24 channels at 33
// takes WMMA (128 x 16 tiles, K steps of 16: no N padding); multiplier 2
// too, by the modelled times beyond the template margin (the rule's VALU
// kernel modelled 1.638 us against the GEMM's 0.6255 us on gfx1100); the
// form without a multiplier keeps the VALU template.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' 2>&1 | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefix=RDNA4

// CHECK: remark: depthwise convolution with a channel multiplier: gemm rule {{.*}} (1536 WMMAs), valu rule {{.*}} (3243 WMMA-equivalents): gemm
// CHECK: remark: depthwise convolution with a channel multiplier: gemm rule {{.*}} (1536 WMMAs), valu rule {{.*}} (405 WMMA-equivalents): valu
// CHECK: remark: depthwise candidates: gemm modelled 0.6255 us, valu modelled 1.638 us, the old rule's; chosen: gemm
// CHECK: remark: converted to a VALU kernel (template valu): linalg.depthwise_conv_2d_nhwc_hwc:
// CHECK-LABEL: gpu.func @dw_m16(
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", {{.*}}staging = lds, tile = [128, 16, 16], waves = [4, 1]
// CHECK: wmma.mma {{.*}} : vector<16xf16>, vector<16xf16> -> vector<8xf32>
// CHECK-LABEL: gpu.func @dw_m2(
// CHECK-SAME: template = "gemm"
// CHECK: wmma.mma
// CHECK-LABEL: gpu.func @dw_m1(
// CHECK-SAME: template = "valu"
// CHECK-NOT: wmma.mma

// RDNA4-LABEL: gpu.func @dw_m16(
// RDNA4-SAME: template = "gemm"
// RDNA4: wmma.mma
// RDNA4-LABEL: gpu.func @dw_m2(
// RDNA4-SAME: template = "gemm"
// RDNA4: wmma.mma
// RDNA4-LABEL: gpu.func @dw_m1(
// RDNA4-SAME: template = "valu"
// RDNA4-NOT: wmma.mma

func.func @dw_m16(%x: memref<1x33x33x24xf16>, %w: memref<3x3x24x16xf16>, %y: memref<1x31x31x24x16xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x24xf16>, memref<3x3x24x16xf16>) outs(%y : memref<1x31x31x24x16xf32>)
  return
}

func.func @dw_m2(%x: memref<1x33x33x24xf16>, %w: memref<3x3x24x2xf16>, %y: memref<1x31x31x24x2xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x24xf16>, memref<3x3x24x2xf16>) outs(%y : memref<1x31x31x24x2xf32>)
  return
}

func.func @dw_m1(%x: memref<1x33x33x24xf16>, %w: memref<3x3x24xf16>, %y: memref<1x31x31x24xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x24xf16>, memref<3x3x24xf16>) outs(%y : memref<1x31x31x24xf32>)
  return
}
