"""Children specialised for their parent (bottom-up synthesis, configs.tsv column children).

A child synthesized alone keeps every output and treats every input as free;
a flat run of the parent removes what the parent does not use and propagates
the constants it ties. So each child is synthesized for its parent's use:

1. analysis (one cheap Yosys run of the parent, children as black boxes,
   `proc; flatten; opt -purge` on the glue): for every child instance, the
   input bits the glue ties to a constant and the output bits nothing in the
   glue reads (no cell input, no top output);
2. per child module (all its instances together: a bit is constant only if it
   is the same constant in every instance, unused only if unused in every
   instance), a generated wrapper with the child's exact port list that
   instantiates the child with those inputs tied and those outputs left
   open (the wrapper's output bit is 0). The wrapper is synthesized as its
   own configuration (flattened: the dead logic goes, the constants
   propagate), cached under its own key;
3. in the parent's run the child's instances are retyped to the wrapper
   (`chtype -map`), a black box with the same ports;
4. after mapping, `check_glue` compares the mapped glue with the wrapper:
   an output bit the wrapper dropped must have no load in the glue, an input
   bit the wrapper tied must be tied to the same constant; else the
   configuration fails.

A child whose instances tie nothing and leave nothing unused is used as it is
(its own configuration, shared with the table's). Standard library only.
"""

import hashlib
import json
import os
import re

from tools import FlowError


def analysis_script(cfg, up, files, child_tops, inc):
    chp = " ".join(f"-chparam {k} {v}" for k, v in cfg["params"])
    src = " ".join(f"{up}/{f}" for f in files)
    bb = " ".join(f"{t} $paramod*\\{t}" for t in child_tops)
    return f"""# {cfg['name']}: which child ports the glue ties or leaves unused (synth/specialise.py)
read_verilog -defer -DSYNTHESIS {inc} {src}
hierarchy -check -top {cfg['top']} {chp}
blackbox {bb}
proc
flatten
opt -purge
tee -q -o cells.json stat -json
write_json glue.json
"""


def _read_bits(mod):
    """Bits the module reads: every cell input bit and every top output bit."""
    used = set()
    for c in mod["cells"].values():
        dirs = c.get("port_directions", {})
        for p, bits in c["connections"].items():
            if dirs.get(p, "input") != "output":
                used.update(b for b in bits if isinstance(b, int))
    for p in mod["ports"].values():
        if p["direction"] != "input":
            used.update(b for b in p["bits"] if isinstance(b, int))
    return used


def child_uses(design, top, child_types):
    """For every cell of a type in child_types: {cell: {"type", "const":
    {port: {bit index: "0"|"1"}}, "unused": {port: [bit index]}}}. `design`
    is Yosys' write_json of the analysed parent."""
    mod = design["modules"][top]
    out = {}
    cells = {n: c for n, c in mod["cells"].items() if c["type"] in child_types}
    # A child's own outputs do not count as loads of themselves.
    for name, c in cells.items():
        others = dict(mod, cells={n: x for n, x in mod["cells"].items() if n != name})
        used = _read_bits(others)
        dirs = c["port_directions"]
        const, unused = {}, {}
        for p, bits in c["connections"].items():
            if dirs[p] == "input":
                k = {i: b for i, b in enumerate(bits) if b in ("0", "1")}
                if k:
                    const[p] = k
            elif dirs[p] == "output":
                u = [i for i, b in enumerate(bits) if not (isinstance(b, int) and b in used)]
                if u:
                    unused[p] = u
        out[name] = {"type": c["type"], "const": const, "unused": unused}
    return out


def merge_uses(uses):
    """All instances of one child module: a bit is tied only if every
    instance ties it to the same constant, unused only if unused in every
    instance. Returns {type: {"const", "unused", "instances"}}."""
    by_type = {}
    for name in sorted(uses):
        u = uses[name]
        t = by_type.get(u["type"])
        if t is None:
            by_type[u["type"]] = {"const": {p: dict(v) for p, v in u["const"].items()},
                                  "unused": {p: list(v) for p, v in u["unused"].items()},
                                  "instances": [name]}
            continue
        t["instances"].append(name)
        t["const"] = {p: {i: v for i, v in bits.items() if u["const"].get(p, {}).get(i) == v}
                      for p, bits in t["const"].items()}
        t["const"] = {p: b for p, b in t["const"].items() if b}
        t["unused"] = {p: [i for i in bits if i in set(u["unused"].get(p, []))]
                       for p, bits in t["unused"].items()}
        t["unused"] = {p: b for p, b in t["unused"].items() if b}
    return by_type


def ports_of(design, celltype):
    """{port: (direction, width)} of a module of the analysed design, in order."""
    m = design["modules"][celltype]
    return {p: (v["direction"], len(v["bits"])) for p, v in m["ports"].items()}


def wrapper_verilog(name, child_top, params, ports, spec):
    """The specialised child: the child's port list; inputs the parent ties
    are tied inside, outputs it leaves unused are 0."""
    lines = [f"// {name}: {child_top} as its parent uses it (generated by synth/specialise.py)",
             f"module {name} ({', '.join(ports)});"]
    for p, (d, w) in ports.items():
        rng = f"[{w - 1}:0] " if w > 1 else ""
        lines.append(f"  {d} {rng}{p};")
    conns = []
    for p, (d, w) in ports.items():
        if d == "input" and p in spec["const"]:
            k = {int(i): v for i, v in spec["const"][p].items()}
            bits = [f"1'b{k[i]}" if i in k else (f"{p}[{i}]" if w > 1 else p)
                    for i in reversed(range(w))]
            conns.append(f".{p}({{{', '.join(bits)}}})")
        elif d == "output" and p in spec["unused"]:
            lines.append(f"  wire {f'[{w - 1}:0] ' if w > 1 else ''}w_{p};")
            drop = {int(i) for i in spec["unused"][p]}
            for i in range(w):
                lhs = f"{p}[{i}]" if w > 1 else p
                rhs = "1'b0" if i in drop else (f"w_{p}[{i}]" if w > 1 else f"w_{p}")
                lines.append(f"  assign {lhs} = {rhs};")
            conns.append(f".{p}(w_{p})")
        else:
            conns.append(f".{p}({p})")
    par = ""
    if params:
        par = " #(" + ", ".join(f".{k}({v})" for k, v in params) + ")"
    lines.append(f"  {child_top}{par} u_child (\n    " + ",\n    ".join(conns) + "\n  );")
    lines += ["endmodule", ""]
    return "\n".join(lines)


_NET_DECL_RE = re.compile(r"^\s*(input|output|inout|wire|reg)\s+(?:\[(\d+):(\d+)\]\s*)?"
                          r"(\\\S+|\w+)\s*;", re.M)
_ASSIGN_ANY_RE = re.compile(r"^\s*assign\s+(.+?)\s*=\s*(.+?)\s*;\s*$", re.M)
_ITEM_RE = re.compile(r"(\\\S+|\w+)\s*(?:\[(\d+)(?::(\d+))?\])?")
_CONST_RE = re.compile(r"(\d+)'([hbd])([0-9a-fA-FxXzZ_]+)")


def _const_digits(n, base, digits):
    """MSB-first bits of a sized constant: '0', '1' or None (x or z)."""
    digits = digits.replace("_", "")
    if base == "d":
        if re.search(r"[xXzZ]", digits):
            return [None] * n
        v = int(digits)
        return [str((v >> i) & 1) for i in reversed(range(n))]
    per = 4 if base == "h" else 1
    bits = []
    for d in digits:
        if d in "xXzZ":
            bits += [None] * per
        else:
            v = int(d, 16 if base == "h" else 2)
            bits += [str((v >> i) & 1) for i in reversed(range(per))]
    if len(bits) < n:
        bits = [None if bits and bits[0] is None else "0"] * (n - len(bits)) + bits
    return bits[len(bits) - n:]


def _expr_bits(expr, decl):
    """MSB-first bits of an assign side (names, bit and part selects, sized
    constants, one level of concatenation): ('c', '0'|'1'|None) or
    ('n', name, index); None if the expression is of another form."""
    expr = expr.strip()
    items = expr[1:-1].split(",") if expr.startswith("{") and expr.endswith("}") else [expr]
    out = []
    for it in items:
        it = it.strip()
        cm = _CONST_RE.fullmatch(it)
        if cm:
            out += [("c", b) for b in _const_digits(int(cm.group(1)), cm.group(2), cm.group(3))]
            continue
        im = _ITEM_RE.fullmatch(it)
        if not im or im.group(1) not in decl:
            return None
        name = im.group(1)
        if im.group(2) is None:
            hi, lo = decl[name]
        elif im.group(3) is None:
            hi = lo = int(im.group(2))
        else:
            hi, lo = int(im.group(2)), int(im.group(3))
        step = -1 if hi >= lo else 1
        out += [("n", name, i) for i in range(hi, lo + step, step)]
    return out


def _nets(netlist):
    """A mapped netlist's (write_verilog -noattr) declared nets {name: (msb,
    lsb)}, its ports in declaration order {port: (direction, msb, lsb)} and
    what its assigns drive, {(name, bit): ('c', v) or ('n', name, bit)}."""
    decl, ports = {}, {}
    for m in _NET_DECL_RE.finditer(netlist):
        kind, hi, lo, name = m.group(1), m.group(2), m.group(3), m.group(4)
        rng = (int(hi), int(lo)) if hi is not None else (0, 0)
        decl.setdefault(name, rng)
        if kind in ("input", "output", "inout"):
            if not re.fullmatch(r"\w+", name):
                raise FlowError(f"escaped port name {name!r} in a mapped netlist")
            ports[name] = (kind,) + rng
    driver = {}
    for m in _ASSIGN_ANY_RE.finditer(netlist):
        lb, rb = _expr_bits(m.group(1), decl), _expr_bits(m.group(2), decl)
        if lb is None or rb is None or len(lb) != len(rb):
            continue
        for l, r in zip(lb, rb):
            if l[0] == "n":
                driver[(l[1], l[2])] = r
    return decl, ports, driver


def _source(driver, name, bit):
    """Where the bit (name, bit) comes from through any chain of assigns: a
    constant ('c', v) or the net bit ('n', name, bit) no assign drives (an
    input, a cell's output)."""
    src, seen = ("n", name, bit), set()
    while src[0] == "n" and (src[1], src[2]) in driver and (src[1], src[2]) not in seen:
        seen.add((src[1], src[2]))
        src = driver[(src[1], src[2])]
    return src


def output_sources(netlist):
    """What a mapped netlist (write_verilog -noattr) drives its output bits
    with, where that is a constant, an input bit or another output bit
    (through any chain of assigns): {port: {bit index: '0', '1', (input
    port, bit index) or ('=', output port, bit index)}};
    and its ports in declaration order, {port: (direction, msb, lsb)}."""
    _, ports, driver = _nets(netlist)
    out = {}
    for (name, bit) in list(driver):
        if ports.get(name, ("",))[0] != "output":
            continue
        src = _source(driver, name, bit)
        if src[0] == "c" and src[1] is not None:
            out.setdefault(name, {})[bit] = src[1]
        elif src[0] == "n" and ports.get(src[1], ("",))[0] == "input":
            out.setdefault(name, {})[bit] = (src[1], src[2])
        elif (src[0] == "n" and ports.get(src[1], ("",))[0] == "output"
              and (src[1], src[2]) != (name, bit)):
            out.setdefault(name, {})[bit] = ("=",) + src[1:]     # equal to another output bit
    return out, ports


_CELL_RE = re.compile(r"^\s*(\w+)\s+(\\\S+|\w+)\s*\((.*?)\);", re.M | re.S)
_PIN_RE = re.compile(r"\.(\w+)\(([^()]*)\)")


def combinational_outputs(netlist, seq_cells):
    """The output ports of a mapped netlist (write_verilog -noattr) with at
    least one bit that logic drives: not a flop's or latch's Q (a cell of
    seq_cells), a constant or an input bit, through any chain of assigns.
    A parent maps the glue downstream of these first (flow.py): a
    registered output is ready at the start of the cycle and is not late."""
    decl, ports, driver = _nets(netlist)
    held = set()        # (net, bit) driven by a sequential cell's Q
    for m in _CELL_RE.finditer(netlist):
        if m.group(1) in seq_cells:
            for pin, expr in _PIN_RE.findall(m.group(3)):
                bits = _expr_bits(expr, decl) if pin == "Q" else None
                held.update((b[1], b[2]) for b in bits or () if b[0] == "n")
    out = []
    for name, (kind, hi, lo) in ports.items():
        if kind != "output":
            continue
        step = -1 if hi >= lo else 1
        for bit in range(hi, lo + step, step):
            src = _source(driver, name, bit)
            if (src[0] == "n" and (src[1], src[2]) not in held
                    and ports.get(src[1], ("",))[0] != "input"):
                out.append(name)
                break
    return out


def child_shell(netlist, mod):
    """What a parent's glue is mapped against (flow.py, bottom-up): module
    `<mod>__shell` with the child's ports; the output bits the child's
    mapped netlist drives with a constant or straight from an input bit are
    driven so here, every other bit comes through `_core_`, a black box
    `<mod>__core` with the child's exact port list (retyped to the mapped
    child once the glue is mapped). So the glue is optimised with what a
    flattened child would show it, and without its cells. Returns (text,
    number of output bits tied, number fed through)."""
    src, ports = output_sources(netlist)
    names = ", ".join(ports)

    def rng(p):
        _, hi, lo = ports[p]
        return f"[{hi}:{lo}] " if (hi, lo) != (0, 0) else ""

    def ref(p, i):
        return f"{p}[{i}]" if rng(p) else p
    lines = [f"// {mod}: the glue's view of a mapped child (generated by synth/specialise.py)",
             "(* blackbox *)", f"module {mod}__core ({names});"]
    lines += [f"  {ports[p][0]} {rng(p)}{p};" for p in ports]
    lines += ["endmodule", "", f"module {mod}__shell ({names});"]
    lines += [f"  {ports[p][0]} {rng(p)}{p};" for p in ports]
    conns, tied, fed = [], 0, 0
    for p, (d, hi, lo) in ports.items():
        if d == "output" and p in src:
            lines.append(f"  wire {rng(p)}c_{p};")
            step = -1 if hi >= lo else 1
            bits = []
            for i in range(hi, lo + step, step):
                s = src[p].get(i)
                if s is None:
                    bits.append(f"c_{p}[{i}]" if rng(p) else f"c_{p}")
                elif isinstance(s, str):
                    bits.append(f"1'b{s}")
                    tied += 1
                elif s[0] == "=":
                    # the other output's bit as the core drives it
                    w = "c_" + s[1] if s[1] in src and s[2] not in src[s[1]] else s[1]
                    bits.append(f"{w}[{s[2]}]" if rng(s[1]) else w)
                else:
                    bits.append(ref(*s))
                    fed += 1
            lines.append(f"  assign {p} = {{{', '.join(bits)}}};")
            conns.append(f".{p}(c_{p})")
        else:
            conns.append(f".{p}({p})")
    lines.append(f"  {mod}__core _core_ (\n    " + ",\n    ".join(conns) + "\n  );")
    lines += ["endmodule", ""]
    return "\n".join(lines), tied, fed


def wrapper_name(child_top, parent_name):
    return f"{child_top}__in_{re.sub(r'[^A-Za-z0-9_]', '_', parent_name)}"


def is_trivial(spec):
    return not spec["const"] and not spec["unused"]


def whole_ok(spec):
    """A child marked `:whole` in its parent's children column (configs.tsv)
    is used as the table's own configuration, synthesized once and shared
    with its own row, even though the parent leaves outputs open: the
    parent's run flattens the child's mapped netlist in and `opt_clean
    -purge` removes every cell with no load, so what only those outputs
    needed goes. Only a child whose parent ties none of its inputs can be
    used so (constants would have to propagate through the child's logic,
    which the removal of unloaded cells cannot do)."""
    return not spec["const"]


def check_glue(design, top, wrappers):
    """The mapped glue against the wrappers it instantiates: every output bit a
    wrapper drops has no load, every input bit it ties is tied to the same
    constant. wrappers: {module: spec}. Returns a list of violations."""
    mod = design["modules"][top]
    bad = []
    for name, c in sorted(mod["cells"].items()):
        t = c["type"].lstrip("\\")
        if t not in wrappers:
            continue
        spec = wrappers[t]
        others = dict(mod, cells={n: x for n, x in mod["cells"].items() if n != name})
        used = _read_bits(others)
        for p, idx in spec["unused"].items():
            bits = c["connections"].get(p, [])
            for i in idx:
                i = int(i)
                if i < len(bits) and isinstance(bits[i], int) and bits[i] in used:
                    bad.append(f"{name}.{p}[{i}] is dropped by {t} but read by the glue")
        for p, k in spec["const"].items():
            bits = c["connections"].get(p, [])
            for i, v in k.items():
                i = int(i)
                got = bits[i] if i < len(bits) else None
                if got != v:
                    bad.append(f"{name}.{p}[{i}] is tied to {v} in {t} but the glue drives {got}")
    return bad


def summary(spec, ports):
    """One line: how many input bits are tied and output bits dropped."""
    ti = sum(len(v) for v in spec["const"].values())
    uo = sum(len(v) for v in spec["unused"].values())
    ni = sum(w for d, w in ports.values() if d == "input")
    no = sum(w for d, w in ports.values() if d == "output")
    return f"{ti}/{ni} input bits tied, {uo}/{no} output bits unused"


def file_sha(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def load_json(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None


def ensure_dir(d):
    os.makedirs(d, exist_ok=True)
    return d


def raise_if(bad, cfg_name):
    if bad:
        raise FlowError(f"{cfg_name}: specialised children disagree with the glue: "
                        + "; ".join(bad[:5]) + (f" (+{len(bad) - 5} more)" if len(bad) > 5 else ""))
