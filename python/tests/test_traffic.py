"""The memory system's counters (docs/emulator-traffic.md): bytes of the
distinct addresses per wave instruction and the DRAM estimate of the L2
model, through emulate(), run() and the speed-of-light model."""

import numpy as np
import pytest

import wmma
from conftest import read_example

# Lanes 16-31 load lanes 0-15's 16 bytes (RDNA3's replicated operands),
# then every lane loads row k % 32 of a 32 x 128-byte buffer 64 times.
IR = """
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @halves(ptr addrspace(1) %in) #0 {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %h = and i32 %l, 15
  %p = getelementptr <4 x i32>, ptr addrspace(1) %in, i32 %h
  %v = load <4 x i32>, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @stream(ptr addrspace(1) %in) #0 {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %row = and i32 %k, 31
  %base = mul i32 %row, 32
  %i = add i32 %base, %l
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load volatile i32, ptr addrspace(1) %p
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, 64
  br i1 %more, label %loop, label %done
done:
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
"""


def test_replicated_halves_count_half():
    buf = np.zeros(2048, dtype=np.uint8)
    c = wmma.emulate(IR, "halves", 1, 32, [buf])
    assert c["global_bytes_loaded"] == 512
    assert c["global_distinct_bytes_loaded"] == 256
    assert c["dram_est_bytes_read"] == 256  # 2 lines
    assert c["dram_est_bytes_written"] == 0
    assert c["dram_est_unmodelled_launches"] == 0


def test_working_set_over_the_l2_is_reread():
    buf = np.zeros(4096, dtype=np.uint8)
    fits = wmma.emulate(IR, "stream", 1, 32, [buf])
    assert fits["global_bytes_loaded"] == 8192
    assert fits["dram_est_bytes_read"] == 4096  # the 6 MiB L2 of a 7900 XTX
    small = wmma.emulate(IR, "stream", 1, 32, [buf], l2_bytes=2048)
    assert small["dram_est_bytes_read"] == 8192
    with pytest.raises(ValueError):
        wmma.emulate(IR, "stream", 1, 32, [buf], l2_bytes=-1)


def test_chip_table_l2():
    # ROCm gpu-specs: 6 MB on Navi31 parts, 8 MB on Navi48.
    parts = {p["key"]: p for chip in ("gfx1100", "gfx1201")
             for p in wmma.chip_info(chip)["parts"]}
    assert parts["rx7900xtx"]["l2_bytes"] == 6 << 20
    assert parts["rx9070xt"]["l2_bytes"] == 8 << 20


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_gemm_estimate_is_every_buffer_once(chip):
    # gemm-tiled: 512x256 f16 A and B, 512x512 f32 bias and Y; all of it
    # fits the L2, so DRAM reads A, B and the bias once and writes Y once,
    # and the speed-of-light DRAM term is that estimate.
    src = read_example("examples", "pipelines", "gemm-tiled.mlir")
    man = wmma.compile(src, chip, emit="llvm").manifest
    _, c = wmma.run(src, chip, wmma.random_inputs(man, 1), stats=True)
    assert c["dram_est_bytes_read"] == 2 * 512 * 256 * 2 + 512 * 512 * 4
    assert c["dram_est_bytes_written"] == 512 * 512 * 4
    assert c["global_distinct_bytes_loaded"] <= c["global_bytes_loaded"]
    sol = c["speed_of_light"]
    bw = {"gfx1100": 960e9, "gfx1201": 640e9}[chip]
    total = c["dram_est_bytes_read"] + c["dram_est_bytes_written"]
    assert sol["boost"]["bounds_s"]["dram"] == pytest.approx(total / bw)


def test_speed_of_light_prefers_the_estimate():
    c = {"wmma": {"v_wmma_f32_16x16x16_f16": 192}, "workgroups": 48, "waves": 192,
         "global_bytes_loaded": 10 ** 9,
         "dram_est_bytes_read": 480 * 10 ** 6, "dram_est_bytes_written": 0,
         "dram_est_unmodelled_launches": 0}
    r = wmma.speed_of_light(c, chip="gfx1100", dram_bytes=960 * 10 ** 6)
    assert r["boost"]["bounds_s"]["dram"] == pytest.approx(0.5e-3)
    # A launch the L2 model did not cover: the caller's bytes.
    c["dram_est_unmodelled_launches"] = 1
    r = wmma.speed_of_light(c, chip="gfx1100", dram_bytes=960 * 10 ** 6)
    assert r["boost"]["bounds_s"]["dram"] == pytest.approx(1e-3)
