"""Runs one proof with its engine (formal/prove.py): Yosys sections, the
smtbmc and sat covers, ABC's dprove and dsat.

Yosys ends with an error when a `sat ... -verify` or `equiv_status -assert`
fails, and every section also counts its assertion cells (`select
-assert-count`), so an empty circuit cannot pass. run_proof() returns
(PROVED|FAILED|SKIPPED, seconds, detail); SKIPPED when a required file does
not exist (the caller counts it as failed).

Public: run_proof(proof, root, mutate), apply_mutant(), run_cmd().
"""
import os
import re
import signal
import subprocess
import time

import rtlil_covers
from prove_header import ROOT, missing


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
    """Replaces the first `find` of file `path` by `repl` (both with Python
    backslash escapes, as formal/mutants.tsv writes them); RuntimeError when
    `find` does not occur."""
    text = open(path).read()
    find = find.encode().decode("unicode_escape")
    repl = repl.encode().decode("unicode_escape")
    if find not in text:
        raise RuntimeError(f"mutant text not found in {path}: {find!r}")
    with open(path, "w") as f:
        f.write(text.replace(find, repl, 1))
