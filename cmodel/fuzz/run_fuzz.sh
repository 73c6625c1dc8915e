#!/usr/bin/env bash
# Runs fuzz_tilelens for a fixed time from the seed corpus and prints one
# "SUMMARY" line: executions, executions per second, new inputs, seed, and
# the share of inputs the model accepted. Exit 1 on a crash, a sanitizer
# report or a disagreement with the reference (the input is saved and the
# command that replays it is printed).
# Usage: run_fuzz.sh FUZZER SECONDS WORKDIR [SEED] [fresh|keep] [SHARD i/N]
set -u
fuzzer=$1 secs=$2 work=$3 seed=${4:-0} mode=${5:-fresh} shard=${6:-1/1}
seeds=$(cd "$(dirname "$0")" && pwd)/corpus
[ "$mode" = fresh ] && rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
args=(-max_total_time="$secs" -print_final_stats=1 -max_len=256 -timeout=10 -rss_limit_mb=2048
      -artifact_prefix="$work/artifacts/")
if [ "$seed" != 0 ]; then
  i=${shard%/*}
  args+=(-seed=$((seed * 1000 + i)))
fi
log=$work/fuzz.log
echo "$fuzzer ${args[*]} $work/corpus $seeds"
TLF_STATS=1 "$fuzzer" "${args[@]}" "$work/corpus" "$seeds" >"$log" 2>&1
rc=$?
grep -E '^(INFO: Seed|#[0-9]+ +(INITED|DONE))|^stat::|^TLF_STATS|^Done' "$log"
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
new=$(sed -n 's/^stat::new_units_added: *//p' "$log")
used_seed=$(sed -n 's/^INFO: Seed: *//p' "$log" | head -n 1)
ok=$(grep -o 'TL_OK [0-9]*' "$log" | awk '{n += $2} END {print n + 0}')
nseeds=$(ls "$seeds" | wc -l)
if [ $rc -ne 0 ] || grep -q -E 'ERROR: (libFuzzer|AddressSanitizer)|runtime error|fuzz_tilelens: ' "$log"; then
  grep -E -B2 -A25 'fuzz_tilelens: |ERROR: |runtime error' "$log" | head -n 60
  art=$(ls -t "$work/artifacts" 2>/dev/null | head -n 1)
  [ -n "$art" ] && echo "replay: $fuzzer $work/artifacts/$art"
  echo "SUMMARY tilelens fuzz: FAILED after ${execs:-?} execs (seed ${used_seed:-?}), exit $rc"
  exit 1
fi
pct=$(awk -v a="$ok" -v b="${execs:-0}" 'BEGIN {printf "%.1f", b ? 100 * a / b : 0}')
echo "SUMMARY tilelens fuzz: $execs execs, $eps exec/s, ${secs} s, 0 failures, ${pct}% accepted, $nseeds seeds + $new new inputs, seed $used_seed"
