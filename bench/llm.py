#!/usr/bin/python3
"""LLM decode layers on RDNA3 and RDNA4: a W4A16 linear layer (int4 weights
packed two per i8 along K, unpacked in the linalg with shifts, a mask and
sign extension, group-128 f16 scales; f16 activations, f32 output) at decode
token counts, compiled and run on the emulator.

Per shape and chip:
  template     the kernel's template and its K split (waves along K)
  global bytes loaded (emulator counter) against the minimum: the packed
               weights, the scales and the activations once each
  DRAM est. vs min  the emulator's DRAM estimate of the bytes read (an L2
               model per launch, docs/emulator-traffic.md) over the same
               minimum: what DRAM moves when re-reads hit the L2
  waves / CU   waves in the launch per CU of the chip's largest part
  instr / byte wave instructions the launch executed per packed weight byte

  wave instructions  the launches' total

Usage: bench/llm.py [--build DIR] [--chips gfx1100,gfx1201] [--m 1,4,16]
                    [--k 4096] [--n 4096] [--group 128] [--storage i8|i32]
                    [--weights w4|w8|f16] [--markdown]
"""
from table import LLM_HEAD, llm_measure, llm_parser, llm_row, llm_wmma, print_table  # bench/table.py


def dequant_layer(name, M, N, K, G, w_shape, elem, w_map, unpack):
    """y = x @ B with B = the dequantised weights, written by a
    linalg.generic from %w (shape w_shape, element elem, read at w_map) and
    the group scales %s; unpack: the body's lines from %b and %sc to the
    f16 value %r."""
    S = -(-K // G)
    return f"""func.func @{name}(%x: memref<{M}x{K}xf16>, %w: memref<{w_shape}x{elem}>,
                 %s: memref<{S}x{N}xf16>, %y: memref<{M}x{N}xf32>) {{
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<{K}x{N}xf16>
  linalg.generic {{indexing_maps = [affine_map<(k, n) -> ({w_map}, n)>,
                                   affine_map<(k, n) -> (k floordiv {G}, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}}
      ins(%w, %s : memref<{w_shape}x{elem}>, memref<{S}x{N}xf16>)
      outs(%wd : memref<{K}x{N}xf16>) {{
  ^bb0(%b: {elem}, %sc: f16, %o: f16):
{unpack}    linalg.yield %r : f16
  }}
  linalg.fill ins(%z : f32) outs(%y : memref<{M}x{N}xf32>)
  linalg.matmul ins(%x, %wd : memref<{M}x{K}xf16>, memref<{K}x{N}xf16>)
                outs(%y : memref<{M}x{N}xf32>)
  memref.dealloc %wd : memref<{K}x{N}xf16>
  return
}}
"""


def w4a16(M, N, K, G, storage="i8"):
    """The layer as quantised models arrive: B[k][n] = s[k / G][n] *
    int4(packed[k / P][n] >> 4 (k mod P)), P = 2 nibbles per i8 or 8 per
    i32 (GPTQ's qweight)."""
    P = 2 if storage == "i8" else 8
    t = storage
    return dequant_layer("w4a16", M, N, K, G, f"{K // P}x{N}", t,
                         f"k floordiv {P}", f"""    %k = linalg.index 0 : index
    %cP = arith.constant {P} : index
    %c4 = arith.constant 4 : index
    %odd = arith.remui %k, %cP : index
    %sh = arith.muli %odd, %c4 : index
    %sh8 = arith.index_cast %sh : index to {t}
    %v = arith.shrui %b, %sh8 : {t}
    %m = arith.constant 15 : {t}
    %e = arith.constant 8 : {t}
    %lo = arith.andi %v, %m : {t}
    %xx = arith.xori %lo, %e : {t}
    %q = arith.subi %xx, %e : {t}
    %f = arith.sitofp %q : {t} to f16
    %r = arith.mulf %f, %sc : f16
""")


def w8a16(M, N, K, G):
    """W8A16: B[k][n] = s[k / G][n] * w[k][n], i8 weights (one per byte)."""
    return dequant_layer("w8a16", M, N, K, G, f"{K}x{N}", "i8", "k",
                         """    %f = arith.sitofp %b : i8 to f16
    %r = arith.mulf %f, %sc : f16
""")


def f16_layer(M, N, K):
    """Plain f16 weights [K, N]."""
    return f"""func.func @f16(%x: memref<{M}x{K}xf16>, %w: memref<{K}x{N}xf16>,
                 %y: memref<{M}x{N}xf32>) {{
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<{M}x{N}xf32>)
  linalg.matmul ins(%x, %w : memref<{M}x{K}xf16>, memref<{K}x{N}xf16>)
                outs(%y : memref<{M}x{N}xf32>)
  return
}}
"""


def layer(weights, M, N, K, G, storage):
    """The layer's source and its minimum bytes (weights, scales and
    activations once each) and weight bytes."""
    act = M * K * 2
    if weights == "w4":
        wb = K // 2 * N
        return w4a16(M, N, K, G, storage), wb + (K // G) * N * 2 + act, wb
    if weights == "w8":
        return w8a16(M, N, K, G), K * N + (K // G) * N * 2 + act, K * N
    return f16_layer(M, N, K), 2 * K * N + act, 2 * K * N


def main():
    ap = llm_parser(__doc__)
    ap.add_argument("--m", default="1,4,16")
    ap.add_argument("--k", type=int, default=4096)
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--group", type=int, default=128)
    ap.add_argument("--storage", default="i8", choices=["i8", "i32"],
                    help="packed storage: 2 nibbles per i8 or 8 per i32")
    ap.add_argument("--weights", default="w4", choices=["w4", "w8", "f16"],
                    help="W4A16 (packed), W8A16 (i8) or plain f16 weights")
    args = ap.parse_args()
    wmma = llm_wmma(args)
    K, N, G = args.k, args.n, args.group
    rows = []
    for chip in args.chips.split(","):
        for M in (int(m) for m in args.m.split(",")):
            src, minimum, weights = layer(args.weights, M, N, K, G,
                                          args.storage)
            r = llm_measure(wmma, chip, src, minimum, weights)
            label = {"w4": f"W4A16 g{G} {args.storage}", "w8": f"W8A16 g{G}",
                     "f16": "f16"}[args.weights]
            rows.append(llm_row(f"{M}x{N}x{K} {label}", chip, r, 2)
                        + [f"{r['instructions']:,}"])
    print_table(["layer MxNxK"] + LLM_HEAD + ["wave instr / weight byte",
                                              "wave instructions"], rows,
                args.markdown)


if __name__ == "__main__":
    main()
