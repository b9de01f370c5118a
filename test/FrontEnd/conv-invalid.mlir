// Convolutions the implicit-GEMM path refuses, each with its reason at the
// convolution (whole-function mode: nothing is converted).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})'

// An f32 x fp8 convolution: no WMMA multiplies f32, and the VALU template
// (which takes f32 convolutions, conv-f32.mlir) does not take fp8.
func.func @f32(%x: memref<1x10x10x16xf32>, %w: memref<3x3x16x32xf8E4M3FN>, %y: memref<1x8x8x32xf32>) {
  // expected-remark @+1 {{the product multiplies f32 values (f32 x f8E4M3FN): RDNA has no f32 WMMA; convert the operands to f16 or bf16 (nor can the VALU template take it: it takes f16, bf16, f32 and f64 products into a float}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x10x10x16xf32>, memref<3x3x16x32xf8E4M3FN>) outs(%y : memref<1x8x8x32xf32>)
  return
}

// -----

// A body other than out + input * filter.
func.func @not_mul_add(%I: memref<66x16xf16>, %F: memref<3x16x32xf16>, %O: memref<32x32xf16>) {
  // expected-remark @+1 {{a linalg.generic shaped like a convolution: the body is not out + input * filter}}
  linalg.generic {indexing_maps = [affine_map<(w, f, kw, c) -> (w * 2 + kw, c)>, affine_map<(w, f, kw, c) -> (kw, c, f)>, affine_map<(w, f, kw, c) -> (w, f)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%I, %F : memref<66x16xf16>, memref<3x16x32xf16>) outs(%O : memref<32x32xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.subf %a, %b : f16
    %r = arith.addf %c, %p : f16
    linalg.yield %r : f16
  }
  return
}

// -----

// An empty convolution (no output pixels) is refused, not built.
func.func @empty(%x: memref<0x10x10x16xf16>, %w: memref<3x3x16x32xf16>, %y: memref<0x8x8x32xf32>) {
  // expected-remark @+1 {{linalg.conv_2d_nhwc_hwcf: a convolution with an empty dimension}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<0x10x10x16xf16>, memref<3x3x16x32xf16>) outs(%y : memref<0x8x8x32xf32>)
  return
}

// -----

// A dynamic output channel count: N must be static (only batch and spatial
// sizes may be run-time ones).
func.func @dynamic_channels(%x: memref<?x10x10x16xf16>, %w: memref<3x3x16x32xf16>, %y: memref<?x8x8x?xf32>) {
  // expected-remark @+1 {{linalg.conv_2d_nhwc_hwcf: the output's channel or group dim has a dynamic size (only batch and spatial dims may be dynamic)}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<?x10x10x16xf16>, memref<3x3x16x32xf16>) outs(%y : memref<?x8x8x?xf32>)
  return
}

// -----

// A flipped tap whose window runs past the input's start (the flip's
// constant smaller than the tap's reach).
func.func @flip_short(%I: memref<2x20x16xf16>, %F: memref<3x16x24xf16>, %O: memref<2x17x24xf32>) {
  // expected-remark @+1 {{a linalg.generic shaped like a convolution: the window starts before the input (a negative offset in the input's map; pad it)}}
  linalg.generic {indexing_maps = [affine_map<(n, w, f, kw, c) -> (n, w + 1 - kw, c)>, affine_map<(n, w, f, kw, c) -> (kw, c, f)>, affine_map<(n, w, f, kw, c) -> (n, w, f)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%I, %F : memref<2x20x16xf16>, memref<3x16x24xf16>) outs(%O : memref<2x17x24xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A tensor.pad whose padding amount is a size (memref.dim of the input):
// the padded size is then a sum of two sizes, not the source's size plus
// padding amounts (run-time amounts -- index arguments, arithmetic on
// them -- are accepted: conv.mlir's RPAD; static amounts at run-time
// sizes: conv-pad-dynamic.mlir; static sizes: conv-pad.mlir).
func.func @pad_amount_is_a_size(%x: tensor<1x?x?x16xf16>, %w: tensor<3x3x16x32xf16>, %o: tensor<1x?x?x32xf32>) -> tensor<1x?x?x32xf32> {
  %cz = arith.constant 0.0 : f16
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c2 : tensor<1x?x?x16xf16>
  // expected-remark @+1 {{not converted to a wmma kernel: tensor.pad: affine.apply of something other than a size (memref.dim or a constant) plus padding amounts (index arguments or arithmetic on them) is not supported}}
  %p = tensor.pad %x low[0, %d, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %e: index):
    tensor.yield %cz : f16
  } : tensor<1x?x?x16xf16> to tensor<1x?x?x16xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<1x?x?x16xf16>, tensor<3x3x16x32xf16>) outs(%o : tensor<1x?x?x32xf32>) -> tensor<1x?x?x32xf32>
  return %r : tensor<1x?x?x32xf32>
}
