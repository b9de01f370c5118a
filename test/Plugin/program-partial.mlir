// A whole model in a pipeline of the stock mlir-opt with the plugin: every
// part that can become a kernel does (here two GEMMs with their ReLU
// epilogues), the rest stays in place (a call into the host's runtime),
// each left op with a remark; the function keeps its signature.
// RUN: %asan_host mlir-opt %s --load-dialect-plugin=%wmma_lib/WMMAPlugin.so --load-pass-plugin=%wmma_lib/WMMAPlugin.so --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s

// CHECK: remark: 'func.call' stays on the host between the kernels
// CHECK: gpu.module @layers_module [#rocdl.target<chip = "gfx1100"
// CHECK: gpu.func @layers_k0(
// CHECK: gpu.func @layers_k1(
// CHECK: func.func @layers(%{{.*}}: memref<64x64xf16>, %{{.*}}: memref<64x64xf16>, %{{.*}}: memref<64x64xf16>, %{{.*}}: memref<64x64xf16>, %{{.*}}: memref<64x64xf16>)
// CHECK: gpu.launch_func @layers_module::@layers_k0
// CHECK-NEXT: call @trace
// CHECK-NEXT: gpu.launch_func @layers_module::@layers_k1
#id = affine_map<(i, j) -> (i, j)>
func.func private @trace(memref<64x64xf16>)
func.func @layers(%x: memref<64x64xf16>, %w1: memref<64x64xf16>, %h: memref<64x64xf16>, %w2: memref<64x64xf16>, %y: memref<64x64xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%h : memref<64x64xf16>)
  linalg.matmul ins(%x, %w1 : memref<64x64xf16>, memref<64x64xf16>) outs(%h : memref<64x64xf16>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%h : memref<64x64xf16>) {
  ^bb0(%o: f16):
    %r = arith.maximumf %o, %z : f16
    linalg.yield %r : f16
  }
  func.call @trace(%h) : (memref<64x64xf16>) -> ()
  linalg.fill ins(%z : f16) outs(%y : memref<64x64xf16>)
  linalg.matmul ins(%h, %w2 : memref<64x64xf16>, memref<64x64xf16>) outs(%y : memref<64x64xf16>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%y : memref<64x64xf16>) {
  ^bb0(%o: f16):
    %r = arith.maximumf %o, %z : f16
    linalg.yield %r : f16
  }
  return
}
