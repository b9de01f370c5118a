// A 1x1 stride-1 convolution over the whole input is a GEMM
// (Recognize/RecognizeConv.c's pointwise): its input is a plain operand,
// the batch and pixel loops collapsed into M as for the output -- the
// input and output read through [pixels][channels] views, 16-byte vector
// loads at a row and a K offset, no pixel split back into (n, h, w) and no
// im2col gather -- and it gets the schedule of the matmul of the same M,
// N, K (checked against @gemm below, compiled in the same module).  Before,
// it took the convolution's templates (the input-tile halo at 16+
// channels).  An NCHW 1x1 (the batch a GEMM batch), a strided or padded
// one stays an implicit GEMM (`conv.mlir`).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s

// CHECK-LABEL: gpu.func @conv1x1(
// CHECK-SAME: wmma.schedule = #wmma.schedule<[[SCHED:.*]]>}
// CHECK: %[[X:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 6272, 64], strides: [0, 0, 64, 1] : memref<2x56x56x64xf16
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 64, 256], strides: [0, 0, 256, 1] : memref<1x1x64x256xf16
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 6272, 256], strides: [0, 0, 256, 1] : memref<2x56x56x256xf16
// CHECK-NOT: arith.{{divui|remui}} %{{.*}}, %c56
// CHECK: vector.load %[[X]][%c0, %c0, %{{.*}}, %{{.*}}] : memref<1x1x6272x64xf16, {{.*}}>, vector<8xf16>
// CHECK-NOT: arith.{{divui|remui}} %{{.*}}, %c56
// CHECK: wmma.mma
// CHECK-NOT: arith.{{divui|remui}} %{{.*}}, %c56
// CHECK-LABEL: gpu.func @gemm(
// CHECK-SAME: wmma.schedule = #wmma.schedule<[[SCHED]]>}
func.func @conv1x1(%x: memref<2x56x56x64xf16>, %w: memref<1x1x64x256xf16>, %y: memref<2x56x56x256xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : memref<2x56x56x256xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x56x56x64xf16>, memref<1x1x64x256xf16>) outs(%y : memref<2x56x56x256xf16>)
  return
}
func.func @gemm(%a: memref<6272x64xf16>, %b: memref<64x256xf16>, %c: memref<6272x256xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%c : memref<6272x256xf16>)
  linalg.matmul ins(%a, %b : memref<6272x64xf16>, memref<64x256xf16>) outs(%c : memref<6272x256xf16>)
  return
}
