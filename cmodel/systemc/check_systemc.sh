#!/usr/bin/env bash
# The SystemC layer's test group (make check-systemc; docs/systemc.md):
#   1. the layer's tests (build/systemc/test_scmodels);
#   2. the SM example with the Verilated read-port arbiter beside the model
#      (every arbiter output compared every cycle), its output against
#      examples/sm_systemc/expected.out;
#   3. make install into a temporary prefix: the scmodels component's files,
#      the example's CMake project built out of the tree with
#      find_package(scmodels) only (shared and static C libraries), run, its
#      output against the expected one (without the RTL line); make
#      uninstall leaves nothing.
# Usage: check_systemc.sh MAKE BUILD_DIR. One line per check, a final
# SUMMARY line; exit 1 on a failure.
set -u
MAKE_CMD=$1
dir=$2
top=$(pwd)
work=$(mkdir -p "$dir/install-test" && cd "$dir/install-test" && pwd)
rm -rf "$work"
mkdir -p "$work"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1   # SystemC's banner on stdout
checks=0; failed=0
ok()  { checks=$((checks + 1)); echo "ok   $1"; }
bad() { checks=$((checks + 1)); failed=$((failed + 1)); echo "FAIL $1"; }
check() {
  local what=$1; shift
  if "$@" >"$work/last.log" 2>&1; then ok "$what"; else bad "$what"; tail -n 15 "$work/last.log" | sed 's/^/  | /'; fi
  cat "$work/last.log" >>"$work/log"
}

expected=$top/examples/sm_systemc/expected.out

"$dir/test_scmodels" >"$work/test.out" 2>&1
rc=$?
grep -E '^FAIL' "$work/test.out" | sed 's/^/  | /'
check "layer tests: $(grep '^SUMMARY' "$work/test.out" | sed 's/^SUMMARY //')" test $rc -eq 0

"$dir/sm_systemc/sm_systemc_rtl" >"$work/sm_rtl.out" 2>&1
rc=$?
check "sm_systemc with the Verilated arbiter: exit 0, $(grep '^rtl:' "$work/sm_rtl.out" | sed 's/^rtl: //')" test $rc -eq 0
check "sm_systemc: output as examples/sm_systemc/expected.out" diff -u "$expected" "$work/sm_rtl.out"

prefix=$work/prefix
check "make install PREFIX=<tmp> (with the scmodels component)" \
  $MAKE_CMD --no-print-directory install PREFIX="$prefix"
check "scmodels: headers and CMake package files installed" \
  test -f "$prefix/include/scmodels/fiber_sc.h" -a -f "$prefix/include/scmodels/tilelens_sc.h" \
    -a -f "$prefix/lib/cmake/scmodels/scmodelsConfig.cmake" -a -f "$prefix/lib/cmake/scmodels/scmodelsConfigVersion.cmake"
grep -v '^rtl:' "$expected" >"$work/expected-models.out"
if command -v cmake >/dev/null 2>&1; then
  for link in shared static; do
    st=OFF; [ $link = static ] && st=ON
    b=$work/sm-$link
    check "sm_systemc ($link): CMake out of tree, find_package(scmodels 0.2), builds with -Werror" \
      sh -c "cmake -S '$top/examples/sm_systemc' -B '$b' -DCMAKE_PREFIX_PATH='$prefix' -DSCMODELS_STATIC=$st \
               -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >/dev/null && cmake --build '$b' >/dev/null"
    check "sm_systemc ($link): compile lines use the installed headers only" \
      sh -c "! grep -rq -- '$top/cmodel' '$b/CMakeFiles/sm_systemc.dir/flags.make' && grep -q -- '$prefix/include' '$b/CMakeFiles/sm_systemc.dir/flags.make'"
    "$b/sm_systemc" >"$work/sm-$link.out" 2>&1
    check "sm_systemc ($link): runs, output as expected.out without the RTL line" \
      diff -u "$work/expected-models.out" "$work/sm-$link.out"
  done
  sed 's/find_package(scmodels 0.2 REQUIRED)/find_package(scmodels 9.0 REQUIRED)/' \
    "$top/examples/sm_systemc/CMakeLists.txt" >"$work/CMakeLists9.txt"
  mkdir -p "$work/v9" && cp "$work/CMakeLists9.txt" "$work/v9/CMakeLists.txt" && cp "$top/examples/sm_systemc/sm_systemc.cpp" "$work/v9/"
  check "find_package(scmodels 9.0) is refused by the version file" \
    sh -c "! cmake -S '$work/v9' -B '$work/v9/build' -DCMAKE_PREFIX_PATH='$prefix' >/dev/null 2>&1"
else
  bad "cmake not on PATH"
fi
check "make uninstall PREFIX=<tmp>" $MAKE_CMD --no-print-directory uninstall PREFIX="$prefix"
left=$(find "$prefix" ! -type d | sed "s|^$prefix/||")
if [ -z "$left" ]; then ok "uninstall removed every installed file"; else bad "uninstall left: $(echo $left)"; fi

echo "SUMMARY systemc: $checks checks, $((checks - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
