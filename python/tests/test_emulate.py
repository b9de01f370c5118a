"""emulate(): the LLVM IR of atom examples on the emulator, numpy buffers
updated in place, counters."""

import numpy as np
import pytest

import wmma
from conftest import read_example


@pytest.fixture(scope="module")
def gemm_rdna4():
    return wmma.compile(read_example("examples", "atoms", "gemm-rdna4.mlir"),
                        "gfx1201", emit="llvm")


def _memrefs(*arrays):
    return [wmma.memref(a) for a in arrays]


def test_gemm_atom_rdna4(gemm_rdna4):
    rng = np.random.default_rng(3)
    A = rng.uniform(-1, 1, (64, 128)).astype(np.float16)
    B = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
    C = np.full((64, 64), np.nan, dtype=np.float32)  # every element is written
    m = gemm_rdna4.manifest
    stats = wmma.emulate(gemm_rdna4.artifact, "gemm", m["grid"], m["block"],
                         _memrefs(A, B, C), chip="gfx1201")
    ref = A.astype(np.float64) @ B.astype(np.float64)
    mag = np.abs(A.astype(np.float64)) @ np.abs(B.astype(np.float64))
    K = 128
    assert np.all(np.abs(C - ref) <= 2 * K * 2.0**-24 * mag)
    # 16 workgroups of one wave; 4x4 tiles x 8 K steps of one WMMA each.
    assert stats["workgroups"] == 16 and stats["waves"] == 16
    assert stats["wmma"] == {"v_wmma_f32_16x16x16_f16": 128}
    assert stats["wmma_total"] == 128
    assert stats["global_bytes_stored"] == C.nbytes
    assert stats["cross_lane"]["ds_bpermute"] == 0
    assert stats["lane_instructions"] >= stats["wave_instructions"] > 0


def test_gemm_atom_rdna3_cross_lane():
    k = wmma.compile(read_example("examples", "atoms", "gemm-rdna3.mlir"),
                     "gfx1100", emit="llvm", strategy="permlanex16")
    rng = np.random.default_rng(4)
    arrays = []
    for a in k.manifest["args"]:
        dtype = {"f16": np.float16, "f32": np.float32}[a["type"]]
        arrays.append(rng.uniform(-1, 1, a["shape"]).astype(dtype))
    stats = wmma.emulate(k.artifact, k.kernel, k.manifest["grid"], k.manifest["block"],
                         [wmma.memref(a) for a in arrays], chip="gfx1100")
    assert stats["wmma_total"] > 0
    # The RDNA3 expansion of compact fragments is cross-lane traffic.
    assert stats["cross_lane"]["permlanex16"] > 0


def test_emulate_errors(gemm_rdna4):
    ir = gemm_rdna4.artifact
    A = np.zeros((64, 128), np.float16)
    B = np.zeros((128, 64), np.float16)
    C = np.zeros((64, 64), np.float32)
    # Raw arrays where memref descriptors are expected: the count, and how.
    with pytest.raises(ValueError, match=r"kernel takes 21 parameters, 3 given "
                       r"\(kernels from wmma.compile take memref descriptors"):
        wmma.emulate(ir, "gemm", 16, 32, [A, B, C], chip="gfx1201")
    with pytest.raises(TypeError, match="argument 14 is a pointer parameter"):
        wmma.emulate(ir, "gemm", 16, 32, _memrefs(A, B) + [1.0] + [0] * 6, chip="gfx1201")
    with pytest.raises(TypeError, match="parameter 2 is i64, not the pointer"):
        wmma.emulate(ir, "gemm", 16, 32, [A, A, wmma.memref(C)] + [0] * 12, chip="gfx1201")
    with pytest.raises(ValueError, match="C-contiguous"):
        wmma.memref(np.zeros((64, 64), np.float32).T)
    with pytest.raises(TypeError, match="numpy array"):
        wmma.memref([1.0, 2.0])
    with pytest.raises(wmma.WmmaError, match="no kernel 'nope'"):
        wmma.emulate(ir, "nope", 1, 32, _memrefs(A, B, C), chip="gfx1201")
    with pytest.raises(wmma.WmmaError, match="unknown chip 'gfx1300'"):
        wmma.emulate(ir, "gemm", 1, 32, _memrefs(A, B, C), chip="gfx1300")
    with pytest.raises(ValueError, match="at most 1024"):
        wmma.emulate(ir, "gemm", 1, (64, 32), _memrefs(A, B, C), chip="gfx1201")
    # Without chip=, the kernel's "target-cpu" decides; with none at all,
    # the emulator's own message.
    assert '"target-cpu"="gfx1201"' in ir
    assert wmma.emulate(ir, "gemm", 1, 32, _memrefs(A, B, C))["workgroups"] == 1
    with pytest.raises(wmma.WmmaError) as e:
        wmma.emulate(ir.replace('"target-cpu"="gfx1201"', ""), "gemm", 1, 32, _memrefs(A, B, C))
    assert "target-cpu" in str(e.value)
    # A buffer too small: an out-of-bounds fault, reported, not a crash.
    with pytest.raises(wmma.WmmaError, match="failed on the emulator"):
        wmma.emulate(ir, "gemm", (4, 4), 32, _memrefs(A[:1].copy(), B, C), chip="gfx1201")
    with pytest.raises(wmma.WmmaError, match="cannot load"):
        wmma.emulate("this is not LLVM IR", "gemm", 1, 32, [], chip="gfx1201")


DYNAMIC_LDS_IR = """
@shared = external addrspace(3) global [0 x i32], align 4
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @swap(ptr addrspace(1) %out) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) @shared, i32 %l
  store i32 %l, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier()
  %m = sub i32 31, %l
  %q = getelementptr i32, ptr addrspace(3) @shared, i32 %m
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %l
  store i32 %v, ptr addrspace(1) %o
  ret void
}
attributes #0 = { "target-cpu"="gfx1201" }
"""


def test_threads_give_identical_results_and_counters(gemm_rdna4):
    rng = np.random.default_rng(8)
    A = rng.uniform(-1, 1, (64, 128)).astype(np.float16)
    B = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
    m = gemm_rdna4.manifest
    outs, counters = [], []
    for threads in (1, 2):
        C = np.zeros((64, 64), np.float32)
        counters.append(wmma.emulate(gemm_rdna4.artifact, "gemm", m["grid"], m["block"],
                                     _memrefs(A, B, C), chip="gfx1201", threads=threads))
        outs.append(C)
    np.testing.assert_array_equal(outs[0], outs[1])
    assert counters[0] == counters[1]
    # The new counters: every 16x16 f32 tile store touches lines; LDS unused.
    assert counters[0]["global_lines"] > 0
    assert counters[0]["lds_bank_conflicts"] == 0


def test_limits_and_dynamic_lds(gemm_rdna4):
    ir = gemm_rdna4.artifact
    A = np.zeros((64, 128), np.float16)
    B = np.zeros((128, 64), np.float16)
    C = np.zeros((64, 64), np.float32)
    with pytest.raises(wmma.WmmaError) as e:
        wmma.emulate(ir, "gemm", (4, 4), 32, _memrefs(A, B, C), chip="gfx1201", max_instructions=50)
    assert "instruction limit exceeded: more than 50 wave-instructions" in str(e.value)
    assert wmma.emulate(ir, "gemm", (4, 4), 32, _memrefs(A, B, C), chip="gfx1201",
                        max_instructions=0)["workgroups"] == 16
    with pytest.raises(ValueError, match="max_instructions must be in 0.."):
        wmma.emulate(ir, "gemm", 1, 32, _memrefs(A, B, C), max_instructions=-1)
    with pytest.raises(TypeError, match="max_instructions must be an int"):
        wmma.emulate(ir, "gemm", 1, 32, _memrefs(A, B, C), max_instructions="abc")
    with pytest.raises(ValueError, match="threads must be at least 1"):
        wmma.emulate(ir, "gemm", 1, 32, _memrefs(A, B, C), threads=0)
    out = np.zeros(32, np.int32)
    with pytest.raises(wmma.WmmaError) as e:
        wmma.emulate(DYNAMIC_LDS_IR, "swap", 1, 32, [out])
    assert "out-of-bounds LDS store" in str(e.value)
    wmma.emulate(DYNAMIC_LDS_IR, "swap", 1, 32, [out], dynamic_lds=128)
    np.testing.assert_array_equal(out, np.arange(31, -1, -1))
    with pytest.raises(ValueError, match="dynamic_lds must be in 0..65536"):
        wmma.emulate(DYNAMIC_LDS_IR, "swap", 1, 32, [out], dynamic_lds=70000)
