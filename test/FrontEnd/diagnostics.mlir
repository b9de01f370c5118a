// Diagnostics of wmma-linalg-to-kernels: a function it cannot compile gets
// one remark at the op that stopped recognition (or at the function), names
// the reason (every template's when none applies) and is left untouched;
// sizes no kernel can address are errors.  (diagnostics-obstacles.mlir:
// several obstacles in one function, and what each construct is called.)
// Whole-function mode (the driver's): a function is one or more kernels
// entirely, or left untouched with every obstacle (program-*.mlir test the
// partial conversion).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// An op the kernels cannot evaluate in an epilogue body.
// CHECK-LABEL: func.func @ctlz_epilogue
// CHECK: linalg.matmul
// CHECK-NOT: gpu.module
func.func @ctlz_epilogue(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xi32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%p : memref<16x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<16x16xf32>) outs(%C : memref<16x16xi32>) {
  ^bb0(%x: f32, %o: i32):
    %b = arith.bitcast %x : f32 to i32
    // expected-remark @+1 {{not converted to a wmma kernel: 'math.ctlz' inside a linalg body is not an elementwise op the kernels can evaluate}}
    %e = math.ctlz %b : i32
    linalg.yield %e : i32
  }
  return
}

// -----

// f32 x fp8: no WMMA multiplies f32, and the VALU template (which takes
// f32 x f32, valu.mlir) does not take fp8.
func.func @f32_operand(%A: memref<16x16xf32>, %B: memref<16x16xf8E4M3FN>, %C: memref<16x16xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.matmul: the product multiplies f32 values (f32 x f8E4M3FN): RDNA has no f32 WMMA; convert the operands to f16 or bf16 (nor can the VALU template take it: it takes f16, bf16, f32 and f64 products into a float, or i8, i16 and i32 products into an integer of at most 32 bits, not f32 x f8E4M3FN -> f32)}}
  linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x16xf8E4M3FN>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// A matrix-vector product is not a WMMA GEMM; the VALU template takes
// those (valu.mlir), but not of i4.
func.func @matvec(%A: memref<16x16xi4>, %x: memref<16xi4>, %y: memref<16xi32>) {
  // expected-remark @+1 {{the contraction has no N loop (a matrix-vector or outer product is not a WMMA GEMM) (nor can the VALU template take it: it takes f16, bf16, f32 and f64 products into a float, or i8, i16 and i32 products into an integer of at most 32 bits, not i4 x i4 -> i32)}}
  linalg.matvec ins(%A, %x : memref<16x16xi4>, memref<16xi4>) outs(%y : memref<16xi32>)
  return
}

// -----

// Diagonals and offsets in indexing maps.
func.func @diag(%A: memref<16x16xf16>, %C: memref<16xf16>) {
  // expected-remark @+1 {{indexing maps must be projected permutations (plain loop indices, each used once), divide loop indices by constants (group-wise scales) or read constant indices (broadcasts); offsets, strides and diagonals are not supported}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%A : memref<16x16xf16>) outs(%C : memref<16xf16>) {
  ^bb0(%a: f16, %o: f16):
    linalg.yield %a : f16
  }
  return
}

// -----

// Buffers past 32-bit byte offsets are an error at the argument.
// expected-error @+1 {{wmma-linalg-to-kernels: argument 0 (memref<65536x32768xf16>) holds 4294967296 bytes; kernels address buffers with 32-bit offsets (limit 2 GiB)}}
func.func @too_big(%A: memref<65536x32768xf16>, %B: memref<32768x16xf16>, %C: memref<65536x16xf32>) {
  linalg.matmul ins(%A, %B : memref<65536x32768xf16>, memref<32768x16xf16>) outs(%C : memref<65536x16xf32>)
  return
}

// -----

// Other ops in the function body.
// CHECK-LABEL: func.func @call_other
func.func @call_other(%C: memref<16x16xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: func.call: calls are not supported (a kernel is built from this function alone; inline the callee)}}
  func.call @call_other(%C) : (memref<16x16xf32>) -> ()
  return
}

// -----

// A function that computes no product is an elementwise kernel (no
// remark; elementwise.mlir has the kernels).
// CHECK-LABEL: gpu.func @copy_only
// CHECK-SAME: template = "elementwise", instruction = "none"
// CHECK-LABEL: func.func @copy_only
// CHECK: gpu.launch_func @copy_only_module::@copy_only
func.func @copy_only(%A: memref<16x16xf32>, %C: memref<16x16xf32>) {
  linalg.copy ins(%A : memref<16x16xf32>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// Without a product, a result that reads the output at other elements than
// it writes (a thread would read what another one writes) is refused.
// expected-remark @+1 {{not converted to a wmma kernel: the result reads the output at other elements than it writes}}
func.func @reads_output_transposed(%C: memref<16x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<16x16xf32>) outs(%C : memref<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Tails are masked by sending elements past the buffer along its largest
// stride: run-time strides are refused (only the elementwise template is
// named: the WMMA templates are for functions with products).
// expected-remark @+1 {{not converted to a wmma kernel: no kernel template applies (elementwise: memref<?x?xf32, strided<[?, 1], offset: ?>> has run-time strides; the tails of this kernel need static strides}}
func.func @dynamic_strides(%A: memref<?x?xf32, strided<[?, 1], offset: ?>>, %Y: memref<?x?xf32>) {
  linalg.copy ins(%A : memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%Y : memref<?x?xf32>)
  return
}

// -----

// Conversions to fp8 have no GPU lowering on these chips.
// expected-remark @+1 {{not converted to a wmma kernel: no kernel template applies (elementwise: arith.truncf to f8E5M2 has no GPU lowering on RDNA3/RDNA4 (conversions from fp8 are supported, not to it)}}
func.func @to_fp8(%A: memref<16x16xf32>, %C: memref<16x16xf8E5M2>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<16x16xf32>) outs(%C : memref<16x16xf8E5M2>) {
  ^bb0(%a: f32, %o: f8E5M2):
    %t = arith.truncf %a : f32 to f8E5M2
    linalg.yield %t : f8E5M2
  }
  return
}

// -----

// Type combinations no chip multiplies get the list of those it does.
func.func @i8_to_i16(%A: memref<32x32xi8>, %B: memref<32x32xi8>, %C: memref<32x32xi16>) {
  // expected-remark @+1 {{unsupported product types i8 x i8 -> i16 (supported: f16 x f16 and bf16 x bf16 -> f32 or their own type; i8 x i8 and i4 x i4 -> i32, signed or unsigned; f8E4M3FN/f8E5M2 in any mix -> f32)}}
  linalg.matmul ins(%A, %B : memref<32x32xi8>, memref<32x32xi8>) outs(%C : memref<32x32xi16>)
  return
}

// -----

func.func @fp8_to_f16(%A: memref<32x32xf8E4M3FN>, %B: memref<32x32xf8E5M2>, %C: memref<32x32xf16>) {
  // expected-remark @+1 {{unsupported product types f8E4M3FN x f8E5M2 -> f16}}
  linalg.matmul ins(%A, %B : memref<32x32xf8E4M3FN>, memref<32x32xf8E5M2>) outs(%C : memref<32x32xf16>)
  return
}

// -----

// A bf16 operand does not fit f16 exactly: no mixed bf16 x f16 WMMA; the
// VALU template computes it in f32, and says how WMMA would take it.
func.func @bf16_f16(%A: memref<32x32xbf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.matmul: bf16 x f16 -> f32 has no WMMA instruction; convert both operands to f16 or both to bf16 for WMMA}}
  linalg.matmul ins(%A, %B : memref<32x32xbf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  return
}

// -----

// A prologue reads one matrix (plus broadcasts): a sum of two is refused.
func.func @two_matrices(%X: memref<32x32xf16>, %Y: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  %s = memref.alloc() : memref<32x32xf16>
  linalg.add ins(%X, %Y : memref<32x32xf16>, memref<32x32xf16>) outs(%s : memref<32x32xf16>)
  // expected-remark @+1 {{operand A of the product combines several matrices; a prologue may combine one matrix with broadcast vectors, scalars and constants}}
  linalg.matmul ins(%s, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  return
}

// -----

// A reduction of input data that is neither a max, a min, a sum nor a sum
// of products (a row max is the reduction template's: reduction.mlir).
func.func @product_of_inputs(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %X: memref<16x16xf32>, %m: memref<16xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.reduce: a reduction other than a max, a min, a sum or a sum of products (acc + a * b)}}
  linalg.reduce ins(%X : memref<16x16xf32>) outs(%m : memref<16xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %p = arith.mulf %in, %init : f32
      linalg.yield %p : f32
    }
  return
}
