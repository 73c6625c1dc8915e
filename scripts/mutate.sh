#!/usr/bin/env bash
# Breaks the RTL on purpose and shows that the lockstep harnesses notice.
#   scripts/mutate.sh [BLOCK...]        (default: every block in the list)
# Each mutant is one single-operator change to one file, applied to a copy of
# rtl/ under a scratch directory (never to the tree). The block's harness is
# rebuilt against the copy and run with a fixed seed; a mutant is KILLED
# when the harness exits non-zero with a mismatch line, SURVIVED otherwise.
# Prints one line per mutant and "SUMMARY mutate: N mutants, K killed, S survived".
set -u
cd "$(dirname "$0")/.."
only=" $* "
seed=${MUTATE_SEED:-1}
cycles=${MUTATE_CYCLES:-10000000}
work=$(mktemp -d "${TMPDIR:-/tmp}/mutate.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The mutants: every tb/<paper>/mutants.txt, one per line,
#   block @ file under rtl/ @ exact text @ replacement @ what it breaks
mutants=$(cat tb/*/mutants.txt 2>/dev/null | grep -v '^#')

n=0 killed=0 survived=0 expected_survivors=0
while IFS='@' read -r block file from to what; do
  [ -z "$block" ] && continue
  [ "$only" != "  " ] && [[ "$only" != *" $block "* ]] && continue
  n=$((n + 1))
  dir=$work/m$n
  rm -rf "$dir"; mkdir -p "$dir"; cp -r rtl "$dir/rtl"
  if ! python3 - "$dir/rtl/$file" "$from" "$to" <<'PY'
import sys
p, a, b = sys.argv[1:4]
s = open(p).read()
if a not in s:
    sys.exit(1)
open(p, "w").write(s.replace(a, b, 1))
PY
  then
    echo "ERROR   $block: text not found in $file: $from"; survived=$((survived + 1)); continue
  fi
  paper=${block%%_*}
  if ! make --no-print-directory TB_RTL="$dir/rtl" TB_DIR="$dir/tb" TB_EXTRA_VFLAGS=-Wno-fatal \
       "$dir/tb/$paper/$block/obj/V$block" > "$dir/build.log" 2>&1; then
    echo "KILLED  $block: $what (does not build)"; killed=$((killed + 1)); continue
  fi
  "$dir/tb/$paper/$block/obj/V$block" --seed "$seed" --cycles "$cycles" --quiet --out-dir "$dir" \
    > "$dir/run.log" 2>&1
  rc=$?
  first=$(grep -m1 '^cyc=' "$dir/run.log" | cut -c1-110)
  if [ $rc -ne 0 ] && [ -n "$first" ]; then
    echo "KILLED  $block: $what -> ${first%% *}"
    killed=$((killed + 1))
  elif [[ "$what" == *"must survive"* ]]; then
    echo "EQUIV   $block: $what (survives, as it must)"
    expected_survivors=$((expected_survivors + 1))
  else
    echo "SURVIVED $block: $what"; tail -n 2 "$dir/run.log" | sed 's/^/    /'
    survived=$((survived + 1))
  fi
  rm -rf "$dir"
done <<< "$mutants"
echo "SUMMARY mutate: $n mutants, $killed killed, $survived survived, $expected_survivors equivalent (kept as a control)"
[ $survived -eq 0 ]
