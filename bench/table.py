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
