#!/usr/bin/env python3
"""Whether two mapped netlists (RTLIL, netlist.il) are the same circuit up
to the names of their nets and cells.

    python3 synth/netlist_same.py A.il B.il     exit 0: the same; 1: not

For a change of the flow that must not change a netlist (a renaming, a
writer): cells and nets are coloured by 12 rounds of Weisfeiler-Lehman
refinement, starting from the cell types, the pins and the port bits (the
anchors: a port keeps its name), and the two multisets of cell colours
are compared. Equal colours are the refinement's verdict, not a proof of
isomorphism; a different cell type or a moved connection anywhere within
12 cells of a port or flop changes them (synth/test_rtlil_verilog.py
plants both). Aliases (`connect` in RTLIL, `assign` in Verilog) are
followed, so which alias a net keeps its name from does not matter.

Standard library only.
"""
import hashlib
import os
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rtlil_verilog as rv  # noqa: E402

ROUNDS = 12


def _bits(chunks):
    out = []
    for c in chunks:
        if c[0] is None:
            out += ["const:" + b for b in c[1]]
        else:
            out += [(c[0], c[1] + i) for i in range(c[2])]
    return out


def _h(s):
    return hashlib.blake2b(s.encode(), digest_size=8).hexdigest()


def colours(text, rounds=ROUNDS):
    """The multiset of the cells' colours of one netlist's RTLIL text."""
    mod = rv.parse(text)
    parent = {}

    def find(x):
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for lhs, rhs in mod.conns:
        for a, b in zip(_bits(lhs), _bits(rhs)):
            a, b = find(a), find(b)
            if a != b:
                parent[b] = a
    anchor = {}
    for w, (width, port, _) in mod.wires.items():
        for i in range(width):
            if port:
                anchor[find((w, i))] = f"port {w}[{i}]"
    for x in list(parent):
        r = find(x)
        if isinstance(x, str):
            anchor[r] = x
    cells = [(t, {p: [find(b) for b in _bits(c)] for p, c in conns.items()})
             for t, _, conns in mod.cells]
    users = defaultdict(list)
    for i, (_, pins) in enumerate(cells):
        for p, bl in pins.items():
            for k, b in enumerate(bl):
                users[b].append((i, f"{p}{k}"))
    net = {n: _h(anchor.get(n, "?")) for n in users}
    cell = [_h(t) for t, _ in cells]
    for _ in range(rounds):
        cell = [_h(t + "|" + ",".join(sorted(f"{p}{k}={net[b]}" for p, bl in pins.items()
                                             for k, b in enumerate(bl))))
                for t, pins in cells]
        net = {n: _h(net[n] + "|" + ",".join(sorted(cell[i] + p for i, p in u)))
               for n, u in users.items()}
    return Counter(cell)


def same(text_a, text_b):
    return colours(text_a) == colours(text_b)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as fa, open(sys.argv[2]) as fb:
        a, b = colours(fa.read()), colours(fb.read())
    ok = a == b
    print(f"{sys.argv[1]}: {sum(a.values())} cells; {sys.argv[2]}: {sum(b.values())} cells; "
          + ("the same circuit" if ok else f"different ({sum((a - b).values())} cells without a match)"))
    sys.exit(0 if ok else 1)
