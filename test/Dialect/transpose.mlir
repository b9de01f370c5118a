// wmma.transpose: round trip (custom and generic form) and verifier errors.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --mlir-print-op-generic | wmma-opt --split-input-file | FileCheck %s

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
#atom3 = #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>
// CHECK-LABEL: func.func @round_trip
func.func @round_trip(%a: vector<8xf16>, %d: vector<8xf32>, %a3: vector<16xbf16>) {
  // CHECK: wmma.transpose identity <a, kcontig, #{{.*}}> %{{.*}} : vector<8xf16> -> vector<8xf16>
  %0 = wmma.transpose identity #wmma.frag<a, kcontig, #atom> %a : vector<8xf16> -> vector<8xf16>
  // CHECK: wmma.transpose shuffle <b, kcontig, transposed, #{{.*}}> %{{.*}} : vector<8xf16> -> vector<8xf16>
  %1 = wmma.transpose shuffle #wmma.frag<b, kcontig, transposed, #atom> %a : vector<8xf16> -> vector<8xf16>
  // f32 accumulators: shuffle only.
  // CHECK: wmma.transpose shuffle <d, hw, #{{.*}}> %{{.*}} : vector<8xf32> -> vector<8xf32>
  %2 = wmma.transpose shuffle #wmma.frag<d, hw, #atom> %d : vector<8xf32> -> vector<8xf32>
  // CHECK: wmma.transpose identity <a, hw, #{{.*}}> %{{.*}} : vector<16xbf16> -> vector<16xbf16>
  %3 = wmma.transpose identity #wmma.frag<a, hw, #atom3> %a3 : vector<16xbf16> -> vector<16xbf16>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @identity_f32(%d: vector<8xf32>) {
  // expected-error @+1 {{the identity method multiplies by an identity matrix with f16/bf16 operands; a f32 fragment would be rounded (use the shuffle method)}}
  %0 = wmma.transpose identity #wmma.frag<d, hw, #atom> %d : vector<8xf32> -> vector<8xf32>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @wrong_type(%a: vector<16xf16>) {
  // expected-error @+1 {{source must be 'vector<8xf16>' (the kcontig a fragment of v_wmma_f32_16x16x16_f16 on rdna4), but got 'vector<16xf16>'}}
  %0 = wmma.transpose identity #wmma.frag<a, kcontig, #atom> %a : vector<16xf16> -> vector<16xf16>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @result_type(%a: vector<8xf16>) {
  // expected-error @+1 {{result must be 'vector<8xf16>'}}
  %0 = wmma.transpose shuffle #wmma.frag<a, kcontig, #atom> %a : vector<8xf16> -> vector<8xf32>
  return
}

// -----

#atom = #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32>
func.func @not_square(%a: vector<16xi4>) {
  // expected-error @+1 {{only 16x16 tiles are transposed, the a fragment of v_wmma_i32_16x16x32_iu4 is 16x32}}
  %0 = wmma.transpose shuffle #wmma.frag<a, hw, #atom> %a : vector<16xi4> -> vector<16xi4>
  return
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
gpu.module @k [#rocdl.target<chip = "gfx1201">] {
  func.func @wrong_chip(%a: vector<16xf16>) {
    // expected-error @+1 {{atom is for rdna3 but the enclosing gpu.module targets gfx1201 (rdna4)}}
    %0 = wmma.transpose identity #wmma.frag<a, hw, #atom> %a : vector<16xf16> -> vector<16xf16>
    return
  }
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @bad_method(%a: vector<8xf16>) {
  // expected-error @+2 {{failed to parse WMMA_TransposeMethodAttr}}
  // expected-error @+1 {{expected ::mlir::wmma::TransposeMethod to be one of: identity, shuffle}}
  %0 = wmma.transpose diagonal #wmma.frag<a, kcontig, #atom> %a : vector<8xf16> -> vector<8xf16>
  return
}
