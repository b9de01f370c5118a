#!/usr/bin/env python3
"""elementwise-ops.py [--write] [ROOT]: the README's list of the elementwise
ops prologues and epilogues accept, from include/wmma/Support/
ElementwiseOps.def (the table recognition, the kernels and the reference's
bound read).  Without --write, exits 1 and shows the expected list when the
README's block (between the elementwise-ops markers) differs; with --write,
rewrites the block."""
import os
import re
import sys
import textwrap

BEGIN = "<!-- elementwise-ops:begin (scripts/elementwise-ops.py --write) -->"
END = "<!-- elementwise-ops:end -->"


def table_ops(root):
    path = os.path.join(root, "include/wmma/Support/ElementwiseOps.def")
    ops = re.findall(r'^WMMA_ELEMENTWISE\("([a-z_.0-9]+)"', open(path).read(), re.M)
    if not ops:
        sys.exit("no WMMA_ELEMENTWISE lines in %s" % path)
    return ops


def block(ops):
    by_dialect = {}
    for op in ops:
        dialect, name = op.split(".", 1)
        by_dialect.setdefault(dialect, []).append(name)
    lines = []
    for dialect, names in by_dialect.items():
        text = "%s: %s." % (dialect, ", ".join("`%s`" % n for n in names))
        lines += textwrap.wrap(text, 76, break_on_hyphens=False)
    return "\n".join(lines)


def main():
    args = [a for a in sys.argv[1:] if a != "--write"]
    write = "--write" in sys.argv[1:]
    root = args[0] if args else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    readme = os.path.join(root, "README.md")
    text = open(readme).read()
    if text.count(BEGIN) != 1 or text.count(END) != 1:
        sys.exit("README.md: expected one elementwise-ops block")
    head, rest = text.split(BEGIN)
    have, tail = rest.split(END)
    want = "\n" + block(table_ops(root)) + "\n"
    if have == want:
        print("README.md lists the %d ops of ElementwiseOps.def" % len(table_ops(root)))
        return 0
    if write:
        open(readme, "w").write(head + BEGIN + want + END + tail)
        print("README.md: elementwise-ops block rewritten")
        return 0
    sys.stdout.write("README.md's elementwise-ops block differs from "
                     "ElementwiseOps.def; expected:%s" % want)
    return 1


if __name__ == "__main__":
    sys.exit(main())
