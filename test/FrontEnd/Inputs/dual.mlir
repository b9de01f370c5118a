// Two products of one A operand combined elementwise: one kernel that
// reads A's tiles once for both B operands (horizontal fusion).

// SwiGLU on tensors with a run-time token count, f16 accumulation.
func.func @swiglu(%x: tensor<?x256xf16>, %wg: tensor<256x512xf16>, %wu: tensor<256x512xf16>) -> tensor<?x512xf16> {
  %c0 = arith.constant 0 : index
  %t = tensor.dim %x, %c0 : tensor<?x256xf16>
  %zh = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %e0 = tensor.empty(%t) : tensor<?x512xf16>
  %f0 = linalg.fill ins(%zh : f16) outs(%e0 : tensor<?x512xf16>) -> tensor<?x512xf16>
  %g = linalg.matmul ins(%x, %wg : tensor<?x256xf16>, tensor<256x512xf16>) outs(%f0 : tensor<?x512xf16>) -> tensor<?x512xf16>
  %e1 = tensor.empty(%t) : tensor<?x512xf16>
  %f1 = linalg.fill ins(%zh : f16) outs(%e1 : tensor<?x512xf16>) -> tensor<?x512xf16>
  %u = linalg.matmul ins(%x, %wu : tensor<?x256xf16>, tensor<256x512xf16>) outs(%f1 : tensor<?x512xf16>) -> tensor<?x512xf16>
  %e2 = tensor.empty(%t) : tensor<?x512xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%g, %u : tensor<?x512xf16>, tensor<?x512xf16>) outs(%e2 : tensor<?x512xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %n = arith.negf %a : f16
    %ex = math.exp %n : f16
    %d = arith.addf %ex, %one : f16
    %s = arith.divf %a, %d : f16
    %r = arith.mulf %s, %b : f16
    linalg.yield %r : f16
  } -> tensor<?x512xf16>
  return %h : tensor<?x512xf16>
}

// A gated unit on buffers at odd sizes (M 45, N 40, K 72): weights stored
// N x K (PyTorch's Linear), f32 products with a per-column bias on the gate
// and a sigmoid gate, bf16 operands.
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @glu_bf16(%x: memref<45x72xbf16>, %wa: memref<40x72xbf16>, %wb: memref<40x72xbf16>, %bias: memref<40xf32>, %y: memref<45x40xf32>) {
  %zf = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<45x40xf32>
  %b = memref.alloc() : memref<45x40xf32>
  linalg.fill ins(%zf : f32) outs(%a : memref<45x40xf32>)
  linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %wa : memref<45x72xbf16>, memref<40x72xbf16>) outs(%a : memref<45x40xf32>) {
  ^bb0(%p: bf16, %q: bf16, %c: f32):
    %pe = arith.extf %p : bf16 to f32
    %qe = arith.extf %q : bf16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zf : f32) outs(%b : memref<45x40xf32>)
  linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %wb : memref<45x72xbf16>, memref<40x72xbf16>) outs(%b : memref<45x40xf32>) {
  ^bb0(%p: bf16, %q: bf16, %c: f32):
    %pe = arith.extf %p : bf16 to f32
    %qe = arith.extf %q : bf16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %bias : memref<45x40xf32>, memref<45x40xf32>, memref<40xf32>) outs(%y : memref<45x40xf32>) {
  ^bb0(%ga: f32, %gb: f32, %bi: f32, %o: f32):
    %z = arith.addf %ga, %bi : f32
    %n = arith.negf %z : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %sg = arith.divf %one, %d : f32
    %r = arith.mulf %sg, %gb : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<45x40xf32>
  memref.dealloc %b : memref<45x40xf32>
  return
}

// Two i8 projections summed, exact in i32.
func.func @sum_i8(%x: tensor<33x64xi8>, %w1: tensor<64x48xi8>, %w2: tensor<64x48xi8>) -> tensor<33x48xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<33x48xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<33x48xi32>) -> tensor<33x48xi32>
  %p = linalg.matmul ins(%x, %w1 : tensor<33x64xi8>, tensor<64x48xi8>) outs(%f : tensor<33x48xi32>) -> tensor<33x48xi32>
  %q = linalg.matmul ins(%x, %w2 : tensor<33x64xi8>, tensor<64x48xi8>) outs(%f : tensor<33x48xi32>) -> tensor<33x48xi32>
  %r = arith.addi %p, %q : tensor<33x48xi32>
  return %r : tensor<33x48xi32>
}
