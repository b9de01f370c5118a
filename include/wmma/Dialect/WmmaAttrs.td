//===- WmmaAttrs.td - wmma attributes --------------------*- tablegen -*-===//
#ifndef WMMA_ATTRS_TD
#define WMMA_ATTRS_TD

include "wmma/Dialect/WmmaBase.td"

class WMMA_Attr<string name, string attrMnemonic> : AttrDef<WMMA_Dialect, name> {
  let mnemonic = attrMnemonic;
}

// The operand role as an op attribute (prints as a bare keyword: a, b, c, d).
def WMMA_OperandAttr : EnumAttr<WMMA_Dialect, WMMA_Operand, "operand">;

def WMMA_AtomAttr : WMMA_Attr<"Atom", "atom"> {
  let summary = "one WMMA instruction of one architecture";
  let description = [{
    `#wmma.atom<ARCH, MxNxK, A * B -> ACC[, signed_a][, signed_b][, clamp][, opsel = 1]>`

    Names exactly one wave32 WMMA instruction: the architecture (`rdna3` or
    `rdna4`), the shape, the A/B element types (f16, bf16, i8 = iu8, i4 = iu4,
    f8E4M3FN = fp8, f8E5M2 = bf8) and the accumulator type (f32, i32, f16,
    bf16).  Integer atoms take signedness of A and B and saturation
    (`clamp`); RDNA3 16-bit accumulators take the OPSEL half (0 or 1).  The
    verifier asks the layout engine whether the instruction exists on the
    architecture.
  }];
  let parameters = (ins
    EnumParameter<WMMA_Arch>:$arch,
    "unsigned":$m, "unsigned":$n, "unsigned":$k,
    "::mlir::Type":$aType, "::mlir::Type":$bType, "::mlir::Type":$accType,
    DefaultValuedParameter<"bool", "false">:$signA,
    DefaultValuedParameter<"bool", "false">:$signB,
    DefaultValuedParameter<"bool", "false">:$clamp,
    DefaultValuedParameter<"unsigned", "0">:$opsel);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The layout engine's view of this atom (wmma_atom_desc).
    bool getDesc(::wmma_atom_desc &desc) const;
    /// The same for an atom with these parameters, without building it: false
    /// (with the reason in `why`, if given) if an element type is not a WMMA
    /// type.  The instruction is not checked (wmma_atom_check does that).
    static bool buildDesc(Arch arch, unsigned m, unsigned n, unsigned k,
                          ::mlir::Type aType, ::mlir::Type bType,
                          ::mlir::Type accType, bool signA, bool signB,
                          bool clamp, unsigned opsel, ::wmma_atom_desc &desc,
                          std::string *why = nullptr);
  }];
}

def WMMA_FragAttr : WMMA_Attr<"Frag", "frag"> {
  let summary = "the layout of a per-lane fragment vector";
  let description = [{
    `#wmma.frag<OPERAND, LAYOUT[, transposed], ATOM>`

    Which element of a 16xK / Kx16 / 16x16 tile each lane holds in each
    vector slot: the operand role (a, b, c, d) of the atom, the convention
    (`hw` = the instruction's exact register order, `kcontig` = contiguous-K
    per lane half, `compact` = RDNA3 non-replicated 8-value A/B) and whether
    the logical tile is the transpose of the role matrix (`transposed`:
    logical (i, j) is role element (j, i), as produced by a product computed
    with A and B swapped, or a tile stored transposed in memory).
  }];
  let parameters = (ins
    EnumParameter<WMMA_Operand>:$operand,
    EnumParameter<WMMA_Layout>:$layout,
    DefaultValuedParameter<"bool", "false">:$transposed,
    WMMA_AtomAttr:$atom);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The layout engine's view of this fragment (wmma_frag_desc).
    bool getDesc(::wmma_frag_desc &desc) const;
    /// The same for a fragment with these parameters, without building it:
    /// false if the atom names no instruction.  The fragment is not checked
    /// (wmma_frag_check does that).
    static bool buildDesc(Operand operand, Layout layout, bool transposed,
                          AtomAttr atom, ::wmma_frag_desc &desc);
    /// The builtin vector type of a fragment in this layout.
    ::mlir::VectorType getVectorType() const;
  }];
}

def WMMA_LaunchAttr : WMMA_Attr<"Launch", "launch"> {
  let summary = "how to launch a kernel: grid, block, LDS and its arguments";
  let description = [{
    The typed launch record the front end attaches to every kernel it
    builds (`wmma.launch` on the `gpu.func`), read by the driver, the
    runner, the Python package and the host-side `gpu.launch_func`:

    ```mlir
    wmma.launch = #wmma.launch<grid = ()[s0] -> (1, s0 ceildiv 64, 1),
                               block = [128, 1, 1], lds = 0,
                               roles = [input, input, output],
                               host = [0, 1, -1],
                               dims = [-1, 100, 100, 33, -1, 33]>
    ```

    - `grid`: workgroups in x, y, z as an affine map without dimensions
      whose symbols are the run-time sizes: symbol `s` is every kernel
      argument dimension that `dims` marks `-1 - s`.
    - `block`: threads per workgroup (x, y, z); `lds`: static LDS bytes.
    - `roles`: per kernel argument, whether the kernel reads it (`input`,
      also every scalar), writes it (`output`) or both (`inout`).
    - `host`: per kernel argument, the argument of the caller-facing
      function it is (index >= 0) or the result it becomes (`-1 - r` for
      result `r` of a function on tensors).
    - `dims`: every dimension of every memref argument in order: its static
      size, or `-1 - s` for run-time size symbol `s` (dimensions known to be
      equal share a symbol; a dynamic dimension known to equal a static size
      is given that size, which the launcher checks).
  }];
  let parameters = (ins
    "::mlir::AffineMap":$grid,
    ArrayRefParameter<"int32_t">:$block,
    "int64_t":$lds,
    ArrayRefParameter<"::mlir::wmma::ArgRole">:$roles,
    ArrayRefParameter<"int64_t">:$host,
    ArrayRefParameter<"int64_t">:$dims);
  let assemblyFormat = [{
    `<` `grid` `=` $grid `,` `block` `=` custom<BracketList>($block) `,`
    `lds` `=` $lds `,` `roles` `=` custom<BracketList>($roles) `,`
    `host` `=` custom<BracketList>($host) `,`
    `dims` `=` custom<BracketList>($dims) `>`
  }];
  let genVerifyDecl = 1;
}

#endif // WMMA_ATTRS_TD
