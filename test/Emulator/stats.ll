; Counters: one of each cross-lane op and a WMMA per wave, two waves.
; RUN: wmma-emu %s --kernel k --grid 1 --block 64 --arg out:%t:256 --stats --stats-json %t.json | FileCheck %s
; RUN: FileCheck %s --check-prefix=JSON < %t.json
; CHECK: kernel: k
; CHECK: lane-instructions: [[LI:[0-9]+]]
; CHECK: wave-instructions: [[WI:[0-9]+]]
; CHECK: wmma: 2
; CHECK:   v_wmma_f32_16x16x16_f16: 2
; CHECK: ds_bpermute: 2
; CHECK: permlanex16: 2
; CHECK: dpp: 2
; CHECK: ds_swizzle: 2
; CHECK: global-bytes-loaded: 0
; CHECK: global-bytes-stored: 256
; CHECK: lds-bytes-read: 256
; CHECK: lds-bytes-written: 256
; CHECK: lds-bank-conflicts: 0
; CHECK: global-lines: 2
; CHECK: barriers: 2
; JSON: "lane_instructions": [[LI:[0-9]+]]
; JSON: "wmma": {"v_wmma_f32_16x16x16_f16": 2}
; JSON: "cross_lane": {"ds_bpermute": 2, "permlanex16": 2, "dpp": 2, "ds_swizzle": 2}
; JSON: "lds_bytes_read": 256
; JSON: "lds_bank_conflicts": 0,
; JSON: "global_lines": 2,

@lds = internal addrspace(3) global [64 x i32] undef

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.permlanex16.i32(i32, i32, i32, i32, i1, i1)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
declare void @llvm.amdgcn.s.barrier()
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half>, <16 x half>, <8 x float>)

define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 @llvm.amdgcn.ds.bpermute(i32 0, i32 %t)
  %b = call i32 @llvm.amdgcn.permlanex16.i32(i32 %a, i32 %a, i32 0, i32 0, i1 false, i1 false)
  %c = call i32 @llvm.amdgcn.update.dpp.i32(i32 %b, i32 %b, i32 273, i32 15, i32 15, i1 false)
  %d = call i32 @llvm.amdgcn.ds.swizzle(i32 %c, i32 16415)
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %t
  store i32 %d, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier()
  %x = xor i32 %t, 1
  %q = getelementptr i32, ptr addrspace(3) @lds, i32 %x
  %e = load i32, ptr addrspace(3) %q
  %w = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> zeroinitializer, <16 x half> zeroinitializer, <8 x float> zeroinitializer)
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %e, ptr addrspace(1) %o
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
