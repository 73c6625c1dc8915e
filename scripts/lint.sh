#!/usr/bin/env bash
# Lints every RTL file given: verilator --lint-only -Wall (module = file stem)
# and plain yosys read_verilog. Prints one line per file; fails on any warning.
set -u
fail=0; n=0
for f in "$@"; do
  top=$(basename "$f" .v)
  n=$((n + 1))
  v=$(verilator --lint-only -Wall -Irtl/common -Irtl/tilelens -Irtl/fiber --top-module "$top" "$f" 2>&1)
  y=$(yosys -q -p "read_verilog -Irtl/common -Irtl/tilelens -Irtl/fiber $f" 2>&1)
  if [ -n "$v" ] || [ -n "$y" ]; then
    echo "LINT FAIL $f"; printf '%s\n' "$v" "$y" | sed '/^$/d; s/^/    /' | head -20
    fail=$((fail + 1))
  else
    echo "lint ok   $f"
  fi
done
echo "SUMMARY lint: $n files, $fail with warnings"
[ "$fail" -eq 0 ]
