#!/usr/bin/env python3
"""Chooses the vectors of a gate-level replay from a lockstep vector file.

    gl_vectors.py VECTORS WRAPPER N SEED OUT

VECTORS holds one hex line per cycle, {inputs, expected outputs, care mask}
(tb/common/lockstep.h); WRAPPER is the flat wrapper the engine wrote beside
it (`REPLAY_IN_W, `REPLAY_OUT_W, `REPLAY_CLOCKED and the input bit of each
port). OUT gets at most N lines: the first half from the start of the file
(the harness's directed cases), the rest drawn at random (SEED) from the
lines after that start:

  combinational block  single lines, anywhere after the start (no state);
  clocked block        windows of consecutive cycles, each beginning at a
                       cycle where the harness asserts its reset input
                       (rst_ni low, or rst_i / reset_i high): that first line
                       is applied with an empty care mask (the netlist's
                       state before it is another window's), its clock edge
                       resets the state, and every later line is compared;
                       one window begins at the last such reset with room
                       for a whole window before the end of the file (the
                       deepest into the run), the others at resets drawn
                       at random.
                       Without such a cycle after the start there is no
                       state to begin a window from: the file is then the
                       first N lines, and the note says so.

Prints one line: "gate-level vectors: H from the start + R random (how)".
"""
import random
import re
import sys


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    vec, wrap, n, seed, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    w = open(wrap).read()
    in_w = int(re.search(r"`define REPLAY_IN_W (\d+)", w).group(1))
    out_w = int(re.search(r"`define REPLAY_OUT_W (\d+)", w).group(1))
    clocked = re.search(r"`define REPLAY_CLOCKED (\d)", w).group(1) == "1"
    lines = open(vec).read().split()
    total = len(lines)
    n = max(0, min(n, total))
    head = (n + 1) // 2
    rest = n - head
    rng = random.Random(seed * 1000003 + 17)
    care_mask = (1 << out_w) - 1
    digits = (in_w + 2 * out_w + 3) // 4

    pick = []          # (index, zero care mask)
    note = ""
    if rest > 0 and total > head:
        if not clocked:
            idx = sorted(rng.sample(range(head, total), min(rest, total - head)))
            pick = [(i, False) for i in idx]
            note = f"single lines drawn from cycles {head}..{total - 1}"
        else:
            m = None
            for name, active in (("rst_ni", 0), ("rst_i", 1), ("reset_i", 1)):
                m = re.search(r"\.%s\(in_i\[(\d+):(\d+)\]\)" % name, w)
                if m:
                    break
            starts = []
            if m:
                bit = 2 * out_w + int(m.group(1))
                # a window begins where the reset is asserted after a cycle without it
                prev = None
                for i in range(head, total):
                    on = ((int(lines[i], 16) >> bit) & 1) == active
                    if on and prev is False:
                        starts.append(i)
                    prev = on
            if starts:
                k = max(1, min(4, rest // 25, len(starts)))
                # resets with room for a whole window (all of them when none
                # has); fewer windows are longer, so shrink k until k resets
                # have room for a window of rest // k cycles
                while True:
                    length = rest // k
                    room = [s for s in starts if s + length <= total] or starts
                    if len(room) >= k:
                        break
                    k = len(room)
                # the last of them (deepest into the run) and k-1 others at
                # random whose windows do not overlap the ones already chosen
                # (an overlap would end a window early: fewer vectors)
                chosen = [room[-1]]
                for s in rng.sample(room[:-1], len(room) - 1):
                    if len(chosen) == k:
                        break
                    if all(abs(s - c) >= length for c in chosen):
                        chosen.append(s)
                if len(chosen) < k:
                    chosen += rng.sample([s for s in room[:-1] if s not in chosen],
                                         k - len(chosen))
                chosen.sort()
                used = set()
                for s in chosen:
                    for j in range(s, min(total, s + length)):
                        if j in used:
                            break
                        used.add(j)
                        pick.append((j, j == s))
                note = (f"{k} window(s) of up to {length} cycles from a reset, at cycles "
                        + ", ".join(str(c) for c in chosen))
            else:
                head = n
                note = "no reset after the start to begin a window from: the first lines only"
    with open(out, "w") as f:
        for i in range(head):
            f.write(lines[i] + "\n")
        for i, zero in pick:
            if zero:
                v = int(lines[i], 16) & ~care_mask
                f.write(format(v, "0%dx" % digits) + "\n")
            else:
                f.write(lines[i] + "\n")
    print(f"gate-level vectors: {head} from the start + {len(pick)} random ({note or 'no room for more'})")


if __name__ == "__main__":
    main()
