/* The compiler driver on the MLIR C API: parse, run the front end
 * (wmma-linalg-to-kernels) unless the input already holds kernels, lower and
 * serialize (wmma-to-hsaco), and describe the kernel in a launch manifest.
 * One MLIR context per call; every diagnostic is collected as text. */
#define _POSIX_C_SOURCE 200809L
#include "wmma-c/Compiler.h"

#include "ArgNames.h"
#include "Describe.h"
#include "Session.h"
#include "wmma/Support/Program.h"
#include "StringBuffer.h"
#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include "llvm-c/BitReader.h"
#include "llvm-c/Core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kEmitNames[] = {"mlir", "llvm", "isa", "hsaco"};

int wmma_emit_parse(const char *name) {
  for (int i = 0; name && i < 4; ++i)
    if (!strcmp(name, kEmitNames[i]))
      return i;
  return -1;
}

const char *wmma_emit_name(wmma_emit_kind kind) {
  return (kind >= 0 && kind < 4) ? kEmitNames[kind] : "?";
}

int wmma_strategy_parse(const char *name) {
  static const wmma_xlane_strategy kAll[] = {WMMA_XLANE_PERMLANEX16,
                                             WMMA_XLANE_BPERMUTE};
  for (int i = 0; name && i < (int)(sizeof kAll / sizeof kAll[0]); ++i)
    if (!strcmp(name, wmma_xlane_strategy_name(kAll[i])))
      return kAll[i];
  return -1;
}

char *wmma_read_file(const char *path, size_t *size) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  wmma_sbuf sb = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    wmma_sbuf_append(&sb, chunk, n);
  int bad = ferror(f);
  if (f != stdin)
    fclose(f);
  if (bad) {
    wmma_sbuf_free(&sb);
    return NULL;
  }
  if (size)
    *size = sb.len;
  return wmma_sbuf_take(&sb);
}

/*===-------------------------------------------------------------------===*
 * Kernel discovery and the manifest
 *===-------------------------------------------------------------------===*/
typedef struct {
  MlirOperation kernels[16];
  int n;
} kernel_list;

static MlirWalkResult find_kernels(MlirOperation op, void *ud) {
  kernel_list *k = ud;
  if (wmma_op_is(op, "gpu.func") && !mlirAttributeIsNull(wmma_attr(op, "gpu.kernel")) &&
      k->n < 16)
    k->kernels[k->n++] = op;
  return MlirWalkResultAdvance;
}

/* The manifest names types as MLIR prints them (f16, bf16, i8, f8E4M3FN). */
void describe_type(MlirType t, char *out, size_t cap, int *bytes) {
  wmma_print_type(t, out, cap);
  /* index: 64 bits on amdgcn and on the host the reference runs on. */
  unsigned bits = mlirTypeIsAInteger(t) ? mlirIntegerTypeGetWidth(t)
                  : mlirTypeIsAFloat(t) ? mlirFloatTypeGetWidth(t)
                  : mlirTypeIsAIndex(t) ? 64
                                        : 0;
  *bytes = (int)((bits + 7) / 8);
}

/* The grid's affine expression in postfix form. */
static int compile_grid(MlirAffineExpr e, wmma_grid_op *prog, int *len,
                        int depth) {
  if (*len >= WMMA_MAX_GRID_PROGRAM || depth > 16)
    return 0;
  if (mlirAffineExprIsAConstant(e)) {
    prog[(*len)++] = (wmma_grid_op){WMMA_GRID_CONST,
                                    mlirAffineConstantExprGetValue(e)};
    return 1;
  }
  if (mlirAffineExprIsASymbol(e)) {
    prog[(*len)++] = (wmma_grid_op){WMMA_GRID_SIZE,
                                    (int64_t)mlirAffineSymbolExprGetPosition(e)};
    return 1;
  }
  int op = mlirAffineExprIsAAdd(e)        ? WMMA_GRID_ADD
           : mlirAffineExprIsAMul(e)      ? WMMA_GRID_MUL
           : mlirAffineExprIsACeilDiv(e)  ? WMMA_GRID_CEILDIV
           : mlirAffineExprIsAFloorDiv(e) ? WMMA_GRID_FLOORDIV
           : mlirAffineExprIsAMod(e)      ? WMMA_GRID_MOD
                                          : -1;
  if (op < 0 ||
      !compile_grid(mlirAffineBinaryOpExprGetLHS(e), prog, len, depth + 1) ||
      !compile_grid(mlirAffineBinaryOpExprGetRHS(e), prog, len, depth + 1) ||
      *len >= WMMA_MAX_GRID_PROGRAM)
    return 0;
  prog[(*len)++] = (wmma_grid_op){op, 0};
  return 1;
}

/* Fills the manifest fields of res from the kernel gpu.func and its launch
 * record. */
int describe_kernel(session *s, MlirOperation kernel,
                           wmma_compile_result *res) {
  wmma_copy_ref(res->kernel, sizeof res->kernel,
                mlirStringAttrGetValue(wmma_attr(kernel, "sym_name")));
  MlirAttribute launch = wmma_attr(kernel, "wmma.launch");
  if (!wmmaAttributeIsALaunch(launch)) {
    mlirEmitError(mlirOperationGetLocation(kernel),
                  "the kernel has no wmma.launch = #wmma.launch<...> record: "
                  "its launch geometry and argument roles are unknown");
    s->errors++;
    return 0;
  }
  for (int i = 0; i < 3; ++i)
    res->block[i] = (unsigned)wmmaLaunchAttrGetBlock(launch, i);
  res->lds_bytes = (uint64_t)wmmaLaunchAttrGetLds(launch);
  /* How the kernel accumulates is its schedule's (a schedule pinned on the
   * function may differ from the option). */
  wmma_schedule_desc sched;
  MlirAttribute schedule = wmma_attr(kernel, "wmma.schedule");
  if (wmmaScheduleAttrGetDesc(schedule, &sched)) {
    /* Plain (non-WMMA) kernels accumulate nothing; their record's
     * accumulator is the output's type. */
    res->accumulate = sched.instr != WMMA_INSTR_COUNT &&
                      (mlirTypeIsAF16(sched.accumulator) ||
                       mlirTypeIsABF16(sched.accumulator));
    wmma_print_attr(schedule, res->schedule, sizeof res->schedule);
  }
  MlirAffineMap grid = wmmaLaunchAttrGetGrid(launch);
  res->nsizes = (int)mlirAffineMapGetNumSymbols(grid);
  for (int i = 0; i < 3; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(grid, i);
    if (!compile_grid(e, res->grid_program[i], &res->grid_len[i], 0)) {
      session_error(s, "the grid of kernel '%s' is too complex", res->kernel);
      return 0;
    }
    res->grid[i] = mlirAffineExprIsAConstant(e)
                       ? (unsigned)mlirAffineConstantExprGetValue(e)
                       : 0;
  }

  MlirType fty = mlirTypeAttrGetValue(wmma_attr(kernel, "function_type"));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
  intptr_t n = mlirFunctionTypeGetNumInputs(fty);
  if (n > WMMA_MAX_KERNEL_ARGS || n != wmmaLaunchAttrGetNumArgs(launch)) {
    session_error(s, "kernel '%s' has too many arguments or a launch record "
                     "that does not describe them", res->kernel);
    return 0;
  }
  res->nargs = (int)n;
  static const char *const kRoles[] = {"input", "output", "inout"};
  intptr_t dim = 0;
  for (intptr_t i = 0; i < n; ++i) {
    wmma_kernel_arg *a = &res->args[i];
    MlirType t = mlirFunctionTypeGetInput(fty, i);
    a->host = (int)wmmaLaunchAttrGetHost(launch, i);
    if (a->host < 0) {
      snprintf(a->name, sizeof a->name, "result%d", -1 - a->host);
      res->nresults = res->nresults > -a->host ? res->nresults : -a->host;
    } else if (mlirBlockIsNull(entry) ||
               !wmma_location_name(
                   mlirValueGetLocation(mlirBlockGetArgument(entry, i)),
                   a->name, sizeof a->name)) {
      snprintf(a->name, sizeof a->name, "arg%d", (int)i);
    }
    int role = (int)wmmaLaunchAttrGetRole(launch, i);
    a->sparse = role == WMMA_ARG_SPARSE_VALUES ||
                        role == WMMA_ARG_SPARSE_COL_VALUES
                    ? 1
                : role == WMMA_ARG_SPARSE_INDEX ||
                        role == WMMA_ARG_SPARSE_COL_INDEX
                    ? 2
                    : 0;
    a->sparse_cols = role == WMMA_ARG_SPARSE_COL_VALUES ||
                     role == WMMA_ARG_SPARSE_COL_INDEX;
    snprintf(a->role, sizeof a->role, "%s", kRoles[a->sparse ? 0 : role]);
    if (!mlirTypeIsAMemRef(t)) {
      a->is_buffer = 0;
      a->rank = 0;
      describe_type(t, a->type, sizeof a->type, &a->elem_bytes);
      continue;
    }
    a->is_buffer = 1;
    a->rank = (int)mlirShapedTypeGetRank(t);
    if (a->rank > WMMA_MAX_RANK) {
      session_error(s, "kernel argument '%s' has too many dimensions", a->name);
      return 0;
    }
    for (int d = 0; d < a->rank; ++d)
      a->shape[d] = wmmaLaunchAttrGetDim(launch, dim++);
    MlirAffineMap layout = mlirMemRefTypeGetAffineMap(t);
    if (mlirAffineMapIsNull(layout) || !mlirAffineMapIsIdentity(layout)) {
      int64_t strides[WMMA_MAX_RANK], offset = 0;
      if (mlirLogicalResultIsFailure(
              mlirMemRefTypeGetStridesAndOffset(t, strides, &offset))) {
        session_error(s, "kernel argument '%s' has a layout without strides",
                      a->name);
        return 0;
      }
      for (int d = 0; d < a->rank; ++d) {
        if (mlirShapedTypeIsDynamicStrideOrOffset(strides[d])) {
          session_error(s, "kernel argument '%s' has run-time strides (only "
                           "static strides are supported)", a->name);
          return 0;
        }
        a->strides[d] = strides[d];
      }
      a->offset = mlirShapedTypeIsDynamicStrideOrOffset(offset) ? 0 : offset;
    }
    describe_type(mlirShapedTypeGetElementType(t), a->type, sizeof a->type,
              &a->elem_bytes);
  }
  return 1;
}

static void json_size(wmma_sbuf *sb, int64_t v) {
  if (v >= 0)
    wmma_sbuf_printf(sb, "%lld", (long long)v);
  else
    wmma_sbuf_printf(sb, "\"s%lld\"", (long long)(-1 - v));
}

static void json_grid_expr(wmma_sbuf *sb, const wmma_grid_op *prog, int len) {
  /* Postfix back to infix, for people: "s0 ceildiv 64". */
  char st[WMMA_MAX_GRID_PROGRAM][96];
  int sp = 0;
  static const char *const kOps[] = {"", "", "+", "*", "ceildiv", "floordiv",
                                     "mod"};
  for (int i = 0; i < len && sp < WMMA_MAX_GRID_PROGRAM; ++i) {
    const wmma_grid_op *o = &prog[i];
    if (o->op == WMMA_GRID_CONST)
      snprintf(st[sp++], sizeof st[0], "%lld", (long long)o->value);
    else if (o->op == WMMA_GRID_SIZE)
      snprintf(st[sp++], sizeof st[0], "s%lld", (long long)o->value);
    else if (sp >= 2) {
      char t[96];
      snprintf(t, sizeof t, "(%.40s %s %.40s)", st[sp - 2], kOps[o->op],
               st[sp - 1]);
      snprintf(st[sp - 2], sizeof st[0], "%s", t);
      --sp;
    }
  }
  wmma_sbuf_json_string(sb, sp == 1 ? st[0] : "?");
}

static void json_args(wmma_sbuf *sb, const wmma_kernel_arg *args, int n,
                      const char *indent) {
  wmma_sbuf_printf(sb, "[");
  for (int i = 0; i < n; ++i) {
    const wmma_kernel_arg *a = &args[i];
    wmma_sbuf_printf(sb, "%s\n%s  {\"name\": ", i ? "," : "", indent);
    wmma_sbuf_json_string(sb, a->name);
    wmma_sbuf_printf(sb, ", \"kind\": \"%s\", \"type\": ",
                     a->is_buffer ? "buffer" : "scalar");
    wmma_sbuf_json_string(sb, a->type);
    wmma_sbuf_printf(sb, ", \"shape\": [");
    for (int d = 0; d < a->rank; ++d) {
      wmma_sbuf_printf(sb, "%s", d ? ", " : "");
      json_size(sb, a->shape[d]);
    }
    wmma_sbuf_printf(sb, "]");
    /* A strided layout's static strides and offset (wmma_load_kernel). */
    int strided = 0;
    for (int d = 0; d < a->rank; ++d)
      strided |= a->strides[d] != 0;
    if (strided) {
      wmma_sbuf_printf(sb, ", \"strides\": [");
      for (int d = 0; d < a->rank; ++d)
        wmma_sbuf_printf(sb, "%s%lld", d ? ", " : "", (long long)a->strides[d]);
      wmma_sbuf_printf(sb, "], \"offset\": %lld", (long long)a->offset);
    }
    wmma_sbuf_printf(sb, ", \"role\": ");
    wmma_sbuf_json_string(sb, a->role);
    wmma_sbuf_printf(sb, ", \"host\": %d", a->host);
    if (a->sparse)
      wmma_sbuf_printf(sb, ", \"sparse\": \"2:4\", \"part\": \"%s\"",
                       a->sparse == 1 ? "values" : "index");
    if (a->sparse_cols)
      wmma_sbuf_printf(sb, ", \"along\": \"columns\"");
    wmma_sbuf_printf(sb, "}");
  }
  wmma_sbuf_printf(sb, "%s%s]", n ? "\n" : "", n ? indent : "");
}

/* The fields of one kernel's record (the manifest's top level, or a
 * program's launch). */
static void json_kernel(wmma_sbuf *sb, const wmma_compile_result *r,
                        const char *indent) {
  wmma_sbuf_printf(sb, "%s\"kernel\": ", indent);
  wmma_sbuf_json_string(sb, r->kernel);
  wmma_sbuf_printf(sb, ",\n%s\"grid\": [", indent);
  for (int i = 0; i < 3; ++i) {
    wmma_sbuf_printf(sb, "%s", i ? ", " : "");
    if (r->grid[i])
      wmma_sbuf_printf(sb, "%u", r->grid[i]);
    else
      json_grid_expr(sb, r->grid_program[i], r->grid_len[i]);
  }
  wmma_sbuf_printf(sb, "],\n%s\"block\": [%u, %u, %u],\n%s\"lds_bytes\": "
                       "%llu,\n%s\"sizes\": %d,\n",
                   indent, r->block[0], r->block[1], r->block[2], indent,
                   (unsigned long long)r->lds_bytes, indent, r->nsizes);
  if (r->schedule[0]) {
    wmma_sbuf_printf(sb, "%s\"schedule\": ", indent);
    wmma_sbuf_json_string(sb, r->schedule);
    wmma_sbuf_printf(sb, ",\n");
  }
  wmma_sbuf_printf(sb, "%s\"args\": ", indent);
  json_args(sb, r->args, r->nargs, indent);
}

static char *manifest_json(const wmma_compile_result *r) {
  wmma_sbuf sb = {0};
  wmma_sbuf_printf(&sb, "{\n  \"kernel\": ");
  wmma_sbuf_json_string(&sb, r->kernel);
  wmma_sbuf_printf(&sb, ",\n  \"chip\": ");
  wmma_sbuf_json_string(&sb, r->chip);
  wmma_sbuf_printf(&sb, ",\n  \"grid\": [");
  for (int i = 0; i < 3; ++i) {
    wmma_sbuf_printf(&sb, "%s", i ? ", " : "");
    if (r->grid[i] || r->nlaunches)
      wmma_sbuf_printf(&sb, "%u", r->grid[i]);
    else
      json_grid_expr(&sb, r->grid_program[i], r->grid_len[i]);
  }
  wmma_sbuf_printf(&sb, "],\n  \"block\": [%u, %u, %u],\n"
                        "  \"lds_bytes\": %llu,\n  \"sizes\": %d,\n"
                        "  \"results\": %d,\n  \"accumulate\": \"%s\",\n",
                   r->block[0], r->block[1], r->block[2],
                   (unsigned long long)r->lds_bytes, r->nsizes, r->nresults,
                   r->accumulate ? "native" : "wide");
  if (r->schedule[0]) {
    wmma_sbuf_printf(&sb, "  \"schedule\": ");
    wmma_sbuf_json_string(&sb, r->schedule);
    wmma_sbuf_printf(&sb, ",\n");
  }
  wmma_sbuf_printf(&sb, "  \"args\": ");
  json_args(&sb, r->args, r->nargs, "  ");
  if (r->nlaunches) {
    /* A program: its own buffers, then the launches in order. */
    wmma_sbuf_printf(&sb, ",\n  \"buffers\": [");
    for (int i = 0; i < r->nbuffers; ++i) {
      const wmma_program_buffer *b = &r->buffers[i];
      wmma_sbuf_printf(&sb, "%s\n    {\"name\": ", i ? "," : "");
      wmma_sbuf_json_string(&sb, b->desc.name);
      wmma_sbuf_printf(&sb, ", \"type\": ");
      wmma_sbuf_json_string(&sb, b->desc.type);
      wmma_sbuf_printf(&sb, ", \"shape\": [");
      for (int d = 0; d < b->desc.rank; ++d) {
        wmma_sbuf_printf(&sb, "%s", d ? ", " : "");
        json_size(&sb, b->desc.shape[d]);
      }
      wmma_sbuf_printf(&sb, "], \"host\": %d", b->desc.host);
      if (b->is_view)
        wmma_sbuf_printf(&sb, ", \"view_of\": %d", b->view_of);
      if (b->offset_value >= 0)
        wmma_sbuf_printf(&sb, ", \"offset_value\": %d", b->offset_value);
      if (b->value >= 0)
        wmma_sbuf_printf(&sb, ", \"value\": %d", b->value);
      wmma_sbuf_printf(&sb, "}");
    }
    wmma_sbuf_printf(&sb, "%s],\n  \"launches\": [", r->nbuffers ? "\n  " : "");
    for (int i = 0; i < r->nlaunches; ++i) {
      wmma_sbuf_printf(&sb, "%s\n    {\n", i ? "," : "");
      json_kernel(&sb, &r->launches[i], "      ");
      manifest_launch_nesting(&sb, r, i);
      wmma_sbuf_printf(&sb, "\n    }");
    }
    wmma_sbuf_printf(&sb, "\n  ]");
    manifest_values(&sb, r);
    manifest_computed_sizes(&sb, r);
    manifest_steps(&sb, r);
  }
  wmma_sbuf_printf(&sb, "\n}\n");
  return wmma_sbuf_take(&sb);
}

/*===-------------------------------------------------------------------===*
 * Artifacts
 *===-------------------------------------------------------------------===*/
typedef struct {
  MlirOperation binary;
  const char *module_name;
} binary_search;

static MlirWalkResult find_binary(MlirOperation op, void *ud) {
  binary_search *b = ud;
  if (!wmma_op_is(op, "gpu.binary"))
    return MlirWalkResultAdvance;
  MlirStringRef name = mlirStringAttrGetValue(wmma_attr(op, "sym_name"));
  if (name.length == strlen(b->module_name) &&
      !memcmp(name.data, b->module_name, name.length)) {
    b->binary = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* Bitcode -> LLVM IR text with the LLVM C API.  The serializer leaves the
 * chip only in the object's target; stamp it on every defined function as
 * "target-cpu" so that the IR is self-describing (wmma-emu reads it). */
static int bitcode_to_text(session *s, MlirStringRef bc, const char *chip,
                           wmma_compile_result *res) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(bc.data, bc.length, "kernel.bc");
  LLVMModuleRef mod = NULL;
  int ok = 0;
  if (!LLVMParseBitcodeInContext2(ctx, buf, &mod) && mod) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
      if (LLVMIsDeclaration(fn))
        continue;
      LLVMAttributeRef cpu = LLVMGetStringAttributeAtIndex(
          fn, LLVMAttributeFunctionIndex, "target-cpu", 10);
      if (!cpu)
        LLVMAddTargetDependentFunctionAttr(fn, "target-cpu", chip);
    }
    char *text = LLVMPrintModuleToString(mod);
    res->size = strlen(text);
    res->data = malloc(res->size + 1);
    memcpy(res->data, text, res->size + 1);
    LLVMDisposeMessage(text);
    LLVMDisposeModule(mod);
    ok = 1;
  } else {
    session_error(s, "the serializer produced unreadable LLVM bitcode%s", "");
  }
  LLVMDisposeMemoryBuffer(buf);
  LLVMContextDispose(ctx);
  return ok;
}

static int emit_artifact(session *s, MlirOperation module, MlirOperation kernel,
                         const wmma_compile_options *o, wmma_compile_result *res) {
  if (o->emit == WMMA_EMIT_MLIR) {
    wmma_sbuf sb = {0};
    mlirOperationPrint(module, sb_callback, &sb);
    wmma_sbuf_append(&sb, "\n", 1);
    res->size = sb.len;
    res->data = (unsigned char *)wmma_sbuf_take(&sb);
    return 1;
  }
  /* The gpu.module holding the kernel names the gpu.binary it becomes. */
  MlirOperation gpu_module = mlirOperationGetParentOperation(kernel);
  char module_name[256];
  wmma_copy_ref(module_name, sizeof module_name,
                mlirStringAttrGetValue(wmma_attr(gpu_module, "sym_name")));
  static const char *const kFormats[] = {"", "llvm", "isa", "bin"};
  wmmaHsacoOptions hsaco = {.format = kFormats[o->emit], .strategy = o->strategy};
  MlirPassManager pm = mlirPassManagerCreate(s->ctx);
  wmmaBuildToHsacoPipeline(mlirPassManagerGetAsOpPassManager(pm), &hsaco);
  if (!run_pass_manager(s, module, pm, "wmma-to-hsaco"))
    return 0;
  binary_search b = {{NULL}, module_name};
  mlirOperationWalk(module, find_binary, &b, MlirWalkPreOrder);
  if (mlirOperationIsNull(b.binary)) {
    session_error(s, "no gpu.binary was produced for '%s'", module_name);
    return 0;
  }
  MlirAttribute objects = wmma_attr(b.binary, "objects");
  if (mlirAttributeIsNull(objects) || !mlirAttributeIsAArray(objects) ||
      mlirArrayAttrGetNumElements(objects) < 1 ||
      !mlirAttributeIsAGPUObjectAttr(mlirArrayAttrGetElement(objects, 0))) {
    session_error(s, "gpu.binary '%s' holds no object", module_name);
    return 0;
  }
  MlirStringRef obj = mlirGPUObjectAttrGetObject(mlirArrayAttrGetElement(objects, 0));
  if (o->emit == WMMA_EMIT_LLVM)
    return bitcode_to_text(s, obj, o->chip, res);
  res->size = obj.length;
  res->data = malloc(obj.length + 1);
  memcpy(res->data, obj.data, obj.length);
  res->data[obj.length] = 0;
  return 1;
}


/*===-------------------------------------------------------------------===*
 * Entry points
 *===-------------------------------------------------------------------===*/
/* The program (a host function marked wmma.program) named func, or the
 * only one when func is NULL and no kernel stands alone; null if none. */
static MlirOperation find_program(MlirOperation module, const char *func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation found = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!wmma_op_is(op, "func.func") || !fe_is_program(op))
      continue;
    MlirStringRef n = mlirStringAttrGetValue(wmma_attr(op, "sym_name"));
    if (func && (n.length != strlen(func) || memcmp(n.data, func, n.length)))
      continue;
    found = op;
  }
  return found;
}

static int has_top_level(MlirOperation module, const char *name) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (wmma_op_is(op, name))
      return 1;
  return 0;
}

int wmma_compile_source(const char *source, size_t size, const char *source_name,
                        const wmma_compile_options *o, wmma_compile_result *res) {
  memset(res, 0, sizeof *res);
  /* An unknown chip is a compile error (1), like an unsupported pattern. */
  if (!o || !o->chip || wmma_chip_arch(o->chip) == WMMA_ARCH_INVALID) {
    wmma_sbuf sb = {0};
    wmma_sbuf_printf(&sb, "error: unknown chip '%s'; supported chips: %s\n",
                     (o && o->chip) ? o->chip : "", wmma_supported_chips());
    res->diagnostics = wmma_sbuf_take(&sb);
    return 1;
  }
  if (o->emit < WMMA_EMIT_MLIR || o->emit > WMMA_EMIT_HSACO) {
    wmma_sbuf sb = {0};
    wmma_sbuf_printf(&sb, "error: unknown output kind\n");
    res->diagnostics = wmma_sbuf_take(&sb);
    return 2;
  }
  snprintf(res->chip, sizeof res->chip, "%s", o->chip);
  session s;
  session_init(&s);
  int status = 1;
  MlirOperation module = parse_module(&s, source, size, source_name);
  if (mlirOperationIsNull(module))
    goto done;
  if (!mlirOperationVerify(module))
    goto done;

  wmma_name_arguments(module, source, size);

  /* Linalg functions go through the front end; atom programs (gpu.modules
   * with wmma kernels) are compiled as they are. */
  if (has_top_level(module, "func.func")) {
    MlirPassManager pm = mlirPassManagerCreate(s.ctx);
    mlirPassManagerAddOwnedPass(pm, wmmaCreateLinalgToKernelsPassWithOptions(
                                        &(wmmaFrontEndOptions){
                                            .chip = o->chip,
                                            .waves = o->waves_per_workgroup,
                                            .staging = (wmma_staging)o->staging,
                                            .tile_m = o->tile_m,
                                            .tile_n = o->tile_n,
                                            .accumulate = (wmma_accumulate)
                                                              o->accumulate,
                                            /* everything runs as kernels,
                                               or nothing is run */
                                            .whole = true}));
    if (!run_pass_manager(&s, module, pm, "wmma-linalg-to-kernels"))
      goto done;
    res->accumulate = o->accumulate == WMMA_ACCUMULATE_NATIVE;
  }

  /* A function compiled into several kernels is described as a program
   * (its launches), chosen like a kernel by its name. */
  MlirOperation kernel = {NULL};
  MlirOperation program = find_program(module, o->func);
  if (!mlirOperationIsNull(program)) {
    if (!describe_program(&s, module, program, res, &kernel))
      goto done;
    goto describe_done;
  }
  kernel_list kl = {{{NULL}}, 0};
  mlirOperationWalk(module, find_kernels, &kl, MlirWalkPreOrder);
  for (int i = 0; i < kl.n; ++i) {
    MlirStringRef n = mlirStringAttrGetValue(wmma_attr(kl.kernels[i], "sym_name"));
    if (o->func && (n.length != strlen(o->func) || memcmp(n.data, o->func, n.length)))
      continue;
    if (!mlirOperationIsNull(kernel)) {
      session_error(&s, "the input holds several kernels; choose one with "
                        "--func NAME%s", "");
      goto done;
    }
    kernel = kl.kernels[i];
  }
  if (mlirOperationIsNull(kernel)) {
    if (o->func)
      session_error(&s, "no kernel named '%s' was produced (the function "
                        "did not match a supported pattern, see the remarks)",
                    o->func);
    else
      session_error(&s, "no kernel was produced: the input did not match a "
                        "supported pattern (see the remarks)%s", "");
    goto done;
  }
  /* A kernel written for another chip (an atom program) must not be
   * described, run or emulated as this one. */
  char module_chip[32];
  wmmaGPUModuleGetTargetChip(mlirOperationGetParentOperation(kernel), module_chip,
                             sizeof module_chip);
  if (module_chip[0] && strcmp(module_chip, o->chip)) {
    char msg[256];
    snprintf(msg, sizeof msg,
             "the kernel's gpu.module targets %s but the chip asked for is %s; "
             "compile it for its own chip or change its #rocdl.target",
             module_chip, o->chip);
    mlirEmitError(mlirOperationGetLocation(mlirOperationGetParentOperation(kernel)), msg);
    goto done;
  }
  if (!describe_kernel(&s, kernel, res))
    goto done;
describe_done:
  if (!emit_artifact(&s, module, kernel, o, res))
    goto done;
  res->manifest_json = manifest_json(res);
  res->ok = 1;
  status = 0;

done:
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  if (status && s.errors == 0)
    session_error(&s, "compilation failed%s", "");
  res->diagnostics = wmma_sbuf_take(&s.diags);
  session_destroy(&s);
  return status;
}

int wmma_compile_file(const char *path, const wmma_compile_options *o,
                      wmma_compile_result *res) {
  size_t size = 0;
  char *src = wmma_read_file(path, &size);
  if (!src) {
    memset(res, 0, sizeof *res);
    wmma_sbuf sb = {0};
    wmma_sbuf_printf(&sb, "error: cannot read '%s'\n", path);
    res->diagnostics = wmma_sbuf_take(&sb);
    return 2;
  }
  int rc = wmma_compile_source(src, size, strcmp(path, "-") ? path : "<stdin>", o, res);
  free(src);
  return rc;
}

void wmma_compile_result_free(wmma_compile_result *res) {
  if (!res)
    return;
  free(res->data);
  free(res->manifest_json);
  free(res->diagnostics);
  for (int i = 0; i < res->nlaunches && res->launches; ++i)
    wmma_compile_result_free(&res->launches[i]);
  free(res->launches);
  free(res->buffers);
  free(res->steps);
  free(res->values);
  free(res->size_values);
  res->size_values = NULL;
  res->launches = NULL;
  res->buffers = NULL;
  res->steps = NULL;
  res->values = NULL;
  res->nlaunches = res->nbuffers = res->nsteps = res->nvalues = 0;
  res->data = NULL;
  res->manifest_json = res->diagnostics = NULL;
}
