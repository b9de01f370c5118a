#!/usr/bin/env python3
"""50,000 nested array types: LLVM's recursive IR parser overflowed the
main thread's stack (SIGSEGV); the loader parses on a thread whose stack
grows with the input (lib/Support/LargeStack.h).
Usage: deep-types.py > deep.ll; wmma-emu deep.ll --list"""
depth = 50000
print("@g = global " + "[1 x " * depth + "i32" + "]" * depth + " zeroinitializer")
print("define amdgpu_kernel void @k() {\n  ret void\n}")
