"""Unit tests of synth/power.py: activity from vectors and from a VCD, the
netlist ties, and OpenSTA's power on a small OSU netlist (zero activity,
doubled activity, activity applied or not). Run by make synth-area (the
flow's unit tests) and make power-test."""

import os
import re
import shutil
import tempfile
import unittest

import power

TINY = """module tiny(clk_i, a_i, b_i, y_o);
  input clk_i;
  input [1:0] a_i;
  input b_i;
  output y_o;
  wire n1;
  wire n2;
  wire q;
  wire q2;
  NAND2X1 u1 (
    .A(a_i[0]),
    .B(1'h1),
    .Y(n1)
  );
  NAND2X1 u2 (
    .A(n1),
    .B(b_i),
    .Y(n2)
  );
  DFFSR u3 (
    .CLK(clk_i),
    .D(n2),
    .Q(q),
    .R(b_i),
    .S(1'h1)
  );
  DFFPOSX1 u5 (
    .CLK(clk_i),
    .D(a_i[1]),
    .Q(q2)
  );
  NAND2X1 u4 (
    .A(q),
    .B(q2),
    .Y(y_o)
  );
endmodule
"""

WRAPPER = """`define REPLAY_IN_W 3
`define REPLAY_OUT_W 1
`define REPLAY_CLOCKED 1
`define REPLAY_NAME "tiny"
module replay_flat (
  input  wire clk_i,
  input  wire [2:0] in_i,
  output wire [0:0] out_o
);
  tiny u_dut (
    .clk_i(clk_i),
    .a_i(in_i[2:1]),
    .b_i(in_i[0:0]),
    .y_o(out_o[0:0])
  );
endmodule
"""


def vec_lines(inputs):
    """One hex line per cycle: {in (3 bits), expected (1), care (0)}."""
    return "\n".join(format(v << 2, "02x") for v in inputs) + "\n"


# a_i[0] toggles every cycle, a_i[1] every other cycle, b_i high throughout
WORK = [(c % 2) << 1 | ((c // 2) % 2) << 2 | 1 for c in range(40)]
INS = {"clk_i": None, "a_i": 2, "b_i": None}


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def replay(d, netlist):
    """The WORK vectors replayed on netlist (module tiny) under Icarus in
    directory d: (nets, cycles, summary), as power.gate_activity returns them."""
    for name, text in (("tiny.v", netlist), ("wrap.v", WRAPPER), ("v.hex", vec_lines(WORK))):
        write(os.path.join(d, name), text)
    nets, n, summ, _ = power.gate_activity(os.path.join(d, "tiny.v"), "tiny", os.path.join(d, "v.hex"),
                                           os.path.join(d, "wrap.v"), os.path.join(d, "g"))
    return nets, n, summ


def have(tool):
    return shutil.which(tool) is not None


class TestActivity(unittest.TestCase):
    def test_bit_activity(self):
        tog, high, n = power.bit_activity(["1", "3", "2", "2", "0"], 2, 0)
        self.assertEqual(n, 5)
        self.assertEqual(tog, [1, 2])       # bit 0: 1 1 0 0 0, bit 1: 0 1 1 1 0
        self.assertEqual(high, [2, 3])

    def test_port_activity_names(self):
        act, n = power.port_activity(vec_lines(WORK), WRAPPER, INS)
        self.assertEqual(n, 40)
        self.assertEqual(set(act), {"a_i[0]", "a_i[1]", "b_i"})
        self.assertAlmostEqual(act["a_i[0]"][0], 1.0)
        self.assertAlmostEqual(act["a_i[1]"][0], 19 / 39)
        self.assertEqual(act["b_i"], (0.0, 1.0))
        self.assertAlmostEqual(act["a_i[0]"][1], 0.5)

    def test_too_few_lines(self):
        with self.assertRaises(ValueError):
            power.port_activity("04\n", WRAPPER, INS)

    def test_tie_constant_pins(self):
        text, n = power.tie_constant_pins(TINY, "tiny")
        self.assertEqual(n, 2)
        self.assertNotIn("1'h1", text)
        self.assertIn(".S(power_tie1_i)", text)
        self.assertIn("module tiny(clk_i, a_i, b_i, y_o, power_tie0_i, power_tie1_i);", text)
        self.assertEqual(power.netlist_inputs(text, "tiny")["power_tie1_i"], None)
        self.assertEqual(power.tie_constant_pins("module m(a);\n  input a;\nendmodule\n", "m")[1], 0)

    def test_vcd_activity(self):
        vcd = ("$timescale 1ns $end\n$scope module tb $end\n$scope module u_dut $end\n"
               "$var wire 1 ! n1 $end\n$var wire 2 \" a_i [1:0] $end\n$upscope $end\n$upscope $end\n"
               "$enddefinitions $end\n#0\nx!\nb00 \"\n#10\n1!\nb01 \"\n#20\n0!\nb11 \"\n#30\n1!\n#40\n")
        d = tempfile.mkdtemp()
        try:
            p = os.path.join(d, "t.vcd")
            write(p, vcd)
            act, end = power.vcd_activity(p)
        finally:
            shutil.rmtree(d)
        self.assertEqual(end, 40)
        self.assertEqual(act["n1"], (2, 20))          # x->1 is no transition; high 10-20, 30-40
        self.assertEqual(act["a_i[0]"], (1, 30))
        self.assertEqual(act["a_i[1]"], (1, 20))

    def test_driver_and_clock_nets(self):
        drv = power.driver_pins(TINY, "tiny")
        self.assertEqual(drv["n1"], "u1/Y")
        self.assertEqual(drv["q"], "u3/Q")
        self.assertNotIn("a_i[0]", drv)
        ck = power.clock_nets(TINY.replace("  wire q2;", "  wire q2;\n  wire ck1;\n  BUFX4 b0 (\n    .A(clk_i),\n"
                                           "    .Y(ck1)\n  );"), "tiny", "clk_i")
        self.assertEqual(ck, {"clk_i", "ck1"})


@unittest.skipUnless(have("sta"), "OpenSTA not installed")
class TestSta(unittest.TestCase):
    """report_power on the tiny netlist: the activity must reach OpenSTA."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp()
        cls.act, _ = power.port_activity(vec_lines(WORK), WRAPPER, INS)
        cls.p, cls.ties, _ = power.power_of(TINY, "tiny", cls.act, [("u1", r"^u1$")], cls.dir,
                                            period=10.0, scales=(1.0, 0.0, 2.0))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def test_ties(self):
        self.assertEqual(self.ties, 2)

    def test_zero_activity_is_leakage_and_clock(self):
        z = self.p[0.0]["design"]
        self.assertEqual(z["total"]["switching"], 0.0)
        self.assertEqual(z["combinational"]["internal"], 0.0)
        self.assertGreater(z["sequential"]["internal"], 0.0)            # the clock
        clock_and_leak = z["total"]["leakage"] + z["sequential"]["internal"]
        self.assertLess(abs(z["total"]["total"] - clock_and_leak), 1e-6 * clock_and_leak)

    def test_workload_activity_applied(self):
        w, z = self.p[1.0]["design"], self.p[0.0]["design"]
        self.assertGreater(w["total"]["switching"], 0.0)
        self.assertGreater(w["combinational"]["internal"], 0.0)
        self.assertGreater(w["total"]["total"], 1.05 * z["total"]["total"])
        # u1 alone: its input toggles every cycle, so does its output
        self.assertGreater(self.p[1.0]["groups"][0]["switching"], 0.0)
        self.assertEqual(self.p[1.0]["groups"][0]["cells"], 1)

    def test_doubled_activity_doubles_switching(self):
        r = self.p[2.0]["design"]["total"]["switching"] / self.p[1.0]["design"]["total"]["switching"]
        self.assertGreater(r, 1.8)
        self.assertLess(r, 2.2)

    def test_groups_add_up(self):
        g = self.p[1.0]["groups"]
        tot = self.p[1.0]["design"]["total"]["total"]
        self.assertLess(abs(sum(x["total"] for x in g) - tot), 1e-6 * tot)
        self.assertEqual(sum(x["cells"] for x in g), 5)


@unittest.skipUnless(have("sta") and have("iverilog") and os.path.isfile(power.CELLS_V), "tools missing")
class TestGate(unittest.TestCase):
    """Per-net activity: the vectors replayed on the netlist under Icarus."""

    def test_gate_activity_and_power(self):
        d = tempfile.mkdtemp()
        try:
            nets, n, summ = replay(d, TINY)
            self.assertEqual(n, 40)
            self.assertIn(" 0 mismatches", summ)
            self.assertGreater(nets["n1"][0], 0.9)         # NAND(a_i[0], 1): toggles every cycle
            self.assertAlmostEqual(nets["n2"][0], nets["n1"][0], places=6)
            self.assertLess(nets["q2"][0], 0.6)             # a_i[1], registered
            act, _ = power.port_activity(vec_lines(WORK), WRAPPER, INS)
            p, _, _ = power.power_of(TINY, "tiny", act, [], os.path.join(d, "s"), period=10.0,
                                     scales=(1.0, 0.0), nets=nets)
            self.assertGreater(p[1.0]["design"]["total"]["switching"], 0.0)
            # the flops' outputs carry the replayed rates (OpenSTA's own rate of
            # a flop output ignores its data): halved rates halve the
            # switching of u4, fed by the two flops only
            full, _, _ = power.power_of(TINY, "tiny", act, [("u4", r"^u4$")], os.path.join(d, "f"), period=10.0,
                                        scales=(1.0,), nets=nets)
            half = {k: (a / 2, du) for k, (a, du) in nets.items()}
            q, _, _ = power.power_of(TINY, "tiny", act, [("u4", r"^u4$")], os.path.join(d, "n"), period=10.0,
                                     scales=(1.0,), nets=half)
            self.assertEqual(full[1.0]["cut_flops"], 2)
            self.assertGreater(full[1.0]["groups"][0]["switching"], 0.0)
            r = q[1.0]["groups"][0]["switching"] / full[1.0]["groups"][0]["switching"]
            self.assertAlmostEqual(r, 0.5, places=2)
            still = {k: (0.0, du) for k, (a, du) in nets.items()}
            z, _, _ = power.power_of(TINY, "tiny", act, [("u4", r"^u4$")], os.path.join(d, "z"), period=10.0,
                                     scales=(1.0,), nets=still)
            self.assertEqual(z[1.0]["groups"][0]["switching"], 0.0)
            self.assertIn("assign q = power_q0_i;", power.read(os.path.join(d, "f", "netlist_power.v")))
            tcl = power.read(os.path.join(d, "s", "power_x1.tcl"))
            self.assertIn("set_power_activity -input_ports [get_ports {power_q1_i}]", tcl)
            self.assertIn('puts "@@QCAP 1 [[get_nets {q2}] capacitance rise $corner max]"', tcl)
        finally:
            shutil.rmtree(d)


# TINY with a latch on a gated clock (clk_i & a_i[1]: a_i[1] is high in half
# the cycles) and a latch on the clock itself, both holding a constant
GATED = TINY.replace("endmodule", """  wire gck;
  wire q3;
  wire q4;
  AND2X2 ug (
    .A(clk_i),
    .B(a_i[1]),
    .Y(gck)
  );
  LATCH u6 (
    .CLK(gck),
    .D(1'h1),
    .Q(q3)
  );
  LATCH u7 (
    .CLK(clk_i),
    .D(1'h1),
    .Q(q4)
  );
endmodule""")


def clk_pin_energy(cell):
    """The rise plus fall energy (pJ) of cell's CLK pin at the liberty's
    first slew: one cycle of a clock, as the liberty gives it."""
    text = power.read(power.LIB)
    body = text[text.index("cell (%s)" % cell):]
    pin = body[body.index("pin(CLK)"):]
    vals = re.findall(r'values \("([0-9.]+),', pin[:pin.index("}\n    min_pulse")])
    return float(vals[0]) + float(vals[1])


class TestRtlNames(unittest.TestCase):
    def test_rtl_cell(self):
        self.assertEqual(power.rtl_cell("\\u_bitmap.gen_upd_lat.gen_bit[89].u_lat"),
                         "u_bitmap.gen_upd_lat.gen_bit[89].u_lat")
        self.assertIsNone(power.rtl_cell("_100072_"))               # a flop synthesis inferred
        self.assertIsNone(power.rtl_cell("\\u_bitmap._123_"))
        self.assertIsNone(power.rtl_cell("$auto$simplemap.cc:420:simplemap_dff$9"))

    def test_config_params(self):
        self.assertEqual(power.config_params("fiber_issue_stage.latch"), [("Storage", "1")])
        self.assertEqual(power.config_params("fiber_issue_stage"), [])


class TestClockRoots(unittest.TestCase):
    """The sequential cells' clock pins become roots (cut_clock_pins)."""

    def test_cut(self):
        text, cuts = power.cut_clock_pins(GATED, "tiny", {"clk_i"}, {"gck": (1.0, 0.25)})
        self.assertEqual([(c[2], c[3], c[4]) for c in cuts],
                         [("clock", "clk_i", ["u3", "u5", "ug", "u7"]), ("gated", "gck", ["u6"])])
        self.assertIn(".A(power_ckn0)", text)          # the gate's clock input: a root too
        self.assertIn(".CLK(power_ckn1)", text)
        self.assertIn("assign power_ckn0 = power_ck0_i;", text)
        with self.assertRaises(ValueError):     # a gated clock without its replayed rate
            power.cut_clock_pins(GATED, "tiny", {"clk_i"}, {})

    @unittest.skipUnless(have("sta") and have("iverilog") and os.path.isfile(power.CELLS_V), "tools missing")
    def test_clock_energy_and_gated_rate(self):
        d = tempfile.mkdtemp()
        try:
            nets, _, summ = replay(d, GATED)
            self.assertIn(" 0 mismatches", summ)
            self.assertAlmostEqual(nets["gck"][0], 1.0, delta=0.1)   # a pulse in half the cycles
            act, _ = power.port_activity(vec_lines(WORK), WRAPPER, INS)
            groups = [("u6", r"^u6$"), ("u7", r"^u7$"), ("u5", r"^u5$")]
            p, _, _ = power.power_of(GATED, "tiny", act, groups, os.path.join(d, "s"), period=10.0,
                                     scales=(1.0, 0.0), nets=nets)
            w, z = p[1.0], p[0.0]
            # a clocked flop's clock pin: its rise and fall energy once a
            # cycle (OpenSTA 2.0.17 on a clock net: twice)
            e = z["groups"][2]["internal"] * 10e-9 * 1e12
            self.assertGreater(e, 0.85 * clk_pin_energy("DFFPOSX1"))
            self.assertLess(e, 1.05 * clk_pin_energy("DFFPOSX1"))
            # the gated latch, clocked in half the cycles: about half the clocked one's
            r = w["groups"][0]["internal"] / w["groups"][1]["internal"]
            self.assertGreater(r, 0.35)
            self.assertLess(r, 0.65)
            # at zero activity the gated clock is still; the ideal clock's net is charged
            self.assertEqual(z["groups"][0]["internal"], 0.0)
            self.assertGreater(z["clock_net"], 0.0)
            self.assertAlmostEqual(z["design"]["total"]["switching"], z["clock_net"], delta=1e-9 * z["clock_net"])
            self.assertEqual(z["clock_tree"]["cells"], 1)      # the AND the clock enters
            self.assertGreater(w["gated_clock_net"], 0.0)
            self.assertEqual(z["gated_clock_net"], 0.0)
        finally:
            shutil.rmtree(d)


if __name__ == "__main__":
    unittest.main()
