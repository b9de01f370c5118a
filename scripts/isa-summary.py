#!/usr/bin/env python3
"""Summarises AMDGPU assembly: WMMA, cross-lane and memory instruction counts,
the totals over the file (register usage comes from the HSACO notes).

With --loop, one line per kernel instead: its steady-state K loop
(isa_counts.steady_state): instructions, WMMAs, instructions per WMMA and
the loop's LDS reads and cross-lane instructions (the density lit tests
check these).  The file '-' is standard input."""
import re
import sys

from isa_counts import GROUPS, count_isa, instructions, steady_state

_KERNEL = re.compile(r"^\s*\.globl\s+(\S+)", re.M)


def loop_line(name, text):
    st = steady_state(text)
    ins = [s for k, s in instructions(text) if k == "insn"]
    # The loop's own instruction mix: count within the worst WMMA loop.
    body = _worst_loop(text) if st["kind"] == "loop" else ins
    def count(prefix):
        return sum(1 for s in body if s.split()[0].startswith(prefix))
    per = st["instrs"] / st["wmma"] if st["wmma"] else float("nan")
    return ("%s: %s %d instructions, %d WMMA, %.2f per WMMA, %d ds_load_b128, "
            "%d v_permlanex16" % (name, st["kind"], st["instrs"], st["wmma"], per,
                                  count("ds_load_b128"), count("v_permlanex16")))


def _worst_loop(text):
    """The instructions of the innermost WMMA loop with the most
    instructions per WMMA (the one steady_state reports)."""
    from isa_counts import _BRANCH
    ins = instructions(text)
    pos = {s: i for i, (k, s) in enumerate(ins) if k == "label"}
    best, body = -1.0, []
    loops = []
    for j, (k, s) in enumerate(ins):
        m = _BRANCH.match(s) if k == "insn" else None
        if m and m.group(1) in pos and pos[m.group(1)] < j:
            loops.append((pos[m.group(1)], j))
    for a, b in loops:
        if any(a < c and d < b for c, d in loops if (c, d) != (a, b)):
            continue
        seg = [s for k, s in ins[a:b + 1] if k == "insn"]
        w = sum(1 for s in seg if s.startswith("v_wmma_"))
        if w and len(seg) / w > best:
            best, body = len(seg) / w, seg
    return body


def main() -> int:
    args = sys.argv[1:]
    loop = "--loop" in args
    args = [a for a in args if a != "--loop"]
    path = args[0] if args else "-"
    f = sys.stdin if path == "-" else open(path, encoding="utf-8", errors="replace")
    text = f.read()
    if loop:
        marks = [(m.start(), m.group(1)) for m in _KERNEL.finditer(text)]
        for i, (at, name) in enumerate(marks):
            end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
            print(loop_line(name, text[at:end]))
        return 0
    total, counts = count_isa(text)
    print("  instructions: %d" % total)
    for name, _ in GROUPS:
        print("  %-14s %d" % (name + ":", counts[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
