"""The comparison of the measured figures with the papers' (synth.md,
"Against the papers"; synth.json, "comparison"). The papers' figures and the
constants used to compare with them are named here with their sources; the
prose is in report_template.md."""

from report_common import fmt_ge, fmt_int, prose

# Papers' claims and the constants used to compare with them.
TL_PAPER_GATES = (3000, 4000)       # TileLens section 4.3: "estimated to be 3-4K gates"
FB_PAPER_MM2 = 0.0053               # FIBER Tbl. IV total per SM, scaled to 7 nm
FB_PAPER_MW = 10.75                 # FIBER Tbl. IV power per SM (not measured here)
FB_PAPER_GHZ = 2.5                  # FIBER: all components meet 2.5 GHz (16 nm synthesis)
ASAP7_NAND2X1_UM2 = 0.0875          # ASAP7 NAND2x1 cell area
SB_180_TO_7_AREA = 1.0 / 320        # Stillmaker-Baas 180 nm -> 7 nm area factor (about)
FO4_BUDGET_16NM = (31, 57)          # 400 ps cycle / FO4 of about 13..7 ps at 16 nm

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


def to_7nm(ge, area_um2):
    return {"asap7_ge_mm2": ge * ASAP7_NAND2X1_UM2 / 1e6,
            "stillmaker_baas_mm2": area_um2 * SB_180_TO_7_AREA / 1e6}


def fo4_verdict(fo4):
    lo, hi = FO4_BUDGET_16NM
    if fo4 <= lo:
        return "fits even the short end"
    if fo4 <= hi:
        return "fits only the long end"
    return "exceeds"


def md_tilelens(by, dl):
    lo, hi = TL_PAPER_GATES
    mul = by.get("synth_ref_mul32")
    mul_ok = mul and mul["status"] == "ok"
    out = ["", prose("tl_head", lo=f"{lo:,}", hi=f"{hi:,}"), ""]
    out += ["| Figure | GE | against 3-4K |", "|---|---:|---|"]
    for tag in ("tl-post", "tl-desc", "tl-hw"):
        d = dl.get(tag)
        if not d:
            continue
        if d["total"]:
            g = d["total"]["ge"]
            out.append(f"| {d['title']} (`{tag}`) | {fmt_ge(g)} | "
                       f"{g / hi:.1f}x the upper end |")
        else:
            out.append(f"| {d['title']} (`{tag}`) | incomplete | missing: "
                       f"{', '.join(d['missing'])} |")
    if mul_ok:
        out.append(f"| one 32x32 multiplier, same flow (`synth_ref_mul32`) | {fmt_ge(mul['ge'])} | "
                   f"{mul['ge'] / hi:.1f}x the upper end |")
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


def md_fiber(by, dl, meta):
    fo4_ps = meta["fo4"]["ns"] * 1000
    out = ["", prose("fb_head", nand2=f"{ASAP7_NAND2X1_UM2}"), ""]
    out += ["| Block or total | GE | Flops | 0.18 um (mm^2) | 7 nm, GE x ASAP7 (mm^2) | "
            "7 nm, area / 320 (mm^2) | Critical path (FO4) | 2.5 GHz = 31-57 FO4 at 16 nm |",
            "|---|---:|---:|---:|---:|---:|---:|---|"]
    fib = dl.get("fb-blocks")
    if fib:
        for t in fib["terms"]:
            if t["ge"] is None:
                out.append(f"| {t['name']} x{t['mult']} | {t['status']} | | | | | | |")
                continue
            ge, ar = t["mult"] * t["ge"], t["mult"] * t["area_um2"]
            s = to_7nm(ge, ar)
            cp = t["critical"]
            out.append(f"| {t['name']} x{t['mult']} | {fmt_ge(ge)} | "
                       f"{fmt_int(t['mult'] * t['flops'])} | {ar / 1e6:.4f} | "
                       f"{s['asap7_ge_mm2']:.5f} | {s['stillmaker_baas_mm2']:.5f} | "
                       + (f"{cp['fo4']:.1f} | {fo4_verdict(cp['fo4'])} |" if cp else "- | |"))
    for tag in ("fb-blocks", "fb-issue"):
        d = dl.get(tag)
        if not d:
            continue
        if d["total"]:
            tt = d["total"]
            s = to_7nm(tt["ge"], tt["area_um2"])
            out.append(f"| **{d['title']} (`{tag}`)** | **{fmt_ge(tt['ge'])}** | "
                       f"{fmt_int(tt['flops'])} | {tt['area_um2'] / 1e6:.4f} | "
                       f"**{s['asap7_ge_mm2']:.5f}** | **{s['stillmaker_baas_mm2']:.5f}** | "
                       + (f"{tt['worst_fo4']:.1f} (slowest block) | "
                          f"{fo4_verdict(tt['worst_fo4'])} |" if tt["worst_fo4"] else "- | |"))
        else:
            out.append(f"| {d['title']} (`{tag}`) | incomplete, missing: "
                       f"{', '.join(d['missing'])} | | | | | | |")
    out.append(f"| paper, Tbl. IV | | | | {FB_PAPER_MM2} | {FB_PAPER_MM2} | meets 2.5 GHz | |")
    out.append("")
    tot = (fib or {}).get("total")
    bm = by.get("fiber_busy_bitmap")
    bullets = []
    if tot:
        s = to_7nm(tot["ge"], tot["area_um2"])
        bullets.append(prose("fb_total", ge=fmt_ge(tot["ge"]), asap7=f"{s['asap7_ge_mm2']:.4f}",
                             sb=f"{s['stillmaker_baas_mm2']:.4f}",
                             asap7_x=f"{s['asap7_ge_mm2'] / FB_PAPER_MM2:.1f}",
                             sb_x=f"{s['stillmaker_baas_mm2'] / FB_PAPER_MM2:.1f}",
                             paper=f"{FB_PAPER_MM2}"))
    if bm and bm["status"] == "ok":
        ge_f = bm["flop_area_um2"] / meta["lib"]["ge_area"]
        bullets.append(prose(
            "fb_bitmap", bits=fmt_int(bm["flops"]),
            dff_ge=f"{meta['lib_cells'].get('DFFPOSX1', 0) / meta['lib']['ge_area']:.0f}",
            storage_ge=fmt_ge(ge_f), storage_mm2=f"{ge_f * ASAP7_NAND2X1_UM2 / 1e6:.4f}"))
    bullets.append(prose("fb_timing", fo4_ps=f"{fo4_ps:.0f}", lo=FO4_BUDGET_16NM[0],
                         hi=FO4_BUDGET_16NM[1]))
    bullets.append(prose("fb_xbar"))
    out += [f"- {n}" for n in bullets]
    return out


def md_comparison(rows, dl, meta):
    by = {r["name"]: r for r in rows}
    return md_tilelens(by, dl) + md_fiber(by, dl, meta)


def json_comparison(dl):
    comparison = {
        "tilelens": {"paper_gates": list(TL_PAPER_GATES),
                     "measured_ge": {t: (dl[t]["total"] or {}).get("ge")
                                     for t in ("tl-post", "tl-desc", "tl-hw") if t in dl}},
        "fiber": {"paper_mm2_7nm": FB_PAPER_MM2, "paper_mw": FB_PAPER_MW,
                  "paper_ghz": FB_PAPER_GHZ, "fo4_budget_16nm": list(FO4_BUDGET_16NM),
                  "asap7_nand2x1_um2": ASAP7_NAND2X1_UM2,
                  "stillmaker_baas_area_factor": SB_180_TO_7_AREA},
    }
    for t in ("fb-blocks", "fb-issue"):
        if t in dl and dl[t]["total"]:
            tt = dl[t]["total"]
            comparison["fiber"][t] = dict(to_7nm(tt["ge"], tt["area_um2"]), ge=tt["ge"],
                                          worst_fo4=tt["worst_fo4"])
    return comparison
