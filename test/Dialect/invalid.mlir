// Every verifier and parser error of the dialect, with its message.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{unknown architecture 'rdna5' (expected rdna3 or rdna4)}}
func.func @f() attributes {a = #wmma.atom<rdna5, 16x16x16, f16 * f16 -> f32>} { return }

// -----

// expected-error @+1 {{v_wmma_i32_16x16x32_iu4 is RDNA4-only}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x32, i4 * i4 -> i32>} { return }

// -----

// expected-error @+1 {{RDNA4-only}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>} { return }

// -----

// expected-error @+1 {{A element type f64 is not a WMMA type}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x16, f64 * f16 -> f32>} { return }

// -----

// expected-error @+1 {{invalid WMMA atom}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x16, i8 * f16 -> f32>} { return }

// -----

// expected-error @+1 {{invalid WMMA atom}}
func.func @f() attributes {a = #wmma.atom<rdna4, 32x16x16, f16 * f16 -> f32>} { return }

// -----

// expected-error @+1 {{only apply to integer atoms}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32, clamp>} { return }

// -----

// expected-error @+1 {{opsel}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16, opsel = 1>} { return }

// -----

// expected-error @+1 {{opsel}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32, opsel = 1>} { return }

// -----

// expected-error @+1 {{unknown atom flag 'saturate'}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, saturate>} { return }

// -----

// expected-error @+1 {{expected a shape MxNxK}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16, f16 * f16 -> f32>} { return }

// -----

// expected-error @+1 {{unknown fragment layout 'rowmajor'}}
func.func @f() attributes {a = #wmma.frag<a, rowmajor, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>>} { return }

// -----

// expected-error @+1 {{unknown operand role 'e'}}
func.func @f() attributes {a = #wmma.frag<e, hw, #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>>} { return }

// -----

// expected-error @+1 {{invalid fragment}}
func.func @f() attributes {a = #wmma.frag<a, compact, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>>} { return }

// -----

// expected-error @+1 {{invalid fragment}}
func.func @f() attributes {a = #wmma.frag<c, kcontig, #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>>} { return }

// -----

// Wrong vector length for the chip: the backend would abort in llc.
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%a: vector<16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  // expected-error @+1 {{A operand must be 'vector<8xf16>' (the hw a fragment of v_wmma_f32_16x16x16_f16 on rdna4), but got 'vector<16xf16>'}}
  %d = wmma.mma #atom %a, %a, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
func.func @f(%a: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  // expected-error @+1 {{A operand must be 'vector<16xf16>'}}
  %d = wmma.mma #atom %a, %a, %c : vector<8xf16>, vector<8xf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>
func.func @f(%a: vector<16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  // expected-error @+1 {{A operand must be 'vector<16xbf16>'}}
  %d = wmma.mma #atom %a, %a, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>
func.func @f(%a: vector<16xf16>, %c: vector<8xf16>) -> vector<8xf16> {
  // expected-error @+1 {{accumulator must be 'vector<16xf16>'}}
  %d = wmma.mma #atom %a, %a, %c : vector<16xf16>, vector<16xf16> -> vector<8xf16>
  return %d : vector<8xf16>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32>
func.func @f(%a: vector<16xi8>, %c: vector<8xi32>) -> vector<8xi32> {
  // expected-error @+1 {{A operand must be 'vector<8xi8>'}}
  %d = wmma.mma #atom %a, %a, %c : vector<16xi8>, vector<16xi8> -> vector<8xi32>
  return %d : vector<8xi32>
}

// -----

// Mixed K conventions between A and B.
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%A: memref<16x16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %a = wmma.load #wmma.frag<a, kcontig, #atom> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
  %b = wmma.load #wmma.frag<b, hw, #atom> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
  // expected-error @+1 {{A and B use different K orders: A is kcontig, B is hw}}
  %d = wmma.mma #atom %a, %b, %c : vector<8xf16>, vector<8xf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

// An RDNA4 atom inside a gfx1100 module.
gpu.module @m [#rocdl.target<chip = "gfx1100">] {
  func.func @f(%a: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
    // expected-error @+1 {{atom is for rdna4 but the enclosing gpu.module targets gfx1100 (rdna3)}}
    %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32> %a, %a, %c : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    return %d : vector<8xf32>
  }
}

// -----

gpu.module @m [#rocdl.target<chip = "gfx1300">] {
  func.func @f(%a: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
    // expected-error @+1 {{enclosing gpu.module targets unknown chip 'gfx1300'; supported chips: gfx1100}}
    %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32> %a, %a, %c : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    return %d : vector<8xf32>
  }
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%A: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{memref element type 'f32' does not match the fragment element type 'f16'}}
  %a = wmma.load #wmma.frag<a, hw, #atom> %A[%c0, %c0] : memref<16x16xf32> -> vector<8xf16>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%A: memref<256xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{memref must have rank >= 2}}
  %a = wmma.load #wmma.frag<a, hw, #atom> %A[%c0] : memref<256xf16> -> vector<8xf16>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%A: memref<8x64xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{a 16x16 tile does not fit in 'memref<8x64xf16>'}}
  %a = wmma.load #wmma.frag<a, hw, #atom> %A[%c0, %c0] : memref<8x64xf16> -> vector<8xf16>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%A: memref<4x16x16xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{expected 3 indices for 'memref<4x16x16xf16>', got 2}}
  %a = wmma.load #wmma.frag<a, hw, #atom> %A[%c0, %c0] : memref<4x16x16xf16> -> vector<8xf16>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%v: vector<8xf16>, %A: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{stored value must be 'vector<8xf32>'}}
  wmma.store #wmma.frag<d, hw, #atom> %v, %A[%c0, %c0] : vector<8xf16>, memref<16x16xf32>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%x: f16) {
  // expected-error @+1 {{fill value must be 'f32', got 'f16'}}
  %a = wmma.fill #wmma.frag<c, hw, #atom> %x : f16 -> vector<8xf32>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%v: vector<8xf16>) {
  // expected-error @+1 {{operand expansion exists only on rdna3}}
  %a = wmma.expand a #atom %v : vector<8xf16> -> vector<16xf16>
  return
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
func.func @f(%v: vector<8xf32>) {
  // expected-error @+1 {{only A and B operands are expanded, got c}}
  %a = wmma.expand c #atom %v : vector<8xf32> -> vector<8xf32>
  return
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
func.func @f(%v: vector<16xf16>) {
  // expected-error @+1 {{source must be 'vector<8xf16>'}}
  %a = wmma.expand a #atom %v : vector<16xf16> -> vector<16xf16>
  return
}

// -----

#a3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
#a4 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%v: vector<8xf32>) {
  // expected-error @+1 {{cannot relayout between architectures (rdna3 -> rdna4)}}
  %a = wmma.relayout #wmma.frag<d, hw, #a3> to #wmma.frag<a, hw, #a4> %v : vector<8xf32> -> vector<8xf16>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>
#a32 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%v: vector<8xf16>) {
  // expected-error @+1 {{cannot convert 'f16' to 'f32' in a relayout}}
  %a = wmma.relayout #wmma.frag<d, hw, #atom> to #wmma.frag<d, hw, #a32> %v : vector<8xf16> -> vector<8xf32>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32>
#a16 = #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32>
func.func @f(%v: vector<16xi4>) {
  // expected-error @+1 {{no relayout from}}
  %a = wmma.relayout #wmma.frag<a, hw, #atom> to #wmma.frag<a, hw, #a16> %v : vector<16xi4> -> vector<8xi4>
  return
}
