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


if __name__ == "__main__":
    unittest.main()
