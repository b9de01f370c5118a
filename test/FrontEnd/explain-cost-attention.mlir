// wmma-linalg-to-kernels{explain-cost}: prefill attention chooses its keys
// per block among those that fit (16, 32, 64) by the modelled time
// (Schedule/AttentionCost.c); within 5% the old rule's, the largest that
// fits, stays.  Then its query rows per workgroup (16, 32, 64, 128) the
// same way, the old 64 within 5% (explain-cost-attention-rows.mlir: a
// shape that takes 128).
//
// 2 heads, 128 queries, 80 keys, d = 64: blocks of 64 keys pad the 80
// keys to 128 and blocks of 32 to 96; 16-key blocks visit 80.  RDNA3 fits
// 32 at most (80 is not a multiple of 64: masked blocks fit keys x d <=
// 2048), RDNA4 64.  The emulator's counters (wmma-run --stats, boost):
// gfx1100 1.07 -> 1.01 us, gfx1201 0.708 -> 0.607 us.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// R3: remark: attention candidate: rows per block = 64, keys per block = 32: modelled 1.048 us, the old rule's
// R3: remark: attention candidate: rows per block = 64, keys per block = 16: modelled 0.9404 us
// R3: remark: attention candidate: rows per block = 16, keys per block = 32: modelled 1.336 us
// R3: remark: attention candidate: rows per block = 32, keys per block = 16: modelled 1.02 us
// R3: remark: attention candidate: rows per block = 128, keys per block = 16: modelled 1.545 us
// R3: remark: attention chosen: rows per block = 64, keys per block = 16: modelled 0.9404 us
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R4
// R4: remark: attention candidate: rows per block = 64, keys per block = 64: modelled 0.7211 us, the old rule's
// R4: remark: attention candidate: rows per block = 64, keys per block = 32: modelled 0.591 us
// R4: remark: attention candidate: rows per block = 64, keys per block = 16: modelled 0.5492 us
// R4: remark: attention candidate: rows per block = 32, keys per block = 16: modelled 0.5896 us
// R4: remark: attention chosen: rows per block = 64, keys per block = 16: modelled 0.5492 us
// The schedule carries the choice (tile[1]).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=IR
// IR: template = "attention", {{.*}} tile = [64, 16, 16]
// The shapes test/FrontEnd/attention-density.mlir bounds keep the old
// rule's blocks: see there (64 keys at d = 64, 32 at d = 128).
func.func @pf80(%Q: tensor<1x2x128x64xf16>, %K: tensor<1x2x80x64xf16>, %V: tensor<1x2x80x64xf16>) -> tensor<1x2x128x64xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x128x80xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x128x80xf32>) -> tensor<1x2x128x80xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x2x128x64xf16>, tensor<1x2x80x64xf16>) outs(%f : tensor<1x2x128x80xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x128x80xf32>
  %e1 = tensor.empty() : tensor<1x2x128x80xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x2x128x80xf32>) outs(%e1 : tensor<1x2x128x80xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x2x128x80xf32>
  %e2 = tensor.empty() : tensor<1x2x128x80xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x2x128x80xf32>) outs(%e2 : tensor<1x2x128x80xf32>) -> tensor<1x2x128x80xf32>
  %e3 = tensor.empty() : tensor<1x2x128x80xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x2x128x80xf32>) outs(%e3 : tensor<1x2x128x80xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x128x80xf16>
  %e4 = tensor.empty() : tensor<1x2x128x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x2x128x64xf32>) -> tensor<1x2x128x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x2x128x80xf16>, tensor<1x2x80x64xf16>) outs(%f4 : tensor<1x2x128x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x128x64xf32>
  %e5 = tensor.empty() : tensor<1x2x128x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x2x128x64xf32>) outs(%e5 : tensor<1x2x128x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x128x64xf16>
  return %oc : tensor<1x2x128x64xf16>
}
