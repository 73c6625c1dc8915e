#!/usr/bin/env python3
"""Synthesis flow driver: one table of configurations, one flow, the reports.

    synth.py run      [--jobs N] [--set main|all] [--only NAME...]
                      the main set (make synth) or every configuration (make synth-all)
                      -> reports; configurations outside the set come from the cache
    synth.py check    [--jobs N] [--tolerance PCT]  fast subset against synth/baseline.json
    synth.py baseline [--jobs N]                    fast subset -> synth/baseline.json

The table is synth/configs.tsv (its header explains the columns). A
configuration whose top module has no source file yet is listed as "not yet
built" and skipped. Results are cached per configuration in build/synth/NAME/
under a key made of the flow's own files, the tool versions, the liberty and
the contents of every source file the configuration reads.
"""

import argparse
import concurrent.futures
import fcntl
import hashlib
import json
import os
import re
import signal
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import flow    # noqa: E402
import liberty  # noqa: E402
import tools   # noqa: E402
import vdeps   # noqa: E402
import report  # noqa: E402
import specialise  # noqa: E402

ROOT = os.path.dirname(HERE)
TABLE = os.path.join(HERE, "configs.tsv")
BASELINE = os.path.join(HERE, "baseline.json")
WORK = os.path.join(ROOT, "build", "synth")
REPORTS = os.path.join(ROOT, "build", "reports")
GROUPS = ("tilelens-ext", "tilelens-base", "fiber", "fiber-base", "component")
COLUMNS = ("name", "top", "params", "flow", "group", "set", "delta", "note", "children", "clock")
SETS = ("fast", "main", "all")   # make test's subset < make's main job < make synth-all
RUNTIMES = os.path.join(HERE, "runtimes.json")


# --------------------------------------------------------------------------
# The table

def read_table(path=TABLE):
    configs, deltas, names = [], {}, set()
    for lineno, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        f = [x.strip() for x in line.split("\t")]
        where = f"{os.path.relpath(path, ROOT)}:{lineno}"
        if f[0] == "@delta":
            if len(f) < 4:
                sys.exit(f"{where}: @delta needs: tag, title, meaning")
            dset = f[4] if len(f) > 4 and f[4] else "main"
            if dset not in ("main", "all"):
                sys.exit(f"{where}: @delta set must be main or all")
            deltas[f[1]] = {"tag": f[1], "title": f[2], "meaning": f[3], "set": dset}
            continue
        f = [x for x in f]
        if len(f) < len(COLUMNS) - 3:
            sys.exit(f"{where}: expected {len(COLUMNS)} tab-separated columns, got {len(f)}")
        f += [""] * (len(COLUMNS) - len(f))
        c = dict(zip(COLUMNS, f))
        if c["name"] in names:
            sys.exit(f"{where}: duplicate configuration name {c['name']}")
        names.add(c["name"])
        if c["group"] not in GROUPS:
            sys.exit(f"{where}: group must be one of {', '.join(GROUPS)}")
        if c["set"] not in SETS:
            sys.exit(f"{where}: set must be one of {', '.join(SETS)}")
        params = []
        if c["params"] not in ("", "-"):
            for kv in c["params"].split(","):
                if "=" not in kv:
                    sys.exit(f"{where}: parameter '{kv}' is not NAME=VALUE")
                k, v = kv.split("=", 1)
                params.append((k.strip(), v.strip()))
        terms = []
        if c["delta"] not in ("", "-"):
            for t in c["delta"].split(","):
                try:
                    tag, mult = t.split(":")
                    terms.append((tag.strip(), int(mult)))
                except ValueError:
                    sys.exit(f"{where}: delta term '{t}' is not TAG:+N or TAG:-N")
        if c["flow"] not in flow.FLOW_OPTIONS:
            sys.exit(f"{where}: flow must be one of {', '.join(flow.FLOW_OPTIONS)}")
        clock = None
        if c["clock"] not in ("", "-"):
            m = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)fo4", c["clock"])
            if not m or float(m.group(1)) <= 0:
                sys.exit(f"{where}: clock must be - or a target like 40fo4, got {c['clock']}")
            clock = float(m.group(1))
        kids = [] if c["children"] in ("", "-") else [k.strip() for k in c["children"].split(",")]
        whole = {k[:-len(":whole")] for k in kids if k.endswith(":whole")}
        kids = [k[:-len(":whole")] if k.endswith(":whole") else k for k in kids]
        c.update(clock_fo4=clock, children=kids, whole=whole, params=params, fast=(c["set"] == "fast"), main=(c["set"] in ("fast", "main")),
                 delta=terms, line=lineno)
        configs.append(c)
    by_name = {c["name"]: c for c in configs}
    for c in configs:
        for k in c["children"]:
            if k not in by_name or k == c["name"]:
                sys.exit(f"{os.path.relpath(path, ROOT)}:{c['line']}: unknown child configuration {k}")
    for c in configs:
        seen, todo = set(), list(c["children"])
        while todo:
            k = todo.pop()
            if k == c["name"]:
                sys.exit(f"{os.path.relpath(path, ROOT)}:{c['line']}: children form a cycle")
            if k not in seen:
                seen.add(k)
                todo += by_name[k]["children"]
    for c in configs:
        for tag, _ in c["delta"]:
            if tag not in deltas:
                sys.exit(f"{os.path.relpath(path, ROOT)}:{c['line']}: unknown delta tag {tag}")
    return configs, deltas


def params_text(params, flow_opt="-"):
    t = ",".join(f"{k}={v}" for k, v in params) if params else "defaults"
    return t + ("" if flow_opt == "-" else f"; {flow_opt}")


# --------------------------------------------------------------------------
# Running

class Runner:
    def __init__(self, jobs, timeout):
        self.jobs = jobs
        self.timeout = timeout
        self.lib = liberty.parse_liberty(liberty.find_liberty())
        self.tools = tools.tool_versions()
        self.flow_hash = hashlib.sha256()
        for fn in flow.MODULES:
            self.flow_hash.update(open(os.path.join(HERE, fn), "rb").read())
        self.flow_hash.update(flow.FLOW_VERSION.encode())
        self.flow_hash = self.flow_hash.hexdigest()
        self.fo4 = self._fo4()
        self.lock = threading.Lock()
        try:
            self.runtimes = json.load(open(RUNTIMES)).get("yosys_s", {})
        except (OSError, ValueError):
            self.runtimes = {}

    def _tool_key(self):
        return json.dumps([self.flow_hash, self.lib["sha256"], self.lib.get("lef_sha256"),
                           self.tools["yosys"], self.tools["opensta"]])

    @staticmethod
    def _abc(c):
        name = c.get("abc") or flow.ABC_SCRIPT
        return [name, flow.ABC_SCRIPTS.get(name)]

    def _fo4(self):
        d = os.path.join(WORK, "_fo4")
        key = hashlib.sha256(self._tool_key().encode()).hexdigest()
        cache = os.path.join(d, "fo4.json")
        os.makedirs(os.path.join(WORK, ".locks"), exist_ok=True)
        with open(os.path.join(WORK, ".locks", "_fo4"), "w") as lk:
            fcntl.flock(lk, fcntl.LOCK_EX)
            try:
                old = json.load(open(cache))
                if old.get("key") == key:
                    return old["fo4"]
            except (OSError, ValueError):
                pass
            fo4 = flow.measure_fo4(self.lib, d)
            with open(cache, "w") as f:
                json.dump({"key": key, "fo4": fo4}, f, indent=1)
            return fo4

    def run(self, configs, run_missing=True, quiet=False,
            not_run="not synthesized yet (make synth)"):
        """Runs (or takes from the cache) every configuration of `configs`
        and the children they are built from (configs.tsv column children),
        children first: a parent starts when all its children have ended.
        Returns {name: record} for configs and the children."""
        modules, dup, words = vdeps.scan_sources(ROOT)
        incs = vdeps.include_files(ROOT)
        table = {c["name"]: c for c in read_table()[0]}
        table.update({c["name"]: c for c in configs})
        for c in list(table.values()) + list(configs):
            set_clock(c, self.fo4)
        order, seen = [], set()

        def visit(c):                       # children before parents
            if c["name"] in seen:
                return
            seen.add(c["name"])
            for k in c.get("children", []):
                visit(table[k])
            order.append(c)
        for c in configs:
            visit(c)
        wanted = {c["name"] for c in configs}

        plan, results, keys = [], {}, {}
        for c in order:
            try:
                files = vdeps.source_closure(c["top"], modules, dup, words)
            except tools.FlowError as e:
                results[c["name"]] = {"status": "failed", "error": str(e)}
                continue
            if files is None:
                results[c["name"]] = {"status": "not built",
                                      "error": f"no source file defines module {c['top']}"}
                continue
            bad = [k for k in c.get("children", []) if k not in keys]
            if bad:
                results[c["name"]] = {"status": "failed", "error": "child " + ", ".join(
                    f"{k} {results[k]['status']}" for k in bad)}
                continue
            src = hashlib.sha256(json.dumps([self.tools["yosys"], self.lib["sha256"]]).encode())
            for f in files + incs:
                src.update(f.encode() + b"\0" + tools.file_hash(os.path.join(ROOT, f)).encode())
            ykey = src.hexdigest()
            if c.get("children") and c["flow"] == "-":
                # Children specialised for this parent (specialise.py).
                try:
                    c, extra = self._specialise(c, files, ykey, table, modules, dup, words)
                except (tools.FlowError, OSError, ValueError, KeyError) as e:
                    results[c["name"]] = {"status": "failed", "error": f"{type(e).__name__}: {e}"}
                    continue
                for sc, sfiles in extra:
                    table[sc["name"]] = sc
                    seen.add(sc["name"])
                    sy = hashlib.sha256(json.dumps([self.tools["yosys"],
                                                    self.lib["sha256"]]).encode())
                    for f in sfiles + incs:
                        sy.update(f.encode() + b"\0" + tools.file_hash(os.path.join(ROOT, f)).encode())
                    sy = sy.hexdigest()
                    keys[sc["name"]] = hashlib.sha256((self._tool_key() + sy + json.dumps(
                        [sc["top"], sc["params"], sc["flow"], self._abc(sc), [],
                         sc.get("clock_ps")])).encode()).hexdigest()
                    plan.append((sc, sfiles, keys[sc["name"]], sy))
                table[c["name"]] = c
            key = hashlib.sha256((self._tool_key() + ykey + json.dumps(
                [c["top"], c["params"], c["flow"], self._abc(c),
                 [keys[k] for k in c.get("children", [])], c.get("clock_ps")])).encode()).hexdigest()
            keys[c["name"]] = key
            plan.append((c, files, key, ykey))

        # Children replaced by their specialised configurations run only
        # when asked for themselves or needed by another parent.
        needed, stack = set(), [c["name"] for c, _, _, _ in plan if c["name"] in wanted]
        while stack:
            n = stack.pop()
            if n not in needed:
                needed.add(n)
                stack += table[n].get("children", [])
        plan = [p for p in plan if p[0]["name"] in needed]
        n_unbuilt = sum(1 for k, r in results.items() if k in needed | wanted)
        seen &= needed | wanted
        todo = []
        for c, files, key, ykey in plan:
            rpath = os.path.join(WORK, c["name"], "result.json")
            prev = None
            try:
                prev = json.load(open(rpath))
            except (OSError, ValueError):
                pass
            if prev and prev.get("key") == key:
                rec = prev["record"]
                rec["cached"] = True
                results[c["name"]] = rec
            else:
                # Longest first: the last run's Yosys CPU time, else the
                # committed measurement (synth/runtimes.json), else unknown
                # (first).
                rprev = (prev or {}).get("record", {})
                guess = rprev.get("yosys_cpu_s", rprev.get(
                    "yosys_s", self.runtimes.get(c["name"], 1e9)))
                todo.append((guess, c, files, key, ykey))
        chain = chain_priority([(t[1], t[0]) for t in todo])
        todo = [(chain[t[1]["name"]],) + t[1:] for t in todo]
        todo.sort(key=lambda t: -t[0])
        if not run_missing:
            for _, c, _, _, _ in todo:
                results[c["name"]] = {"status": "not run", "error": not_run}
            todo = []
        n_cached = len(plan) - len(todo)
        extra = len(plan) + n_unbuilt - len(configs)
        if not quiet:
            print(f"synth: {len(configs)} configurations"
                  + (f" and {extra} children they are built from" if extra else "")
                  + f": {len(todo)} to run, {n_cached} cached, {n_unbuilt} not "
                  f"built or unreadable; {self.jobs} jobs; ABC script {flow.ABC_SCRIPT}",
                  flush=True)

        done = [0]
        t_start = time.monotonic()

        def one(item):
            _, c, files, key, ykey = item
            outdir = os.path.join(WORK, c["name"])
            rpath = os.path.join(outdir, "result.json")
            os.makedirs(os.path.join(WORK, ".locks"), exist_ok=True)
            # One run per configuration at a time, across processes: a second
            # make synth in the same tree waits and then takes the result.
            with open(os.path.join(WORK, ".locks", c["name"]), "w") as lk:
                fcntl.flock(lk, fcntl.LOCK_EX)
                try:
                    prev = json.load(open(rpath))
                except (OSError, ValueError):
                    prev = {}
                bad = [k for k in c.get("children", []) if results[k].get("status") != "ok"]
                if prev.get("key") == key:
                    rec = dict(prev["record"], cached=True)
                elif bad:
                    rec = {"status": "failed", "error": "child " + ", ".join(
                        f"{k} {results[k].get('status')}" for k in bad), "cached": False}
                else:
                    try:
                        kids = [{"cfg": table[k], "rec": results[k],
                                 "outdir": os.path.join(WORK, k),
                                 "orig_top": table[table[k]["spec_of"]]["top"]
                                 if table[k].get("spec_of") else table[k]["top"],
                                 "defaults": {} if table[k].get("spec_of") else
                                 vdeps.module_params(ROOT, modules, table[k]["top"]),
                                 "instances": c.get("child_instances", {}).get(k, [])}
                                for k in c.get("children", [])]
                        mapped = []
                        for k, t in c.get("child_types", {}).items():
                            # the parent reads both: netlist.il joins, the
                            # shell is made from netlist.v
                            nl = os.path.join(WORK, k, "netlist.v")
                            sha = hashlib.sha256((specialise.file_sha(nl) + specialise.file_sha(
                                os.path.join(WORK, k, "netlist.il"))).encode()).hexdigest()
                            mapped.append((t, re.sub(r"\W", "_", k) + "__mapped", nl, sha,
                                           c.get("child_instances", {}).get(k, [])))
                        rec = flow.run_config(c, ROOT, files, self.lib, self.fo4, outdir,
                                              self.timeout, ykey, children=kids,
                                              spec_maps=c.get("spec_maps", ()), mapped=mapped)
                    except (tools.FlowError, OSError, ValueError, KeyError) as e:
                        rec = {"status": "failed", "error": f"{type(e).__name__}: {e}"}
                    rec["files"] = files
                    rec["cached"] = False
                    if rec["status"] == "ok":
                        with open(rpath + ".tmp", "w") as f:
                            json.dump({"key": key, "record": rec}, f, indent=1)
                        os.replace(rpath + ".tmp", rpath)
            with self.lock:
                done[0] += 1
                print(progress_line(done[0], len(todo), c, rec, time.monotonic() - t_start),
                      flush=True)
            return c["name"], rec

        # A configuration starts when its children have ended (longest first
        # among those ready).
        pending = {t[1]["name"]: t for t in todo}
        running = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as ex:
            while pending or running:
                busy = set(pending) | set(running.values())
                ready = [t for n, t in pending.items()
                         if not any(k in busy for k in t[1].get("children", []))]
                for t in sorted(ready, key=lambda t: -t[0])[:max(0, self.jobs - len(running))]:
                    del pending[t[1]["name"]]
                    running[ex.submit(one, t)] = t[1]["name"]
                if not running:
                    raise RuntimeError("synth: dependency deadlock in " + ", ".join(pending))
                fin, _ = concurrent.futures.wait(list(running),
                                                 return_when=concurrent.futures.FIRST_COMPLETED)
                for fut in fin:
                    name, rec = fut.result()
                    results[name] = rec
                    del running[fut]
        return {k: v for k, v in results.items() if k in wanted or k in seen}


def set_clock(c, fo4):
    """A configuration's clock target in ps (clock_ps: the table's FO4
    target times the measured FO4, rounded to 1 ps), or none."""
    if c.get("clock_fo4"):
        c["clock_ps"] = int(round(c["clock_fo4"] * fo4["ns"] * 1000))
    else:
        c.pop("clock_ps", None)
    return c


def chain_priority(items):
    """items: (config, its expected time) in plan order, children before
    their parents. Returns {name: priority}: the longest chain a
    configuration starts, its own time plus the longest chain of the
    parents waiting for it (longest-processing-time first on the chains: a
    bitmap that its issue stage waits for goes before a longer
    configuration nobody waits for)."""
    chain = {}
    for c, t in reversed(items):
        ups = [chain[p["name"]] for p, _ in items
               if c["name"] in p.get("children", []) and p["name"] in chain]
        chain[c["name"]] = t + max(ups, default=0)
    return chain


def _specialise_method(self, c, files, ykey, table, modules, dup, words):
    """The children of `c` specialised for it (specialise.py): runs (or takes
    from build/synth/_spec/NAME/) the analysis of the parent, writes one
    wrapper per child that the parent ties or leaves partly unused, and
    returns the parent with its children replaced by the wrappers'
    configurations, and those configurations with their source files."""
    kids = [table[k] for k in c["children"]]
    if any(k.get("children") or k["flow"] != "-" for k in kids):
        return c, []
    d = os.path.join(WORK, "_spec", c["name"])
    os.makedirs(d, exist_ok=True)
    up = os.path.relpath(ROOT, d)
    inc = " ".join(f"-I{up}/{x}" for x in vdeps.RTL_INCLUDE_DIRS)
    tops = [k["top"] for k in kids]
    script = specialise.analysis_script(c, up, files, tops, inc)
    akey = hashlib.sha256((self._tool_key() + ykey + script).encode()).hexdigest()
    spath = os.path.join(d, "spec.json")
    old = specialise.load_json(spath)
    if old and old.get("key") == akey:
        info = old["children"]
    else:
        with open(os.path.join(d, "analysis.ys"), "w") as f:
            f.write(script)
        rc, _, _ = tools.run_tool(["yosys", "-q", "-l", "analysis.log", "analysis.ys"],
                                  os.path.join(d, "analysis.stdout"), d, self.timeout)
        if rc != 0:
            raise tools.FlowError(f"{c['name']}: the children's analysis failed, see "
                                  f"{os.path.relpath(d, ROOT)}/analysis.log")
        design = json.load(open(os.path.join(d, "glue.json")))
        types = [t for t in design["modules"] if flow._base_module(t) in tops]
        uses = specialise.child_uses(design, c["top"], set(types))
        merged_uses = specialise.merge_uses(uses)
        derived = flow.derived_params(open(os.path.join(d, "analysis.log"),
                                           errors="replace").read())
        found = flow.match_children(
            c, [{"cfg": k, "defaults": vdeps.module_params(ROOT, modules, k["top"])} for k in kids],
            {t: len(u["instances"]) for t, u in merged_uses.items()}, derived)
        info = {}
        for k in kids:
            t, n = found[k["name"]]
            info[k["name"]] = {"type": t, "instances": merged_uses[t]["instances"],
                               "const": merged_uses[t]["const"], "unused": merged_uses[t]["unused"],
                               "ports": specialise.ports_of(design, t)}
        os.remove(os.path.join(d, "glue.json"))
        with open(spath, "w") as f:
            json.dump({"key": akey, "children": info}, f, indent=1)
    names, extra, maps, types, insts = [], [], [], {}, {}
    for k in kids:
        sp = info[k["name"]]
        if k["name"] in c.get("whole", ()) and not specialise.whole_ok(sp):
            raise tools.FlowError(f"{c['name']}: child {k['name']} is marked :whole but "
                                  f"{c['name']} ties some of its inputs")
        if specialise.is_trivial(sp) or k["name"] in c.get("whole", ()):
            names.append(k["name"])
            types[k["name"]] = sp["type"]
            insts[k["name"]] = sp["instances"]
            continue
        wmod = specialise.wrapper_name(k["top"], c["name"])
        wfile = os.path.join(d, wmod + ".v")
        text = specialise.wrapper_verilog(wmod, k["top"], k["params"], sp["ports"], sp)
        if not os.path.isfile(wfile) or open(wfile).read() != text:
            with open(wfile, "w") as f:
                f.write(text)
        rel = os.path.relpath(wfile, ROOT)
        kfiles = vdeps.source_closure(k["top"], modules, dup, words)
        sc = dict(k, name=f"{k['name']}@{c['name']}", top=wmod, params=[], children=[],
                  delta=[], spec_of=k["name"],
                  note=f"{k['name']} as {c['name']} uses it: "
                  + specialise.summary(sp, sp["ports"]))
        extra.append((sc, kfiles + [rel]))
        names.append(sc["name"])
        types[sc["name"]] = sp["type"]
        insts[sc["name"]] = sp["instances"]
        maps.append((sp["type"], wmod, rel, specialise.file_sha(wfile), sp))
    return dict(c, children=names, spec_maps=maps, child_types=types,
                child_instances=insts), extra


Runner._specialise = _specialise_method


def fmt_duration(s):
    s = int(round(s))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


def progress_line(k, n, c, rec, elapsed):
    """One line per finished configuration, printed the moment it ends:
    [12/40] NAME  GE  its own time  (time since the start, how many left)."""
    head = f"[{k:{len(str(n))}d}/{n}] {c['name']:<34}"
    tail = f"({fmt_duration(elapsed)} elapsed, {n - k} left)"
    if rec["status"] != "ok":
        return f"{head} {rec['status'].upper()}: {rec.get('error', '')} {tail}"
    cp = rec.get("critical")
    t = f"{cp['ns']:.2f} ns {cp['fo4']:.1f} FO4" if cp else "no paths"
    own = rec.get("yosys_s", 0) + rec.get("sta_s", 0)
    return (f"{head} {rec['ge']:>10,.0f} GE {own:7.1f} s {tail}  "
            f"[{rec['flops']} flops, {t}, yosys {rec['yosys_cpu_s']:.1f} s CPU]")


def line_for(c, rec):
    if rec["status"] != "ok":
        return f"{c['name']:<34} {rec['status'].upper()}: {rec.get('error', '')}"
    cp = rec.get("critical")
    t = f"{cp['ns']:.2f} ns {cp['fo4']:.1f} FO4" if cp else "no paths"
    return (f"{c['name']:<34} {rec['ge']:>10,.0f} GE {rec['flops']:>6} flops  {t:<22} "
            f"yosys {rec['yosys_cpu_s']:.1f} s CPU, {rec['yosys_s']:.1f} s wall")


def hier_text(rec):
    """Where a bottom-up configuration's area comes from, in one line."""
    h = rec.get("hier")
    if not h:
        return ""
    parts = [f"glue {h['glue']['ge']:,.0f} GE"]
    for k in h["children"]:
        n = f"{k['instances']} x " if k["instances"] != 1 else ""
        parts.append(f"{n}{k['config']} {k['ge']:,.0f} GE")
    fb = rec.get("fanout_repair", {}).get("ge")
    if fb and "ge_mapped" in rec:
        parts.append(f"fanout buffers {fb:,.0f} GE")
    return "bottom-up: " + " + ".join(parts)


def merged(configs, results):
    out = []
    for c in configs:
        r = dict(results.get(c["name"], {"status": "skipped"}))
        if r.get("hier"):
            r["note"] = "; ".join(x for x in (c["note"], hier_text(r)) if x)
        out.append({"name": c["name"], "top": c["top"], "params": dict(c["params"]),
                    "params_text": params_text(c["params"], c["flow"]), "flow": c["flow"],
                    "group": c["group"], "set": c["set"],
                    "fast": c["fast"], "delta": c["delta"], "note": c["note"],
                    "children_configs": c["children"], **r})
    return out


# --------------------------------------------------------------------------
# Commands

def cmd_run(args):
    configs, deltas = read_table()
    sel = configs if args.set == "all" else [c for c in configs if c["main"]]
    if args.only:
        sel = [c for c in configs if c["name"] in args.only]
        missing = set(args.only) - {c["name"] for c in sel}
        if missing:
            sys.exit("unknown configuration(s): " + ", ".join(sorted(missing)))
    runner = Runner(args.jobs, args.timeout)
    t0 = time.monotonic()
    results = runner.run(sel, run_missing=not args.report_only)
    wall = time.monotonic() - t0
    if not args.only:
        # Outside the set: whatever the cache holds, else "not run".
        names = {c["name"] for c in sel}
        results.update(runner.run([c for c in configs if c["name"] not in names],
                                  run_missing=False, quiet=True,
                                  not_run="not synthesized yet (make synth-all)"))
    if args.only:
        return 0 if all(r["status"] != "failed" for r in results.values()) else 1
    rows = merged(configs, results)
    meta = {"tools": runner.tools, "fo4": runner.fo4, "wall_s": round(wall, 1),
            "jobs": args.jobs, "set": args.set,
            "abc": {"name": flow.ABC_SCRIPT, "commands": flow.abc_script_text(flow.ABC_SCRIPT),
                    "yosys_command": flow.abc_command("LIB", flow.ABC_SCRIPT)}, "lib": {k: v for k, v in runner.lib.items() if k != "cells"},
            "lib_cells": {k: v["area"] for k, v in runner.lib["cells"].items()},
            "baseline": _load_baseline()}
    os.makedirs(REPORTS, exist_ok=True)
    paths = report.write_all(rows, deltas, meta, REPORTS, ROOT)
    failed = [r["name"] for r in rows if r["status"] == "failed"]
    if args.report_only:
        missing = [r["name"] for r in rows if r["status"] == "not run"]
        if missing:
            print(f"synth: {len(missing)} configurations not synthesized yet: "
                  + ", ".join(missing))
    print(f"synth: wrote {', '.join(os.path.relpath(p, ROOT) for p in paths)} "
          f"({wall:.1f} s wall)")
    if failed:
        print("synth: FAILED: " + ", ".join(failed))
        return 1
    return 0


def _load_baseline():
    try:
        return json.load(open(BASELINE))
    except (OSError, ValueError):
        return None


def cmd_check(args):
    configs, _ = read_table()
    fast = [c for c in configs if c["fast"]]
    base = _load_baseline()
    if base is None:
        print(f"synth-area: no {os.path.relpath(BASELINE, ROOT)}; make synth-baseline writes it")
        print("SUMMARY synth-area: no baseline")
        return 1
    runner = Runner(args.jobs, args.timeout)
    results = runner.run(fast)
    tol = args.tolerance
    moved, ok, new, notbuilt, failed = [], [], [], [], []
    print(f"{'configuration':<34} {'baseline GE':>12} {'now GE':>12} {'change':>8}")
    for c in fast:
        r = results[c["name"]]
        b = base.get("configs", {}).get(c["name"])
        if r["status"] == "not built":
            notbuilt.append(c["name"])
            print(f"{c['name']:<34} {'':>12} {'not built':>12}")
            continue
        if r["status"] != "ok":
            failed.append(c["name"])
            print(f"{c['name']:<34} FAILED: {r.get('error', '')}")
            continue
        if b is None:
            new.append(c["name"])
            print(f"{c['name']:<34} {'(none)':>12} {r['ge']:>12,.1f}      new")
            continue
        ch = 100.0 * (r["ge"] - b["ge"]) / b["ge"] if b["ge"] else 0.0
        flag = "" if abs(ch) <= tol else f"  MOVED more than {tol:g}%"
        print(f"{c['name']:<34} {b['ge']:>12,.1f} {r['ge']:>12,.1f} {ch:>+7.2f}%{flag}")
        (moved if flag else ok).append(c["name"])
    stale = sorted(set(base.get("configs", {})) - {c["name"] for c in fast})
    if stale:
        print("baseline entries for configurations no longer in the fast subset: "
              + ", ".join(stale))
    if moved:
        print(f"GE moved more than {tol:g}% for: {', '.join(moved)}. If the change is meant, "
              "run `make synth-baseline` and commit synth/baseline.json with it.")
    if new:
        print("no baseline yet for: " + ", ".join(new) + " (make synth-baseline adds them)")
    print(f"SUMMARY synth-area: {len(ok)} within {tol:g}% of baseline, {len(moved)} moved, "
          f"{len(failed)} failed, {len(new)} without baseline, {len(notbuilt)} not yet built")
    return 1 if (moved or failed) else 0


def cmd_baseline(args):
    configs, _ = read_table()
    fast = [c for c in configs if c["fast"]]
    runner = Runner(args.jobs, args.timeout)
    results = runner.run(fast)
    out = {"note": "Gate equivalents of the fast subset (synth/configs.tsv, fast = yes); "
                   "make test fails when one moves more than 5% from here. "
                   "Regenerate with make synth-baseline.",
           "library": runner.lib["name"], "yosys": runner.tools["yosys"], "configs": {}}
    bad = []
    for c in fast:
        r = results[c["name"]]
        if r["status"] == "ok":
            out["configs"][c["name"]] = {"top": c["top"],
                                         "params": params_text(c["params"], c["flow"]),
                                         "ge": r["ge"], "cells": r["cells"], "flops": r["flops"]}
        elif r["status"] == "failed":
            bad.append(c["name"])
    if bad:
        print("synth-baseline: not written, failed: " + ", ".join(bad))
        return 1
    with open(BASELINE, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"synth-baseline: wrote {os.path.relpath(BASELINE, ROOT)} "
          f"({len(out['configs'])} configurations)")
    return 0


def _on_signal(signum, _frame):
    tools.kill_running()
    sys.exit(128 + signum)


def main():
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("run", "check", "baseline"):
        p = sub.add_parser(name)
        p.add_argument("--jobs", type=int,
                       default=int(os.environ.get("SYNTH_JOBS") or os.cpu_count() or 2))
        p.add_argument("--timeout", type=int, default=int(os.environ.get("SYNTH_TIMEOUT", "14400")),
                       help="seconds per tool run")
        if name == "run":
            p.add_argument("--only", nargs="+", help="run only these configurations (no reports)")
            p.add_argument("--set", choices=("main", "all"), default="main",
                           help="main: the main job's set (configs.tsv set fast or main); "
                                "all: every configuration")
            p.add_argument("--report-only", action="store_true",
                           help="write the reports from cached results, synthesize nothing")
        if name == "check":
            p.add_argument("--tolerance", type=float, default=5.0, help="percent")
    args = ap.parse_args()
    os.chdir(ROOT)
    os.makedirs(WORK, exist_ok=True)
    return {"run": cmd_run, "check": cmd_check, "baseline": cmd_baseline}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
