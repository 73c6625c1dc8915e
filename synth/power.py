#!/usr/bin/env python3
"""Power of the mapped netlists under a named workload (OpenSTA report_power).

    python3 synth/power.py run [--set main|all] [--only NAME...] [--cycles N] [--sanity]
                                  the runs below -> build/power/NAME/,
                                  build/reports/power.{json,md}
    python3 synth/power.py report the reports from build/power/

Each run takes one configuration's mapped netlist (build/synth/CONFIG/, the
netlist OpenSTA times) and one workload, a named stimulus of the block's
lockstep harness (--workload NAME: tb/fiber/tb_fiber_issue_stage.h `hmma`,
tb/fiber/tb_fiber_base_operand_path.h `hmma`, tb/tilelens/tb_tilelens_tma_addr.cpp
`tile-load`). The harness checks the RTL against the C model every cycle of
the workload (a mismatch fails the run) and writes the applied inputs
(--vectors). From them, per input port bit: the rate (transitions per clock
cycle) and the duty (share of cycles at 1). The flops' rates come from a
replay of the same vectors under Icarus (tb/common/tb_replay.v, checked
against the expected outputs), on the mapped netlist (`gate`) or on the RTL
(`rtl`, the register bit each flop holds, flop_q.json; a cell the RTL
instantiates itself, the latch array's LATCH, its own instance). OpenSTA
2.0.17 has no VCD or SAIF reader and takes a rate only at an input port, so
every flop output becomes one (cut_flops) and OpenSTA propagates the rates
through the gates; so does every sequential cell's clock pin
(cut_clock_pins: the ideal clock's rate, or a gated clock's replayed one),
with the clock nets' charge added back. Clock: ideal (no tree), on clk_i at
the flow's period (flow.STA_PERIOD); the library's voltage (1.8 V,
nom_voltage).

OpenSTA computes rates once per session: each rate set is its own run:
the workload; zero (what remains is leakage and the clock: the `clock`
figure; any switching left fails the run); with --sanity every rate doubled
(switching must double). A composed unit is split by instance name (the
children keep their instance names in the flat netlist) with
sta::instance_power per cell.

The tool traps (docs/power.md): a clock pin on a clock net is charged
twice its energy per cycle; a gated clock keeps the clock's rate; an input
port's net has no switching; `set_power_activity -pins` sets nothing;
sta::set_power_pin_activity on a cell pin is ignored; a flop's output rate
does not follow its data; an input's rate is per second unless the input is
timed against the clock; constant pins go to power_tie0_i / power_tie1_i;
the library's flop models leave x in a gate-level replay (power_flops.v).

Standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from flow import STA_PERIOD  # noqa: E402
import report  # noqa: E402

LIB = "/usr/share/qflow/tech/osu018/osu018_stdcells.lib"
VOLTAGE = 1.8
TIE_PORTS = ("power_tie0_i", "power_tie1_i")

# FIBER's figure (fiber.txt): 10.75 mW per SM for the four blocks at 2.5 GHz.
PAPER_FIBER_MW = 10.75
PAPER_FIBER_GHZ = 2.5
PAPER_BITMAP_BITS = 2 * 2048 * 4   # two groups of 2048 bits, four replicas (fiber.txt)

# The runs: configuration, harness (relative to the root), workload, the
# instance groups of a composed unit (label, regex on the flat cell name: a
# child's cells keep its instance name, made plain by netlist_fix.py, e.g.
# esc_u_addr_gen__10001_; the BUFX4 trees the flow's fanout repair adds,
# _fanout_buf_N_, are a group of their own, not attributed to a block; the
# glue, issue_pend's cells included, is the rest).
FIBER_SPLIT = [
    ("fiber_busy_bitmap", r"^esc_u_bitmap_"),
    ("fiber_xbar", r"^esc_u_xbar_"),
    ("fiber_port_arb", r"^esc_u_arb_"),
    ("fiber_operand_sel (4)", r"^esc_.*u_sel_"),
    ("fanout buffers", r"^_fanout_buf"),
]
TMA_SPLIT = [
    ("tilelens_box_check.pipe4", r"^esc_u_box_check_"),
    ("tilelens_split_sum_pipe", r"^esc_u_split_sum_"),
    ("tilelens_counter_cfg", r"^esc_u_counter_cfg_"),
    ("tilelens_addr_gen", r"^esc_u_addr_gen_"),
    ("fanout buffers", r"^_fanout_buf"),
]
RUNS = [
    dict(name="fiber_issue_stage", config="fiber_issue_stage", workload="hmma", paper="fiber", activity="rtl",
         cycles=500,
         harness="build/tb/fiber/fiber_issue_stage/full/obj/Vfiber_issue_stage", split=FIBER_SPLIT),
    dict(name="fiber_base_operand_path", config="fiber_base_operand_path", workload="hmma", paper="fiber",
         activity="rtl", cycles=500,
         harness="build/tb/fiber/fiber_base_operand_path/full/obj/Vfiber_base_operand_path", split=[]),
    dict(name="tilelens_tma_addr", config="tilelens_tma_addr", workload="tile-load", paper="tilelens",
         activity="gate", cycles=1200,
         harness="build/tb/tilelens/tilelens_tma_addr/obj/Vtilelens_tma_addr", split=TMA_SPLIT),
    # the composed stage with the latch-array bitmap (synthesis set all: make
    # synth-all; power.py run --set all, make power-all): its write enables
    # gate the clock of each bit: the RTL replay reads the latches the RTL
    # instantiates, and their clock pins, as synthesis does (rtl_cell)
    dict(name="fiber_issue_stage.latch", config="fiber_issue_stage.latch", workload="hmma", paper="fiber",
         activity="rtl", cycles=500, set="all",
         harness="build/tb/fiber/fiber_issue_stage/full/obj/Vfiber_issue_stage", split=FIBER_SPLIT),
]
WORKLOADS = {
    "hmma": "the paper's Fig. 6(c) HMMA.FP16.1688 operand stream on all four SPs, without end "
            "(random bank data)",
    "tile-load": "section 6.5's 128 x 256 BF16 tile, tile-major (64 x 32 memory tiles), loaded tile "
                 "after tile across a 4096 x 4096 matrix, always ready",
}


# --------------------------------------------------------------------------
# Activity from the workload's vectors

def wrapper_ports(text):
    """(in_w, out_w, clocked, {port: (hi, lo)} of the input bus) from the
    flat wrapper the lockstep engine writes beside the vectors."""
    in_w = int(re.search(r"`define REPLAY_IN_W (\d+)", text).group(1))
    out_w = int(re.search(r"`define REPLAY_OUT_W (\d+)", text).group(1))
    clocked = re.search(r"`define REPLAY_CLOCKED (\d)", text).group(1) == "1"
    ports = {m.group(1): (int(m.group(2)), int(m.group(3)))
             for m in re.finditer(r"\.(\w+)\(in_i\[(\d+):(\d+)\]\)", text)}
    return in_w, out_w, clocked, ports


def _add(counters, x):
    """Adds the bit vector x to bit-sliced counters (counters[k] holds bit k
    of every position's count)."""
    k = 0
    while x:
        if k == len(counters):
            counters.append(0)
        c = counters[k]
        counters[k] = c ^ x
        x = c & x
        k += 1


def _counts(counters, width):
    out = [0] * width
    for k, c in enumerate(counters):
        i = 0
        while c:
            if c & 1:
                out[i] += 1 << k
            c >>= 1
            i += 1
    return out


def bit_activity(lines, in_w, out_w):
    """Per input bit (bit 0 = in_i[0]): (toggles, cycles at 1), over the
    lines in order; the count of lines. A line is {in, expected, care}."""
    tog, high = [], []
    prev = None
    n = 0
    shift = 2 * out_w
    mask = (1 << in_w) - 1
    for ln in lines:
        ln = ln.strip()
        if not ln:
            continue
        v = (int(ln, 16) >> shift) & mask
        if prev is not None:
            _add(tog, v ^ prev)
        _add(high, v)
        prev = v
        n += 1
    return _counts(tog, in_w), _counts(high, in_w), n


def port_activity(vectors_text, wrapper_text, netlist_inputs):
    """{netlist input bit name: (activity per cycle, duty)} from the vectors.
    netlist_inputs: {port: width or None (scalar)}. A vector bus of width 1
    is named port[0] in the netlist only when the netlist declares it so."""
    in_w, out_w, _, ports = wrapper_ports(wrapper_text)
    tog, high, n = bit_activity(vectors_text.split(), in_w, out_w)
    if n < 2:
        raise ValueError("fewer than two vector lines: no toggle rate")
    act = {}
    for port, (hi, lo) in ports.items():
        if port not in netlist_inputs:
            continue          # an input the netlist dropped (no load)
        width = netlist_inputs[port]
        for b in range(hi - lo + 1):
            name = port if width is None else f"{port}[{b}]"
            act[name] = (tog[lo + b] / (n - 1), high[lo + b] / n)
    return act, n


# --------------------------------------------------------------------------
# Activity of every net: the workload's vectors replayed on the netlist

CELLS_V = "/usr/share/qflow/tech/osu018/osu018_stdcells.v"
OUT_PINS = ("Y", "Q", "YC", "YS")
DUMP_V = """`timescale 1ns/10ps
module power_dump;
  initial begin
    $dumpfile("%s");
%s  end
endmodule
"""


def vcd_activity(path, t_end=None):
    """{net: (transitions, time at 1)} and the end time of a VCD of
    tb_replay: names relative to tb_replay.u_flat.u_dut (a.b[2].c[5]; a
    vector $var is split per bit). A change from or to x/z is no transition; time
    at x/z counts as neither 1 nor 0; values change at time steps (changes
    within one step, zero-delay glitches, collapse to the last value)."""
    ids = {}          # id -> list of (name) per bit, msb first
    scopes = []       # below tb_replay.u_flat.u_dut: the name's prefix
    last = {}         # (id, bit) -> (value, since)
    tog, high = {}, {}
    t = 0
    in_defs = True
    pending = {}      # the values of this time step: a change within one step is no transition

    def commit():
        for name, val in pending.items():
            old = last.get(name)
            if old is not None:
                ov, since = old
                if ov == val:
                    continue
                if ov == "1":
                    high[name] = high.get(name, 0) + t - since
                if ov in "01" and val in "01":
                    tog[name] = tog.get(name, 0) + 1
            last[name] = (val, t)
        pending.clear()

    with open(path) as f:
        for ln in f:
            if in_defs:
                w = ln.split()
                if not w:
                    continue
                if w[0] == "$scope":
                    scopes.append(w[2])
                elif w[0] == "$upscope":
                    scopes.pop()
                elif w[0] == "$var" and scopes:
                    width, code, name = int(w[2]), w[3], w[4]
                    name = ".".join(scopes[3:] + [name])
                    rng = w[5] if len(w) > 6 and w[5].startswith("[") else None
                    if width == 1:
                        names = [name + (rng or "")]
                    else:
                        hi, lo = (int(x) for x in rng.strip("[]").split(":"))
                        step = -1 if hi >= lo else 1
                        names = [f"{name}[{i}]" for i in range(hi, lo + step, step)]
                    ids.setdefault(code, []).extend([names])
                elif w[0] == "$enddefinitions":
                    in_defs = False
                continue
            c = ln[:1]
            if c == "#":
                commit()
                t = int(ln[1:])
                continue
            if c in "01xzXZ":
                code, vals = ln[1:].strip(), [c.lower()]
            elif c == "b":
                v, code = ln[1:].split()
                vals = list(v.lower())
            else:
                continue
            for names in ids.get(code, ()):
                vv = vals if len(vals) == len(names) else [vals[0] if vals[0] in "xz" else "0"] * (
                    len(names) - len(vals)) + vals
                for name, val in zip(names, vv):
                    pending[name] = val
    commit()
    end = t if t_end is None else t_end
    for name, (val, since) in last.items():
        if val == "1":
            high[name] = high.get(name, 0) + end - since
    return {n: (tog.get(n, 0), high.get(n, 0)) for n in last}, end


INST_RE = re.compile(r"^\s*([A-Z][A-Z0-9]*)\s+(\\?\S+)\s*\((.*?)\);", re.M | re.S)
PIN_RE = re.compile(r"\.(\w+)\(\s*([^()]*?)\s*\)")


def driver_pins(text, top):
    """{net: instance/pin} of every cell output in module top."""
    body = _module_body(text, top)
    out = {}
    for m in INST_RE.finditer(body):
        for pin, net in PIN_RE.findall(m.group(3)):
            if pin in OUT_PINS and net:
                out[net.replace("\\", "").strip()] = f"{m.group(2).lstrip(chr(92))}/{pin}"
    return out


def clock_nets(text, top, clock):
    """The clock port and the nets of its buffer tree (a buffer or inverter
    fed by a clock net): the clock's activity is OpenSTA's, not the VCD's."""
    if not clock:
        return set()
    body = _module_body(text, top)
    bufs = []
    for m in INST_RE.finditer(body):
        if m.group(1).startswith(("BUF", "CLKBUF", "INV")):
            p = dict((k, v.replace("\\", "").strip()) for k, v in PIN_RE.findall(m.group(3)))
            if "A" in p and "Y" in p:
                bufs.append((p["A"], p["Y"]))
    ck = {clock}
    grew = True
    while grew:
        grew = False
        for a, y in bufs:
            if a in ck and y not in ck:
                ck.add(y)
                grew = True
    return ck


def read(path):
    with open(path) as f:
        return f.read()


def without_modules(text, names):
    """The library's Verilog without the modules named (power_flops.v
    replaces them)."""
    for n in names:
        text = re.sub(r"^module\s+%s\b.*?^endmodule\b" % re.escape(n), "", text, flags=re.M | re.S)
    return text


def gate_activity(netlist_path, top, vectors, wrapper, workdir, rtl=None, scopes=("",), cell_models=False,
                  params=()):
    """Replays the vectors under Icarus (tb/common/tb_replay.v) on the
    netlist (the OSU cell models, power_flops.v) or, with rtl = (paper,
    top), on the RTL, with a VCD of the given scopes of the design (the
    netlist: depth 1, "" is the top; the RTL: the registers named); returns ({name: (activity per cycle, duty)},
    cycles, mismatch summary, cpu s). Every output must match the
    workload's expected outputs. RTL only: cell_models, the RTL compiled as
    synthesis reads it (SYNTHESIS: the cells it instantiates itself, the
    latch array's LATCH) with the cells' models (power_flops.v,
    OSU_CELL_MODELS); params, [(name, value)] of the configuration, set on
    the design by defparam."""
    os.makedirs(workdir, exist_ok=True)
    vcd = os.path.join(workdir, "gate.vcd")
    with open(os.path.join(workdir, "power_dump.v"), "w") as f:
        f.write(DUMP_V % (vcd, "".join(f"    $dumpvars({0 if rtl else 1}, tb_replay.u_flat.u_dut{'.' + sc if sc else ''});\n"
                                       for sc in scopes)))
    exe = os.path.join(workdir, "gate.vvp")
    flops = os.path.join(HERE, "power_flops.v")
    cells = os.path.join(workdir, "cells_comb.v")
    with open(cells, "w") as f:
        f.write(without_modules(read(CELLS_V), re.findall(r"^module\s+(\w+)", read(flops), re.M)))
    if rtl:
        paper, rtop = rtl
        srcs = ["-I", os.path.join(ROOT, "rtl", "common"), "-I", os.path.join(ROOT, "rtl", paper),
                "-y", os.path.join(ROOT, "rtl", paper), "-y", os.path.join(ROOT, "rtl", "common"),
                os.path.join(ROOT, "rtl", paper, rtop + ".v")]
        if cell_models:
            srcs = ["-DSYNTHESIS", "-DOSU_CELL_MODELS", flops] + srcs
        if params:
            pv = os.path.join(workdir, "power_params.v")
            with open(pv, "w") as f:
                f.write("module power_params;\n" + "".join(
                    f"  defparam tb_replay.u_flat.u_dut.{k} = {v};\n" for k, v in params) + "endmodule\n")
            srcs.append(pv)
    else:
        srcs = [netlist_path, flops, cells]
    rc, c1 = cpu_of(["iverilog", "-g2005", "-o", exe, wrapper] + srcs +
                    [os.path.join(ROOT, "tb", "common", "tb_replay.v"), os.path.join(workdir, "power_dump.v")],
                    workdir, os.path.join(workdir, "iverilog.log"))
    if rc != 0:
        raise RuntimeError(f"iverilog failed ({workdir}/iverilog.log)")
    rc, c2 = cpu_of(["vvp", "-n", exe, f"+vectors={vectors}", "+mode=power"], workdir,
                    os.path.join(workdir, "vvp.log"))
    log = read(os.path.join(workdir, "vvp.log"))
    summ = (re.findall(r"^SUMMARY.*", log, re.M) or [""])[-1]
    if rc != 0 or " 0 mismatches" not in summ:
        raise RuntimeError(f"gate-level replay of the workload failed: {summ or 'rc %d' % rc}")
    ncyc = int(re.search(r"(\d+) vectors checked", summ).group(1))
    t0 = os.times()
    per, end = vcd_activity(vcd)
    c3 = os.times().user - t0.user
    os.remove(vcd)
    act = {n: (tg / ncyc, hi / end if end else 0.0) for n, (tg, hi) in per.items()}
    return act, ncyc, summ, c1 + c2 + c3


# --------------------------------------------------------------------------
# The netlist for report_power

DECL_RE = re.compile(r"^\s*input\s+(?:\[(\d+):(\d+)\]\s*)?(\\?\S+?)\s*;", re.M)
CONST_PIN_RE = re.compile(r"\.(\w+)\(\s*1'(?:b|h)([01])\s*\)")


def netlist_top(text, top):
    """The module to link: top when the netlist defines it, else its only module."""
    mods = re.findall(r"^module\s+\\?(\S+?)\s*\(", text, re.M)
    if top in mods:
        return top
    if len(mods) == 1:
        return mods[0]
    raise ValueError(f"module {top} not in the netlist ({len(mods)} modules)")


def netlist_inputs(text, top):
    """{input port: width or None} of module top."""
    body = _module_body(text, top)
    out = {}
    for m in DECL_RE.finditer(body):
        out[m.group(3)] = None if m.group(1) is None else int(m.group(1)) - int(m.group(2)) + 1
    return out


def _module_body(text, top):
    m = re.search(r"^module\s+\\?%s\s*\(" % re.escape(top), text, re.M)
    if not m:
        raise ValueError(f"module {top} not in the netlist")
    end = text.find("endmodule", m.end())
    return text[m.start():end]


def tie_constant_pins(text, top):
    """Every cell pin connected to 1'b0 / 1'b1 in module top goes to an extra
    input port (TIE_PORTS); returns the text and the count of pins moved."""
    m = re.search(r"^module\s+\\?%s\s*\((.*?)\);" % re.escape(top), text, re.M | re.S)
    if not m:
        raise ValueError(f"module {top} not in the netlist")
    end = text.find("endmodule", m.end())
    body = text[m.end():end]
    count = [0]

    def sub(mm):
        count[0] += 1
        return f".{mm.group(1)}({TIE_PORTS[int(mm.group(2))]})"
    body = CONST_PIN_RE.sub(sub, body)
    if not count[0]:
        return text, 0
    header = text[:m.start()] + text[m.start():m.end()].replace(
        m.group(1), m.group(1).rstrip() + ", " + ", ".join(TIE_PORTS), 1)
    decl = "\n" + "".join(f"  input {p};\n" for p in TIE_PORTS)
    return header + decl + body + text[end:], count[0]


SEQ_CELLS = ("DFFPOSX1", "DFFNEGX1", "DFFSR", "LATCH")


def seq_q(text, top, pin="Q"):
    """{instance: the net on pin (Q, CLK)} of the sequential cells of module top."""
    out = {}
    for m in INST_RE.finditer(_module_body(text, top)):
        if m.group(1) in SEQ_CELLS:
            q = re.search(r"\.%s\(\s*([^()]*?)\s*\)" % pin, m.group(3))
            if q:
                out[m.group(2).lstrip(chr(92))] = q.group(1).replace("\\", "").replace(" ", "")
    return out


def cut_flops(text, top, rates, clock=()):
    """Every sequential cell's output net N with a replayed rate becomes a
    root: the cell's Q goes to a new open wire, N is driven by a new input
    port (assign N = power_q<k>_i) that takes N's rate and duty. OpenSTA
    2.0.17 takes a rate only at a root (an input port): a flop's output
    otherwise gets a rate that does not depend on its data (measured,
    docs/power.md), and set_power_pin_activity on any other pin is ignored.
    rates: {instance: (rate, duty)}, the flops to cut.
    Returns the text and [(port, net, instance)] of the cuts; N's switching
    power (its capacitance charged at N's rate) is added back from OpenSTA's
    net capacitance (sta_script, @@QCAP)."""
    m = re.search(r"^module\s+\\?%s\s*\((.*?)\);" % re.escape(top), text, re.M | re.S)
    end = text.find("endmodule", m.end())
    body = text[m.end():end]
    cuts = []

    def sub(mm):
        if mm.group(1) not in SEQ_CELLS:
            return mm.group(0)
        conns = mm.group(3)
        q = re.search(r"\.Q\(\s*([^()]*?)\s*\)", conns)
        if not q:
            return mm.group(0)
        net = q.group(1).replace("\\", "").strip()
        inst = mm.group(2).lstrip(chr(92))
        if inst not in rates or net in clock:
            return mm.group(0)
        k = len(cuts)
        cuts.append((f"power_q{k}_i", net, mm.group(2).lstrip(chr(92))))
        return mm.group(0).replace(q.group(0), f".Q(power_qo{k})", 1)
    body = INST_RE.sub(sub, body)
    if not cuts:
        return text, []
    header = text[:m.start()] + text[m.start():m.end()].replace(
        m.group(1), m.group(1).rstrip() + ", " + ", ".join(p for p, _, _ in cuts), 1)
    decl = "\n" + "".join(f"  input {p};\n  wire power_qo{k};\n  assign {n} = {p};\n"
                          for k, (p, n, _) in enumerate(cuts))
    return header + decl + body + text[end:], cuts


CLOCK_RATE = (2.0, 0.5)   # an ideal clock: two transitions per cycle, high half of it


def net_loads(text, top):
    """{net: [instance, ...]} of every cell input pin of module top."""
    out = {}
    for m in INST_RE.finditer(_module_body(text, top)):
        inst = m.group(2).lstrip(chr(92))
        for pin, net in PIN_RE.findall(m.group(3)):
            if pin not in OUT_PINS and net:
                out.setdefault(net.replace("\\", "").replace(" ", ""), []).append(inst)
    return out


def cut_clock_pins(text, top, clock, rates):
    """Every load of the clock that is not one of its own buffers or
    inverters becomes a root, and so does every sequential cell's clock
    pin: the pins on one net N move to a new net driven by a new input port
    (power_ck<k>_i). Its rate: the ideal clock's (CLOCK_RATE, not scaled
    with the workload) when N is the clock or its buffer and inverter tree
    (clock, a set of nets); otherwise N is a clock gated by logic (the latch
    array's clk & (set | clear)) and takes N's replayed rate from rates
    ({net: (rate, duty)}; ValueError when it has none). Why: OpenSTA 2.0.17
    gives a sequential cell's clock pin, on a clock net, the sum of its
    rise and fall energies per transition, twice a cycle (twice the
    liberty's energy per cycle: a data pin toggling twice a cycle gets it
    once), and gives every net the clock reaches through a gate the clock's
    full rate whatever the gate's other inputs (docs/power.md, traps 10 and
    11); on a root the clock is data, and the gates propagate it by their
    functions. Returns the text and [(port, new net, kind, old net,
    [instances])], kind "clock" or "gated". The new nets' capacitance,
    charged at their rates, is added back (add_clock_switching); so is the
    clock port's own net (an input port drives no cell: OpenSTA counts no
    switching on it)."""
    m = re.search(r"^module\s+\\?%s\s*\((.*?)\);" % re.escape(top), text, re.M | re.S)
    end = text.find("endmodule", m.end())
    body = text[m.end():end]
    nets = {}     # old net -> k
    cuts = []

    def norm(net):
        return net.replace("\\", "").replace(" ", "")

    def sub(mm):
        cell, inst, conns = mm.group(1), mm.group(2).lstrip(chr(92)), mm.group(3)
        pins = PIN_RE.findall(conns)
        tree = cell.startswith(("BUF", "CLKBUF", "INV")) and any(
            p in OUT_PINS and norm(n) in clock for p, n in pins)
        for pin, net in pins:
            n = norm(net)
            if pin in OUT_PINS or not n:
                continue
            if cell in SEQ_CELLS and pin == "CLK" and n not in clock:
                if n not in rates:
                    raise ValueError(f"clock pin net {n} of {inst} is neither the clock nor a net with a "
                                     "replayed rate (a gated clock's rate: its net in the gate-level replay, "
                                     "or the clock pin of a cell the RTL instantiates in the RTL replay)")
                kind = "gated"
            elif n in clock and not tree:
                kind = "clock"
            else:
                continue
            if n not in nets:
                nets[n] = len(cuts)
                cuts.append((f"power_ck{len(cuts)}_i", f"power_ckn{len(cuts)}", kind, n, []))
            k = nets[n]
            cuts[k][4].append(inst)
            conns = re.sub(r"\.%s\(\s*[^()]*?\s*\)" % pin, f".{pin}({cuts[k][1]})", conns, count=1)
        return mm.group(0).replace(mm.group(3), conns, 1)
    body = INST_RE.sub(sub, body)
    if not cuts:
        return text, []
    header = text[:m.start()] + text[m.start():m.end()].replace(
        m.group(1), m.group(1).rstrip() + ", " + ", ".join(c[0] for c in cuts), 1)
    decl = "\n" + "".join(f"  input {p};\n  wire {n};\n  assign {n} = {p};\n" for p, n, _, _, _ in cuts)
    return header + decl + body + text[end:], cuts


# --------------------------------------------------------------------------
# OpenSTA

def inv_cap():
    """The input capacitance of INVX1 (pF), from the liberty."""
    text = read(LIB)
    m = re.search(r"cell\s*\(\s*INVX1\s*\).*?pin\s*\(\s*A\s*\).*?capacitance\s*:\s*([0-9.eE+-]+)", text, re.S)
    return float(m.group(1))


def _tcl_name(name):
    return "{" + name + "}"


def sta_script(netlist, top, clock, act, groups, scale=1.0, period=STA_PERIOD, cut_nets=None, out_load=None,
               fixed=None, ck_nets=None, tree=None):
    """The OpenSTA script of one activity set: every input port bit at its
    rate times scale (OpenSTA computes activities once per session: one run
    per set), then @@POWER lines: the design's power by group and, per
    instance group, the summed power of its cells. Inputs and outputs as
    in the flow's timing: driven by BUFX2, loaded by four INVX1 inputs.
    fixed: {port: (rate, duty)} not scaled (the clock roots, cut_clock_pins:
    ideal, no driving cell, as the clock); ck_nets: the clock roots' nets,
    their capacitance printed (@@CKCAP k), and the clock port's own net's
    (@@CKPORT); tree: the clock's cells (its buffers and inverters, the
    gates it enters), their summed power (@@CKTREE)."""
    if out_load is None:
        out_load = 4 * inv_cap()
    fixed = fixed or {}
    lines = [f"read_liberty {LIB}", f"read_verilog {netlist}", f"link_design {top}"]
    if clock:
        lines.append(f"create_clock -name clk -period {period} [get_ports {clock}]")
        data_in = f"[delete_from_list [all_inputs] [get_ports {clock}]]"
    else:
        lines.append(f"create_clock -name clk -period {period}")
        data_in = "[all_inputs]"
    driven = data_in
    if fixed:
        ports = " ".join(_tcl_name(p) for p in sorted(fixed))
        driven = f"[delete_from_list {data_in} [get_ports [list {ports}]]]"
    # The inputs are timed against the clock: without it OpenSTA 2.0.17 reads
    # an input's activity as transitions per second, not per clock period.
    lines.append(f"set_input_delay 0 -clock clk {data_in}")
    lines.append(f"set_driving_cell -lib_cell BUFX2 {driven}")
    lines.append("set_output_delay 0 -clock clk [all_outputs]")
    lines.append(f"set_load {out_load:.6f} [all_outputs]")
    lines.append("set corner [sta::cmd_corner]")
    # Every input port bit is set on its own (-input_ports): `set_power_activity
    # -input` would override the cell pins' rates below (OpenSTA 2.0.17).
    for name, (a, d) in sorted(act.items()):
        lines.append(f"set_power_activity -input_ports [get_ports {_tcl_name(name)}] "
                     f"-activity {a * scale:.6g} -duty {d:.6g}")
    for name, (a, d) in sorted(fixed.items()):
        lines.append(f"set_power_activity -input_ports [get_ports {_tcl_name(name)}] "
                     f"-activity {a:.6g} -duty {d:.6g}")
    # the capacitance of every cut flop output's net (F), for its switching
    for k, net in enumerate(cut_nets or ()):
        lines.append(f'puts "@@QCAP {k} [[get_nets {_tcl_name(net)}] capacitance rise $corner max]"')
    for k, net in enumerate(ck_nets or ()):
        lines.append(f'puts "@@CKCAP {k} [[get_nets {_tcl_name(net)}] capacitance rise $corner max]"')
    if clock and ck_nets is not None:
        lines.append(f'puts "@@CKPORT [[get_nets {_tcl_name(clock)}] capacitance rise $corner max]"')
    for i, p in enumerate(TIE_PORTS):
        lines.append(f"if {{[llength [get_ports -quiet {p}]]}} {{ set_power_activity -input_ports "
                     f"[get_ports {p}] -activity 0 -duty {i} }}")
    lines.append(f'puts "@@SCALE {scale}"')
    lines.append('puts "@@DESIGN [sta::design_power $corner]"')
    if tree is not None:
        lines.append("set ck {0 0 0 0}\nforeach c [list " + " ".join(_tcl_name(c) for c in sorted(tree)) + "] {\n"
                     "  set p [sta::instance_power [get_cells $c] $corner]\n"
                     "  set ck [list [expr {[lindex $ck 0]+[lindex $p 0]}] [expr {[lindex $ck 1]+[lindex $p 1]}]"
                     " [expr {[lindex $ck 2]+[lindex $p 2]}] [expr {[lindex $ck 3]+[lindex $p 3]}]]\n}\n"
                     'puts "@@CKTREE [llength [list ' + " ".join(_tcl_name(c) for c in sorted(tree)) + ']] $ck"')
    if groups:
        # the cells of each group (regex on the flat name; the first match
        # wins; the rest is the last group), their power summed
        pats = " ".join(_tcl_name(p) for _, p in groups)
        lines.append("set pats [list " + pats + "]\n"
                     "set n [llength $pats]\n"
                     "for {set g 0} {$g <= $n} {incr g} { set s($g) {0 0 0 0} ; set k($g) 0 }\n"
                     "foreach c [get_cells *] {\n"
                     "  set name [get_full_name $c]\n"
                     "  set g $n\n"
                     "  for {set i 0} {$i < $n} {incr i} { if {[regexp [lindex $pats $i] $name]} { set g $i; break } }\n"
                     "  set p [sta::instance_power $c $corner]\n"
                     "  set t $s($g)\n"
                     "  set s($g) [list [expr {[lindex $t 0]+[lindex $p 0]}] [expr {[lindex $t 1]+[lindex $p 1]}]"
                     " [expr {[lindex $t 2]+[lindex $p 2]}] [expr {[lindex $t 3]+[lindex $p 3]}]]\n"
                     "  incr k($g)\n"
                     "}\n"
                     "for {set g 0} {$g <= $n} {incr g} { puts \"@@GROUP $g $k($g) $s($g)\" }")
    return "\n".join(lines) + "\n"


def parse_power(text, ngroups):
    """{scale: {"design": {...}, "groups": [...]}} from the script's output."""
    out = {}
    cur = None
    for ln in text.splitlines():
        if ln.startswith("@@SCALE "):
            cur = out.setdefault(float(ln.split()[1]), {"groups": []})
        elif ln.startswith("@@DESIGN ") and cur is not None:
            v = [float(x) for x in ln.split()[1:]]
            # total, sequential, combinational, macro, pad: internal switching leakage total
            keys = ("total", "sequential", "combinational", "macro", "pad")
            cur["design"] = {k: dict(zip(("internal", "switching", "leakage", "total"), v[4 * i:4 * i + 4]))
                             for i, k in enumerate(keys)}
        elif ln.startswith("@@CKTREE ") and cur is not None:
            f = ln.split()
            cur["clock_tree"] = dict(zip(("cells", "internal", "switching", "leakage", "total"),
                                         [int(f[1])] + [float(x) for x in f[2:6]]))
        elif ln.startswith("@@GROUP ") and cur is not None:
            f = ln.split()
            cur["groups"].append({"cells": int(f[2]),
                                  **dict(zip(("internal", "switching", "leakage", "total"),
                                             (float(x) for x in f[3:7])))})
    for scale, r in out.items():
        if "design" not in r:
            raise ValueError(f"no design power at scale {scale}")
        if ngroups and len(r["groups"]) != ngroups + 1:
            raise ValueError(f"{len(r['groups'])} groups at scale {scale}, {ngroups + 1} expected")
    return out


def cpu_of(cmd, cwd, log):
    t0 = os.times()
    with open(log, "w") as f:
        rc = subprocess.call(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    t1 = os.times()
    return rc, (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)


def power_of(netlist_text, top, act, groups, workdir, period=STA_PERIOD, scales=(1.0, 0.0), nets=None,
             flop_rates=None, clk_rates=None):
    """Writes the power netlist (constant pins tied; with per-net rates,
    nets: every flop output cut to a root port, cut_flops) and one script
    per activity scale into workdir, runs OpenSTA on each, returns ({scale:
    parsed power}, tie count, cpu seconds). With cuts, each cut net's
    switching power (C V^2 / 2 per transition) goes back to the sequential
    group and to the instance group of its flop. Every clock pin becomes a
    root too (cut_clock_pins); a clock that logic gates takes its rate from
    nets (the gate-level replay's, by net) or from clk_rates ({instance:
    (rate, duty)} of the clock pins of the cells the RTL instantiates
    itself, the RTL replay's)."""
    os.makedirs(workdir, exist_ok=True)
    tied, nties = tie_constant_pins(netlist_text, top)
    ins = netlist_inputs(tied, top)
    clock = next((c for c in ("clk_i", "clk", "clock") if c in ins), None)
    act = {k: v for k, v in act.items() if k.split("[")[0] != clock}
    cuts, ck_cuts, fixed, loads, tree = [], None, {}, {}, None
    if nets is not None:
        flop_rates = {i: nets[q] for i, q in seq_q(tied, top).items() if q in nets}
    if flop_rates is not None:
        cknets = clock_nets(tied, top, clock)
        tied, cuts = cut_flops(tied, top, flop_rates, cknets)
        for p, _, inst in cuts:
            act[p] = flop_rates[inst]
        seq_clk = seq_q(tied, top, "CLK")
        ck_rates = dict(nets or {})
        for inst, net in seq_clk.items():
            if clk_rates and inst in clk_rates and net not in cknets:
                ck_rates[net] = clk_rates[inst]
        tied, ck_cuts = cut_clock_pins(tied, top, cknets, ck_rates)
        for p, _, kind, old, _ in ck_cuts:
            if kind == "clock":
                fixed[p] = CLOCK_RATE
            else:
                act[p] = ck_rates[old]
        loads = net_loads(tied, top)
        # the clock's cells: those that drive its nets (its buffers and
        # inverters) and the gates it enters (a gate passes the clock while
        # its other inputs, still at zero rates, hold it open)
        tree = sorted({d.split("/")[0] for n, d in driver_pins(tied, top).items() if n.replace(" ", "") in cknets}
                      | {i for _, _, kind, _, insts in ck_cuts if kind == "clock" for i in insts if i not in seq_clk})
    with open(os.path.join(workdir, "netlist_power.v"), "w") as f:
        f.write(tied)
    out, cpu = {}, 0.0
    for scale in scales:
        tag = f"x{scale:g}"
        with open(os.path.join(workdir, f"power_{tag}.tcl"), "w") as f:
            f.write(sta_script("netlist_power.v", top, clock, act, groups, scale, period,
                               [n.replace(" ", "") for _, n, _ in cuts], fixed=fixed,
                               ck_nets=None if ck_cuts is None else [c[1] for c in ck_cuts], tree=tree))
        log = os.path.join(workdir, f"power_{tag}.log")
        rc, c = cpu_of(["sta", "-no_splash", "-exit", f"power_{tag}.tcl"], workdir, log)
        cpu += c
        text = read(log)
        if rc != 0 or re.search(r"^Error", text, re.M):
            err = (re.findall(r"^Error.*", text, re.M) or [f"rc {rc}"])[0]
            raise RuntimeError(f"sta: {err} ({log})")
        r = parse_power(text, len(groups))
        add_cut_switching(r[scale], text, cuts, act, groups, scale, period)
        if ck_cuts is not None:
            add_clock_switching(r[scale], text, ck_cuts, act, fixed, loads.get(clock, []), groups, scale, period)
        out.update(r)
    return out, nties, cpu


def add_cut_switching(r, text, cuts, act, groups, scale, period):
    """Adds each cut net's switching power, 0.5 C V^2 x rate / period, to
    the design (sequential, total) and to its flop's instance group."""
    caps = {int(k): float(v) for k, v in re.findall(r"^@@QCAP (\d+) (\S+)", text, re.M)}
    if len(caps) != len(cuts):
        raise ValueError(f"{len(caps)} cut capacitances for {len(cuts)} cuts")
    pats = [re.compile(p) for _, p in groups]
    for k, (port, _, inst) in enumerate(cuts):
        w = 0.5 * caps[k] * VOLTAGE ** 2 * act[port][0] * scale / (period * 1e-9)
        for part in ("total", "sequential"):
            r["design"][part]["switching"] += w
            r["design"][part]["total"] += w
        if groups:
            g = next((i for i, p in enumerate(pats) if p.search(inst)), len(groups))
            gr = r["groups"][g]
            gr["switching"] += w
            gr["total"] += w
            gr["flops"] = gr.get("flops", 0) + 1
            gr["flop_toggles"] = gr.get("flop_toggles", 0.0) + act[port][0] * scale
    r["cut_flops"] = len(cuts)


def add_clock_switching(r, text, ck_cuts, act, fixed, port_loads, groups, scale, period):
    """Adds the switching of the clock roots' nets (cut_clock_pins: the
    sequential cells' clock pins; the ideal clock at its fixed rate, a gated
    clock at its replayed rate times scale) and of the clock port's own net
    (the clock's other loads, the gates of a gated clock among them; an
    input port drives no cell, so OpenSTA counts none), 0.5 C V^2 per
    transition, to the design (its total, and its sequential part, or for
    the clock port's own net its combinational part) and, each net's share
    by its loads, to their instance groups. r["clock_net"]:
    the ideal clock's part (W), the same at every scale; r["gated_clock_net"]:
    the gated clocks' part."""
    caps = {int(k): float(v) for k, v in re.findall(r"^@@CKCAP (\d+) (\S+)", text, re.M)}
    if len(caps) != len(ck_cuts):
        raise ValueError(f"{len(caps)} clock root capacitances for {len(ck_cuts)} clock roots")
    pats = [re.compile(p) for _, p in groups]
    r["clock_net"] = r.get("clock_net", 0.0)
    r["gated_clock_net"] = r.get("gated_clock_net", 0.0)
    nets = [(caps[k], fixed[p][0] if kind == "clock" else act[p][0] * scale, kind, insts, "sequential")
            for k, (p, _, kind, _, insts) in enumerate(ck_cuts)]
    m = re.search(r"^@@CKPORT (\S+)", text, re.M)
    if m and port_loads:
        nets.append((float(m.group(1)), CLOCK_RATE[0], "clock", port_loads, "combinational"))
    for cap, rate, kind, insts, part in nets:
        w = 0.5 * cap * VOLTAGE ** 2 * rate / (period * 1e-9)
        for pt in ("total", part):
            r["design"][pt]["switching"] += w
            r["design"][pt]["total"] += w
        r["clock_net" if kind == "clock" else "gated_clock_net"] += w
        if groups and insts:
            for inst in insts:
                g = next((i for i, pt in enumerate(pats) if pt.search(inst)), len(groups))
                r["groups"][g]["switching"] += w / len(insts)
                r["groups"][g]["total"] += w / len(insts)
    r["clock_roots"] = len(ck_cuts)


# --------------------------------------------------------------------------
# One run

def summarize(power, groups, period):
    """The record's figures: per part internal / switching / leakage / total
    (W), the clock share (zero activity, sequential internal), the sanity
    ratios and energy per cycle (pJ)."""
    w, z, d = power[1.0], power[0.0], power.get(2.0)

    def fig(p):
        return {k: p[k] for k in ("internal", "switching", "leakage", "total")}
    rec = {"design": fig(w["design"]["total"]),
           "sequential": fig(w["design"]["sequential"]),
           "combinational": fig(w["design"]["combinational"]),
           "zero_activity": fig(z["design"]["total"])}
    if d:
        rec["doubled"] = fig(d["design"]["total"])
    # the clock: what remains with every data input still, leakage aside
    # (the clock pins, the clock's nets, the cells that buffer, invert or gate it)
    rec["clock"] = z["design"]["total"]["total"] - z["design"]["total"]["leakage"]
    rec["clock_share"] = rec["clock"] / rec["design"]["total"] if rec["design"]["total"] else 0.0
    # the ideal clock's net (the same at every scale) and the gated clocks' nets
    rec["clock_net"] = w.get("clock_net", 0.0)
    rec["gated_clock_net"] = w.get("gated_clock_net", 0.0)
    rec["clock_roots"] = w.get("clock_roots", 0)
    rec["clock_tree"] = w.get("clock_tree", {})
    # the data's switching: the clock's nets and tree switch at the clock's rate in every run
    def data_sw(p):
        return (p["design"]["total"]["switching"] - p.get("clock_net", 0.0)
                - p.get("clock_tree", {}).get("switching", 0.0))
    sw = data_sw(w)
    rec["switching_ratio_doubled"] = data_sw(d) / sw if (d and sw) else None
    rec["energy_pj_per_cycle"] = (rec["design"]["total"] - rec["design"]["leakage"]) * period * 1e3
    parts = []
    for i, g in enumerate(w["groups"]):
        label = groups[i][0] if i < len(groups) else "glue (the rest)"
        zg = z["groups"][i]
        parts.append(dict(label=label, cells=g["cells"], **fig(g), flops=g.get("flops", 0),
                          flop_toggles_per_cycle=g.get("flop_toggles", 0.0),
                          zero_total=zg["total"], zero_leakage=zg["leakage"],
                          energy_pj_per_cycle=(g["total"] - g["leakage"]) * period * 1e3))
    if parts:
        rec["parts"] = parts
    return rec


REMAPPED_GLUE = ("glue and the remapped network (the rest: the glue, the arbiter's and the selectors' "
                 "logic, the bitmap's read cone)")

ACTIVITY_TEXT = {
    "gate": "the workload replayed on the mapped netlist under Icarus: every flop's output rate and duty "
            "from its own net, every input port bit from the vectors; OpenSTA propagates them through "
            "the gates",
    "rtl": "the workload replayed on the RTL under Icarus: every flop's output rate and duty from the "
           "register bit it holds (the flow's flop_q.json), every input port bit from the vectors; "
           "OpenSTA propagates them through the gates",
    "ports": "input port bits from the workload's vectors only; OpenSTA's own rates on the flops' outputs",
}


def plain(name):
    """An instance name as netlist_fix.plain_names writes it (esc_ + word characters)."""
    return "esc_" + re.sub(r"\W", "_", name[1:]) if name.startswith("\\") else name


def rtl_cell(name):
    """The RTL instance path of a sequential cell the RTL instantiates itself
    (the latch array's LATCH: its name ends in the RTL's instance name), or
    None for a flop synthesis inferred (_123_, names with $)."""
    n = name.lstrip("\\")
    if "$" in n or re.fullmatch(r"_\d+_", n.rsplit(".", 1)[-1]):
        return None
    return n


def config_params(config):
    """[(name, value)] of a configuration of synth/configs.tsv."""
    import synth as table   # the synthesis driver's table reader
    configs, _ = table.read_table()
    return next((c["params"] for c in configs if c["name"] == config), [])


def rtl_flop_rates(run, cfgdir, vec, wrap, work):
    """({plain flop instance: (rate, duty)}, {plain instance: its clock pin's
    (rate, duty)}, summary, cpu) from the RTL replay of the workload: the
    flow names each flop by the register bit it holds (flop_q.json,
    a.b[2].c[5]); the VCD dumps the scopes of those bits. A cell the RTL
    instantiates itself (rtl_cell) is the same instance in the replay, which
    then reads the RTL as synthesis does (SYNTHESIS, the cell models): its
    Q and its clock pin (a gated clock's rate) come from that instance."""
    flop_q = json.loads(read(os.path.join(cfgdir, "flop_q.json")))
    cells = {i: rtl_cell(i) for i in flop_q}
    regs = {i: q for i, q in flop_q.items() if not cells[i]}
    cells = {i: p for i, p in cells.items() if p}
    # the registers themselves (a.b[2].c), not their scopes: wide data
    # buses beside them would multiply the VCD
    scopes = sorted({re.sub(r"\[\d+\]$", "", q) for q in regs.values()}) + sorted(set(cells.values()))
    top = run["config"].split(".")[0]
    bits, _, summ, cpu = gate_activity(None, top, os.path.abspath(vec), os.path.abspath(wrap),
                                       os.path.join(work, "rtl"), rtl=(run["paper"], top), scopes=scopes,
                                       cell_models=bool(cells), params=config_params(run["config"]))
    rates = {plain(i): bits[q] for i, q in regs.items() if q in bits}
    rates.update({plain(i): bits[p + ".Q"] for i, p in cells.items() if p + ".Q" in bits})
    clk = {plain(i): bits[p + ".CLK"] for i, p in cells.items() if p + ".CLK" in bits}
    missing = len(flop_q) - len(rates)
    if missing:
        name = next((q for i, q in regs.items() if q not in bits), None) or next(
            p + ".Q" for p in cells.values() if p + ".Q" not in bits)
        raise RuntimeError(f"{missing} of {len(flop_q)} flops have no register bit in the RTL replay "
                           f"(e.g. {name})")
    return rates, clk, summ, cpu


def run_one(run, root, cycles, seed, synth_dir=None, sanity=False):
    synth_dir = synth_dir or os.path.join(root, "build", "synth")
    cfgdir = os.path.join(synth_dir, run["config"])
    res_path = os.path.join(cfgdir, "result.json")
    if not os.path.isfile(res_path):
        return dict(name=run["name"], status="missing", error=f"{run['config']} not synthesized ({res_path})")
    res = json.loads(read(res_path))
    res = res.get("record", res)
    if res.get("status") not in (None, "ok"):
        return dict(name=run["name"], status="missing", error=f"{run['config']}: synthesis {res.get('status')}")
    nets = [os.path.join(synth_dir, os.path.relpath(p, os.path.join("build", "synth")))
            for p in res.get("sta_netlists") or [os.path.join("build", "synth", run["config"], "netlist_sta.v")]]
    if len(nets) != 1:
        return dict(name=run["name"], status="failed", error="hierarchical netlist: power needs the flat one")
    harness = os.path.join(root, run["harness"])
    if not os.path.isfile(harness):
        return dict(name=run["name"], status="missing", error=f"harness {run['harness']} not built")
    work = os.path.join(root, "build", "power", run["name"])
    os.makedirs(work, exist_ok=True)
    vec, wrap = os.path.join(work, "vectors.hex"), os.path.join(work, "wrapper.v")
    rc, hcpu = cpu_of([harness, "--seed", str(seed), "--cycles", str(cycles or run["cycles"]), "--workload", run["workload"],
                       "--vectors", vec, "--wrapper", wrap, "--allow-missing-bins", "--quiet",
                       "--out-dir", work], root, os.path.join(work, "harness.log"))
    hlog = read(os.path.join(work, "harness.log"))
    summ = (re.findall(r"^SUMMARY.*", hlog, re.M) or [""])[-1]
    if rc != 0 or " 0 mismatches" not in summ:
        return dict(name=run["name"], status="failed", error=f"workload run failed: {summ or 'rc %d' % rc}")
    t0 = time.time()
    nets_path = nets[0]
    netlist = read(nets_path)
    top = netlist_top(netlist, run["config"].split(".")[0])
    ins = netlist_inputs(netlist, top)
    act, n = port_activity(read(vec), read(wrap), ins)
    cells = res.get("cells", 0)
    nets, rates, clk_rates, gcpu, gsumm = None, None, None, 0.0, ""
    method = run.get("activity", "gate")
    if method == "gate":
        nets, _, gsumm, gcpu = gate_activity(os.path.abspath(nets_path), top, os.path.abspath(vec),
                                             os.path.abspath(wrap), work)
    elif method == "rtl":
        rates, clk_rates, gsumm, gcpu = rtl_flop_rates(run, cfgdir, vec, wrap, work)
    power, nties, scpu = power_of(netlist, top, act, run["split"], work, nets=nets, flop_rates=rates,
                                  clk_rates=clk_rates, scales=(1.0, 0.0, 2.0) if sanity else (1.0, 0.0))
    z0 = power[0.0]
    left = (z0["design"]["total"]["switching"] - z0.get("clock_net", 0.0)
            - z0.get("clock_tree", {}).get("switching", 0.0))
    if method != "ports" and left > 1e-9 * z0["design"]["total"]["total"]:
        raise RuntimeError("zero activity left %.3g W of switching besides the clock's nets and cells: a flop without "
                           "its replayed rate (not cut), an input port without its rate, or a clock "
                           "gated by logic that is not cut" % left)
    if method != "ports" and power[1.0].get("cut_flops", 0) != res.get("flops", 0):
        raise RuntimeError(f"{power[1.0].get('cut_flops', 0)} flops cut of {res.get('flops', 0)}")
    rec = dict(name=run["name"], config=run["config"], paper=run["paper"], status="ok",
               workload=run["workload"], workload_text=WORKLOADS[run["workload"]], cycles=n, seed=seed,
               period_ns=STA_PERIOD, voltage=VOLTAGE, tied_pins=nties, input_bits=len(act),
               mean_input_activity=sum(a for a, _ in act.values()) / max(1, len(act)),
               cells=cells, activity=method, cut_flops=power[1.0].get("cut_flops", 0),
               activity_text=ACTIVITY_TEXT[method] + (f" ({gsumm})" if gsumm else ""),
               cpu_s=dict(harness=round(hcpu, 2), gate=round(gcpu, 2), sta=round(scpu, 2),
                          wall=round(time.time() - t0, 2)))
    rec.update(summarize(power, run["split"], STA_PERIOD))
    # a timing-driven composed unit maps its glue, the children specialised
    # for it and the shared children's cells in the glue's fan-in again as
    # one network (flow.remap_script): those cells carry ABC's names, so
    # they count with the glue, not with their block
    if "remap" in (res.get("clock") or {}).get("mapping", ""):
        rec["remapped"] = True
        for p in rec.get("parts", []):
            if p["label"] == "glue (the rest)":
                p["label"] = REMAPPED_GLUE
    with open(os.path.join(work, "power.json"), "w") as f:
        json.dump(rec, f, indent=1)
    return rec


# --------------------------------------------------------------------------
# Reports

def fiber_deltas(st, base, sfx, what):
    """FIBER's two power deltas (fb-blocks, fb-issue; tag suffix sfx) of one
    composed-stage run against the private operand path."""
    out = []
    if not (st and base and st.get("status") == "ok" and base.get("status") == "ok"):
        return out
    parts = {p["label"]: p for p in st.get("parts", [])}
    four = [parts[k] for k in ("fiber_busy_bitmap", "fiber_xbar", "fiber_port_arb", "fiber_operand_sel (4)")
            if k in parts]
    blocks = {k: sum(p[k] for p in four) for k in ("internal", "switching", "leakage", "total")}
    e4 = sum(p["energy_pj_per_cycle"] for p in four)
    title = ("FIBER, four blocks per SM (inside the composed stage" + what + ") minus the private operand path"
             if not st.get("remapped") else
             "FIBER, four blocks per SM inside the timing-driven composed stage" + what + ", the cells that keep "
             "their block's name (the bitmap's storage and write logic, the crossbar, the arbiter's and "
             "the selectors' flops; their remapped logic counts with the glue), minus the private "
             "operand path: a lower bound")
    out.append(dict(tag="fb-blocks" + sfx, title=title, workload="hmma",
                    fiber=blocks, base=base["design"],
                    total=blocks["total"] - base["design"]["total"],
                    energy_pj_per_cycle=e4 - base["energy_pj_per_cycle"],
                    ratio=blocks["total"] / base["design"]["total"] if base["design"]["total"] else None,
                    energy_ratio=e4 / base["energy_pj_per_cycle"] if base["energy_pj_per_cycle"] else None))
    out.append(dict(tag="fb-issue" + sfx, title="FIBER, composed issue stage" + what + " minus the private operand path",
                    workload="hmma", fiber=st["design"], base=base["design"],
                    total=st["design"]["total"] - base["design"]["total"],
                    energy_pj_per_cycle=st["energy_pj_per_cycle"] - base["energy_pj_per_cycle"],
                    ratio=st["design"]["total"] / base["design"]["total"] if base["design"]["total"] else None,
                    energy_ratio=(st["energy_pj_per_cycle"] / base["energy_pj_per_cycle"]
                                  if base["energy_pj_per_cycle"] else None)))
    return out


def deltas(recs):
    """Both papers' deltas from the runs (W at the flow's clock, pJ/cycle)."""
    out = []
    base, tma = recs.get("fiber_base_operand_path"), recs.get("tilelens_tma_addr")
    for run, sfx, what in (("fiber_issue_stage", "", ""),
                           ("fiber_issue_stage.latch", "-latch", ", the bitmap a latch array on gated clocks")):
        out += fiber_deltas(recs.get(run), base, sfx, what)
    if tma and tma.get("status") == "ok":
        parts = {p["label"]: p for p in tma.get("parts", [])}
        ext = [parts[k] for k in ("tilelens_split_sum_pipe", "tilelens_counter_cfg", "tilelens_addr_gen") if k in parts]
        out.append(dict(tag="tl-units", title="TileLens, the extension's units inside the TMA unit "
                        "(split-and-sum pipe + counter reconfigurator + remapping address generator), "
                        "not minus a standard TMA's sum and address generator (upper bound)",
                        workload="tile-load",
                        total=sum(p["total"] for p in ext),
                        energy_pj_per_cycle=sum(p["energy_pj_per_cycle"] for p in ext),
                        share_of_tma=(sum(p["total"] for p in ext) / tma["design"]["total"]
                                      if tma["design"]["total"] else None)))
    return out


def mw(w):
    return f"{w * 1e3:.3f}"


def markdown(recs, dl):
    L = ["## Power under a named workload", "",
         f"OpenSTA 2.0.17 `report_power` on each mapped netlist of the main set (OSU 0.18 um, {VOLTAGE} V; "
         "the latch-array stage, a make synth-all configuration, after `make power-all`), ideal clock (no tree) "
         f"on clk_i at the flow's period ({STA_PERIOD:g} ns: the mW are small, the energy "
         "per cycle is the figure that carries). The activity is a named workload's, driven by the block's "
         "lockstep harness (checked against the C model on every cycle): every input port bit's rate and "
         "duty from its vectors, every flop's from a replay of them under Icarus (`gate`: on the mapped "
         "netlist; `rtl`: on the RTL, the register bit each flop holds), OpenSTA propagating them through "
         "the gates; every clock pin at the clock's rate, or a gated clock's replayed one, and the clock's "
         "nets charged at it (synth/power.py; method, checks and tool traps in docs/power.md). `clock`: what "
         "remains with every data rate at 0, leakage aside (the clock pins, the clock's nets, the cells that "
         "invert, buffer or gate it).", ""]
    for r in recs.values():
        if r.get("status") == "ok":
            L.append(f"- {r['config']}, workload `{r['workload']}`: {r['workload_text']}; {r['cycles']:,} cycles, "
                     f"seed {r['seed']}; {r['cut_flops']:,} flops.")
    L.append("")
    L += ["| configuration | workload (cycles) | activity | internal mW | switching mW | leakage mW | total mW | "
          "clock mW (share) | pJ/cycle (leakage aside) | x2 rates: switching |",
          "|---|---|---|---|---|---|---|---|---|---|"]
    for r in recs.values():
        if r.get("status") != "ok":
            L.append(f"| {r['name']} | {r.get('status')}: {r.get('error', '')} | | | | | | | | |")
            continue
        d = r["design"]
        x2 = f"x{r['switching_ratio_doubled']:.2f}" if r.get("switching_ratio_doubled") else "-"
        L.append(f"| {r['config']} | {r['workload']} ({r['cycles']:,}) | {r['activity']} | {mw(d['internal'])} | "
                 f"{mw(d['switching'])} | {mw(d['leakage'])} | {mw(d['total'])} | {mw(r['clock'])} "
                 f"({100 * r['clock_share']:.0f}%) | {r['energy_pj_per_cycle']:.2f} | {x2} |")
    L.append("")
    for r in recs.values():
        if r.get("status") != "ok" or not r.get("parts"):
            continue
        L += [f"Per block inside {r['config']} ({r['workload']}):", "",
              "| block | cells | internal mW | switching mW | leakage mW | total mW | zero-activity mW | pJ/cycle (leakage aside) |",
              "|---|---|---|---|---|---|---|---|"]
        for p in r["parts"]:
            L.append(f"| {p['label']} | {p['cells']:,} | {mw(p['internal'])} | {mw(p['switching'])} | "
                     f"{mw(p['leakage'])} | {mw(p['total'])} | {mw(p['zero_total'])} | {p['energy_pj_per_cycle']:.2f} |")
        L.append("")
    if dl:
        L += ["Deltas:", "", "| delta | workload | total mW | pJ/cycle (leakage aside) | FIBER / baseline |", "|---|---|---|---|---|"]
        for x in dl:
            ratio = (f"{x['ratio']:.2f} (energy {x['energy_ratio']:.2f})" if x.get("ratio") else
                     (f"{100 * x['share_of_tma']:.0f}% of the TMA unit" if x.get("share_of_tma") else "-"))
            L.append(f"| {x['title']} | {x['workload']} | {mw(x['total'])} | {x['energy_pj_per_cycle']:.2f} | {ratio} |")
        L.append("")
        pj = PAPER_FIBER_MW * 1e-3 / (PAPER_FIBER_GHZ * 1e9) * 1e12
        L += [f"FIBER's paper: {PAPER_FIBER_MW} mW per SM at {PAPER_FIBER_GHZ} GHz is {pj:.1f} pJ per cycle "
              f"for the four blocks (synthesized at TSMC 16 nm, reported scaled to 7 nm), at most {pj * 1e3 / PAPER_BITMAP_BITS:.2f} fJ per bitmap bit "
              f"({PAPER_BITMAP_BITS:,} bits) per cycle."]
        st = recs.get("fiber_issue_stage", {})
        bm = next((p for p in st.get("parts", []) if p["label"] == "fiber_busy_bitmap"), None)
        if bm and bm.get("flops"):
            per = (bm["zero_total"] - bm["zero_leakage"]) * STA_PERIOD * 1e-9 / bm["flops"] * 1e15
            L += [f"Ours, {st['workload']}: the bitmap's {bm['flops']:,} flops cost {per:.0f} fJ each per cycle "
                  f"in clock alone (ungated), {per * 1e-3 / (pj * 1e3 / PAPER_BITMAP_BITS) * 1e3:,.0f} times the "
                  f"paper's bound; the workload flips {bm['flop_toggles_per_cycle']:.1f} of them per cycle "
                  f"({100 * bm['flop_toggles_per_cycle'] / bm['flops']:.2f}%) (docs/power.md)."]
        lt = recs.get("fiber_issue_stage.latch", {})
        lbm = next((p for p in lt.get("parts", []) if p["label"] == "fiber_busy_bitmap"), None)
        if bm and lbm and lt.get("status") == "ok":
            L += [f"The same stage with the latch-array bitmap (fiber_issue_stage.latch, {lt['workload']}, "
                  f"{lt['activity']} activity; each bit's latch clocked only in a cycle that writes it): "
                  f"the bitmap {lbm['energy_pj_per_cycle']:,.0f} pJ/cycle against {bm['energy_pj_per_cycle']:,.0f} "
                  f"with flip-flops, the stage {lt['energy_pj_per_cycle']:,.0f} against {st['energy_pj_per_cycle']:,.0f}; "
                  f"its gated clocks' nets {lt.get('gated_clock_net', 0.0) * STA_PERIOD * 1e3:,.1f} pJ/cycle, "
                  f"the ideal clock's net {lt.get('clock_net', 0.0) * STA_PERIOD * 1e3:,.0f}; the bitmap's "
                  f"{lbm['energy_pj_per_cycle'] * 1e3 / bm['flops']:,.0f} fJ per stored bit per cycle, "
                  f"{lbm['energy_pj_per_cycle'] * 1e3 / bm['flops'] / (pj * 1e3 / PAPER_BITMAP_BITS):,.0f} "
                  "times the paper's bound."]
        L.append("")
    return "\n".join(L) + "\n"


def write_reports(root, recs):
    dl = deltas(recs)
    rep = os.path.join(root, "build", "reports")
    os.makedirs(rep, exist_ok=True)
    with open(os.path.join(rep, "power.json"), "w") as f:
        json.dump({"runs": list(recs.values()), "deltas": dl, "period_ns": STA_PERIOD, "voltage": VOLTAGE},
                  f, indent=1)
    text = markdown(recs, dl)
    with open(os.path.join(rep, "power.md"), "w") as f:
        f.write(text)
    synth_md = os.path.join(rep, "synth.md")
    if os.path.exists(synth_md):   # the power section of the synthesis report
        with open(synth_md) as f:
            old = f.read()
        with open(synth_md, "w") as f:
            f.write(report.splice_power(old, text))
    return dl


def print_summary(recs, dl):
    for r in recs.values():
        if r.get("status") != "ok":
            print(f"power {r['name']}: {r.get('status')}: {r.get('error', '')}")
            continue
        d = r["design"]
        print(f"power {r['config']:26s} workload {r['workload']} ({r['cycles']} cycles): "
              f"{mw(d['total'])} mW at {STA_PERIOD:g} ns (internal {mw(d['internal'])}, switching "
              f"{mw(d['switching'])}, leakage {mw(d['leakage'])}, clock {100 * r['clock_share']:.0f}%), "
              f"{r['energy_pj_per_cycle']:.2f} pJ/cycle; cpu {r['cpu_s']}")
        for p in r.get("parts", []):
            print(f"    {p['label']:28s} {mw(p['total'])} mW, {p['energy_pj_per_cycle']:.2f} pJ/cycle")
    for x in dl:
        extra = f", FIBER/baseline {x['ratio']:.2f}" if x.get("ratio") else ""
        print(f"power delta {x['tag']} ({x['workload']}): {mw(x['total'])} mW, "
              f"{x['energy_pj_per_cycle']:.2f} pJ/cycle{extra}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cmd", choices=("run", "report"))
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--set", choices=("main", "all"), default="main",
                    help="main: the runs on the main set's netlists (make's); all: also the runs on "
                         "make synth-all's (reported from their last run otherwise, when there is one)")
    ap.add_argument("--cycles", type=int, default=0, help="workload cycles (default: each run's)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sanity", action="store_true",
                    help="also every rate doubled (one more OpenSTA run): switching must double")
    ap.add_argument("--root", default=ROOT)
    ap.add_argument("--synth-dir", default=None, help="the synthesis cache (default ROOT/build/synth)")
    a = ap.parse_args(argv)
    recs = {}
    bad = 0
    for run in RUNS:
        pj = os.path.join(a.root, "build", "power", run["name"], "power.json")
        in_set = a.set == "all" or run.get("set", "main") == "main"
        if a.cmd == "run" and in_set and (a.only is None or run["name"] in a.only):
            try:
                rec = run_one(run, a.root, a.cycles, a.seed, a.synth_dir, a.sanity)
            except (RuntimeError, ValueError, OSError) as e:
                rec = dict(name=run["name"], status="failed", error=str(e))
            if rec.get("status") == "failed":
                bad += 1
        elif os.path.isfile(pj):
            rec = json.loads(read(pj))
        elif run.get("set", "main") != "main":
            continue          # a run of the all set that has not run: not in the report
        else:
            rec = dict(name=run["name"], status="missing", error="not run")
        recs[run["name"]] = rec
    dl = write_reports(a.root, recs)
    print_summary(recs, dl)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
