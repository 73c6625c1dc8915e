#!/usr/bin/env python3
"""Measures ABC scripts against each other: synthesis (Yosys only, no STA)
of chosen configurations with a named script from flow.ABC_SCRIPTS, the
run time and the area, kept in build/abc_compare/results.json.

    abc_compare.py run --script NAME CONFIG...   one run per configuration, in turn
    abc_compare.py table [--base NAME] [--new NAME]  markdown table of what is recorded

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
    lib = flow.parse_liberty(flow.find_liberty())
    modules, dup, words = flow.scan_sources(ROOT)
    for name in args.configs:
        c = dict(by_name[name], abc=args.script)
        files = flow.source_closure(c["top"], modules, dup, words)
        outdir = os.path.join(OUT, args.script, name)
        load_before = os.getloadavg()[0]
        t0 = time.time()
        rec = flow.run_config(c, ROOT, files, lib, None, outdir, args.timeout, "abc_compare",
                              sta=False)
        entry = {"status": rec["status"], "error": rec.get("error"),
                 "ge": rec.get("ge"), "area_um2": rec.get("area_um2"),
                 "cells": rec.get("cells"), "flops": rec.get("flops"),
                 "yosys_cpu_s": rec.get("yosys_cpu_s"), "yosys_s": rec.get("yosys_s"),
                 "abc_s": abc_seconds(os.path.join(outdir, "yosys.log")),
                 "load": round(load_before, 2),
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
    d = load()
    a, b = d.get(args.base, {}), d.get(args.new, {})
    names = [c["name"] for c in synth.read_table()[0] if c["name"] in a or c["name"] in b]
    print(f"| configuration | {args.base} GE | {args.new} GE | area change | "
          f"{args.base} Yosys CPU s (ABC s) | {args.new} Yosys CPU s (ABC s) |")
    print("|---|---:|---:|---:|---:|---:|")

    def t(e):
        if not e:
            return "-"
        if e["status"] != "ok":
            return e["status"]
        return f"{e['yosys_cpu_s']:.1f} ({e['abc_s']})"

    for n in names:
        ea, eb = a.get(n), b.get(n)
        ga = ea["ge"] if ea and ea["status"] == "ok" else None
        gb = eb["ge"] if eb and eb["status"] == "ok" else None
        ch = (f"{100.0 * (eb['area_um2'] - ea['area_um2']) / ea['area_um2']:+.2f}%"
              if ga and gb else "-")
        print(f"| {n} | {'-' if ga is None else f'{ga:,.1f}'} | "
              f"{'-' if gb is None else f'{gb:,.1f}'} | {ch} | {t(ea)} | {t(eb)} |")
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
    p.add_argument("--base", default="yosys-default")
    p.add_argument("--new", default=flow.ABC_SCRIPT)
    args = ap.parse_args()
    os.chdir(ROOT)
    return cmd_run(args) if args.cmd == "run" else cmd_table(args)


if __name__ == "__main__":
    sys.exit(main())
