"""The proofs a block's script declares: its header, parsed (formal/prove.py).

A block's script formal/<paper>/<block>.ys holds its proofs as labelled
sections (yosys `script FILE FROM:TO` runs one section); its header declares
them:

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
    # proof: equiv fast kind=netlist check=induct the generated RTL = netlist proof
    # equiv-top: fiber_xbar Lanes=2 Width=2       (formal/prove_netlist.py)

A proof's section runs from its label to the next proof label (labels that
are not proofs split a section: the sub-label `<label>_check` of a netlist
proof, where a netlist mutant breaks the netlist).

Public: ROOT, FORMAL, Proof, load(), select(), missing().
"""
import os
import re
import sys

import prove_netlist

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMAL = os.path.join(ROOT, "formal")
DEFAULT_TIMEOUT = 1200


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
        return prove_netlist.netlist_script(self, root)

    def prepare(self, root):
        """Writes the generated script of a kind=netlist proof into tree `root`."""
        if self.kind != "netlist":
            return
        path = os.path.join(root, self.script)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(self.netlist_script(root))


def parse_script(path, paper, root=ROOT):
    """The proofs the header of one script declares, in header order."""
    fn = os.path.basename(path)
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
        p = Proof(os.path.relpath(path, root), paper, block, label, group,
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
    return mine


def load(formal=FORMAL, root=ROOT):
    """Every proof of formal/<paper>/*.ys, by paper and script name."""
    proofs = []
    for paper in sorted(os.listdir(formal)):
        pdir = os.path.join(formal, paper)
        if not os.path.isdir(pdir):
            continue
        for fn in sorted(os.listdir(pdir)):
            if fn.endswith(".ys"):
                proofs += parse_script(os.path.join(pdir, fn), paper, root)
    return proofs


def select(proofs, prefixes):
    """The proofs whose name starts with one of `prefixes` or whose block is one."""
    if not prefixes:
        return proofs
    return [p for p in proofs if any(p.name.startswith(x) or p.block == x for x in prefixes)]


def missing(p, root=ROOT):
    """The required files of proof `p` that tree `root` lacks."""
    return [f for f in p.requires if not os.path.exists(os.path.join(root, f))]
