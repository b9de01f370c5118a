#!/usr/bin/env python3
"""libwmma-c.so exports exactly its public C API (issue 19).

Usage: check-exports.py NM LIBRARY WMMA_INCLUDE_DIR MLIR_INCLUDE_DIR

Checks, and exits 1 listing every violation:
  - every function declared in the public headers (include/wmma-c/*.h and
    include/wmma/Layout/Layout.h and SpeedOfLight.h, which wmma-c/Layout.h
    re-exports) carries
    WMMA_CAPI_EXPORTED and is exported by the library;
  - every exported C symbol is such a function or a function of the MLIR C
    API the library bundles (declared MLIR_CAPI_EXPORTED under mlir-c/):
    no internal symbol (fe_*, kb_*, wb_*, run_wave, mem_*, ...) leaks.
C++ symbols (the dialect's classes and MLIR's templates) are counted only.
"""
import pathlib
import re
import subprocess
import sys


def declarations(path):
    """(name, exported) of each function declared in a header."""
    text = path.read_text()
    text = re.sub(r"#ifdef __cplusplus.*?#endif", " ", text, flags=re.S)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
    # Macro invocations without a semicolon (WMMA_EMU_ARG_CTOR(...)).
    text = re.sub(r"^[A-Z_0-9]+\([^;\n]*\)[ \t]*$", " ", text, flags=re.M)
    out, depth, start, opened = [], 0, 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0:
                opened = i
            depth += 1
        elif ch == "}":
            depth -= 1
            # The end of a function body (static inline) ends its statement.
            if depth == 0 and text[start:opened].rstrip().endswith(")"):
                start = i + 1
        elif ch == ";" and depth == 0:
            out.append(" ".join(text[start:i].split()))
            start = i + 1
    decls = []
    for st in out:
        m = re.match(r"MLIR_DECLARE_CAPI_DIALECT_REGISTRATION\(\s*\w+\s*,\s*(\w+)\s*\)", st)
        if m:
            decls.append(("mlirGetDialectHandle__%s__" % m.group(1), True))
            continue
        exported = False
        for macro in ("WMMA_CAPI_EXPORTED ", "MLIR_CAPI_EXPORTED "):
            if st.startswith(macro):
                exported, st = True, st[len(macro):]
        # Type declarations are skipped, not functions returning an enum or
        # struct (MLIR's mlirSparseTensorEncodingAttrGetLvlFmt).
        returns_tagged = re.match(r"(struct|enum|union)\s+\w+\s*\**\s*\w+\s*\(", st)
        if (re.match(r"(typedef|struct|enum|union|static|extern \"C\")\b", st)
                and not returns_tagged):
            continue
        m = re.match(r"[^(]*?\b([A-Za-z_]\w*)\s*\(", st)
        if m and not re.search(r"\(\s*\*", st.split(m.group(1))[0]):
            decls.append((m.group(1), exported))
    return decls


def main():
    nm, lib, wmma_inc, mlir_inc = sys.argv[1:5]
    wmma_inc, mlir_inc = pathlib.Path(wmma_inc), pathlib.Path(mlir_inc)
    headers = sorted((wmma_inc / "wmma-c").glob("*.h")) + [wmma_inc / "wmma/Layout/Layout.h",
                                                            wmma_inc / "wmma/Layout/SpeedOfLight.h"]
    public, problems = set(), []
    for h in headers:
        for name, exported in declarations(h):
            public.add(name)
            if not exported:
                problems.append("%s: %s is declared without WMMA_CAPI_EXPORTED" % (h.name, name))
    mlir_api = set()
    # mlir-c's headers and the pass declarations they include (*.capi.h.inc).
    for h in list((mlir_inc / "mlir-c").rglob("*.h")) + list(mlir_inc.rglob("*.capi.h.inc")):
        mlir_api.update(n for n, e in declarations(h) if e)
    syms = subprocess.run([nm, "-D", "--defined-only", lib], check=True,
                          capture_output=True, text=True).stdout.split("\n")
    exported = {}
    for line in syms:
        parts = line.split()
        if len(parts) == 3:
            exported[parts[2]] = parts[1]
    for name in sorted(public):
        if exported.get(name) != "T":
            problems.append("%s is declared public but not exported as a function" % name)
    # ASan's ODR indicator of a global (__odr_asan_gen_NAME) is the global's:
    # a C++ one is C++, a C one must be public like the global itself.
    def base(s):
        return s[len("__odr_asan_gen_"):] if s.startswith("__odr_asan_gen_") else s
    # The linker's bounds of instrumentation sections in the sanitizer build
    # (__start_asan_globals, __stop___sancov_pcs, ...) are not our symbols.
    toolchain = {s for s in exported if s.startswith(("__start_", "__stop_"))}
    cxx = [s for s in exported if base(s).startswith("_Z")]
    c = [s for s in exported if not base(s).startswith("_Z") and s not in toolchain]
    ours = [s for s in c if base(s) in public]
    mlir = [s for s in c if base(s) in mlir_api and base(s) not in public]
    for s in sorted(set(c) - set(ours) - set(mlir)):
        problems.append("%s is exported but not public" % s)
    print("exported: %d symbols: %d of the wmma C API (%d declared), %d of the "
          "MLIR C API, %d C++, %d internal" % (len(exported), len(ours), len(public),
                                               len(mlir), len(cxx), len(c) - len(ours) - len(mlir)))
    for p in problems:
        print("error: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
