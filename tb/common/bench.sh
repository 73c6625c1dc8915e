#!/usr/bin/env bash
# Benchmark of one harness:
#   tb/common/bench.sh HARNESS PAPER BLOCK NETLIST OUTDIR CYCLES VECTORS GL_VECTORS
# 1. lockstep under Verilator for CYCLES cycles, then the same inputs into the
#    same Verilated model with no C model and no comparison (raw);
# 2. VECTORS vectors of the same stimulus: Verilator lockstep and Icarus RTL
#    on all of them, Icarus gate level on the first GL_VECTORS. Rates are
#    checked cycles per second of simulation time (start-up and file writing
#    excluded for Verilator, compilation excluded for Icarus).
set -u
harness=$1 paper=$2 block=$3 netlist=$4 out=$5 cycles=${6:-5000000} nvec=${7:-100000} nvec_gl=${8:-$nvec}
mkdir -p "$out"
seed=12345
cells=${OSU018_CELLS:-$(dpkg -L qflow-tech-osu018 2>/dev/null | grep '/osu018_stdcells.v$' | head -n1)}
"$harness" --seed $seed --cycles "$cycles" --bench --quiet --allow-missing-bins > "$out/lockstep.log" 2>&1 \
  || { cat "$out/lockstep.log"; exit 1; }
read -r ls_rate raw_rate ratio < <(awk '/^BENCH/ { for (i = 3; i <= 5; i++) { split($i, kv, "="); v[i] = kv[2] } print v[3], v[4], v[5] }' "$out/lockstep.log")
"$harness" --seed $seed --cycles "$nvec" --quiet --allow-missing-bins --vectors "$out/vectors.hex" \
  --wrapper "$out/replay_flat.v" > "$out/vectors.log" 2>&1 || { cat "$out/vectors.log"; exit 1; }
"$harness" --seed $seed --cycles "$nvec" --quiet --allow-missing-bins > "$out/short.log" 2>&1
v_short=$(awk '/^SUMMARY/ { for (i = 1; i <= NF; i++) if ($i == "Mcycles/s") print $(i-1) * 1e6 }' "$out/short.log")
head -n "$nvec_gl" "$out/vectors.hex" > "$out/vectors_gl.hex"
icarus() {  # label, vector file, vectors, sources...
  local label=$1 vf=$2 n=$3; shift 3
  iverilog -g2005 -o "$out/$label.vvp" -Irtl/common -Irtl/"$paper" "$out/replay_flat.v" "$@" tb/common/tb_replay.v \
    > "$out/iverilog_$label.log" 2>&1 || { cat "$out/iverilog_$label.log"; return 1; }
  local a b
  a=$(date +%s%N)
  vvp -n "$out/$label.vvp" +vectors="$vf" +mode="$label" > "$out/$label.log" 2>&1
  b=$(date +%s%N)
  grep -q ' 0 mismatches' "$out/$label.log" || { cat "$out/$label.log"; return 1; }
  awk -v n="$n" -v ns=$((b - a)) 'BEGIN { printf "%.0f", n * 1e9 / ns }'
}
i_rtl=$(icarus rtl "$out/vectors.hex" "$nvec" -y rtl/"$paper" -y rtl/common rtl/"$paper/$block.v") || exit 1
i_gl=$(icarus gl "$out/vectors_gl.hex" "$nvec_gl" "$netlist" "$cells") || exit 1
awk -v b="$block" -v ls="$ls_rate" -v raw="$raw_rate" -v r="$ratio" -v vs="$v_short" -v ir="$i_rtl" -v ig="$i_gl" -v n="$nvec" -v ng="$nvec_gl" 'BEGIN {
  printf "| %s | %.3g | %.3g | %.2f | %.3g | %.3g | %.0f | %.3g | %d / %d |\n", b, ls, raw, r, vs, ir, (ir > 0 ? vs / ir : 0), ig, n, ng
}' > "$out/row.md"
cat "$out/row.md"
echo "SUMMARY bench $block: lockstep $ls_rate/s, raw $raw_rate/s (lockstep/raw $ratio), on $nvec vectors: verilator $v_short/s, icarus rtl $i_rtl/s, icarus gl $i_gl/s ($nvec_gl vectors)"
