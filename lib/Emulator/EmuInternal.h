/* Internal structures of the wave32 emulator.
 *
 * Kernels are decoded once into compact instruction records (Inst) whose
 * operands are register-slot indices.  A slot holds one scalar for all 32
 * lanes (uint64_t[32], lane-contiguous, so that a vector operation over
 * full exec is one flat loop); a vector value of N elements takes N
 * consecutive slots.  Constants live in a per-function pool with the same
 * shape, addressed by slot indices with CONST_BIT set. */
#ifndef WMMA_EMULATOR_INTERNAL_H
#define WMMA_EMULATOR_INTERNAL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strdup, strndup */
#endif

#include "wmma-c/Emulator.h"
#include "wmma/Layout/Layout.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>

#define NLANES 32
#define FULL_EXEC 0xffffffffu
#define CONST_BIT 0x80000000u
#define NO_SLOT 0xffffffffu
#define NO_BLOCK 0xffffu
#define MAX_CALL_DEPTH 32
#define LDS_LIMIT 65536u
#define PRIV_BASE 16u /* private offsets below this are invalid (null) */

/* Global virtual addresses: allocation i lives at (i + 1) << GLOBAL_SHIFT;
 * sizes stay below half the window so that small negative offsets from a
 * base land out of bounds of the previous allocation. */
#define GLOBAL_SHIFT 36
#define GLOBAL_MAX_SIZE (1ull << 35)
/* Flat (generic) apertures for LDS and private memory. */
#define APERTURE_SHIFT 60
#define APERTURE_LDS 1ull
#define APERTURE_PRIV 2ull

/* Scalar kinds of an element. */
typedef enum {
  SK_INT,
  SK_F16,
  SK_BF16,
  SK_F32,
  SK_F64,
  SK_PTR,
  SK_AGG, /* struct/array SSA value flattened into slots */
} ScalarKind;

typedef struct {
  uint8_t sk;
  uint8_t bits;   /* integer width, pointer width, or float width */
  uint16_t as;    /* pointer address space */
  uint32_t n;     /* elements (slots) */
} VType;

typedef enum {
  OP_NOP,
  /* integer binary: sub in Inst.sub */
  OP_IBIN,
  OP_IBIN32_ADD, /* fast paths for full-width i32 */
  OP_IBIN32_MUL,
  OP_FBIN,
  OP_FNEG,
  OP_ICMP,
  OP_FCMP,
  OP_SELECT,
  OP_CAST,
  OP_BITCAST,
  OP_GATHER, /* dst[e] = src slot list[e] (shuffles, extract/insert with constant index, freeze) */
  OP_EXTRACT_DYN,
  OP_INSERT_DYN,
  OP_GEP,
  OP_LOAD,
  OP_STORE,
  OP_ALLOCA,
  OP_MEMCPY,
  OP_MEMSET,
  OP_ATOMICRMW,
  OP_CMPXCHG,
  OP_BR,
  OP_CONDBR,
  OP_SWITCH,
  OP_RET,
  OP_UNREACHABLE,
  OP_CALL,
  /* amdgcn intrinsics */
  OP_WORKITEM_ID,
  OP_WORKGROUP_ID,
  OP_SPECIAL_PTR, /* sub: SP_IMPLICITARG / SP_DISPATCH / SP_KERNARG */
  OP_MBCNT_LO,
  OP_MBCNT_HI,
  OP_BPERMUTE,
  OP_PERMLANEX16,
  OP_PERMLANE16,
  OP_DPP,
  OP_DPP8,
  OP_SWIZZLE,
  OP_READFIRSTLANE,
  OP_READLANE,
  OP_WRITELANE,
  OP_BALLOT,
  OP_BARRIER,
  OP_WMMA,
  /* math */
  OP_FMATH1,  /* sub: FM_* unary */
  OP_FMATH2,  /* sub: FM_* binary */
  OP_FMA,
  OP_IMATH1,  /* sub: IM_* unary */
  OP_IMATH2,  /* sub: IM_* binary */
  OP_FSHIFT,  /* sub: 0 fshl, 1 fshr */
  OP_OVERFLOW, /* sub: IM_* with.overflow -> {iN, i1} */
  OP_REDUCE,  /* vector.reduce.*: sub */
  OP_CVT_PKRTZ,
  OP_FMED3,
  OP_LDEXP,
  OP_FREXP_MANT,
  OP_FREXP_EXP,
  OP_IS_FPCLASS,
  OP_COUNT
} OpCode;

enum { IB_ADD, IB_SUB, IB_MUL, IB_UDIV, IB_SDIV, IB_UREM, IB_SREM, IB_SHL,
       IB_LSHR, IB_ASHR, IB_AND, IB_OR, IB_XOR };
enum { FB_ADD, FB_SUB, FB_MUL, FB_DIV, FB_REM };
enum { CV_TRUNC, CV_ZEXT, CV_SEXT, CV_FPCONV, CV_FPTOUI, CV_FPTOSI,
       CV_UITOFP, CV_SITOFP, CV_PTRTOINT, CV_INTTOPTR, CV_ASCAST,
       CV_FPTOUI_SAT, CV_FPTOSI_SAT };
enum { SP_IMPLICITARG, SP_DISPATCH, SP_KERNARG };
enum { FM_FABS, FM_SQRT, FM_EXP2, FM_EXP, FM_LOG2, FM_LOG, FM_LOG10,
       FM_SIN, FM_COS, FM_FLOOR, FM_CEIL, FM_TRUNC, FM_RINT, FM_ROUND,
       FM_RCP, FM_RSQ, FM_FRACT, FM_CANON, FM_EXP10, FM_AMD_SIN, FM_AMD_COS,
       FM_TAN,
       /* binary */
       FM_MINNUM, FM_MAXNUM, FM_MINIMUM, FM_MAXIMUM, FM_COPYSIGN, FM_POW,
       FM_POWI, FM_ATAN2 };
enum { IM_ABS, IM_CTPOP, IM_CTLZ, IM_CTTZ, IM_BSWAP, IM_BITREV,
       /* binary */
       IM_UMIN, IM_UMAX, IM_SMIN, IM_SMAX, IM_UADD_SAT, IM_SADD_SAT,
       IM_USUB_SAT, IM_SSUB_SAT, IM_UADD_O, IM_SADD_O, IM_USUB_O, IM_SSUB_O,
       IM_UMUL_O, IM_SMUL_O };
enum { RD_ADD, RD_MUL, RD_AND, RD_OR, RD_XOR, RD_UMIN, RD_UMAX, RD_SMIN,
       RD_SMAX, RD_FADD, RD_FMUL, RD_FMIN, RD_FMAX, RD_FMINIMUM,
       RD_FMAXIMUM };
enum { AR_XCHG, AR_ADD, AR_SUB, AR_AND, AR_NAND, AR_OR, AR_XOR, AR_MAX,
       AR_MIN, AR_UMAX, AR_UMIN, AR_FADD, AR_FSUB, AR_FMAX, AR_FMIN,
       AR_UINC_WRAP, AR_UDEC_WRAP };

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
} Inst;

typedef struct {
  uint32_t first;  /* first non-phi instruction */
  uint32_t end;    /* one past the terminator */
  uint32_t phi_first;
  uint32_t nphi;
  uint32_t phi_slots; /* total slots written by the phis */
  uint8_t phi_two_phase; /* a phi reads another phi of the same block */
} Block;

struct WmmaOp;

typedef struct Func {
  LLVMValueRef fn;
  char *name;
  int state; /* 0 new, 1 decoding, 2 decoded, -1 failed */
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
  char *error;           /* decode error, replayed on later attempts */
  struct WmmaOp **wmma;  /* decoded WMMA tables referenced by Inst.x */
  uint32_t nwmma;
  uint64_t **free_regs;  /* cached register files */
  uint32_t nfree, cap_free;
} Func;

/* A WMMA instruction prepared for one architecture: where each matrix
 * element sits in the operand vectors. */
typedef struct {
  uint8_t lane;
  uint8_t shift; /* bit offset inside the vector element */
  uint16_t elem; /* element index inside the operand vector */
} ElemLoc;

typedef struct WmmaOp {
  wmma_instr id;
  int k;
  int sign_a, sign_b, clamp;
  int ew_a, ew_b;           /* element width of the LLVM A/B operand vectors */
  int bits_a, bits_b, bits_c; /* matrix element widths */
  int nloc_ab;              /* 2 on RDNA3 (replicated), 1 on RDNA4 */
  ElemLoc a[16][32][2];     /* [m][k][copy] */
  ElemLoc b[32][16][2];     /* [k][n][copy] */
  ElemLoc cd[16][16];       /* [m][n] */
} WmmaOp;

typedef struct {
  uint8_t *data;
  uint64_t size;
  char *name;
  int user; /* a buffer created through the API */
} Alloc;

typedef struct {
  Func *f;
  uint64_t *regs;
  uint16_t next[NLANES];
  uint16_t prev[NLANES];
  uint32_t pending; /* lanes that have not returned */
  uint32_t exec;
  int32_t blk;      /* block being executed, -1: pick the next one */
  uint32_t pc;      /* next instruction inside blk */
  uint32_t sp;      /* private frame base */
  uint32_t ret_dst; /* caller slot of the return value */
} Frame;

enum { WAVE_RUN, WAVE_BARRIER, WAVE_DONE };

typedef struct {
  int id;
  uint32_t lanes;
  uint32_t tid[3][NLANES];
  Frame frames[MAX_CALL_DEPTH];
  int depth;
  int state;
  uint8_t *priv;      /* NLANES * priv_stride bytes */
  uint32_t priv_stride;
  uint32_t priv_top;  /* current top of the private stack (bytes) */
  uint32_t barrier_src; /* Inst src index of the barrier it waits at */
  Func *barrier_func;
} Wave;

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
} Kernel;

typedef struct {
  void **keys;
  uint32_t *vals;
  uint32_t cap, count;
} PtrMap;

struct wmma_emu_module {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMTargetDataRef td;
  char *name;
  char err[2048];
  char *chip_override;

  Kernel *kernels;
  int nkernels;
  Func **funcs;
  uint32_t nfuncs, cap_funcs;
  PtrMap func_map; /* LLVMValueRef function -> funcs index */

  Alloc *allocs;
  uint32_t nallocs, cap_allocs;
  PtrMap global_map; /* global variable -> address (via globals_addr) */
  uint64_t *global_addr;
  uint32_t nglobals, cap_globals;
  int globals_ready;
  uint32_t lds_static; /* bytes of LDS globals */

  /* launch state */
  wmma_arch arch;
  const Kernel *cur_kernel;
  uint8_t *lds;
  uint32_t lds_size;
  uint32_t wg[3];
  int kernarg_alloc, dispatch_alloc;
  uint64_t kernarg_addr, implicit_addr, dispatch_addr;
  Wave *waves;
  int cap_waves;
  uint64_t limit;
  jmp_buf *fault_jmp;
  uint64_t *phi_tmp; /* scratch for phis that read phis of the same block */
  size_t phi_cap;

  wmma_emu_stats stats;
};

/* Module.c */
void emu_set_error(wmma_emu_module *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void emu_fault(wmma_emu_module *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));
int emu_alloc(wmma_emu_module *m, uint64_t size, const char *name, int user);
int emu_materialize_globals(wmma_emu_module *m);
int emu_global_address(wmma_emu_module *m, LLVMValueRef g, uint64_t *addr,
                       unsigned *as);
uint8_t *emu_resolve_global(wmma_emu_module *m, uint64_t addr, uint64_t size,
                            int *alloc_idx);
/* Printable location of an instruction: debug location or the IR text. */
void emu_describe_inst(LLVMValueRef inst, char *buf, size_t cap);

/* PtrMap */
void ptrmap_init(PtrMap *pm);
void ptrmap_free(PtrMap *pm);
int ptrmap_get(const PtrMap *pm, const void *key, uint32_t *val);
void ptrmap_put(PtrMap *pm, const void *key, uint32_t val);

/* Decode.c */
Func *emu_get_func(wmma_emu_module *m, LLVMValueRef fn);
int emu_decode(wmma_emu_module *m, Func *f);
int emu_decode_type(LLVMTypeRef t, VType *out);
/* Evaluates constant c into its flattened slots. */
int emu_const_eval(wmma_emu_module *m, LLVMValueRef c, uint64_t *slots);
void emu_func_free(Func *f);

/* Exec.c */
/* Converts one scalar for a cast instruction (also used to fold constant
 * expressions).  Address-space casts map LDS/private offsets to and from
 * the flat apertures. */
uint64_t emu_cast_scalar(int sub, uint64_t v, int sk2, int bits2, int as2,
                         int sk, int bits, int as);
int emu_run(wmma_emu_module *m, const Kernel *k, const wmma_emu_arg *args,
            const unsigned grid[3], const unsigned block[3]);

/* Wmma.c */
WmmaOp *emu_wmma_prepare(wmma_instr id, wmma_arch arch, int opsel,
                         int sign_a, int sign_b, int clamp, int ew_a, int ew_b,
                         int ew_c);
/* An RDNA3 A/B element whose two copies (lanes l and l+16) differ. */
typedef struct {
  char operand; /* 'A' or 'B'; 0: none */
  int lane, lane_hi;
  uint32_t value, value_hi;
  int vgpr, bit_lo, bit_hi;
} WmmaMismatch;
/* D = A*B + C on full-wave operand slots; -1 with *mm on a replication
 * mismatch (D is then incomplete). */
int emu_wmma_exec(const WmmaOp *op, const uint64_t *a, const uint64_t *b,
                  const uint64_t *c, uint64_t *d, uint32_t n_c,
                  WmmaMismatch *mm);

/* Float.c: exact conversions. */
double emu_f16_to_double(uint16_t h);
double emu_bf16_to_double(uint16_t h);
double emu_fp8_to_double(uint8_t v);
double emu_bf8_to_double(uint8_t v);
uint16_t emu_double_to_f16(double x);
uint16_t emu_double_to_bf16(double x);
uint16_t emu_float_to_f16_rtz(float x);

/* Load a float of kind sk from slot bits, and store back (rounding RNE). */
static inline double emu_load_fp(uint64_t v, int sk) {
  switch (sk) {
  case SK_F16: return emu_f16_to_double((uint16_t)v);
  case SK_BF16: return emu_bf16_to_double((uint16_t)v);
  case SK_F32: { union { uint32_t u; float f; } x; x.u = (uint32_t)v; return x.f; }
  default: { union { uint64_t u; double f; } x; x.u = v; return x.f; }
  }
}
static inline uint64_t emu_store_fp(double d, int sk) {
  switch (sk) {
  case SK_F16: return emu_double_to_f16(d);
  case SK_BF16: return emu_double_to_bf16(d);
  case SK_F32: { union { uint32_t u; float f; } x; x.f = (float)d; return x.u; }
  default: { union { uint64_t u; double f; } x; x.f = d; return x.u; }
  }
}
static inline uint64_t emu_mask(int bits) {
  return bits >= 64 ? ~0ull : ((1ull << bits) - 1);
}
static inline int64_t emu_sext(uint64_t v, int bits) {
  if (bits >= 64)
    return (int64_t)v;
  return (int64_t)(v << (64 - bits)) >> (64 - bits);
}

#endif /* WMMA_EMULATOR_INTERNAL_H */
