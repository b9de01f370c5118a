// log-softmax over 1000 classes of 100 rows: x - max - log(sum exp(x - max)).
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @log_softmax(%x: memref<100x1000xf32>, %y: memref<100x1000xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<100xf32>
  %s = memref.alloc() : memref<100xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<100xf32>)
  linalg.reduce ins(%x : memref<100x1000xf32>) outs(%m : memref<100xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %r = arith.maximumf %a, %acc : f32
      linalg.yield %r : f32
    }
  linalg.fill ins(%zero : f32) outs(%s : memref<100xf32>)
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : memref<100x1000xf32>, memref<100xf32>) outs(%s : memref<100xf32>) {
  ^bb0(%a: f32, %mx: f32, %acc: f32):
    %d = arith.subf %a, %mx : f32
    %e = math.exp %d : f32
    %r = arith.addf %e, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m, %s : memref<100x1000xf32>, memref<100xf32>, memref<100xf32>) outs(%y : memref<100x1000xf32>) {
  ^bb0(%a: f32, %mx: f32, %sum: f32, %o: f32):
    %d = arith.subf %a, %mx : f32
    %l = math.log %sum : f32
    %r = arith.subf %d, %l : f32
    linalg.yield %r : f32
  }
  memref.dealloc %m : memref<100xf32>
  memref.dealloc %s : memref<100xf32>
  return
}
