// A deliberately wrong reference for layernorm.mlir: the output is not
// centred (x, not x - mean, times rsqrt(var + eps)); the kernel must fail.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
func.func @layernorm(%x: memref<100x768xf16>, %w: memref<768xf16>, %b: memref<768xf16>, %y: memref<100x768xf16>) {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 768.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %sum = memref.alloc() : memref<100xf32>
  %var = memref.alloc() : memref<100xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<100xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<100x768xf16>) outs(%sum : memref<100xf32>) {
  ^bb0(%a: f16, %acc: f32):
    %e = arith.extf %a : f16 to f32
    %r = arith.addf %e, %acc : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%zero : f32) outs(%var : memref<100xf32>)
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : memref<100x768xf16>, memref<100xf32>) outs(%var : memref<100xf32>) {
  ^bb0(%a: f16, %s: f32, %acc: f32):
    %e = arith.extf %a : f16 to f32
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %e, %mean : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #row, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %var, %w, %b : memref<100x768xf16>, memref<100xf32>, memref<100xf32>, memref<768xf16>, memref<768xf16>) outs(%y : memref<100x768xf16>) {
  ^bb0(%a: f16, %s: f32, %v: f32, %wv: f16, %bv: f16, %o: f16):
    %e = arith.extf %a : f16 to f32
    %mean = arith.divf %s, %n : f32
    %d = arith.addf %e, %zero : f32
    %vm = arith.divf %v, %n : f32
    %ve = arith.addf %vm, %eps : f32
    %rs = math.rsqrt %ve : f32
    %nrm = arith.mulf %d, %rs : f32
    %w32 = arith.extf %wv : f16 to f32
    %b32 = arith.extf %bv : f16 to f32
    %sc = arith.mulf %nrm, %w32 : f32
    %r = arith.addf %sc, %b32 : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  }
  memref.dealloc %sum : memref<100xf32>
  memref.dealloc %var : memref<100xf32>
  return
}
