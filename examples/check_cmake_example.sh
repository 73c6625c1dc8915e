#!/usr/bin/env bash
# The C++ embedding example (examples/tma_tick) built the way a simulator
# project builds it: make install into a temporary prefix, then CMake out of
# the source tree with find_package(tilelens) through CMAKE_PREFIX_PATH only,
# shared and static; each program runs and must print
# examples/expected/tma_tick.out. Also: the example stays within 30 lines
# that call the API, its compile lines name no source-tree header, and a
# moved prefix still works (the package is relocatable).
# Usage: check_cmake_example.sh MAKE WORKDIR
# Prints one line per check and a final "SUMMARY" line; exit 1 on a failure.
set -u
MAKE_CMD=$1
mkdir -p "$2"
work=$(cd "$2" && pwd)
top=$(pwd)
src=$top/examples/tma_tick
expected=$top/examples/expected/tma_tick.out
rm -rf "$work"
mkdir -p "$work"
checks=0; failed=0
ok()   { checks=$((checks + 1)); echo "ok   $1"; }
bad()  { checks=$((checks + 1)); failed=$((failed + 1)); echo "FAIL $1"; }
check() {
  local what=$1; shift
  if "$@" >"$work/last.log" 2>&1; then ok "$what"; else bad "$what"; tail -n 15 "$work/last.log" | sed 's/^/  | /'; fi
  cat "$work/last.log" >>"$work/log"
}

calls=$(grep -c 'tl_[a-z_0-9]*(' "$src/tma_tick.cpp")
check "example: $calls lines call the tilelens API (at most 30)" test "$calls" -le 30 -a "$calls" -gt 0
check "cmake on PATH" command -v cmake
prefix=$work/prefix
check "make install PREFIX=$prefix" $MAKE_CMD --no-print-directory install PREFIX="$prefix"

build() {  # build <dir> <prefix> <static ON|OFF>
  cmake -S "$src" -B "$1" -DCMAKE_PREFIX_PATH="$2" -DTILELENS_STATIC="$3" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    cmake --build "$1"
}
for link in shared static; do
  b=$work/build-$link
  on=OFF; [ $link = static ] && on=ON
  check "tma_tick ($link): configures and builds out of tree against the prefix" build "$b" "$prefix" $on
  check "tma_tick ($link): compile lines use the installed headers only" \
    sh -c "! grep -rq -- '$top/cmodel' '$b/CMakeFiles/tma_tick.dir/flags.make' && grep -q -- '$prefix/include' '$b/CMakeFiles/tma_tick.dir/flags.make'"
  needed=$(readelf -d "$b/tma_tick" 2>/dev/null | grep -c 'NEEDED.*libtilelens\.so\.0\.2\]' || true)
  if [ $link = shared ]; then
    check "tma_tick (shared): linked against libtilelens.so.0.2" test "$needed" -eq 1
  else
    check "tma_tick (static): no shared libtilelens dependency" test "$needed" -eq 0
  fi
  "$b/tma_tick" >"$work/tma_tick-$link.out" 2>>"$work/log"
  check "tma_tick ($link): runs, output as examples/expected/tma_tick.out" \
    diff -u "$expected" "$work/tma_tick-$link.out"
done

# The package finds everything relative to itself: move the prefix.
mv "$prefix" "$work/moved"
check "moved prefix: configures, builds and runs (static)" \
  sh -c "$(declare -f build); src='$src'; build '$work/build-moved' '$work/moved' ON && '$work/build-moved/tma_tick' | diff -q '$expected' -"

echo "SUMMARY tilelens cmake example: $checks checks, $((checks - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
