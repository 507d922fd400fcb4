#!/bin/sh
# Installs the build into a temporary prefix, checks that the MIT licence is installed
# and named in tsivy.pc, and builds examples/probe.c against the installed package three
# ways: CMake find_package(tsivy), pkg-config with the shared library, and the static
# libtsivy.a; each must probe the same position alike. The Python package installed
# with it must load the installed library by itself, and the installed `tsivy` command
# (and the other boards' tsivy-RxC) must run from the prefix.
# Usage: package_test.sh BUILD_DIR SOURCE_DIR TABLE_DIR
set -eu
build=$1 src=$2 tables=$3
fen="9/6B2/4W4/2W6/9 w"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name tsivy.pc)
[ -n "$pc" ] || { echo "no tsivy.pc installed"; exit 1; }
libdir=$(dirname "$(dirname "$pc")")
for f in include/tsivy/tsivy.h include/tsivy/tsivy.hpp share/doc/tsivy/LICENSE; do [ -f "$prefix/$f" ] || { echo "missing $f"; exit 1; }; done
grep -q '^License: MIT$' "$pc" || { echo "tsivy.pc does not name the MIT licence"; exit 1; }
# Each other board's library built beside libtsivy.so is installed beside it, where
# libtsivy.so looks for it first.
for built in "$build"/probe/libtsivy-*.so.[0-9]; do
  [ -e "$built" ] || continue
  [ -e "$libdir/$(basename "$built")" ] || { echo "$(basename "$built") is not installed"; exit 1; }
done

# 1. CMake: find_package(tsivy) -> tsivy::tsivy.
cmake -S "$src/examples/consumer" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/cmake" >/dev/null
"$work/cmake/probe" "$tables" "$fen" >"$work/out-cmake"

# 2. pkg-config, shared library.
export PKG_CONFIG_PATH="$libdir/pkgconfig"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -Werror "$src/examples/probe.c" $(pkg-config --cflags --libs tsivy) -o "$work/probe-pc"
LD_LIBRARY_PATH="$libdir" "$work/probe-pc" "$tables" "$fen" >"$work/out-pc"
LD_LIBRARY_PATH="$libdir" ldd "$work/probe-pc" | grep -q "$libdir/libtsivy.so" || { echo "probe-pc does not use the installed libtsivy.so"; exit 1; }

# 3. The static archive, with pkg-config's private dependencies.
# shellcheck disable=SC2046
cc -std=c99 "$src/examples/probe.c" $(pkg-config --cflags tsivy) "$libdir/libtsivy.a" \
  $(pkg-config --static --libs-only-l tsivy | sed 's/-ltsivy//') -o "$work/probe-static"
"$work/probe-static" "$tables" "$fen" >"$work/out-static"

# 4. Python: the package cmake --install put into the prefix's site-packages loads the
# installed libtsivy.so without LD_LIBRARY_PATH or TSIVY_LIBRARY.
init=$(find "$prefix" -path '*site-packages/tsivy/__init__.py')
[ -n "$init" ] || { echo "the Python package is not installed"; exit 1; }
site=$(dirname "$(dirname "$init")")
(cd "$work" && env -u LD_LIBRARY_PATH -u TSIVY_LIBRARY PYTHONPATH="$site" PYTHONDONTWRITEBYTECODE=1 python3 -c '
import sys, tsivy
lib = tsivy._library_path()
assert lib.startswith(sys.argv[1]), lib
with tsivy.open_tablebase(sys.argv[2]) as tb:
    assert tb.probe_wdl(sys.argv[3]) == 1
' "$prefix" "$tables" "$fen")

# 5. The command: `tsivy` in the prefix's bin/, answering as the library does, each
# other board's tsivy-RxC beside it, which the installed `tsivy --board RxC` runs, and
# its twins for newer CPUs (tsivy-x86-64-vN, cli/isa_dispatch.h), each run by TSIVY_ISA
# where this CPU supports it.
[ -x "$prefix/bin/tsivy" ] || { echo "the tsivy command is not installed"; exit 1; }
"$prefix/bin/tsivy" probe --tables "$tables" --fen "$fen" >"$work/out-cli"
grep -q "WIN" "$work/out-cli" || { echo "the installed tsivy does not probe:"; cat "$work/out-cli"; exit 1; }
for built in "$build"/cli/tsivy-*; do
  [ -x "$built" ] || continue
  board=${built##*/tsivy-}
  [ -x "$prefix/bin/tsivy-$board" ] || { echo "tsivy-$board is not installed"; exit 1; }
  case "$board" in
    x86-64-v*)
      if TSIVY_ISA=$board "$prefix/bin/tsivy" --version >"$work/out-isa" 2>&1; then
        grep -q "instruction set $board" "$work/out-isa" || { echo "TSIVY_ISA=$board runs another build:"; cat "$work/out-isa"; exit 1; }
      else
        grep -q "this CPU does not support $board" "$work/out-isa" || { echo "the installed tsivy-$board fails:"; cat "$work/out-isa"; exit 1; }
      fi ;;
    *) "$prefix/bin/tsivy" --board "$board" info --max-stones 2 >/dev/null || { echo "the installed tsivy --board $board fails"; exit 1; } ;;
  esac
done

cat "$work/out-cmake"
grep -q '^value: ' "$work/out-cmake" && grep -q '^best: ' "$work/out-cmake" || { echo "unexpected output"; exit 1; }
cmp "$work/out-cmake" "$work/out-pc" && cmp "$work/out-cmake" "$work/out-static"
