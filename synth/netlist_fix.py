"""Netlist clean-up for OpenSTA 2.0.17 and fanout repair before timing.

OpenSTA's Verilog reader takes neither escaped bus names such as
\\gen_dim[0].prod nor a concatenation on the left of an assign: plain_names
and split_assigns rename and bit-split (the logic is unchanged). repair_fanout
puts balanced buffer trees on nets with many loads. All three work on the
text Yosys' write_verilog -noattr produces.

Standard library only. Used by synth/flow.py.
"""

import re

from tools import FlowError

MAX_FANOUT = 8          # fanout repair before STA: nets above this get buffer trees
BUF_CELL = "BUFX4"      # the repair buffer
CLOCK_PINS = ("CLK",)   # flop clock pins: the clock is ideal, never repaired

_ESC_RE = re.compile(r"\\(\S+)\s")
_DECL_RE = re.compile(r"^\s*(?:input|output|inout|wire|reg)\s+(?:\[(\d+):(\d+)\]\s+)?(\w+)\s*;",
                      re.M)


def plain_names(text):
    """Escaped identifiers -> plain ones (non-word characters become _)."""
    taken = set(re.findall(r"\b[A-Za-z_]\w*\b", text))
    mapping = {}

    def sub(m):
        esc = m.group(1)
        if esc not in mapping:
            base = "esc_" + re.sub(r"\W", "_", esc)
            name, k = base, 1
            while name in taken:
                name, k = f"{base}_{k}", k + 1
            taken.add(name)
            mapping[esc] = name
        return mapping[esc] + " "
    return _ESC_RE.sub(sub, text)


def _bits(expr, widths):
    """MSB-first list of single-bit references of a Verilog expression made
    of names, bit and part selects, sized constants and concatenations."""
    expr = expr.strip()
    if expr.startswith("{") and expr.endswith("}"):
        out = []
        for part in expr[1:-1].split(","):
            out += _bits(part, widths)
        return out
    m = re.fullmatch(r"(\d+)'([hbdo])([0-9a-fA-FxXzZ_]+)", expr)
    if m:
        n, base, digits = int(m.group(1)), m.group(2), m.group(3).replace("_", "")
        digits = re.sub(r"[xXzZ]", "0", digits)
        v = int(digits, {"h": 16, "b": 2, "d": 10, "o": 8}[base])
        return [f"1'b{(v >> i) & 1}" for i in range(n - 1, -1, -1)]
    m = re.fullmatch(r"(\w+)\s*\[(\d+):(\d+)\]", expr)
    if m:
        hi, lo = int(m.group(2)), int(m.group(3))
        step = -1 if hi >= lo else 1
        return [f"{m.group(1)}[{i}]" for i in range(hi, lo + step, step)]
    m = re.fullmatch(r"(\w+)\s*\[(\d+)\]", expr)
    if m:
        return [f"{m.group(1)}[{m.group(2)}]"]
    m = re.fullmatch(r"\w+", expr)
    if m:
        w = widths.get(expr)
        if w is None:
            return [expr]
        hi, lo = w
        step = -1 if hi >= lo else 1
        return [f"{expr}[{i}]" for i in range(hi, lo + step, step)]
    raise FlowError(f"cannot split assign expression {expr!r}")


def split_assigns(text):
    """Every assign with a concatenation becomes one assign per bit."""
    widths = {m.group(3): (int(m.group(1)), int(m.group(2)))
              for m in _DECL_RE.finditer(text) if m.group(1) is not None}

    def sub(m):
        lhs, rhs = m.group(1), m.group(2)
        if "{" not in lhs and "{" not in rhs:
            return m.group(0)
        lb, rb = _bits(lhs, widths), _bits(rhs, widths)
        if len(lb) != len(rb):
            raise FlowError(f"assign widths differ: {m.group(0)}")
        return "\n".join(f"  assign {a} = {b};" for a, b in zip(lb, rb))
    return _ASSIGN_RE.sub(sub, text)


INST_RE = re.compile(r"^  (\w+) (\S+) +\(\n(.*?)\n  \);\n", re.S | re.M)
CONN_RE = re.compile(r"\.(\w+)\(([^()]*)\)")
_ASSIGN_RE = re.compile(r"^  assign (.+?) = (.+?);$", re.M)


def repair_fanout(text, lib, max_fanout=MAX_FANOUT, buf_cell=BUF_CELL):
    """Balanced buffer trees on every net with more than max_fanout cell
    inputs (clock pins excluded), as any physical synthesis does before
    timing. ABC leaves flop outputs and ports unbuffered; a select held in
    a flop and feeding a thousand multiplexers would otherwise be timed as
    one gate driving a thousand pins. Returns the new netlist and what it added.
    """
    insts = list(INST_RE.finditer(text))
    loads = {}            # net -> [(inst index, pin)]
    conns = []
    for i, m in enumerate(insts):
        cell = lib["cells"].get(m.group(1))
        pins = [(p, n.strip()) for p, n in CONN_RE.findall(m.group(3))]
        conns.append(pins)
        if cell is None:
            continue
        for p, n in pins:
            pd = cell["pins"].get(p)
            if (pd and pd["direction"] == "input" and not (cell["seq"] and p in CLOCK_PINS)
                    and not re.match(r"^\d+'", n)):
                loads.setdefault(n, []).append((i, p))
    new_conn = {}         # (inst index, pin) -> net
    new_wires = []
    buf_in = {}           # buffer number -> the net on its input
    stats = {"buffers": 0, "nets": 0, "max_fanout": max((len(v) for v in loads.values()),
                                                        default=0)}

    def attach(src, group):
        """A tree filled from the leaves: ceil(n/8) buffers take the n loads
        (evenly, 8 or fewer each), ceil(that/8) buffers take those, and so
        on until 8 or fewer remain on the net's own driver: the fewest
        BUFX4 with at most max_fanout loads each, ceil(log8 n) levels.
        (Split top-down into 8 groups per level, 1,025 loads took 249
        buffers where 149 suffice; docs/cost.md.)"""
        nodes = [("load", key) for key in group]
        while len(nodes) > max_fanout:
            k = -(-len(nodes) // max_fanout)         # buffers on this level
            size = -(-len(nodes) // k)
            level = []
            for j in range(0, len(nodes), size):
                stats["buffers"] += 1
                b = stats["buffers"]
                out = f"_fanout_{b}_"
                new_wires.append(f"  wire {out};")
                for kind, x in nodes[j:j + size]:
                    if kind == "load":
                        new_conn[x] = out
                    else:
                        buf_in[x] = out
                level.append(("buf", b))
            nodes = level
        for kind, x in nodes:
            if kind == "load":
                new_conn[x] = src
            else:
                buf_in[x] = src

    for net, group in loads.items():
        if len(group) > max_fanout:
            stats["nets"] += 1
            attach(net, group)
    new_cells = [f"  {buf_cell} _fanout_buf_{b}_ (\n    .A({buf_in[b]}),\n    .Y(_fanout_{b}_)\n  );"
                 for b in range(1, stats["buffers"] + 1)]
    if not new_cells:
        return text, stats
    pin_out = lib["cells"][buf_cell]["pins"]
    assert "A" in pin_out and "Y" in pin_out, f"{buf_cell} pins must be A and Y"
    parts, pos = [], 0
    for i, m in enumerate(insts):
        parts.append(text[pos:m.start()])
        body = ",\n".join(f"    .{p}({new_conn.get((i, p), n)})" for p, n in conns[i])
        parts.append(f"  {m.group(1)} {m.group(2)} (\n{body}\n  );\n")
        pos = m.end()
    parts.append(text[pos:])
    out = "".join(parts)
    hdr = re.search(r"^module [^;]*;\n", out, re.M)
    end = out.rindex("endmodule")
    out = (out[:hdr.end()] + "\n".join(new_wires) + "\n" + out[hdr.end():end]
           + "\n".join(new_cells) + "\n" + out[end:])
    stats["area_um2"] = stats["buffers"] * lib["cells"][buf_cell]["area"]
    return out, stats


def ports(netlist):
    ports = {"input": [], "output": []}
    for kind, name in re.findall(r"^\s*(input|output)\s+(?:\[[^\]]*\]\s*)?(\\?\S+?)\s*;",
                                 netlist, re.M):
        ports[kind].append(name)
    return ports

