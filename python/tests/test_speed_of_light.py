"""wmma.speed_of_light(): the model (lib/Layout/SpeedOfLight.c) on
hand-made counter sets whose answers are worked out here from the chip
table's published numbers (test/Layout/Inputs/rdna-chips/chips.tsv), not
by the code under test."""

import pytest

import wmma
from wmma import WmmaError

F16 = "v_wmma_f32_16x16x16_f16"
IU8 = "v_wmma_i32_16x16x16_iu8"
# RX 7900 XTX: 96 CUs = 48 WGPs = 192 SIMDs, 2500 MHz boost, 2300 game,
# 960 GB/s; gfx11 f16 WMMA 32 cycles per SIMD.  RX 9070 XT: 64 CUs = 32
# WGPs = 128 SIMDs, 2970 / 2400 MHz; gfx12 f16 16 cycles, iu8 8.
XTX_SIMDS, XTX_HZ, XTX_GAME_HZ = 192, 2500e6, 2300e6
N48_SIMDS, N48_HZ, N48_GAME_HZ = 128, 2970e6, 2400e6


def test_pure_wmma_even_spread_is_the_peak():
    # 48 workgroups of 4 waves: one wave per SIMD, 1000 WMMAs each.
    c = {"wmma": {F16: 192 * 1000}, "workgroups": 48, "waves": 192}
    r = wmma.speed_of_light(c, chip="gfx1100")
    assert r["sku"] == "rx7900xtx"  # the chip's largest part
    assert r["boost"]["time_s"] == pytest.approx(1000 * 32 / XTX_HZ)
    assert r["sustained"]["time_s"] == pytest.approx(1000 * 32 / XTX_GAME_HZ)
    assert r["boost"]["bound"] == "WMMA pipe"
    assert r["boost"]["wmma_peak_pct"] == pytest.approx(100)
    assert r["sustained"]["wmma_peak_pct"] == pytest.approx(100)
    assert r["wmma_ops"] == 192 * 1000 * 2 * 16 * 16 * 16
    assert r["text"].startswith("speed of light: 12.8 us on Radeon RX 7900 XTX")
    assert "100% of WMMA peak" in r["text"]


def test_wmma_and_valu_add_on_a_simd():
    # One wave per SIMD: 100 f16 WMMAs (1600 cycles) + 800 VALU.
    c = {"wmma": {F16: 128 * 100}, "valu_instructions": 128 * 800,
         "workgroups": 32, "waves": 128}
    r = wmma.speed_of_light(c, sku="rx9070xt")
    assert r["boost"]["time_s"] == pytest.approx(2400 / N48_HZ)
    assert r["boost"]["wmma_s"] == pytest.approx(1600 / N48_HZ)
    assert r["boost"]["valu_s"] == pytest.approx(800 / N48_HZ)
    assert r["boost"]["wmma_peak_pct"] == pytest.approx(100 * 1600 / 2400)
    assert r["boost"]["bound"] == "WMMA pipe"
    c["valu_instructions"] = 128 * 2000
    r = wmma.speed_of_light(c, sku="rx9070xt")
    assert r["boost"]["bound"] == "VALU issue"
    assert r["boost"]["wmma_peak_pct"] == pytest.approx(100 * 1600 / 3600)


def test_mixed_types_count_pipe_cycles():
    # iu8 on gfx12 takes 8 cycles, f16 16: 50 + 50 per wave = 1200 cycles.
    c = {"wmma": {F16: 128 * 50, IU8: 128 * 50}, "workgroups": 32, "waves": 128}
    r = wmma.speed_of_light(c, sku="rx9070xt")
    assert r["boost"]["time_s"] == pytest.approx(1200 / N48_HZ)
    assert r["boost"]["wmma_peak_pct"] == pytest.approx(100)


def test_wave_quantisation():
    # 49 workgroups over 48 WGPs: one WGP runs 2, so its SIMDs 2 waves each.
    c = {"wmma": {F16: 49 * 4 * 10}, "workgroups": 49, "waves": 49 * 4}
    r = wmma.speed_of_light(c, chip="gfx1100")
    assert r["busiest_simd_waves"] == 2
    assert r["quantisation"] == pytest.approx(196 / (192 * 2))
    assert r["boost"]["time_s"] == pytest.approx(2 * 10 * 32 / XTX_HZ)
    assert r["boost"]["wmma_peak_pct"] == pytest.approx(100 * 196 / 384)


def test_occupancy_from_vgprs_and_lds():
    c = {"wmma": {F16: 192}, "workgroups": 48, "waves": 192}
    # 100 VGPRs round up to 120 (granule 24): 1536 / 120 = 12 waves.
    r = wmma.speed_of_light(c, chip="gfx1100", isa={"vgprs": 100})
    assert (r["occupancy"], r["occupancy_limit"]) == (12, "VGPRs")
    # 40000 bytes of LDS: 3 workgroups of 4 waves in 128 KiB over 4 SIMDs.
    r = wmma.speed_of_light(c, chip="gfx1100", isa={"vgprs": 100, "lds_bytes": 40000})
    assert (r["occupancy"], r["occupancy_limit"]) == (3, "LDS")
    # Nothing known: the 16 waves a SIMD holds.
    assert wmma.speed_of_light(c, chip="gfx1100")["occupancy"] == 16
    # gfx1102 (RX 7600) has 1024 VGPRs in granules of 16: 100 -> 112, 9.
    assert wmma.speed_of_light(c, chip="gfx1102", isa={"vgprs": 100})["occupancy"] == 9


def test_latency_when_occupancy_cannot_hide_it():
    # 1536 one-wave workgroups: 32 per WGP, 8 waves per SIMD, 10 WMMAs
    # (320 cycles) each and a global load (320 cycles of latency).
    c = {"wmma": {F16: 1536 * 10}, "global_instructions": 1536,
         "workgroups": 1536, "waves": 1536}
    # 256 VGPRs -> 264: 5 waves resident; 2 rounds of 640 < 8 x 320.
    r = wmma.speed_of_light(c, chip="gfx1100", isa={"vgprs": 256})
    assert r["boost"]["bounds_s"]["latency"] == pytest.approx(2 * 640 / XTX_HZ)
    assert r["boost"]["bound"] == "WMMA pipe"
    # 64 KiB of LDS: 2 workgroups per WGP, 1 wave per SIMD: 8 rounds.
    r = wmma.speed_of_light(c, chip="gfx1100", isa={"vgprs": 256, "lds_bytes": 65536})
    assert r["occupancy"] == 1
    assert r["boost"]["bound"] == "latency"
    assert r["boost"]["time_s"] == pytest.approx(8 * 640 / XTX_HZ)
    assert r["boost"]["wmma_peak_pct"] == pytest.approx(50)


def test_dram_does_not_scale_with_the_clock():
    c = {"wmma": {F16: 192}, "workgroups": 48, "waves": 192,
         "global_bytes_loaded": 10 ** 9}
    r = wmma.speed_of_light(c, chip="gfx1100", dram_bytes=960 * 10 ** 6)
    assert r["boost"]["bound"] == "DRAM bandwidth"
    assert r["boost"]["time_s"] == pytest.approx(1e-3)
    assert r["sustained"]["time_s"] == pytest.approx(1e-3)
    # Without dram_bytes the global bytes counted are the traffic.
    r = wmma.speed_of_light(c, chip="gfx1100")
    assert r["boost"]["bounds_s"]["dram"] == pytest.approx(1e9 / 960e9)


def test_lds_ports_and_conflicts():
    # One workgroup per WGP: 256000 bytes read (1000 clocks over 2 x 128
    # B/clock), 128000 written (500, in parallel), 200 conflict cycles over
    # the 2 CUs (100).
    c = {"wmma": {F16: 128}, "workgroups": 32, "waves": 128,
         "lds_bytes_read": 32 * 256000, "lds_bytes_written": 32 * 128000,
         "lds_bank_conflicts": 32 * 200}
    r = wmma.speed_of_light(c, sku="rx9070xt")
    assert r["boost"]["bounds_s"]["lds"] == pytest.approx(1100 / N48_HZ)
    assert r["boost"]["bound"] == "LDS bandwidth"
    # ds_bpermute: 128 bytes through the LDS per wave32 instruction.
    c2 = {"wmma": {F16: 128}, "workgroups": 32, "waves": 128,
          "cross_lane": {"ds_bpermute": 32 * 1000}}
    r = wmma.speed_of_light(c2, sku="rx9070xt")
    assert r["boost"]["bounds_s"]["lds"] == pytest.approx(1000 * 128 / 256 / N48_HZ)


def test_no_sustained_clock_published():
    c = {"wmma": {F16: 80}, "workgroups": 20, "waves": 80}
    r = wmma.speed_of_light(c, chip="gfx1151")
    assert r["sustained"]["clock_mhz"] == r["boost"]["clock_mhz"] == 2900
    assert "no sustained clock published" in r["text"]


def test_errors():
    c = {"wmma": {"v_wmma_f32_16x16x16_fp8_fp8": 1}, "workgroups": 1, "waves": 1}
    with pytest.raises(WmmaError, match="not an instruction of gfx1100"):
        wmma.speed_of_light(c, chip="gfx1100")
    with pytest.raises(WmmaError, match="no waves"):
        wmma.speed_of_light({"wmma": {}}, chip="gfx1201")
    with pytest.raises(WmmaError, match="unknown SKU"):
        wmma.speed_of_light(c, sku="rx9999")
    with pytest.raises(WmmaError, match="is a gfx1201, not a gfx1100"):
        wmma.speed_of_light(c, chip="gfx1100", sku="rx9070xt")
    with pytest.raises(WmmaError, match="no part with published limits"):
        wmma.speed_of_light(c, chip="gfx1152")
    with pytest.raises(WmmaError, match="unknown WMMA instruction"):
        wmma.speed_of_light({"wmma": {"v_fma": 1}, "waves": 1, "workgroups": 1},
                            chip="gfx1100")


def test_program_is_the_sum_of_its_launches():
    # Launch 0: one f16 WMMA wave per SIMD, 1000 WMMAs (32000 cycles);
    # launch 1: one VALU wave per SIMD, 16000 instructions (16000 cycles);
    # launch 2 did not run.  The program takes 48000 cycles, the WMMA pipe
    # busy for 32000 of them.
    w = {"kernel": "k0", "wmma": {F16: 192 * 1000}, "workgroups": 48, "waves": 192}
    v = {"kernel": "k1", "valu_instructions": 192 * 16000, "workgroups": 48,
         "waves": 192}
    idle = {"kernel": "k2", "waves": 0}
    r = wmma.program_speed_of_light([w, v, idle], chip="gfx1100")
    assert r["sku"] == "rx7900xtx"
    assert r["boost"]["time_s"] == pytest.approx(48000 / XTX_HZ)
    assert r["sustained"]["time_s"] == pytest.approx(48000 / XTX_GAME_HZ)
    assert r["boost"]["wmma_peak_pct"] == pytest.approx(100 * 32000 / 48000)
    assert r["boost"]["slowest_launch"] == 0
    assert r["launches"][2] is None
    assert r["launches"][1]["boost"]["bound"] == "VALU issue"
    lines = r["text"].splitlines()
    assert lines[0].startswith("speed of light: 19.2 us on Radeon RX 7900 XTX")
    assert "program of 3 launches" in lines[0] and "67% of WMMA peak" in lines[0]
    assert lines[1].startswith("  launch 0 (k0): 12.8 us at boost (67% of the program)")
    # Launch 1 executed no WMMA: its 0% of the WMMA peak says nothing, its
    # VALU busy on the busiest SIMD the whole time does.
    assert lines[2].startswith("  launch 1 (k1): 6.4 us at boost (33% of the program), "
                               "bound: VALU issue, no WMMA, VALU busy 100%;")
    assert r["launches"][1]["boost"]["valu_busy_pct"] == pytest.approx(100)
    assert r["launches"][0]["boost"]["valu_busy_pct"] == pytest.approx(0)
    assert r["boost"]["valu_busy_pct"] == pytest.approx(100 * 16000 / 48000)
    assert lines[3] == "  launch 2 (k2): did not run"
    alone = wmma.speed_of_light(v, chip="gfx1100")
    assert "bound: VALU issue, no WMMA, VALU busy 100%; at 2300 MHz (sustained): " \
        in alone["text"] and "of WMMA peak" not in alone["text"]
    valu_only = wmma.program_speed_of_light([v, idle], chip="gfx1100")
    assert "program of 2 launches (their bounds summed), no WMMA, VALU busy 100%" \
        in valu_only["text"]
    with pytest.raises(WmmaError, match="no launch of the program ran"):
        wmma.program_speed_of_light([idle], chip="gfx1100")
    bad = {"kernel": "k9", "wmma": {"v_wmma_f32_16x16x16_fp8_fp8": 1},
           "workgroups": 1, "waves": 1}
    with pytest.raises(WmmaError, match=r"launch 1 \(k9\): .*not an instruction"):
        wmma.program_speed_of_light([w, bad], chip="gfx1100")


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_run_stats_model_a_program(chip):
    # GEMM then a row softmax: two kernels, each modelled on its own
    # counters and resources; the program's time is their sum.
    src = """func.func @gemm_softmax(%a: tensor<64x64xf16>, %b: tensor<64x128xf16>) -> tensor<64x128xf32> {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %s = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x128xf16>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  %er = tensor.empty() : tensor<64xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%s : tensor<64x128xf32>) outs(%fm : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s, %m : tensor<64x128xf32>, tensor<64xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %mm: f32, %o: f32):
    %d = arith.subf %x, %mm : f32
    %x2 = math.exp %d : f32
    linalg.yield %x2 : f32
  } -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
"""
    man = wmma.compile(src, chip, emit="llvm").manifest
    _, st = wmma.run(src, chip, wmma.random_inputs(man, 1), stats=True)
    sol = st["speed_of_light"]
    launches = st["launches"]
    assert len(launches) >= 2 and len(sol["launches"]) == len(launches)
    alone = []
    for l, d in zip(launches, sol["launches"]):
        assert d is not None and d["isa"]["vgprs"] > 0 and d["isa"]["spills"] == 0
        one = wmma.speed_of_light(l, chip=chip, isa=d["isa"])
        assert one["boost"]["time_s"] == pytest.approx(d["boost"]["time_s"])
        alone.append(one)
    assert sol["boost"]["time_s"] == pytest.approx(sum(a["boost"]["time_s"] for a in alone))
    busy = sum(a["boost"]["wmma_peak_pct"] * a["boost"]["time_s"] for a in alone)
    assert sol["boost"]["wmma_peak_pct"] == pytest.approx(busy / sol["boost"]["time_s"])
    # Only the GEMM's launch runs WMMAs.
    assert sum(1 for l in launches if l["wmma_total"]) == 1
    assert 0 < sol["boost"]["wmma_peak_pct"] < 100
    assert sol["text"].startswith("speed of light: ")


def _tiled_run(chip, **kw):
    import os
    from conftest import SRC_ROOT
    src = open(os.path.join(SRC_ROOT, "examples", "pipelines", "gemm-tiled.mlir")).read()
    man = wmma.compile(src, chip, emit="llvm").manifest
    return wmma.run(src, chip, wmma.random_inputs(man, 1), stats=True, **kw)


def test_run_stats_returns_the_model():
    _, st = _tiled_run("gfx1100")
    sol = st["speed_of_light"]
    assert sol["sku"] == "rx7900xtx" and sol["text"].startswith("speed of light: ")
    # DRAM moves A, B (512x256 f16) and bias, Y (512x512 f32) once each.
    assert sol["boost"]["bounds_s"]["dram"] == pytest.approx(
        (2 * 512 * 256 * 2 + 2 * 512 * 512 * 4) / 960e9)
    isa = sol["isa"]
    assert isa["vgprs"] > 0 and isa["sgprs"] > 0 and isa["spills"] == 0
    assert isa["lds_bytes"] > 0
    # The WMMA part is the counted WMMAs' cycles on the busiest SIMD.
    per_wave = st["wmma_total"] * 32 / st["waves"]
    assert sol["boost"]["wmma_s"] == pytest.approx(
        sol["busiest_simd_waves"] * per_wave / 2500e6)
    _, st = _tiled_run("gfx1100", sku="rx7900gre")
    assert st["speed_of_light"]["product"] == "Radeon RX 7900 GRE"
    with pytest.raises(WmmaError, match="is a gfx1201"):
        _tiled_run("gfx1100", sku="rx9070xt")


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_bench_scaling_of_a_reduced_run_is_exact(chip):
    # bench/sol.py models large GEMMs from 2 x 2 workgroup tiles of the same
    # schedule, scaled to the full grid: on a shape the tile divides, the
    # scaled counters and the model equal the full run's.
    import os
    import sys
    from conftest import SRC_ROOT
    sys.path.insert(0, os.path.join(SRC_ROOT, "bench"))
    import sol
    full_src = sol.gemm_src(512, 512, 256, "f16")
    man = wmma.compile(full_src, chip, emit="llvm").manifest
    _, full = wmma.run(full_src, chip, wmma.random_inputs(man, 1), stats=True)
    tile = [int(x) for x in man["schedule"].split("tile = [")[1].split("]")[0].split(",")]
    red_src = sol.gemm_src(2 * tile[0], 2 * tile[1], 256, "f16", man["schedule"])
    red_man = wmma.compile(red_src, chip, emit="llvm").manifest
    assert red_man["schedule"] == man["schedule"]
    _, red = wmma.run(red_src, chip, wmma.random_inputs(red_man, 1), stats=True)
    assert full["workgroups"] > red["workgroups"]
    scaled = sol.scaled(red, full["workgroups"] / red["workgroups"])
    for key in ("wmma_total", "valu_instructions", "lds_instructions",
                "global_instructions", "lds_bytes_read", "lds_bytes_written",
                "lds_bank_conflicts", "global_bytes_loaded", "global_bytes_stored",
                "waves", "barriers"):
        assert scaled[key] == full[key], key
    model = wmma.speed_of_light(scaled, chip=chip, isa=full["speed_of_light"]["isa"],
                                dram_bytes=2 * 512 * 256 * 2 + 512 * 512 * 2)
    assert model["boost"]["time_s"] == pytest.approx(
        full["speed_of_light"]["boost"]["time_s"])
