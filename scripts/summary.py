#!/usr/bin/env python3
"""Prints the main job's summary: one row per block with what co-simulation
checked (build/logs/cosim-*.log, written by the main-cosim-* targets and by
make test) and what synthesis measured (build/reports/synth.json, written by
make synth), then the papers' overhead deltas.

A block's co-simulation rows are its harness groups: the block itself, its
small wrapper (<block>_small) and its full size (<block>-full). Its synthesis
figures are those of its default configuration (the first line of its top in
synth/configs.tsv). Nothing here is computed: every figure is read from a
log or a report, and a missing one prints as "-".
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUMMARY_RE = re.compile(r"^SUMMARY (\S+): (\d+) cycles checked, (\d+) mismatch\w*, (\d+)/(\d+) bins hit")


def cosim_rows(tops=()):
    """Per block, (size, SUMMARY match, group) of each co-simulation log. A
    group is its block's top (the longest synthesized top it starts with)
    plus a variant and size: `fiber_busy_bitmap_latch_small` is the bitmap's
    `latch small` row."""
    rows = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "build", "logs", "cosim-*.log"))):
        last = None
        for line in open(path, errors="replace"):
            m = SUMMARY_RE.match(line)
            if m:
                last = m
        group = os.path.basename(path)[len("cosim-"):-len(".log")]
        known = [t for t in tops if group == t or group.startswith(t + "_") or group.startswith(t + "-")]
        if known:
            block = max(known, key=len)
            rest = group[len(block):].strip("_-").replace("_", " ").replace("-", " ")
            size = rest or "default"
        else:
            block = re.sub(r"(_small)?(-full)?$", "", group)
            size = "full" if group.endswith("-full") else ("small" if "_small" in group else "default")
        rows.setdefault(block, []).append((size, last, group))
    return rows


BY_NAME = {}


def synth_defaults():
    path = os.path.join(ROOT, "build", "reports", "synth.json")
    if not os.path.exists(path):
        return {}, {}, {}, []
    d = json.load(open(path))
    first = {}
    for c in d.get("configs", []):
        first.setdefault(c["top"], c)
        BY_NAME[c["name"]] = c
    composed = [c for c in first.values() if c.get("status") == "ok" and c.get("hier")]
    return first, d.get("deltas", {}), d.get("comparison", {}), composed


def composed_line(c):
    """A bottom-up configuration: its glue and each child's share."""
    h = c["hier"]
    parts = [f"glue {h['glue']['ge']:,.0f}"]
    for k in h["children"]:
        n = f"{k['instances']} x " if k["instances"] != 1 else ""
        parts.append(f"{n}{k['config']} {k['ge']:,.0f}")
    fb = c.get("fanout_repair", {}).get("ge")
    if fb and "ge_mapped" in c:
        parts.append(f"fanout buffers {fb:,.0f}")
    return f"Bottom-up {c['name']}: {c['ge']:,.0f} GE = " + " + ".join(parts) + " GE"


def paper_note(tag, comparison):
    """The paper's own figure beside a delta, from synth.json's comparison."""
    tl, fb = comparison.get("tilelens", {}), comparison.get("fiber", {})
    if tag.startswith("tl-") and tl.get("paper_gates"):
        lo, hi = tl["paper_gates"]
        ge, mul = tl.get("measured_ge", {}).get(tag), tl.get("mul32_ge")
        ratio = (f", {ge / mul:.2f}x the 32x32 multiplier ({mul:,.0f} GE, its yardstick)"
                 if ge and mul else "")
        return f"; the paper: about {lo / 1000:g}-{hi / 1000:g}K gates{ratio}"
    if tag in fb and "asap7_ge_mm2" in fb[tag]:
        return (f" = {fb[tag]['asap7_ge_mm2']:.4f} mm^2 at 7 nm (GE x ASAP7 NAND2x1); "
                f"the paper: {fb.get('paper_mm2_7nm')} mm^2 per SM at 7 nm")
    return ""


def power_lines(path=os.path.join("build", "reports", "power.json")):
    """One line per power run and per power delta (synth/power.py), the
    workload named; nothing when the power step has not run."""
    try:
        with open(path) as f:
            pw = json.load(f)
    except (OSError, ValueError):
        return []
    out = []
    for r in pw.get("runs", []):
        if r.get("status") != "ok":
            out.append(f"Power {r.get('name')}: {r.get('status')}")
            continue
        d = r["design"]
        out.append(f"Power {r['config']} under workload `{r['workload']}` ({r['cycles']:,} cycles): "
                   f"{r['energy_pj_per_cycle']:,.0f} pJ/cycle (internal {1e3 * d['internal']:.2f} mW, "
                   f"switching {1e3 * d['switching']:.2f}, leakage {1e3 * d['leakage']:.3f}, "
                   f"clock {100 * r['clock_share']:.0f}%; at {r['period_ns']:g} ns, {r['voltage']:g} V)")
    for x in pw.get("deltas", []):
        ratio = f"; FIBER/baseline {x['ratio']:.2f}x" if x.get("ratio") else ""
        out.append(f"Power delta {x['tag']} under `{x['workload']}`: "
                   f"{x['energy_pj_per_cycle']:,.0f} pJ/cycle{ratio}")
    return out


def cpu_lines(cpu_dir=os.path.join(ROOT, "build", "logs", "cpu"),
              out=os.path.join(ROOT, "build", "reports", "make_cpu.md")):
    """Where the main job's CPU goes (scripts/cpu_step.py records each
    step): one line here, the table per step in build/reports/make_cpu.md.
    Nothing when the job did not record its steps."""
    steps = {}
    for path in glob.glob(os.path.join(cpu_dir, "*.json")):
        try:
            r = json.load(open(path))
        except (OSError, ValueError):
            continue
        steps[r["step"]] = r
    main = steps.pop("main", None)
    if not main:
        return []
    cpu = {k: v["user_s"] + v["sys_s"] for k, v in steps.items()}
    total = main["user_s"] + main["sys_s"]
    groups = [("synthesis", [k for k in cpu if k == "synth"]),
              ("co-simulation (harness builds and runs)", [k for k in cpu if k.startswith("cosim-")]),
              ("power", [k for k in cpu if k == "power"])]
    rest = total - sum(cpu.values())
    parts = [f"{g} {sum(cpu[k] for k in ks):,.0f}" for g, ks in groups if ks]
    parts.append(f"libraries, harnesses built outside a step and make {rest:,.0f}")
    rows = sorted(cpu.items(), key=lambda kv: -kv[1])
    with open(out, "w") as f:
        f.write("# Where the main job's CPU goes\n\n"
                "CPU seconds (user + sys, the step and every process it waited for, as "
                "`/usr/bin/time -v` counts them) of each step of this `make`, recorded by "
                "scripts/cpu_step.py; a co-simulation step includes the build of its harness "
                "when that step built it. Wall seconds depend on what ran beside it.\n\n"
                "| Step | CPU s | Share | Wall s |\n|---|---:|---:|---:|\n")
        for k, c in rows:
            f.write(f"| {k} | {c:,.1f} | {100 * c / total:.0f}% | {steps[k]['wall_s']:,.0f} |\n")
        f.write(f"| the rest: libraries, harnesses built outside a step, make | {rest:,.1f} | "
                f"{100 * rest / total:.0f}% | |\n")
        f.write(f"| **main job** | **{total:,.1f}** | 100% | {main['wall_s']:,.0f} |\n")
    return [f"CPU of this make: {total:,.0f} s user + sys ({main['user_s']:,.0f} + {main['sys_s']:,.0f}), "
            f"{main['wall_s'] / 60:.1f} min wall: " + ", ".join(parts) + " (per step: build/reports/make_cpu.md)"]


def clock_text(c):
    """The row's clock target met or missed, or why it has none."""
    ck = c.get("clock")
    if ck:
        return (f"meets its {ck['target_fo4']:g} FO4 clock" if ck.get("met") else
                f"misses its {ck['target_fo4']:g} FO4 clock by {-ck['slack_ns']:.2f} ns")
    if c.get("flops") == 0:
        return "combinational, mapped for area (no clock target)"
    return "mapped for area (no clock target)"


def path_text(c):
    """The worst path, and against the row's clock target met or missed."""
    cp = c.get("critical")
    if not cp:
        return "-"
    return f"{cp['ns']:.2f} ns, {cp['fo4']:.1f} FO4, " + clock_text(c)


def delta_path(tot):
    """A delta's worst path: its slowest term and that row's clock."""
    blk = tot.get("worst_block")
    if not blk or tot.get("worst_fo4") is None:
        return ""
    c = BY_NAME.get(blk, {})
    return f"; worst path {tot['worst_fo4']:.1f} FO4 in {blk}" + (f", {clock_text(c)}" if c else "")


def fmt_int(v):
    return f"{v:,}" if isinstance(v, int) else "-"


def main():
    syn, deltas, comparison, composed = synth_defaults()
    cos = cosim_rows(syn.keys())
    blocks = sorted(set(cos) | set(syn), key=lambda b: (not b.startswith("tilelens"), b))
    print()
    print("== Summary ==")
    print()
    print("| Block | Co-simulation (size: cycles checked, mismatches, bins) | GE | Flops | Critical path |")
    print("|---|---|---:|---:|---|")
    total_cycles = total_mis = 0
    failed = False
    for b in blocks:
        parts = []
        for size, m, group in cos.get(b, []):
            if m is None:
                parts.append(f"{size}: no SUMMARY line (build/logs/cosim-{group}.log)")
                failed = True
                continue
            cyc, mis = int(m.group(2)), int(m.group(3))
            total_cycles += cyc
            total_mis += mis
            failed |= mis != 0
            parts.append(f"{size}: {cyc:,}, {mis}, {m.group(4)}/{m.group(5)}")
        c = syn.get(b)
        if c and c.get("status") == "ok":
            ge = f"{c['ge']:,.0f}"
            flops = fmt_int(c.get("flops"))
            path = path_text(c)
        else:
            ge = flops = "-"
            path = (c or {}).get("error", "not in synth/configs.tsv") if c else "not in synth/configs.tsv"
        print(f"| {b} | {'; '.join(parts) or '-'} | {ge} | {flops} | {path} |")
    print()
    print(f"Co-simulation: {total_cycles:,} cycles checked, {total_mis} mismatches.")
    for c in composed:
        print(composed_line(c))
    for tag, dl in deltas.items():
        tot = dl.get("total")
        if isinstance(tot, dict) and isinstance(tot.get("ge"), (int, float)):
            val = f"{tot['ge']:,.0f} GE" + delta_path(tot) + paper_note(tag, comparison)
        else:
            miss = ", ".join(dl.get("missing", [])) or "no terms"
            where = "in make synth-all, not in the main set" if dl.get("set") == "all" else "incomplete"
            val = f"{where} ({miss})"
        print(f"Delta {tag} ({dl.get('title', '')}): {val}")
    for line in power_lines():
        print(line)
    for line in cpu_lines():
        print(line)
    if syn:
        print("Full reports: build/reports/synth.md, build/reports/synth.json, build/reports/synth_area.svg")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
