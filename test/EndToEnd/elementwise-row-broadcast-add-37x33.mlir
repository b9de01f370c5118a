// Elementwise template: broadcast add of a row vector (linalg.broadcast
// then linalg.add, on tensors), f32 at odd sizes.
// RUN: wmma-run %s --chip gfx1100 --seed 5 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --seed 6 | FileCheck %s
// CHECK: output result0 [37x33 f32]: {{.*}}, 0 of 1221 outside the bound -> PASS
// CHECK: {{^}}PASS

func.func @row_add(%A: tensor<37x33xf32>, %r: tensor<33xf32>) -> tensor<37x33xf32> {
  %e = tensor.empty() : tensor<37x33xf32>
  %b = linalg.broadcast ins(%r : tensor<33xf32>) outs(%e : tensor<37x33xf32>) dimensions = [0]
  %e2 = tensor.empty() : tensor<37x33xf32>
  %s = linalg.add ins(%A, %b : tensor<37x33xf32>, tensor<37x33xf32>) outs(%e2 : tensor<37x33xf32>) -> tensor<37x33xf32>
  return %s : tensor<37x33xf32>
}
