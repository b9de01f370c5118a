// OUT = 2 A + B through amdgpu.fat_raw_buffer_cast (bounds-checked raw
// buffers), vector<8xf16> loads of A, vector<8xf32> loads of B and stores
// of OUT: lowered by MLIR to llvm.amdgcn.make.buffer.rsrc and address-
// space-7 loads and stores (see fat-buffer.test).  Each memref's size sets
// its buffer's NUM_RECORDS.
module attributes {gpu.container_module} {
  gpu.module @kern [#rocdl.target<chip = "gfx1201">] {
    gpu.func @axpy(%a: memref<?xf16>, %b: memref<?xf32>, %out: memref<?xf32>) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %t0 = arith.muli %bid, %c32 : index
      %t1 = arith.addi %t0, %tid : index
      %i = arith.muli %t1, %c8 : index
      %fa = amdgpu.fat_raw_buffer_cast %a resetOffset : memref<?xf16> to memref<?xf16, #amdgpu.address_space<fat_raw_buffer>>
      %fb = amdgpu.fat_raw_buffer_cast %b resetOffset : memref<?xf32> to memref<?xf32, #amdgpu.address_space<fat_raw_buffer>>
      %fo = amdgpu.fat_raw_buffer_cast %out resetOffset : memref<?xf32> to memref<?xf32, #amdgpu.address_space<fat_raw_buffer>>
      %va = vector.load %fa[%i] : memref<?xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
      %vb = vector.load %fb[%i] : memref<?xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
      %wa = arith.extf %va : vector<8xf16> to vector<8xf32>
      %two = arith.constant dense<2.0> : vector<8xf32>
      %x = arith.mulf %wa, %two : vector<8xf32>
      %s = arith.addf %x, %vb : vector<8xf32>
      vector.store %s, %fo[%i] : memref<?xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
      gpu.return
    }
  }
}
