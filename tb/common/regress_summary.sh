#!/usr/bin/env bash
# Summary of the long regression: one row per harness (cycles checked, the
# multiple of its make test cycles, mismatches, failed runs, seeds, the
# shard-1 replay) and a total line, from the result files regress.sh writes
# (build/tb/<paper>/<block>/regress/result-<i>of<N>.tsv, for the full-size
# FIBER harnesses build/tb/fiber/<block>/full/regress/). Written to REPORT
# (markdown) and printed.
#   tb/common/regress_summary.sh REPORT SHARD regress-<block> regress-<block>-full ...
# SHARD i/N: only that shard's results (what one `make regress SHARD=i/N`
# ran); `all`: every shard found (make regress-summary, after the shards of
# one split ran on this machine).
# Exit status 1 if a run failed, a mismatch was seen, a replay failed or a
# harness has no results.
set -u
report=$1 only=$2; shift 2
tb=${TB_DIR:-build/tb}
mkdir -p "$(dirname "$report")"

# Consecutive seeds as ranges: "5-9, 12".
ranges() {
  sort -n | awk 'NR == 1 { a = b = $1; next }
    $1 == b + 1 { b = $1; next }
    { printf "%s%s, ", a, (a == b ? "" : "-" b); a = b = $1 }
    END { if (NR) printf "%s%s", a, (a == b ? "" : "-" b) }'
}

bad=0
tot_c=0 tot_m=0 tot_f=0 tot_r=0 tot_h=0
rows=() fails=()
for t in "$@"; do
  case $t in
    regress-*-full) b=${t#regress-}; b=${b%-full}; label="$b (full size)"; pat="$tb/*/$b/full/regress";;
    regress-*) b=${t#regress-}; label=$b; pat="$tb/*/$b/regress";;
    *) continue;;
  esac
  dir=$(ls -d $pat 2>/dev/null | head -n 1)
  if [ "$only" = all ]; then
    files=$(ls "$dir"/result-*of*.tsv 2>/dev/null)
  else
    files=$(ls "$dir/result-${only%/*}of${only#*/}.tsv" 2>/dev/null)
  fi
  tot_h=$((tot_h + 1))
  if [ -z "$dir" ] || [ -z "$files" ]; then
    rows+=("| $label | - | 0 | 0 | - | - | - | - | no results | - |"); bad=1; continue
  fi
  # shellcheck disable=SC2086
  read -r def tg n c m f shards < <(awk -F'\t' '
    /^# default_cycles / { split($0, a, " "); d = a[3] }
    /^# target / { split($0, a, " "); if (a[3] > t) t = a[3] }
    /^# shard / { split($0, a, " "); sh = sh (sh ? "," : "") a[3] }
    /^#/ { next }
    { n++; c += $2; if ($3 != "-") m += $3; if ($4 != 0) f++ }
    END { printf "%d %d %d %d %d %d %s\n", d, t, n, c, m, f, sh }' $files)
  seeds=$(awk -F'\t' '!/^#/ { print $1 }' $files | ranges)
  sh_txt=${shards//,/, }
  scale=$(awk -v c="$c" -v d="$def" 'BEGIN { printf "%.4gx", (d > 0 ? c / d : 0) }')
  # the harness's target (all shards of its split), and the share reached
  if [ "$tg" -gt 0 ]; then
    tgt=$(awk -v c="$c" -v t="$tg" 'BEGIN { printf "%d (%.3g%%)", t, 100 * c / t }')
  else
    tgt=-
  fi
  rep=-
  if [ -f "$dir/replay.log" ] && { [ "$only" = all ] || [ "${only%/*}" = 1 ]; }; then
    line=$(grep '^SUMMARY' "$dir/replay.log" | tail -n 1)
    if echo "$line" | grep -q ' 0 mismatches$'; then
      rep="$(echo "$line" | awk '{ print $4 }') vectors, 0 mismatches"
    else
      rep="FAILED ($dir/replay.log)"; bad=1
    fi
  fi
  [ "$m" -gt 0 ] || [ "$f" -gt 0 ] && bad=1
  for s in $(awk -F'\t' '!/^#/ && $4 != 0 { print $1 }' $files); do
    w=$(ls "$dir"/*-fail-seed"$s".gtkw 2>/dev/null | head -n 1)
    fails+=("- $label seed $s: $dir/seed$s.log${w:+, waveform ${w%.gtkw}.fst (gtkwave $w)}")
  done
  rows+=("| $label | $sh_txt | $n | $c | $tgt | $scale | $m | $f | $seeds | $rep |")
  tot_c=$((tot_c + c)) tot_m=$((tot_m + m)) tot_f=$((tot_f + f)) tot_r=$((tot_r + n))
done

{
  echo "# Long regression"
  echo
  echo "$(date -Iseconds), shards: $only. Cycles checked per harness over those shards;"
  echo "target: the cycles all shards of the harness's split check together (REGRESS_TOTAL per harness,"
  echo "or REGRESS_SCALE x make test), and the share of it these shards checked;"
  echo "x make test: cycles checked / the harness's default cycles."
  echo
  echo "| harness | shards | runs | cycles checked | target (share) | x make test | mismatches | failed runs | seeds | replay (shard 1) |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo "| **total** ($tot_h harnesses) | | $tot_r | $tot_c | | | $tot_m | $tot_f | | |"
  if [ ${#fails[@]} -gt 0 ]; then echo; echo "Failed runs (re-run one: the harness with --seed S --cycles C):"; printf '%s\n' "${fails[@]}"; fi
  echo
  echo "SUMMARY regress: $tot_h harnesses, $tot_r runs, $tot_c cycles checked, $tot_m mismatches, $tot_f failed runs"
} > "$report"
cat "$report"
echo "(written to $report)"
[ $bad -eq 0 ]
