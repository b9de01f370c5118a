// (c) GEMM with a multiply-multiply epilogue, f16 out
// (examples/pipelines/gemm-mul-mul.mlir), staged in registers (tiled=false):
// one wave per 16x16 output tile, a K loop, D and E multiplied into the
// accumulator in registers, truncated, stored once.  RDNA4 computes the
// product swapped (A is the B operand, B the A operand): each lane holds 8
// consecutive columns of a row, so D and E are read and the f16 result
// written as 8-element vectors (one 128-bit store per lane instead of 8
// 16-bit ones); RDNA3 keeps the product as it is in registers.
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-mul-mul.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tiled=false})' | FileCheck %s --check-prefixes=IR,IR4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-mul-mul.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 tiled=false})' | FileCheck %s --check-prefixes=IR,IR3
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-mul-mul.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tiled=false},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-mul-mul.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 tiled=false},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA

// IR: gpu.func @gemm_mul_mul(
// IR-SAME: known_block_size = array<i32: 128, 1, 1>
// IR-SAME: grid = () -> (2, 8, 1), block = [128, 1, 1], lds = 0, roles = [input, input, input, input, output]
// IR-SAME: template = "gemm"
// IR: %[[A:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// IR: %[[ACC:.*]] = scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args
// IR4: wmma.load <b, kcontig, transposed, #atom> %[[A]]
// IR4: wmma.load <a, kcontig, transposed, #atom> %arg1
// IR3: wmma.load <a, hw, #atom> %[[A]]
// IR3: wmma.load <b, hw, #atom> %arg1
// IR: wmma.mma
// IR4: %[[D:.*]] = vector.load %{{.*}} : memref<128x128xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// IR3: %[[D:.*]] = wmma.load <c, hw, #atom> %arg2
// IR: %[[X:.*]] = arith.mulf %[[ACC]], %[[D]] : vector<8xf32>
// IR4: %[[E:.*]] = vector.load %{{.*}} : memref<128x128xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// IR3: %[[E:.*]] = wmma.load <c, hw, #atom> %arg3
// IR: %[[Y:.*]] = arith.mulf %[[X]], %[[E]] : vector<8xf32>
// IR: %[[T:.*]] = arith.truncf %[[Y]] : vector<8xf32> to vector<8xf16>
// IR4: vector.store %[[T]], %{{.*}} : memref<128x128xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// IR3: %[[W:.*]] = vector.shuffle %[[T]], %[[T]] [0, 0, 1, 1
// IR3: wmma.store <d, hw, #atom1> %[[W]], %arg4
// IR-NOT: wmma.store

// ISA-LABEL: gemm_mul_mul:
// ISA-NOT: {{ds_|scratch_}}
// ISA: v_wmma_f32_16x16x16_f16
// ISA-NOT: {{ds_|scratch_}}
// ISA: v_mul_f32
// ISA: s_endpgm
