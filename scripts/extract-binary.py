#!/usr/bin/env python3
"""Writes the object(s) of the gpu.binary ops in an MLIR file to a file or stdout.

gpu-module-to-binary stores the HSACO (or ISA text) as an MLIR string
attribute `bin = "..."`, where non-printable bytes are escaped as \\XX.
"""
import re
import sys


def unescape(s: str) -> bytes:
    out = bytearray()
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\":
            nxt = s[i + 1]
            if nxt in "\\\"":
                out.append(ord(nxt))
                i += 2
                continue
            if nxt == "n":
                out.append(10)
                i += 2
                continue
            if nxt == "t":
                out.append(9)
                i += 2
                continue
            out.append(int(s[i + 1:i + 3], 16))
            i += 3
        else:
            out.extend(c.encode("utf-8"))
            i += 1
    return bytes(out)


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: extract-binary.py IN.mlir|- OUT|-", file=sys.stderr)
        return 2
    src = sys.stdin if sys.argv[1] == "-" else open(sys.argv[1], encoding="utf-8")
    text = src.read()
    objects = [unescape(m.group(1)) for m in re.finditer(
        r'(?:bin|assembly|offload)\s*=\s*"((?:[^"\\]|\\.)*)"', text, re.S)]
    if not objects:
        print(f"extract-binary: no gpu.binary object in {sys.argv[1]}", file=sys.stderr)
        return 1
    if sys.argv[2] == "-":
        # Text (ISA, several split inputs) may be concatenated.
        for data in objects:
            sys.stdout.buffer.write(data)
    else:
        if len(objects) > 1:
            print(f"extract-binary: {len(objects)} objects in {sys.argv[1]}; "
                  "expected one for a file output", file=sys.stderr)
            return 1
        with open(sys.argv[2], "wb") as f:
            f.write(objects[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
