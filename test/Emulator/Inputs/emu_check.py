#!/usr/bin/env python3
"""Input generators and reference checkers for the emulator's lit tests.

Pure Python (struct/array only) so that it runs with any python3.

  gen KIND FILE COUNT SEED [MAX]   random data: f16 / f32 in [-1, 1), u32 < MAX
  gemm A B C M N K [--acc f32|f16] element-wise check of C = A*B (f16 inputs)
  block_sum X OUT BLOCKS           OUT[b] = sum of X[256b .. 256b+255]
  transpose X OUT BLOCKS           OUT = per-block 16x16 transpose of X
  collatz IN STEPS VOTE THREADS    Collatz step counts and full-wave votes
  chain A0 B0 B1 D1                D1 = f16(A0*B0)*B1 (16x16, f16 in, f32 out)
  dump KIND FILE                   prints the values (i32, f32, f16), one line;
                                   x256: 32-bit words in hex, 8 per line
  fatbuf A B OUT OUT0 NA NB NO     OUT = 2A + B (f16 A, f32 B/OUT) through raw
                                   buffers of NA/NB/NO elements (per-dword
                                   range checks; stores past NO dropped)
Exit status 0 when the check passes; prints the first mismatches otherwise.
"""
import random
import struct
import sys


def read(path, fmt):
    data = open(path, "rb").read()
    size = struct.calcsize(fmt)
    return list(struct.unpack("<%d%s" % (len(data) // size, fmt), data))


def write(path, fmt, values):
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))


def gen(kind, path, count, seed, vmax=None):
    rnd = random.Random(int(seed))
    count = int(count)
    if kind == "f16":
        # Round-trip through struct 'e' so that the values are exact halves.
        vals = [rnd.uniform(-1, 1) for _ in range(count)]
        write(path, "e", vals)
    elif kind == "f32":
        write(path, "f", [rnd.uniform(-1, 1) for _ in range(count)])
    elif kind == "u32":
        write(path, "I", [rnd.randrange(int(vmax)) for _ in range(count)])
    else:
        sys.exit("unknown kind " + kind)


def fail(msgs):
    for m in msgs[:10]:
        print(m)
    print("FAILED: %d mismatches" % len(msgs))
    sys.exit(1)


def gemm(a_path, b_path, c_path, M, N, K, acc="f32"):
    M, N, K = int(M), int(N), int(K)
    A = read(a_path, "e")
    B = read(b_path, "e")
    C = read(c_path, "f" if acc == "f32" else "e")
    assert len(A) == M * K and len(B) == K * N and len(C) == M * N, "sizes"
    eps32 = 2.0 ** -23
    bad = []
    worst = 0.0
    for m in range(M):
        row = A[m * K:(m + 1) * K]
        for n in range(N):
            ref = 0.0
            mag = 0.0
            for k in range(K):
                p = row[k] * B[k * N + n]
                ref += p
                mag += abs(p)
            tol = K * eps32 * mag + 1e-30
            if acc == "f16":
                tol += abs(ref) * 2.0 ** -11 + 2.0 ** -25
            err = abs(C[m * N + n] - ref)
            worst = max(worst, err / tol)
            if not err <= tol:
                bad.append("C[%d][%d] = %r, want %r (tol %.3g)" % (m, n, C[m * N + n], ref, tol))
    if bad:
        fail(bad)
    print("gemm %dx%dx%d ok (worst error %.3f of tolerance)" % (M, N, K, worst))


def to_f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def chain(a0_path, b0_path, b1_path, d1_path):
    """D1 = f16(A0 x B0) x B1 for 16x16 f16 matrices, f32 result."""
    A0, B0, B1 = read(a0_path, "e"), read(b0_path, "e"), read(b1_path, "e")
    D1 = read(d1_path, "f")
    n = 16
    D0 = [[sum(A0[m * n + k] * B0[k * n + j] for k in range(n)) for j in range(n)]
          for m in range(n)]
    H = [[to_f16(v) for v in row] for row in D0]
    eps32 = 2.0 ** -23
    bad = []
    for m in range(n):
        for j in range(n):
            ref = sum(H[m][k] * B1[k * n + j] for k in range(n))
            mag = sum(abs(H[m][k] * B1[k * n + j]) for k in range(n))
            # The f32 intermediate may round to the neighbouring f16 when it
            # sits next to a tie: allow one f16 ulp per term.
            slack = sum(abs(D0[m][k]) * 2.0 ** -10 * abs(B1[k * n + j]) for k in range(n))
            tol = 2 * n * eps32 * mag + slack + 1e-30
            if not abs(D1[m * n + j] - ref) <= tol:
                bad.append("D1[%d][%d] = %r, want %r" % (m, j, D1[m * n + j], ref))
    if bad:
        fail(bad)
    print("chain ok")


def block_sum(x_path, out_path, blocks):
    X = read(x_path, "f")
    O = read(out_path, "f")
    bad = []
    for b in range(int(blocks)):
        vals = X[256 * b:256 * b + 256]
        ref = sum(vals)
        tol = 256 * 2.0 ** -23 * sum(abs(v) for v in vals)
        if not abs(O[b] - ref) <= tol:
            bad.append("block %d: %r, want %r" % (b, O[b], ref))
    if bad:
        fail(bad)
    print("block_sum ok")


def transpose(x_path, out_path, blocks):
    X = read(x_path, "f")
    O = read(out_path, "f")
    bad = []
    for b in range(int(blocks)):
        for i in range(16):
            for j in range(16):
                if O[256 * b + 16 * i + j] != X[256 * b + 16 * j + i]:
                    bad.append("block %d (%d,%d)" % (b, i, j))
    if bad:
        fail(bad)
    print("transpose ok")


def collatz(in_path, steps_path, vote_path, threads):
    X = read(in_path, "I")
    S = read(steps_path, "I")
    V = read(vote_path, "I")
    bad = []
    for i, x in enumerate(X):
        n = 0
        while x > 1:
            x = 3 * x + 1 if x & 1 else x >> 1
            n += 1
            if n == 500:
                break
        if S[i] != n:
            bad.append("steps[%d] = %d, want %d" % (i, S[i], n))
        if V[i] != 0xFFFFFFFF:
            bad.append("vote[%d] = 0x%08x: lanes not reconverged" % (i, V[i]))
    if bad:
        fail(bad)
    print("collatz ok")


def fatbuf(a_path, b_path, out_path, out0_path, na, nb, no):
    """OUT[i] = 2 A[i] + B[i] where each buffer holds only its first NA/NB/NO
    elements: a dword (2 f16 / 1 f32) past the end reads 0, a store past the
    end is dropped (OUT keeps OUT0)."""
    A, B = read(a_path, "e"), read(b_path, "f")
    OUT, OUT0 = read(out_path, "f"), read(out0_path, "f")
    na, nb, no = int(na), int(nb), int(no)
    bad = []
    for i in range(len(OUT)):
        a = A[i] if 4 * (i // 2) + 4 <= 2 * na else 0.0
        b = B[i] if i < nb else 0.0
        want = struct.unpack("<f", struct.pack("<f", 2.0 * a + b))[0] if i < no else OUT0[i]
        if OUT[i] != want:
            bad.append("OUT[%d] = %r, want %r" % (i, OUT[i], want))
    if bad:
        fail(bad)
    print("fatbuf ok (%d elements)" % len(OUT))


def dump(kind, path):
    if kind == "x256":
        words = read(path, "I")
        for i in range(0, len(words), 8):
            print(" ".join("%08x" % w for w in words[i:i + 8]))
        return
    fmt = {"i32": "i", "f32": "f", "f16": "e"}[kind]
    print(" ".join(str(v) for v in read(path, fmt)))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "gemm" and "--acc" in args:
        i = args.index("--acc")
        acc = args[i + 1]
        del args[i:i + 2]
        gemm(*args, acc=acc)
    else:
        {"gen": gen, "gemm": gemm, "block_sum": block_sum, "transpose": transpose,
         "collatz": collatz, "chain": chain, "fatbuf": fatbuf, "dump": dump}[cmd](*args)


if __name__ == "__main__":
    main()
