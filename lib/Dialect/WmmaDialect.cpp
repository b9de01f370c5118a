//===- WmmaDialect.cpp - wmma dialect, attributes and op hooks ------------===//
//
// Thin C++ around ODS: attribute syntax, and verifier hooks that gather an
// op's types and attributes and ask the C layout engine what is legal.
//
//===----------------------------------------------------------------------===//
#include "wmma/Dialect/WmmaDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstdint>
#include <string>

#include "wmma-c/Dialect.h"
#include "wmma/Dialect/ElementTypes.h"

using namespace mlir;
using namespace mlir::wmma;

#include "wmma/Dialect/WmmaDialect.cpp.inc"
#include "wmma/Dialect/WmmaEnums.cpp.inc"

/// `[a, b, ...]` lists in attribute syntax that may be empty (a kernel
/// without arguments has no roles); FieldParser<SmallVector> wants one.
template <typename T>
static ParseResult parseBracketList(AsmParser &p, SmallVector<T> &out) {
  SmallVector<T> items;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        FailureOr<T> item = FieldParser<T>::parse(p);
        if (failed(item))
          return failure();
        items.push_back(*item);
        return success();
      }))
    return failure();
  out = std::move(items);
  return success();
}

template <typename T>
static void printBracketList(AsmPrinter &p, ArrayRef<T> items) {
  p.getStream() << '[';
  llvm::interleaveComma(items, p.getStream(),
                        [&](const T &item) { p.getStream() << item; });
  p.getStream() << ']';
}

/// `true` / `false` (schedule flags).
static ParseResult parseBool(AsmParser &p, bool &out) {
  if (succeeded(p.parseOptionalKeyword("true"))) {
    out = true;
    return success();
  }
  if (succeeded(p.parseOptionalKeyword("false"))) {
    out = false;
    return success();
  }
  return p.emitError(p.getCurrentLocation(), "expected true or false");
}

static void printBool(AsmPrinter &p, bool v) {
  p.getStream() << (v ? "true" : "false");
}

/// `[true, false, ...]`.
static ParseResult parseBoolList(AsmParser &p, SmallVector<bool> &out) {
  SmallVector<bool> items;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        bool v;
        if (parseBool(p, v))
          return failure();
        items.push_back(v);
        return success();
      }))
    return failure();
  out = std::move(items);
  return success();
}

static void printBoolList(AsmPrinter &p, ArrayRef<bool> items) {
  p.getStream() << '[';
  llvm::interleaveComma(items, p.getStream(),
                        [&](bool v) { printBool(p, v); });
  p.getStream() << ']';
}

#define GET_ATTRDEF_CLASSES
#include "wmma/Dialect/WmmaAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "wmma/Dialect/WmmaOps.cpp.inc"

namespace {
/// `#atom` aliases keep printed IR readable (fragments stay inline, so the
/// layout of every value is visible where it is used).
struct WmmaOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<AtomAttr>(attr)) {
      os << "atom";
      return AliasResult::OverridableAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void WMMADialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "wmma/Dialect/WmmaOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<WmmaOpAsmInterface>();
}

void WMMADialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "wmma/Dialect/WmmaAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers shared by the hooks
//===----------------------------------------------------------------------===//

static bool elemOf(Type t, wmma_elem &e) { return wmma_elem_of_type(wrap(t), &e); }

/// The largest shape dimension or opsel an atom holds: wmma_atom_desc keeps
/// them as int.
static constexpr int64_t kMaxAtomInteger = INT32_MAX;

static std::string typeStr(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

//===----------------------------------------------------------------------===//
// #wmma.atom
//===----------------------------------------------------------------------===//

// #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32[, signed_a][, signed_b][, clamp][, opsel = N]>
Attribute AtomAttr::parse(AsmParser &p, Type) {
  StringRef archName;
  SmallVector<int64_t, 3> dims;
  Type a, b, acc;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLess() || p.parseKeyword(&archName) || p.parseComma())
    return {};
  std::optional<Arch> arch = symbolizeArch(archName);
  if (!arch) {
    p.emitError(loc, "unknown architecture '")
        << archName << "' (expected rdna3 or rdna4)";
    return {};
  }
  SMLoc dimLoc = p.getCurrentLocation();
  if (p.parseDimensionList(dims, /*allowDynamic=*/false, /*withTrailingX=*/false))
    return {};
  if (dims.size() != 3) {
    p.emitError(dimLoc, "expected a shape MxNxK");
    return {};
  }
  // The attribute stores unsigned and the layout engine int: a larger
  // dimension would be truncated (4294967312 read as 16).
  for (int64_t d : dims)
    if (d > kMaxAtomInteger) {
      p.emitError(dimLoc, "atom shape dimension ")
          << d << " is out of range (at most " << kMaxAtomInteger << ")";
      return {};
    }
  if (p.parseComma() || p.parseType(a) || p.parseStar() || p.parseType(b) ||
      p.parseArrow() || p.parseType(acc))
    return {};
  bool signA = false, signB = false, clamp = false, sparse = false;
  unsigned opsel = 0;
  while (succeeded(p.parseOptionalComma())) {
    SMLoc kwLoc = p.getCurrentLocation();
    StringRef kw;
    if (p.parseKeyword(&kw))
      return {};
    if (kw == "signed_a")
      signA = true;
    else if (kw == "signed_b")
      signB = true;
    else if (kw == "clamp")
      clamp = true;
    else if (kw == "sparse")
      sparse = true;
    else if (kw == "opsel") {
      SMLoc valLoc;
      int64_t v = 0;
      if (p.parseEqual())
        return {};
      valLoc = p.getCurrentLocation();
      if (p.parseInteger(v))
        return {};
      if (v < 0 || v > kMaxAtomInteger) {
        p.emitError(valLoc, "opsel ")
            << v << " is out of range (0 or 1; at most " << kMaxAtomInteger
            << " is read)";
        return {};
      }
      opsel = static_cast<unsigned>(v);
    } else {
      p.emitError(kwLoc, "unknown atom flag '")
          << kw
          << "' (expected signed_a, signed_b, clamp, opsel = N or sparse)";
      return {};
    }
  }
  if (p.parseGreater())
    return {};
  return p.getChecked<AtomAttr>(loc, p.getContext(), *arch, dims[0], dims[1],
                                dims[2], a, b, acc, signA, signB, clamp, opsel,
                                sparse);
}

void AtomAttr::print(AsmPrinter &p) const {
  p << "<" << stringifyArch(getArch()) << ", " << getM() << "x" << getN() << "x"
    << getK() << ", " << getAType() << " * " << getBType() << " -> "
    << getAccType();
  if (getSignA())
    p << ", signed_a";
  if (getSignB())
    p << ", signed_b";
  if (getClamp())
    p << ", clamp";
  if (getOpsel())
    p << ", opsel = " << getOpsel();
  if (getSparse())
    p << ", sparse";
  p << ">";
}

bool AtomAttr::buildDesc(Arch arch, unsigned m, unsigned n, unsigned k, Type a,
                         Type b, Type acc, bool signA, bool signB, bool clamp,
                         unsigned opsel, wmma_atom_desc &d, std::string *why) {
  d = wmma_atom_desc{};
  // Through the C API or a builder any unsigned arrives here; the layout
  // engine's int must not wrap to a valid value.
  for (unsigned v : {m, n, k, opsel})
    if (v > static_cast<unsigned>(kMaxAtomInteger)) {
      if (why)
        *why = "shape dimension or opsel " + std::to_string(v) +
               " is out of range (at most " + std::to_string(kMaxAtomInteger) +
               ")";
      return false;
    }
  d.arch = static_cast<wmma_arch>(static_cast<int>(arch));
  d.m = m;
  d.n = n;
  d.k = k;
  d.sign_a = signA;
  d.sign_b = signB;
  d.clamp = clamp;
  d.opsel = opsel;
  const char *role = nullptr;
  Type bad;
  if (!elemOf(a, d.a))
    role = "A", bad = a;
  else if (!elemOf(b, d.b))
    role = "B", bad = b;
  else if (!elemOf(acc, d.c))
    role = "accumulator", bad = acc;
  if (role) {
    if (why)
      *why = std::string(role) + " element type " + typeStr(bad) +
             " is not a WMMA type (A/B: f16, bf16, i8, i4, f8E4M3FN, "
             "f8E5M2; accumulator: f32, i32, f16, bf16)";
    return false;
  }
  return true;
}

LogicalResult AtomAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               Arch arch, unsigned m, unsigned n, unsigned k,
                               Type a, Type b, Type acc, bool signA, bool signB,
                               bool clamp, unsigned opsel, bool sparse) {
  wmma_atom_desc d;
  std::string why;
  if (!buildDesc(arch, m, n, k, a, b, acc, signA, signB, clamp, opsel, d, &why))
    return emitError() << "invalid WMMA atom: " << why;
  char msg[512] = {0};
  if (sparse) {
    d.sparse = 1;
    if (wmma_sparse_atom_check(&d, msg, sizeof msg) == WMMA_SPARSE_COUNT)
      return emitError() << "invalid sparse WMMA atom: " << msg;
    return success();
  }
  if (wmma_atom_check(&d, msg, sizeof msg) == WMMA_INSTR_COUNT)
    return emitError() << "invalid WMMA atom: " << msg;
  return success();
}

bool AtomAttr::getDesc(wmma_atom_desc &d) const {
  if (!buildDesc(getArch(), getM(), getN(), getK(), getAType(), getBType(),
                 getAccType(), getSignA(), getSignB(), getClamp(), getOpsel(),
                 d))
    return false;
  d.sparse = getSparse();
  return true;
}

//===----------------------------------------------------------------------===//
// #wmma.frag
//===----------------------------------------------------------------------===//

// #wmma.frag<a, kcontig[, transposed], #wmma.atom<...>>
Attribute FragAttr::parse(AsmParser &p, Type) {
  SMLoc loc = p.getCurrentLocation();
  StringRef opName, layoutName;
  if (p.parseLess())
    return {};
  SMLoc opLoc = p.getCurrentLocation();
  if (p.parseKeyword(&opName) || p.parseComma())
    return {};
  std::optional<Operand> operand = symbolizeOperand(opName);
  if (!operand) {
    p.emitError(opLoc, "unknown operand role '")
        << opName << "' (expected a, b, c or d)";
    return {};
  }
  SMLoc layLoc = p.getCurrentLocation();
  if (p.parseKeyword(&layoutName) || p.parseComma())
    return {};
  std::optional<Layout> layout = symbolizeLayout(layoutName);
  if (!layout) {
    p.emitError(layLoc, "unknown fragment layout '")
        << layoutName << "' (expected hw, kcontig or compact)";
    return {};
  }
  bool transposed = false;
  if (succeeded(p.parseOptionalKeyword("transposed"))) {
    transposed = true;
    if (p.parseComma())
      return {};
  }
  Attribute atom;
  SMLoc atomLoc = p.getCurrentLocation();
  if (p.parseAttribute(atom) || p.parseGreater())
    return {};
  auto atomAttr = dyn_cast<AtomAttr>(atom);
  if (!atomAttr) {
    p.emitError(atomLoc, "expected a #wmma.atom attribute");
    return {};
  }
  return p.getChecked<FragAttr>(loc, p.getContext(), *operand, *layout,
                                transposed, atomAttr);
}

void FragAttr::print(AsmPrinter &p) const {
  p << "<" << stringifyOperand(getOperand()) << ", "
    << stringifyLayout(getLayout()) << ", ";
  if (getTransposed())
    p << "transposed, ";
  p.printAttribute(getAtom());
  p << ">";
}

bool FragAttr::buildDesc(Operand operand, Layout layout, bool transposed,
                         AtomAttr atom, wmma_frag_desc &f) {
  wmma_atom_desc a;
  if (!atom || !atom.getDesc(a))
    return false;
  wmma_instr instr = wmma_atom_check(&a, nullptr, 0);
  if (instr == WMMA_INSTR_COUNT)
    return false;
  f = wmma_frag_desc{};
  f.arch = a.arch;
  f.instr = instr;
  f.matrix = static_cast<wmma_matrix>(static_cast<int>(operand));
  f.layout = static_cast<wmma_layout_kind>(static_cast<int>(layout));
  // OPSEL selects the accumulator half; A/B fragments of the atom have none.
  bool acc = operand == Operand::c || operand == Operand::d;
  f.opsel = acc ? a.opsel : 0;
  f.transposed = transposed;
  return true;
}

LogicalResult FragAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               Operand operand, Layout layout, bool transposed,
                               AtomAttr atom) {
  if (atom && atom.getSparse())
    return emitError() << "invalid fragment: fragments of sparse atoms "
                          "(v_swmmac) are not modelled; wmma.sparse_mma takes "
                          "the instruction's register form";
  wmma_frag_desc f;
  if (!buildDesc(operand, layout, transposed, atom, f))
    return emitError() << "invalid fragment: its atom does not name a WMMA "
                          "instruction";
  char msg[512] = {0};
  if (wmma_frag_check(&f, msg, sizeof msg))
    return emitError() << "invalid fragment: " << msg;
  return success();
}

bool FragAttr::getDesc(wmma_frag_desc &f) const {
  return buildDesc(getOperand(), getLayout(), getTransposed(), getAtom(), f);
}

VectorType FragAttr::getVectorType() const {
  wmma_frag_desc f;
  if (!getDesc(f))
    return {};
  Type elem = unwrap(wmma_type_of_elem(wrap(getContext()), wmma_frag_elem(&f)));
  if (!elem)
    return {};
  return VectorType::get({wmma_frag_length(&f)}, elem);
}

//===----------------------------------------------------------------------===//
// Op verifier hooks
//===----------------------------------------------------------------------===//

SmallVector<StringRef, 1> mlir::wmma::getTargetChips(Operation *gpuModule) {
  SmallVector<StringRef, 1> chips;
  auto module = dyn_cast_or_null<gpu::GPUModuleOp>(gpuModule);
  if (!module || !module.getTargetsAttr())
    return chips;
  for (Attribute t : module.getTargetsAttr())
    if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(t))
      chips.push_back(rocdl.getChip());
  return chips;
}

/// The atom's architecture must match the chip of every #rocdl.target of the
/// enclosing gpu.module (when there is one).
static LogicalResult verifyChip(Operation *op, AtomAttr atom) {
  for (StringRef target :
       getTargetChips(op->getParentOfType<gpu::GPUModuleOp>())) {
    std::string chip = target.str();
    wmma_arch arch = wmma_chip_arch(chip.c_str());
    if (arch == WMMA_ARCH_INVALID)
      return op->emitOpError("enclosing gpu.module targets unknown chip '")
             << chip << "'; supported chips: " << wmma_supported_chips();
    if (static_cast<int>(arch) != static_cast<int>(atom.getArch()))
      return op->emitOpError("atom is for ")
             << stringifyArch(atom.getArch()) << " but the enclosing gpu.module "
             << "targets " << chip << " (" << wmma_arch_name(arch) << ")";
  }
  return success();
}

static LogicalResult expectFragType(Operation *op, StringRef what, Type actual,
                                    FragAttr frag) {
  VectorType expected = frag.getVectorType();
  if (!expected)
    return op->emitOpError("cannot derive the vector type of ") << what;
  if (actual != expected) {
    wmma_frag_desc f;
    frag.getDesc(f);
    const wmma_instr_info *info = wmma_instr_get(f.instr);
    return op->emitOpError() << what << " must be " << expected << " (the "
                             << stringifyLayout(frag.getLayout()) << " "
                             << stringifyOperand(frag.getOperand())
                             << " fragment of " << info->isa_name << " on "
                             << stringifyArch(frag.getAtom().getArch())
                             << "), but got " << actual;
  }
  return success();
}

static FragAttr makeFrag(AtomAttr atom, Operand operand, Layout layout,
                         bool transposed = false) {
  return FragAttr::get(atom.getContext(), operand, layout, transposed, atom);
}

/// The fragment layout an operand was produced in, when its producer says.
static FragAttr producerFrag(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return {};
  if (auto load = dyn_cast<LoadOp>(def))
    return load.getFrag();
  if (auto relayout = dyn_cast<RelayoutOp>(def))
    return relayout.getTo();
  if (auto expand = dyn_cast<ExpandOp>(def))
    return expand.getResultFrag();
  return {}; // e.g. wmma.fill: a splat has no K order
}

LogicalResult MmaOp::verify() {
  AtomAttr atom = getAtom();
  if (atom.getSparse())
    return emitOpError("takes a dense atom; a sparse atom (v_swmmac) is the "
                       "atom of wmma.sparse_mma");
  if (failed(verifyChip(*this, atom)))
    return failure();
  if (failed(expectFragType(*this, "A operand", getA().getType(),
                            makeFrag(atom, Operand::a, Layout::hw))) ||
      failed(expectFragType(*this, "B operand", getB().getType(),
                            makeFrag(atom, Operand::b, Layout::hw))) ||
      failed(expectFragType(*this, "accumulator", getC().getType(),
                            makeFrag(atom, Operand::c, Layout::hw))))
    return failure();
  // A and B must share the K order; the producers' layouts tell.
  FragAttr fa = producerFrag(getA()), fb = producerFrag(getB());
  if (fa && fb) {
    wmma_frag_desc da, db;
    if (fa.getDesc(da) && fb.getDesc(db) && !wmma_k_orders_agree(&da, &db))
      return emitOpError("A and B use different K orders: A is ")
             << stringifyLayout(fa.getLayout()) << ", B is "
             << stringifyLayout(fb.getLayout())
             << "; the product would be silently wrong (load both in the "
                "same convention)";
  }
  for (auto [frag, what] : {std::pair{fa, "A"}, std::pair{fb, "B"}}) {
    if (frag && frag.getAtom().getArch() != atom.getArch())
      return emitOpError() << what << " operand was produced for "
                           << stringifyArch(frag.getAtom().getArch())
                           << " but the atom is for "
                           << stringifyArch(atom.getArch());
  }
  return success();
}

/// The vector type of one sparse operand: its registers as elements of the
/// operand's type (the layout engine counts the registers).
static VectorType sparseOperandType(AtomAttr atom, wmma_sparse_instr id,
                                    wmma_sparse_operand op) {
  const wmma_sparse_info *s = wmma_sparse_get(id);
  wmma_elem e = op == WMMA_SPARSE_A ? s->a : op == WMMA_SPARSE_B ? s->b : s->c;
  Type elem = unwrap(wmma_type_of_elem(wrap(atom.getContext()), e));
  if (!elem)
    return {};
  return VectorType::get({wmma_sparse_vgprs(id, op) * 32 / wmma_elem_bits(e)},
                         elem);
}

LogicalResult SparseMmaOp::verify() {
  AtomAttr atom = getAtom();
  if (!atom.getSparse())
    return emitOpError("takes a sparse atom (#wmma.atom<..., sparse>); a "
                       "dense atom is the atom of wmma.mma");
  if (failed(verifyChip(*this, atom)))
    return failure();
  wmma_atom_desc d;
  if (!atom.getDesc(d))
    return emitOpError("invalid atom");
  wmma_sparse_instr id = wmma_sparse_atom_check(&d, nullptr, 0);
  if (id == WMMA_SPARSE_COUNT)
    return emitOpError("the atom names no sparse WMMA instruction");
  const wmma_sparse_info *info = wmma_sparse_get(id);
  struct {
    const char *what;
    Type actual;
    wmma_sparse_operand op;
  } operands[] = {{"A operand (compressed)", getA().getType(), WMMA_SPARSE_A},
                  {"B operand", getB().getType(), WMMA_SPARSE_B},
                  {"accumulator", getC().getType(), WMMA_SPARSE_C}};
  for (auto &o : operands) {
    VectorType want = sparseOperandType(atom, id, o.op);
    if (!want)
      return emitOpError("cannot derive the vector type of ") << o.what;
    if (o.actual != want)
      return emitOpError() << o.what << " must be " << want << " (the "
                           << "register form of " << info->isa_name
                           << "), but got " << o.actual;
  }
  int keys = 32 / info->index_bits;
  int64_t key = getIndexKey();
  if (key < 0 || key >= keys)
    return emitOpError("index_key ")
           << key << " is out of range: " << info->isa_name << " reads "
           << info->index_bits << " index bits per lane, so index_key is "
           << (keys == 1 ? "0" : "0 or 1");
  return success();
}

static LogicalResult verifyTileAccess(Operation *op, MemRefType mem,
                                      size_t nIndices, FragAttr frag,
                                      bool masked, bool storage = false) {
  if (mem.getRank() < 2)
    return op->emitOpError("memref must have rank >= 2 (the tile spans the "
                           "last two dimensions), got ")
           << mem;
  if (static_cast<int64_t>(nIndices) != mem.getRank())
    return op->emitOpError("expected ")
           << mem.getRank() << " indices for " << mem << ", got " << nIndices;
  wmma_frag_desc f;
  if (!frag.getDesc(f))
    return op->emitOpError("invalid fragment");
  Type elem = unwrap(wmma_type_of_elem(wrap(op->getContext()), wmma_frag_elem(&f)));
  if (mem.getElementType() != elem && !storage)
    return op->emitOpError("memref element type ")
           << mem.getElementType() << " does not match the fragment element "
           << "type " << elem;
  int rows, cols;
  wmma_frag_dims(&f, &rows, &cols);
  ArrayRef<int64_t> shape = mem.getShape();
  int64_t r = shape[shape.size() - 2], c = shape[shape.size() - 1];
  // A masked access may hang over the edge; an unmasked one must fit.
  if (!masked && ((!ShapedType::isDynamic(r) && r < rows) ||
                  (!ShapedType::isDynamic(c) && c < cols)))
    return op->emitOpError("a ")
           << rows << "x" << cols << " tile does not fit in " << mem;
  return verifyChip(op, frag.getAtom());
}

LogicalResult LoadOp::verify() {
  // A storage load: the fragment's positions, the memref's element type.
  VectorType expected = getFrag().getVectorType();
  VectorType got = dyn_cast<VectorType>(getResult().getType());
  Type memElem = getMem().getType().getElementType();
  bool storage = expected && got && memElem != expected.getElementType() &&
                 got.getElementType() == memElem &&
                 got.getShape() == expected.getShape() &&
                 (memElem.isIntOrFloat());
  if (failed(verifyTileAccess(*this, getMem().getType(), getIndices().size(),
                              getFrag(), getMasked(), storage)))
    return failure();
  if (storage)
    return success();
  return expectFragType(*this, "result", getResult().getType(), getFrag());
}

LogicalResult StoreOp::verify() {
  if (failed(verifyTileAccess(*this, getMem().getType(), getIndices().size(),
                              getFrag(), getMasked())))
    return failure();
  return expectFragType(*this, "stored value", getValue().getType(), getFrag());
}

LogicalResult FillOp::verify() {
  if (failed(verifyChip(*this, getFrag().getAtom())))
    return failure();
  VectorType vt = getFrag().getVectorType();
  if (vt && getValue().getType() != vt.getElementType())
    return emitOpError("fill value must be ")
           << vt.getElementType() << ", got " << getValue().getType();
  return expectFragType(*this, "result", getResult().getType(), getFrag());
}

FragAttr ExpandOp::getSourceFrag() {
  return makeFrag(getAtom(), getRole(), Layout::compact);
}
FragAttr ExpandOp::getResultFrag() {
  return makeFrag(getAtom(), getRole(), Layout::hw);
}

LogicalResult ExpandOp::verify() {
  AtomAttr atom = getAtom();
  if (atom.getArch() != Arch::rdna3)
    return emitOpError("operand expansion exists only on rdna3 (rdna4 A/B "
                       "operands are not replicated); load the operand in "
                       "the hw or kcontig layout instead");
  if (getRole() != Operand::a && getRole() != Operand::b)
    return emitOpError("only A and B operands are expanded, got ")
           << stringifyOperand(getRole());
  if (failed(verifyChip(*this, atom)))
    return failure();
  if (failed(expectFragType(*this, "source", getSource().getType(),
                            getSourceFrag())))
    return failure();
  return expectFragType(*this, "result", getResult().getType(),
                        getResultFrag());
}

LogicalResult RelayoutOp::verify() {
  FragAttr from = getFrom(), to = getTo();
  if (from.getAtom().getArch() != to.getAtom().getArch())
    return emitOpError("cannot relayout between architectures (")
           << stringifyArch(from.getAtom().getArch()) << " -> "
           << stringifyArch(to.getAtom().getArch()) << ")";
  if (failed(verifyChip(*this, from.getAtom())))
    return failure();
  if (failed(expectFragType(*this, "source", getSource().getType(), from)) ||
      failed(expectFragType(*this, "result", getResult().getType(), to)))
    return failure();
  // Both types are the fragments' vector types now.
  Type se = cast<VectorType>(getSource().getType()).getElementType();
  Type de = cast<VectorType>(getResult().getType()).getElementType();
  bool convertible = se == de || (se.isF32() && (de.isF16() || de.isBF16()));
  if (!convertible)
    return emitOpError("cannot convert ")
           << se << " to " << de << " in a relayout (supported: same type, "
           << "f32 -> f16, f32 -> bf16)";
  wmma_frag_desc fs, fd;
  from.getDesc(fs);
  to.getDesc(fd);
  // The lowering plans the moves; here it is enough that a plan exists.
  char msg[512] = {0};
  if (wmma_relayout_check(&fs, &fd, msg, sizeof msg))
    return emitOpError("no relayout from ") << from << " to " << to << ": " << msg;
  return success();
}

LogicalResult TransposeOp::verify() {
  FragAttr frag = getFrag();
  if (failed(verifyChip(*this, frag.getAtom())))
    return failure();
  if (failed(expectFragType(*this, "source", getSource().getType(), frag)) ||
      failed(expectFragType(*this, "result", getResult().getType(), frag)))
    return failure();
  wmma_frag_desc f;
  if (!frag.getDesc(f))
    return emitOpError("invalid fragment");
  int rows, cols;
  wmma_frag_dims(&f, &rows, &cols);
  if (rows != 16 || cols != 16)
    return emitOpError("only 16x16 tiles are transposed, the ")
           << stringifyOperand(frag.getOperand()) << " fragment of "
           << wmma_instr_get(f.instr)->isa_name << " is " << rows << "x"
           << cols;
  wmma_elem e = wmma_frag_elem(&f);
  if (getMethod() == TransposeMethod::identity &&
      e != WMMA_ELEM_F16 && e != WMMA_ELEM_BF16)
    return emitOpError("the identity method multiplies by an identity "
                       "matrix with f16/bf16 operands; a ")
           << wmma_elem_name(e)
           << " fragment would be rounded (use the shuffle method)";
  // Both methods end in a relayout the planner must be able to program:
  // shuffle reads the source as the transposed fragment.
  wmma_frag_desc src = f;
  src.transposed = !f.transposed;
  char msg[512] = {0};
  if (wmma_relayout_check(&src, &f, msg, sizeof msg))
    return emitOpError("no transpose program for ") << frag << ": " << msg;
  return success();
}
