// The LDS-staged GEMM's copy takes each slice's K offset as the buffer
// loads' scalar offset (amdgpu.raw_buffer_load sgprOffset -> soffset, an
// SGPR), so the lanes' offsets are loop-invariant and the K loop adds no
// VALU address work per load (issue 24, LdsCopy.c soffset_stride).  The
// unrolled loop counts in i32 (a 64-bit index counter costs an add with
// carry and a VALU compare).  Where rows may run past the matrix in the
// dimension inside K's (B = K x N with N not a multiple of the tile), the
// load keeps the fat buffer view's bounds-checked vector.load: the ISA
// guides leave open whether the range check counts soffset.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=IR
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=IR
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA

// IR-LABEL: gpu.func @even
// IR: scf.for %{{.*}} = %c0_i32 to %{{.*}} step %c2_i32 {{.*}} : i32 {
// The loads read a 1-D view of the fat buffer view's size (2 bytes of
// slack: one descriptor serves both, LdsCopy.c's slack_view).
// IR: %[[A:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [524289], strides: [1] : memref<1024x512xf16> to memref<524289xf16>
// IR: amdgpu.raw_buffer_load %[[A]][%{{.*}}] sgprOffset %{{.*}} : memref<524289xf16>, i32 -> vector<8xf16>
// IR: %[[B:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [524289], strides: [1] : memref<512x1024xf16> to memref<524289xf16>
// IR: amdgpu.raw_buffer_load %[[B]][%{{.*}}] sgprOffset %{{.*}} : memref<524289xf16>, i32
// IR-NOT: vector.load %{{[0-9]+}}[{{.*}} : memref<{{.*}}fat_raw_buffer
// IR: scf.yield
// ISA-LABEL: even:
// ISA: .LBB0_{{[0-9]+}}:
// ISA-NOT: v_add_nc_u32
// ISA: buffer_load_b128 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], s{{[0-9]+}} offen
// ISA-NOT: v_add_nc_u32
// ISA: s_cbranch_scc1 .LBB0_
func.func @even(%A: memref<1024x512xf16>, %B: memref<512x1024xf16>, %C: memref<1024x1024xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<1024x1024xf16>)
  linalg.matmul ins(%A, %B : memref<1024x512xf16>, memref<512x1024xf16>) outs(%C : memref<1024x1024xf16>)
  return
}

// N = 1000: A (rows outside K) still takes the scalar offset, B (K x N,
// columns past N inside K's rows) does not.  (K = 512: at 256 the loop has
// three trips, which LLVM unrolls whole, and no load takes a scalar
// offset; @short below.)
// IR-LABEL: gpu.func @ntail
// IR: scf.for
// IR: memref.reinterpret_cast %arg0
// IR: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}] sgprOffset %{{.*}} : memref<262145xf16>
// IR-NOT: memref.reinterpret_cast %arg1
// IR-NOT: amdgpu.raw_buffer_load {{.*}} : memref<512001xf16>
// IR: vector.load %{{[0-9]+}}[%{{.*}}, %{{.*}}] : memref<512x1000xf16, #amdgpu.address_space<fat_raw_buffer>>
// IR: scf.yield
func.func @ntail(%A: memref<512x512xf16>, %B: memref<512x1000xf16>, %C: memref<512x1000xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<512x1000xf16>)
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x1000xf16>) outs(%C : memref<512x1000xf16>)
  return
}

// A loop of three trips (K = 256, two slices per trip) is unrolled whole by
// LLVM: its K offsets become constants and fold into the loads' immediate
// offsets, which a scalar offset would replace with an s_mov per load
// (bench/kernels/gemm-nt: 5.38 instructions per WMMA on gfx1100, 5.50 with
// scalar offsets).  The slices outside the loop have constant K too.
// IR-LABEL: gpu.func @short
// IR-NOT: sgprOffset
// IR: scf.for %{{.*}} = %c{{[01]}}_i32 to %c{{[67]}}_i32 step %c2_i32
// IR-NOT: sgprOffset
// IR: gpu.return
func.func @short(%A: memref<512x256xf16>, %B: memref<256x512xf16>, %C: memref<512x512xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<512x512xf16>)
  linalg.matmul ins(%A, %B : memref<512x256xf16>, memref<256x512xf16>) outs(%C : memref<512x512xf16>)
  return
}
