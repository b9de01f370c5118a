/* The decoded program (middle layer, above the memory model): the LLVM
 * module, its functions decoded into Inst records (Opcodes.h), the layout
 * of its globals, and its kernels.  Built by Types.c, Const.c, Globals.c,
 * Cfg.c and Decode*.c; read-only while kernels run. */
#ifndef WMMA_EMULATOR_PROGRAM_H
#define WMMA_EMULATOR_PROGRAM_H

#include "Memory.h"
#include "Opcodes.h"
#include "Swmmac.h"
#include "Wmma.h"
#include "wmma-c/Emulator.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include <stddef.h>
#include <stdint.h>

#define CONST_BIT 0x80000000u /* slot index in the constant pool */
#define NO_SLOT 0xffffffffu
#define NO_BLOCK 0xffffu
#define MAX_CALL_DEPTH 32
#define BUF_MAX_BYTES 64 /* bytes one lane moves in one buffer access */

/* One decoded instruction; field use per opcode in Opcodes.h. */
typedef struct {
  uint16_t op;
  uint8_t sub;
  uint8_t sk;     /* scalar kind of the result (or of the operands for cmp/store) */
  uint8_t bits;   /* width of sk */
  uint8_t sk2;    /* source kind for casts */
  uint8_t bits2;  /* source width */
  uint8_t flag;
  uint32_t n;     /* elements */
  uint32_t dst;
  uint32_t a, b, c, d;
  int64_t imm;
  uint64_t mask;  /* integer mask of the result width */
  uint32_t x;     /* index into Func.extra for variable operand lists */
  uint32_t xn;
  uint32_t src;   /* index into Func.srcs (diagnostics) */
  uint16_t valu;  /* VALU issue weight (Cost.c), for the counters */
} Inst;

typedef struct {
  uint32_t first;  /* first non-phi instruction */
  uint32_t end;    /* one past the terminator */
  uint32_t phi_first;
  uint32_t nphi;
  uint32_t phi_slots; /* total slots written by the phis */
  uint8_t phi_two_phase; /* a phi reads another phi of the same block */
  uint32_t valu;  /* sum of Inst.valu over first..end */
} Block;

typedef struct Func {
  LLVMValueRef fn;
  char *name;
  uint32_t index;    /* in Program.funcs */
  int state;         /* 0 new, 1 decoding, 2 decoded, -1 failed */
  uint32_t nblocks;
  Block *blocks;
  Inst *insts;
  uint32_t ninst, cap_inst;
  uint32_t *extra;
  uint32_t nextra, cap_extra;
  LLVMValueRef *srcs; /* LLVM instruction of each Inst, for diagnostics */
  uint32_t nslots;
  uint64_t *cpool;    /* [ncpool][32] */
  uint32_t ncpool, cap_cpool;
  uint32_t nparams;
  uint32_t *param_slot;
  uint32_t *param_nslots;
  uint32_t ret_nslots;
  uint32_t frame_bytes;  /* private bytes of this function's allocas */
  uint32_t stack_bytes;  /* frame (16-aligned) + deepest callee stack */
  uint32_t max_callee;   /* deepest callee stack */
  uint32_t max_phi_slots; /* largest Block.phi_slots of a two-phase block */
  int reads_inactive;    /* reads lanes outside EXEC (readlane, permlane FI):
                            its registers start zeroed, for determinism */
  char *error;           /* decode error, replayed on later attempts */
  WmmaOp **wmma;         /* decoded WMMA tables referenced by Inst.x */
  uint32_t nwmma;
  SwmmacOp **swmmac;     /* decoded sparse WMMA tables referenced by Inst.x */
  uint32_t nswmmac;
} Func;

/* A kernel parameter and its place in the kernarg segment (fixed by the
 * module's data layout, so computed once at load). */
typedef struct {
  wmma_emu_param_kind kind;
  uint32_t size;   /* ABI size in bytes (0 when unsupported) */
  uint32_t offset; /* byte offset in the kernarg segment */
  unsigned as;     /* address space of a pointer parameter */
} KParam;

typedef struct {
  LLVMValueRef fn;
  char *name;
  char *chip;
  Func *func;
  uint32_t nparams;
  KParam *params;
  uint32_t hidden_offset; /* the hidden arguments follow the explicit ones */
  uint32_t lds_static;    /* bytes of LDS globals this kernel uses (as the
                             AMDGPU backend allocates LDS per kernel) */
} Kernel;

typedef struct {
  void **keys;
  uint32_t *vals;
  uint32_t cap, count;
} PtrMap;

void ptrmap_init(PtrMap *pm);
void ptrmap_free(PtrMap *pm);
int ptrmap_get(const PtrMap *pm, const void *key, uint32_t *val);
void ptrmap_put(PtrMap *pm, const void *key, uint32_t val);

typedef struct Program {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMTargetDataRef td;
  wmma_arch arch;          /* architecture the functions are decoded for */
  Func **funcs;
  uint32_t nfuncs, cap_funcs;
  PtrMap func_map;         /* LLVMValueRef function -> funcs index */
  PtrMap global_map;       /* global variable -> index in global_addr */
  uint64_t *global_addr;
  uint32_t nglobals, cap_globals;
  uint32_t lds_static;     /* bytes of LDS globals with a size */
  uint32_t lds_dynamic_base; /* offset of the dynamic LDS (external arrays) */
  int has_dynamic_lds;     /* the module declares an external LDS array */
  Kernel *kernels;         /* amdgpu_kernel functions with a body */
  int nkernels;
  char err[2048];          /* last error */
} Program;

void prog_error(Program *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Printable location of an instruction: debug location or the IR text. */
void emu_describe_inst(LLVMValueRef inst, char *buf, size_t cap);

/* Program.c: the kernels of p->mod and their parameter layout. */
int emu_find_kernels(Program *p);
void emu_program_free(Program *p);

/* Types.c */
int emu_decode_type(LLVMTypeRef t, VType *out);
int64_t emu_agg_slots(LLVMTypeRef t); /* slots of a flattened aggregate, -1 */
/* Members of a struct, array or vector type, and the type of member i. */
unsigned emu_agg_count(LLVMTypeRef t);
LLVMTypeRef emu_agg_member(LLVMTypeRef t, unsigned i);
/* Bytes of one slot's element in memory (8 for a limb of a wide integer). */
static inline uint32_t emu_elem_bytes(const VType *t) {
  return t->sk == SK_INT ? (t->bits + 7u) / 8u : t->bits / 8u;
}

/* Const.c: evaluates constant c into its flattened slots. */
int emu_const_eval(Program *p, LLVMValueRef c, uint64_t *slots);

/* Globals.c: addresses of the module's globals (LDS offsets, allocations in
 * mem) and their initial values. */
int emu_layout_globals(Program *p, GlobalMem *mem);
int emu_global_address(const Program *p, LLVMValueRef g, uint64_t *addr,
                       unsigned *as);

/* Cost.c: the VALU issue weight of a decoded instruction (wave32 VALU
 * instructions it needs at least), and the weights of f's instructions and
 * blocks filled in. */
uint16_t emu_valu_weight(const Inst *in);
void emu_weigh_func(Func *f);

/* Decode.c */
Func *emu_get_func(Program *p, LLVMValueRef fn);
int emu_decode(Program *p, Func *f);
void emu_func_free(Func *f);
/* Forgets every decoded function (before decoding for another chip). */
void emu_forget_funcs(Program *p);

#endif /* WMMA_EMULATOR_PROGRAM_H */
