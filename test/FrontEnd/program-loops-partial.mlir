// Partial conversion (wmma-opt / mlir-opt with the plugin) of functions
// with loops: every kernel a loop's body holds is launched there, what no
// kernel takes stays in place inside the loop with a remark, and a loop the
// program record cannot describe stays whole, its linalg unconverted.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// The same through the stock mlir-opt with the plugin.
// RUN: %asan_host mlir-opt %s --load-dialect-plugin=%wmma_lib/WMMAPlugin.so --load-pass-plugin=%wmma_lib/WMMAPlugin.so --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s

// CHECK-LABEL: func.func private @log_activations(memref<64x32xf32>)
// CHECK-LABEL: func.func @call_in_loop
// CHECK: scf.for
// CHECK: gpu.launch_func @call_in_loop_module::@call_in_loop_k0 {{.*}} args(%[[H:[^ ]*]] : memref<64x32xf32>
// CHECK-NEXT: call @log_activations(%[[H]])
// CHECK: gpu.launch_func @call_in_loop_module::@call_in_loop_k1
// CHECK-NEXT: }
// expected-remark @+1 {{not converted to a wmma kernel: a declaration has no body to compile}}
func.func private @log_activations(memref<64x32xf32>)
func.func @call_in_loop(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %h: memref<64x32xf32>, %g: memref<64x64xf16>, %v: memref<64x16xf16>, %y: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c2 step %c1 {
    linalg.fill ins(%z : f32) outs(%h : memref<64x32xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%h : memref<64x32xf32>)
    // expected-remark @+1 {{'func.call' stays on the host between the kernels}}
    func.call @log_activations(%h) : (memref<64x32xf32>) -> ()
    linalg.fill ins(%z : f32) outs(%y : memref<64x16xf32>)
    linalg.matmul ins(%g, %v : memref<64x64xf16>, memref<64x16xf16>) outs(%y : memref<64x16xf32>)
  }
  return
}

// -----

// A loop carrying a scalar stays whole (its GEMM too); the GEMM after it
// is still a kernel.
// CHECK-LABEL: func.func @scalar_carried
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK: scf.yield
// CHECK: gpu.launch_func @scalar_carried_module::@scalar_carried_k0
func.func @scalar_carried(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %y: memref<64x32xf32>, %y2: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @+1 {{left on the host (no kernel takes it): the scf.for carries a scalar from one iteration to the next (iter_arg 0): only buffers updated in place are supported}}
  %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f32) {
    linalg.fill ins(%acc : f32) outs(%y : memref<64x32xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%y : memref<64x32xf32>)
    %n = arith.addf %acc, %acc : f32
    scf.yield %n : f32
  }
  linalg.fill ins(%z : f32) outs(%y2 : memref<64x32xf32>)
  linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%y2 : memref<64x32xf32>)
  return
}
