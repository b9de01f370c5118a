// conv_2d_nhwc_hwcf_q (constant zero points), then a requantising
// epilogue: an i32 bias per channel, a per-channel f32 scale (times 2^-10:
// most results inside i8's range, some clamped),
// round to nearest even, clamp, i8 -- one kernel.
func.func @conv_requant(%x: memref<2x33x33x40xi8>, %w: memref<3x3x40x24xi8>,
                        %b: memref<24xi32>, %s: memref<24xf32>, %y: memref<2x16x16x24xi8>) {
  %c0 = arith.constant 0 : i32
  %izp = arith.constant 3 : i32
  %fzp = arith.constant -2 : i32
  %t = memref.alloc() : memref<2x16x16x24xi32>
  linalg.fill ins(%c0 : i32) outs(%t : memref<2x16x16x24xi32>)
  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w, %izp, %fzp : memref<2x33x33x40xi8>, memref<3x3x40x24xi8>, i32, i32) outs(%t : memref<2x16x16x24xi32>)
  linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (n, h, w, f)>, affine_map<(n, h, w, f) -> (f)>,
                                   affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t, %b, %s : memref<2x16x16x24xi32>, memref<24xi32>, memref<24xf32>) outs(%y : memref<2x16x16x24xi8>) {
  ^bb0(%v: i32, %bb: i32, %sc: f32, %o: i8):
    %a0 = arith.addi %v, %bb : i32
    %f = arith.sitofp %a0 : i32 to f32
    %k = arith.constant 0.0009765625 : f32
    %sk = arith.mulf %sc, %k : f32
    %m = arith.mulf %f, %sk : f32
    %r = math.roundeven %m : f32
    %lo = arith.constant -128.0 : f32
    %hi = arith.constant 127.0 : f32
    %a = arith.maximumf %r, %lo : f32
    %c = arith.minimumf %a, %hi : f32
    %i = arith.fptosi %c : f32 to i8
    linalg.yield %i : i8
  }
  return
}
