#!/usr/bin/env python3
"""Lists C expressions whose operands build IR in an unspecified order.

C leaves the order of evaluating a call's arguments (and the operands of
most binary operators, and the elements of an initializer list) open, so
`wb_addi(b, wb_muli(b, x, y), wb_const(b, 4))` creates the muli and the
constant in an order that depends on the C compiler: GCC and clang build
different (equivalent) IR.  This script finds every such expression with
two or more operands that (transitively) insert ops, blocks or block
arguments, or move the insertion point, from clang's JSON AST of each C
file of the library, and prints file:line: callee.

usage: find-unsequenced-ir.py BUILD_DIR [PATH_SUBSTRING ...]
(BUILD_DIR is a Ninja build; all of lib/ is read to know which functions
build IR; PATH_SUBSTRINGs select the files reported, default lib/.)
Exit status 1 when a site is found.
"""
import json
import os
import re
import shlex
import subprocess
import sys

# MLIR C API calls that change the IR or where the next op goes.
SEED = re.compile(
    r"^mlir(RewriterBase\w*|PatternRewriter\w*|OpBuilder\w*"
    r"|Block(Append|Insert)OwnedOperation\w*|Block(Add|Insert|Erase)Argument"
    r"|Region(Append|Insert)OwnedBlock\w*|Operation(Move\w*|Destroy|Clone"
    r"|SetOperand\w*|ReplaceUsesOfWith|Erase\w*)|ValueReplaceAllUsesOf\w*)$")
INDIRECT = "<indirect call>"
# Operators whose operands are sequenced (or only one is evaluated).
SEQUENCED_OPS = {"&&", "||", ","}


class Walker:
    """Walks one TU's JSON AST in dump order, tracking the elided
    file/line of locations as clang's JSON dumper emits them."""

    def __init__(self):
        self.file = None
        self.line = None
        self.functions = {}  # name -> set of callees
        self.sites = []      # (file, line, what, [set of callees per operand])

    def loc(self, l):
        if not isinstance(l, dict):
            return
        for k in ("spellingLoc", "expansionLoc"):
            if k in l:
                self.loc(l[k])
        if "file" in l:
            self.file = l["file"]
        if "line" in l:
            self.line = l["line"]

    def visit(self, n, func):
        """Returns the set of functions called in n's subtree."""
        here = None
        if "loc" in n:
            self.loc(n["loc"])
        if "range" in n:
            self.loc(n["range"].get("begin"))
            here = (self.file, self.line)
            self.loc(n["range"].get("end"))
        kind = n.get("kind")
        if kind == "FunctionDecl" and any(
                c.get("kind") == "CompoundStmt" for c in n.get("inner", [])):
            callees = set()
            for c in n.get("inner", []):
                callees |= self.visit(c, n["name"])
            self.functions.setdefault(n["name"], set()).update(callees)
            return set()
        inner = n.get("inner", [])
        per = []
        for c in inner:
            self.loc(c.get("loc"))
            per.append(self.visit(c, func))
        called = set().union(*per) if per else set()
        if kind == "CallExpr" and inner:
            callee = direct_callee(inner[0])
            called.add(callee or INDIRECT)
            self.record(here, callee or INDIRECT, per[1:], func)
        elif kind == "InitListExpr":
            self.record(here, "{initializer list}", per, func)
        elif kind in ("BinaryOperator", "CompoundAssignOperator") and \
                n.get("opcode") not in SEQUENCED_OPS:
            self.record(here, "operator " + n.get("opcode", "?"), per, func)
        return called

    def record(self, here, what, operands, func):
        busy = [s for s in operands if s]
        if len(busy) >= 2 and here and here[0]:
            self.sites.append((here[0], here[1], what, func, operands))


def direct_callee(n):
    while n.get("kind") in ("ImplicitCastExpr", "ParenExpr"):
        if not n.get("inner"):
            return None
        n = n["inner"][0]
    if n.get("kind") == "DeclRefExpr":
        d = n.get("referencedDecl", {})
        if d.get("kind") == "FunctionDecl":
            return d.get("name")
    return None


def compile_args(entry):
    args = shlex.split(entry["command"])
    out = ["clang-22"]
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-c"):
            skip = True
            continue
        if a.endswith("cc") or a.startswith("-M") or a == "ccache":
            continue
        out.append(a)
    return out


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    build = sys.argv[1]
    wants = sys.argv[2:] or ["/lib/"]
    db = json.loads(subprocess.run(["ninja", "-C", build, "-t", "compdb"],
                                   check=True, capture_output=True,
                                   text=True).stdout)
    seen = set()
    walker = Walker()
    for e in db:
        f = os.path.join(e["directory"], e["file"])
        if not f.endswith(".c") or f in seen or "/lib/" not in f:
            continue
        seen.add(f)
        cmd = compile_args(e)
        cmd += ["-fsyntax-only", "-Xclang", "-ast-dump=json", f]
        cmd = [a for a in cmd if a != f] + [f]
        ast = json.loads(subprocess.run(cmd, check=True, capture_output=True,
                                        text=True, cwd=e["directory"]).stdout)
        walker.file = walker.line = None
        walker.visit(ast, None)
    # Functions that build IR: the seeds and whatever calls them.
    builds = {INDIRECT}
    changed = True
    while changed:
        changed = False
        for name, callees in walker.functions.items():
            if name not in builds and any(
                    c in builds or (c and SEED.match(c)) for c in callees):
                builds.add(name)
                changed = True
    found = 0
    for file, line, what, func, operands in walker.sites:
        busy = [sorted(c for c in s if c in builds or SEED.match(c))
                for s in operands]
        busy = [b for b in busy if b]
        if len(busy) >= 2 and any(w in file for w in wants):
            found += 1
            print(f"{os.path.relpath(file)}:{line}: {what} in {func}: "
                  + " | ".join(",".join(b) for b in busy))
    print(f"{found} site(s)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
