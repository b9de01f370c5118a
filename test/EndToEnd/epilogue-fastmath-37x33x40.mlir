// Fastmath flags kept in the kernel (ElementwiseOps.def): exp with `afn`
// reaches the backend, which then uses v_exp_f32 alone, without the range
// reduction (v_rndne_f32, v_ldexp_f32) it emits for a plain exp; the
// numbers still meet the reference's bound.  An explicit to_nearest_even
// (the default rounding) is accepted.
// RUN: wmma-run %s --chip gfx1100 --seed 7 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --seed 8 | FileCheck %s
// RUN: wmma-compile %s --chip gfx1201 --emit isa -o %t.s && FileCheck %s --check-prefix=ISA < %t.s
// RUN: wmma-compile %s --chip gfx1100 --emit isa -o %t.s && FileCheck %s --check-prefix=ISA < %t.s
// ISA: v_wmma_f32_16x16x16_f16
// ISA-NOT: v_rndne_f32
// ISA-NOT: v_ldexp_f32
// ISA: v_exp_f32
// ISA-NOT: v_rndne_f32
// ISA-NOT: v_ldexp_f32
// ISA: s_endpgm
// CHECK: output Y [37x33 f16]: {{.*}}, 0 of 1221 outside the bound -> PASS
// CHECK: {{^}}PASS

func.func @epilogue(%A: memref<37x40xf16>, %B: memref<40x33xf16>,
                     %Y: memref<37x33xf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<37x33xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<37x33xf32>)
  linalg.matmul ins(%A, %B : memref<37x40xf16>, memref<40x33xf16>) outs(%t : memref<37x33xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<37x33xf32>) outs(%Y : memref<37x33xf16>) {
  ^bb0(%x: f32, %o: f16):
    %c = arith.constant 0.125 : f32
    %y = arith.mulf %x, %c fastmath<fast> : f32
    %e = math.exp %y fastmath<afn> : f32
    %s = arith.addf %e, %x fastmath<nnan,ninf> : f32
    %r = arith.truncf %s to_nearest_even fastmath<contract> : f32 to f16
    linalg.yield %r : f16
  }
  return
}
