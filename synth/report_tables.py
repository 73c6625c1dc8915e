"""Markdown tables of synth.md: the summary, the deltas, the critical paths
by kind, every configuration, the TileLens sweep and the composed units.
Each function returns a list of lines; the report code places them."""

from report_common import (GROUP_TITLES, KIND_TEXT, crit_text, defaults, fmt_ge, fmt_int,
                           status_text)


def notes(r):
    n = [r["note"]] if r.get("note") else []
    if r.get("cut_multipliers"):
        n.append(f"{r['cut_multipliers']} multipliers cut")
    if r.get("latches"):
        n.append(f"**{r['latches']} latches (area 0 in the liberty)**")
    if r.get("check_warnings"):
        n.append(f"yosys check: {r['check_warnings']} warnings")
    ck = r.get("clock")
    if ck:
        n.append(f"**timing-driven mapping against {ck['target_fo4']:g} FO4 ({ck['period_ns']:.2f} ns): "
                 + ("met" if ck["met"] else f"missed by {-ck['slack_ns']:.2f} ns") + "**")
    return "; ".join(n)


def _depth(r, key):
    """Logic depth, or - where the flow does not measure it (bottom-up units)."""
    v = r.get(key)
    return "-" if v is None else v


def run_time(r):
    """CPU seconds (Yosys with ABC, plus OpenSTA) and, in brackets, wall seconds."""
    if r["status"] != "ok":
        return "-"
    cpu = r.get("yosys_cpu_s", 0) + r.get("sta_cpu_s", 0)
    wall = r.get("yosys_s", 0) + r.get("sta_s", 0)
    return (f"{cpu:,.0f} s ({wall:,.0f} s)"
            + (" cached" if r.get("cached") else " Yosys reused" if r.get("yosys_reused") else ""))


def md_summary(rows, dl):
    out = ["| Block | Parameters | Cells | Flops | Area (um^2) | GE | Critical path |",
           "|---|---|---:|---:|---:|---:|---|"]
    for r in defaults(rows):
        if r["status"] == "ok":
            out.append(f"| {r['name']} | {r['params_text']} | {fmt_int(r['cells'])} | "
                       f"{fmt_int(r['flops'])} | {fmt_int(r['area_um2'])} | {fmt_ge(r['ge'])} | "
                       f"{crit_text(r)} |")
        else:
            out.append(f"| {r['name']} | {r['params_text']} | - | - | - | - | {status_text(r)} |")
    for tag, d in dl.items():
        tt = d["total"]
        if tt:
            slow = (f"slowest added block {tt['worst_block']}: {tt['worst_ns']:.2f} ns, "
                    f"{tt['worst_fo4']:.1f} FO4" if tt["worst_fo4"] else "-")
            out.append(f"| delta {tag}: {d['title']} | | | {fmt_int(tt['flops'])} | "
                       f"{fmt_int(tt['area_um2'])} | {fmt_ge(tt['ge'])} | {slow} |")
        elif d["terms"]:
            out.append(f"| delta {tag}: {d['title']} | | | | | | incomplete ("
                       f"{len(d['missing'])} missing) |")
    return out


def md_all(rows):
    out = []
    for g, title in GROUP_TITLES.items():
        grp = [r for r in rows if r["group"] == g]
        if not grp:
            continue
        out += ["", f"### {title}", "",
                "| Configuration | Top | Parameters | Cells | Flops | Area (um^2) | GE | "
                "Path (ns) | Path (FO4) | Kind: start -> end | Depth (gates / cells) | "
                "Of it fanout buffers (GE) | Run time, CPU (wall) | Notes |",
                "|---|---|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---|"]
        for r in grp:
            if r["status"] != "ok":
                st = status_text(r)
                out.append(f"| {r['name']} | {r['top']} | {r['params_text']} | {st} "
                           f"| | | | | | | | | | {r.get('error', '') if st == 'FAILED' else ''} |")
                continue
            cp = r.get("critical")
            ends = (f"{KIND_TEXT[cp['kind']]}: `{cp['start']}` -> `{cp['end']}`" if cp else "-")
            fb = r.get("fanout_repair", {})
            fbs = f"{fmt_ge(fb.get('ge', 0))} ({fb.get('buffers', 0)})"
            out.append(
                f"| {r['name']} | {r['top']} | {r['params_text']} | {fmt_int(r['cells'])} | "
                f"{fmt_int(r['flops'])} | {fmt_int(r['area_um2'])} | {fmt_ge(r['ge'])} | "
                f"{cp['ns']:.2f} | {cp['fo4']:.1f} | {ends} | "
                f"{_depth(r, 'depth_generic')} / {_depth(r, 'depth_cells')} | {fbs} | "
                f"{run_time(r)} | {notes(r)} |"
                if cp else
                f"| {r['name']} | {r['top']} | {r['params_text']} | {fmt_int(r['cells'])} | "
                f"{fmt_int(r['flops'])} | {fmt_int(r['area_um2'])} | {fmt_ge(r['ge'])} | - | - | "
                f"- | - | {fbs} | {run_time(r)} | {notes(r)} |")
    return out


def md_cpu(rows):
    """Where the CPU goes: the main set's configurations by CPU seconds of
    the run that produced their figures, Yosys (with ABC) and OpenSTA
    apart, most first, and the total."""
    main = [r for r in rows if r["status"] == "ok" and r.get("set") in ("fast", "main")]
    if not main:
        return []
    main.sort(key=lambda r: -(r.get("yosys_cpu_s", 0) + r.get("sta_cpu_s", 0)))
    out = ["| Configuration | Yosys + ABC, CPU s | OpenSTA, CPU s | Share |",
           "|---|---:|---:|---:|"]
    tot_y = sum(r.get("yosys_cpu_s", 0) for r in main)
    tot_s = sum(r.get("sta_cpu_s", 0) for r in main)
    for r in main:
        y, s = r.get("yosys_cpu_s", 0), r.get("sta_cpu_s", 0)
        share = (y + s) / (tot_y + tot_s) * 100 if tot_y + tot_s else 0
        out.append(f"| {r['name']} | {y:,.1f} | {s:,.1f} | {share:.0f}% |")
    out.append(f"| **main set** | **{tot_y:,.1f}** | **{tot_s:,.1f}** | 100% |")
    return out


def md_paths(rows):
    out = ["| Block | reg -> reg | in -> reg | reg -> out | in -> out |",
           "|---|---|---|---|---|"]
    for r in defaults(rows):
        if r["status"] != "ok":
            continue
        cells = []
        for k in ("reg_to_reg", "in_to_reg", "reg_to_out", "in_to_out"):
            p = r.get("paths", {}).get(k)
            cells.append(f"{p['ns']:.2f} ns / {p['fo4']:.1f} FO4: `{p['start']}` -> "
                         f"`{p['end']}` ({p['cells_on_path']} cells)" if p else "-")
        out.append(f"| {r['name']} | " + " | ".join(cells) + " |")
    return out


def md_deltas(dl):
    out = []
    for tag, d in dl.items():
        out += ["", f"### {d['title']} (`{tag}`)", "", d["meaning"] + ".", ""]
        if not d["terms"]:
            out.append("No configuration enters this delta.")
            continue
        out += ["| Configuration | x | GE | Area (um^2) | Flops | Critical path |",
                "|---|---:|---:|---:|---:|---|"]
        for t in d["terms"]:
            if t["ge"] is None:
                out.append(f"| {t['name']} | {t['mult']:+d} | {t['status']} | | | |")
            else:
                cp = t["critical"]
                cps = f"{cp['ns']:.2f} ns, {cp['fo4']:.1f} FO4" if cp else "-"
                out.append(f"| {t['name']} | {t['mult']:+d} | {fmt_ge(t['ge'])} | "
                           f"{fmt_int(t['area_um2'])} | {fmt_int(t['flops'])} | {cps} |")
        if d["total"]:
            tt = d["total"]
            out.append(f"| **delta** | | **{fmt_ge(tt['ge'])}** | **{fmt_int(tt['area_um2'])}** | "
                       f"**{fmt_int(tt['flops'])}** | slowest added block: "
                       f"{tt['worst_block'] or '-'}"
                       + (f" ({tt['worst_fo4']:.1f} FO4)" if tt["worst_fo4"] else "") + " |")
        else:
            out.append(f"| **delta** | | incomplete, missing: {', '.join(d['missing'])} "
                       "| | | |")
    return out


def tl_sweep_names(suffix):
    """Configuration names of the tl-post terms at one sweep point ('' is
    the default configuration, 'r3' rank 3, 's32' stride width 32)."""
    dot = f".{suffix}" if suffix else ""
    return [("tilelens_split_sum.post" + dot, +1), ("tilelens_base_sum.post" + dot, -1),
            ("tilelens_counter_cfg" + dot, +1), ("tilelens_addr_gen" + dot, +1),
            ("tilelens_base_addr_gen" + dot, -1)]


def md_tl_sweep(rows):
    by = {r["name"]: r for r in rows}
    points = [(f"Rank={k}", f"r{k}") for k in range(1, 5)] + [("Rank=5 (default)", "")] + \
             [("StrideWidth=32", "s32")]
    out = ["| Sweep point | split-and-sum | plain sum | counter reconfigurator | "
           "address generator | standard generator | delta (GE) |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    any_row = False
    for label, suf in points:
        cells, total, ok = [], 0.0, True
        for name, sign in tl_sweep_names(suf):
            r = by.get(name)
            if r and r["status"] == "ok":
                cells.append(fmt_ge(r["ge"]))
                total += sign * r["ge"]
            else:
                cells.append("-")
                ok = False
        if all(c == "-" for c in cells):
            continue
        any_row = True
        out.append(f"| {label} | " + " | ".join(cells) + f" | {fmt_ge(total) if ok else '-'} |")
    return out if any_row else []


def md_composed(rows):
    by_top_default = {r["top"]: r for r in defaults(rows)}
    out = []
    for r in rows:
        kids = {k: n for k, n in (r.get("children") or {}).items() if k in by_top_default}
        if r["status"] != "ok" or not kids or r not in defaults(rows):
            continue
        out += ["", f"**{r['name']}** ({fmt_ge(r['ge'])} GE flat):", "",
                "| Component | Instances | GE each (standalone, defaults) | GE |",
                "|---|---:|---:|---:|"]
        s, complete = 0.0, True
        for k, n in sorted(kids.items()):
            c = by_top_default[k]
            if c["status"] == "ok":
                out.append(f"| {k} | {n} | {fmt_ge(c['ge'])} | {fmt_ge(n * c['ge'])} |")
                s += n * c["ge"]
            else:
                out.append(f"| {k} | {n} | {status_text(c)} | |")
                complete = False
        if complete:
            out.append(f"| sum of parts | | | {fmt_ge(s)} |")
            out.append(f"| composed unit minus sum of parts (glue, sharing, "
                       f"optimization across boundaries) | | | {fmt_ge(r['ge'] - s)} |")
    return out
