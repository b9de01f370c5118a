; The traffic counters on hand-made access patterns with known answers (one
; wave, one instruction per case; model in lib/Emulator/Memory.c):
; lds_bank_conflicts (32 banks x 4 bytes, phases of 32/16/8 lanes for
; b32/b64/b128, distinct dwords of a bank serialise, the same dword is
; broadcast) for loads and stores, and global_lines (distinct 128-byte
; lines per global memory instruction; buffers start on a line).
; b32, stride 4 bytes: 32 banks
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:0 --stats | FileCheck %s --check-prefix=L0
; L0: lds-bank-conflicts: 0{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:0 --stats | FileCheck %s --check-prefix=S0
; S0: lds-bank-conflicts: 0{{$}}
; b32, stride 8 bytes: 2 dwords per bank
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:1 --stats | FileCheck %s --check-prefix=L1
; L1: lds-bank-conflicts: 1{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:1 --stats | FileCheck %s --check-prefix=S1
; S1: lds-bank-conflicts: 1{{$}}
; b32, one address: broadcast
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:2 --stats | FileCheck %s --check-prefix=L2
; L2: lds-bank-conflicts: 0{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:2 --stats | FileCheck %s --check-prefix=S2
; S2: lds-bank-conflicts: 0{{$}}
; b32, stride 128 bytes: one bank
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:3 --stats | FileCheck %s --check-prefix=L3
; L3: lds-bank-conflicts: 31{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:3 --stats | FileCheck %s --check-prefix=S3
; S3: lds-bank-conflicts: 31{{$}}
; b64, stride 8 bytes: 2 phases of 16 lanes
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:4 --stats | FileCheck %s --check-prefix=L4
; L4: lds-bank-conflicts: 0{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:4 --stats | FileCheck %s --check-prefix=S4
; S4: lds-bank-conflicts: 0{{$}}
; b128, stride 16 bytes: 4 phases of 8 lanes
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:5 --stats | FileCheck %s --check-prefix=L5
; L5: lds-bank-conflicts: 0{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:5 --stats | FileCheck %s --check-prefix=S5
; S5: lds-bank-conflicts: 0{{$}}
; b128, stride 32 bytes: 2 dwords per bank in each phase
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:6 --stats | FileCheck %s --check-prefix=L6
; L6: lds-bank-conflicts: 4{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:6 --stats | FileCheck %s --check-prefix=S6
; S6: lds-bank-conflicts: 4{{$}}
; b16, stride 2 bytes: lane pairs share a dword
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:7 --stats | FileCheck %s --check-prefix=L7
; L7: lds-bank-conflicts: 0{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:7 --stats | FileCheck %s --check-prefix=S7
; S7: lds-bank-conflicts: 0{{$}}
; b64, stride 16 bytes: 2 dwords per bank per phase
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:8 --stats | FileCheck %s --check-prefix=L8
; L8: lds-bank-conflicts: 2{{$}}
; RUN: wmma-emu %s --kernel lds_store --grid 1 --block 32 --arg i32:8 --stats | FileCheck %s --check-prefix=S8
; S8: lds-bank-conflicts: 2{{$}}
; b256 (an <8 x i32> access: two b128 on the chip, each meeting the banks on
; its own), stride 144 bytes (rows of 16 + 2 dwords): each piece's 8 lanes
; start 4 banks apart, no conflict.  Counted as one 32-byte access (8 lanes
; x 8 dwords > 32 banks) it would have shown 4.
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:9 --stats | FileCheck %s --check-prefix=L9
; L9: lds-bank-conflicts: 0{{$}}
; b256, stride 32 bytes: each b128 piece as case 6 (4), twice.
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 32 --arg i32:10 --stats | FileCheck %s --check-prefix=L10
; L10: lds-bank-conflicts: 8{{$}}
; A partial wave: lanes 0-15 in one bank (15 extra cycles).
; RUN: wmma-emu %s --kernel lds_load --grid 1 --block 16 --arg i32:3 --stats | FileCheck %s --check-prefix=HALF
; HALF: lds-bank-conflicts: 15{{$}}
; b32 contiguous: one 128-byte line
; RUN: wmma-emu %s --kernel glob --grid 1 --block 32 --arg out:%t:8192 --arg i32:0 --stats | FileCheck %s --check-prefix=G0
; G0: global-lines: 1{{$}}
; b32, stride 128 bytes: a line per lane
; RUN: wmma-emu %s --kernel glob --grid 1 --block 32 --arg out:%t:8192 --arg i32:1 --stats | FileCheck %s --check-prefix=G1
; G1: global-lines: 32{{$}}
; b128 contiguous: 512 bytes
; RUN: wmma-emu %s --kernel glob --grid 1 --block 32 --arg out:%t:8192 --arg i32:2 --stats | FileCheck %s --check-prefix=G2
; G2: global-lines: 4{{$}}
; b32, one address
; RUN: wmma-emu %s --kernel glob --grid 1 --block 32 --arg out:%t:8192 --arg i32:3 --stats | FileCheck %s --check-prefix=G3
; G3: global-lines: 1{{$}}
; b64 from byte 4: bytes 4..259
; RUN: wmma-emu %s --kernel glob --grid 1 --block 32 --arg out:%t:8192 --arg i32:4 --stats | FileCheck %s --check-prefix=G4
; G4: global-lines: 3{{$}}
; b32, lanes in reverse order
; RUN: wmma-emu %s --kernel glob --grid 1 --block 32 --arg out:%t:8192 --arg i32:5 --stats | FileCheck %s --check-prefix=G5
; G5: global-lines: 1{{$}}
; b32, stride 64 bytes: 2 lanes per line
; RUN: wmma-emu %s --kernel glob --grid 1 --block 32 --arg out:%t:8192 --arg i32:6 --stats | FileCheck %s --check-prefix=G6
; G6: global-lines: 16{{$}}

@lds = internal addrspace(3) global [2048 x i32] undef, align 16
declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @lds_load(i32 %c) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  switch i32 %c, label %done [i32 0, label %c0 i32 1, label %c1 i32 2, label %c2 i32 3, label %c3 i32 4, label %c4 i32 5, label %c5 i32 6, label %c6 i32 7, label %c7 i32 8, label %c8 i32 9, label %c9 i32 10, label %c10 ]
c9:
  %off9 = mul i32 %l, 144
  %p9 = getelementptr i8, ptr addrspace(3) @lds, i32 %off9
  %v9 = load <8 x i32>, ptr addrspace(3) %p9
  br label %done
c10:
  %off10 = mul i32 %l, 32
  %p10 = getelementptr i8, ptr addrspace(3) @lds, i32 %off10
  %v10 = load <8 x i32>, ptr addrspace(3) %p10
  br label %done
c0:
  %off0 = mul i32 %l, 4
  %p0 = getelementptr i8, ptr addrspace(3) @lds, i32 %off0
  %v0 = load i32, ptr addrspace(3) %p0
  br label %done
c1:
  %off1 = mul i32 %l, 8
  %p1 = getelementptr i8, ptr addrspace(3) @lds, i32 %off1
  %v1 = load i32, ptr addrspace(3) %p1
  br label %done
c2:
  %off2 = mul i32 %l, 0
  %p2 = getelementptr i8, ptr addrspace(3) @lds, i32 %off2
  %v2 = load i32, ptr addrspace(3) %p2
  br label %done
c3:
  %off3 = mul i32 %l, 128
  %p3 = getelementptr i8, ptr addrspace(3) @lds, i32 %off3
  %v3 = load i32, ptr addrspace(3) %p3
  br label %done
c4:
  %off4 = mul i32 %l, 8
  %p4 = getelementptr i8, ptr addrspace(3) @lds, i32 %off4
  %v4 = load <2 x i32>, ptr addrspace(3) %p4
  br label %done
c5:
  %off5 = mul i32 %l, 16
  %p5 = getelementptr i8, ptr addrspace(3) @lds, i32 %off5
  %v5 = load <4 x i32>, ptr addrspace(3) %p5
  br label %done
c6:
  %off6 = mul i32 %l, 32
  %p6 = getelementptr i8, ptr addrspace(3) @lds, i32 %off6
  %v6 = load <4 x i32>, ptr addrspace(3) %p6
  br label %done
c7:
  %off7 = mul i32 %l, 2
  %p7 = getelementptr i8, ptr addrspace(3) @lds, i32 %off7
  %v7 = load i16, ptr addrspace(3) %p7
  br label %done
c8:
  %off8 = mul i32 %l, 16
  %p8 = getelementptr i8, ptr addrspace(3) @lds, i32 %off8
  %v8 = load <2 x i32>, ptr addrspace(3) %p8
  br label %done
done:
  ret void
}
define amdgpu_kernel void @lds_store(i32 %c) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  switch i32 %c, label %done [i32 0, label %c0 i32 1, label %c1 i32 2, label %c2 i32 3, label %c3 i32 4, label %c4 i32 5, label %c5 i32 6, label %c6 i32 7, label %c7 i32 8, label %c8 ]
c0:
  %off0 = mul i32 %l, 4
  %p0 = getelementptr i8, ptr addrspace(3) @lds, i32 %off0
  store i32 0, ptr addrspace(3) %p0
  br label %done
c1:
  %off1 = mul i32 %l, 8
  %p1 = getelementptr i8, ptr addrspace(3) @lds, i32 %off1
  store i32 0, ptr addrspace(3) %p1
  br label %done
c2:
  %off2 = mul i32 %l, 0
  %p2 = getelementptr i8, ptr addrspace(3) @lds, i32 %off2
  store i32 0, ptr addrspace(3) %p2
  br label %done
c3:
  %off3 = mul i32 %l, 128
  %p3 = getelementptr i8, ptr addrspace(3) @lds, i32 %off3
  store i32 0, ptr addrspace(3) %p3
  br label %done
c4:
  %off4 = mul i32 %l, 8
  %p4 = getelementptr i8, ptr addrspace(3) @lds, i32 %off4
  store <2 x i32> zeroinitializer, ptr addrspace(3) %p4
  br label %done
c5:
  %off5 = mul i32 %l, 16
  %p5 = getelementptr i8, ptr addrspace(3) @lds, i32 %off5
  store <4 x i32> zeroinitializer, ptr addrspace(3) %p5
  br label %done
c6:
  %off6 = mul i32 %l, 32
  %p6 = getelementptr i8, ptr addrspace(3) @lds, i32 %off6
  store <4 x i32> zeroinitializer, ptr addrspace(3) %p6
  br label %done
c7:
  %off7 = mul i32 %l, 2
  %p7 = getelementptr i8, ptr addrspace(3) @lds, i32 %off7
  store i16 0, ptr addrspace(3) %p7
  br label %done
c8:
  %off8 = mul i32 %l, 16
  %p8 = getelementptr i8, ptr addrspace(3) @lds, i32 %off8
  store <2 x i32> zeroinitializer, ptr addrspace(3) %p8
  br label %done
done:
  ret void
}
define amdgpu_kernel void @glob(ptr addrspace(1) %out, i32 %c) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  switch i32 %c, label %done [i32 0, label %c0 i32 1, label %c1 i32 2, label %c2 i32 3, label %c3 i32 4, label %c4 i32 5, label %c5 i32 6, label %c6 ]
c0:
  %off0 = mul i32 %l, 4
  %p0 = getelementptr i8, ptr addrspace(1) %out, i32 %off0
  store i32 0, ptr addrspace(1) %p0
  br label %done
c1:
  %off1 = mul i32 %l, 128
  %p1 = getelementptr i8, ptr addrspace(1) %out, i32 %off1
  store i32 0, ptr addrspace(1) %p1
  br label %done
c2:
  %off2 = mul i32 %l, 16
  %p2 = getelementptr i8, ptr addrspace(1) %out, i32 %off2
  store <4 x i32> zeroinitializer, ptr addrspace(1) %p2
  br label %done
c3:
  %off3 = mul i32 %l, 0
  %p3 = getelementptr i8, ptr addrspace(1) %out, i32 %off3
  store i32 0, ptr addrspace(1) %p3
  br label %done
c4:
  %o4 = mul i32 %l, 8
  %off4 = add i32 %o4, 4
  %p4 = getelementptr i8, ptr addrspace(1) %out, i32 %off4
  store <2 x i32> zeroinitializer, ptr addrspace(1) %p4
  br label %done
c5:
  %o5 = sub i32 31, %l
  %off5 = mul i32 %o5, 4
  %p5 = getelementptr i8, ptr addrspace(1) %out, i32 %off5
  store i32 0, ptr addrspace(1) %p5
  br label %done
c6:
  %off6 = mul i32 %l, 64
  %p6 = getelementptr i8, ptr addrspace(1) %out, i32 %off6
  store i32 0, ptr addrspace(1) %p6
  br label %done
done:
  ret void
}
attributes #0 = { "target-cpu"="gfx1201" }
