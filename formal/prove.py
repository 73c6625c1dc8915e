#!/usr/bin/env python3
"""Runs the formal proofs of formal/<paper>/<block>.ys and their mutation checks.

A block's script holds its proofs as labelled sections (yosys `script FILE
FROM:TO` runs one section); its header declares them:

    # requires: rtl/fiber/fiber_port_arb.v        every file the proofs read
    # proof: props fast                           label, group (fast | full)
    # proof: props full timeout=1800              optional timeout in seconds
    # proof: cover fast depth=4                   a cover section: it writes
                                                  build/formal/<paper>/<block>/<label>.smt2,
                                                  checked with yosys-smtbmc -c to depth N
    # proof: cover full depth=4 engine=sat        a cover section that writes <label>.il
                                                  (write_rtlil) instead: each cover in turn
                                                  becomes the assertion of its negation and
                                                  `sat -seq N` must fail on it (a trace that
                                                  reaches it); for designs z3 stalls on
    # proof: ref fast engine=abc                  the section writes the assertion miter
                                                  (`miter -assert`) as <label>.aig; ABC's
                                                  dprove proves its output never rises
    # proof: mul8x8 fast engine=abc-sat           the same miter, proved by ABC's dsat:
                                                  one SAT call, for a miter without latches
                                                  where dprove's SAT sweeping finds no
                                                  equivalent internal points to merge
                                                  (multiplier trees against `*`)

RTL = mapped netlist (`kind=netlist`): one generic proof, written by this
script, not by hand; the block's script has no section for it, only the
header lines

    # proof: equiv fast kind=netlist check=induct [timeout=N]
    # equiv-top: fiber_xbar Lanes=2 Width=2       optional: the top module
                                                  (default: the block name) and the
                                                  parameters both sides are built with

The proof reads the `# requires:` files (with -I for each existing one of
rtl/tilelens rtl/fiber rtl/include rtl/common), maps the top to generic
gates (`synth -flatten`, `abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX`) and writes
build/formal/<paper>/<block>/netlist.v (section `<label>`); then reads the
netlist back, asserts it holds no word-level cell and at least one $and,
builds the RTL again as gold (same parameters, flattened) and the equivalence
miter `miter -equiv -flatten -make_assert` with exactly one $assert (section
`<label>_check`), and checks it with `check=`:

    comb      combinational: sat -prove-asserts -verify
    induct    temporal induction from all-zero states:
              async2sync; sat -tempinduct -prove-asserts -set-init-zero -verify
    seq:N     bounded, N cycles from all-zero states:
              async2sync; sat -seq N -prove-asserts -set-init-zero -verify
    abc       the miter output as <label>.aig (async2sync, zinit, the RTL's
              don't-care multiplexer arms resolved with opt_expr -mux_undef,
              any other x constant made a free input with setundef -anyseq,
              aigmap), proved never to rise by ABC's dprove

Every such proof also gets one netlist mutant without a line in
formal/mutants.tsv: the first AND gate of its netlist turned into OR (a
line of its own there, file @netlist, replaces it). The script is
generated into build/formal/<paper>/<block>/<label>.ys at every run and runs
like a hand-written section (same labels, so the netlist mutants below work).

A proof's section runs from its label to the next proof label (labels that
are not proofs split a section, see mutation below). Yosys ends with an error
when a `sat ... -verify` or `equiv_status -assert` fails, and every section
also counts its assertion cells (`select -assert-count`), so an empty
circuit cannot pass. One line per proof:

    PROVED|FAILED|SKIPPED <paper>/<block>.<label> <seconds>s

SKIPPED when a required file does not exist: a skipped proof counts as
failed (the run exits 1), so a deleted design file cannot shrink a run into
a pass. Last line: `SUMMARY formal: N proved, M failed`.

Mutation (`prove.py mutate`): formal/mutants.tsv lists, per proof, deliberate
bugs (a literal text replacement in one file). Each runs the proof in a
private copy of the tree under build/formal/mut/ (rtl/ copied and broken,
formal/ linked) and must FAIL; a netlist mutant (file `@netlist`) runs the
proof up to the sub-label `<label>_check`, breaks the netlist it wrote, and
runs the rest. Lines: `KILLED|SURVIVED|SKIPPED <proof> <mutant> <seconds>s`
(a SKIPPED mutant counts as survived), last line
`SUMMARY formal-mutate: N killed, M survived`.

Usage: prove.py run [--group fast|full|all] [--jobs N] [PROOF-PREFIX ...]
       prove.py mutate [--jobs N] [PROOF-PREFIX ...]
       prove.py list
"""
import argparse
import concurrent.futures as cf
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import rtlil_covers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMAL = os.path.join(ROOT, "formal")
DEFAULT_TIMEOUT = 1200
DEFAULT_NETLIST_MUTANT = "one AND gate of the mapped netlist turned into OR"

# kind=netlist: the generic proof "RTL = its Yosys-mapped generic-gate netlist"
INCLUDE_DIRS = ["rtl/tilelens", "rtl/fiber", "rtl/include", "rtl/common"]
NETLIST_GATES = "AND,NAND,OR,NOR,XOR,XNOR,MUX"
WORD_CELLS = ("t:$add t:$sub t:$mul t:$shl t:$shr t:$sshl t:$sshr t:$shift t:$shiftx "
              "t:$lt t:$le t:$gt t:$ge t:$eq t:$ne t:$alu t:$macc t:$pmux")
NETLIST_CHECKS = {
    "comb": ["select -assert-count 1 t:$assert",
             "sat -prove-asserts -verify"],
    "induct": ["async2sync",
               "select -assert-count 1 t:$assert",
               "sat -tempinduct -prove-asserts -set-init-zero -verify"],
    "seq": ["async2sync",
            "select -assert-count 1 t:$assert",
            "sat -seq {n} -prove-asserts -set-init-zero -verify"],
    "abc": ["select -assert-count 1 t:$assert",
            "# the miter's output `trigger` is the property ABC proves",
            "delete t:$assert",
            "async2sync",
            "zinit -all",
            "# x constants of the RTL (the don't-care arms the elaboration leaves in",
            "# its multiplexers) take the other arm's value, as synthesis takes them:",
            "# the netlist must equal that refinement of the RTL; any x left becomes a",
            "# free input, and the netlist must then match for every value it takes",
            "opt_expr -mux_undef",
            "opt_clean",
            "setundef -anyseq",
            "opt -nosdff -nodffe",
            "techmap",
            "opt -fast -nosdff -nodffe",
            "dffunmap",
            "aigmap",
            "opt_clean -purge",
            "write_aiger -zinit {out}/{label}.aig"],
}


class Proof:
    def __init__(self, script, paper, block, label, group, opts, requires, labels):
        self.script = script            # path relative to ROOT (of the tree it runs in)
        self.source = script            # the block's script, whose header declares the proof
        self.paper = paper
        self.block = block
        self.label = label
        self.group = group
        self.depth = int(opts.get("depth", "0"))
        self.timeout = int(opts.get("timeout", str(DEFAULT_TIMEOUT)))
        self.engine = opts.get("engine", "yosys")
        self.requires = requires
        self.labels = labels            # every label of the script, in order
        self.proof_labels = []          # filled by load()
        self.kind = opts.get("kind", "section")
        self.check = opts.get("check")
        self.top, self.params = block, []   # kind=netlist: set by load() from `# equiv-top:`
        if self.kind == "netlist":
            self._init_netlist(opts)
        elif self.kind != "section":
            sys.exit(f"{script}: proof {label}: unknown kind={self.kind}")

    def _init_netlist(self, opts):
        where = f"{self.script}: proof {self.label}"
        if not re.fullmatch(r"comb|induct|abc|seq:[1-9][0-9]*", self.check or ""):
            sys.exit(f"{where}: kind=netlist needs check=comb|induct|seq:N|abc")
        if "engine" in opts or "depth" in opts:
            sys.exit(f"{where}: kind=netlist takes check=, not engine= or depth=")
        self.engine = "abc" if self.check == "abc" else "yosys"
        # the generated script, relative to the tree it runs in
        self.script = f"build/formal/{self.paper}/{self.block}/{self.label}.ys"
        self.labels = [self.label, f"{self.label}_check"]

    @property
    def name(self):
        return f"{self.paper}/{self.block}.{self.label}"

    @property
    def is_cover(self):
        return self.depth > 0

    def end_label(self):
        """The next proof label after this one, or None (end of script)."""
        i = self.labels.index(self.label)
        for lab in self.labels[i + 1:]:
            if lab in self.proof_labels:
                return lab
        return None

    def outdir(self, root):
        return os.path.join(root, "build", "formal", self.paper, self.block)

    def netlist_script(self, root):
        """The Yosys script of a kind=netlist proof (sections <label>, <label>_check)."""
        out = f"build/formal/{self.paper}/{self.block}"
        incs = [f"-I{d}" for d in INCLUDE_DIRS if os.path.isdir(os.path.join(root, d))]
        read = " ".join(["read_verilog"] + incs + self.requires)
        chparam = "".join(f" -chparam {k} {v}" for k, v in self.params)
        top, lab = self.top, self.label
        check, n = (self.check.split(":") + [""])[:2]
        lines = [f"# Generated by formal/prove.py from the header of {self.source}",
                 f"# (proof: {lab} kind=netlist check={self.check}); do not edit.",
                 f"# RTL {top}{chparam} against its Yosys-mapped generic-gate netlist.",
                 "",
                 f"{lab}:",
                 "design -reset",
                 read]
        if self.params:
            lines.append(f"hierarchy -top {top}{chparam}")
        lines += [f"synth -flatten -top {top}",
                  f"abc -g {NETLIST_GATES}",
                  "opt_clean",
                  f"rename -top {top}",
                  f"write_verilog -noattr {out}/netlist.v",
                  f"{lab}_check:",
                  "design -reset",
                  f"read_verilog {out}/netlist.v",
                  f"hierarchy -top {top}",
                  "proc",
                  f"select -assert-none {WORD_CELLS}",
                  "select -assert-min 1 t:$and",
                  f"rename {top} gate",
                  "design -stash gate",
                  read,
                  f"hierarchy -top {top}{chparam}",
                  "proc",
                  "flatten",
                  "rename -top gold",
                  "design -copy-from gate -as gate gate",
                  "miter -equiv -flatten -make_assert gold gate miter",
                  "hierarchy -top miter"]
        lines += [l.format(n=n, out=out, label=lab) for l in NETLIST_CHECKS[check]]
        return "\n".join(lines) + "\n"

    def prepare(self, root):
        """Writes the generated script of a kind=netlist proof into tree `root`."""
        if self.kind != "netlist":
            return
        path = os.path.join(root, self.script)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(self.netlist_script(root))


def load():
    proofs = []
    for paper in sorted(os.listdir(FORMAL)):
        pdir = os.path.join(FORMAL, paper)
        if not os.path.isdir(pdir):
            continue
        for fn in sorted(os.listdir(pdir)):
            if not fn.endswith(".ys"):
                continue
            path = os.path.join(pdir, fn)
            text = open(path).read()
            requires = []
            decl = []
            equiv_top = None
            for line in text.splitlines():
                m = re.match(r"#\s*requires:\s*(.*)$", line)
                if m:
                    requires += m.group(1).split()
                m = re.match(r"#\s*equiv-top:\s*(.*)$", line)
                if m:
                    words = m.group(1).split()
                    if not words or "=" in words[0] or not all("=" in w for w in words[1:]):
                        sys.exit(f"{path}: `# equiv-top: <module> [Param=Value ...]` expected")
                    equiv_top = (words[0], [tuple(w.split("=", 1)) for w in words[1:]])
                m = re.match(r"#\s*proof:\s*(\S+)\s+(fast|full)\s*(.*)$", line)
                if m:
                    opts = dict(kv.split("=", 1) for kv in m.group(3).split())
                    decl.append((m.group(1), m.group(2), opts))
            labels = re.findall(r"^([A-Za-z_][A-Za-z0-9_]*):\s*$", text, re.M)
            block = fn[:-3]
            mine = []
            for label, group, opts in decl:
                p = Proof(os.path.relpath(path, ROOT), paper, block, label, group,
                          opts, requires, labels)
                if p.kind == "netlist":
                    if label in labels or f"{label}_check" in labels:
                        sys.exit(f"{path}: proof {label} is kind=netlist (generated), "
                                 "but the script has a section for it")
                    if equiv_top:
                        p.top, p.params = equiv_top
                elif label not in labels:
                    sys.exit(f"{path}: proof {label} has no label")
                mine.append(p)
            if equiv_top and not any(p.kind == "netlist" for p in mine):
                sys.exit(f"{path}: `# equiv-top:` without a kind=netlist proof")
            for p in mine:
                p.proof_labels = [d[0] for d in decl]
            proofs += mine
    return proofs


def label_range(p, start, end):
    return f"{start}:{end}" if end else f"{start}:"


def run_cmd(cmd, cwd, timeout):
    """subprocess.run(cmd) with stdout and stderr captured as text, in a
    session of its own: on a timeout the whole process group is killed
    (yosys runs ABC as a child that would otherwise be left running), then
    subprocess.TimeoutExpired is raised."""
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise
    return subprocess.CompletedProcess(cmd, p.returncode, out, None)


def run_yosys(p, root, start, end, log):
    cmd = ["yosys", "-q", "-l", log, "-p", f"script {p.script} {label_range(p, start, end)}"]
    return run_cmd(cmd, root, p.timeout)


def run_cover(p, root, log):
    smt2 = os.path.join(p.outdir(root), f"{p.label}.smt2")
    cmd = ["yosys-smtbmc", "-s", "z3", "--unroll", "-c", "-t", str(p.depth), smt2]
    r = run_cmd(cmd, root, p.timeout)
    with open(log, "a") as f:
        f.write("\n==== " + " ".join(cmd) + "\n" + r.stdout)
    reached = len(re.findall(r"Reached cover statement", r.stdout))
    ok = r.returncode == 0 and "Status: PASSED" in r.stdout and reached > 0
    return ok, reached


def run_sat_cover(p, root, log):
    """engine=sat covers: the section writes <label>.il (RTLIL, covers kept).
    Each cover in turn becomes the assertion of its negation (every other
    cover removed; formal/rtlil_covers.py) and `sat -seq <depth>` from the
    all-zero state tries to prove it; a failing proof is a trace that reaches
    the cover. Returns (every cover reached, number reached, detail)."""
    il = os.path.join(p.outdir(root), f"{p.label}.il")
    designs = rtlil_covers.one_cover_per_design(open(il).read())
    if not designs:
        return False, 0, "sat cover: no cover statement in the design"
    reached, missed = 0, []
    for k, (name, body) in enumerate(designs):
        one = os.path.join(p.outdir(root), f"{p.label}.{k}.il")
        with open(one, "w") as f:
            f.write(body)
        cmd = ["yosys", "-p",
               f"read_rtlil {one}; select -assert-count 1 t:$assert; "
               f"sat -seq {p.depth} -prove-asserts -set-assumes -set-init-zero -show-inputs"]
        r = run_cmd(cmd, root, p.timeout)
        with open(log, "a") as f:
            f.write(f"\n==== cover {k} ({name}): " + " ".join(cmd) + "\n" + r.stdout)
        if "SAT proof finished - model found: FAIL!" in r.stdout:
            reached += 1
        elif "SAT proof finished - no model found: SUCCESS!" in r.stdout:
            missed.append(name)
        else:
            return False, reached, f"sat cover: yosys failed on cover {k}"
    if missed:
        return False, reached, "sat: not reached: " + " ".join(missed)
    return True, reached, f"{reached} covers reached (sat, depth {p.depth})"


def aig_latches(path):
    """Latch count L of an AIGER file (header "aig M I L O A ...")."""
    with open(path, "rb") as f:
        head = f.readline().split()
    return int(head[3]) if len(head) >= 6 and head[0] in (b"aig", b"aag") else -1


def run_abc(p, root, log):
    """dprove on the one-output miter. Its last engine, property directed
    reachability, stops after 60 s of wall time by default (`-T`): a proof
    then passes or is undecided by the machine's speed and load
    (fiber_issue_stage.deliver needed 62 s of PDR on one 2-core machine and
    less on another). `-T` is set to the proof's own timeout, so only that
    one wall-clock limit remains and it is the proof's declared budget.
    engine=abc-sat runs dsat instead, one SAT call on a miter without
    latches: on a multiplier tree against `*` dprove's SAT sweeping finds
    nothing to merge (tilelens_split_sum_pipe.mul8x8: 12.8 s against 32.5 s
    of dprove on the same AIG), while on an RTL = netlist miter the sweeping
    is what makes the proof quick (tilelens_box_check.equiv: 44 s with
    dprove, more than 8 minutes with dsat)."""
    aig = os.path.join(p.outdir(root), f"{p.label}.aig")
    if p.engine == "abc-sat" and aig_latches(aig) != 0:
        return False, "abc-sat: the miter has latches (dsat proves combinational miters only)"
    engine = "dsat" if p.engine == "abc-sat" else f"dprove -T {int(p.timeout)}"
    cmd = ["yosys-abc", "-c", f"read_aiger {aig}; print_stats; {engine}"]
    r = run_cmd(cmd, root, p.timeout)
    with open(log, "a") as f:
        f.write("\n==== " + " ".join(cmd) + "\n" + r.stdout)
    out = re.sub(r"\x1b\[[0-9;]*m", "", r.stdout)
    m = re.search(r"i/o\s*=\s*(\d+)/\s*(\d+)\s+lat\s*=\s*(\d+)\s+and\s*=\s*(\d+)", out)
    if not m or int(m.group(2)) != 1 or int(m.group(4)) == 0:
        return False, "abc: not a one-output miter with logic"
    bad = re.search(r"not equivalent|asserted in frame|^SATISFIABLE|was asserted", out, re.M)
    good = re.search(r"^UNSATISFIABLE|Networks are equivalent", out, re.M)
    if good and not bad:
        return True, f"abc {engine.split()[0]}, {m.group(4)} AND nodes"
    return False, "abc: proof did fail" if bad else "abc: undecided"


def missing(p, root=ROOT):
    return [f for f in p.requires if not os.path.exists(os.path.join(root, f))]


def run_proof(p, root=ROOT, mutate=None):
    """Runs one proof in tree `root`. Returns (status, seconds, detail)."""
    if missing(p, root):
        return "SKIPPED", 0.0, "missing " + " ".join(missing(p, root))
    out = p.outdir(root)
    os.makedirs(out, exist_ok=True)
    log = os.path.join(out, f"{p.label}.log")
    if os.path.exists(log):
        os.remove(log)
    t0 = time.time()
    detail = ""
    p.prepare(root)
    try:
        end = p.end_label()
        if mutate is not None and mutate[0] == "@netlist":
            sub = f"{p.label}_check"
            if sub not in p.labels:
                return "ERROR", 0.0, f"no label {sub} for a netlist mutant"
            r = run_yosys(p, root, p.label, sub, log + ".synth")
            if r.returncode != 0:
                return "ERROR", time.time() - t0, "netlist step failed"
            apply_mutant(os.path.join(out, "netlist.v"), mutate[1], mutate[2])
            r = run_yosys(p, root, sub, end, log)
        else:
            r = run_yosys(p, root, p.label, end, log)
        ok = r.returncode == 0
        if ok and p.engine in ("abc", "abc-sat"):
            ok, detail = run_abc(p, root, log)
        if ok and p.is_cover and p.engine == "sat":
            ok, reached, detail = run_sat_cover(p, root, log)
        elif ok and p.is_cover:
            ok, reached = run_cover(p, root, log)
            detail = f"{reached} covers reached"
            if not ok:
                detail = "smtbmc: cover " + detail
        if not ok and r.returncode != 0 and not detail:
            errs = [l for l in open(log).read().splitlines() if "ERROR" in l]
            detail = errs[-1].strip() if errs else (r.stdout.strip().splitlines() or [""])[-1]
    except subprocess.TimeoutExpired:
        ok, detail = False, f"timeout after {p.timeout}s"
    return ("PROVED" if ok else "FAILED"), time.time() - t0, detail


def apply_mutant(path, find, repl):
    text = open(path).read()
    find = find.encode().decode("unicode_escape")
    repl = repl.encode().decode("unicode_escape")
    if find not in text:
        raise RuntimeError(f"mutant text not found in {path}: {find!r}")
    with open(path, "w") as f:
        f.write(text.replace(find, repl, 1))


def select(proofs, prefixes):
    if not prefixes:
        return proofs
    return [p for p in proofs if any(p.name.startswith(x) or p.block == x for x in prefixes)]


def cmd_run(args):
    proofs = select(load(), args.proofs)
    if args.group != "all":
        proofs = [p for p in proofs if p.group == args.group]
    if not proofs:
        print(f"no proof selected by --group {args.group} {' '.join(args.proofs)}")
        print("SUMMARY formal: 0 proved, 1 failed")
        return 1
    results = {}
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(run_proof, p): p for p in proofs}
        for fut in cf.as_completed(futs):
            p = futs[fut]
            st, secs, detail = fut.result()
            results[p.name] = (st, secs, detail)
            line = f"{st:8s} {p.name:48s} {secs:8.1f}s"
            if detail and st != "PROVED":
                line += f"  ({detail})"
            elif detail:
                line += f"  {detail}"
            print(line, flush=True)
    n_ok = sum(1 for v in results.values() if v[0] == "PROVED")
    n_bad = sum(1 for v in results.values() if v[0] != "PROVED")
    n_skip = sum(1 for v in results.values() if v[0] == "SKIPPED")
    if n_skip:
        print(f"{n_skip} proof(s) skipped, a required file missing: counted as failed")
    write_report(proofs, results, args.group)
    print(f"SUMMARY formal: {n_ok} proved, {n_bad} failed")
    return 1 if n_bad else 0


def write_report(proofs, results, group):
    """build/reports/formal.md: one row per proof of this run, in script order,
    with the script's own header comment as the statement of what it proves."""
    out_dir = os.path.join(ROOT, "build", "reports")
    os.makedirs(out_dir, exist_ok=True)
    lines = ["# Formal proofs", "",
             f"Written by `python3 formal/prove.py run --group {group}` "
             f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}); what each proof states: "
             "the header of its script `formal/<paper>/<block>.ys` and of its checker "
             "`formal/<paper>/<block>_props.v`.", "",
             "| Proof | Group | Result | Seconds | Detail |", "|---|---|---|---:|---|"]
    for p in proofs:
        if p.name not in results:
            continue
        st, secs, detail = results[p.name]
        grp = p.group + (f", cover depth {p.depth}" if p.is_cover else "")
        lines.append(f"| `{p.name}` | {grp} | {st} | {secs:.1f} | {detail} |")
    with open(os.path.join(out_dir, "formal.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


def load_mutants():
    path = os.path.join(FORMAL, "mutants.tsv")
    muts = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.rstrip("\n").split("\t")
        if len(cols) != 5:
            sys.exit(f"mutants.tsv: 5 tab-separated columns expected: {line!r}")
        muts.append(tuple(cols))   # proof, file, find, replace, note
    return muts


def make_mut_root(tag, file, find, repl):
    root = os.path.join(ROOT, "build", "formal", "mut", tag)
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    shutil.copytree(os.path.join(ROOT, "rtl"), os.path.join(root, "rtl"))
    os.symlink(FORMAL, os.path.join(root, "formal"))
    if file != "@netlist":
        apply_mutant(os.path.join(root, file), find, repl)
    return root


def run_mutant(p, idx, mut):
    _, file, find, repl, note = mut
    if missing(p):
        return "SKIPPED", 0.0
    tag = f"{p.block}.{p.label}.{idx}"
    try:
        root = make_mut_root(tag, file, find, repl)
        st, secs, detail = run_proof(p, root, mutate=(file, find, repl) if file == "@netlist" else None)
    except RuntimeError as e:
        return "ERROR: " + str(e), 0.0
    if st == "FAILED":
        # only a failed proof counts, not a script that broke for another reason
        if re.search(r"proof did fail|unproven|smtbmc|abc: proof did fail", detail):
            return "KILLED", secs
        return "ERROR (" + detail + ")", secs
    if st == "PROVED":
        return "SURVIVED", secs
    return st, secs


def cmd_mutate(args):
    proofs = {p.name: p for p in load()}
    muts = load_mutants()
    # the default netlist mutant of every kind=netlist proof without an
    # @netlist line of its own
    own = {m[0] for m in muts if m[1] == "@netlist"}
    muts = muts + [(n, "@netlist", " & ", " | ", DEFAULT_NETLIST_MUTANT)
                   for n, p in proofs.items() if p.kind == "netlist" and n not in own]
    jobs = []
    counter = {}
    for m in muts:
        if m[0] not in proofs:
            sys.exit(f"mutants.tsv: unknown proof {m[0]}")
        p = proofs[m[0]]
        if args.proofs and not select([p], args.proofs):
            continue
        counter[p.name] = counter.get(p.name, 0) + 1
        jobs.append((p, counter[p.name], m))
    killed = survived = other = 0
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(run_mutant, p, i, m): (p, i, m) for p, i, m in jobs}
        for fut in cf.as_completed(futs):
            p, i, m = futs[fut]
            st, secs = fut.result()
            if st == "KILLED":
                killed += 1
            elif st == "SURVIVED":
                survived += 1
            else:
                other += 1   # SKIPPED (a required file missing) or ERROR
            print(f"{st:8s} {p.name:48s} #{i} {secs:7.1f}s  {m[4]}", flush=True)
    covered = {p.name for p, _, _ in jobs}
    lacking = [n for n, p in proofs.items()
               if not p.is_cover and n not in covered and not missing(p)
               and (not args.proofs or select([p], args.proofs))]
    if lacking:
        print("proofs without a mutant: " + " ".join(sorted(lacking)))
    print(f"SUMMARY formal-mutate: {killed} killed, {survived + other} survived")
    return 1 if (survived or other or lacking) else 0


def cmd_list(_args):
    for p in load():
        extra = f" depth={p.depth}" if p.is_cover else ""
        miss = " (RTL missing)" if missing(p) else ""
        print(f"{p.name:48s} {p.group}{extra}{miss}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--group", default="all", choices=["fast", "full", "all"])
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("proofs", nargs="*")
    m = sub.add_parser("mutate")
    m.add_argument("--jobs", type=int, default=1)
    m.add_argument("proofs", nargs="*")
    sub.add_parser("list")
    args = ap.parse_args()
    os.chdir(ROOT)
    return {"run": cmd_run, "mutate": cmd_mutate, "list": cmd_list}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
