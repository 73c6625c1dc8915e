"""The comparison of the measured figures with the papers' (synth.md,
"Against the papers"; synth.json, "comparison").

Everything a number here rests on is named with its source: the papers'
figures with the line of the paper's plain text <paper>.txt that states them
(PAPER_QUOTES; test_report.py checks each quote against its line when the
papers are present), the 7 nm cell areas with the library file they come
from (ASAP7_CELLS). The prose is in report_template.md.

7 nm conversion, storage and logic separated: every flip-flop or latch of a
configuration is priced by the area of the ASAP7 cell of the same kind
(STORAGE_CELL_7NM), and the rest of the area, in NAND2X1 equivalents of the
0.18 um library, by the area of ASAP7's NAND2x1. No single area factor
between the nodes is used.
"""

from report_common import fmt_ge, fmt_int, prose

# --- The papers' figures, each with the line that states it ----------------
# (key, paper file, line, verbatim phrase of that line, what the figure covers)
PAPER_QUOTES = [
    ("tl-gates", "tilelens.txt", 175,
     "The total additional hardware is estimated to be 3-4K gates, similar to a single "
     "32-bit multiplier",
     "the whole extension over a standard TMA: split-and-sum unit (Fig. 11-(b)), stride and "
     "tile-dimension converter (Eq. 5), bit permutation (Fig. 12-(c)) and the control that "
     "applies them; an estimate, with no node, no synthesis and no definition of a gate"),
    ("tl-widths", "tilelens.txt", 175,
     "requiring up to five (TMA supports up to 5-D) additional 32-bit comparators, adders, "
     "and routing logic",
     "the widths: 32-bit comparators and adders, five of each; the split-and-sum is named "
     "the dominant part"),
    ("tl-cycles", "tilelens.txt", 231,
     "four bit-shifts and one addition for the tile base address computation",
     "the latency budget of the tile base (about 5-7 added cycles per TMA load), not its area"),
    ("fb-area", "fiber.txt", 85,
     "In total they add 0.0053 mm\u00b2 of area and 10.75 mW of power per SM",
     "Tbl. IV summed: the new components per SM, area and power scaled to 7 nm"),
    ("fb-blocks", "fiber.txt", 83,
     "it adds a selector, crossbar, and arbiter; and a register busy bitmap",
     "which components: selector, crossbar, read-port arbiter, busy bitmap (the same four "
     "blocks as the fb-blocks delta); the decode extension and weft contexts are not listed"),
    ("fb-bitmap", "fiber.txt", 85,
     "we replicate it across four subpartitions, each with fewer ports",
     "the bitmap: two groups of 2048 bits, replicated four times (2 x 2048 x 4 = 16,384 bits; "
     "line 55: empty and full groups, one bit per physical vector register)"),
    ("fb-xbar", "fiber.txt", 45,
     "a small 4$\\times$4 crossbar per 32 lanes",
     "the crossbar: 4x4 per 32 lanes"),
    ("fb-node", "fiber.txt", 77,
     "synthesize them with Synopsys Design Compiler using a TSMC 16 nm standard-cell library "
     "at 2.5 GHz",
     "how: gates from a 16 nm library, timing met at 2.5 GHz there"),
    ("fb-orion", "fiber.txt", 77,
     "Crossbar area and power are instead modeled with ORION 3.0",
     "the crossbar's area is a wire model (ORION 3.0), not synthesized gates"),
    ("fb-scaled", "fiber.txt", 77,
     "We report area, power, and latency scaled to a 7 nm node",
     "the 0.0053 mm^2 is a 16 nm result scaled to 7 nm (the scaling reference [54] is not "
     "in the text we have)"),
    ("fb-timing", "fiber.txt", 87,
     "can meet upto 2.5 GHz frequency target",
     "timing: every component within a 2.5 GHz cycle"),
]

TL_PAPER_GATES = (3000, 4000)       # PAPER_QUOTES tl-gates
TL_PAPER_WIDTH = 32                 # PAPER_QUOTES tl-widths
FB_PAPER_MM2 = 0.0053               # PAPER_QUOTES fb-area
FB_PAPER_MW = 10.75                 # PAPER_QUOTES fb-area (power: not measured here)
FB_PAPER_GHZ = 2.5                  # PAPER_QUOTES fb-node, fb-timing
FB_BITMAP_BITS = 2 * 2048 * 4       # PAPER_QUOTES fb-bitmap
FO4_BUDGET_16NM = (31, 57)          # 400 ps / an FO4 of 13..7 ps at 16 nm: assumed, not cited

# --- 7 nm cells: ASAP7 7.5-track standard cells -----------------------------
ASAP7_SOURCE = ("ASAP7 7.5-track standard-cell library (Clark et al., \"ASAP7: A 7-nm "
                "finFET predictive process design kit\", Microelectronics Journal 53, 2016), "
                "LEF `LEF/asap7sc7p5t_28_R_1x_220121a.lef` of github.com/The-OpenROAD-Project/"
                "asap7sc7p5t_28 (commit cd2c4217): each cell's `SIZE W BY H` in um, at 1x scale")
# cell: (width um, height um, what it is)
ASAP7_CELLS = {
    "NAND2x1_ASAP7_75t_R": (0.324, 0.27, "2-input NAND, drive 1: the 7 nm gate equivalent"),
    "DFFHQNx1_ASAP7_75t_R": (1.08, 0.27, "D flip-flop, rising edge"),
    "DFFLQNx1_ASAP7_75t_R": (1.08, 0.27, "D flip-flop, falling edge"),
    "DFFASRHQNx1_ASAP7_75t_R": (1.404, 0.27, "D flip-flop with asynchronous set and reset"),
    "DHLx1_ASAP7_75t_R": (0.81, 0.27, "D latch, transparent high"),
}
NAND2_7NM = "NAND2x1_ASAP7_75t_R"
# OSU 0.18 um storage cell -> the ASAP7 cell of the same kind.
STORAGE_CELL_7NM = {
    "DFFPOSX1": "DFFHQNx1_ASAP7_75t_R",
    "DFFNEGX1": "DFFLQNx1_ASAP7_75t_R",
    "DFFSR": "DFFASRHQNx1_ASAP7_75t_R",
    "LATCH": "DHLx1_ASAP7_75t_R",
}


def cell_um2(cell):
    w, h, _ = ASAP7_CELLS[cell]
    return round(w * h, 6)


def storage_cells(rec):
    """{OSU storage cell: count} of a configuration's record."""
    by = rec.get("cells_by_type") or {}
    return {c: n for c, n in by.items() if c.startswith("DFF") or c.startswith("LATCH")}


def split_7nm(rec, meta, mult=1):
    """Storage and logic of one synthesized configuration at 7 nm.

    storage: each storage cell priced by its ASAP7 counterpart; logic: the
    area of every other cell in NAND2X1 equivalents (0.18 um) times the area
    of ASAP7's NAND2x1. A storage cell without an ASAP7 counterpart gives
    {"unpriced": [its names]} instead."""
    st = storage_cells(rec)
    unknown = [c for c in st if c not in STORAGE_CELL_7NM]
    if unknown:
        return {"unpriced": sorted(unknown)}
    ge_area = meta["lib"]["ge_area"]
    lib_area = meta.get("lib_cells", {})
    st_area_018 = rec.get("flop_area_um2")
    if st_area_018 is None:
        st_area_018 = sum(n * lib_area.get(c, 0) for c, n in st.items())
    logic_ne = (rec["area_um2"] - st_area_018) / ge_area
    storage_um2 = sum(n * cell_um2(STORAGE_CELL_7NM[c]) for c, n in st.items())
    logic_um2 = logic_ne * cell_um2(NAND2_7NM)
    flops = sum(n for c, n in st.items() if c.startswith("DFF"))
    latches = sum(n for c, n in st.items() if c.startswith("LATCH"))
    return {"flops": mult * flops, "latches": mult * latches,
            "storage_um2": mult * storage_um2, "logic_ne": mult * logic_ne,
            "logic_um2": mult * logic_um2, "total_um2": mult * (storage_um2 + logic_um2),
            "ge": mult * rec["ge"]}


def sum_splits(splits):
    keys = ("flops", "latches", "storage_um2", "logic_ne", "logic_um2", "total_um2", "ge")
    return {k: sum(s[k] for s in splits) for k in keys}


def delta_7nm(tag, by, dl, meta):
    """(rows [(name, mult, split or None, record)], total split or None)."""
    d = dl.get(tag)
    if not d:
        return [], None
    rows, splits = [], []
    for t in d["terms"]:
        r = by[t["name"]]
        s = split_7nm(r, meta, t["mult"]) if r["status"] == "ok" else None
        if s and "unpriced" in s:
            s = None
        rows.append((t, s, r))
        splits.append(s)
    total = sum_splits(splits) if splits and all(splits) else None
    return rows, total


def fo4_verdict(fo4):
    lo, hi = FO4_BUDGET_16NM
    if fo4 <= lo:
        return "fits even the short end"
    if fo4 <= hi:
        return "fits only the long end"
    return "exceeds"


def um2(x):
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:,.1f}"


def mm2(x_um2):
    return f"{x_um2 / 1e6:.5f}"


# --- Markdown ---------------------------------------------------------------

def md_quotes():
    out = ["| Figure | Where | Quoted | What it covers |", "|---|---|---|---|"]
    for key, f, line, phrase, covers in PAPER_QUOTES:
        out.append(f"| `{key}` | {f} line {line} | \"{phrase}\" | {covers} |")
    return out


def md_cells():
    users = {}
    for osu, a7 in STORAGE_CELL_7NM.items():
        users.setdefault(a7, []).append(osu)
    out = ["| ASAP7 cell | W x H (um) | Area (um^2) | What | Prices |", "|---|---|---:|---|---|"]
    for cell, (w, h, what) in ASAP7_CELLS.items():
        prices = (", ".join(f"OSU {u}" for u in users[cell]) if cell in users
                  else "one NAND2X1 equivalent of logic")
        out.append(f"| {cell} | {w} x {h} | {cell_um2(cell):.5f} | {what} | {prices} |")
    return out


SPLIT_HEAD = ["| {what} | GE (0.18 um) | Flops / latches | Storage at 7 nm (um^2) | "
              "Logic (NAND2 eq.) | Logic at 7 nm (um^2) | 7 nm total (mm^2) | {ratio} | "
              "Critical path (FO4) |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---|"]


def split_row(label, s, ratio, fo4_text):
    return (f"| {label} | {fmt_ge(s['ge'])} | {fmt_int(s['flops'])} / {fmt_int(s['latches'])} | "
            f"{um2(s['storage_um2'])} | {fmt_ge(s['logic_ne'])} | {um2(s['logic_um2'])} | "
            f"{mm2(s['total_um2'])} | {ratio} | {fo4_text} |")


def missing_row(label, why, ncols=9):
    return f"| {label} | {why} |" + " |" * (ncols - 2)


def md_fiber(by, dl, meta):
    out = [prose("fb_head", paper=f"{FB_PAPER_MM2}"), ""]
    out += [h.format(what="Block or total", ratio="x paper") for h in SPLIT_HEAD]
    rows, total = delta_7nm("fb-blocks", by, dl, meta)
    for t, s, r in rows:
        label = f"{t['name']} x{t['mult']}"
        if s is None:
            out.append(missing_row(label, t["status"] if r["status"] != "ok"
                                   else "storage cell without a 7 nm price"))
            continue
        cp = r.get("critical")
        out.append(split_row(label, s, "", f"{cp['fo4']:.1f}: {fo4_verdict(cp['fo4'])}"
                             if cp and t["mult"] > 0 else "-"))
    for tag in ("fb-blocks", "fb-issue"):
        d = dl.get(tag)
        if not d:
            continue
        rows_t, tot = delta_7nm(tag, by, dl, meta)
        label = f"**{d['title']} (`{tag}`)**"
        if tot:
            w = d["total"]["worst_fo4"] if d["total"] else None
            out.append(split_row(label, tot, f"{tot['total_um2'] / 1e6 / FB_PAPER_MM2:.1f}x",
                                 f"{w:.1f} (slowest block): {fo4_verdict(w)}" if w else "-"))
        else:
            out.append(missing_row(label, "incomplete, missing: " + (", ".join(d["missing"])
                                                                     or "a 7 nm price")))
    out.append(f"| paper, Tbl. IV (`fb-area`) | | | | | | {FB_PAPER_MM2} | 1.0x | meets "
               f"{FB_PAPER_GHZ} GHz at 16 nm |")
    out.append("")
    flop7, latch7 = (cell_um2(STORAGE_CELL_7NM["DFFPOSX1"]), cell_um2(STORAGE_CELL_7NM["LATCH"]))
    nand7 = cell_um2(NAND2_7NM)
    paper_um2 = FB_PAPER_MM2 * 1e6
    bullets = []
    if total:
        bullets.append(prose(
            "fb_total", ge=fmt_ge(total["ge"]), mm2=mm2(total["total_um2"]),
            storage=mm2(total["storage_um2"]), logic=mm2(total["logic_um2"]),
            ratio=f"{total['total_um2'] / paper_um2:.1f}",
            logic_ratio=f"{total['logic_um2'] / paper_um2:.1f}", paper=f"{FB_PAPER_MM2}"))
    bullets.append(prose(
        "fb_storage_floor", bits=fmt_int(FB_BITMAP_BITS),
        flop_mm2=mm2(FB_BITMAP_BITS * flop7),
        flop_pct=f"{100 * FB_BITMAP_BITS * flop7 / paper_um2:.0f}",
        latch_mm2=mm2(FB_BITMAP_BITS * latch7),
        latch_pct=f"{100 * FB_BITMAP_BITS * latch7 / paper_um2:.0f}",
        left_flop=fmt_int(max(paper_um2 - FB_BITMAP_BITS * flop7, 0) / nand7),
        left_latch=fmt_int(max(paper_um2 - FB_BITMAP_BITS * latch7, 0) / nand7),
        per_bit_flop=f"{max(paper_um2 - FB_BITMAP_BITS * flop7, 0) / nand7 / FB_BITMAP_BITS:.2f}",
        per_bit_latch=f"{max(paper_um2 - FB_BITMAP_BITS * latch7, 0) / nand7 / FB_BITMAP_BITS:.2f}",
        paper=f"{FB_PAPER_MM2}"))
    bm = by.get("fiber_busy_bitmap")
    if bm and bm["status"] == "ok":
        s = split_7nm(bm, meta)
        if "unpriced" not in s:
            bullets.append(prose(
                "fb_bitmap", bits=fmt_int(s["flops"] + s["latches"]),
                kinds=", ".join(f"{n:,} {c}" for c, n in sorted(storage_cells(bm).items())),
                storage=mm2(s["storage_um2"]), logic_ne=fmt_ge(s["logic_ne"]),
                per_bit=f"{s['logic_ne'] / max(s['flops'] + s['latches'], 1):.1f}",
                logic=mm2(s["logic_um2"])))
    else:
        bullets.append(prose("fb_bitmap_missing",
                             status=(bm and bm.get("status") == "not run" and
                                     "not synthesized yet") or (bm and bm.get("status")) or
                             "not in the table"))
    bullets.append(prose("fb_timing", fo4_ps=f"{meta['fo4']['ns'] * 1000:.0f}",
                         lo=FO4_BUDGET_16NM[0], hi=FO4_BUDGET_16NM[1]))
    bullets.append(prose("fb_xbar"))
    out += [f"- {n}" for n in bullets]
    return out


# TileLens: the extension's GE split into the pieces a reader asks about
# ((block, the baseline it replaces or None), description).
TL_PARTS = [
    (("tilelens_split_sum.post", "tilelens_base_sum.post"),
     "split-and-sum over the plain sum (after the multipliers)"),
    (("tilelens_counter_cfg", None), "counter reconfigurator"),
    (("tilelens_addr_gen", "tilelens_base_addr_gen"),
     "remapping over the standard address generator (permuter included)"),
    (("tilelens_desc_check", None), "descriptor checker, if counted (tl-desc)"),
]
# the TileLens deltas of the comparison, in the order of its table
TL_TAGS = ("tl-post", "tl-paper", "tl-post-pipe", "tl-desc", "tl-hw")
TL_32 = [("tilelens_split_sum.post.s32", +1), ("tilelens_base_sum.post.s32", -1),
         ("tilelens_counter_cfg.s32", +1), ("tilelens_addr_gen.s32", +1),
         ("tilelens_base_addr_gen.s32", -1)]


def tl_32bit(by, meta):
    """The tl-post delta at StrideWidth=32 (the paper's widths): (split, missing);
    the split carries the slowest added block's FO4 as worst_fo4."""
    splits, missing, worst = [], [], None
    for name, mult in TL_32:
        r = by.get(name)
        if not r or r["status"] != "ok":
            missing.append(name)
            continue
        s = split_7nm(r, meta, mult)
        if "unpriced" in s:
            missing.append(name)
        else:
            splits.append(s)
            cp = r.get("critical")
            if mult > 0 and cp and (worst is None or cp["fo4"] > worst):
                worst = cp["fo4"]
    if missing:
        return None, missing
    return dict(sum_splits(splits), worst_fo4=worst), missing


def md_tilelens(by, dl, meta):
    lo, hi = TL_PAPER_GATES
    mul = by.get("synth_ref_mul32")
    mul_ok = mul and mul["status"] == "ok"
    out = [prose("tl_head", lo=f"{lo:,}", hi=f"{hi:,}", width=TL_PAPER_WIDTH), ""]
    out += [h.format(what="Figure", ratio="GE / 4K") for h in SPLIT_HEAD]
    for tag in TL_TAGS:
        d = dl.get(tag)
        if not d:
            continue
        _, tot = delta_7nm(tag, by, dl, meta)
        label = f"{d['title']} (`{tag}`)"
        if tot:
            w = d["total"]["worst_fo4"] if d["total"] else None
            out.append(split_row(label, tot, f"{tot['ge'] / hi:.1f}x",
                                 f"{w:.1f} (slowest block)" if w else "-"))
        else:
            out.append(missing_row(label, "incomplete, missing: " + ", ".join(d["missing"])))
    s32, miss32 = tl_32bit(by, meta)
    label = f"tl-post at StrideWidth={TL_PAPER_WIDTH} (the paper's widths, `.s32` configurations)"
    if s32:
        out.append(split_row(label, s32, f"{s32['ge'] / hi:.1f}x",
                             f"{s32['worst_fo4']:.1f} (slowest block)" if s32["worst_fo4"]
                             else "-"))
    else:
        out.append(missing_row(label, "not synthesized yet (make synth-all): "
                               + ", ".join(miss32)))
    if mul_ok:
        s = split_7nm(mul, meta)
        out.append(split_row("one 32x32 multiplier, same flow (`synth_ref_mul32`)", s,
                             f"{s['ge'] / hi:.1f}x", f"{mul['critical']['fo4']:.1f}"
                             if mul.get("critical") else "-"))
    out.append("")
    post = dl.get("tl-post", {}).get("total")
    if post:
        g = post["ge"]
        if g > hi * 1.25:
            verdict = prose("tl_verdict_above", ratio=f"{g / hi:.1f}")
        elif g < lo * 0.75:
            verdict = prose("tl_verdict_below", ratio=f"{g / lo:.2f}")
        else:
            verdict = prose("tl_verdict_within")
        parts = []
        for (plus, minus), what in TL_PARTS:
            a, b = by.get(plus), by.get(minus) if minus else None
            if a and a["status"] == "ok" and (minus is None or (b and b["status"] == "ok")):
                d = a["ge"] - (b["ge"] if b else 0)
                parts.append(f"{what} {fmt_ge(d)} GE")
        out.append(verdict + (" " + prose("tl_where", parts="; ".join(parts)) if parts else ""))
        out.append("")
        out.append(prose("tl_why", mul=prose("tl_mul_measured", ge=fmt_ge(mul["ge"]))
                         if mul_ok else prose("tl_mul_missing")))
    return out


def mul32_ge(by):
    """GE of the paper's yardstick, one 32x32 multiplier in the same flow
    (synth_ref_mul32), or None when it has no result."""
    mul = by.get("synth_ref_mul32")
    return mul["ge"] if mul and mul["status"] == "ok" else None


def md_comparison(rows, dl, meta):
    by = {r["name"]: r for r in rows}
    out = [prose("cmp_intro"), ""] + md_quotes()
    out += ["", prose("cmp_method", source=ASAP7_SOURCE), ""] + md_cells()
    tl = md_tilelens(by, dl, meta)
    while tl and not tl[-1]:
        tl.pop()
    out += [""] + tl + [""] + md_fiber(by, dl, meta)
    return out


def json_comparison(rows, dl, meta):
    by = {r["name"]: r for r in rows}
    comparison = {
        "quotes": [{"key": k, "file": f, "line": n, "quote": q, "covers": c}
                   for k, f, n, q, c in PAPER_QUOTES],
        "cells_7nm": {"source": ASAP7_SOURCE,
                      "cells": {c: {"w_um": w, "h_um": h, "area_um2": cell_um2(c), "what": t}
                                for c, (w, h, t) in ASAP7_CELLS.items()},
                      "storage_cell_7nm": STORAGE_CELL_7NM, "logic_cell_7nm": NAND2_7NM},
        "tilelens": {"paper_gates": list(TL_PAPER_GATES), "paper_width": TL_PAPER_WIDTH,
                     "measured_ge": {t: (dl[t]["total"] or {}).get("ge")
                                     for t in TL_TAGS if t in dl},
                     "mul32_ge": mul32_ge(by)},
        "fiber": {"paper_mm2_7nm": FB_PAPER_MM2, "paper_mw": FB_PAPER_MW,
                  "paper_ghz": FB_PAPER_GHZ, "paper_bitmap_bits": FB_BITMAP_BITS,
                  "fo4_budget_16nm": list(FO4_BUDGET_16NM)},
    }
    for t in TL_TAGS + ("fb-blocks", "fb-issue"):
        if t in dl:
            _, tot = delta_7nm(t, by, dl, meta)
            key = "fiber" if t.startswith("fb") else "tilelens"
            comparison[key][t + "_7nm"] = tot
    s32, miss32 = tl_32bit(by, meta)
    comparison["tilelens"]["tl-post.s32_7nm"] = s32
    comparison["tilelens"]["tl-post.s32_missing"] = miss32
    return comparison
