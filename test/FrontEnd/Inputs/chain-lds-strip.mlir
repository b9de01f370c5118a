// Chains through LDS (chain_lds) whose second product's K (N0, the
// intermediate's width) or first product's K (K0) is long: the A strip of
// the second product is held in registers (loaded from LDS once per wave)
// where it fits 192 VGPRs, else read once per output tile
// (chain-lds-strip.test).  M = 128, N1 = 128.
#id = affine_map<(m, n) -> (m, n)>

func.func @n0_384(%a: tensor<128x64xf16>, %b0: tensor<64x384xf16>, %b1: tensor<384x128xf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e1 = tensor.empty() : tensor<128x384xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<128x384xf32>) -> tensor<128x384xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<128x64xf16>, tensor<64x384xf16>) outs(%f1 : tensor<128x384xf32>) -> tensor<128x384xf32>
  %eh = tensor.empty() : tensor<128x384xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<128x384xf32>) outs(%eh : tensor<128x384xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.mulf %x, %s : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x384xf16>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<128x384xf16>, tensor<384x128xf16>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}

func.func @n0_640(%a: tensor<128x64xf16>, %b0: tensor<64x640xf16>, %b1: tensor<640x128xf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e1 = tensor.empty() : tensor<128x640xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<128x640xf32>) -> tensor<128x640xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<128x64xf16>, tensor<64x640xf16>) outs(%f1 : tensor<128x640xf32>) -> tensor<128x640xf32>
  %eh = tensor.empty() : tensor<128x640xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<128x640xf32>) outs(%eh : tensor<128x640xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.mulf %x, %s : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x640xf16>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<128x640xf16>, tensor<640x128xf16>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}

func.func @n0_1024(%a: tensor<128x64xf16>, %b0: tensor<64x1024xf16>, %b1: tensor<1024x128xf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e1 = tensor.empty() : tensor<128x1024xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<128x64xf16>, tensor<64x1024xf16>) outs(%f1 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  %eh = tensor.empty() : tensor<128x1024xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<128x1024xf32>) outs(%eh : tensor<128x1024xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.mulf %x, %s : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x1024xf16>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<128x1024xf16>, tensor<1024x128xf16>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}

func.func @k0_1024(%a: tensor<128x1024xf16>, %b0: tensor<1024x64xf16>, %b1: tensor<64x128xf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e1 = tensor.empty() : tensor<128x64xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<128x64xf32>) -> tensor<128x64xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<128x1024xf16>, tensor<1024x64xf16>) outs(%f1 : tensor<128x64xf32>) -> tensor<128x64xf32>
  %eh = tensor.empty() : tensor<128x64xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<128x64xf32>) outs(%eh : tensor<128x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.mulf %x, %s : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x64xf16>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<128x64xf16>, tensor<64x128xf16>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}

func.func @k0_2048(%a: tensor<128x2048xf16>, %b0: tensor<2048x64xf16>, %b1: tensor<64x128xf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e1 = tensor.empty() : tensor<128x64xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<128x64xf32>) -> tensor<128x64xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<128x2048xf16>, tensor<2048x64xf16>) outs(%f1 : tensor<128x64xf32>) -> tensor<128x64xf32>
  %eh = tensor.empty() : tensor<128x64xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<128x64xf32>) outs(%eh : tensor<128x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.mulf %x, %s : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x64xf16>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<128x64xf16>, tensor<64x128xf16>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}

func.func @n0_320(%a: tensor<128x64xf16>, %b0: tensor<64x320xf16>, %b1: tensor<320x128xf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e1 = tensor.empty() : tensor<128x320xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<128x320xf32>) -> tensor<128x320xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<128x64xf16>, tensor<64x320xf16>) outs(%f1 : tensor<128x320xf32>) -> tensor<128x320xf32>
  %eh = tensor.empty() : tensor<128x320xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<128x320xf32>) outs(%eh : tensor<128x320xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.mulf %x, %s : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x320xf16>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<128x320xf16>, tensor<320x128xf16>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}

func.func @n0_768(%a: tensor<128x64xf16>, %b0: tensor<64x768xf16>, %b1: tensor<768x128xf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e1 = tensor.empty() : tensor<128x768xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<128x768xf32>) -> tensor<128x768xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<128x64xf16>, tensor<64x768xf16>) outs(%f1 : tensor<128x768xf32>) -> tensor<128x768xf32>
  %eh = tensor.empty() : tensor<128x768xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<128x768xf32>) outs(%eh : tensor<128x768xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.mulf %x, %s : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x768xf16>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<128x768xf16>, tensor<768x128xf16>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}
