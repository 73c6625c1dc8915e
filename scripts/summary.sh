#!/usr/bin/env bash
# Prints the main job's summary: per block the checked cycles and mismatches
# (from the harness logs in build/logs) and the synthesis table (the block of
# build/reports/synth.md that starts with "| Block", written by make synth).
set -u
echo
echo "== Summary =="
if ls build/logs/*.log >/dev/null 2>&1; then
  grep -h '^SUMMARY' build/logs/*.log | sed 's/^SUMMARY /  /' || true
fi
if [ -f build/reports/synth.md ]; then
  echo
  sed -n '/^| Block/,/^$/p' build/reports/synth.md
fi
