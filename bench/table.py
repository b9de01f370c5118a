"""The benchmarks' tables: aligned columns, or Markdown (--markdown)."""
import re


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


def launch_waves(manifest, split_template):
    """The waves a manifest's launches start in all, and each launch's
    template ("decode split 32" for split_template, whose waves split K)."""
    waves, templates = 0, []
    for launch in manifest.get("launches", [manifest]):
        grid = launch["grid"] if isinstance(launch["grid"], list) else [1, 1, 1]
        n = 1
        for g in grid:
            n *= g
        waves += n * launch["block"][0] // 32
        sched = launch.get("schedule") or ""
        t = re.search(r'template = "([a-z_]+)"', sched)
        w = re.search(r"waves = \[(\d+), (\d+)\]", sched)
        split = t and t.group(1) == split_template and w
        templates.append(f"{t.group(1) if t else '?'}"
                         f"{' split ' + w.group(1) if split else ''}")
    return waves, ", ".join(templates)
