; An invalid module (a use its definition does not dominate) that declares
; debug info: LLVM's IR reader aborts on it unless its debug-info upgrade is
; off (see broken-debug-info.ll).
define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
  %x = add i32 %y, 1
  %y = add i32 %x, 1
  store i32 %x, ptr addrspace(1) %out
  ret void
}
attributes #0 = { "target-cpu"="gfx1100" }
!llvm.module.flags = !{!3}
!3 = !{i32 2, !"Debug Info Version", i32 3}
