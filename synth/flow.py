"""The flow: one synthesis and timing run per configuration.

Yosys 0.23 maps a block onto the OSU 0.18 um cells (synth -flatten, dfflibmap,
abc -liberty); OpenSTA times the mapped netlist with the same liberty. A
configuration with children (configs.tsv column `children`) is synthesized
bottom-up: each child is its own configuration, specialised for the parent
(specialise.py), and its mapped netlist is flattened into the parent's
Yosys run, which maps the glue around the children's cells and removes the
cells with no load; area and timing are those of the one flat netlist.
Where a child cannot be specialised (a child with children of its own, a
flow option) the older form remains: the child a black box in the parent's
run, the parent's area its glue plus its children's, its timing OpenSTA on
the hierarchical netlist (glue and children linked under the top). The
FO4 delay, the unit of the timing columns, is measured here too: STA on a
generated chain of inverters, each driving four copies of itself.

The other jobs live in their own modules: tools.py (running tools),
liberty.py (the cell library), vdeps.py (which sources a top reads),
netlist_fix.py (netlist clean-up and fanout repair for OpenSTA).

Standard library only. Used by synth/synth.py.
"""

import hashlib
import json
import os
import re
import shutil
import time

from liberty import FO4_CELL
from netlist_fix import (plain_names, split_assigns, repair_fanout, ports as netlist_ports,
                         INST_RE, CONN_RE)
from tools import FlowError, run_tool
import rtlil_verilog
import specialise
from vdeps import RTL_INCLUDE_DIRS, param_value

# Bump when the flow changes in a way that changes results (part of the
# cache key together with the hashes of the flow's modules).
FLOW_VERSION = "3"   # 3: the fanout trees in the area; clock targets
MODULES = ("flow.py", "tools.py", "liberty.py", "vdeps.py", "netlist_fix.py", "specialise.py")

DRIVE_CELL = "BUFX2"    # drives every data input in STA
STA_PERIOD = 100.0      # ns; only arrival times and slacks are read

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

# Timing-driven mapping, for a configuration with a clock target (configs.tsv
# column `clock`): the flow's script up to &dch, then delay-oriented
# restructuring and mapping (&if -g: SOP balancing; &synch2; &nf -p), then
# ABC's own buffering (fanout at most 6, -p: on the critical path first)
# and gate sizing against the target T (ps): upsize, dnsize (area back where
# the slack allows), upsize again. The buffers and resized cells are in the
# mapped netlist, so in the area.
ABC_TIMED = ("+strash;&get,-n;&fraig,-x,-C,1000;&put;scorr;dc2;dretime;strash;"
             "&get,-n;&if,-g;&synch2;&nf,-p;&put;topo;buffer,-N,6,-p;"
             "upsize,-D,{T};dnsize,-D,{T};upsize,-D,{T}")


def abc_command(lib_path, name, clock_ps=None):
    """The Yosys abc command: the named script, or with a clock target (ps)
    the timing-driven script ABC_TIMED against it."""
    if clock_ps:
        return f'abc -liberty {lib_path} -script "{ABC_TIMED.format(T=int(clock_ps))}"'
    if name not in ABC_SCRIPTS:
        raise FlowError(f"unknown ABC script {name}")
    text = ABC_SCRIPTS[name]
    return f"abc -liberty {lib_path}" + (f' -script "{text}"' if text else "")


def cfg_abc(lib_path, cfg):
    """The abc command of a configuration: its script, its clock target."""
    return abc_command(lib_path, cfg.get("abc") or ABC_SCRIPT, cfg.get("clock_ps"))


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
    # after the multipliers of a unit whose RTL contains them. The cut
    # wires carry the attribute cut_product, so that cut_products() finds
    # them in the mapped netlist and fails the run when one drives nothing
    # (the logic after it was optimised away: no measurement).
    "products-as-inputs": """proc
flatten
opt_clean
select -set products t:$mul %co:+[Y] t:$mul %d
tee -q -o cut.txt select -count t:$mul
setattr -set cut_product 1 @products
expose -input @products
opt_clean
""",
}


def yosys_script(cfg, up, files, lib_path, child_tops=(), spec_maps=(), mapped=(),
                 seq_cells=(), late_ports=()):
    """The Yosys script; it runs in the configuration's directory, `up` is
    the path from there to the source root (so the script, and the cache
    key made from it, do not depend on where the checkout lives). The
    modules in child_tops (each derivation of them) become black boxes after
    elaboration: the parent's run maps only its glue. spec_maps: (child cell
    type, wrapper module, wrapper file, its sha256) for each child specialised
    for this parent (specialise.py): its instances are retyped to the
    wrapper, read as a black box with the same ports, for the check of the
    glue against the wrappers (specialise.check_glue). mapped: (child cell
    type, module, netlist file in the run's directory, its sha256, the
    child's instance names) for each child whose mapped netlist is
    flattened into this run: the glue is synthesized against the children's
    shells (their constant and fed-through outputs), then the children's
    cells join and cells with no load go (the children's unused outputs,
    the glue that drives inputs a child does not read). seq_cells: the
    liberty's sequential cells (where a downstream cone stops); late_ports:
    {mapped module: its output ports that logic drives}
    (specialise.combinational_outputs), where the downstream cones start
    (a child with none starts no cone)."""
    inc = " ".join(f"-I{up}/{d}" for d in RTL_INCLUDE_DIRS)
    chp = " ".join(f"-chparam {k} {v}" for k, v in cfg["params"])
    src = " ".join(f"{up}/{f}" for f in files)
    top = cfg["top"]
    if cfg["flow"] not in FLOW_OPTIONS:
        raise FlowError(f"unknown flow option {cfg['flow']}")
    bb = ""
    if child_tops:
        bb = "blackbox " + " ".join(f"{t} $paramod*\\{t}" for t in child_tops) + "\n"
    if spec_maps:
        bb += "design -save elab\n"
        for ctype, wmod, wfile, wsha in spec_maps:
            bb += f"read_verilog -lib {up}/{wfile}\nchtype -map {ctype} {wmod}\n"
        bb += "proc\nflatten\nopt -purge\nwrite_json glue.json\ndesign -load elab\n"
    # Bottom-up with mapped children: the glue is synthesized and mapped
    # against each child's shell (specialise.child_shell: the constants and
    # feed-throughs of the child's mapped netlist, every other output bit
    # from a black box), not among the children's cells, which synth's
    # passes would walk through without changing them. Then the black
    # boxes become the mapped children (each keeps its instance's name),
    # one flatten and `opt_clean -purge` remove every cell with no load,
    # the glue's included.
    join = ""
    for ctype, mmod, mfile, msha, insts in mapped:
        bb += f"read_verilog {mmod}__shell.v\nchtype -map {ctype} {mmod}__shell\n"
    if mapped:
        join = f"read_liberty -lib {lib_path}\n"
        for ctype, mmod, mfile, msha, insts in mapped:
            join += f"read_rtlil {mfile}\nchtype -map {mmod}__core {mmod}\n"
            join += f"cd {top}\n" + "".join(f"rename {i}._core_ {i}\n" for i in insts) + "cd ..\n"
        join += f"flatten\nhierarchy -top {top}\nopt_clean -purge\n"
        if cfg.get("clock_ps"):
            join += remap_script(lib_path, cfg, mapped, seq_cells)
    # Bottom-up: the glue downstream of each child's combinational outputs
    # is mapped first, by an ABC run of its own, child by child in the
    # table's order (configs.tsv: the child whose outputs come latest
    # first), then the rest of the glue. ABC sees no arrival times (every
    # input of its network at 0): mapping the glue as one network, it
    # balances the cone after a late child output against the glue's
    # deepest cones and recovers area there, on the path that is really
    # late. Mapped on its own, a downstream cone has the late outputs and
    # the signals they meet as its only inputs, so ABC minimises the depth
    # after them. A registered output (ready at the start of the cycle)
    # starts no cone: its cone would take in the logic it meets, late
    # signals' logic among it (synth/README.md, "Bottom-up glue").
    cones = ""
    if mapped and not cfg.get("clock_ps"):
        stop = ",".join([m[1] + "__core" for m in mapped] + list(seq_cells))
        for i, (ctype, mmod, mfile, msha, insts) in enumerate(mapped):
            ports = dict(late_ports).get(mmod)
            if not ports:
                continue
            cones += (f"select -set downstream{i} t:{mmod}__core %co:+[{','.join(ports)}] "
                      f"%co*:-{stop}\n"
                      f"{cfg_abc(lib_path, cfg)} @downstream{i}\n")
    if mapped and cfg.get("clock_ps"):
        # the glue mapped for area first (remapped with the children below)
        cfg = {k: v for k, v in cfg.items() if k != "clock_ps"}
    late_lib = "" if mapped else f"read_liberty -lib {lib_path}\n"
    # Logic depth (ltp), except in a bottom-up run: there the generic
    # netlist is only the glue, and ltp over the flattened cells of the
    # full issue stage took 37 s of the parent's 85 s of CPU and its peak
    # memory from 0.70 to 7.2 GB.
    ltp_gen = "" if mapped else "tee -q -o ltp_gen.txt ltp -noff\n"
    ltp_map = "" if mapped else "tee -q -o ltp_map.txt ltp t:DFF* t:LATCH %u %n\n"
    return f"""# {cfg['name']}: generated by synth/synth.py
read_verilog -defer -DSYNTHESIS {inc} {src}
hierarchy -check -top {top} {chp}
tee -q -o hier.json stat -json
{bb}{FLOW_OPTIONS[cfg['flow']]}synth -flatten -top {top}
tee -q -o check.txt check
tee -q -o gen_stat.json stat -json
{ltp_gen}dfflibmap -liberty {lib_path}
{cones}{cfg_abc(lib_path, cfg)}
opt_clean
{join}tee -q -o map_stat.txt stat -liberty {lib_path}
tee -q -o map_stat.json stat -json
select {top}
rename -enumerate
write_rtlil -selected netlist.il
select -clear
{late_lib}{ltp_map}""" + "".join(f"# {w[2]} sha256 {w[3]}\n" for w in tuple(spec_maps) + tuple(mapped))


# The remap's ABC target as a share of the clock target: the remapped
# network starts and ends at flops and ports whose fanout trees the flow
# adds after ABC (netlist_fix.repair_fanout: a BUFX4 level, 0.15-0.2 ns, on
# each input and flop output with more than 8 loads), and ABC's own delay
# model is not OpenSTA's. Measured on fiber_issue_stage.t40 (synth/README.md):
# T at the target 41.3 FO4, at 0.9 of it 40.6, at 0.85 39.6 (+83 GE).
# OpenSTA still times the run at the target itself.
REMAP_ABC_SHARE = 0.85


def remap_scope(cfg, mapped):
    """The instances of the children a clock-target unit keeps mapped
    except for their cells in the glue's fan-in: the shared ones (the
    table's own configuration used whole, a name without `@`); the
    children specialised for the unit (CHILD@PARENT) are remapped whole.
    Without the names of the unit's children (cfg `children`,
    `child_instances`) every child is remapped whole."""
    names = cfg.get("children") or []
    insts = cfg.get("child_instances") or {}
    mods = {m[1] for m in mapped}
    shared = []
    for k in names:
        if "@" in k or re.sub(r"\W", "_", k) + "__mapped" not in mods:
            continue
        for i in insts.get(k, []):
            if re.search(r"[][*?\\]", i):
                raise FlowError(f"{cfg['name']}: instance {i} of shared child {k} "
                                "cannot be named in a Yosys pattern")
            shared.append(i)
    return shared


def remap_target(clock_ps):
    """The remap's ABC target (ps) for a clock target (ps)."""
    return int(round(clock_ps * REMAP_ABC_SHARE))


def remap_script(lib_path, cfg, mapped=(), seq_cells=()):
    """A bottom-up unit with a clock target: once the children's cells have
    joined the glue, the cells on the unit's long paths are turned back
    into generic gates (the liberty's cell functions, read_liberty
    -overwrite; flatten) and mapped again as one ABC network by the
    timing-driven script: the glue, the children specialised for the unit
    whole, and of each shared child (remap_scope) the combinational cells
    in the glue's fan-in, up to its flops and ports (the busy bitmap's
    read multiplexers, from the selectors' addresses to its eligibility;
    not its write logic, nor the crossbar, whose outputs no glue reads).
    Every other cell, and every flop, keeps its mapping (keep_hierarchy
    while the others are flattened, liberty black boxes again after).
    No opt_merge: the bitmap's replicas stay replicas. The remapped cells
    carry ABC's names, so the area split by children (`hier`) is not made
    for such a run. Measured (synth/README.md): the issue stage's worst
    path runs from a glue flop through the selectors, the guard and the
    arbiter, and from its inputs through the bitmap's eligibility; the
    whole network remapped took 448 s of Yosys CPU at full size (43.5
    FO4), this scope 141 s (39.6 FO4). ABC's target is REMAP_ABC_SHARE of
    the clock target (remap_target); OpenSTA times at the target."""
    top = cfg["top"]
    seq = ",".join(seq_cells)
    shared = remap_scope(cfg, mapped)
    remap_cfg = dict(cfg, clock_ps=remap_target(cfg["clock_ps"]))
    sel = ""
    if seq_cells:
        sel += "select -set remap_seq " + " ".join(f"t:{c}" for c in seq_cells) + "\n"
    else:
        sel += "select -set remap_seq t:* t:* %d\n"
    if shared:
        sel += ("select -set remap_shared " + " ".join(f"c:{i}.*" for i in shared) + "\n"
                "select -set remap_glue t:* @remap_shared %d @remap_seq %d\n"
                f"select -set remap_cone @remap_glue %ci*{':-' + seq if seq else ''} "
                "@remap_shared %i @remap_seq %d\n"
                "select -set remap @remap_glue @remap_cone %u\n")
    else:
        sel += "select -set remap t:* @remap_seq %d\n"
    return (f"cd {top}\n{sel}tee -q -o remap_count.txt select -count @remap\n"
            "setattr -set keep_hierarchy 1 t:* @remap %d\ncd ..\n"
            f"read_liberty -overwrite -ignore_miss_func {lib_path}\n"
            # the flattened cells' pin wires (`u_bitmap._123_.A`, public:
            # the children's cells are named) made private, so that a
            # flop's output keeps its register's name (opt_clean keeps the
            # alias first in name order, and `_` sorts before letters)
            f"flatten\nrename -hide {top}/w:*_.[ABCDRSY] {top}/w:*_.Y[CS]\n"
            "opt_clean\ntechmap\nopt_expr\nopt_clean\n"
            f"dfflibmap -liberty {lib_path}\n{cfg_abc(lib_path, remap_cfg)}\nopt_clean\n"
            f"setattr -unset keep_hierarchy {top}/t:*\n"
            f"read_liberty -lib -overwrite {lib_path}\n")


def sta_script(top, lib, clock_port, inputs, netlists=("netlist_sta.v",), period=STA_PERIOD):
    """OpenSTA script; a hierarchical design reads its children's netlists
    first and links the top over all of them. period: the clock (ns), a
    configuration's target where it has one (latches are checked against
    it), else STA_PERIOD (only arrival times and slacks are read)."""
    load = 4 * lib["inv_cap"]
    lines = ([f"read_liberty {lib['path']}"] + [f"read_verilog {n}" for n in netlists]
             + [f"link_design {top}"])
    if clock_port:
        lines.append(f"create_clock -name clk -period {period} [get_ports {clock_port}]")
        data_in = f"[delete_from_list [all_inputs] [get_ports {clock_port}]]"
    else:
        lines.append(f"create_clock -name clk -period {period}")
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


def parse_sta(text, period=STA_PERIOD):
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
            "ns": round(period - float(slack.group(1)), 4),
            "cells_on_path": len(stages),
        }
    return paths


def parse_ltp(path):
    try:
        m = re.search(r"length=(-?\d+)", open(path).read())
        return int(m.group(1)) if m else None
    except OSError:
        return None


def stat_module(path, top=None):
    d = json.load(open(path))
    mods = d.get("modules", {})
    if top is not None and ("\\" + top) in mods:
        return mods["\\" + top]
    if len(mods) != 1:
        raise FlowError(f"{path}: expected one module after flattening, got {len(mods)}")
    return next(iter(mods.values()))


def derived_params(log_text):
    """Module name -> {parameter: value} for every module Yosys derived with
    parameters (the `Parameter \\X = V` lines hierarchy prints before
    `Generating RTLIL representation for module ...`)."""
    out, cur = {}, {}
    for line in log_text.splitlines():
        if "Executing AST frontend in derive mode" in line:
            cur = {}
            continue
        m = re.match(r"Parameter \\(\w+) = (.*)$", line)
        if m:
            cur[m.group(1)] = param_value(m.group(2))
            continue
        m = re.match(r"Generating RTLIL representation for module `(.*)'\.$", line)
        if m:
            out[m.group(1)] = cur
            cur = {}
    return out


def _base_module(celltype):
    r"""`$paramod$hash\fiber_xbar` or `\fiber_xbar` -> fiber_xbar."""
    return celltype.rsplit("\\", 1)[-1] if celltype.startswith("$paramod") else celltype.lstrip("\\")


def match_children(cfg, children, by_type, derived):
    """The parent's black-box cells against its child configurations: every
    child instantiated, each with exactly the child configuration's
    parameters (defaults included). Returns {child name: (cell type, count)}."""
    by_top = {}
    for ch in children:
        if ch["cfg"]["top"] in by_top:
            raise FlowError(f"{cfg['name']}: children {by_top[ch['cfg']['top']]['cfg']['name']} "
                            f"and {ch['cfg']['name']} have the same top module")
        by_top[ch["cfg"]["top"]] = ch
        if ch["cfg"]["flow"] != cfg["flow"]:
            raise FlowError(f"{cfg['name']}: child {ch['cfg']['name']} has flow "
                            f"{ch['cfg']['flow']}, the parent {cfg['flow']}")
    found = {}
    for t, n in by_type.items():
        base = _base_module(t)
        if base not in by_top:
            continue
        ch = by_top[base]
        name = ch["cfg"]["name"]
        if name in found:
            raise FlowError(f"{cfg['name']}: two derivations of {base} (one child "
                            f"configuration per module and parameter set)")
        want = dict(ch["defaults"])
        want.update({k: param_value(v) for k, v in ch["cfg"]["params"]})
        got = dict(ch["defaults"])
        got.update(derived.get(t, {}) if t.startswith("$paramod") else {})
        if want != got:
            diff = ", ".join(f"{k}={got.get(k)} (child {name}: {want.get(k)})"
                             for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k))
            raise FlowError(f"{cfg['name']}: {base} is instantiated with {diff}")
        found[name] = (t, n)
    missing = [ch["cfg"]["name"] for ch in children if ch["cfg"]["name"] not in found]
    if missing:
        raise FlowError(f"{cfg['name']}: child configuration(s) not instantiated: "
                        + ", ".join(missing))
    return found


def _ge(lib, um2):
    return round(um2 / lib["ge_area"], 1)


def run_config(cfg, root, files, lib, fo4, outdir, timeout, yosys_key, sta=True, children=(),
               spec_maps=(), mapped=()):
    """Synthesize and time one configuration; returns the result record.

    children: the configuration's child configurations, already run, each
    {"cfg", "rec", "outdir", "defaults"} (defaults: the parameter defaults
    of the child's top). They are black boxes in this run; the record's
    area, cells and flops are the glue's plus every child instance's, and
    `hier` says which part came from where. STA links the children's timed
    netlists under the glue's.

    Yosys, the slow part, is skipped when outdir holds the outputs of a run
    with the same yosys_key (script, sources, tool and library); everything
    after it (parsing, fanout repair, STA) always runs.

    The steps, each a function of its own: config_script (the Yosys script
    and its cache key), run_yosys (or its cached outputs), read_mapped (the
    mapped netlist's cells, area and flops), add_children (a hierarchical
    run's children, once per instance), describe_run (the generic netlist,
    the checks, the record's fields), sta_netlist and count_buffers (the
    fanout trees, whose area joins the record's), then time_config
    (OpenSTA at the configuration's clock, the paths named by their
    flops)."""
    script, key = config_script(cfg, root, files, lib, outdir, yosys_key, children,
                                spec_maps, mapped)
    rec = {"status": "ok", "log": os.path.relpath(os.path.join(outdir, "yosys.log"), root),
           "abc_script": cfg.get("abc") or ABC_SCRIPT}
    if not run_yosys(rec, script, key, outdir, timeout, mapped):
        return rec
    if spec_maps:
        # The specialised children against the mapped glue (specialise.py).
        glue = json.load(open(os.path.join(outdir, "glue.json")))
        specialise.raise_if(specialise.check_glue(glue, cfg["top"],
                                                  {m[1]: m[4] for m in spec_maps}), cfg["name"])
    m = read_mapped(cfg, lib, outdir, children, mapped)
    if "error" in m:
        rec.update(status="failed", error=m["error"])
        return rec
    hier = add_children(cfg, lib, outdir, children, mapped, m)
    if cfg["flow"] == "products-as-inputs":
        rec["cut_multipliers"] = m["cut"]
        if not m["cut"]:
            rec["status"] = "failed"
            rec["error"] = "products-as-inputs: the design has no multiplier to cut"
            return rec
        if not mapped:
            with open(os.path.join(outdir, "netlist.il")) as f:
                ports, idle = cut_products(f.read())
            if not ports or idle:
                rec["status"] = "failed"
                rec["error"] = ("products-as-inputs: " + (
                    "no cut product in the mapped netlist" if not ports else
                    f"{len(idle)} of {len(ports)} cut products drive nothing "
                    f"({', '.join(idle)}): the logic after them was optimised away"))
                return rec
    rec.update(describe_run(cfg, lib, outdir, m))
    if hier:
        rec["hier"] = hier
    netlist, timed, repair = sta_netlist(outdir, lib, m["found"])
    count_buffers(rec, lib, repair)
    if not sta:
        return rec
    return time_config(rec, cfg, root, lib, fo4, outdir, timeout, m["flops"],
                       () if mapped else children, netlist, timed)


def cut_products(il_text):
    """The cut products of a products-as-inputs run in its mapped netlist
    (RTLIL text): the wires marked cut_product, and those of them that
    nothing reads. A wire is read when a cell's connection names it or a
    module-level connect drives an output port from it; the other
    module-level connects only keep other names of the same net (a
    product that feeds nothing keeps them too). Returns (names, idle
    names), in the order of the netlist."""
    names, outputs, pending = [], set(), False
    for line in il_text.splitlines():
        t = line.split()
        if not t:
            continue
        if t[0] == "attribute":
            pending = pending or t[1] == "\\cut_product"
            continue
        if t[0] == "wire":
            if pending:
                names.append(t[-1])
            if "output" in t:
                outputs.add(t[-1])
        pending = False
    wanted, used, in_cell = set(names), set(), False
    for line in il_text.splitlines():
        t = line.split()
        if not t:
            continue
        if t[0] == "cell":
            in_cell = True
        elif t[0] == "end":
            in_cell = False
        elif t[0] == "connect" and len(t) > 2 and (in_cell or t[1] in outputs):
            used.update(wanted.intersection(t[2:]))
    return names, [x for x in names if x not in used]


def count_buffers(rec, lib, repair):
    """The fanout trees are part of the netlist that is timed: their area
    joins the configuration's (area_um2, ge; flop_area_um2 and the cell
    counts stay those of the mapped netlist). ge_mapped keeps the mapped
    cells alone (a hierarchical run's children counted with their own
    buffers), fanout_repair the trees' area and count."""
    rec["fanout_repair"] = repair
    rec["ge_mapped"] = rec["ge"]
    rec["area_um2"] = round(rec["area_um2"] + repair.get("area_um2", 0), 2)
    rec["ge"] = _ge(lib, rec["area_um2"])
    return rec


def config_script(cfg, root, files, lib, outdir, yosys_key, children=(), spec_maps=(),
                  mapped=()):
    """The configuration's Yosys script and its cache key (yosys_key: the
    sources, tool and library; the script adds the rest)."""
    seq = sorted(c for c, v in lib["cells"].items() if v["seq"])
    script = yosys_script(cfg, os.path.relpath(root, outdir), files, lib["path"],
                          [ch.get("orig_top", ch["cfg"]["top"]) for ch in children],
                          [m[:4] for m in spec_maps],
                          [(t, mod, mod + ".il", sha, insts) for t, mod, _, sha, insts in mapped],
                          seq, {mod: specialise.combinational_outputs(open(nl).read(), seq)
                                for _, mod, nl, _, _ in mapped})
    return script, hashlib.sha256((yosys_key + script).encode()).hexdigest()


def cached_yosys(outdir, key):
    """The Yosys times of the run cached in outdir when its key is `key`
    and its netlist is there, else None."""
    try:
        prev = json.load(open(os.path.join(outdir, "yosys.key")))
    except (OSError, ValueError):
        return None
    if (prev.get("key") == key and "yosys_cpu_s" in prev
            and os.path.isfile(os.path.join(outdir, "netlist.v"))):
        return {"yosys_s": prev["yosys_s"], "yosys_cpu_s": prev["yosys_cpu_s"]}
    return None


def stage_children(outdir, mapped):
    """Copies each mapped child into the run's directory: its netlist as
    RTLIL (read 8x faster than its Verilog, in a fifth of the memory; its
    private names made public by the child's `rename -enumerate`, as
    write_verilog does), its attributes dropped (as write_verilog -noattr
    does: a `keep` would hold cells the parent leaves without load), its
    module renamed (no clash with the child's RTL module of the same name);
    and its shell, made from its Verilog."""
    for _, mod, src, _, _ in mapped:
        il = os.path.splitext(src)[0] + ".il"
        text = re.sub(r"^\s*attribute .*\n", "", open(il).read(), flags=re.M)
        text, n = re.subn(r"^module \S+$", lambda _: "module \\" + mod, text, count=1,
                          flags=re.M)
        if n != 1:
            raise FlowError(f"{il}: no module header")
        with open(os.path.join(outdir, mod + ".il"), "w") as f:
            f.write(text)
        with open(os.path.join(outdir, mod + "__shell.v"), "w") as f:
            f.write(specialise.child_shell(open(src).read(), mod)[0])


def run_yosys(rec, script, key, outdir, timeout, mapped=()):
    """Runs Yosys in a fresh outdir, or takes the cached run with the same
    key. Adds its times to rec; False (rec failed) when Yosys failed."""
    prev = cached_yosys(outdir, key)
    if prev:
        rec.update(prev)
        rec["yosys_reused"] = True
        return True
    if os.path.isdir(outdir):
        shutil.rmtree(outdir)
    os.makedirs(outdir)
    stage_children(outdir, mapped)
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
        return False
    # netlist.v from netlist.il (synth/rtlil_verilog.py: Yosys 0.23's
    # write_verilog spends 38 s on the composed issue stage's public names);
    # its CPU counts with Yosys'.
    t0, c0 = time.monotonic(), time.thread_time()
    try:
        rtlil_verilog.convert(os.path.join(outdir, "netlist.il"), os.path.join(outdir, "netlist.v"))
    except (OSError, rtlil_verilog.RtlilError) as e:
        rec["status"] = "failed"
        rec["error"] = f"netlist.il -> netlist.v: {e}"
        return False
    rec["yosys_s"] = round(t_y + time.monotonic() - t0, 2)
    rec["yosys_cpu_s"] = round(c_y + time.thread_time() - c0, 2)
    with open(os.path.join(outdir, "yosys.key"), "w") as f:
        json.dump({"key": key, "yosys_s": rec["yosys_s"], "yosys_cpu_s": rec["yosys_cpu_s"]}, f)
    return True


def read_mapped(cfg, lib, outdir, children=(), mapped=()):
    """The mapped netlist's own cells (map_stat.json: in a hierarchical run
    the glue's, the children's black boxes apart), their area (checked
    against Yosys' own figure), flops, latches and cut multipliers. Returns
    a dict (keys by_type, found, area, flops, flop_area, latches, cut), or
    {"error": ...} when a cell is not a library cell."""
    mstat = stat_module(os.path.join(outdir, "map_stat.json"), cfg["top"])
    by_type_all = mstat["num_cells_by_type"]
    found = {}
    if children and not mapped:
        derived = derived_params(open(os.path.join(outdir, "yosys.log"), errors="replace").read())
        found = match_children(cfg, children, by_type_all, derived)
    child_types = {t for t, _ in found.values()}
    by_type = {c: n for c, n in by_type_all.items() if c not in child_types}   # the glue
    unknown = [c for c in by_type if c not in lib["cells"]]
    if unknown:
        return {"error": "unmapped cells after abc: " + ", ".join(sorted(unknown))}
    area = sum(n * lib["cells"][c]["area"] for c, n in by_type.items())
    area_lib = sum(n * lib["cells"][c].get("area_liberty", lib["cells"][c]["area"])
                   for c, n in by_type.items())
    ym = re.search(r"Chip area for module .*?:\s*([0-9.]+)",
                   open(os.path.join(outdir, "map_stat.txt")).read())
    if ym and abs(float(ym.group(1)) - area_lib) > 0.01 * max(area_lib, 1):
        raise FlowError(f"{cfg['name']}: area {area_lib} disagrees with yosys {ym.group(1)}")
    flop_types = {c for c in by_type if lib["cells"][c]["seq"]}
    cut = 0
    if cfg["flow"] == "products-as-inputs":
        m = re.search(r"(\d+) objects", open(os.path.join(outdir, "cut.txt")).read())
        cut = int(m.group(1)) if m else 0
    return {"by_type": by_type, "found": found, "area": area,
            "flops": sum(by_type[c] for c in flop_types),
            "flop_area": sum(by_type[c] * lib["cells"][c]["area"] for c in flop_types),
            "latches": sum(n for c, n in by_type.items() if c.startswith("LATCH")),
            "cut": cut}


def add_children(cfg, lib, outdir, children, mapped, m):
    """The children's share: with their netlists flattened in (mapped), the
    area split by instance names (_mapped_hier); with children as black
    boxes, every child instance's figures added into m (total_types, area,
    flops ...). Sets m["total_types"]; returns the record's `hier` or None."""
    m["total_types"] = dict(m["by_type"])
    if children and mapped:
        # remapped as one network (remap_script): the instance names are gone
        return None if cfg.get("clock_ps") else _mapped_hier(cfg, lib, outdir, children)
    if not children:
        return None
    hier = {"glue": {"ge": _ge(lib, m["area"]), "area_um2": round(m["area"], 2),
                     "cells": sum(m["by_type"].values()), "flops": m["flops"]},
            "children": []}
    for ch in children:
        name = ch["cfg"]["name"]
        r = ch["rec"]
        n = m["found"][name][1]
        for c, k in r["cells_by_type"].items():
            m["total_types"][c] = m["total_types"].get(c, 0) + n * k
        m["area"] += n * r["area_um2"]
        m["flop_area"] += n * r["flop_area_um2"]
        m["flops"] += n * r["flops"]
        m["latches"] += n * r.get("latches", 0)
        m["cut"] += n * r.get("cut_multipliers", 0)
        hier["children"].append({"config": name, "top": ch["cfg"]["top"], "instances": n,
                                 "ge_each": r["ge"], "ge": round(n * r["ge"], 1),
                                 "flops": n * r["flops"]})
    return hier


def hier_children_of(path, top):
    """{child module: instances} in the elaborated top (hier.json), before
    flattening; {} when the file is missing or unreadable."""
    out = {}
    try:
        hj = json.load(open(path))
        for t, n in hj["modules"].get("\\" + top, {}).get("num_cells_by_type", {}).items():
            if t.startswith("$paramod"):
                base = t.split("\\")[1] if "\\" in t else t
            elif not t.startswith("$"):
                base = t.lstrip("\\")
            else:
                continue
            out[base] = out.get(base, 0) + n
    except (OSError, ValueError, KeyError):
        pass
    return out


def describe_run(cfg, lib, outdir, m):
    """The record's area and netlist fields from the mapped figures m
    (read_mapped, add_children) and the run's other outputs: the generic
    netlist, check's warnings, logic depths, the elaborated children."""
    gen = stat_module(os.path.join(outdir, "gen_stat.json"), cfg["top"])
    check_txt = open(os.path.join(outdir, "check.txt")).read()
    total_types = m["total_types"]
    return {
        "cells": sum(total_types.values()),
        "cells_by_type": dict(sorted(total_types.items())),
        "flops": m["flops"],
        "latches": m["latches"],
        "area_um2": round(m["area"], 2),
        "flop_area_um2": round(m["flop_area"], 2),
        "ge": _ge(lib, m["area"]),
        "generic_gates": gen["num_cells"],
        "depth_generic": parse_ltp(os.path.join(outdir, "ltp_gen.txt")),
        "depth_cells": parse_ltp(os.path.join(outdir, "ltp_map.txt")),
        "check_warnings": len(re.findall(r"^Warning:", check_txt, re.M)),
        "children": hier_children_of(os.path.join(outdir, "hier.json"), cfg["top"]),
        "lef_priced": {c: n for c, n in total_types.items()
                       if lib["cells"].get(c, {}).get("area_from") == "lef"},
    }


def sta_netlist(outdir, lib, found):
    """The mapped netlist as OpenSTA reads it: plain names, per-bit assigns,
    fanout repaired (netlist_sta.v). In a hierarchical netlist the
    children's cells are renamed to their tops (the module names of their
    own timed netlists). Returns (the mapped netlist's text, the timed
    text, the repair's figures with their GE)."""
    netlist = open(os.path.join(outdir, "netlist.v")).read()
    for t, _ in found.values():
        if t.startswith("$paramod"):
            netlist = netlist.replace("\\" + t + " ", _base_module(t))   # eats the escape's space
    timed, rep = repair_fanout(split_assigns(plain_names(netlist)), lib)
    with open(os.path.join(outdir, "netlist_sta.v"), "w") as f:
        f.write(timed)
    return netlist, timed, dict(rep, ge=_ge(lib, rep.get("area_um2", 0)))


def clock_port(ports, flops):
    """The clock input of a design with flops (clk_i, clk or clock), None
    without flops; FlowError when a design with flops has none."""
    if not flops:
        return None
    for cand in ("clk_i", "clk", "clock"):
        if cand in ports["input"]:
            return cand
    raise FlowError("design has flops but no clk_i/clk port")


def flop_names(netlist, lib):
    """{flop instance: the register bit it holds (its Q net)}."""
    flop_q = {}
    for m in INST_RE.finditer(netlist):
        if lib["cells"].get(m.group(1), {}).get("seq"):
            q = dict((p, n.strip()) for p, n in CONN_RE.findall(m.group(3))).get("Q")
            if q:
                flop_q[m.group(2)] = q.replace("\\", "").replace(" ", "")
    return flop_q


def name_paths(paths, fo4, flop_q, timed, children=()):
    """Each path in FO4, its ends named by the register bits of their flops;
    a child's flop (hierarchical run) by the child instance and the bit in
    the child (the child's flop_q.json)."""
    inst_child = {}
    if children:
        by_top = {ch["cfg"]["top"]: ch for ch in children}
        for m in INST_RE.finditer(timed):
            if m.group(1) in by_top:
                inst_child[m.group(2)] = by_top[m.group(1)]
    child_q = {}
    for p in paths.values():
        p["fo4"] = round(p["ns"] / fo4["ns"], 1)
        for end in ("start", "end"):
            if p[end] in flop_q:
                p[end] = flop_q[p[end]]
            elif "/" in p[end] and p[end].split("/", 1)[0] in inst_child:
                inst, rest = p[end].split("/", 1)
                ch = inst_child[inst]
                if inst not in child_q:
                    try:
                        child_q[inst] = json.load(open(os.path.join(ch["outdir"], "flop_q.json")))
                    except (OSError, ValueError):
                        child_q[inst] = {}
                p[end] = inst + "." + child_q[inst].get(rest, rest)
                p.setdefault("children", []).append(ch["cfg"]["name"])
    return paths


def time_config(rec, cfg, root, lib, fo4, outdir, timeout, flops, children, netlist, timed):
    """Static timing on the repaired netlist (sta_netlist; children: a
    hierarchical run's, their timed netlists linked under the top), at the
    configuration's clock target where it has one. Adds sta_netlists, the
    STA times, paths, critical and (with a target) clock to rec."""
    sta_netlists = []
    for ch in children:
        for p in ch["rec"].get("sta_netlists", []):
            if not os.path.isfile(os.path.join(root, p)):
                raise FlowError(f"{cfg['name']}: {p} of child {ch['cfg']['name']} is missing")
            if p not in sta_netlists:
                sta_netlists.append(p)
    own = os.path.relpath(os.path.join(outdir, "netlist_sta.v"), root)
    rec["sta_netlists"] = sta_netlists + [own]
    ports = netlist_ports(netlist)
    try:
        clock = clock_port(ports, flops)
    except FlowError as e:
        rec.update(status="failed", error=str(e))
        return rec
    data_inputs = [p for p in ports["input"] if p != clock]
    reads = [os.path.relpath(os.path.join(root, p), outdir) for p in rec["sta_netlists"]]
    with open(os.path.join(outdir, "sta.tcl"), "w") as f:
        f.write(sta_script(cfg["top"], lib, clock, data_inputs, reads, sta_period(cfg)))
    rc, t_s, c_s = run_tool(["sta", "-no_splash", "-exit", "sta.tcl"],
                            os.path.join(outdir, "sta.log"), outdir, timeout)
    rec["sta_s"] = round(t_s, 2)
    rec["sta_cpu_s"] = round(c_s, 2)
    sta_text = open(os.path.join(outdir, "sta.log")).read()
    if rc != 0 or re.search(r"^Error", sta_text, re.M):
        rec["status"] = "failed"
        rec["error"] = "sta: " + (re.findall(r"^Error.*", sta_text, re.M) or ["rc %s" % rc])[0]
        return rec
    flop_q = flop_names(netlist, lib)
    with open(os.path.join(outdir, "flop_q.json"), "w") as f:
        json.dump(flop_q, f)
    paths = name_paths(parse_sta(sta_text, sta_period(cfg)), fo4, flop_q, timed, children)
    rec["paths"] = paths
    if paths:
        kind = max(paths, key=lambda k: paths[k]["ns"])
        rec["critical"] = dict(paths[kind], kind=kind)
    else:
        rec["critical"] = None
    if cfg.get("clock_ps"):
        rec["clock"] = clock_result(cfg, fo4, rec["critical"])
    return rec


def sta_period(cfg):
    """The STA clock (ns): the configuration's target, else STA_PERIOD."""
    return round(cfg["clock_ps"] / 1000, 4) if cfg.get("clock_ps") else STA_PERIOD


def clock_result(cfg, fo4, critical):
    """A configuration with a clock target: the target (FO4, ns), the
    worst path against it, the slack, met or not."""
    period = sta_period(cfg)
    worst = critical["ns"] if critical else 0.0
    mapping = "timing-driven (ABC_TIMED, T = %d ps)" % int(cfg["clock_ps"])
    if cfg.get("children"):
        mapping = ("timing-driven (ABC_TIMED; the remap at T = %d ps)"
                   % remap_target(cfg["clock_ps"]))
    return {"target_fo4": cfg.get("clock_fo4"), "period_ns": period,
            "mapping": mapping,
            "worst_ns": worst, "worst_fo4": round(worst / fo4["ns"], 1),
            "slack_ns": round(period - worst, 4), "met": worst <= period}


def _mapped_hier(cfg, lib, outdir, children):
    """Where the area of a run with the children's netlists flattened in
    comes from: each child's instances by their cell names (`u_xbar.` ...),
    the rest is the glue."""
    prefixes = []
    for ch in children:
        for inst in ch.get("instances", []):
            prefixes.append((inst + ".", ch["cfg"]["name"]))
    area, flops, cells = {}, {}, {}
    text = open(os.path.join(outdir, "netlist.v")).read()
    for m in re.finditer(r"^  (\w+) (\\\S+|\S+)\s+\(", text, re.M):
        cell, inst = m.group(1), m.group(2).lstrip("\\")
        if cell not in lib["cells"]:
            continue
        who = next((n for p, n in prefixes if inst.startswith(p)), "glue")
        area[who] = area.get(who, 0.0) + lib["cells"][cell]["area"]
        cells[who] = cells.get(who, 0) + 1
        flops[who] = flops.get(who, 0) + (1 if lib["cells"][cell]["seq"] else 0)
    hier = {"glue": {"ge": _ge(lib, area.get("glue", 0.0)),
                     "area_um2": round(area.get("glue", 0.0), 2),
                     "cells": cells.get("glue", 0), "flops": flops.get("glue", 0)},
            "children": [], "mode": "flattened"}
    for ch in children:
        name = ch["cfg"]["name"]
        n = len(ch.get("instances", [])) or 1
        hier["children"].append({"config": name, "top": ch["cfg"]["top"], "instances": n,
                                 "ge_each": ch["rec"]["ge"], "ge_alone": round(n * ch["rec"]["ge"], 1),
                                 "ge": _ge(lib, area.get(name, 0.0)),
                                 "flops": flops.get(name, 0)})
    return hier


def _yosys_error(outdir):
    try:
        text = open(os.path.join(outdir, "yosys.log")).read()
    except OSError:
        return "yosys failed (no log)"
    errs = re.findall(r"^ERROR:.*", text, re.M)
    return errs[-1] if errs else "yosys failed"