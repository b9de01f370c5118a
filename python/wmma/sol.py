"""speed_of_light(): the speed-of-light model (lib/Layout/SpeedOfLight.c,
docs/speed-of-light/model.md) on a set of counters -- the emulator's, as
run(..., stats=True) returns them, or a hand-made dict of the same keys --
the kernel's ISA resources and a product (SKU)."""

import ctypes

from . import _lib
from ._errors import WmmaError

_BOUND_KEYS = ("simd", "lds", "dram", "latency")
_COUNTER_KEYS = ("valu_instructions", "lds_instructions", "lds_bytes_read",
                 "lds_bytes_written", "lds_bank_conflicts", "global_instructions",
                 "global_bytes_loaded", "global_bytes_stored", "dram_bytes", "barriers",
                 "workgroups", "waves")

_DRAM_ESTIMATE_KEYS = ("dram_est_bytes_read", "dram_est_bytes_written",
                       "dram_est_unmodelled_launches")


def _sku(lib, chip, sku):
    if sku is not None:
        s = lib.wmma_sku_get(sku.encode())
        if not s:
            raise WmmaError("unknown SKU '%s'" % sku)
        if chip is not None and s.contents.chip.decode() != chip:
            raise WmmaError("SKU '%s' is a %s, not a %s"
                            % (sku, s.contents.chip.decode(), chip))
        return s
    c = lib.wmma_chip_get((chip or "").encode())
    if not c:
        raise WmmaError("unknown chip '%s'; supported chips: %s"
                        % (chip, lib.wmma_supported_chips().decode()))
    if not c.contents.largest:
        raise WmmaError("%s has no part with published limits" % chip)
    return c.contents.largest


def _counters(lib, counters, dram_bytes):
    """The dict as the emulator's counters (EmuStats), converted by the C
    API as wmma-run converts them (ds_bpermute/ds_swizzle as LDS)."""
    st = _lib.EmuStats()
    for isa_name, n in (counters.get("wmma") or {}).items():
        i = lib.wmma_instr_lookup(isa_name.encode())
        if i < 0 or i >= _lib.INSTR_COUNT:
            raise WmmaError("unknown WMMA instruction '%s'" % isa_name)
        st.wmma[i] = int(n)
    for isa_name, n in (counters.get("swmmac") or {}).items():
        i = lib.wmma_sparse_lookup(isa_name.encode())
        if i < 0 or i >= _lib.SPARSE_COUNT:
            raise WmmaError("unknown sparse WMMA instruction '%s'" % isa_name)
        st.swmmac[i] = int(n)
    for k in _COUNTER_KEYS:
        if k != "dram_bytes":
            setattr(st, k, int(counters.get(k, 0)))
    # The emulator's DRAM estimate, when the counters have it, is the DRAM
    # term (dram_bytes otherwise).
    for k in _DRAM_ESTIMATE_KEYS:
        setattr(st, k, int(counters.get(k, 0)))
    for k, v in (counters.get("cross_lane") or {}).items():
        setattr(st, k, int(v))
    c = _lib.SolCounters()
    lib.wmma_sol_counters_from_stats(ctypes.byref(st), int(dram_bytes or 0),
                                     ctypes.byref(c))
    return c


def isa_resources(isa_text, kernel=None):
    """{"vgprs", "sgprs", "lds_bytes", "spills"} of `kernel` (None: the
    first) from the HSACO metadata of an ISA listing (compile(...,
    emit="isa").artifact); None if the listing has no such kernel."""
    lib = _lib.load()
    data = isa_text.encode() if isinstance(isa_text, str) else bytes(isa_text)
    i = _lib.SolIsa()
    if lib.wmma_isa_resources(data, len(data), kernel.encode() if kernel else None,
                              ctypes.byref(i)):
        return None
    return {k: getattr(i, k) for k in ("vgprs", "sgprs", "lds_bytes", "spills")}


def _at(lib, at):
    return {
        "clock_mhz": at.clock_mhz, "time_s": at.time,
        "bound": lib.wmma_sol_bound_name(ctypes.byref(at), at.dominant).decode(),
        "wmma_peak_pct": 100.0 * at.wmma_peak_fraction,
        "valu_busy_pct": 100.0 * at.valu_busy_fraction,
        "bounds_s": dict(zip(_BOUND_KEYS, list(at.seconds))),
        "wmma_s": at.wmma_seconds, "valu_s": at.valu_seconds,
    }


def speed_of_light(counters, chip=None, sku=None, isa=None, dram_bytes=0):
    """The model on `counters` (a dict as run(stats=True) returns: "wmma"
    {isa_name: count}, valu_instructions, lds_/global_ instructions and
    bytes, lds_bank_conflicts, cross_lane, workgroups, waves; absent keys
    are 0) for product `sku` (a key such as "rx7900xtx"), default the
    largest part of `chip`.  isa: {"vgprs", "sgprs", "lds_bytes", "spills"}
    (None: unknown, no VGPR limit).  dram_bytes: the bytes DRAM must move,
    used when the counters have no DRAM estimate of the emulator's L2 model
    (dram_est_bytes_read/_written, docs/emulator-traffic.md), which takes
    precedence (0 and no estimate: the global bytes counted).  Returns a dict: sku, product, occupancy,
    occupancy_limit, waves_per_workgroup, busiest_simd_waves, quantisation,
    wmma_ops, boost and sustained ({clock_mhz, time_s, bound, wmma_peak_pct, valu_busy_pct,
    bounds_s {simd, lds, dram, latency}, wmma_s, valu_s}), text (the lines
    wmma-run --stats prints).  Raises WmmaError when the model cannot run."""
    lib = _lib.load()
    s = _sku(lib, chip, sku)
    r = _model(lib, s, counters, isa, dram_bytes)
    return _result(lib, s, r)


def _model(lib, s, counters, isa, dram_bytes):
    """The C model's wmma_sol_result on the counters dict."""
    c = _counters(lib, counters, dram_bytes)
    i = _lib.SolIsa()
    for k in ("vgprs", "sgprs", "lds_bytes", "spills"):
        setattr(i, k, int((isa or {}).get(k, 0)))
    r = _lib.SolResult()
    why = ctypes.create_string_buffer(256)
    if lib.wmma_speed_of_light(ctypes.byref(c), ctypes.byref(i), s, ctypes.byref(r),
                               why, len(why)):
        raise WmmaError("speed of light: %s" % why.value.decode())
    return r


def _result(lib, s, r):
    cap = lib.wmma_sol_format(ctypes.byref(r), None, 0) + 1
    text = ctypes.create_string_buffer(cap)
    lib.wmma_sol_format(ctypes.byref(r), text, cap)
    return {
        "sku": s.contents.key.decode(), "product": s.contents.product.decode(),
        "occupancy": r.occupancy, "occupancy_limit": r.occupancy_limit.decode(),
        "waves_per_workgroup": r.waves_per_workgroup,
        "busiest_simd_waves": r.busiest_simd_waves, "quantisation": r.quantisation,
        "wmma_ops": r.wmma_ops, "boost": _at(lib, r.boost),
        "sustained": _at(lib, r.sustained), "text": text.value.decode(),
    }


def program_speed_of_light(launches, chip=None, sku=None, isas=None):
    """The model on a program: `launches` the counters of each launch in
    order (dicts as run(stats=True)'s counters["launches"] lists them, a
    launch run several times summed into one; a launch with no waves did
    not run), isas each launch's ISA resources (None: unknown), DRAM from
    each launch's L2 estimate (else its global bytes).  The launches run
    one after another, so the program's time is the sum of their bounds.
    Returns a dict: sku, product, boost and sustained ({clock_mhz, time_s,
    wmma_peak_pct, valu_busy_pct, slowest_launch}), launches (each launch's dict as
    speed_of_light returns it, None if it did not run), text (the model's
    lines as wmma-run --stats prints them, without its ISA line).  Raises
    WmmaError when the model cannot run."""
    lib = _lib.load()
    s = _sku(lib, chip, sku)
    n = len(launches)
    if not n:
        raise WmmaError("speed of light: a program needs at least one launch")
    results = (_lib.SolResult * n)()
    modelled = (ctypes.c_int * n)()
    names = (ctypes.c_char_p * n)()
    dicts = []
    for i, counters in enumerate(launches):
        names[i] = str(counters.get("kernel", "?")).encode()
        if not int(counters.get("waves", 0)):
            dicts.append(None)
            continue
        isa = (isas or [None] * n)[i]
        try:
            results[i] = _model(lib, s, counters, isa, 0)
        except WmmaError as e:
            raise WmmaError("speed of light: launch %d (%s): %s"
                            % (i, names[i].decode(), e)) from None
        modelled[i] = 1
        d = _result(lib, s, results[i])
        d["isa"] = isa
        dicts.append(d)
    p = _lib.SolProgramResult()
    if lib.wmma_sol_program(results, modelled, n, ctypes.byref(p)):
        raise WmmaError("speed of light: no launch of the program ran")
    cap = lib.wmma_sol_program_format(ctypes.byref(p), results, modelled, names,
                                      None, 0) + 1
    text = ctypes.create_string_buffer(cap)
    lib.wmma_sol_program_format(ctypes.byref(p), results, modelled, names, text, cap)

    def at(a):
        return {"clock_mhz": a.clock_mhz, "time_s": a.time,
                "wmma_peak_pct": 100.0 * a.wmma_peak_fraction,
                "valu_busy_pct": 100.0 * a.valu_busy_fraction,
                "slowest_launch": a.slowest}
    return {"sku": s.contents.key.decode(), "product": s.contents.product.decode(),
            "boost": at(p.boost), "sustained": at(p.sustained), "launches": dicts,
            "text": text.value.decode()}
