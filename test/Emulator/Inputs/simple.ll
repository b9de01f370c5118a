; out[i] = in[i] * scale + i for a 1-D grid; used by usage.test.
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

define amdgpu_kernel void @scale(ptr addrspace(1) %in, ptr addrspace(1) %out, float %s) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %pb = getelementptr i8, ptr addrspace(4) %ia, i64 12
  %b16 = load i16, ptr addrspace(4) %pb
  %b = zext i16 %b16 to i32
  %gb = mul i32 %g, %b
  %i = add i32 %gb, %t
  %pi = getelementptr float, ptr addrspace(1) %in, i32 %i
  %x = load float, ptr addrspace(1) %pi
  %y = fmul float %x, %s
  %fi = uitofp i32 %i to float
  %z = fadd float %y, %fi
  %po = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %z, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @other() #0 {
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
