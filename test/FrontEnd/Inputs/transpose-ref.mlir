// Reference for examples/pipelines/transpose.mlir: both outputs are In^T.
func.func @transpose(%In: memref<16x16xf16>, %Out1: memref<16x16xf16>, %Out2: memref<16x16xf16>) {
  linalg.transpose ins(%In : memref<16x16xf16>) outs(%Out1 : memref<16x16xf16>) permutation = [1, 0]
  linalg.transpose ins(%In : memref<16x16xf16>) outs(%Out2 : memref<16x16xf16>) permutation = [1, 0]
  return
}
