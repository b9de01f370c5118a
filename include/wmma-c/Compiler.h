/* C API of the compiler driver: MLIR source (linalg functions, or wmma atom
 * programs already inside gpu.modules) -> one RDNA kernel as wmma IR, device
 * LLVM IR, ISA or HSACO, plus its launch manifest.  Shared by wmma-compile,
 * wmma-run and the Python package.  Plain C types only. */
#ifndef WMMA_C_COMPILER_H
#define WMMA_C_COMPILER_H

#include "wmma-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#include "wmma/Layout/Layout.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  WMMA_EMIT_MLIR,  /* the kernel as wmma IR (after the front end) */
  WMMA_EMIT_LLVM,  /* device LLVM IR, text (what wmma-emu runs) */
  WMMA_EMIT_ISA,   /* AMDGPU assembly */
  WMMA_EMIT_HSACO, /* code object (ELF) */
} wmma_emit_kind;

/* "mlir", "llvm", "isa", "hsaco" <-> enum; parse returns -1 if unknown. */
WMMA_CAPI_EXPORTED int wmma_emit_parse(const char *name);
WMMA_CAPI_EXPORTED const char *wmma_emit_name(wmma_emit_kind kind);
/* "permlanex16", "bpermute" -> wmma_xlane_strategy; -1 if unknown. */
WMMA_CAPI_EXPORTED int wmma_strategy_parse(const char *name);

typedef struct {
  const char *chip;        /* required: gfx1100 ... gfx1201 */
  wmma_emit_kind emit;
  const char *func;        /* the function to compile; NULL: the only one */
  wmma_xlane_strategy strategy;
  int waves_per_workgroup; /* 0: the front end's default */
  int staging;             /* wmma_staging (wmma-c/Passes.h): 0 = the cost
                              rule's choice, 1 registers, 2 LDS */
  int tile_m, tile_n;      /* workgroup tile of single GEMMs; 0: the cost
                              rule's choice */
  int accumulate;          /* wmma_accumulate: 0 wide (f32, default), 1
                              native (f16/bf16 outputs in their own type) */
} wmma_compile_options;

#define WMMA_MAX_KERNEL_ARGS 32
#define WMMA_MAX_RANK 8
#define WMMA_MAX_GRID_PROGRAM 32

typedef struct {
  char name[64];   /* the caller's argument name, or "resultN" */
  int is_buffer;   /* 1: a memref (passed as a descriptor: allocated and
                      aligned pointers, offset, sizes, strides) */
  char type[16];   /* element or scalar type: "f16", "bf16", "f32", ... */
  int elem_bytes;
  int rank;
  int64_t shape[WMMA_MAX_RANK]; /* static size, or -1 - s: run-time size s */
  int64_t strides[WMMA_MAX_RANK]; /* static strides of a strided layout, in
                                     elements; all 0: dense row-major */
  int64_t offset;  /* static offset (elements) of a strided layout */
  char role[8];    /* "input", "output", "inout" */
  int host;        /* caller argument index, or -1 - r for result r */
  int sparse;      /* 0; 1 or 2: the compressed values (M x K/2) or the
                      index words (M x ceil(K/32) i32) of caller argument
                      `host`, an M x K matrix 2:4 sparse along its rows
                      (role "input"; manifest "part": "values"/"index") */
  int sparse_cols; /* with sparse: `host` is a K x N matrix 2:4 sparse
                      along its columns, and the parts are those of its
                      transpose (N x K/2, N x ceil(K/32); manifest
                      "along": "columns") */
} wmma_kernel_arg;

/* One step of a grid expression in postfix form (the launch record's
 * affine map, evaluated by wmma_launch_geometry). */
typedef enum {
  WMMA_GRID_CONST,    /* push value */
  WMMA_GRID_SIZE,     /* push run-time size number `value` */
  WMMA_GRID_ADD,
  WMMA_GRID_MUL,
  WMMA_GRID_CEILDIV,
  WMMA_GRID_FLOORDIV,
  WMMA_GRID_MOD,
} wmma_grid_opcode;

typedef struct {
  int op;
  int64_t value;
} wmma_grid_op;

/* A buffer a program allocates itself (an intermediate between its
 * kernels) or a view (reshape) of one of its buffers. */
typedef struct {
  wmma_kernel_arg desc;   /* name, element type, rank, shape in the
                             program's run-time sizes; host: its number
                             (nargs + t: what the launches' args use) */
  int is_view;            /* 0: allocated by the program; 1: a reshape of */
  int view_of;            /* the buffer numbered view_of (host), its data */
  int offset_value;       /* a view at a run-time offset (a subview at a
                             loop's induction variable): values[offset_value]
                             elements past view_of's data; -1 otherwise */
  int value;              /* >= 0: not a buffer but an index scalar the host
                             computes (values[value]: an induction variable,
                             arithmetic on it) given to kernels; else -1 */
} wmma_program_buffer;

/* An index value the host of a program computes (loop bounds, conditions,
 * view offsets, scalars given to kernels), in terms of earlier values. */
typedef enum {
  WMMA_VALUE_CONST,     /* imm */
  WMMA_VALUE_ARG,       /* the function's scalar argument a */
  WMMA_VALUE_SIZE,      /* the program's run-time size a */
  WMMA_VALUE_IV,        /* the induction variable of the loop at step a,
                           or the variable the SET at step a starts */
  WMMA_VALUE_ADD,       /* values a, b: */
  WMMA_VALUE_SUB,
  WMMA_VALUE_MUL,
  WMMA_VALUE_DIVS,
  WMMA_VALUE_DIVU,
  WMMA_VALUE_CEILDIVS,
  WMMA_VALUE_CEILDIVU,
  WMMA_VALUE_FLOORDIVS,
  WMMA_VALUE_REMS,
  WMMA_VALUE_REMU,
  WMMA_VALUE_MINS,
  WMMA_VALUE_MAXS,
  WMMA_VALUE_MINU,
  WMMA_VALUE_MAXU,
  WMMA_VALUE_AND,
  WMMA_VALUE_OR,
  WMMA_VALUE_XOR,
  WMMA_VALUE_CMP,       /* a <imm> b, imm an arith.cmpi predicate (0 eq, 1
                           ne, 2 slt, 3 sle, 4 sgt, 5 sge, 6 ult, 7 ule,
                           8 ugt, 9 uge): 0 or 1 */
  WMMA_VALUE_SELECT,    /* a ? b : c */
} wmma_value_opcode;

typedef struct {
  int op;
  int a, b, c;
  int64_t imm;
} wmma_program_value;

/* The host's control flow, flattened in program order: a launch, or a loop
 * or conditional whose body is the steps up to its END. */
typedef enum {
  WMMA_STEP_LAUNCH, /* launches[launch] */
  WMMA_STEP_FOR,    /* for iv = values[lb] while < values[ub] by values[step]
                       (values[iv] is its induction variable) */
  WMMA_STEP_IF,     /* then: the steps to `other` (its ELSE, or its END) */
  WMMA_STEP_ELSE,
  WMMA_STEP_END,
  WMMA_STEP_WHILE,  /* while values[cond] (evaluated before each iteration)
                       run the steps to its END (an scf.while: its carried
                       index values are variables SET steps assign) */
  WMMA_STEP_SET,    /* the variable of step iv (WMMA_VALUE_IV iv) =
                       values[lb] */
} wmma_step_kind;

typedef struct {
  int kind;
  int launch;        /* LAUNCH */
  int lb, ub, step;  /* FOR: value numbers; SET: lb, the value assigned */
  int iv;            /* FOR: the value its induction variable is; SET: the
                        step whose variable it assigns */
  int cond;          /* IF, WHILE: value number */
  int other;         /* IF: its ELSE or END; ELSE: its END */
  int end;           /* FOR, IF, WHILE: its END */
} wmma_program_step;

typedef struct wmma_compile_result {
  int ok;                 /* 1 on success */
  unsigned char *data;    /* the artifact (text for mlir/llvm/isa) */
  size_t size;
  char *manifest_json;    /* the launch manifest (see wmma-compile --help) */
  char *diagnostics;      /* every diagnostic, "file:line:col: severity: msg" */
  /* The launch record, parsed. */
  char kernel[128];
  char chip[16];
  unsigned grid[3];       /* workgroups; 0 for an entry that depends on
                             run-time sizes (see wmma_launch_geometry) */
  unsigned block[3];
  uint64_t lds_bytes;
  int nargs;
  wmma_kernel_arg args[WMMA_MAX_KERNEL_ARGS];
  int nresults;           /* results of a function on tensors */
  int nsizes;             /* run-time sizes the kernel takes */
  int grid_len[3];
  wmma_grid_op grid_program[3][WMMA_MAX_GRID_PROGRAM];
  int accumulate;         /* wmma_accumulate the kernel was built with: 1
                             when its f16/bf16-output contractions
                             accumulate in their own type (manifest
                             "accumulate": "native"), else 0 */
  char schedule[1024];    /* the kernel's #wmma.schedule as printed (the
                             manifest's "schedule"; "" for atom programs):
                             on a func.func as wmma.schedule = ..., it pins
                             the same kernel */
  /* A program (a function compiled into several kernels): nlaunches > 0.
   * This record then describes the function (kernel: its name; args: its
   * arguments then its results, with shapes in its run-time sizes; no
   * grid), and launches[i] each launch in order: the kernel's own record
   * (grid, block, arguments) whose args' `host` names the buffer it is
   * given -- a caller argument (>= 0, < the function's argument count), a
   * result (-1 - r), or buffers[host - that count]. */
  int nlaunches;
  struct wmma_compile_result *launches;
  int nbuffers;
  wmma_program_buffer *buffers;
  int ncaller;            /* the function's arguments (programs) */
  /* A program with loops or conditionals (nsteps > 0): the launches run
   * as the steps say (otherwise each once, in order); values: the index
   * values the steps and buffers refer to. */
  int nsteps;
  wmma_program_step *steps;
  int nvalues;
  wmma_program_value *values;
  /* Run-time sizes the host computes (a flatten of two run-time sizes, an
   * allocation sized by arithmetic on index arguments): NULL, or nsizes
   * entries, size_values[s] >= 0 when size s is values[size_values[s]]
   * (evaluated once, after the sizes the arguments' shapes give; see
   * wmma_program_sizes), -1 when an argument's dimension gives it. */
  int *size_values;
} wmma_compile_result;

/* The grid for arguments of these shapes (shapes[i]: the rank sizes of
 * argument i; NULL for scalars or to take the static shape).  Checks every
 * static dimension and that dimensions sharing a run-time size agree.
 * Returns 0, or 1 with a message naming the argument in msg. */
WMMA_CAPI_EXPORTED int wmma_launch_geometry(const wmma_compile_result *kernel,
                                            const int64_t *const *shapes,
                                            unsigned grid[3], char *msg,
                                            size_t cap);

/* Compiles MLIR source text; source_name is used in diagnostics.  Returns 0
 * on success, 1 on a compile error (parse, verify, unsupported pattern,
 * unknown chip: diagnostics say why), 2 on bad options (unknown emit kind,
 * unreadable file).
 * Always initialises *result; free it with wmma_compile_result_free. */
WMMA_CAPI_EXPORTED int wmma_compile_source(const char *source, size_t size,
                                           const char *source_name,
                                           const wmma_compile_options *options,
                                           wmma_compile_result *result);
/* Same for a file ("-" reads standard input). */
WMMA_CAPI_EXPORTED int wmma_compile_file(const char *path,
                                         const wmma_compile_options *options,
                                         wmma_compile_result *result);
WMMA_CAPI_EXPORTED void wmma_compile_result_free(wmma_compile_result *result);

/* Loads a kernel compiled earlier instead of compiling: the LLVM IR text
 * at artifact_path (as wmma-compile --emit llvm writes it; what the
 * emulator runs) and its launch manifest (manifest_path; NULL: the
 * artifact's path + ".json", where wmma-compile writes it).  Checks that
 * the manifest is one (kernel, chip, grid, block, arguments), that the IR
 * defines the manifest's kernel for the manifest's chip, and, when chip is
 * not NULL, that this is the chip.  Returns 0, 1 with diagnostics (a
 * mismatch, a malformed manifest) or 2 (a file cannot be read); always
 * initialises *result: free it with wmma_compile_result_free. */
WMMA_CAPI_EXPORTED int wmma_load_kernel(const char *artifact_path,
                                        const char *manifest_path,
                                        const char *chip,
                                        wmma_compile_result *result);

/* Reads a whole file ("-": stdin) into a NUL-terminated malloc'ed buffer. */
WMMA_CAPI_EXPORTED char *wmma_read_file(const char *path, size_t *size);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_C_COMPILER_H */
