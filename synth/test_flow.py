"""Unit tests of the netlist steps between Yosys and OpenSTA (synth/flow.py):
they must rename and rewire without changing the logic. Run by make synth-area.

    python3 -m unittest discover -s synth -p 'test_*.py'
"""

import os
import re
import sys
import unittest

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flow  # noqa: E402


def connections(text):
    """(cell, instance) -> {pin: net} of a netlist written like Yosys does."""
    out = {}
    for m in flow._INST_RE.finditer(text):
        out[(m.group(1), m.group(2))] = dict(
            (p, n.strip()) for p, n in flow._CONN_RE.findall(m.group(3)))
    return out


class SplitAssigns(unittest.TestCase):
    # Why: OpenSTA 2.0.17 rejects a concatenation on the left of an assign;
    # the split must keep every bit paired with the same bit as before.
    def test_concatenation_becomes_one_assign_per_bit(self):
        text = ("module m(a, b, c);\n  output [3:0] a;\n  output b;\n  input [1:0] c;\n"
                "  assign { a[3:2], b, a[0] } = { 2'h1, c };\nendmodule\n")
        got = re.findall(r"assign (\S+) = (\S+);", flow.split_assigns(text))
        self.assertEqual(got, [("a[3]", "1'b0"), ("a[2]", "1'b1"), ("b", "c[1]"),
                               ("a[0]", "c[0]")])

    def test_plain_assign_is_left_alone(self):
        text = "module m(a, b);\n  output [1:0] a;\n  input [1:0] b;\n  assign a = b;\nendmodule\n"
        self.assertEqual(flow.split_assigns(text), text)

    def test_width_mismatch_is_an_error(self):
        text = ("module m(a, b);\n  output [1:0] a;\n  input [2:0] b;\n"
                "  assign { a } = { b };\nendmodule\n")
        with self.assertRaises(flow.FlowError):
            flow.split_assigns(text)


class PlainNames(unittest.TestCase):
    # Why: escaped bus names such as \gen_dim[0].prod (products cut out of a
    # generate loop) break OpenSTA's bus parsing; renaming must be consistent.
    def test_escaped_names_become_unique_plain_names(self):
        text = ("module m(\\gen_dim[0].prod , esc_gen_dim_0__prod);\n"
                "  input [1:0] \\gen_dim[0].prod ;\n  input esc_gen_dim_0__prod;\n"
                "  INVX1 u (.A(\\gen_dim[0].prod [1]), .Y(y));\nendmodule\n")
        out = flow.plain_names(text)
        self.assertNotIn("\\", out)
        self.assertIn("esc_gen_dim_0__prod_1 [1]", out)
        self.assertEqual(out.count("esc_gen_dim_0__prod_1"), 3)


class RepairFanout(unittest.TestCase):
    # Why: the buffer trees may only insert buffers: every load keeps its
    # driver through a chain of BUFX4, and no net drives more than the limit.
    @classmethod
    def setUpClass(cls):
        cls.lib = flow.parse_liberty(flow.find_liberty())

    def netlist(self, loads):
        cells = [f"  NAND2X1 g{i} (\n    .A(n),\n    .B(b),\n    .Y(o{i})\n  );"
                 for i in range(loads)]
        return ("module m(a, b, o);\n  input a;\n  input b;\n  wire n;\n"
                + "".join(f"  wire o{i};\n" for i in range(loads))
                + "  INVX1 d (\n    .A(a),\n    .Y(n)\n  );\n" + "\n".join(cells) + "\n"
                + "  DFFPOSX1 f (\n    .CLK(a),\n    .D(o0),\n    .Q(q)\n  );\nendmodule\n")

    def test_every_load_reaches_its_driver_through_buffers_only(self):
        for loads in (8, 9, 20, 70, 600):
            text, st = flow.repair_fanout(self.netlist(loads), self.lib)
            conn = connections(text)
            drv = {}
            fanout = {}
            for (cell, inst), pins in conn.items():
                for p, n in pins.items():
                    if self.lib["cells"][cell]["pins"][p]["direction"] == "output":
                        drv[n] = (cell, inst, pins)
                    elif not (cell == "DFFPOSX1" and p == "CLK"):
                        fanout[n] = fanout.get(n, 0) + 1
            self.assertLessEqual(max(fanout.values()), flow.MAX_FANOUT, loads)
            for i in range(loads):
                net = conn[("NAND2X1", f"g{i}")]["A"]
                while drv[net][0] == flow.BUF_CELL:
                    net = drv[net][2]["A"]
                self.assertEqual(net, "n")
            self.assertEqual(conn[("NAND2X1", "g0")]["B"] != "b", loads > 8)
            self.assertEqual(st["buffers"] == 0, loads <= 8)

    def test_clock_pins_are_not_buffered(self):
        text, _ = flow.repair_fanout(self.netlist(3).replace(".CLK(a)", ".CLK(b)"), self.lib)
        self.assertEqual(connections(text)[("DFFPOSX1", "f")]["CLK"], "b")


class AbcScript(unittest.TestCase):
    # Why: the ABC script decides area and run time; the Yosys script (and so
    # the cache key made from it) must carry the script the flow chose, and a
    # change of script must give a different key.
    CFG = {"name": "x", "top": "x", "params": [], "flow": "-"}

    def test_yosys_script_runs_the_chosen_abc_script(self):
        ys = flow.yosys_script(self.CFG, "..", ["a.v"], "LIB")
        abc = [ln for ln in ys.splitlines() if ln.startswith("abc ")]
        self.assertEqual(abc, [flow.abc_command("LIB", flow.ABC_SCRIPT)])
        text = flow.ABC_SCRIPTS[flow.ABC_SCRIPT]
        if text:
            self.assertIn(f'-script "{text}"', abc[0])

    def test_every_script_gives_its_own_yosys_script(self):
        seen = set()
        for name in flow.ABC_SCRIPTS:
            seen.add(flow.yosys_script(dict(self.CFG, abc=name), "..", ["a.v"], "LIB"))
        self.assertEqual(len(seen), len(flow.ABC_SCRIPTS))

    def test_unknown_script_is_an_error(self):
        with self.assertRaises(flow.FlowError):
            flow.abc_command("LIB", "no-such-script")


class Progress(unittest.TestCase):
    # Why: a person follows make synth by these lines: count, time since the
    # start and how many are left must be right.
    def test_line_has_count_elapsed_and_left(self):
        import synth
        rec = {"status": "ok", "ge": 9189.4, "flops": 466, "yosys_s": 12.0, "sta_s": 2.2,
               "yosys_cpu_s": 11.5, "critical": {"ns": 4.0, "fo4": 12.1}}
        line = synth.progress_line(12, 40, {"name": "tilelens_addr_gen"}, rec, 190.4)
        self.assertRegex(line, r"^\[12/40\] tilelens_addr_gen +9,189 GE +14\.2 s "
                               r"\(3 min 10 s elapsed, 28 left\)")
        bad = synth.progress_line(40, 40, {"name": "b"}, {"status": "failed", "error": "e"}, 5)
        self.assertRegex(bad, r"^\[40/40\] b +FAILED: e \(5 s elapsed, 0 left\)$")

    def test_durations(self):
        import synth
        self.assertEqual([synth.fmt_duration(s) for s in (0.4, 59, 60, 3599, 3600, 7325)],
                         ["0 s", "59 s", "1 min 0 s", "59 min 59 s", "1 h 0 min", "2 h 2 min"])


class Table(unittest.TestCase):
    # Why: the main job synthesizes the main set and prints both papers'
    # deltas: the fast subset lies inside it, and so does every configuration
    # a delta is made of (else make's summary has no delta).
    def test_sets(self):
        import synth
        configs, _ = synth.read_table()
        for c in configs:
            self.assertIn(c["set"], synth.SETS)
            if c["fast"] or c["delta"]:
                self.assertTrue(c["main"], f"{c['name']} must be in the main set")


if __name__ == "__main__":
    unittest.main()
