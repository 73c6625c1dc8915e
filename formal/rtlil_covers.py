"""RTLIL rewriting for the `engine=sat` covers of formal/prove.py.

Yosys' `sat` cannot check a `$cover` cell, but it can refute an assertion:
a cover is reached exactly when the assertion of its negation fails. The
cover section of a block's script writes its design as RTLIL text
(`write_rtlil <label>.il`, covers kept); `one_cover_per_design(text)` turns
it into one design per cover, in which that cover has become

    cell $not $cover_neg_cell_<k>      A = the cover's condition, Y = \\cover_neg_<k>
    cell $assert <the cover's name>    A = \\cover_neg_<k>, EN = the cover's enable

(the wire `\\cover_neg_<k>` declared at the top of the module that held the
cover) and every other cover is removed. formal/prove.py proves each with
`sat -seq <depth> -prove-asserts -set-init-zero`: a failed proof is a trace
that reaches the cover.

The RTLIL text format (Yosys 0.23 `write_rtlil`) assumed here: a cell is
`cell <type> <name>` on a line of its own, its parameter and connect lines
indented below it and a line `end`; a module starts with a line
`module <name>`. Its unit test is formal/test_rtlil_covers.py (test group
`check-formal-rtlil`).
"""

import re

_COVER_RE = re.compile(r"^(\s*)cell \$cover (\S+)\n(.*?)^\s*end\n", re.M | re.S)
_CONNECT_RE = re.compile(r"connect \\(A|EN) (.+)")


class Cover:
    """One `$cover` cell of an RTLIL text: its name, its condition (the
    signal on port A), its enable (port EN) and where it is in the text."""

    def __init__(self, match):
        self.match = match
        self.indent = match.group(1)
        self.name = match.group(2)
        conn = dict(_CONNECT_RE.findall(match.group(3)))
        if "A" not in conn or "EN" not in conn:
            raise ValueError(f"cover {self.name}: no connection of port A or EN")
        self.cond = conn["A"]
        self.enable = conn["EN"]

    def negated_assert(self, k):
        """The cells that replace this cover in the k-th design: the negation
        of its condition and the assertion of that negation."""
        i, neg = self.indent, negation_wire(k)
        return (f"{i}cell $not $cover_neg_cell_{k}\n"
                f"{i}  parameter \\A_SIGNED 0\n"
                f"{i}  parameter \\A_WIDTH 1\n"
                f"{i}  parameter \\Y_WIDTH 1\n"
                f"{i}  connect \\A {self.cond}\n"
                f"{i}  connect \\Y {neg}\n"
                f"{i}end\n"
                f"{i}cell $assert {self.name}\n"
                f"{i}  connect \\A {neg}\n"
                f"{i}  connect \\EN {self.enable}\n"
                f"{i}end\n")


def negation_wire(k):
    return f"\\cover_neg_{k}"


def find_covers(text):
    """Every `$cover` cell of an RTLIL text, in text order."""
    return [Cover(m) for m in _COVER_RE.finditer(text)]


def one_cover_as_assert(text, covers, k):
    """The RTLIL text with cover k turned into the assertion of its negation
    and every other cover removed."""
    out, last, at = [], 0, 0
    for j, c in enumerate(covers):
        out.append(text[last:c.match.start()])
        if j == k:
            at = sum(len(x) for x in out)
            out.append(c.negated_assert(k))
        last = c.match.end()
    out.append(text[last:])
    body = "".join(out)
    # the negation's wire, declared at the top of the module that holds the
    # assertion (searched in the new text: removing the covers before it
    # moved everything after them)
    mod = ("\n" + body).rfind("\nmodule ", 0, at + 1)
    if mod < 0:
        raise ValueError(f"cover {covers[k].name}: no enclosing module")
    eol = body.index("\n", mod)
    return body[:eol + 1] + f"  wire {negation_wire(k)}\n" + body[eol + 1:]


def one_cover_per_design(text):
    """[(cover name, RTLIL text)] for every cover of `text`, in text order:
    the design in which that cover is the assertion of its negation."""
    covers = find_covers(text)
    return [(c.name, one_cover_as_assert(text, covers, k)) for k, c in enumerate(covers)]
