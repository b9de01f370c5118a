// Softmax with run-time rows and columns (memrefs).
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @softmax_dyn(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.alloc(%rows) : memref<?xf32>
  %s = memref.alloc(%rows) : memref<?xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<?xf32>)
  linalg.reduce ins(%x : memref<?x?xf32>) outs(%m : memref<?xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %r = arith.maximumf %a, %acc : f32
      linalg.yield %r : f32
    }
  linalg.fill ins(%zero : f32) outs(%s : memref<?xf32>)
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : memref<?x?xf32>, memref<?xf32>) outs(%s : memref<?xf32>) {
  ^bb0(%a: f32, %mx: f32, %acc: f32):
    %d = arith.subf %a, %mx : f32
    %e = math.exp %d : f32
    %r = arith.addf %e, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m, %s : memref<?x?xf32>, memref<?xf32>, memref<?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%a: f32, %mx: f32, %sum: f32, %o: f32):
    %d = arith.subf %a, %mx : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %sum : f32
    linalg.yield %r : f32
  }
  memref.dealloc %m : memref<?xf32>
  memref.dealloc %s : memref<?xf32>
  return
}
