#!/usr/bin/python3
"""Decode attention (flash decoding) on RDNA3 and RDNA4: one query token per
head, grouped-query (query head h reads KV head h floordiv G), written as
frameworks lower it to linalg on tensors (Q K^T, scale, an optional causal
mask against a run-time position, linalg.softmax, P cast to f16, P V),
compiled and run on the emulator.

Per shape and chip:
  template     the launches' templates: the keys split across the waves of
               a workgroup and, when the heads give too few workgroups,
               across workgroups per KV sequence (then a merge launch)
  global bytes loaded (emulator counter) against the minimum: K and V once,
               Q once
  DRAM est. vs min  the emulator's DRAM estimate of the bytes read (an L2
               model per launch, docs/emulator-traffic.md) over the same
               minimum
  waves / CU   waves per CU of the chip's largest part (the largest launch)
  instr / byte wave instructions the launch executed per K/V byte

With --prefill, the prefill attention template instead (compile only):
per head dim (--dims) and chip, 2 heads, 256 queries and 1024 keys without
a mask (the shape test/FrontEnd/attention-density.mlir bounds), the keys
per block (the schedule's tile[1]), the steady-state KV loop in the ISA
(instructions, WMMAs including the V copy's transposing ones, instructions
per WMMA: isa_counts.steady_state), VGPRs and spills.  --causal: keys
after the query score -inf (an index comparison: the workgroup's key loop
stops at its last query, every block may be masked).

Usage: bench/llm_attention.py [--build DIR] [--chips gfx1100,gfx1201]
                              [--kv 2048,8192] [--heads 32] [--kv-heads 8]
                              [--dim 128] [--markdown]
       bench/llm_attention.py --prefill [--dims 64,128] [--causal] [--build DIR]
                              [--chips gfx1100,gfx1201] [--markdown]
"""
import os
import re
import sys

from table import LLM_HEAD, llm_measure, llm_parser, llm_row, llm_wmma, print_table  # bench/table.py

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "scripts"))
from isa_counts import kernel_resources, steady_state  # noqa: E402


def _attention_program(name, args, t, dims, dim, mask, softmax_dim, D):
    """The program text both decode forms share: S = Q K^T in f32, scaled
    (and masked), softmax over the keys, P in f16, O = P V in f32, O in
    f16.  t: the types and maps ({q, kv, s, p, o, o16, qk, pv, red, ew,
    par})."""
    scale = 1.0 / D ** 0.5
    body = """  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32"""
    q, kv, s, p, o, o16 = t["q"], t["kv"], t["s"], t["p"], t["o"], t["o16"]
    qk, pv, red, ew, par = t["qk"], t["pv"], t["red"], t["ew"], t["par"]
    return f"""func.func @{name}({args}) -> {o16} {{
  %zero = arith.constant 0.0 : f32
{dim}  %e = tensor.empty{dims} : {s}
  %f = linalg.fill ins(%zero : f32) outs(%e : {s}) -> {s}
  %s = linalg.generic {{indexing_maps = {qk}, iterator_types = {red}}} ins(%Q, %K : {q}, {kv}) outs(%f : {s}) {{
{body}
  }} -> {s}
  %e1 = tensor.empty{dims} : {s}
  %sx = linalg.generic {{indexing_maps = {ew}, iterator_types = {par}}} ins(%s : {s}) outs(%e1 : {s}) {{
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant {scale!r} : f32
    %y0 = arith.mulf %x, %sc : f32
{mask}
  }} -> {s}
  %e2 = tensor.empty{dims} : {s}
  %sm = linalg.softmax dimension({softmax_dim}) ins(%sx : {s}) outs(%e2 : {s}) -> {s}
  %e3 = tensor.empty{dims} : {p}
  %p16 = linalg.generic {{indexing_maps = {ew}, iterator_types = {par}}} ins(%sm : {s}) outs(%e3 : {p}) {{
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }} -> {p}
  %e4 = tensor.empty() : {o}
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : {o}) -> {o}
  %o = linalg.generic {{indexing_maps = {pv}, iterator_types = {red}}} ins(%p16, %V : {p}, {kv}) outs(%f4 : {o}) {{
{body}
  }} -> {o}
  %e5 = tensor.empty() : {o16}
  %oc = linalg.generic {{indexing_maps = {ew}, iterator_types = {par}}} ins(%o : {o}) outs(%e5 : {o16}) {{
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }} -> {o16}
  return %oc : {o16}
}}
"""


def decode_attention(H, HKV, KV, D, T=1, B=1, causal=False, name="decode_attention",
                     pos=True):
    """The step as linalg on tensors; KV an int or "?" (a run-time length
    taken from K).  causal: keys after the query (offset by a run-time
    position %pos, or with pos=False by none: prefill's causal mask)
    score -inf."""
    G = H // HKV
    kvh = "h" if G == 1 else f"h floordiv {G}"
    q = f"tensor<{B}x{H}x{T}x{D}xf16>"
    kv = f"tensor<{B}x{HKV}x{KV}x{D}xf16>"
    s = f"tensor<{B}x{H}x{T}x{KV}xf32>"
    p = f"tensor<{B}x{H}x{T}x{KV}xf16>"
    o = f"tensor<{B}x{H}x{T}x{D}xf32>"
    o16 = f"tensor<{B}x{H}x{T}x{D}xf16>"
    dyn = KV == "?"
    dims = "(%n)" if dyn else "()"
    qk = (f"[affine_map<(b, h, m, n, k) -> (b, h, m, k)>, "
          f"affine_map<(b, h, m, n, k) -> (b, {kvh}, n, k)>, "
          f"affine_map<(b, h, m, n, k) -> (b, h, m, n)>]")
    pv = (f"[affine_map<(b, h, m, n, k) -> (b, h, m, k)>, "
          f"affine_map<(b, h, m, n, k) -> (b, {kvh}, k, n)>, "
          f"affine_map<(b, h, m, n, k) -> (b, h, m, n)>]")
    red = '["parallel", "parallel", "parallel", "parallel", "reduction"]'
    ew = "[affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>]"
    par = '["parallel", "parallel", "parallel", "parallel"]'
    mask = f"""    %ki = linalg.index 3 : index
    %qi = linalg.index 2 : index
{"    %qp = arith.addi %qi, %pos : index" if pos else ""}
    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, {"%qp" if pos else "%qi"} : index
    %y = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y : f32""" if causal else "    linalg.yield %y0 : f32"
    dim = f"""  %c2 = arith.constant 2 : index
  %n = tensor.dim %K, %c2 : {kv}
""" if dyn else ""
    return _attention_program(
        name, f"%Q: {q}, %K: {kv}, %V: {kv}{', %pos: index' if causal and pos else ''}",
        dict(q=q, kv=kv, s=s, p=p, o=o, o16=o16, qk=qk, pv=pv, red=red, ew=ew, par=par),
        dims, dim, mask, 3, D)


def prefill(wmma, args):
    rows = []
    for d in (int(x) for x in args.dims.split(",")):
        src = decode_attention(2, 2, 1024, d, T=256, causal=args.causal, pos=False,
                               name=f"prefill_d{d}")
        for chip in args.chips.split(","):
            c = wmma.compile(src, chip, emit="isa")
            # A function the template refuses (d = 256: over the VGPR
            # budget) compiles to a program of several kernels: its worst
            # WMMA loop, no keys per block.
            sched = c.manifest.get("schedule")
            tile = re.search(r"tile = \[(\d+), (\d+)", sched) if sched else None
            loop = steady_state(c.artifact)
            res = kernel_resources(c.artifact)
            rows.append([f"d{d}", chip, sched.split('"')[1] if sched else "program",
                         tile.group(2) if tile else "-", str(loop["instrs"]),
                         str(loop["wmma"]),
                         f"{loop['instrs'] / loop['wmma']:.1f}", str(res["vgpr"]),
                         str(res["spills"])])
    print_table(["prefill 2 heads 256 x 1024" + (" causal" if args.causal else ""), "chip", "template", "keys / block",
                 "loop instr", "loop WMMA", "instr / WMMA", "VGPRs", "spills"], rows,
                args.markdown)


def decode_attention_tokenless(H, HKV, KV, D, name="decode_attention"):
    """The step as torch-mlir and IREE emit a single-token decode: the
    query without batch and token dimensions (q [H, D], K and V
    [HKV, KV, D], scores [H, KV], softmax over the keys, out [H, D]); KV an
    int or "?" (a run-time length taken from K)."""
    G = H // HKV
    kvh = "h" if G == 1 else f"h floordiv {G}"
    q = f"tensor<{H}x{D}xf16>"
    kv = f"tensor<{HKV}x{KV}x{D}xf16>"
    s = f"tensor<{H}x{KV}xf32>"
    p = f"tensor<{H}x{KV}xf16>"
    o = f"tensor<{H}x{D}xf32>"
    o16 = f"tensor<{H}x{D}xf16>"
    dyn = KV == "?"
    dims = "(%n)" if dyn else "()"
    qk = (f"[affine_map<(h, n, k) -> (h, k)>, "
          f"affine_map<(h, n, k) -> ({kvh}, n, k)>, "
          f"affine_map<(h, n, k) -> (h, n)>]")
    pv = (f"[affine_map<(h, n, k) -> (h, k)>, "
          f"affine_map<(h, n, k) -> ({kvh}, k, n)>, "
          f"affine_map<(h, n, k) -> (h, n)>]")
    red = '["parallel", "parallel", "reduction"]'
    ew = "[affine_map<(h, j) -> (h, j)>, affine_map<(h, j) -> (h, j)>]"
    par = '["parallel", "parallel"]'
    dim = f"""  %c1 = arith.constant 1 : index
  %n = tensor.dim %K, %c1 : {kv}
""" if dyn else ""
    return _attention_program(name, f"%Q: {q}, %K: {kv}, %V: {kv}",
                              dict(q=q, kv=kv, s=s, p=p, o=o, o16=o16, qk=qk, pv=pv, red=red, ew=ew, par=par),
                              dims, dim, "    linalg.yield %y0 : f32", 1, D)


def main():
    ap = llm_parser(__doc__)
    ap.add_argument("--kv", default="2048,8192")
    ap.add_argument("--heads", type=int, default=32)
    ap.add_argument("--kv-heads", type=int, default=8)
    ap.add_argument("--dim", type=int, default=128)
    ap.add_argument("--prefill", action="store_true")
    ap.add_argument("--dims", default="64,128")
    ap.add_argument("--causal", action="store_true")
    args = ap.parse_args()
    wmma = llm_wmma(args)
    if args.prefill:
        prefill(wmma, args)
        return
    H, HKV, D = args.heads, args.kv_heads, args.dim
    rows = []
    for chip in args.chips.split(","):
        for kv in (int(k) for k in args.kv.split(",")):
            kv_bytes = 2 * HKV * kv * D * 2
            r = llm_measure(wmma, chip, decode_attention(H, HKV, kv, D),
                            kv_bytes + H * D * 2, kv_bytes)
            rows.append(llm_row(f"{H}/{HKV} heads d{D} KV {kv}", chip, r))
    print_table(["decode step"] + LLM_HEAD + ["wave instr / KV byte"], rows,
                args.markdown)


if __name__ == "__main__":
    main()
