// Outputs written at index 0 of size-1 dimensions, as torch-mlir lowers
// keep-dim reductions (aten.mean.dim, aten.sum.dim_IntList with keepdim)
// and TOSA a batch-1 matmul's output: a keep-dim row mean, a keep-dim
// maximum over the last two dimensions (rank-0 rows: (0, 0)), a GEMM into
// a 1xMxN buffer, and a dynamic token count.
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @keepdim_mean(%x: tensor<3x4x45xf32>) -> tensor<3x4x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x4x1xf32>) -> tensor<3x4x1xf32>
  %s = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d0, d1, 0)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<3x4x45xf32>) outs(%f : tensor<3x4x1xf32>) {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<3x4x1xf32>
  %inv = arith.constant 0.0222222228 : f32
  %e2 = tensor.empty() : tensor<3x4x1xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<3x4x1xf32>) outs(%e2 : tensor<3x4x1xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %inv : f32
    linalg.yield %m : f32
  } -> tensor<3x4x1xf32>
  return %r : tensor<3x4x1xf32>
}

func.func @keepdim_max2(%x: memref<6x13x21xf16>, %y: memref<6x1x1xf16>) {
  %ninf = arith.constant 0xFC00 : f16
  linalg.fill ins(%ninf : f16) outs(%y : memref<6x1x1xf16>)
  linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d0, 0, 0)>],
                  iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : memref<6x13x21xf16>) outs(%y : memref<6x1x1xf16>) {
  ^bb0(%a: f16, %b: f16):
    %t = arith.maximumf %a, %b : f16
    linalg.yield %t : f16
  }
  return
}

func.func @gemm_batch1(%A: memref<32x40xf16>, %B: memref<40x48xf16>, %C: memref<1x32x48xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1x32x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (0, m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x40xf16>, memref<40x48xf16>) outs(%C : memref<1x32x48xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %m = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  }
  return
}

func.func @keepdim_sum_tokens(%x: tensor<?x64xf32>) -> tensor<?x1xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %t = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%t) : tensor<?x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x1xf32>) -> tensor<?x1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x64xf32>) outs(%f : tensor<?x1xf32>) {
  ^bb0(%a: f32, %b: f32):
    %u = arith.addf %a, %b : f32
    linalg.yield %u : f32
  } -> tensor<?x1xf32>
  return %s : tensor<?x1xf32>
}
