"""Running the synthesis tools: one tool run in its own process group with
a timeout and its CPU time, killing what still runs, the tool versions, file
hashes, and the flow's error type.

Standard library only. Used by the other modules of synth/.
"""

import hashlib
import os
import re
import signal
import subprocess
import threading
import time


class FlowError(Exception):
    pass


def tool_versions():
    def first_line(cmd):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=30)
            return (r.stdout or r.stderr).strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "unknown"

    def deb(pkg):
        try:
            r = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True,
                               text=True, check=False)
            return r.stdout.strip() or "unknown"
        except OSError:
            return "unknown"

    abc = "unknown"
    try:
        r = subprocess.run(["yosys-abc", "-q", "version"], capture_output=True, text=True,
                           check=False, timeout=30)
        m = re.search(r"ABC [0-9][^\n]*", r.stdout)
        abc = m.group(0).strip() if m else "unknown"
    except (OSError, subprocess.TimeoutExpired):
        pass
    return {
        "yosys": first_line(["yosys", "-V"]),
        "yosys_abc": abc,
        "opensta": "OpenSTA " + first_line(["sta", "-version"]),
        "packages": {p: deb(p) for p in ("yosys", "opensta", "qflow-tech-osu018")},
    }



def file_hash(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


RUNNING = set()            # process groups of running tools, for kill_running()
_RUNNING_LOCK = threading.Lock()


def run_tool(cmd, log_path, cwd, timeout):
    """Runs cmd in its own process group; returns (exit code or "timeout",
    wall seconds, CPU seconds of the tool and the children it waited for,
    e.g. yosys and its ABC). On a shared machine CPU is the stable figure."""
    t0 = time.monotonic()
    with open(log_path, "w") as log:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                             start_new_session=True)
        with _RUNNING_LOCK:
            RUNNING.add(p.pid)
        timed_out = threading.Event()

        def expire():
            timed_out.set()
            _kill_group(p.pid)
        timer = threading.Timer(timeout, expire)
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
            with _RUNNING_LOCK:
                RUNNING.discard(p.pid)
        p.returncode = os.waitstatus_to_exitcode(status)
    rc = "timeout" if timed_out.is_set() else p.returncode
    return rc, time.monotonic() - t0, ru.ru_utime + ru.ru_stime


def _kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def kill_running():
    """Kill every tool still running (on SIGINT/SIGTERM of the driver)."""
    with _RUNNING_LOCK:
        pids = list(RUNNING)
    for pid in pids:
        _kill_group(pid)
