// Appended inside the module of sparse-host-assert.test's host code (its
// closing brace removed): a caller of @sp and stubs for the GPU runtime.
  // The GPU runtime's entry points as no-op stubs: the host code runs on
  // the CPU up to and through the launch without a GPU.
  llvm.func @mgpuModuleLoadJIT(%d: !llvm.ptr, %o: i32, %n: i64) -> !llvm.ptr {
    %z = llvm.mlir.zero : !llvm.ptr
    llvm.return %z : !llvm.ptr
  }
  llvm.func @mgpuModuleGetFunction(%m: !llvm.ptr, %n: !llvm.ptr) -> !llvm.ptr {
    %z = llvm.mlir.zero : !llvm.ptr
    llvm.return %z : !llvm.ptr
  }
  llvm.func @mgpuStreamCreate() -> !llvm.ptr {
    %z = llvm.mlir.zero : !llvm.ptr
    llvm.return %z : !llvm.ptr
  }
  llvm.func @mgpuLaunchKernel(%f: !llvm.ptr, %gx: i64, %gy: i64, %gz: i64, %bx: i64, %by: i64, %bz: i64, %s: i32, %st: !llvm.ptr, %p: !llvm.ptr, %e: !llvm.ptr, %np: i64) {
    llvm.return
  }
  llvm.func @mgpuStreamSynchronize(%s: !llvm.ptr) {
    llvm.return
  }
  llvm.func @mgpuStreamDestroy(%s: !llvm.ptr) {
    llvm.return
  }
  llvm.func @mgpuModuleUnload(%m: !llvm.ptr) {
    llvm.return
  }
  func.func @run(%m: index, %k: index, %kv: index, %kw: index) {
    %v = tensor.empty(%m, %kv) : tensor<?x?xf16>
    %w = tensor.empty(%m, %kw) : tensor<?x?xi32>
    %b = tensor.empty(%k) : tensor<?x40xf16>
    %c = tensor.empty(%m) : tensor<?x40xf32>
    %r = call @sp(%v, %w, %b, %c) : (tensor<?x?xf16>, tensor<?x?xi32>, tensor<?x40xf16>, tensor<?x40xf32>) -> tensor<?x40xf32>
    vector.print %k : index
    return
  }
  // K = 64 with 32 values and 2 words per row (the checks pass and the
  // stub launch returns), then K = 10: not a multiple of 4.
  func.func @bad_k() {
    %m = arith.constant 16 : index
    %k64 = arith.constant 64 : index
    %v32 = arith.constant 32 : index
    %w2 = arith.constant 2 : index
    call @run(%m, %k64, %v32, %w2) : (index, index, index, index) -> ()
    %k10 = arith.constant 10 : index
    %v5 = arith.constant 5 : index
    %w1 = arith.constant 1 : index
    call @run(%m, %k10, %v5, %w1) : (index, index, index, index) -> ()
    return
  }
  // K = 64 with 30 values per row: the values' width is not K / 2.
  func.func @bad_values() {
    %m = arith.constant 16 : index
    %k64 = arith.constant 64 : index
    %v30 = arith.constant 30 : index
    %w2 = arith.constant 2 : index
    call @run(%m, %k64, %v30, %w2) : (index, index, index, index) -> ()
    return
  }
  // K = 96 with 48 values and 2 words per row (3 needed).
  func.func @bad_words() {
    %m = arith.constant 16 : index
    %k96 = arith.constant 96 : index
    %v48 = arith.constant 48 : index
    %w2 = arith.constant 2 : index
    call @run(%m, %k96, %v48, %w2) : (index, index, index, index) -> ()
    return
  }
}
