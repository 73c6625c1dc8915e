#!/usr/bin/env python3
"""Writes a mapped flat netlist as structural Verilog for gate-level replay:

    scripts/netlist_verilog.py NETLIST.json OUT.v

NETLIST.json is Yosys's `write_json` of one flat module of library cells
(scripts/gatesim_netlist.sh). The Verilog has the module's name and ports
(vectors, as in the RTL, so the replay wrapper instantiates RTL and netlist
alike), one scalar wire per internal net bit, one instance per cell with
named pin connections, and an `assign` for each output port bit that is a
constant, an input bit or another output's bit.

Why not Yosys's own `write_verilog`: in Yosys 0.23 it spends most of its
time checking every identifier it prints against a set of keywords; on the
67,364-cell netlist of tilelens_base_sum_pipe it took 14.0 s of CPU, where
`write_json` and this script take about 1.2 and 2 s.

Nets: a bit of an input port is named by that port's bit select; any other
bit by the first output port bit that carries it, else `n<bit>`; cells are
`c<k>` (either prefix gets a `_` more while a port name has that form).
Internal nets are scalars: Icarus simulates such a netlist about ten times faster
than one of bit-selects of internal vectors.
"""
import json
import re
import sys

CONST = {"0": "1'b0", "1": "1'b1", "x": "1'bx", "z": "1'bz"}


def port_range(netnames, name, width):
    """The declared range of a port and a function from bit index to select."""
    info = netnames.get(name, {})
    off = int(info.get("offset", 0))
    upto = bool(info.get("upto", 0))
    lo, hi = off, off + width - 1
    decl = f"[{lo}:{hi}] " if upto else f"[{hi}:{lo}] "
    return decl, (lambda i: f"{name}[{off + i}]")


def ident(name):
    """A Verilog identifier for a port or module name (escaped if needed)."""
    if name.startswith("\\"):
        name = name[1:]
    ok = name and (name[0].isalpha() or name[0] == "_") and all(c.isalnum() or c in "_$" for c in name)
    return name if ok else "\\" + name + " "


def free_prefix(base, names):
    """base, or base with `_` appended, such that no name is <prefix><digits>."""
    p = base
    while any(re.fullmatch(re.escape(p) + r"[0-9]+", n) for n in names):
        p += "_"
    return p


def write(mod_name, mod, out):
    ports = mod["ports"]
    plain = [p[1:] if p.startswith("\\") else p for p in ports]
    net_p, cell_p = free_prefix("n", plain), free_prefix("c", plain)
    netnames = mod.get("netnames", {})
    name_of = {}      # bit number -> Verilog expression
    port_decl = []
    assigns = []
    sel = {}
    for p, info in ports.items():
        w = len(info["bits"])
        decl, bit = port_range(netnames, p, w)
        sel[p] = bit
        port_decl.append(f"  {info['direction']} {decl if w > 1 else ''}{ident(p)};")
        if info["direction"] == "input":
            for i, b in enumerate(info["bits"]):
                if isinstance(b, int) and b not in name_of:
                    name_of[b] = bit(i) if w > 1 else ident(p)
    for p, info in ports.items():
        if info["direction"] == "input":
            continue
        w = len(info["bits"])
        for i, b in enumerate(info["bits"]):
            me = sel[p](i) if w > 1 else ident(p)
            if isinstance(b, str):
                assigns.append(f"  assign {me} = {CONST[b]};")
            elif b in name_of:
                assigns.append(f"  assign {me} = {name_of[b]};")
            else:
                name_of[b] = me
    internal = []
    cells = []
    for cname, c in mod["cells"].items():
        pins = []
        for pin, bits in c["connections"].items():
            parts = []
            for b in bits:
                if isinstance(b, str):
                    parts.append(CONST[b])
                else:
                    if b not in name_of:
                        name_of[b] = f"{net_p}{b}"
                        internal.append(name_of[b])
                    parts.append(name_of[b])
            expr = parts[0] if len(parts) == 1 else "{" + ", ".join(reversed(parts)) + "}"
            pins.append(f".{pin}({expr})")
        cells.append(f"  {c['type']} {cell_p}{len(cells)} ({', '.join(pins)});")
    out.write(f"// Gate-level replay netlist of {mod_name} (scripts/netlist_verilog.py)\n")
    out.write(f"module {ident(mod_name)}({', '.join(ident(p) for p in ports)});\n")
    out.write("\n".join(port_decl) + "\n")
    for k in range(0, len(internal), 16):
        out.write("  wire " + ", ".join(internal[k:k + 16]) + ";\n")
    if assigns:
        out.write("\n".join(assigns) + "\n")
    out.write("\n".join(cells) + "\n")
    out.write("endmodule\n")


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: netlist_verilog.py NETLIST.json OUT.v\n")
        return 2
    with open(argv[1]) as f:
        mods = json.load(f)["modules"]
    tops = [n for n, m in mods.items() if int(m.get("attributes", {}).get("top", 0))]
    if len(tops) != 1:
        tops = [n for n, m in mods.items() if m.get("cells") or m.get("ports")]
    if len(tops) != 1:
        sys.stderr.write(f"netlist_verilog.py: expected one module, found {sorted(mods)}\n")
        return 1
    with open(argv[2], "w") as out:
        write(tops[0], mods[tops[0]], out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
