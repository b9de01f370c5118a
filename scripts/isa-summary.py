#!/usr/bin/env python3
"""Summarises AMDGPU assembly: WMMA, cross-lane and memory instruction counts,
the totals over the file (register usage comes from the HSACO notes)."""
import re
import sys

GROUPS = [
    ("v_wmma", re.compile(r"^v_wmma_")),
    ("v_permlanex16", re.compile(r"^v_permlanex16")),
    ("ds_bpermute", re.compile(r"^ds_bpermute")),
    ("dpp", re.compile(r"dpp")),
    ("global_load", re.compile(r"^global_load")),
    ("global_store", re.compile(r"^global_store")),
    ("ds (LDS)", re.compile(r"^ds_(?!bpermute)")),
    ("scratch", re.compile(r"^(scratch_|buffer_)")),
]


def main() -> int:
    text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
    counts = {name: 0 for name, _ in GROUPS}
    total = 0
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith((".", ";", "//")) or s.endswith(":"):
            continue
        mnem = s.split()[0]
        if not re.match(r"^[sv]_|^ds_|^global_|^buffer_|^scratch_|^flat_", mnem):
            continue
        total += 1
        for name, rx in GROUPS:
            if rx.search(mnem) or (name == "dpp" and "dpp" in s):
                counts[name] += 1
    print("  instructions: %d" % total)
    for name, _ in GROUPS:
        print("  %-14s %d" % (name + ":", counts[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
