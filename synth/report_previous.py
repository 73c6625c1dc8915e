"""Previous figures beside the current ones (synth.md, "Against the previous
figures"): per configuration and per delta, the current GE and critical path
beside synth/baseline.json (the committed baseline of the fast subset) and
beside report_previous.json (the figures of the report before the
lean-hardware work, for every configuration where a committed file states
one, each with its source)."""

import json
import os

from report_common import HERE, fmt_ge, prose, status_text

PREVIOUS = os.path.join(HERE, "report_previous.json")


def load_previous(path=PREVIOUS):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def change(now, before):
    if now is None or before is None:
        return "-"
    d = now - before
    pct = f"{100 * d / before:+.1f}%" if before else "new"
    return f"{d:+,.0f} ({pct})" if abs(d) >= 100 else f"{d:+,.1f} ({pct})"


def fo4_of(r):
    cp = r.get("critical") if r.get("status") == "ok" else None
    return cp["fo4"] if cp else None


def md_previous(rows, dl, baseline, previous):
    bconf = (baseline or {}).get("configs", {})
    pconf = (previous or {}).get("configs", {})
    pdel = (previous or {}).get("deltas", {})
    out = ["| Configuration | GE now | baseline.json | change | previous report | change | "
           "source | FO4 now | FO4 before |",
           "|---|---:|---:|---:|---:|---:|---|---:|---:|"]
    used = set()
    for r in rows:
        b, p = bconf.get(r["name"]), pconf.get(r["name"])
        if r["status"] != "ok" and not b and not p:
            continue
        now = r["ge"] if r["status"] == "ok" else None
        bge = b.get("ge") if b else None
        pge = p.get("ge") if p else None
        src = []
        if p and p.get("source"):
            src.append(p["source"])
        if p and p.get("fo4_source") and p["fo4_source"] not in src:
            src.append(p["fo4_source"])
        used.update(src)
        f_now, f_prev = fo4_of(r), (p or {}).get("fo4")
        out.append(f"| {r['name']} | {fmt_ge(now) if now is not None else status_text(r)} | "
                   f"{fmt_ge(bge) if bge is not None else '-'} | {change(now, bge)} | "
                   f"{fmt_ge(pge) if pge is not None else '-'} | {change(now, pge)} | "
                   f"{', '.join(src) or '-'} | {f'{f_now:.1f}' if f_now is not None else '-'} | "
                   f"{f'{f_prev:.1f}' if f_prev is not None else '-'} |")
    out += ["", "| Delta | GE now | previous report | change | source | slowest block now "
            "(FO4) | before (FO4) |", "|---|---:|---:|---:|---|---|---:|"]
    for tag, d in dl.items():
        p = pdel.get(tag, {})
        tt = d["total"]
        now = tt["ge"] if tt else None
        src = [s for s in (p.get("source"), p.get("fo4_source")) if s]
        used.update(src)
        slow = (f"{tt['worst_block']} ({tt['worst_fo4']:.1f})" if tt and tt.get("worst_fo4")
                else "-" if tt else "incomplete")
        now_txt = fmt_ge(now) if now is not None else f"incomplete ({len(d['missing'])} missing)"
        prev_txt = fmt_ge(p["ge"]) if p.get("ge") is not None else "-"
        before_fo4 = f"{p['worst_fo4']:.1f}" if p.get("worst_fo4") is not None else "-"
        out.append(f"| {tag}: {d['title']} | {now_txt} | {prev_txt} | {change(now, p.get('ge'))} "
                   f"| {', '.join(src) or '-'} | {slow} | {before_fo4} |")
    srcs = (previous or {}).get("sources", {})
    if used:
        out += ["", "Sources of the previous report's figures:", ""]
        out += [f"- `{k}`: {srcs.get(k, 'not named in report_previous.json')}"
                for k in sorted(used)]
    return out


def baseline_moved(rows, baseline, tolerance=5.0):
    moved = []
    for r in rows:
        if r["status"] != "ok":
            continue
        b = (baseline or {}).get("configs", {}).get(r["name"])
        if b and b["ge"]:
            ch = 100 * (r["ge"] - b["ge"]) / b["ge"]
            if abs(ch) > tolerance:
                moved.append(f"`{r['name']}` {ch:+.1f}%")
    return moved


def section(rows, dl, baseline, previous):
    moved = baseline_moved(rows, baseline)
    text = prose("previous", table="\n".join(md_previous(rows, dl, baseline, previous)))
    if moved:
        text += "\n\n" + prose("baseline_moved", moved=", ".join(moved))
    return text
