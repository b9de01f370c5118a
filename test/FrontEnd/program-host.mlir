// Whole programs: a function that is not one kernel becomes several, all in
// one gpu.module @F_module, launched in order by the function's body, which
// keeps the caller's name and signature; buffers between the kernels are
// allocated where bufferization put them and freed after their last use.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s

// Two independent products of one activation: two kernels, two results.
// CHECK-LABEL: gpu.module @two_module
// CHECK: gpu.func @two_k0(%{{.*}}: memref<64x48xf32>, %{{.*}}: memref<64x32xf16>, %{{.*}}: memref<32x48xf16>) kernel
// CHECK-SAME: host = [-1, 0, 1]
// CHECK: gpu.func @two_k1(%{{.*}}: memref<64x40xf32>, %{{.*}}: memref<64x32xf16>, %{{.*}}: memref<32x40xf16>) kernel
// CHECK-SAME: host = [-2, 0, 2]
// CHECK: func.func @two(%[[A:.*]]: tensor<64x32xf16>, %[[B:.*]]: tensor<32x48xf16>, %[[C:.*]]: tensor<32x40xf16>) -> (tensor<64x48xf32>, tensor<64x40xf32>) attributes {wmma.program = 2 : i64}
// CHECK-DAG: %[[AB:.*]] = bufferization.to_buffer %[[A]] read_only
// CHECK-DAG: %[[BB:.*]] = bufferization.to_buffer %[[B]] read_only
// CHECK-DAG: %[[CB:.*]] = bufferization.to_buffer %[[C]] read_only
// CHECK: %[[R0:.*]] = memref.alloc() {{.*}} : memref<64x48xf32>
// CHECK: gpu.launch_func @two_module::@two_k0 {{.*}} args(%[[R0]] : memref<64x48xf32>, %[[AB]] : memref<64x32xf16>, %[[BB]] : memref<32x48xf16>)
// CHECK: %[[R1:.*]] = memref.alloc() {{.*}} : memref<64x40xf32>
// CHECK: gpu.launch_func @two_module::@two_k1 {{.*}} args(%[[R1]] : memref<64x40xf32>, %[[AB]] : memref<64x32xf16>, %[[CB]] : memref<32x40xf16>)
// CHECK-NOT: memref.dealloc
// CHECK: %[[T0:.*]] = bufferization.to_tensor %[[R0]] restrict writable
// CHECK: %[[T1:.*]] = bufferization.to_tensor %[[R1]] restrict writable
// CHECK: return %[[T0]], %[[T1]]
func.func @two(%a: tensor<64x32xf16>, %b: tensor<32x48xf16>, %c: tensor<32x40xf16>) -> (tensor<64x48xf32>, tensor<64x40xf32>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<64x48xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x48xf16>) outs(%f0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %e1 = tensor.empty() : tensor<64x40xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<64x40xf32>) -> tensor<64x40xf32>
  %r1 = linalg.matmul ins(%a, %c : tensor<64x32xf16>, tensor<32x40xf16>) outs(%f1 : tensor<64x40xf32>) -> tensor<64x40xf32>
  return %r0, %r1 : tensor<64x48xf32>, tensor<64x40xf32>
}

// -----

// Three layers on memrefs with a run-time row count: each intermediate is
// allocated (sized by the argument's dimension) before the kernel writing
// it and freed right after the kernel that reads it last; the ReLU of each
// layer is its GEMM's epilogue.  The grid's rows come from the buffers the
// launch is given.
// CHECK-LABEL: gpu.module @mlp_module
// CHECK-COUNT-3: gpu.func @mlp_k{{[0-2]}}(
// CHECK: func.func @mlp(%[[X:.*]]: memref<?x64xbf16>, %[[W1:.*]]: memref<64x128xbf16>, %[[W2:.*]]: memref<128x96xbf16>, %[[W3:.*]]: memref<96x32xbf16>, %[[Y:.*]]: memref<?x32xbf16>) attributes {wmma.program = 3 : i64}
// CHECK: %[[H1:.*]] = memref.alloc(%[[T:.*]]) : memref<?x128xbf16>
// CHECK: gpu.launch_func @mlp_module::@mlp_k0 {{.*}} args(%[[H1]] : memref<?x128xbf16>, %[[X]] : memref<?x64xbf16>, %[[W1]] : memref<64x128xbf16>)
// CHECK: %[[H2:.*]] = memref.alloc(%[[T]]) : memref<?x96xbf16>
// CHECK: gpu.launch_func @mlp_module::@mlp_k1 {{.*}} args(%[[H2]] : memref<?x96xbf16>, %[[H1]] : memref<?x128xbf16>, %[[W2]] : memref<128x96xbf16>)
// CHECK-NEXT: memref.dealloc %[[H1]]
// CHECK: gpu.launch_func @mlp_module::@mlp_k2 {{.*}} args(%[[Y]] : memref<?x32xbf16>, %[[H2]] : memref<?x96xbf16>, %[[W3]] : memref<96x32xbf16>)
// CHECK-NEXT: memref.dealloc %[[H2]]
// CHECK-NEXT: return
#id = affine_map<(i, j) -> (i, j)>
func.func @mlp(%x: memref<?x64xbf16>, %w1: memref<64x128xbf16>, %w2: memref<128x96xbf16>, %w3: memref<96x32xbf16>, %y: memref<?x32xbf16>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : bf16
  %t = memref.dim %x, %c0 : memref<?x64xbf16>
  %h1 = memref.alloc(%t) : memref<?x128xbf16>
  linalg.fill ins(%z : bf16) outs(%h1 : memref<?x128xbf16>)
  linalg.matmul ins(%x, %w1 : memref<?x64xbf16>, memref<64x128xbf16>) outs(%h1 : memref<?x128xbf16>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%h1 : memref<?x128xbf16>) {
  ^bb0(%o: bf16):
    %m = arith.maximumf %o, %z : bf16
    linalg.yield %m : bf16
  }
  %h2 = memref.alloc(%t) : memref<?x96xbf16>
  linalg.fill ins(%z : bf16) outs(%h2 : memref<?x96xbf16>)
  linalg.matmul ins(%h1, %w2 : memref<?x128xbf16>, memref<128x96xbf16>) outs(%h2 : memref<?x96xbf16>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%h2 : memref<?x96xbf16>) {
  ^bb0(%o: bf16):
    %m = arith.maximumf %o, %z : bf16
    linalg.yield %m : bf16
  }
  linalg.fill ins(%z : bf16) outs(%y : memref<?x32xbf16>)
  linalg.matmul ins(%h2, %w3 : memref<?x96xbf16>, memref<96x32xbf16>) outs(%y : memref<?x32xbf16>)
  return
}

// -----

// Reshapes stay views on the host: the kernel is given the reshaped buffer.
// CHECK-LABEL: gpu.module @expand_module
// CHECK: func.func @expand(%[[A:.*]]: tensor<1024xf16>
// CHECK: %[[AB:.*]] = bufferization.to_buffer %[[A]] read_only
// CHECK: %[[V:.*]] = memref.expand_shape %[[AB]] {{\[\[}}0, 1]] output_shape [32, 32] : memref<1024xf16> into memref<32x32xf16>
// CHECK: gpu.launch_func @expand_module::@expand_k0 {{.*}} args(%{{.*}} : memref<32x32xf32>, %[[V]] : memref<32x32xf16>
func.func @expand(%A: tensor<1024xf16>, %B: tensor<32x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %a = tensor.expand_shape %A [[0, 1]] output_shape [32, 32] : tensor<1024xf16> into tensor<32x32xf16>
  %r = linalg.matmul ins(%a, %B : tensor<32x32xf16>, tensor<32x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: gpu.module @collapse_module
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<2x16x32xf16> into memref<32x32xf16>
// CHECK: gpu.launch_func @collapse_module::@collapse_k0
func.func @collapse(%A: memref<2x16x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  %a = memref.collapse_shape %A [[0, 1], [2]] : memref<2x16x32xf16> into memref<32x32xf16>
  linalg.matmul ins(%a, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  return
}
