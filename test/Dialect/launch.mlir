// #wmma.launch: the typed launch record a kernel gpu.func carries (grid as
// an affine map of run-time size symbols, block, LDS bytes, argument
// roles, host argument positions, and each memref dimension's static size
// or size symbol).  Round trip, then every verifier rule.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --mlir-print-op-generic | wmma-opt --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: gpu.module @static_module
// CHECK: gpu.func @k(%{{.*}}: memref<64x32xf16>, %{{.*}}: memref<32x48xf16>, %{{.*}}: memref<64x48xf32>, %{{.*}}: f32) kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 4, 1), block = [128, 1, 1], lds = 0, roles = [input, input, inout, input], host = [0, 1, 2, 3], dims = [64, 32, 32, 48, 64, 48]>}
module attributes {gpu.container_module} {
  gpu.module @static_module {
    gpu.func @k(%a: memref<64x32xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>, %s: f32) kernel attributes {
        wmma.launch = #wmma.launch<grid = () -> (1, 4, 1), block = [128, 1, 1], lds = 0,
                                   roles = [input, input, inout, input], host = [0, 1, 2, 3],
                                   dims = [64, 32, 32, 48, 64, 48]>} {
      gpu.return
    }
  }
}

// -----

// Dynamic dimensions name size symbols (-1 - s); a result of a tensor
// function has host = -1 - r; a dynamic type dimension may be recorded as
// static when the program fixes it.
// CHECK-LABEL: gpu.module @dynamic_module
// CHECK: wmma.launch = #wmma.launch<grid = ()[s0, s1] -> (s1 ceildiv 64, s0 ceildiv 128, 1), block = [128, 1, 1], lds = 24576, roles = [input, input, output], host = [0, 1, -1], dims = [-1, 100, 100, -2, -1, 33]>
module attributes {gpu.container_module} {
  gpu.module @dynamic_module {
    gpu.func @k(%a: memref<?x100xf16>, %b: memref<?x?xf16>, %c: memref<?x33xf32>) kernel attributes {
        wmma.launch = #wmma.launch<grid = ()[s0, s1] -> (s1 ceildiv 64, s0 ceildiv 128, 1), block = [128, 1, 1],
                                   lds = 24576, roles = [input, input, output], host = [0, 1, -1],
                                   dims = [-1, 100, 100, -2, -1, 33]>} {
      gpu.return
    }
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{invalid #wmma.launch: grid must be an affine map ()[symbols] -> (x, y, z); got 0 dimensions and 2 results}}
  gpu.func @k() kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1), block = [32, 1, 1], lds = 0, roles = [], host = [], dims = []>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{invalid #wmma.launch: block must have 3 entries, got 2}}
  gpu.func @k() kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1], lds = 0, roles = [], host = [], dims = []>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{invalid #wmma.launch: block sizes must be positive, got 0}}
  gpu.func @k() kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 0, 1], lds = 0, roles = [], host = [], dims = []>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{invalid #wmma.launch: a workgroup of 2048 threads exceeds the limit of 1024}}
  gpu.func @k() kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [1024, 2, 1], lds = 0, roles = [], host = [], dims = []>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{invalid #wmma.launch: lds = 70000 bytes is outside 0..65536}}
  gpu.func @k() kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 70000, roles = [], host = [], dims = []>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{invalid #wmma.launch: roles (1 entries) and host (2 entries) differ in length}}
  gpu.func @k(%a: memref<16xf32>) kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0, roles = [input], host = [0, 1], dims = [16]>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{invalid #wmma.launch: grid symbol s1 is not the size of any argument dimension (dims has no -2)}}
  gpu.func @k(%a: memref<?xf32>) kernel attributes {wmma.launch = #wmma.launch<grid = ()[s0, s1] -> (s0, s1, 1), block = [32, 1, 1], lds = 0, roles = [output], host = [0], dims = [-1]>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'wmma.launch' does not match the kernel: the record describes 2 arguments but the kernel has 1}}
  gpu.func @k(%a: memref<16xf32>) kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0, roles = [input, output], host = [0, 1], dims = [16, 16]>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'wmma.launch' does not match the kernel: argument 0 dimension 1 is 16 in the signature but 8 in dims}}
  gpu.func @k(%a: memref<4x16xf32>) kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0, roles = [output], host = [0], dims = [4, 8]>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'wmma.launch' does not match the kernel: dims has 1 entries but the memref arguments have more dimensions}}
  gpu.func @k(%a: memref<4x16xf32>) kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0, roles = [output], host = [0], dims = [4]>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'wmma.launch' belongs on a kernel gpu.func}}
  gpu.func @k() attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0, roles = [], host = [], dims = []>} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'wmma.launch' must be a #wmma.launch attribute}}
func.func @f() attributes {wmma.launch = 3 : i32} {
  return
}

// -----

// expected-error @+1 {{expected}}
func.func @g() attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0, roles = [sideways], host = [0], dims = []>} {
  return
}

// -----

// dims longer than the memref arguments' dimensions.
gpu.module @m {
  // expected-error @+1 {{'wmma.launch' does not match the kernel: dims has 3 entries but the memref arguments have 2 dimensions}}
  gpu.func @k(%a: memref<4x16xf32>) kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0, roles = [output], host = [0], dims = [4, 16, 2]>} {
    gpu.return
  }
}

// -----

// A symbol number no dimension could have (more symbols than dimensions).
gpu.module @m {
  // expected-error @+1 {{invalid #wmma.launch: dims entry 0 (-9) names no size symbol}}
  gpu.func @k(%a: memref<?xf32>) kernel attributes {wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [32, 1, 1], lds = 0, roles = [output], host = [0], dims = [-9]>} {
    gpu.return
  }
}

// -----

// A kernel without arguments has empty lists.
// CHECK-LABEL: gpu.module @empty
// CHECK: wmma.launch = #wmma.launch<grid = () -> (2, 1, 1), block = [64, 1, 1], lds = 128, roles = [], host = [], dims = []>
gpu.module @empty {
  gpu.func @k() kernel attributes {wmma.launch = #wmma.launch<grid = () -> (2, 1, 1), block = [64, 1, 1], lds = 128, roles = [], host = [], dims = []>} {
    gpu.return
  }
}
