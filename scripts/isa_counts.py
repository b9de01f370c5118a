"""Counts AMDGPU assembly instructions by kind (shared by isa-summary.py and
bench/pipelines.py)."""
import re

GROUPS = [
    ("v_wmma", re.compile(r"^v_wmma_")),
    ("v_permlanex16", re.compile(r"^v_permlanex16")),
    ("ds_bpermute", re.compile(r"^ds_bpermute")),
    ("dpp", None),  # any instruction with a DPP modifier
    # Global memory through plain or buffer (fat pointer) instructions.
    ("global_load", re.compile(r"^(global|buffer)_load")),
    ("global_store", re.compile(r"^(global|buffer)_store")),
    ("ds (LDS)", re.compile(r"^ds_(?!bpermute)")),
    ("scratch", re.compile(r"^scratch_")),
]
_INSTRUCTION = re.compile(r"^[sv]_|^ds_|^global_|^buffer_|^scratch_|^flat_")


def count_isa(text):
    """Returns (total instructions, {group name: count})."""
    counts = {name: 0 for name, _ in GROUPS}
    total = 0
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith((".", ";", "//")) or s.endswith(":"):
            continue
        mnem = s.split()[0]
        if not _INSTRUCTION.match(mnem):
            continue
        total += 1
        for name, rx in GROUPS:
            if (rx.search(mnem) if rx else "dpp" in s):
                counts[name] += 1
    return total, counts


# --- per-kernel analyses for bench/compare.py --------------------------------

_LABEL = re.compile(r"^(\.LBB\d+_\d+):")
_BRANCH = re.compile(r"^s_(?:cbranch_\w+|branch)\s+(\.LBB\d+_\d+)")
_BARRIER = re.compile(r"^s_barrier(?:_wait)?\b")
INVALIDATIONS = re.compile(r"^(?:global_inv|buffer_gl[01]_inv|buffer_inv|buffer_wbinvl1)")
CROSS_LANE = re.compile(r"^(?:v_permlane|ds_bpermute|ds_permute|ds_swizzle)")


def instructions(text):
    """The instruction lines of an assembly listing (mnemonic first), with
    label markers kept as ('label', name) entries."""
    out = []
    for line in text.splitlines():
        s = line.strip()
        m = _LABEL.match(s)
        if m:
            out.append(("label", m.group(1)))
            continue
        if not s or s.startswith((".", ";", "//")) or s.endswith(":"):
            continue
        if _INSTRUCTION.match(s.split()[0]):
            out.append(("insn", s))
    return out


def _stats(insns):
    n = sum(1 for k, _ in insns if k == "insn")
    w = sum(1 for k, s in insns if k == "insn" and s.startswith(("v_wmma_", "v_swmmac_")))
    inv = sum(1 for k, s in insns if k == "insn" and INVALIDATIONS.match(s))
    return n, w, inv


def _loops(ins):
    """The loops of an instruction list: (first, last) index per loop header
    (a label with a later branch back to it), the last being the header's
    latest back-edge (a loop with two latches is one loop).  A backward
    branch over an s_endpgm is no loop: a block LLVM placed after the
    program's end that jumps back into it (e.g. the path taking no KV
    block, which joins the drain before the epilogue)."""
    pos = {s: i for i, (k, s) in enumerate(ins) if k == "label"}
    ends = [i for i, (k, s) in enumerate(ins) if k == "insn" and s.startswith("s_endpgm")]
    last = {}
    for j, (k, s) in enumerate(ins):
        m = _BRANCH.match(s) if k == "insn" else None
        if (m and m.group(1) in pos and pos[m.group(1)] < j and
                not any(pos[m.group(1)] < e < j for e in ends)):
            last[m.group(1)] = max(j, last.get(m.group(1), j))
    return sorted((pos[h], j) for h, j in last.items())


def wmma_loops(text):
    """The steady-state candidates: the loops holding WMMAs that hold no
    other loop with WMMAs (the innermost WMMA loops; a loop without WMMAs
    nested in one, e.g. an element gather LLVM kept rolled, is part of its
    body: its instructions count once, so the count is a lower bound
    there).  A list of dicts: first, last (instruction indices), instrs,
    wmma, nested (loops without WMMAs inside)."""
    ins = instructions(text)
    loops = _loops(ins)
    stats = {ab: _stats(ins[ab[0]:ab[1] + 1]) for ab in loops}
    def inside(c, d, a, b):
        return a <= c and d <= b and (c, d) != (a, b)
    out = []
    for a, b in loops:
        n, w, _ = stats[(a, b)]
        if not w or any(inside(c, d, a, b) and stats[(c, d)][1] for c, d in loops):
            continue
        out.append(dict(first=a, last=b, instrs=n, wmma=w,
                        nested=sum(1 for c, d in loops if inside(c, d, a, b))))
    return out


def steady_state_body(text):
    """The instruction lines of the loop steady_state reports (kind
    'loop'), else []."""
    loops = wmma_loops(text)
    if not loops:
        return []
    worst = max(loops, key=lambda l: (l["instrs"] / l["wmma"], l["instrs"]))
    ins = instructions(text)
    return [s for k, s in ins[worst["first"]:worst["last"] + 1] if k == "insn"]


def steady_state(text):
    """Instructions and WMMAs per steady-state iteration of the K loop.

    The innermost loops holding WMMAs (wmma_loops); when LLVM unrolled the
    K loop completely, the code between two consecutive barriers (one K
    step of a staged kernel: the median of the segments holding WMMAs);
    otherwise the whole kernel.  Returns a dict: kind ('loop', 'barrier',
    'kernel'), instrs, wmma (worst loop: the most instructions per WMMA),
    loops (WMMA loops found), nested (loops without WMMAs inside the worst
    one: its count is a lower bound then), invalidations inside the
    innermost loops (with or without WMMAs)."""
    ins = instructions(text)
    loops = _loops(ins)
    inner = [(a, b) for a, b in loops
             if not any(a <= c and d <= b and (c, d) != (a, b) for c, d in loops)]
    loop_inv = sum(_stats(ins[a:b + 1])[2] for a, b in inner)
    cands = wmma_loops(text)
    if cands:
        worst = max(cands, key=lambda l: (l["instrs"] / l["wmma"], l["instrs"]))
        return dict(kind="loop", instrs=worst["instrs"], wmma=worst["wmma"],
                    loops=len(cands), nested=worst["nested"],
                    loop_invalidations=loop_inv)
    segs, cur = [], []
    for k, s in ins:
        if k == "insn" and _BARRIER.match(s):
            segs.append(cur)
            cur = []
        else:
            cur.append((k, s))
    segs.append(cur)
    inner_segs = [_stats(sg) for sg in segs[1:-1] if _stats(sg)[1]]
    if inner_segs:
        inner_segs.sort()
        n, w, inv = inner_segs[len(inner_segs) // 2]
        return dict(kind="barrier", instrs=n, wmma=w, loops=0, nested=0,
                    loop_invalidations=loop_inv + inv)
    n, w, _ = _stats(ins)
    return dict(kind="kernel", instrs=n, wmma=w, loops=0, nested=0,
                loop_invalidations=loop_inv)


_MEM = re.compile(r"^(global|buffer|ds|scratch|flat)_(load|store)_(\w+)")


def memory_widths(text):
    """{('global'|'ds', 'load'|'store'): {width: count}} over the kernel, the
    width being the mnemonic's suffix (b32, b64, b128, u16, d16_b16, ...;
    2addr forms keep their prefix); buffer and flat count as global."""
    out = {}
    for k, s in instructions(text):
        m = _MEM.match(s) if k == "insn" else None
        if not m:
            continue
        space = "ds" if m.group(1) == "ds" else ("scratch" if m.group(1) == "scratch" else "global")
        out.setdefault((space, m.group(2)), {})
        w = m.group(3)
        out[(space, m.group(2))][w] = out[(space, m.group(2))].get(w, 0) + 1
    return out


def width_bytes(width):
    """Bytes moved per lane by a width suffix (b128 -> 16, 2addr_b64 -> 16,
    u16/d16 -> 2, b8/u8 -> 1)."""
    nums = re.findall(r"\d+", width)
    bits = int(nums[-1]) if nums else 32
    return bits // 8 * (2 if "2addr" in width else 1)


def kernel_resources(text):
    """VGPRs, SGPRs, spills and static LDS bytes from the kernel metadata."""
    def meta(key):
        m = re.search(r"\.%s:\s+(\d+)" % key, text)
        return int(m.group(1)) if m else 0
    return dict(vgpr=meta("vgpr_count"), sgpr=meta("sgpr_count"),
                spills=meta("vgpr_spill_count") + meta("sgpr_spill_count"),
                lds=meta("group_segment_fixed_size"))


def occupancy(vgprs, lds_bytes, threads):
    """Waves per SIMD (the model: gfx1100/gfx1201 give a wave32 lane 1536
    VGPRs per SIMD, allocated in granules of 24, at most 16 waves per SIMD;
    a workgroup's LDS comes from the 128 KiB of its WGP, whose 4 SIMDs share
    the waves of every resident workgroup)."""
    vg = max(24, (vgprs + 23) // 24 * 24)
    by_vgpr = min(16, 1536 // vg)
    waves_per_wg = max(1, (threads + 31) // 32)
    by_lds = 16 if lds_bytes == 0 else (131072 // lds_bytes) * waves_per_wg // 4
    return max(0, min(by_vgpr, by_lds))
