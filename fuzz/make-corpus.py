#!/usr/bin/env python3
"""make-corpus.py HARNESS OUTDIR [--build DIR]: seed corpus for a wmma-fuzz-*
harness from the repository's own test inputs.

  dialect   wmma IR: test/Dialect, test/Conversion, test/Pipeline,
            examples/atoms (split at '// -----', comment lines dropped), and
            choices for generated programs (0x01 then random bytes)
  frontend  linalg functions: examples/pipelines, test/FrontEnd, test/EndToEnd,
            test/tools/*/Inputs
  emulator  LLVM IR: test/Emulator/*.ll, plus the device IR wmma-compile
            emits for examples/pipelines when --build has it
  layout    fixed pseudo-random byte strings (the harness reads arguments)

Files are named by content hash, so re-running only adds what is new."""
import glob
import hashlib
import itertools
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_BYTES = {"dialect": 16384, "frontend": 16384, "emulator": 65536, "layout": 512}


def mlir_units(patterns):
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            text = open(path, encoding="utf-8", errors="replace").read()
            for unit in text.split("// -----"):
                lines = [l for l in unit.splitlines() if not l.lstrip().startswith("//")]
                body = "\n".join(lines).strip() + "\n"
                if len(body) > 1:
                    yield body.encode()


def emulator_units(build):
    for path in sorted(glob.glob(os.path.join(ROOT, "test/Emulator/**/*.ll"), recursive=True)):
        lines = [l for l in open(path).read().splitlines() if not l.startswith("; RUN")]
        yield ("\n".join(lines) + "\n").encode()
    tool = os.path.join(build, "bin", "wmma-compile") if build else None
    if not tool or not os.path.exists(tool):
        return
    with tempfile.TemporaryDirectory() as tmp:
        for src in sorted(glob.glob(os.path.join(ROOT, "examples/pipelines/*.mlir"))):
            for chip in ("gfx1100", "gfx1201"):
                out = os.path.join(tmp, "k.ll")
                r = subprocess.run([tool, src, "--chip", chip, "--emit", "llvm",
                                    "--no-tiling", "-o", out],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                if r.returncode == 0:
                    yield open(out, "rb").read()


def generated_units():
    """Choices for the dialect harness's generated programs (fuzz/AtomGen.h):
    the magic byte 0x01, then bytes the generator reads as choices."""
    rng = random.Random(11)
    for n in range(64):
        yield bytes([1]) + bytes(rng.randrange(256) for _ in range(16 + n * 3))


def layout_units():
    rng = random.Random(13)
    for n in range(64):
        yield bytes(rng.randrange(256) for _ in range(8 + n * 4))


def main():
    args = sys.argv[1:]
    build = None
    if "--build" in args:
        i = args.index("--build")
        build = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2 or args[0] not in MAX_BYTES:
        sys.exit(__doc__)
    harness, out = args
    if harness == "dialect":
        units = itertools.chain(
            mlir_units(["test/Dialect/*.mlir", "test/Conversion/*.mlir",
                        "test/Pipeline/*.mlir", "examples/atoms/*.mlir"]),
            generated_units())
    elif harness == "frontend":
        units = mlir_units(["examples/pipelines/*.mlir", "test/FrontEnd/**/*.mlir",
                            "test/EndToEnd/*.mlir", "test/tools/*/Inputs/*.mlir"])
    elif harness == "emulator":
        units = emulator_units(build)
    else:
        units = layout_units()
    os.makedirs(out, exist_ok=True)
    count = 0
    for data in units:
        if len(data) > MAX_BYTES[harness]:
            continue
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        count += 1
    print("%s: %d seeds in %s" % (harness, count, out))


if __name__ == "__main__":
    main()
