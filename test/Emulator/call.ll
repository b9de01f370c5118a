; Calls to non-inlined functions: a divergent call site, private allocas in
; the callee, a vector return value, and a callee that itself calls.
; RUN: wmma-emu %s --kernel k --grid 1 --block 40 --arg out:%t:320
; RUN: python3 -c "import struct; v=struct.unpack('<80I', open('%t','rb').read()); print(' '.join(map(str, v[:8])), '|', ' '.join(map(str, v[38:42])))" | FileCheck %s
; Odd lanes l: sum_{i<4} (l+i) = 4l+6 and twice that; even lanes: 7 and l.
; CHECK: 7 0 10 20 7 2 18 36 | 82 164 7 20

declare i32 @llvm.amdgcn.workitem.id.x()

define internal i32 @sum4(i32 %base) noinline {
entry:
  %buf = alloca [4 x i32], align 4, addrspace(5)
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i1, %fill ]
  %v = add i32 %base, %i
  %p = getelementptr i32, ptr addrspace(5) %buf, i32 %i
  store i32 %v, ptr addrspace(5) %p
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 4
  br i1 %c, label %fill, label %sum
sum:
  %j = phi i32 [ 0, %fill ], [ %j1, %sum ]
  %acc = phi i32 [ 0, %fill ], [ %acc1, %sum ]
  %q = getelementptr i32, ptr addrspace(5) %buf, i32 %j
  %x = load i32, ptr addrspace(5) %q
  %acc1 = add i32 %acc, %x
  %j1 = add i32 %j, 1
  %d = icmp ult i32 %j1, 4
  br i1 %d, label %sum, label %out
out:
  ret i32 %acc1
}

define internal <2 x i32> @pair(i32 %l) noinline {
  %s = call i32 @sum4(i32 %l)
  %s2 = mul i32 %s, 2
  %v0 = insertelement <2 x i32> poison, i32 %s, i32 0
  %v1 = insertelement <2 x i32> %v0, i32 %s2, i32 1
  ret <2 x i32> %v1
}

define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %l, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %call, label %join
call:
  %r = call <2 x i32> @pair(i32 %l)
  br label %join
join:
  %v = phi <2 x i32> [ %r, %call ], [ <i32 7, i32 0>, %entry ]
  %e = insertelement <2 x i32> %v, i32 %l, i32 1
  %w = select i1 %c, <2 x i32> %v, <2 x i32> %e
  %p = getelementptr <2 x i32>, ptr addrspace(1) %out, i32 %l
  store <2 x i32> %w, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
