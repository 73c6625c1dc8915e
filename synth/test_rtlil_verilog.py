"""Tests of synth/rtlil_verilog.py: the netlist's Verilog from its RTLIL
must be what Yosys' write_verilog -noattr writes for the same design."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlist_same  # noqa: E402
import rtlil_verilog as rv  # noqa: E402

LIB = "/usr/share/qflow/tech/osu018/osu018_stdcells.lib"

# A small design with what the flow's netlists hold: buses, flops, a
# 32-bit constant, x bits, part-selects, names to escape (generate scopes,
# a keyword), more than 21 ports (write_verilog breaks the port line).
RTL = r"""
module tiny (input clk_i, input [7:0] a_i, input [7:0] b_i, input [2:0] s_i,
             input p00, input p01, input p02, input p03, input p04, input p05,
             input p06, input p07, input p08, input p09, input p10, input p11,
             input p12, input p13, input p14, input p15,
             output [7:0] y_o, output [31:0] k_o, output [3:0] x_o, output [5:0] c_o,
             output z_o);
  reg [7:0] q;
  wire \table = a_i[0] ^ b_i[7];
  genvar g;
  generate for (g = 0; g < 2; g = g + 1) begin : gen_b
    wire [3:0] w = a_i[4*g +: 4] & b_i[4*g +: 4];
  end endgenerate
  always @(posedge clk_i) q <= (s_i[0] ? a_i + b_i : a_i - b_i) ^ {gen_b[1].w, gen_b[0].w};
  assign y_o = q;
  assign k_o = 32'd123456;
  assign x_o = 4'bx01x;
  assign c_o = {a_i[5:3], 1'b1, \table , s_i[2]};
  assign z_o = ^{p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15};
endmodule
"""


class Units(unittest.TestCase):
    def test_ids(self):
        self.assertEqual(rv.vid("\\a_i"), "a_i")
        self.assertEqual(rv.vid("\\gen_b[0].w"), "\\gen_b[0].w ")
        self.assertEqual(rv.vid("\\_12_"), "_12_")
        self.assertEqual(rv.vid("\\3x"), "\\3x ")
        self.assertEqual(rv.vid("\\table"), "\\table ")
        with self.assertRaises(rv.RtlilError):
            rv.vid("$abc$12$n3")

    def test_consts(self):
        self.assertEqual(rv.const_text("0" * 32, False), "32'd0")
        self.assertEqual(rv.const_text("1" * 32, False), "32'd4294967295")
        self.assertEqual(rv.const_text("1" * 32, True), "32'hffffffff")
        self.assertEqual(rv.const_text("101", False), "3'h5")
        self.assertEqual(rv.const_text("xxxxx", False), "5'hxx")
        self.assertEqual(rv.const_text("x10x", False), "4'bx01x")
        self.assertEqual(rv.const_text("0000x", False), "5'hx0")

    def test_refuses_what_it_does_not_write(self):
        for text in ("module \\m\n  wire width 4 offset 2 \\w\nend\n",
                     "module \\m\n  cell $and \\c\n  end\nend\n",
                     "module \\m\n  process \\p\n  end\nend\n",
                     "module \\a\nend\nmodule \\b\nend\n"):
            with self.assertRaises(rv.RtlilError, msg=text):
                rv.parse(text)

    def test_rtlil_constants_extend(self):
        m = rv.parse("module \\m\n  wire width 6 output 1 \\y\n  connect \\y 6'1x\n"
                     "  connect \\y [3:0] 4'1\n  connect \\y [1:0] -1\nend\n")
        self.assertEqual(rv._sig(m, m.conns[0][1]), "6'b00001x")
        self.assertEqual(rv._sig(m, m.conns[1][1]), "4'h1")
        self.assertEqual(m.conns[2][1], [(None, "1" * 32)])


@unittest.skipUnless(shutil.which("yosys") and os.path.isfile(LIB), "yosys and the OSU library")
class AgainstYosys(unittest.TestCase):
    def test_same_text_as_write_verilog(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "tiny.v"), "w") as f:
                f.write(RTL)
            script = (f"read_verilog tiny.v; synth -flatten -top tiny; dfflibmap -liberty {LIB}; "
                      f"abc -liberty {LIB}; opt_clean; select tiny; rename -enumerate; "
                      "write_rtlil -selected netlist.il; write_verilog -noattr yosys.v")
            subprocess.run(["yosys", "-q", "-p", script], cwd=d, check=True)
            rv.convert(os.path.join(d, "netlist.il"), os.path.join(d, "py.v"))
            with open(os.path.join(d, "yosys.v")) as f:
                want = f.read().split("\n", 1)[1]
            with open(os.path.join(d, "py.v")) as f:
                got = f.read().split("\n", 1)[1]
            for text in ("\\table ", "32'd123456", "4'bx01x", "y_o\n, k_o", "q[7]", "{ "):
                self.assertIn(text, got)
            self.assertEqual(got, want)
            with open(os.path.join(d, "netlist.il")) as f:
                il = f.read()
        # netlist_same: names do not matter, a cell or a wire does
        renamed = il.replace("\\_1", "\\_x1").replace("\\q ", "\\qq ").replace("\\q\n", "\\qq\n")
        self.assertNotEqual(renamed, il)
        self.assertTrue(netlist_same.same(il, renamed))
        self.assertFalse(netlist_same.same(il, il.replace("cell \\NAND2X1", "cell \\NOR2X1", 1)))
        self.assertFalse(netlist_same.same(il, il.replace("connect \\A \\a_i [1]", "connect \\A \\a_i [2]", 1)))


if __name__ == "__main__":
    unittest.main()
