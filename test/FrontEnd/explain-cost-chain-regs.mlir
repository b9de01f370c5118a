// wmma-linalg-to-kernels{explain-cost}: chain_regs weighs workgroups of 4
// and 8 waves by the modelled time (Templates/ChainRegs.c), and a chain
// both chain templates build goes to chain_lds only where its modelled
// time is more than 5% shorter (Schedule/Select.c, choose_chain).
//
// 4096 x 64 -> 64 -> 64 f16: both configurations sit at the DRAM bound,
// A (4096 x 64 x 2 B) + B0 and B1 (2 x 64 x 64 x 2 B) + D (4096 x 64 x 4 B)
// = 1589248 bytes: 1.655 us at gfx1100's 960 GB/s, 2.483 us at gfx1201's
// 640 GB/s.  Equal times: the old rule decides (8 waves: half the
// workgroups re-read the weights), and chain_lds, equal too, does not
// replace chain_regs.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// R3: remark: chain_regs candidate: staging = lds, tile = [64, 64, 32], waves = [4, 1]: modelled 1.655 us (rule 160)
// R3: remark: chain_regs candidate: staging = lds, tile = [128, 64, 32], waves = [8, 1]: modelled 1.655 us (rule 158)
// R3: remark: chain_regs chosen: staging = lds, tile = [128, 64, 32], waves = [8, 1]: modelled 1.655 us (rule 158)
// R3: remark: chain template: chain_regs modelled 1.655 us, chain_lds modelled 1.655 us: chain_regs
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R4
// R4: remark: chain_regs candidate: staging = lds, tile = [64, 64, 32], waves = [4, 1]: modelled 2.483 us
// R4: remark: chain_regs candidate: staging = lds, tile = [128, 64, 32], waves = [8, 1]: modelled 2.483 us
// R4: remark: chain_regs chosen: staging = lds, tile = [128, 64, 32], waves = [8, 1]
// R4: remark: chain template: chain_regs modelled 2.483 us, chain_lds modelled 2.483 us: chain_regs
//
// 128 x 64 -> 64 -> 128 (examples/pipelines/gemm-gemm.mlir's shape): two
// workgroups of 4 waves or one of 8 leave most WGPs idle and every wave
// does all the strip's WMMAs, 4 x (64/16 + 128/16) = 48, one after the
// other; the old rule took 8 waves (one workgroup re-reading the weights),
// the model 4 (two workgroups: half the time on the busiest SIMD), and
// chain_lds's 8 blocks of 16 rows spread the work further.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=S3
// S3: remark: chain_regs candidate: staging = lds, tile = [64, 64, 32], waves = [4, 1]: modelled [[T4:[0-9.]+]] us (rule 256)
// S3: remark: chain_regs candidate: staging = lds, tile = [128, 64, 32], waves = [8, 1]: modelled {{[0-9.]+}} us (rule 222)
// S3: remark: chain_regs chosen: staging = lds, tile = [64, 64, 32], waves = [4, 1]: modelled [[T4]] us
// S3: remark: chain template: chain_regs modelled [[T4]] us, chain_lds modelled {{[0-9.]+}} us: chain_lds
// The schedules carry the choices; staging=registers keeps chain_regs (4
// waves, as the model chose).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=IR
// IR-LABEL: gpu.func @tall
// IR: template = "chain_regs"{{.*}}tile = [128, 64, 32], waves = [8, 1]
// IR-LABEL: gpu.func @short
// IR: template = "chain_lds"{{.*}}tile = [16, 16, 16]
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=registers})' | FileCheck %s --check-prefix=REGS
// REGS-LABEL: gpu.func @short
// REGS: template = "chain_regs"{{.*}}tile = [64, 64, 32], waves = [4, 1]
#id = affine_map<(m, n) -> (m, n)>
func.func @tall(%a: tensor<4096x64xf16>, %b0: tensor<64x64xf16>, %b1: tensor<64x64xf16>) -> tensor<4096x64xf32> {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4096x64xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4096x64xf32>) -> tensor<4096x64xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<4096x64xf16>, tensor<64x64xf16>) outs(%f1 : tensor<4096x64xf32>) -> tensor<4096x64xf32>
  %eh = tensor.empty() : tensor<4096x64xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<4096x64xf32>) outs(%eh : tensor<4096x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4096x64xf16>
  %e2 = tensor.empty() : tensor<4096x64xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<4096x64xf32>) -> tensor<4096x64xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<4096x64xf16>, tensor<64x64xf16>) outs(%f2 : tensor<4096x64xf32>) -> tensor<4096x64xf32>
  return %y : tensor<4096x64xf32>
}
func.func @short(%a: tensor<128x64xf16>, %b0: tensor<64x64xf16>, %b1: tensor<64x128xf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<128x64xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<128x64xf32>) -> tensor<128x64xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<128x64xf16>, tensor<64x64xf16>) outs(%f1 : tensor<128x64xf32>) -> tensor<128x64xf32>
  %eh = tensor.empty() : tensor<128x64xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<128x64xf32>) outs(%eh : tensor<128x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x64xf16>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<128x64xf16>, tensor<64x128xf16>) outs(%f2 : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}
