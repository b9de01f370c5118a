#!/usr/bin/env python3
"""Summarises AMDGPU assembly: WMMA, cross-lane and memory instruction counts,
the totals over the file (register usage comes from the HSACO notes)."""
import sys

from isa_counts import GROUPS, count_isa


def main() -> int:
    text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
    total, counts = count_isa(text)
    print("  instructions: %d" % total)
    for name, _ in GROUPS:
        print("  %-14s %d" % (name + ":", counts[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
