// (d) One GEMM with scaling, bias and relu, B given as N x K, bf16
// (examples/pipelines/gemm-epilogue.mlir), staged in registers (tiled=false):
// every wave of a 1 x W wave grid loads its own fragments, one 16x16 tile
// each.  On RDNA4 the product is computed swapped (B^T A^T: B, stored N x K,
// is the A operand) so that each lane holds a row segment of the output:
// the C tile and the result move as 8-element vectors (two 128-bit accesses
// per lane) instead of 8 accesses a row apart.  RDNA3 keeps the product as
// it is in registers (its swapped accumulator holds every other column).
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 waves-per-workgroup=2 tiled=false})' | FileCheck %s --check-prefixes=IR,IR4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 tiled=false})' | FileCheck %s --check-prefixes=IR,IR3
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tiled=false},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 tiled=false},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA3

// IR: gpu.func @gemm_bias_relu(
// IR4-SAME: known_block_size = array<i32: 64, 1, 1>
// IR3-SAME: known_block_size = array<i32: 128, 1, 1>
// IR4-SAME: grid = () -> (4, 8, 1), block = [64, 1, 1], lds = 0, roles = [input, input, input, output, input]
// IR3-SAME: grid = () -> (2, 8, 1), block = [128, 1, 1], lds = 0, roles = [input, input, input, output, input]
// IR-SAME: staging = registers
// IR4-SAME: tile = [16, 32, 16], waves = [1, 2], wave_tile = [1, 1]
// IR3-SAME: tile = [16, 64, 16], waves = [1, 4], wave_tile = [1, 1]
// IR: %[[B:.*]] = amdgpu.fat_raw_buffer_cast %arg1
// IR: scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args
// IR4: wmma.load <a, kcontig, #atom> %[[B]]
// IR3: wmma.load <b, hw, transposed, #atom> %[[B]]
// IR: wmma.mma #atom {{.*}} -> vector<8xf32>
// The scaling multiplies element by element by the scalar argument itself
// (Eval.c: a splat would be hoisted as 8 SGPR copies).
// IR-NOT: vector.broadcast %arg4
// IR: arith.mulf %{{.*}}, %arg4 : f32
// IR: vector.from_elements
// IR4: vector.load %{{.*}} : memref<128x128xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// IR3: wmma.load <c, hw, #atom> %arg2
// IR: arith.addf
// IR: arith.maximumf
// IR4: vector.store %{{.*}} : memref<128x128xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// IR3: wmma.store <d, hw, #atom> %{{.*}}, %arg3

// ISA4-LABEL: gemm_bias_relu:
// ISA4: v_wmma_f32_16x16x16_bf16
// ISA4: {{v_maximum_f32|v_max_num_f32}}
// ISA4-COUNT-2: buffer_store_b128
// ISA4: s_endpgm
// ISA3-LABEL: gemm_bias_relu:
// ISA3: v_wmma_f32_16x16x16_bf16
// ISA3: {{v_max_f32|v_maximum_f32|v_dual_max_f32}}
// ISA3: s_endpgm
