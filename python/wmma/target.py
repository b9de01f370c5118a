"""chip_info(): the target description of a chip from the layout engine's
tables (lib/Layout/Chips.c) -- the same facts as `wmma-layout --chip C
--info`: the architecture's traits, the chip's resources, and the published
limits of every product (SKU) built on it."""

from . import _lib
from ._errors import WmmaError

_F16 = 0  # WMMA_INSTR_F32_16X16X16_F16


def _traits(lib, arch):
    t = lib.wmma_arch_traits_get(arch).contents
    out = {name: getattr(t, name) for name, _ in t._fields_
           if name not in ("arch", "wmma_issue_cycles")}
    out["arch"] = lib.wmma_arch_name(arch).decode()
    out["ab_layout"] = "hw" if t.hw_k_contiguous else "kcontig"
    out["wmma_issue_cycles"] = {
        lib.wmma_instr_get(i).contents.isa_name.decode(): t.wmma_issue_cycles[i]
        for i in range(_lib.INSTR_COUNT) if t.wmma_issue_cycles[i]}
    return out


def _part(lib, sku_ptr):
    s = sku_ptr.contents
    return {
        "key": s.key.decode(), "product": s.product.decode(),
        "compute_units": s.compute_units, "boost_clock_mhz": s.boost_clock_mhz,
        "game_clock_mhz": s.game_clock_mhz or None,
        "sustained_clock_mhz": lib.wmma_sku_sustained_clock_mhz(sku_ptr),
        "dram_bytes_per_s": s.dram_bytes_per_s,
        "dram_measured_bytes_per_s": s.dram_measured_bytes_per_s or None,
        "l2_bytes": s.l2_bytes,
        "wmma_f16_peak_flops": lib.wmma_sku_wmma_peak(sku_ptr, _F16, 0),
    }


def chip_info(chip):
    """A dict: chip, compute_units (of the largest part), vgprs_per_simd,
    vgpr_alloc_granule, lds_bytes (per workgroup), largest (the key of the
    largest part, or None), traits (the architecture's row: predicates as
    0/1, LDS, occupancy, VALU rates, wmma_issue_cycles by instruction), and
    parts (one dict per product: key, product, compute_units, clocks in MHz
    (sustained: the game clock, else boost),
    DRAM bytes/s, l2_bytes, wmma_f16_peak_flops at boost; None where
    unpublished).
    Raises WmmaError for an unknown chip, TypeError for a non-str."""
    if not isinstance(chip, str):
        raise TypeError("chip must be a str such as 'gfx1201', not %r" % (chip,))
    lib = _lib.load()
    c = lib.wmma_chip_get(chip.encode())
    if not c:
        raise WmmaError("unknown chip '%s'; supported chips: %s"
                        % (chip, lib.wmma_supported_chips().decode()))
    c = c.contents
    parts = []
    for i in range(lib.wmma_sku_count()):
        s = lib.wmma_sku_at(i)
        if s.contents.chip.decode() == c.name.decode():
            parts.append(_part(lib, s))
    return {
        "chip": c.name.decode(), "compute_units": c.compute_units,
        "vgprs_per_simd": c.vgprs_per_simd,
        "vgpr_alloc_granule": c.vgpr_alloc_granule, "lds_bytes": c.lds_bytes,
        "largest": c.largest.contents.key.decode() if c.largest else None,
        "traits": _traits(lib, c.arch), "parts": parts,
    }
