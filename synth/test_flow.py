"""Unit tests of the synthesis flow's modules, one class or more per module:
netlist_fix.py (the netlist steps between Yosys and OpenSTA must rename and
rewire without changing the logic), liberty.py (cell areas, the LEF where the
liberty says 0), vdeps.py (which files a top reads, parameter defaults),
flow.py (the ABC script in the Yosys script, children as black boxes and
their parameter check) and synth.py (the progress line, the table). Run by
make synth-area.

    python3 -m unittest discover -s synth -p 'test_*.py'
"""

import os
import re
import shutil
import subprocess
import tempfile
import sys
import unittest

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flow  # noqa: E402
import liberty  # noqa: E402
import netlist_fix  # noqa: E402
import specialise  # noqa: E402
import tools  # noqa: E402
import vdeps  # noqa: E402


def connections(text):
    """(cell, instance) -> {pin: net} of a netlist written like Yosys does."""
    out = {}
    for m in netlist_fix.INST_RE.finditer(text):
        out[(m.group(1), m.group(2))] = dict(
            (p, n.strip()) for p, n in netlist_fix.CONN_RE.findall(m.group(3)))
    return out


class SplitAssigns(unittest.TestCase):
    # Why: OpenSTA 2.0.17 rejects a concatenation on the left of an assign;
    # the split must keep every bit paired with the same bit as before.
    def test_concatenation_becomes_one_assign_per_bit(self):
        text = ("module m(a, b, c);\n  output [3:0] a;\n  output b;\n  input [1:0] c;\n"
                "  assign { a[3:2], b, a[0] } = { 2'h1, c };\nendmodule\n")
        got = re.findall(r"assign (\S+) = (\S+);", netlist_fix.split_assigns(text))
        self.assertEqual(got, [("a[3]", "1'b0"), ("a[2]", "1'b1"), ("b", "c[1]"),
                               ("a[0]", "c[0]")])

    def test_plain_assign_is_left_alone(self):
        text = "module m(a, b);\n  output [1:0] a;\n  input [1:0] b;\n  assign a = b;\nendmodule\n"
        self.assertEqual(netlist_fix.split_assigns(text), text)

    def test_width_mismatch_is_an_error(self):
        text = ("module m(a, b);\n  output [1:0] a;\n  input [2:0] b;\n"
                "  assign { a } = { b };\nendmodule\n")
        with self.assertRaises(tools.FlowError):
            netlist_fix.split_assigns(text)


class PlainNames(unittest.TestCase):
    # Why: escaped bus names such as \gen_dim[0].prod (products cut out of a
    # generate loop) break OpenSTA's bus parsing; renaming must be consistent.
    def test_escaped_names_become_unique_plain_names(self):
        text = ("module m(\\gen_dim[0].prod , esc_gen_dim_0__prod);\n"
                "  input [1:0] \\gen_dim[0].prod ;\n  input esc_gen_dim_0__prod;\n"
                "  INVX1 u (.A(\\gen_dim[0].prod [1]), .Y(y));\nendmodule\n")
        out = netlist_fix.plain_names(text)
        self.assertNotIn("\\", out)
        self.assertIn("esc_gen_dim_0__prod_1 [1]", out)
        self.assertEqual(out.count("esc_gen_dim_0__prod_1"), 3)


class RepairFanout(unittest.TestCase):
    # Why: the buffer trees may only insert buffers: every load keeps its
    # driver through a chain of BUFX4, and no net drives more than the limit.
    @classmethod
    def setUpClass(cls):
        cls.lib = liberty.parse_liberty(liberty.find_liberty())

    def netlist(self, loads):
        cells = [f"  NAND2X1 g{i} (\n    .A(n),\n    .B(b),\n    .Y(o{i})\n  );"
                 for i in range(loads)]
        return ("module m(a, b, o);\n  input a;\n  input b;\n  wire n;\n"
                + "".join(f"  wire o{i};\n" for i in range(loads))
                + "  INVX1 d (\n    .A(a),\n    .Y(n)\n  );\n" + "\n".join(cells) + "\n"
                + "  DFFPOSX1 f (\n    .CLK(a),\n    .D(o0),\n    .Q(q)\n  );\nendmodule\n")

    def test_every_load_reaches_its_driver_through_buffers_only(self):
        for loads in (8, 9, 20, 70, 600):
            text, st = netlist_fix.repair_fanout(self.netlist(loads), self.lib)
            conn = connections(text)
            drv = {}
            fanout = {}
            for (cell, inst), pins in conn.items():
                for p, n in pins.items():
                    if self.lib["cells"][cell]["pins"][p]["direction"] == "output":
                        drv[n] = (cell, inst, pins)
                    elif not (cell == "DFFPOSX1" and p == "CLK"):
                        fanout[n] = fanout.get(n, 0) + 1
            self.assertLessEqual(max(fanout.values()), netlist_fix.MAX_FANOUT, loads)
            for i in range(loads):
                net = conn[("NAND2X1", f"g{i}")]["A"]
                while drv[net][0] == netlist_fix.BUF_CELL:
                    net = drv[net][2]["A"]
                self.assertEqual(net, "n")
            self.assertEqual(conn[("NAND2X1", "g0")]["B"] != "b", loads > 8)
            self.assertEqual(st["buffers"] == 0, loads <= 8)

    def test_fewest_buffers_filled_from_the_leaves(self):
        # ceil(n/8) + ceil(ceil(n/8)/8) + ... until 8 or fewer remain, per
        # net: the netlist's nets n and b both have `loads` loads
        for loads, want in ((9, 2), (16, 2), (17, 3), (65, 11), (513, 76), (1025, 149)):
            _, st = netlist_fix.repair_fanout(self.netlist(loads), self.lib)
            self.assertEqual(st["buffers"], 2 * want, loads)

    def test_clock_pins_are_not_buffered(self):
        text, _ = netlist_fix.repair_fanout(self.netlist(3).replace(".CLK(a)", ".CLK(b)"), self.lib)
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
        with self.assertRaises(tools.FlowError):
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
        configs, deltas = synth.read_table()
        for c in configs:
            self.assertIn(c["set"], synth.SETS)
            # a delta marked `all` (a variant for make synth-all) may hold
            # configurations outside the main set; every other may not
            main_delta = any(deltas[t]["set"] == "main" for t, _ in c["delta"])
            if c["fast"] or main_delta:
                self.assertTrue(c["main"], f"{c['name']} must be in the main set")
        self.assertTrue(any(d["set"] == "main" for d in deltas.values()))


    def test_whole_child_marker(self):
        # Why: `:whole` makes the parent use the table's configuration as it
        # is (shared); the marker must not leak into the child's name.
        import synth
        import tempfile
        rows = ["a\ta\t-\t-\tfiber\tmain\t-\tx",
                "b\tb\t-\t-\tfiber\tmain\t-\tx",
                "p\tp\t-\t-\tfiber\tmain\t-\tx\ta:whole,b"]
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            f.write("\n".join(rows) + "\n")
        try:
            configs, _ = synth.read_table(f.name)
        finally:
            os.remove(f.name)
        p = {c["name"]: c for c in configs}["p"]
        self.assertEqual(p["children"], ["a", "b"])
        self.assertEqual(p["whole"], {"a"})

    def test_clock_column(self):
        # Why: the clock target picks the mapping and the STA period; a
        # malformed one must stop the table, not fall back to area mapping.
        import synth
        import tempfile
        rows = ["a\ta\t-\t-\tfiber\tmain\t-\tx",
                "b\tb\t-\t-\tfiber\tmain\t-\tx\t-\t40fo4",
                "c\tc\t-\t-\tfiber\tmain\t-\tx\t-\t-"]
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            f.write("\n".join(rows) + "\n")
        try:
            configs = {c["name"]: c for c in synth.read_table(f.name)[0]}
            for bad in ("40", "40ns", "0fo4"):
                with open(f.name, "w") as g:
                    g.write(rows[0] + "\t-\t" + bad + "\n")
                with self.assertRaises(SystemExit):
                    synth.read_table(f.name)
        finally:
            os.remove(f.name)
        self.assertEqual([configs[n]["clock_fo4"] for n in "abc"], [None, 40.0, None])
        self.assertEqual(synth.set_clock(dict(configs["b"]), {"ns": 0.09925})["clock_ps"], 3970)
        self.assertNotIn("clock_ps", synth.set_clock(dict(configs["a"], clock_ps=1), {"ns": 0.1}))

    def test_full_issue_stage_shares_the_bitmap(self):
        # Why: the main set synthesizes the 2048 x 4 bitmap once; a bottom-up
        # issue stage must reuse that configuration, not a specialised copy
        # of it (a second run of the largest child).
        import synth
        configs = synth.read_table()[0]
        users = [c for c in configs if "fiber_busy_bitmap" in c["children"]]
        self.assertTrue(users)
        for c in users:
            self.assertIn("fiber_busy_bitmap", c["whole"], c["name"])
        self.assertTrue({c["name"]: c for c in configs}["fiber_busy_bitmap"]["main"])

    def test_chain_priority(self):
        # Why: with --jobs 2 the run ends when its longest chain ends: a
        # child its parent waits for starts before a longer lone
        # configuration, and a parent never outranks its own child.
        import synth
        bm, x, st = {"name": "bm"}, {"name": "x"}, {"name": "st", "children": ["bm"]}
        pr = synth.chain_priority([(bm, 370.0), (x, 400.0), (st, 100.0)])
        self.assertEqual(pr, {"bm": 470.0, "x": 400.0, "st": 100.0})


class Specialise_Whole(unittest.TestCase):
    def test_whole_needs_no_tied_input(self):
        # Why: removing unloaded cells drops open outputs, but cannot
        # propagate a constant into the child: a tied child must be
        # specialised.
        self.assertTrue(specialise.whole_ok({"const": {}, "unused": {"y": [0]}}))
        self.assertFalse(specialise.whole_ok({"const": {"a": {0: "0"}}, "unused": {}}))


class Liberty(unittest.TestCase):
    # Why: OSU 0.18 um's liberty gives LATCH an area of 0; a latch array
    # would be priced as free. The LEF of the same package has its size.
    def test_zero_area_cells_take_the_lef_area(self):
        path = liberty.find_liberty()
        lib = liberty.parse_liberty(path)
        self.assertIsNotNone(lib["lef"])
        self.assertAlmostEqual(lib["cells"]["LATCH"]["area"], 56.0)
        self.assertEqual(lib["cells"]["LATCH"]["area_from"], "lef")
        self.assertEqual(lib["lef_priced"]["LATCH"], {"liberty_um2": 0.0, "lef_um2": 56.0})
        # a cell the liberty prices keeps the liberty's area
        self.assertEqual(lib["cells"]["NAND2X1"]["area"], 24.0)
        self.assertNotIn("NAND2X1", lib["lef_priced"])
        bare = liberty.parse_liberty(path, lef=None)
        self.assertEqual(bare["cells"]["LATCH"]["area"], 0.0)
        self.assertEqual(bare["lef_priced"], {})

    def test_lef_sizes(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".lef", delete=False) as f:
            f.write("MACRO A\n  SIZE 5.600 BY 10.000 ;\n  PIN Y\n  END Y\nEND A\n"
                    "MACRO B\n  CLASS CORE ;\n  SIZE 2 BY 3 ;\nEND B\n")
        try:
            self.assertEqual(liberty.parse_lef(f.name), {"A": 56.0, "B": 6.0})
        finally:
            os.unlink(f.name)


class Sources(unittest.TestCase):
    # Why: a child's netlist may stand in for its instance only at the same
    # parameters, defaults included: the defaults must be read right.
    def test_module_params_and_values(self):
        import tempfile
        d = tempfile.mkdtemp()
        os.makedirs(os.path.join(d, "rtl", "fiber"))
        with open(os.path.join(d, "rtl", "fiber", "m.v"), "w") as f:
            f.write("// parameter integer Fake = 9,\nmodule m #(\n  parameter integer A = 32, // c\n"
                    "  parameter W = 8'd5,\n  parameter [3:0] B = 4'b1010\n) (input x);\n"
                    "  localparam integer L = A * 2;\n  n u (.x(x));\nendmodule\n"
                    "module n (input x);\n  parameter P = 3;\nendmodule\n")
        mods, dup, words = vdeps.scan_sources(d)
        self.assertEqual(vdeps.module_params(d, mods, "m"), {"A": 32, "W": 5, "B": 10})
        self.assertEqual(vdeps.module_params(d, mods, "n"), {"P": 3})
        self.assertEqual(vdeps.source_closure("m", mods, dup, words), ["rtl/fiber/m.v"])
        self.assertEqual(vdeps.param_value("32'00000000000000000000000000000101"), 5)
        self.assertEqual(vdeps.param_value(" 2048 "), 2048)
        with self.assertRaises(tools.FlowError):
            vdeps.module_params(d, mods, "missing")


class Children(unittest.TestCase):
    # Why: bottom-up synthesis replaces a child instance by the child
    # configuration's netlist; a different parameter set would silently
    # price and time another circuit.
    LOG = ("Parameter \\Lanes = 1\n"
           "7.3. Executing AST frontend in derive mode using pre-parsed AST for module `\\x'.\n"
           "Parameter \\Lanes = 1\nParameter \\Width = 32\n"
           "Generating RTLIL representation for module `$paramod$ab\\x'.\n"
           "Generating RTLIL representation for module `\\y'.\n")

    def child(self, name, top, params, defaults, flow_opt="-"):
        return {"cfg": {"name": name, "top": top, "params": params, "flow": flow_opt},
                "rec": {}, "outdir": "", "defaults": defaults}

    def test_derived_params(self):
        self.assertEqual(flow.derived_params(self.LOG), {"$paramod$ab\\x": {"Lanes": 1, "Width": 32},
                                                          "\\y": {}})

    def test_match(self):
        derived = flow.derived_params(self.LOG)
        parent = {"name": "p", "flow": "-"}
        by_type = {"$paramod$ab\\x": 1, "y": 4, "NAND2X1": 10}
        kids = [self.child("x.l1", "x", [("Lanes", "1")], {"Lanes": 32, "Width": 32}),
                self.child("y", "y", [], {"N": 4})]
        got = flow.match_children(parent, kids, by_type, derived)
        self.assertEqual(got, {"x.l1": ("$paramod$ab\\x", 1), "y": ("y", 4)})
        # the full-size child at a one-lane instance: refused
        kids[0] = self.child("x", "x", [], {"Lanes": 32, "Width": 32})
        with self.assertRaisesRegex(tools.FlowError, "Lanes=1 \\(child x: 32\\)"):
            flow.match_children(parent, kids, by_type, derived)
        # a child the parent does not instantiate: refused
        kids[0] = self.child("x.l1", "x", [("Lanes", "1")], {"Lanes": 32, "Width": 32})
        with self.assertRaisesRegex(tools.FlowError, "not instantiated: z"):
            flow.match_children(parent, kids + [self.child("z", "z", [], {})], by_type, derived)
        # a child synthesized with another flow option: refused
        with self.assertRaisesRegex(tools.FlowError, "has flow"):
            flow.match_children({"name": "p", "flow": "products-as-inputs"}, kids, by_type,
                                derived)

    def test_children_are_black_boxes_in_the_parent_script(self):
        cfg = {"name": "p", "top": "p", "params": [], "flow": "-"}
        ys = flow.yosys_script(cfg, "..", ["a.v"], "LIB", ["x", "y"])
        bb = [ln for ln in ys.splitlines() if ln.startswith("blackbox")]
        self.assertEqual(bb, ["blackbox x $paramod*\\x y $paramod*\\y"])
        self.assertLess(ys.index("blackbox"), ys.index("synth -flatten"))
        self.assertNotIn("blackbox", flow.yosys_script(cfg, "..", ["a.v"], "LIB"))

    def test_table_children(self):
        import synth
        configs, _ = synth.read_table()
        by_name = {c["name"]: c for c in configs}
        parents = [c for c in configs if c["children"]]
        self.assertTrue(parents)
        for c in parents:
            for k in c["children"]:
                self.assertIn(k, by_name)
                if c["main"]:
                    self.assertTrue(by_name[k]["main"], f"{k}: child of main-set {c['name']}")


class Specialise(unittest.TestCase):
    # Why: a child synthesized for its parent's use drops the outputs the
    # parent leaves open and ties the inputs it ties; dropping an output the
    # glue reads, or tying an input to a constant the glue does not drive,
    # silently prices and times another circuit.
    @staticmethod
    def design(glue_reads_b1=False):
        # top p: child cell u (type c) with input a = {x, 1'b1, 1'b0} and
        # outputs y (2 bits, bit 1 read by an $and whose output is p's o)
        # and z (unused); cell v, another c: a = {x, 1'b0, 1'b0}.
        dirs = {"a": "input", "y": "output", "z": "output"}
        cells = {
            "u": {"type": "c", "port_directions": dirs,
                  "connections": {"a": ["0", "1", 2], "y": [3, 4], "z": [5]}},
            "v": {"type": "c", "port_directions": dirs,
                  "connections": {"a": ["0", "0", 2], "y": [6, 7], "z": [8]}},
            "g": {"type": "$and", "port_directions": {"A": "input", "B": "input", "Y": "output"},
                  "connections": {"A": [4], "B": [7 if not glue_reads_b1 else 8], "Y": [9]}},
        }
        ports = {"x": {"direction": "input", "bits": [2]},
                 "o": {"direction": "output", "bits": [9]}}
        child = {"ports": {"a": {"direction": "input", "bits": [2, 3, 4]},
                           "y": {"direction": "output", "bits": [5, 6]},
                           "z": {"direction": "output", "bits": [7]}}}
        return {"modules": {"p": {"cells": cells, "ports": ports}, "c": child}}

    def test_uses_and_merge(self):
        uses = specialise.child_uses(self.design(), "p", {"c"})
        self.assertEqual(uses["u"], {"type": "c", "const": {"a": {0: "0", 1: "1"}},
                                     "unused": {"y": [0], "z": [0]}})
        m = specialise.merge_uses(uses)["c"]
        # a[1] is 1 in u and 0 in v: not tied; a[0] is 0 in both
        self.assertEqual(m["const"], {"a": {0: "0"}})
        self.assertEqual(m["unused"], {"y": [0], "z": [0]})
        self.assertEqual(m["instances"], ["u", "v"])

    def test_wrapper(self):
        m = specialise.merge_uses(specialise.child_uses(self.design(), "p", {"c"}))["c"]
        ports = specialise.ports_of(self.design(), "c")
        v = specialise.wrapper_verilog("c__in_p", "c", [("N", "2")], ports, m)
        self.assertIn(".a({a[2], a[1], 1'b0})", v)
        self.assertIn("assign y[0] = 1'b0;", v)
        self.assertIn("assign y[1] = w_y[1];", v)
        self.assertIn("assign z = 1'b0;", v)
        self.assertIn("c #(.N(2)) u_child", v)

    def test_check_glue(self):
        m = specialise.merge_uses(specialise.child_uses(self.design(), "p", {"c"}))["c"]
        self.assertEqual(specialise.check_glue(self.design(), "p", {"c": m}), [])
        # the glue reads v.z: a wrapper that drops z is refused
        bad = specialise.check_glue(self.design(glue_reads_b1=True), "p", {"c": m})
        self.assertTrue(any("v.z[0] is dropped" in b for b in bad), bad)
        # a wrapper that ties a[1] although v drives 0 there: refused
        m2 = dict(m, const={"a": {0: "0", 1: "1"}})
        bad = specialise.check_glue(self.design(), "p", {"c": m2})
        self.assertTrue(any("v.a[1] is tied to 1" in b for b in bad), bad)

    def test_parent_script_reads_mapped_children(self):
        cfg = {"name": "p", "top": "p", "params": [], "flow": "-"}
        ys = flow.yosys_script(cfg, "..", ["a.v"], "LIB", ["c"],
                               [("c", "c__in_p", "w.v", "ab")],
                               [("c", "c_p__mapped", "c_p__mapped.il", "cd", ["u0", "g[1].u"])])
        # the glue is mapped against the children's shells, then the mapped
        # children take the shells' black boxes, under the instances' names
        order = ["blackbox c", "design -save elab", "chtype -map c c__in_p", "write_json glue.json",
                 "design -load elab", "read_verilog c_p__mapped__shell.v",
                 "chtype -map c c_p__mapped__shell", "synth -flatten", "abc -liberty",
                 "read_liberty -lib LIB", "read_rtlil c_p__mapped.il",
                 "chtype -map c_p__mapped__core c_p__mapped", "cd p\n",
                 "rename u0._core_ u0\n", "rename g[1].u._core_ g[1].u\n", "cd ..\n",
                 "cd ..\nflatten\nhierarchy -top p", "opt_clean -purge", "write_rtlil"]
        pos = [ys.index(x) for x in order]
        self.assertEqual(pos, sorted(pos))
        self.assertIn("# c_p__mapped.il sha256 cd", ys)

    def test_glue_downstream_of_each_child_is_mapped_first_in_table_order(self):
        cfg = {"name": "p", "top": "p", "params": [], "flow": "-"}
        mapped = [("a", "a_p__mapped", "a_p__mapped.il", "01", ["ua"]),
                  ("b", "b_p__mapped", "b_p__mapped.il", "02", ["ub"])]
        ys = flow.yosys_script(cfg, "..", ["a.v"], "LIB", ["a", "b"], (), mapped,
                               ["DFFPOSX1", "LATCH"], {"a_p__mapped": ["g"], "b_p__mapped": ["h", "k"]})
        stop = "a_p__mapped__core,b_p__mapped__core,DFFPOSX1,LATCH"
        first = f"select -set downstream0 t:a_p__mapped__core %co:+[g] %co*:-{stop}\n"
        second = f"select -set downstream1 t:b_p__mapped__core %co:+[h,k] %co*:-{stop}\n"
        glue = flow.abc_command("LIB", flow.ABC_SCRIPT) + "\nopt_clean"
        order = ["dfflibmap", first, flow.abc_command("LIB", flow.ABC_SCRIPT) + " @downstream0\n",
                 second, flow.abc_command("LIB", flow.ABC_SCRIPT) + " @downstream1\n", glue]
        pos = [ys.index(x) for x in order]
        self.assertEqual(pos, sorted(pos))
        # the cones start at the combinational outputs only; a child with
        # none (every output registered) starts no cone
        ys = flow.yosys_script(cfg, "..", ["a.v"], "LIB", ["a", "b"], (), mapped,
                               ["DFFPOSX1", "LATCH"], {"a_p__mapped": ["g", "h"],
                                                       "b_p__mapped": []})
        self.assertIn(f"select -set downstream0 t:a_p__mapped__core %co:+[g,h] %co*:-{stop}\n", ys)
        self.assertNotIn("downstream1", ys)
        # a flat run maps its logic in one ABC run
        flat = flow.yosys_script(cfg, "..", ["a.v"], "LIB")
        self.assertNotIn("downstream", flat)
        self.assertEqual(flat.count("abc -liberty"), 1)


class ChildShellTest(unittest.TestCase):
    """specialise.child_shell: what the glue sees of a mapped child."""
    NETLIST = """module m(a, b, k, y, z, w, v);
  input [3:0] a;
  input b;
  input k;
  output [3:0] y;
  output [1:0] z;
  output w;
  output [1:0] v;
  wire t;
  wire [1:0] u;
  NAND2X1 g0 (.A(a[0]), .B(b), .Y(y[0]));
  INVX1 g1 (.A(k), .Y(t));
  assign y[3:1] = { 1'h0, a[2], 1'hx };
  assign { z[1], u } = { b, 2'h2 };
  assign z[0] = u[1];
  assign w = y[0];
  assign v = 2'bx1;
endmodule
"""

    def test_combinational_outputs(self):
        netlist = """module m(clk, a, q, r, s, y, t);
  input clk;
  input [1:0] a;
  output [1:0] q;
  output r;
  output s;
  output y;
  output t;
  wire [1:0] \\u.q_r ;
  wire n;
  DFFPOSX1 f0 (
    .CLK(clk),
    .D(a[0]),
    .Q(\\u.q_r [0])
  );
  DFFSR f1 (.CLK(clk), .D(a[1]), .Q(\\u.q_r [1]), .R(a[0]), .S(1'h1));
  DFFPOSX1 f2 (.CLK(clk), .D(n), .Q(t));
  NAND2X1 g0 (.A(a[0]), .B(t), .Y(n));
  assign q = \\u.q_r ;
  assign r = a[1];
  assign s = 1'h0;
  assign y = n;
endmodule
"""
        seq = ["DFFPOSX1", "DFFSR", "LATCH"]
        # q (through an assign) and t (directly) are flop outputs, r an
        # input, s a constant: only y comes from logic
        self.assertEqual(specialise.combinational_outputs(netlist, seq), ["y"])
        # a flop type the liberty does not list as sequential is logic
        self.assertEqual(specialise.combinational_outputs(netlist, ["DFFPOSX1"]), ["q", "y"])

    def test_sources_of_output_bits(self):
        src, ports = specialise.output_sources(self.NETLIST)
        self.assertEqual(list(ports), ["a", "b", "k", "y", "z", "w", "v"])
        self.assertEqual(ports["y"], ("output", 3, 0))
        # y[3] tied, y[2] fed from a[2], y[1] x (left to the core), y[0] a cell
        self.assertEqual(src["y"], {3: "0", 2: ("a", 2)})
        # z[0] through the internal u[1] = 1; z[1] = b
        self.assertEqual(src["z"], {1: ("b", 0), 0: "1"})
        # w equals the cell-driven y[0]; v[1] is x, v[0] tied to 1
        self.assertEqual(src["w"], {0: ("=", "y", 0)})
        self.assertEqual(src["v"], {0: "1"})

    def test_shell_text(self):
        text, tied, fed = specialise.child_shell(self.NETLIST, "m")
        self.assertEqual((tied, fed), (3, 2))
        self.assertIn("(* blackbox *)\nmodule m__core (a, b, k, y, z, w, v);", text)
        self.assertIn("assign y = {1'b0, a[2], c_y[1], c_y[0]};", text)
        self.assertIn("assign z = {b, 1'b1};", text)
        self.assertIn("assign w = {c_y[0]};", text)
        self.assertIn("assign v = {c_v[1], 1'b1};", text)
        self.assertIn(".k(k)", text)
        self.assertIn(".y(c_y)", text)

    def test_shell_is_read_by_yosys(self):
        if not shutil.which("yosys"):
            self.skipTest("yosys not installed")
        text, _, _ = specialise.child_shell(self.NETLIST, "m")
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "s.v"), "w") as f:
                f.write(text)
            r = subprocess.run(["yosys", "-q", "-p", "read_verilog s.v; hierarchy -top m__shell; "
                                "flatten; opt; select -assert-count 1 t:m__core"],
                               cwd=d, capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def test_escaped_port_refused(self):
        with self.assertRaises(tools.FlowError):
            specialise.child_shell("module m(\\a[0] );\n  input \\a[0] ;\nendmodule\n", "m")



class RunConfigSteps(unittest.TestCase):
    # Why: run_config is a chain of steps (flow.py); each must keep the
    # figures it passes on: the area of exactly the mapped cells, children
    # counted once per instance, the cached Yosys run reused only for the
    # same key, the paths named by the register bits their flops hold.
    @classmethod
    def setUpClass(cls):
        cls.lib = liberty.parse_liberty(liberty.find_liberty())

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)

    def write(self, name, text):
        with open(os.path.join(self.dir, name), "w") as f:
            f.write(text)

    def mapped_outputs(self, types, yosys_area=None, top="t"):
        import json
        self.write("map_stat.json", json.dumps(
            {"modules": {"\\" + top: {"num_cells": sum(types.values()),
                                      "num_cells_by_type": types}}}))
        area = yosys_area if yosys_area is not None else sum(
            n * self.lib["cells"][c].get("area_liberty", self.lib["cells"][c]["area"])
            for c, n in types.items() if c in self.lib["cells"])
        self.write("map_stat.txt", f"   Chip area for module '\\{top}': {area:.6f}\n")

    def cfg(self, flow_opt="-"):
        return {"name": "t", "top": "t", "params": [], "flow": flow_opt}

    def test_read_mapped_prices_every_cell(self):
        self.mapped_outputs({"NAND2X1": 3, "DFFPOSX1": 2, "LATCH": 1})
        m = flow.read_mapped(self.cfg(), self.lib, self.dir)
        c = self.lib["cells"]
        self.assertAlmostEqual(m["area"], 3 * c["NAND2X1"]["area"] + 2 * c["DFFPOSX1"]["area"]
                               + c["LATCH"]["area"])
        self.assertGreater(c["LATCH"]["area"], 0)          # the LEF's, not the liberty's 0
        self.assertEqual((m["flops"], m["latches"], m["cut"]), (3, 1, 0))
        self.assertAlmostEqual(m["flop_area"], 2 * c["DFFPOSX1"]["area"] + c["LATCH"]["area"])

    def test_read_mapped_refuses_unmapped_cells_and_a_wrong_area(self):
        self.mapped_outputs({"NAND2X1": 1, "$_AND_": 1})
        self.assertIn("$_AND_", flow.read_mapped(self.cfg(), self.lib, self.dir)["error"])
        self.mapped_outputs({"NAND2X1": 100}, yosys_area=1.0)
        with self.assertRaises(tools.FlowError):
            flow.read_mapped(self.cfg(), self.lib, self.dir)

    def test_black_box_children_count_once_per_instance(self):
        self.mapped_outputs({"NAND2X1": 2})
        m = flow.read_mapped(self.cfg(), self.lib, self.dir)
        m["found"] = {"k": ("k", 3)}
        kid = {"cfg": {"name": "k", "top": "k"},
               "rec": {"cells_by_type": {"NAND2X1": 5, "DFFPOSX1": 1}, "area_um2": 100.0,
                       "flop_area_um2": 40.0, "flops": 1, "ge": 10.0, "latches": 0}}
        glue = m["area"]
        hier = flow.add_children(self.cfg(), self.lib, self.dir, [kid], (), m)
        self.assertEqual(m["total_types"], {"NAND2X1": 17, "DFFPOSX1": 3})
        self.assertAlmostEqual(m["area"], glue + 300.0)
        self.assertEqual((m["flops"], m["flop_area"]), (3, 120.0))
        self.assertEqual(hier["children"][0]["ge"], 30.0)
        self.assertEqual(hier["glue"]["cells"], 2)
        m2 = flow.read_mapped(self.cfg(), self.lib, self.dir)
        self.assertIsNone(flow.add_children(self.cfg(), self.lib, self.dir, (), (), m2))
        self.assertEqual(m2["total_types"], {"NAND2X1": 2})

    def test_cached_yosys_only_for_the_same_key_and_a_netlist(self):
        import json
        self.write("yosys.key", json.dumps({"key": "k1", "yosys_s": 2.0, "yosys_cpu_s": 1.5}))
        self.assertIsNone(flow.cached_yosys(self.dir, "k1"))      # no netlist.v
        self.write("netlist.v", "module t;\nendmodule\n")
        self.assertEqual(flow.cached_yosys(self.dir, "k1"), {"yosys_s": 2.0, "yosys_cpu_s": 1.5})
        self.assertIsNone(flow.cached_yosys(self.dir, "k2"))
        self.assertIsNone(flow.cached_yosys(os.path.join(self.dir, "none"), "k1"))

    def test_clock_port(self):
        self.assertIsNone(flow.clock_port({"input": ["a"]}, 0))
        self.assertEqual(flow.clock_port({"input": ["a", "clk", "clk_i"]}, 4), "clk_i")
        self.assertEqual(flow.clock_port({"input": ["clock"]}, 1), "clock")
        with self.assertRaises(tools.FlowError):
            flow.clock_port({"input": ["a"]}, 1)

    def test_paths_named_by_their_flops(self):
        net = ("module t(clk, a, y);\n  DFFPOSX1 _5_ (\n    .CLK(clk),\n    .D(a),\n"
               "    .Q(\\cnt_q[3] )\n  );\n  INVX1 _6_ (\n    .A(a),\n    .Y(y)\n  );\nendmodule\n")
        fq = flow.flop_names(net, self.lib)
        self.assertEqual(fq, {"_5_": "cnt_q[3]"})
        paths = {"reg_to_out": {"start": "_5_", "end": "y", "ns": 2.0},
                 "in_to_out": {"start": "a", "end": "y", "ns": 0.5}}
        got = flow.name_paths(paths, {"ns": 0.1}, fq, net)
        self.assertEqual(got["reg_to_out"]["start"], "cnt_q[3]")
        self.assertEqual((got["reg_to_out"]["fo4"], got["in_to_out"]["fo4"]), (20.0, 5.0))
        self.assertEqual(got["in_to_out"]["start"], "a")

    def test_describe_run(self):
        import json
        self.mapped_outputs({"NAND2X1": 2, "LATCH": 1})
        self.write("gen_stat.json", json.dumps({"modules": {"\\t": {"num_cells": 7}}}))
        self.write("check.txt", "Warning: one\nWarning: two\nfine\n")
        self.write("ltp_gen.txt", "Longest topological path in t (length=9):\n")
        self.write("hier.json", json.dumps({"modules": {"\\t": {"num_cells_by_type": {
            "$paramod$1\\k": 2, "\\k": 1, "$and": 4, "j": 1}}}}))
        m = flow.read_mapped(self.cfg(), self.lib, self.dir)
        flow.add_children(self.cfg(), self.lib, self.dir, (), (), m)
        d = flow.describe_run(self.cfg(), self.lib, self.dir, m)
        self.assertEqual((d["cells"], d["generic_gates"], d["check_warnings"]), (3, 7, 2))
        self.assertEqual((d["depth_generic"], d["depth_cells"]), (9, None))
        self.assertEqual(d["children"], {"k": 3, "j": 1})
        self.assertEqual(d["lef_priced"], {"LATCH": 1})
        self.assertEqual(d["ge"], round(m["area"] / self.lib["ge_area"], 1))

    def test_run_config_end_to_end_and_cached(self):
        # A two-bit counter through Yosys and OpenSTA; the second run reuses
        # the Yosys outputs and gives the same record.
        if not (shutil.which("yosys") and shutil.which("sta")):
            self.skipTest("yosys or sta not installed")
        with open(os.path.join(self.dir, "t.v"), "w") as f:
            f.write("module t(input clk_i, input en_i, output reg [1:0] q_o);\n"
                    "  always @(posedge clk_i) if (en_i) q_o <= q_o + 2'd1;\nendmodule\n")
        out = os.path.join(self.dir, "build", "t")
        fo4 = {"ns": 0.1}
        recs = [flow.run_config(self.cfg(), self.dir, ["t.v"], self.lib, fo4, out, 120, "k")
                for _ in range(2)]
        for r in recs:
            self.assertEqual(r["status"], "ok", r.get("error"))
        self.assertEqual((recs[0]["flops"], recs[1].get("yosys_reused")), (2, True))
        self.assertNotIn("yosys_reused", recs[0])
        strip = ("yosys_reused", "sta_s", "sta_cpu_s")
        self.assertEqual({k: v for k, v in recs[0].items() if k not in strip},
                         {k: v for k, v in recs[1].items() if k not in strip})
        self.assertEqual(recs[0]["critical"]["kind"], "reg_to_reg")
        self.assertEqual(recs[0]["critical"]["end"][:3], "q_o")


class CutProducts(unittest.TestCase):
    # Why: a products-as-inputs row measures the logic after the
    # multipliers only if that logic survives; a product that drives
    # nothing (the unit optimised away, e.g. by an undriven mask) must fail
    # the run instead of reporting a few GE as the unit's cost.
    IL = ("module \\t\n"
          "  attribute \\cut_product 1\n  wire width 4 input 1 \\p0\n"
          "  attribute \\cut_product 1\n  wire width 4 input 2 \\p1\n"
          "  attribute \\cut_product 1\n  wire width 4 input 3 \\p2\n"
          "  wire width 4 \\alias\n  wire width 4 output 4 \\y\n  wire output 5 \\z\n"
          "  cell \\AND2X1 \\g\n    connect \\A \\p0 [0]\n    connect \\Y \\z\n  end\n"
          "  connect \\alias \\p1\n"
          "  connect \\y { \\p2 [3:1] 1'0 }\n"
          "end\n")

    def test_idle_product_is_found(self):
        # p0 feeds a cell, p2 an output port; p1 only keeps another name
        names, idle = flow.cut_products(self.IL)
        self.assertEqual(names, ["\\p0", "\\p1", "\\p2"])
        self.assertEqual(idle, ["\\p1"])

    def test_run_fails_when_the_logic_after_the_product_is_gone(self):
        if not (shutil.which("yosys") and shutil.which("sta")):
            self.skipTest("yosys or sta not installed")
        for mask, ok in (("input  wire en_i", True), ("wire en_i", False)):
            with open(os.path.join(self.dir, "t.v"), "w") as f:
                f.write("module t(input [3:0] a_i, input [3:0] b_i, output [7:0] y_o"
                        + (", input en_i" if ok else "") + ");\n"
                        + ("" if ok else "  wire en_i;\n")
                        + "  wire [7:0] p = a_i * b_i;\n  assign y_o = p & {8{en_i}};\nendmodule\n")
            out = os.path.join(self.dir, "build", "ok" if ok else "bad")
            cfg = {"name": "t", "top": "t", "params": [], "flow": "products-as-inputs"}
            r = flow.run_config(cfg, self.dir, ["t.v"], self.lib, {"ns": 0.1}, out, 120,
                                mask)
            if ok:
                self.assertEqual((r["status"], r["cut_multipliers"]), ("ok", 1), r.get("error"))
            else:
                self.assertEqual(r["status"], "failed")
                self.assertIn("1 of 1 cut products drive nothing", r["error"])

    @classmethod
    def setUpClass(cls):
        cls.lib = liberty.parse_liberty(liberty.find_liberty())

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)


class TimingDriven(unittest.TestCase):
    # Why: a clock target changes the mapping, the STA period and the
    # area: it must reach the Yosys script (and so the cache key), and the
    # fanout trees must be counted in the area that is reported.
    def test_clock_target_changes_every_abc_run(self):
        cfg = {"name": "x", "top": "x", "params": [], "flow": "-"}
        plain = flow.yosys_script(cfg, "..", ["a.v"], "LIB")
        timed = flow.yosys_script(dict(cfg, clock_ps=3970), "..", ["a.v"], "LIB")
        other = flow.yosys_script(dict(cfg, clock_ps=4000), "..", ["a.v"], "LIB")
        self.assertEqual(len({plain, timed, other}), 3)
        abc = [ln for ln in timed.splitlines() if ln.startswith("abc ")]
        self.assertEqual(len(abc), 1)
        self.assertIn("upsize,-D,3970;dnsize,-D,3970;upsize,-D,3970", abc[0])
        self.assertIn("buffer,-N,6,-p", abc[0])
        self.assertNotIn("{T}", abc[0])

    def test_clock_target_in_the_bottom_up_cones(self):
        cfg = {"name": "p", "top": "p", "params": [], "flow": "-", "clock_ps": 3970}
        mapped = [("a", "a__mapped", "a.il", "1" * 64, ["u_a"])]
        ys = flow.yosys_script(cfg, "..", ["a.v"], "LIB", ["a"], (), mapped,
                               ("DFFPOSX1",), {"a__mapped": ["y"]})
        lines = ys.splitlines()
        abc = [ln for ln in lines if ln.startswith("abc ")]
        # the glue mapped for area (no cones), then glue and children
        # remapped together, timing-driven, after the join
        self.assertEqual(abc, [flow.abc_command("LIB", flow.ABC_SCRIPT),
                               flow.abc_command("LIB", flow.ABC_SCRIPT,
                                                flow.remap_target(3970))])
        self.assertLess(flow.remap_target(3970), 3970)
        self.assertNotIn("downstream", ys)
        self.assertLess(lines.index("opt_clean -purge"), lines.index(abc[1]))
        self.assertIn("read_liberty -overwrite -ignore_miss_func LIB", lines)
        self.assertNotIn("opt_merge", ys)
        self.assertNotIn("opt -", ys.split("opt_clean -purge")[1])

    def test_remap_scope_shared_children(self):
        # Why: remapping a shared child whole (the full bitmap) costs
        # hundreds of CPU seconds; only its cells in the glue's fan-in are
        # on the unit's paths. A specialised child is remapped whole.
        cfg = {"name": "p", "top": "p", "params": [], "flow": "-", "clock_ps": 3970,
               "children": ["a@p", "b"], "child_instances": {"a@p": ["u_a"], "b": ["u_b"]}}
        mapped = [("a", "a_p__mapped", "a.il", "1" * 64, ["u_a"]),
                  ("b", "b__mapped", "b.il", "2" * 64, ["u_b"])]
        self.assertEqual(flow.remap_scope(cfg, mapped), ["u_b"])
        ys = flow.remap_script("LIB", cfg, mapped, ("DFFPOSX1", "LATCH"))
        lines = ys.splitlines()
        self.assertIn("select -set remap_shared c:u_b.*", lines)
        self.assertIn("select -set remap_cone @remap_glue %ci*:-DFFPOSX1,LATCH "
                      "@remap_shared %i @remap_seq %d", lines)
        keep = lines.index("setattr -set keep_hierarchy 1 t:* @remap %d")
        abc = lines.index(flow.abc_command("LIB", flow.ABC_SCRIPT, flow.remap_target(3970)))
        self.assertLess(keep, lines.index("flatten"))
        self.assertLess(lines.index("flatten"), abc)
        self.assertLess(abc, lines.index("setattr -unset keep_hierarchy p/t:*"))
        self.assertEqual(lines[-1], "read_liberty -lib -overwrite LIB")
        # no shared child: every cell but the flops is remapped
        alone = dict(cfg, children=["a@p"], child_instances={"a@p": ["u_a"]})
        self.assertIn("select -set remap t:* @remap_seq %d",
                      flow.remap_script("LIB", alone, mapped[:1], ("DFFPOSX1",)).splitlines())
        bad = dict(cfg, child_instances={"a@p": ["u_a"], "b": ["gen[0].u_b"]})
        with self.assertRaises(flow.FlowError):
            flow.remap_scope(bad, mapped)

    def test_sta_period_and_clock_result(self):
        self.assertEqual(flow.sta_period({}), flow.STA_PERIOD)
        self.assertEqual(flow.sta_period({"clock_ps": 3970}), 3.97)
        self.assertIn("-period 3.97 ", flow.sta_script("t", {"inv_cap": 0.01, "path": "L"},
                                                       "clk_i", ["a"], period=3.97))
        cfg = {"clock_ps": 3970, "clock_fo4": 40.0}
        r = flow.clock_result(cfg, {"ns": 0.09925}, {"ns": 4.1})
        self.assertEqual((r["met"], r["slack_ns"], r["worst_fo4"]), (False, -0.13, 41.3))
        self.assertTrue(flow.clock_result(cfg, {"ns": 0.09925}, {"ns": 3.97})["met"])
        text = ("@@PATH reg_to_reg\nStartpoint: a\nEndpoint: b\n  1.0000 data arrival time\n"
                "  0.5000 slack (MET)\n@@END\n")
        self.assertEqual(flow.parse_sta(text, 3.97)["reg_to_reg"]["ns"], 3.47)
        self.assertEqual(flow.parse_sta(text)["reg_to_reg"]["ns"], flow.STA_PERIOD - 0.5)

    def test_buffers_in_the_area(self):
        lib = {"ge_area": 10.0}
        rec = flow.count_buffers({"area_um2": 100.0, "ge": 10.0},
                                 lib, {"buffers": 3, "area_um2": 30.0, "ge": 3.0})
        self.assertEqual((rec["area_um2"], rec["ge"], rec["ge_mapped"]), (130.0, 13.0, 10.0))
        rec = flow.count_buffers({"area_um2": 100.0, "ge": 10.0}, lib, {"buffers": 0})
        self.assertEqual((rec["area_um2"], rec["ge"]), (100.0, 10.0))

if __name__ == "__main__":
    unittest.main()
