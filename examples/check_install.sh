#!/usr/bin/env bash
# Install test: make install into a temporary prefix, build the examples
# there against the installed libraries with pkg-config only (shared and
# static), run them and compare with the expected output, compile both
# headers as C++, check a DESTDIR install, then make uninstall and check that
# nothing is left. Usage: check_install.sh MAKE WORKDIR
# Prints one line per check and a final "SUMMARY" line; exit 1 on a failure.
set -u
MAKE_CMD=$1
work=$(mkdir -p "$2" && cd "$2" && pwd)
top=$(pwd)
here=$top/examples
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
checks=0; failed=0
ok()   { checks=$((checks + 1)); echo "ok   $1"; }
bad()  { checks=$((checks + 1)); failed=$((failed + 1)); echo "FAIL $1"; }
check() {
  local what=$1; shift
  if "$@" >"$work/last.log" 2>&1; then ok "$what"; else bad "$what"; tail -n 15 "$work/last.log" | sed 's/^/  | /'; fi
  cat "$work/last.log" >>"$work/log"
}

papers=()
for p in tilelens fiber; do
  [ -f "$top/build/lib/lib$p.a" ] && papers+=("$p")
done

check "make install PREFIX=$prefix" $MAKE_CMD --no-print-directory install PREFIX="$prefix"
for p in "${papers[@]}"; do
  check "$p: header, static and shared libraries, pkg-config file installed" \
    test -f "$prefix/include/$p.h" -a -f "$prefix/lib/lib$p.a" -a -f "$prefix/lib/pkgconfig/$p.pc" \
      -a -L "$prefix/lib/lib$p.so" -a -L "$prefix/lib/lib$p.so.0.2" -a -f "$prefix/lib/lib$p.so.0.2.0"
  soname=$(readelf -d "$prefix/lib/lib$p.so.0.2.0" 2>/dev/null | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
  check "$p: shared library soname lib$p.so.0.2 (found '$soname')" test "$soname" = "lib$p.so.0.2"
  check "$p: CMake package files installed" \
    test -f "$prefix/lib/cmake/$p/${p}Config.cmake" -a -f "$prefix/lib/cmake/$p/${p}ConfigVersion.cmake"
  # A paper with a header folder: the old include forwards to it, and the
  # shared library exports exactly the functions its headers mark for export.
  if [ -d "$top/cmodel/include/$p" ]; then
    for h in "$top/cmodel/include/$p"/*.h; do
      check "$p: header $p/${h##*/} installed" test -f "$prefix/include/$p/${h##*/}"
    done
    api=$(sed -n 's/^[A-Z][A-Z]*_API .*[ *]\([a-z_][a-z0-9_]*\)(.*/\1/p' "$prefix/include/$p"/*.h | sort -u)
    exported=$(nm -D --defined-only "$prefix/lib/lib$p.so.0.2.0" | awk '$2 == "T" {print $3}' | sort -u)
    extra=$(comm -13 <(echo "$api") <(echo "$exported") | tr '\n' ' ')
    missing=$(comm -23 <(echo "$api") <(echo "$exported") | tr '\n' ' ')
    check "$p: exports only its API ($(echo "$api" | wc -l) functions; extra: '$extra', missing: '$missing')" \
      test -z "$extra$missing" -a -n "$api"
  fi
done

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig   # only the test prefix
for p in "${papers[@]}"; do
  check "$p: pkg-config --modversion" test "$(pkg-config --modversion "$p")" = 0.2.0
  check "$p: pkg-config --cflags --libs point into the prefix" \
    grep -q -- "-I$prefix/include .*-L$prefix/lib -l$p" <<<"$(pkg-config --cflags --libs "$p")"
done

# The examples, built outside the source tree with examples/Makefile.
src=$work/src
mkdir -p "$src"
cp "$here"/Makefile "$here"/*.c "$src"/
cp -r "$here"/traces "$here"/expected "$src"/
[ -d "$top/build/lib" ] && [ ! -f "$top/build/lib/libfiber.a" ] && rm -f "$src/fiber_issue.c" "$src/fiber_sm.c"
for link in shared static; do
  out=$work/bin-$link
  mkdir -p "$out"
  check "examples build ($link) with pkg-config only" \
    env -u CFLAGS make --no-print-directory -C "$src" OUT="$out" LINK=$link
  for prog in "$out"/*; do
    name=$(basename "$prog")
    case $name in
      tma_trace) lib=tilelens; args=("$src/traces/llm_weight_tiles.csv") ;;
      fiber_issue) lib=fiber; args=("$src/traces/issue_mix.txt") ;;
      fiber_sm) lib=fiber; args=() ;;
      *) continue ;;
    esac
    needed=$(readelf -d "$prog" | grep -c "NEEDED.*lib$lib\.so\.0\.2\]" || true)
    if [ $link = shared ]; then
      check "$name ($link): linked against lib$lib.so.0.2" test "$needed" -eq 1
      resolved=$(ldd "$prog" | awk -v l="lib$lib.so.0.2" '$1 == l {print $3}')
      check "$name ($link): loads $resolved from the prefix" test "$resolved" = "$prefix/lib/lib$lib.so.0.2"
    else
      check "$name ($link): no shared lib$lib dependency" test "$needed" -eq 0
    fi
    "$prog" "${args[@]}" >"$out/$name.out" 2>>"$work/log"
    check "$name ($link): runs, output as examples/expected/$name.out" \
      diff -q "$src/expected/$name.out" "$out/$name.out"
  done
done

# Libs.private: the whole static archive links with the static flags alone.
for p in "${papers[@]}"; do
  echo 'int main(void) { return 0; }' >"$work/empty.c"
  check "$p: whole static archive links with pkg-config --static --libs alone" \
    cc -static -o "$work/whole-$p" "$work/empty.c" -L"$prefix/lib" \
      -Wl,--whole-archive "$prefix/lib/lib$p.a" -Wl,--no-whole-archive \
      $(pkg-config --static --libs-only-other --libs-only-l "$p" | sed "s/-l$p//")
done

# CMake: find_package(<paper>) in a project outside the tree, shared and
# static targets, and a version request the installed one cannot satisfy.
if command -v cmake >/dev/null 2>&1; then
  for p in "${papers[@]}"; do
    cm=$work/cmake-$p
    mkdir -p "$cm"
    cat >"$cm/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.13)
project(use_$p C)
find_package($p 0.2 REQUIRED)
add_executable(use_shared use.c)
target_link_libraries(use_shared PRIVATE $p::$p)
add_executable(use_static use.c)
target_link_libraries(use_static PRIVATE $p::${p}_static)
CM
    if [ $p = tilelens ]; then
      printf '#include <stdio.h>\n#include "tilelens/tilelens.h"\nint main(void) { puts(tl_version()); return 0; }\n' >"$cm/use.c"
    elif [ $p = fiber ]; then
      printf '#include <stdio.h>\n#include "fiber/fiber.h"\nint main(void) { puts(fb_version()); return 0; }\n' >"$cm/use.c"
    else
      printf '#include <stdio.h>\n#include "%s.h"\nint main(void) { puts("%s"); return 0; }\n' $p $p >"$cm/use.c"
    fi
    check "$p: cmake find_package($p 0.2) configures and builds (CMAKE_PREFIX_PATH only)" \
      sh -c "cmake -S '$cm' -B '$cm/build' -DCMAKE_PREFIX_PATH='$prefix' >/dev/null && cmake --build '$cm/build' >/dev/null"
    check "$p: CMake shared target runs from its build-tree rpath" "$cm/build/use_shared"
    needed=$(readelf -d "$cm/build/use_static" 2>/dev/null | grep -c "NEEDED.*lib$p\.so" || true)
    check "$p: CMake static target has no shared lib$p dependency" test "$needed" -eq 0
    if [ $p = fiber ]; then
      # The C++ SM tick-loop example (examples/sm_tick), out of tree against
      # the prefix, shared and static: installed headers only, at most 30
      # lines calling the API, output as examples/expected/sm_tick.out.
      calls=$(grep -c 'fb_[a-z_0-9]*(' "$here/sm_tick/sm_tick.cpp")
      check "sm_tick: $calls lines call the fiber API (at most 30)" test "$calls" -le 30 -a "$calls" -gt 0
      for link in shared static; do
        st=OFF; [ $link = static ] && st=ON
        b=$work/sm_tick-$link
        check "sm_tick ($link): CMake out of tree against the prefix, builds" \
          sh -c "cmake -S '$here/sm_tick' -B '$b' -DCMAKE_PREFIX_PATH='$prefix' -DFIBER_STATIC=$st -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >/dev/null && cmake --build '$b' >/dev/null"
        check "sm_tick ($link): compile lines use the installed headers only" \
          sh -c "! grep -rq -- '$top/cmodel' '$b/CMakeFiles/sm_tick.dir/flags.make' && grep -q -- '$prefix/include' '$b/CMakeFiles/sm_tick.dir/flags.make'"
        "$b/sm_tick" >"$work/sm_tick-$link.out" 2>>"$work/log"
        check "sm_tick ($link): runs, output as examples/expected/sm_tick.out" \
          diff -u "$here/expected/sm_tick.out" "$work/sm_tick-$link.out"
      done
    fi
    sed -i "s/find_package($p 0.2 REQUIRED)/find_package($p 9.0 REQUIRED)/" "$cm/CMakeLists.txt"
    check "$p: find_package($p 9.0) is refused by the version file" \
      sh -c "! cmake -S '$cm' -B '$cm/build9' -DCMAKE_PREFIX_PATH='$prefix' >/dev/null 2>&1"
  done
else
  bad "cmake not on PATH (scripts/deps.sh installs it)"
fi

# C++ simulators include the headers too.
cat >"$work/cxx.cpp" <<'CXX'
#include <cstdio>
#include "tilelens.h"
#include "tilelens/tilelens.h"
#ifdef HAVE_FIBER
#include "fiber.h"
#include "fiber/fiber.h"
#endif
int main() {
  std::printf("%s\n", tl_status_str(TL_OK));
#ifdef HAVE_FIBER
  fb_arb a;
  fb_arb_reset(&a);
  std::printf("%u %s\n", static_cast<unsigned>(a.start), fb_version());
  static fb_issue st;
  if (fb_issue_reset(&st, nullptr) != FB_OK) return 1;
#endif
  return 0;
}
CXX
mods=(tilelens); def=()
if [[ " ${papers[*]} " == *" fiber "* ]]; then mods+=(fiber); def=(-DHAVE_FIBER); fi
check "headers compile and link as C++ (${mods[*]})" \
  g++ -std=c++11 -Wall -Wextra -Werror "${def[@]}" $(pkg-config --cflags "${mods[@]}") "$work/cxx.cpp" \
    -o "$work/cxx" $(pkg-config --libs "${mods[@]}") -Wl,-rpath,"$prefix/lib"
check "C++ program runs" "$work/cxx"

# Staged install: files under DESTDIR, pkg-config files name the final prefix.
unset PKG_CONFIG_PATH PKG_CONFIG_LIBDIR
stage=$work/stage
check "make install DESTDIR=... PREFIX=/opt/tl" \
  $MAKE_CMD --no-print-directory install DESTDIR="$stage" PREFIX=/opt/tl
check "DESTDIR: files staged under DESTDIR/opt/tl, .pc says prefix=/opt/tl" \
  grep -qx 'prefix=/opt/tl' "$stage/opt/tl/lib/pkgconfig/tilelens.pc"
check "DESTDIR: nothing outside DESTDIR/opt/tl" test "$(ls "$stage")" = opt
check "DESTDIR: the CMake package finds its files relative to itself" \
  grep -q 'CMAKE_CURRENT_LIST_DIR' "$stage/opt/tl/lib/cmake/tilelens/tilelensConfig.cmake"

check "make uninstall PREFIX=$prefix" $MAKE_CMD --no-print-directory uninstall PREFIX="$prefix"
left=$(find "$prefix" ! -type d | sed "s|^$prefix/||")
if [ -z "$left" ]; then ok "uninstall removed every installed file"; else bad "uninstall left: $(echo $left)"; fi
check "make uninstall DESTDIR=..." $MAKE_CMD --no-print-directory uninstall DESTDIR="$stage" PREFIX=/opt/tl
check "DESTDIR uninstall removed every installed file" test -z "$(find "$stage" ! -type d)"

echo "SUMMARY install: ${papers[*]} installed, $checks checks, $((checks - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
