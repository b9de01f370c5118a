// (a) GEMM-GEMM (examples/pipelines/gemm-gemm.mlir): one wave per 16-row
// strip, the first product computed transposed in one K loop for the 4 N0
// tiles, its accumulators relaid out to A fragments (RDNA4: in-lane to
// kcontig; RDNA3: to the replicated hw form), the second product in an
// scf.for over the N1 tiles, no global store of the intermediate.
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=IR,IR4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=IR,IR3
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA3

// IR: module attributes {gpu.container_module}
// IR4: gpu.module @gemm_gemm_module [#rocdl.target<chip = "gfx1201">]
// IR3: gpu.module @gemm_gemm_module [#rocdl.target<chip = "gfx1100">]
// IR: gpu.func @gemm_gemm(%{{.*}}: memref<128x64xf16>, %{{.*}}: memref<64x64xf16>, %{{.*}}: memref<64x128xf16>, %{{.*}}: memref<128x128xf32>, %{{.*}}: memref<128x128xf32>, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32) kernel
// IR-SAME: known_block_size = array<i32: 128, 1, 1>
// IR-SAME: wmma.launch = #wmma.launch<grid = () -> (2, 1, 1), block = [128, 1, 1], lds = 0, roles = [input, input, input, input, output, input, input, input], host = [0, 1, 2, 3, 4, 5, 6, 7], dims = [128, 64, 64, 64, 64, 128, 128, 128, 128, 128]>
// IR-SAME: template = "chain_regs"
// Every buffer is read and written through a bounds-checked fat buffer.
// IR: %[[A0:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// First product: K loop carrying the 4 accumulators of the strip.
// IR: scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args({{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// IR4: wmma.load <a, kcontig, transposed, #atom> %arg1
// IR4: wmma.load <b, kcontig, transposed, #atom> %[[A0]]
// IR3: wmma.load <a, hw, transposed, #atom> %arg1
// IR3: wmma.load <b, hw, transposed, #atom> %[[A0]]
// IR-COUNT-4: wmma.mma
// IR: scf.yield
// a0 scaling, then the accumulator becomes the next A operand in registers.
// IR: arith.mulf
// IR4: wmma.relayout <d, hw, transposed, #atom> to <a, kcontig, #atom> %{{.*}} : vector<8xf32> -> vector<8xf16>
// IR3: wmma.relayout <d, hw, transposed, #atom> to <a, hw, #atom> %{{.*}} : vector<8xf32> -> vector<16xf16>
// IR-COUNT-3: wmma.relayout
// Second product: loop over the N1 tiles; the intermediate is never stored.
// IR: scf.for %{{.*}} = %c0 to %c128 step %c16 {
// IR-COUNT-4: wmma.mma
// IR: wmma.load <c, hw, #atom> %arg3
// IR: wmma.store <d, hw, #atom> %{{.*}}, %arg4
// IR-NOT: wmma.store
// IR: gpu.return
// The caller-facing function keeps its signature and launches the kernel.
// IR: func.func @gemm_gemm(%arg0: memref<128x64xf16>, %arg1: memref<64x64xf16>, %arg2: memref<64x128xf16>, %arg3: memref<128x128xf32>, %arg4: memref<128x128xf32>, %arg5: f32, %arg6: f32, %arg7: f32) {
// IR-NOT: linalg.
// IR: gpu.launch_func @gemm_gemm_module::@gemm_gemm blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) args(%arg0 : memref<128x64xf16>, %arg1 : memref<64x64xf16>, %arg2 : memref<64x128xf16>, %arg3 : memref<128x128xf32>, %arg4 : memref<128x128xf32>, %arg5 : f32, %arg6 : f32, %arg7 : f32)
// IR-NEXT: return

// RDNA4: no cross-lane instruction and no LDS traffic at all.
// ISA4-LABEL: gemm_gemm:
// ISA4-NOT: {{ds_|v_permlane|scratch_}}
// ISA4: v_wmma_f32_16x16x16_f16
// ISA4-NOT: {{ds_|v_permlane|scratch_}}
// ISA4: s_endpgm
// RDNA3: the relayout uses v_permlanex16 (4 per tile), never ds_bpermute.
// ISA3-LABEL: gemm_gemm:
// ISA3-NOT: {{ds_|scratch_}}
// ISA3: v_wmma_f32_16x16x16_f16
// ISA3-COUNT-16: v_permlanex16_b32
// ISA3-NOT: {{ds_|scratch_}}
// ISA3: s_endpgm
