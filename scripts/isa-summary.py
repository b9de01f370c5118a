#!/usr/bin/env python3
"""Summarises AMDGPU assembly: WMMA, cross-lane and memory instruction counts,
the totals over the file (register usage comes from the HSACO notes).

With --loop, one line per kernel instead: its steady-state K loop
(isa_counts.steady_state): instructions, WMMAs, instructions per WMMA and
the loop's LDS reads, cross-lane instructions and byte permutes (the
density lit tests check these).  The file '-' is standard input."""
import re
import sys

from isa_counts import GROUPS, count_isa, instructions, steady_state, steady_state_body

_KERNEL = re.compile(r"^\s*\.globl\s+(\S+)", re.M)


def loop_line(name, text):
    st = steady_state(text)
    ins = [s for k, s in instructions(text) if k == "insn"]
    # The loop's own instruction mix: count within the worst WMMA loop.
    body = steady_state_body(text) if st["kind"] == "loop" else ins
    def count(prefix):
        return sum(1 for s in body if s.split()[0].startswith(prefix))
    per = st["instrs"] / st["wmma"] if st["wmma"] else float("nan")
    return ("%s: %s %d instructions, %d WMMA, %.2f per WMMA, %d ds_load_b128, "
            "%d v_permlanex16, %d nested loops, %d v_perm_b32" % (
                name, st["kind"], st["instrs"], st["wmma"], per,
                count("ds_load_b128"), count("v_permlanex16"), st["nested"],
                count("v_perm_b32")))


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
