#!/usr/bin/env python3
"""A mapped netlist's RTLIL (write_rtlil) as the Verilog Yosys'
`write_verilog -noattr` writes for it.

    python3 synth/rtlil_verilog.py NETLIST.il OUT.v

Why: Yosys 0.23's write_verilog builds its table of Verilog keywords anew
for every public identifier it writes, so a netlist of public names costs
it about 170 us a name: 38 s for the composed issue stage (230,000 cells),
most of that run's CPU. The flow names every cell and wire (rename
-enumerate), writes the RTLIL (fast) and converts it here in a few seconds.

Scope: one flat module of library cells (no Yosys internal cells, no
processes or memories), wires without offset or `upto`; anything else is
an error, not a guess. The output is what write_verilog -noattr writes for
the same design once every name is public (synth/test_rtlil_verilog.py
compares the two byte for byte, the header line apart): wires and cells in
name order, each cell's connections in port-name order, the module's
connections in their order as `assign`s.

Standard library only.
"""

import sys

HEADER = "/* Mapped netlist: synth/rtlil_verilog.py from netlist.il (Yosys write_verilog -noattr format) */\n"

# IEEE 1800-2017 Annex B keywords: an identifier equal to one is escaped.
KEYWORDS = frozenset("""
accept_on alias always always_comb always_ff always_latch and assert assign
assume automatic before begin bind bins binsof bit break buf bufif0 bufif1
byte case casex casez cell chandle checker class clocking cmos config const
constraint context continue cover covergroup coverpoint cross deassign
default defparam design disable dist do edge else end endcase endchecker
endclass endclocking endconfig endfunction endgenerate endgroup endinterface
endmodule endpackage endprimitive endprogram endproperty endspecify
endsequence endtable endtask enum event eventually expect export extends
extern final first_match for force foreach forever fork forkjoin function
generate genvar global highz0 highz1 if iff ifnone ignore_bins illegal_bins
implements implies import incdir include initial inout input inside instance
int integer interconnect interface intersect join join_any join_none large
let liblist library local localparam logic longint macromodule matches
medium modport module nand negedge nettype new nexttime nmos nor
noshowcancelled not notif0 notif1 null or output package packed parameter
pmos posedge primitive priority program property protected pull0 pull1
pulldown pullup pulsestyle_ondetect pulsestyle_onevent pure rand randc
randcase randsequence rcmos real realtime ref reg reject_on release repeat
restrict return rnmos rpmos rtran rtranif0 rtranif1 s_always s_eventually
s_nexttime s_until s_until_with scalared sequence shortint shortreal
showcancelled signed small soft solve specify specparam static string
strong strong0 strong1 struct super supply0 supply1 sync_accept_on
sync_reject_on table tagged task this throughout time timeprecision timeunit
tran tranif0 tranif1 tri tri0 tri1 triand trior trireg type typedef union
unique unique0 unsigned until until_with untyped use uwire var vectored
virtual void wait wait_order wand weak weak0 weak1 while wildcard wire with
within wor xnor xor
""".split())

_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


class RtlilError(Exception):
    pass


def vid(name):
    """write_verilog's identifier: the RTLIL name without its `\\`, escaped
    (`\\name `) when it starts with a digit, holds any character other than
    letters, digits and `_`, or is a keyword."""
    if not name.startswith("\\"):
        raise RtlilError(f"private name {name}: the netlist must be renamed (rename -enumerate)")
    s = name[1:]
    if s[:1].isdigit() or not set(s) <= _PLAIN or s in KEYWORDS:
        return "\\" + s + " "
    return s


def const_text(bits, no_decimal):
    """write_verilog's constant for `bits` (LSB first, characters 0 1 x z -)."""
    width = len(bits)
    if width == 32 and not no_decimal and set(bits) <= {"0", "1"}:
        return "32'd%d" % int("".join(reversed(bits)), 2)
    digits = ["?" if b == "-" else b for b in bits]
    while len(digits) % 4:
        digits.append("0" if digits[-1] == "1" else digits[-1])
    hexd = []
    for i in range(0, len(digits), 4):
        q = digits[i:i + 4]
        if set(q) <= {"0", "1"}:
            hexd.append("%x" % int("".join(reversed(q)), 2))
        elif len(set(q)) == 1:
            hexd.append(q[0])
        else:
            return "%d'b%s" % (width, "".join(reversed(["?" if b == "-" else b for b in bits])))
    return "%d'h%s" % (width, "".join(reversed(hexd)))


class Module:
    def __init__(self, name):
        self.name = name
        self.wires = {}      # name -> (width, port kind or None, port id)
        self.cells = []      # (type, name, {port: chunks})
        self.conns = []      # (lhs chunks, rhs chunks)


def _parse_sig(tokens, i, mod):
    """One RTLIL sigspec at tokens[i]: its chunks, LSB first (a chunk is
    (wire, lo, width) or (None, bits LSB first)), and the next index."""
    t = tokens[i]
    if t == "{":
        parts = []
        i += 1
        while tokens[i] != "}":
            c, i = _parse_sig(tokens, i, mod)
            parts.append(c)
        chunks = []
        for c in reversed(parts):        # RTLIL lists the MSB part first
            for ch in c:
                _append(chunks, ch)
        return chunks, i + 1
    if t.startswith("\\") or t.startswith("$"):
        if t not in mod.wires:
            raise RtlilError(f"{mod.name}: unknown wire {t}")
        width = mod.wires[t][0]
        if i + 1 < len(tokens) and tokens[i + 1].startswith("["):
            rng = tokens[i + 1][1:-1]
            if ":" in rng:
                hi, lo = (int(x) for x in rng.split(":"))
            else:
                hi = lo = int(rng)
            return [(t, lo, hi - lo + 1)], i + 2
        return [(t, 0, width)], i + 1
    if "'" in t:
        w, msb_first = t.split("'", 1)
        bits, width = msb_first[::-1] or "x", int(w)
        if len(bits) > width or not set(bits) <= set("01xz-"):
            raise RtlilError(f"{mod.name}: constant {t}")
        while len(bits) < width:         # RTLIL's extension: the MSB, a 1 as 0
            bits += "0" if bits[-1] == "1" else bits[-1]
        return [(None, bits)], i + 1
    if t.lstrip("-").isdigit():          # a 32-bit constant, written as an integer
        return [(None, format(int(t) & 0xFFFFFFFF, "032b")[::-1])], i + 1
    raise RtlilError(f"{mod.name}: unexpected sigspec token {t}")


def _append(chunks, ch):
    """SigSpec::append: a chunk that continues the last one merges into it."""
    if chunks:
        last = chunks[-1]
        if ch[0] is None and last[0] is None:
            chunks[-1] = (None, last[1] + ch[1])
            return
        if ch[0] is not None and ch[0] == last[0] and last[1] + last[2] == ch[1]:
            chunks[-1] = (last[0], last[1], last[2] + ch[2])
            return
    chunks.append(ch)


def parse(text):
    """The one module of a flat mapped netlist's RTLIL."""
    mods = []
    mod = cell = None
    for ln, line in enumerate(text.splitlines(), 1):
        tok = line.split()
        if not tok or tok[0].startswith("#"):
            continue
        kw = tok[0]
        if kw in ("attribute", "autoidx"):
            continue
        if kw == "module":
            mod = Module(tok[1])
            mods.append(mod)
        elif kw == "parameter" and cell is None:
            continue                     # write_verilog -noattr leaves them out
        elif kw == "wire":
            width, port, pid = 1, None, 0
            j = 1
            while j < len(tok) - 1:
                if tok[j] == "width":
                    width = int(tok[j + 1])
                    j += 2
                elif tok[j] in ("input", "output", "inout"):
                    port, pid = tok[j], int(tok[j + 1])
                    j += 2
                elif tok[j] == "signed":
                    j += 1
                else:
                    raise RtlilError(f"line {ln}: wire option {tok[j]} not supported")
            mod.wires[tok[-1]] = (width, port, pid)
        elif kw == "cell":
            if tok[1].startswith("$"):
                raise RtlilError(f"line {ln}: internal cell {tok[1]} in a mapped netlist")
            cell = (tok[1], tok[2], {})
            mod.cells.append(cell)
        elif kw == "connect":
            if cell is not None:
                sig, k = _parse_sig(tok, 2, mod)
                if k != len(tok):
                    raise RtlilError(f"line {ln}: trailing tokens")
                cell[2][tok[1]] = sig
            else:
                lhs, k = _parse_sig(tok, 1, mod)
                rhs, k2 = _parse_sig(tok, k, mod)
                if k2 != len(tok):
                    raise RtlilError(f"line {ln}: trailing tokens")
                mod.conns.append((lhs, rhs))
        elif kw == "end":
            if cell is not None:
                cell = None
            else:
                mod = None
        elif kw == "parameter":
            raise RtlilError(f"line {ln}: cell parameter in a mapped netlist")
        else:
            raise RtlilError(f"line {ln}: {kw} not supported in a mapped netlist")
    if len(mods) != 1:
        raise RtlilError(f"{len(mods)} modules; one flat module expected")
    return mods[0]


def _chunk(mod, ch, no_decimal):
    if ch[0] is None:
        return const_text(ch[1], no_decimal)
    wire, lo, width = ch
    if lo == 0 and width == mod.wires[wire][0]:
        return vid(wire)
    if width == 1:
        return "%s[%d]" % (vid(wire), lo)
    return "%s[%d:%d]" % (vid(wire), lo + width - 1, lo)


def _sig(mod, chunks):
    if len(chunks) == 1:
        return _chunk(mod, chunks[0], False)
    return "{ " + ", ".join(_chunk(mod, c, True) for c in reversed(chunks)) + " }"


def to_verilog(mod):
    out = [HEADER, "\n"]
    ports = sorted((pid, n) for n, (_, p, pid) in mod.wires.items() if p)
    head = []
    for k, (_, n) in enumerate(ports):   # a line break after every 21 ports
        head.append((", " if k else "") + vid(n) + ("\n" if k % 21 == 20 else ""))
    out.append("module %s(%s);\n" % (vid(mod.name), "".join(head)))
    for name in sorted(mod.wires):
        width, port, _ = mod.wires[name]
        rng = " [%d:0]" % (width - 1) if width != 1 else ""
        if port:
            out.append("  %s%s %s;\n" % (port, rng, vid(name)))
        out.append("  wire%s %s;\n" % (rng, vid(name)))
    for ctype, cname, conns in sorted(mod.cells, key=lambda c: c[1]):
        args = ",".join("\n    .%s(%s)" % (vid(p), _sig(mod, conns[p])) for p in sorted(conns))
        out.append("  %s %s (%s\n  );\n" % (vid(ctype), vid(cname), args))
    for lhs, rhs in mod.conns:
        out.append("  assign %s = %s;\n" % (_sig(mod, lhs), _sig(mod, rhs)))
    out.append("endmodule\n")
    return "".join(out)


def convert(il_path, v_path):
    with open(il_path) as f:
        text = to_verilog(parse(f.read()))
    with open(v_path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    convert(sys.argv[1], sys.argv[2])
