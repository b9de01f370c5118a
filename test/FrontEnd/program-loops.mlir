// Programs with scf.for / scf.if around linalg: the compute ops inside a
// region are cut into kernels like a straight-line body (no kernel crosses
// a region's boundary), and the host keeps its loops and conditionals with
// the launches inside.  Allocations in a loop's body are freed in the same
// iteration; the induction variable reaches kernels as the offset of a
// subview made on the host, or as an index scalar argument.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: gpu.module @layers_module
// CHECK: gpu.func @layers_k1(%{{.*}}: memref<64x32xf16>, %{{.*}}: memref<64x32xf16>, %{{.*}}: memref<32x32xf16, strided<[32, 1], offset: ?>>) kernel
// CHECK: func.func @layers(%[[X:.*]]: memref<64x32xf16>, %[[W:.*]]: memref<3x32x32xf16>, %[[Y:.*]]: memref<64x32xf16>) attributes {wmma.program = 3 : i64}
// CHECK: gpu.launch_func @layers_module::@layers_k0 {{.*}} args(%[[X]] : memref<64x32xf16>, %[[Y]] : memref<64x32xf16>)
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[WI:.*]] = memref.subview %[[W]][%[[I]], 0, 0] [1, 32, 32] [1, 1, 1]
// CHECK-NEXT: %[[H:.*]] = memref.alloc() : memref<64x32xf16>
// CHECK: gpu.launch_func @layers_module::@layers_k1 {{.*}} args(%[[H]] : memref<64x32xf16>, %[[Y]] : memref<64x32xf16>, %[[WI]] : memref<32x32xf16, strided<[32, 1], offset: ?>>)
// CHECK-NEXT: gpu.launch_func @layers_module::@layers_k2 {{.*}} args(%[[H]] : memref<64x32xf16>, %[[Y]] : memref<64x32xf16>)
// CHECK-NEXT: memref.dealloc %[[H]]
// CHECK-NEXT: }
// CHECK-NEXT: return
#id = affine_map<(i, j) -> (i, j)>
func.func @layers(%x: memref<64x32xf16>, %w: memref<3x32x32xf16>, %y: memref<64x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f16
  memref.copy %x, %y : memref<64x32xf16> to memref<64x32xf16>
  scf.for %i = %c0 to %c3 step %c1 {
    %wi = memref.subview %w[%i, 0, 0] [1, 32, 32] [1, 1, 1] : memref<3x32x32xf16> to memref<32x32xf16, strided<[32, 1], offset: ?>>
    %h = memref.alloc() : memref<64x32xf16>
    linalg.fill ins(%z : f16) outs(%h : memref<64x32xf16>)
    linalg.matmul ins(%y, %wi : memref<64x32xf16>, memref<32x32xf16, strided<[32, 1], offset: ?>>) outs(%h : memref<64x32xf16>)
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : memref<64x32xf16>) outs(%y : memref<64x32xf16>) {
    ^bb0(%o: f16, %u: f16):
      %m = arith.maximumf %o, %z : f16
      linalg.yield %m : f16
    }
    memref.dealloc %h : memref<64x32xf16>
  }
  return
}

// -----

// The trip count an index argument, clamped on the host; the induction
// variable also an index scalar the epilogue kernel reads.
// CHECK-LABEL: gpu.module @layers_n_module
// CHECK: gpu.func @layers_n_k2(%{{.*}}: memref<48x32xf16>, %{{.*}}: memref<48x32xf16>, %{{.*}}: index) kernel
// CHECK: func.func @layers_n(%{{.*}}: memref<48x32xf16>, %{{.*}}: memref<3x32x32xf16>, %[[N:.*]]: index, %[[Y:.*]]: memref<48x32xf16>) attributes {wmma.program = 3 : i64}
// CHECK: %[[T:.*]] = arith.minsi %[[N]], %{{.*}} : index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[T]] step
// CHECK: gpu.launch_func @layers_n_module::@layers_n_k2 {{.*}} args(%{{.*}} : memref<48x32xf16>, %[[Y]] : memref<48x32xf16>, %[[I]] : index)
#id = affine_map<(i, j) -> (i, j)>
func.func @layers_n(%x: memref<48x32xf16>, %w: memref<3x32x32xf16>, %n: index, %y: memref<48x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %trips = arith.minsi %n, %c3 : index
  memref.copy %x, %y : memref<48x32xf16> to memref<48x32xf16>
  scf.for %i = %c0 to %trips step %c1 {
    %wi = memref.subview %w[%i, 0, 0] [1, 32, 32] [1, 1, 1] : memref<3x32x32xf16> to memref<32x32xf16, strided<[32, 1], offset: ?>>
    %h = memref.alloc() : memref<48x32xf16>
    linalg.fill ins(%z : f16) outs(%h : memref<48x32xf16>)
    linalg.matmul ins(%y, %wi : memref<48x32xf16>, memref<32x32xf16, strided<[32, 1], offset: ?>>) outs(%h : memref<48x32xf16>)
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : memref<48x32xf16>) outs(%y : memref<48x32xf16>) {
    ^bb0(%o: f16, %u: f16):
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f16
      %d = arith.addf %fi, %one : f16
      %m = arith.maximumf %o, %z : f16
      %q = arith.mulf %m, %d : f16
      linalg.yield %q : f16
    }
    memref.dealloc %h : memref<48x32xf16>
  }
  return
}

// -----

// scf.if choosing between two epilogues: each branch one kernel.
// CHECK-LABEL: func.func @choose
// CHECK-SAME: attributes {wmma.program = 2 : i64}
// CHECK: %[[P:.*]] = arith.cmpi ult
// CHECK: scf.if %[[P]] {
// CHECK: gpu.launch_func @choose_module::@choose_k0
// CHECK: } else {
// CHECK: gpu.launch_func @choose_module::@choose_k1
// CHECK: }
// CHECK-NEXT: return
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @choose(%x: memref<64x32xf16>, %w: memref<32x48xf16>, %b: memref<48xf32>, %sel: index, %y: memref<64x48xf32>) {
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  %relu = arith.cmpi ult, %sel, %c16 : index
  scf.if %relu {
    linalg.fill ins(%z : f32) outs(%y : memref<64x48xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x48xf16>) outs(%y : memref<64x48xf32>)
    linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%y : memref<64x48xf32>) {
    ^bb0(%o: f32):
      %m = arith.maximumf %o, %z : f32
      linalg.yield %m : f32
    }
  } else {
    linalg.fill ins(%z : f32) outs(%y : memref<64x48xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x48xf16>) outs(%y : memref<64x48xf32>)
    linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b : memref<48xf32>) outs(%y : memref<64x48xf32>) {
    ^bb0(%bias: f32, %o: f32):
      %s = arith.addf %o, %bias : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// Tensor iter_args in destination-passing style: the carried buffer (a
// copy of the read-only argument) is updated in place, yielded as itself
// and returned; never freed.  The temporary of each iteration is.
// CHECK-LABEL: func.func @iter
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<64x32xf16>
// CHECK: gpu.launch_func @iter_module::@iter_k0 {{.*}} args(%{{.*}} : memref<64x32xf16>, %[[A]] : memref<64x32xf16>)
// CHECK: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[A]]) -> (memref<64x32xf16>) {
// CHECK: %[[H:.*]] = memref.alloc()
// CHECK: gpu.launch_func @iter_module::@iter_k1 {{.*}} args(%[[H]] : memref<64x32xf16>, %[[ACC]] : memref<64x32xf16>,
// CHECK-NEXT: gpu.launch_func @iter_module::@iter_k2 {{.*}} args(%[[H]] : memref<64x32xf16>, %[[ACC]] : memref<64x32xf16>)
// CHECK-NEXT: memref.dealloc %[[H]]
// CHECK-NEXT: scf.yield %[[ACC]]
// CHECK-NOT: memref.dealloc
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[R]]
// CHECK-NEXT: return %[[T]]
#id = affine_map<(i, j) -> (i, j)>
func.func @iter(%x: tensor<64x32xf16>, %w: tensor<2x32x32xf16>) -> tensor<64x32xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f16
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %x) -> (tensor<64x32xf16>) {
    %wi = tensor.extract_slice %w[%i, 0, 0] [1, 32, 32] [1, 1, 1] : tensor<2x32x32xf16> to tensor<32x32xf16>
    %e = tensor.empty() : tensor<64x32xf16>
    %f = linalg.fill ins(%z : f16) outs(%e : tensor<64x32xf16>) -> tensor<64x32xf16>
    %m = linalg.matmul ins(%acc, %wi : tensor<64x32xf16>, tensor<32x32xf16>) outs(%f : tensor<64x32xf16>) -> tensor<64x32xf16>
    %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<64x32xf16>) outs(%acc : tensor<64x32xf16>) {
    ^bb0(%o: f16, %u: f16):
      %v = arith.maximumf %o, %z : f16
      linalg.yield %v : f16
    } -> tensor<64x32xf16>
    scf.yield %relu : tensor<64x32xf16>
  }
  return %r : tensor<64x32xf16>
}

// -----

// An intermediate computed before the loop and read in every iteration
// (the function does not free it) is freed after the loop, not inside.
// CHECK-LABEL: func.func @before_loop
// CHECK: %[[T:.*]] = memref.alloc() : memref<64x32xf32>
// CHECK: gpu.launch_func @before_loop_module::@before_loop_k0 {{.*}} args(%[[T]] : memref<64x32xf32>
// CHECK: scf.for
// CHECK-NOT: memref.dealloc
// CHECK: gpu.launch_func @before_loop_module::@before_loop_k2 {{.*}}%[[T]] : memref<64x32xf32>
// CHECK: }
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK-NEXT: return
#id2 = affine_map<(i, j) -> (i, j)>
func.func @before_loop(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %n: index, %y: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%z : f32) outs(%t : memref<64x32xf32>)
  linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%t : memref<64x32xf32>)
  linalg.fill ins(%z : f32) outs(%y : memref<64x32xf32>)
  scf.for %i = %c0 to %n step %c1 {
    linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%t : memref<64x32xf32>) outs(%y : memref<64x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
    }
  }
  return
}
