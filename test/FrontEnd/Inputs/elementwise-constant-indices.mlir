// Elementwise functions (no product) whose inputs are read at constant
// indices, as TOSA writes broadcasts after reductions that keep their
// dimension: a size-1 dimension read at 0 on either side of an add, a
// keep-dim row maximum subtracted from its rows (d0, d1, 0), and row 2 of
// a table scaling every row.
#bcast_a = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#bcast_b = affine_map<(d0, d1, d2) -> (0, d1, d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#row2 = affine_map<(d0, d1) -> (2, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @broadcast_add(%a: tensor<5x1x37xf32>, %b: tensor<1x9x37xf32>) -> tensor<5x9x37xf32> {
  %e = tensor.empty() : tensor<5x9x37xf32>
  %r = linalg.generic {indexing_maps = [#bcast_a, #bcast_b, #id3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<5x1x37xf32>, tensor<1x9x37xf32>) outs(%e : tensor<5x9x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<5x9x37xf32>
  return %r : tensor<5x9x37xf32>
}

func.func @minus_row_max(%x: tensor<13x21x5xf16>, %m: tensor<13x21x1xf16>) -> tensor<13x21x5xf32> {
  %e = tensor.empty() : tensor<13x21x5xf32>
  %r = linalg.generic {indexing_maps = [#id3, #keep, #id3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %m : tensor<13x21x5xf16>, tensor<13x21x1xf16>) outs(%e : tensor<13x21x5xf32>) {
  ^bb0(%a: f16, %b: f16, %o: f32):
    %d = arith.subf %a, %b : f16
    %w = arith.extf %d : f16 to f32
    linalg.yield %w : f32
  } -> tensor<13x21x5xf32>
  return %r : tensor<13x21x5xf32>
}

func.func @scale_by_row2(%x: memref<33x70xf32>, %t: memref<4x70xf32>, %y: memref<33x70xf32>) {
  linalg.generic {indexing_maps = [#id2, #row2, #id2],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x, %t : memref<33x70xf32>, memref<4x70xf32>) outs(%y : memref<33x70xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %p = arith.mulf %a, %s : f32
    linalg.yield %p : f32
  }
  return
}

// A transpose of an input with a leading size-1 dimension read at 0: the
// input's rows are the output's columns, staged through LDS.
func.func @transpose_unit(%x: memref<1x37x45xf16>, %y: memref<45x37xf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1, d0)>, #id2],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1x37x45xf16>) outs(%y : memref<45x37xf16>) {
  ^bb0(%a: f16, %o: f16):
    linalg.yield %a : f16
  }
  return
}

// Row 0 of a matrix product broadcast to every row: no tile of the GEMM
// holds it, so the product is written to a buffer and a second
// (elementwise) kernel reads its row 0.
func.func @product_row(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%z : f32) outs(%p : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%p : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (0, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<32x32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  }
  memref.dealloc %p : memref<32x32xf32>
  return
}
