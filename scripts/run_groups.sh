#!/usr/bin/env bash
# Runs test groups (each a make target), one log per group in build/logs/,
# prints PASS/FAIL per group with its time and its own SUMMARY line and, on
# failure, the log's tail; ends with the line "N passed, N failed".
# Exit status 1 if any group failed.
#
# TEST_JOBS=N (default: the number of cores, at most 2) runs groups in N
# lanes. Groups that name the same block (cosim-X, replay-X, ...) share a
# lane, so they never build the same files at once; the libraries are built
# once before the lanes start. Results print in the order given.
set -u
mkdir -p build/logs build/logs/status
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 2 ] && jobs=2
[ "$jobs" -lt 1 ] && jobs=1

make --no-print-directory lib >build/logs/lib.log 2>&1 || {
  echo "FAIL lib (see build/logs/lib.log)"; tail -n 20 build/logs/lib.log; echo "0 passed, 1 failed"; exit 1; }

run_one() {  # group -> build/logs/status/<group> holds "STATUS MS"
  local g=$1 log="build/logs/$1.log" t0 t1 st
  t0=$(date +%s%N)
  if make --no-print-directory "$g" >"$log" 2>&1; then st=PASS; else st=FAIL; fi
  t1=$(date +%s%N)
  echo "$st $(( (t1 - t0) / 1000000 ))" >"build/logs/status/$g"
}

# The block a group belongs to: the text after the first '-' for cosim-,
# replay-, failpath-; the programs built on the libraries share one lane;
# otherwise the group itself.
key_of() {
  case "$1" in
    cosim-*|replay-*|failpath-*) local k=${1#*-}; echo "${k%-small}";;
    check-install|check-*-examples|check-*-tools|check-*-fuzz) echo user-programs;;
    *) echo "$1";;
  esac
}

declare -A lane_of=()
declare -a lanes=()
for ((i = 0; i < jobs; i++)); do lanes[i]=""; done
n=0
for g in "$@"; do
  rm -f "build/logs/status/$g"
  k=$(key_of "$g")
  if [ -z "${lane_of[$k]+x}" ]; then lane_of[$k]=$((n % jobs)); n=$((n + 1)); fi
  l=${lane_of[$k]}
  lanes[l]="${lanes[l]} $g"
done

pids=()
for ((i = 0; i < jobs; i++)); do
  ( for g in ${lanes[i]}; do run_one "$g"; done ) &
  pids+=($!)
done
wait "${pids[@]}"

pass=0; fail=0; failed=()
for g in "$@"; do
  log="build/logs/$g.log"
  read -r st ms <"build/logs/status/$g" || { st=FAIL; ms=0; }
  if [ "$st" = PASS ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed+=("$g"); fi
  printf '%s %-36s %5d.%01d s  %s\n' "$st" "$g" $((ms / 1000)) $(((ms % 1000) / 100)) \
    "$(grep -E '^(SUMMARY|\[====\] Synthesis)' "$log" | tail -n 1 | cut -c1-100)"
  if [ "$st" = FAIL ]; then
    sed 's/^/    | /' "$log" | tail -n 25
  fi
done
[ ${#failed[@]} -gt 0 ] && echo "failed groups: ${failed[*]}"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
