// Attributes of elementwise ops the kernels would not honour are refused
// with a remark naming them, never dropped (ElementwiseOps.def):
// - a rounding mode other than to_nearest_even: arith-to-llvm makes it a
//   constrained fptrunc, whose mode is an assumption about the FP
//   environment, not a request: the AMDGPU backend selects v_cvt_f16_f32
//   (round to nearest even), and the CPU reference rounds to nearest too;
// - any attribute the op's table line does not list.
// Whole-function mode (the driver's): a function is one or more kernels
// entirely, or left untouched with every obstacle (program-*.mlir test the
// partial conversion).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: func.func @toward_zero
// CHECK: arith.truncf %{{.*}} toward_zero
// CHECK-NOT: gpu.module
func.func @toward_zero(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %Y: memref<32x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%t : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xf32>) outs(%Y : memref<32x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    // expected-remark @+1 {{not converted to a wmma kernel: 'arith.truncf' with roundingmode = toward_zero: arith-to-llvm makes it LLVM's constrained fptrunc, whose mode states the rounding mode in force rather than setting it, so the kernel (v_cvt_f16_f32) and the CPU reference would both round to nearest even}}
    %y = arith.truncf %x toward_zero : f32 to f16
    linalg.yield %y : f16
  }
  return
}

// -----

// A rounding mode in an operand prologue (f32 weights rounded down to f16).
func.func @downward_prologue(%A: memref<32x32xf32>, %B: memref<32x32xf16>, %Y: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<32x32xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<32x32xf32>) outs(%a : memref<32x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    // expected-remark @+1 {{'arith.truncf' with roundingmode = downward}}
    %y = arith.truncf %x downward : f32 to f16
    linalg.yield %y : f16
  }
  linalg.fill ins(%zero : f32) outs(%Y : memref<32x32xf32>)
  linalg.matmul ins(%a, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%Y : memref<32x32xf32>)
  return
}

// -----

// An attribute no table line lists.
func.func @unknown_attribute(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %Y: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%t : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xf32>) outs(%Y : memref<32x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    // expected-remark @+1 {{not converted to a wmma kernel: 'arith.addf' carries the attribute 'my.precision', which the kernels do not reproduce}}
    %y = arith.addf %x, %x {my.precision = "high"} : f32
    linalg.yield %y : f32
  }
  return
}
