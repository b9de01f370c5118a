; Only wave 0 of a two-wave workgroup reaches the barrier; wave 1 ends.
; That is a deadlock on hardware: reported, not a hang.
; RUN: python3 %S/Inputs/expect_exit.py 1 wmma-emu %s --kernel k --grid 1 --block 64 | FileCheck %s
; CHECK: wmma-emu: error: barrier deadlock in kernel 'k', workgroup (0,0,0): wave(s) 0 wait at the barrier 'call void @llvm.amdgcn.s.barrier()' but wave(s) 1 finished without reaching it
; A barrier reached by both waves is fine:
; RUN: wmma-emu %s --kernel ok --grid 2 --block 64 --stats | FileCheck %s --check-prefix=OK
; OK: barriers: 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @k() #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %w0 = icmp ult i32 %l, 32
  br i1 %w0, label %wait, label %done
wait:
  call void @llvm.amdgcn.s.barrier()
  br label %done
done:
  ret void
}

define amdgpu_kernel void @ok() #0 {
  call void @llvm.amdgcn.s.barrier()
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
