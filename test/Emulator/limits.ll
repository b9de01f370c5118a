; Bounds on a launch (issue 13's defects): an endless loop ends with exit 1
; and a message under the default instruction budget (10^8 wave-
; instructions, a few seconds) and under --max-instructions; bad
; --max-instructions values (negative, not a number, empty, junk) are usage
; errors; 0 means no limit (the finite loop runs); grids beyond 2^24
; workgroups or 2^32 work-items are refused before anything runs.
; RUN: %expect_exit 1 wmma-emu %s --kernel spin --grid 1 --block 32 --arg out:%t:4 | FileCheck %s --check-prefix=DEFAULT
; DEFAULT: wmma-emu: error: instruction limit exceeded: more than 100000000 wave-instructions in this launch {{.*}} in kernel 'spin'
; RUN: %expect_exit 1 wmma-emu %s --kernel spin --grid 4 --block 64 --threads 2 --max-instructions 5000 --arg out:%t:4 | FileCheck %s --check-prefix=SMALL
; SMALL: wmma-emu: error: instruction limit exceeded: more than 5000 wave-instructions
; RUN: %expect_exit 2 wmma-emu %s --kernel spin --grid 1 --block 32 --max-instructions -1 --arg out:%t:4 | FileCheck %s --check-prefix=NEG
; NEG: wmma-emu: error: bad --max-instructions value '-1' (a count of wave-instructions in 0..18446744073709551615, 0 = no limit)
; RUN: %expect_exit 2 wmma-emu %s --kernel spin --grid 1 --block 32 --max-instructions abc --arg out:%t:4 | FileCheck %s --check-prefix=ABC
; ABC: wmma-emu: error: bad --max-instructions value 'abc'
; RUN: %expect_exit 2 wmma-emu %s --kernel spin --grid 1 --block 32 --max-instructions 12x --arg out:%t:4 | FileCheck %s --check-prefix=JUNK
; JUNK: wmma-emu: error: bad --max-instructions value '12x'
; RUN: %expect_exit 2 wmma-emu %s --kernel spin --grid 1 --block 32 --max-instructions "" --arg out:%t:4 | FileCheck %s --check-prefix=EMPTY
; EMPTY: wmma-emu: error: bad --max-instructions value ''
; RUN: %expect_exit 2 wmma-emu %s --kernel spin --grid 1 --block 32 --max-instructions 99999999999999999999999 --arg out:%t:4 | FileCheck %s --check-prefix=HUGE
; HUGE: wmma-emu: error: bad --max-instructions value '99999999999999999999999'
; RUN: wmma-emu %s --kernel count --grid 2 --block 32 --max-instructions 0 --arg out:%t.c:4 --arg i32:1000
; RUN: %expect_exit 2 wmma-emu %s --kernel count --grid 65536,65536 --block 32 --arg out:%t.c:4 --arg i32:1 | FileCheck %s --check-prefix=GRID
; GRID: wmma-emu: error: a grid of 65536x65536x1 = 4294967296 workgroups is more than the emulator runs in one launch (16777216)
; RUN: %expect_exit 2 wmma-emu %s --kernel count --grid 4194304 --block 1024 --arg out:%t.c:4 --arg i32:1 | FileCheck %s --check-prefix=ITEMS
; ITEMS: wmma-emu: error: grid x block in dimension 0 is 4294967296 work-items, more than the 2^32 - 1 of a dispatch
; RUN: %expect_exit 2 wmma-emu %s --kernel count --grid 1 --block 32 --threads 0 --arg out:%t.c:4 --arg i32:1 | FileCheck %s --check-prefix=THREADS
; THREADS: wmma-emu: error: bad --threads value '0' (1..256)
; Host memory: a 20 GB buffer (over wmma-emu's 4 GiB per buffer), and
; private stacks of 16 MiB per work-item for 1024 work-items (over the
; emulator's budget), are refused with the limit in the message.
; RUN: %expect_exit 2 wmma-emu %s --kernel count --grid 1 --block 32 --arg out:%t.c:20000000000 --arg i32:1 | FileCheck %s --check-prefix=MEM
; MEM: wmma-emu: error: --arg 0: out: buffer of 20000000000 bytes is over 4294967296 bytes (4 GiB), wmma-emu's limit per buffer
; RUN: %expect_exit 1 wmma-emu %s --kernel stack --grid 1 --block 1024 --threads 1 --arg out:%t.c:4 | FileCheck %s --check-prefix=STACK
; STACK: wmma-emu: error: the LDS, registers and private memory of a workgroup needs {{[0-9]+}} bytes of host memory; {{.*}} exceeds the emulator's limit of {{[0-9]+}} bytes

declare i32 @llvm.amdgcn.workitem.id.x()

; Never ends: lane l adds l each time, so the even lanes never reach -1.
define amdgpu_kernel void @spin(ptr addrspace(1) %out) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, %t
  %c = icmp ne i32 %n, -1
  br i1 %c, label %loop, label %exit
exit:
  store i32 %n, ptr addrspace(1) %out
  ret void
}

; Counts to %limit.
define amdgpu_kernel void @count(ptr addrspace(1) %out, i32 %limit) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %c = icmp ult i32 %n, %limit
  br i1 %c, label %loop, label %exit
exit:
  store i32 %n, ptr addrspace(1) %out
  ret void
}

; 16 MiB of private memory per work-item.
define amdgpu_kernel void @stack(ptr addrspace(1) %out) #0 {
  %a = alloca [4194304 x i32], align 4, addrspace(5)
  %p = getelementptr i32, ptr addrspace(5) %a, i32 7
  store i32 1, ptr addrspace(5) %p
  %v = load i32, ptr addrspace(5) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
