#!/usr/bin/env python3
"""Lints every parameter set of the synthesis table (synth/configs.tsv).

`make lint` checks each module at its defaults; a configuration row
elaborates the same module with other parameters (Booth=0, Rank=1,
WidePieces=0, ...), where a generate branch can leave a net undriven or a
bit unused that the defaults never show. This runs `verilator --lint-only
-Wall -G<NAME>=<VALUE>...` on the top of every row that has parameters
(each distinct top and parameter set once, the flow option ignored) with
the same sources the synthesis reads, and fails on any warning.

    lint_configs.py [--jobs N] [NAME...]   (default: every row with parameters)

One line per parameter set ("lint ok" / "LINT FAIL" with the first lines
of the warnings), then "SUMMARY lint-configs: N parameter sets, F with
warnings".
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "synth"))
import synth  # noqa: E402
import vdeps  # noqa: E402

INCLUDES = ["-Irtl/common", "-Irtl/tilelens", "-Irtl/fiber", "-Isynth/wrappers"]


def parameter_sets(configs, names=None):
    """(top, params, [row names]) for every distinct top and parameter set
    of the rows that have parameters, in table order."""
    sets = {}
    for c in configs:
        if names and c["name"] not in names:
            continue
        if not c["params"] and not names:
            continue
        key = (c["top"], tuple(c["params"]))
        sets.setdefault(key, []).append(c["name"])
    return [(top, params, rows) for (top, params), rows in sets.items()]


def lint_one(top, params, files):
    cmd = (["verilator", "--lint-only", "-Wall", "--top-module", top] + INCLUDES +
           [f"-G{k}={v}" for k, v in params] + files)
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    return (p.stdout + p.stderr).strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("names", nargs="*", help="configuration names (default: every row with parameters)")
    args = ap.parse_args()
    configs, _ = synth.read_table()
    modules, dup, words = vdeps.scan_sources(ROOT)
    todo = []
    for top, params, rows in parameter_sets(configs, set(args.names) or None):
        files = vdeps.source_closure(top, modules, dup, words)
        if files is None:
            continue   # a module with no source yet: the table says "not yet built"
        todo.append((top, params, rows, files))
    fail = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        outs = ex.map(lambda t: lint_one(t[0], t[1], t[3]), todo)
        for (top, params, rows, _), out in zip(todo, outs):
            what = f"{top} {','.join(f'{k}={v}' for k, v in params) or 'defaults'} ({', '.join(rows)})"
            if out:
                fail += 1
                print(f"LINT FAIL {what}")
                for line in out.splitlines()[:12]:
                    print(f"    {line}")
            else:
                print(f"lint ok   {what}")
    print(f"SUMMARY lint-configs: {len(todo)} parameter sets, {fail} with warnings")
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
