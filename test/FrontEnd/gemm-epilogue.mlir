// (d) One GEMM with scaling, bias and relu, B given as N x K, bf16
// (examples/pipelines/gemm-epilogue.mlir).  The shape also fits the tiled
// kernel (gemm-tiled.mlir); tiled=false checks the per-tile kernel.
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 waves-per-workgroup=2 tiled=false})' | FileCheck %s --check-prefixes=IR,IR4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 tiled=false})' | FileCheck %s --check-prefixes=IR,IR3
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tiled=false},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 tiled=false},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA3

// IR: gpu.func @gemm_bias_relu(
// IR4-SAME: known_block_size = array<i32: 64, 1, 1>
// IR3-SAME: known_block_size = array<i32: 128, 1, 1>
// IR-SAME: wmma.arg_roles = ["input", "input", "input", "output", "input"]
// IR4-SAME: wmma.grid = array<i32: 32, 1, 1>
// IR3-SAME: wmma.grid = array<i32: 16, 1, 1>
// IR-SAME: wmma.pattern = "gemm"
// IR: scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args
// IR4: wmma.load <b, kcontig, transposed, #atom> %arg1
// IR3: wmma.load <b, hw, transposed, #atom> %arg1
// IR: wmma.mma #atom {{.*}} -> vector<8xf32>
// IR: vector.broadcast %arg4 : f32 to vector<8xf32>
// IR: arith.mulf
// IR: wmma.load <c, hw, #atom> %arg2
// IR: arith.addf
// IR: arith.maximumf
// IR: wmma.store <d, hw, #atom> %{{.*}}, %arg3

// ISA4-LABEL: gemm_bias_relu:
// ISA4: v_wmma_f32_16x16x16_bf16
// ISA4: {{v_maximum_f32|v_max_num_f32}}
// ISA4: s_endpgm
// ISA3-LABEL: gemm_bias_relu:
// ISA3: v_wmma_f32_16x16x16_bf16
// ISA3: {{v_max_f32|v_maximum_f32}}
// ISA3: s_endpgm
