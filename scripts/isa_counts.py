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
