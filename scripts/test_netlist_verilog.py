#!/usr/bin/env python3
"""Unit test of scripts/netlist_verilog.py (make check-scripts).

Each case writes a small netlist as Yosys's write_json would describe it,
turns it into Verilog, compiles it under Icarus with two cell models and
checks the outputs for every input value: internal nets and cells whose
default names (`n<bit>`, `c<k>`) a port already has, an output that is an
input bit, a constant output, and one net feeding two output bits.
"""
import io
import itertools
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlist_verilog  # noqa: E402

CELLS = """
module INVX1(input A, output Y); assign Y = ~A; endmodule
module NAND2X1(input A, input B, output Y); assign Y = ~(A & B); endmodule
"""


def bench(top, ins, outs):
    """A bench printing the outputs (name: width), one line per input value."""
    w = len(ins)
    decl = "\n".join(f"  reg {n};" for n in ins) + "\n" + \
        "\n".join(f"  wire [{k - 1}:0] {n};" for n, k in outs.items())
    conn = ", ".join(f".{n}({n})" for n in ins + list(outs))
    drive = " ".join(f"{n} = v[{i}];" for i, n in enumerate(ins))
    show = ", ".join(list(outs))
    fmt = "%b" * len(outs)
    return f"""
module tb;
{decl}
  integer v;
  {top} dut ({conn});
  initial begin
    for (v = 0; v < {1 << w}; v = v + 1) begin
      {drive} #1;
      $display("{fmt}", {show});
    end
    $finish;
  end
endmodule
"""


def simulate(mod, ins, outs):
    text = io.StringIO()
    netlist_verilog.write("top", mod, text)
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "t.v")
        with open(src, "w") as f:
            f.write(text.getvalue() + CELLS + bench("top", ins, outs))
        exe = os.path.join(d, "t.vvp")
        subprocess.run(["iverilog", "-g2005", "-o", exe, src], check=True, capture_output=True)
        r = subprocess.run(["vvp", "-n", exe], check=True, capture_output=True, text=True)
    return text.getvalue(), [l for l in r.stdout.splitlines() if set(l) <= set("01xz") and l]


class NetlistVerilogTest(unittest.TestCase):
    def test_names_clashing_with_ports(self):
        # c0 = ~(n2 & n3) (bit 7), n7 = the same through two inverters (an
        # internal net, bit 9, between them): ports named n<k> and c<k> take
        # the default forms of an internal net's and a cell's name.
        mod = {
            "ports": {
                "n2": {"direction": "input", "bits": [2]},
                "n3": {"direction": "input", "bits": [3]},
                "n7": {"direction": "output", "bits": [8]},
                "c0": {"direction": "output", "bits": [7]},
            },
            "cells": {
                "g1": {"type": "NAND2X1", "connections": {"A": [2], "B": [3], "Y": [7]}},
                "g2": {"type": "INVX1", "connections": {"A": [7], "Y": [9]}},
                "g3": {"type": "INVX1", "connections": {"A": [9], "Y": [8]}},
            },
        }
        text, lines = simulate(mod, ["n2", "n3"], {"n7": 1, "c0": 1})
        self.assertIn("wire n_9;", text)
        self.assertNotRegex(text, r"\bc[0-9]+ \(")
        want = ["{0}{0}".format(int(not (a and b))) for b, a in itertools.product((0, 1), (0, 1))]
        self.assertEqual(lines, want)

    def test_aliases_and_constants(self):
        # y[0] = a, y[1] = 1, y[2] = ~a, z = ~a (the same net as y[2])
        mod = {
            "ports": {
                "a": {"direction": "input", "bits": [2]},
                "y": {"direction": "output", "bits": [2, "1", 5]},
                "z": {"direction": "output", "bits": [5]},
            },
            "cells": {"g": {"type": "INVX1", "connections": {"A": [2], "Y": [5]}}},
            "netnames": {"y": {"bits": [2, "1", 5], "offset": 0}},
        }
        text, lines = simulate(mod, ["a"], {"y": 3, "z": 1})
        self.assertIn("assign y[0] = a;", text)
        self.assertIn("assign y[1] = 1'b1;", text)
        self.assertIn("assign z = y[2];", text)
        self.assertEqual(lines, ["1101", "0110"])


if __name__ == "__main__":
    unittest.main()
