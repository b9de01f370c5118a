; Workgroup g stores 32 floats at out[32 g]: with a buffer for 5 workgroups,
; workgroups 5 and up fault (threads.test).
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %b = mul i32 %g, 32
  %i = add i32 %b, %l
  %p = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float 1.0, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx1201" }
