"""Verilog sources of a configuration: which file defines each module, the
files a top module reads (transitively), the include files, and the
parameter defaults of a module header.

Standard library only. Used by synth/synth.py and synth/flow.py.
"""

import os
import re

from tools import FlowError

RTL_INCLUDE_DIRS = ["rtl/include", "rtl/common", "rtl/tilelens", "rtl/fiber"]
SOURCE_DIRS = ["rtl/common", "rtl/tilelens", "rtl/fiber", "synth/wrappers"]


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def scan_sources(root):
    """Module -> file over SOURCE_DIRS, and each file's module references."""
    modules, dup, words = {}, {}, {}
    for d in SOURCE_DIRS:
        full = os.path.join(root, d)
        if not os.path.isdir(full):
            continue
        for fn in sorted(os.listdir(full)):
            if not fn.endswith((".v", ".sv")):
                continue
            rel = os.path.join(d, fn)
            try:
                text = strip_comments(open(os.path.join(root, rel), encoding="utf-8",
                                           errors="replace").read())
            except OSError:
                continue
            for name in re.findall(r"^\s*module\s+(\w+)", text, re.M):
                if name in modules:
                    dup.setdefault(name, [modules[name]]).append(rel)
                else:
                    modules[name] = rel
            words[rel] = set(re.findall(r"\b[A-Za-z_]\w*\b", text))
    return modules, dup, words


def source_closure(top, modules, dup, words):
    """Files needed for top: its own file and every file it (transitively)
    names a module of. Over-approximates, which is harmless."""
    if top not in modules:
        return None
    todo, files = [modules[top]], []
    while todo:
        f = todo.pop()
        if f in files:
            continue
        files.append(f)
        for name, rel in modules.items():
            if rel not in files and name in words.get(f, ()):
                if name in dup:
                    raise FlowError(f"module {name} defined in {', '.join(dup[name])}")
                todo.append(rel)
    return sorted(files)


def include_files(root):
    out = []
    for d in RTL_INCLUDE_DIRS:
        full = os.path.join(root, d)
        if os.path.isdir(full):
            out += [os.path.join(d, f) for f in sorted(os.listdir(full))
                    if f.endswith((".vh", ".svh"))]
    return out


_PARAM_RE = re.compile(r"\bparameter\s+(?:(?:integer|signed|unsigned|real)\s+|\[[^\]]*\]\s*)*"
                       r"(\w+)\s*=\s*([^,;]+?)\s*(?=[,;]|\)\s*\(|\)\s*;)", re.S)


def param_value(text):
    """A parameter value as Yosys prints it or as a header writes it: plain
    and sized integers become int, anything else stays a stripped string."""
    t = text.strip().replace("_", "")
    if re.fullmatch(r"\d+", t):
        return int(t)
    m = re.fullmatch(r"(?:\d+)?'s?([bdho])([0-9a-fA-F]+)", t)
    if m:
        return int(m.group(2), {"b": 2, "d": 10, "h": 16, "o": 8}[m.group(1)])
    m = re.fullmatch(r"\d+'([01]+)", t)        # Yosys: 32'00000000000000000000000000000101
    if m:
        return int(m.group(1), 2)
    return text.strip()


def module_params(root, modules, name):
    """Declared parameters of module `name` (not localparams) and their
    default values, in declaration order."""
    rel = modules.get(name)
    if rel is None:
        raise FlowError(f"no source file defines module {name}")
    text = strip_comments(open(os.path.join(root, rel), encoding="utf-8",
                               errors="replace").read())
    m = re.search(r"^\s*module\s+" + re.escape(name) + r"\b(.*?)\bendmodule\b", text, re.S | re.M)
    if not m:
        raise FlowError(f"{rel}: module {name} has no endmodule")
    return {p: param_value(v) for p, v in _PARAM_RE.findall(m.group(1))}
