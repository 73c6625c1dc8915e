#!/usr/bin/env bash
# Runs test groups (each a make target), one log per group in build/logs/,
# prints PASS/FAIL per group with its time and, on failure, the log's tail;
# ends with the line "N passed, N failed". Exit status 1 if any group failed.
set -u
mkdir -p build/logs
pass=0; fail=0; failed=()
for g in "$@"; do
  log="build/logs/$g.log"
  t0=$(date +%s%N)
  if make --no-print-directory "$g" >"$log" 2>&1; then
    st=PASS; pass=$((pass + 1))
  else
    st=FAIL; fail=$((fail + 1)); failed+=("$g")
  fi
  t1=$(date +%s%N)
  ms=$(( (t1 - t0) / 1000000 ))
  printf '%s %-34s %5d.%01d s  %s\n' "$st" "$g" $((ms / 1000)) $(((ms % 1000) / 100)) \
    "$(grep -E '^(SUMMARY|\[====\] Synthesis)' "$log" | tail -n 1 | cut -c1-90)"
  if [ "$st" = FAIL ]; then
    sed 's/^/    | /' "$log" | tail -n 25
  fi
done
[ ${#failed[@]} -gt 0 ] && echo "failed groups: ${failed[*]}"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
