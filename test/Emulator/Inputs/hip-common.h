// Declarations the HIP kernels under test need (no HIP headers: no ROCm).
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))
typedef _Float16 half;
typedef half v16h __attribute__((ext_vector_type(16)));
typedef half v8h __attribute__((ext_vector_type(8)));
typedef float v8f __attribute__((ext_vector_type(8)));
#define threadIdx_x __builtin_amdgcn_workitem_id_x()
#define threadIdx_y __builtin_amdgcn_workitem_id_y()
#define blockIdx_x __builtin_amdgcn_workgroup_id_x()
#define blockIdx_y __builtin_amdgcn_workgroup_id_y()
#define blockDim_x __builtin_amdgcn_workgroup_size_x()
#define syncthreads() __builtin_amdgcn_s_barrier()
