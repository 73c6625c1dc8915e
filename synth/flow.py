"""One synthesis and timing run per configuration, and the library facts.

Yosys 0.23 maps a block onto the OSU 0.18 um cells (synth -flatten, dfflibmap,
abc -liberty); OpenSTA times the mapped netlist with the same liberty. The
FO4 delay, the unit of the timing columns, is measured here too: STA on a
generated chain of inverters, each driving four copies of itself.

Standard library only. Used by synth/synth.py.
"""

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time

# Bump when the flow changes in a way that changes results (part of the
# cache key together with the hash of this file).
FLOW_VERSION = "1"

LIB_CANDIDATES = ["/usr/share/qflow/tech/osu018/osu018_stdcells.lib"]
GE_CELL = "NAND2X1"     # gate-equivalent unit
FO4_CELL = "INVX1"      # FO4 inverter, also the output load unit
DRIVE_CELL = "BUFX2"    # drives every data input in STA
STA_PERIOD = 100.0      # ns; only arrival times and slacks are read
MAX_FANOUT = 8          # fanout repair before STA: nets above this get buffer trees
BUF_CELL = "BUFX4"      # the repair buffer
CLOCK_PINS = ("CLK",)   # flop clock pins: the clock is ideal, never repaired
RTL_INCLUDE_DIRS = ["rtl/include", "rtl/common", "rtl/tilelens", "rtl/fiber"]
SOURCE_DIRS = ["rtl/common", "rtl/tilelens", "rtl/fiber", "synth/wrappers"]


class FlowError(Exception):
    pass


# --------------------------------------------------------------------------
# Tools and library

def find_liberty():
    env = os.environ.get("SYNTH_LIBERTY")
    if env:
        return env
    for c in LIB_CANDIDATES:
        if os.path.isfile(c):
            return c
    try:
        out = subprocess.run(["dpkg", "-L", "qflow-tech-osu018"], capture_output=True,
                             text=True, check=False).stdout
        for line in out.splitlines():
            if line.endswith("osu018_stdcells.lib"):
                return line.strip()
    except OSError:
        pass
    raise FlowError("osu018_stdcells.lib not found (install qflow-tech-osu018)")


def tool_versions():
    def first_line(cmd):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=30)
            return (r.stdout or r.stderr).strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "unknown"

    def deb(pkg):
        try:
            r = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True,
                               text=True, check=False)
            return r.stdout.strip() or "unknown"
        except OSError:
            return "unknown"

    abc = "unknown"
    try:
        r = subprocess.run(["yosys-abc", "-q", "version"], capture_output=True, text=True,
                           check=False, timeout=30)
        m = re.search(r"ABC [0-9][^\n]*", r.stdout)
        abc = m.group(0).strip() if m else "unknown"
    except (OSError, subprocess.TimeoutExpired):
        pass
    return {
        "yosys": first_line(["yosys", "-V"]),
        "yosys_abc": abc,
        "opensta": "OpenSTA " + first_line(["sta", "-version"]),
        "packages": {p: deb(p) for p in ("yosys", "opensta", "qflow-tech-osu018")},
    }


def parse_liberty(path):
    """Cell areas, input pin capacitances and sequential cells of a liberty."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    cells = {}
    for m in re.finditer(r"\bcell\s*\(\s*\"?(\w+)\"?\s*\)\s*\{", text):
        name = m.group(1)
        i, depth = m.end(), 1
        while depth and i < len(text):
            c = text[i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            i += 1
        body = text[m.end():i - 1]
        am = re.search(r"\barea\s*:\s*([0-9.eE+-]+)", body)
        pins = {}
        for pm in re.finditer(r"\bpin\s*\(\s*\"?(\w+)\"?\s*\)\s*\{([^{}]*)", body):
            dm = re.search(r"direction\s*:\s*(\w+)", pm.group(2))
            cm = re.search(r"\bcapacitance\s*:\s*([0-9.eE+-]+)", pm.group(2))
            pins[pm.group(1)] = {"direction": dm.group(1) if dm else "",
                                 "cap": float(cm.group(1)) if cm else 0.0}
        cells[name] = {
            "area": float(am.group(1)) if am else 0.0,
            "pins": pins,
            "seq": bool(re.search(r"\b(ff|latch)\s*\(", body)),
        }
    if GE_CELL not in cells or FO4_CELL not in cells:
        raise FlowError(f"{path}: no {GE_CELL} or {FO4_CELL}")
    return {
        "path": path,
        "name": (re.search(r"\blibrary\s*\(\s*\"?(\w+)", text) or [None, "?"])[1],
        "sha256": file_hash(path),
        "cells": cells,
        "ge_area": cells[GE_CELL]["area"],
        "inv_cap": cells[FO4_CELL]["pins"]["A"]["cap"],
        "has_wire_load": bool(re.search(r"\bwire_load\s*\(", text)),
    }


def file_hash(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


RUNNING = set()            # process groups of running tools, for kill_running()
_RUNNING_LOCK = threading.Lock()


def run_tool(cmd, log_path, cwd, timeout):
    """Runs cmd in its own process group; returns (exit code or "timeout",
    wall seconds, CPU seconds of the tool and the children it waited for,
    e.g. yosys and its ABC). On a shared machine CPU is the stable figure."""
    t0 = time.monotonic()
    with open(log_path, "w") as log:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                             start_new_session=True)
        with _RUNNING_LOCK:
            RUNNING.add(p.pid)
        timed_out = threading.Event()

        def expire():
            timed_out.set()
            _kill_group(p.pid)
        timer = threading.Timer(timeout, expire)
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
            with _RUNNING_LOCK:
                RUNNING.discard(p.pid)
        p.returncode = os.waitstatus_to_exitcode(status)
    rc = "timeout" if timed_out.is_set() else p.returncode
    return rc, time.monotonic() - t0, ru.ru_utime + ru.ru_stime


def _kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def kill_running():
    """Kill every tool still running (on SIGINT/SIGTERM of the driver)."""
    with _RUNNING_LOCK:
        pids = list(RUNNING)
    for pid in pids:
        _kill_group(pid)


# --------------------------------------------------------------------------
# FO4

def fo4_netlist(stages=10):
    """Chain of INVX1; stage k drives stage k+1 and three more INVX1 (FO4).
    Ports tap the outputs of stages 4 and 8, both still loaded by FO4."""
    lines = ["module fo4_chain (a, o4, o8);", "  input a;", "  output o4, o8;",
             "  wire " + ", ".join(f"n{k}" for k in range(stages + 1)) + ";",
             "  assign n0 = a;"]
    for k in range(stages):
        lines.append(f"  {FO4_CELL} s{k} (.A(n{k}), .Y(n{k + 1}));")
        for d in range(3):
            lines.append(f"  {FO4_CELL} d{k}_{d} (.A(n{k + 1}), .Y());")
    lines += ["  assign o4 = n5;", "  assign o8 = n9;", "endmodule", ""]
    return "\n".join(lines)


def measure_fo4(lib, workdir):
    """FO4 delay in ns: (arrival(o8) - arrival(o4)) / 4, averaged over both input edges."""
    os.makedirs(workdir, exist_ok=True)
    with open(os.path.join(workdir, "fo4.v"), "w") as f:
        f.write(fo4_netlist())
    tcl = [f"read_liberty {lib['path']}", "read_verilog fo4.v", "link_design fo4_chain",
           "create_clock -name vclk -period 10",
           "set_input_delay 0 -clock vclk [get_ports a]",
           "set_output_delay 0 -clock vclk [all_outputs]",
           "set_input_transition 0.1 [get_ports a]"]
    for port in ("o4", "o8"):
        for edge in ("rise", "fall"):
            tcl.append(f'puts "FO4 {port} {edge}"')
            tcl.append(f"report_checks -path_delay max -{edge}_to [get_ports {port}] "
                       "-format full -digits 6")
    with open(os.path.join(workdir, "fo4.tcl"), "w") as f:
        f.write("\n".join(tcl) + "\n")
    rc, _, _ = run_tool(["sta", "-no_splash", "-exit", "fo4.tcl"],
                        os.path.join(workdir, "fo4.log"), workdir, 120)
    text = open(os.path.join(workdir, "fo4.log")).read()
    arr = {}
    for m in re.finditer(r"FO4 (o\d) (rise|fall)\n.*?(-?[0-9.]+)\s+data arrival time", text, re.S):
        arr[(m.group(1), m.group(2))] = float(m.group(3))
    if rc != 0 or len(arr) != 4 or None in arr.values():
        raise FlowError(f"FO4 measurement failed, see {workdir}/fo4.log")
    rise = (arr[("o8", "rise")] - arr[("o4", "rise")]) / 4
    fall = (arr[("o8", "fall")] - arr[("o4", "fall")]) / 4
    return {"ns": round((rise + fall) / 2, 6), "cell": FO4_CELL,
            "method": "OpenSTA on a chain of INVX1, each driving four INVX1 inputs: "
            "(arrival at stage 8 - arrival at stage 4) / 4, averaged over a rising and a "
            "falling chain input"}


# --------------------------------------------------------------------------
# Sources: which files a configuration reads

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def scan_sources(root):
    """Module -> file over SOURCE_DIRS, and each file's module references."""
    modules, dup, words = {}, {}, {}
    for d in SOURCE_DIRS:
        full = os.path.join(root, d)
        if not os.path.isdir(full):
            continue
        for fn in sorted(os.listdir(full)):
            if not fn.endswith((".v", ".sv")):
                continue
            rel = os.path.join(d, fn)
            try:
                text = strip_comments(open(os.path.join(root, rel), encoding="utf-8",
                                           errors="replace").read())
            except OSError:
                continue
            for name in re.findall(r"^\s*module\s+(\w+)", text, re.M):
                if name in modules:
                    dup.setdefault(name, [modules[name]]).append(rel)
                else:
                    modules[name] = rel
            words[rel] = set(re.findall(r"\b[A-Za-z_]\w*\b", text))
    return modules, dup, words


def source_closure(top, modules, dup, words):
    """Files needed for top: its own file and every file it (transitively)
    names a module of. Over-approximates, which is harmless."""
    if top not in modules:
        return None
    todo, files = [modules[top]], []
    while todo:
        f = todo.pop()
        if f in files:
            continue
        files.append(f)
        for name, rel in modules.items():
            if rel not in files and name in words.get(f, ()):
                if name in dup:
                    raise FlowError(f"module {name} defined in {', '.join(dup[name])}")
                todo.append(rel)
    return sorted(files)


def include_files(root):
    out = []
    for d in RTL_INCLUDE_DIRS:
        full = os.path.join(root, d)
        if os.path.isdir(full):
            out += [os.path.join(d, f) for f in sorted(os.listdir(full))
                    if f.endswith((".vh", ".svh"))]
    return out


# --------------------------------------------------------------------------
# Netlist clean-up for OpenSTA 2.0.17, whose Verilog reader takes neither
# escaped bus names such as \gen_dim[0].prod nor a concatenation on the left
# of an assign. Pure renaming and bit-splitting: the logic is unchanged.

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


# --------------------------------------------------------------------------
# Fanout repair before timing

_INST_RE = re.compile(r"^  (\w+) (\S+) \(\n(.*?)\n  \);\n", re.S | re.M)
_CONN_RE = re.compile(r"\.(\w+)\(([^()]*)\)")
_ASSIGN_RE = re.compile(r"^  assign (.+?) = (.+?);$", re.M)


def repair_fanout(text, lib, max_fanout=MAX_FANOUT, buf_cell=BUF_CELL):
    """Balanced buffer trees on every net with more than max_fanout cell
    inputs (clock pins excluded), as any physical synthesis does before
    timing. ABC leaves flop outputs and ports unbuffered; a select held in
    a flop and feeding a thousand multiplexers would otherwise be timed as
    one gate driving a thousand pins. Returns the new netlist and what it added.
    """
    insts = list(_INST_RE.finditer(text))
    loads = {}            # net -> [(inst index, pin)]
    conns = []
    for i, m in enumerate(insts):
        cell = lib["cells"].get(m.group(1))
        pins = [(p, n.strip()) for p, n in _CONN_RE.findall(m.group(3))]
        conns.append(pins)
        if cell is None:
            continue
        for p, n in pins:
            pd = cell["pins"].get(p)
            if (pd and pd["direction"] == "input" and not (cell["seq"] and p in CLOCK_PINS)
                    and not re.match(r"^\d+'", n)):
                loads.setdefault(n, []).append((i, p))
    new_conn = {}         # (inst index, pin) -> net
    new_cells, new_wires = [], []
    stats = {"buffers": 0, "nets": 0, "max_fanout": max((len(v) for v in loads.values()),
                                                        default=0)}

    def attach(src, group):
        if len(group) <= max_fanout:
            for key in group:
                new_conn[key] = src
            return
        k = min(max_fanout, -(-len(group) // max_fanout))
        size = -(-len(group) // k)
        for j in range(0, len(group), size):
            stats["buffers"] += 1
            out = f"_fanout_{stats['buffers']}_"
            new_wires.append(f"  wire {out};")
            new_cells.append(f"  {buf_cell} _fanout_buf_{stats['buffers']}_ (\n"
                             f"    .A({src}),\n    .Y({out})\n  );")
            attach(out, group[j:j + size])

    for net, group in loads.items():
        if len(group) > max_fanout:
            stats["nets"] += 1
            attach(net, group)
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


# --------------------------------------------------------------------------
# ABC scripts for the mapping step (abc -liberty). Chosen by measurement over
# the configurations (synth/abc_scripts.md); the name and the text enter the
# Yosys script and so the cache key, and every report states the script.

ABC_SCRIPTS = {
    # Yosys 0.23's own script for abc -liberty: strash; &get -n; &fraig -x;
    # &put; scorr; dc2; dretime; strash; &get -n; &dch -f; &nf; &put. The SAT
    # sweep (&fraig -x) dominates the run time on multipliers; scorr has
    # nothing to do, as flops are mapped by dfflibmap before ABC.
    "yosys-default": "",
    # The same without &fraig -x and scorr.
    "dch-nf": "+strash;dc2;dretime;strash;&get,-n;&dch,-f;&nf;&put",
    # Yosys' script with the SAT sweep bounded: at most N conflicts per node
    # (ABC's default for &fraig is 1,000,000). fraig-c1000 is the flow's: the
    # same netlist as yosys-default on every configuration without multipliers
    # (no node needs 1,000 conflicts there), on the whole multipliers 18x
    # faster and 0.2% smaller; dch-nf lost up to 37% (fiber_decode), and
    # fraig-c100 1.2% on the split-and-sum at rank 1.
    "fraig-c1000": ("+strash;&get,-n;&fraig,-x,-C,1000;&put;scorr;dc2;dretime;strash;"
                    "&get,-n;&dch,-f;&nf;&put"),
    "fraig-c100": ("+strash;&get,-n;&fraig,-x,-C,100;&put;scorr;dc2;dretime;strash;"
                   "&get,-n;&dch,-f;&nf;&put"),
}
ABC_SCRIPT = "fraig-c1000"   # the flow's script (see synth/abc_scripts.md)


def abc_command(lib_path, name):
    if name not in ABC_SCRIPTS:
        raise FlowError(f"unknown ABC script {name}")
    text = ABC_SCRIPTS[name]
    return f"abc -liberty {lib_path}" + (f' -script "{text}"' if text else "")


def abc_script_text(name):
    """The ABC commands a script name stands for, as the reports print them."""
    return ABC_SCRIPTS[name] or ("(Yosys 0.23 default) strash; &get -n; &fraig -x; &put; "
                                 "scorr; dc2; dretime; strash; &get -n; &dch -f; &nf; &put")


# --------------------------------------------------------------------------
# One configuration

FLOW_OPTIONS = {
    "-": "",
    # Every $mul cell is cut out: its product wire becomes a top-level input,
    # the multiplier and what only it used disappear. Measures the logic
    # after the multipliers of a unit whose RTL contains them.
    "products-as-inputs": """proc
flatten
opt_clean
select -set products t:$mul %co:+[Y] t:$mul %d
tee -q -o cut.txt select -count t:$mul
expose -input @products
opt_clean
""",
}


def yosys_script(cfg, up, files, lib_path):
    """The Yosys script; it runs in the configuration's directory, `up` is
    the path from there to the source root (so the script, and the cache
    key made from it, do not depend on where the checkout lives)."""
    inc = " ".join(f"-I{up}/{d}" for d in RTL_INCLUDE_DIRS)
    chp = " ".join(f"-chparam {k} {v}" for k, v in cfg["params"])
    src = " ".join(f"{up}/{f}" for f in files)
    top = cfg["top"]
    if cfg["flow"] not in FLOW_OPTIONS:
        raise FlowError(f"unknown flow option {cfg['flow']}")
    return f"""# {cfg['name']}: generated by synth/synth.py
read_verilog -defer -DSYNTHESIS {inc} {src}
hierarchy -check -top {top} {chp}
tee -q -o hier.json stat -json
{FLOW_OPTIONS[cfg['flow']]}synth -flatten -top {top}
tee -q -o check.txt check
tee -q -o gen_stat.json stat -json
tee -q -o ltp_gen.txt ltp -noff
dfflibmap -liberty {lib_path}
{abc_command(lib_path, cfg.get('abc') or ABC_SCRIPT)}
opt_clean
tee -q -o map_stat.txt stat -liberty {lib_path}
tee -q -o map_stat.json stat -json
write_verilog -noattr netlist.v
read_liberty -lib {lib_path}
tee -q -o ltp_map.txt ltp t:DFF* t:LATCH %u %n
"""


def sta_script(top, lib, clock_port, inputs):
    load = 4 * lib["inv_cap"]
    lines = [f"read_liberty {lib['path']}", "read_verilog netlist_sta.v", f"link_design {top}"]
    if clock_port:
        lines.append(f"create_clock -name clk -period {STA_PERIOD} [get_ports {clock_port}]")
        data_in = f"[delete_from_list [all_inputs] [get_ports {clock_port}]]"
    else:
        lines.append(f"create_clock -name clk -period {STA_PERIOD}")
        data_in = "[all_inputs]"
    if inputs:
        lines += [f"set data_in {data_in}",
                  "set_input_delay 0 -clock clk $data_in",
                  f"set_driving_cell -lib_cell {DRIVE_CELL} $data_in"]
    else:
        lines.append("set data_in {}")
    lines += ["set_output_delay 0 -clock clk [all_outputs]",
              f"set_load {load:.6f} [all_outputs]"]
    regs_q = "[all_registers -clock_pins]"
    regs_d = "[all_registers -data_pins]"
    kinds = [("reg_to_reg", regs_q, regs_d), ("in_to_reg", "$data_in", regs_d),
             ("reg_to_out", regs_q, "[all_outputs]"), ("in_to_out", "$data_in", "[all_outputs]")]
    for kind, frm, to in kinds:
        lines.append(f'puts "@@PATH {kind}"')
        lines.append(f"if {{[llength {frm}] > 0 && [llength {to}] > 0}} {{ "
                     f"report_checks -path_delay max -from {frm} -to {to} "
                     f"-format full -digits 4 }}")
        lines.append('puts "@@END"')
    return "\n".join(lines) + "\n"


def parse_sta(text):
    paths = {}
    for m in re.finditer(r"@@PATH (\w+)\n(.*?)@@END", text, re.S):
        kind, body = m.group(1), m.group(2)
        sm = re.search(r"^Startpoint: (\S+)", body, re.M)
        em = re.search(r"^Endpoint: (\S+)", body, re.M)
        slack = re.search(r"^\s*(-?[0-9.]+)\s+slack", body, re.M)
        arrival = re.search(r"^\s*(-?[0-9.]+)\s+data arrival time", body, re.M)
        if not (sm and em and slack and arrival):
            continue
        # Cells on the path: "Delay Time edge inst/pin (CELL)" lines after the start.
        cells = re.findall(r"^\s*[-0-9.]+\s+[-0-9.]+\s+[v^]\s+(\S+)/\w+ \((\w+)\)", body, re.M)
        seq = {"DFFPOSX1", "DFFNEGX1", "DFFSR", "LATCH"}
        stages = [c for c in cells if c[1] not in seq]
        paths[kind] = {
            "start": sm.group(1), "end": em.group(1),
            "arrival_ns": float(arrival.group(1)),
            "ns": round(STA_PERIOD - float(slack.group(1)), 4),
            "cells_on_path": len(stages),
        }
    return paths


def parse_ltp(path):
    try:
        m = re.search(r"length=(-?\d+)", open(path).read())
        return int(m.group(1)) if m else None
    except OSError:
        return None


def stat_module(path):
    d = json.load(open(path))
    mods = d.get("modules", {})
    if len(mods) != 1:
        raise FlowError(f"{path}: expected one module after flattening, got {len(mods)}")
    return next(iter(mods.values()))


def run_config(cfg, root, files, lib, fo4, outdir, timeout, yosys_key, sta=True):
    """Synthesize and time one configuration; returns the result record.

    Yosys, the slow part, is skipped when outdir holds the outputs of a run
    with the same yosys_key (script, sources, tool and library); everything
    after it (parsing, fanout repair, STA) always runs."""
    script = yosys_script(cfg, os.path.relpath(root, outdir), files, lib["path"])
    key = hashlib.sha256((yosys_key + script).encode()).hexdigest()
    kpath = os.path.join(outdir, "yosys.key")
    rec = {"status": "ok", "log": os.path.relpath(os.path.join(outdir, "yosys.log"), root),
           "abc_script": cfg.get("abc") or ABC_SCRIPT}
    try:
        prev = json.load(open(kpath))
    except (OSError, ValueError):
        prev = {}
    if (prev.get("key") == key and "yosys_cpu_s" in prev
            and os.path.isfile(os.path.join(outdir, "netlist.v"))):
        rec["yosys_s"] = prev["yosys_s"]
        rec["yosys_cpu_s"] = prev["yosys_cpu_s"]
        rec["yosys_reused"] = True
    else:
        if os.path.isdir(outdir):
            shutil.rmtree(outdir)
        os.makedirs(outdir)
        with open(os.path.join(outdir, "synth.ys"), "w") as f:
            f.write(script)
        rc, t_y, c_y = run_tool(["yosys", "-q", "-l", "yosys.log", "synth.ys"],
                                os.path.join(outdir, "yosys.stdout"), outdir, timeout)
        rec["yosys_s"] = round(t_y, 2)
        rec["yosys_cpu_s"] = round(c_y, 2)
        if rc != 0:
            rec["status"] = "failed"
            rec["error"] = ("yosys timed out after %d s" % timeout if rc == "timeout"
                            else _yosys_error(outdir))
            return rec
        with open(kpath, "w") as f:
            json.dump({"key": key, "yosys_s": rec["yosys_s"], "yosys_cpu_s": rec["yosys_cpu_s"]}, f)
    if cfg["flow"] == "products-as-inputs":
        m = re.search(r"(\d+) objects", open(os.path.join(outdir, "cut.txt")).read())
        rec["cut_multipliers"] = int(m.group(1)) if m else 0
        if not rec["cut_multipliers"]:
            rec["status"] = "failed"
            rec["error"] = "products-as-inputs: the design has no multiplier to cut"
            return rec

    mapped = stat_module(os.path.join(outdir, "map_stat.json"))
    by_type = mapped["num_cells_by_type"]
    unknown = [c for c in by_type if c not in lib["cells"]]
    if unknown:
        rec["status"] = "failed"
        rec["error"] = "unmapped cells after abc: " + ", ".join(sorted(unknown))
        return rec
    area = sum(n * lib["cells"][c]["area"] for c, n in by_type.items())
    ym = re.search(r"Chip area for module .*?:\s*([0-9.]+)",
                   open(os.path.join(outdir, "map_stat.txt")).read())
    if ym and abs(float(ym.group(1)) - area) > 0.01 * max(area, 1):
        raise FlowError(f"{cfg['name']}: area {area} disagrees with yosys {ym.group(1)}")
    flop_types = {c for c in by_type if lib["cells"][c]["seq"]}
    flops = sum(by_type[c] for c in flop_types)
    flop_area = sum(by_type[c] * lib["cells"][c]["area"] for c in flop_types)
    latches = sum(n for c, n in by_type.items() if c.startswith("LATCH"))

    gen = stat_module(os.path.join(outdir, "gen_stat.json"))
    check_txt = open(os.path.join(outdir, "check.txt")).read()
    check_warn = len(re.findall(r"^Warning:", check_txt, re.M))
    children = {}
    try:
        hier = json.load(open(os.path.join(outdir, "hier.json")))
        topkey = "\\" + cfg["top"]
        for t, n in hier["modules"].get(topkey, {}).get("num_cells_by_type", {}).items():
            if t.startswith("$paramod"):
                base = t.split("\\")[1] if "\\" in t else t
            elif not t.startswith("$"):
                base = t.lstrip("\\")
            else:
                continue
            children[base] = children.get(base, 0) + n
    except (OSError, ValueError, KeyError):
        pass

    rec.update({
        "cells": mapped["num_cells"],
        "cells_by_type": dict(sorted(by_type.items())),
        "flops": flops,
        "latches": latches,
        "area_um2": round(area, 2),
        "flop_area_um2": round(flop_area, 2),
        "ge": round(area / lib["ge_area"], 1),
        "generic_gates": gen["num_cells"],
        "depth_generic": parse_ltp(os.path.join(outdir, "ltp_gen.txt")),
        "depth_cells": parse_ltp(os.path.join(outdir, "ltp_map.txt")),
        "check_warnings": check_warn,
        "children": children,
    })

    if not sta:
        return rec
    # Fanout repair, then static timing on the repaired netlist.
    netlist = open(os.path.join(outdir, "netlist.v")).read()
    timed, rep = repair_fanout(split_assigns(plain_names(netlist)), lib)
    with open(os.path.join(outdir, "netlist_sta.v"), "w") as f:
        f.write(timed)
    rec["fanout_repair"] = dict(rep, ge=round(rep.get("area_um2", 0) / lib["ge_area"], 1))
    ports = _ports(netlist)
    clock = None
    if flops:
        for cand in ("clk_i", "clk", "clock"):
            if cand in ports["input"]:
                clock = cand
                break
        if clock is None:
            rec["status"] = "failed"
            rec["error"] = "design has flops but no clk_i/clk port"
            return rec
    data_inputs = [p for p in ports["input"] if p != clock]
    with open(os.path.join(outdir, "sta.tcl"), "w") as f:
        f.write(sta_script(cfg["top"], lib, clock, data_inputs))
    rc, t_s, c_s = run_tool(["sta", "-no_splash", "-exit", "sta.tcl"],
                            os.path.join(outdir, "sta.log"), outdir, timeout)
    rec["sta_s"] = round(t_s, 2)
    rec["sta_cpu_s"] = round(c_s, 2)
    sta_text = open(os.path.join(outdir, "sta.log")).read()
    if rc != 0 or re.search(r"^Error", sta_text, re.M):
        rec["status"] = "failed"
        rec["error"] = "sta: " + (re.findall(r"^Error.*", sta_text, re.M) or ["rc %s" % rc])[0]
        return rec
    paths = parse_sta(sta_text)
    # Flops are named by the register bit they hold (their Q net).
    flop_q = {}
    for m in _INST_RE.finditer(netlist):
        if lib["cells"].get(m.group(1), {}).get("seq"):
            q = dict((p, n.strip()) for p, n in _CONN_RE.findall(m.group(3))).get("Q")
            if q:
                flop_q[m.group(2)] = q.replace("\\", "").replace(" ", "")
    for p in paths.values():
        p["fo4"] = round(p["ns"] / fo4["ns"], 1)
        for end in ("start", "end"):
            if p[end] in flop_q:
                p[end] = flop_q[p[end]]
    rec["paths"] = paths
    if paths:
        kind = max(paths, key=lambda k: paths[k]["ns"])
        rec["critical"] = dict(paths[kind], kind=kind)
    else:
        rec["critical"] = None
    return rec


def _ports(netlist):
    ports = {"input": [], "output": []}
    for kind, name in re.findall(r"^\s*(input|output)\s+(?:\[[^\]]*\]\s*)?(\\?\S+?)\s*;",
                                 netlist, re.M):
        ports[kind].append(name)
    return ports


def _yosys_error(outdir):
    try:
        text = open(os.path.join(outdir, "yosys.log")).read()
    except OSError:
        return "yosys failed (no log)"
    errs = re.findall(r"^ERROR:.*", text, re.M)
    return errs[-1] if errs else "yosys failed"
