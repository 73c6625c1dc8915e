#!/usr/bin/env bash
# Long regression of one harness: RUNS seeded runs, split across a job array
# by SHARD=i/N (run k belongs to shard k % N + 1).
#   tb/common/regress.sh HARNESS BLOCK OUTDIR RUNS CYCLES SHARD SEED [ARGS...]
# CYCLES is the length of one run, or `auto`: a total divided over the RUNS
# runs, so that all shards together check that total. The total is
# REGRESS_TOTAL (environment: the harness's own target, set per harness by
# tb/tb_flows.mk) when set, else REGRESS_SCALE (environment, default 100)
# times the harness's default cycles (its make test run, from
# `HARNESS --default-cycles`). With `auto`, a total smaller than RUNS make
# test runs is split into fewer runs, each at least the make test length
# (ceil(total / default) runs), so that every run must reach every coverage
# bin: RUNS is then the largest number of runs, and the result file records
# the runs made.
# Seeds are BASE+k: BASE is SEED, or with SEED 0 a fresh one per call
# (REGRESS_SEED_BASE in the environment overrides it). Pass the same SEED to
# every shard to split one reproducible seed set exactly.
# One log per run (a failing run also leaves its FST and .gtkw in OUTDIR);
# OUTDIR/result-<i>of<N>.tsv (read by regress_summary.sh); a final SUMMARY
# line. Exit status 1 if a run failed, unless REGRESS_KEEP_GOING=1 (make
# regress, whose summary fails instead).
set -u
harness=$1 block=$2 out=$3 runs=$4 cycles=$5 shard=$6 seed=$7; shift 7
mkdir -p "$out"
si=${shard%/*} sn=${shard#*/}
scale=${REGRESS_SCALE:-100}
default=$("$harness" --default-cycles 2>/dev/null | tail -n 1)
case $default in ''|*[!0-9]*) echo "regress $block: $harness --default-cycles failed"; exit 2;; esac
total=
if [ "$cycles" = auto ]; then
  total=${REGRESS_TOTAL:-$((scale * default))}
  case $total in ''|*[!0-9]*) echo "regress $block: REGRESS_TOTAL=$total is not a number"; exit 2;; esac
  if [ "$default" -gt 0 ] && [ "$total" -lt $((runs * default)) ]; then
    runs=$(( (total + default - 1) / default ))
    [ "$runs" -ge 1 ] || runs=1
  fi
  cycles=$(( (total + runs - 1) / runs ))
fi
# A run shorter than the make test run need not reach every coverage bin.
short=(); [ "$cycles" -lt "$default" ] && short=(--allow-missing-bins)
if [ "$seed" != 0 ]; then
  base=$seed
else
  base=${REGRESS_SEED_BASE:-$(( $(od -An -N4 -tu4 /dev/urandom | tr -d ' ') % 1000000000 + 1000000 ))}
fi
echo "regress $block: shard $shard of $runs runs x $cycles cycles (make test: $default${total:+, target $total}), seeds $base+k"

# Results of this shard; results of another split of the runs are stale.
for f in "$out"/result-*of*.tsv; do
  [ -e "$f" ] && [ "${f##*of}" != "$sn.tsv" ] && rm -f "$f"
done
[ "$si" = 1 ] && rm -f "$out/replay.log"
res=$out/result-${si}of${sn}.tsv
{ echo "# block $block"; echo "# harness $harness"; echo "# default_cycles $default"
  echo "# runs $runs"; echo "# cycles_per_run $cycles"; echo "# target $((${total:-$((runs * cycles))}))"; echo "# shard $shard"; echo "# date $(date -Iseconds)"
  printf '# seed\tcycles\tmismatches\tstatus\n'; } > "$res.tmp"

pass=0 fail=0 total=0
for ((k = 0; k < runs; k++)); do
  [ $((k % sn + 1)) -eq "$si" ] || continue
  s=$((base + k))
  if "$harness" --seed $s --cycles "$cycles" --quiet --out-dir "$out" "${short[@]}" "$@" > "$out/seed$s.log" 2>&1; then
    st=0; pass=$((pass + 1))
  else
    st=$?; fail=$((fail + 1)); echo "FAIL seed $s (exit $st):"; tail -n 5 "$out/seed$s.log" | sed 's/^/  /'
  fi
  c=$(awk '/^SUMMARY/ { print $3 }' "$out/seed$s.log"); total=$((total + ${c:-0}))
  m=$(awk '/^SUMMARY/ { print $6 }' "$out/seed$s.log")
  printf '%s\t%s\t%s\t%s\n' "$s" "${c:-0}" "${m:--}" "$st" >> "$res.tmp"
  grep '^SUMMARY' "$out/seed$s.log"
done
mv "$res.tmp" "$res"
echo "SUMMARY regress $block (shard $shard): $((pass + fail)) runs, $fail failed, $total cycles checked"
[ $fail -eq 0 ] || [ "${REGRESS_KEEP_GOING:-}" = 1 ]
