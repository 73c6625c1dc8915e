#!/usr/bin/env python3
"""Unit test of the modules of formal/prove.py (test group `check-formal-prove`).

Without a solver: a script header parsed into proofs (prove_header), its
errors, the generated RTL = netlist script (prove_netlist), mutant text
replacement and the AIGER latch count (prove_engines), mutants.tsv parsing
(prove_mutate) and the report table (prove_report), on files written into a
temporary directory. Last line: `SUMMARY check-formal-prove: N tests, M failed`.
"""

import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import prove_engines  # noqa: E402
import prove_header  # noqa: E402
import prove_mutate  # noqa: E402
import prove_netlist  # noqa: E402
import prove_report  # noqa: E402

SCRIPT = """\
# A two-proof block.
# requires: rtl/demo/demo.v rtl/demo/demo_props.v
# proof: props fast
# proof: cover full depth=3 timeout=60
# proof: equiv fast kind=netlist check=seq:4
# equiv-top: demo Width=2

props:
read_verilog -formal rtl/demo/demo_props.v
props_sub:
prep
cover:
prep
"""


class Tree:
    """A temporary tree root/formal/demo/<name>.ys holding `text`."""

    def __init__(self, text, name="demo_blk"):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.formal = os.path.join(self.root, "formal")
        os.makedirs(os.path.join(self.formal, "demo"))
        with open(os.path.join(self.formal, "demo", name + ".ys"), "w") as f:
            f.write(text)

    def load(self):
        return prove_header.load(self.formal, self.root)


class Case(unittest.TestCase):
    def tree(self, text):
        t = Tree(text)
        self.addCleanup(t.tmp.cleanup)
        return t


class HeaderTest(Case):
    def test_proofs_parsed(self):
        t = self.tree(SCRIPT)
        ps = {p.label: p for p in t.load()}
        self.assertEqual(sorted(ps), ["cover", "equiv", "props"])
        props, cover, equiv = ps["props"], ps["cover"], ps["equiv"]
        self.assertEqual(props.name, "demo/demo_blk.props")
        self.assertEqual(props.script, "formal/demo/demo_blk.ys")
        self.assertEqual(props.requires, ["rtl/demo/demo.v", "rtl/demo/demo_props.v"])
        self.assertEqual((props.group, props.timeout, props.is_cover), ("fast", 1200, False))
        # props_sub is a label but no proof: the section runs on to `cover`
        self.assertEqual(props.end_label(), "cover")
        self.assertEqual(cover.end_label(), None)
        self.assertEqual((cover.group, cover.depth, cover.timeout, cover.is_cover),
                         ("full", 3, 60, True))
        self.assertEqual((equiv.kind, equiv.check, equiv.top, equiv.params),
                         ("netlist", "seq:4", "demo", [("Width", "2")]))
        self.assertEqual(equiv.script, "build/formal/demo/demo_blk/equiv.ys")
        self.assertEqual(equiv.labels, ["equiv", "equiv_check"])

    def expect_exit(self, text, words):
        t = self.tree(text)
        with self.assertRaises(SystemExit) as e, redirect_stderr(io.StringIO()):
            t.load()
        self.assertIn(words, str(e.exception))

    def test_proof_without_label(self):
        self.expect_exit("# proof: props fast\nother:\n", "has no label")

    def test_netlist_with_section(self):
        self.expect_exit("# proof: equiv fast kind=netlist check=comb\nequiv:\n",
                         "but the script has a section")

    def test_netlist_bad_check(self):
        self.expect_exit("# proof: equiv fast kind=netlist check=seq:0\n", "needs check=")

    def test_equiv_top_without_netlist(self):
        self.expect_exit("# proof: props fast\n# equiv-top: demo\nprops:\n",
                         "without a kind=netlist proof")

    def test_unknown_kind(self):
        self.expect_exit("# proof: props fast kind=magic\nprops:\n", "unknown kind=magic")

    def test_select_and_missing(self):
        t = self.tree(SCRIPT)
        ps = t.load()
        self.assertEqual(len(prove_header.select(ps, [])), 3)
        self.assertEqual([p.label for p in prove_header.select(ps, ["demo/demo_blk.pr"])],
                         ["props"])
        self.assertEqual(len(prove_header.select(ps, ["demo_blk"])), 3)
        self.assertEqual(prove_header.select(ps, ["demo_bl"]), [])
        self.assertEqual(prove_header.missing(ps[0], t.root), ps[0].requires)
        for f in ps[0].requires:
            os.makedirs(os.path.dirname(os.path.join(t.root, f)), exist_ok=True)
            open(os.path.join(t.root, f), "w").close()
        self.assertEqual(prove_header.missing(ps[0], t.root), [])


class NetlistTest(Case):
    def test_script(self):
        t = self.tree(SCRIPT)
        os.makedirs(os.path.join(t.root, "rtl", "fiber"))
        equiv = [p for p in t.load() if p.label == "equiv"][0]
        s = prove_netlist.netlist_script(equiv, t.root)
        lines = s.splitlines()
        # the two sections, in order, and the check of seq:4
        self.assertLess(lines.index("equiv:"), lines.index("equiv_check:"))
        self.assertIn("hierarchy -top demo -chparam Width 2", lines)
        self.assertIn("read_verilog -Irtl/fiber rtl/demo/demo.v rtl/demo/demo_props.v", lines)
        self.assertIn("write_verilog -noattr build/formal/demo/demo_blk/netlist.v", lines)
        self.assertIn("sat -seq 4 -prove-asserts -set-init-zero -verify", lines)
        self.assertIn("select -assert-count 1 t:$assert", lines)
        self.assertIn("select -assert-min 1 t:$and", lines)
        # prepare() writes it where the proof's script is
        equiv.prepare(t.root)
        self.assertEqual(open(os.path.join(t.root, equiv.script)).read(), s)

    def test_abc_check_writes_aig(self):
        t = self.tree("# proof: equiv fast kind=netlist check=abc\n")
        equiv = t.load()[0]
        self.assertEqual(equiv.engine, "abc")
        s = prove_netlist.netlist_script(equiv, t.root)
        self.assertIn("write_aiger -zinit build/formal/demo/demo_blk/equiv.aig", s)
        self.assertNotIn("hierarchy -top demo -chparam", s)


class EnginesTest(Case):
    def test_apply_mutant(self):
        with tempfile.NamedTemporaryFile("w", suffix=".v", delete=False) as f:
            f.write("assign y = a & b;\nassign z = a & c;\n")
        try:
            prove_engines.apply_mutant(f.name, " & ", " | ")
            self.assertEqual(open(f.name).read(), "assign y = a | b;\nassign z = a & c;\n")
            prove_engines.apply_mutant(f.name, "y = a | b;\\n", "y = 1'b0;\\n")
            self.assertEqual(open(f.name).read(), "assign y = 1'b0;\nassign z = a & c;\n")
            with self.assertRaises(RuntimeError):
                prove_engines.apply_mutant(f.name, "no such text", "x")
        finally:
            os.remove(f.name)

    def test_aig_latches(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "m.aig")
            with open(p, "wb") as f:
                f.write(b"aig 10 4 2 1 4\n")
            self.assertEqual(prove_engines.aig_latches(p), 2)
            with open(p, "wb") as f:
                f.write(b"not an aiger file\n")
            self.assertEqual(prove_engines.aig_latches(p), -1)

    def test_missing_file_skips(self):
        t = self.tree(SCRIPT)
        p = t.load()[0]
        st, secs, detail = prove_engines.run_proof(p, t.root)
        self.assertEqual(st, "SKIPPED")
        self.assertIn("rtl/demo/demo.v", detail)


class MutateReportTest(Case):
    def test_load_mutants(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "mutants.tsv")
            with open(p, "w") as f:
                f.write("# comment\n\nfiber/x.props\trtl/x.v\ta\tb\tnote\n")
            self.assertEqual(prove_mutate.load_mutants(p),
                             [("fiber/x.props", "rtl/x.v", "a", "b", "note")])
            with open(p, "w") as f:
                f.write("fiber/x.props\trtl/x.v\ta\tb\n")
            with self.assertRaises(SystemExit):
                prove_mutate.load_mutants(p)

    def test_report(self):
        t = self.tree(SCRIPT)
        ps = t.load()
        prove_report.write_report(ps, {ps[0].name: ("PROVED", 1.5, ""),
                                       ps[1].name: ("FAILED", 2.0, "timeout after 60s")},
                                  "all", t.root)
        rows = open(os.path.join(t.root, "build", "reports", "formal.md")).read().splitlines()
        self.assertIn("| `demo/demo_blk.props` | fast | PROVED | 1.5 |  |", rows)
        self.assertIn("| `demo/demo_blk.cover` | full, cover depth 3 | FAILED | 2.0 | "
                      "timeout after 60s |", rows)
        self.assertFalse(any("demo_blk.equiv" in r for r in rows))


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    n_bad = len(result.failures) + len(result.errors)
    print(f"SUMMARY check-formal-prove: {result.testsRun} tests, {n_bad} failed")
    sys.exit(1 if n_bad else 0)
