// Integers in #wmma.atom are range-checked, never truncated: a shape
// dimension of 2^32 + 16 must not be read as 16 (issue 13).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{atom shape dimension 4294967312 is out of range (at most 2147483647)}}
func.func @f() attributes {a = #wmma.atom<rdna4, 4294967312x16x16, f16 * f16 -> f32>} { return }

// -----

// expected-error @+1 {{atom shape dimension 4294967312 is out of range}}
func.func @f() attributes {a = #wmma.atom<rdna4, 16x4294967312x16, f16 * f16 -> f32>} { return }

// -----

// expected-error @+1 {{atom shape dimension 4294967312 is out of range}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x4294967312, f16 * f16 -> f32>} { return }

// -----

// 2^31 + 16 fits unsigned but not the layout engine's int.
// expected-error @+1 {{atom shape dimension 2147483664 is out of range}}
func.func @f() attributes {a = #wmma.atom<rdna4, 2147483664x16x16, f16 * f16 -> f32>} { return }

// -----

// 2^64 + 16 does not fit any integer the parser reads.
// expected-error @+1 {{invalid dimension}}
func.func @f() attributes {a = #wmma.atom<rdna4, 18446744073709551632x16x16, f16 * f16 -> f32>} { return }

// -----

// expected-error @+1 {{opsel 4294967297 is out of range (0 or 1; at most 2147483647 is read)}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 4294967297>} { return }

// -----

// expected-error @+1 {{opsel -1 is out of range}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = -1>} { return }

// -----

// In range for the parser, then rejected by the layout engine (not wrapped).
// expected-error @+1 {{opsel must be 0 or 1 (got 2147483647)}}
func.func @f() attributes {a = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 2147483647>} { return }
