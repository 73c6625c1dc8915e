#!/usr/bin/env bash
# Prints the main job's summary: per block the checked cycles and mismatches
# (from the harness logs in build/logs) and the synthesis figures (from
# build/reports/synth.json when present).
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
