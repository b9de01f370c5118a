#!/usr/bin/env python3
"""Compares wmma-layout's TSV with AMD's Matrix Instruction Calculator data.

The calculator rows (amd-matrix-calculator/, see its README) are an oracle
independent of the layout engine: every (instruction, matrix, row, col,
lane, vgpr, bit_lo, bit_hi) row of every dense WMMA map must be printed by
`wmma-layout`, and nothing else.  Rows are compared as multisets per
(arch, instruction, matrix), so the order of the output does not matter but
a missing, extra or duplicated row does.

Also checked: the calculator data covers every instruction wmma-layout
knows for each architecture (and the reverse), all four matrices of each,
and the RDNA3 OPSEL[2] = 1 file covers exactly the operands where OPSEL
applies.  The sparse v_swmmac_* rows (A compressed, B, D, and the index
operand K) are compared the same way with `wmma-layout --sparse` (C, which
the calculator does not print, against the calculator's D).

Exit status 0 when everything matches, 1 otherwise; prints one line per
map (PASS/FAIL) and a summary.
"""

import argparse
import collections
import subprocess
import sys

HEADER = ["instruction", "matrix", "row", "col", "lane", "vgpr", "bit_lo", "bit_hi"]
MATRICES = ("A", "B", "C", "D")
SHOWN = 4  # differing rows printed per side of a failing map


def parse_tsv(lines, where):
    """{(instruction, matrix): Counter of row tuples} of TSV lines whose
    first line is HEADER."""
    if not lines or lines[0].split("\t") != HEADER:
        raise SystemExit("%s: first line is not the header %s"
                         % (where, "\t".join(HEADER)))
    maps = collections.defaultdict(collections.Counter)
    for number, line in enumerate(lines[1:], 2):
        fields = tuple(line.split("\t"))
        if len(fields) != len(HEADER):
            raise SystemExit("%s:%d: expected %d fields, got %d"
                             % (where, number, len(HEADER), len(fields)))
        maps[fields[:2]][fields] += 1
    return maps


def read_tsv(path):
    with open(path) as f:
        return parse_tsv(f.read().splitlines(), path)


def run_tool(tool, args):
    return subprocess.run([tool] + args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)


def tool_maps(tool, args):
    proc = run_tool(tool, args)
    where = "wmma-layout " + " ".join(args)
    if proc.returncode != 0:
        raise SystemExit("%s failed (%d): %s" % (where, proc.returncode, proc.stderr))
    return parse_tsv(proc.stdout.splitlines(), where)


def compare(label, want, got):
    """PASS/FAIL line for one map; returns True when the multisets agree."""
    missing, extra = want - got, got - want
    if not missing and not extra:
        print("PASS %s: %d rows" % (label, sum(want.values())))
        return True
    print("FAIL %s: %d calculator rows missing from wmma-layout, %d extra rows "
          "in wmma-layout" % (label, sum(missing.values()), sum(extra.values())))
    for side, rows in (("calculator ", missing), ("wmma-layout", extra)):
        for row in sorted(rows.elements())[:SHOWN]:
            print("  only in %s: %s" % (side, " ".join(row)))
    return False


def check_dense(tool, path, arch, opsel, failures):
    """Every map of one calculator file against wmma-layout; returns rows."""
    want = read_tsv(path)
    args = ["--arch", arch, "--opsel", str(opsel)]
    got = tool_maps(tool, args)
    if opsel == 0:
        # Full coverage both ways: same instructions, all four matrices.
        for key in sorted(set(want) | set(got)):
            if key not in want:
                failures.append("%s %s %s: wmma-layout has it, the calculator "
                                "data does not" % (arch, key[0], key[1]))
            elif key not in got:
                failures.append("%s %s %s: in the calculator data, unknown to "
                                "wmma-layout" % (arch, key[0], key[1]))
        instrs = sorted({i for i, _ in want})
        for instr in instrs:
            for m in MATRICES:
                if (instr, m) not in want:
                    failures.append("%s %s: no %s rows in %s" % (arch, instr, m, path))
    else:
        # OPSEL only moves RDNA3 16-bit accumulators: the file must cover
        # exactly C and D of the instructions with a 16-bit result.
        expected = {k for k in got if k[1] in "CD" and
                    k[0].split("_")[2] in ("f16", "bf16")}
        if set(want) != expected:
            failures.append("%s opsel %d: calculator maps %s, expected %s" % (
                arch, opsel, sorted(want), sorted(expected)))
    rows = 0
    for key in sorted(want):
        label = "%s%s %s %s" % (arch, " opsel=%d" % opsel if opsel else "",
                                key[0], key[1])
        if not compare(label, want[key], got.get(key, collections.Counter())):
            failures.append(label)
        rows += sum(want[key].values())
    return len({i for i, _ in want}), len(want), rows


def check_sparse(tool, path, failures):
    """Every v_swmmac map (A compressed, B, D and the index operand K) against
    `wmma-layout --sparse`, with coverage both ways; returns (instructions,
    maps, rows)."""
    want = read_tsv(path)
    got = tool_maps(tool, ["--arch", "rdna4", "--sparse"])
    # The calculator prints D for C as well (the same registers): compare
    # wmma-layout's C with the calculator's D.
    for (instr, m), rows in list(got.items()):
        if m == "C":
            d = want.get((instr, "D"))
            if d is not None:
                want[(instr, "C")] = collections.Counter(
                    {(r[0], "C") + r[2:]: n for r, n in d.items()})
    for key in sorted(set(want) | set(got)):
        if key not in want:
            failures.append("rdna4 %s %s: wmma-layout has it, the calculator "
                            "data does not" % key)
        elif key not in got:
            failures.append("rdna4 %s %s: in the calculator data, unknown to "
                            "wmma-layout" % key)
    rows = 0
    for key in sorted(want):
        label = "rdna4 %s %s" % key
        if not compare(label, want[key], got.get(key, collections.Counter())):
            failures.append(label)
        if key[1] != "C":  # derived from D above, not calculator rows
            rows += sum(want[key].values())
    return len({i for i, _ in want}), len(want), rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", required=True, help="path of wmma-layout")
    parser.add_argument("--rdna3", required=True, help="wmma_layouts_rdna3.tsv")
    parser.add_argument("--rdna3-opsel", required=True,
                        help="wmma_layouts_rdna3_opsel4.tsv")
    parser.add_argument("--rdna4", required=True, help="wmma_layouts_rdna4.tsv")
    parser.add_argument("--swmmac", required=True, help="swmmac_layouts_rdna4.tsv")
    args = parser.parse_args()

    failures = []
    pairs = maps = rows = 0
    for path, arch, opsel in ((args.rdna3, "rdna3", 0), (args.rdna4, "rdna4", 0),
                              (args.rdna3_opsel, "rdna3", 1)):
        p, m, r = check_dense(args.tool, path, arch, opsel, failures)
        if opsel == 0:
            pairs += p
        maps += m
        rows += r
    s_instrs, s_maps, s_rows = check_sparse(args.tool, args.swmmac, failures)
    for f in failures:
        print("FAILED: %s" % f)
    print("summary: %d (arch, instruction) pairs, %d maps, %d calculator rows "
          "compared; sparse: %d swmmac instructions, %d maps, %d rows; "
          "%d failures"
          % (pairs, maps, rows, s_instrs, s_maps, s_rows, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
