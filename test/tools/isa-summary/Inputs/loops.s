; Hand-written AMDGPU assembly shaped as clang emits the HIP convolution
; reference's first layer (bench/hip/conv-implicit-gemm.hip, C = 3): the K
; loop holds the WMMAs and a rolled element-gather loop, and has two
; latches; a store loop without WMMAs follows.
	.globl	rolled_gather
rolled_gather:
	s_mov_b32 s0, 0
.LBB0_1:
	v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
	s_cbranch_scc1 .LBB0_3
.LBB0_2:
	global_load_u16 v30, v[40:41], off
	v_add_nc_u32_e32 v40, 2, v40
	s_cbranch_scc0 .LBB0_2
.LBB0_3:
	v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
	s_barrier
	s_cbranch_scc0 .LBB0_1
	s_cbranch_vccz .LBB0_1
.LBB0_4:
	global_store_b16 v[40:41], v1, off
	s_cbranch_scc0 .LBB0_4
	s_endpgm

; A WMMA loop nested in another (a tile loop around a K loop): the inner
; one is the steady state.
	.globl	nested_wmma
nested_wmma:
.LBB1_1:
	v_add_nc_u32_e32 v40, 2, v40
	v_add_nc_u32_e32 v41, 2, v41
	v_add_nc_u32_e32 v42, 2, v42
.LBB1_2:
	v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
	v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
	ds_load_b128 v[8:11], v50
	s_cbranch_scc0 .LBB1_2
	v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
	s_cbranch_scc0 .LBB1_1
	s_endpgm

; The prefill attention kernel with a causal stop, as LLVM lays it out: the
; KV loop, then the drain (a WMMA) and the epilogue up to s_endpgm, and
; after it the path taking no KV block, which branches back to the drain.
; That backward branch spans the program's end: no loop.
	.globl	block_after_end
block_after_end:
	s_cbranch_scc1 .LBB2_3
.LBB2_1:
	ds_load_b128 v[8:11], v50
	v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
	s_cbranch_scc1 .LBB2_1
.LBB2_2:
	v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
	v_rcp_f32_e32 v30, v31
	v_mul_f32_e32 v0, v0, v30
	v_mul_f32_e32 v1, v1, v30
	global_store_b16 v[40:41], v1, off
	s_endpgm
.LBB2_3:
	v_mov_b32_e32 v0, 0
	v_mov_b32_e32 v1, 0
	s_branch .LBB2_2
