#!/usr/bin/env bash
# Long regression of one harness: RUNS seeded runs of CYCLES cycles each,
# split across a job array by SHARD=i/N (run k belongs to shard k % N + 1).
#   tb/common/regress.sh HARNESS BLOCK OUTDIR RUNS CYCLES SHARD SEED [ARGS...]
# Seeds are SEED+k (SEED 0: 1000+k), so every shard of every machine runs
# distinct, reproducible seeds. One log per run; a final SUMMARY line.
set -u
harness=$1 block=$2 out=$3 runs=$4 cycles=$5 shard=$6 seed=$7; shift 7
mkdir -p "$out"
si=${shard%/*} sn=${shard#*/}
base=$seed; [ "$base" = 0 ] && base=1000
pass=0 fail=0 total=0
for ((k = 0; k < runs; k++)); do
  [ $((k % sn + 1)) -eq "$si" ] || continue
  s=$((base + k))
  if "$harness" --seed $s --cycles "$cycles" --quiet --out-dir "$out" "$@" > "$out/seed$s.log" 2>&1; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL seed $s:"; tail -n 5 "$out/seed$s.log" | sed 's/^/  /'
  fi
  c=$(awk '/^SUMMARY/ { print $3 }' "$out/seed$s.log"); total=$((total + ${c:-0}))
  grep '^SUMMARY' "$out/seed$s.log"
done
echo "SUMMARY regress $block (shard $shard): $((pass + fail)) runs, $fail failed, $total cycles checked"
[ $fail -eq 0 ]
