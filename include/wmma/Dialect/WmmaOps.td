//===- WmmaOps.td - wmma operations ----------------------*- tablegen -*-===//
#ifndef WMMA_OPS_TD
#define WMMA_OPS_TD

include "wmma/Dialect/WmmaAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class WMMA_Op<string mnemonic, list<Trait> traits = []>
    : Op<WMMA_Dialect, mnemonic, traits> {
  // Verifiers are thin hooks into the layout engine (lib/Dialect).
  let hasVerifier = 1;
}

def WMMA_MmaOp : WMMA_Op<"mma", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "one WMMA instruction: d = a * b + c";
  let description = [{
    The bare atom: one `wmma.mma` lowers to exactly one `rocdl.wmma.*`.
    Operands are per-lane vectors in the instruction's exact register form
    (`hw` layout; RDNA3 A/B replicated, 16 values).  A and B must use the
    same K order: when both come from ops that declare a fragment layout,
    the verifier checks that the layouts agree.

    ```mlir
    %d = wmma.mma #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32> %a, %b, %c
        : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$a, AnyVectorOfNonZeroRank:$b,
                       AnyVectorOfNonZeroRank:$c, WMMA_AtomAttr:$atom);
  let results = (outs AnyVectorOfNonZeroRank:$d);
  let assemblyFormat = [{
    $atom $a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `->` type($d)
  }];
}

def WMMA_SparseMmaOp : WMMA_Op<"sparse_mma", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "one RDNA4 sparse WMMA instruction: d = a * b + c, A 2:4 sparse";
  let description = [{
    One `v_swmmac_*` (lowered to the `llvm.amdgcn.swmmac.*` intrinsic through
    `llvm.call_intrinsic`).  The atom is a `sparse` one; K is the logical K.
    `a` is the compressed A in the instruction's register form (K/4 values
    per lane: the two nonzeros of each group of four K, in K order), `b` and
    `c` are the dense hw fragments, and `index` is the index register: 2 bits
    per compressed value giving its position (0-3) inside its group
    (`wmma-layout --instr v_swmmac_... --matrix K` shows where).  The
    instructions with K = 32 read 16 index bits per lane: `index_key` (0 or
    1) selects the low or the high half of `index`.  The two positions of a
    group must differ (the hardware's meaning of a repeated position is not
    documented).

    ```mlir
    %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse>
        %a, %b, %c, %idx : vector<8xf16>, vector<16xf16> -> vector<8xf32>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$a, AnyVectorOfNonZeroRank:$b,
                       AnyVectorOfNonZeroRank:$c, I32:$index,
                       WMMA_AtomAttr:$atom,
                       DefaultValuedAttr<I32Attr, "0">:$index_key);
  let results = (outs AnyVectorOfNonZeroRank:$d);
  let assemblyFormat = [{
    $atom $a `,` $b `,` $c `,` $index attr-dict `:` type($a) `,` type($b) `->`
    type($d)
  }];
}

def WMMA_LoadOp : WMMA_Op<"load", [MemoryEffects<[MemRead]>]> {
  let summary = "load a fragment of a tile from memory";
  let description = [{
    Attributes come before SSA operands in every wmma op: a dialect
    attribute directly followed by `:` would swallow the type.

    Each lane loads the elements its fragment layout assigns to it from the
    logical tile whose top-left element is `%mem[%indices]` (the tile spans
    the last two dimensions; leading indices select the batch).  With a
    `transposed` fragment the tile in memory is the transpose of the role
    matrix (e.g. B stored as N x K).

    With `masked`, elements of the tile outside the memref (in its last
    two dimensions) read as zero, so a tile may hang over the edge of a
    matrix whose size is not a multiple of the tile.  On a fat buffer the
    lowering moves the outermost index (the dimension of the largest
    stride) past the end for those elements; `outer_dim` names that
    dimension where the memref's strides are run-time values (a view with
    the batch dimensions first of a buffer of run-time sizes: the front end
    knows which of its dimensions is the buffer's first).

    A *storage load* reads a memref whose element type differs from the
    fragment's: the result has the fragment's length and the memref's
    element type, each slot holding the element the fragment places there.
    The consumer converts it (int8 weights dequantised to f16, fp8 widened
    to f16 on RDNA3) before the product.

    Sub-byte element types (i4, i1) are one element per byte in memory, as
    MLIR's LLVM lowering addresses `memref.load`/`memref.store` of them.
    The lowering reads runs of them as bytes through an i8 view of the
    memref (a `builtin.unrealized_conversion_cast` that
    `reconcile-unrealized-casts` folds after the conversion to LLVM).

    ```mlir
    %a = wmma.load #wmma.frag<a, kcontig, #atom> %A[%i, %k]
        : memref<64x64xf16> -> vector<8xf16>
    %w = wmma.load #wmma.frag<b, kcontig, #atom> %W[%k, %j]
        : memref<64x64xi8> -> vector<8xi8>
    %t = wmma.load #wmma.frag<a, kcontig, #atom> %A[%i, %k] masked
        : memref<?x?xf16> -> vector<8xf16>
    ```
  }];
  let arguments = (ins AnyMemRef:$mem, Variadic<Index>:$indices,
                       WMMA_FragAttr:$frag, UnitAttr:$masked,
                       OptionalAttr<I64Attr>:$outer_dim);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $frag $mem `[` $indices `]` (`masked` $masked^)? attr-dict `:` type($mem)
    `->` type($result)
  }];
}

def WMMA_StoreOp : WMMA_Op<"store", [MemoryEffects<[MemWrite]>]> {
  let summary = "store a fragment into a tile in memory";
  let description = [{
    The inverse of `wmma.load`: every used slot of every lane is written to
    its element of the logical tile at `%mem[%indices]`.  Replicated
    elements (RDNA3 A/B) are written by both lanes that hold them (the same
    value).  With `masked`, elements of the tile outside the memref (in its
    last two dimensions) are not written (`outer_dim` as for `wmma.load`).
    Sub-byte elements are written a byte each, zero-extended (see
    `wmma.load`).
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$value, AnyMemRef:$mem,
                       Variadic<Index>:$indices, WMMA_FragAttr:$frag,
                       UnitAttr:$masked, OptionalAttr<I64Attr>:$outer_dim);
  let assemblyFormat = [{
    $frag $value `,` $mem `[` $indices `]` (`masked` $masked^)? attr-dict `:`
    type($value) `,` type($mem)
  }];
}

def WMMA_FillOp : WMMA_Op<"fill", [Pure]> {
  let summary = "a fragment with every element equal to a scalar";
  let arguments = (ins AnyType:$value, WMMA_FragAttr:$frag);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $frag $value attr-dict `:` type($value) `->` type($result)
  }];
}

def WMMA_ExpandOp : WMMA_Op<"expand", [Pure]> {
  let summary = "RDNA3: compact A/B fragment -> replicated instruction operand";
  let description = [{
    RDNA3 WMMA reads all K values of a row (A) or column (B) in both lane
    halves.  `wmma.expand` turns the compact fragment (K/2 values per lane,
    lane half h holding k in [h*K/2, (h+1)*K/2)) into that replicated form
    with explicit cross-lane exchanges between lanes l and l^16
    (v_permlanex16 by default, ds_bpermute on request).  Being its own op,
    the expansion of a loop-invariant operand can be hoisted and CSE'd.

    ```mlir
    %r = wmma.expand a #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32> %v
        : vector<8xf16> -> vector<16xf16>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$source, WMMA_OperandAttr:$role,
                       WMMA_AtomAttr:$atom);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    `` $role $atom $source attr-dict `:` type($source) `->` type($result)
  }];
  let extraClassDeclaration = [{
    ::mlir::wmma::FragAttr getSourceFrag();
    ::mlir::wmma::FragAttr getResultFrag();
  }];
}

def WMMA_RelayoutOp : WMMA_Op<"relayout", [Pure]> {
  let summary = "move a tile from one fragment layout to another";
  let description = [{
    The same logical tile, re-distributed over lanes and vector slots, with
    an optional in-lane element conversion (f32 -> f16 or bf16).
    Typical use: the accumulator of a product computed with A and B swapped
    (`#wmma.frag<d, hw, transposed, ...>`) becomes the A operand of the next
    product.  The lowering asks the layout planner for the cheapest program:
    nothing when layouts coincide, in-lane shuffles, v_permlanex16 for
    lane^16 exchanges, ds_bpermute in general.
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$source, WMMA_FragAttr:$from,
                       WMMA_FragAttr:$to);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $from `to` $to $source attr-dict `:` type($source) `->` type($result)
  }];
}

def WMMA_TransposeMethod : I32EnumAttr<"TransposeMethod",
    "in-register 16x16 transpose method", [
    I32EnumAttrCase<"identity", 0>,
    I32EnumAttrCase<"shuffle", 1>]> {
  let cppNamespace = "::mlir::wmma";
  let genSpecializedAttr = 0;
}
// Prints as a bare keyword: identity, shuffle.
def WMMA_TransposeMethodAttr
    : EnumAttr<WMMA_Dialect, WMMA_TransposeMethod, "transpose_method">;

def WMMA_TransposeOp : WMMA_Op<"transpose", [Pure]> {
  let summary = "transpose the 16x16 logical tile of a fragment in registers";
  let description = [{
    The result has the same fragment layout as the source and holds the
    transposed logical tile.  `identity`: one WMMA against an identity
    matrix built in registers from lane-id compares (the accumulator layout
    is the transpose of the operand layout), then an in-lane or permlanex16
    relayout; no memory traffic.  16-bit float fragments only (exact with f32
    accumulation).  `shuffle`: the cross-lane relayout from the fragment read
    as its transpose to the fragment (ds_bpermute per dword); any 16x16
    fragment.  Lowered by `wmma-lower-transpose` to wmma.mma / wmma.relayout.

    ```mlir
    %t = wmma.transpose identity #wmma.frag<a, kcontig, #atom> %x
        : vector<8xf16> -> vector<8xf16>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$source,
                       WMMA_TransposeMethodAttr:$method, WMMA_FragAttr:$frag);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    `` $method $frag $source attr-dict `:` type($source) `->` type($result)
  }];
}

#endif // WMMA_OPS_TD
