#!/usr/bin/env python3
"""Runs the formal proofs of formal/<paper>/<block>.ys and their mutation checks.

One module per job, each readable and tested alone (formal/test_prove.py):

    prove_header.py    a script's header: `# requires:`, `# proof:`,
                       `# equiv-top:` lines -> Proof objects; select, missing
    prove_netlist.py   the generated proof RTL = mapped netlist (kind=netlist)
    prove_engines.py   one proof run: Yosys sections, smtbmc and sat covers
                       (rtlil_covers.py), ABC dprove/dsat
    prove_report.py    build/reports/formal.md
    prove_mutate.py    the mutation check of formal/mutants.tsv
    prove.py           this command line

One line per proof:

    PROVED|FAILED|SKIPPED <paper>/<block>.<label> <seconds>s

SKIPPED when a required file does not exist: a skipped proof counts as
failed (the run exits 1), so a deleted design file cannot shrink a run into
a pass. Last line: `SUMMARY formal: N proved, M failed`. `prove.py mutate`
prints `KILLED|SURVIVED|SKIPPED <proof> <mutant> <seconds>s`, last line
`SUMMARY formal-mutate: N killed, M survived`.

Usage: prove.py run [--group fast|full|all] [--jobs N] [PROOF-PREFIX ...]
       prove.py mutate [--jobs N] [PROOF-PREFIX ...]
       prove.py list
"""
import argparse
import concurrent.futures as cf
import os
import sys

from prove_engines import run_proof
from prove_header import ROOT, load, missing, select
from prove_mutate import cmd_mutate
from prove_report import write_report


def cmd_run(args):
    proofs = select(load(), args.proofs)
    if args.group != "all":
        proofs = [p for p in proofs if p.group == args.group]
    if not proofs:
        print(f"no proof selected by --group {args.group} {' '.join(args.proofs)}")
        print("SUMMARY formal: 0 proved, 1 failed")
        return 1
    results = {}
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(run_proof, p): p for p in proofs}
        for fut in cf.as_completed(futs):
            p = futs[fut]
            st, secs, detail = fut.result()
            results[p.name] = (st, secs, detail)
            line = f"{st:8s} {p.name:48s} {secs:8.1f}s"
            if detail and st != "PROVED":
                line += f"  ({detail})"
            elif detail:
                line += f"  {detail}"
            print(line, flush=True)
    n_ok = sum(1 for v in results.values() if v[0] == "PROVED")
    n_bad = sum(1 for v in results.values() if v[0] != "PROVED")
    n_skip = sum(1 for v in results.values() if v[0] == "SKIPPED")
    if n_skip:
        print(f"{n_skip} proof(s) skipped, a required file missing: counted as failed")
    write_report(proofs, results, args.group)
    print(f"SUMMARY formal: {n_ok} proved, {n_bad} failed")
    return 1 if n_bad else 0


def cmd_list(_args):
    for p in load():
        extra = f" depth={p.depth}" if p.is_cover else ""
        miss = " (RTL missing)" if missing(p) else ""
        print(f"{p.name:48s} {p.group}{extra}{miss}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--group", default="all", choices=["fast", "full", "all"])
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("proofs", nargs="*")
    m = sub.add_parser("mutate")
    m.add_argument("--jobs", type=int, default=1)
    m.add_argument("proofs", nargs="*")
    sub.add_parser("list")
    args = ap.parse_args()
    os.chdir(ROOT)
    return {"run": cmd_run, "mutate": cmd_mutate, "list": cmd_list}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
