#!/bin/sh
# libtsivy.so must export the tsivy_* functions and nothing else (the version node
# TSIVY_0 shows up as an absolute symbol).
set -eu
lib=$1
exports=$(nm -D --defined-only "$lib" | awk '{print $3}' | sed 's/@.*//')
others=$(printf '%s\n' "$exports" | grep -v -e '^tsivy_' -e '^TSIVY_0$' || true)
if [ -n "$others" ]; then
  echo "exported besides tsivy_*:"; printf '%s\n' "$others" | head -20; exit 1
fi
printf '%s\n' "$exports" | grep -q '^tsivy_probe$' || { echo "tsivy_probe is not exported"; exit 1; }
readelf -d "$lib" | grep -q 'SONAME.*libtsivy\.so\.[0-9]' || { echo "no SONAME libtsivy.so.N"; exit 1; }
# Every board's library exports these same names and one loads another: its own calls
# to them must bind inside it (-Bsymbolic), not to the library the process loaded first.
readelf -d "$lib" | grep -q 'SYMBOLIC' || { echo "not linked with -Bsymbolic"; exit 1; }
echo "$(printf '%s\n' "$exports" | grep -c '^tsivy_') tsivy_* symbols, nothing else"
