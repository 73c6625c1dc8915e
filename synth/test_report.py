"""Unit tests of the synthesis report (report.py and its report_* modules):
the prose template, the 7 nm pricing of storage and logic, the papers'
quotes against their lines, the previous figures, and a whole report written
from a small made-up set of results. Run by make synth-area.

    python3 -m unittest discover -s synth -p 'test_report.py'
"""

import json
import os
import string
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import report  # noqa: E402
import report_common  # noqa: E402
import report_compare  # noqa: E402
import report_previous  # noqa: E402

PAPERS = os.environ.get("PAPERS_DIR", os.path.join(HERE, "..", "..", "shared", "papers"))

LIB_CELLS = {"NAND2X1": 24.0, "INVX1": 16.0, "DFFPOSX1": 96.0, "DFFSR": 176.0, "LATCH": 0.0}
META = {
    "tools": {"packages": {"yosys": "0.23", "opensta": "s", "qflow-tech-osu018": "q"},
              "yosys": "Yosys 0.23", "yosys_abc": "ABC", "opensta": "OpenSTA 2.0.17"},
    "fo4": {"ns": 0.1, "method": "a chain of inverters"},
    "lib": {"name": "osu018_stdcells", "path": "/lib", "ge_area": 24.0, "has_wire_load": False},
    "lib_cells": LIB_CELLS, "abc": {"name": "s", "yosys_command": "abc", "commands": ""},
    "wall_s": 1.0, "jobs": 1, "set": "main",
    "baseline": {"configs": {"blk": {"ge": 100.0}}},
}


def ok_row(name, by_type, delta=(), group="fiber", set_="fast", fo4=10.0):
    area = sum(n * LIB_CELLS[c] for c, n in by_type.items())
    flop_area = sum(n * LIB_CELLS[c] for c, n in by_type.items()
                    if c.startswith("DFF") or c.startswith("LATCH"))
    cp = {"start": "a", "end": "b", "ns": fo4 / 10, "fo4": fo4, "kind": "in_to_out",
          "cells_on_path": 3, "arrival_ns": fo4 / 10}
    return {"name": name, "top": name.split(".")[0], "params_text": "defaults", "flow": "-",
            "group": group, "set": set_, "fast": set_ == "fast", "delta": list(delta),
            "note": "", "status": "ok", "cells": sum(by_type.values()),
            "cells_by_type": by_type, "flops": sum(n for c, n in by_type.items()
                                                    if c.startswith(("DFF", "LATCH"))),
            "latches": by_type.get("LATCH", 0), "area_um2": area, "flop_area_um2": flop_area,
            "ge": round(area / 24.0, 1), "critical": cp, "paths": {"in_to_out": cp},
            "children": {}, "fanout_repair": {"ge": 0, "buffers": 0}}


def not_run_row(name, delta=(), set_="main"):
    return {"name": name, "top": name.split(".")[0], "params_text": "defaults", "flow": "-",
            "group": "fiber", "set": set_, "fast": False, "delta": list(delta), "note": "",
            "status": "not run", "error": "not synthesized yet (make synth)"}


class Template(unittest.TestCase):
    # Why: the prose lives in report_template.md; a placeholder without a
    # value or a section the code asks for must fail loudly, not print "${x}".
    def test_sections_parse_and_comments_drop(self):
        with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
            f.write("@@# comment\nignored\n@@ a\nx ${v}\n\n\n@@ b\n@@# also a comment\ny\n")
        try:
            s = report_common.load_template(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(set(s), {"a", "b"})
        self.assertEqual(s["a"].substitute(v=1), "x 1")
        self.assertEqual(s["b"].template, "y")

    def test_missing_value_and_missing_section_raise(self):
        with self.assertRaises(KeyError):
            report_common.prose("fb_total", ge="1")
        with self.assertRaises(KeyError):
            report_common.prose("no such section")

    def test_every_placeholder_of_the_template_is_a_plain_name(self):
        for name, t in report_common.load_template().items():
            for m in string.Template.pattern.finditer(t.template):
                self.assertIsNone(m.group("invalid"), f"section {name}: stray $")


class Pricing7nm(unittest.TestCase):
    # Why: storage must be priced by the 7 nm cell of its own kind and only
    # the rest by NAND2 equivalents; a latch priced as a flop, or the latch's
    # 0-area liberty entry leaking into the logic, changes these sums.
    def test_cell_areas_are_width_times_height_of_the_lef(self):
        self.assertAlmostEqual(report_compare.cell_um2("NAND2x1_ASAP7_75t_R"), 0.08748)
        self.assertAlmostEqual(report_compare.cell_um2("DFFHQNx1_ASAP7_75t_R"), 0.2916)
        self.assertAlmostEqual(report_compare.cell_um2("DFFASRHQNx1_ASAP7_75t_R"), 0.37908)
        self.assertAlmostEqual(report_compare.cell_um2("DHLx1_ASAP7_75t_R"), 0.2187)

    def test_storage_and_logic_apart(self):
        rec = ok_row("x", {"DFFPOSX1": 10, "DFFSR": 2, "LATCH": 4, "NAND2X1": 100, "INVX1": 3})
        s = report_compare.split_7nm(rec, META)
        self.assertEqual((s["flops"], s["latches"]), (12, 4))
        self.assertAlmostEqual(s["storage_um2"], 10 * 0.2916 + 2 * 0.37908 + 4 * 0.2187)
        self.assertAlmostEqual(s["logic_ne"], 100 + 3 * 16 / 24)
        self.assertAlmostEqual(s["logic_um2"], (100 + 2) * 0.08748)
        self.assertAlmostEqual(s["total_um2"], s["storage_um2"] + s["logic_um2"])
        neg = report_compare.split_7nm(rec, META, -1)
        self.assertAlmostEqual(neg["total_um2"], -s["total_um2"])

    def test_unknown_storage_cell_is_not_priced(self):
        rec = ok_row("x", {"NAND2X1": 1})
        rec["cells_by_type"]["DFFX9"] = 1
        self.assertEqual(report_compare.split_7nm(rec, META), {"unpriced": ["DFFX9"]})


@unittest.skipUnless(os.path.isdir(PAPERS), f"papers not found at {PAPERS} (PAPERS_DIR)")
class PaperQuotes(unittest.TestCase):
    # Why: the report cites each paper figure by line; a wrong line number or
    # a quote that is not verbatim must fail here.
    def test_each_quote_is_on_its_line(self):
        for key, f, line, phrase, _ in report_compare.PAPER_QUOTES:
            with open(os.path.join(PAPERS, f), encoding="utf-8") as fh:
                text = fh.read().split("\n")
            # The texts use no-break spaces (U+00A0); the quotes, plain ones.
            self.assertIn(phrase, text[line - 1].replace("\xa0", " "), f"{key}: {f} line {line}")

    def test_the_figures_used_are_the_quoted_ones(self):
        q = {k: p for k, _, _, p, _ in report_compare.PAPER_QUOTES}
        self.assertIn(f"{report_compare.FB_PAPER_MM2} mm", q["fb-area"])
        self.assertIn(f"{report_compare.FB_PAPER_MW} mW", q["fb-area"])
        lo, hi = report_compare.TL_PAPER_GATES
        self.assertIn(f"{lo // 1000}-{hi // 1000}K gates", q["tl-gates"])
        self.assertIn(f"{report_compare.TL_PAPER_WIDTH}-bit", q["tl-widths"])


class Previous(unittest.TestCase):
    # Why: every previous figure must name a source the file defines, and
    # name a configuration or delta of the table.
    def test_previous_figures_have_sources_and_exist_in_the_table(self):
        import synth
        configs, deltas = synth.read_table()
        names = {c["name"] for c in configs}
        prev = report_previous.load_previous()
        self.assertIsNotNone(prev)
        for kind, known in (("configs", names), ("deltas", set(deltas))):
            for name, e in prev[kind].items():
                self.assertIn(name, known, f"{kind} {name}")
                for k in ("source", "fo4_source"):
                    if k in e:
                        self.assertIn(e[k], prev["sources"], f"{name}: {e[k]}")

    def test_change(self):
        self.assertEqual(report_previous.change(300.0, 400.0), "-100 (-25.0%)")
        self.assertEqual(report_previous.change(None, 400.0), "-")


class WholeReport(unittest.TestCase):
    # Why: the report must say which configurations are not synthesized, put
    # the previous figures beside the current ones, and leave no placeholder.
    def test_report_from_made_up_results(self):
        rows = [ok_row("blk", {"DFFPOSX1": 8, "NAND2X1": 60}, delta=[("fb-blocks", 1)]),
                ok_row("base", {"NAND2X1": 10}, delta=[("fb-blocks", -1)], group="fiber-base"),
                not_run_row("fiber_busy_bitmap", delta=[("fb-blocks", 1)]),
                not_run_row("blk.sweep", set_="all")]
        deltas = {"fb-blocks": {"tag": "fb-blocks", "title": "FIBER blocks", "meaning": "m"}}
        previous = {"sources": {"s1": "a committed file"},
                    "configs": {"blk": {"ge": 50.0, "source": "s1"}},
                    "deltas": {"fb-blocks": {"ge": 90.0, "worst_fo4": 12.0, "source": "s1"}}}
        with tempfile.TemporaryDirectory() as d:
            md, js, svg = report.write_all(rows, deltas, META, d, d, previous=previous)
            text = open(md).read()
            doc = json.load(open(js))
        self.assertNotIn("${", text)
        self.assertIn("## Not synthesized yet", text)
        self.assertIn("In the main set (`make synth`): `fiber_busy_bitmap`", text)
        self.assertIn("(`make synth-all`): `blk.sweep`", text)
        # blk: 8 flops + 60 NAND2 = 92 GE; baseline 100, previous 50.
        self.assertIn("| blk | 92.0 | 100 | -8.0 (-8.0%) | 50.0 | +42.0 (+84.0%) | s1 | 10.0 "
                      "| - |", text)
        self.assertIn("incomplete, missing: fiber_busy_bitmap (not synthesized yet)", text)
        self.assertIn("- `s1`: a committed file", text)
        self.assertIn("GE moved more than 5% from the committed baseline: `blk` -8.0%", text)
        self.assertIn("NAND2x1_ASAP7_75t_R", doc["comparison"]["cells_7nm"]["cells"])
        self.assertIsNone(doc["comparison"]["fiber"]["fb-blocks_7nm"])
        self.assertEqual(doc["previous"], previous)

    def test_tilelens_deltas_beside_the_multiplier(self):
        # Why: every TileLens delta of configs.tsv (tl-paper, tl-post-pipe
        # beside tl-post) must reach the comparison with the papers, and the
        # multiplier the paper names as its yardstick must reach synth.json,
        # where make's summary reads it for the ratio.
        rows = [ok_row("tl_a", {"NAND2X1": 120}, delta=[("tl-post", 1), ("tl-paper", 1)],
                       group="tilelens-ext"),
                ok_row("tl_b", {"NAND2X1": 20}, delta=[("tl-post", -1), ("tl-paper", -1)],
                       group="tilelens-base"),
                not_run_row("tl_pipe", delta=[("tl-post-pipe", 1)]),
                ok_row("synth_ref_mul32", {"NAND2X1": 50}, group="component")]
        deltas = {t: {"tag": t, "title": "title " + t, "meaning": "m"}
                  for t in ("tl-post", "tl-paper", "tl-post-pipe")}
        with tempfile.TemporaryDirectory() as d:
            md, js, _ = report.write_all(rows, deltas, META, d, d,
                                         previous={"sources": {}, "configs": {}, "deltas": {}})
            text = open(md).read()
            doc = json.load(open(js))
        tl = doc["comparison"]["tilelens"]
        self.assertEqual(tl["mul32_ge"], 50.0)
        self.assertEqual(tl["measured_ge"], {"tl-post": 100.0, "tl-paper": 100.0,
                                             "tl-post-pipe": None})
        self.assertIn("| title tl-paper (`tl-paper`) |", text)
        self.assertIn("title tl-post-pipe (`tl-post-pipe`) | incomplete, missing: tl_pipe", text)

    def test_cpu_section_clock_note_and_hook(self):
        # Why: the CPU per configuration is how the make budget is kept; a
        # clock target's verdict must show beside its figures; a section
        # hook (power) must reach the report.
        rows = [dict(ok_row("blk", {"NAND2X1": 60}), yosys_cpu_s=30.0, sta_cpu_s=10.0,
                     clock={"target_fo4": 40.0, "period_ns": 3.97, "met": False,
                            "slack_ns": -0.25}),
                dict(ok_row("base", {"NAND2X1": 10}, set_="main"), yosys_cpu_s=60.0),
                dict(ok_row("sweep", {"NAND2X1": 10}, set_="all"), yosys_cpu_s=999.0)]
        hook = lambda r, d, m: "## Power\n\n" + ", ".join(x["name"] for x in r if x.get("power"))
        rows[0]["power"] = {"mw": 1.0}
        report.SECTION_HOOKS.append(hook)
        try:
            with tempfile.TemporaryDirectory() as d:
                md = report.write_all(rows, {}, META, d, d, previous={"sources": {},
                                      "configs": {}, "deltas": {}})[0]
                text = open(md).read()
        finally:
            report.SECTION_HOOKS.remove(hook)
        self.assertIn("| base | 60.0 | 0.0 | 60% |", text)
        self.assertIn("| blk | 30.0 | 10.0 | 40% |", text)
        self.assertIn("| **main set** | **90.0** | **10.0** | 100% |", text)
        self.assertNotIn("| sweep | 999.0", text)
        self.assertIn("timing-driven mapping against 40 FO4 (3.97 ns): missed by 0.25 ns", text)
        self.assertIn("## Power\n\nblk", text)


class PowerSection(unittest.TestCase):
    """synth.md's power section: written by report between markers, replaced
    (never appended twice) when synth/power.py ends."""

    def test_placeholder_without_power_md(self):
        with tempfile.TemporaryDirectory() as d:
            text = report.power_section([], {}, {"reports_dir": d})
        self.assertTrue(text.startswith(report.POWER_BEGIN) and text.endswith(report.POWER_END))
        self.assertIn("make power", text)

    def test_power_md_is_read(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "power.md"), "w") as f:
                f.write("## Power under a named workload\n\nrow 12.5 pJ\n")
            text = report.power_section([], {}, {"reports_dir": d})
        self.assertIn("row 12.5 pJ", text)

    def test_splice_replaces_once(self):
        md = "# Synthesis\n\n" + report.power_section([], {}, {}) + "\n\n## Later\n"
        once = report.splice_power(md, "## Power\n\nfirst")
        twice = report.splice_power(once, "## Power\n\nsecond")
        self.assertEqual(twice.count(report.POWER_BEGIN), 1)
        self.assertIn("second", twice)
        self.assertNotIn("first", twice)
        self.assertIn("## Later", twice)

    def test_splice_appends_without_markers(self):
        out = report.splice_power("# Synthesis\n", "## Power\n\nx")
        self.assertTrue(out.startswith("# Synthesis\n"))
        self.assertIn(report.POWER_BEGIN + "\n## Power\n\nx\n" + report.POWER_END, out)


if __name__ == "__main__":
    unittest.main()
