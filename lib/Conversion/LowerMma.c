/* wmma-lower-mma: wmma.mma -> exactly one rocdl.wmma.* (plus the
 * conversions between the fragment element types and the types the ROCDL
 * intrinsics take: bf16 as i16 and 8-bit values packed in i32 by
 * vector.bitcast, 4-bit values packed in i32 by byte arithmetic), and
 * wmma.sparse_mma -> one llvm.amdgcn.swmmac.* through llvm.call_intrinsic
 * (MLIR 22's ROCDL has no swmmac op; the operands take the same types). */
#include "Lowering.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

/* The type rocdl.wmma.* takes for a fragment vector<N x elem> (see
 * docs/hardware.md, last section).  Null type if not representable. */
static MlirType rocdl_type(MlirType vec) {
  int64_t n;
  MlirType elem;
  if (!wb_is_vec1d(vec, &n, &elem) || n <= 0)
    return (MlirType){NULL};
  MlirContext ctx = mlirTypeGetContext(vec);
  if (mlirTypeIsABF16(elem))
    return wb_vec(n, mlirIntegerTypeGet(ctx, 16));
  int bits = wb_type_bits(elem);
  if (bits == 8 || bits == 4) {
    int64_t total = n * bits;
    if (total % 32)
      return (MlirType){NULL};
    if (total == 32)
      return wb_i32(ctx);
    return wb_vec(total / 32, wb_i32(ctx));
  }
  if (bits == 16 || bits == 32)
    return vec;
  return (MlirType){NULL};
}

/* v's source when v is a vector.bitcast of whole-byte elements (i4
 * fragments read packed from LDS: their bytes are the packed words). */
static MlirValue bitcast_source(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return (MlirValue){NULL};
  MlirOperation op = mlirOpResultGetOwner(v);
  if (!wmma_op_is(op, "vector.bitcast") || mlirOperationGetNumOperands(op) != 1)
    return (MlirValue){NULL};
  MlirValue src = mlirOperationGetOperand(op, 0);
  return wb_type_bits(wb_elem_type(mlirValueGetType(src))) >= 8
             ? src
             : (MlirValue){NULL};
}

/* Fragment vector <-> rocdl type: a bitcast, through vector<1xi32> where
 * the rocdl side is a scalar i32.  i4 fragments are packed on their bytes
 * (wb_pack_nibbles: the backend would bitcast a sub-byte vector through a
 * stack slot), unless they are a bitcast of packed bytes already. */
static MlirValue rocdl_cast(wb_t *b, MlirValue v, MlirType to) {
  MlirType from = mlirValueGetType(v);
  if (mlirTypeEqual(from, to))
    return v;
  if (wb_type_bits(wb_elem_type(from)) == 4) {
    MlirValue src = bitcast_source(v);
    if (mlirValueIsNull(src)) {
      MlirValue w = wb_pack_nibbles(b, v);
      return mlirTypeIsAVector(to) ? w : wb_extract(b, w, 0);
    }
    v = src;
    from = mlirValueGetType(v);
  }
  if (!mlirTypeIsAVector(to))
    return wb_extract(b, wb_bitcast(b, v, wb_vec(1, to)), 0);
  if (!mlirTypeIsAVector(from))
    v = wb_broadcast(b, v, wb_vec(1, from));
  return wb_bitcast(b, v, to);
}

static const char *operand_name[4] = {"A operand", "B operand",
                                      "C operand", "result"};

static int check_mma(MlirOperation op, void *ctx_unused, bool emit) {
  MlirAttribute atom = wmma_attr(op, "atom");
  if (!wmmaAttributeIsAAtom(atom)) {
    if (emit)
      wmma_error(op, "wmma.mma without a #wmma.atom 'atom' attribute");
    return -1;
  }
  wmma_instr instr = wmmaAtomAttrGetInstr(atom);
  const wmma_instr_info *info = wmma_instr_get(instr);
  if (!info || !info->rocdl_name) {
    if (emit)
      wmma_error(op, "the atom names no WMMA instruction");
    return -1;
  }
  MlirContext ctx = mlirOperationGetContext(op);
  if (!mlirContextIsRegisteredOperation(ctx, wmma_sref(info->rocdl_name))) {
    if (emit)
      wmma_error(op, "'%s' is not a registered operation (is the rocdl dialect "
                     "loaded?)",
                 info->rocdl_name);
    return -1;
  }
  if (mlirOperationGetNumOperands(op) != 3 ||
      mlirOperationGetNumResults(op) != 1) {
    if (emit)
      wmma_error(op, "wmma.mma takes 3 operands and has 1 result");
    return -1;
  }
  MlirType types[4] = {
      mlirValueGetType(mlirOperationGetOperand(op, 0)),
      mlirValueGetType(mlirOperationGetOperand(op, 1)),
      mlirValueGetType(mlirOperationGetOperand(op, 2)),
      mlirValueGetType(mlirOperationGetResult(op, 0))};
  for (int i = 0; i < 4; ++i) {
    MlirAttribute frag = wmmaFragAttrGet(ctx, (wmma_matrix)i, WMMA_LAYOUT_HW,
                                         false, atom);
    MlirType want = wmmaFragAttrGetVectorType(frag);
    if (!mlirTypeIsNull(want) && !mlirTypeEqual(want, types[i])) {
      if (emit) {
        char got_s[128], want_s[128];
        wb_type_str(types[i], got_s, sizeof got_s);
        wb_type_str(want, want_s, sizeof want_s);
        wmma_error(op, "%s of %s must be %s, got %s", operand_name[i],
                   info->isa_name, want_s, got_s);
      }
      return -1;
    }
    if (mlirTypeIsNull(rocdl_type(types[i]))) {
      if (emit) {
        char got_s[128];
        wb_type_str(types[i], got_s, sizeof got_s);
        wmma_error(op, "%s type %s has no ROCDL equivalent", operand_name[i],
                   got_s);
      }
      return -1;
    }
  }
  return 0;
}

static int rewrite_mma(wb_t *b, MlirOperation op, void *ctx_unused) {
  MlirAttribute atom = wmma_attr(op, "atom");
  wmma_atom_desc desc;
  memset(&desc, 0, sizeof desc);
  if (!wmmaAtomAttrGetDesc(atom, &desc))
    return -1;
  const wmma_instr_info *info = wmma_instr_get(wmmaAtomAttrGetInstr(atom));
  if (!info)
    return -1;

  MlirValue ops[3];
  for (int i = 0; i < 3; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    ops[i] = rocdl_cast(b, v, rocdl_type(mlirValueGetType(v)));
  }
  MlirType dty = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType rty = rocdl_type(dty);

  MlirNamedAttribute attrs[3];
  int nattrs = 0;
  if (info->is_integer) {
    attrs[nattrs++] =
        wb_named(b->ctx, "signA", mlirBoolAttrGet(b->ctx, desc.sign_a != 0));
    attrs[nattrs++] =
        wb_named(b->ctx, "signB", mlirBoolAttrGet(b->ctx, desc.sign_b != 0));
    attrs[nattrs++] =
        wb_named(b->ctx, "clamp", mlirBoolAttrGet(b->ctx, desc.clamp != 0));
  } else if (info->has_opsel) {
    attrs[nattrs++] =
        wb_named(b->ctx, "opsel", mlirBoolAttrGet(b->ctx, desc.opsel != 0));
  }
  MlirValue res = wb_op1(b, info->rocdl_name, 3, ops, rty, nattrs, attrs);
  res = mlirValueIsNull(res) ? res : rocdl_cast(b, res, dty);
  if (mlirValueIsNull(res))
    return -1;
  mlirRewriterBaseReplaceOpWithValues(b->rw, op, 1, &res);
  return 0;
}

static int check_sparse_mma(MlirOperation op, void *ctx_unused, bool emit) {
  MlirAttribute atom = wmma_attr(op, "atom");
  const wmma_sparse_info *info =
      wmma_sparse_get(wmmaAtomAttrGetSparseInstr(atom));
  if (!info) {
    if (emit)
      wmma_error(op, "wmma.sparse_mma without a sparse #wmma.atom 'atom'");
    return -1;
  }
  if (mlirOperationGetNumOperands(op) != 4 ||
      mlirOperationGetNumResults(op) != 1) {
    if (emit)
      wmma_error(op, "wmma.sparse_mma takes 4 operands and has 1 result");
    return -1;
  }
  /* The verifier checked the types; each must have an intrinsic form. */
  for (int i = 0; i < 3; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirTypeIsNull(rocdl_type(t))) {
      if (emit) {
        char got_s[128];
        wb_type_str(t, got_s, sizeof got_s);
        wmma_error(op, "%s type %s has no intrinsic equivalent",
                   operand_name[i], got_s);
      }
      return -1;
    }
  }
  return 0;
}

/* The index operand of the intrinsic: the whole register (i32) where the
 * instruction reads 32 bits, else the 16-bit half index_key selects (the
 * backend folds the shift into the instruction's index_key). */
static MlirValue index_operand(wb_t *b, MlirOperation op,
                               const wmma_sparse_info *info) {
  MlirValue idx = mlirOperationGetOperand(op, 3);
  if (info->index_bits == 32)
    return idx;
  MlirAttribute key = wmma_attr(op, "index_key");
  int64_t k = mlirAttributeIsAInteger(key) ? mlirIntegerAttrGetValueInt(key) : 0;
  if (k)
    idx = wb_arith(b, "arith.shrui", idx, wb_const_i32(b, 16));
  return wb_cast(b, "arith.trunci", idx, mlirIntegerTypeGet(b->ctx, 16));
}

static int rewrite_sparse_mma(wb_t *b, MlirOperation op, void *ctx_unused) {
  MlirAttribute atom = wmma_attr(op, "atom");
  wmma_atom_desc desc;
  memset(&desc, 0, sizeof desc);
  const wmma_sparse_info *info =
      wmma_sparse_get(wmmaAtomAttrGetSparseInstr(atom));
  if (!info || !wmmaAtomAttrGetDesc(atom, &desc))
    return -1;
  MlirValue abc[3];
  for (int i = 0; i < 3; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    abc[i] = rocdl_cast(b, v, rocdl_type(mlirValueGetType(v)));
  }
  MlirValue idx = index_operand(b, op, info);
  /* Operand order of the intrinsics: (A, B, C, index), integer ones
   * (signA, A, signB, B, C, index, clamp) with immediate flags. */
  MlirValue args[7];
  int n = 0;
  if (info->is_integer) {
    args[n++] = wb_const_bool(b, desc.sign_a != 0);
    args[n++] = abc[0];
    args[n++] = wb_const_bool(b, desc.sign_b != 0);
    args[n++] = abc[1];
    args[n++] = abc[2];
    args[n++] = idx;
    args[n++] = wb_const_bool(b, desc.clamp != 0);
  } else {
    args[n++] = abc[0], args[n++] = abc[1], args[n++] = abc[2];
    args[n++] = idx;
  }
  MlirType dty = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirValue res =
      wb_call_intrinsic(b, info->intrinsic, n, args, rocdl_type(dty));
  res = mlirValueIsNull(res) ? res : rocdl_cast(b, res, dty);
  if (mlirValueIsNull(res))
    return -1;
  mlirRewriterBaseReplaceOpWithValues(b->rw, op, 1, &res);
  return 0;
}

static const wb_lowering mma_lowerings[] = {
    {"wmma.mma", check_mma, rewrite_mma},
    {"wmma.sparse_mma", check_sparse_mma, rewrite_sparse_mma},
};

static void run_lower_mma(MlirOperation op, MlirExternalPass pass, void *ud) {
  if (wb_run_lowerings(op, mma_lowerings, 2, NULL))
    mlirExternalPassSignalFailure(pass);
}

static _Alignas(8) char lower_mma_id;

MlirPass wmmaCreateLowerMmaPass(void) {
  wb_pass_def def = {.type_id = mlirTypeIDCreate(&lower_mma_id),
                     .name = "WmmaLowerMma",
                     .argument = "wmma-lower-mma",
                     .description = "Lower wmma.mma to one rocdl.wmma.* each and "
                                    "wmma.sparse_mma to one "
                                    "llvm.amdgcn.swmmac.* intrinsic call",
                     .run = run_lower_mma};
  return wb_create_pass(&def, NULL);
}
