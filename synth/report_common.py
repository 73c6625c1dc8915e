"""Shared pieces of the synthesis reports: number formats, status words, the
default configuration of each block, and the prose template.

The prose of synth.md lives in report_template.md, next to this file: named
sections (a line `@@ name` opens one) whose ${placeholders} the report code
fills with string.Template. A section the code asks for that the template
lacks, or a placeholder left without a value, is an error (KeyError), never
a silent gap.
"""

import os
import string

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE = os.path.join(HERE, "report_template.md")

GROUP_TITLES = {
    "tilelens-ext": "TileLens: the extension",
    "tilelens-base": "TileLens: standard TMA baseline",
    "fiber": "FIBER",
    "fiber-base": "FIBER: private-register baseline",
    "component": "Other components and references",
}
KIND_TEXT = {"reg_to_reg": "reg->reg", "in_to_reg": "in->reg", "reg_to_out": "reg->out",
             "in_to_out": "in->out"}


def fmt_int(x):
    return f"{x:,.0f}"


def fmt_ge(x):
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:,.1f}"


def defaults(rows):
    """First configuration of each top module, in table order."""
    seen, out = set(), []
    for r in rows:
        if r["top"] not in seen:
            seen.add(r["top"])
            out.append(r)
    return out


def crit_text(r, fo4_only=False):
    cp = r.get("critical")
    if not cp:
        return "-"
    if fo4_only:
        return f"{cp['fo4']:.1f} FO4"
    return f"{cp['ns']:.2f} ns, {cp['fo4']:.1f} FO4 ({KIND_TEXT[cp['kind']]})"


def status_text(r):
    return {"not built": "not yet built", "not run": "not synthesized yet",
            "failed": "FAILED"}.get(r["status"], r["status"])


def load_template(path=TEMPLATE):
    """{section name: string.Template}. Lines before the first `@@` line and
    lines starting with `@@#` are comments; a section's trailing blank lines
    are dropped, so the code decides the spacing between sections."""
    sections, name, buf = {}, None, []

    def close():
        if name is not None:
            while buf and not buf[-1].strip():
                buf.pop()
            sections[name] = string.Template("\n".join(buf))

    with open(path) as f:
        for line in f.read().split("\n"):
            if line.startswith("@@#"):
                continue
            if line.startswith("@@ "):
                close()
                name, buf = line[3:].strip(), []
            elif name is not None:
                buf.append(line)
    close()
    return sections


_SECTIONS = {}


def prose(name, **values):
    """Section `name` of report_template.md with its placeholders filled."""
    if not _SECTIONS:
        _SECTIONS.update(load_template())
    return _SECTIONS[name].substitute(values)
