// wmma-linalg-to-kernels{explain-cost}: prefill attention's query rows per
// workgroup (16 per wave: 16, 32, 64, 128) chosen by the modelled time
// (Schedule/AttentionCost.c) among those whose keys per block fit; the old
// rule's 64 stays within 5%.  8 heads, 512 queries x 512 keys, d = 64:
// 128 rows halve the K and V blocks each query's workgroup copies and
// reads back per wave (the copy's VALU: fewer chunks a lane).  The
// emulator's counters (wmma-run --stats, boost): gfx1100 9.48 -> 8.87 us,
// gfx1201 4.62 -> 4.32 us, 0 spills both.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// R3: remark: attention candidate: rows per block = 64, keys per block = 64: modelled 9.516 us, the old rule's
// R3: remark: attention candidate: rows per block = 16, keys per block = 32: modelled 13.14 us
// R3: remark: attention candidate: rows per block = 32, keys per block = 64: modelled 10.8 us
// R3: remark: attention candidate: rows per block = 128, keys per block = 64: modelled 9.004 us
// R3: remark: attention chosen: rows per block = 128, keys per block = 64: modelled 9.004 us
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R4
// R4: remark: attention candidate: rows per block = 64, keys per block = 64: modelled 4.907 us, the old rule's
// R4: remark: attention candidate: rows per block = 16, keys per block = 64: modelled 6.674 us
// R4: remark: attention candidate: rows per block = 32, keys per block = 64: modelled 5.639 us
// R4: remark: attention candidate: rows per block = 128, keys per block = 64: modelled 4.648 us
// R4: remark: attention chosen: rows per block = 128, keys per block = 64: modelled 4.648 us
// The schedule carries the choice: tile[0] and 8 waves.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=IR
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=IR
// IR: template = "attention", {{.*}} tile = [128, 64, 16], waves = [8, 1]
func.func @rows8x512(%Q: tensor<1x8x512x64xf16>, %K: tensor<1x8x512x64xf16>, %V: tensor<1x8x512x64xf16>) -> tensor<1x8x512x64xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x512x512xf32>) -> tensor<1x8x512x512xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x8x512x64xf16>, tensor<1x8x512x64xf16>) outs(%f : tensor<1x8x512x512xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x8x512x512xf32>
  %e1 = tensor.empty() : tensor<1x8x512x512xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x8x512x512xf32>) outs(%e1 : tensor<1x8x512x512xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x8x512x512xf32>
  %e2 = tensor.empty() : tensor<1x8x512x512xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x8x512x512xf32>) outs(%e2 : tensor<1x8x512x512xf32>) -> tensor<1x8x512x512xf32>
  %e3 = tensor.empty() : tensor<1x8x512x512xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x8x512x512xf32>) outs(%e3 : tensor<1x8x512x512xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x8x512x512xf16>
  %e4 = tensor.empty() : tensor<1x8x512x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x8x512x64xf32>) -> tensor<1x8x512x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x8x512x512xf16>, tensor<1x8x512x64xf16>) outs(%f4 : tensor<1x8x512x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x8x512x64xf32>
  %e5 = tensor.empty() : tensor<1x8x512x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x8x512x64xf32>) outs(%e5 : tensor<1x8x512x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x8x512x64xf16>
  return %oc : tensor<1x8x512x64xf16>
}

