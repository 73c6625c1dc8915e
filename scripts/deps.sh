#!/usr/bin/env bash
# Installs, from Debian packages only, every tool the project uses.
# Idempotent: only missing packages are installed. Without root or apt it
# prints the exact command to run and fails.
set -euo pipefail

PKGS=(
  build-essential pkg-config python3
  verilator iverilog yosys opensta qflow-tech-osu018
  z3 boolector
  libcriterion-dev
  libsystemc-dev           # the SystemC/TLM-2.0 layer (cmodel/systemc/, make check-systemc)
  clang libclang-rt-14-dev
  gtkwave                  # fst2vcd: tb/common/check_failpath.sh reads the FST
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "deps.sh: apt-get not found; on Debian 12 run as root:" >&2
  echo "  apt-get update && $cmd" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=sudo
  else
    echo "deps.sh: missing packages and not root; run:" >&2
    echo "  sudo apt-get update && sudo $cmd" >&2
    exit 1
  fi
else
  SUDO=
fi

echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO $cmd
