#!/usr/bin/env python3
"""Reference for ops.ll: recomputes the 16 per-lane results."""
import math
import struct
import sys


def bf16_bits(x):
    # Round-to-nearest-even of an f32 to bfloat16.
    u = struct.unpack("<I", struct.pack("<f", x))[0]
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def main():
    out = struct.unpack("<512i", open(sys.argv[1], "rb").read())
    ctr = struct.unpack("<I", open(sys.argv[2], "rb").read())[0]
    bad = []
    for l in range(32):
        s = l - 16
        q = int(s / 3)
        third = struct.unpack("<f", struct.pack("<f", l / 3.0))[0]
        want = [
            q, s - 3 * q, s >> 1, (s & 0xFFFFFFFF) >> 28, 2 * l + 1,
            bf16_bits(third), int(l < 10), l * l + 1, max(min(l, 20), 5),
            32 if l == 0 else 32 - l.bit_length(),
            ((l << 1) | 1) & 0xFFFFFFFF, l, 100 + l * (l - 1) // 2,
            10 + (l & 7), l + 3, l | ((1 if l * 268435456 >= 2**32 else 0) << 16),
        ]
        want = [w - 2**32 if w >= 2**31 else w for w in want]
        got = list(out[16 * l:16 * l + 16])
        for i in range(16):
            if got[i] != want[i]:
                bad.append("lane %d result %d: %d, want %d" % (l, i, got[i], want[i]))
    if ctr != 32:
        bad.append("global counter %d, want 32" % ctr)
    for b in bad[:10]:
        print(b)
    print("ops ok" if not bad else "FAILED")


main()
