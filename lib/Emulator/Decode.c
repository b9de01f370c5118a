/* Decoding LLVM functions into the compact internal form (Inst records with
 * slot operands, Opcodes.h), once per function, before anything runs.
 * Everything that the interpreter cannot execute is reported here, naming
 * the instruction.  This file: the record storage, arithmetic and
 * control-flow instructions, calls and whole function bodies; vector and
 * aggregate moves (and the limits on wide integers) are in DecodeVec.c,
 * memory instructions in DecodeMem.c, intrinsics in DecodeIntr.c, the block
 * order in Cfg.c. */
#include "Alloc.h"
#include "Decode.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dec_error(Dec *d, const char *fmt, ...) {
  char msg[1024], where[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (d->cur) {
    emu_describe_inst(d->cur, where, sizeof where);
    prog_error(d->p, "in function '%s': %s: %s", d->f->name, msg, where);
  } else {
    prog_error(d->p, "in function '%s': %s", d->f->name, msg);
  }
  return -1;
}

int need_type(Dec *d, LLVMTypeRef t, VType *o) {
  if (emu_decode_type(t, o) == 0)
    return 0;
  char *s = LLVMPrintTypeToString(t);
  dec_error(d, "unsupported type %s", s);
  LLVMDisposeMessage(s);
  return -1;
}

int name_is(const char *name, const char *base) {
  size_t n = strlen(base);
  return strncmp(name, base, n) == 0 && (name[n] == 0 || name[n] == '.');
}

int const_int_arg(Dec *d, LLVMValueRef inst, unsigned i, int64_t *v) {
  LLVMValueRef a = LLVMGetOperand(inst, i);
  if (!LLVMIsAConstantInt(a) || LLVMGetIntTypeWidth(LLVMTypeOf(a)) > 64)
    return dec_error(d, "operand %u must be a constant", i);
  *v = LLVMConstIntGetSExtValue(a);
  return 0;
}

/*===-- function storage --------------------------------------------------===*/

uint32_t push_extra(Func *f, uint32_t v) {
  if (f->nextra == f->cap_extra) {
    f->cap_extra = f->cap_extra ? 2 * f->cap_extra : 256;
    f->extra = emu_xrealloc(f->extra, f->cap_extra, sizeof *f->extra);
  }
  f->extra[f->nextra] = v;
  return f->nextra++;
}

void push_extra64(Func *f, uint64_t v) {
  push_extra(f, (uint32_t)v);
  push_extra(f, (uint32_t)(v >> 32));
}

/* Makes in an OP_GATHER of n slots; the caller pushes the n source slots. */
void gather_begin(Dec *d, Inst *in, uint32_t n) {
  in->op = OP_GATHER;
  in->x = d->f->nextra;
  in->xn = n;
}

/* Makes in a plain copy of the n consecutive slots starting at src. */
void gather_copy(Dec *d, Inst *in, uint32_t src, uint32_t n) {
  gather_begin(d, in, n);
  for (uint32_t e = 0; e < n; e++)
    push_extra(d->f, src + e);
}

Inst *push_inst(Dec *d) {
  Func *f = d->f;
  if (f->ninst == f->cap_inst) {
    uint32_t cap = f->cap_inst ? 2 * f->cap_inst : 256;
    f->insts = emu_xrealloc(f->insts, cap, sizeof *f->insts);
    f->srcs = emu_xrealloc(f->srcs, cap, sizeof *f->srcs);
    f->cap_inst = cap;
  }
  Inst *in = &f->insts[f->ninst];
  memset(in, 0, sizeof *in);
  in->dst = in->a = in->b = in->c = in->d = NO_SLOT;
  in->n = 1;
  in->src = f->ninst;
  f->srcs[f->ninst] = d->cur;
  f->ninst++;
  return in;
}

static uint32_t pool_alloc(Func *f, uint32_t n) {
  if (f->ncpool + n > f->cap_cpool) {
    while (f->ncpool + n > f->cap_cpool)
      f->cap_cpool = f->cap_cpool ? 2 * f->cap_cpool : 64;
    f->cpool = emu_xrealloc(f->cpool, (size_t)f->cap_cpool * NLANES, sizeof(uint64_t));
  }
  uint32_t s = f->ncpool;
  f->ncpool += n;
  return s;
}

static uint32_t const_slot(Dec *d, LLVMValueRef c, uint32_t n) {
  uint32_t s;
  if (ptrmap_get(&d->consts, c, &s))
    return s;
  uint64_t tmp[65536 / 8];
  uint64_t *vals = n <= sizeof tmp / sizeof tmp[0] ? tmp : emu_scratch(n, sizeof(uint64_t));
  if (emu_const_eval(d->p, c, vals)) {
    char msg[2048];
    snprintf(msg, sizeof msg, "%s", d->p->err);
    if (vals != tmp)
      emu_scratch_free(vals);
    dec_error(d, "%s", msg);
    return NO_SLOT;
  }
  s = pool_alloc(d->f, n);
  for (uint32_t e = 0; e < n; e++)
    for (int l = 0; l < NLANES; l++)
      d->f->cpool[(size_t)(s + e) * NLANES + l] = vals[e];
  if (vals != tmp)
    emu_scratch_free(vals);
  s |= CONST_BIT;
  ptrmap_put(&d->consts, c, s);
  return s;
}

/* Slot of an operand: register of an argument/instruction, or pool slot. */
uint32_t opnd(Dec *d, LLVMValueRef v) {
  uint32_t s;
  if (ptrmap_get(&d->vals, v, &s))
    return s;
  if (LLVMIsAConstant(v)) {
    VType t;
    if (need_type(d, LLVMTypeOf(v), &t))
      return NO_SLOT;
    return const_slot(d, v, t.n);
  }
  dec_error(d, "unsupported operand");
  return NO_SLOT;
}


/*===-- instructions ------------------------------------------------------===*/

static int bb_index(Dec *d, LLVMBasicBlockRef bb, uint32_t *idx) {
  if (!ptrmap_get(&d->bbmap, bb, idx))
    return dec_error(d, "branch to an unreachable block");
  return 0;
}

static int decode_call(Dec *d, LLVMValueRef inst, Inst *in, const VType *rt) {
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (LLVMIsAInlineAsm(callee)) {
    /* An empty asm whose one output is tied to its one operand (the
     * attention template's hints: "=v,0" an operand in a register pair,
     * "=s,0" an index LLVM must not fold or hoist) is the identity. */
    size_t alen = 0, clen = 0;
    const char *as = LLVMGetInlineAsmAsmString(callee, &alen);
    const char *cs = LLVMGetInlineAsmConstraintString(callee, &clen);
    if (as && cs && alen == 0 && clen == 4 &&
        (!strncmp(cs, "=v,0", 4) || !strncmp(cs, "=s,0", 4)) &&
        LLVMGetNumArgOperands(inst) == 1) {
      uint32_t s;
      OPND(s, LLVMGetOperand(inst, 0));
      gather_copy(d, in, s, rt->n);
      return 0;
    }
    return dec_error(d, "inline assembly is not supported");
  }
  if (!LLVMIsAFunction(callee))
    return dec_error(d, "indirect calls are not supported");
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  if (len > 5 && strncmp(name, "llvm.", 5) == 0)
    return decode_intrinsic(d, inst, name, in, rt);
  if (LLVMIsDeclaration(callee))
    return dec_error(d, "call to undefined function '%.*s'", (int)len, name);
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(callee)))
    return dec_error(d, "variadic functions are not supported");
  Func *g = emu_get_func(d->p, callee);
  if (g->state == 1)
    return dec_error(d, "recursive call to '%s' is not supported", g->name);
  LLVMValueRef saved = d->cur;
  uint32_t self = (uint32_t)(in - d->f->insts);
  if (emu_decode(d->p, g))
    return -1;
  d->cur = saved;
  in = &d->f->insts[self];
  in->op = OP_CALL;
  in->imm = g->index;
  unsigned nargs = LLVMGetNumArgOperands(inst);
  if (nargs != g->nparams)
    return dec_error(d, "call with the wrong number of arguments");
  in->x = d->f->nextra;
  in->xn = nargs;
  for (unsigned i = 0; i < nargs; i++) {
    uint32_t s;
    OPND(s, LLVMGetOperand(inst, i));
    push_extra(d->f, s);
  }
  if (d->f->max_callee < g->stack_bytes)
    d->f->max_callee = g->stack_bytes;
  return 0;
}

static int decode_binary(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in,
                         const VType *rt) {
  static const uint8_t map[] = {[LLVMAdd] = IB_ADD, [LLVMSub] = IB_SUB,
      [LLVMMul] = IB_MUL, [LLVMUDiv] = IB_UDIV, [LLVMSDiv] = IB_SDIV,
      [LLVMURem] = IB_UREM, [LLVMSRem] = IB_SREM, [LLVMShl] = IB_SHL,
      [LLVMLShr] = IB_LSHR, [LLVMAShr] = IB_ASHR, [LLVMAnd] = IB_AND,
      [LLVMOr] = IB_OR, [LLVMXor] = IB_XOR};
  if (rt->sk != SK_INT)
    return dec_error(d, "unsupported operand type");
  in->op = OP_IBIN;
  in->sub = map[op];
  if (rt->bits == 32 && in->sub == IB_ADD)
    in->op = OP_IBIN32_ADD;
  if (rt->bits == 32 && in->sub == IB_MUL)
    in->op = OP_IBIN32_MUL;
  OPND(in->a, LLVMGetOperand(inst, 0));
  OPND(in->b, LLVMGetOperand(inst, 1));
  return 0;
}

static int decode_branch(Dec *d, LLVMValueRef inst, Inst *in) {
  uint32_t t0, t1;
  if (LLVMGetNumSuccessors(inst) == 1) {
    if (bb_index(d, LLVMGetSuccessor(inst, 0), &t0))
      return -1;
    in->op = OP_BR;
    in->imm = t0;
    return 0;
  }
  if (bb_index(d, LLVMGetSuccessor(inst, 0), &t0) ||
      bb_index(d, LLVMGetSuccessor(inst, 1), &t1))
    return -1;
  in->op = OP_CONDBR;
  OPND(in->a, LLVMGetCondition(inst));
  in->b = t0;
  in->c = t1;
  return 0;
}

static int decode_switch(Dec *d, LLVMValueRef inst, Inst *in) {
  VType ct;
  if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &ct))
    return -1;
  in->op = OP_SWITCH;
  in->bits = ct.bits;
  OPND(in->a, LLVMGetOperand(inst, 0));
  uint32_t def;
  if (bb_index(d, LLVMGetSwitchDefaultDest(inst), &def))
    return -1;
  in->b = def;
  /* Successor 0 is the default; successor i > 0 has case value i. */
  unsigned ns = LLVMGetNumSuccessors(inst);
  in->x = d->f->nextra;
  in->xn = ns - 1;
  for (unsigned i = 1; i < ns; i++) {
    LLVMValueRef cv = LLVMGetSwitchCaseValue(inst, i);
    uint32_t tb;
    if (!cv || !LLVMIsAConstantInt(cv) || LLVMGetIntTypeWidth(LLVMTypeOf(cv)) > 64 ||
        bb_index(d, LLVMGetSuccessor(inst, i), &tb))
      return dec_error(d, "unsupported switch");
    push_extra64(d->f, LLVMConstIntGetZExtValue(cv));
    push_extra(d->f, tb);
  }
  return 0;
}

static int decode_inst(Dec *d, LLVMValueRef inst) {
  d->cur = inst;
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMTypeRef ty = LLVMTypeOf(inst);
  VType rt;
  memset(&rt, 0, sizeof rt);
  rt.n = 1;
  uint32_t dst = NO_SLOT;
  if (LLVMGetTypeKind(ty) != LLVMVoidTypeKind) {
    if (need_type(d, ty, &rt))
      return -1;
    ptrmap_get(&d->vals, inst, &dst);
  }
  if (decode_wide_check(d, inst, op))
    return -1;
  Inst *in = push_inst(d);
  in->dst = dst;
  in->sk = rt.sk;
  in->bits = rt.bits;
  in->n = rt.n;
  in->mask = emu_mask(rt.bits);
  switch (op) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor:
    return decode_binary(d, inst, op, in, &rt);
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
    in->op = OP_FBIN;
    in->sub = op == LLVMFAdd ? FB_ADD : op == LLVMFSub ? FB_SUB
              : op == LLVMFMul ? FB_MUL : op == LLVMFDiv ? FB_DIV : FB_REM;
    OPND(in->a, LLVMGetOperand(inst, 0));
    OPND(in->b, LLVMGetOperand(inst, 1));
    return 0;
  case LLVMFNeg:
    in->op = OP_FNEG;
    OPND(in->a, LLVMGetOperand(inst, 0));
    return 0;
  case LLVMICmp: case LLVMFCmp: {
    VType ot;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &ot))
      return -1;
    in->op = op == LLVMICmp ? OP_ICMP : OP_FCMP;
    in->sk = ot.sk;
    in->bits = ot.bits;
    in->sub = op == LLVMICmp ? (uint8_t)LLVMGetICmpPredicate(inst)
                             : (uint8_t)LLVMGetFCmpPredicate(inst);
    OPND(in->a, LLVMGetOperand(inst, 0));
    OPND(in->b, LLVMGetOperand(inst, 1));
    return 0;
  }
  case LLVMSelect: {
    VType ct;
    if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &ct))
      return -1;
    in->op = OP_SELECT;
    in->flag = ct.n > 1;
    OPND(in->a, LLVMGetOperand(inst, 0));
    OPND(in->b, LLVMGetOperand(inst, 1));
    OPND(in->c, LLVMGetOperand(inst, 2));
    return 0;
  }
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPTrunc:
  case LLVMFPExt: case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP:
  case LLVMSIToFP: case LLVMPtrToInt: case LLVMPtrToAddr: case LLVMIntToPtr:
  case LLVMBitCast: case LLVMAddrSpaceCast:
    return decode_cast(d, inst, op, in, &rt);
  case LLVMExtractElement: case LLVMInsertElement:
    return decode_element(d, inst, op, in);
  case LLVMShuffleVector:
    return decode_shuffle(d, inst, in);
  case LLVMExtractValue: case LLVMInsertValue:
    return decode_aggregate(d, inst, op, in, &rt);
  case LLVMFreeze: {
    uint32_t s;
    OPND(s, LLVMGetOperand(inst, 0));
    gather_copy(d, in, s, rt.n);
    return 0;
  }
  case LLVMGetElementPtr:
    return decode_gep(d, inst, in, &rt);
  case LLVMLoad: case LLVMStore:
    return decode_load_store(d, inst, op, in);
  case LLVMAlloca:
    return decode_alloca(d, inst, in);
  case LLVMAtomicRMW: case LLVMAtomicCmpXchg:
    return decode_atomic(d, inst, op, in);
  case LLVMFence:
    in->op = OP_NOP;
    return 0;
  case LLVMCall:
    return decode_call(d, inst, in, &rt);
  case LLVMBr:
    return decode_branch(d, inst, in);
  case LLVMSwitch:
    return decode_switch(d, inst, in);
  case LLVMRet:
    in->op = OP_RET;
    in->n = 0;
    if (LLVMGetNumOperands(inst) > 0) {
      VType vt;
      if (need_type(d, LLVMTypeOf(LLVMGetOperand(inst, 0)), &vt))
        return -1;
      in->n = vt.n;
      OPND(in->a, LLVMGetOperand(inst, 0));
    }
    return 0;
  case LLVMUnreachable:
    in->op = OP_UNREACHABLE;
    return 0;
  default:
    return dec_error(d, "unsupported instruction (opcode %d)", (int)op);
  }
}

/*===-- functions ---------------------------------------------------------===*/

Func *emu_get_func(Program *p, LLVMValueRef fn) {
  uint32_t i;
  if (ptrmap_get(&p->func_map, fn, &i))
    return p->funcs[i];
  if (p->nfuncs == p->cap_funcs) {
    uint32_t cap = p->cap_funcs ? 2 * p->cap_funcs : 8;
    p->funcs = emu_xrealloc(p->funcs, cap, sizeof *p->funcs);
    p->cap_funcs = cap;
  }
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  char *copy = emu_xstrndup(name, len);
  Func *f = emu_alloc(1, sizeof *f);
  if (!f) {
    free(copy);
    emu_raise_oom(sizeof *f);
  }
  f->fn = fn;
  f->name = copy;
  f->index = p->nfuncs;
  p->funcs[p->nfuncs] = f;
  ptrmap_put(&p->func_map, fn, p->nfuncs++);
  return f;
}

void emu_func_free(Func *f) {
  if (!f)
    return;
  free(f->name);
  free(f->error);
  free(f->blocks);
  free(f->insts);
  free(f->extra);
  free(f->srcs);
  free(f->cpool);
  free(f->param_slot);
  free(f->param_nslots);
  for (uint32_t i = 0; i < f->nwmma; i++)
    free(f->wmma[i]);
  free(f->wmma);
  for (uint32_t i = 0; i < f->nswmmac; i++)
    free(f->swmmac[i]);
  free(f->swmmac);
  free(f);
}

/* An insertelement at a constant index, or a shufflevector that keeps the
 * elements of its first operand where they are (chains building a vector
 * piece by piece), into a vector nothing else reads updates that vector's
 * slots in place instead of copying all of them: its result takes the
 * operand's slots (*slot).  The operand must already have its slots. */
static int update_in_place(Dec *d, LLVMValueRef in, uint32_t *slot) {
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  if (op != LLVMInsertElement && op != LLVMShuffleVector)
    return 0;
  LLVMValueRef vec = LLVMGetOperand(in, 0);
  LLVMUseRef use = LLVMGetFirstUse(vec);
  /* Not a phi's slots: a phi of the same block could overwrite them while
   * another phi still has to read the result. */
  if (LLVMIsAConstant(vec) || !use || LLVMGetNextUse(use) ||
      (LLVMIsAInstruction(vec) && LLVMGetInstructionOpcode(vec) == LLVMPHI) ||
      !ptrmap_get(&d->vals, vec, slot))
    return 0;
  if (op == LLVMInsertElement)
    return LLVMIsAConstantInt(LLVMGetOperand(in, 2)) != NULL;
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(vec)), nm = LLVMGetNumMaskElements(in);
  if (nm != n || LLVMGetOperand(in, 1) == vec)
    return 0;
  for (unsigned e = 0; e < nm; e++) {
    int mv = LLVMGetMaskValue(in, e);
    if (mv >= 0 && (unsigned)mv < n && (unsigned)mv != e)
      return 0; /* moves an element of the first operand */
  }
  return 1;
}

static int decode_body(Dec *d) {
  Func *f = d->f;
  LLVMValueRef fn = f->fn;
  /* Blocks and successors. */
  uint32_t nb = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    nb++;
  if (nb == 0 || nb >= NO_BLOCK)
    return dec_error(d, "function has %u blocks", nb);
  /* Temporaries live in d (freed by emu_decode, also after a failed
   * allocation) or are scratch memory. */
  LLVMBasicBlockRef *bbs = emu_scratch(nb, sizeof *bbs);
  PtrMap *orig = &d->orig;
  nb = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    ptrmap_put(orig, bb, nb);
    bbs[nb++] = bb;
  }
  Cfg *g = &d->g;
  g->succ = emu_xalloc(nb, sizeof *g->succ);
  g->nsucc = emu_xalloc(nb, sizeof *g->nsucc);
  g->nb = nb;
  int rc = 0;
  for (uint32_t b = 0; b < nb && !rc; b++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[b]);
    d->cur = term;
    LLVMOpcode op = term ? LLVMGetInstructionOpcode(term) : LLVMRet;
    if (!term || (op != LLVMBr && op != LLVMSwitch && op != LLVMRet &&
                  op != LLVMUnreachable)) {
      rc = dec_error(d, "unsupported terminator");
      break;
    }
    unsigned ns = LLVMGetNumSuccessors(term);
    g->succ[b] = emu_xalloc((size_t)ns + 1, sizeof(uint32_t));
    for (unsigned i = 0; i < ns; i++) {
      uint32_t s;
      ptrmap_get(orig, LLVMGetSuccessor(term, i), &s);
      g->succ[b][g->nsucc[b]++] = s;
    }
  }
  d->cur = NULL;
  if (!rc)
    rc = cfg_order(d, g);
  if (rc) {
    emu_scratch_free(bbs);
    return -1;
  }
  f->blocks = emu_xalloc(g->nout, sizeof *f->blocks);
  f->nblocks = g->nout;
  for (uint32_t i = 0; i < g->nout; i++)
    ptrmap_put(&d->bbmap, bbs[g->out[i]], i);

  /* Slots: parameters, then every value-producing instruction. */
  f->nparams = LLVMCountParams(fn);
  f->param_slot = emu_xalloc((size_t)f->nparams + 1, sizeof *f->param_slot);
  f->param_nslots = emu_xalloc((size_t)f->nparams + 1, sizeof *f->param_nslots);
  for (uint32_t i = 0; i < f->nparams && !rc; i++) {
    VType t;
    LLVMValueRef p = LLVMGetParam(fn, i);
    if (need_type(d, LLVMTypeOf(p), &t)) {
      rc = -1;
      break;
    }
    f->param_slot[i] = f->nslots;
    f->param_nslots[i] = t.n;
    ptrmap_put(&d->vals, p, f->nslots);
    f->nslots += t.n;
  }
  VType rtv;
  LLVMTypeRef rty = LLVMGetReturnType(LLVMGlobalGetValueType(fn));
  if (!rc && LLVMGetTypeKind(rty) != LLVMVoidTypeKind) {
    if (need_type(d, rty, &rtv))
      rc = -1;
    else
      f->ret_nslots = rtv.n;
  }
  for (uint32_t i = 0; i < g->nout && !rc; i++) {
    for (LLVMValueRef in = LLVMGetFirstInstruction(bbs[g->out[i]]); in;
         in = LLVMGetNextInstruction(in)) {
      if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMVoidTypeKind)
        continue;
      VType t;
      d->cur = in;
      if (need_type(d, LLVMTypeOf(in), &t)) {
        rc = -1;
        break;
      }
      uint32_t reuse;
      if (update_in_place(d, in, &reuse)) {
        ptrmap_put(&d->vals, in, reuse);
        continue;
      }
      ptrmap_put(&d->vals, in, f->nslots);
      f->nslots += t.n;
      if (f->nslots >= (1u << 20)) {
        rc = dec_error(d, "function too large (more than 2^20 register slots)");
        break;
      }
    }
  }
  if (!rc) {
    d->zero_slot = pool_alloc(f, 1) | CONST_BIT;
    memset(f->cpool, 0, NLANES * sizeof(uint64_t));
  }

  /* Instructions, block by block in the new order; phis first. */
  for (uint32_t i = 0; i < g->nout && !rc; i++) {
    Block *blk = &f->blocks[i];
    blk->phi_first = f->ninst;
    LLVMValueRef in = LLVMGetFirstInstruction(bbs[g->out[i]]);
    /* All phis of the block first: a phi that reads any other phi of its
     * block (a swap, say) needs all incoming values read before any write. */
    PtrMap *phis = &d->phis;
    ptrmap_free(phis);
    ptrmap_init(phis);
    for (LLVMValueRef p = in; p && LLVMGetInstructionOpcode(p) == LLVMPHI;
         p = LLVMGetNextInstruction(p))
      ptrmap_put(phis, p, 1);
    for (; in && LLVMGetInstructionOpcode(in) == LLVMPHI; in = LLVMGetNextInstruction(in)) {
      d->cur = in;
      VType t;
      if (need_type(d, LLVMTypeOf(in), &t)) {
        rc = -1;
        break;
      }
      Inst *pi = push_inst(d);
      ptrmap_get(&d->vals, in, &pi->dst);
      pi->n = t.n;
      pi->x = f->nextra;
      unsigned ninc = LLVMCountIncoming(in);
      for (unsigned k = 0; k < ninc && !rc; k++) {
        uint32_t pb, s;
        if (!ptrmap_get(&d->bbmap, LLVMGetIncomingBlock(in, k), &pb))
          continue; /* edge from an unreachable block */
        LLVMValueRef iv = LLVMGetIncomingValue(in, k);
        s = opnd(d, iv);
        if (s == NO_SLOT) {
          rc = -1;
          break;
        }
        uint32_t dummy;
        if (ptrmap_get(phis, iv, &dummy))
          blk->phi_two_phase = 1;
        push_extra(f, pb);
        push_extra(f, s);
        pi->xn++;
      }
      blk->nphi++;
      blk->phi_slots += t.n;
    }
    if (blk->phi_two_phase && blk->phi_slots > f->max_phi_slots)
      f->max_phi_slots = blk->phi_slots;
    blk->first = f->ninst;
    for (; in && !rc; in = LLVMGetNextInstruction(in))
      if (decode_inst(d, in))
        rc = -1;
    blk->end = f->ninst;
  }
  emu_scratch_free(bbs);
  return rc;
}

/* decode_body inside a recovery scope: a failed allocation becomes the
 * decoder's error (the function's partial records are freed with it). */
static int decode_guarded(Dec *d) {
  EmuOom oom;
  if (setjmp(oom.jb)) {
    emu_oom_leave(&oom);
    d->cur = NULL;
    return dec_error(d, "out of host memory (a request of %zu bytes failed)",
                     oom.bytes);
  }
  emu_oom_enter(&oom);
  int rc = decode_body(d);
  emu_oom_leave(&oom);
  return rc;
}

int emu_decode(Program *p, Func *f) {
  if (f->state == 2)
    return 0;
  if (f->state == -1) {
    prog_error(p, "%s", f->error ? f->error : "decoding failed");
    return -1;
  }
  if (LLVMIsDeclaration(f->fn)) {
    prog_error(p, "function '%s' has no body", f->name);
    return -1;
  }
  f->state = 1;
  Dec d;
  memset(&d, 0, sizeof d);
  d.p = p;
  d.f = f;
  ptrmap_init(&d.vals);
  ptrmap_init(&d.consts);
  ptrmap_init(&d.bbmap);
  ptrmap_init(&d.orig);
  ptrmap_init(&d.phis);
  int rc = decode_guarded(&d);
  ptrmap_free(&d.vals);
  ptrmap_free(&d.consts);
  ptrmap_free(&d.bbmap);
  ptrmap_free(&d.orig);
  ptrmap_free(&d.phis);
  cfg_free(&d.g);
  if (rc) {
    f->state = -1;
    free(f->error);
    f->error = emu_strndup(p->err, sizeof p->err);
    return -1;
  }
  f->stack_bytes = ((f->frame_bytes + 15) & ~15u) + f->max_callee;
  emu_weigh_func(f);
  f->state = 2;
  return 0;
}
