#!/usr/bin/env bash
# Replays one block's lockstep vectors on the RTL under Icarus Verilog and on
# its Yosys-mapped OSU 0.18 um netlist (gate level), after the Verilator
# harness has written them and checked them against the C model:
#   tb/common/replay.sh HARNESS PAPER BLOCK NETLIST OUTDIR VECTORS GL_VECTORS SEED
# All three must agree: the harness compares Verilator with the C model while
# it writes the expected outputs; each replay compares with those. The gate
# level runs GL_VECTORS of them: half from the start (the directed cases),
# half drawn at random (SEED) from the rest, as single lines for a
# combinational block and as windows that begin at a reset for a clocked
# one (tb/common/gl_vectors.py).
# Prints per-step times and rates and one final SUMMARY line.
set -u
harness=$1 paper=$2 block=$3 netlist=$4 out=$5 nvec=$6 nvec_gl=$7 seed=$8
mkdir -p "$out"
vec=$out/vectors.hex wrap=$out/replay_flat.v
cells=${OSU018_CELLS:-$(dpkg -L qflow-tech-osu018 2>/dev/null | grep '/osu018_stdcells.v$' | head -n1)}
now() { date +%s%N; }
ms() { echo $(( ($2 - $1) / 1000000 )); }
rate() { awk -v n="$1" -v ms="$2" 'BEGIN { printf "%.0f", (ms > 0 ? n * 1000 / ms : 0) }'; }
fail=0

t0=$(now)
"$harness" --seed "$seed" --cycles "$nvec" --vectors "$vec" --wrapper "$wrap" \
  --allow-missing-bins --quiet --out-dir "$out" > "$out/verilator.log" 2>&1 || fail=1
t1=$(now)
grep -E '^(SUMMARY|cyc=)' "$out/verilator.log" | sed 's/^/  verilator: /'
[ $fail -eq 0 ] || { echo "SUMMARY replay $block: verilator harness failed (see $out/verilator.log)"; exit 1; }
n=$(wc -l < "$vec")
gl_note=$(python3 tb/common/gl_vectors.py "$vec" "$wrap" "$nvec_gl" "$seed" "$out/vectors_gl.hex") || {
  echo "SUMMARY replay $block: gate-level vectors not written (tb/common/gl_vectors.py)"; exit 1; }
echo "  $gl_note"
n_gl=$(wc -l < "$out/vectors_gl.hex")

run_icarus() {  # label, vector file, sources...
  local label=$1 file=$2; shift 2
  local exe=$out/replay_$label.vvp log=$out/icarus_$label.log
  if ! iverilog -g2005 -o "$exe" -Irtl/common -Irtl/"$paper" "$wrap" "$@" tb/common/tb_replay.v \
       > "$out/iverilog_$label.log" 2>&1; then
    echo "  icarus $label: compile failed:"; sed 's/^/    /' "$out/iverilog_$label.log" | head -20
    return 1
  fi
  local a b
  a=$(now)
  vvp -n "$exe" +vectors="$file" +mode="$label" > "$log" 2>&1
  b=$(now)
  grep -E '^(SUMMARY|cyc=)' "$log" | sed "s/^/  icarus $label: /"
  echo "  icarus $label: $(ms "$a" "$b") ms, $(rate "$(wc -l < "$file")" "$(ms "$a" "$b")") vectors/s"
  grep -q ' 0 mismatches' "$log" && ! grep -q 'REPLAY FAILED' "$log"
}

rtl_files=$(ls rtl/"$paper"/*.v rtl/common/*.v 2>/dev/null)
# shellcheck disable=SC2086
run_icarus rtl "$vec" -y rtl/"$paper" -y rtl/common rtl/"$paper/$block.v" || fail=1
t2=$(now)
if [ -f "$netlist" ] && [ -f "$cells" ]; then
  run_icarus gl "$out/vectors_gl.hex" "$netlist" "$cells" || fail=1
else
  echo "  icarus gl: netlist $netlist or cell models missing"; fail=1
fi
t3=$(now)
: "$rtl_files"
echo "  times: verilator $(ms "$t0" "$t1") ms, icarus rtl $(ms "$t1" "$t2") ms, icarus gl $(ms "$t2" "$t3") ms"
if [ $fail -eq 0 ]; then
  echo "SUMMARY replay $block: $n vectors agree on verilator, icarus rtl and icarus gate level ($(echo "$gl_note" | sed 's/^gate-level vectors: \([0-9]*\) from the start + \([0-9]*\) random.*/\1 start + \2 random/')), 0 mismatches"
else
  echo "SUMMARY replay $block: DISAGREEMENT ($n vectors, $n_gl at gate level), see $out"
  exit 1
fi
