// int8 GEMM with requantisation: acc = A x B in i32 (exact, signed i8
// operands), then y = i8(clamp(roundeven(f32(acc) * s[j]), -128, 127)) per
// output column.  Both RDNA generations have the iu8 WMMA.
//   wmma-run examples/pipelines/int8-gemm.mlir --chip gfx1100
func.func @int8_gemm(%A: memref<128x320xi8>, %B: memref<320x96xi8>, %s: memref<96xf32>,
                     %Y: memref<128x96xi8>) {
  %c0 = arith.constant 0 : i32
  %acc = memref.alloc() : memref<128x96xi32>
  linalg.fill ins(%c0 : i32) outs(%acc : memref<128x96xi32>)
  linalg.matmul ins(%A, %B : memref<128x320xi8>, memref<320x96xi8>)
                outs(%acc : memref<128x96xi32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %s : memref<128x96xi32>, memref<96xf32>) outs(%Y : memref<128x96xi8>) {
  ^bb0(%x: i32, %sc: f32, %o: i8):
    %f = arith.sitofp %x : i32 to f32
    %y = arith.mulf %f, %sc : f32
    %r = math.roundeven %y : f32
    %lo = arith.constant -128.0 : f32
    %hi = arith.constant 127.0 : f32
    %a = arith.maximumf %r, %lo : f32
    %b = arith.minimumf %a, %hi : f32
    %i = arith.fptosi %b : f32 to i8
    linalg.yield %i : i8
  }
  memref.dealloc %acc : memref<128x96xi32>
  return
}
