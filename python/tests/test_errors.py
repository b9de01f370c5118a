"""Error paths: bad source (diagnostics with line/col), unknown chip, wrong
shape/dtype, missing/unexpected inputs, bad options."""

import numpy as np
import pytest

import wmma
from conftest import read_example

GEMM_GEMM = read_example("test", "EndToEnd", "gemm-gemm-16x16x16x16.mlir")


def good_inputs():
    return {n: np.zeros((16, 16), np.float16) for n in ("A0", "B0", "B1")}


def test_bad_source_has_location():
    src = "func.func @f(%A: memref<16x16xf16>) {\n  %x = arith.nope : f32\n  return\n}\n"
    with pytest.raises(wmma.WmmaError) as e:
        wmma.compile(src, "gfx1100", source_name="bad.mlir")
    err = e.value
    assert err.errors, err.diagnostics
    first = err.errors[0]
    assert (first["file"], first["line"], first["col"]) == ("bad.mlir", 2, 8)
    assert first["severity"] == "error"
    assert "arith.nope" in first["message"]
    assert "bad.mlir:2:8: error:" in str(err)


def test_semantic_error_has_location():
    # Valid syntax, but the atom does not exist on RDNA3 (the verifier says so).
    src = ("func.func @f(%a: vector<8xi32>, %c: vector<8xf32>) -> vector<8xf32> {\n"
           "  %d = wmma.mma #wmma.atom<rdna3, 16x16x16, f8E4M3FN * f8E4M3FN -> f32> "
           "%a, %a, %c : vector<8xi32>, vector<8xi32> -> vector<8xf32>\n"
           "  return %d : vector<8xf32>\n}\n")
    with pytest.raises(wmma.WmmaError) as e:
        wmma.compile(src, "gfx1100", emit="mlir")
    d = e.value.errors[0]
    assert (d["file"], d["line"], d["col"]) == ("<source>", 2, 27)
    assert "RDNA4-only" in d["message"]


def test_every_obstacle_is_a_located_note():
    # Two obstacles in one function: one remark at the function, a note at
    # each op, in source order, each naming what it is.
    # (A convolution with a dynamic channel count: others are implicit GEMMs.)
    src = ("func.func @f(%I: tensor<?x18x18x?xf16>, %F: tensor<3x3x16x32xf16>,\n"
           "             %O: tensor<?x16x16x32xf32>, %X: tensor<8xi32>)\n"
           "    -> (tensor<?x16x16x32xf32>, tensor<8xi32>) {\n"
           "  %e = math.ctlz %X : tensor<8xi32>\n"
           "  %c = linalg.conv_2d_nhwc_hwcf ins(%I, %F : tensor<?x18x18x?xf16>, tensor<3x3x16x32xf16>)\n"
           "         outs(%O : tensor<?x16x16x32xf32>) -> tensor<?x16x16x32xf32>\n"
           "  return %c, %e : tensor<?x16x16x32xf32>, tensor<8xi32>\n}\n")
    with pytest.raises(wmma.WmmaError) as e:
        wmma.compile(src, "gfx1201", source_name="two.mlir")
    diags = e.value.diagnostics
    remark = [d for d in diags if d["severity"] == "remark"]
    notes = [(d["line"], d["message"]) for d in diags if d["severity"] == "note"]
    assert remark and remark[0]["line"] == 1, diags
    assert "2 obstacles" in remark[0]["message"]
    assert [line for line, _ in notes] == [4, 5], notes
    # (math on whole tensors becomes linalg; ctlz is no op kernels evaluate)
    assert "'math.ctlz' inside a linalg body" in notes[0][1], notes
    assert notes[1][1].startswith("linalg.conv_2d_nhwc_hwcf: the convolution's "
                                  "input has a dynamic size"), notes


def test_unknown_chip():
    with pytest.raises(wmma.WmmaError, match="unknown chip 'gfx1300'") as e:
        wmma.compile(GEMM_GEMM, "gfx1300")
    assert "gfx1201" in e.value.diagnostics[0]["message"]  # lists the supported ones
    assert e.value.diagnostics[0]["line"] is None
    with pytest.raises(wmma.WmmaError, match="unknown chip 'gfx906'"):
        wmma.run(GEMM_GEMM, "gfx906", good_inputs())


def test_bad_options():
    with pytest.raises(ValueError, match="emit must be one of"):
        wmma.compile(GEMM_GEMM, "gfx1100", emit="ptx")
    with pytest.raises(ValueError, match="strategy must be one of"):
        wmma.compile(GEMM_GEMM, "gfx1100", strategy="dpp")
    with pytest.raises(ValueError, match="waves"):
        wmma.compile(GEMM_GEMM, "gfx1100", waves=64)
    with pytest.raises(TypeError, match="source must be"):
        wmma.compile(42, "gfx1100")
    with pytest.raises(TypeError, match="chip must be a str"):
        wmma.compile(GEMM_GEMM, None)
    with pytest.raises(ValueError, match="backend must be"):
        wmma.run(GEMM_GEMM, "gfx1100", good_inputs(), backend="cuda")
    with pytest.raises(wmma.WmmaError):
        wmma.compile(GEMM_GEMM, "gfx1100", func="nope")


def test_wrong_shape():
    ins = good_inputs()
    ins["B0"] = np.zeros((16, 32), np.float16)
    with pytest.raises(ValueError, match=r"argument 'B0' has shape \(16, 32\); the kernel "
                                         r"expects \(16, 16\) \(input f16\[16x16\]\)"):
        wmma.run(GEMM_GEMM, "gfx1100", ins)


def test_wrong_dtype():
    ins = good_inputs()
    ins["A0"] = np.zeros((16, 16), np.float32)
    with pytest.raises(TypeError, match="argument 'A0' has dtype float32; the kernel expects float16"):
        wmma.run(GEMM_GEMM, "gfx1100", ins)
    ins["A0"] = [[0.0] * 16] * 16
    with pytest.raises(TypeError, match="argument 'A0' must be a numpy array"):
        wmma.run(GEMM_GEMM, "gfx1100", ins)


def test_missing_unexpected_and_output_inputs():
    ins = good_inputs()
    del ins["B1"]
    with pytest.raises(ValueError, match=r"missing input 'B1' \(input f16\[16x16\]\)"):
        wmma.run(GEMM_GEMM, "gfx1100", ins)
    ins = good_inputs()
    ins["Z"] = np.zeros(3)
    with pytest.raises(ValueError, match="unknown input 'Z'; kernel 'gemm_gemm' takes: A0"):
        wmma.run(GEMM_GEMM, "gfx1100", ins)
    # An output may be passed (its initial contents); the caller's array
    # stays as it was, the written copy comes back.
    ins = good_inputs()
    ins["D1"] = np.full((16, 16), np.nan, np.float32)
    out = wmma.run(GEMM_GEMM, "gfx1100", ins)
    assert np.isnan(ins["D1"]).all() and not np.isnan(out["D1"]).any()
    ins["D1"] = np.zeros((16, 8), np.float32)
    with pytest.raises(ValueError, match=r"argument 'D1' has shape \(16, 8\)"):
        wmma.run(GEMM_GEMM, "gfx1100", ins)
    with pytest.raises(TypeError, match="inputs must be a dict"):
        wmma.run(GEMM_GEMM, "gfx1100", [np.zeros((16, 16), np.float16)] * 3)


def test_scalar_inputs():
    src = read_example("examples", "pipelines", "gemm-gemm.mlir")
    ins = {"A0": np.zeros((128, 64), np.float16), "B0": np.zeros((64, 64), np.float16),
           "B1": np.zeros((64, 128), np.float16), "C1": np.zeros((128, 128), np.float32),
           "a0": 1.0, "a1": 1.0, "b1": np.zeros(3)}
    with pytest.raises(TypeError, match="input 'b1' is a scalar"):
        wmma.run(src, "gfx1201", ins)
    ins["b1"] = "2"
    with pytest.raises(TypeError, match="input 'b1' is a scalar"):
        wmma.run(src, "gfx1201", ins)


def test_hip_without_gpu_is_an_error_not_a_crash():
    # On a machine with an RDNA3/RDNA4 GPU this runs; elsewhere it reports.
    try:
        out = wmma.run(GEMM_GEMM, "gfx1100", good_inputs(), backend="hip")
    except wmma.WmmaError as e:
        assert "hip backend failed" in str(e)
        assert e.errors
    else:
        assert out["D1"].shape == (16, 16)


def test_error_parsing():
    d = wmma.parse_diagnostics(
        "x.mlir:3:7: error: bad thing\n  detail line\nerror: no location\n"
        "x.mlir:1:1: note: see here\n")
    assert d[0] == {"file": "x.mlir", "line": 3, "col": 7, "severity": "error",
                    "message": "bad thing\n  detail line"}
    assert d[1]["file"] is None and d[1]["message"] == "no location"
    assert d[2]["severity"] == "note"
    e = wmma.WmmaError("summary", "x.mlir:3:7: error: bad thing\n")
    assert isinstance(e, RuntimeError) and str(e) == "summary\nx.mlir:3:7: error: bad thing"


def test_hostile_source_is_an_error_not_a_crash():
    # MLIR 22's linalg parser dereferences a null attribute here (SIGSEGV in
    # the stock mlir-opt): the driver refuses it before parsing, located.
    src = ("func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {\n"
           "  linalg.transpose ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>) "
           "permutation = [")
    with pytest.raises(wmma.WmmaError) as e:
        wmma.compile(src, "gfx1201", source_name="t.mlir")
    d = e.value.errors[0]
    assert (d["file"], d["line"], d["col"]) == ("t.mlir", 2, 88)
    assert "malformed 'permutation = [...]' list" in d["message"]
    # 100,000 nested brackets overflowed the stack; now over the nesting limit.
    with pytest.raises(wmma.WmmaError, match="nest deeper than 256 levels") as e:
        wmma.compile("func.func @f() attributes {a = " + "[" * 100000, "gfx1201")
    assert (e.value.errors[0]["line"], e.value.errors[0]["col"]) == (1, 287)
