/* Internal interface of the decoder (Decode.c, DecodeMem.c, DecodeIntr.c,
 * Cfg.c): the state of one function being decoded and the helpers that
 * emit Inst records.  Not used above the program layer. */
#ifndef WMMA_EMULATOR_DECODE_H
#define WMMA_EMULATOR_DECODE_H

#include "Program.h"

/* Cfg.c: the block order (loop-contiguous reverse post-order). */
typedef struct {
  uint32_t nb;
  uint32_t **succ;
  uint32_t *nsucc;
  uint32_t nloops;
  uint32_t *loop_header;
  uint64_t **loop_body; /* bitsets */
  int32_t *loop_parent;
  int32_t *inl;         /* innermost loop of each block, -1 */
  uint32_t *stamp;
  uint32_t gen;
  uint32_t *out;
  uint32_t nout;
} Cfg;

typedef struct {
  Program *p;
  Func *f;
  PtrMap vals;   /* argument / instruction -> slot */
  PtrMap consts; /* constant -> pool slot */
  PtrMap bbmap;  /* LLVMBasicBlockRef -> new block index */
  PtrMap orig;   /* LLVMBasicBlockRef -> original block index */
  PtrMap phis;   /* the phis of the block being decoded */
  Cfg g;         /* the block graph and its order */
  LLVMValueRef cur;
  uint32_t zero_slot;
} Dec;

/* Sets the program error (naming the function and the current
 * instruction); returns -1. */
int dec_error(Dec *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int need_type(Dec *d, LLVMTypeRef t, VType *o);

uint32_t push_extra(Func *f, uint32_t v);
void push_extra64(Func *f, uint64_t v);
/* A new record for the current instruction (pointers into f->insts are
 * invalidated by the next push). */
Inst *push_inst(Dec *d);
/* Makes in an OP_GATHER of n slots; the caller pushes the n source slots. */
void gather_begin(Dec *d, Inst *in, uint32_t n);
/* Makes in a plain copy of the n consecutive slots starting at src. */
void gather_copy(Dec *d, Inst *in, uint32_t src, uint32_t n);
/* Slot of an operand: register of an argument/instruction, or pool slot;
 * NO_SLOT with the error set. */
uint32_t opnd(Dec *d, LLVMValueRef v);
#define OPND(var, v)                                                           \
  do {                                                                         \
    (var) = opnd(d, (v));                                                      \
    if ((var) == NO_SLOT)                                                      \
      return -1;                                                               \
  } while (0)
int const_int_arg(Dec *d, LLVMValueRef inst, unsigned i, int64_t *v);
/* name is base, or base followed by '.' and anything. */
int name_is(const char *name, const char *base);
/* "i32", "f16", "v2i32", "p3", "bf16", possibly chained: an overload
 * suffix rather than the name of another intrinsic. */
int is_type_suffix(const char *s);

/* Cfg.c */
int cfg_order(Dec *d, Cfg *g); /* fills g->out; -1 on irreducible flow */
void cfg_free(Cfg *g);

/* DecodeVec.c: vector element and aggregate member moves; the check that
 * an instruction on an integer wider than 64 bits only moves it (error
 * otherwise). */
int decode_wide_check(Dec *d, LLVMValueRef inst, LLVMOpcode op);
int decode_element(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in);
int decode_shuffle(Dec *d, LLVMValueRef inst, Inst *in);
int decode_aggregate(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in,
                     const VType *rt);

/* DecodeMem.c: memory, address and cast instructions. */
int decode_gep(Dec *d, LLVMValueRef inst, Inst *in, const VType *rt);
int decode_load_store(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in);
int decode_atomic(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in);
int decode_alloca(Dec *d, LLVMValueRef inst, Inst *in);
int decode_cast(Dec *d, LLVMValueRef inst, LLVMOpcode op, Inst *in,
                const VType *rt);
/* memcpy/memset and the buffer intrinsics (make.buffer.rsrc, raw buffer
 * loads and stores); 1 when name is not one of them. */
int decode_mem_intrinsic(Dec *d, LLVMValueRef inst, const char *name, Inst *in,
                         const VType *rt);

/* DecodeIntr.c */
int decode_intrinsic(Dec *d, LLVMValueRef inst, const char *name, Inst *in,
                     const VType *rt);

#endif /* WMMA_EMULATOR_DECODE_H */
