//===- Dialect.cpp - C API of the wmma dialect ----------------------------===//
// Registration handle, attribute and gpu.module target accessors: wrap/unwrap
// only.
#include "wmma-c/Dialect.h"

#include "mlir/CAPI/AffineMap.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "wmma/Dialect/ElementTypes.h"
#include "wmma/Dialect/LaunchCheck.h"
#include "wmma/Dialect/WmmaDialect.h"

#include <algorithm>
#include <cstring>

using namespace mlir;
using namespace mlir::wmma;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(WMMA, wmma, mlir::wmma::WMMADialect)

void wmmaRegisterDialects(MlirDialectRegistry registry) {
  unwrap(registry)
      ->insert<WMMADialect, arith::ArithDialect, vector::VectorDialect,
               memref::MemRefDialect, LLVM::LLVMDialect, ROCDL::ROCDLDialect,
               gpu::GPUDialect, func::FuncDialect, scf::SCFDialect,
               cf::ControlFlowDialect>();
}

/// The context to build wmma attributes in, with the dialect loaded (a
/// dialect that is only registered would crash the attribute storage), or
/// null if there is none.
static MLIRContext *wmmaContext(MlirContext ctx) {
  if (mlirContextIsNull(ctx))
    return nullptr;
  MLIRContext *context = unwrap(ctx);
  context->getOrLoadDialect<WMMADialect>();
  return context;
}

bool wmmaAttributeIsAAtom(MlirAttribute attr) {
  return !mlirAttributeIsNull(attr) && isa<AtomAttr>(unwrap(attr));
}

/// The int a C caller passed as an enum.  C++ may assume an unscoped enum
/// holds only its enumerators' range (UBSan: "not a valid value"), while C
/// callers may pass any int: read the bytes, not the enum.
template <typename E> static int enumValue(const E &e) {
  static_assert(sizeof(E) == sizeof(int), "C enums are int-sized");
  int v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

MlirAttribute wmmaAtomAttrGet(MlirContext ctx, wmma_arch arch, unsigned m,
                              unsigned n, unsigned k, MlirType aType,
                              MlirType bType, MlirType accType, bool signA,
                              bool signB, bool clamp, unsigned opsel) {
  // Check through the layout engine first: AtomAttr::get does not verify
  // (wmma_atom_check also rejects an unknown arch).
  int a = enumValue(arch);
  if (mlirTypeIsNull(aType) || mlirTypeIsNull(bType) ||
      mlirTypeIsNull(accType) ||
      !wmma_arch_traits_get(static_cast<wmma_arch>(a)))
    return MlirAttribute{nullptr};
  wmma_atom_desc d;
  if (!AtomAttr::buildDesc(static_cast<Arch>(a), m, n, k, unwrap(aType),
                           unwrap(bType), unwrap(accType), signA, signB, clamp,
                           opsel, d) ||
      wmma_atom_check(&d, nullptr, 0) == WMMA_INSTR_COUNT)
    return MlirAttribute{nullptr};
  MLIRContext *context = wmmaContext(ctx);
  if (!context)
    return MlirAttribute{nullptr};
  return wrap(AtomAttr::get(context, static_cast<Arch>(arch), m, n, k,
                            unwrap(aType), unwrap(bType), unwrap(accType),
                            signA, signB, clamp, opsel, /*sparse=*/false));
}

MlirAttribute wmmaSparseAtomAttrGet(MlirContext ctx, wmma_arch arch,
                                    unsigned m, unsigned n, unsigned k,
                                    MlirType aType, MlirType bType,
                                    MlirType accType, bool signA, bool signB,
                                    bool clamp) {
  int a = enumValue(arch);
  if (mlirTypeIsNull(aType) || mlirTypeIsNull(bType) ||
      mlirTypeIsNull(accType) ||
      !wmma_arch_traits_get(static_cast<wmma_arch>(a)))
    return MlirAttribute{nullptr};
  wmma_atom_desc d;
  if (!AtomAttr::buildDesc(static_cast<Arch>(a), m, n, k, unwrap(aType),
                           unwrap(bType), unwrap(accType), signA, signB, clamp,
                           0, d))
    return MlirAttribute{nullptr};
  d.sparse = 1;
  if (wmma_sparse_atom_check(&d, nullptr, 0) == WMMA_SPARSE_COUNT)
    return MlirAttribute{nullptr};
  MLIRContext *context = wmmaContext(ctx);
  if (!context)
    return MlirAttribute{nullptr};
  return wrap(AtomAttr::get(context, static_cast<Arch>(a), m, n, k,
                            unwrap(aType), unwrap(bType), unwrap(accType),
                            signA, signB, clamp, 0, /*sparse=*/true));
}

wmma_sparse_instr wmmaAtomAttrGetSparseInstr(MlirAttribute attr) {
  wmma_atom_desc d;
  if (!wmmaAtomAttrGetDesc(attr, &d) || !d.sparse)
    return WMMA_SPARSE_COUNT;
  return wmma_sparse_atom_check(&d, nullptr, 0);
}

wmma_arch wmmaAtomAttrGetArch(MlirAttribute attr) {
  if (!wmmaAttributeIsAAtom(attr))
    return WMMA_ARCH_INVALID;
  return static_cast<wmma_arch>(
      static_cast<int>(cast<AtomAttr>(unwrap(attr)).getArch()));
}

MlirType wmmaAtomAttrGetAType(MlirAttribute attr) {
  if (!wmmaAttributeIsAAtom(attr))
    return MlirType{nullptr};
  return wrap(cast<AtomAttr>(unwrap(attr)).getAType());
}
MlirType wmmaAtomAttrGetBType(MlirAttribute attr) {
  if (!wmmaAttributeIsAAtom(attr))
    return MlirType{nullptr};
  return wrap(cast<AtomAttr>(unwrap(attr)).getBType());
}
MlirType wmmaAtomAttrGetAccType(MlirAttribute attr) {
  if (!wmmaAttributeIsAAtom(attr))
    return MlirType{nullptr};
  return wrap(cast<AtomAttr>(unwrap(attr)).getAccType());
}

bool wmmaAtomAttrGetDesc(MlirAttribute attr, wmma_atom_desc *desc) {
  if (!desc || !wmmaAttributeIsAAtom(attr))
    return false;
  return cast<AtomAttr>(unwrap(attr)).getDesc(*desc);
}

wmma_instr wmmaAtomAttrGetInstr(MlirAttribute attr) {
  wmma_atom_desc d;
  if (!wmmaAtomAttrGetDesc(attr, &d))
    return WMMA_INSTR_COUNT;
  return wmma_atom_check(&d, nullptr, 0);
}

bool wmmaAttributeIsAFrag(MlirAttribute attr) {
  return !mlirAttributeIsNull(attr) && isa<FragAttr>(unwrap(attr));
}

MlirAttribute wmmaFragAttrGet(MlirContext ctx, wmma_matrix operand,
                              wmma_layout_kind layout, bool transposed,
                              MlirAttribute atom) {
  int op = enumValue(operand), lay = enumValue(layout);
  if (!wmmaAttributeIsAAtom(atom) || op < 0 || op >= WMMA_MATRIX_COUNT ||
      lay < 0 || lay >= WMMA_LAYOUT_COUNT)
    return MlirAttribute{nullptr};
  auto atomAttr = cast<AtomAttr>(unwrap(atom));
  auto role = static_cast<Operand>(op);
  auto kind = static_cast<Layout>(lay);
  // Validate through the layout engine before building.
  wmma_frag_desc f;
  if (!FragAttr::buildDesc(role, kind, transposed, atomAttr, f) ||
      wmma_frag_check(&f, nullptr, 0))
    return MlirAttribute{nullptr};
  // The atom lives in a context; the fragment must live in the same one.
  MLIRContext *context = wmmaContext(ctx);
  if (context != atomAttr.getContext())
    return MlirAttribute{nullptr};
  return wrap(FragAttr::get(context, role, kind, transposed, atomAttr));
}

MlirAttribute wmmaFragAttrGetAtom(MlirAttribute attr) {
  if (!wmmaAttributeIsAFrag(attr))
    return MlirAttribute{nullptr};
  return wrap(cast<FragAttr>(unwrap(attr)).getAtom());
}

bool wmmaFragAttrGetDesc(MlirAttribute attr, wmma_frag_desc *desc) {
  if (!desc || !wmmaAttributeIsAFrag(attr))
    return false;
  return cast<FragAttr>(unwrap(attr)).getDesc(*desc);
}

MlirType wmmaFragAttrGetVectorType(MlirAttribute attr) {
  if (!wmmaAttributeIsAFrag(attr))
    return MlirType{nullptr};
  return wrap(cast<FragAttr>(unwrap(attr)).getVectorType());
}

bool wmmaAttributeIsAOperand(MlirAttribute attr) {
  return !mlirAttributeIsNull(attr) && isa<OperandAttr>(unwrap(attr));
}

wmma_matrix wmmaOperandAttrGetValue(MlirAttribute attr) {
  if (!wmmaAttributeIsAOperand(attr))
    return WMMA_MATRIX_COUNT;
  return static_cast<wmma_matrix>(
      static_cast<int>(cast<OperandAttr>(unwrap(attr)).getValue()));
}

MlirAttribute wmmaOperandAttrGet(MlirContext ctx, wmma_matrix role) {
  MLIRContext *context = wmmaContext(ctx);
  int r = enumValue(role);
  if (!context || r < 0 || r >= WMMA_MATRIX_COUNT)
    return MlirAttribute{nullptr};
  return wrap(OperandAttr::get(context, static_cast<Operand>(r)));
}

bool wmmaGPUModuleGetTargetChip(MlirOperation gpuModule, char *chip,
                                size_t cap) {
  if (chip && cap)
    chip[0] = 0;
  if (mlirOperationIsNull(gpuModule))
    return false;
  SmallVector<StringRef, 1> chips = getTargetChips(unwrap(gpuModule));
  if (chips.empty())
    return false;
  if (chip && cap) {
    size_t n = std::min(chips.front().size(), cap - 1);
    memcpy(chip, chips.front().data(), n);
    chip[n] = 0;
  }
  return true;
}

bool wmmaElemFromType(MlirType type, wmma_elem *elem) {
  return wmma_elem_of_type(type, elem);
}

MlirType wmmaElemToType(MlirContext ctx, wmma_elem elem) {
  int e = enumValue(elem);
  if (e < 0 || e >= WMMA_ELEM_COUNT)
    return MlirType{nullptr};
  return wmma_type_of_elem(ctx, static_cast<wmma_elem>(e));
}

bool wmmaAttributeIsALaunch(MlirAttribute attr) {
  return !mlirAttributeIsNull(attr) && isa<LaunchAttr>(unwrap(attr));
}

MlirAttribute wmmaLaunchAttrGet(MlirContext ctx, MlirAffineMap grid,
                                const int32_t *block, int64_t lds,
                                intptr_t nargs, const wmma_arg_role *roles,
                                const int64_t *host, intptr_t ndims,
                                const int64_t *dims) {
  if (mlirContextIsNull(ctx) || mlirAffineMapIsNull(grid) || !block ||
      nargs < 0 || ndims < 0 || (nargs && (!roles || !host)) ||
      (ndims && !dims))
    return MlirAttribute{nullptr};
  SmallVector<ArgRole> r;
  for (intptr_t i = 0; i < nargs; ++i) {
    int role = enumValue(roles[i]);
    if (role < WMMA_ARG_INPUT || role > WMMA_ARG_SPARSE_COL_INDEX)
      return MlirAttribute{nullptr};
    r.push_back(static_cast<ArgRole>(role));
  }
  AffineMap map = unwrap(grid);
  wmma_launch_info l{};
  l.grid_dims = static_cast<int>(map.getNumDims());
  l.grid_results = static_cast<int>(map.getNumResults());
  l.grid_symbols = static_cast<int>(map.getNumSymbols());
  l.block = block;
  l.nblock = 3;
  l.lds = lds;
  l.nroles = static_cast<int>(nargs);
  l.host = host;
  l.nhost = static_cast<int>(nargs);
  l.dims = dims;
  l.ndims = static_cast<int>(ndims);
  if (wmma_launch_check(&l, nullptr, 0))
    return MlirAttribute{nullptr};
  return wrap(LaunchAttr::get(wmmaContext(ctx), map, ArrayRef<int32_t>(block, 3),
                              lds, r, ArrayRef<int64_t>(host, nargs),
                              ArrayRef<int64_t>(dims, ndims)));
}

static LaunchAttr launchOf(MlirAttribute attr) {
  return wmmaAttributeIsALaunch(attr) ? cast<LaunchAttr>(unwrap(attr))
                                      : LaunchAttr();
}

MlirAffineMap wmmaLaunchAttrGetGrid(MlirAttribute attr) {
  LaunchAttr l = launchOf(attr);
  return l ? wrap(l.getGrid()) : MlirAffineMap{nullptr};
}

int32_t wmmaLaunchAttrGetBlock(MlirAttribute attr, intptr_t i) {
  LaunchAttr l = launchOf(attr);
  return l && i >= 0 && i < static_cast<intptr_t>(l.getBlock().size())
             ? l.getBlock()[i]
             : 0;
}

int64_t wmmaLaunchAttrGetLds(MlirAttribute attr) {
  LaunchAttr l = launchOf(attr);
  return l ? l.getLds() : 0;
}

intptr_t wmmaLaunchAttrGetNumArgs(MlirAttribute attr) {
  LaunchAttr l = launchOf(attr);
  return l ? static_cast<intptr_t>(l.getRoles().size()) : 0;
}

wmma_arg_role wmmaLaunchAttrGetRole(MlirAttribute attr, intptr_t i) {
  LaunchAttr l = launchOf(attr);
  if (!l || i < 0 || i >= static_cast<intptr_t>(l.getRoles().size()))
    return WMMA_ARG_INPUT;
  return static_cast<wmma_arg_role>(static_cast<int>(l.getRoles()[i]));
}

int64_t wmmaLaunchAttrGetHost(MlirAttribute attr, intptr_t i) {
  LaunchAttr l = launchOf(attr);
  if (!l || i < 0 || i >= static_cast<intptr_t>(l.getHost().size()))
    return 0;
  return l.getHost()[i];
}

intptr_t wmmaLaunchAttrGetNumDims(MlirAttribute attr) {
  LaunchAttr l = launchOf(attr);
  return l ? static_cast<intptr_t>(l.getDims().size()) : 0;
}

int64_t wmmaLaunchAttrGetDim(MlirAttribute attr, intptr_t i) {
  LaunchAttr l = launchOf(attr);
  if (!l || i < 0 || i >= static_cast<intptr_t>(l.getDims().size()))
    return 0;
  return l.getDims()[i];
}

bool wmmaAttributeIsASchedule(MlirAttribute attr) {
  return !mlirAttributeIsNull(attr) && isa<ScheduleAttr>(unwrap(attr));
}

MlirAttribute wmmaScheduleAttrGet(MlirContext ctx,
                                  const wmma_schedule_desc *d) {
  if (mlirContextIsNull(ctx) || !d || wmmaScheduleCheck(d, nullptr, 0) ||
      memchr(d->template_name, 0, sizeof d->template_name) == nullptr)
    return MlirAttribute{nullptr};
  // Plain templates name no instruction (wmmaScheduleCheck allowed it).
  const wmma_instr_info *info = wmma_instr_get(d->instr);
  StringRef instr = info ? StringRef(info->isa_name) : StringRef("none");
  bool tails[3] = {d->tails[0], d->tails[1], d->tails[2]};
  CopyKind copy[2] = {static_cast<CopyKind>(static_cast<int>(d->copy[0])),
                      static_cast<CopyKind>(static_cast<int>(d->copy[1]))};
  return wrap(ScheduleAttr::get(
      wmmaContext(ctx), StringRef(d->template_name), instr,
      static_cast<Staging>(static_cast<int>(d->staging)),
      ArrayRef<int64_t>(d->tile, 3), ArrayRef<int64_t>(d->waves, 2),
      ArrayRef<int64_t>(d->wave_tile, 2), d->stages, ArrayRef<bool>(tails, 3),
      unwrap(d->accumulator), d->acc_pack,
      static_cast<AccForm>(static_cast<int>(d->form)),
      ArrayRef<CopyKind>(copy, 2), d->causal,
      d->k_parts > 1 ? d->k_parts : 1));
}

bool wmmaScheduleAttrGetDesc(MlirAttribute attr, wmma_schedule_desc *d) {
  if (!wmmaAttributeIsASchedule(attr) || !d)
    return false;
  auto s = cast<ScheduleAttr>(unwrap(attr));
  *d = wmma_schedule_desc{};
  StringRef name = s.getTemplateName();
  if (name.size() >= sizeof d->template_name)
    return false;
  memcpy(d->template_name, name.data(), name.size());
  std::string instr = s.getInstruction().str();
  d->instr = wmma_instr_lookup(instr.c_str());
  d->staging = static_cast<wmma_sched_staging>(static_cast<int>(s.getStaging()));
  for (int i = 0; i < 3; ++i) {
    d->tile[i] = s.getTile()[i];
    d->tails[i] = s.getTails()[i];
  }
  for (int i = 0; i < 2; ++i) {
    d->waves[i] = s.getWaves()[i];
    d->wave_tile[i] = s.getWaveTile()[i];
    d->copy[i] = static_cast<wmma_copy_kind>(static_cast<int>(s.getCopy()[i]));
  }
  d->stages = s.getStages();
  d->accumulator = wrap(s.getAccumulator());
  d->acc_pack = s.getAccPack();
  d->form = static_cast<wmma_acc_form>(static_cast<int>(s.getForm()));
  d->causal = s.getCausal();
  d->k_parts = s.getKParts();
  return true;
}
