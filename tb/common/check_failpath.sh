#!/usr/bin/env bash
# The failure path of the lockstep engine, on a correct block: a run with
# --inject-mismatch CYCLE (one expected output bit flipped at that cycle)
# must exit 1, print the mismatch line (cycle, inputs, DUT outputs, expected
# outputs, which differ), write the FST of the failing run and, beside it, a
# GTKWave save file of the same stem that loads that FST and names the ports
# the FST holds; --gtkw must write a save file without a failure.
#   tb/common/check_failpath.sh HARNESS BLOCK OUTDIR
set -u
harness=$1 block=$2 out=$3
seed=4242 cyc=777
rm -rf "$out"; mkdir -p "$out"
fails=0
ok() { echo "  ok   $*"; }
bad() { echo "  FAIL $*"; fails=$((fails + 1)); }

"$harness" --seed $seed --cycles 5000 --inject-mismatch $cyc --quiet --out-dir "$out" > "$out/run.log" 2>&1
st=$?
sed 's/^/  | /' "$out/run.log" | cut -c1-160
[ $st -eq 1 ] && ok "exit status 1" || bad "exit status $st, expected 1"

line=$(grep "^cyc=$cyc " "$out/run.log" | head -n 1)
if [ -n "$line" ]; then
  ins=${line%% => dut: *}; rest=${line#* => dut: }
  got=${rest%% expected: *}; exp=${rest#* expected: }
  if [ "$ins" != "$line" ] && [ "$rest" != "$line" ] && [ "$exp" != "$rest" ] && echo "$ins" | grep -q '='; then
    ok "mismatch line at cycle $cyc with inputs, dut and expected outputs"
  else
    bad "mismatch line malformed: $line"
  fi
  [ "$got" != "$exp" ] && ok "dut and expected outputs differ" || bad "dut and expected outputs are equal"
else
  bad "no mismatch line for cycle $cyc"
fi
grep -q "^SUMMARY $block: $((cyc + 1)) cycles checked, 1 mismatches" "$out/run.log" \
  && ok "SUMMARY: $((cyc + 1)) cycles checked, 1 mismatch" || bad "SUMMARY line"

fst=$out/$block-fail-seed$seed.fst gtkw=$out/$block-fail-seed$seed.gtkw
[ -s "$fst" ] && ok "waveform $fst ($(wc -c < "$fst") bytes)" || bad "no waveform $fst"
grep -q "waveform of the failing run .*$fst" "$out/run.log" && ok "waveform named in the output" \
  || bad "waveform not named in the output"
if [ -s "$gtkw" ]; then
  ok "save file $gtkw"
  grep -q "^\[dumpfile\] \".*/$block-fail-seed$seed.fst\"$" "$gtkw" && ok "save file loads $(basename "$fst")" \
    || bad "save file does not name $(basename "$fst")"
  for g in "Clock and reset" Inputs Outputs; do
    grep -qx -- "-$g" "$gtkw" && ok "group: $g" || { [ "$g" = "Clock and reset" ] || bad "no group $g"; }
  done
  grep -q '^\*-[0-9.]* '$((2 * cyc))' ' "$gtkw" && ok "marker at the failing cycle (time $((2 * cyc)))" \
    || bad "no marker at time $((2 * cyc))"
  # Every signal of the save file must exist in the FST (when a reader is installed).
  sigs=$(grep '^TOP\.' "$gtkw")
  if command -v fst2vcd > /dev/null 2>&1; then
    fst2vcd "$fst" 2>/dev/null | awk '/\$scope/ { d++; if (d == 1) top = ($3 == "TOP") } /\$upscope/ { d-- }
      /\$var/ && d == 1 && top { print "TOP." $5 ($6 ~ /^\[/ ? $6 : "") }' | sort -u > "$out/fst_signals.txt"
    missing=$(echo "$sigs" | sort -u | comm -23 - "$out/fst_signals.txt")
    [ -z "$missing" ] && ok "$(echo "$sigs" | wc -l) signals, all in the FST (fst2vcd)" \
      || bad "signals not in the FST: $missing"
  else
    bad "fst2vcd not installed (gtkwave; make deps): the save file's signals cannot be matched against the FST"
  fi
else
  bad "no save file $gtkw"
fi

"$harness" --gtkw "$out/$block.gtkw" --out-dir "$out" > "$out/gtkw.log" 2>&1 && grep -q "^\[dumpfile\] \".*/$block.fst\"$" "$out/$block.gtkw" \
  && ok "--gtkw writes $block.gtkw for $block.fst" || bad "--gtkw"

# --cycle-cap (the main job's co-simulations): caps the default count only
"$harness" --seed $seed --cycle-cap 300 --quiet > "$out/cap.log" 2>&1
grep -q "^SUMMARY $block: 300 cycles checked" "$out/cap.log" && ok "--cycle-cap 300 checks 300 cycles" \
  || bad "--cycle-cap 300: $(grep '^SUMMARY' "$out/cap.log")"
"$harness" --seed $seed --cycle-cap 300 --cycles 400 --quiet > "$out/cap2.log" 2>&1
grep -q "^SUMMARY $block: 400 cycles checked" "$out/cap2.log" && ok "--cycles wins over --cycle-cap" \
  || bad "--cycles with --cycle-cap: $(grep '^SUMMARY' "$out/cap2.log")"

if [ $fails -eq 0 ]; then
  echo "SUMMARY failpath $block: injected mismatch at cycle $cyc reported, exit 1, FST and .gtkw written"
else
  echo "SUMMARY failpath $block: $fails check(s) failed"
fi
[ $fails -eq 0 ]
