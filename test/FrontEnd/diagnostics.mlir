// Diagnostics of wmma-linalg-to-kernels: unrecognised functions are left
// untouched with a remark saying what did not match; recognised ones that
// cannot be compiled are errors.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s

// Shapes must be multiples of 16.
// expected-error @+1 {{every dimension must be a multiple of 16 (M=24, N=32, K=16)}}
func.func @odd(%A: memref<24x16xf16>, %B: memref<16x32xf16>, %C: memref<24x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<24x32xf32>)
  linalg.matmul ins(%A, %B : memref<24x16xf16>, memref<16x32xf16>) outs(%C : memref<24x32xf32>)
  return
}

// -----

// An unsupported op in an elementwise body: remark, function untouched.
// CHECK-LABEL: func.func @exp_epilogue
// CHECK: linalg.matmul
// CHECK-NOT: gpu.module
func.func @exp_epilogue(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%p : memref<16x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<16x16xf32>) outs(%C : memref<16x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    // expected-remark @+1 {{not converted to a wmma kernel: unsupported op 'math.exp' in the body of 'linalg.generic'}}
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// Dynamic shapes.
// expected-remark @+1 {{argument 0 has dynamic shape (memref<?x16xf16>); only static shapes are supported}}
func.func @dynamic(%A: memref<?x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  return
}

// -----

// Non-identity layouts.
// expected-remark @+1 {{argument 1 (memref<16x16xf16, strided<[1, 16]>>) does not have the identity (row-major) layout}}
func.func @strided(%A: memref<16x16xf16>, %B: memref<16x16xf16, strided<[1, 16]>>, %C: memref<16x16xf32>) {
  return
}

// -----

// Intermediate too large for registers and for LDS.
// expected-error @+1 {{the intermediate product is too large: a 16 x 4096 strip needs 1024 VGPRs per lane in registers (budget 128) and 131072 bytes of LDS (limit 65536); N0 <= 512 fits in registers, N0 <= 2048 in LDS}}
func.func @huge(%A0: memref<16x16xf16>, %B0: memref<16x4096xf16>, %B1: memref<4096x16xf16>, %D: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %d0 = memref.alloc() : memref<16x4096xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<16x4096xf32>)
  linalg.matmul ins(%A0, %B0 : memref<16x16xf16>, memref<16x4096xf16>) outs(%d0 : memref<16x4096xf32>)
  %h = memref.alloc() : memref<16x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%d0 : memref<16x4096xf32>) outs(%h : memref<16x4096xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<16x16xf32>)
  linalg.matmul ins(%h, %B1 : memref<16x4096xf16>, memref<4096x16xf16>) outs(%D : memref<16x16xf32>)
  return
}

// -----

// The intermediate must be truncated to the input type before the second
// product (an f32 x f16 product is not a WMMA).
// CHECK-LABEL: func.func @f32_operand
func.func @f32_operand(%A: memref<16x16xf32>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  // expected-remark @+1 {{'linalg.matmul' must multiply f16 x f16 or bf16 x bf16 into f32 (got f32 x f16 -> f32)}}
  linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// Broadcasting generics are not elementwise.
// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %bias: memref<16x16xf32>, %C: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%p : memref<16x16xf32>)
  // expected-remark @+1 {{input 1 is not read elementwise}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : memref<16x16xf32>, memref<16x16xf32>) outs(%C : memref<16x16xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Two outputs.
// expected-remark @+1 {{several memref arguments are written (exactly one memref argument must be written)}}
func.func @two_outputs(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>, %D: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x16xf32>)
  linalg.fill ins(%zero : f32) outs(%D : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// Three chained products.
// expected-remark @+1 {{chains of more than two products are not supported}}
func.func @three(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>, %D: memref<16x16xf16>, %E: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16x16xf32>
  %h = memref.alloc() : memref<16x16xf16>
  linalg.fill ins(%zero : f32) outs(%p : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%p : memref<16x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<16x16xf32>) outs(%h : memref<16x16xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  %q = memref.alloc() : memref<16x16xf32>
  %g = memref.alloc() : memref<16x16xf16>
  linalg.fill ins(%zero : f32) outs(%q : memref<16x16xf32>)
  linalg.matmul ins(%h, %C : memref<16x16xf16>, memref<16x16xf16>) outs(%q : memref<16x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%q : memref<16x16xf32>) outs(%g : memref<16x16xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%E : memref<16x16xf32>)
  linalg.matmul ins(%g, %D : memref<16x16xf16>, memref<16x16xf16>) outs(%E : memref<16x16xf32>)
  return
}

// -----

// Tensor semantics (not bufferized).
// expected-remark @+1 {{argument 0 has type tensor<16x16xf16> (expected a memref or a scalar float)}}
func.func @tensors(%A: tensor<16x16xf16>) {
  return
}

// -----

// Other ops in the function body.
// CHECK-LABEL: func.func @call_other
func.func @call_other(%C: memref<16x16xf32>) {
  // expected-remark @+1 {{unsupported op 'func.call'}}
  func.call @call_other(%C) : (memref<16x16xf32>) -> ()
  return
}
