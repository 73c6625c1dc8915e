"""The area chart of the synthesis report: build/reports/synth_area.svg.

Panel 1: the default configuration of every block, log scale. Panel 2: each
composed unit (synthesized flat) against the sum of its parts (each alone).
"""

import math
from xml.sax.saxutils import escape

from report_common import GROUP_TITLES, defaults, fmt_ge

GROUP_COLORS = {
    "tilelens-ext": "#2b6cb0", "tilelens-base": "#90cdf4", "fiber": "#c05621",
    "fiber-base": "#fbd38d", "component": "#718096",
}


def write_svg(rows, path):
    blocks = [r for r in defaults(rows) if r["status"] == "ok" and r["ge"] > 0]
    by_top_default = {r["top"]: r for r in defaults(rows)}
    composed = []
    for r in blocks:
        kids = {k: n for k, n in (r.get("children") or {}).items() if k in by_top_default}
        if kids and all(by_top_default[k]["status"] == "ok" for k in kids):
            composed.append((r, kids))
    W, left, right, bar, gap = 980, 230, 150, 16, 6
    plot_w = W - left - right
    y = 50
    parts = []

    def text(x, yy, s, size=12, anchor="start", weight="normal", fill="#1a202c"):
        parts.append(f'<text x="{x:.1f}" y="{yy:.1f}" font-size="{size}" '
                     f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">'
                     f"{escape(s)}</text>")

    text(W / 2, 24, "Area per block, gate equivalents (NAND2X1 = 1), OSU 0.18 um",
         15, "middle", "bold")
    # Panel 1: every block, log scale.
    if blocks:
        gmax = max(r["ge"] for r in blocks)
        lo_dec = 1
        hi_dec = max(2, math.ceil(math.log10(gmax)))

        def xlog(v):
            v = max(v, 10 ** lo_dec)
            return left + plot_w * (math.log10(v) - lo_dec) / (hi_dec - lo_dec)

        text(left, y, "Default configuration of each block (log scale)", 13, weight="bold")
        y += 12
        top_y = y
        h = len(blocks) * (bar + gap)
        for k in range(lo_dec, hi_dec + 1):
            x = xlog(10 ** k)
            parts.append(f'<line x1="{x:.1f}" y1="{top_y}" x2="{x:.1f}" y2="{top_y + h}" '
                         'stroke="#e2e8f0"/>')
            text(x, top_y + h + 14, f"{10 ** k:,}", 10, "middle", fill="#4a5568")
        for r in blocks:
            x1 = xlog(r["ge"])
            parts.append(f'<rect x="{left}" y="{y}" width="{max(x1 - left, 1):.1f}" '
                         f'height="{bar}" fill="{GROUP_COLORS[r["group"]]}"/>')
            text(left - 6, y + bar - 4, r["name"], 11, "end")
            text(x1 + 4, y + bar - 4, f"{fmt_ge(r['ge'])} GE", 11)
            y += bar + gap
        y += 30
        lx = 20
        for g, col in GROUP_COLORS.items():
            if any(r["group"] == g for r in blocks):
                wl = 30 + 6 * len(GROUP_TITLES[g])
                if lx + wl > W - 10:
                    lx, y = 20, y + 18
                parts.append(f'<rect x="{lx}" y="{y - 10}" width="12" height="12" fill="{col}"/>')
                text(lx + 16, y, GROUP_TITLES[g], 11)
                lx += wl
        y += 30
    # Panel 2: composed units against their parts, linear scale.
    palette = ["#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#b7791f", "#c53030", "#319795",
               "#718096"]
    for r, kids in composed:
        text(left, y, f"{r['name']}: composed (flat) and its parts (each alone), linear", 13,
             weight="bold")
        y += 12
        segs = [(k, n * by_top_default[k]["ge"]) for k, n in sorted(kids.items())]
        total = max(r["ge"], sum(s for _, s in segs))
        sc = plot_w / total
        parts.append(f'<rect x="{left}" y="{y}" width="{r["ge"] * sc:.1f}" height="{bar}" '
                     f'fill="{GROUP_COLORS[r["group"]]}"/>')
        text(left - 6, y + bar - 4, "composed", 11, "end")
        text(left + r["ge"] * sc + 4, y + bar - 4, f"{fmt_ge(r['ge'])} GE", 11)
        y += bar + gap
        x = left
        for i, (k, s) in enumerate(segs):
            col = palette[i % len(palette)]
            parts.append(f'<rect x="{x:.1f}" y="{y}" width="{max(s * sc, 0.5):.1f}" '
                         f'height="{bar}" fill="{col}"/>')
            x += s * sc
        text(left - 6, y + bar - 4, "sum of parts", 11, "end")
        text(x + 4, y + bar - 4, f"{fmt_ge(sum(s for _, s in segs))} GE", 11)
        y += bar + gap + 6
        lx = left
        for i, (k, s) in enumerate(segs):
            col = palette[i % len(palette)]
            label = f"{k} x{kids[k]}: {fmt_ge(s)}"
            wl = 30 + 6 * len(label)
            if lx + wl > W - 10:
                lx, y = left, y + 16
            parts.append(f'<rect x="{lx}" y="{y - 10}" width="12" height="12" fill="{col}"/>')
            text(lx + 16, y, label, 10)
            lx += wl
        y += 34
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{y + 10}" '
           f'viewBox="0 0 {W} {y + 10}" font-family="Helvetica, Arial, sans-serif">',
           f'<rect width="{W}" height="{y + 10}" fill="white"/>'] + parts + ["</svg>"]
    with open(path, "w") as f:
        f.write("\n".join(svg) + "\n")
