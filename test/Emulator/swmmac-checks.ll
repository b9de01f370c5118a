; Sparse WMMA (v_swmmac) checks: an index operand that names the same
; position twice in a group of four K (the hardware's meaning is not
; documented: refused, with where), the instruction on RDNA3 (none there),
; and a partial exec mask.  Numerics: python/tests/test_sparse.py.
;
; Every lane's index is 0x4444 (positions 0, 1 in every group) except lane
; 16's, whose low field is 0b0101: row 0, group 2 (K 8..11) names
; position 1 twice.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel rep --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=REP
; REP: wmma-emu: error: v_swmmac_f32_16x16x32_f16: the index operand names position 1 twice in row 0, group 2 (K 8..11; lane 16, bits 0..1 and 2..3): the hardware's meaning of a repeated position is not documented (2:4 sparsity: two different positions per group of four) in kernel 'rep'
; The same kernel with distinct positions everywhere runs: D = 16 x 1 x 1.
; RUN: wmma-emu %s --kernel ok --grid 1 --block 32 --arg out:%t.ok:1024
; RUN: python3 %S/Inputs/emu_check.py dump f32 %t.ok | tr ' ' '\n' | sort | uniq -c | FileCheck %s --check-prefix=OK
; OK: {{^ *}}256 16.0{{$}}
; OK-NOT: {{.}}
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel ok --chip gfx1100 --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=RDNA3
; RDNA3: wmma-emu: error: in function 'ok': v_swmmac_f32_16x16x32_f16 is not available on rdna3 (sparse WMMA is RDNA4-only)
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel partial --grid 1 --block 32 --arg out:%t:1024 | FileCheck %s --check-prefix=EXEC
; EXEC: wmma-emu: error: v_swmmac_f32_16x16x32_f16 executed with EXEC=0x0000ffff: WMMA needs all 32 lanes active in kernel 'partial'

declare i32 @llvm.amdgcn.workitem.id.x()
declare <8 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v8f32.v8f16.v16f16.i16(<8 x half>, <16 x half>, <8 x float>, i16)

define amdgpu_kernel void @rep(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %is16 = icmp eq i32 %t, 16
  %idx = select i1 %is16, i16 u0x4445, i16 u0x4444
  %r = call <8 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v8f32.v8f16.v16f16.i16(<8 x half> splat (half 1.0), <16 x half> splat (half 1.0), <8 x float> zeroinitializer, i16 %idx)
  %p = getelementptr <8 x float>, ptr addrspace(1) %out, i32 %t
  store <8 x float> %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @ok(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call <8 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v8f32.v8f16.v16f16.i16(<8 x half> splat (half 1.0), <16 x half> splat (half 1.0), <8 x float> zeroinitializer, i16 u0xe4e4)
  %p = getelementptr <8 x float>, ptr addrspace(1) %out, i32 %t
  store <8 x float> %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @partial(ptr addrspace(1) %out) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 16
  br i1 %c, label %mma, label %done
mma:
  %r = call <8 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v8f32.v8f16.v16f16.i16(<8 x half> zeroinitializer, <16 x half> zeroinitializer, <8 x float> zeroinitializer, i16 u0x4444)
  %p = getelementptr <8 x float>, ptr addrspace(1) %out, i32 %t
  store <8 x float> %r, ptr addrspace(1) %p
  br label %done
done:
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
