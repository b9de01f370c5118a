; The memory system's counters on hand-made access patterns with known
; answers (docs/emulator-traffic.md): bytes of the distinct addresses per
; wave instruction, and the DRAM estimate of the L2 model per launch
; (128-byte lines, LRU, write-back; resident workgroups interleaved).
;
; RDNA3's replicated halves: lanes 16-31 load lanes 0-15's 16 bytes; the
; lanes load 512 bytes, the instruction 256 distinct ones (2 lines).
; RUN: wmma-emu %s --kernel halves --grid 1 --block 32 --arg out:%t.a:8192 --stats | FileCheck %s --check-prefix=HALVES
; HALVES: global-bytes-loaded: 512{{$}}
; HALVES: global-distinct-bytes-loaded: 256{{$}}
; HALVES: dram-est-bytes-read: 256{{$}}
; HALVES: dram-est-bytes-written: 0{{$}}
; HALVES: dram-est-unmodelled-launches: 0{{$}}
;
; The same line loaded by two instructions: counted twice by the lanes,
; read from DRAM once.
; RUN: wmma-emu %s --kernel twice --grid 1 --block 32 --arg out:%t.a:8192 --stats | FileCheck %s --check-prefix=TWICE
; TWICE: global-bytes-loaded: 256{{$}}
; TWICE: global-distinct-bytes-loaded: 256{{$}}
; TWICE: dram-est-bytes-read: 128{{$}}
;
; A filter of 128 bytes read by each of 64 workgroups stays in the L2: DRAM
; reads it once plus each workgroup's own 128 input bytes (128 + 8192), and
; the 64 output lines are written once each (8192).  The same with 1, 3 and
; 64 resident workgroups and any number of threads.
; RUN: wmma-emu %s --kernel filter --grid 64 --block 32 --arg out:%t.a:8192 --arg out:%t.f:128 --arg out:%t.o:8192 --stats | FileCheck %s --check-prefix=FILTER
; RUN: wmma-emu %s --kernel filter --grid 64 --block 32 --arg out:%t.a:8192 --arg out:%t.f:128 --arg out:%t.o:8192 --stats --l2-workgroups 1 --threads 1 | FileCheck %s --check-prefix=FILTER
; RUN: wmma-emu %s --kernel filter --grid 64 --block 32 --arg out:%t.a:8192 --arg out:%t.f:128 --arg out:%t.o:8192 --stats --l2-workgroups 3 --threads 2 | FileCheck %s --check-prefix=FILTER
; FILTER: global-bytes-loaded: 16384{{$}}
; FILTER: global-bytes-stored: 8192{{$}}
; FILTER: dram-est-bytes-read: 8320{{$}}
; FILTER: dram-est-bytes-written: 8192{{$}}
;
; 4096 bytes (32 lines) read twice: the second pass hits a 6 MiB L2 (the
; RX 7900 XTX's, the default for gfx1100) but not an L2 of 2048 bytes (16
; lines), where both passes read all 32 lines.
; RUN: wmma-emu %s --kernel stream --grid 1 --block 32 --arg out:%t.a:8192 --stats | FileCheck %s --check-prefix=FITS
; FITS: global-bytes-loaded: 8192{{$}}
; FITS: dram-est-bytes-read: 4096{{$}}
; RUN: wmma-emu %s --kernel stream --grid 1 --block 32 --arg out:%t.a:8192 --stats --l2-bytes 2048 | FileCheck %s --check-prefix=SPILLS
; SPILLS: dram-est-bytes-read: 8192{{$}}
;
; An atomic add per lane on one line: read once, written back once.
; RUN: wmma-emu %s --kernel atomic --grid 4 --block 32 --arg out:%t.a:8192 --stats | FileCheck %s --check-prefix=ATOMIC
; ATOMIC: global-distinct-bytes-stored: 512{{$}}
; ATOMIC: dram-est-bytes-read: 128{{$}}
; ATOMIC: dram-est-bytes-written: 128{{$}}
;
; A chip with no part with a published L2 (gfx1152): no estimate, and the
; launch is counted as unmodelled.
; RUN: wmma-emu %s --kernel twice --grid 1 --block 32 --arg out:%t.a:8192 --chip gfx1152 --stats | FileCheck %s --check-prefix=NOPART
; NOPART: dram-est-bytes-read: 0{{$}}
; NOPART: dram-est-unmodelled-launches: 1{{$}}
;
; The JSON form.
; RUN: wmma-emu %s --kernel halves --grid 1 --block 32 --arg out:%t.a:8192 --stats-json %t.json
; RUN: FileCheck %s --check-prefix=JSON < %t.json
; JSON: "global_distinct_bytes_loaded": 256,
; JSON: "dram_est_bytes_read": 256,
; JSON: "dram_est_unmodelled_launches": 0
;
; Bad values of the options.
; RUN: not wmma-emu %s --kernel halves --grid 1 --block 32 --arg out:%t.a:8192 --l2-bytes 64 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: bad --l2-bytes value '64' (bytes, 128..2^40)

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @halves(ptr addrspace(1) %in) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %h = and i32 %l, 15
  %p = getelementptr <4 x i32>, ptr addrspace(1) %in, i32 %h
  %v = load <4 x i32>, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @twice(ptr addrspace(1) %in) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %l
  %a = load volatile i32, ptr addrspace(1) %p
  %b = load volatile i32, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @filter(ptr addrspace(1) %in, ptr addrspace(1) %f, ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %gl = mul i32 %g, 32
  %i = add i32 %gl, %l
  %pf = getelementptr i32, ptr addrspace(1) %f, i32 %l
  %w = load i32, ptr addrspace(1) %pf
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %x = load i32, ptr addrspace(1) %pi
  %y = mul i32 %w, %x
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %y, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @stream(ptr addrspace(1) %in) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %row = and i32 %k, 31
  %base = mul i32 %row, 32
  %i = add i32 %base, %l
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load volatile i32, ptr addrspace(1) %p
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, 64
  br i1 %more, label %loop, label %done
done:
  ret void
}

define amdgpu_kernel void @atomic(ptr addrspace(1) %a) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %a, i32 %l
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
