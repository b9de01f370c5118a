#!/usr/bin/env python3
"""Mutation test of wmma-run's checker: compiles each program for each chip
to LLVM IR (wmma-compile --emit llvm), checks that the kernel as compiled
PASSes `wmma-run SRC --kernel-ir K.ll`, then makes small wrong kernels by
editing the IR text and checks that each one FAILs:

  zero-all-stores     every global store writes zero
  zero-first-store    only the first global store (in program order) does
  drop-accumulator    one accumulating WMMA loses its accumulator (its C
                      operand becomes zeroinitializer)
  drop-wmma-product   one WMMA adds nothing (its A operand becomes zero):
                      one K step of the tile skipped
  double-k-step       the WMMA loop's K increment doubled (every other K
                      step skipped)
  tail-off-by-one     every bound compare against a tail size (a constant
                      that is not a multiple of 16) excludes its last
                      row/column/step

A mutant whose pattern occurs nowhere in the kernel is "not applicable",
never counted as killed.  Prints one line per mutant and "PROGRAM CHIP:
killed N of M (A not applicable)"; exits 1 if the unmutated kernel fails or
a mutant survives.

usage: mutate-kernel.py --out DIR --chip C [--chip C...] NAME=SRC.mlir...
       mutate-kernel.py --apply MUTANT IN.ll OUT.ll   (one mutant; copies
                                                      IN.ll.json beside OUT.ll)
"""
import argparse
import os
import re
import subprocess
import sys

GLOBAL_STORE = re.compile(
    r"^(\s*store (?:volatile )?(?:<\d+ x \w+>|\w+) )([^,]+)(, ptr addrspace\((?:1|7)\) )")
WMMA_CALL = re.compile(
    r"^(\s*%[\w.]+ = (?:tail )?call (<\d+ x \w+>) @llvm\.amdgcn\.wmma\.[\w.]+\()(.*)(\).*)$")
PHI = re.compile(r"^\s*(%[\w.]+) = phi (i64|i32) \[ (-?\d+), %[\w.]+ \], \[ (%[\w.]+), %[\w.]+ \]")
ICMP_CONST = re.compile(
    r"^(\s*%[\w.]+ = icmp (?:samesign )?)(ult|slt|ule|sle|ugt|sgt|uge|sge) "
    r"(i\d+) (%[\w.]+), (-?\d+)$")


def split_args(text):
    """Top-level comma-separated call arguments ('<16 x half> %1', ...)."""
    args, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        args.append(cur.strip())
    return args


def arg_type_value(arg):
    m = re.match(r"^(<\d+ x \w+>|\w+)(?: \w+)* (\S+)$", arg)
    return (m.group(1), m.group(2)) if m else (None, None)


def zero_stores(lines, only_first):
    out, done = [], False
    for line in lines:
        m = GLOBAL_STORE.match(line)
        if m and not (only_first and done):
            line = m.group(1) + "zeroinitializer" + m.group(3) + line[m.end():]
            done = True
        out.append(line)
    return out if done else None


def edit_wmma(lines, pick_operand):
    """Replaces one operand (chosen by pick_operand(return type, args)) of
    the first WMMA call where it applies by zeroinitializer."""
    for i, line in enumerate(lines):
        m = WMMA_CALL.match(line)
        if not m:
            continue
        args = split_args(m.group(3))
        k = pick_operand(m.group(2), args)
        if k is None:
            continue
        typ, _ = arg_type_value(args[k])
        args[k] = typ + " zeroinitializer"
        out = list(lines)
        out[i] = m.group(1) + ", ".join(args) + m.group(4)
        return out
    return None


def accumulator(ret, args):
    """C: the last argument of the result's type, when it is a value."""
    for k in range(len(args) - 1, -1, -1):
        typ, val = arg_type_value(args[k])
        if typ == ret:
            return k if val.startswith("%") else None
    return None


def first_vector(ret, args):
    for k, a in enumerate(args):
        typ, val = arg_type_value(a)
        if typ and typ.startswith("<") and val.startswith("%"):
            return k
    return None


def double_k_step(lines):
    """The K loop: a block holding a WMMA call whose phi counter steps by a
    constant and whose exit compare is an ordered '<' (so a doubled step
    still ends the loop)."""
    blocks, cur = [], []
    for i, line in enumerate(lines):
        if re.match(r"^[\w.]+:", line) or line.startswith("define "):
            blocks.append(cur)
            cur = []
        cur.append(i)
    blocks.append(cur)
    for b in blocks:
        text = [lines[i] for i in b]
        if not any(WMMA_CALL.match(t) for t in text):
            continue
        if not any(re.search(r"icmp (samesign )?(ult|slt|ule|sle) ", t) for t in text):
            continue
        for i in b:
            p = PHI.match(lines[i])
            if not p:
                continue
            phi, next_val = p.group(1), p.group(4)
            inc = re.compile(r"^(\s*%s = add (?:nuw )?(?:nsw )?%s %s, )(\d+)$"
                             % (re.escape(next_val), p.group(2), re.escape(phi)))
            for j in b:
                m = inc.match(lines[j])
                if m and int(m.group(2)) > 0:
                    out = list(lines)
                    out[j] = m.group(1) + str(2 * int(m.group(2)))
                    return out
    return None


def tail_off_by_one(lines):
    """Every compare against a tail size (a constant that is not a multiple
    of 16) tightened by one, as if the tail's size were computed one too
    small: the compare that guards the last row, column or K step is among
    them.  (Changing one compare alone is often an equivalent mutant: most
    guard an index that never reaches the bound's last value.)"""
    tighter = {"ult": -1, "slt": -1, "ule": -1, "sle": -1,
               "ugt": 1, "sgt": 1, "uge": 1, "sge": 1}
    out, done = [], False
    for line in lines:
        m = ICMP_CONST.match(line)
        if m and int(m.group(5)) % 16:
            line = "%s%s %s %s, %d" % (m.group(1), m.group(2), m.group(3), m.group(4),
                                       int(m.group(5)) + tighter[m.group(2)])
            done = True
        out.append(line)
    return out if done else None


MUTANTS = [
    ("zero-all-stores", lambda l: zero_stores(l, False)),
    ("zero-first-store", lambda l: zero_stores(l, True)),
    ("drop-accumulator", lambda l: edit_wmma(l, accumulator)),
    ("drop-wmma-product", lambda l: edit_wmma(l, first_vector)),
    ("double-k-step", double_k_step),
    ("tail-off-by-one", tail_off_by_one),
]


def run_check(src, chip, ll, timeout):
    """wmma-run's verdict on kernel ll: (exit status, last lines)."""
    try:
        p = subprocess.run(["wmma-run", src, "--chip", chip, "--kernel-ir", ll],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    text = (p.stdout + p.stderr).strip().splitlines()
    why = next((t for t in text if "-> FAIL" in t or "error" in t), text[-1] if text else "")
    return p.returncode, why.strip()


def apply_one(name, src, dst):
    mutate = dict(MUTANTS).get(name)
    if mutate is None:
        sys.exit("unknown mutant '%s' (one of %s)" % (name, ", ".join(n for n, _ in MUTANTS)))
    with open(src) as f:
        mutated = mutate(f.read().split("\n"))
    if mutated is None:
        sys.exit("mutant '%s' does not apply to %s" % (name, src))
    with open(dst, "w") as f:
        f.write("\n".join(mutated))
    with open(src + ".json") as f, open(dst + ".json", "w") as g:
        g.write(f.read())
    return 0


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--apply":
        return apply_one(*sys.argv[2:])
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--chip", action="append", required=True)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("programs", nargs="+")
    o = ap.parse_args()
    os.makedirs(o.out, exist_ok=True)
    ok = True
    for spec in o.programs:
        name, src = spec.split("=", 1)
        for chip in o.chip:
            base = os.path.join(o.out, "%s.%s" % (name, chip))
            ll = base + ".ll"
            subprocess.run(["wmma-compile", src, "--chip", chip, "--emit", "llvm",
                            "-o", ll], check=True)
            with open(ll + ".json") as f:
                manifest = f.read()
            rc, why = run_check(src, chip, ll, o.timeout)
            print("%s %s unmutated: %s" % (name, chip, "PASS" if rc == 0 else
                                            "FAIL (%s)" % why))
            ok &= rc == 0
            with open(ll) as f:
                lines = f.read().split("\n")
            killed = applicable = 0
            for mname, mutate in MUTANTS:
                mutated = mutate(lines)
                if mutated is None:
                    print("%s %s %s: not applicable" % (name, chip, mname))
                    continue
                applicable += 1
                mll = "%s.%s.ll" % (base, mname)
                with open(mll, "w") as f:
                    f.write("\n".join(mutated))
                with open(mll + ".json", "w") as f:
                    f.write(manifest)
                rc, why = run_check(src, chip, mll, o.timeout)
                # Exit 1 is wmma-run's FAIL (or an error such as a fault the
                # mutant caused); a hang is caught too.
                dead = rc == 1 or rc == "timeout"
                killed += dead
                print("%s %s %s: %s (%s)" % (name, chip, mname,
                                             "killed" if dead else "SURVIVED", why))
            print("%s %s: killed %d of %d (%d not applicable)"
                  % (name, chip, killed, applicable, len(MUTANTS) - applicable))
            ok &= killed == applicable
    print("mutation test:", "all mutants killed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
