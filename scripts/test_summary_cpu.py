#!/usr/bin/env python3
"""Tests of the main job's CPU record (scripts/cpu_step.py) and of the
summary's CPU line and path column (scripts/summary.py)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cpu_step  # noqa: E402
import summary  # noqa: E402


class CpuStep(unittest.TestCase):
    def test_records_the_children_cpu_and_the_status(self):
        with tempfile.TemporaryDirectory() as d:
            old = cpu_step.CPU_DIR
            cpu_step.CPU_DIR = d
            try:
                # a child that burns about 0.3 s of CPU, then fails with 3
                burn = "import time\nt=time.process_time()\nwhile time.process_time()-t<0.3: pass\nraise SystemExit(3)"
                rc = cpu_step.main(["stepx", "--", sys.executable, "-c", burn])
            finally:
                cpu_step.CPU_DIR = old
            self.assertEqual(rc, 3)
            rec = json.load(open(os.path.join(d, "stepx.json")))
            self.assertEqual(rec["status"], 3)
            self.assertGreaterEqual(rec["user_s"] + rec["sys_s"], 0.25)

    def test_usage(self):
        r = subprocess.run([sys.executable, os.path.join(HERE, "cpu_step.py"), "x", "true"],
                           capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)


class SummaryCpu(unittest.TestCase):
    def write(self, d, step, user, sys_, wall=1.0):
        with open(os.path.join(d, step + ".json"), "w") as f:
            json.dump({"step": step, "user_s": user, "sys_s": sys_, "wall_s": wall, "status": 0}, f)

    def test_steps_and_the_rest(self):
        with tempfile.TemporaryDirectory() as d:
            self.write(d, "main", 900.0, 100.0, 600.0)
            self.write(d, "synth", 500.0, 20.0)
            self.write(d, "cosim-a", 100.0, 10.0)
            self.write(d, "cosim-b", 50.0, 5.0)
            self.write(d, "power", 60.0, 5.0)
            out = os.path.join(d, "make_cpu.md")
            lines = summary.cpu_lines(d, out)
            self.assertEqual(len(lines), 1)
            self.assertIn("CPU of this make: 1,000 s user + sys (900 + 100)", lines[0])
            self.assertIn("synthesis 520, co-simulation (harness builds and runs) 165, power 65", lines[0])
            self.assertIn("make 250", lines[0])
            table = open(out).read()
            self.assertIn("| synth | 520.0 | 52% |", table)
            self.assertIn("| **main job** | **1,000.0** |", table)

    def test_nothing_without_the_whole_job(self):
        with tempfile.TemporaryDirectory() as d:
            self.write(d, "synth", 5.0, 1.0)
            self.assertEqual(summary.cpu_lines(d, os.path.join(d, "x.md")), [])

    def test_path_against_the_clock(self):
        c = {"critical": {"ns": 3.93, "fo4": 39.6}}
        self.assertEqual(summary.path_text(c), "3.93 ns, 39.6 FO4, mapped for area (no clock target)")
        c["clock"] = {"target_fo4": 40.0, "met": True, "slack_ns": 0.04}
        self.assertEqual(summary.path_text(c), "3.93 ns, 39.6 FO4, meets its 40 FO4 clock")
        c["clock"] = {"target_fo4": 40.0, "met": False, "slack_ns": -0.42}
        self.assertEqual(summary.path_text(c), "3.93 ns, 39.6 FO4, misses its 40 FO4 clock by 0.42 ns")


    def test_delta_names_its_slowest_term_and_its_clock(self):
        summary.BY_NAME["comb"] = {"flops": 0}
        summary.BY_NAME["timed"] = {"flops": 9, "clock": {"target_fo4": 40.0, "met": True, "slack_ns": 0.1}}
        self.assertEqual(summary.delta_path({"worst_block": "comb", "worst_fo4": 141.04}),
                         "; worst path 141.0 FO4 in comb, combinational, mapped for area (no clock target)")
        self.assertEqual(summary.delta_path({"worst_block": "timed", "worst_fo4": 39.6}),
                         "; worst path 39.6 FO4 in timed, meets its 40 FO4 clock")
        self.assertEqual(summary.delta_path({"worst_block": None}), "")


if __name__ == "__main__":
    unittest.main()
