"""The mutation check (`prove.py mutate`; formal/prove.py).

formal/mutants.tsv lists, per proof, deliberate bugs (a literal text
replacement in one file; columns proof, file, find, replace, note). Each
runs the proof in a private copy of the tree under build/formal/mut/ (rtl/
copied and broken, formal/ linked) and must FAIL; a netlist mutant (file
`@netlist`) runs the proof up to the sub-label `<label>_check`, breaks the
netlist it wrote, and runs the rest. Every kind=netlist proof without an
@netlist line of its own gets one: the first AND gate of its netlist turned
into OR. Lines: `KILLED|SURVIVED|SKIPPED <proof> <mutant> <seconds>s` (a
SKIPPED mutant counts as survived), last line
`SUMMARY formal-mutate: N killed, M survived`.

Public: load_mutants(), run_mutant(), cmd_mutate(args).
"""
import concurrent.futures as cf
import os
import re
import shutil
import sys

from prove_engines import apply_mutant, run_proof
from prove_header import FORMAL, ROOT, load, missing, select

DEFAULT_NETLIST_MUTANT = "one AND gate of the mapped netlist turned into OR"


def load_mutants(path=os.path.join(FORMAL, "mutants.tsv")):
    """The lines of formal/mutants.tsv as (proof, file, find, replace, note)."""
    muts = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.rstrip("\n").split("\t")
        if len(cols) != 5:
            sys.exit(f"mutants.tsv: 5 tab-separated columns expected: {line!r}")
        muts.append(tuple(cols))   # proof, file, find, replace, note
    return muts


def make_mut_root(tag, file, find, repl):
    root = os.path.join(ROOT, "build", "formal", "mut", tag)
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    shutil.copytree(os.path.join(ROOT, "rtl"), os.path.join(root, "rtl"))
    os.symlink(FORMAL, os.path.join(root, "formal"))
    if file != "@netlist":
        apply_mutant(os.path.join(root, file), find, repl)
    return root


def run_mutant(p, idx, mut):
    _, file, find, repl, note = mut
    if missing(p):
        return "SKIPPED", 0.0
    tag = f"{p.block}.{p.label}.{idx}"
    try:
        root = make_mut_root(tag, file, find, repl)
        st, secs, detail = run_proof(p, root, mutate=(file, find, repl) if file == "@netlist" else None)
    except RuntimeError as e:
        return "ERROR: " + str(e), 0.0
    if st == "FAILED":
        # only a failed proof counts, not a script that broke for another reason
        if re.search(r"proof did fail|unproven|smtbmc|abc: proof did fail", detail):
            return "KILLED", secs
        return "ERROR (" + detail + ")", secs
    if st == "PROVED":
        return "SURVIVED", secs
    return st, secs


def cmd_mutate(args):
    proofs = {p.name: p for p in load()}
    muts = load_mutants()
    # the default netlist mutant of every kind=netlist proof without an
    # @netlist line of its own
    own = {m[0] for m in muts if m[1] == "@netlist"}
    muts = muts + [(n, "@netlist", " & ", " | ", DEFAULT_NETLIST_MUTANT)
                   for n, p in proofs.items() if p.kind == "netlist" and n not in own]
    jobs = []
    counter = {}
    for m in muts:
        if m[0] not in proofs:
            sys.exit(f"mutants.tsv: unknown proof {m[0]}")
        p = proofs[m[0]]
        if args.proofs and not select([p], args.proofs):
            continue
        counter[p.name] = counter.get(p.name, 0) + 1
        jobs.append((p, counter[p.name], m))
    killed = survived = other = 0
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(run_mutant, p, i, m): (p, i, m) for p, i, m in jobs}
        for fut in cf.as_completed(futs):
            p, i, m = futs[fut]
            st, secs = fut.result()
            if st == "KILLED":
                killed += 1
            elif st == "SURVIVED":
                survived += 1
            else:
                other += 1   # SKIPPED (a required file missing) or ERROR
            print(f"{st:8s} {p.name:48s} #{i} {secs:7.1f}s  {m[4]}", flush=True)
    covered = {p.name for p, _, _ in jobs}
    lacking = [n for n, p in proofs.items()
               if not p.is_cover and n not in covered and not missing(p)
               and (not args.proofs or select([p], args.proofs))]
    if lacking:
        print("proofs without a mutant: " + " ".join(sorted(lacking)))
    print(f"SUMMARY formal-mutate: {killed} killed, {survived + other} survived")
    return 1 if (survived or other or lacking) else 0
