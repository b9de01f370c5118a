; The counters the speed-of-light model reads, on a hand-made kernel with
; known answers (lib/Emulator/Cost.c, ExecMem.c): valu-instructions is the
; lower bound in wave32 VALU instructions (ceil(n * bits / 32) per
; arithmetic instruction, one per element for a compare; GEPs, shuffles and
; control flow free), lds- and global-instructions count ceil(bytes per
; lane / 16) per memory instruction, per wave.
; Per wave: entry 1 (the mul of the address: i32), a loop of 3 trips each
; with fadd <8 x float> (8), fadd <8 x half> (4), add i32 (1), icmp (1);
; then a barrier in the middle of the exit block (the block resumes after
; it) and an fmul <4 x float> (4): 1 + 3 * 14 + 4 = 47.
; LDS: a <4 x i32> load (1) and a <8 x i32> store (2) per wave; global: a
; <8 x i32> load (2) and a <4 x float> store (1).
; RUN: wmma-emu %s --kernel k --grid 1 --block 32 --arg out:%t.in:4096 --arg out:%t:4096 --stats | FileCheck %s
; CHECK: valu-instructions: 47{{$}}
; CHECK: lds-instructions: 3{{$}}
; CHECK: global-instructions: 3{{$}}
; Two waves of one workgroup and two workgroups: 4 waves, each its own.
; RUN: wmma-emu %s --kernel k --grid 2 --block 64 --arg out:%t.in:4096 --arg out:%t:4096 --stats | FileCheck %s --check-prefix=FOUR
; FOUR: valu-instructions: 188{{$}}
; FOUR: lds-instructions: 12{{$}}
; FOUR: global-instructions: 12{{$}}

@lds = internal addrspace(3) global [1024 x i32] undef, align 16
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = and i32 %l, 31
  %pl = getelementptr <4 x i32>, ptr addrspace(3) @lds, i32 %lane
  %ld = load <4 x i32>, ptr addrspace(3) %pl, align 16
  %pg = getelementptr <8 x i32>, ptr addrspace(1) %in, i32 %lane
  %g = load <8 x i32>, ptr addrspace(1) %pg, align 32
  %ps = getelementptr <8 x i32>, ptr addrspace(3) @lds, i32 %lane
  store <8 x i32> %g, ptr addrspace(3) %ps, align 32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %f = phi <8 x float> [ zeroinitializer, %entry ], [ %f1, %loop ]
  %h = phi <8 x half> [ zeroinitializer, %entry ], [ %h1, %loop ]
  %f1 = fadd <8 x float> %f, <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>
  %h1 = fadd <8 x half> %h, <half 1.0, half 1.0, half 1.0, half 1.0, half 1.0, half 1.0, half 1.0, half 1.0>
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 3
  br i1 %c, label %loop, label %exit
exit:
  call void @llvm.amdgcn.s.barrier()
  %q = shufflevector <8 x float> %f1, <8 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %m = fmul <4 x float> %q, <float 2.0, float 2.0, float 2.0, float 2.0>
  %po = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %lane
  store <4 x float> %m, ptr addrspace(1) %po, align 16
  ret void
}
attributes #0 = { "target-cpu"="gfx1201" }
