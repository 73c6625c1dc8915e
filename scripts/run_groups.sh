#!/usr/bin/env bash
# Runs test groups (each a make target), one log per group in build/logs/,
# and prints each group's line the moment it ends:
#   [17/53] PASS cosim-fiber_port_arb                  15.1 s  <its SUMMARY line>
# (on failure, the log's tail below it); ends with the line
# "N passed, N failed", always the last line. Exit status 1 if any group failed.
#
#   run_groups.sh [--expect FILE LISTS] [--dry] GROUP...
#
# --expect FILE LISTS  FILE (scripts/test_groups.txt) holds the expected
#     groups, one "<list> <group>" a line; LISTS names the lists this run
#     covers (comma-separated, e.g. common,tilelens,fiber). The groups given
#     must be exactly those: an expected group that no make fragment
#     registered (its harness, test source or script deleted) is a failed
#     group, MISSING, without running; a group given but not expected runs
#     and is a failed group, UNLISTED, whatever its result. Either way the
#     run fails, so a deleted file cannot make the run smaller and still pass.
#     `make test-groups` prints the registered groups in FILE's format.
# --dry  prints each group with its lane and the comparison with FILE, runs
#     nothing; exit 1 when the sets differ.
#
# TEST_JOBS=N (default: the number of cores, at most 2) runs groups in N
# lanes. Groups that name the same block (cosim-X, replay-X, ...) form a
# chain that runs in one lane, in the order given, so they never build the
# same files at once. Chains start longest first, each on the lane that is
# free first, so the lanes end together: a group's expected seconds come from
# its last run here (build/logs/status/<group>) or else from
# scripts/group_times.txt ("<seconds> <group>" a line; a group in neither
# counts 0 and starts last). The libraries and the Verilator runtime
# (tb-runtime) are built once before the lanes start.
#
# RUN_GROUPS_STAGE=NAME: the closing line reads "stage NAME: N passed, N
# failed" (a caller that runs several stages prints the total line itself);
# RUN_GROUPS_COUNTS=FILE: the line "PASSED FAILED" is appended to FILE.
set -u
expect_file= expect_lists= dry=0
while [ $# -gt 0 ]; do
  case "$1" in
    --expect) [ $# -ge 3 ] || { echo "run_groups.sh: --expect FILE LISTS" >&2; exit 2; }
              expect_file=$2 expect_lists=$3; shift 3;;
    --dry) dry=1; shift;;
    --) shift; break;;
    -*) echo "run_groups.sh: unknown option $1" >&2; exit 2;;
    *) break;;
  esac
done
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 2 ] && jobs=2
[ "$jobs" -lt 1 ] && jobs=1

closing() {  # PASSED FAILED: the closing line, the counts file
  if [ -n "${RUN_GROUPS_STAGE:-}" ]; then echo "stage ${RUN_GROUPS_STAGE}: $1 passed, $2 failed"
  else echo "$1 passed, $2 failed"; fi
  [ -n "${RUN_GROUPS_COUNTS:-}" ] && echo "$1 $2" >>"$RUN_GROUPS_COUNTS"
  return 0
}

# ---- The groups given, against the expected list.
declare -A given=() expected=() unlisted=()
declare -a groups=() missing=()
for g in "$@"; do
  [ -n "${given[$g]+x}" ] && continue   # a group named twice runs once
  given[$g]=1; groups+=("$g")
done
if [ -n "$expect_file" ]; then
  if [ ! -f "$expect_file" ]; then
    echo "FAIL expected-groups: $expect_file does not exist"; closing 0 1; exit 1
  fi
  declare -A want_list=()
  for l in ${expect_lists//,/ }; do want_list[$l]=1; done
  while read -r list g rest; do
    case "$list" in ''|'#'*) continue;; esac
    [ -n "${want_list[$list]+x}" ] && expected[$g]=1
  done <"$expect_file"
  for g in "${groups[@]}"; do [ -n "${expected[$g]+x}" ] || unlisted[$g]=1; done
  while read -r list g rest; do
    case "$list" in ''|'#'*) continue;; esac
    [ -n "${want_list[$list]+x}" ] && [ -z "${given[$g]+x}" ] && missing+=("$g")
  done <"$expect_file"
fi
total=$(( ${#groups[@]} + ${#missing[@]} ))
nw=${#total}

# The block a group belongs to: the text after the first '-' for cosim-,
# replay-, failpath-; the programs built on the libraries share one lane;
# otherwise the group itself.
key_of() {
  case "$1" in
    cosim-*|replay-*|failpath-*) local k=${1#*-}; echo "${k%-small}";;
    check-install|check-systemc|check-*-examples|check-*-tools|check-*-fuzz) echo user-programs;;
    *) echo "$1";;
  esac
}

# Expected seconds of a group: its last run here, else the committed table.
times_file=$(dirname "$0")/group_times.txt
declare -A expect_s=()
if [ -f "$times_file" ]; then
  while read -r sec g rest; do
    case "$sec" in ''|'#'*) continue;; esac
    expect_s[$g]=${sec%.*}
  done <"$times_file"
fi
weight_of() {  # GROUP -> expected seconds (integer)
  local f="build/logs/status/$1" st ms
  if [ -f "$f" ] && read -r st ms <"$f" && [ -n "${ms:-}" ]; then echo $((ms / 1000)); return; fi
  echo "${expect_s[$1]:-0}"
}

# Chains (one per key), longest first; ties keep the order given.
declare -A chain=() chain_w=()
declare -a keys=()
for g in "${groups[@]}"; do
  k=$(key_of "$g")
  if [ -z "${chain[$k]+x}" ]; then chain[$k]=""; chain_w[$k]=0; keys+=("$k"); fi
  chain[$k]="${chain[$k]} $g"
  chain_w[$k]=$(( ${chain_w[$k]} + $(weight_of "$g") ))
done
declare -a order=()
if [ ${#keys[@]} -gt 0 ]; then
  mapfile -t order < <(for ((x = 0; x < ${#keys[@]}; x++)); do
    printf '%d %d %s\n' "${chain_w[${keys[x]}]}" "$x" "${keys[x]}"; done | sort -k1,1nr -k2,2n | cut -d' ' -f3)
fi

if [ $dry -eq 1 ]; then
  k=0
  for g in "${missing[@]}"; do
    k=$((k + 1)); printf '[%*d/%d] MISSING  %s (expected in %s, registered by no make fragment)\n' "$nw" $k $total "$g" "$expect_file"
  done
  # The lanes as the expected seconds predict them: each chain on the lane
  # that is free first.
  declare -a busy=()
  for ((i = 0; i < jobs; i++)); do busy[i]=0; done
  for c in "${order[@]}"; do
    l=0
    for ((i = 1; i < jobs; i++)); do [ "${busy[i]}" -lt "${busy[l]}" ] && l=$i; done
    for g in ${chain[$c]}; do
      k=$((k + 1))
      printf '[%*d/%d] lane %d at %5d s  %-36s %5d s%s\n' "$nw" $k $total "$l" "${busy[l]}" "$g" "$(weight_of "$g")" \
        "$([ -n "${unlisted[$g]+x}" ] && echo " (UNLISTED: not in $expect_file)")"
      busy[l]=$(( ${busy[l]} + $(weight_of "$g") ))
    done
  done
  for ((i = 0; i < jobs; i++)); do echo "lane $i: ${busy[i]} s expected"; done
  echo "dry run: ${#groups[@]} groups in $jobs lane(s); ${#missing[@]} missing, ${#unlisted[@]} unlisted"
  [ ${#missing[@]} -eq 0 ] && [ ${#unlisted[@]} -eq 0 ]
  exit
fi

mkdir -p build/logs build/logs/status
pass=0; fail=0; failed=(); done_n=0

report() {  # STATUS GROUP MS NOTE: one group's line, the tail of a failure
  local st=$1 g=$2 ms=$3 note=$4 log="build/logs/$2.log"
  done_n=$((done_n + 1))
  if [ "$st" = PASS ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed+=("$g"); fi
  [ -z "$note" ] && [ -f "$log" ] && \
    note=$(grep -E '^(SUMMARY|\[====\] Synthesis)' "$log" | tail -n 1 | cut -c1-100)
  printf '[%*d/%d] %s %-36s %5d.%01d s  %s\n' "$nw" $done_n $total "$st" "$g" \
    $((ms / 1000)) $(((ms % 1000) / 100)) "$note"
  if [ "$st" = FAIL ] && [ -f "$log" ]; then
    sed 's/^/    | /' "$log" | tail -n 25
  fi
}

for g in "${missing[@]}"; do
  report FAIL "$g" 0 "MISSING: expected in $expect_file, registered by no make fragment"
done

if ! make --no-print-directory lib tb-runtime >build/logs/lib.log 2>&1; then
  echo "FAIL lib (see build/logs/lib.log)"; tail -n 20 build/logs/lib.log
  closing "$pass" $((fail + 1)); exit 1
fi

run_one() {  # group -> build/logs/status/<group> holds "STATUS MS"
  local g=$1 log="build/logs/$1.log" t0 t1 st
  t0=$(date +%s%N)
  if make --no-print-directory "$g" >"$log" 2>&1; then st=PASS; else st=FAIL; fi
  t1=$(date +%s%N)
  echo "$st $(( (t1 - t0) / 1000000 ))" >"build/logs/status/$g"
}

# Each lane runs its groups in order; this shell starts them and prints each
# line as soon as its group ends.
declare -A pid_group=() pid_lane=()
declare -a queue=()
for ((i = 0; i < jobs; i++)); do queue[i]=""; done
next_chain=0
start_next() {  # LANE: the next group of its chain, else the next chain's first
  local i=$1 rest g
  if [ -z "${queue[i]// /}" ]; then
    [ $next_chain -lt ${#order[@]} ] || return 0
    queue[i]=${chain[${order[next_chain]}]}
    next_chain=$((next_chain + 1))
  fi
  read -r g rest <<<"${queue[i]}"
  [ -z "$g" ] && return 0
  queue[i]=$rest
  rm -f "build/logs/status/$g"
  run_one "$g" &
  pid_group[$!]=$g; pid_lane[$!]=$i
}
for ((i = 0; i < jobs; i++)); do start_next "$i"; done
while [ ${#pid_group[@]} -gt 0 ]; do
  wait -n -p pid "${!pid_group[@]}"
  [ -n "${pid:-}" ] && [ -n "${pid_group[$pid]+x}" ] || continue
  g=${pid_group[$pid]} i=${pid_lane[$pid]}
  unset "pid_group[$pid]" "pid_lane[$pid]"
  read -r st ms <"build/logs/status/$g" || { st=FAIL; ms=0; }
  note=
  if [ -n "${unlisted[$g]+x}" ]; then
    note="UNLISTED (ran: $st): not in $expect_file; add it there (make test-groups)"; st=FAIL
  fi
  report "$st" "$g" "$ms" "$note"
  start_next "$i"
done

[ ${#failed[@]} -gt 0 ] && echo "failed groups: ${failed[*]}"
closing "$pass" "$fail"
[ "$fail" -eq 0 ]
