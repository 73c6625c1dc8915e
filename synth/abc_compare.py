#!/usr/bin/env python3
"""Measures ABC scripts against each other: synthesis (Yosys only, no STA)
of chosen configurations with a named script from flow.ABC_SCRIPTS, the
run time and the area, kept in build/abc_compare/results.json.

    abc_compare.py run --script NAME CONFIG...   one run per configuration, in turn
    abc_compare.py table [SCRIPT...]             markdown table of what is recorded
    abc_compare.py runtimes [--script NAME]      synth/runtimes.json from the recorded
                                                 Yosys CPU times (the run order of a fresh
                                                 checkout), merged with what it holds

Run it with nice on a shared machine; it runs one configuration at a time so
that the CPU times compare. Results of synth/abc_scripts.md come from here.
"""
import argparse
import json
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import flow    # noqa: E402
import liberty  # noqa: E402
import tools   # noqa: E402
import vdeps   # noqa: E402
import synth   # noqa: E402

ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "build", "abc_compare")
RESULTS = os.path.join(OUT, "results.json")


def load():
    try:
        return json.load(open(RESULTS))
    except (OSError, ValueError):
        return {}


def abc_seconds(log):
    """ABC's share from Yosys' closing time profile ("NN% Kx abc (S sec)")."""
    try:
        text = open(log, errors="replace").read()
    except OSError:
        return None
    m = re.search(r"^Time spent:.*?(\d+)% \d+x abc \((\d+) sec\)", text, re.M)
    return int(m.group(2)) if m else None


def cmd_run(args):
    configs, _ = synth.read_table()
    by_name = {c["name"]: c for c in configs}
    unknown = [n for n in args.configs if n not in by_name]
    if unknown:
        sys.exit("unknown configuration(s): " + ", ".join(unknown))
    if args.script not in flow.ABC_SCRIPTS:
        sys.exit("unknown script; known: " + ", ".join(flow.ABC_SCRIPTS))
    lib = liberty.parse_liberty(liberty.find_liberty())
    modules, dup, words = vdeps.scan_sources(ROOT)
    for name in args.configs:
        c = dict(by_name[name], abc=args.script)
        files = vdeps.source_closure(c["top"], modules, dup, words)
        outdir = os.path.join(OUT, args.script, name)
        load_before = os.getloadavg()[0]
        t0 = time.time()
        rec = flow.run_config(c, ROOT, files, lib, None, outdir, args.timeout, "abc_compare",
                              sta=False)
        entry = {"status": rec["status"], "error": rec.get("error"),
                 # the mapped cells alone, as abc_scripts.md's tables (the
                 # flow's ge also counts the fanout trees added after ABC)
                 "ge": rec.get("ge_mapped", rec.get("ge")), "ge_with_buffers": rec.get("ge"),
                 "area_um2": rec.get("area_um2"),
                 "cells": rec.get("cells"), "flops": rec.get("flops"),
                 "yosys_cpu_s": rec.get("yosys_cpu_s"), "yosys_s": rec.get("yosys_s"),
                 "abc_s": abc_seconds(os.path.join(outdir, "yosys.log")),
                 "load": round(load_before, 2),
                 "sources": {f: tools.file_hash(os.path.join(ROOT, f))[:12] for f in files},
                 "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t0))}
        d = load()
        d.setdefault(args.script, {})[name] = entry
        os.makedirs(OUT, exist_ok=True)
        with open(RESULTS + ".tmp", "w") as f:
            json.dump(d, f, indent=1, sort_keys=True)
        os.replace(RESULTS + ".tmp", RESULTS)
        print(f"{args.script:<14} {name:<34} {entry['status']:<7} "
              f"{entry['ge'] if entry['ge'] is not None else '-':>10} GE "
              f"{entry['yosys_cpu_s'] or 0:8.1f} s CPU {entry['yosys_s'] or 0:8.1f} s wall "
              f"abc {entry['abc_s']} s  load {entry['load']}", flush=True)
    return 0


def cmd_table(args):
    """One row per configuration: GE and Yosys CPU seconds (ABC's share) of
    each script; area change of each script against the first."""
    d = load()
    scripts = args.scripts
    base = scripts[0]
    names = [c["name"] for c in synth.read_table()[0] if any(c["name"] in d.get(s, {})
                                                              for s in scripts)]
    head = ["configuration"]
    for s in scripts:
        head += [f"{s} GE"] + ([] if s == base else [f"{s} vs {base}"])
    head += [f"{s} CPU s (ABC s)" for s in scripts]
    print("| " + " | ".join(head) + " |")
    print("|---|" + "---:|" * (len(head) - 1))

    def ok(e):
        return e if e and e["status"] == "ok" else None

    for n in names:
        eb = ok(d.get(base, {}).get(n))
        cells = [n]
        for s in scripts:
            e = ok(d.get(s, {}).get(n))
            raw = d.get(s, {}).get(n)
            cells.append(f"{e['ge']:,.1f}" if e else (raw["status"] if raw else "-"))
            if s != base:
                cells.append(f"{100.0 * (e['area_um2'] - eb['area_um2']) / eb['area_um2']:+.2f}%"
                             if e and eb else "-")
        for s in scripts:
            e = d.get(s, {}).get(n)
            cells.append("-" if not e else (f"{e['yosys_cpu_s']:.1f} ({e['abc_s']})"
                                            if e["status"] == "ok" else e["status"]))
        print("| " + " | ".join(cells) + " |")
    return 0


def cmd_runtimes(args):
    d = load().get(args.script, {})
    path = os.path.join(HERE, "runtimes.json")
    try:
        old = json.load(open(path)).get("yosys_s", {})
    except (OSError, ValueError):
        old = {}
    new = dict(old)
    new.update({n: e["yosys_cpu_s"] for n, e in d.items() if e["status"] == "ok"})
    with open(path, "w") as f:
        json.dump({"note": "Yosys CPU seconds per configuration with the flow's ABC script, "
                           f"{args.script}, measured by synth/abc_compare.py; synth.py runs "
                           "the longest first when it has no result of its own yet.",
                   "yosys_s": dict(sorted(new.items()))}, f, indent=1)
        f.write("\n")
    print(f"wrote {os.path.relpath(path, ROOT)}: {len(new)} configurations")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run")
    p.add_argument("--script", required=True)
    p.add_argument("--timeout", type=int, default=3600)
    p.add_argument("configs", nargs="+")
    p = sub.add_parser("table")
    p.add_argument("scripts", nargs="*", default=["yosys-default", flow.ABC_SCRIPT],
                   help="the first is the reference of the area change")
    p = sub.add_parser("runtimes")
    p.add_argument("--script", default=flow.ABC_SCRIPT)
    args = ap.parse_args()
    os.chdir(ROOT)
    return {"run": cmd_run, "table": cmd_table, "runtimes": cmd_runtimes}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
