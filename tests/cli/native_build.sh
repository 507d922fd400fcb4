#!/bin/sh
# The native build as the README gives it (-DTSIVY_NATIVE=ON, CMake's default generator)
# configures and compiles the file that names the build's instruction set: its
# definition once reached the compiler empty (an apostrophe in it) and the build
# stopped there. Configures a scratch build of SOURCE and compiles that one object.
# Usage: native_build.sh SOURCE
set -u
source=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake -S "$source" -B "$dir" -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release -DTSIVY_NATIVE=ON -DTSIVY_OTHER_BOARDS= \
  >"$dir/configure.log" 2>&1 || fail "configure: $(tail -5 "$dir/configure.log")"
grep -q 'TSIVY_ISA_LEVEL=\\"native\\"' "$dir/cli/CMakeFiles/tsivy.dir/flags.make" ||
  fail "the definition as the generator writes it: $(grep -o 'TSIVY_ISA_LEVEL=[^ ]*' "$dir/cli/CMakeFiles/tsivy.dir/flags.make")"
make -C "$dir/cli" isa_dispatch.cpp.o >"$dir/compile.log" 2>&1 || fail "compile: $(tail -5 "$dir/compile.log")"
echo OK
