// The generic form frameworks write: A shifted by a scalar argument, B by
// a constant zero point (one computed from an argument), on memrefs, B transposed
// (N x K), accumulating into C in place.
func.func @qgen(%A: memref<29x48xi8>, %Bt: memref<35x48xi8>, %zarg: i32, %C: memref<29x35xi32>) {
  %zb = arith.constant 7 : i32
  %c1 = arith.constant 1 : i32
  %za = arith.addi %zarg, %c1 : i32
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %Bt : memref<29x48xi8>, memref<35x48xi8>) outs(%C : memref<29x35xi32>) {
  ^bb0(%a: i8, %b: i8, %c: i32):
    %ea = arith.extsi %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %sa = arith.subi %ea, %za : i32
    %sb = arith.subi %eb, %zb : i32
    %p = arith.muli %sa, %sb : i32
    %r = arith.addi %c, %p : i32
    linalg.yield %r : i32
  }
  return
}
