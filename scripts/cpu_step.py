#!/usr/bin/env python3
"""Runs one step of the main job and records the CPU it spent.

    python3 scripts/cpu_step.py NAME -- CMD [ARG...]

Runs CMD, waits for it and writes build/logs/cpu/NAME.json: the user and
system CPU seconds of CMD and of every process it waited for (the same
figures /usr/bin/time -v gives), and its wall seconds. Exits with CMD's
status. scripts/summary.py prints the steps (make's "Where the CPU goes")
and writes build/reports/make_cpu.md.

Standard library only.
"""
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPU_DIR = os.path.join(ROOT, "build", "logs", "cpu")


def main(argv):
    if len(argv) < 3 or argv[1] != "--":
        sys.exit(__doc__)
    name, cmd = argv[0], argv[2:]
    t0 = time.monotonic()
    rc = subprocess.call(cmd)
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    os.makedirs(CPU_DIR, exist_ok=True)
    rec = {"step": name, "user_s": round(ru.ru_utime, 2), "sys_s": round(ru.ru_stime, 2),
           "wall_s": round(time.monotonic() - t0, 2), "status": rc}
    tmp = os.path.join(CPU_DIR, f".{name}.{os.getpid()}")
    with open(tmp, "w") as f:
        json.dump(rec, f)
    os.replace(tmp, os.path.join(CPU_DIR, name + ".json"))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
