"""The cell library: the liberty's cells (area, pins, capacitances,
sequential or not), with the area of a cell the liberty prices at 0 taken
from the LEF of the same package (OSU 0.18 um gives LATCH an area of 0; its
LEF macro is 5.6 x 10 um).

Standard library only. Used by synth/flow.py and synth/synth.py.
"""

import os
import re
import subprocess

from tools import FlowError, file_hash

LIB_CANDIDATES = ["/usr/share/qflow/tech/osu018/osu018_stdcells.lib"]
GE_CELL = "NAND2X1"     # gate-equivalent unit
FO4_CELL = "INVX1"      # FO4 inverter, also the output load unit


def find_liberty():
    env = os.environ.get("SYNTH_LIBERTY")
    if env:
        return env
    for c in LIB_CANDIDATES:
        if os.path.isfile(c):
            return c
    try:
        out = subprocess.run(["dpkg", "-L", "qflow-tech-osu018"], capture_output=True,
                             text=True, check=False).stdout
        for line in out.splitlines():
            if line.endswith("osu018_stdcells.lib"):
                return line.strip()
    except OSError:
        pass
    raise FlowError("osu018_stdcells.lib not found (install qflow-tech-osu018)")



def find_lef(lib_path):
    """The LEF beside the liberty (same stem), else the package's, else None.
    SYNTH_LEF overrides; SYNTH_LEF=none disables the LEF."""
    env = os.environ.get("SYNTH_LEF")
    if env:
        return None if env == "none" else env
    cand = os.path.splitext(lib_path)[0] + ".lef"
    if os.path.isfile(cand):
        return cand
    try:
        out = subprocess.run(["dpkg", "-L", "qflow-tech-osu018"], capture_output=True,
                             text=True, check=False).stdout
        for line in out.splitlines():
            if line.endswith("osu018_stdcells.lef"):
                return line.strip()
    except OSError:
        pass
    return None


def parse_lef(path):
    """MACRO name -> area in um^2 (SIZE W BY H)."""
    areas = {}
    text = open(path, encoding="utf-8", errors="replace").read()
    for m in re.finditer(r"^\s*MACRO\s+(\S+)(.*?)^\s*END\s+\1\b", text, re.S | re.M):
        sm = re.search(r"\bSIZE\s+([0-9.]+)\s+BY\s+([0-9.]+)", m.group(2))
        if sm:
            areas[m.group(1)] = round(float(sm.group(1)) * float(sm.group(2)), 6)
    return areas


def parse_liberty(path, lef=""):
    """Cell areas, input pin capacitances and sequential cells of a liberty.
    A cell whose liberty area is 0 takes its area from the LEF (lef: a path;
    "" finds it beside the liberty or in the package, None uses no LEF); such
    cells are listed under "lef_priced" with both figures."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    cells = {}
    for m in re.finditer(r"\bcell\s*\(\s*\"?(\w+)\"?\s*\)\s*\{", text):
        name = m.group(1)
        i, depth = m.end(), 1
        while depth and i < len(text):
            c = text[i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            i += 1
        body = text[m.end():i - 1]
        am = re.search(r"\barea\s*:\s*([0-9.eE+-]+)", body)
        pins = {}
        for pm in re.finditer(r"\bpin\s*\(\s*\"?(\w+)\"?\s*\)\s*\{([^{}]*)", body):
            dm = re.search(r"direction\s*:\s*(\w+)", pm.group(2))
            cm = re.search(r"\bcapacitance\s*:\s*([0-9.eE+-]+)", pm.group(2))
            pins[pm.group(1)] = {"direction": dm.group(1) if dm else "",
                                 "cap": float(cm.group(1)) if cm else 0.0}
        cells[name] = {
            "area": float(am.group(1)) if am else 0.0,
            "pins": pins,
            "seq": bool(re.search(r"\b(ff|latch)\s*\(", body)),
        }
    if GE_CELL not in cells or FO4_CELL not in cells:
        raise FlowError(f"{path}: no {GE_CELL} or {FO4_CELL}")
    lef_path = find_lef(path) if lef == "" else lef
    lef_priced = {}
    if lef_path:
        lef_areas = parse_lef(lef_path)
        for name, cell in cells.items():
            if cell["area"] == 0 and lef_areas.get(name, 0) > 0:
                lef_priced[name] = {"liberty_um2": 0.0, "lef_um2": lef_areas[name]}
                cell["area_liberty"] = cell["area"]
                cell["area"] = lef_areas[name]
                cell["area_from"] = "lef"
    return {
        "path": path,
        "name": (re.search(r"\blibrary\s*\(\s*\"?(\w+)", text) or [None, "?"])[1],
        "sha256": file_hash(path),
        "cells": cells,
        "ge_area": cells[GE_CELL]["area"],
        "inv_cap": cells[FO4_CELL]["pins"]["A"]["cap"],
        "has_wire_load": bool(re.search(r"\bwire_load\s*\(", text)),
        "lef": lef_path,
        "lef_sha256": file_hash(lef_path) if lef_path else None,
        "lef_priced": lef_priced,
    }
