//===- WmmaBase.td - wmma dialect definition -------------*- tablegen -*-===//
#ifndef WMMA_BASE_TD
#define WMMA_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def WMMA_Dialect : Dialect {
  let name = "wmma";
  let cppNamespace = "::mlir::wmma";
  let summary = "WMMA atoms for AMD RDNA3 (gfx11) and RDNA4 (gfx12)";
  let description = [{
    Instruction-exact WMMA atoms with hardware-exact per-architecture
    thread-value layouts.  Fragments are builtin vectors; the layout meaning
    of a vector comes from the `#wmma.frag` / `#wmma.atom` attribute on the
    op that produces or consumes it.  Cross-lane data movement (operand
    expansion on RDNA3, accumulator -> operand relayout) is explicit IR so it
    can be hoisted, CSE'd and costed.
  }];
  let useDefaultAttributePrinterParser = 1;
  // `wmma.launch` on a kernel gpu.func is checked against its signature.
  let hasOperationAttrVerify = 1;
  let dependentDialects = [
    "::mlir::vector::VectorDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::LLVM::LLVMDialect"
  ];
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

def WMMA_Arch : I32EnumAttr<"Arch", "RDNA architecture", [
    I32EnumAttrCase<"rdna3", 3>,
    I32EnumAttrCase<"rdna4", 4>]> {
  let cppNamespace = "::mlir::wmma";
  let genSpecializedAttr = 0;
}

def WMMA_Operand : I32EnumAttr<"Operand", "WMMA operand role", [
    I32EnumAttrCase<"a", 0>,
    I32EnumAttrCase<"b", 1>,
    I32EnumAttrCase<"c", 2>,
    I32EnumAttrCase<"d", 3>]> {
  let cppNamespace = "::mlir::wmma";
  let genSpecializedAttr = 0;
}

def WMMA_Layout : I32EnumAttr<"Layout", "fragment layout convention", [
    I32EnumAttrCase<"hw", 0>,
    I32EnumAttrCase<"kcontig", 1>,
    I32EnumAttrCase<"compact", 2>]> {
  let cppNamespace = "::mlir::wmma";
  let genSpecializedAttr = 0;
}

def WMMA_ArgRole : I32EnumAttr<"ArgRole", "how a kernel uses a buffer argument", [
    I32EnumAttrCase<"input", 0>,
    I32EnumAttrCase<"output", 1>,
    I32EnumAttrCase<"inout", 2>,
    I32EnumAttrCase<"sparse_values", 3>,
    I32EnumAttrCase<"sparse_index", 4>,
    I32EnumAttrCase<"sparse_col_values", 5>,
    I32EnumAttrCase<"sparse_col_index", 6>]> {
  let cppNamespace = "::mlir::wmma";
  let genSpecializedAttr = 0;
}

// The schedule record's choices (#wmma.schedule).
def WMMA_Staging : I32EnumAttr<"Staging", "where operand tiles are staged", [
    I32EnumAttrCase<"registers", 0>,
    I32EnumAttrCase<"lds", 1>]> {
  let cppNamespace = "::mlir::wmma";
  let genSpecializedAttr = 0;
}

def WMMA_AccForm : I32EnumAttr<"AccForm", "how lanes hold the output tile", [
    I32EnumAttrCase<"acc", 0>,
    I32EnumAttrCase<"rowseg", 1>]> {
  let cppNamespace = "::mlir::wmma";
  let genSpecializedAttr = 0;
}

def WMMA_CopyKind : I32EnumAttr<"CopyKind", "how an operand tile reaches LDS", [
    I32EnumAttrCase<"none", 0>,
    I32EnumAttrCase<"vec", 1>,
    I32EnumAttrCase<"wmma", 2>,
    I32EnumAttrCase<"scalar", 3>,
    I32EnumAttrCase<"tr", 4>]> {
  let cppNamespace = "::mlir::wmma";
  let genSpecializedAttr = 0;
}

#endif // WMMA_BASE_TD
