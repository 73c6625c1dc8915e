#!/usr/bin/env bash
# Maps one RTL block to OSU 0.18 um standard cells for gate-level replay:
#   scripts/gatesim_netlist.sh TOP OUT.v RTL_FILE...
# Yosys 0.23: synth -flatten -noabc -noshare, dfflibmap and abc -fast with
# osu018_stdcells.lib (one ABC pass, the fast script: minutes faster on the
# multiplier blocks; area is not the point here; without `share`, which
# looks for resources to share, tilelens_tma_addr's netlist takes 30.0
# instead of 38.4 s of CPU and has 64,391 cells instead of 65,207), then
# write_json, which scripts/netlist_verilog.py turns into structural Verilog
# with one scalar wire per internal net bit (Icarus simulates such a netlist
# about ten times faster than one of bit-selects). Yosys 0.23's own
# write_verilog took 14.0 of the 33.4 s of CPU of tilelens_base_sum_pipe's
# netlist, and Icarus replayed its output (splitnets, every named alias an
# assign) in 34.3 s against 16.7 s for this one (500 vectors). The netlist
# keeps the module name and ports of TOP, so the replay wrapper instantiates
# RTL and netlist alike. This is only the simulation netlist; the area and
# timing flow lives in synth/.
set -euo pipefail
top=$1; out=$2; shift 2
lib=${OSU018_LIB:-$(dpkg -L qflow-tech-osu018 2>/dev/null | grep '/osu018_stdcells.lib$' | head -n1)}
[ -f "$lib" ] || { echo "gatesim_netlist.sh: osu018_stdcells.lib not found (qflow-tech-osu018)" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
yosys -q -l "${out%.v}.log" -p "
  read_verilog -Irtl/common -Irtl/tilelens -Irtl/fiber $*
  synth -flatten -noabc -noshare -top $top
  dfflibmap -liberty $lib
  abc -fast -liberty $lib
  opt_clean
  stat -liberty $lib
  write_json ${out%.v}.json"
python3 "$(dirname "$0")/netlist_verilog.py" "${out%.v}.json" "$out"
rm -f "${out%.v}.json"
grep -E 'Chip area|Number of cells' "${out%.v}.log" | tail -n 2 | sed "s/^ */$top: /"
