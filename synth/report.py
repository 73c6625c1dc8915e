"""Reports of the synthesis flow: build/reports/synth.{md,json} and synth_area.svg.

Everything is computed from the per-configuration records of synth/flow.py.
One module per job:

    report.py            this file: the deltas, synth.md assembled from the
                         template, synth.json (write_all is the entry point)
    report_common.py     number formats, status words, the template reader
    report_tables.py     the Markdown tables
    report_chart.py      the SVG chart
    report_compare.py    the comparison with the papers (their figures with
                         the lines that state them, 7 nm cell areas with their
                         source, storage and logic priced apart)
    report_previous.py   the previous figures beside the current ones
    report_previous.json the previous report's figures, with their sources
    report_template.md   the prose, with named placeholders
"""

import datetime
import json
import os
import re

from report_chart import write_svg
from report_common import prose, status_text
from report_compare import json_comparison, md_comparison
from report_previous import load_previous, section as previous_section
from report_tables import md_all, md_composed, md_cpu, md_deltas, md_paths, md_summary, md_tl_sweep

# Sections other modules add to synth.md after the comparison with the papers
# (the hook for a per-configuration power entry: a power module appends its
# function here, e.g. report.SECTION_HOOKS.append(power.md_section)).
SECTION_HOOKS = []

# The power section (synth/power.py, docs/power.md) runs after the synthesis:
# synth.md carries it between these markers, and power.py rewrites what lies
# between them when it ends (splice_power), so either order of `make synth`
# and `make power` leaves one current section.
POWER_BEGIN = "<!-- power: written by synth/power.py -->"
POWER_END = "<!-- /power -->"


def power_section(rows, dl, meta):
    """The power section as synth/power.py last wrote it (power.md beside
    synth.md), or a line saying how to get it, between the power markers."""
    body = ""
    if meta.get("reports_dir"):
        try:
            with open(os.path.join(meta["reports_dir"], "power.md")) as f:
                body = f.read().strip()
        except OSError:
            pass
    if not body:
        body = ("## Power under a named workload\n\n"
                "Not run yet: `make power` (or `make`) runs it on the main set's netlists.")
    return f"{POWER_BEGIN}\n{body}\n{POWER_END}"


def splice_power(md_text, power_md):
    """synth.md's text with the power section replaced by power_md (added at
    the end when synth.md has no markers)."""
    section = f"{POWER_BEGIN}\n{power_md.strip()}\n{POWER_END}"
    pat = re.compile(re.escape(POWER_BEGIN) + ".*?" + re.escape(POWER_END), re.S)
    if pat.search(md_text):
        return pat.sub(lambda m: section, md_text, count=1)
    return md_text.rstrip("\n") + "\n\n" + section + "\n"


SECTION_HOOKS.append(power_section)


def compute_deltas(rows, deltas):
    out = {}
    by_name = {r["name"]: r for r in rows}
    for tag, d in deltas.items():
        terms, missing = [], []
        for r in rows:
            for t, mult in r["delta"]:
                if t != tag:
                    continue
                ok = r["status"] == "ok"
                terms.append({"name": r["name"], "top": r["top"], "mult": mult,
                              "status": status_text(r),
                              "ge": r.get("ge") if ok else None,
                              "area_um2": r.get("area_um2") if ok else None,
                              "flops": r.get("flops") if ok else None,
                              "critical": r.get("critical") if ok else None})
                if not ok:
                    missing.append(r["name"] + ("" if r["status"] == "not built"
                                                else f" ({status_text(r)})"))
        total = None
        if terms and not missing:
            total = {k: round(sum(t["mult"] * t[k] for t in terms), 2)
                     for k in ("ge", "area_um2", "flops")}
            pos = [by_name[t["name"]] for t in terms if t["mult"] > 0]
            worst = max((p for p in pos if p.get("critical")),
                        key=lambda p: p["critical"]["fo4"], default=None)
            total["worst_block"] = worst["name"] if worst else None
            total["worst_fo4"] = worst["critical"]["fo4"] if worst else None
            total["worst_ns"] = worst["critical"]["ns"] if worst else None
        out[tag] = dict(d, terms=terms, missing=missing, total=total)
    return out


def block(lines):
    """Lines of a table function as one string, without leading blank lines."""
    return "\n".join(lines).lstrip("\n")


def write_md(rows, dl, meta, path, previous):
    lib, tools, fo4 = meta["lib"], meta["tools"], meta["fo4"]
    pk = tools["packages"]
    nb = [r for r in rows if r["status"] == "not built"]
    bad = [r for r in rows if r["status"] == "failed"]
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")

    after_comparison = []
    sw = md_tl_sweep(rows)
    if sw:
        after_comparison.append(prose("tl_sweep", table=block(sw)))
    comp = md_composed(rows)
    if comp:
        after_comparison.append(prose("composed", tables=block(comp)))
    after_all = []
    if nb:
        after_all.append(prose("not_built", names=", ".join(f"`{r['name']}`" for r in nb)))
    if bad:
        after_all.append(prose("failed", items="\n".join(
            f"- `{r['name']}`: {r.get('error', '')}"
            + (f" (log `{r['log']}`)" if r.get("log") else "") for r in bad)))
    nr = [r for r in rows if r["status"] == "not run"]
    if nr:
        after_all.append(prose(
            "not_synthesized",
            main=", ".join(f"`{r['name']}`" for r in nr if r.get("set") in ("fast", "main"))
            or "none",
            other=", ".join(f"`{r['name']}`" for r in nr if r.get("set") not in ("fast", "main"))
            or "none"))
    after_all.append(previous_section(rows, dl, meta.get("baseline"), previous))
    cpu = md_cpu(rows)
    if cpu:
        after_all.append(prose("cpu", table=block(cpu)))
    # Per-configuration sections from other modules (e.g. power): each hook
    # takes (rows, deltas, meta) and returns Markdown or "" (rows carry each
    # record's fields as synth.py merged them, a "power" entry included).
    for hook in SECTION_HOOKS:
        text = hook(rows, dl, meta)
        if text:
            after_comparison.append(text)

    text = prose(
        "report", now=now,
        n_ok=sum(r["status"] == "ok" for r in rows), n_not_built=len(nb),
        n_not_run=sum(r["status"] == "not run" for r in rows), n_failed=len(bad),
        wall_s=meta["wall_s"], jobs=meta["jobs"],
        lib_name=lib["name"], lib_path=lib["path"], pkg_osu018=pk.get("qflow-tech-osu018"),
        yosys=tools["yosys"], pkg_yosys=pk.get("yosys"), yosys_abc=tools["yosys_abc"],
        opensta=tools["opensta"], pkg_opensta=pk.get("opensta"),
        ge_area=f"{lib['ge_area']:g}", fo4_ps=f"{fo4['ns'] * 1000:.1f}", fo4_method=fo4["method"],
        abc_command=meta["abc"]["yosys_command"], abc_name=meta["abc"]["name"],
        no_wire_load=(prose("no_wire_load") + " ") if not lib["has_wire_load"] else "",
        summary_table=block(md_summary(rows, dl)),
        deltas=block(md_deltas(dl)),
        comparison=block(md_comparison(rows, dl, meta)),
        after_comparison="".join("\n\n" + s for s in after_comparison),
        paths_table=block(md_paths(rows)),
        all_configs=block(md_all(rows)),
        after_all="".join("\n\n" + s for s in after_all))
    with open(path, "w") as f:
        f.write(text + "\n")


def write_all(rows, deltas, meta, outdir, root, previous=None):
    """previous: the previous report's figures (default: report_previous.json)."""
    dl = compute_deltas(rows, deltas)
    if previous is None:
        previous = load_previous()
    md = os.path.join(outdir, "synth.md")
    js = os.path.join(outdir, "synth.json")
    svg = os.path.join(outdir, "synth_area.svg")
    write_md(rows, dl, dict(meta, reports_dir=outdir), md, previous)
    write_svg(rows, svg)
    doc = {
        "generated_by": "make synth (synth/synth.py, synth/configs.tsv)",
        "tools": meta["tools"],
        "library": meta["lib"],
        "fo4": meta["fo4"],
        "sta_setup": {"drive_cell": "BUFX2", "output_load": "4 x INVX1 input",
                      "clock": "ideal; virtual for combinational blocks",
                      "path_ns": "arrival plus setup at a flop endpoint"},
        "not": ["no place and route, no clock tree", "no wire-load model: pin loads only",
                "0.18 um OSU cells, typical corner", "area-oriented ABC mapping, no sizing, except a configuration with a clock target (its record's clock: timing-driven mapping, ABC's buffering and sizing)",
                "storage as mapped flip-flops and latches, no macros",
                "power: not here; build/reports/power.json (make power, a named workload's activity)"],
        "wall_s": meta["wall_s"], "jobs": meta["jobs"], "set": meta.get("set"),
        "abc_script": meta["abc"],
        "configs": rows, "deltas": dl, "comparison": json_comparison(rows, dl, meta),
        "previous": previous, "baseline": meta.get("baseline"),
    }
    with open(js, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    return [md, js, svg]
