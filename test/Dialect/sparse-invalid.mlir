// Sparse atoms and wmma.sparse_mma: every refusal, with its message.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics

// RDNA3 has no sparse WMMA.
// expected-error @+1 {{invalid sparse WMMA atom: sparse atoms (v_swmmac_*, 2:4 structured sparsity) are RDNA4-only (gfx12); rdna3 has no sparse WMMA (use a dense atom)}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x32, f16 * f16 -> f32, sparse>} { return }

// -----

// expected-error @+1 {{invalid sparse WMMA atom: no sparse WMMA instruction computes 16x16x16 f16 x f16 -> f32 (shapes: 16x16x32, and 16x16x64 for iu4; accumulators: f32 or the 16-bit input type, i32 for integers)}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32, sparse>} { return }

// -----

// expected-error @+1 {{no sparse WMMA instruction computes 16x16x64 iu8 x iu8 -> i32}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x64, i8 * i8 -> i32, sparse>} { return }

// -----

// expected-error @+1 {{no sparse WMMA instruction takes f16 x bf16}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x32, f16 * bf16 -> f32, sparse>} { return }

// -----

// expected-error @+1 {{sign_a/sign_b/clamp only apply to integer atoms (iu8, iu4); v_swmmac_f32_16x16x32_f16 is not one}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, clamp, sparse>} { return }

// -----

// expected-error @+1 {{opsel applies only to 16-bit accumulators on rdna3; v_swmmac_f16_16x16x32_f16 has none}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f16, opsel = 1, sparse>} { return }

// -----

// A dense atom never names a sparse instruction, and the reverse.
func.func @f(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) {
  // expected-error @+1 {{takes a sparse atom (#wmma.atom<..., sparse>); a dense atom is the atom of wmma.mma}}
  %0 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32> %a, %b, %c, %i : vector<8xf16>, vector<16xf16> -> vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{takes a dense atom; a sparse atom (v_swmmac) is the atom of wmma.sparse_mma}}
  %0 = wmma.mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse> %a, %b, %c : vector<8xf16>, vector<16xf16> -> vector<8xf32>
  return
}

// -----

// expected-error @+1 {{fragments of sparse atoms (v_swmmac) are not modelled}}
func.func @f() attributes {a = #wmma.frag<a, hw, #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse>>} { return }

// -----

// The A operand is the compressed one: 8 values per lane, not 16.
func.func @f(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) {
  // expected-error @+1 {{A operand (compressed) must be 'vector<8xf16>' (the register form of v_swmmac_f32_16x16x32_f16), but got 'vector<16xf16>'}}
  %0 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse> %a, %b, %c, %i : vector<16xf16>, vector<16xf16> -> vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<8xi8>, %b: vector<8xi8>, %c: vector<8xi32>, %i: i32) {
  // expected-error @+1 {{B operand must be 'vector<16xi8>'}}
  %0 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, i8 * i8 -> i32, sparse> %a, %b, %c, %i : vector<8xi8>, vector<8xi8> -> vector<8xi32>
  return
}

// -----

// 16 index bits per lane: index_key picks a half of the register.
func.func @f(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) {
  // expected-error @+1 {{index_key 2 is out of range: v_swmmac_f32_16x16x32_f16 reads 16 index bits per lane, so index_key is 0 or 1}}
  %0 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse> %a, %b, %c, %i {index_key = 2 : i32} : vector<8xf16>, vector<16xf16> -> vector<8xf32>
  return
}

// -----

// The 16x16x64 instruction reads the whole register.
func.func @f(%a: vector<16xi4>, %b: vector<32xi4>, %c: vector<8xi32>, %i: i32) {
  // expected-error @+1 {{index_key 1 is out of range: v_swmmac_i32_16x16x64_iu4 reads 32 index bits per lane, so index_key is 0}}
  %0 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x64, i4 * i4 -> i32, sparse> %a, %b, %c, %i {index_key = 1 : i32} : vector<16xi4>, vector<32xi4> -> vector<8xi32>
  return
}

// -----

// The enclosing gpu.module's chip must be RDNA4.
gpu.module @m [#rocdl.target<chip = "gfx1100">] {
  gpu.func @k(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) kernel {
    // expected-error @+1 {{atom is for rdna4 but the enclosing gpu.module targets gfx1100 (rdna3)}}
    %0 = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse> %a, %b, %c, %i : vector<8xf16>, vector<16xf16> -> vector<8xf32>
    gpu.return
  }
}
