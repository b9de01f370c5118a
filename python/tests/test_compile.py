"""compile(): every emit kind, the manifest, sources given as paths."""

import pathlib

import pytest

import wmma
from conftest import SRC_ROOT, read_example

GEMM_GEMM = read_example("examples", "pipelines", "gemm-gemm.mlir")


def test_library_and_version():
    assert wmma.version() == "0.1"
    assert wmma.library_path().endswith("libwmma-c.so")
    assert "gfx1100" in wmma.chips() and "gfx1201" in wmma.chips()


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_manifest(chip):
    k = wmma.compile(GEMM_GEMM, chip, emit="mlir")
    m = k.manifest
    assert m["kernel"] == "gemm_gemm" and m["chip"] == chip
    assert len(m["grid"]) == 3 and len(m["block"]) == 3
    args = {a["name"]: a for a in m["args"]}
    assert [a["name"] for a in m["args"]] == ["A0", "B0", "B1", "C1", "D1", "a0", "a1", "b1"]
    assert args["A0"] == {"name": "A0", "kind": "buffer", "type": "f16",
                          "shape": [128, 64], "role": "input", "host": 0}
    assert args["D1"]["role"] == "output" and args["D1"]["type"] == "f32"
    assert args["a0"]["kind"] == "scalar" and args["a0"]["type"] == "f32"
    # Unpacks as (artifact, manifest).
    artifact, manifest = k
    assert manifest is m and isinstance(artifact, str)
    assert "gpu.module" in artifact and "wmma.mma" in artifact


def test_emit_kinds():
    llvm = wmma.compile(GEMM_GEMM, "gfx1201", emit="llvm")
    assert isinstance(llvm.artifact, str)
    assert "define amdgpu_kernel void @gemm_gemm" in llvm.artifact
    assert "llvm.amdgcn.wmma" in llvm.artifact
    isa = wmma.compile(GEMM_GEMM, "gfx1100", emit="isa")
    assert isinstance(isa.artifact, str) and "v_wmma_f32_16x16x16_f16" in isa.artifact
    hsaco = wmma.compile(GEMM_GEMM, "gfx1201", emit="hsaco")
    assert isinstance(hsaco.artifact, bytes) and hsaco.artifact[:4] == b"\x7fELF"
    assert wmma.compile(GEMM_GEMM, "gfx1201").emit == "hsaco"  # the default


def test_atom_program_and_path_source():
    path = pathlib.Path(SRC_ROOT, "examples", "atoms", "gemm-rdna4.mlir")
    k = wmma.compile(path, "gfx1201", emit="isa", strategy="bpermute")
    assert k.kernel == "gemm" and k.manifest["grid"] == [4, 4, 1]
    assert "v_wmma_f32_16x16x16_f16" in k.artifact
    # bytes work like str.
    assert wmma.compile(path.read_bytes(), "gfx1201", emit="mlir").kernel == "gemm"


def test_staging_and_tile_options():
    # A 128x128 GEMM: the cost rule keeps operands in registers (more
    # workgroups than LDS tiles would give); staging="lds" forces the LDS
    # template, tile= picks its workgroup tile, tiled=False is registers.
    src = pathlib.Path(SRC_ROOT, "examples", "pipelines", "gemm-mul-mul.mlir").read_text()
    auto = wmma.compile(src, "gfx1201", emit="isa").manifest
    lds = wmma.compile(src, "gfx1201", emit="isa", staging="lds").manifest
    big = wmma.compile(src, "gfx1201", emit="isa", tile=(128, 128)).manifest
    plain = wmma.compile(src, "gfx1201", emit="isa", tiled=False).manifest
    assert auto["lds_bytes"] == 0 and plain["lds_bytes"] == 0
    assert lds["lds_bytes"] > 0 and lds["grid"] == [2, 2, 1]
    # 2 buffers x (128 + 128) rows x (32 + 8 padding) f16
    assert big["lds_bytes"] == 40960 and big["grid"] == [1, 1, 1]
    assert big["block"] == [128, 1, 1]
    with pytest.raises(ValueError, match="staging"):
        wmma.compile(src, "gfx1201", emit="isa", staging="shared")


