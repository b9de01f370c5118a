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
    `#wmma.atom<ARCH, MxNxK, A * B -> ACC[, signed_a][, signed_b][, clamp][, opsel = 1][, sparse]>`

    Names exactly one wave32 WMMA instruction: the architecture (`rdna3` or
    `rdna4`), the shape, the A/B element types (f16, bf16, i8 = iu8, i4 = iu4,
    f8E4M3FN = fp8, f8E5M2 = bf8) and the accumulator type (f32, i32, f16,
    bf16).  Integer atoms take signedness of A and B and saturation
    (`clamp`); RDNA3 16-bit accumulators take the OPSEL half (0 or 1).  The
    verifier asks the layout engine whether the instruction exists on the
    architecture.

    `sparse` names an RDNA4 `v_swmmac_*` instruction instead (2:4 structured
    sparse A, K the logical K: 16x16x32, or 16x16x64 for i4); such atoms are
    used by `wmma.sparse_mma` only.
  }];
  let parameters = (ins
    EnumParameter<WMMA_Arch>:$arch,
    "unsigned":$m, "unsigned":$n, "unsigned":$k,
    "::mlir::Type":$aType, "::mlir::Type":$bType, "::mlir::Type":$accType,
    DefaultValuedParameter<"bool", "false">:$signA,
    DefaultValuedParameter<"bool", "false">:$signB,
    DefaultValuedParameter<"bool", "false">:$clamp,
    DefaultValuedParameter<"unsigned", "0">:$opsel,
    DefaultValuedParameter<"bool", "false">:$sparse);
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
      also every scalar), writes it (`output`) or both (`inout`); a
      caller argument 2:4 sparse along its rows is two read arguments that
      both name it in `host`: its compressed values (`sparse_values`,
      M x K/2) and its index words (`sparse_index`, M x ceil(K/32) i32:
      the p-th position of a row's 32 K in bits 2p..2p+1); a K x N one
      2:4 along its columns, those of its transpose (`sparse_col_values`,
      N x K/2; `sparse_col_index`, N x ceil(K/32)).
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

def WMMA_ScheduleAttr : WMMA_Attr<"Schedule", "schedule"> {
  let summary = "the schedule of a kernel: template, tiles, staging, choices";
  let description = [{
    The schedule record the front end plans for every kernel it builds and
    prints on the kernel (`wmma.schedule` on the `gpu.func`).  Given on a
    `func.func` (`wmma.schedule = #wmma.schedule<...>`, e.g. as printed by
    another compile of the same function), it pins the kernel: the front end
    builds exactly that schedule or refuses with the reason it does not fit.

    ```mlir
    wmma.schedule = #wmma.schedule<template = "gemm",
        instruction = "v_wmma_f32_16x16x16_f16", staging = lds,
        tile = [128, 128, 32], waves = [2, 2], wave_tile = [4, 4],
        stages = 2, tails = [false, false, false], accumulator = f32,
        acc_pack = 1, form = rowseg, copy = [vec, wmma], causal = false>
    ```

    - `template`: `gemm`, `decode` (skinny GEMMs with K split across the
      waves of a workgroup: `waves` = [K slices, 1], `tile` = [M tile,
      N tile, K per loop iteration]), `chain_regs`, `chain_lds`,
      `attention`, `decode_attention` (few query tokens per head: `waves` =
      [key slices per workgroup, 1], `wave_tile` = [1, workgroups per KV
      sequence]; above 1 the function launches a second kernel,
      `@F_combine`, with `waves = [1, 1]`, that merges their partials),
      `elementwise` (a plain GPU kernel without WMMA for
      data-parallel functions), `reduction` (row, column and full
      reductions: softmax, norms, sums) or `valu` (VALU multiply-adds for
      the products no WMMA instruction takes).
    - `instruction`: the products' WMMA instruction (ISA name); `"none"`
      for the templates without WMMA (`elementwise`, `reduction`, `valu`), and only there.
    - elementwise: `tile` = [rows, columns, elements per thread] of the
      output a workgroup writes; `staging = lds` when transposed inputs go
      through an LDS tile (`copy = [vec, none]`); `tails`: [rows, columns,
      false]; `accumulator`: the output's element type; `waves` =
      [waves, 1], `wave_tile` = [1, 1], `stages` = 1, `acc_pack` = 1.
    - `staging`: operand tiles read by each wave from global memory
      (`registers`) or staged through LDS by the workgroup (`lds`).
    - `tile`: the workgroup's output tile M x N and the K step of the main
      loop (gemm).  chain_regs: rows per workgroup, the second product's N
      block, the first product's K step; chain_lds: rows per workgroup;
      attention: queries per workgroup, keys per block (16, 32 or 64), head
      K step;
      valu (any size from 1): the output tile M x N and the K step, or for
      the reduction kernel outputs per workgroup, 1, and K per loop step.
    - `waves`: the workgroup's wave grid (M x N); `wave_tile`: WMMA tiles
      per wave (M x N; chains: strips per wave x first-product N tiles;
      valu: outputs per thread).
    - `stages`: LDS buffers of the pipelined K loop (1 without LDS; the
      gemm, chain_regs and attention loops: 2, or 3 where LDS fits).
    - `tails`: whether M, N and K may end in a partial tile (masked code).
    - `accumulator`: the kernel's accumulator type (f32 / i32, or the
      output's f16 / bf16 when accumulating natively; valu also f64).
    - `acc_pack`: output tiles per accumulator register set (2: RDNA3
      16-bit accumulators in both OPSEL halves).
    - `form`: `acc` (the accumulator layout) or `rowseg` (computed swapped,
      D^T = B^T A^T, so that lanes hold 8-element row segments).
    - `copy`: per operand (A, B) how its tile reaches LDS: `vec` (K
      contiguous), `wmma` (transposed by one WMMA against the identity),
      `tr` (RDNA4: loaded transposed by `global_load_tr_b128`), `scalar`
      (element by element), `none` (not staged).
    - `causal`: attention skips the keys after a workgroup's last query.
    - `k_parts` (printed when above 1; 1 if absent): decode only, the
      workgroups per column block along K (P).  Above 1 each workgroup
      multiplies its share of K (the K iterations spread evenly over the
      P x `waves[0]` slices) and writes f32 partial sums to a workspace;
      a second kernel, `@F_combine` (`waves = [1, 1]`, the same
      `k_parts`), adds the P partials in part order and stores.  A pinned
      decode schedule without it never splits across workgroups.
  }];
  let parameters = (ins
    StringRefParameter<"kernel template">:$templateName,
    StringRefParameter<"WMMA instruction">:$instruction,
    EnumParameter<WMMA_Staging>:$staging,
    ArrayRefParameter<"int64_t">:$tile,
    ArrayRefParameter<"int64_t">:$waves,
    ArrayRefParameter<"int64_t">:$waveTile,
    "int64_t":$stages,
    ArrayRefParameter<"bool">:$tails,
    "::mlir::Type":$accumulator,
    "int64_t":$accPack,
    EnumParameter<WMMA_AccForm>:$form,
    ArrayRefParameter<"::mlir::wmma::CopyKind">:$copy,
    "bool":$causal,
    DefaultValuedParameter<"int64_t", "1">:$kParts);
  let assemblyFormat = [{
    `<` `template` `=` $templateName `,` `instruction` `=` $instruction `,`
    `staging` `=` $staging `,` `tile` `=` custom<BracketList>($tile) `,`
    `waves` `=` custom<BracketList>($waves) `,`
    `wave_tile` `=` custom<BracketList>($waveTile) `,` `stages` `=` $stages
    `,` `tails` `=` custom<BoolList>($tails) `,`
    `accumulator` `=` $accumulator `,` `acc_pack` `=` $accPack `,`
    `form` `=` $form `,` `copy` `=` custom<BracketList>($copy) `,`
    `causal` `=` custom<Bool>($causal)
    (`,` `k_parts` `=` $kParts^)? `>`
  }];
  let genVerifyDecl = 1;
}

#endif // WMMA_ATTRS_TD
