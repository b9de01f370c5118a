/* The decoded instruction set of the wave32 interpreter, in one table (in
 * the style of Lua's lopcodes.h).
 *
 * The decoder (Decode*.c) turns each LLVM instruction into one record
 * (Inst, Program.h); the interpreter (Exec*.c) runs a record on the lanes
 * of EXEC with the handler named in the table.  Notation of the operand
 * column (fields of Inst):
 *   d       result: n consecutive register slots starting at Inst.dst
 *   a b c e operand slots Inst.a, .b, .c, .d (a slot with CONST_BIT set is
 *           in the function's constant pool)
 *   imm     Inst.imm; sub: Inst.sub; x[..]: Inst.xn entries of Func.extra
 *           starting at Inst.x; sk/bits: result kind/width; sk2/bits2: the
 *           source's; flag: address space or small flags
 * "lanes" means every active lane; an element is one slot of a vector.
 * Checks are hardware preconditions or emulator limits that fault with a
 * message naming the kernel, instruction, wave and workgroup.
 *
 * Control handlers (BR .. BARRIER) change the wave's frame or state and
 * end the current block.
 *
 *   opcode        handler            operands            meaning / checks */
#ifndef WMMA_EMULATOR_OPCODES_H
#define WMMA_EMULATOR_OPCODES_H

#define EMU_OPCODES(X)                                                         \
  /* no effect: hints, waits, debug intrinsics, fences */                      \
  X(NOP,           exec_nop,          "-")                                     \
  /* d = a <sub> b on integers of width bits (IB_*), wrapped to the width;     \
   * udiv/sdiv/urem/srem by zero fault */                                      \
  X(IBIN,          exec_ibin,         "d = a sub b")                           \
  X(IBIN32_ADD,    exec_add32,        "d = a + b (i32 fast path)")             \
  X(IBIN32_MUL,    exec_mul32,        "d = a * b (i32 fast path)")             \
  /* float add/sub/mul/div/rem (FB_*) of kind sk; f32 in single precision,     \
   * 16-bit kinds in double rounded once */                                    \
  X(FBIN,          exec_fbin,         "d = a sub b")                           \
  X(FNEG,          exec_fneg,         "d = -a (sign bit flip)")                \
  X(ICMP,          exec_icmp,         "d = a pred(sub) b, operands of bits")   \
  X(FCMP,          exec_fcmp,         "d = a pred(sub) b, operands of sk")     \
  /* flag: per-element condition (vector select) */                           \
  X(SELECT,        exec_select,       "d = a ? b : c")                         \
  /* CV_*: sk2/bits2 -> sk/bits; imm = source address space, flag = result's;  \
   * address-space casts follow the memory model (Memory.h) */                 \
  X(CAST,          exec_cast,         "d = cast(a)")                           \
  X(BITCAST,       exec_bitcast,      "d = bits of a, regrouped")              \
  /* d[e] = slot x[e]: shuffles, constant-index extract/insert, freeze */      \
  X(GATHER,        exec_gather,       "d[e] = x[e]")                           \
  /* out-of-range index reads 0 / writes nothing (LLVM: poison) */             \
  X(EXTRACT_DYN,   exec_extract_dyn,  "d = a[c], imm = length of a")           \
  X(INSERT_DYN,    exec_insert_dyn,   "d = a with a[c] = b")                   \
  /* x[4k..4k+3] = (index slot, index bits, scale lo, scale hi); flag 1: a     \
   * buffer fat pointer (only the 32-bit offset changes, wrapping) */          \
  X(GEP,           exec_gep,          "d = a + imm + sum(x.index * x.scale)")  \
  /* flag = address space (0, 1, 3, 4, 5); imm = element bytes; every lane's   \
   * bytes must lie inside an allocation, the LDS or its private frame */      \
  X(LOAD,          exec_load,         "d = mem[a]")                            \
  X(STORE,         exec_store,        "mem[a] = b")                            \
  /* global_load_tr_b128 (RDNA4, wave32): every lane reads 8 16-bit           \
   * elements at a; lane l's element j is element l % 8 of the 8 read by      \
   * lane 8 (l / 8) + j (an 8x8 transpose in each group of 8 lanes); EXEC     \
   * must be full (ExecMem.c) */                                              \
  X(LOAD_TR,       exec_load_tr,      "d[l][j] = mem[a[8(l/8)+j]][l%8]")      \
  X(ALLOCA,        exec_alloca,       "d = frame base + imm (private)")        \
  /* flag/imm = destination/source address spaces, bits = length width */     \
  X(MEMCPY,        exec_memop,        "mem[a..a+c) = mem[b..b+c)")             \
  X(MEMSET,        exec_memop,        "mem[a..a+c) = b")                       \
  /* sub = AR_*; lanes in lane order; global atomics are atomic across         \
   * workgroups running on other threads */                                   \
  X(ATOMICRMW,     exec_atomic,       "d = mem[a]; mem[a] = old op b")         \
  X(CMPXCHG,       exec_atomic,       "d = {old, ok}; if old == c: mem[a] = b")\
  /* llvm.amdgcn.make.buffer.rsrc: a = base pointer (global or flat to         \
   * global), b = stride (i16), c = NUM_RECORDS, e = flags; d = resource id    \
   * with offset 0 (Memory.h) */                                               \
  X(MAKE_RSRC,     exec_make_rsrc,    "d = rsrc(a, b, c, e)")                  \
  /* buffer load/store; sub: 0 fat pointer a (offset in its low 32 bits),      \
   * 1 resource pointer a (addrspace 8), 2 <4 x i32> resource a..a+3; c =      \
   * voffset, e = soffset (sub 1, 2); out-of-range dwords read 0 and are not   \
   * written (Memory.c, rsrc_in_range); in-range bytes must lie inside an      \
   * allocation; the resource must be a raw buffer */                          \
  X(BUF_LOAD,      exec_buf_load,     "d = buffer[a + c + e]")                 \
  X(BUF_STORE,     exec_buf_store,    "buffer[a + c + e] = b")                 \
  /* control: imm = target block; b, c = targets; x = (case lo, hi, block) */  \
  X(BR,            exec_br,           "goto imm")                              \
  X(CONDBR,        exec_condbr,       "goto a ? b : c (per lane)")             \
  X(SWITCH,        exec_switch,       "goto case of a, default b")             \
  X(RET,           exec_ret,          "return a (n slots)")                    \
  X(UNREACHABLE,   exec_unreachable,  "faults")                                \
  /* imm = callee (Program.funcs index), x = argument slots; call depth is     \
   * bounded (MAX_CALL_DEPTH) */                                               \
  X(CALL,          exec_call,         "d = imm(x...)")                         \
  /* every wave of the workgroup must reach it (else: deadlock fault) */       \
  X(BARRIER,       exec_barrier,      "wait for the workgroup")                \
  /* work-item and dispatch queries: sub = dimension or SP_* */                \
  X(WORKITEM_ID,   exec_workitem_id,  "d = work-item id (sub)")                \
  X(WORKGROUP_ID,  exec_workgroup_id, "d = workgroup id (sub)")                \
  X(SPECIAL_PTR,   exec_special_ptr,  "d = implicitarg/dispatch/kernarg ptr")  \
  X(MBCNT_LO,      exec_mbcnt_lo,     "d = b + popcount(a & lanes below)")     \
  X(MBCNT_HI,      exec_mbcnt_hi,     "d = b (wave32)")                        \
  /* cross-lane: inactive source lanes read 0 (bound_ctrl) or keep `old` as    \
   * the hardware does; sub 1 = ds_permute (push) */                           \
  X(BPERMUTE,      exec_bpermute,     "d = b[lane a / 4]")                     \
  X(PERMLANEX16,   exec_permlane,     "d = b[other half, selects c, e]")       \
  X(PERMLANE16,    exec_permlane,     "d = b[same half, selects c, e]")        \
  /* DPP controls removed on gfx11/12 (wave shifts, row broadcasts) are        \
   * rejected by the decoder */                                                \
  X(DPP,           exec_dpp,          "d = b[dpp lane], old a, masks c e")     \
  X(DPP8,          exec_dpp8,         "d = a[dpp8 lane of b]")                 \
  X(SWIZZLE,       exec_swizzle,      "d = a[swizzle(imm) lane]")              \
  X(READFIRSTLANE, exec_readlane,     "d = a[first active lane]")              \
  X(READLANE,      exec_readlane,     "d = a[lane b]")                         \
  X(WRITELANE,     exec_writelane,    "d = c with d[lane b] = a")              \
  X(BALLOT,        exec_ballot,       "d = mask of lanes with a")              \
  /* x = Func.wmma index; EXEC must be full; RDNA3 lane halves must give the   \
   * same result under both readings of the operands (Wmma.c) */               \
  X(WMMA,          exec_wmma,         "d = a * b + c (16x16)")                 \
  /* x = Func.swmmac index; EXEC must be full; the two positions of a group   \
   * of four K in the index e must differ (Swmmac.c) */                       \
  X(SWMMAC,        exec_swmmac,       "d = sparse(a, e) * b + c (16x16)")      \
  /* math on kind sk: sub = FM_* / IM_* / RD_* */                              \
  X(FMATH1,        exec_fmath1,       "d = sub(a)")                            \
  X(FMATH2,        exec_fmath2,       "d = sub(a, b)")                         \
  X(FMA,           exec_fma,          "d = a * b + c (fused)")                 \
  X(IMATH1,        exec_imath1,       "d = sub(a)")                            \
  X(IMATH2,        exec_imath2,       "d = sub(a, b)")                         \
  X(FSHIFT,        exec_fshift,       "d = funnel shift (sub 0 l, 1 r)")       \
  X(PERM,          exec_perm,         "d = bytes of {a, b} chosen by c")       \
  X(OVERFLOW,      exec_overflow,     "d = {a sub b, overflow}")               \
  X(REDUCE,        exec_reduce,       "d = reduce(sub) of vector a|b")         \
  X(CVT_PKRTZ,     exec_cvt_pkrtz,    "d = {f16 rtz(a), f16 rtz(b)}")          \
  X(FMED3,         exec_fmed3,        "d = median(a, b, c)")                   \
  X(LDEXP,         exec_ldexp,        "d = a * 2^b")                           \
  X(FREXP_MANT,    exec_frexp,        "d = mantissa of a")                     \
  X(FREXP_EXP,     exec_frexp,        "d = exponent of a")                     \
  X(IS_FPCLASS,    exec_is_fpclass,   "d = class(a) in mask c")

typedef enum {
#define EMU_OP_ENUM(name, handler, operands) OP_##name,
  EMU_OPCODES(EMU_OP_ENUM)
#undef EMU_OP_ENUM
  OP_COUNT
} OpCode;

enum { SP_IMPLICITARG, SP_DISPATCH, SP_KERNARG };
/* BUF_LOAD / BUF_STORE: how the resource operand is given. */
enum { BUF_FAT_PTR, BUF_RSRC_PTR, BUF_RSRC_V4I32 };

#endif /* WMMA_EMULATOR_OPCODES_H */
