#!/usr/bin/env bash
# Runs the examples of one paper on their shipped traces and compares the
# output with examples/expected/. Usage: check_examples.sh tilelens|fiber BIN_DIR
# Prints one line per check and a final "SUMMARY" line; exit 1 on a failure.
# Set UPDATE_EXPECTED=1 to rewrite the expected files instead of comparing.
set -u
paper=$1
bin=$2
here=$(cd "$(dirname "$0")" && pwd)
out=${bin}/out
mkdir -p "$out"
checks=0; failed=0

# compare NAME EXPECTED_FILE COMMAND...: runs COMMAND, diffs stdout with the file
compare() {
  local name=$1 exp=$2; shift 2
  checks=$((checks + 1))
  "$@" >"$out/$name.out" 2>"$out/$name.err"
  local rc=$?
  if [ "${UPDATE_EXPECTED:-0}" = 1 ]; then cp "$out/$name.out" "$exp"; fi
  if [ $rc -ne 0 ]; then
    echo "FAIL $name: exit status $rc"; sed 's/^/  | /' "$out/$name.err" | head -n 10
    failed=$((failed + 1))
  elif ! diff -u "$exp" "$out/$name.out" >"$out/$name.diff"; then
    echo "FAIL $name: output differs from ${exp#$here/..\/}"; head -n 30 "$out/$name.diff"
    failed=$((failed + 1))
  else
    echo "ok   $name ($(wc -l <"$out/$name.out") lines as expected)"
  fi
}

# expect NAME CONDITION-DESCRIPTION COMMAND...: a check that must exit 0
expect() {
  local name=$1 what=$2; shift 2
  checks=$((checks + 1))
  if "$@"; then echo "ok   $name: $what"; else echo "FAIL $name: $what"; failed=$((failed + 1)); fi
}

case $paper in
tilelens)
  trace=$here/traces/llm_weight_tiles.csv
  compare tma_trace "$here/expected/tma_trace.out" "$bin/tma_trace" "$trace"
  # Paper section 6.5: the 128 x 256 BF16 tile of a matrix whose rows are at
  # least 4 KB (load 6) touches 128 pages row-major and 16 tile-major.
  l6=$(grep -A6 '^load 6:' "$out/tma_trace.out")
  expect tma_trace_row128 "row-major 128 pages" grep -Eq 'row : +128 req .* 128 pages' <<<"$l6"
  expect tma_trace_tile16 "tile-major 16 pages, 1.00x" grep -Eq 'tile: .* 16 pages .* 1\.00x' <<<"$l6"
  # Per-cycle mode: one line per cycle, as many as requests + bubbles (load 7
  # has bubbles: half of its columns lie past the end of the matrix).
  "$bin/tma_trace" --requests --load 7 "$trace" >"$out/tma_trace_load7.out" 2>&1
  rc=$?
  cyc=$(grep -c 'cycle ' "$out/tma_trace_load7.out")
  sum=$(sed -nE 's/^  (col |row |tile): +([0-9]+) req +([0-9]+) bubbles.*/\2 \3/p' "$out/tma_trace_load7.out" |
        awk '{n += $1 + $2} END {print n + 0}')
  expect tma_trace_cycles "--requests prints one line per cycle ($cyc lines, $sum req + bubbles)" \
    test "$rc" -eq 0 -a "$cyc" -eq "$sum" -a "$cyc" -gt 0
  bubbles=$(grep -c ': bubble' "$out/tma_trace_load7.out")
  expect tma_trace_bubbles "edge tile: 384 bubbles (128 col-major + 256 tile-major)" test "$bubbles" -eq 384
  # The HBF prefetch demonstration (TMA unit, prefetcher, MSHR): deterministic
  # output; with the degree unit each kernel's tail is shorter than with d fixed.
  compare hbf_prefetch "$here/expected/hbf_prefetch.out" "$bin/hbf_prefetch" --every 4000
  shorter=$(awk '/kernel .* with the degree unit/ { split($0, a, "tail "); split(a[2], b, " vs "); sub(/\).*/, "", b[2]);
                if (b[1] + 0 >= b[2] + 0) bad = 1; n++ } END { print (n == 2 && !bad) ? "yes" : "no" }' "$out/hbf_prefetch.out")
  expect hbf_prefetch_tail "both kernels: the tail is shorter with the degree unit" test "$shorter" = yes
  # A trace error is reported with its line and exit status 2.
  printf 'tensor,t,64,64,2,0,64,32\nload,nosuch,0,0,64,64,0\n' >"$out/bad.csv"
  "$bin/tma_trace" "$out/bad.csv" >/dev/null 2>"$out/bad.err"
  rc=$?
  expect tma_trace_bad_trace "unknown tensor: exit 2 with the line number" \
    test "$rc" -eq 2 -a -n "$(grep ':2: bad load record (unknown tensor)' "$out/bad.err")"
  ;;
fiber)
  trace=$here/traces/issue_mix.txt
  # The SM issue loop is the library's composition: at most 30 lines call the
  # API, the per-block steps are not re-composed by hand, and only the
  # installed header is included.
  calls=$(grep -c 'fb_[a-z_0-9]*(' "$here/fiber_issue.c")
  expect fiber_issue_api_lines "fiber_issue.c: $calls lines call the fiber API (at most 30)" \
    test "$calls" -le 30 -a "$calls" -gt 0
  expect fiber_issue_composed "fiber_issue.c steps fb_issue_step, not the blocks by hand" \
    sh -c "grep -q 'fb_issue_step(' '$here/fiber_issue.c' && ! grep -Eq 'fb_(arb_step|bm_step|bm_check|sel_eval|xbar_step)[a-z_]*\\(' '$here/fiber_issue.c'"
  expect fiber_issue_headers "fiber_issue.c includes the installed header only" \
    test "$(grep -c '^#include [<\"]fiber' "$here/fiber_issue.c")" -eq 1 -a -n "$(grep '^#include <fiber/fiber.h>' "$here/fiber_issue.c")"
  compare fiber_issue "$here/expected/fiber_issue.out" "$bin/fiber_issue" "$trace"
  # The multi-warp SM (4 warps per SP, HMMA multi-pass, FFMA chains, a TMA
  # tile load): it reaches the FIBER state only through functions (no
  # member of an fb_issue), schedules with the eligibility query, reads the
  # stall reasons, and its replay from a mid-run checkpoint matches.
  compare fiber_sm "$here/expected/fiber_sm.out" "$bin/fiber_sm"
  sm=$here/fiber_sm.c
  expect fiber_sm_no_member "fiber_sm.c reads no member of an fb_issue" \
    sh -c "! grep -Eq '\.st\.|st->|\.(rem|bm|arb|insn_q|rd_occ|rd_valid|cfg)\b' '$sm'"
  expect fiber_sm_query "fiber_sm.c schedules with fb_issue_query and steps fb_issue_step" \
    sh -c "grep -q 'fb_issue_query(' '$sm' && grep -q 'fb_issue_step(' '$sm' && grep -q 'fb_issue_get_stats(' '$sm'"
  expect fiber_sm_replay "fiber_sm: replay from the checkpoint matches bit-exactly" \
    grep -q 'replay matches bit-exactly' "$out/fiber_sm.out"
  expect fiber_sm_multipass "fiber_sm: multi-pass reads and EMPTY stalls on every SP" \
    sh -c "awk '/^ *[0-3] /{ if (\$3 > \$2 && \$5 > 0) n++ } END { exit n != 4 }' '$out/fiber_sm.out'"
  o=$out/fiber_issue.out
  # Paper Fig. 6(c) as SPEC B.2 states it: grants 0x9, 0xf seven times, 0x6;
  # wefts 1 and 2 stall once, on weft 0's banks.
  grants=$(sed -n '/^=== scenario hmma_1688/,/^totals hmma_1688/p' "$o" |
           sed -nE 's/^t=[0-9]+ +start [0-3] grant (0x[0-9a-f]+).*/\1/p' | head -n 9 | tr '\n' ' ')
  expect hmma_grants "HMMA grant masks: $grants" test "$grants" = "0x9 0xf 0xf 0xf 0xf 0xf 0xf 0xf 0x6 "
  expect hmma_first_stalls "cycle t: SP1 and SP2 stall on weft 0's ports" \
    grep -Eq '^t=0 .*SP1 stall ports 0\(SP0\) .*SP2 stall ports 4\(SP0\)' "$o"
  expect hmma_one_stall_each "HMMA: one port stall for wefts 1 and 2, none for 0 and 3" \
    test "$(sed -n '/^totals hmma_1688/,/all:/p' "$o" | grep -Eo '[0-9]+ port' | tr '\n' ' ')" = "0 port 1 port 1 port 0 port 2 port "
  # The attention-like mix finishes; it waits on EMPTY and FULL, broadcasts,
  # reads remotely and splits one instruction into two passes.
  att=$(sed -n '/^totals attention/,/all:/p' "$o")
  expect attention_done "attention mix completes (no deadlock), 27 instructions" grep -q 'all: 27 issued' <<<"$att"
  expect attention_events "EMPTY and FULL waits, a port stall, broadcasts, remote reads" \
    grep -Eq 'all: 27 issued, [1-9][0-9]* port stalls, [1-9][0-9]* EMPTY stalls, [1-9][0-9]* FULL stalls, [1-9][0-9]* remote reads' <<<"$att"
  expect attention_bcast "attention mix: 2 broadcast cycles, 4 DEPBAR.X" grep -q '2 broadcast, 4 DEPBAR.X' <<<"$att"
  # CUDA-native mode: remote and extended operands are the decoder's named errors.
  expect cuda_traps "CUDA-native: FB_DEC_ERR_CUDA_REMOTE and FB_DEC_ERR_CUDA_EXT traps" \
    grep -Eq '^t=0 .*SP1 trap: FB_DEC_ERR_CUDA_REMOTE *[|].*SP2 trap: FB_DEC_ERR_CUDA_EXT' "$o"
  "$bin/fiber_issue" --scenario nosuch "$trace" >/dev/null 2>&1
  expect fiber_issue_bad_scenario "unknown scenario: exit 2" test $? -eq 2
  printf 'scenario x\n0: FADD SP1.R4, R0\n' >"$out/bad.txt"
  "$bin/fiber_issue" "$out/bad.txt" >/dev/null 2>"$out/bad.err"
  rc=$?
  expect fiber_issue_bad_trace "remote destination: exit 2 with the line number" \
    test "$rc" -eq 2 -a -n "$(grep ':2: bad trace line' "$out/bad.err")"
  ;;
*) echo "usage: $0 tilelens|fiber BIN_DIR" >&2; exit 2 ;;
esac

echo "SUMMARY $paper examples: $checks checks, $((checks - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
