#!/usr/bin/env bash
# Maps one RTL block to OSU 0.18 um standard cells for gate-level replay:
#   scripts/gatesim_netlist.sh TOP OUT.v RTL_FILE...
# Yosys 0.23, a short script in place of `synth -flatten`: proc, flatten,
# one opt_expr/opt_clean for the constants that cross module boundaries,
# wreduce and alumacc, `opt -fast -full` (without -full, fiber_weft_ctl's
# variable-index writes map to about 76,400 cells instead of 33,386),
# techmap, a single opt_expr/opt_merge/opt_dff/opt_clean over the gates (not
# opt's loop: each round costs seconds on the large flat blocks), then
# dfflibmap (which legalizes the flops itself: DFFPOSX1, DFFNEGX1, DFFSR for
# the asynchronous resets; LATCH is instantiated by the RTL) and one ABC
# pass with the fast script (area is not the point here; the full script
# took about 30 s more on tilelens_tma_addr, and its restructured logic put
# X on that block's outputs in the gate-level replay, 2,940 of 3,000
# vectors). synth's fsm, share, memory and its repeated opt loops are left
# out: no block has an FSM or a memory, and the select below fails the run
# if any cell stays unmapped.
# Measured on the 2-core machine at a load of about 1 (user + sys of the
# whole script: Yosys, ABC and netlist_verilog.py), with
#   /usr/bin/time bash scripts/gatesim_netlist.sh TOP /tmp/TOP.v rtl/tilelens/*.v
# tilelens_tma_addr 28.6 s, 63,214 cells (with synth -flatten: 44.3 s,
# 63,085 cells), tilelens_split_sum_pipe 16.1 s, 73,794 cells (25.9 s,
# 73,929); the log's CPU line, Yosys alone, 21.2 (37.8) and 10.6 (20.5) s.
# Yosys and ABC for fiber_issue_stage_small 11.7 (17.8) s and fiber_weft_ctl
# 12.7 (19.0) s. Cell counts of the large blocks stay within 0.7 % (of the
# small ones fiber_port_arb grows most, 1,673 to 2,010), and Icarus's
# gate-level replay is as fast as before (same vectors on both netlists,
# CPU s: tilelens_base_sum_pipe 20.0 before, 18.3 after; tilelens_base_sum
# 12.9, 11.9). Every replay group agrees at gate level.
# The netlist goes through write_json, which scripts/netlist_verilog.py
# turns into structural Verilog with one scalar wire per internal net bit
# (Icarus simulates such a netlist about ten times faster than one of
# bit-selects). Yosys 0.23's own write_verilog took 14.0 of the 33.4 s of
# CPU of tilelens_base_sum_pipe's netlist, and Icarus replayed its output
# (splitnets, every named alias an assign) in 34.3 s against 16.7 s for
# this one (500 vectors). The netlist keeps the module name and ports of
# TOP, so the replay wrapper instantiates RTL and netlist alike. This is
# only the simulation netlist; the area and timing flow lives in synth/.
set -euo pipefail
top=$1; out=$2; shift 2
lib=${OSU018_LIB:-$(dpkg -L qflow-tech-osu018 2>/dev/null | grep '/osu018_stdcells.lib$' | head -n1)}
[ -f "$lib" ] || { echo "gatesim_netlist.sh: osu018_stdcells.lib not found (qflow-tech-osu018)" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
yosys -q -l "${out%.v}.log" -p "
  read_verilog -Irtl/common -Irtl/tilelens -Irtl/fiber $*
  hierarchy -check -top $top
  proc; flatten; opt_expr; opt_clean
  wreduce; alumacc; opt -fast -full
  techmap; opt_expr; opt_merge; opt_dff; opt_clean
  dfflibmap -liberty $lib
  abc -fast -liberty $lib
  opt_clean
  select -assert-none t:\$*
  stat -liberty $lib
  write_json ${out%.v}.json"
python3 "$(dirname "$0")/netlist_verilog.py" "${out%.v}.json" "$out"
rm -f "${out%.v}.json"
grep -E 'Chip area|Number of cells' "${out%.v}.log" | tail -n 2 | sed "s/^ */$top: /"
