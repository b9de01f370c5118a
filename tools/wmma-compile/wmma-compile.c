/* wmma-compile: one MLIR function (linalg chain) or wmma atom program -> an
 * RDNA kernel as wmma IR, device LLVM IR, ISA or HSACO, plus OUT.json, its
 * launch manifest. */
#include "wmma-c/Compiler.h"
#include "wmma-c/Passes.h"
#include "IntOption.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fprintf(f,
          "usage: wmma-compile INPUT.mlir --chip gfxNNNN [--emit mlir|llvm|isa|hsaco]\n"
          "                    [--func NAME] [--strategy permlanex16|bpermute]\n"
          "                    [--waves N] [--staging auto|registers|lds] [--tile MxN]\n"
          "                    [--accumulate wide|native]\n"
          "                    [--no-tiling] -o OUT\n"
          "\n"
          "Compiles a linalg function (on memrefs or tensors, static or dynamic\n"
          "sizes: GEMMs with epilogues, GEMM-GEMM chains, batched) or a wmma atom\n"
          "program to one kernel for the chip.  Writes OUT (default emit: hsaco)\n"
          "and OUT.json, the launch manifest (from the kernel's #wmma.launch):\n"
          "  {\"kernel\", \"chip\", \"grid\": [x,y,z], \"block\": [x,y,z], \"lds_bytes\",\n"
          "   \"sizes\", \"results\", \"accumulate\": wide|native, \"schedule\",\n"
          "   \"args\": [{\"name\",\n"
          "   \"kind\": buffer|scalar, \"type\", \"shape\", [\"strides\", \"offset\",]\n"
          "   \"role\", \"host\"}]}\n"
          "A grid entry or shape entry \"sN\" is run-time size N; strides and\n"
          "offset (in elements) describe a strided layout.  The kernel takes\n"
          "a memref descriptor (allocated and aligned pointer, offset, sizes,\n"
          "strides) per memref argument and one value per scalar, in the\n"
          "function's argument order, then one memref per result of a function\n"
          "on tensors.  --staging forces how operand tiles are staged (default:\n"
          "the templates' cost rule); --no-tiling is --staging registers.\n"
          "--accumulate native accumulates products with f16/bf16 outputs in\n"
          "their own type (default wide: in f32, rounded once at the end).\n"
          "\"schedule\" is the kernel's #wmma.schedule: given on the function\n"
          "(func.func ... attributes {wmma.schedule = #wmma.schedule<...>}), it\n"
          "is compiled with exactly that schedule (or refused with the reason).\n"
          "Exit status: 0 success, 1 compile error (diagnostics on stderr), 2 usage.\n"
          "Supported chips: %s\n",
          wmma_supported_chips());
}

static int write_file(const char *path, const void *data, size_t size) {
  FILE *f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
  if (!f)
    return 0;
  int ok = fwrite(data, 1, size, f) == size;
  if (f != stdout)
    ok = (fclose(f) == 0) && ok;
  return ok;
}

int main(int argc, char **argv) {
  const char *input = NULL, *out = NULL;
  wmma_compile_options o;
  memset(&o, 0, sizeof o);
  o.emit = WMMA_EMIT_HSACO;
  o.strategy = WMMA_XLANE_PERMLANEX16;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *v = (i + 1 < argc) ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--chip") && v) {
      o.chip = v, ++i;
    } else if (!strcmp(a, "--emit") && v) {
      int k = wmma_emit_parse(v);
      if (k < 0) {
        fprintf(stderr, "wmma-compile: error: unknown --emit '%s' (expected mlir, "
                        "llvm, isa or hsaco)\n", v);
        return 2;
      }
      o.emit = (wmma_emit_kind)k, ++i;
    } else if (!strcmp(a, "--func") && v) {
      o.func = v, ++i;
    } else if (!strcmp(a, "--strategy") && v) {
      int st = wmma_strategy_parse(v);
      if (st < 0) {
        fprintf(stderr, "wmma-compile: error: unknown --strategy '%s' (expected "
                        "permlanex16 or bpermute)\n", v);
        return 2;
      }
      o.strategy = (wmma_xlane_strategy)st, ++i;
    } else if (!strcmp(a, "--waves") && v) {
      long long w;
      if (int_option("wmma-compile", "--waves", v, 1, 32, &w))
        return 2;
      o.waves_per_workgroup = (int)w, ++i;
    } else if (!strcmp(a, "--no-tiling")) {
      o.staging = WMMA_STAGING_REGISTERS;
    } else if (!strcmp(a, "--tile") && v) {
      long long mn[2];
      int n;
      if (int_list(v, 'x', 1, 4096, mn, 2, &n) || n != 2) {
        fprintf(stderr, "wmma-compile: error: --tile takes MxN, integers in "
                        "1..4096, got '%s'\n", v);
        return 2;
      }
      o.tile_m = (int)mn[0], o.tile_n = (int)mn[1], ++i;
    } else if (!strcmp(a, "--accumulate") && v) {
      int acc = wmmaAccumulateParse(v);
      if (acc < 0) {
        fprintf(stderr, "wmma-compile: error: unknown --accumulate '%s' (expected "
                        "wide or native)\n", v);
        return 2;
      }
      o.accumulate = acc, ++i;
    } else if (!strcmp(a, "--staging") && v) {
      int st = wmmaStagingParse(v);
      if (st < 0) {
        fprintf(stderr, "wmma-compile: error: unknown --staging '%s' "
                        "(expected auto, registers or lds)\n", v);
        return 2;
      }
      o.staging = st, ++i;
    } else if (!strcmp(a, "-o") && v) {
      out = v, ++i;
    } else if (a[0] == '-' && a[1] && strcmp(a, "-")) {
      fprintf(stderr, "wmma-compile: error: unknown or incomplete option '%s'\n", a);
      usage(stderr);
      return 2;
    } else if (!input) {
      input = a;
    } else {
      fprintf(stderr, "wmma-compile: error: more than one input ('%s')\n", a);
      return 2;
    }
  }
  if (!input || !out || !o.chip) {
    fprintf(stderr, "wmma-compile: error: %s is required\n",
            !input ? "an input file" : !o.chip ? "--chip" : "-o OUT");
    usage(stderr);
    return 2;
  }
  wmma_compile_result r;
  int rc = wmma_compile_file(input, &o, &r);
  if (r.diagnostics && *r.diagnostics)
    fputs(r.diagnostics, stderr);
  if (rc == 0) {
    char manifest[4096];
    snprintf(manifest, sizeof manifest, "%s.json", strcmp(out, "-") ? out : "wmma-kernel");
    if (!write_file(out, r.data, r.size) ||
        !write_file(manifest, r.manifest_json, strlen(r.manifest_json))) {
      fprintf(stderr, "wmma-compile: error: cannot write '%s'\n", out);
      rc = 1;
    }
  }
  wmma_compile_result_free(&r);
  return rc;
}
