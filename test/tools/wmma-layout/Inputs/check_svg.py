#!/usr/bin/env python3
"""check_svg.py WMMA-LAYOUT: the SVG pictures of wmma-layout against its TSV.

For every operand of every instruction on both architectures (and the RDNA3
OPSEL = 1 accumulators) the SVG must parse as XML (xml.etree), be an SVG
root with a size, and draw exactly the TSV's facts: one cell per element
whose tooltip and labels name the same lane(s), register and bits as the
TSV rows, coloured by lane (one colour per lane, 32 different colours,
matching the legend swatches).  `--format html` must be a well-formed page
with one picture per operand.  Prints one line per picture and a summary;
exit status 1 on the first mismatch.
"""

import collections
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
TITLE_RE = re.compile(r"^([ABCD])\[[mk]=(\d+)\]\[[kn]=(\d+)\]: lane (\d+)"
                      r"(?: and lane (\d+))?, v(\d+) bits (\d+)\.\.(\d+)$")


def run(tool, *args):
    proc = subprocess.run([tool] + list(args), stdout=subprocess.PIPE,
                          universal_newlines=True)
    if proc.returncode != 0:
        fail("wmma-layout %s exited with %d" % (" ".join(args), proc.returncode))
    return proc.stdout


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def tsv_rows(tool, args):
    rows = collections.Counter()
    for line in run(tool, *args).splitlines()[1:]:
        f = line.split("\t")
        rows[tuple(int(x) for x in f[2:])] += 1  # row col lane vgpr lo hi
    return rows


def check_picture(text, what, expected_rows, lane_colours):
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        fail("%s: not well-formed XML: %s" % (what, e))
    if root.tag != SVG + "svg" or not root.get("width") or not root.get("height"):
        fail("%s: root is %s without a size" % (what, root.tag))
    got = collections.Counter()
    cells = 0
    for g in root.iter(SVG + "g"):
        title = g.find(SVG + "title")
        m = TITLE_RE.match(title.text if title is not None else "")
        if not m:
            fail("%s: cell tooltip %r" % (what, title.text if title is not None else None))
        cells += 1
        _, r, c, lane, lane2, vgpr, lo, hi = m.groups()
        lanes = [int(lane)] + ([int(lane2)] if lane2 else [])
        for l in lanes:
            got[(int(r), int(c), l, int(vgpr), int(lo), int(hi))] += 1
        # Visible labels: the lane(s), then the register (and bits if packed).
        labels = [t.text for t in g.findall(SVG + "text")]
        reg = "v%s" % vgpr if int(hi) - int(lo) == 31 else "v%s[%s:%s]" % (vgpr, hi, lo)
        if labels != ["l%d" % l for l in lanes] + [reg]:
            fail("%s: cell (%s, %s) shows %s" % (what, r, c, labels))
        fills = [rect.get("fill") for rect in g.findall(SVG + "rect")]
        if len(fills) != len(lanes):
            fail("%s: cell (%s, %s) has %d backgrounds" % (what, r, c, len(fills)))
        for l, fill in zip(lanes, fills):
            if lane_colours.setdefault(l, fill) != fill:
                fail("%s: lane %d drawn %s and %s" % (what, l, fill, lane_colours[l]))
    if got != expected_rows:
        fail("%s: cells disagree with the TSV (%d missing, %d extra)" % (
            what, sum((expected_rows - got).values()), sum((got - expected_rows).values())))
    # Legend: 32 swatches (rect + lane number), same colours as the cells.
    legend = {}
    children = list(root)
    for rect, label in zip(children, children[1:]):
        if rect.tag == SVG + "rect" and label.tag == SVG + "text" and \
                (label.text or "").isdigit():
            legend[int(label.text)] = rect.get("fill")
    if sorted(legend) != list(range(32)) or len(set(legend.values())) != 32:
        fail("%s: legend is not 32 distinct lane colours: %s" % (what, legend))
    for l, fill in lane_colours.items():
        if legend[l] != fill:
            fail("%s: lane %d is %s in cells, %s in the legend" % (what, l, fill, legend[l]))
    return cells


def main():
    tool = sys.argv[1]
    pictures = 0
    for arch in ("rdna3", "rdna4"):
        instrs = sorted({line.split("\t")[0] for line in
                         run(tool, "--arch", arch).splitlines()[1:]})
        lane_colours = {}  # one palette for every picture
        for instr in instrs:
            for matrix in "ABCD":
                opsels = (0, 1) if (arch == "rdna3" and matrix in "CD" and
                                    instr.split("_")[2] in ("f16", "bf16")) else (0,)
                for opsel in opsels:
                    args = ["--arch", arch, "--instr", instr, "--matrix", matrix,
                            "--opsel", str(opsel)]
                    what = "%s %s %s opsel %d" % (arch, instr, matrix, opsel)
                    cells = check_picture(run(tool, *args, "--format", "svg"), what,
                                          tsv_rows(tool, args), lane_colours)
                    print("ok %s: %d cells" % (what, cells))
                    pictures += 1
        page = run(tool, "--arch", arch, "--format", "html")
        try:
            html = ET.fromstring(page)
        except ET.ParseError as e:
            fail("%s html: not well-formed: %s" % (arch, e))
        svgs = list(html.iter(SVG + "svg"))
        if len(svgs) != 4 * len(instrs):
            fail("%s html: %d pictures for %d operands" % (arch, len(svgs), 4 * len(instrs)))
        print("ok %s html: %d pictures" % (arch, len(svgs)))
    print("summary: %d pictures match the TSV" % pictures)


if __name__ == "__main__":
    main()
