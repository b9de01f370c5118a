; Buffer accesses the emulator refuses, with a message naming the lane and
; the reason: a strided resource and OOB_SELECT 0 (structured checks, not
; emulated), a fat pointer with no resource (poison), and an access inside
; NUM_RECORDS but outside the memory behind the resource.
; RUN: %expect_exit 1 wmma-emu %s --kernel k --grid 1 --block 32 --arg in:%s --arg i32:0 | FileCheck %s --check-prefix=STRIDE
; STRIDE: wmma-emu: error: buffer access (lane 0): strided or swizzled buffer resources (a non-zero stride field) are not emulated: only raw buffers (stride 0) in kernel 'k'
; RUN: %expect_exit 1 wmma-emu %s --kernel k --grid 1 --block 32 --arg in:%s --arg i32:1 | FileCheck %s --check-prefix=OOB0
; OOB0: wmma-emu: error: buffer access (lane 0): OOB_SELECT 0/1 (structured-buffer range checks) is not emulated
; RUN: %expect_exit 1 wmma-emu %s --kernel k --grid 1 --block 32 --arg in:%s --arg i32:2 | FileCheck %s --check-prefix=NULL
; NULL: wmma-emu: error: buffer access through a null or undefined buffer resource (lane 0)
; RUN: %expect_exit 1 wmma-emu %s --kernel k --grid 1 --block 32 --arg in:%s --arg i32:3 | FileCheck %s --check-prefix=BEYOND
; BEYOND: wmma-emu: error: buffer load of 4 bytes at buffer offset 1048576 (NUM_RECORDS 4294967295, so in range) lies outside the memory behind the resource (lane 0; buffer 0 of {{[0-9]+}} bytes, offset 1048576)

declare ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1), i16, i64, i32)

define amdgpu_kernel void @k(ptr addrspace(1) %in, i32 %case) #0 {
  switch i32 %case, label %beyond [ i32 0, label %strided
                                    i32 1, label %oob0
                                    i32 2, label %null ]
strided:
  %r0 = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %in, i16 16, i64 64, i32 822243328)
  %v0 = load i32, ptr addrspace(7) %r0
  br label %done
oob0:
  %r1 = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %in, i16 0, i64 64, i32 159744)
  %v1 = load i32, ptr addrspace(7) %r1
  br label %done
null:
  %v2 = load i32, ptr addrspace(7) poison
  br label %done
beyond:
  %r3 = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %in, i16 0, i64 4294967295, i32 822243328)
  %p3 = getelementptr i8, ptr addrspace(7) %r3, i32 1048576
  %v3 = load i32, ptr addrspace(7) %p3
  br label %done
done:
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
