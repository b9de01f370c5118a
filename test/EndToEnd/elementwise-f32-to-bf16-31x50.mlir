// Elementwise template: a type conversion f32 -> bf16 on tensors (the
// result allocated by the host), runs of 8.
// RUN: wmma-run %s --chip gfx1100 --seed 2 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --seed 3 | FileCheck %s
// CHECK: output result0 [31x50 bf16]: max abs err 0, {{.*}}, 0 of 1550 outside the bound -> PASS
// CHECK: {{^}}PASS

func.func @to_bf16(%A: tensor<31x50xf32>) -> tensor<31x50xbf16> {
  %e = tensor.empty() : tensor<31x50xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<31x50xf32>) outs(%e : tensor<31x50xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %t = arith.truncf %a : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<31x50xbf16>
  return %r : tensor<31x50xbf16>
}
