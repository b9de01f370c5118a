// Partial conversion (the pass's default, for pipelines that carry a whole
// model): every part of a function that can become a kernel does, the rest
// stays on the host in place, each with a remark saying why.  With
// whole-functions=1 (the driver's mode) such a function is left untouched.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' 2>&1 | FileCheck %s --check-prefix=WHOLE

// A call to a host function between two GEMMs stays between their launches.
// CHECK-LABEL: func.func private @log_activations(memref<64x64xf32>)
// CHECK-LABEL: func.func @call_between
// CHECK: gpu.launch_func @call_between_module::@call_between_k0 {{.*}} args(%[[H:[^ ]*]] : memref<64x64xf32>
// CHECK-NEXT: call @log_activations(%[[H]])
// CHECK: gpu.launch_func @call_between_module::@call_between_k1
// WHOLE: remark: not converted to a wmma kernel: func.call: calls are not supported
// expected-remark @+1 {{not converted to a wmma kernel: a declaration has no body to compile}}
func.func private @log_activations(memref<64x64xf32>)
func.func @call_between(%x: memref<64x32xf16>, %w: memref<32x64xf16>, %h: memref<64x64xf32>, %g: memref<64x64xf16>, %v: memref<64x16xf16>, %y: memref<64x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%h : memref<64x64xf32>)
  linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x64xf16>) outs(%h : memref<64x64xf32>)
  // expected-remark @+1 {{'func.call' stays on the host between the kernels}}
  func.call @log_activations(%h) : (memref<64x64xf32>) -> ()
  linalg.fill ins(%z : f32) outs(%y : memref<64x16xf32>)
  linalg.matmul ins(%g, %v : memref<64x64xf16>, memref<64x16xf16>) outs(%y : memref<64x16xf32>)
  return
}

// -----

// An op no template takes (math.ctlz is not in the elementwise table)
// stays a linalg op on buffers, between the launches of the rest.
// CHECK-LABEL: func.func @ctlz_between
// CHECK: gpu.launch_func @ctlz_between_module::@ctlz_between_k0
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : memref<8x8xi32>) outs(%{{.*}} : memref<8x8xi32>)
// CHECK: math.ctlz
// CHECK: gpu.launch_func @ctlz_between_module::@ctlz_between_k1
// WHOLE: remark: not converted to a wmma kernel
func.func @ctlz_between(%a: memref<32x32xf16>, %b: memref<32x32xf16>, %c: memref<32x32xf32>, %p: memref<8x8xi32>, %r: memref<8x8xi32>, %d: memref<32x32xf32>) {
  linalg.matmul ins(%a, %b : memref<32x32xf16>, memref<32x32xf16>) outs(%c : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%p : memref<8x8xi32>) outs(%r : memref<8x8xi32>) {
  ^bb0(%x: i32, %o: i32):
    // expected-remark @+1 {{left on the host (no kernel takes it): 'math.ctlz' inside a linalg body is not an elementwise op the kernels can evaluate}}
    %y = math.ctlz %x : i32
    linalg.yield %y : i32
  }
  linalg.matmul ins(%a, %b : memref<32x32xf16>, memref<32x32xf16>) outs(%d : memref<32x32xf32>)
  return
}
