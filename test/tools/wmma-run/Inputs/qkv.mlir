// Q, K and V projections of one activation x (a dynamic token count),
// each with its own epilogue (Q scaled): one kernel, three outputs.
func.func @qkv(%x: memref<?x64xf16>, %wq: memref<64x64xf16>, %wk: memref<64x64xf16>, %wv: memref<64x64xf16>, %q: memref<?x64xf16>, %k: memref<?x64xf16>, %v: memref<?x64xf16>) {
  %zf = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %t = memref.dim %x, %c0 : memref<?x64xf16>
  %a = memref.alloc(%t) : memref<?x64xf32>
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wq : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%q : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %s = arith.constant 0.125 : f32
    %m = arith.mulf %in, %s : f32
    %h = arith.truncf %m : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wk : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%k : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %h = arith.truncf %in : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wv : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%v : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %h = arith.truncf %in : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %a : memref<?x64xf32>
  return
}
