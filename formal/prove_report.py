"""build/reports/formal.md, the table of one `prove.py run` (formal/prove.py)."""
import os
import time

from prove_header import ROOT


def write_report(proofs, results, group, root=ROOT):
    """build/reports/formal.md: one row per proof of this run, in script order,
    with the script's own header comment as the statement of what it proves."""
    out_dir = os.path.join(root, "build", "reports")
    os.makedirs(out_dir, exist_ok=True)
    lines = ["# Formal proofs", "",
             f"Written by `python3 formal/prove.py run --group {group}` "
             f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}); what each proof states: "
             "the header of its script `formal/<paper>/<block>.ys` and of its checker "
             "`formal/<paper>/<block>_props.v`.", "",
             "| Proof | Group | Result | Seconds | Detail |", "|---|---|---|---:|---|"]
    for p in proofs:
        if p.name not in results:
            continue
        st, secs, detail = results[p.name]
        grp = p.group + (f", cover depth {p.depth}" if p.is_cover else "")
        lines.append(f"| `{p.name}` | {grp} | {st} | {secs:.1f} | {detail} |")
    with open(os.path.join(out_dir, "formal.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
