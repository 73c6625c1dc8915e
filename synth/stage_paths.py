#!/usr/bin/env python3
"""Worst path into each pipeline stage of a synthesized configuration.

    python3 synth/stage_paths.py NAME [NAME...]

Reads build/synth/NAME/netlist_sta.v and sta.tcl as the flow left them
(python3 synth/synth.py run --only NAME first) and, with the same OpenSTA
setup (clock, input/output delays, drive and load), reports for every group
of flops the worst arrival at their D pins plus setup, in ns and in FO4
(the flow's FO4 from build/synth/_fo4/fo4.json). A group is the instance
that holds the flop's output net, found by the Q net name: every
u_cut_<name> in the netlist (the cuts of tilelens_split_sum_pipe and
tilelens_base_sum_pipe: u_cut_pp, u_cut_mul, u_cut_sum, u_cut_add,
u_cut_out, in pipeline order; of tilelens_box_check: u_cut_a .. u_cut_d;
in a composed unit with the instance path before them), gen_valid, and
the other flops; the outputs are one more group. The
flow itself reports only the worst path of each kind (reg->reg, in->reg,
...), which for a pipeline is the slowest stage; this names every stage.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORDER = ("u_cut_pp", "u_cut_mul", "u_cut_sum", "u_cut_add", "u_cut_out")


def groups_of(qnets):
    """The groups of flops by their Q nets (flattened names such as
    esc_u_child_u_cut_pp_gen_reg_q): every u_cut_<name> with the instance
    path before it (pipeline order first, then by name), then gen_valid."""
    found = set()
    for q in qnets:
        m = re.search(r"(\w*?u_cut_[A-Za-z0-9]+)_gen_reg", q)
        if m:
            found.add(m.group(1))
    def key(g):
        tail = "u_cut_" + g.rsplit("u_cut_", 1)[1]
        return (g.rsplit("u_cut_", 1)[0], ORDER.index(tail) if tail in ORDER else len(ORDER), g)
    return sorted(found, key=key) + ["gen_valid"]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    fo4 = json.load(open(os.path.join(ROOT, "build/synth/_fo4/fo4.json")))["fo4"]["ns"]
    for name in sys.argv[1:]:
        d = os.path.join(ROOT, "build/synth", name)
        base = open(os.path.join(d, "sta.tcl")).read().split('puts "@@PATH')[0]
        net = open(os.path.join(d, "netlist_sta.v")).read()
        # flop instance -> its Q net
        flops = {}
        for m in re.finditer(r"DFF\w*\s+(\S+)\s*\((.*?)\);", net, re.S):
            q = re.search(r"\.Q\(([^)]*)\)", m.group(2))
            if q:
                flops[m.group(1)] = q.group(1).strip()
        tcl = [base]
        groups = groups_of(flops.values())
        taken = set()
        for g in groups + ["other"]:
            if g == "other":
                cells = [c for c in flops if c not in taken]
            else:
                cells = [c for c, q in flops.items() if g in q and c not in taken]
            taken.update(cells)
            if not cells:
                continue
            pins = " ".join(f"{c}/D" for c in cells)
            tcl.append(f'puts "@@GROUP {g} {len(cells)}"')
            tcl.append(f"report_checks -path_delay max -to [get_pins {{{pins}}}] -format end -digits 4")
        tcl.append('puts "@@GROUP outputs 0"')
        tcl.append("report_checks -path_delay max -to [all_outputs] -format end -digits 4")
        path = os.path.join(d, "stage_paths.tcl")
        open(path, "w").write("\n".join(tcl) + "\n")
        out = subprocess.run(["sta", "-no_splash", "-exit", "stage_paths.tcl"], cwd=d,
                             capture_output=True, text=True).stdout
        print(f"{name}:")
        for blk in out.split("@@GROUP ")[1:]:
            head, _, body = blk.partition("\n")
            g, n = head.split()
            # endpoint line: name  required  arrival  slack
            rows = [l.split() for l in body.splitlines()
                    if re.search(r"-?\d+\.\d+\s+-?\d+\.\d+\s+-?\d+\.\d+\s+\((MET|VIOLATED)\)\s*$", l)]
            if not rows:
                continue
            ep, slack = rows[0][0], float(rows[0][-2])
            period = 100.0
            t = period - slack   # arrival + setup (required = period - setup)
            print(f"  {g:10s} {n:>4s} flops  worst {t:7.3f} ns {t / fo4:6.1f} FO4  (endpoint {ep})")


if __name__ == "__main__":
    main()
