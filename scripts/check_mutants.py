#!/usr/bin/env python3
"""Every planted bug still names text of the tree.

The lockstep mutants (tb/<paper>/mutants.txt, "block@file under rtl/@text@
replacement@what", applied by scripts/mutate.sh) and the formal mutants
(formal/mutants.tsv, "proof<TAB>file<TAB>text<TAB>replacement<TAB>note", with
backslash escapes, applied by formal/prove.py mutate) replace one piece of RTL
text. When the RTL is rewritten and the text no longer occurs, the mutant is
not applied: scripts/mutate.sh counts it as an error and prove.py stops, but
neither runs in make test, so such a mutant would go unnoticed until someone
ran them. This check fails on any mutant whose file is missing or whose text
does not occur in it.

    python3 scripts/check_mutants.py [ROOT]

Prints one line per stale mutant and a SUMMARY line; exit status 1 if any.
"""
import glob
import os
import sys


def lockstep_mutants(root):
    for path in sorted(glob.glob(os.path.join(root, "tb", "*", "mutants.txt"))):
        for n, line in enumerate(open(path), 1):
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("@")
            if len(cols) < 5:
                yield path, n, None, None, "fewer than 5 @-separated fields"
                continue
            yield path, n, os.path.join(root, "rtl", cols[1]), cols[2], cols[4]


def formal_mutants(root):
    path = os.path.join(root, "formal", "mutants.tsv")
    for n, line in enumerate(open(path), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.rstrip("\n").split("\t")
        if len(cols) != 5:
            yield path, n, None, None, "not 5 tab-separated columns"
            continue
        if cols[1] == "@netlist":   # a gate of the mapped netlist, no RTL text
            continue
        text = cols[2].encode().decode("unicode_escape")   # as prove.py reads it
        yield path, n, os.path.join(root, cols[1]), text, cols[4]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    counts = {"lockstep": 0, "formal": 0}
    stale = 0
    for kind, gen in (("lockstep", lockstep_mutants(root)), ("formal", formal_mutants(root))):
        for path, n, target, text, what in gen:
            counts[kind] += 1
            where = f"{os.path.relpath(path, root)}:{n}"
            if target is None:
                print(f"STALE {where}: {what}")
                stale += 1
            elif not os.path.isfile(target):
                print(f"STALE {where}: file {os.path.relpath(target, root)} does not exist ({what})")
                stale += 1
            elif text not in open(target).read():
                print(f"STALE {where}: text not found in {os.path.relpath(target, root)}: "
                      f"{text[:60]!r} ({what})")
                stale += 1
    print(f"SUMMARY check-mutants: {counts['lockstep']} lockstep and {counts['formal']} formal "
          f"mutants, {stale} stale")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
