// One kernel per RDNA4 sparse atom (v_swmmac, 11): D = A * B + C on the
// register images of the operands, one row per lane: A compressed (the
// two nonzeros of every group of four K), B, C/D and the index register
// (2-bit positions of the compressed values), as `wmma-layout --instr
// v_swmmac_... --matrix A|B|C|D|K` and AMD's calculator place them.
// 4-bit operands are passed as 32-bit words.  Run by
// python/tests/test_sparse.py on the emulator, compiled to ISA by
// test/Pipeline/sparse-atoms-rdna4.mlir.
module attributes {gpu.container_module} {
  gpu.module @atoms [#rocdl.target<chip = "gfx1201">] {
    gpu.func @f32_f16(%A: memref<32x8xf16>, %B: memref<32x16xf16>, %C: memref<32x8xf32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xf16>, vector<8xf16>
      %b = vector.load %B[%l, %c0] : memref<32x16xf16>, vector<16xf16>
      %c = vector.load %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse> %a, %b, %c, %i : vector<8xf16>, vector<16xf16> -> vector<8xf32>
      vector.store %d, %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      gpu.return
    }
    gpu.func @f32_bf16(%A: memref<32x8xbf16>, %B: memref<32x16xbf16>, %C: memref<32x8xf32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xbf16>, vector<8xbf16>
      %b = vector.load %B[%l, %c0] : memref<32x16xbf16>, vector<16xbf16>
      %c = vector.load %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, bf16 * bf16 -> f32, sparse> %a, %b, %c, %i : vector<8xbf16>, vector<16xbf16> -> vector<8xf32>
      vector.store %d, %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      gpu.return
    }
    gpu.func @f16_f16(%A: memref<32x8xf16>, %B: memref<32x16xf16>, %C: memref<32x8xf16>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xf16>, vector<8xf16>
      %b = vector.load %B[%l, %c0] : memref<32x16xf16>, vector<16xf16>
      %c = vector.load %C[%l, %c0] : memref<32x8xf16>, vector<8xf16>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f16, sparse> %a, %b, %c, %i {index_key = 1 : i32} : vector<8xf16>, vector<16xf16> -> vector<8xf16>
      vector.store %d, %C[%l, %c0] : memref<32x8xf16>, vector<8xf16>
      gpu.return
    }
    gpu.func @bf16_bf16(%A: memref<32x8xbf16>, %B: memref<32x16xbf16>, %C: memref<32x8xbf16>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xbf16>, vector<8xbf16>
      %b = vector.load %B[%l, %c0] : memref<32x16xbf16>, vector<16xbf16>
      %c = vector.load %C[%l, %c0] : memref<32x8xbf16>, vector<8xbf16>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, bf16 * bf16 -> bf16, sparse> %a, %b, %c, %i : vector<8xbf16>, vector<16xbf16> -> vector<8xbf16>
      vector.store %d, %C[%l, %c0] : memref<32x8xbf16>, vector<8xbf16>
      gpu.return
    }
    gpu.func @i32_iu8(%A: memref<32x8xi8>, %B: memref<32x16xi8>, %C: memref<32x8xi32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xi8>, vector<8xi8>
      %b = vector.load %B[%l, %c0] : memref<32x16xi8>, vector<16xi8>
      %c = vector.load %C[%l, %c0] : memref<32x8xi32>, vector<8xi32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, i8 * i8 -> i32, signed_a, clamp, sparse> %a, %b, %c, %i : vector<8xi8>, vector<16xi8> -> vector<8xi32>
      vector.store %d, %C[%l, %c0] : memref<32x8xi32>, vector<8xi32>
      gpu.return
    }
    gpu.func @i32_iu4(%A: memref<32x1xi32>, %B: memref<32x2xi32>, %C: memref<32x8xi32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 1, 32, 2, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a_w = vector.load %A[%l, %c0] : memref<32x1xi32>, vector<1xi32>
      %a = vector.bitcast %a_w : vector<1xi32> to vector<8xi4>
      %b_w = vector.load %B[%l, %c0] : memref<32x2xi32>, vector<2xi32>
      %b = vector.bitcast %b_w : vector<2xi32> to vector<16xi4>
      %c = vector.load %C[%l, %c0] : memref<32x8xi32>, vector<8xi32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, signed_b, sparse> %a, %b, %c, %i {index_key = 1 : i32} : vector<8xi4>, vector<16xi4> -> vector<8xi32>
      vector.store %d, %C[%l, %c0] : memref<32x8xi32>, vector<8xi32>
      gpu.return
    }
    gpu.func @i32_iu4_k64(%A: memref<32x2xi32>, %B: memref<32x4xi32>, %C: memref<32x8xi32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 2, 32, 4, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a_w = vector.load %A[%l, %c0] : memref<32x2xi32>, vector<2xi32>
      %a = vector.bitcast %a_w : vector<2xi32> to vector<16xi4>
      %b_w = vector.load %B[%l, %c0] : memref<32x4xi32>, vector<4xi32>
      %b = vector.bitcast %b_w : vector<4xi32> to vector<32xi4>
      %c = vector.load %C[%l, %c0] : memref<32x8xi32>, vector<8xi32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x64, i4 * i4 -> i32, signed_a, signed_b, sparse> %a, %b, %c, %i : vector<16xi4>, vector<32xi4> -> vector<8xi32>
      vector.store %d, %C[%l, %c0] : memref<32x8xi32>, vector<8xi32>
      gpu.return
    }
    gpu.func @f32_fp8_fp8(%A: memref<32x8xf8E4M3FN>, %B: memref<32x16xf8E4M3FN>, %C: memref<32x8xf32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xf8E4M3FN>, vector<8xf8E4M3FN>
      %b = vector.load %B[%l, %c0] : memref<32x16xf8E4M3FN>, vector<16xf8E4M3FN>
      %c = vector.load %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f8E4M3FN * f8E4M3FN -> f32, sparse> %a, %b, %c, %i : vector<8xf8E4M3FN>, vector<16xf8E4M3FN> -> vector<8xf32>
      vector.store %d, %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      gpu.return
    }
    gpu.func @f32_fp8_bf8(%A: memref<32x8xf8E4M3FN>, %B: memref<32x16xf8E5M2>, %C: memref<32x8xf32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xf8E4M3FN>, vector<8xf8E4M3FN>
      %b = vector.load %B[%l, %c0] : memref<32x16xf8E5M2>, vector<16xf8E5M2>
      %c = vector.load %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f8E4M3FN * f8E5M2 -> f32, sparse> %a, %b, %c, %i : vector<8xf8E4M3FN>, vector<16xf8E5M2> -> vector<8xf32>
      vector.store %d, %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      gpu.return
    }
    gpu.func @f32_bf8_fp8(%A: memref<32x8xf8E5M2>, %B: memref<32x16xf8E4M3FN>, %C: memref<32x8xf32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xf8E5M2>, vector<8xf8E5M2>
      %b = vector.load %B[%l, %c0] : memref<32x16xf8E4M3FN>, vector<16xf8E4M3FN>
      %c = vector.load %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f8E5M2 * f8E4M3FN -> f32, sparse> %a, %b, %c, %i : vector<8xf8E5M2>, vector<16xf8E4M3FN> -> vector<8xf32>
      vector.store %d, %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      gpu.return
    }
    gpu.func @f32_bf8_bf8(%A: memref<32x8xf8E5M2>, %B: memref<32x16xf8E5M2>, %C: memref<32x8xf32>, %I: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>,
        wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0,
          roles = [input, input, inout, input], host = [0, 1, 2, 3],
          dims = [32, 8, 32, 16, 32, 8, 32]>} {
      %c0 = arith.constant 0 : index
      %l = gpu.thread_id x
      %a = vector.load %A[%l, %c0] : memref<32x8xf8E5M2>, vector<8xf8E5M2>
      %b = vector.load %B[%l, %c0] : memref<32x16xf8E5M2>, vector<16xf8E5M2>
      %c = vector.load %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      %i = memref.load %I[%l] : memref<32xi32>
      %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f8E5M2 * f8E5M2 -> f32, sparse> %a, %b, %c, %i : vector<8xf8E5M2>, vector<16xf8E5M2> -> vector<8xf32>
      vector.store %d, %C[%l, %c0] : memref<32x8xf32>, vector<8xf32>
      gpu.return
    }
  }
}
