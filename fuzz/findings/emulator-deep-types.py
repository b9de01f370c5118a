#!/usr/bin/env python3
"""Open (emulator loader; LLVM's recursive IR parser): 50,000 nested array
types overflow the stack and wmma-emu dies with SIGSEGV (20,000 still
parse).  The driver and wmma-opt parse MLIR on a large-stack thread
(lib/Support/LargeStack.h); the emulator's loader could do the same.
Usage: emulator-deep-types.py > deep.ll; wmma-emu deep.ll --list"""
depth = 50000
print("@g = global " + "[1 x " * depth + "i32" + "]" * depth + " zeroinitializer")
print("define amdgpu_kernel void @k() {\n  ret void\n}")
