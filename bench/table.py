"""The benchmarks' tables: aligned columns, or Markdown (--markdown)."""
import os
import re
import sys


def print_table(head, rows, markdown=False):
    """Prints rows (lists of strings) under head."""
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for r in rows:
            print("| " + " | ".join(r) + " |")
        return
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)))
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)))


def dram_estimate(counters, written=False):
    """The emulator's DRAM estimate (its L2 model per launch,
    docs/emulator-traffic.md): bytes read, plus written with `written`;
    None when a launch was not modelled (no L2 for the chip)."""
    if counters.get("dram_est_unmodelled_launches", 1):
        return None
    return counters["dram_est_bytes_read"] + (
        counters["dram_est_bytes_written"] if written else 0)


def vs_min(value, minimum, digits=2):
    """value / minimum as "1.02x", or "n/a" without a value."""
    if value is None or not minimum:
        return "n/a"
    return f"{value / minimum:.{digits}f}x"


def launch_waves(manifest):
    """The most waves one of a manifest's launches starts (launches run one
    after another) and each launch's template, with its split: "decode
    split 32 x 2 wgs, 16 tiles" (K across 32 waves of 2 workgroups per
    column block of 16 tiles; then its "decode combine"), "decode_attention 16 waves x 6 wgs"
    (the keys across 16 waves of each of 6 workgroups per KV sequence)."""
    waves, templates = 0, []
    for launch in manifest.get("launches", [manifest]):
        grid = launch["grid"] if isinstance(launch["grid"], list) else [1, 1, 1]
        n = 1
        for g in grid:
            n *= g
        waves = max(waves, n * launch["block"][0] // 32)
        sched = launch.get("schedule") or ""
        t = re.search(r'template = "([a-z_]+)"', sched)
        w = re.search(r"waves = \[(\d+), (\d+)\]", sched)
        p = re.search(r"wave_tile = \[(\d+), (\d+)\]", sched)
        name = t.group(1) if t else "?"
        if name == "decode" and templates and templates[0].startswith("decode"):
            name += " combine"  # the second launch of a split across workgroups
        elif name == "decode" and w:
            parts = grid[1] if len(grid) > 1 else 1
            name += f" split {w.group(1)}" + (f" x {parts} wgs" if parts > 1 else "")
            if p:
                name += f", {p.group(2)} tiles"
        elif name == "decode_attention" and w and p:
            name += (f" {w.group(1)} waves x {p.group(2)} wgs" if w.group(1) != "1"
                     else " merge")
        templates.append(name)
    return waves, ", ".join(templates)


def llm_parser(doc, chips="gfx1100,gfx1201"):
    """The LLM benchmarks' common options: --build, --chips, --markdown."""
    import argparse
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(root, "build"))
    ap.add_argument("--chips", default=chips)
    ap.add_argument("--markdown", action="store_true")
    return ap


def llm_wmma(args):
    """The wmma package of the build the options name."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.environ.setdefault("WMMA_BUILD_DIR", args.build)
    sys.path.insert(0, os.path.join(root, "python"))
    import wmma
    return wmma


def llm_measure(wmma, chip, source, minimum, per_bytes):
    """Compiles source for chip and runs it on the emulator (seeded random
    inputs): global bytes loaded against minimum, the most waves per CU of
    the chip's largest part one launch starts, wave instructions per
    per_bytes (the weights, or K and V)."""
    compiled = wmma.compile(source, chip, emit="llvm")
    manifest = compiled.manifest
    inputs = wmma.random_inputs(manifest, seed=1)
    _, counters = wmma.run(source, chip, inputs, stats=True)
    cus = wmma.chip_info(chip)["compute_units"]
    waves, templates = launch_waves(manifest)
    return dict(templates=templates, loaded=counters["global_bytes_loaded"],
                dram_read=dram_estimate(counters), minimum=minimum, waves_per_cu=waves / cus,
                per_byte=counters["wave_instructions"] / per_bytes, cus=cus,
                instructions=counters["wave_instructions"])


LLM_HEAD = ["chip", "template", "global bytes loaded", "minimum", "ratio",
            "DRAM est. vs min", "waves / CU"]


def llm_row(label, chip, r, digits=3):
    """A row under [label] + LLM_HEAD + [instructions per byte]."""
    return [label, chip, r["templates"], f"{r['loaded'] / 1e6:.3f} MB",
            f"{r['minimum'] / 1e6:.3f} MB",
            f"{r['loaded'] / r['minimum']:.{digits}f}x",
            vs_min(r["dram_read"], r["minimum"], digits),
            f"{r['waves_per_cu']:.1f} ({r['cus']} CUs)", f"{r['per_byte']:.3f}"]
